//! Errors of Linja's text formats: position strings, moves and rule sets.

use super::board::Row;
use tablero_core::{Localize, Message};

/// A position string that could not be read, or counts that are no
/// position. Every variant carries the byte offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not the three fields `rows side passes`.
    #[error("at byte {at}: expected 3 fields `ROWS SIDE PASSES` (e.g. `6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0`), found {found}")]
    FieldCount {
        /// Where the missing or extra field is.
        at: usize,
        /// Fields found.
        found: usize,
    },
    /// The rows field does not have 8 rows separated by `/`.
    #[error("at byte {at}: expected 8 rows (0 to 7) separated by `/`, found {found}")]
    RowCount {
        /// Where the rows field starts.
        at: usize,
        /// Rows found.
        found: usize,
    },
    /// A row that is not `.`, `3r`, `2b` or `1r4b`.
    #[error("at byte {at}: row {text:?} must be `.` (empty) or counts like `3r`, `2b`, `1r4b`")]
    BadRow {
        /// Where the row starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// A side without 12 pieces.
    #[error("at byte {at}: {colour} needs 12 pieces, found {found}")]
    PieceCount {
        /// Where the rows field starts.
        at: usize,
        /// `red` or `black`.
        colour: &'static str,
        /// Pieces found.
        found: u32,
    },
    /// A field row (1–6) with more than 6 pieces.
    #[error("at byte {at}: row {row} holds {found} pieces; a field row holds at most 6")]
    FullRow {
        /// Where the row starts.
        at: usize,
        /// The row.
        row: Row,
        /// Pieces found.
        found: u32,
    },
    /// The side to move is not `r` or `b`.
    #[error("at byte {at}: the side to move must be `r` or `b`, found {text:?}")]
    BadSide {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The pass counter is not 0, 1 or 2, or contradicts a finished game.
    #[error("at byte {at}: the passes in a row must be 0, 1 or 2 (0 once the sides have passed each other), found {text:?}")]
    BadPasses {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
}

/// A move text that is not a move in Linja's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveSyntaxError {
    /// Empty text.
    #[error("empty move")]
    Empty,
    /// A step that is not two different rows 0–7 joined by `-`.
    #[error("{text:?} is not a step: write two different rows 0-7 like `0-1` or `3-5`")]
    BadStep {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// Too many steps, or an extra turn after a turn without a following
    /// move.
    #[error("expected `0-1`, `0-1 3-5` or `2-1 5-2; 1-0 1-0` (at most two steps, then `;` and the extra turn's steps)")]
    Shape {
        /// Where the text stops making sense.
        at: usize,
    },
}

impl MoveSyntaxError {
    /// Byte offset of the problem.
    #[must_use]
    pub fn at(&self) -> usize {
        match self {
            MoveSyntaxError::Empty => 0,
            MoveSyntaxError::BadStep { at, .. } | MoveSyntaxError::Shape { at } => *at,
        }
    }
}

/// A rule set name that is neither `publisher` nor `seed`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown Linja variant {text:?}: use `publisher` (default) or `seed`")]
pub struct RulesError {
    /// The text given.
    pub text: String,
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            PositionError::FieldCount { at, found } => {
                Message::new("linja-pos-field-count", english)
                    .num("at", *at)
                    .num("found", *found)
            }
            PositionError::RowCount { at, found } => Message::new("linja-pos-row-count", english)
                .num("at", *at)
                .num("found", *found),
            PositionError::BadRow { at, text } => Message::new("linja-pos-bad-row", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::PieceCount { at, colour, found } => {
                Message::new("linja-pos-piece-count", english)
                    .num("at", *at)
                    .text("colour", colour)
                    .num("found", *found)
            }
            PositionError::FullRow { at, row, found } => {
                Message::new("linja-pos-full-row", english)
                    .num("at", *at)
                    .text("row", row)
                    .num("found", *found)
            }
            PositionError::BadSide { at, text } => Message::new("linja-pos-bad-side", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadPasses { at, text } => Message::new("linja-pos-bad-passes", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
        }
    }
}

impl Localize for MoveSyntaxError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            MoveSyntaxError::Empty => Message::new("move-empty", english),
            MoveSyntaxError::BadStep { text, .. } => {
                Message::new("linja-move-bad-step", english).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::new("linja-move-shape", english),
        }
    }
}

impl Localize for RulesError {
    fn message(&self) -> Message {
        Message::new("linja-variant", self.to_string()).text("text", format!("{:?}", self.text))
    }
}
