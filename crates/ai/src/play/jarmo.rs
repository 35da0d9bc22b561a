//! Jarmo's computer players.

use super::{generic_level, LevelInfo, Play, GENERIC_LEVELS};
use crate::bot::Bot;
use tablero_games::jarmo::Jarmo;

impl Play for Jarmo {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Jarmo>> {
        generic_level(level, seed)
    }

    fn levels() -> [LevelInfo; 5] {
        GENERIC_LEVELS
    }
}
