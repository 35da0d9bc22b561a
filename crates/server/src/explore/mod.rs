//! Positions without a game, and the explorer. [`position`]: any position
//! of any game drawn as a game page draws it (`POST /api/position`) and
//! analysed (`POST /api/analyse`). The explorer (`POST /api/explore`, this
//! module): for a position of a solved game (Imago in any layout, Linja,
//! and Super Dimensiones inside its installed endgame tables), every legal
//! move with its exact value, as the analysis gives it, and how often the
//! finished games of this server that reached the same position by the
//! same moves played it, and how those games ended ([`store`]).
//!
//! The counts look at most [`MAX_PLIES`] plies in, over the
//! [`MAX_GAMES`] most recently changed finished games of the same game,
//! variant and first seat. Nothing is stored.

pub mod position;
pub mod store;

use crate::db::{Db, Fault};
use position::{state, ExactView, PositionBody, REACH};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::time::Duration;
use tablero_ai::table::GameTable;
use tablero_core::{id, Message};

crate::refusal::concern_error! {
    /// Why the explore concern refused a request, or failed.
    pub enum ExploreError {
        /// A position that cannot be set up: a bad variant, position or
        /// move, a game without exact values.
        BadPosition => Invalid,
        /// No such game.
        NoSuchGame => Missing,
    }
}

/// The explore concern's service: the explorer's counts over the stored
/// games.
#[derive(Clone)]
pub struct Explore {
    db: Db,
}

impl Explore {
    /// The explorer over `db`'s games.
    #[must_use]
    pub fn new(db: Db) -> Explore {
        Explore { db }
    }
}

/// The games the explorer knows exact values of.
/// Super Dimensiones has exact values only inside an installed endgame
/// table (one sub-game decided, the other within the table's pieces);
/// elsewhere its moves come without values (`beyond`).
pub const EXACT_GAMES: [&str; 3] = ["imago", "linja", "dimensiones"];

/// The deepest position (in plies) whose games are counted.
pub const MAX_PLIES: usize = 40;

/// The most finished games whose moves are looked at: the most recently
/// changed ones of the game, variant and first seat.
pub const MAX_GAMES: i64 = 5000;

/// A position to explore: a game's start (its variant and first seat) and
/// moves played from it, or a position string and moves from there. The
/// counts follow games from their start, so a set-up position (an endgame
/// entered on the analysis board) has values but no counts.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExploreBody {
    /// The game's name (`imago` or `linja`).
    pub game: String,
    /// The variant (Imago: the layout); the default when absent.
    #[serde(default)]
    pub variant: Option<String>,
    /// The seat that moves first (0 or 1; default 0).
    #[serde(default)]
    pub first: Option<usize>,
    /// A position string to start from instead of the game's start (no
    /// games are counted from it).
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from the start, in notation.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl ExploreBody {
    /// The table of this position, every move replayed.
    ///
    /// # Errors
    /// An unknown game (404), a game without exact values
    /// (`api_explore_not_exact`), a bad variant or move.
    pub fn table(&self) -> Result<Box<dyn GameTable>, ExploreError> {
        if crate::games::catalog::find(&self.game).is_none() {
            return Err(ExploreError::NoSuchGame(
                crate::games::catalog::no_such_game(&self.game),
            ));
        }
        if !EXACT_GAMES.contains(&self.game.as_str()) {
            return Err(ExploreError::BadPosition(
                Message::of(id!("api_explore_not_exact"))
                    .text("game", &self.game)
                    .text("games", EXACT_GAMES.join(", ")),
            ));
        }
        PositionBody {
            game: self.game.clone(),
            variant: self.variant.clone(),
            position: self.position.clone(),
            first: self.first,
            moves: self.moves.clone(),
        }
        .table()
    }

    /// The first seat asked for (0 or 1; checked by [`ExploreBody::table`]).
    #[must_use]
    pub fn first_seat(&self) -> i64 {
        i64::from(self.first == Some(1))
    }
}

/// How the games that played a move (or reached a position) ended, for
/// the side to move in the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Results {
    /// Games counted.
    pub games: u32,
    /// Won by the side to move.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost by the side to move.
    pub losses: u32,
}

impl Results {
    /// Counts a game whose stored result is `code` (`w0:goal`, `d:...`)
    /// for `mover` (a seat).
    fn count(&mut self, code: &str, mover: usize) {
        self.games += 1;
        match code.split(':').next() {
            Some("w0") if mover == 0 => self.wins += 1,
            Some("w1") if mover == 1 => self.wins += 1,
            Some("w0" | "w1") => self.losses += 1,
            _ => self.draws += 1,
        }
    }
}

