//! Alpha-beta search: negamax with iterative deepening, a transposition
//! table keyed by the position hash, the principal variation and killer and
//! history moves for ordering, quiescence over captures, and a time budget.
//!
//! With a time budget it can search on several threads ("lazy SMP"): each
//! thread runs its own iterative deepening from the same root, helpers one
//! ply deeper than the main thread's current iteration, and they share only
//! the transposition table, through which each finds what the others have
//! already searched.
//! The main thread's iterations give the move. Budgets in depth or nodes
//! always search on one thread, so that they play the same on any machine.

use crate::bot::{Bot, Budget, Deadline, Limits};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tablero_core::{Evaluate, Game, History, MoveBuf, Player};

/// The score of a win found at the root; a win `n` plies away scores
/// `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are proved results, not heuristics.
pub const PROVED: i32 = WIN - 10_000;

/// What a game knows of a position beyond its heuristic ([`AlphaBeta::with_oracle`]):
/// its exact result with best play, or a better evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The side to move wins with best play.
    Win,
    /// Neither side wins.
    Draw,
    /// The side to move loses.
    Loss,
    /// An evaluation for the side to move, in the heuristic's units, to
    /// use in place of [`Evaluate::evaluate`].
    Eval(i32),
}

/// A result known from an oracle (an endgame table) scores as a proved
/// result this far beyond its ply, so that a game's end found by the
/// search itself (at most this many plies away) is preferred.
const KNOWN_PLIES: i32 = 1000;

