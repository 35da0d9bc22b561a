//! The push concern's tables: `push_vapid (id, private_key, created)` (one
//! row), `push_subscriptions (id, account_id, endpoint, p256dh, auth,
//! lang, created)`, `push_kinds (account_id, turn, challenge, tournament)`
//! and `push_claims (notice, at)`.

use super::Kinds;
use crate::db::{Db, Result};
use sqlx::Row;

/// A stored subscription.
#[derive(Clone, Debug)]
pub struct Stored {
    /// Its id.
    pub id: String,
    /// The account it notifies.
    pub account: String,
    /// The push service's URL for this browser.
    pub endpoint: String,
    /// The browser's P-256 public key (base64url).
    pub p256dh: String,
    /// The browser's authentication secret (base64url).
    pub auth: String,
    /// The language its notices are written in.
    pub lang: String,
    /// When it was made (ms since 1970).
    pub created: i64,
}

const COLUMNS: &str = "id, account_id, endpoint, p256dh, auth, lang, created";

fn row_of(r: &sqlx::any::AnyRow) -> Result<Stored> {
    Ok(Stored {
        id: r.try_get(0)?,
        account: r.try_get(1)?,
        endpoint: r.try_get(2)?,
        p256dh: r.try_get(3)?,
        auth: r.try_get(4)?,
        lang: r.try_get(5)?,
        created: r.try_get(6)?,
    })
}

/// The VAPID private key: the stored one, or `fresh` stored now if there
/// is none (whichever process stores first, every process then reads the
/// same key).
///
/// # Errors
/// Storage failures.
pub async fn vapid_key(db: &Db, fresh: &str, now: i64) -> Result<String> {
    sqlx::query(
        "INSERT INTO push_vapid (id, private_key, created) VALUES (1, $1, $2) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(fresh)
    .bind(now)
    .execute(db.pool())
    .await?;
    let row = sqlx::query("SELECT private_key FROM push_vapid WHERE id = 1")
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get(0)?)
}

/// Stores `s` (a browser subscribing again with the same endpoint
/// replaces its row, and its account: the browser now belongs to it).
///
/// # Errors
/// Storage failures.
pub async fn save(db: &Db, s: &Stored) -> Result<()> {
    sqlx::query(
        "INSERT INTO push_subscriptions (id, account_id, endpoint, p256dh, auth, lang, created) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (endpoint) DO UPDATE SET id = excluded.id, account_id = excluded.account_id, \
         p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang, created = excluded.created",
    )
    .bind(&s.id)
    .bind(&s.account)
    .bind(&s.endpoint)
    .bind(&s.p256dh)
    .bind(&s.auth)
    .bind(&s.lang)
    .bind(s.created)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The subscriptions of `account`, oldest first.
///
/// # Errors
/// Storage failures.
pub async fn of_account(db: &Db, account: &str) -> Result<Vec<Stored>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM push_subscriptions WHERE account_id = $1 ORDER BY created, id"
    ))
    .bind(account)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(row_of).collect()
}

/// How many subscriptions `account` has.
///
/// # Errors
/// Storage failures.
pub async fn count(db: &Db, account: &str) -> Result<i64> {
    let row = sqlx::query("SELECT COUNT(*) FROM push_subscriptions WHERE account_id = $1")
        .bind(account)
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get(0)?)
}

/// Deletes subscription `id` if `account` owns it; whether it did.
///
/// # Errors
/// Storage failures.
pub async fn delete(db: &Db, account: &str, id: &str) -> Result<bool> {
    let done = sqlx::query("DELETE FROM push_subscriptions WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes the subscription of `endpoint` (its push service said it is
/// gone).
///
/// # Errors
/// Storage failures.
pub async fn forget(db: &Db, endpoint: &str) -> Result<()> {
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
        .bind(endpoint)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The kinds `account` wants pushed (all, until it chooses).
///
/// # Errors
/// Storage failures.
pub async fn kinds(db: &Db, account: &str) -> Result<Kinds> {
    let row =
        sqlx::query("SELECT turn, challenge, tournament FROM push_kinds WHERE account_id = $1")
            .bind(account)
            .fetch_optional(db.pool())
            .await?;
    Ok(match row {
        Some(r) => Kinds {
            turn: r.try_get::<i64, _>(0)? != 0,
            challenge: r.try_get::<i64, _>(1)? != 0,
            tournament: r.try_get::<i64, _>(2)? != 0,
        },
        None => Kinds::default(),
    })
}

/// Stores the kinds `account` wants pushed.
///
/// # Errors
/// Storage failures.
pub async fn set_kinds(db: &Db, account: &str, k: Kinds) -> Result<()> {
    sqlx::query(
        "INSERT INTO push_kinds (account_id, turn, challenge, tournament) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (account_id) DO UPDATE SET turn = excluded.turn, \
         challenge = excluded.challenge, tournament = excluded.tournament",
    )
    .bind(account)
    .bind(i64::from(k.turn))
    .bind(i64::from(k.challenge))
    .bind(i64::from(k.tournament))
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Claims notice `key` for sending: true for the one process that claims
/// it first (every process hears every notice).
///
/// # Errors
/// Storage failures.
pub async fn claim(db: &Db, key: &str, now: i64) -> Result<bool> {
    let done =
        sqlx::query("INSERT INTO push_claims (notice, at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(key)
            .bind(now)
            .execute(db.pool())
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets the claims made before `before`.
///
/// # Errors
/// Storage failures.
pub async fn prune_claims(db: &Db, before: i64) -> Result<u64> {
    let done = sqlx::query("DELETE FROM push_claims WHERE at < $1")
        .bind(before)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected())
}
