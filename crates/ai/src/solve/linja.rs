//! The exact Linja endgame solver: a memoized alpha-beta search over the
//! game graph, which has no cycles (pieces only move forward, and the pass
//! counter grows until two passes end the game), so every value is exact.
//!
//! The value of a position is the final score difference under perfect
//! play, from the view of the side to move: its points minus the other
//! side's when the game ends (the sides have passed each other, or two
//! passes in a row), both maximising their own difference. A transposition
//! table keyed by [`Linja::key`] keeps, for each position searched, the
//! bounds proved so far; a position whose value is known exactly is never
//! searched twice. The search is exact: move ordering only makes cut-offs
//! come sooner, and nothing is estimated.
//!
//! How far it reaches: see `docs/rules/linja.md`, "The solver".
//!
//! ```
//! use tablero_ai::solve::linja::solve;
//! use tablero_core::Game;
//! use tablero_games::linja::{Linja, Rules};
//!
//! // Red's rearmost piece is on row 3, level with Black's foremost ones.
//! // Red could end the game at once with 3-4 (33-33), but does better.
//! let pos = Linja::parse_position(&Rules::default(), "3b/3b/3b/1r3b/2r/3r/3r/3r r 0").unwrap();
//! let s = solve(&pos);
//! assert_eq!(s.score_diff, 5);
//! assert!(s.best_move.is_some());
//! ```

use rustc_hash::FxHashMap;
use tablero_core::Game;
use tablero_games::linja::{Linja, Move, Rules};

/// Larger than any score difference (each side scores at most 12 · 5).
const INF: i32 = 100;

/// What the solver found for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final score difference under perfect play, for the side to move.
    pub score_diff: i32,
    /// A move that reaches it; `None` when the game is over.
    pub best_move: Option<Move>,
    /// Distinct positions searched (those stored in the table; ends of the
    /// game are scored on the spot and not counted).
    pub positions: u64,
}

/// The solver and its table, which it keeps between calls: positions met
/// again are answered from it.
#[derive(Debug, Default)]
pub struct Solver {
    rules: Option<Rules>,
    table: FxHashMap<u64, [i8; 2]>,
    limit: Option<u64>,
    aborted: bool,
    raw: Vec<Vec<Linja>>,
    children: Vec<Vec<(u64, Linja)>>,
}

impl Solver {
    /// A solver without a limit on the positions it stores.
    #[must_use]
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver that gives up (returns `None`) once its table holds more
    /// than `max_positions` positions.
    #[must_use]
    pub fn with_limit(max_positions: u64) -> Solver {
        Solver {
            limit: Some(max_positions),
            ..Solver::default()
        }
    }

