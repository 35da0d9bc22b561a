//! Errors of Super Dimensiones' text formats. Position strings and moves
//! share the draughts core's errors ([`crate::draughts::PositionError`],
//! [`crate::draughts::MoveSyntaxError`]).

use tablero_core::{Localize, Message};

/// A rule-set text that is not five cards like `I-C-A-W-R`, optionally
/// followed by `+huff`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at byte {at}: {reason}")]
pub struct VariantError {
    /// Byte offset of the problem.
    pub at: usize,
    /// What is wrong.
    pub reason: Message,
}

impl Localize for VariantError {
    fn message(&self) -> Message {
        Message::new("error-at", self.to_string())
            .num("at", self.at)
            .msg("reason", self.reason.clone())
    }
}
