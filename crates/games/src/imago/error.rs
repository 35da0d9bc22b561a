//! Errors of Imago's text formats: position strings, moves and layouts.

use super::board::Cell;
use tablero_core::{Localize, Message};
use tablero_i18n::id;

/// A position string that could not be read. Every variant carries the byte
/// offset of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not the three fields `red/blue side passes`.
    FieldCount {
        /// Where the missing or extra field is.
        at: usize,
        /// Fields found.
        found: usize,
    },
    /// The pieces field has no `/` between Red's and Blue's cells.
    MissingSlash {
        /// Where the pieces field starts.
        at: usize,
    },
    /// A cell name that is not on the board.
    BadCell {
        /// Where the cell name starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// A colour without exactly two pieces.
    PieceCount {
        /// Where that colour's cells start.
        at: usize,
        /// `red` or `blue`.
        colour: &'static str,
        /// Pieces found.
        found: usize,
    },
    /// Two pieces on one cell.
    Overlap {
        /// Where the second one is named.
        at: usize,
        /// The cell.
        cell: Cell,
    },
    /// A piece on the other colour's goal cell, where it can never be.
    ForeignGoal {
        /// Where the cell is named.
        at: usize,
        /// `red` or `blue`.
        colour: &'static str,
        /// The cell.
        cell: Cell,
    },
    /// More than one piece on goal cells: the game ends at the first.
    TwoGoals {
        /// Where the pieces field starts.
        at: usize,
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

/// A move text that is not a move in Imago's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveSyntaxError {
    /// Empty text.
    Empty,
    /// A cell name that is not on the board.
    BadCell {
        /// Where it starts.
        at: usize,
        /// The text found.
        text: String,
    },
    /// The step is not `from-to`.
    Shape {
        /// Where the text stops making sense.
        at: usize,
    },
    /// The two cells of the step are not orthogonal neighbours.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutProblem {
    /// A colour without exactly two start cells.
    StartCount {
        /// `red` or `blue`.
        colour: &'static str,
        /// Cells found.
        found: usize,
    },
    /// A start cell outside the 6x6 grid (a goal cell).
    StartOnGoal(Cell),
    /// Two start cells are the same.
    StartOverlap(Cell),
    /// A wall between two cells that are not orthogonal neighbours.
    WallNotAdjacent(Cell, Cell),
    /// The same wall twice.
    DuplicateWall(Cell, Cell),
}

/// A layout that could not be read or is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// The text is not in the layout format.
    Syntax {
        /// Byte offset.
        at: usize,
        /// What is wrong.
        reason: Message,
    },
    /// The layout reads, but breaks the rules of a layout.
    Invalid(Vec<LayoutProblem>),
}

impl Localize for PositionError {
    fn message(&self) -> Message {
        match self {
            PositionError::FieldCount { at, found } => Message::of(id!("imago-pos-field-count"))
                .num("at", *at)
                .num("found", *found),
            PositionError::MissingSlash { at } => {
                Message::of(id!("imago-pos-missing-slash")).num("at", *at)
            }
            PositionError::BadCell { at, text } => Message::of(id!("imago-pos-bad-cell"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::PieceCount { at, colour, found } => {
                Message::of(id!("imago-pos-piece-count"))
                    .num("at", *at)
                    .text("colour", colour)
                    .num("found", *found)
            }
            PositionError::Overlap { at, cell } => Message::of(id!("imago-pos-overlap"))
                .num("at", *at)
                .text("cell", cell),
            PositionError::ForeignGoal { at, colour, cell } => {
                Message::of(id!("imago-pos-foreign-goal"))
                    .num("at", *at)
                    .text("colour", colour)
                    .text("cell", cell)
            }
            PositionError::TwoGoals { at } => {
                Message::of(id!("imago-pos-two-goals")).num("at", *at)
            }
            PositionError::BadSide { at, text } => Message::of(id!("imago-pos-bad-side"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
            PositionError::BadPasses { at, text } => Message::of(id!("imago-pos-bad-passes"))
                .num("at", *at)
                .text("text", format!("{text:?}")),
        }
    }
}

impl Localize for MoveSyntaxError {
    fn message(&self) -> Message {
        match self {
            MoveSyntaxError::Empty => Message::of(id!("move-empty")),
            MoveSyntaxError::BadCell { text, .. } => {
                Message::of(id!("imago-move-bad-cell")).text("text", format!("{text:?}"))
            }
            MoveSyntaxError::Shape { .. } => Message::of(id!("imago-move-shape")),
            MoveSyntaxError::NotAdjacent { from, to, .. } => {
                Message::of(id!("imago-not-neighbours"))
                    .text("from", from)
                    .text("to", to)
            }
        }
    }
}

impl Localize for LayoutProblem {
    fn message(&self) -> Message {
        match self {
            LayoutProblem::StartCount { colour, found } => {
                Message::of(id!("imago-layout-start-count"))
                    .text("colour", colour)
                    .num("found", *found)
            }
            LayoutProblem::StartOnGoal(c) => {
                Message::of(id!("imago-layout-start-on-goal")).text("cell", c)
            }
            LayoutProblem::StartOverlap(c) => {
                Message::of(id!("imago-layout-start-overlap")).text("cell", c)
            }
            LayoutProblem::WallNotAdjacent(a, b) => {
                Message::of(id!("imago-layout-wall-not-adjacent"))
                    .text("from", a)
                    .text("to", b)
            }
            LayoutProblem::DuplicateWall(a, b) => Message::of(id!("imago-layout-duplicate-wall"))
                .text("from", a)
                .text("to", b),
        }
    }
}

impl Localize for LayoutError {
    fn message(&self) -> Message {
        match self {
            LayoutError::Syntax { at, reason } => Message::of(id!("error-at"))
                .num("at", *at)
                .msg("reason", reason.clone()),
            LayoutError::Invalid(problems) => {
                // Each problem in the reader's language, joined by `; `.
                let list = problems
                    .iter()
                    .map(Localize::message)
                    .reduce(|a, b| Message::of(id!("list-join")).msg("a", a).msg("b", b))
                    .unwrap_or_default();
                Message::of(id!("imago-layout-invalid")).msg("problems", list)
            }
        }
    }
}

tablero_i18n::display_by_message!(PositionError, MoveSyntaxError, LayoutProblem, LayoutError);
