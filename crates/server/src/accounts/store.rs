//! The accounts' tables (migrations `0007_accounts.sql`,
//! `0016_sessions_and_held_names.sql`): `accounts` (a name, its lower-cased
//! key, the password's hash, whether it is private or deleted), `sessions`
//! (stored by the SHA-256 of their secret), `account_seats` (which seat
//! tokens belong to which account) and `held_names` (the names of deleted
//! accounts no one may take yet).

use crate::db::{now_ms, Db, Result};
use crate::games::PlayerView;
use sqlx::Row;

/// An account as stored (never shown with its hash).
#[derive(Clone, Debug)]
pub struct AccountRow {
    /// Its id.
    pub id: String,
    /// Its name as chosen.
    pub name: String,
    /// When it was made (ms since 1970).
    pub created: i64,
    /// Its password's hash (a PHC string).
    pub hash: String,
    /// Whether its profile is shown to its owner only.
    pub private: bool,
}

/// The live account whose name key is `key`.
pub async fn by_key(db: &Db, key: &str) -> Result<Option<AccountRow>> {
    let row = sqlx::query(
        "SELECT id, name, created, hash, private FROM accounts \
         WHERE name_key = $1 AND deleted = 0",
    )
    .bind(key)
    .fetch_optional(db.pool())
    .await?;
    let Some(r) = row else {
        return Ok(None);
    };
    Ok(Some(AccountRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        created: r.try_get(2)?,
        hash: r.try_get(3)?,
        private: r.try_get::<i64, _>(4)? != 0,
    }))
}

/// The names and privacy of the live accounts among `ids`, by id.
pub async fn names_of(
    db: &Db,
    ids: &[String],
) -> Result<std::collections::HashMap<String, (String, bool)>> {
    let mut out = std::collections::HashMap::new();
    for chunk in ids.chunks(200) {
        let list: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 1)).collect();
        let sql = format!(
            "SELECT id, name, private FROM accounts WHERE deleted = 0 AND id IN ({})",
            list.join(", ")
        );
        let mut q = sqlx::query(&sql);
        for id in chunk {
            q = q.bind(id);
        }
        for r in q.fetch_all(db.pool()).await? {
            out.insert(r.try_get(0)?, (r.try_get(1)?, r.try_get::<i64, _>(2)? != 0));
        }
    }
    Ok(out)
}

/// The hash of live account `id`'s password.
pub async fn hash_of(db: &Db, id: &str) -> Result<Option<String>> {
    let row = sqlx::query("SELECT hash FROM accounts WHERE id = $1 AND deleted = 0")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(match row {
        Some(r) => Some(r.try_get(0)?),
        None => None,
    })
}

