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
    let done = sqlx::query(
        "INSERT INTO puzzles (id, game, variant, line, difficulty, theme, created) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
    )
    .bind(p.id)
    .bind(p.game)
    .bind(p.variant)
    .bind(p.line)
    .bind(i64::from(p.difficulty))
    .bind(p.theme)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(usize::try_from(done.rows_affected()).unwrap_or(0))
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
        None => (Rating::default(), 0),
    })
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

/// Records `account`'s first try of `puzzle` and stores its new rating
/// `after`, where the rating is still the one it had with `games` puzzles
/// (compare and set); whether it did (a second try, or another answer of
/// the same account first: nothing is written).
pub async fn record_try(
    db: &Db,
    account: &str,
    puzzle: &str,
    after: Rating,
    games: i64,
) -> Result<bool> {
    let mut tx = db.pool().begin().await?;
    let first = sqlx::query(
        "INSERT INTO puzzle_attempts (account, puzzle, at) VALUES ($1, $2, $3) \
         ON CONFLICT (account, puzzle) DO NOTHING",
    )
    .bind(account)
    .bind(puzzle)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !first {
        return Ok(false);
    }
    let changed = if games == 0 {
        sqlx::query(
            "INSERT INTO puzzle_ratings (account, rating, deviation, volatility, games, updated) \
             VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (account) DO NOTHING",
        )
        .bind(account)
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
        .bind(account)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now_ms())
        .bind(games)
        .execute(&mut *tx)
        .await?
    }
    .rows_affected()
        == 1;
    if !changed {
        // Another answer of the same account came first: this try is not
        // rated (and not recorded, so it may be tried again).
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}
