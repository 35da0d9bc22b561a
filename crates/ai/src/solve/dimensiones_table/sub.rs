//! A position of the sub-game, seen from the army to move, and its moves
//! (by the draughts core of the game itself), and the rule sets the tables
//! are built for.

use super::index::{compact, expand, mirror, turn, Slice};
use std::fmt;
use tablero_games::dimensiones::{
    Army, Dimension, Dimensiones, Formation, Power, RuleSet, Strategy, SubGame, Tactics,
};
use tablero_games::draughts::{ArmyView, Move, Rules};

/// The cards that decide the sub-game's values: strategy, tactics and
/// power (dimension M and formation W are what make the sub-game; `huff`
/// is not covered).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableRules {
    /// Card 2.
    pub strategy: Strategy,
    /// Card 3.
    pub tactics: Tactics,
    /// Card 5.
    pub power: Power,
}

impl Default for TableRules {
    /// The default rule set's: `M-C-N-W-R`.
    fn default() -> Self {
        TableRules::of(&RuleSet::default()).expect("the default rule set has the sub-game")
    }
}

impl TableRules {
    /// The 8 rule sets of the tables: every rule set with cards M and W.
    pub const ALL: [TableRules; 8] = {
        let mut all = [TableRules {
            strategy: Strategy::Conquer,
            tactics: Tactics::NoArmour,
            power: Power::Real,
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = TableRules {
                strategy: if i & 4 == 0 {
                    Strategy::Conquer
                } else {
                    Strategy::Distract
                },
                tactics: if i & 2 == 0 {
                    Tactics::NoArmour
                } else {
                    Tactics::Armour
                },
                power: if i & 1 == 0 {
                    Power::Real
                } else {
                    Power::Symbolic
                },
            };
            i += 1;
        }
        all
    };

    /// The table rules of a rule set whose two sub-games are the sub-game
    /// of the tables: cards M and W, without `huff`.
    #[must_use]
    pub fn of(rules: &RuleSet) -> Option<TableRules> {
        (rules.dimension == Dimension::Multi
            && rules.formation == Formation::Western
            && !rules.huff)
            .then_some(TableRules {
                strategy: rules.strategy,
                tactics: rules.tactics,
                power: rules.power,
            })
    }

    /// The rule set (cards M and W with these three).
    #[must_use]
    pub fn rule_set(self) -> RuleSet {
        RuleSet {
            dimension: Dimension::Multi,
            strategy: self.strategy,
            tactics: self.tactics,
            formation: Formation::Western,
            power: self.power,
            huff: false,
        }
    }

    /// The code of the three cards in a file header (0–7).
    #[must_use]
    pub fn code(self) -> u8 {
        u8::from(self.strategy == Strategy::Distract) << 2
            | u8::from(self.tactics == Tactics::Armour) << 1
            | u8::from(self.power == Power::Symbolic)
    }

    /// The rules of a header code.
    #[must_use]
    pub fn from_code(code: u8) -> Option<TableRules> {
        TableRules::ALL.get(usize::from(code)).copied()
    }

    pub(super) fn core(self) -> Rules {
        self.rule_set().core_rules()
    }

    /// The value, for the mover, of a sub-game ended with the mover's army
    /// blocked (1 win, -1 loss): in C it loses, in D it wins.
    pub(super) fn blocked(self) -> i8 {
        match self.strategy {
            Strategy::Conquer => -1,
            Strategy::Distract => 1,
        }
    }

    /// The value for the mover of a sub-game scored by value (the move cap,
    /// a repetition): C higher wins, D lower wins.
    pub(super) fn by_value(self, s: Slice) -> i8 {
        let sign = s.balance().signum() as i8;
        match self.strategy {
            Strategy::Conquer => sign,
            Strategy::Distract => -sign,
        }
    }
}

impl fmt::Display for TableRules {
    /// The rule set's five letters, `M-C-N-W-R`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.rule_set().fmt(f)
    }
}

/// A position of the sub-game with the army to move moving north (towards
/// row 6): its men and kings, and the other army's, as bitboards of the
/// 6x6 board on the dark squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sub {
    /// The mover's men.
    pub men: u64,
    /// The mover's kings.
    pub kings: u64,
    /// The other army's men.
    pub other_men: u64,
    /// The other army's kings.
    pub other_kings: u64,
}

