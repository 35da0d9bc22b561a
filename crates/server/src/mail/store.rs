//! The notices' tables (migrations `0006_notify.sql`,
//! `0017_confirmed_addresses.sql`, `0023_account_addresses.sql`):
//! `notify_addresses` (with its confirmation: the link's key, when it was
//! opened, asked for and sent), `notify_tokens` (a seat's token's address),
//! `notify_accounts` (an account's address) and `notify_sent`. Two reads
//! join the games' table: the correspondence games waiting for an address
//! ([`waiting`], which also reads which account holds a seat,
//! `account_seats`, so an account's address reaches every seat it holds
//! from the moment it holds it) and the ended games whose turns are still
//! remembered ([`forget_ended`]).

use crate::db::{now_ms, Db, Result};
use sqlx::Row;
use tablero_i18n::Lang;

/// Leaves `email` (lower-cased) in `lang` for the seats of `tokens`, and
/// for every seat of `account` if given (its address from now on); a new
/// address gets the unsubscribe key `new_key` and the confirmation key
/// `confirm_key`, one left before keeps its own. An address not yet
/// confirmed is marked as asking for a confirmation mail. Answers whether
/// the address is confirmed.
pub async fn subscribe(
    db: &Db,
    email: &str,
    lang: Lang,
    tokens: &[String],
    account: Option<&str>,
    new_key: &str,
    confirm_key: &str,
) -> Result<bool> {
    // One transaction: a token's row is replaced (deleted, then inserted),
    // and a reader between the two saw the seat with no address (the home
    // page, loaded while its script left the address again, showed the
    // form as if none had been saved).
    let mut tx = db.pool().begin().await?;
    let now = now_ms();
    // The write first: SQLite's transaction then takes the write lock at
    // once (waiting for another writer as long as any write does), where a
    // read first would fail at its first write if another writer had
    // committed meanwhile.
    sqlx::query(
        "UPDATE notify_addresses SET lang = $1, \
         confirm_asked = CASE WHEN confirmed IS NULL THEN $2 ELSE confirm_asked END \
         WHERE email = $3",
    )
    .bind(lang.code())
    .bind(now)
    .bind(email)
    .execute(&mut *tx)
    .await?;
    let existing = sqlx::query("SELECT id, confirmed FROM notify_addresses WHERE email = $1")
        .bind(email)
        .fetch_optional(&mut *tx)
        .await?;
    let (key, confirmed) = if let Some(r) = existing {
        let key: String = r.try_get(0)?;
        let confirmed: Option<i64> = r.try_get(1)?;
        (key, confirmed.is_some())
    } else {
        sqlx::query(
            "INSERT INTO notify_addresses \
             (id, email, lang, last_sent, created, confirm_key, confirm_asked) \
             VALUES ($1, $2, $3, NULL, $4, $5, $4)",
        )
        .bind(new_key)
        .bind(email)
        .bind(lang.code())
        .bind(now)
        .bind(confirm_key)
        .execute(&mut *tx)
        .await?;
        (new_key.to_string(), false)
    };
    for t in tokens {
        sqlx::query("DELETE FROM notify_tokens WHERE token = $1")
            .bind(t)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO notify_tokens (token, address) VALUES ($1, $2)")
            .bind(t)
            .bind(&key)
            .execute(&mut *tx)
            .await?;
    }
    if let Some(account) = account {
        sqlx::query(
            "INSERT INTO notify_accounts (account, address) VALUES ($1, $2) \
             ON CONFLICT (account) DO UPDATE SET address = excluded.address",
        )
        .bind(account)
        .bind(&key)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(confirmed)
}

/// An address waiting for its confirmation mail.
pub struct Unconfirmed {
    /// Its unsubscribe key.
    pub key: String,
    /// The address.
    pub email: String,
    /// Its language's code.
    pub lang: String,
    /// The confirmation link's key.
    pub confirm_key: String,
    /// When the last confirmation mail went out.
    pub sent: Option<i64>,
}

/// The addresses not confirmed that asked for a confirmation mail since
/// the last one went out, that one at least `quiet` ms before `now` (none
/// sent yet, or the address left again after the quiet time).
pub async fn confirmations_due(db: &Db, now: i64, quiet: i64) -> Result<Vec<Unconfirmed>> {
    let rows = sqlx::query(
        "SELECT id, email, lang, confirm_key, confirm_sent FROM notify_addresses \
         WHERE confirmed IS NULL AND confirm_key IS NOT NULL AND confirm_asked IS NOT NULL \
           AND (confirm_sent IS NULL OR (confirm_asked > confirm_sent AND confirm_sent <= $1))",
    )
    .bind(now.saturating_sub(quiet))
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(Unconfirmed {
            key: r.try_get(0)?,
            email: r.try_get(1)?,
            lang: r.try_get(2)?,
            confirm_key: r.try_get(3)?,
            sent: r.try_get(4)?,
        });
    }
    Ok(out)
}

