//! Players' profiles and the leaderboards, read from storage (see
//! `docs/web-api.md`, "Profiles and leaderboards"): an account's games
//! (its seats in `account_seats` with their games), its ratings and
//! counts, its games' records for the zip download, and the best ratings
//! of a pool.
//!
//! A game the account plays against itself (a same-screen game whose two
//! seats it holds) is listed once, at its lower seat, against `self`, with
//! no result from either side's view.

use crate::error::ApiError;
use crate::hub::Hub;
use anyhow::{anyhow, Context};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;
use tablero_ai::table::{self, Seat, Table};
use tablero_core::{Player, Record};
use tablero_glicko::PROVISIONAL_RD;

/// The most games one page of a player's games lists.
pub const MAX_PAGE: i64 = 100;

/// The most records the zip download holds (the newest).
pub const MAX_RECORDS: i64 = 5000;

/// How many accounts a pool's leaderboard shows.
pub const BOARD: i64 = 50;

/// How many a pool shows in the list of every pool.
pub const BOARD_SHORT: i64 = 10;

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

/// The live account named `key` (lower-cased), private or not.
///
/// # Errors
/// Storage failures.
pub async fn find(hub: &Hub, key: &str) -> Result<Option<Account>, ApiError> {
    Ok(crate::accounts::find(hub, key).await?.map(|f| Account {
        id: f.id,
        name: f.view.name,
        created: f.view.created,
        private: f.private,
    }))
}