/// Stores a new account; `false` when its name key is taken.
pub async fn insert(db: &Db, a: &AccountRow, key: &str) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO accounts (id, name, name_key, hash, created, deleted) \
         VALUES ($1, $2, $3, $4, $5, 0)",
    )
    .bind(&a.id)
    .bind(&a.name)
    .bind(key)
    .bind(&a.hash)
    .bind(a.created)
    .execute(db.pool())
    .await;
    match done {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Stores a new hash for `account`.
pub async fn set_hash(db: &Db, account: &str, hash: &str) -> Result<()> {
    sqlx::query("UPDATE accounts SET hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(account)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Makes `account`'s profile private or public.
pub async fn set_private(db: &Db, account: &str, private: bool) -> Result<()> {
    sqlx::query("UPDATE accounts SET private = $1 WHERE id = $2 AND deleted = 0")
        .bind(i64::from(private))
        .bind(account)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Marks `account` deleted: its name freed and forgotten, its hash gone,
/// its name's key held from sign-ups until `held_until` (ms since 1970);
/// answers the games it held seats in.
pub async fn delete(db: &Db, account: &str, held_until: i64) -> Result<Vec<String>> {
    let games: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT game_id FROM account_seats WHERE account = $1")
            .bind(account)
            .fetch_all(db.pool())
            .await?;
    let mut tx = db.pool().begin().await?;
    // An older hold of the same key (its account deleted long ago) gives
    // way to this one.
    sqlx::query(
        "DELETE FROM held_names WHERE name_key = (SELECT name_key FROM accounts WHERE id = $1)",
    )
    .bind(account)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO held_names (name_key, until) \
         SELECT name_key, $2 FROM accounts WHERE id = $1 AND name_key IS NOT NULL",
    )
    .bind(account)
    .bind(held_until)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE accounts SET deleted = 1, name = '', name_key = NULL, hash = '' WHERE id = $1",
    )
    .bind(account)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(games)
}

/// Until when (ms since 1970) the name key `key` is held after its
/// account's deletion, if it still is at `now`.
pub async fn held_until(db: &Db, key: &str, now: i64) -> Result<Option<i64>> {
    Ok(
        sqlx::query_scalar("SELECT until FROM held_names WHERE name_key = $1 AND until > $2")
            .bind(key)
            .bind(now)
            .fetch_optional(db.pool())
            .await?,
    )
}

/// A live session found by its key: the account, its name and creation,
/// and when the session was opened and last seen.
pub struct SessionRow {
    /// The account's id.
    pub account: String,
    /// Its name.
    pub name: String,
    /// When it was made.
    pub created: i64,
    /// When the session was opened (ms since 1970).
    pub opened: i64,
    /// When the session was last seen (ms since 1970).
    pub last_seen: i64,
}

/// The session stored by `key`, if its account lives.
pub async fn session(db: &Db, key: &str) -> Result<Option<SessionRow>> {
    let row = sqlx::query(
        "SELECT a.id, a.name, a.created, s.created, s.last_seen FROM sessions s \
         JOIN accounts a ON a.id = s.account WHERE s.id = $1 AND a.deleted = 0",
    )
    .bind(key)
    .fetch_optional(db.pool())
    .await?;
    let Some(r) = row else {
        return Ok(None);
    };
    Ok(Some(SessionRow {
        account: r.try_get(0)?,
        name: r.try_get(1)?,
        created: r.try_get(2)?,
        opened: r.try_get(3)?,
        last_seen: r.try_get(4)?,
    }))
}

/// The session stored by `key` was seen at `now`.
pub async fn touch_session(db: &Db, key: &str, now: i64) -> Result<()> {
    sqlx::query("UPDATE sessions SET last_seen = $1 WHERE id = $2")
        .bind(now)
        .bind(key)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Stores a new session of `account` by `key`.
pub async fn open_session(db: &Db, key: &str, account: &str) -> Result<()> {
    sqlx::query("INSERT INTO sessions (id, account, created, last_seen) VALUES ($1, $2, $3, $3)")
        .bind(key)
        .bind(account)
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Ends the session stored by `key`.
pub async fn close_session(db: &Db, key: &str) -> Result<()> {
    sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(key)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Ends every session of `account` but the one stored by `keep`.
pub async fn close_sessions(db: &Db, account: &str, keep: &str) -> Result<()> {
    sqlx::query("DELETE FROM sessions WHERE account = $1 AND id <> $2")
        .bind(account)
        .bind(keep)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Gives `account` the seat of `token` (seat `seat` of `game`) if no
/// account holds it yet; answers whether it did.
pub async fn take_seat<'e, E>(
    db: E,
    account: &str,
    game: &str,
    seat: usize,
    token: &str,
) -> Result<bool>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let done = sqlx::query(
        "INSERT INTO account_seats (token, account, game_id, seat) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (token) DO NOTHING",
    )
    .bind(token)
    .bind(account)
    .bind(game)
    .bind(i64::try_from(seat)?)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The account holding the seat of `token`, if any.
pub async fn holder(db: &Db, token: &str) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT account FROM account_seats WHERE token = $1")
            .bind(token)
            .fetch_optional(db.pool())
            .await?,
    )
}

/// The tokens of the seats `account` holds in game `game`.
pub async fn seat_tokens(db: &Db, account: &str, game: &str) -> Result<Vec<String>> {
    Ok(
        sqlx::query_scalar("SELECT token FROM account_seats WHERE account = $1 AND game_id = $2")
            .bind(account)
            .bind(game)
            .fetch_all(db.pool())
            .await?,
    )
}

/// The tokens of the seats `account` holds, in the games changed most
/// recently first (at most `limit`). Reads the games' `updated` in the
/// same query (one query, not one per game).
pub async fn all_seat_tokens(db: &Db, account: &str, limit: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT s.token FROM account_seats s JOIN games g ON g.id = s.game_id \
         WHERE s.account = $1 ORDER BY g.updated DESC LIMIT $2",
    )
    .bind(account)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// The accounts holding seats 0 and 1 of game `id`: as every viewer sees
/// them, and their ids (`None` for a deleted account's).
pub async fn seat_players(
    db: &Db,
    id: &str,
) -> Result<([Option<PlayerView>; 2], [Option<String>; 2])> {
    let rows = sqlx::query(
        "SELECT s.seat, a.name, a.deleted, a.id FROM account_seats s \
         JOIN accounts a ON a.id = s.account WHERE s.game_id = $1",
    )
    .bind(id)
    .fetch_all(db.pool())
    .await?;
    let (mut players, mut ids) = ([None, None], [None, None]);
    for r in rows {
        let seat: i64 = r.try_get(0)?;
        let name: String = r.try_get(1)?;
        let deleted: i64 = r.try_get(2)?;
        let Some(i) = usize::try_from(seat).ok().filter(|&i| i < 2) else {
            continue;
        };
        players[i] = Some(PlayerView {
            name: (deleted == 0).then_some(name),
            deleted: deleted != 0,
            bot: false,
        });
        if deleted == 0 {
            ids[i] = Some(r.try_get(3)?);
        }
    }
    Ok((players, ids))
}
