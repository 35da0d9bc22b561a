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

    /// One or two lines explaining the drawing, in the language in use
    /// (in this position's variant).
    fn legend(&self) -> String;

    /// The colour of a piece's letter in the drawing (the full-screen game
    /// paints the drawing made without colours); the letters are those of
    /// the language in use (see [`letter`]).
    fn glyph_color(&self, _c: char) -> Option<ratatui::style::Color> {
        None
    }

    /// The board as the full-screen game draws it (without colours; as
    /// narrow as it can be); `short`: as few lines as it can be, for a low
    /// screen (Linja leaves out the sticks between its rows).
    fn screen_board(&self, _short: bool) -> String {
        self.board(false)
    }

    /// Whether the full-screen game shades the squares light and dark
    /// (and turns the board over as seen from the other side).
    const CHECKERED: bool = false;

    /// The lines the full-screen game draws between cells, as pairs of
    /// cell names (Jarmo's lines between its points; none by default).
    fn screen_links() -> Vec<(String, String)> {
        Vec::new()
    }

    /// Where [`screen_board`](CliGame::screen_board) draws the cell in
    /// column `col` and row `row` (from 0, as [`BoardView`] counts them;
    /// Linja: column 0, the row's number): its line and the column of its
    /// glyph. The full-screen game marks, shades and counts cells there.
    fn screen_cell(col: usize, row: usize, short: bool) -> Option<(usize, usize)>;

    /// The side's name in English (from the game's description), in a
    /// game whose sides are named the same in every variant (all but
    /// draughts, where [`side_name_in`](CliGame::side_name_in) is needed).
    fn side_name(p: Player) -> &'static str {
        Self::INFO.sides[p.index()].en
    }

    /// The side's name in the language in use (from the game's
    /// description), in a game whose sides are named the same in every
    /// variant; see [`side_label_in`](CliGame::side_label_in).
    fn side_label(p: Player) -> &'static str {
        Self::INFO.sides[p.index()].get(crate::i18n::lang().code())
    }

    /// The side's name in English in `variant` (English draughts names
    /// its first mover Black): the record's tags use it.
    fn side_name_in(variant: &Self::Variant, p: Player) -> &'static str {
        Self::side_names(variant)[p.index()].en
    }

    /// The side's name in `variant` in the language in use, for the texts
    /// shown.
    fn side_label_in(variant: &Self::Variant, p: Player) -> &'static str {
        Self::side_names(variant)[p.index()].get(crate::i18n::lang().code())
    }

    /// Lines the full-screen game shows beside the board about this
    /// position, given what is typed at the move line (Jarmo: the lines
    /// the archers to move can take).
    fn screen_notes(&self, _typed: &str) -> Vec<String> {
        Vec::new()
    }

    /// What ended the game in this position, when the game says it better
    /// than the reason's general words (Jarmo: a side with no archers left).
    fn end_text(&self, _outcome: tablero_core::Outcome) -> Option<String> {
        None
    }
}

/// The board of a position as [`Describe::view`] gives it, typed: its
/// columns and rows and the pieces on its cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardView {
    /// Columns (1 for Linja, whose cells are rows).
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// The pieces on cells (archers in Jarmo), in the view's order.
    pub pieces: Vec<PieceView>,
    /// Whether the pieces off the board are lost ones (not Jarmo's, which
    /// arrive or are owed, nor Linja's, which are counted per row).
    pub counts_pieces: bool,
}

/// A piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// The cell's name (`c3`).
    pub cell: String,
    /// Its side: 0 player one, 1 player two.
    pub seat: usize,
    /// A king (draughts), or a marked archer (Jarmo).
    pub king: bool,
    /// Its army where a side has two (Super Dimensiones).
    pub army: Option<String>,
}

impl BoardView {
    /// The view of `game`.
    pub fn of<G: Describe>(game: &G) -> BoardView {
        let v = game.view();
        let number = |key: &str| v[key].as_u64().map(|n| n as usize);
        let rows = number("rows")
            .or_else(|| v["rows"].as_array().map(Vec::len))
            .unwrap_or(0);
        let cols = number("cols").unwrap_or(1);
        let list = v["pieces"].as_array().or_else(|| v["archers"].as_array());
        let pieces = list
            .into_iter()
            .flatten()
            .filter_map(|p| {
                Some(PieceView {
                    cell: p["cell"].as_str()?.to_string(),
                    seat: p["seat"].as_u64()? as usize,
                    king: p["king"]
                        .as_bool()
                        .or(p["marked"].as_bool())
                        .unwrap_or(false),
                    army: p["army"].as_str().map(str::to_string),
                })
            })
            .collect();
        BoardView {
            cols,
            rows,
            pieces,
            counts_pieces: v["pieces"].is_array(),
        }
    }
}

/// A piece's letter in the drawings, in the language in use: the first
/// character of `text`, a `letter-*` message of locales/*/cli.ftl (the
/// initial of the side's or army's word: English `w` White, Spanish `b`
/// Blancas). The legends name the same messages, so they say what is drawn.
/// (The renderers keep them once read: the language is chosen once, at the
/// start of the run.)
pub fn letter(text: String) -> char {
    text.chars().next().unwrap_or('?')
}

/// `1 point`, `0.5 points`, `3 points` (`1 punto`, `3 puntos`): a number
/// of points with its word, in the language in use.
pub fn points(n: impl std::fmt::Display) -> String {
    crate::i18n::t!("points", n = crate::i18n::number(&n.to_string()))
}

/// A variant's name as the games write it (`standard`, `publisher`,
/// `russian`, a layout or a rule set's cards) in the language in use: the
/// named variants from the catalogue (`variant-label`: `estándar`,
/// `editorial`, `rusas`), anything else as it is written.
pub fn variant_label(variant: &str) -> String {
    crate::i18n::t!("variant-label", variant = variant.to_string())
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
