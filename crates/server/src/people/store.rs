//! The relations' tables (`follows`, `blocks`, migration `0018_people.sql`).

use crate::db::{now_ms, Db, Result};
use sqlx::Row;

/// Whether a row of `blocks` joins `a` and `b`, either way.
pub async fn blocked_between(db: &Db, a: &str, b: &str) -> Result<bool> {
    let row = sqlx::query(
        "SELECT 1 FROM blocks WHERE (blocker = $1 AND blocked = $2) \
         OR (blocker = $2 AND blocked = $1) LIMIT 1",
    )
    .bind(a)
    .bind(b)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.is_some())
}

/// How many accounts `follower` follows.
pub async fn count_follows(db: &Db, follower: &str) -> Result<i64> {
    let r = sqlx::query("SELECT COUNT(*) FROM follows WHERE follower = $1")
        .bind(follower)
        .fetch_one(db.pool())
        .await?;
    Ok(r.try_get(0)?)
}

/// How many accounts `blocker` blocks.
pub async fn count_blocks(db: &Db, blocker: &str) -> Result<i64> {
    let r = sqlx::query("SELECT COUNT(*) FROM blocks WHERE blocker = $1")
        .bind(blocker)
        .fetch_one(db.pool())
        .await?;
    Ok(r.try_get(0)?)
}

/// Adds the follow (kept as it was if there).
pub async fn follow(db: &Db, follower: &str, followed: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO follows (follower, followed, created) VALUES ($1, $2, $3) \
         ON CONFLICT (follower, followed) DO NOTHING",
    )
    .bind(follower)
    .bind(followed)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Removes the follow.
pub async fn unfollow(db: &Db, follower: &str, followed: &str) -> Result<()> {
    sqlx::query("DELETE FROM follows WHERE follower = $1 AND followed = $2")
        .bind(follower)
        .bind(followed)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Whether the follow is there.
pub async fn follows(db: &Db, follower: &str, followed: &str) -> Result<bool> {
    let row = sqlx::query("SELECT 1 FROM follows WHERE follower = $1 AND followed = $2")
        .bind(follower)
        .bind(followed)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.is_some())
}

/// The accounts `follower` follows, oldest follow first.
pub async fn following(db: &Db, follower: &str) -> Result<Vec<String>> {
    let rows =
        sqlx::query("SELECT followed FROM follows WHERE follower = $1 ORDER BY created, followed")
            .bind(follower)
            .fetch_all(db.pool())
            .await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}

/// Adds the block (kept as it was if there) and removes the follows
/// between the two, both ways, in one transaction.
pub async fn block(db: &Db, blocker: &str, blocked: &str) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO blocks (blocker, blocked, created) VALUES ($1, $2, $3) \
         ON CONFLICT (blocker, blocked) DO NOTHING",
    )
    .bind(blocker)
    .bind(blocked)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM follows WHERE (follower = $1 AND followed = $2) \
         OR (follower = $2 AND followed = $1)",
    )
    .bind(blocker)
    .bind(blocked)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes the block.
pub async fn unblock(db: &Db, blocker: &str, blocked: &str) -> Result<()> {
    sqlx::query("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2")
        .bind(blocker)
        .bind(blocked)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The accounts `blocker` blocks, oldest block first.
pub async fn blocking(db: &Db, blocker: &str) -> Result<Vec<String>> {
    let rows =
        sqlx::query("SELECT blocked FROM blocks WHERE blocker = $1 ORDER BY created, blocked")
            .bind(blocker)
            .fetch_all(db.pool())
            .await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}
