//! The five cards, the four armies and the start positions of Super
//! Dimensiones.

use crate::draughts::{dir, row_mask, Promotion, Rules, DARK};
use tablero_core::Player;

/// One of the four armies, in the order of the signal token's cycle when
/// player one moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Army {
    /// Player one (South), faces Blue.
    Red,
    /// Player two (North), faces Red.
    Blue,
    /// Player one (South), faces Orange.
    Aqua,
    /// Player two (North), faces Aqua.
    Orange,
}

impl Army {
    /// The four armies.
    pub const ALL: [Army; 4] = [Army::Red, Army::Blue, Army::Aqua, Army::Orange];

    /// 0–3 in the order of [`Army::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The owner: South (player one) for Red and Aqua.
    #[must_use]
    pub const fn player(self) -> Player {
        match self {
            Army::Red | Army::Aqua => Player::P1,
            Army::Blue | Army::Orange => Player::P2,
        }
    }

    /// The army it faces (and may capture).
    #[must_use]
    pub const fn facing(self) -> Army {
        match self {
            Army::Red => Army::Blue,
            Army::Blue => Army::Red,
            Army::Aqua => Army::Orange,
            Army::Orange => Army::Aqua,
        }
    }

    /// The same player's other army.
    #[must_use]
    pub const fn ally(self) -> Army {
        match self {
            Army::Red => Army::Aqua,
            Army::Aqua => Army::Red,
            Army::Blue => Army::Orange,
            Army::Orange => Army::Blue,
        }
    }

    /// The sub-game it plays: 0 for Red–Blue, 1 for Aqua–Orange.
    #[must_use]
    pub const fn subgame(self) -> usize {
        match self {
            Army::Red | Army::Blue => 0,
            Army::Aqua | Army::Orange => 1,
        }
    }

    /// The lower-case name: `red`, `blue`, `aqua`, `orange`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Army::Red => "red",
            Army::Blue => "blue",
            Army::Aqua => "aqua",
            Army::Orange => "orange",
        }
    }

    /// The letter of its men in position strings (kings in upper case).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Army::Red => 'r',
            Army::Blue => 'b',
            Army::Aqua => 'a',
            Army::Orange => 'o',
        }
    }

    /// The army with this letter.
    #[must_use]
    pub fn try_from_letter(c: char) -> Option<Army> {
        Army::ALL.into_iter().find(|a| a.letter() == c)
    }

    /// The next army in the cycle that starts with `first`'s first army:
    /// Red, Blue, Aqua, Orange when player one starts; Blue, Red, Orange,
    /// Aqua when player two does.
    #[must_use]
    pub const fn next_in_cycle(self, first: Player) -> Army {
        match (first, self) {
            (Player::P1, Army::Red) => Army::Blue,
            (Player::P1, Army::Blue) => Army::Aqua,
            (Player::P1, Army::Aqua) => Army::Orange,
            (Player::P1, Army::Orange) => Army::Red,
            (Player::P2, Army::Blue) => Army::Red,
            (Player::P2, Army::Red) => Army::Orange,
            (Player::P2, Army::Orange) => Army::Aqua,
            (Player::P2, Army::Aqua) => Army::Blue,
        }
    }

    /// Whether its men move north (towards rank 6).
    #[must_use]
    pub const fn north(self) -> bool {
        matches!(self.player(), Player::P1)
    }

    /// Its own back row (rank 1 for South, rank 6 for North).
    #[must_use]
    pub const fn back_row(self) -> u64 {
        if self.north() {
            row_mask(6, 0)
        } else {
            row_mask(6, 5)
        }
    }

    /// Its last row, where its men are crowned.
    #[must_use]
    pub const fn last_row(self) -> u64 {
        if self.north() {
            row_mask(6, 5)
        } else {
            row_mask(6, 0)
        }
    }
}

/// Card 1: may a piece jump over its allies?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dimension {
    /// `M`: the two armies of a player never help each other.
    Multi,
    /// `I`: ally jumps.
    Inter,
}

/// Card 2: the aim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// `C`: ordinary draughts.
    Conquer,
    /// `D`: giveaway; the lower value wins.
    Distract,
}

/// Card 3: is capturing compulsory?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tactics {
    /// `A`: capturing is optional.
    Armour,
    /// `N`: capturing is compulsory.
    NoArmour,
}

/// Card 4: the geometry and start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Formation {
    /// `W`: diagonal, armies on alternate squares.
    Western,
    /// `E`: orthogonal, armies in 2x3 blocks.
    Eastern,
}

/// Card 5: the kings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Power {
    /// `R`: flying kings; a man crowned while capturing goes on as a king.
    Real,
    /// `S`: short kings; a man crowned while capturing stops.
    Symbolic,
}

