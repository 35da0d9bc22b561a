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

    /// One or two lines explaining the drawing, in the language in use.
    fn legend() -> String;

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

    /// The side's name in English (from the game's description): the
    /// record's tags use it.
    fn side_name(p: Player) -> &'static str {
        Self::INFO.sides[p.index()].en
    }

    /// The side's name in the language in use (from the game's
    /// description), for the texts shown.
    fn side_label(p: Player) -> &'static str {
        Self::INFO.sides[p.index()].get(crate::i18n::lang().code())
    }

    /// What ended the game in this position, when the game says it better
    /// than the reason's general words (Jarmo: a side with no archers left).
    fn end_text(&self, _outcome: tablero_core::Outcome) -> Option<String> {
        None
    }
}

/// `1 point`, `0.5 points`, `3 points` (`1 punto`, `3 puntos`): a number
/// of points with its word, in the language in use.
pub fn points(n: impl std::fmt::Display) -> String {
    crate::i18n::t!("points", n = crate::i18n::number(&n.to_string()))
}

/// An army's name (`red`, `aqua`, as the games write it) in the language
/// in use, in the same case (`rojo`, `aguamarina`).
pub fn army_label(army: &str) -> String {
    let name = match army.to_ascii_lowercase().as_str() {
        "red" => crate::i18n::t!("army-red"),
        "blue" => crate::i18n::t!("army-blue"),
        "aqua" => crate::i18n::t!("army-aqua"),
        "orange" => crate::i18n::t!("army-orange"),
        _ => return army.to_string(),
    };
    if army.starts_with(|c: char| c.is_lowercase()) {
        name.to_lowercase()
    } else {
        name
    }
}
