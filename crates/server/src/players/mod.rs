//! Players' profiles and the leaderboards, read from storage (see
//! `docs/web-api.md`, "Profiles and leaderboards"): an account's games
//! (its seats in `account_seats` with their games), its ratings and
//! counts, its games' records for the zip download, and the best ratings
//! of a pool.
//!
//! A game the account plays against itself (a same-screen game whose two
//! seats it holds) is listed once, at its lower seat, against `self`, with
//! no result from either side's view.

pub mod store;

use crate::accounts::{AccountError, Accounts};
use crate::db::{Db, Fault};
use crate::games::{GameError, Hub};
use crate::ratings::{RatingError, Ratings};
use serde::Serialize;
use std::sync::Arc;
use tablero_ai::table::Table;
use tablero_core::Record;
use tablero_glicko::PROVISIONAL_RD;

/// The most games one page of a player's games lists.
pub const MAX_PAGE: i64 = 100;

/// The most records the zip download holds (the newest).
pub const MAX_RECORDS: i64 = 5000;

/// How many accounts a pool's leaderboard shows.
pub const BOARD: i64 = 50;

/// The fewest other players an account must have met in rated games of a
/// pool to be on its leaderboard (docs/web-api.md, "Profiles and
/// leaderboards"): a rating made against one or two accounts (perhaps the
/// same person's) or against the computer alone is not ranked.
pub const BOARD_OPPONENTS: i64 = 3;

/// How many a pool shows in the list of every pool.
pub const BOARD_SHORT: i64 = 10;

crate::refusal::concern_error! {
    /// Why the players concern failed (it refuses nothing: an unknown name
    /// is the routes' 404).
    pub enum PlayerError {}
}

impl From<AccountError> for PlayerError {
    fn from(e: AccountError) -> Self {
        PlayerError::Internal(Fault::from(e))
    }
}

impl From<RatingError> for PlayerError {
    fn from(e: RatingError) -> Self {
        PlayerError::Internal(Fault::from(e))
    }
}

impl From<GameError> for PlayerError {
    fn from(e: GameError) -> Self {
        PlayerError::Internal(Fault::from(e))
    }
}

type Result<T, E = PlayerError> = std::result::Result<T, E>;

/// The players concern's service: profiles and leaderboards, read from the
/// accounts, the games and the ratings.
#[derive(Clone)]
pub struct Players {
    db: Db,
    hub: Arc<Hub>,
    accounts: Accounts,
    ratings: Ratings,
}

/// A live account found by name.
#[derive(Clone, Debug)]
pub struct Account {
    /// Its id.
    pub id: String,
    /// Its name as chosen.
    pub name: String,
    /// When it was made (ms since 1970).
    pub created: i64,
    /// Whether its profile is shown to its owner only.
    pub private: bool,
}

/// One rating of a profile.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingView {
    /// The pool (`imago`, `draughts-russian`...).
    pub pool: String,
    /// The rating, rounded.
    pub rating: i64,
    /// Its deviation, rounded.
    pub deviation: i64,
    /// Whether it is still provisional (deviation over
    /// [`PROVISIONAL_RD`]).
    pub provisional: bool,
    /// The rated games that made it.
    pub games: i64,
}

/// Rounds a stored rating figure to a whole number.
pub(crate) fn whole(x: f64) -> i64 {
    // Ratings are a few thousand at most: the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    let n = x.round() as i64;
    n
}

/// A game's result from one seat's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The seat won.
    Win,
    /// The seat lost.
    Loss,
    /// A draw.
    Draw,
    /// Not over yet.
    Playing,
    /// Called off by the server: neither a result nor playing.
    Aborted,
}

impl Outcome {
    /// Reads `win`, `loss`, `draw`, `playing` or `aborted`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Outcome> {
        match text {
            "win" => Some(Outcome::Win),
            "loss" => Some(Outcome::Loss),
            "draw" => Some(Outcome::Draw),
            "playing" => Some(Outcome::Playing),
            "aborted" => Some(Outcome::Aborted),
            _ => None,
        }
    }

    /// The stored result `code` (`w0:goal`, `d:agreed`, `x:aborted`, none) from `seat`'s
    /// view, and the reason.
    fn of(code: Option<&str>, seat: i64) -> (Outcome, Option<String>) {
        let Some(code) = code else {
            return (Outcome::Playing, None);
        };
        let (who, reason) = code.split_once(':').unwrap_or((code, ""));
        let outcome = match who {
            "d" => Outcome::Draw,
            "x" => Outcome::Aborted,
            w if w == format!("w{seat}") => Outcome::Win,
            _ => Outcome::Loss,
        };
        (outcome, Some(reason.to_string()).filter(|r| !r.is_empty()))
    }
}

