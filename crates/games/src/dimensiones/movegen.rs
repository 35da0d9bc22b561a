//! Legal moves of the army to move, the `huff` penalties, and playing a
//! move: the sub-games, the signal token's cycle and blocked armies.

use super::board::{Army, Strategy, Tactics};
use super::{Dimensiones, SubGame, CLOCK_LIMIT};
use crate::draughts::{ArmyView, Move, Penalty, Rules, Square};
use tablero_core::Player;

/// [`specialised!`](crate::draughts::specialised) for Super Dimensiones:
/// the key is `2 * core index + 1` for `$army` moving south (16 keys: the
/// 8 core rule tables, 2 directions).
macro_rules! by_rules {
    ($self:ident, $army:expr, $f:ident $args:tt) => {
        crate::draughts::specialised!(
            $self.variant.core_index() * 2 + ($army.index() & 1),
            $self.$f $args,
            0 1 2 3 4 5 6 7 8 9 10 11 12 13 14; 15
        )
    };
}

impl Dimensiones {
    /// The army's view of the board for the core.
    #[inline(always)]
    pub(crate) fn view<'r>(&self, army: Army, rules: &'r Rules) -> ArmyView<'r> {
        self.view_with(army, rules, army.index() & 1 == 0)
    }

    /// [`view`](Dimensiones::view) with the army's direction given
    /// (`north`: the armies of even index).
    #[inline(always)]
    fn view_with<'r>(&self, army: Army, rules: &'r Rules, north: bool) -> ArmyView<'r> {
        // In the order of `Army::ALL`, the facing army is the index with
        // bit 0 flipped, the ally the one with bit 1 flipped, and the
        // armies moving north are the even ones.
        let i = army.index();
        let (f, a) = (i ^ 1, i ^ 2);
        debug_assert_eq!((f, a), (army.facing().index(), army.ally().index()));
        debug_assert_eq!(north, army.north());
        debug_assert_eq!(self.occupied, Dimensiones::union(&self.men, &self.kings));
        let inter = rules.ally_man != 0;
        let (men, kings) = (&self.men, &self.kings);
        ArmyView {
            rules,
            men: men[i],
            kings: kings[i],
            enemy: men[f] | kings[f],
            enemy_kings: kings[f],
            occupied: self.occupied,
            allies: if inter { men[a] | kings[a] } else { 0 },
            north,
        }
    }

    /// The view of `army` for the key `K` of [`by_rules!`]: the core's
    /// rules `CORE_RULES[K / 2]`, moving north if `K` is even.
    #[inline(always)]
    fn view_of<const K: usize>(&self, army: Army) -> ArmyView<'static> {
        self.view_with(army, &super::board::CORE_RULES[K / 2], K % 2 == 0)
    }

    /// Every legal move of `army` as if it were to move.
    pub(crate) fn moves_of(&self, army: Army, out: &mut Vec<Move>) {
        by_rules!(self, army, moves_in(army, out))
    }

    /// [`moves_of`](Dimensiones::moves_of) for the key `K` of
    /// [`by_rules!`].
    #[inline(never)]
    fn moves_in<const K: usize>(&self, army: Army, out: &mut Vec<Move>) {
        let view = self.view_of::<K>(army);
        out.clear();
        let caps = view.captures(out);
        match self.variant.tactics {
            Tactics::Armour => view.quiet(out),
            Tactics::NoArmour if caps == 0 => view.quiet(out),
            Tactics::NoArmour if !self.variant.huff => {}
            Tactics::NoArmour => {
                let capturers = out.iter().fold(0u64, |b, m| b | m.from.bit());
                let start = out.len();
                view.quiet(out);
                let end = out.len();
                for i in start..end {
                    let q = out[i];
                    self.push_penalties(army, q, capturers, out);
                }
                out.drain(start..end);
            }
        }
    }

    /// How many moves [`moves_of`](Dimensiones::moves_of) lists, counted
    /// without listing the non-captures where no penalty applies.
    pub(crate) fn count_of(&self, army: Army, out: &mut Vec<Move>) -> u64 {
        by_rules!(self, army, count_in(army, out))
    }

    /// [`count_of`](Dimensiones::count_of) for the key `K` of
    /// [`by_rules!`].
    #[inline(never)]
    fn count_in<const K: usize>(&self, army: Army, out: &mut Vec<Move>) -> u64 {
        let view = self.view_of::<K>(army);
        out.clear();
        let caps = view.count_captures(out);
        match self.variant.tactics {
            Tactics::Armour => caps + view.count_quiet(),
            Tactics::NoArmour if caps == 0 => view.count_quiet(),
            Tactics::NoArmour if !self.variant.huff => caps,
            Tactics::NoArmour => {
                self.moves_of(army, out);
                out.len() as u64
            }
        }
    }

    /// Appends `q` once per penalty choice (`huff`, a capture was possible).
    fn push_penalties(&self, army: Army, q: Move, capturers: u64, out: &mut Vec<Move>) {
        let (from, to) = (q.from.bit(), q.to.bit());
        let with = |p: Penalty| Move { penalty: p, ..q };
        let before = out.len();
        match self.variant.strategy {
            Strategy::Conquer => {
                for c in Square::iter_bits(capturers) {
                    let sq = if c == q.from { q.to } else { c };
                    out.push(with(Penalty::Remove(sq)));
                }
            }
            Strategy::Distract => {
                let i = army.index();
                let pieces = (self.men[i] | self.kings[i]).count_ones();
                let occ_after = (self.occupied() & !from) | to;
                if pieces < 6 {
                    let free = self.variant.start_squares(army) & !occ_after;
                    for s in Square::iter_bits(free) {
                        out.push(with(Penalty::Return(s)));
                    }
                }
                if out.len() == before {
                    let was_man = self.men[i] & from != 0;
                    let men_after = if was_man && !q.promote {
                        (self.men[i] & !from) | to
                    } else {
                        self.men[i] & !from
                    };
                    for s in Square::iter_bits(men_after & army.back_row()) {
                        out.push(with(Penalty::Crown(s)));
                    }
                }
            }
        }
        if out.len() == before {
            out.push(q);
        }
    }

    /// Plays `mv` for the army to move, then decides sub-games and finds
    /// the next army to move.
    pub(crate) fn apply(&mut self, mv: Move) {
        let Some(army) = self.army else {
            return;
        };
        let i = army.index();
        let f = army.facing().index();
        let (from, to) = (mv.from.bit(), mv.to.bit());
        let was_man = self.men[i] & from != 0;
        if was_man {
            self.men[i] &= !from;
            if mv.promote {
                self.kings[i] |= to;
            } else {
                self.men[i] |= to;
            }
        } else {
            self.kings[i] = (self.kings[i] & !from) | to;
        }
        self.occupied = (self.occupied & !from) | to;
        // Only a capture empties the facing army, and only a penalty
        // removes a piece of the mover's.
        let mut removed = mv.captured != 0;
        if removed {
            self.men[f] &= !mv.captured;
            self.kings[f] &= !mv.captured;
            self.occupied &= !mv.captured;
        }
        if mv.penalty != Penalty::None {
            match mv.penalty {
                Penalty::None => {}
                Penalty::Remove(s) => {
                    self.men[i] &= !s.bit();
                    self.kings[i] &= !s.bit();
                    self.occupied &= !s.bit();
                    removed = true;
                }
                Penalty::Return(s) => {
                    self.men[i] |= s.bit();
                    self.occupied |= s.bit();
                }
                Penalty::Crown(s) => {
                    self.men[i] &= !s.bit();
                    self.kings[i] |= s.bit();
                }
            }
        }
        self.clock = if was_man || mv.is_capture() || mv.penalty != Penalty::None {
            0
        } else {
            (self.clock + 1).min(CLOCK_LIMIT)
        };
        // A sub-game ends when one of its armies has no pieces left.
        let g = army.subgame();
        if removed && self.subgames[g] == SubGame::Open {
            let conquer = self.variant.strategy == Strategy::Conquer;
            for a in [army, army.facing()] {
                let none_left = self.men[a.index()] | self.kings[a.index()] == 0;
                if none_left && self.subgames[g] == SubGame::Open {
                    let empty_wins = !conquer;
                    let winner = if empty_wins {
                        a.player()
                    } else {
                        a.player().other()
                    };
                    self.subgames[g] = SubGame::Won(winner);
                    self.paused = None;
                }
            }
        }
        self.army = self.next_army(army);
    }

    /// The army that moves after `army`: the other player's next army in
    /// the cycle whose sub-game is open; a blocked army's sub-game is
    /// decided at once and the same player's other army moves instead.
    pub(crate) fn next_army(&mut self, army: Army) -> Option<Army> {
        // [`Army::next_in_cycle`]: one step forwards in the order of
        // [`Army::ALL`] when player one moved first, backwards otherwise.
        let step = match self.first {
            Player::P1 => 1,
            Player::P2 => 3,
        };
        let c1 = Army::ALL[(army.index() + step) & 3];
        debug_assert_eq!(c1, army.next_in_cycle(self.first));
        // Two steps further in the cycle: the same player's other army.
        let cand = if self.plays(c1.subgame()) {
            c1
        } else {
            let c3 = c1.ally();
            if !self.plays(c3.subgame()) {
                return None;
            }
            c3
        };
        self.settle_blocked(cand)
    }

    /// Starting from `army` to move: while it has no legal move, decide its
    /// sub-game and pass the turn to the same player's other army.
    pub(crate) fn settle_blocked(&mut self, army: Army) -> Option<Army> {
        let mut a = army;
        loop {
            if by_rules!(self, a, can_move(a)) {
                return Some(a);
            }
            let winner = match self.variant.strategy {
                Strategy::Conquer => a.player().other(),
                Strategy::Distract => a.player(),
            };
            self.subgames[a.subgame()] = SubGame::Won(winner);
            self.paused = None;
            let other = a.ally();
            if !self.plays(other.subgame()) {
                return None;
            }
            a = other;
        }
    }

    /// Whether `army` has a legal move, for the key `K` of [`by_rules!`].
    #[inline(never)]
    fn can_move<const K: usize>(&self, army: Army) -> bool {
        self.view_of::<K>(army).has_move()
    }

    /// Whether sub-game `g` takes turns: open and not paused by focus.
    fn plays(&self, g: usize) -> bool {
        self.subgames[g] == SubGame::Open && self.paused != Some(g as u8)
    }

    /// Scores the open sub-games by value (draw rules): C higher wins, D
    /// lower wins, equal draws.
    pub(crate) fn score_open(&self) -> [SubGame; 2] {
        let mut out = self.subgames;
        for (g, (p1, p2)) in [(Army::Red, Army::Blue), (Army::Aqua, Army::Orange)]
            .into_iter()
            .enumerate()
        {
            if out[g] != SubGame::Open {
                continue;
            }
            let (v1, v2) = (self.value(p1), self.value(p2));
            let higher = match v1.cmp(&v2) {
                std::cmp::Ordering::Greater => Some(Player::P1),
                std::cmp::Ordering::Less => Some(Player::P2),
                std::cmp::Ordering::Equal => None,
            };
            out[g] = match (higher, self.variant.strategy) {
                (None, _) => SubGame::Drawn,
                (Some(p), Strategy::Conquer) => SubGame::Won(p),
                (Some(p), Strategy::Distract) => SubGame::Won(p.other()),
            };
        }
        out
    }
}
