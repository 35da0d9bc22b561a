//! Errors of the draughts text formats: variants, position strings and moves.
//! Super Dimensiones shares the board and move parts of them.

use tablero_core::{Localize, Message};

/// A variant name that is not `russian`, `turkish` or `english`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at byte {at}: unknown draughts variant {text:?} (expected russian, turkish or english)")]
pub struct VariantError {
    /// Byte offset (always 0: the whole name is wrong).
    pub at: usize,
    /// The text given.
    pub text: String,
}

/// A position string that could not be read. Every variant carries the byte
/// offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not the expected number of whitespace-separated fields.
    #[error("at byte {at}: expected {expected} fields ({what}), found {found}")]
    FieldCount {
        /// Where the missing or extra field is.
        at: usize,
        /// Fields expected.
        expected: usize,
        /// Fields found.
        found: usize,
        /// The shape of the string.
        what: &'static str,
    },
    /// The board has the wrong number of rows.
    #[error("at byte {at}: the board needs {expected} rows separated by `/`, found {found}")]
    RowCount {
        /// Where the board starts.
        at: usize,
        /// Rows expected.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A row does not cover the board's width exactly.
    #[error("at byte {at}: rank {rank} covers {found} squares, not {expected}")]
    RowLength {
        /// Where the row starts.
        at: usize,
        /// The rank (1 = bottom).
        rank: u8,
        /// Squares expected.
        expected: usize,
        /// Squares found.
        found: usize,
    },
    /// A character that is neither a piece nor a count of empty squares.
    #[error("at byte {at}: {ch:?} is not a piece ({pieces}) or a count of empty squares")]
    BadChar {
        /// Where it is.
        at: usize,
        /// The character.
        ch: char,
        /// The piece letters allowed.
        pieces: &'static str,
    },
    /// A piece where it can never stand.
    #[error("at byte {at}: {what}")]
    BadPiece {
        /// Where the board starts.
        at: usize,
        /// What is wrong, naming the square.
        what: Message,
    },
    /// The side or army to move is not one of the allowed letters.
    #[error("at byte {at}: the {what} to move must be {allowed}, found {text:?}")]
    BadMover {
        /// Where the field starts.
        at: usize,
        /// `side` or `army`.
        what: &'static str,
        /// The allowed letters.
        allowed: &'static str,
        /// The text found.
        text: String,
    },
    /// The move counter is not a number in range.
    #[error("at byte {at}: the move counter must be a number from 0 to {max}, found {text:?}")]
    BadClock {
        /// Where the field starts.
        at: usize,
        /// The largest value.
        max: u32,
        /// The text found.
        text: String,
    },
    /// A field that contradicts the rest of the position.
    #[error("at byte {at}: {what}")]
    Inconsistent {
        /// Where the field starts.
        at: usize,
        /// What is wrong.
        what: Message,
    },
}

/// A move text that is not a move in draughts notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveSyntaxError {
    /// Empty text.
    #[error("empty move")]
    Empty,
    /// A square name that is not on the board.
    #[error("{text:?} is not a square of the board")]
    BadSquare {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// Not `from-to`, `fromxto` or `fromx..xto`.
    #[error("expected a move like `c3-d4` or a capture like `b4xd6xf4`")]
    Shape {
        /// Where the text stops making sense.
        at: usize,
    },
    /// A penalty that is not `!sq`, `!+sq` or `!=sq`.
    #[error(
        "a penalty is written `!b2` (piece removed), `!+a1` (man returned) or `!=b1` (man crowned)"
    )]
    Penalty {
        /// Where the penalty starts.
        at: usize,
    },
}

impl MoveSyntaxError {
    /// Byte offset of the problem.
    #[must_use]
    pub fn at(&self) -> usize {
        match self {
            MoveSyntaxError::Empty => 0,
            MoveSyntaxError::BadSquare { at, .. }
            | MoveSyntaxError::Shape { at }
            | MoveSyntaxError::Penalty { at } => *at,
        }
    }
}

impl Localize for VariantError {
    fn message(&self) -> Message {
        Message::new("draughts-variant", self.to_string()).text("text", &self.text)
    }
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            PositionError::FieldCount {
                at,
                expected,
                found,
                what,
            } => Message::new("draughts-pos-field-count", english)
                .num("at", *at)
                .num("expected", *expected)
                .num("found", *found)
                .text("what", what.replace(' ', "-")),
            PositionError::RowCount {
                at,
                expected,
                found,
            } => Message::new("draughts-pos-row-count", english)
                .num("at", *at)
                .num("expected", *expected)
                .num("found", *found),
            PositionError::RowLength {
                at,
                rank,
                expected,
                found,
            } => Message::new("draughts-pos-row-length", english)
                .num("at", *at)
                .num("rank", *rank)
                .num("expected", *expected)
                .num("found", *found),
            PositionError::BadChar { at, ch, pieces } => {
                Message::new("draughts-pos-bad-char", english)
                    .num("at", *at)
                    .text("ch", format!("{ch:?}"))
                    .text("pieces", pieces)
            }
            PositionError::BadPiece { at, what } | PositionError::Inconsistent { at, what } => {
                Message::new("draughts-pos-at", english)
                    .num("at", *at)
                    .msg("what", what.clone())
            }
            PositionError::BadMover {
                at,
                what,
                allowed,
                text,
            } => Message::new(
                if *what == "army" {
                    "draughts-pos-bad-army"
                } else {
                    "draughts-pos-bad-side"
                },
                english,
            )
            .num("at", *at)
            .text("allowed", allowed)
            .text("text", format!("{text:?}")),
            PositionError::BadClock { at, max, text } => {
                Message::new("draughts-pos-bad-clock", english)
                    .num("at", *at)
                    .num("max", *max)
                    .text("text", format!("{text:?}"))
            }
        }
    }
}

impl Localize for MoveSyntaxError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            MoveSyntaxError::Empty => Message::new("move-empty", english),
            MoveSyntaxError::BadSquare { text, .. } => {
                Message::new("draughts-move-bad-square", english).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::new("draughts-move-shape", english),
            MoveSyntaxError::Penalty { .. } => Message::new("draughts-move-penalty", english),
        }
    }
}
