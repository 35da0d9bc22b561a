//! The bots' table (`bots`, migration `0026_bots.sql`).

use crate::db::{Db, Result};
use sqlx::Row;

/// A bot as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRow {
    /// The bot's account id.
    pub account: String,
    /// Its owner's account id.
    pub owner: String,
    /// Whether it has a token now (none after a revocation).
    pub has_token: bool,
    /// Made, ms since 1970.
    pub created: i64,
}

/// Stores a new bot of `owner` with the token hash `hash`.
pub async fn insert(db: &Db, account: &str, owner: &str, hash: &str, now: i64) -> Result<()> {
    sqlx::query("INSERT INTO bots (account, owner, token_hash, created) VALUES ($1, $2, $3, $4)")
        .bind(account)
        .bind(owner)
        .bind(hash)
        .bind(now)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Forgets bot `account` (its account was never made).
pub async fn remove(db: &Db, account: &str) -> Result<()> {
    sqlx::query("DELETE FROM bots WHERE account = $1")
        .bind(account)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The bot whose token hashes to `hash`, if any: its account id.
pub async fn by_token(db: &Db, hash: &str) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT account FROM bots WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(db.pool())
            .await?,
    )
}

/// Bot `account`, if it is one.
pub async fn get(db: &Db, account: &str) -> Result<Option<BotRow>> {
    let row = sqlx::query(
        "SELECT account, owner, CASE WHEN token_hash IS NULL THEN 0 ELSE 1 END, created \
         FROM bots WHERE account = $1",
    )
    .bind(account)
    .fetch_optional(db.pool())
    .await?;
    let Some(r) = row else { return Ok(None) };
    Ok(Some(BotRow {
        account: r.try_get(0)?,
        owner: r.try_get(1)?,
        has_token: r.try_get::<i64, _>(2)? != 0,
        created: r.try_get(3)?,
    }))
}

/// The bots of `owner`, oldest first.
pub async fn of_owner(db: &Db, owner: &str) -> Result<Vec<BotRow>> {
    let rows = sqlx::query(
        "SELECT account, owner, CASE WHEN token_hash IS NULL THEN 0 ELSE 1 END, created \
         FROM bots WHERE owner = $1 ORDER BY created, account",
    )
    .bind(owner)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(BotRow {
                account: r.try_get(0)?,
                owner: r.try_get(1)?,
                has_token: r.try_get::<i64, _>(2)? != 0,
                created: r.try_get(3)?,
            })
        })
        .collect()
}

/// How many bots `owner` has.
pub async fn count_of_owner(db: &Db, owner: &str) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM bots WHERE owner = $1")
            .bind(owner)
            .fetch_one(db.pool())
            .await?,
    )
}

/// Sets bot `account`'s token hash (`None`: revoked).
pub async fn set_token(db: &Db, account: &str, hash: Option<&str>) -> Result<()> {
    sqlx::query("UPDATE bots SET token_hash = $1 WHERE account = $2")
        .bind(hash)
        .bind(account)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The bots among `ids`.
pub async fn among(db: &Db, ids: &[String]) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for chunk in ids.chunks(200) {
        let list: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 1)).collect();
        let sql = format!(
            "SELECT account FROM bots WHERE account IN ({})",
            list.join(", ")
        );
        let mut q = sqlx::query_scalar(&sql);
        for id in chunk {
            q = q.bind(id);
        }
        out.extend(q.fetch_all(db.pool()).await?);
    }
    Ok(out)
}
