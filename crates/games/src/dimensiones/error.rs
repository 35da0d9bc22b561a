//! Errors of Super Dimensiones' text formats. Position strings and moves
//! share the draughts core's errors ([`crate::draughts::PositionError`],
//! [`crate::draughts::MoveSyntaxError`]).

use tablero_core::{Localize, Message};
use tablero_i18n::id;

/// A rule-set text that is not five cards like `I-C-A-W-R`, optionally
/// followed by `+huff`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// Byte offset of the problem.
    pub at: usize,
    /// What is wrong.
    pub reason: Message,
}

impl Localize for VariantError {
    fn message(&self) -> Message {
        Message::of(id!("error-at"))
            .num("at", self.at)
            .msg("reason", self.reason.clone())
    }
}

tablero_i18n::display_by_message!(VariantError);
