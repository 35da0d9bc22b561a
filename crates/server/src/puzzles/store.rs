//! The puzzles' tables (migration `0010_puzzles.sql`): `puzzles` (one
//! puzzle's JSON line a row, with its game, variant, difficulty and
//! theme), `puzzle_ratings` (an account's puzzle rating) and
//! `puzzle_attempts` (the puzzles an account has tried).

use crate::db::{now_ms, Db, Result};
use sqlx::Row;
use tablero_glicko::Rating;

/// How many puzzles of `game` are stored.
pub async fn count(db: &Db, game: &str) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM puzzles WHERE game = $1")
            .bind(game)
            .fetch_one(db.pool())
            .await?,
    )
}

/// A puzzle to store: its id, game, variant, JSON line, difficulty and
/// theme.
pub struct NewPuzzle<'a> {
    /// Its id.
    pub id: &'a str,
    /// The game.
    pub game: &'a str,
    /// The variant's text.
    pub variant: &'a str,
    /// The puzzle as one JSON line.
    pub line: &'a str,
    /// Its difficulty (a rating).
    pub difficulty: u32,
    /// Its theme.
    pub theme: &'a str,
}

/// Stores a puzzle; 1 if it is new, 0 if it was there.
pub async fn insert(db: &Db, p: &NewPuzzle<'_>) -> Result<usize> {
    let done = insert_query(p, now_ms()).execute(db.pool()).await?;
    Ok(usize::try_from(done.rows_affected()).unwrap_or(0))
}

/// The statement that stores `p` (made at `at`), leaving a puzzle already
/// stored as it is: one for [`insert`] and [`insert_batch`].
fn insert_query<'q>(
    p: &NewPuzzle<'q>,
    at: i64,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    sqlx::query(
        "INSERT INTO puzzles (id, game, variant, line, difficulty, theme, created) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
    )
    .bind(p.id)
    .bind(p.game)
    .bind(p.variant)
    .bind(p.line)
    .bind(i64::from(p.difficulty))
    .bind(p.theme)
    .bind(at)
}

/// An account's puzzle rating and the puzzles that made it.
pub async fn rating_of(db: &Db, account: &str) -> Result<(Rating, i64)> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM puzzle_ratings WHERE account = $1",
    )
    .bind(account)
    .fetch_optional(db.pool())
    .await?;
    Ok(match row {
        Some(r) => (
            Rating {
                rating: r.try_get(0)?,
                deviation: r.try_get(1)?,
                volatility: r.try_get(2)?,
            },
            r.try_get(3)?,
        ),
        None => (tablero_ai::puzzles::rating::NEW_PLAYER, 0),
    })
}

/// Stores `puzzles` in one transaction, the ones already stored left as
/// they are; how many were new.
pub async fn insert_batch(db: &Db, puzzles: &[NewPuzzle<'_>]) -> Result<usize> {
    let mut tx = db.pool().begin().await?;
    let mut n = 0;
    let at = now_ms();
    for p in puzzles {
        n += insert_query(p, at).execute(&mut *tx).await?.rows_affected();
    }
    tx.commit().await?;
    Ok(usize::try_from(n).unwrap_or(0))
}

/// Whether puzzle `id` is stored.
pub async fn has(db: &Db, id: &str) -> Result<bool> {
    Ok(
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM puzzles WHERE id = $1")
            .bind(id)
            .fetch_one(db.pool())
            .await?
            > 0,
    )
}

/// A puzzle's difficulty as a rating: the recalibrated one if answers have
/// moved it, else its estimate ([`tablero_ai::puzzles::rating::new_puzzle`]),
/// with the number of answers that moved it.
pub async fn difficulty_of(db: &Db, id: &str) -> Result<Option<(Rating, i64)>> {
    let row = sqlx::query(
        "SELECT difficulty, rating, deviation, volatility, tries FROM puzzles WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    let Some(r) = row else {
        return Ok(None);
    };
    let estimate: i64 = r.try_get(0)?;
    let rating: Option<f64> = r.try_get(1)?;
    let deviation: Option<f64> = r.try_get(2)?;
    let volatility: Option<f64> = r.try_get(3)?;
    let tries: i64 = r.try_get(4)?;
    let now = match (rating, deviation, volatility) {
        (Some(rating), Some(deviation), Some(volatility)) => Rating {
            rating,
            deviation,
            volatility,
        },
        _ => tablero_ai::puzzles::rating::new_puzzle(u32::try_from(estimate).unwrap_or(1500)),
    };
    Ok(Some((now, tries)))
}

/// What a search for puzzles keeps: a game, and a variant and a theme
/// (empty: any), leaving out the puzzles `untried`'s account has tried
/// (empty: none left out).
pub struct Near<'a> {
    /// The game.
    pub game: &'a str,
    /// The variant, or empty.
    pub variant: &'a str,
    /// The theme, or empty.
    pub theme: &'a str,
    /// The account whose tried puzzles are left out, or empty.
    pub untried: &'a str,
}

