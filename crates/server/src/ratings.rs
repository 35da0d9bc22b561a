//! Rated games: which games are rated, the rating pools, and applying a
//! finished rated game's result to its players' Glicko-2 ratings (the
//! formulas are in [`crate::rating`]).
//!
//! A *pool* is what one rating covers: one per game (Super Dimensiones'
//! 32 rule sets share one), except 8x8 draughts, with one per variant
//! (`draughts-russian`, `draughts-turkish`, `draughts-english`).

/// The rating pool of `game` played with `variant` (the variant's text as
/// stored with the game).
#[must_use]
pub fn pool_of(game: &str, variant: &str) -> String {
    if game == "draughts" {
        let name = variant.split_whitespace().next().unwrap_or("russian");
        format!("draughts-{name}")
    } else {
        game.to_string()
    }
}

/// A rating pool: its id, the game, and the variant where the pool is one
/// variant's.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Pool {
    /// `imago`, `draughts-english`...
    pub id: String,
    /// The game's name.
    pub game: &'static str,
    /// The variant's name, for draughts.
    pub variant: Option<&'static str>,
}

/// Every rating pool, in the catalogue's order.
#[must_use]
pub fn pools() -> Vec<Pool> {
    let mut all = Vec::new();
    for game in ["imago", "jarmo", "linja", "dimensiones"] {
        all.push(Pool {
            id: game.to_string(),
            game,
            variant: None,
        });
    }
    for variant in ["russian", "turkish", "english"] {
        all.push(Pool {
            id: format!("draughts-{variant}"),
            game: "draughts",
            variant: Some(variant),
        });
    }
    all
}
