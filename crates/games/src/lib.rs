//! The rules of tablero's games, each in its own module with the same shape:
//! `mod.rs` (the [`tablero_core::Game`] impl and the variant), `board.rs`,
//! `movegen.rs`, `notation.rs`, `error.rs`, `eval.rs` and `describe.rs`
//! (the game's names, sides, variants and board view: [`Describe`]).
//!
//! [`GAMES`] lists every game's description, and [`with_game!`] runs code
//! for a game named at run time; both come from one list in `describe.rs`.
#![deny(missing_docs)]

/// `msg!("id", "English {name}", name = value, ...)`: a
/// [`tablero_core::Message`] with id `id` (in `locales/*/games.ftl`), its
/// English text formatted from the named values, and each value as a text
/// argument of the same name.
macro_rules! msg {
    ($id:literal, $fmt:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        $(
            #[allow(clippy::redundant_locals)]
            let $name = $value;
        )*
        tablero_core::Message::new($id, format!($fmt $(, $name = $name)*))
            $( .text(stringify!($name), &$name) )*
    }};
}

mod describe;
pub use describe::{cell_names, game_info, Describe, GameInfo, Text, VariantChoice, GAMES};

pub mod dimensiones;
pub mod draughts;
pub mod imago;
pub mod jarmo;
pub mod linja;