/// Who sat across the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Opponent {
    /// Another account.
    Player {
        /// Its name.
        name: String,
    },
    /// An account deleted since ("deleted player").
    Deleted,
    /// The computer, at a level.
    Computer {
        /// The level.
        level: i64,
    },
    /// A person without an account.
    Anonymous,
    /// An account whose profile is private, in another's list (its name is
    /// shown only to itself and in the list's owner's own view).
    Private,
    /// The player itself (a same-screen game).
    #[serde(rename = "self")]
    Itself,
}

/// A rating change of a rated game, from the player's view.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Change {
    /// The rating before, rounded.
    pub before: i64,
    /// The rating after, rounded.
    pub after: i64,
    /// The deviation before, rounded.
    pub before_deviation: i64,
    /// The deviation after, rounded.
    pub after_deviation: i64,
}

/// One game of a player's list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameItem {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The player's seat (0 or 1; the lower one against itself).
    pub seat: i64,
    /// Who sat across.
    pub opponent: Opponent,
    /// The result from the player's view (`null` against itself once
    /// over).
    pub result: Option<Outcome>,
    /// Why it ended (`goal`, `resign`...), once over.
    pub reason: Option<String>,
    /// The rating pool of a rated game.
    pub rated: Option<String>,
    /// The player's rating change, once the game is rated.
    pub rating: Option<Change>,
    /// Plies played.
    pub plies: i64,
    /// Created (ms since 1970).
    pub created: i64,
    /// Last changed (ms since 1970): the key of the next page.
    pub updated: i64,
    /// Its page (the board, the replay once over).
    pub url: String,
}

/// What a list of a player's games keeps.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only this game.
    pub game: Option<String>,
    /// Only this result from the player's view.
    pub result: Option<Outcome>,
    /// Only against the account with this name key.
    pub opponent: Option<String>,
    /// Only games changed before this (ms since 1970).
    pub before: Option<i64>,
    /// The account asking (its session), if any: a private opponent is
    /// named, and matched by `opponent`, only when it is the list's owner
    /// or that opponent (the players of a game see each other).
    pub viewer: Option<String>,
}

/// A player's games counted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Every game.
    pub games: i64,
    /// Won.
    pub wins: i64,
    /// Drawn (against another).
    pub draws: i64,
    /// Lost.
    pub losses: i64,
    /// Not over.
    pub playing: i64,
}