/// Claims the address `key`'s confirmation mail at `now`, if its last one
/// went out at `before` still (compare and set: one process sends it);
/// answers whether this call claimed it.
pub async fn claim_confirmation(db: &Db, key: &str, before: Option<i64>, now: i64) -> Result<bool> {
    let q = match before {
        None => sqlx::query(
            "UPDATE notify_addresses SET confirm_sent = $1 \
             WHERE id = $2 AND confirm_sent IS NULL",
        )
        .bind(now)
        .bind(key),
        Some(before) => sqlx::query(
            "UPDATE notify_addresses SET confirm_sent = $1 WHERE id = $2 AND confirm_sent = $3",
        )
        .bind(now)
        .bind(key)
        .bind(before),
    };
    Ok(q.execute(db.pool()).await?.rows_affected() == 1)
}

/// Confirms the address whose confirmation key is `confirm_key` (once:
/// a later call keeps the first time); answers its language's code if
/// there is one.
pub async fn confirm(db: &Db, confirm_key: &str) -> Result<Option<String>> {
    let pool = db.pool();
    let lang: Option<String> =
        sqlx::query_scalar("SELECT lang FROM notify_addresses WHERE confirm_key = $1")
            .bind(confirm_key)
            .fetch_optional(pool)
            .await?;
    if lang.is_some() {
        sqlx::query(
            "UPDATE notify_addresses SET confirmed = $1 \
             WHERE confirm_key = $2 AND confirmed IS NULL",
        )
        .bind(now_ms())
        .bind(confirm_key)
        .execute(pool)
        .await?;
    }
    Ok(lang)
}

/// The language's code of the address whose confirmation key is
/// `confirm_key`, if there is one.
pub async fn confirm_lang(db: &Db, confirm_key: &str) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT lang FROM notify_addresses WHERE confirm_key = $1")
            .bind(confirm_key)
            .fetch_optional(db.pool())
            .await?,
    )
}

/// The address of `account` if it has one, else the one the first of
/// `tokens` that has one leads to, and whether it is confirmed.
pub async fn address_of(
    db: &Db,
    account: Option<&str>,
    tokens: &[String],
) -> Result<Option<(String, bool)>> {
    if let Some(account) = account {
        let found = sqlx::query(
            "SELECT a.email, a.confirmed FROM notify_accounts n \
             JOIN notify_addresses a ON a.id = n.address WHERE n.account = $1",
        )
        .bind(account)
        .fetch_optional(db.pool())
        .await?;
        if let Some(r) = found {
            let confirmed: Option<i64> = r.try_get(1)?;
            return Ok(Some((r.try_get(0)?, confirmed.is_some())));
        }
    }
    for t in tokens {
        let found = sqlx::query(
            "SELECT a.email, a.confirmed FROM notify_tokens t \
             JOIN notify_addresses a ON a.id = t.address WHERE t.token = $1",
        )
        .bind(t)
        .fetch_optional(db.pool())
        .await?;
        if let Some(r) = found {
            let confirmed: Option<i64> = r.try_get(1)?;
            return Ok(Some((r.try_get(0)?, confirmed.is_some())));
        }
    }
    Ok(None)
}

