//! Computer players and exact solvers for tablero's games, written once
//! against the [`tablero_core::Game`] and [`tablero_core::Evaluate`] traits:
//! Monte Carlo tree search ([`mcts`]), alpha-beta ([`alphabeta`]), exact
//! solvers ([`solve`]), levels, the arena, and the table of a game in
//! progress with the rules around the board ([`table`]).
#![deny(missing_docs)]

pub mod alphabeta;
pub mod analysis;
pub mod arena;
pub mod bot;
pub mod clock;
pub mod course;
pub mod mcts;
pub mod pairings;
pub mod play;
pub mod puzzles;
pub mod review;
pub mod solve;
pub mod strength;
pub mod table;
pub mod ugi;

pub use bot::{Bot, Budget, Limits, Progress, RandomBot};
pub use play::{parse_spec, spec_level, Play};
