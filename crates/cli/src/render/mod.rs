//! Drawing boards in the terminal, and what the terminal game needs to know
//! of each game beyond its rules.

mod dimensiones;
mod draughts;
mod imago;
mod jarmo;
mod linja;

use tablero_ai::Play;
use tablero_core::Player;

/// What the terminal game needs of a game.
pub trait CliGame: Play {
    /// Player one's and player two's names, capitalised (`Red`, `Blue`).
    const SIDE_NAMES: [&'static str; 2];
    /// Player one's and player two's names in lower case, as accepted on the
    /// command line.
    const SIDE_WORDS: [&'static str; 2];

    /// The board, drawn with Unicode (and ANSI colour when `color`).
    fn board(&self, color: bool) -> String;

    /// One or two lines explaining the drawing.
    fn legend() -> &'static str;

    /// The side's display name.
    fn side_name(p: Player) -> &'static str {
        Self::SIDE_NAMES[p.index()]
    }
}