/// Makes `account`'s profile private or public.
///
/// # Errors
/// Storage failures.
pub async fn set_private(hub: &Hub, account: &str, private: bool) -> Result<(), ApiError> {
    sqlx::query("UPDATE accounts SET private = $1 WHERE id = $2 AND deleted = 0")
        .bind(i64::from(private))
        .bind(account)
        .execute(hub.store().pool())
        .await
        .context("changing a profile's privacy")?;
    Ok(())
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
fn whole(x: f64) -> i64 {
    // Ratings are a few thousand at most: the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    let n = x.round() as i64;
    n
}

/// `account`'s ratings, in the order of [`crate::ratings::pools`].
///
/// # Errors
/// Storage failures.
pub async fn ratings(hub: &Hub, account: &str) -> Result<Vec<RatingView>, ApiError> {
    let rows = sqlx::query("SELECT pool, rating, deviation, games FROM ratings WHERE account = $1")
        .bind(account)
        .fetch_all(hub.store().pool())
        .await
        .context("reading ratings")?;
    let mut out = Vec::new();
    for r in rows {
        let deviation: f64 = r.try_get(2).context("rating")?;
        let rating: f64 = r.try_get(1).context("rating")?;
        out.push(RatingView {
            pool: r.try_get(0).context("rating")?,
            rating: whole(rating),
            deviation: whole(deviation),
            provisional: deviation > PROVISIONAL_RD,
            games: r.try_get(3).context("rating")?,
        });
    }
    let order: Vec<String> = crate::ratings::pools().into_iter().map(|p| p.id).collect();
    out.sort_by_key(|r| {
        order
            .iter()
            .position(|p| *p == r.pool)
            .unwrap_or(order.len())
    });
    Ok(out)
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
}

impl Outcome {
    /// Reads `win`, `loss`, `draw` or `playing`.
    #[must_use]
    pub fn parse(text: &str) -> Option<Outcome> {
        match text {
            "win" => Some(Outcome::Win),
            "loss" => Some(Outcome::Loss),
            "draw" => Some(Outcome::Draw),
            "playing" => Some(Outcome::Playing),
            _ => None,
        }
    }

    /// The stored result `code` (`w0:goal`, `d:agreed`, none) from `seat`'s
    /// view, and the reason.
    fn of(code: Option<&str>, seat: i64) -> (Outcome, Option<String>) {
        let Some(code) = code else {
            return (Outcome::Playing, None);
        };
        let (who, reason) = code.split_once(':').unwrap_or((code, ""));
        let outcome = match who {
            "d" => Outcome::Draw,
            w if w == format!("w{seat}") => Outcome::Win,
            _ => Outcome::Loss,
        };
        (outcome, Some(reason.to_string()).filter(|r| !r.is_empty()))
    }

    /// The SQL condition on `g.result` and `s.seat` (the player's seat).
    fn condition(self) -> &'static str {
        match self {
            Outcome::Win => {
                "((s.seat = 0 AND g.result LIKE 'w0:%') OR (s.seat = 1 AND g.result LIKE 'w1:%'))"
            }
            Outcome::Loss => {
                "((s.seat = 0 AND g.result LIKE 'w1:%') OR (s.seat = 1 AND g.result LIKE 'w0:%'))"
            }
            Outcome::Draw => "g.result LIKE 'd:%'",
            Outcome::Playing => "g.result IS NULL",
        }
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
}

/// The columns and joins of a player's games: the account's lowest seat of
/// each game (`s`), the other seat's account (`os`, `oa`), the player's
/// rating change (`rc`).
const GAMES_FROM: &str = "SELECT g.id, g.game, g.variant, s.seat, \
     g.seat0_kind, g.seat0_level, g.seat1_kind, g.seat1_level, \
     g.result, g.rated, g.ply, g.created, g.updated, \
     oa.name, oa.deleted, os.account, \
     rc.before_rating, rc.before_deviation, rc.after_rating, rc.after_deviation \
     FROM account_seats s JOIN games g ON g.id = s.game_id \
     LEFT JOIN account_seats os ON os.game_id = s.game_id AND os.seat <> s.seat \
     LEFT JOIN accounts oa ON oa.id = os.account \
     LEFT JOIN rating_changes rc ON rc.game_id = s.game_id AND rc.seat = s.seat \
     WHERE s.account = $1 AND NOT EXISTS (SELECT 1 FROM account_seats x \
     WHERE x.game_id = s.game_id AND x.account = s.account AND x.seat < s.seat)";

/// One row of [`GAMES_FROM`] as a list item.
fn item(r: &AnyRow, account: &str) -> anyhow::Result<GameItem> {
    let id: String = r.try_get(0)?;
    let seat: i64 = r.try_get(3)?;
    let other = usize::from(seat == 0);
    let kind: String = r.try_get(4 + 2 * other)?;
    let level: Option<i64> = r.try_get(5 + 2 * other)?;
    let code: Option<String> = r.try_get(8)?;
    let other_name: Option<String> = r.try_get(13)?;
    let other_deleted: Option<i64> = r.try_get(14)?;
    let other_account: Option<String> = r.try_get(15)?;
    let opponent = match (other_account.as_deref(), other_name) {
        (Some(a), _) if a == account => Opponent::Itself,
        (Some(_), _) if other_deleted.unwrap_or(0) != 0 => Opponent::Deleted,
        (Some(_), Some(name)) => Opponent::Player { name },
        _ if kind == "ai" => Opponent::Computer {
            level: level.unwrap_or(3),
        },
        _ => Opponent::Anonymous,
    };
    let (outcome, reason) = Outcome::of(code.as_deref(), seat);
    // Against itself a finished game has no result from the player's view.
    let result = (opponent != Opponent::Itself || outcome == Outcome::Playing).then_some(outcome);
    let before: Option<f64> = r.try_get(16)?;
    let rating = match before {
        Some(before) => {
            let bd: f64 = r.try_get(17)?;
            let after: f64 = r.try_get(18)?;
            let ad: f64 = r.try_get(19)?;
            Some(Change {
                before: whole(before),
                after: whole(after),
                before_deviation: whole(bd),
                after_deviation: whole(ad),
            })
        }
        None => None,
    };
    Ok(GameItem {
        url: format!("/play/{id}"),
        id,
        game: r.try_get(1)?,
        variant: r.try_get(2)?,
        seat,
        result,
        opponent,
        reason,
        rated: r.try_get(9)?,
        rating,
        plies: r.try_get(10)?,
        created: r.try_get(11)?,
        updated: r.try_get(12)?,
    })
}

/// `account`'s games that `filter` keeps, newest first, at most `limit`.
///
/// # Errors
/// Storage failures.
pub async fn games(
    hub: &Hub,
    account: &str,
    filter: &Filter,
    limit: i64,
) -> Result<Vec<GameItem>, ApiError> {
    let mut sql = GAMES_FROM.to_string();
    let mut n = 1;
    let mut next = || {
        n += 1;
        format!("${n}")
    };
    if filter.game.is_some() {
        sql += &format!(" AND g.game = {}", next());
    }
    if let Some(r) = filter.result {
        sql += &format!(" AND {}", r.condition());
        if r != Outcome::Playing {
            // A game against oneself has no result from either side.
            sql += " AND (os.account IS NULL OR os.account <> s.account)";
        }
    }
    if filter.opponent.is_some() {
        sql += &format!(" AND oa.deleted = 0 AND oa.name_key = {}", next());
    }
    if filter.before.is_some() {
        sql += &format!(" AND g.updated < {}", next());
    }
    sql += &format!(" ORDER BY g.updated DESC, g.id DESC LIMIT {}", next());
    let mut q = sqlx::query(&sql).bind(account);
    if let Some(g) = &filter.game {
        q = q.bind(g);
    }
    if let Some(o) = &filter.opponent {
        q = q.bind(o);
    }
    if let Some(b) = filter.before {
        q = q.bind(b);
    }
    let rows = q
        .bind(limit)
        .fetch_all(hub.store().pool())
        .await
        .context("reading a player's games")?;
    rows.iter()
        .map(|r| item(r, account).map_err(ApiError::from))
        .collect()
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

/// `account`'s games counted by result.
///
/// # Errors
/// Storage failures.
pub async fn counts(hub: &Hub, account: &str) -> Result<Counts, ApiError> {
    let sql = format!(
        "SELECT o, COUNT(*) FROM (SELECT CASE \
         WHEN os.account IS NOT NULL AND os.account = s.account AND g.result IS NOT NULL THEN 'self' \
         WHEN {} THEN 'win' WHEN {} THEN 'loss' WHEN {} THEN 'draw' ELSE 'playing' END AS o \
         FROM account_seats s JOIN games g ON g.id = s.game_id \
         LEFT JOIN account_seats os ON os.game_id = s.game_id AND os.seat <> s.seat \
         WHERE s.account = $1 AND NOT EXISTS (SELECT 1 FROM account_seats x \
         WHERE x.game_id = s.game_id AND x.account = s.account AND x.seat < s.seat)) t \
         GROUP BY o",
        Outcome::Win.condition(),
        Outcome::Loss.condition(),
        Outcome::Draw.condition(),
    );
    let rows = sqlx::query(&sql)
        .bind(account)
        .fetch_all(hub.store().pool())
        .await
        .context("counting a player's games")?;
    let mut c = Counts::default();
    for r in rows {
        let what: String = r.try_get(0).context("counts")?;
        let n: i64 = r.try_get(1).context("counts")?;
        c.games += n;
        match what.as_str() {
            "win" => c.wins += n,
            "loss" => c.losses += n,
            "draw" => c.draws += n,
            "playing" => c.playing += n,
            _ => {}
        }
    }
    Ok(c)
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
    hub: &Hub,
    id: &str,
    names: [String; 2],
    site: &str,
) -> Result<Option<(String, String)>, ApiError> {
    let Some((row, moves)) = hub.store().load_game(id).await? else {
        return Ok(None);
    };
    let first = Player::ALL[usize::from(row.first != 0)];
    let mut t = table::open(
        &row.game,
        Some(&row.variant),
        None,
        first,
        [Seat::Person, Seat::Person],
    )
    .map_err(|e| anyhow!("stored game {id}: {e}"))?;
    for (i, m) in moves.iter().enumerate() {
        let seat = t
            .to_move()
            .ok_or_else(|| anyhow!("stored game {id}, ply {}: the game was over", i + 1))?;
        t.play(seat, m)
            .map_err(|e| anyhow!("stored game {id}, ply {}: {e}", i + 1))?;
    }
    if let Some(code) = &row.declared {
        let o = crate::games::parse_outcome_code(code)
            .ok_or_else(|| anyhow!("stored game {id}: bad result {code:?}"))?;
        t.declare(o);
    }
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

/// The best `limit` established ratings of `pool`: no provisional rating,
/// no deleted or private account; ties by fewer deviation, then name.
///
/// # Errors
/// Storage failures.
pub async fn leaders(hub: &Hub, pool: &str, limit: i64) -> Result<Vec<Leader>, ApiError> {
    let rows = sqlx::query(
        "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r \
         JOIN accounts a ON a.id = r.account \
         WHERE r.pool = $1 AND r.deviation <= $2 AND a.deleted = 0 AND a.private = 0 \
         ORDER BY r.rating DESC, r.deviation ASC, a.name_key ASC LIMIT $3",
    )
    .bind(pool)
    .bind(PROVISIONAL_RD)
    .bind(limit)
    .fetch_all(hub.store().pool())
    .await
    .context("reading a leaderboard")?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let rating: f64 = r.try_get(1).context("leader")?;
        let deviation: f64 = r.try_get(2).context("leader")?;
        out.push(Leader {
            name: r.try_get(0).context("leader")?,
            rating: whole(rating),
            deviation: whole(deviation),
            games: r.try_get(3).context("leader")?,
        });
    }
    Ok(out)
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
