//! Errors of the draughts text formats: variants, position strings and moves.
//! Super Dimensiones shares the board and move parts of them.

use tablero_core::{Localize, Message};
use tablero_i18n::id;

/// A variant name that is not `russian`, `turkish` or `english`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError {
    /// Byte offset (always 0: the whole name is wrong).
    pub at: usize,
    /// The text given.
    pub text: String,
}

/// A position string that could not be read. Every variant carries the byte
/// offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not the expected number of whitespace-separated fields.
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
    RowCount {
        /// Where the board starts.
        at: usize,
        /// Rows expected.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// A row does not cover the board's width exactly.
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
    BadChar {
        /// Where it is.
        at: usize,
        /// The character.
        ch: char,
        /// The piece letters allowed.
        pieces: &'static str,
    },
    /// A piece where it can never stand.
    BadPiece {
        /// Where the board starts.
        at: usize,
        /// What is wrong, naming the square.
        what: Message,
    },
    /// The side or army to move is not one of the allowed letters.
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
    BadClock {
        /// Where the field starts.
        at: usize,
        /// The largest value.
        max: u32,
        /// The text found.
        text: String,
    },
    /// A field that contradicts the rest of the position.
    Inconsistent {
        /// Where the field starts.
        at: usize,
        /// What is wrong.
        what: Message,
    },
}

/// A move text that is not a move in draughts notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSyntaxError {
    /// Empty text.
    Empty,
    /// A square name that is not on the board.
    BadSquare {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// Not `from-to`, `fromxto` or `fromx..xto`.
    Shape {
        /// Where the text stops making sense.
        at: usize,
    },
    /// A penalty that is not `!sq`, `!+sq` or `!=sq`.
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
        Message::of(id!("draughts-variant")).text("text", &self.text)
    }
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        match self {
            PositionError::FieldCount {
                at,
                expected,
                found,
                what,
            } => Message::of(id!("draughts-pos-field-count"))
                .num("at", *at)
                .num("expected", *expected)
                .num("found", *found)
                .text("what", what.replace(' ', "-")),
            PositionError::RowCount {
                at,
                expected,
                found,
            } => Message::of(id!("draughts-pos-row-count"))
                .num("at", *at)
                .num("expected", *expected)
                .num("found", *found),
            PositionError::RowLength {
                at,
                rank,
                expected,
                found,
            } => Message::of(id!("draughts-pos-row-length"))
                .num("at", *at)
                .num("rank", *rank)
                .num("expected", *expected)
                .num("found", *found),
            PositionError::BadChar { at, ch, pieces } => Message::of(id!("draughts-pos-bad-char"))
                .num("at", *at)
                .text("ch", format!("{ch:?}"))
                .text("pieces", pieces),
            PositionError::BadPiece { at, what } | PositionError::Inconsistent { at, what } => {
                Message::of(id!("draughts-pos-at"))
                    .num("at", *at)
                    .msg("what", what.clone())
            }
            PositionError::BadMover {
                at,
                what,
                allowed,
                text,
            } => Message::of(if *what == "army" {
                id!("draughts-pos-bad-army")
            } else {
                id!("draughts-pos-bad-side")
            })
            .num("at", *at)
            .text("allowed", allowed)
            .text("text", format!("{text:?}")),
            PositionError::BadClock { at, max, text } => Message::of(id!("draughts-pos-bad-clock"))
                .num("at", *at)
                .num("max", *max)
                .text("text", format!("{text:?}")),
        }
    }
}

impl Localize for MoveSyntaxError {
    fn message(&self) -> Message {
        match self {
            MoveSyntaxError::Empty => Message::of(id!("move-empty")),
            MoveSyntaxError::BadSquare { text, .. } => {
                Message::of(id!("draughts-move-bad-square")).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::of(id!("draughts-move-shape")),
            MoveSyntaxError::Penalty { .. } => Message::of(id!("draughts-move-penalty")),
        }
    }
}

tablero_i18n::display_by_message!(VariantError, PositionError, MoveSyntaxError);
