//! The core of tablero: the [`Game`] trait every game implements, and what is
//! written once for all games on top of it: [`History`] (repetition, undo),
//! [`Record`] (replayable game records), [`perft`], random playouts, move
//! lists, the two-game match with seats swapped ([`SeatSwapMatch`]), and —
//! with the `testing` feature — the conformance kit.
//!
//! Nothing here knows a particular game.
//!
//! ```
//! use tablero_core::{Outcome, Player, Reason};
//! let o = Outcome::win(Player::P2, Reason::Goal);
//! assert_eq!(o.result_for(Player::P1), 0.0);
//! assert_eq!(o.to_string(), "p2 wins (goal, 0-1)");
//! ```
#![deny(missing_docs)]

mod bits;
mod eval;
mod game;
mod history;
pub mod movelist;
mod outcome;
mod perft;
mod player;
mod playout;
mod record;
mod seatswap;
mod text;

#[cfg(feature = "testing")]
pub mod conformance;

pub use bits::bit_indices;
pub use eval::Evaluate;
pub use game::{resolve_exact, Game, IllegalMove, MoveBuf, MoveError, Variant};
pub use history::History;
pub use movelist::{format_move_list, play_move_list, split_move_list, MoveListError};
pub use outcome::{Outcome, Points, Reason};
pub use perft::{perft, perft_divide};
pub use player::{ByPlayer, Player};
pub use playout::{random_playout, Playout, Playouts};
pub use record::{check_result, Period, Record, RecordDate, RecordError, TimeControlTag};
pub use seatswap::{Person, SeatSwapMatch};
pub use tablero_i18n::{display_by_message, id, Arg, Failure, Localize, Message};
pub use text::fields;

/// Re-exported so games can name move-list buffers.
pub use arrayvec::ArrayVec;

/// Mixes 64 bits into a well-spread hash (SplitMix64's finaliser). Games
/// build their position hashes from it.
#[must_use]
pub const fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D4_9BB9_1331_11EB);
    z ^ (z >> 31)
}
