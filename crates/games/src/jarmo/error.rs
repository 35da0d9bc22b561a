//! Errors of Jarmo's text forms: position strings, moves and variant names.

use super::board::Point;
use tablero_core::{Localize, Message};
use tablero_i18n::id;

/// A variant name that is not `standard` or `flipped`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// Where the name starts.
    pub at: usize,
    /// The text found.
    pub text: String,
}

/// A position string that could not be read. Every variant carries the byte
/// offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not the five fields `board side owed quiet recent`.
    FieldCount {
        /// Where the missing or extra field is.
        at: usize,
        /// Fields found.
        found: usize,
    },
    /// The board field does not have five rows separated by `/`.
    RowCount {
        /// Where the board field starts.
        at: usize,
        /// Rows found.
        found: usize,
    },
    /// A character that is no archer and no count of empty points.
    BadChar {
        /// Where the character is.
        at: usize,
        /// The character.
        found: char,
    },
    /// A row that does not describe exactly five points.
    RowLength {
        /// Where the row starts.
        at: usize,
        /// The row's number (1-5).
        row: u8,
        /// Points described.
        found: usize,
    },
    /// More than five archers of one colour.
    TooManyArchers {
        /// Where the board field starts.
        at: usize,
        /// `dark` or `light`.
        colour: &'static str,
        /// Archers found.
        found: u32,
    },
    /// The side to move is not `d` or `l`.
    BadSide {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The owed returns are not two numbers `dark/light`.
    BadOwed {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// More returns owed than archers lost.
    OwedTooMany {
        /// Where the number is.
        at: usize,
        /// `dark` or `light`.
        colour: &'static str,
        /// Returns owed.
        owed: u8,
        /// Archers lost (5 minus those on the board).
        lost: u8,
    },
    /// The count of moves without a capture is not a number from 0 to 200.
    BadQuiet {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The recent moves are not `dark/light` lists of up to three moves.
    BadRecent {
        /// Where the problem is.
        at: usize,
        /// What is wrong.
        reason: Message,
    },
}

/// A move text that is not a move in Jarmo's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSyntaxError {
    /// Empty text.
    Empty,
    /// A point name that is not on the board.
    BadPoint {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// Not `from-to`, `fromxto` or `pass`, with an optional `+point`.
    Shape {
        /// Where the text stops making sense.
        at: usize,
    },
    /// The two points are not joined by a line.
    NotALine {
        /// Where the move starts.
        at: usize,
        /// Start point.
        from: Point,
        /// End point.
        to: Point,
    },
}

impl MoveSyntaxError {
    /// Byte offset of the problem.
    #[must_use]
    pub fn at(&self) -> usize {
        match self {
            MoveSyntaxError::Empty => 0,
            MoveSyntaxError::BadPoint { at, .. }
            | MoveSyntaxError::Shape { at }
            | MoveSyntaxError::NotALine { at, .. } => *at,
        }
    }
}

impl Localize for VariantError {
    fn message(&self) -> Message {
        Message::of(id!("jarmo-variant"))
            .num("at", self.at)
            .text("text", format!("{:?}", self.text))
    }
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        match self {
            PositionError::FieldCount { at, found } => Message::of(id!("jarmo-pos-field-count"))
                .num("at", *at)
                .num("found", *found),
            PositionError::RowCount { at, found } => Message::of(id!("jarmo-pos-row-count"))
                .num("at", *at)
                .num("found", *found),
            PositionError::BadChar { at, found } => Message::of(id!("jarmo-pos-bad-char"))
                .num("at", *at)
                .text("ch", format!("{found:?}")),
            PositionError::RowLength { at, row, found } => Message::of(id!("jarmo-pos-row-length"))
                .num("at", *at)
                .num("row", *row)
                .num("found", *found),
            PositionError::TooManyArchers { at, colour, found } => {
                Message::of(id!("jarmo-pos-too-many"))
                    .num("at", *at)
                    .text("colour", colour)
                    .num("found", *found)
            }
            PositionError::BadSide { at, text } => Message::of(id!("jarmo-pos-bad-side"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadOwed { at, text } => Message::of(id!("jarmo-pos-bad-owed"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::OwedTooMany {
                at,
                colour,
                owed,
                lost,
            } => Message::of(id!("jarmo-pos-owed-too-many"))
                .num("at", *at)
                .text("colour", colour)
                .num("owed", *owed)
                .num("lost", *lost),
            PositionError::BadQuiet { at, text } => Message::of(id!("jarmo-pos-bad-quiet"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadRecent { at, reason } => Message::of(id!("error-at"))
                .num("at", *at)
                .msg("reason", reason.clone()),
        }
    }
}

impl Localize for MoveSyntaxError {
    fn message(&self) -> Message {
        match self {
            MoveSyntaxError::Empty => Message::of(id!("move-empty")),
            MoveSyntaxError::BadPoint { text, .. } => {
                Message::of(id!("jarmo-move-bad-point")).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::of(id!("jarmo-move-shape")),
            MoveSyntaxError::NotALine { from, to, .. } => Message::of(id!("jarmo-no-line"))
                .text("from", from)
                .text("to", to),
        }
    }
}

tablero_i18n::display_by_message!(VariantError, PositionError, MoveSyntaxError);
