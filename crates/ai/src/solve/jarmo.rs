//! Jarmo's late game, exact: a search of the whole game tree to its end
//! (every line played until the game ends by its own rules: all archers
//! arrived, the move cap, or the third repetition of a position), with
//! alpha-beta pruning, that gives up beyond a number of positions.
//!
//! Jarmo cannot be solved whole (returns bring captured archers back, so
//! its positions form one cyclic problem of about 8.2e11, with no order of
//! material to build tables along), and a memoized search is not exact in
//! it: a line ends at the third repetition of a position, scored as it
//! stands, so a position's value depends on the positions before it. This
//! search keeps the counts of the positions on its path (and, asked with a
//! game's history, of the game before it) and follows every line to the
//! game's end, so what it returns is the game's exact value; the
//! transposition table only orders moves. The price is that it reaches
//! only positions near the end: how near is measured in docs/ai.md
//! ("Jarmo's late game").
//!
//! The value is the final points difference for the side to move (its
//! points less the other's), both sides playing for the largest
//! difference, as Linja's solver does.

use rustc_hash::FxHashMap;
use tablero_core::{Evaluate, Game, History, Outcome, Player};
use tablero_games::jarmo::{Jarmo, Move};

/// Larger than any points difference (5 archers, 2 points each).
const INF: i32 = 100;

/// The longest line the solver follows; a longer one gives up, so that
/// its recursion stays within any thread's stack.
const MAX_PLIES: usize = 400;

/// The points difference of a finished game for `me`.
fn diff(o: &Outcome, me: Player) -> i32 {
    (o.score[me.index()].as_halves() as i32 - o.score[me.other().index()].as_halves() as i32) / 2
}

/// The exact late-game solver.
#[derive(Debug)]
pub struct Solver {
    limit: u64,
    nodes: u64,
    aborted: bool,
    /// How often each repetition key occurs: the game before the root and
    /// the search's path.
    counts: FxHashMap<u64, u32>,
    /// The best move found at each position (by its full hash), for
    /// ordering only.
    best: FxHashMap<u64, Move>,
    buffers: Vec<<Jarmo as Game>::MoveList>,
}

impl Solver {
    /// A solver that gives up (answers `None`) once it has visited more
    /// than `nodes` positions in one question.
    #[must_use]
    pub fn with_limit(nodes: u64) -> Solver {
        Solver {
            limit: nodes,
            nodes: 0,
            aborted: false,
            counts: FxHashMap::default(),
            best: FxHashMap::default(),
            buffers: Vec::new(),
        }
    }