/// Settings of [`AlphaBeta`].
#[derive(Clone, Debug)]
pub struct AlphaBetaConfig {
    /// Time, node or depth budget per move.
    pub budget: Budget,
    /// Transposition table entries (a power of two is used).
    pub tt_entries: usize,
    /// Follow captures past the horizon.
    pub quiescence: bool,
    /// Take scores from the table when it holds a search at least as deep
    /// (the usual engine practice; they may come from a deeper search than
    /// the current one). Off, the table only orders moves and the score is
    /// exactly that of a plain negamax to the same depth.
    pub tt_cutoffs: bool,
    /// Search the game's [`Evaluate::focus`] of the root when it has one
    /// (Super Dimensiones: the sub-game to move, alone).
    pub focus: bool,
    /// Threads searching at once under a time budget (1 = no helpers).
    pub threads: usize,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            budget: Budget::Depth(4),
            tt_entries: 1 << 20,
            quiescence: true,
            tt_cutoffs: true,
            focus: true,
            threads: 1,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry<M> {
    key: u64,
    depth: i16,
    score: i32,
    bound: Bound,
    best: Option<M>,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchReport<M> {
    /// The best move of the deepest finished iteration.
    pub best: M,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest finished iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation, from the transposition table.
    pub pv: Vec<M>,
}

/// The transposition table, shared by the search threads: one lock per
/// slot, always-replace unless the slot holds a deeper search of the same
/// position.
struct Table<M> {
    slots: Box<[Mutex<Option<Entry<M>>>]>,
}

impl<M: Copy> Table<M> {
    fn new(entries: usize) -> Self {
        let size = entries.next_power_of_two().max(1024);
        Table {
            slots: (0..size).map(|_| Mutex::new(None)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &Mutex<Option<Entry<M>>> {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    fn probe(&self, key: u64) -> Option<Entry<M>> {
        let e = *self.slot(key).lock().unwrap_or_else(|p| p.into_inner());
        e.filter(|e| e.key == key)
    }

    fn store(&self, key: u64, depth: i16, score: i32, bound: Bound, best: Option<M>) {
        let mut slot = self.slot(key).lock().unwrap_or_else(|p| p.into_inner());
        let replace = match *slot {
            None => true,
            Some(e) => e.key != key || depth >= e.depth,
        };
        if replace {
            *slot = Some(Entry {
                key,
                depth,
                score,
                bound,
                best,
            });
        }
    }

    fn clear(&self) {
        for s in &*self.slots {
            *s.lock().unwrap_or_else(|p| p.into_inner()) = None;
        }
    }
}

/// The alpha-beta player.
pub struct AlphaBeta<G: Game> {
    config: AlphaBetaConfig,
    tt: Table<G::Move>,
    /// The last search's `info` fields.
    last: Option<String>,
    /// What the game knows beyond its heuristic ([`AlphaBeta::with_oracle`]).
    oracle: Option<fn(&G) -> Option<Known>>,
}

/// One search thread: its own move ordering memory, path and counters,
/// the table and the stop flag shared.
struct Worker<'a, G: Game> {
    config: &'a AlphaBetaConfig,
    oracle: Option<fn(&G) -> Option<Known>>,
    tt: &'a Table<G::Move>,
    /// Set when any thread runs out of time; every thread then stops.
    stop: &'a AtomicBool,
    deadline: Deadline,
    /// Only the main thread counts nodes against a node budget.
    main: bool,
    killers: Vec<[Option<G::Move>; 2]>,
    history: FxHashMap<G::Move, i32>,
    nodes: u64,
    aborted: bool,
    /// How often each repetition key occurs in the game so far and on the
    /// search path.
    seen: FxHashMap<u64, u32>,
    buffers: Vec<G::MoveList>,
}

/// The score of a proved result an oracle knows, `ply` plies from the
/// root, for the side to move.
fn proved(known: Option<Known>, ply: u32) -> Option<i32> {
    let far = WIN - KNOWN_PLIES - ply as i32;
    match known? {
        Known::Win => Some(far),
        Known::Loss => Some(-far),
        Known::Draw => Some(0),
        Known::Eval(_) => None,
    }
}

/// Score of a finished game for `me`, `ply` plies from the root.
fn terminal_score(me: Player, o: tablero_core::Outcome, ply: u32) -> i32 {
    let ply = ply as i32;
    match o.winner {
        Some(w) if w == me => WIN - ply,
        Some(_) => -(WIN - ply),
        None => 0,
    }
}

/// Whose view a child's score takes: its side to move, or, once the game
/// is over (where a game need not say who would move), the opponent of the
/// player who just moved.
fn view_of<G: Game>(child: &G, mover: Player) -> Player {
    if child.outcome().is_some() {
        mover.other()
    } else {
        child.side_to_move()
    }
}

/// Proved scores are stored relative to the node, not the root.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score >= PROVED {
        score + ply as i32
    } else if score <= -PROVED {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score >= PROVED {
        score - ply as i32
    } else if score <= -PROVED {
        score + ply as i32
    } else {
        score
    }
}

impl<'a, G: Game + Evaluate> Worker<'a, G> {
    fn new(
        config: &'a AlphaBetaConfig,
        oracle: Option<fn(&G) -> Option<Known>>,
        tt: &'a Table<G::Move>,
        stop: &'a AtomicBool,
        deadline: Deadline,
        main: bool,
    ) -> Self {
        Worker {
            config,
            oracle,
            tt,
            stop,
            deadline,
            main,
            killers: Vec::new(),
            history: FxHashMap::default(),
            nodes: 0,
            aborted: false,
            seen: FxHashMap::default(),
            buffers: Vec::new(),
        }
    }

    /// What the oracle knows of `pos`, if there is one.
    fn known(&self, pos: &G) -> Option<Known> {
        self.oracle.and_then(|f| f(pos))
    }

    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes % 1024 == 0 {
            let counted = if self.main { self.nodes } else { 0 };
            if self.stop.load(Ordering::Relaxed) || self.deadline.reached(counted) {
                self.stop.store(true, Ordering::Relaxed);
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether the game's repetition rule ends the game at a position with
    /// this key, counting the game so far and the search path: the exact
    /// rule, so the result is a real game result.
    fn is_repetition(&self, key: u64) -> bool {
        G::repetition_limit()
            .is_some_and(|limit| self.seen.get(&key).copied().unwrap_or(0) >= limit)
    }

    fn enter(&mut self, key: u64) {
        if G::repetition_limit().is_some() {
            *self.seen.entry(key).or_insert(0) += 1;
        }
    }

    fn leave(&mut self, key: u64) {
        if let Some(c) = self.seen.get_mut(&key) {
            *c -= 1;
        }
    }

    /// Orders moves: the hash move, killers, then history and the game's
    /// hint.
    fn order(&self, pos: &G, moves: &mut [G::Move], hash_move: Option<G::Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        moves.sort_by_cached_key(|&m| {
            let score = if Some(m) == hash_move {
                1 << 30
            } else if Some(m) == killers[0] {
                1 << 28
            } else if Some(m) == killers[1] {
                (1 << 28) - 1
            } else {
                let noisy = if pos.is_noisy(m) { 1 << 26 } else { 0 };
                noisy + self.history.get(&m).copied().unwrap_or(0) + 1000 * pos.move_hint(m)
            };
            -score
        });
    }

    /// The score of `pos` for `me`: its side to move, or the player whose
    /// turn it would be once the game is over.
    fn negamax(
        &mut self,
        pos: &G,
        me: Player,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return terminal_score(me, o, ply);
        }
        if ply > 0 && self.is_repetition(pos.repetition_key()) {
            return terminal_score(me, pos.repetition_outcome(), ply);
        }
        let known = if ply > 0 { self.known(pos) } else { None };
        if let Some(score) = proved(known, ply) {
            return score;
        }
        if depth <= 0 {
            return if self.config.quiescence {
                self.quiesce(pos, me, alpha, beta, ply, 0)
            } else if let Some(Known::Eval(e)) = known {
                e
            } else {
                pos.evaluate()
            };
        }
        let key = pos.position_hash();
        let alpha0 = alpha;
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.best;
            if self.config.tt_cutoffs && i32::from(e.depth) >= depth && ply > 0 {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let p = ply as usize;
        if self.buffers.len() <= p {
            self.buffers.resize_with(p + 1, G::MoveList::default);
            self.killers.resize(p + 1, [None, None]);
        }
        let mut moves = std::mem::take(&mut self.buffers[p]);
        pos.legal_moves(&mut moves);
        self.order(pos, moves.as_mut_slice(), hash_move, p);
        let mut best = i32::MIN + 1;
        let mut best_move = None;
        for &mv in moves.as_slice() {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let key = next.repetition_key();
            self.enter(key);
            let view = view_of(&next, me);
            let score = if view == me {
                self.negamax(&next, view, depth - 1, alpha, beta, ply + 1)
            } else {
                -self.negamax(&next, view, depth - 1, -beta, -alpha, ply + 1)
            };
            self.leave(key);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !pos.is_noisy(mv) {
                    let k = &mut self.killers[p];
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                    *self.history.entry(mv).or_insert(0) += depth * depth;
                }
                break;
            }
        }
        self.buffers[p] = moves;
        if self.aborted {
            return 0;
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt
            .store(key, depth as i16, to_tt(best, ply), bound, best_move);
        best
    }

    fn quiesce(
        &mut self,
        pos: &G,
        me: Player,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        qdepth: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Some(o) = pos.outcome() {
            return terminal_score(me, o, ply);
        }
        let known = self.known(pos);
        if let Some(score) = proved(known, ply) {
            return score;
        }
        let stand = match known {
            Some(Known::Eval(e)) => e,
            _ => pos.evaluate(),
        };
        if qdepth >= 8 {
            return stand;
        }
        let p = ply as usize;
        if self.buffers.len() <= p {
            self.buffers.resize_with(p + 1, G::MoveList::default);
            self.killers.resize(p + 1, [None, None]);
        }
        let mut moves = std::mem::take(&mut self.buffers[p]);
        pos.legal_moves(&mut moves);
        // Standing pat means declining every capture; where the rules make
        // a capture compulsory (every legal move is one) that is no option,
        // so the captures are searched from a floor of a loss.
        let forced =
            !moves.as_slice().is_empty() && moves.as_slice().iter().all(|&m| pos.is_noisy(m));
        let mut best = if forced { -WIN } else { stand };
        if !forced {
            if stand >= beta {
                self.buffers[p] = moves;
                return stand;
            }
            alpha = alpha.max(stand);
        }
        for &mv in moves.as_slice() {
            if !pos.is_noisy(mv) {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let view = view_of(&next, me);
            let score = if view == me {
                self.quiesce(&next, view, alpha, beta, ply + 1, qdepth + 1)
            } else {
                -self.quiesce(&next, view, -beta, -alpha, ply + 1, qdepth + 1)
            };
            if self.aborted {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[p] = moves;
        best
    }

    /// One iterative deepening from `root` up to `max_depth`, until the
    /// depth is reached, a result is proved or time is up; calls `done`
    /// after each finished iteration with its depth, its score and the
    /// nodes this thread has visited so far. The main
    /// thread publishes the depth it is on in `current`; a helper always
    /// takes the next iteration one deeper than that, so that the two
    /// threads fill the table for different depths.
    fn deepen(
        &mut self,
        root: &G,
        max_depth: u32,
        current: &AtomicU32,
        mut done: impl FnMut(u32, i32, u64),
    ) {
        let mut depth = 0;
        loop {
            depth = if self.main {
                depth + 1
            } else {
                (depth + 1).max(current.load(Ordering::Relaxed) + 1)
            };
            if depth > max_depth {
                break;
            }
            if self.main {
                current.store(depth, Ordering::Relaxed);
            }
            let score = self.negamax(
                root,
                root.side_to_move(),
                depth as i32,
                -WIN - 1,
                WIN + 1,
                0,
            );
            if self.aborted {
                break;
            }
            done(depth, score, self.nodes);
            if score.abs() >= PROVED {
                break;
            }
        }
    }
}

impl<G: Game + Evaluate> AlphaBeta<G> {
    /// A player with these settings.
    #[must_use]
    pub fn new(config: AlphaBetaConfig) -> Self {
        AlphaBeta {
            tt: Table::new(config.tt_entries),
            config,
            last: None,
            oracle: None,
        }
    }

    /// The same player asking `oracle` at every position below the root:
    /// a known result ends the search there (scored as a proved result, a
    /// long way off), a known evaluation replaces the heuristic's.
    #[must_use]
    pub fn with_oracle(mut self, oracle: fn(&G) -> Option<Known>) -> Self {
        self.oracle = Some(oracle);
        self
    }

    fn principal_variation(&self, root: &G, max: usize) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut pos = root.clone();
        while pv.len() < max {
            let Some(mv) = self.tt.probe(pos.position_hash()).and_then(|e| e.best) else {
                break;
            };
            if !pos.is_legal(mv) {
                break;
            }
            pv.push(mv);
            pos.play_unchecked(mv);
            if pos.outcome().is_some() {
                break;
            }
        }
        pv
    }

    /// Searches the current position of `history` by iterative deepening.
    ///
    /// # Panics
    /// If the game is over.
    pub fn search(&mut self, history: &History<G>, limits: &Limits) -> SearchReport<G::Move> {
        let focused = if self.config.focus {
            history.current().focus()
        } else {
            None
        };
        let root = focused.clone().unwrap_or_else(|| history.current().clone());
        let deadline = Deadline::by_depth(self.config.budget, limits);
        let max_depth = deadline.max_depth().unwrap_or(64).clamp(1, 64);
        // Helpers only where the result may depend on timing anyway.
        let timed = matches!(self.config.budget, Budget::Time(_)) || limits.movetime.is_some();
        let threads = if timed && limits.nodes.is_none() && limits.depth.is_none() {
            self.config.threads.max(1)
        } else {
            1
        };
        // Earlier positions of the game, seen the way the root is.
        let positions = history.positions().iter();
        let past: Vec<u64> = if focused.is_some() {
            positions
                .filter_map(|p| p.focus().map(|f| f.repetition_key()))
                .collect()
        } else {
            positions.map(G::repetition_key).collect()
        };
        let mut moves = G::MoveList::default();
        root.legal_moves(&mut moves);
        let first = *moves.as_slice().first().expect("search of a finished game");
        let mut report = SearchReport {
            best: first,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![first],
        };
        let stop = AtomicBool::new(false);
        let started = Instant::now();
        let worker = |main: bool| {
            let mut w = Worker::<G>::new(
                &self.config,
                self.oracle,
                &self.tt,
                &stop,
                deadline.clone(),
                main,
            );
            for &k in &past {
                w.enter(k);
            }
            w
        };
        let mut nodes = 0;
        let current = AtomicU32::new(0);
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|_| {
                    let mut w = worker(false);
                    let (root, current) = (&root, &current);
                    scope.spawn(move || {
                        w.deepen(root, max_depth, current, |_, _, _| {});
                        w.nodes
                    })
                })
                .collect();
            let mut w = worker(true);
            w.deepen(&root, max_depth, &current, |depth, score, nodes| {
                // Read at once: a later, unfinished iteration may reuse
                // the root's slot.
                if let Some(best) = self.tt.probe(root.position_hash()).and_then(|e| e.best) {
                    report.best = best;
                    report.score = score;
                    report.depth = depth;
                    report.nodes = nodes;
                    report.pv = self.principal_variation(&root, depth as usize);
                    if let Some(p) = &limits.progress {
                        p.set(info_line(history.current(), &report, started.elapsed()));
                    }
                }
            });
            stop.store(true, Ordering::Relaxed);
            nodes = w.nodes
                + helpers
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0))
                    .sum::<u64>();
        });
        report.nodes = nodes;
        self.last = Some(info_line(history.current(), &report, started.elapsed()));
        report
    }
}

/// The score as an engine `info` line says it: `mate N` (moves, negative
/// when losing) or `cp N`.
fn score_text(score: i32) -> String {
    if score >= PROVED {
        format!("mate {}", (WIN - score + 1) / 2)
    } else if score <= -PROVED {
        format!("mate -{}", (WIN + score + 1) / 2)
    } else {
        format!("cp {score}")
    }
}

/// The search's `info` fields ([`crate::bot::info_fields`]), its line in
/// notation from `root`.
fn info_line<G: Game>(root: &G, report: &SearchReport<G::Move>, time: Duration) -> String {
    crate::bot::info_fields(
        root,
        report.depth as usize,
        &score_text(report.score),
        report.nodes,
        time,
        &report.pv,
    )
}

impl<G: Game + Evaluate> Bot<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        let budget = match self.config.budget {
            Budget::Time(d) => format!("ms={}", d.as_millis()),
            Budget::Nodes(n) => format!("nodes={n}"),
            Budget::Depth(d) => format!("depth={d}"),
        };
        match self.config.threads {
            0 | 1 => format!("alphabeta({budget})"),
            n => format!("alphabeta({budget},threads={n})"),
        }
    }

    fn choose(&mut self, history: &History<G>, limits: &Limits) -> G::Move {
        self.search(history, limits).best
    }

    fn new_game(&mut self) {
        self.tt.clear();
    }

    fn info(&self) -> Option<String> {
        self.last.clone()
    }
}
