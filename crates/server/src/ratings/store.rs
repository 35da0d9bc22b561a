//! The ratings' tables (migration `0008_ratings.sql`): `ratings` (each
//! account's current Glicko-2 rating per pool, with the number of rated
//! games that made it, the compare-and-set key of an update) and
//! `rating_changes` (one row per seat of every rated game once rated).
//! Two reads join the games' table (a game's result and pool): the games
//! ended and not yet rated, and the stored changes for [`super::recompute`].

use crate::db::{Db, Result};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use tablero_glicko::Rating;

/// A seat's rating change as stored.
pub struct ChangeRow {
    /// The game.
    pub game: String,
    /// The seat.
    pub seat: usize,
    /// The account (none for a computer level).
    pub account: Option<String>,
    /// The computer's level.
    pub level: Option<u8>,
    /// The pool.
    pub pool: String,
    /// How many rated games the account had played before this one.
    pub n: i64,
    /// The seat's score.
    pub score: f64,
    /// Its rating before.
    pub before: Rating,
    /// And after.
    pub after: Rating,
    /// When it was rated.
    pub at: i64,
}

/// The three columns of a rating from column `from` on.
fn rating_at(r: &AnyRow, from: usize) -> Result<Rating> {
    Ok(Rating {
        rating: r.try_get(from)?,
        deviation: r.try_get(from + 1)?,
        volatility: r.try_get(from + 2)?,
    })
}

/// An account's rating in a pool and the rated games that made it (a new
/// player's and none when it has none).
pub async fn current<'e, E>(db: E, account: &str, pool: &str) -> Result<(Rating, i64)>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM ratings \
         WHERE account = $1 AND pool = $2",
    )
    .bind(account)
    .bind(pool)
    .fetch_optional(db)
    .await?;
    Ok(match row {
        Some(r) => (rating_at(&r, 0)?, r.try_get(3)?),
        None => (Rating::default(), 0),
    })
}

/// Whether game `id` has been rated.
pub async fn rated(tx: &mut Transaction<'_, Any>, id: &str) -> Result<bool> {
    let done: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes WHERE game_id = $1")
        .bind(id)
        .fetch_one(&mut **tx)
        .await?;
    Ok(done > 0)
}

/// The ratings' cursor: the end sequence up to which every ended game has
/// been rated or passed over (migration `0013_rating_cursor.sql`).
pub async fn cursor(db: &Db) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT end_seq FROM rating_cursor WHERE id = 1")
            .fetch_one(db.pool())
            .await?,
    )
}

/// The rated game that ended first after the cursor `after`, and its end
/// sequence. Joins the games' table (its end sequence and pool).
pub async fn next_rated_end(db: &Db, after: i64) -> Result<Option<(String, i64)>> {
    let row = sqlx::query(
        "SELECT id, end_seq FROM games WHERE end_seq > $1 AND rated IS NOT NULL \
         ORDER BY end_seq LIMIT 1",
    )
    .bind(after)
    .fetch_optional(db.pool())
    .await?;
    Ok(match row {
        Some(r) => Some((r.try_get(0)?, r.try_get(1)?)),
        None => None,
    })
}

/// Moves the cursor from `from` to `to` if it is still at `from` (compare
/// and set; the first statement of a rating's transaction, so the
/// transactions that rate take their turns); answers whether it did.
pub async fn move_cursor(tx: &mut Transaction<'_, Any>, from: i64, to: i64) -> Result<bool> {
    let done = sqlx::query("UPDATE rating_cursor SET end_seq = $1 WHERE id = 1 AND end_seq = $2")
        .bind(to)
        .bind(from)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Stores a seat's change.
pub async fn insert_change(tx: &mut Transaction<'_, Any>, c: &ChangeRow) -> Result<()> {
    sqlx::query(
        "INSERT INTO rating_changes (game_id, seat, account, level, pool, n, score, \
         before_rating, before_deviation, before_volatility, \
         after_rating, after_deviation, after_volatility, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(&c.game)
    .bind(i64::try_from(c.seat)?)
    .bind(&c.account)
    .bind(c.level.map(i64::from))
    .bind(&c.pool)
    .bind(c.n)
    .bind(c.score)
    .bind(c.before.rating)
    .bind(c.before.deviation)
    .bind(c.before.volatility)
    .bind(c.after.rating)
    .bind(c.after.deviation)
    .bind(c.after.volatility)
    .bind(c.at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Writes `account`'s new rating in `pool` after its game number `n + 1`,
/// if it still has `n` games (compare and set); answers whether it did.
pub async fn set_rating(
    tx: &mut Transaction<'_, Any>,
    account: &str,
    pool: &str,
    after: Rating,
    n: i64,
    now: i64,
) -> Result<bool> {
    let changed = if n == 0 {
        sqlx::query(
            "INSERT INTO ratings (account, pool, rating, deviation, volatility, games, updated) \
             VALUES ($1, $2, $3, $4, $5, 1, $6)",
        )
        .bind(account)
        .bind(pool)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now)
        .execute(&mut **tx)
        .await?
    } else {
        sqlx::query(
            "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, \
             games = games + 1, updated = $4 \
             WHERE account = $5 AND pool = $6 AND games = $7",
        )
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now)
        .bind(account)
        .bind(pool)
        .bind(n)
        .execute(&mut **tx)
        .await?
    };
    Ok(changed.rows_affected() == 1)
}

/// The finished rated games of [`super::MIN_RATED_PLIES`] or more not yet rated, whose
/// seats' accounts all live, in the order they ended (at most `limit`).
/// Joins the games' and accounts' tables (one query, not one per game).
pub async fn unrated(db: &Db, limit: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT g.id FROM games g WHERE g.rated IS NOT NULL AND g.result IS NOT NULL \
         AND g.ply >= $2 \
         AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id) \
         AND NOT EXISTS (SELECT 1 FROM account_seats s JOIN accounts a ON a.id = s.account \
                         WHERE s.game_id = g.id AND a.deleted <> 0) \
         ORDER BY g.end_seq, g.updated LIMIT $1",
    )
    .bind(limit)
    .bind(super::MIN_RATED_PLIES)
    .fetch_all(db.pool())
    .await?)
}

