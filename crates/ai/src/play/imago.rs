//! Imago's computer players: the solver decides at the top levels.

use super::{LevelInfo, Play};
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::bot::{Action, Bot, Budget, Limits};
use crate::mcts::{Mcts, MctsConfig};
use crate::solve::imago::{ImagoSolution, Value};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tablero_core::{Game, History};
use tablero_games::imago::{Imago, Layout};

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
/// that leaves the opponent the most losing replies. Claims "Jacke" as soon
/// as the win is proved, when `claims` is on.
pub struct ImagoSolver {
    rng: Xoshiro256PlusPlus,
    claims: bool,
}

impl ImagoSolver {
    /// A solver player.
    #[must_use]
    pub fn new(seed: u64, claims: bool) -> ImagoSolver {
        ImagoSolver {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            claims,
        }
    }
}

/// Of the drawing moves, those after which the most opponent replies lose.
fn trap_moves(
    sol: &ImagoSolution,
    pos: &Imago,
    moves: Vec<tablero_games::imago::Move>,
) -> Vec<tablero_games::imago::Move> {
    let scored: Vec<(tablero_games::imago::Move, i64)> = moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let replies = sol.move_values(&next);
            let losing = replies
                .iter()
                .filter(|(_, v)| matches!(v, Value::Loss(_)))
                .count() as i64;
            (m, losing * 1000 / replies.len().max(1) as i64)
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
        "solver".into()
    }

    fn act(
        &mut self,
        history: &History<Imago>,
        limits: &Limits,
    ) -> Action<tablero_games::imago::Move> {
        let pos = history.current();
        let sol = solution_for(pos.layout());
        if self.claims && !limits.no_claims && sol.claim_is_valid(pos) {
            return Action::Claim;
        }
        let mut best = sol.best_moves(pos);
        if sol.value(pos) == Value::Draw {
            best = trap_moves(&sol, pos, best);
        }
        Action::Move(best[self.rng.gen_range(0..best.len())])
    }
}

/// Level 4: alpha-beta for the moves, the solver only to claim a proved win.
struct Claiming<B> {
    inner: B,
}

impl<B: Bot<Imago>> Bot<Imago> for Claiming<B> {
    fn name(&self) -> String {
        format!("{}+claims", self.inner.name())
    }

    fn act(
        &mut self,
        history: &History<Imago>,
        limits: &Limits,
    ) -> Action<tablero_games::imago::Move> {
        if !limits.no_claims && Imago::claim_valid(history) {
            Action::Claim
        } else {
            self.inner.act(history, limits)
        }
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }
}

impl Play for Imago {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Imago>> {
        let mcts = |budget| {
            Mcts::new(MctsConfig {
                budget,
                seed,
                ..MctsConfig::default()
            })
        };
        match level {
            0 | 1 => Box::new(mcts(Budget::Nodes(30))),
            2 => Box::new(mcts(Budget::Nodes(300))),
            3 => Box::new(mcts(Budget::Time(Duration::from_millis(250)))),
            4 => Box::new(Claiming {
                inner: AlphaBeta::new(AlphaBetaConfig {
                    budget: Budget::Time(Duration::from_secs(1)),
                    ..AlphaBetaConfig::default()
                }),
            }),
            _ => Box::new(ImagoSolver::new(seed, true)),
        }
    }

    fn levels() -> [LevelInfo; 5] {
        [
            LevelInfo {
                level: 1,
                recipe: "MCTS, 30 iterations",
            },
            LevelInfo {
                level: 2,
                recipe: "MCTS, 300 iterations",
            },
            LevelInfo {
                level: 3,
                recipe: "MCTS, 0.25 s",
            },
            LevelInfo {
                level: 4,
                recipe: "alpha-beta, 1 s; claims Jacke when the solver proves it",
            },
            LevelInfo {
                level: 5,
                recipe: "the exact solver (sets traps in drawn positions); claims Jacke",
            },
        ]
    }

    fn exact(seed: u64) -> Option<Box<dyn Bot<Imago>>> {
        Some(Box::new(ImagoSolver::new(seed, true)))
    }

    const CLAIMS: bool = true;

    fn claim_valid(history: &History<Imago>) -> bool {
        let pos = history.current();
        history.outcome().is_none() && solution_for(pos.layout()).claim_is_valid(pos)
    }
}
