//! Print-and-play kits of tablero's games: each game's board at playing
//! size, its pieces (and Super Dimensiones' signal token and ten cards) to
//! cut out, and a one-page rules summary in English or Spanish.
//!
//! Every page is drawn as SVG in millimetres from the game's own types
//! (Imago's cells, goals and walls of the chosen layout, Jarmo's points
//! and `LINES`, Linja's rows, the draughts boards' squares and start
//! pieces) and converted to PDF by `svg2pdf`, with the DejaVu Sans font
//! that the `dejavu` crate ships embedded in the file.
#![deny(missing_docs)]

pub mod cards;
mod games;
mod pdf;
pub mod picture;
pub mod rules;
pub mod svg;

pub use cards::{Face, CARD_MM};
pub use games::{
    Printable, DIMENSIONES_SQUARE_MM, DRAUGHTS_SQUARE_MM, IMAGO_CELL_MM, JARMO_STEP_MM,
    LINJA_ROW_MM,
};
pub use svg::Page;

use std::fmt;
use std::str::FromStr;

/// A sheet of paper.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in (215.9 x 279.4 mm).
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    #[must_use]
    pub const fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

impl FromStr for Paper {
    type Err = String;
    fn from_str(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" | "carta" => Ok(Paper::Letter),
            _ => Err(format!("unknown paper {s:?} (a4 or letter)")),
        }
    }
}

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        })
    }
}

/// The language of the texts: the catalogue's own.
pub use tablero_i18n::Lang;

/// Saying a message of `locales/*/print.ftl` in a language.
pub trait Say {
    /// Message `id` in this language.
    fn say(self, id: tablero_i18n::Id) -> String;
    /// Message `id` with its variables, each a text shown as given.
    fn say_with(self, id: tablero_i18n::Id, args: &[(&'static str, &str)]) -> String;
}

impl Say for Lang {
    fn say(self, id: tablero_i18n::Id) -> String {
        tablero_i18n::format(self, id, None)
    }

    fn say_with(self, id: tablero_i18n::Id, args: &[(&'static str, &str)]) -> String {
        let mut a = tablero_i18n::Args::new();
        for (name, value) in args {
            a.set(*name, tablero_i18n::Value::from((*value).to_string()));
        }
        tablero_i18n::format(self, id, Some(&a))
    }
}

/// A kit's language from its name: `en`, `english`, `es`, `spanish`,
/// `español` (any case).
///
/// # Errors
/// Another name, with the two allowed.
pub fn parse_lang(s: &str) -> Result<Lang, String> {
    match s.to_ascii_lowercase().as_str() {
        "en" | "english" => Ok(Lang::En),
        "es" | "spanish" | "español" | "espanol" => Ok(Lang::Es),
        _ => Err(format!("unknown language {s:?} (en or es)")),
    }
}

/// What a kit is printed for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The sheet of paper.
    pub paper: Paper,
    /// The language of the texts.
    pub lang: Lang,
}

/// A game's kit: pages of one paper size.
#[derive(Clone, Debug)]
pub struct Kit {
    /// The paper.
    pub paper: Paper,
    /// The pages, in order.
    pub pages: Vec<Page>,
}

/// A kit that cannot be converted to PDF.
#[derive(Debug, thiserror::Error)]
pub enum PrintError {
    /// The SVG of a page could not be read back (a bug).
    #[error("page {page}: {message}")]
    Svg {
        /// The page, from 1.
        page: usize,
        /// What went wrong.
        message: String,
    },
}

impl Kit {
    /// One page as a standalone SVG document, its size in millimetres.
    #[must_use]
    pub fn page_svg(&self, i: usize) -> String {
        let (w, h) = self.paper.size_mm();
        let body = self.pages.get(i).map_or("", Page::body);
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" viewBox=\"0 0 {w} {h}\">\n<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n{body}</svg>\n"
        )
    }

    /// Every page in one SVG document, one below the other with a 10 mm
    /// gap, each in a group `<g class="page">`.
    #[must_use]
    pub fn to_svg(&self) -> String {
        let (w, h) = self.paper.size_mm();
        let n = self.pages.len().max(1);
        #[allow(clippy::cast_precision_loss)]
        let total = n as f64 * (h + 10.0) - 10.0;
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{total}mm\" viewBox=\"0 0 {w} {total}\">\n"
        );
        for (i, p) in self.pages.iter().enumerate() {
            #[allow(clippy::cast_precision_loss)]
            let y = i as f64 * (h + 10.0);
            out.push_str(&format!(
                "<g class=\"page\" transform=\"translate(0 {y})\">\n<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#fff\" stroke=\"#bbb\" stroke-width=\"0.2\"/>\n{}</g>\n",
                p.body()
            ));
        }
        out.push_str("</svg>\n");
        out
    }

    /// The kit as a PDF, one page per page, fonts embedded.
    ///
    /// # Errors
    /// [`PrintError`] when a page cannot be converted.
    pub fn to_pdf(&self) -> Result<Vec<u8>, PrintError> {
        pdf::to_pdf(self)
    }
}

/// The kit of game `G` for `variant`.
#[must_use]
pub fn kit<G: Printable>(variant: &G::Variant, options: &Options) -> Kit {
    Kit {
        paper: options.paper,
        pages: G::pages(variant, options),
    }
}

/// The kit of the game named `game` for the variant written `variant`
/// (the game's default when `None`).
///
/// # Errors
/// A message naming the games when `game` is unknown, or the variant's
/// own error when it cannot be read.
pub fn kit_named(game: &str, variant: Option<&str>, options: &Options) -> Result<Kit, String> {
    fn build<G: Printable>(variant: Option<&str>, options: &Options) -> Result<Kit, String> {
        let v = match variant {
            None => G::Variant::default(),
            Some(text) => text
                .parse::<G::Variant>()
                .map_err(|e| format!("bad variant {text:?}: {e}"))?,
        };
        Ok(kit::<G>(&v, options))
    }
    tablero_games::with_game!(game, G => build::<G>(variant, options), else {
        let names: Vec<&str> = tablero_games::GAMES.iter().map(|g| g.name).collect();
        Err(format!("no game {game:?}: the games are {}", names.join(", ")))
    })
}
