//! The explorer has no table of its own: it reads the finished games and
//! their moves (the games concern's tables, read only) to count how the
//! games that reached a position went on and ended.

use crate::db::{Db, Result};
use sqlx::Row;

/// The result and the next move (if any) of each of the `max_games` most
/// recently changed finished games of `game`, `variant` and `first` seat
/// whose first moves are `moves` (games called off are not counted).
pub async fn reached(
    db: &Db,
    (game, variant, first): (&str, &str, i64),
    moves: &[String],
    max_games: i64,
) -> Result<Vec<(String, Option<String>)>> {
    let k = moves.len();
    let k64 = i64::try_from(k)?;
    // The recent finished games of the start, then those whose first k
    // moves are these (the count of matching plies is k), with their next
    // move if any. $1..$4 the start and k, then a ply and a move per pair.
    let mut sql = String::new();
    if k > 0 {
        sql.push_str("WITH want (ply, notation) AS (VALUES ");
        for i in 0..k {
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("(${}, ${})", 5 + 2 * i, 6 + 2 * i));
        }
        sql.push_str(") ");
    }
    sql.push_str(
        "SELECT g.result, nxt.notation FROM \
         (SELECT id, result FROM games WHERE game = $1 AND variant = $2 AND first_seat = $3 \
          AND result IS NOT NULL AND result NOT LIKE 'x:%' ORDER BY updated DESC, id LIMIT ",
    );
    sql.push_str(&max_games.to_string());
    sql.push_str(") g LEFT JOIN moves nxt ON nxt.game_id = g.id AND nxt.ply = $4");
    if k > 0 {
        sql.push_str(
            " WHERE (SELECT COUNT(*) FROM moves m JOIN want w \
             ON w.ply = m.ply AND w.notation = m.notation WHERE m.game_id = g.id) = $4",
        );
    }
    let mut q = sqlx::query(&sql)
        .bind(game.to_string())
        .bind(variant.to_string())
        .bind(first)
        .bind(k64);
    for (i, m) in moves.iter().enumerate() {
        q = q.bind(i64::try_from(i)?).bind(m.clone());
    }
    let rows = q.fetch_all(db.pool()).await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push((r.try_get(0)?, r.try_get(1)?));
    }
    Ok(out)
}
