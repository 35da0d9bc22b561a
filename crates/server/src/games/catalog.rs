//! The games the web app offers, read from each game's own description
//! (`tablero_games::GAMES`): the catalog the browser builds its pages from,
//! the rules pages, and the stored form of a declared result.

use serde::Serialize;
use std::collections::BTreeMap;
use tablero_ai::Play;
use tablero_core::{Outcome, Player, Reason};
use tablero_games::{Describe, GameInfo, Text, VariantChoice};

/// One game of the catalog (`GET /api/catalog`; see docs/web-api.md).
#[derive(Clone, Debug, Serialize)]
pub struct CatalogEntry {
    /// The name in URLs, and the browser's board module (`web/boards/NAME.js`).
    pub game: &'static str,
    /// The title.
    pub title: Text,
    /// One line on what the game is.
    pub summary: Text,
    /// Player one's and player two's names.
    pub sides: [Text; 2],
    /// The names of the variants that name their sides otherwise
    /// (`Describe::side_names`: English draughts' player one is Black),
    /// by variant id; empty where every variant uses `sides`.
    pub variant_sides: BTreeMap<String, [Text; 2]>,
    /// The variants to choose from, the default first; empty where the
    /// variant is free text (Imago's layouts).
    pub variants: Vec<VariantChoice>,
    /// The variant played when none is chosen.
    pub default_variant: String,
    /// The name of the game's claim of a win, if it has one.
    pub claim: Option<Text>,
    /// Whether the game has claims.
    pub claims: bool,
    /// The computer's levels.
    pub levels: Vec<Level>,
    /// Whether the server knows every position's exact value at once in
    /// some variant (Linja when started with a table: `tablero serve
    /// --table FILE`); level 5 then plays perfectly there.
    pub solved: bool,
    /// The variants it knows exactly (empty when `solved` is false).
    pub solved_variants: Vec<String>,
    /// Whether the game's rules have a two-game match (seats swapped for
    /// the second game, points added); the new-game form then offers one.
    pub two_game_match: bool,
}

/// A computer level as the catalog shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Level {
    /// 1 to 5.
    pub level: u8,
    /// What it plays with.
    pub recipe: &'static str,
    /// Its fixed rating in the default variant (docs/ai.md, "The levels'
    /// ratings"), rounded; a rated game against it counts that rating.
    pub rating: Option<i64>,
}

fn entry<G: Play + Describe>() -> CatalogEntry {
    CatalogEntry {
        game: G::INFO.name,
        title: G::INFO.title,
        summary: G::INFO.summary,
        sides: G::INFO.sides,
        variant_sides: G::variants()
            .iter()
            .filter_map(|v| {
                let names = G::side_names(&v.id.parse().ok()?);
                (names != G::INFO.sides).then(|| (v.id.clone(), names))
            })
            .collect(),
        variants: G::variants(),
        default_variant: G::Variant::default().to_string(),
        claim: G::INFO.claim,
        claims: G::INFO.claim.is_some(),
        levels: G::levels()
            .iter()
            .map(|l| Level {
                level: l.level,
                recipe: l.recipe,
                rating: tablero_ai::strength::level_rating(
                    G::INFO.name,
                    &G::Variant::default().to_string(),
                    l.level,
                )
                .map(|r| r.rating.round() as i64),
            })
            .collect(),
        solved: !G::solved_variants().is_empty(),
        solved_variants: G::solved_variants(),
        two_game_match: G::TWO_GAME_MATCH,
    }
}

/// The games the web app offers.
pub fn offered() -> impl Iterator<Item = &'static GameInfo> {
    tablero_games::GAMES.iter().copied().filter(|g| g.in_app)
}

/// The offered game named `name`.
#[must_use]
pub fn find(name: &str) -> Option<&'static GameInfo> {
    offered().find(|g| g.name == name)
}

/// Whether the offered game `name` has a two-game match.
#[must_use]
pub fn two_game_match(name: &str) -> bool {
    find(name)
        .is_some_and(|g| tablero_games::with_game!(g.name, G => G::TWO_GAME_MATCH, else false))
}

/// The names of the offered games, for error messages.
#[must_use]
pub fn names() -> String {
    offered().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

/// Why there is no offered game `name` (the games named), for a refusal.
#[must_use]
pub fn no_such_game(name: &str) -> tablero_core::Message {
    tablero_core::Message::of(tablero_core::id!("api_no_such_game"))
        .text("game", name)
        .text("games", names())
}

/// The catalog: every offered game.
#[must_use]
pub fn catalog() -> Vec<CatalogEntry> {
    offered()
        .filter_map(|g| tablero_games::with_game!(g.name, G => Some(entry::<G>()), else None))
        .collect()
}

/// The rules text of `game`.
#[must_use]
pub fn rules(game: &str) -> Option<&'static str> {
    find(game).map(|g| g.rules)
}

/// A declared result as stored: `w0:resign`, `w1:claim`, `d:agreed`, and
/// `x:aborted` for a game called off (neither a win nor a draw).
#[must_use]
pub fn outcome_code(o: &Outcome) -> String {
    match o.winner {
        _ if o.is_aborted() => format!("x:{}", o.reason.as_str()),
        Some(p) => format!("w{}:{}", p.index(), o.reason.as_str()),
        None => format!("d:{}", o.reason.as_str()),
    }
}

