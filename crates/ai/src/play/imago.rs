//! Imago's computer players: the solver decides at the top levels.

use super::{LevelInfo, Play};
use crate::bot::{Bot, Budget, Limits};
use crate::mcts::{Mcts, MctsConfig};
use crate::solve::imago::{ImagoSolution, Value};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::{Arc, Mutex, OnceLock};
use tablero_core::{Game, History, Player};
use tablero_games::imago::{Imago, Layout, Move};

/// The solved layout, computed once per process and layout.
#[must_use]
pub fn solution_for(layout: &Layout) -> Arc<ImagoSolution> {
    static CACHE: OnceLock<Mutex<Vec<Arc<ImagoSolution>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let mut cache = cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(s) = cache.iter().find(|s| s.layout() == layout) {
        return Arc::clone(s);
    }
    let s = Arc::new(ImagoSolution::solve(layout));
    if cache.len() >= 8 {
        cache.remove(0);
    }
    cache.push(Arc::clone(&s));
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
