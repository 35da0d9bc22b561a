//! The computer players of 8x8 draughts: MCTS whose playouts stop at the
//! heuristic after 8 plies. Super Dimensiones' (`dimensiones.rs`) share
//! its levels 1 to 4 ([`mcts_level`], [`levels`]).

use super::{LevelInfo, Play, GENERIC_LEVELS};
use crate::bot::{Bot, Budget};
use crate::mcts::{Mcts, MctsConfig};
use std::time::Duration;
use tablero_core::{Evaluate, Game};
use tablero_games::draughts::Draughts;

/// Level 5's time per move in draughts and Super Dimensiones, in milliseconds (the level
/// recipes below say "2 s").
pub(super) const TOP_MS: u64 = 2000;

/// Levels 1–4 of draughts and Super Dimensiones: MCTS with 10, 100 and 1000 iterations, then
/// 5000 iterations with playouts cut off after 8 plies.
pub(super) const fn levels(top: &'static str) -> [LevelInfo; 5] {
    [
        GENERIC_LEVELS[0],
        GENERIC_LEVELS[1],
        GENERIC_LEVELS[2],
        LevelInfo {
            level: 4,
            recipe: "MCTS, 5000 iterations, playouts scored by the heuristic after 8 plies",
        },
        LevelInfo {
            level: 5,
            recipe: top,
        },
    ]
}

/// 8x8 draughts: level 5 is MCTS for 2 s on two threads, playouts cut off
/// after 8 plies.
const DRAUGHTS_LEVELS: [LevelInfo; 5] =
    levels("MCTS, 2 s on 2 threads, playouts scored by the heuristic after 8 plies");

/// The level's MCTS; `top_c` is level 5's exploration constant.
pub(super) fn mcts_level<G: Game + Evaluate>(level: u8, seed: u64, top_c: f64) -> Box<dyn Bot<G>> {
    let (budget, threads, cutoff, exploration) = match level {
        0 | 1 => (Budget::Nodes(10), 1, None, 1.0),
        2 => (Budget::Nodes(100), 1, None, 1.0),
        3 => (Budget::Nodes(1000), 1, None, 1.0),
        4 => (Budget::Nodes(5000), 1, Some(8), 1.0),
        _ => (
            Budget::Time(Duration::from_millis(TOP_MS)),
            2,
            Some(8),
            top_c,
        ),
    };
    Box::new(Mcts::new(MctsConfig {
        budget,
        threads,
        cutoff,
        exploration,
        seed,
        ..MctsConfig::default()
    }))
}

impl Play for Draughts {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Draughts>> {
        mcts_level(level, seed, 1.0)
    }

    fn levels() -> [LevelInfo; 5] {
        DRAUGHTS_LEVELS
    }
}