/// Reads [`outcome_code`]'s text back (also the older `w1:jacke`).
#[must_use]
pub fn parse_outcome_code(code: &str) -> Option<Outcome> {
    let (who, reason) = code.split_once(':')?;
    let reason = Reason::try_from_str(reason)?;
    match who {
        "w0" => Some(Outcome::win(Player::P1, reason)),
        "w1" => Some(Outcome::win(Player::P2, reason)),
        "d" if reason != Reason::Aborted => Some(Outcome::draw(reason)),
        "x" if reason == Reason::Aborted => Some(Outcome::aborted()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_ai::table::{open, Seat};

    #[test]
    fn outcome_codes_round_trip() {
        for o in [
            Outcome::win(Player::P1, Reason::Resign),
            Outcome::win(Player::P2, Reason::Claim),
            Outcome::draw(Reason::Agreed),
            Outcome::win(Player::P1, Reason::Forfeit),
            Outcome::aborted(),
        ] {
            assert_eq!(parse_outcome_code(&outcome_code(&o)), Some(o));
        }
        assert_eq!(
            parse_outcome_code("w1:jacke"),
            Some(Outcome::win(Player::P2, Reason::Claim))
        );
        assert_eq!(parse_outcome_code("x:resign"), None);
        assert_eq!(parse_outcome_code("d:aborted"), None);
        assert_eq!(parse_outcome_code("w0:nonsense"), None);
    }

    #[test]
    fn the_catalog_lists_the_offered_games() {
        let names: Vec<&str> = catalog().iter().map(|e| e.game).collect();
        assert_eq!(names, ["imago", "jarmo", "linja", "dimensiones"]);
        assert!(find("draughts").is_none(), "checks only, not offered");
    }

    #[test]
    fn the_catalog_gives_each_level_its_fixed_rating() {
        for e in catalog() {
            let ratings: Vec<i64> = e.levels.iter().filter_map(|l| l.rating).collect();
            assert_eq!(ratings.len(), 5, "{}", e.game);
            assert_eq!(ratings[0], 1000, "{}: level 1 is the anchor", e.game);
            let want = tablero_ai::strength::level_rating(e.game, &e.default_variant, 5)
                .unwrap()
                .rating
                .round() as i64;
            assert_eq!(ratings[4], want, "{}", e.game);
        }
    }

    #[test]
    fn the_catalog_names_each_variant_s_sides() {
        // English draughts' first mover is Black (#36): its entry says so.
        let e = entry::<tablero_games::draughts::Draughts>();
        let names: Vec<(&str, [&str; 2])> = e
            .variant_sides
            .iter()
            .map(|(v, [a, b])| (v.as_str(), [a.en, b.en]))
            .collect();
        assert_eq!(names, [("english", ["Black", "White"])]);
        assert_eq!(e.variant_sides["english"][0].es, "Negras");
        // The offered games name their sides the same in every variant.
        for e in catalog() {
            assert!(e.variant_sides.is_empty(), "{}", e.game);
        }
        let json = serde_json::to_value(&e).expect("json");
        assert_eq!(json["variant_sides"]["english"][0]["en"], "Black");
    }

    #[test]
    fn every_legal_move_has_its_own_path() {
        for g in offered() {
            let t = open(g.name, None, None, Player::P1, [Seat::Person; 2]).unwrap();
            let legal = t.legal();
            assert!(!legal.is_empty(), "{}", g.name);
            for (i, a) in legal.iter().enumerate() {
                for b in &legal[i + 1..] {
                    assert_ne!(a.path, b.path, "{}: {} and {}", g.name, a.text, b.text);
                }
            }
        }
    }
}

/// A game, variant and clock checked and written as the game's table and
/// the clock write them (so equal choices compare equal): what a seek or
/// a challenge asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game's name.
    pub game: String,
    /// The variant's text, as the game's table writes it.
    pub variant: String,
    /// The time control (`5+3`, `3d`), none for an untimed game.
    pub clock: Option<String>,
}

/// Checks `game`, `variant` (none: the standard one) and `clock` (none,
/// empty or `none`: no clock) for a game between two people.
///
/// # Errors
/// An unknown game, a bad variant or clock.
pub fn setup(
    game: &str,
    variant: Option<&str>,
    clock: Option<&str>,
) -> Result<Setup, super::GameError> {
    use tablero_ai::table::{self, Seat};
    if find(game).is_none() {
        return Err(super::GameError::unknown_game(game));
    }
    let t = table::open_or_why(
        game,
        variant,
        None,
        Player::ALL[0],
        [Seat::Person, Seat::Person],
    )
    .map_err(super::GameError::Invalid)?;
    let clock = match clock.map(str::trim) {
        None | Some("" | "none") => None,
        Some(text) => Some(
            text.parse::<tablero_ai::clock::TimeControl>()
                .map_err(super::GameError::Invalid)?
                .to_string(),
        ),
    };
    Ok(Setup {
        game: game.to_string(),
        variant: t.variant(),
        clock,
    })
}
