//! The `online_*` tables (migration `0020_online.sql`).

use super::Written;
use crate::db::{Db, Result};
use sqlx::Row;
use std::collections::{HashMap, HashSet};

/// `$first, $first+1, ...` for `n` values.
fn params(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Writes `now_held` over `was` for `process`, its heartbeat `now`, and
/// removes the rows of processes not seen since `cutoff`, in one
/// transaction.
pub(super) async fn write(
    db: &Db,
    process: &str,
    now: i64,
    now_held: &Written,
    was: &Written,
    cutoff: i64,
) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO online_processes (process, seen) VALUES ($1, $2) \
         ON CONFLICT (process) DO UPDATE SET seen = excluded.seen",
    )
    .bind(process)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    for a in now_held.accounts.difference(&was.accounts) {
        sqlx::query(
            "INSERT INTO online_accounts (process, account) VALUES ($1, $2) \
             ON CONFLICT (process, account) DO NOTHING",
        )
        .bind(process)
        .bind(a)
        .execute(&mut *tx)
        .await?;
    }
    for a in was.accounts.difference(&now_held.accounts) {
        sqlx::query("DELETE FROM online_accounts WHERE process = $1 AND account = $2")
            .bind(process)
            .bind(a)
            .execute(&mut *tx)
            .await?;
    }
    for (g, n) in &now_held.spectators {
        if was.spectators.get(g) == Some(n) {
            continue;
        }
        sqlx::query(
            "INSERT INTO online_spectators (process, game_id, n) VALUES ($1, $2, $3) \
             ON CONFLICT (process, game_id) DO UPDATE SET n = excluded.n",
        )
        .bind(process)
        .bind(g)
        .bind(n)
        .execute(&mut *tx)
        .await?;
    }
    for g in was.spectators.keys() {
        if !now_held.spectators.contains_key(g) {
            sqlx::query("DELETE FROM online_spectators WHERE process = $1 AND game_id = $2")
                .bind(process)
                .bind(g)
                .execute(&mut *tx)
                .await?;
        }
    }
    for table in ["online_accounts", "online_spectators"] {
        sqlx::query(&format!(
            "DELETE FROM {table} WHERE process IN \
             (SELECT process FROM online_processes WHERE seen < $1)"
        ))
        .bind(cutoff)
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("DELETE FROM online_processes WHERE seen < $1")
        .bind(cutoff)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes every row of `process`.
pub(super) async fn leave(db: &Db, process: &str) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    for table in ["online_accounts", "online_spectators", "online_processes"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE process = $1"))
            .bind(process)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The accounts online on processes seen since `cutoff`.
pub(super) async fn count(db: &Db, cutoff: i64) -> Result<i64> {
    let r = sqlx::query(
        "SELECT COUNT(DISTINCT a.account) FROM online_accounts a \
         JOIN online_processes p ON p.process = a.process WHERE p.seen >= $1",
    )
    .bind(cutoff)
    .fetch_one(db.pool())
    .await?;
    Ok(r.try_get(0)?)
}

/// Which of `accounts` are online on processes seen since `cutoff`.
pub(super) async fn which(db: &Db, accounts: &[String], cutoff: i64) -> Result<HashSet<String>> {
    let mut out = HashSet::new();
    for chunk in accounts.chunks(200) {
        let sql = format!(
            "SELECT DISTINCT a.account FROM online_accounts a \
             JOIN online_processes p ON p.process = a.process \
             WHERE p.seen >= $1 AND a.account IN ({})",
            params(2, chunk.len())
        );
        let mut q = sqlx::query(&sql).bind(cutoff);
        for a in chunk {
            q = q.bind(a);
        }
        for r in q.fetch_all(db.pool()).await? {
            out.insert(r.try_get(0)?);
        }
    }
    Ok(out)
}

/// The spectators of each of `games` that has any, on processes seen since
/// `cutoff`.
pub(super) async fn spectators(
    db: &Db,
    games: &[String],
    cutoff: i64,
) -> Result<HashMap<String, i64>> {
    let mut out = HashMap::new();
    for chunk in games.chunks(200) {
        let sql = format!(
            "SELECT s.game_id, CAST(SUM(s.n) AS BIGINT) FROM online_spectators s \
             JOIN online_processes p ON p.process = s.process \
             WHERE p.seen >= $1 AND s.game_id IN ({}) GROUP BY s.game_id",
            params(2, chunk.len())
        );
        let mut q = sqlx::query(&sql).bind(cutoff);
        for g in chunk {
            q = q.bind(g);
        }
        for r in q.fetch_all(db.pool()).await? {
            out.insert(r.try_get(0)?, r.try_get(1)?);
        }
    }
    Ok(out)
}
