//! The course progress' table (`learn_progress`, migration
//! `0024_learn_progress.sql`): a learner's best stars per exercise.

use crate::db::{now_ms, Db, Result};
use sqlx::Row;

/// Keeps `stars` for the exercise if better than what `learner` had.
pub async fn record(
    db: &Db,
    learner: &str,
    game: &str,
    stage: &str,
    exercise: usize,
    stars: u8,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO learn_progress (learner, game, stage, exercise, stars, updated) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (learner, game, stage, exercise) DO UPDATE SET \
         stars = CASE WHEN excluded.stars > learn_progress.stars \
             THEN excluded.stars ELSE learn_progress.stars END, \
         updated = excluded.updated",
    )
    .bind(learner)
    .bind(game)
    .bind(stage)
    .bind(i64::try_from(exercise).unwrap_or(i64::MAX))
    .bind(i64::from(stars))
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Every exercise `learner` reached: its game, stage, number and best stars.
pub async fn progress(db: &Db, learner: &str) -> Result<Vec<(String, String, usize, u8)>> {
    let rows =
        sqlx::query("SELECT game, stage, exercise, stars FROM learn_progress WHERE learner = $1")
            .bind(learner)
            .fetch_all(db.pool())
            .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let n: i64 = r.try_get(2)?;
        let stars: i64 = r.try_get(3)?;
        out.push((
            r.try_get(0)?,
            r.try_get(1)?,
            usize::try_from(n).unwrap_or(0),
            u8::try_from(stars.clamp(0, 3)).unwrap_or(0),
        ));
    }
    Ok(out)
}
