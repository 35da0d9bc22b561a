//! The notes' table, `game_notes (game_id, seat, body, updated)`.

use crate::db::{Db, Result};
use sqlx::Row;

/// The note of `seat` in game `game` and when it was saved, if any.
///
/// # Errors
/// Storage failures.
pub async fn read(db: &Db, game: &str, seat: usize) -> Result<Option<(String, i64)>> {
    let row = sqlx::query("SELECT body, updated FROM game_notes WHERE game_id = $1 AND seat = $2")
        .bind(game)
        .bind(i64::try_from(seat)?)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
}

/// Saves `body` as the note of `seat` in game `game` (one statement,
/// committed when it returns); an empty body deletes the note.
///
/// # Errors
/// Storage failures.
pub async fn write(db: &Db, game: &str, seat: usize, body: &str, now: i64) -> Result<()> {
    let seat = i64::try_from(seat)?;
    if body.is_empty() {
        sqlx::query("DELETE FROM game_notes WHERE game_id = $1 AND seat = $2")
            .bind(game)
            .bind(seat)
            .execute(db.pool())
            .await?;
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO game_notes (game_id, seat, body, updated) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, seat) DO UPDATE SET body = excluded.body, updated = excluded.updated",
    )
    .bind(game)
    .bind(seat)
    .bind(body)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}
