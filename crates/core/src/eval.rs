//! Game knowledge for search, kept next to each game: a static evaluation
//! and hints for move ordering. The search algorithms in `tablero-ai` are
//! written once against this trait.

use crate::Game;

/// A game's heuristic knowledge.
///
/// Scores are from the view of the side to move, in hundredths of a piece
/// or a similar unit; they must stay well inside ±100,000 (search uses
/// larger numbers for proved wins).
pub trait Evaluate: Game {
    /// Static value of a position that is not over, for the side to move.
    fn evaluate(&self) -> i32;

    /// Whether `mv` changes the material balance (a capture). Quiescence
    /// search follows only such moves. Default: none are.
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// A cheap ordering hint: moves with a higher hint are searched first.
    fn move_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A smaller position that search may study in place of this one: the
    /// same side to move and the same legal moves, with the parts of the
    /// position that cannot interact with the move set aside, so that
    /// each ply of search goes further where the move counts. Super
    /// Dimensiones gives the sub-game being played, alone, when its two
    /// sub-games are independent: the other waits until it is decided.
    /// Default: none.
    fn focus(&self) -> Option<Self> {
        None
    }
}
