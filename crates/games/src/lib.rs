//! The rules of tablero's games, each in its own module with the same shape:
//! `mod.rs` (the [`tablero_core::Game`] impl and the variant), `board.rs`,
//! `movegen.rs`, `notation.rs`, `error.rs`, `eval.rs` and `describe.rs`
//! (the game's names, sides, variants and board view: [`Describe`]).
//!
//! [`GAMES`] lists every game's description, and [`with_game!`] runs code
//! for a game named at run time; both come from one list in `describe.rs`.
#![deny(missing_docs)]

/// `msg!("id", name = value, ...)`: a [`tablero_core::Message`] with id
/// `id` of `locales/*/games.ftl` (checked at compile time: an id that the
/// catalogue lacks does not compile) and each value as a text argument of
/// the same name. Its English comes from the English catalogue.
macro_rules! msg {
    ($id:tt $(, $name:ident = $value:expr)* $(,)?) => {
        tablero_core::Message::of(tablero_i18n::id!($id))
            $( .text(stringify!($name), &$value) )*
    };
}

mod describe;
pub use describe::{cell_names, game_info, Describe, GameInfo, Text, VariantChoice, GAMES};

pub mod dimensiones;
pub mod draughts;
pub mod imago;
pub mod jarmo;
pub mod linja;
