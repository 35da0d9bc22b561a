//! Computer players and exact solvers for tablero's games, written against
//! the [`tablero_core::Game`] trait where they can be generic.
#![deny(missing_docs)]

pub mod solve;
