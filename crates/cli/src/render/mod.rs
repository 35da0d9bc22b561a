//! Drawing boards in the terminal, and what the terminal game needs to know
//! of each game beyond its rules.

mod imago;
mod linja;

use rand::Rng;
use tablero_ai::solve::imago::ImagoSolution;
use tablero_core::{Game, Player};

/// Tables computed on demand and kept for the whole terminal session.
#[derive(Default)]
pub struct Cache {
    /// The solved Imago layout last used.
    pub imago: Option<ImagoSolution>,
}

/// What the terminal game needs of a game.
pub trait CliGame: Game {
    /// Player one's and player two's names, capitalised (`Red`, `Blue`).
    const SIDE_NAMES: [&'static str; 2];
    /// Player one's and player two's names in lower case, as accepted on the
    /// command line.
    const SIDE_WORDS: [&'static str; 2];

    /// The board, drawn with Unicode (and ANSI colour when `color`).
    fn board(&self, color: bool) -> String;

    /// One or two lines explaining the drawing.
    fn legend() -> &'static str;

    /// Whether the side to move may claim a win here (`None`: this game has
    /// no claims).
    fn claim_ok(&self, _cache: &mut Cache) -> Option<bool> {
        None
    }

    /// A move of the exact solver, if this game has one; random among the
    /// equally good.
    fn solver_move<R: Rng>(&self, _cache: &mut Cache, _rng: &mut R) -> Option<Self::Move> {
        None
    }

    /// The side's display name.
    fn side_name(p: Player) -> &'static str {
        Self::SIDE_NAMES[p.index()]
    }
}
