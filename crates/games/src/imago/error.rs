//! Errors of Imago's text formats: position strings, moves and layouts.

use super::board::Cell;
use tablero_core::{Localize, Message};

/// A position string that could not be read. Every variant carries the byte
/// offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not the three fields `red/blue side passes`.
    #[error("at byte {at}: expected 3 fields `red,red/blue,blue side passes`, found {found}")]
    FieldCount {
        /// Where the missing or extra field is.
        at: usize,
        /// Fields found.
        found: usize,
    },
    /// The pieces field has no `/` between Red's and Blue's cells.
    #[error("at byte {at}: the pieces field needs a `/` between Red's and Blue's cells")]
    MissingSlash {
        /// Where the pieces field starts.
        at: usize,
    },
    /// A cell name that is not on the board.
    #[error("at byte {at}: {text:?} is not a cell of the board")]
    BadCell {
        /// Where the cell name starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// A colour without exactly two pieces.
    #[error("at byte {at}: {colour} needs 2 pieces, found {found}")]
    PieceCount {
        /// Where that colour's cells start.
        at: usize,
        /// `red` or `blue`.
        colour: &'static str,
        /// Pieces found.
        found: usize,
    },
    /// Two pieces on one cell.
    #[error("at byte {at}: two pieces on {cell}")]
    Overlap {
        /// Where the second one is named.
        at: usize,
        /// The cell.
        cell: Cell,
    },
    /// A piece on the other colour's goal cell, where it can never be.
    #[error("at byte {at}: {colour} piece on {cell}, a goal cell of the other colour")]
    ForeignGoal {
        /// Where the cell is named.
        at: usize,
        /// `red` or `blue`.
        colour: &'static str,
        /// The cell.
        cell: Cell,
    },
    /// More than one piece on goal cells: the game ends at the first.
    #[error("at byte {at}: only one piece can have reached a goal (the game ends there)")]
    TwoGoals {
        /// Where the pieces field starts.
        at: usize,
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
    #[error("at byte {at}: the passes in a row must be 0, 1 or 2 (0 once a goal is reached), found {text:?}")]
    BadPasses {
        /// Where the field starts.
        at: usize,
        /// The text found.
        text: String,
    },
}

/// A move text that is not a move in Imago's notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveSyntaxError {
    /// Empty text.
    #[error("empty move")]
    Empty,
    /// A cell name that is not on the board.
    #[error("{text:?} is not a cell of the board")]
    BadCell {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The step is not `from-to`.
    #[error("expected a step like `b2-c2`, a pushed piece after a space (`b2-c2 g5`), or `pass`")]
    Shape {
        /// Where the text stops making sense.
        at: usize,
    },
    /// The two cells of the step are not orthogonal neighbours.
    #[error("{from} and {to} are not neighbours")]
    NotAdjacent {
        /// Where the step starts.
        at: usize,
        /// Start cell.
        from: Cell,
        /// End cell.
        to: Cell,
    },
}

impl MoveSyntaxError {
    /// Byte offset of the problem.
    #[must_use]
    pub fn at(&self) -> usize {
        match self {
            MoveSyntaxError::Empty => 0,
            MoveSyntaxError::BadCell { at, .. }
            | MoveSyntaxError::Shape { at }
            | MoveSyntaxError::NotAdjacent { at, .. } => *at,
        }
    }
}

/// One thing wrong with a layout. All of them are reported at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutProblem {
    /// A colour without exactly two start cells.
    #[error("{colour} needs 2 start cells, found {found}")]
    StartCount {
        /// `red` or `blue`.
        colour: &'static str,
        /// Cells found.
        found: usize,
    },
    /// A start cell outside the 6x6 grid (a goal cell).
    #[error("start cell {0} is a goal cell; pieces start on the 6x6 grid b1-g6")]
    StartOnGoal(Cell),
    /// Two start cells are the same.
    #[error("two pieces start on {0}")]
    StartOverlap(Cell),
    /// A wall between two cells that are not orthogonal neighbours.
    #[error("a wall can only stand between two neighbouring cells, not between {0} and {1}")]
    WallNotAdjacent(Cell, Cell),
    /// The same wall twice.
    #[error("the wall {0}-{1} is listed twice")]
    DuplicateWall(Cell, Cell),
}

/// A layout that could not be read or is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The text is not in the layout format.
    #[error("at byte {at}: {reason}")]
    Syntax {
        /// Byte offset.
        at: usize,
        /// What is wrong.
        reason: Message,
    },
    /// The layout reads, but breaks the rules of a layout.
    #[error("invalid layout: {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Invalid(Vec<LayoutProblem>),
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            PositionError::FieldCount { at, found } => {
                Message::new("imago-pos-field-count", english)
                    .num("at", *at)
                    .num("found", *found)
            }
            PositionError::MissingSlash { at } => {
                Message::new("imago-pos-missing-slash", english).num("at", *at)
            }
            PositionError::BadCell { at, text } => Message::new("imago-pos-bad-cell", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::PieceCount { at, colour, found } => {
                Message::new("imago-pos-piece-count", english)
                    .num("at", *at)
                    .text("colour", colour)
                    .num("found", *found)
            }
            PositionError::Overlap { at, cell } => Message::new("imago-pos-overlap", english)
                .num("at", *at)
                .text("cell", cell),
            PositionError::ForeignGoal { at, colour, cell } => {
                Message::new("imago-pos-foreign-goal", english)
                    .num("at", *at)
                    .text("colour", colour)
                    .text("cell", cell)
            }
            PositionError::TwoGoals { at } => {
                Message::new("imago-pos-two-goals", english).num("at", *at)
            }
            PositionError::BadSide { at, text } => Message::new("imago-pos-bad-side", english)
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadPasses { at, text } => Message::new("imago-pos-bad-passes", english)
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
            MoveSyntaxError::BadCell { text, .. } => {
                Message::new("imago-move-bad-cell", english).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::new("imago-move-shape", english),
            MoveSyntaxError::NotAdjacent { from, to, .. } => {
                Message::new("imago-not-neighbours", english)
                    .text("from", from)
                    .text("to", to)
            }
        }
    }
}

impl Localize for LayoutProblem {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            LayoutProblem::StartCount { colour, found } => {
                Message::new("imago-layout-start-count", english)
                    .text("colour", colour)
                    .num("found", *found)
            }
            LayoutProblem::StartOnGoal(c) => {
                Message::new("imago-layout-start-on-goal", english).text("cell", c)
            }
            LayoutProblem::StartOverlap(c) => {
                Message::new("imago-layout-start-overlap", english).text("cell", c)
            }
            LayoutProblem::WallNotAdjacent(a, b) => {
                Message::new("imago-layout-wall-not-adjacent", english)
                    .text("from", a)
                    .text("to", b)
            }
            LayoutProblem::DuplicateWall(a, b) => {
                Message::new("imago-layout-duplicate-wall", english)
                    .text("from", a)
                    .text("to", b)
            }
        }
    }
}

impl Localize for LayoutError {
    fn message(&self) -> Message {
        let english = self.to_string();
        match self {
            LayoutError::Syntax { at, reason } => Message::new("error-at", english)
                .num("at", *at)
                .msg("reason", reason.clone()),
            LayoutError::Invalid(problems) => {
                // Each problem in the reader's language, joined by `; `.
                let list = problems
                    .iter()
                    .map(Localize::message)
                    .reduce(|a, b| {
                        Message::new("list-join", format!("{a}; {b}"))
                            .msg("a", a)
                            .msg("b", b)
                    })
                    .unwrap_or_default();
                Message::new("imago-layout-invalid", english).msg("problems", list)
            }
        }
    }
}