impl Players {
    /// The profiles of `db`'s accounts, their games in `hub`.
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>, accounts: Accounts, ratings: Ratings) -> Players {
        Players {
            db,
            hub,
            accounts,
            ratings,
        }
    }

    /// The live account named `key` (lower-cased), private or not.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn find(&self, key: &str) -> Result<Option<Account>> {
        Ok(self.accounts.find(key).await?.map(|f| Account {
            id: f.id,
            name: f.view.name,
            created: f.view.created,
            private: f.private,
        }))
    }

    /// `account`'s ratings, in the order of [`crate::ratings::pools`].
    ///
    /// # Errors
    /// Storage failures.
    pub async fn ratings(&self, account: &str) -> Result<Vec<RatingView>> {
        let mut out: Vec<RatingView> = self
            .ratings
            .of_account(account)
            .await?
            .into_iter()
            .map(|(pool, r, games)| RatingView {
                pool,
                rating: whole(r.rating),
                deviation: whole(r.deviation),
                provisional: r.deviation > PROVISIONAL_RD,
                games,
            })
            .collect();
        let order: Vec<String> = crate::ratings::pools().into_iter().map(|p| p.id).collect();
        out.sort_by_key(|r| {
            order
                .iter()
                .position(|p| *p == r.pool)
                .unwrap_or(order.len())
        });
        Ok(out)
    }

    /// `account`'s games that `filter` keeps, newest first, at most
    /// `limit`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn games(&self, account: &str, filter: &Filter, limit: i64) -> Result<Vec<GameItem>> {
        Ok(store::games(&self.db, account, filter, limit).await?)
    }

    /// `account`'s games counted by result.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn counts(&self, account: &str) -> Result<Counts> {
        Ok(store::counts(&self.db, account).await?)
    }

    /// `account` made its profile private or public: the games it holds a
    /// seat in show it again (a spectator sees a private account's seat
    /// without its name or rating), here and on the other processes.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn privacy_changed(&self, account: &str) -> Result<()> {
        let games = store::games_of(&self.db, account).await?;
        self.hub.players_changed_everywhere(&games).await?;
        Ok(())
    }

    /// The best `limit` established ratings of `pool`: no provisional
    /// rating, no deleted or private account, and rated games against at
    /// least [`BOARD_OPPONENTS`] other accounts; ties by fewer deviation,
    /// then name.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn leaders(&self, pool: &str, limit: i64) -> Result<Vec<Leader>> {
        Ok(store::leaders(&self.db, pool, limit).await?)
    }

    /// A game's record as a file: its name (`ID.pdn` for draughts, `ID.txt`
    /// else) and its text, in PDN for draughts and the project's record format
    /// for the others (`tablero_core::Record`, the one `tablero play
    /// --record` writes). `names` are the seats' players, written as the
    /// sides' tags; `site` is the game's page.
    ///
    /// # Errors
    /// Storage failures, or a stored game that does not replay.
    pub async fn record(
        &self,
        id: &str,
        names: [String; 2],
        site: &str,
    ) -> Result<Option<(String, String)>> {
        let Some((row, t)) = self.hub.replayed(id).await? else {
            return Ok(None);
        };
        let date = date_of(row.created);
        let tags = |sides: [&str; 2]| {
            let mut tags: Vec<(String, String)> = sides
                .iter()
                .zip(&names)
                .map(|(s, n)| ((*s).to_string(), n.clone()))
                .collect();
            tags.push(("Date".into(), date.clone()));
            tags.push(("Site".into(), site.to_string()));
            tags
        };
        let any = t.as_any();
        if let Some(d) = any.downcast_ref::<Table<tablero_games::draughts::Draughts>>() {
            let mut r = Record::from_history(d.history());
            r.tags = tags(side_tags(d));
            return Ok(Some((
                format!("{id}.pdn"),
                tablero_games::draughts::pdn::write(&r),
            )));
        }
        let text = tablero_games::with_game!(row.game.as_str(), G => {
            any.downcast_ref::<Table<G>>().map(|g| {
                let mut r = Record::from_history(g.history());
                r.tags = tags(side_tags(g));
                r.to_text()
            })
        }, else None);
        Ok(text.map(|text| (format!("{id}.txt"), text)))
    }
}

/// The tags that name the sides of `t`'s variant (`White`, `Black`...),
/// in English as records write them.
fn side_tags<G: tablero_ai::play::Play + tablero_games::Describe>(
    t: &Table<G>,
) -> [&'static str; 2] {
    let names = G::side_names(t.history().start().variant());
    [names[0].en, names[1].en]
}

/// The date of `ms` (since 1970) as a record writes it: `YYYY.MM.DD`.
fn date_of(ms: i64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The seats of game `id` held by a live private account: a spectator of
/// the game is shown neither its name nor its rating (docs/web-api.md,
/// "Private profiles").
///
/// # Errors
/// Storage failures.
pub async fn private_seats(db: &Db, id: &str) -> std::result::Result<[bool; 2], Fault> {
    store::private_seats(db, id).await
}

/// One account of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leader {
    /// Its name.
    pub name: String,
    /// Its rating, rounded.
    pub rating: i64,
    /// Its deviation, rounded.
    pub deviation: i64,
    /// Its rated games.
    pub games: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(951_782_400_000), "2000.02.29");
        assert_eq!(date_of(1_798_761_599_000), "2026.12.31");
    }

    #[test]
    fn results_from_a_seat() {
        assert_eq!(
            Outcome::of(Some("w0:goal"), 0),
            (Outcome::Win, Some("goal".into()))
        );
        assert_eq!(Outcome::of(Some("w0:goal"), 1).0, Outcome::Loss);
        assert_eq!(Outcome::of(Some("w1:resign"), 1).0, Outcome::Win);
        assert_eq!(Outcome::of(Some("d:agreed"), 1).0, Outcome::Draw);
        assert_eq!(Outcome::of(None, 0), (Outcome::Playing, None));
        for w in ["win", "loss", "draw", "playing"] {
            assert!(Outcome::parse(w).is_some());
        }
        assert_eq!(Outcome::parse("won"), None);
    }
}
