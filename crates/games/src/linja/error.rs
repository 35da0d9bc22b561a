//! Errors of Linja's text formats: position strings, moves and rule sets.

use super::board::Row;
use tablero_core::{Localize, Message};
use tablero_i18n::id;

/// A position string that could not be read, or counts that are no
/// position. Every variant carries the byte offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not the three fields `rows side passes`.
    FieldCount {
        /// Where the missing or extra field is.
        at: usize,
        /// Fields found.
        found: usize,
    },
    /// The rows field does not have 8 rows separated by `/`.
    RowCount {
        /// Where the rows field starts.
        at: usize,
        /// Rows found.
        found: usize,
    },
    /// A row that is not `.`, `3r`, `2b` or `1r4b`.
    BadRow {
        /// Where the row starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// A side without 12 pieces.
    PieceCount {
        /// Where the rows field starts.
        at: usize,
        /// `red` or `black`.
        colour: &'static str,
        /// Pieces found.
        found: u32,
    },
    /// A field row (1–6) with more than 6 pieces.
    FullRow {
        /// Where the row starts.
        at: usize,
        /// The row.
        row: Row,
        /// Pieces found.
        found: u32,
    },
    /// The side to move is not `r` or `b`.
    BadSide {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The pass counter is not 0, 1 or 2, or contradicts a finished game.
    BadPasses {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
}

/// A move text that is not a move in Linja's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSyntaxError {
    /// Empty text.
    Empty,
    /// A step that is not two different rows 0–7 joined by `-`.
    BadStep {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// Too many steps, or an extra turn after a turn without a following
    /// move.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// The text given.
    pub text: String,
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        match self {
            PositionError::FieldCount { at, found } => Message::of(id!("linja-pos-field-count"))
                .num("at", *at)
                .num("found", *found),
            PositionError::RowCount { at, found } => Message::of(id!("linja-pos-row-count"))
                .num("at", *at)
                .num("found", *found),
            PositionError::BadRow { at, text } => Message::of(id!("linja-pos-bad-row"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::PieceCount { at, colour, found } => {
                Message::of(id!("linja-pos-piece-count"))
                    .num("at", *at)
                    .text("colour", colour)
                    .num("found", *found)
            }
            PositionError::FullRow { at, row, found } => Message::of(id!("linja-pos-full-row"))
                .num("at", *at)
                .text("row", row)
                .num("found", *found),
            PositionError::BadSide { at, text } => Message::of(id!("linja-pos-bad-side"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadPasses { at, text } => Message::of(id!("linja-pos-bad-passes"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
        }
    }
}

impl Localize for MoveSyntaxError {
    fn message(&self) -> Message {
        match self {
            MoveSyntaxError::Empty => Message::of(id!("move-empty")),
            MoveSyntaxError::BadStep { text, .. } => {
                Message::of(id!("linja-move-bad-step")).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::of(id!("linja-move-shape")),
        }
    }
}

impl Localize for RulesError {
    fn message(&self) -> Message {
        Message::of(id!("linja-variant")).text("text", format!("{:?}", self.text))
    }
}

tablero_i18n::display_by_message!(PositionError, MoveSyntaxError, RulesError);