/// A rule set: the five cards, and the `huff` option (only with `N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Card 1.
    pub dimension: Dimension,
    /// Card 2.
    pub strategy: Strategy,
    /// Card 3.
    pub tactics: Tactics,
    /// Card 4.
    pub formation: Formation,
    /// Card 5.
    pub power: Power,
    /// The table-top penalty instead of compulsory capture (tactics `N`).
    pub huff: bool,
}

impl Default for RuleSet {
    /// `M-C-N-W-R`: two parallel games of Spanish-style draughts.
    fn default() -> Self {
        RuleSet {
            dimension: Dimension::Multi,
            strategy: Strategy::Conquer,
            tactics: Tactics::NoArmour,
            formation: Formation::Western,
            power: Power::Real,
            huff: false,
        }
    }
}

impl RuleSet {
    /// Whether the two sub-games never interact: with cards M and W each
    /// pair lives on its own colour of squares and no piece jumps an ally.
    #[must_use]
    pub const fn independent_subgames(&self) -> bool {
        matches!(self.dimension, Dimension::Multi) && matches!(self.formation, Formation::Western)
    }

    /// The 32 rule sets without `huff`, in the order of their names.
    #[must_use]
    pub fn all() -> Vec<RuleSet> {
        let mut out = Vec::with_capacity(32);
        for dimension in [Dimension::Inter, Dimension::Multi] {
            for strategy in [Strategy::Conquer, Strategy::Distract] {
                for tactics in [Tactics::Armour, Tactics::NoArmour] {
                    for formation in [Formation::Eastern, Formation::Western] {
                        for power in [Power::Real, Power::Symbolic] {
                            out.push(RuleSet {
                                dimension,
                                strategy,
                                tactics,
                                formation,
                                power,
                                huff: false,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// The rules of the draughts core for these cards.
    #[must_use]
    pub const fn core_rules(&self) -> Rules {
        // Only cards 1, 4 and 5 shape the core's rules: a table of the 8.
        CORE_RULES[self.core_index()]
    }

    /// [`core_rules`](RuleSet::core_rules) from a static table, by reference.
    #[inline(always)]
    pub(crate) fn core_rules_ref(&self) -> &'static Rules {
        &CORE_RULES[self.core_index()]
    }

    /// The index of [`core_rules`](RuleSet::core_rules) in the static table.
    #[inline(always)]
    pub(crate) const fn core_index(&self) -> usize {
        (self.dimension as usize) * 4 + (self.formation as usize) * 2 + self.power as usize
    }

    /// The start squares of `army` in this formation.
    #[must_use]
    pub const fn start_squares(&self, army: Army) -> u64 {
        let home = if army.north() {
            row_mask(6, 0) | row_mask(6, 1)
        } else {
            row_mask(6, 4) | row_mask(6, 5)
        };
        match self.formation {
            Formation::Western => match army {
                Army::Red | Army::Blue => home & DARK,
                Army::Aqua | Army::Orange => home & !DARK,
            },
            Formation::Eastern => {
                // Columns a-c or d-f.
                let left = 0x0707_0707_0707_0707u64;
                let right = 0x3838_3838_3838_3838u64;
                match army {
                    Army::Red | Army::Blue => home & left,
                    Army::Aqua | Army::Orange => home & right,
                }
            }
        }
    }
}

/// The core's rules for cards 1, 4 and 5, at `dimension * 4 + formation * 2
/// + power` (discriminants in declaration order).
pub(crate) static CORE_RULES: [Rules; 8] = {
    let mut t = [core_rules_of(Dimension::Multi, Formation::Western, Power::Real); 8];
    let dims = [Dimension::Multi, Dimension::Inter];
    let forms = [Formation::Western, Formation::Eastern];
    let powers = [Power::Real, Power::Symbolic];
    let mut i = 0;
    while i < 8 {
        t[i] = core_rules_of(dims[i / 4], forms[(i / 2) % 2], powers[i % 2]);
        i += 1;
    }
    t
};

const fn core_rules_of(dimension: Dimension, formation: Formation, power: Power) -> Rules {
    use dir::{bit, DIAGONAL, E, N, NE, NW, ORTHOGONAL, W};
    let (man, king) = match formation {
        Formation::Western => (bit(NE) | bit(NW), DIAGONAL),
        Formation::Eastern => (bit(N) | bit(E) | bit(W), ORTHOGONAL),
    };
    let inter = matches!(dimension, Dimension::Inter);
    Rules {
        size: 6,
        man_moves: man,
        man_captures: man,
        king_dirs: king,
        flying_kings: matches!(power, Power::Real),
        promotion: match power {
            Power::Real => Promotion::ContinueAsKing,
            Power::Symbolic => Promotion::Stop,
        },
        quantity: true,
        quality: true,
        remove_at_once: false,
        ally_man: if inter { bit(N) | bit(E) | bit(W) } else { 0 },
        ally_king: if inter { ORTHOGONAL } else { 0 },
    }
}
