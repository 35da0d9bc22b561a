//! Drawing boards in the terminal, and what the terminal game needs to know
//! of each game beyond its rules.

mod dimensiones;
mod draughts;
mod imago;
mod jarmo;
mod linja;

use tablero_ai::Play;
use tablero_core::Player;
use tablero_games::Describe;

/// What the terminal game needs of a game beyond its description.
pub trait CliGame: Play + Describe {
    /// The board, drawn with Unicode (and ANSI colour when `color`).
    fn board(&self, color: bool) -> String;

    /// One or two lines explaining the drawing.
    fn legend() -> &'static str;

    /// The colour of a piece's letter in the drawing (the full-screen game
    /// paints the drawing made without colours).
    fn glyph_color(_c: char) -> Option<ratatui::style::Color> {
        None
    }

    /// The board as the full-screen game draws it (without colours; as
    /// narrow as it can be).
    fn screen_board(&self) -> String {
        self.board(false)
    }

    /// Whether the full-screen game shades the squares light and dark.
    const CHECKERED: bool = false;

    /// The side's display name (from the game's description).
    fn side_name(p: Player) -> &'static str {
        Self::INFO.sides[p.index()].en
    }

    /// What ended the game in this position, when the game says it better
    /// than the reason's general words (Jarmo: a side with no archers left).
    fn end_text(&self, _outcome: tablero_core::Outcome) -> Option<String> {
        None
    }
}

/// `1 point`, `0.5 points`, `3 points`: a number of points with its word.
pub fn points(n: impl std::fmt::Display) -> String {
    let n = n.to_string();
    if n == "1" {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}
