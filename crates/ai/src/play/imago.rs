//! Imago's computer players: the solver decides at the top levels.

use super::{LevelInfo, Play};
use crate::bot::{Bot, Budget, Limits};
use crate::mcts::{Mcts, MctsConfig};
use crate::solve::imago::{ImagoSolution, Value};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use tablero_core::{Game, History, Player};
use tablero_games::imago::{Imago, Layout, Move};

/// The bytes of solved layouts kept in memory by default: 64 MiB, about 40
/// layouts (each table is about 1.6 MB).
pub const DEFAULT_SOLUTION_CACHE_BYTES: usize = 64 << 20;

static CACHE_BYTES: AtomicUsize = AtomicUsize::new(DEFAULT_SOLUTION_CACHE_BYTES);

/// Sets how many bytes of solved layouts the process keeps (the least
/// recently used are dropped first; at least the newest one is kept).
pub fn set_solution_cache_bytes(bytes: usize) {
    CACHE_BYTES.store(bytes, Ordering::Relaxed);
    cache()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .evict(bytes);
}

/// A solve in progress or done: every caller asking for the layout waits on
/// the same cell, so one solve serves them all.
type Slot = Arc<OnceLock<Arc<ImagoSolution>>>;

/// The solved layouts, least recently used dropped first once their bytes
/// pass [`CACHE_BYTES`], and the solves in progress. The lock is held only
/// to look up and insert, never during a solve.
#[derive(Default)]
struct Cache {
    done: HashMap<Layout, (Arc<ImagoSolution>, u64)>,
    bytes: usize,
    clock: u64,
    solving: HashMap<Layout, Slot>,
}

impl Cache {
    fn get(&mut self, layout: &Layout) -> Option<Arc<ImagoSolution>> {
        self.clock += 1;
        let clock = self.clock;
        self.done.get_mut(layout).map(|(s, used)| {
            *used = clock;
            Arc::clone(s)
        })
    }

    fn insert(&mut self, s: Arc<ImagoSolution>) {
        self.clock += 1;
        self.bytes += s.memory_bytes();
        if let Some((old, _)) = self.done.insert(s.layout().clone(), (s, self.clock)) {
            self.bytes -= old.memory_bytes();
        }
        self.evict(CACHE_BYTES.load(Ordering::Relaxed));
    }

    /// Drops the least recently used layouts until at most `budget` bytes
    /// are kept, or one layout.
    fn evict(&mut self, budget: usize) {
        while self.bytes > budget && self.done.len() > 1 {
            let oldest = self
                .done
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(l, _)| l.clone())
                .expect("not empty");
            if let Some((s, _)) = self.done.remove(&oldest) {
                self.bytes -= s.memory_bytes();
            }
        }
    }
}

fn cache() -> &'static Mutex<Cache> {
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    CACHE.get_or_init(Mutex::default)
}

/// The solved layout if it is in memory now (no solve).
#[must_use]
pub fn cached_solution(layout: &Layout) -> Option<Arc<ImagoSolution>> {
    cache()
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(layout)
}

/// The solved layout, computed once per process and layout and kept while
/// memory allows (see [`set_solution_cache_bytes`]). Solves of different
/// layouts run at the same time; callers asking for a layout being solved
/// wait for that solve rather than starting another.
#[must_use]
pub fn solution_for(layout: &Layout) -> Arc<ImagoSolution> {
    let slot = {
        let mut cache = cache().lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(s) = cache.get(layout) {
            return s;
        }
        Arc::clone(cache.solving.entry(layout.clone()).or_default())
    };
    // Removes the slot from the solves in progress even if the solve
    // panics, so that a later call tries again.
    struct Done<'a>(&'a Layout, &'a Slot);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            let mut cache = cache().lock().unwrap_or_else(PoisonError::into_inner);
            if cache
                .solving
                .get(self.0)
                .is_some_and(|s| Arc::ptr_eq(s, self.1))
            {
                cache.solving.remove(self.0);
                if let Some(s) = self.1.get() {
                    cache.insert(Arc::clone(s));
                }
            }
        }
    }
    let done = Done(layout, &slot);
    let s = Arc::clone(slot.get_or_init(|| Arc::new(ImagoSolution::solve(layout))));
    drop(done);
    s
}

