//! The computer players of Super Dimensiones: levels 1 to 4 as in 8x8
//! draughts (MCTS whose playouts stop at the heuristic after 8 plies), and
//! at level 5, where the two sub-games cannot interact (cards M and W),
//! alpha-beta on the sub-game to move alone (on the whole game once that
//! sub-game nears its end).
//!
//! Measured with `tablero match` (docs/ai.md): alpha-beta searching the
//! whole Super Dimensiones position lost to MCTS at equal time, since each
//! ply of it alternates between two unrelated games; searching the
//! sub-game alone, with quiescence that never declines a compulsory
//! capture, it beats MCTS clearly. Where the sub-games interact (cards I or
//! E), level 5 stays MCTS, exploring less than plain UCT (c = 0.5): the
//! heuristic counts a small lead as most of a sub-game, and that sharper
//! signal is worth following.

use super::draughts::{levels, mcts_level, TOP_MS};
use super::{LevelInfo, Play};
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::bot::{Bot, Budget, Limits};
use std::time::Duration;
use tablero_core::{Game, History};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::draughts::Move;

/// Super Dimensiones: level 5 is alpha-beta on the sub-game to move where
/// the sub-games are independent, else MCTS as in draughts with the
/// exploration constant 0.5.
const DIMENSIONES_LEVELS: [LevelInfo; 5] = levels(
    "card sets with M and W: alpha-beta, 2 s, on the sub-game to move alone \
     (the whole game near its end); \
     others: MCTS, 2 s on 2 threads, playouts scored by the heuristic after 8 plies, \
     exploration 0.5",
);

/// Super Dimensiones' level 5: alpha-beta where the rule set's sub-games
/// are independent (it then searches the sub-game to move alone, see
/// [`Evaluate::focus`](tablero_core::Evaluate::focus)), MCTS elsewhere.
/// Each is built when first needed: a game uses one of them, and the
/// alpha-beta's table is large.
struct DimensionesTop {
    seed: u64,
    alphabeta: Option<AlphaBeta<Dimensiones>>,
    mcts: Option<Box<dyn Bot<Dimensiones>>>,
    /// Whether alpha-beta chose the last move.
    searched: bool,
}

impl DimensionesTop {
    fn new(seed: u64) -> Self {
        DimensionesTop {
            seed,
            alphabeta: None,
            mcts: None,
            searched: false,
        }
    }
}

impl Bot<Dimensiones> for DimensionesTop {
    fn name(&self) -> String {
        format!("alphabeta(ms={TOP_MS}) / mcts(ms={TOP_MS},c=0.5,threads=2)")
    }

    fn choose(&mut self, history: &History<Dimensiones>, limits: &Limits) -> Move {
        self.searched = history.current().variant().independent_subgames();
        if self.searched {
            self.alphabeta
                .get_or_insert_with(|| {
                    AlphaBeta::new(AlphaBetaConfig {
                        budget: Budget::Time(Duration::from_millis(TOP_MS)),
                        ..AlphaBetaConfig::default()
                    })
                })
                .choose(history, limits)
        } else {
            let seed = self.seed;
            self.mcts
                .get_or_insert_with(|| mcts_level(5, seed, 0.5))
                .choose(history, limits)
        }
    }

    fn new_game(&mut self) {
        if let Some(a) = &mut self.alphabeta {
            a.new_game();
        }
        if let Some(m) = &mut self.mcts {
            m.new_game();
        }
    }

    fn info(&self) -> Option<String> {
        if self.searched {
            self.alphabeta.as_ref()?.info()
        } else {
            self.mcts.as_ref()?.info()
        }
    }
}

impl Play for Dimensiones {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Dimensiones>> {
        if level >= 5 {
            Box::new(DimensionesTop::new(seed))
        } else {
            mcts_level(level, seed, 0.5)
        }
    }

    fn levels() -> [LevelInfo; 5] {
        DIMENSIONES_LEVELS
    }
}