/// The ids and lines of the `limit` puzzles `near` keeps, nearest by
/// difficulty to `rating`.
pub async fn nearest(
    db: &Db,
    near: &Near<'_>,
    rating: i64,
    limit: i64,
) -> Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT id, line FROM puzzles WHERE game = $1 \
         AND ($2 = '' OR variant = $2) AND ($3 = '' OR theme = $3) \
         AND ($4 = '' OR id NOT IN (SELECT puzzle FROM puzzle_attempts WHERE account = $4)) \
         ORDER BY ABS(difficulty - $5), id LIMIT $6",
    )
    .bind(near.game)
    .bind(near.variant)
    .bind(near.theme)
    .bind(near.untried)
    .bind(rating)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push((row.try_get(0)?, row.try_get(1)?));
    }
    Ok(out)
}

/// The stored puzzles counted by game, variant and theme.
pub async fn themes(db: &Db) -> Result<Vec<(String, String, String, i64)>> {
    let rows = sqlx::query(
        "SELECT game, variant, theme, COUNT(*) FROM puzzles \
         GROUP BY game, variant, theme ORDER BY game, variant, theme",
    )
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.push((
            row.try_get(0)?,
            row.try_get(1)?,
            row.try_get(2)?,
            row.try_get(3)?,
        ));
    }
    Ok(out)
}

/// The stored line of puzzle `id`.
pub async fn line(db: &Db, id: &str) -> Result<Option<String>> {
    Ok(sqlx::query_scalar("SELECT line FROM puzzles WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?)
}

/// What [`record_try`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tried {
    /// The first try of the puzzle by the player: recorded, and the new
    /// ratings stored, in one transaction.
    Rated,
    /// The player had tried it before: nothing written.
    Again,
    /// Another answer of the same player, or of the same puzzle, changed a
    /// rating since it was read: nothing written; read again and retry.
    Raced,
}

/// A counted try to record: the player's key, the puzzle, and the new
/// ratings computed from the ones read with `games` and `tries`.
pub struct Try<'a> {
    /// The player's key (an account's id, or `browser:` and a hash).
    pub player: &'a str,
    /// The puzzle's id.
    pub puzzle: &'a str,
    /// The player's new puzzle rating.
    pub after: Rating,
    /// The rated tries the player had when its rating was read.
    pub games: i64,
    /// The puzzle's new difficulty, if it moves.
    pub difficulty: Option<Rating>,
    /// The answers that had moved the puzzle when it was read.
    pub tries: i64,
}

/// Records the player's first try of the puzzle and stores the new
/// ratings, where the player's and the puzzle's are still the ones read
/// (compare and set on `games` and `tries`), all in one transaction.
pub async fn record_try(db: &Db, t: &Try<'_>) -> Result<Tried> {
    let mut tx = db.pool().begin().await?;
    let first = sqlx::query(
        "INSERT INTO puzzle_attempts (account, puzzle, at) VALUES ($1, $2, $3) \
         ON CONFLICT (account, puzzle) DO NOTHING",
    )
    .bind(t.player)
    .bind(t.puzzle)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !first {
        return Ok(Tried::Again);
    }
    let after = t.after;
    let changed = if t.games == 0 {
        sqlx::query(
            "INSERT INTO puzzle_ratings (account, rating, deviation, volatility, games, updated) \
             VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (account) DO NOTHING",
        )
        .bind(t.player)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?
    } else {
        sqlx::query(
            "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, \
             games = games + 1, updated = $5 WHERE account = $1 AND games = $6",
        )
        .bind(t.player)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now_ms())
        .bind(t.games)
        .execute(&mut *tx)
        .await?
    }
    .rows_affected()
        == 1;
    if !changed {
        // Dropped: rolled back, the try not recorded.
        return Ok(Tried::Raced);
    }
    if let Some(d) = t.difficulty {
        #[allow(clippy::cast_possible_truncation)]
        let rounded = d.rating.round() as i64;
        let moved = sqlx::query(
            "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4, \
             difficulty = $5, tries = tries + 1 WHERE id = $1 AND tries = $6",
        )
        .bind(t.puzzle)
        .bind(d.rating)
        .bind(d.deviation)
        .bind(d.volatility)
        .bind(rounded)
        .bind(t.tries)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            == 1;
        if !moved {
            return Ok(Tried::Raced);
        }
    }
    tx.commit().await?;
    Ok(Tried::Rated)
}