/// The exact player: never worsens the solved value; wins by the shortest
/// way, loses by the longest; in a drawn position it picks the drawing move
/// that leaves the opponent the most losing replies. (Its claim of "Jacke"
/// is Imago's extension of the levels: [`Play::claims_now`].)
///
/// With a `horizon` it sees a win or loss only when it ends within that
/// many plies and takes everything else for a draw, like a player who
/// calculates that far; with `noise` > 0 it plays a uniformly random legal
/// move with that probability. Both make the lower levels err like people.
pub struct ImagoSolver {
    rng: Xoshiro256PlusPlus,
    noise: f64,
    horizon: u16,
}

impl ImagoSolver {
    /// A solver player that sees `horizon` plies (`u16::MAX`: everything)
    /// and errs with probability `noise`.
    #[must_use]
    pub fn new(seed: u64, noise: f64, horizon: u16) -> ImagoSolver {
        ImagoSolver {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            noise,
            horizon,
        }
    }

    fn seen(&self, v: Value) -> Value {
        seen_within(v, self.horizon)
    }
}

/// Of the drawing moves, those that do not repeat a position of the game
/// (when any does not) and, among them, those after which the opponent has
/// the most losing replies, a loss the opponent needs longer to see
/// counting more. `seen` masks what the player can see.
fn trap_moves(
    sol: &ImagoSolution,
    history: &History<Imago>,
    moves: Vec<Move>,
    seen: impl Fn(Value) -> Value,
) -> Vec<Move> {
    let pos = history.current();
    let repeats = |p: &Imago| {
        history
            .positions()
            .iter()
            .filter(|q| q.repetition_key() == p.repetition_key())
            .count() as i64
    };
    let scored: Vec<(Move, i64)> = moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let replies = sol.move_values(&next);
            let traps: i64 = replies
                .iter()
                .map(|(_, v)| match seen(*v) {
                    Value::Loss(d) => 10 + i64::from(d),
                    _ => 0,
                })
                .sum();
            (
                m,
                -1_000_000 * repeats(&next) + traps * 1000 / replies.len().max(1) as i64,
            )
        })
        .collect();
    let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
    scored
        .into_iter()
        .filter(|s| s.1 == best)
        .map(|s| s.0)
        .collect()
}

impl Bot<Imago> for ImagoSolver {
    fn name(&self) -> String {
        format!("solver(noise={},horizon={})", self.noise, self.horizon)
    }

    fn choose(&mut self, history: &History<Imago>, _: &Limits) -> Move {
        let pos = history.current();
        let sol = solution_for(pos.layout());
        if self.noise > 0.0 && self.rng.gen_bool(self.noise) {
            let moves = sol.move_values(pos);
            return moves[self.rng.gen_range(0..moves.len())].0;
        }
        let values: Vec<(Move, Value)> = sol
            .move_values(pos)
            .into_iter()
            .map(|(m, v)| (m, self.seen(v)))
            .collect();
        let top = values
            .iter()
            .map(|(_, v)| v.rank())
            .max()
            .expect("a legal move");
        let mut best: Vec<Move> = values
            .iter()
            .filter(|(_, v)| v.rank() == top)
            .map(|(m, _)| *m)
            .collect();
        if values
            .iter()
            .any(|(_, v)| v.rank() == top && *v == Value::Draw)
        {
            best = trap_moves(&sol, history, best, |v| self.seen(v));
        }
        best[self.rng.gen_range(0..best.len())]
    }
}

impl Play for Imago {
    /// Every move's solved value, from the layout's solution (solved once
    /// per layout and cached).
    fn exact_move_values(pos: &Imago, _reach: u64) -> Option<Vec<(Move, crate::analysis::Exact)>> {
        let values = solution_for(pos.layout())
            .move_values(pos)
            .into_iter()
            .map(|(m, v)| (m, v.into()))
            .collect();
        Some(crate::analysis::best_first(values))
    }

    fn level(level: u8, seed: u64) -> Box<dyn Bot<Imago>> {
        let mcts = |iterations| {
            Mcts::new(MctsConfig {
                budget: Budget::Nodes(iterations),
                seed,
                ..MctsConfig::default()
            })
        };
        match (level, solver_horizon(level)) {
            (_, Some(horizon)) => Box::new(ImagoSolver::new(seed, 0.0, horizon)),
            (0 | 1, None) => Box::new(mcts(6)),
            (2, None) => Box::new(mcts(40)),
            _ => Box::new(mcts(120)),
        }
    }