    /// Distinct positions in the table.
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.table.len() as u64
    }

    fn prepare(&mut self, pos: &Linja) {
        if self.rules != Some(pos.rules()) {
            self.table.clear();
            self.rules = Some(pos.rules());
        }
        self.aborted = false;
    }

    /// The exact value of `pos` for the side to move, or `None` when the
    /// limit was reached first.
    pub fn value(&mut self, pos: &Linja) -> Option<i32> {
        self.prepare(pos);
        let v = self.search(pos, -INF, INF, 0);
        (!self.aborted).then_some(v)
    }

    /// The value of `pos` and a best move, or `None` when the limit was
    /// reached first.
    pub fn solve(&mut self, pos: &Linja) -> Option<Solution> {
        self.prepare(pos);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() || is_end(pos) {
            return Some(Solution {
                score_diff: pos.score_diff(),
                best_move: None,
                positions: self.positions(),
            });
        }
        let mut children: Vec<(i32, Move, Linja)> = moves
            .iter()
            .map(|&m| {
                let mut c = *pos;
                c.play_unchecked(m);
                (order_key(&c), m, c)
            })
            .collect();
        children.sort_by_key(|c| c.0);
        let mut best = -INF;
        let mut best_move = None;
        for (_, m, c) in &children {
            let v = -self.search(c, -INF, -best, 1);
            if self.aborted {
                return None;
            }
            if v > best {
                best = v;
                best_move = Some(*m);
            }
        }
        Some(Solution {
            score_diff: best,
            best_move,
            positions: self.positions(),
        })
    }

    /// Every legal move of `pos` with the exact final score difference it
    /// keeps for the side to move, best first (moves of equal value in
    /// generation order), or `None` when the limit was reached first.
    /// Empty when the game is over.
    pub fn move_values(&mut self, pos: &Linja) -> Option<Vec<(Move, i32)>> {
        self.prepare(pos);
        if is_end(pos) {
            return Some(Vec::new());
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut scored = Vec::with_capacity(moves.len());
        for &m in &moves {
            let mut c = *pos;
            c.play_unchecked(m);
            let v = -self.search(&c, -INF, INF, 1);
            if self.aborted {
                return None;
            }
            scored.push((m, v));
        }
        scored.sort_by_key(|s| std::cmp::Reverse(s.1));
        Some(scored)
    }

    /// Every move of `pos` that keeps the best value, or `None` when the
    /// limit was reached first. Empty when the game is over.
    pub fn best_moves(&mut self, pos: &Linja) -> Option<Vec<Move>> {
        let scored = self.move_values(pos)?;
        let Some(&(_, best)) = scored.first() else {
            return is_end(pos).then(Vec::new);
        };
        Some(
            scored
                .into_iter()
                .take_while(|s| s.1 == best)
                .map(|s| s.0)
                .collect(),
        )
    }

    fn search(&mut self, pos: &Linja, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        if is_end(pos) {
            return pos.score_diff();
        }
        if self.aborted {
            return 0;
        }
        let key = pos.key();
        let (mut lo, mut hi) = match self.table.get(&key) {
            Some(&[l, h]) => (i32::from(l), i32::from(h)),
            None => (-INF, INF),
        };
        if lo == hi || lo >= beta {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let alpha0 = alpha;

        while self.raw.len() <= ply {
            self.raw.push(Vec::new());
            self.children.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.children[ply]);
        let mut raw = std::mem::take(&mut self.raw[ply]);
        pos.children(&mut raw);
        children.clear();
        children.extend(raw.iter().map(|c| (sort_key(c), *c)));
        // Many move strings lead to the same position (rows are counts):
        // each child position is searched once.
        children.sort_unstable_by_key(|c| c.0);
        children.dedup_by_key(|c| c.0);
        let mut best = -INF;
        // Enhanced transposition cut-off: a child already proved good
        // enough ends the search here without a recursion.
        for (_, c) in &children {
            if is_end(c) {
                best = best.max(-c.score_diff());
            } else if let Some(&[_, h]) = self.table.get(&c.key()) {
                best = best.max(-i32::from(h));
            }
        }
        if best < beta {
            best = -INF;
        }
        for (_, c) in &children {
            if best >= beta {
                break;
            }
            let v = -self.search(c, -beta, -alpha.max(best), ply + 1);
            if v > best {
                best = v;
                if best >= beta {
                    break;
                }
            }
        }
        self.raw[ply] = raw;
        self.children[ply] = children;
        if self.aborted {
            return 0;
        }
        if best <= alpha0 {
            hi = best;
        } else if best >= beta {
            lo = best;
        } else {
            lo = best;
            hi = best;
        }
        self.table.insert(key, [lo as i8, hi as i8]);
        if self.limit.is_some_and(|l| self.table.len() as u64 > l) {
            self.aborted = true;
        }
        best
    }
}

/// Whether the game is over in `pos`: the sides have passed each other, or
/// two passes were made in a row.
fn is_end(pos: &Linja) -> bool {
    pos.has_passed() || pos.passes() >= 2
}

/// One number that sorts children by [`order_key`] and tells them apart:
/// the children of one position share the side to move and differ only in
/// the pieces (the pass, their only other kind, comes alone), which the low
/// 56 bits of [`Linja::key`] hold.
fn sort_key(child: &Linja) -> u64 {
    let order = (order_key(child) + 64) as u64;
    (order << 56) | (child.key() & ((1 << 56) - 1))
}

/// Sort key for children, best first for the side that moved into them: its
/// score difference as the board stands (the child's mover is the other
/// side, so that is `child.score_diff()` itself, lower first).
fn order_key(child: &Linja) -> i32 {
    child.score_diff()
}

/// Solves `pos` exactly, without a limit.
#[must_use]
pub fn solve(pos: &Linja) -> Solution {
    Solver::new()
        .solve(pos)
        .expect("a solver without a limit always finishes")
}

/// Solves `pos` if its search stores at most `max_positions` positions.
#[must_use]
pub fn solve_within(pos: &Linja, max_positions: u64) -> Option<Solution> {
    Solver::with_limit(max_positions).solve(pos)
}

/// Every best move of `pos` if the search stays within `max_positions`
/// positions; empty when the game is over.
#[must_use]
pub fn best_moves_within(pos: &Linja, max_positions: u64) -> Option<Vec<Move>> {
    Solver::with_limit(max_positions).best_moves(pos)
}
