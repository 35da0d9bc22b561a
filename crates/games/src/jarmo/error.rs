//! Errors of Jarmo's text forms: position strings, moves and variant names.

use super::board::Point;
use tablero_core::{Localize, Message};

/// A variant name that is not `standard` or `flipped`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at byte {at}: unknown Jarmo variant {text:?} (expected standard or flipped)")]
pub struct VariantError {
    /// Where the name starts.
    pub at: usize,
    /// The text found.
    pub text: String,
}

/// A position string that could not be read. Every variant carries the byte
/// offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not the five fields `board side owed quiet recent`.
    #[error("at byte {at}: expected 5 fields `board side owed quiet recent`, found {found}")]
    FieldCount {
        /// Where the missing or extra field is.
        at: usize,
        /// Fields found.
        found: usize,
    },
    /// The board field does not have five rows separated by `/`.
    #[error("at byte {at}: the board needs 5 rows separated by `/` (row 5 first), found {found}")]
    RowCount {
        /// Where the board field starts.
        at: usize,
        /// Rows found.
        found: usize,
    },
    /// A character that is no archer and no count of empty points.
    #[error(
        "at byte {at}: {found:?} is not an archer (d, D, l, L) or a count of empty points (1-5)"
    )]
    BadChar {
        /// Where the character is.
        at: usize,
        /// The character.
        found: char,
    },
    /// A row that does not describe exactly five points.
    #[error("at byte {at}: row {row} describes {found} points, not 5")]
    RowLength {
        /// Where the row starts.
        at: usize,
        /// The row's number (1-5).
        row: u8,
        /// Points described.
        found: usize,
    },
    /// More than five archers of one colour.
    #[error("at byte {at}: {colour} has {found} archers on the board; each side has 5")]
    TooManyArchers {
        /// Where the board field starts.
        at: usize,
        /// `dark` or `light`.
        colour: &'static str,
        /// Archers found.
        found: u32,
    },
    /// The side to move is not `d` or `l`.
    #[error("at byte {at}: the side to move must be `d` (Dark) or `l` (Light), found {text:?}")]
    BadSide {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The owed returns are not two numbers `dark/light`.
    #[error(
        "at byte {at}: the returns owed must be written `dark/light`, e.g. `0/1`, found {text:?}"
    )]
    BadOwed {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// More returns owed than archers lost.
    #[error("at byte {at}: {colour} is owed {owed} returns but has lost only {lost} archers")]
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
    #[error(
        "at byte {at}: the moves without a capture must be a number from 0 to 200, found {text:?}"
    )]
    BadQuiet {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The recent moves are not `dark/light` lists of up to three moves.
    #[error("at byte {at}: {reason}")]
    BadRecent {
        /// Where the problem is.
        at: usize,
        /// What is wrong.
        reason: Message,
    },
}

/// A move text that is not a move in Jarmo's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveSyntaxError {
    /// Empty text.
    #[error("empty move")]
    Empty,
    /// A point name that is not on the board.
    #[error("{text:?} is not a point of the board (a1-e5)")]
    BadPoint {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// Not `from-to`, `fromxto` or `pass`, with an optional `+point`.
    #[error("expected a move like `b1-d2`, a capture like `b1xd2`, `pass`, each with an optional return like `+a1`")]
    Shape {
        /// Where the text stops making sense.
        at: usize,
    },
    /// The two points are not joined by a line.
    #[error("no line joins {from} and {to}")]
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
        Message::new("jarmo-variant", self.to_string())
            .num("at", self.at)
            .text("text", format!("{:?}", self.text))
    }
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            PositionError::FieldCount { at, found } => {
                Message::new("jarmo-pos-field-count", english)
                    .num("at", *at)
                    .num("found", *found)
            }
            PositionError::RowCount { at, found } => Message::new("jarmo-pos-row-count", english)
                .num("at", *at)
                .num("found", *found),
            PositionError::BadChar { at, found } => Message::new("jarmo-pos-bad-char", english)
                .num("at", *at)
                .text("ch", format!("{found:?}")),
            PositionError::RowLength { at, row, found } => {
                Message::new("jarmo-pos-row-length", english)
                    .num("at", *at)
                    .num("row", *row)
                    .num("found", *found)
            }
            PositionError::TooManyArchers { at, colour, found } => {
                Message::new("jarmo-pos-too-many", english)
                    .num("at", *at)
                    .text("colour", colour)
                    .num("found", *found)
            }
            PositionError::BadSide { at, text } => Message::new("jarmo-pos-bad-side", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadOwed { at, text } => Message::new("jarmo-pos-bad-owed", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::OwedTooMany {
                at,
                colour,
                owed,
                lost,
            } => Message::new("jarmo-pos-owed-too-many", english)
                .num("at", *at)
                .text("colour", colour)
                .num("owed", *owed)
                .num("lost", *lost),
            PositionError::BadQuiet { at, text } => Message::new("jarmo-pos-bad-quiet", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadRecent { at, reason } => Message::new("error-at", english)
                .num("at", *at)
                .msg("reason", reason.clone()),
        }
    }
}

impl Localize for MoveSyntaxError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            MoveSyntaxError::Empty => Message::new("move-empty", english),
            MoveSyntaxError::BadPoint { text, .. } => {
                Message::new("jarmo-move-bad-point", english).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::new("jarmo-move-shape", english),
            MoveSyntaxError::NotALine { from, to, .. } => Message::new("jarmo-no-line", english)
                .text("from", from)
                .text("to", to),
        }
    }
}
