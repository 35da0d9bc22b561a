//! The reviews' table (migration `0009_reviews.sql`): a finished game's
//! review as JSON, with the plies and the result it was made for.

use crate::db::{now_ms, Db, Result};
use sqlx::Row;

/// The review kept for game `id`: the plies and result it was made for,
/// and its JSON.
pub async fn kept(db: &Db, id: &str) -> Result<Option<(i64, String, String)>> {
    let row = sqlx::query("SELECT plies, result, review FROM reviews WHERE game_id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(match row {
        Some(r) => Some((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)),
        None => None,
    })
}

/// Keeps `review` (JSON) for game `id` at `plies` plies with `result`,
/// in place of any review kept before.
pub async fn keep(db: &Db, id: &str, plies: i64, result: &str, review: &str) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query("DELETE FROM reviews WHERE game_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO reviews (game_id, plies, result, review, created) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(plies)
    .bind(result)
    .bind(review)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}