/// A legal move as the explorer shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ExploredMove {
    /// The move, in notation.
    #[serde(rename = "move")]
    pub text: String,
    /// Its exact value for the side to move; `null` beyond the endgame
    /// solver's reach (Linja without a table).
    pub value: Option<ExactView>,
    /// Whether it keeps the best value (exact only).
    pub best: bool,
    /// The counted games that played it here, and how they ended.
    pub played: Results,
}

/// `POST /api/explore`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct ExploreView {
    /// The position, drawn as a game page draws it.
    pub state: crate::games::GameState,
    /// `exact` (every move's value is known), `beyond` (Linja beyond the
    /// endgame solver's reach without a table, Super Dimensiones outside
    /// its installed tables: the moves without values)
    /// or `over` (no move: the game is over).
    pub method: &'static str,
    /// Every legal move: exact values best first; beyond reach, the most
    /// played first.
    pub moves: Vec<ExploredMove>,
    /// The counted games that reached this position (those that ended
    /// here among them); `null` deeper than [`MAX_PLIES`] or from a set-up
    /// position.
    pub reached: Option<Results>,
    /// The deepest position counted ([`MAX_PLIES`]).
    pub max_plies: usize,
    /// The most games looked at ([`MAX_GAMES`]).
    pub max_games: i64,
}

/// What the games of the store did in the position after `moves` (the
/// canonical notation the table keeps): how they ended, all of them and
/// per next move, for `mover`.
///
/// # Errors
/// On database errors.
pub async fn counts(
    db: &Db,
    start: (&str, &str, i64),
    moves: &[String],
    mover: usize,
) -> Result<(Results, HashMap<String, Results>), Fault> {
    let mut reached = Results::default();
    let mut per: HashMap<String, Results> = HashMap::new();
    for (code, next) in store::reached(db, start, moves, MAX_GAMES).await? {
        reached.count(&code, mover);
        if let Some(n) = next {
            per.entry(n).or_default().count(&code, mover);
        }
    }
    Ok((reached, per))
}

/// Every legal move of `table` with its exact value where the game knows
/// it (the analysis's, without its search): the endgame solver looks at
/// most [`REACH`] positions, as for an analysis.
#[must_use]
pub fn values(table: &dyn GameTable) -> (&'static str, Vec<ExploredMove>) {
    if table.to_move().is_none() {
        return ("over", Vec::new());
    }
    // No thinking time: the search part of an analysis is not wanted.
    let a = table.analyse(Duration::ZERO, REACH);
    match a.exact {
        Some(exact) => {
            let best = exact.first().map(|(_, v)| v.rank());
            let moves = exact
                .into_iter()
                .map(|(text, v)| ExploredMove {
                    text,
                    best: Some(v.rank()) == best,
                    value: Some(v.into()),
                    played: Results::default(),
                })
                .collect();
            ("exact", moves)
        }
        None => {
            let moves = table
                .legal()
                .into_iter()
                .map(|m| ExploredMove {
                    text: m.text,
                    value: None,
                    best: false,
                    played: Results::default(),
                })
                .collect();
            ("beyond", moves)
        }
    }
}

impl Explore {
    /// The explorer's answer for `table` (the position after `body`'s moves),
    /// its moves' values `valued` (from [`values`]) and the store's games.
    ///
    /// # Errors
    /// On database errors.
    pub async fn view(
        &self,
        body: &ExploreBody,
        table: &dyn GameTable,
        (method, mut moves): (&'static str, Vec<ExploredMove>),
    ) -> Result<ExploreView, Fault> {
        let played = table.moves();
        let reached = if body.position.is_none() && played.len() <= MAX_PLIES {
            let mover = table.to_move().unwrap_or(0);
            let variant = table.variant();
            let (reached, per) = counts(
                &self.db,
                (&body.game, &variant, body.first_seat()),
                played,
                mover,
            )
            .await?;
            for m in &mut moves {
                m.played = per.get(&m.text).copied().unwrap_or_default();
            }
            Some(reached)
        } else {
            None
        };
        if method == "beyond" {
            // The most played first; the legal order otherwise.
            moves.sort_by_key(|m| std::cmp::Reverse(m.played.games));
        }
        Ok(ExploreView {
            state: state(table),
            method,
            moves,
            reached,
            max_plies: MAX_PLIES,
            max_games: MAX_GAMES,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Results;

    #[test]
    fn results_count_for_the_mover() {
        let mut r = Results::default();
        for code in ["w0:goal", "w1:resign", "d:agreed", "w0:time"] {
            r.count(code, 1);
        }
        assert_eq!(
            r,
            Results {
                games: 4,
                wins: 1,
                draws: 1,
                losses: 2
            }
        );
    }
}