    fn levels() -> [LevelInfo; 5] {
        [
            LevelInfo { level: 1, recipe: "MCTS, 6 iterations" },
            LevelInfo { level: 2, recipe: "MCTS, 40 iterations" },
            LevelInfo { level: 3, recipe: "MCTS, 120 iterations" },
            LevelInfo {
                level: 4,
                recipe: "the solver seeing 3 plies ahead (sets short traps, avoids short losses); claims Jacke",
            },
            LevelInfo {
                level: 5,
                recipe: "the exact solver (never worsens the value; sets traps in drawn positions); claims Jacke",
            },
        ]
    }

    fn exact(seed: u64, noise: f64, horizon: u16) -> Option<Box<dyn Bot<Imago>>> {
        Some(Box::new(ImagoSolver::new(seed, noise, horizon)))
    }

    fn claim_valid(history: &History<Imago>) -> bool {
        let pos = history.current();
        history.outcome().is_none() && solution_for(pos.layout()).claim_is_valid(pos)
    }

    /// The solver levels (4, 5 and the exact player) claim "Jacke" as soon
    /// as the win is proved.
    fn claims_now(level: Option<u8>, history: &History<Imago>) -> bool {
        level.and_then(solver_horizon).is_some() && Self::claim_valid(history)
    }

    /// The solver levels accept when they see no win of their own: in a
    /// drawn position the solver would otherwise dodge every repetition
    /// for as long as the game allows (a game against UCT at 100 ms a move
    /// ran to 8,089 plies). Level 4 sees 3 plies ahead, so it also accepts
    /// where its win is further away than that. The MCTS levels decline.
    fn accepts_draw(level: u8, history: &History<Imago>, me: Player) -> bool {
        let Some(horizon) = solver_horizon(level) else {
            return false;
        };
        if history.is_over() {
            return false;
        }
        let pos = history.current();
        let to_move = pos.side_to_move() == me;
        let sees_a_win = match seen_within(solution_for(pos.layout()).value(pos), horizon) {
            Value::Win(_) => to_move,
            Value::Loss(_) => !to_move,
            Value::Draw => false,
        };
        !sees_a_win
    }
}

/// `v` as a player who sees `horizon` plies ahead takes it: a win or loss
/// further away looks drawn.
fn seen_within(v: Value, horizon: u16) -> Value {
    match v {
        Value::Win(d) | Value::Loss(d) if d > horizon => Value::Draw,
        v => v,
    }
}

/// How far the solver of `level` sees, or `None` for the MCTS levels.
const fn solver_horizon(level: u8) -> Option<u16> {
    match level {
        0..=3 => None,
        4 => Some(3),
        _ => Some(u16::MAX),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(text: &str) -> Layout {
        text.parse().expect("a layout")
    }

    #[test]
    fn concurrent_callers_of_one_layout_share_one_solve() {
        let l = layout("red:b2,b5 blue:g2,g5 walls:c3-d3,e4-e5");
        let all: Vec<Arc<ImagoSolution>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4).map(|_| s.spawn(|| solution_for(&l))).collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(all.iter().all(|s| Arc::ptr_eq(s, &all[0])), "one solve");
        assert!(Arc::ptr_eq(&cached_solution(&l).expect("cached"), &all[0]));
    }

    #[test]
    fn the_cache_drops_the_least_recently_used_layout_past_its_bytes() {
        let [a, b, c] = ["walls:c2-c3", "walls:c3-c4", "walls:d3-d4"]
            .map(|t| Arc::new(ImagoSolution::solve(&layout(t))));
        let mut cache = Cache::default();
        cache.insert(Arc::clone(&a));
        cache.insert(Arc::clone(&b));
        assert!(cache.get(a.layout()).is_some());
        cache.insert(Arc::clone(&c));
        cache.evict(a.memory_bytes() * 2);
        assert!(cache.get(b.layout()).is_none(), "b was used least recently");
        assert!(cache.get(a.layout()).is_some());
        assert!(cache.get(c.layout()).is_some());
        assert_eq!(cache.bytes, a.memory_bytes() * 2);
        cache.evict(0);
        assert_eq!(cache.done.len(), 1, "the newest layout stays");
    }
}