/// Forgets the address of the seats of `tokens`, and `account`'s.
pub async fn forget_tokens(db: &Db, account: Option<&str>, tokens: &[String]) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    for t in tokens {
        sqlx::query("DELETE FROM notify_tokens WHERE token = $1")
            .bind(t)
            .execute(&mut *tx)
            .await?;
    }
    if let Some(account) = account {
        sqlx::query("DELETE FROM notify_accounts WHERE account = $1")
            .bind(account)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Removes the address whose unsubscribe key is `key`, with its seats and
/// what it was told; answers its language's code if it existed.
pub async fn unsubscribe(db: &Db, key: &str) -> Result<Option<String>> {
    let pool = db.pool();
    let lang: Option<String> = sqlx::query("SELECT lang FROM notify_addresses WHERE id = $1")
        .bind(key)
        .fetch_optional(pool)
        .await?
        .map(|r| r.try_get(0))
        .transpose()?;
    if lang.is_none() {
        return Ok(None);
    }
    for q in [
        "DELETE FROM notify_tokens WHERE address = $1",
        "DELETE FROM notify_accounts WHERE address = $1",
        "DELETE FROM notify_sent WHERE address = $1",
        "DELETE FROM notify_addresses WHERE id = $1",
    ] {
        sqlx::query(q).bind(key).execute(pool).await?;
    }
    Ok(lang)
}

/// A seat of a running correspondence game that leads to an address.
pub struct Seat {
    /// The game.
    pub game: String,
    /// The seat's token.
    pub token: String,
    /// The address's unsubscribe key.
    pub key: String,
    /// The address.
    pub email: String,
    /// Its language's code.
    pub lang: String,
    /// When it was last written to.
    pub last_sent: Option<i64>,
}

/// The seats of running correspondence games that lead to a confirmed
/// address, by their token or by the account holding them (not those whose
/// other seat leads to the same address: one screen's game, the player's
/// own move, never news). Joins the games' table, and the accounts' seats
/// (`account_seats`: which account holds a seat, read only).
pub async fn waiting(db: &Db) -> Result<Vec<Seat>> {
    let rows = sqlx::query(
        "WITH seat_address (token, address) AS ( \
             SELECT token, address FROM notify_tokens \
             UNION SELECT s.token, n.address FROM account_seats s \
                 JOIN notify_accounts n ON n.account = s.account) \
         SELECT DISTINCT g.id, t.token, a.id, a.email, a.lang, a.last_sent \
         FROM games g \
         JOIN seat_address t ON (t.token = g.seat0_token OR t.token = g.seat1_token) \
         JOIN notify_addresses a ON a.id = t.address \
         WHERE g.deadline IS NOT NULL AND g.clock LIKE '%d' AND a.confirmed IS NOT NULL \
           AND NOT EXISTS (SELECT 1 FROM seat_address o WHERE o.address = t.address \
               AND o.token = CASE WHEN t.token = g.seat0_token \
                   THEN g.seat1_token ELSE g.seat0_token END)",
    )
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(Seat {
            game: r.try_get(0)?,
            token: r.try_get(1)?,
            key: r.try_get(2)?,
            email: r.try_get(3).unwrap_or_default(),
            lang: r.try_get(4).unwrap_or_default(),
            last_sent: r.try_get(5).ok().flatten(),
        });
    }
    Ok(out)
}

/// Whether the address `key` was told of game `game`'s turn at `ply`.
pub async fn told(db: &Db, key: &str, game: &str, ply: i64) -> Result<bool> {
    Ok(
        sqlx::query("SELECT 1 FROM notify_sent WHERE address = $1 AND game_id = $2 AND ply = $3")
            .bind(key)
            .bind(game)
            .bind(ply)
            .fetch_optional(db.pool())
            .await?
            .is_some(),
    )
}

