//! Positions without a game: `POST /api/position` draws any position of
//! any game the way a game page does (the rules pages' diagrams and their
//! "try it" boards), and `POST /api/analyse` analyses one (the analysis
//! board): each legal move's exact value where the game knows it, else the
//! search's evaluation and best line. Nothing is stored.

use super::ExploreError;
use crate::games::catalog;
use crate::games::GameState;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use tablero_ai::analysis::{Analysis, Exact};
use tablero_ai::table::{open_or_why, GameTable, Seat};
use tablero_core::{id, Localize, Message, Player};

/// The most moves a request may replay.
const MAX_MOVES: usize = 1000;

/// How long the search of an analysis thinks.
pub const THINK: Duration = Duration::from_secs(1);

/// The most positions the endgame solver visits for an analysis.
pub const REACH: u64 = 300_000;

/// A position: a game's variant, a start (its position string, or the
/// start with `first` to move) and moves played from it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionBody {
    /// The game's name.
    pub game: String,
    /// The variant (Imago: the layout); the default when absent.
    #[serde(default)]
    pub variant: Option<String>,
    /// A position string; the start when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// The seat that moves first from the start (0 or 1; default 0).
    #[serde(default)]
    pub first: Option<usize>,
    /// Moves played from there, in notation.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl PositionBody {
    /// The table of this position, every move replayed.
    ///
    /// # Errors
    /// An unknown game, a bad variant or position, a move that is not legal
    /// (named with its number).
    pub fn table(&self) -> Result<Box<dyn GameTable>, ExploreError> {
        if catalog::find(&self.game).is_none() {
            return Err(ExploreError::NoSuchGame(catalog::no_such_game(&self.game)));
        }
        if self.moves.len() > MAX_MOVES {
            let n = self.moves.len();
            return Err(ExploreError::BadPosition(
                Message::of(id!("api_too_many_moves"))
                    .num("n", n)
                    .num("max", MAX_MOVES),
            ));
        }
        let first = match self.first {
            None | Some(0) => Player::P1,
            Some(1) => Player::P2,
            Some(n) => {
                return Err(ExploreError::BadPosition(
                    Message::of(id!("api_bad_first")).num("first", n),
                ))
            }
        };
        let mut table = open_or_why(
            &self.game,
            self.variant.as_deref(),
            self.position.as_deref(),
            first,
            [Seat::Person; 2],
        )
        .map_err(ExploreError::BadPosition)?;
        for (i, text) in self.moves.iter().enumerate() {
            let Some(seat) = table.to_move() else {
                return Err(ExploreError::BadPosition(
                    Message::of(id!("api_move_after_end"))
                        .num("n", i + 1)
                        .text("move", text),
                ));
            };
            table.play(seat, text).map_err(|e| {
                ExploreError::BadPosition(
                    Message::of(id!("api_move_refused"))
                        .num("n", i + 1)
                        .text("move", text)
                        .msg("error", e.message()),
                )
            })?;
        }
        Ok(table)
    }
}

/// The state of `table` as a game page draws it, with the side to move's
/// legal moves.
#[must_use]
pub fn state(table: &dyn GameTable) -> GameState {
    GameState::of_table(table)
}

/// An exact value as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct ExactView {
    /// `win`, `loss` or `draw` for the mover.
    pub result: &'static str,
    /// Plies to the end with best play (Imago), when known.
    pub plies: Option<u16>,
    /// The final score difference kept (Linja).
    pub margin: Option<i32>,
    /// In words: `win in 5`, `draw`, `+2`.
    pub text: String,
}

impl From<Exact> for ExactView {
    fn from(e: Exact) -> Self {
        let (plies, margin) = match e {
            Exact::Win(d) | Exact::Loss(d) => (Some(d), None),
            Exact::Draw => (None, None),
            Exact::Margin(m) => (None, Some(m)),
        };
        ExactView {
            result: e.word(),
            plies,
            margin,
            text: e.to_string(),
        }
    }
}

/// A legal move with its exact value.
#[derive(Clone, Debug, Serialize)]
pub struct MoveValue {
    /// The move, in notation.
    #[serde(rename = "move")]
    pub text: String,
    /// Its value for the side to move.
    pub value: ExactView,
    /// Whether it keeps the best value.
    pub best: bool,
}

/// A played move judged by the exact values.
#[derive(Clone, Debug, Serialize)]
pub struct PlayedView {
    /// The best value its mover had.
    pub best: ExactView,
    /// The value of the move played.
    pub played: ExactView,
    /// Whether the move changed the game's value (it was worse than the
    /// best).
    pub changed: bool,
}

/// The search's verdict.
#[derive(Clone, Debug, Serialize)]
pub struct SearchView {
    /// The evaluation for the side to move (heuristic units).
    pub score: i32,
    /// Plies to a proved win (positive) or loss (negative).
    pub proved: Option<i32>,
    /// The deepest finished iteration.
    pub depth: u32,
    /// The best line, in notation.
    pub line: Vec<String>,
}

/// `POST /api/analyse`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisView {
    /// The position, drawn as a game page draws it.
    pub state: GameState,
    /// `exact` (every move's value is known), `search`, or `over` (the
    /// game is over: nothing to analyse).
    pub method: &'static str,
    /// Every legal move with its exact value, best first (exact only).
    pub moves: Vec<MoveValue>,
    /// The search's verdict (search only).
    pub search: Option<SearchView>,
    /// Each played move judged, where the game knows exact values without
    /// a search (`null` elsewhere).
    pub played: Vec<Option<PlayedView>>,
}

/// The analysis `a` of `table`, as answered.
#[must_use]
pub fn view(table: &dyn GameTable, a: Analysis) -> AnalysisView {
    let played = table
        .played_values()
        .into_iter()
        .map(|p| {
            p.map(|(best, played)| PlayedView {
                best: best.into(),
                played: played.into(),
                changed: played.rank() < best.rank(),
            })
        })
        .collect();
    let best = a
        .exact
        .as_ref()
        .and_then(|v| v.first())
        .map(|(_, v)| v.rank());
    AnalysisView {
        state: state(table),
        method: match (&a.exact, &a.search) {
            (Some(_), _) => "exact",
            (None, Some(_)) => "search",
            (None, None) => "over",
        },
        moves: a
            .exact
            .unwrap_or_default()
            .into_iter()
            .map(|(text, v)| MoveValue {
                text,
                best: Some(v.rank()) == best,
                value: v.into(),
            })
            .collect(),
        search: a.search.map(|s| SearchView {
            score: s.score,
            proved: s.proved,
            depth: s.depth,
            line: s.line,
        }),
        played,
    }
}