    /// Positions visited by the last question.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn start(&mut self, keys: impl Iterator<Item = u64>) {
        self.nodes = 0;
        self.aborted = false;
        self.counts.clear();
        for k in keys {
            *self.counts.entry(k).or_insert(0) += 1;
        }
    }

    /// Every legal move of `history`'s position with its exact points
    /// difference for the mover, best first (generation order among
    /// equals), the repetitions of the game so far counted; `None` beyond
    /// the limit or when the game is over.
    pub fn move_values_in(&mut self, history: &History<Jarmo>) -> Option<Vec<(Move, i32)>> {
        if history.is_over() {
            return None;
        }
        self.start(history.positions().iter().map(Game::repetition_key));
        self.root(history.current())
    }

    /// As [`Solver::move_values_in`] for a position alone (no earlier
    /// positions count for repetition), as puzzles and hints pose it.
    pub fn move_values(&mut self, pos: &Jarmo) -> Option<Vec<(Move, i32)>> {
        if pos.outcome().is_some() {
            return None;
        }
        self.start(std::iter::once(pos.repetition_key()));
        self.root(pos)
    }

    /// The exact points difference of `pos` alone for its side to move.
    pub fn value(&mut self, pos: &Jarmo) -> Option<i32> {
        if let Some(o) = pos.outcome() {
            return Some(diff(&o, pos.side_to_move()));
        }
        self.start(std::iter::once(pos.repetition_key()));
        Some(self.best_at(pos)?.1)
    }

    /// A best move of `history`'s position and its exact points difference
    /// for the mover, the repetitions of the game so far counted; `None`
    /// beyond the limit or when the game is over. Cheaper than every
    /// move's value: the other moves are only shown to be no better.
    pub fn best_in(&mut self, history: &History<Jarmo>) -> Option<(Move, i32)> {
        if history.is_over() {
            return None;
        }
        self.start(history.positions().iter().map(Game::repetition_key));
        self.best_at(history.current())
    }

    /// The exact points difference for the mover of playing `mv` in
    /// `history`'s position (a legal move), the game's repetitions counted.
    pub fn move_value_in(&mut self, history: &History<Jarmo>, mv: Move) -> Option<i32> {
        if history.is_over() {
            return None;
        }
        self.start(history.positions().iter().map(Game::repetition_key));
        let v = self.child(history.current(), mv, -INF, INF, 0);
        (!self.aborted).then_some(v)
    }

    fn best_at(&mut self, pos: &Jarmo) -> Option<(Move, i32)> {
        let v = self.search(pos, -INF, INF, 0);
        if self.aborted {
            return None;
        }
        let mv = *self.best.get(&pos.position_hash())?;
        Some((mv, v))
    }

    fn root(&mut self, pos: &Jarmo) -> Option<Vec<(Move, i32)>> {
        let mut moves = <Jarmo as Game>::MoveList::default();
        pos.legal_moves(&mut moves);
        let mut out = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let v = self.child(pos, mv, -INF, INF, 0);
            if self.aborted {
                return None;
            }
            out.push((mv, v));
        }
        out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        Some(out)
    }

    /// The value for `me`, `pos`'s mover, of `mv` when it ends the game
    /// (by the rules, or by a third repetition).
    fn ends(&self, pos: &Jarmo, mv: Move, me: Player) -> Option<i32> {
        let mut c = pos.clone();
        c.play_unchecked(mv);
        if let Some(o) = c.outcome() {
            return Some(diff(&o, me));
        }
        let seen = self.counts.get(&c.repetition_key()).copied().unwrap_or(0) + 1;
        (seen >= 3).then(|| diff(&c.repetition_outcome(), me))
    }

    /// The value for `pos`'s mover of playing `mv`.
    fn child(&mut self, pos: &Jarmo, mv: Move, alpha: i32, beta: i32, ply: usize) -> i32 {
        let me = pos.side_to_move();
        let mut c = pos.clone();
        c.play_unchecked(mv);
        if let Some(o) = c.outcome() {
            return diff(&o, me);
        }
        let key = c.repetition_key();
        let seen = self.counts.get(&key).copied().unwrap_or(0) + 1;
        if seen >= 3 {
            return diff(&c.repetition_outcome(), me);
        }
        self.counts.insert(key, seen);
        let v = -self.search(&c, -beta, -alpha, ply + 1);
        self.counts.insert(key, seen - 1);
        v
    }

    fn search(&mut self, pos: &Jarmo, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes > self.limit || ply > MAX_PLIES {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Default::default);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        pos.legal_moves(&mut moves);
        let hash = pos.position_hash();
        let first = self.best.get(&hash).copied();
        // The remembered best first, then captures and the game's hints.
        moves.sort_by_cached_key(|&m| {
            let remembered = i32::from(Some(m) == first) << 20;
            -(remembered + pos.move_hint(m))
        });
        let mut best = -INF;
        let mut best_move = None;
        // Moves that end the game first: their values come at once and
        // narrow the window for the others.
        let me = pos.side_to_move();
        let mut rest = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            match self.ends(pos, mv, me) {
                Some(v) => {
                    if v > best {
                        best = v;
                        best_move = Some(mv);
                    }
                    alpha = alpha.max(v);
                }
                None => {
                    moves[rest] = mv;
                    rest += 1;
                }
            }
        }
        moves.truncate(rest);
        if alpha < beta {
            for &mv in &moves {
                let v = self.child(pos, mv, alpha, beta, ply);
                if self.aborted {
                    break;
                }
                if v > best {
                    best = v;
                    best_move = Some(mv);
                }
                alpha = alpha.max(v);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = moves;
        if let Some(m) = best_move {
            self.best.insert(hash, m);
        }
        best
    }
}

/// Every legal move of `pos` alone with its exact points difference for
/// the mover, best first, when the search ends within `nodes` positions.
#[must_use]
pub fn move_values_within(pos: &Jarmo, nodes: u64) -> Option<Vec<(Move, i32)>> {
    Solver::with_limit(nodes).move_values(pos)
}
