//! The value of a position of Super Dimensiones' sub-game G with more
//! pieces than the endgame tables hold, G's start above all: an exact
//! alpha-beta search over G's positions, by the game's own rules, with the
//! tables' values wherever a line reaches them.
//!
//! G is played as the tables see it (rulings, Super Dimensiones 19): the
//! other sub-game decided, the 60-ply clock running, the value that of the
//! position alone. With the clock part of the state the positions form no
//! cycle (a king's move adds a ply to the clock; every capture or man's
//! move, which restarts it, changes the men for good), so a value found
//! once holds wherever the position recurs, and the search stores the
//! bounds it proves for each position (clock included). Three values only
//! (win, draw, loss of the sub-game), so the search is a few null-window
//! tests, and a bound on the node count stops it with the bounds proven
//! so far.

use super::dimensiones_table::{decided_margin, outcome_margin, Sub, Table, TableRules, Wdl};
use rustc_hash::FxHashMap;
use tablero_core::{Game, Player};
use tablero_games::dimensiones::{Army, Dimensiones};

/// What [`solve`] proved about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The least value proved for the side to move (a loss when nothing
    /// better is).
    pub low: Wdl,
    /// The most it can be worth (a win when nothing is proved against).
    pub high: Wdl,
    /// Positions searched (the root and every position after a move, the
    /// ones the tables answered included).
    pub nodes: u64,
    /// Positions answered by the endgame table.
    pub probes: u64,
    /// Positions whose bounds are stored.
    pub stored: usize,
    /// Whether the node bound stopped a test before it finished.
    pub stopped: bool,
}

impl Proof {
    /// The value, once both bounds meet.
    #[must_use]
    pub fn value(&self) -> Option<Wdl> {
        (self.low == self.high).then_some(self.low)
    }
}

/// G's start as a Super Dimensiones position of `rules`: Red and Blue on
/// their start squares, the light sub-game decided (won by player one, its
/// armies gone) so that only G is played, the clock at 0, Red (South) to
/// move.
#[must_use]
pub fn g_start(rules: TableRules) -> Dimensiones {
    let text = "1b1b1b/b1b1b1/6/6/1r1r1r/r1r1r1 r -1 0 rbao";
    Dimensiones::parse_position(&rules.rule_set(), text).expect("G's start is a valid position")
}

/// Proves what it can of `pos`'s value for its side to move, `pos` being a
/// position of G (one sub-game open, the other decided: see [`g_start`]),
/// searching at most about `max_nodes` positions and storing the bounds of
/// at most `max_stored`, with `table`'s values for the positions it
/// covers. `progress` is called every million
/// positions with the proof so far.
///
/// # Panics
/// When `pos` is not a position of G for `table`'s rules.
pub fn solve(
    pos: &Dimensiones,
    table: &Table,
    max_nodes: u64,
    max_stored: usize,
    mut progress: impl FnMut(&Proof),
) -> Proof {
    let (_, open, _) = Sub::of_game(pos).expect("a position of G");
    assert_eq!(TableRules::of(pos.variant()), Some(table.rules()));
    let me = pos.side_to_move();
    let mut s = Search {
        table,
        open,
        memo: FxHashMap::default(),
        nodes: 0,
        probes: 0,
        max_nodes,
        max_stored,
        stopped: false,
    };
    // Values are player one's, -1 to 1.
    let (mut low, mut high) = (-1i8, 1i8);
    let report = |s: &Search, low: i8, high: i8| {
        let (l, h) = if me == Player::P1 {
            (low, high)
        } else {
            (-high, -low)
        };
        Proof {
            low: Wdl::of_sign(l),
            high: Wdl::of_sign(h),
            nodes: s.nodes,
            probes: s.probes,
            stored: s.memo.len(),
            stopped: s.stopped,
        }
    };
    // Null-window tests around the middle of what is left, until the
    // bounds meet or the nodes run out.
    while low < high && !s.stopped {
        let test = if high - low == 2 { 0 } else { high };
        // Is the value at least `test`?
        let v = s.search(pos, test - 1, test, &mut |s| {
            progress(&report(s, low, high))
        });
        if s.stopped {
            break;
        }
        // Fail-soft: at least `test` is a lower bound, below it an upper.
        if v >= test {
            low = v;
        } else {
            high = v;
        }
    }
    report(&s, low, high)
}

struct Search<'t> {
    table: &'t Table,
    /// The open sub-game.
    open: usize,
    /// Player one's value's bounds (low, high) by position and clock
    /// ([`key`]).
    memo: FxHashMap<u64, (i8, i8)>,
    nodes: u64,
    probes: u64,
    max_nodes: u64,
    /// Positions stored at most: past it, only the bounds of positions
    /// already stored are updated (a stored bound only saves work).
    max_stored: usize,
    stopped: bool,
}

