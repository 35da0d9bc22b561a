//! The computer players of Super Dimensiones and of 8x8 draughts: the
//! generic levels (MCTS, then alpha-beta with quiescence over captures).

use super::{generic_level, LevelInfo, Play, GENERIC_LEVELS};
use crate::bot::Bot;
use tablero_games::dimensiones::Dimensiones;
use tablero_games::draughts::Draughts;

impl Play for Dimensiones {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Dimensiones>> {
        generic_level(level, seed)
    }

    fn levels() -> [LevelInfo; 5] {
        GENERIC_LEVELS
    }
}

impl Play for Draughts {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Draughts>> {
        generic_level(level, seed)
    }

    fn levels() -> [LevelInfo; 5] {
        GENERIC_LEVELS
    }
}