/// Remembers that the address `key` was told of game `game`'s turn at
/// `ply`.
pub async fn mark_told(db: &Db, key: &str, game: &str, ply: i64) -> Result<()> {
    sqlx::query("INSERT INTO notify_sent (address, game_id, ply) VALUES ($1, $2, $3)")
        .bind(key)
        .bind(game)
        .bind(ply)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Claims the address `key` for a message at `now`, if its last message
/// is still `before` (compare and set: one process writes to an address
/// at a time); answers whether this call claimed it.
pub async fn claim(db: &Db, key: &str, before: Option<i64>, now: i64) -> Result<bool> {
    let q = match before {
        None => sqlx::query(
            "UPDATE notify_addresses SET last_sent = $1 WHERE id = $2 AND last_sent IS NULL",
        )
        .bind(now)
        .bind(key),
        Some(before) => sqlx::query(
            "UPDATE notify_addresses SET last_sent = $1 WHERE id = $2 AND last_sent = $3",
        )
        .bind(now)
        .bind(key)
        .bind(before),
    };
    Ok(q.execute(db.pool()).await?.rows_affected() == 1)
}

/// Forgets the turns told of game `game` (it ended).
pub async fn forget_game(db: &Db, game: &str) -> Result<()> {
    sqlx::query("DELETE FROM notify_sent WHERE game_id = $1")
        .bind(game)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Forgets the turns told of every game that has ended; answers how many
/// were forgotten. Joins the games' table.
pub async fn forget_ended(db: &Db) -> Result<usize> {
    let done = sqlx::query(
        "DELETE FROM notify_sent WHERE game_id IN \
         (SELECT id FROM games WHERE end_seq IS NOT NULL)",
    )
    .execute(db.pool())
    .await?;
    Ok(usize::try_from(done.rows_affected()).unwrap_or(usize::MAX))
}

/// A correspondence challenge waiting to be mailed: its id, the address
/// (key, email, language) of the challenged account, and what it is.
#[derive(Debug)]
pub struct ChallengeDue {
    /// The challenge's id.
    pub challenge: String,
    /// The challenged account.
    pub account: String,
    /// The address's key (its unsubscribe link).
    pub key: String,
    /// The address.
    pub email: String,
    /// The address's language.
    pub lang: String,
    /// The challenger's name.
    pub sender: String,
    /// The game.
    pub game: String,
    /// The clock (`3d`).
    pub clock: String,
}

/// Keeps challenge `challenge` to `account` (from `sender`, `game` at
/// `clock`) to be mailed; the same one kept twice (every process hears
/// it) is kept once.
pub async fn keep_challenge(
    db: &Db,
    challenge: &str,
    account: &str,
    sender: &str,
    game: &str,
    clock: &str,
    now: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO notify_challenges (challenge, account, sender, game, clock, made) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (challenge, account) DO NOTHING",
    )
    .bind(challenge)
    .bind(account)
    .bind(sender)
    .bind(game)
    .bind(clock)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Forgets the challenges kept more than 30 days before `now` (mailed or
/// not: a challenge's mail is due for a day only).
pub async fn forget_old_challenges(db: &Db, now: i64) -> Result<()> {
    sqlx::query("DELETE FROM notify_challenges WHERE made < $1")
        .bind(now - 30 * 86_400_000)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The challenges kept and not yet mailed whose account has a confirmed
/// address (the others wait: an address confirmed within the day still
/// hears of them); those older than a day are left unsent (their rows go
/// after 30 days, [`forget_old_challenges`]).
pub async fn challenges_due(db: &Db, now: i64) -> Result<Vec<ChallengeDue>> {
    let rows = sqlx::query(
        "SELECT c.challenge, c.account, a.id, a.email, a.lang, c.sender, c.game, c.clock \
         FROM notify_challenges c \
         JOIN notify_accounts n ON n.account = c.account \
         JOIN notify_addresses a ON a.id = n.address \
         WHERE c.sent IS NULL AND c.made >= $1 AND a.confirmed IS NOT NULL",
    )
    .bind(now - 86_400_000)
    .fetch_all(db.pool())
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(ChallengeDue {
            challenge: r.try_get(0)?,
            account: r.try_get(1)?,
            key: r.try_get(2)?,
            email: r.try_get(3).unwrap_or_default(),
            lang: r.try_get(4).unwrap_or_default(),
            sender: r.try_get(5)?,
            game: r.try_get(6)?,
            clock: r.try_get(7)?,
        });
    }
    Ok(out)
}

/// Claims challenge `challenge`'s mail to `account` at `now` (compare and
/// set: one process sends it); answers whether this call claimed it.
pub async fn claim_challenge(db: &Db, challenge: &str, account: &str, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE notify_challenges SET sent = $1 \
         WHERE challenge = $2 AND account = $3 AND sent IS NULL",
    )
    .bind(now)
    .bind(challenge)
    .bind(account)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The confirmed address of `account`, if it has one: its key, address
/// and language.
pub async fn confirmed_of(db: &Db, account: &str) -> Result<Option<(String, String, String)>> {
    let found = sqlx::query(
        "SELECT a.id, a.email, a.lang FROM notify_accounts n \
         JOIN notify_addresses a ON a.id = n.address \
         WHERE n.account = $1 AND a.confirmed IS NOT NULL",
    )
    .bind(account)
    .fetch_optional(db.pool())
    .await?;
    found
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
        .transpose()
}

/// Claims telling the address `key` of `what` (a league's group,
/// `group:TOURNAMENT:GROUP`): whether this call did (once, whichever
/// process gets there first).
pub async fn claim_told(db: &Db, key: &str, what: &str) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO notify_sent (address, game_id, ply) VALUES ($1, $2, 0) \
         ON CONFLICT (address, game_id, ply) DO NOTHING",
    )
    .bind(key)
    .bind(what)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}