/// A rated seat as a game shows it: its seat, the computer's level, its
/// rating before and after.
pub struct Shown {
    /// The seat.
    pub seat: usize,
    /// The computer's level.
    pub level: Option<u8>,
    /// Before the game.
    pub before: Rating,
    /// After it.
    pub after: Rating,
}

/// The stored changes of game `id`.
pub async fn changes_of(db: &Db, id: &str) -> Result<Vec<Shown>> {
    let rows = sqlx::query(
        "SELECT seat, level, before_rating, before_deviation, before_volatility, \
         after_rating, after_deviation, after_volatility FROM rating_changes WHERE game_id = $1",
    )
    .bind(id)
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(Shown {
            seat: usize::try_from(r.try_get::<i64, _>(0)?)?,
            level: r
                .try_get::<Option<i64>, _>(1)?
                .and_then(|l| u8::try_from(l).ok()),
            before: rating_at(r, 2)?,
            after: rating_at(r, 5)?,
        });
    }
    Ok(out)
}

/// A stored change as [`super::recompute`] reads it, with its game's
/// stored result and pool.
pub struct Stored {
    /// The change (its `at` and `level` unread).
    pub change: ChangeRow,
    /// The game's stored result.
    pub result: Option<String>,
    /// The game's stored pool.
    pub rated: Option<String>,
}

/// Every stored change, in the order its game ended (its end sequence;
/// then by game and seat). Joins the games' table for each game's result,
/// pool and end.
pub async fn all_changes(db: &Db) -> Result<Vec<Stored>> {
    let rows = sqlx::query(
        "SELECT c.game_id, c.seat, c.account, c.n, c.score, \
         c.before_rating, c.before_deviation, c.before_volatility, \
         c.after_rating, c.after_deviation, c.after_volatility, c.pool, g.result, g.rated \
         FROM rating_changes c JOIN games g ON g.id = c.game_id \
         ORDER BY g.end_seq, c.game_id, c.seat",
    )
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(Stored {
            change: ChangeRow {
                game: r.try_get(0)?,
                seat: usize::try_from(r.try_get::<i64, _>(1)?)?,
                account: r.try_get(2)?,
                level: None,
                n: r.try_get(3)?,
                score: r.try_get(4)?,
                before: rating_at(r, 5)?,
                after: rating_at(r, 8)?,
                pool: r.try_get(11)?,
                at: 0,
            },
            result: r.try_get(12)?,
            rated: r.try_get(13)?,
        });
    }
    Ok(out)
}

/// Every account's stored rating: account, pool, rating, games.
pub async fn all_ratings(db: &Db) -> Result<Vec<(String, String, Rating, i64)>> {
    let rows =
        sqlx::query("SELECT account, pool, rating, deviation, volatility, games FROM ratings")
            .fetch_all(db.pool())
            .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push((
            r.try_get(0)?,
            r.try_get(1)?,
            rating_at(r, 2)?,
            r.try_get(5)?,
        ));
    }
    Ok(out)
}

/// An account's ratings: pool, rating, games (for its profile).
pub async fn of_account(db: &Db, account: &str) -> Result<Vec<(String, Rating, i64)>> {
    let rows = sqlx::query(
        "SELECT pool, rating, deviation, volatility, games FROM ratings WHERE account = $1",
    )
    .bind(account)
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push((r.try_get(0)?, rating_at(r, 1)?, r.try_get(4)?));
    }
    Ok(out)
}

/// An account's rating around each of its rated games: pool, how many
/// rated games it had played in the pool before, when the game was rated,
/// the rating before and after it; by pool, then in the order rated (for
/// the profile's chart, #44).
pub async fn history(db: &Db, account: &str) -> Result<Vec<(String, i64, i64, f64, f64)>> {
    let rows = sqlx::query(
        "SELECT pool, n, at, before_rating, after_rating FROM rating_changes \
         WHERE account = $1 ORDER BY pool, n",
    )
    .bind(account)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok((
                r.try_get(0)?,
                r.try_get(1)?,
                r.try_get(2)?,
                r.try_get(3)?,
                r.try_get(4)?,
            ))
        })
        .collect()
}
