//! The table of conditional moves, `conditional_moves` (the games
//! concern's): one tree per seat, with the position it starts from.

use super::Line;
use crate::db::{now_ms, Db, Fault};
use sqlx::Row;

/// A stored tree: its ply, the last move before it, its lines.
pub(super) type Stored = (i64, Option<String>, Vec<Line>);

/// The tree of `seat` in game `id`.
pub(super) async fn read(db: &Db, id: &str, seat: usize) -> Result<Option<Stored>, Fault> {
    let row = sqlx::query(
        "SELECT ply, last_move, lines FROM conditional_moves WHERE game_id = $1 AND seat = $2",
    )
    .bind(id)
    .bind(i64::try_from(seat)?)
    .fetch_optional(db.pool())
    .await?;
    let Some(r) = row else {
        return Ok(None);
    };
    let text: String = r.try_get(2)?;
    let lines = serde_json::from_str(&text)
        .map_err(|e| Fault::new(format!("game {id}: stored conditional moves: {e}")))?;
    Ok(Some((r.try_get(0)?, r.try_get(1)?, lines)))
}

/// Stores the tree of `seat` in game `id` (none: deleted).
pub(super) async fn write(
    db: &Db,
    id: &str,
    seat: usize,
    ply: usize,
    last: Option<&str>,
    lines: &[Line],
) -> Result<(), Fault> {
    let seat = i64::try_from(seat)?;
    if lines.is_empty() {
        sqlx::query("DELETE FROM conditional_moves WHERE game_id = $1 AND seat = $2")
            .bind(id)
            .bind(seat)
            .execute(db.pool())
            .await?;
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO conditional_moves (game_id, seat, ply, last_move, lines, updated) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, seat) DO UPDATE SET \
         ply = excluded.ply, last_move = excluded.last_move, lines = excluded.lines, \
         updated = excluded.updated",
    )
    .bind(id)
    .bind(seat)
    .bind(i64::try_from(ply)?)
    .bind(last)
    .bind(serde_json::to_string(lines)?)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Takes (deletes) the tree of `seat` that starts at `ply`; answers
/// whether this call did.
pub(super) async fn take(db: &Db, id: &str, seat: usize, ply: i64) -> Result<bool, Fault> {
    let done =
        sqlx::query("DELETE FROM conditional_moves WHERE game_id = $1 AND seat = $2 AND ply = $3")
            .bind(id)
            .bind(i64::try_from(seat)?)
            .bind(ply)
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Deletes every tree of game `id`.
pub(super) async fn drop_all(db: &Db, id: &str) -> Result<(), Fault> {
    sqlx::query("DELETE FROM conditional_moves WHERE game_id = $1")
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}