impl Sub {
    /// The position from compact sets.
    pub(super) fn from_compact(m1: u32, k1: u32, m2: u32, k2: u32) -> Sub {
        Sub {
            men: expand(m1),
            kings: expand(k1),
            other_men: expand(m2),
            other_kings: expand(k2),
        }
    }

    /// The compact sets: the mover's men and kings, the other's.
    pub(super) fn compact(&self) -> (u32, u32, u32, u32) {
        (
            compact(self.men),
            compact(self.kings),
            compact(self.other_men),
            compact(self.other_kings),
        )
    }

    /// The material.
    #[must_use]
    pub fn slice(&self) -> Slice {
        Slice {
            men: self.men.count_ones() as u8,
            kings: self.kings.count_ones() as u8,
            other_men: self.other_men.count_ones() as u8,
            other_kings: self.other_kings.count_ones() as u8,
        }
    }

    /// Every piece.
    #[must_use]
    pub fn occupied(&self) -> u64 {
        self.men | self.kings | self.other_men | self.other_kings
    }

    /// The same position with the other army to move (the board turned).
    #[must_use]
    pub fn flipped(&self) -> Sub {
        Sub {
            men: turn(self.other_men),
            kings: turn(self.other_kings),
            other_men: turn(self.men),
            other_kings: turn(self.kings),
        }
    }

    pub(super) fn view<'r>(&self, rules: &'r Rules) -> ArmyView<'r> {
        ArmyView {
            rules,
            men: self.men,
            kings: self.kings,
            enemy: self.other_men | self.other_kings,
            enemy_kings: self.other_kings,
            occupied: self.occupied(),
            allies: 0,
            north: true,
        }
    }

    /// The mover's legal moves into `out` (cleared first), by the game's
    /// own move generator.
    pub(super) fn moves(&self, tactics: Tactics, core: &Rules, out: &mut Vec<Move>) {
        out.clear();
        let view = self.view(core);
        let caps = view.captures(out);
        if caps == 0 || tactics == Tactics::Armour {
            view.quiet(out);
        }
    }

    /// Whether `mv` resets the move cap: a capture or a man's move.
    pub(super) fn zeroing(&self, mv: &Move) -> bool {
        mv.captured != 0 || self.men & mv.from.bit() != 0
    }

    /// The position after the mover plays `mv`, seen from the other army
    /// (which moves next).
    #[must_use]
    pub fn after(&self, mv: &Move) -> Sub {
        let (from, to) = (mv.from.bit(), mv.to.bit());
        let mut s = *self;
        if s.men & from != 0 {
            s.men &= !from;
            if mv.promote {
                s.kings |= to;
            } else {
                s.men |= to;
            }
        } else {
            s.kings = (s.kings & !from) | to;
        }
        s.other_men &= !mv.captured;
        s.other_kings &= !mv.captured;
        s.flipped()
    }

    /// The open sub-game of a Super Dimensiones position with the other
    /// one decided, seen from its army to move: the position of the
    /// tables, the sub-game's number and the army to move. `None` when the
    /// rule set has no such sub-game, both sub-games are open (or both
    /// decided), or the army to move belongs to a decided sub-game.
    #[must_use]
    pub fn of_game(pos: &Dimensiones) -> Option<(Sub, usize, Army)> {
        TableRules::of(tablero_core::Game::variant(pos))?;
        let army = pos.army()?;
        let g = army.subgame();
        if pos.subgame(g) != SubGame::Open || pos.subgame(1 - g) == SubGame::Open {
            return None;
        }
        Some((Sub::of_army(pos, army), g, army))
    }

    /// The sub-game of `army` seen from it (as if it were to move), on the
    /// dark squares: the light sub-game mirrored, a northern army's board
    /// turned.
    #[must_use]
    pub fn of_army(pos: &Dimensiones, army: Army) -> Sub {
        let other = army.facing();
        let light = army.subgame() == 1;
        let north = army.north();
        let map = |x: u64| {
            let x = if light { mirror(x) } else { x };
            if north {
                x
            } else {
                turn(x)
            }
        };
        Sub {
            men: map(pos.men(army)),
            kings: map(pos.kings(army)),
            other_men: map(pos.men(other)),
            other_kings: map(pos.kings(other)),
        }
    }
}