impl Search<'_> {
    /// The open sub-game's value for player one of a finished game: the
    /// points difference without the decided sub-game's.
    fn finished(&self, pos: &Dimensiones) -> i8 {
        let points = outcome_margin(pos, Player::P1).expect("over");
        (points - decided_margin(pos.subgame(1 - self.open), Player::P1)).signum() as i8
    }

    /// The table's value for player one, where it covers `pos`.
    fn probe(&mut self, pos: &Dimensiones) -> Option<i8> {
        let (sub, _, army) = Sub::of_game(pos)?;
        let v = self.table.value(&sub, pos.clock())?.sign();
        self.probes += 1;
        Some(if army.player() == Player::P1 { v } else { -v })
    }

    /// Fail-soft alpha-beta on player one's value inside (`alpha`,
    /// `beta`): a result at most `alpha` is an upper bound of the value, at
    /// least `beta` a lower one, in between the value.
    fn search(
        &mut self,
        pos: &Dimensiones,
        alpha: i8,
        beta: i8,
        tick: &mut dyn FnMut(&Search),
    ) -> i8 {
        self.nodes += 1;
        if self.nodes % 1_000_000 == 0 {
            tick(self);
        }
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if pos.outcome().is_some() {
            return self.finished(pos);
        }
        if let Some(v) = self.probe(pos) {
            return v;
        }
        let key = key(pos, self.open);
        let (low, high) = self.memo.get(&key).copied().unwrap_or((-1, 1));
        if low >= beta || low == high {
            return low;
        }
        if high <= alpha {
            return high;
        }
        let p1 = pos.side_to_move() == Player::P1;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        // The moves that leave the least for the other side first.
        let mut children: Vec<(i32, Dimensiones)> = moves
            .into_iter()
            .map(|mv| {
                let mut c = pos.clone();
                c.play_unchecked(mv);
                (c.subgame_score(self.open), c)
            })
            .collect();
        children.sort_by_key(|(k, _)| *k);
        let (mut a, mut b) = (alpha, beta);
        let mut best = if p1 { -1 } else { 1 };
        for (_, c) in &children {
            let v = self.search(c, a, b, tick);
            if self.stopped {
                return 0;
            }
            if p1 {
                best = best.max(v);
                a = a.max(v);
            } else {
                best = best.min(v);
                b = b.min(v);
            }
            if a >= b {
                break;
            }
        }
        let bounds = if best >= beta {
            (low.max(best), high)
        } else if best <= alpha {
            (low, high.min(best))
        } else {
            (best, best)
        };
        if self.memo.len() < self.max_stored || self.memo.contains_key(&key) {
            self.memo.insert(key, bounds);
        }
        best
    }
}

/// The whole state of a position of G, exactly: the open sub-game's 18
/// squares (3 bits each: empty, or one of its two armies' men or
/// kings), the clock and the army to move.
fn key(pos: &Dimensiones, open: usize) -> u64 {
    let armies = [Army::ALL[2 * open], Army::ALL[2 * open + 1]];
    let mut key = 0u64;
    for (i, &a) in armies.iter().enumerate() {
        for (kind, board) in [(1, pos.men(a)), (2, pos.kings(a))] {
            let mut b = board;
            while b != 0 {
                let bit = u64::from(b.trailing_zeros());
                b &= b - 1;
                // Each row of the 6x6 board (8 bits apart) holds 3
                // squares of one colour, every other file.
                let square = bit / 8 * 3 + bit % 8 / 2;
                debug_assert!(square < 18);
                key |= (2 * i as u64 + kind) << (3 * square);
            }
        }
    }
    let mover = u64::from(pos.army() == Some(armies[1]));
    key | u64::from(pos.clock()) << 54 | mover << 60
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use tablero_games::dimensiones::RuleSet;

    /// Random games of G from its start: no two different states (the
    /// position string holds the board, the army to move and the clock)
    /// share a key.
    #[test]
    fn keys_tell_every_state_apart() {
        let rules = TableRules::of(&RuleSet::default()).expect("the default has M and W");
        let mut seen: FxHashMap<u64, String> = FxHashMap::default();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut moves = Vec::new();
        for _ in 0..300 {
            let mut pos = g_start(rules);
            while pos.outcome().is_none() {
                let text = pos.position_string();
                let k = key(&pos, 0);
                assert_eq!(seen.entry(k).or_insert_with(|| text.clone()), &text);
                pos.legal_moves(&mut moves);
                pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            }
        }
        assert!(seen.len() > 5_000, "{} states", seen.len());
    }
}
