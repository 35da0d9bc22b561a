//! What each game says about itself beyond its rules: its names in English
//! and Spanish, its sides, a one-line summary, its variants with their
//! labels, the board as the browser draws it, and how a move's text maps to
//! the cells clicked. Written once per game (`<game>/describe.rs`), read by
//! the command line, the server and the web app's catalog.
//!
//! The list of games is [`GAMES`], and [`with_game!`](crate::with_game)
//! runs generic code for a game named at run time; both come from one list
//! in this file, so adding a game is its folder plus one line here (see
//! docs/architecture.md, "Adding a game").

use serde_json::Value;
use tablero_core::Game;

/// A text in the two languages of tablero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Text {
    /// English.
    pub en: &'static str,
    /// Spanish.
    pub es: &'static str,
}

impl Text {
    /// The same text in both languages (a name).
    #[must_use]
    pub const fn same(s: &'static str) -> Text {
        Text { en: s, es: s }
    }

    /// The text in `lang` (`"es"`, else English).
    #[must_use]
    pub fn get(&self, lang: &str) -> &'static str {
        if lang == "es" {
            self.es
        } else {
            self.en
        }
    }
}

/// A variant offered in a list, with its label.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct VariantChoice {
    /// The variant's text, as `FromStr` reads it.
    pub id: String,
    /// What a player reads, where the text alone does not say it.
    pub label: Option<Text>,
}

/// The fixed part of a game's description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// The name on the command line and in URLs ([`Game::NAME`]).
    pub name: &'static str,
    /// The game's title.
    pub title: Text,
    /// Player one's and player two's names, capitalised.
    pub sides: [Text; 2],
    /// One line on what the game is.
    pub summary: Text,
    /// The name of the game's claim of a win (Imago's "Jacke"), if it has
    /// claims.
    pub claim: Option<Text>,
    /// Whether the web app offers the game (the 8x8 draughts configurations
    /// are for checking the engine only).
    pub in_app: bool,
    /// The rules as implemented (the game's page in docs/rules/).
    pub rules: &'static str,
    /// The rules for players, one page in each language
    /// (`docs/rules/<game>.play.en.md` and `.es.md`): the goal, the setup,
    /// a turn, the special cases and the end, with diagrams.
    pub play: Text,
}

impl GameInfo {
    /// Player `i`'s name in lower case, as the command line accepts it.
    #[must_use]
    pub fn side_word(&self, i: usize) -> String {
        self.sides[i & 1].en.to_lowercase()
    }
}

/// A game as the player sees it: its description, its board for the
/// browser, and how its moves are entered.
pub trait Describe: Game {
    /// The fixed description.
    const INFO: GameInfo;

    /// Whether the game's own rules have a two-game match, the people
    /// swapping seats for the second game and adding their points (Jarmo's
    /// rule 11); the web app then offers one.
    const TWO_GAME_MATCH: bool = false;

    /// The variants to choose from, the default first; empty where the
    /// variant is free text (Imago's layouts).
    fn variants() -> Vec<VariantChoice>;

    /// The board as the browser draws it (see docs/web-api.md).
    fn view(&self) -> Value;

    /// Player one's and player two's names in `variant`: those of
    /// [`GameInfo::sides`] unless the variant names its sides otherwise
    /// (English draughts, where Black moves first).
    fn side_names(_variant: &Self::Variant) -> [Text; 2] {
        Self::INFO.sides
    }

    /// The cells (or rows) clicked, in order, to enter the move written
    /// `text`. Default: every letter-digit cell name in the text.
    fn path(text: &str) -> Vec<String> {
        cell_names(text)
    }
}

/// Every `a1`-style cell name in `text`, in order: a letter and a digit,
/// not inside a word (the `x` of a capture separates).
#[must_use]
pub fn cell_names(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(1))
        .filter(|&i| {
            b[i].is_ascii_lowercase()
                && b[i + 1].is_ascii_digit()
                && (i == 0 || !b[i - 1].is_ascii_lowercase() || b[i - 1] == b'x')
                && b.get(i + 2).is_none_or(|c| !c.is_ascii_digit())
        })
        .map(|i| text[i..i + 2].to_string())
        .collect()
}

/// The list of games: each line a module of this crate and its game type.
/// The one place a new game is added.
#[doc(hidden)]
#[macro_export]
macro_rules! __for_each_game {
    ($cb:ident ! { $($args:tt)* }) => {
        $crate::$cb! {
            [$($args)*]
            imago::Imago,
            jarmo::Jarmo,
            linja::Linja,
            dimensiones::Dimensiones,
            draughts::Draughts,
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    ([$name:expr, $G:ident, $body:expr, $other:expr] $($m:ident :: $T:ident,)*) => {{
        let __name: &str = $name;
        $(
            if __name == <$crate::$m::$T as $crate::Describe>::INFO.name {
                #[allow(dead_code)]
                type $G = $crate::$m::$T;
                $body
            } else
        )* {
            $other
        }
    }};
}

/// Runs `$body` with the type alias `$G` set to the game named `$name` (a
/// `&str`), or evaluates `$other` when no game has that name.
///
/// ```
/// use tablero_core::Game;
/// fn start_of(name: &str) -> Option<String> {
///     tablero_games::with_game!(name, G => Some(G::start(&Default::default()).position_string()), else None)
/// }
/// assert!(start_of("linja").is_some());
/// assert!(start_of("chess").is_none());
/// ```
#[macro_export]
macro_rules! with_game {
    ($name:expr, $G:ident => $body:expr, else $other:expr) => {
        $crate::__for_each_game!(__with_game_arms! { $name, $G, $body, $other })
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_infos {
    ([] $($m:ident :: $T:ident,)*) => {
        &[$(&<$crate::$m::$T as $crate::Describe>::INFO),*]
    };
}

/// Every game's description, in the order of the list.
pub const GAMES: &[&GameInfo] = __for_each_game!(__game_infos! {});

/// The description of the game named `name`.
#[must_use]
pub fn game_info(name: &str) -> Option<&'static GameInfo> {
    GAMES.iter().copied().find(|g| g.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_in_notation() {
        assert_eq!(cell_names("b2-c2 g5"), ["b2", "c2", "g5"]);
        assert_eq!(cell_names("b1xd2"), ["b1", "d2"]);
        assert_eq!(cell_names("c2-e3+b1"), ["c2", "e3", "b1"]);
        assert_eq!(cell_names("a1xc3xe5"), ["a1", "c3", "e5"]);
        assert_eq!(cell_names("c3-d4!b2"), ["c3", "d4", "b2"]);
        assert_eq!(cell_names("pass"), Vec::<String>::new());
        assert_eq!(cell_names("pass+b1"), ["b1"]);
    }

    #[test]
    fn names_are_unique_and_match_the_games() {
        let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        assert_eq!(
            names,
            ["imago", "jarmo", "linja", "dimensiones", "draughts"]
        );
        for g in GAMES {
            let n = crate::with_game!(g.name, G => G::NAME, else "none");
            assert_eq!(n, g.name);
            assert!(!g.rules.is_empty());
            assert!(g.play.en.starts_with("# ") && g.play.es.starts_with("# "));
        }
    }
}
