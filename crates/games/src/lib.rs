//! The rules of tablero's games, each in its own module with the same shape:
//! `mod.rs` (the [`tablero_core::Game`] impl and the variant), `board.rs`,
//! `movegen.rs`, `notation.rs` and `error.rs`.
#![deny(missing_docs)]

pub mod dimensiones;
pub mod draughts;
pub mod imago;
pub mod jarmo;
pub mod linja;
