//! The chat's tables (migration `0019_chat.sql`): `chat_lines`,
//! `chat_mutes`, `chat_reports`, `moderators` and `chat_marks`.

use crate::db::{self, now_ms, Db, Result};
use crate::events::{Bus, ChatEvent, ChatLine};
use sqlx::any::AnyRow;
use sqlx::Row;

/// The columns of a line, marked or not ([`line_of`] reads them).
const LINE: &str = "SELECT l.id, l.game, l.room, l.seat, l.account, l.name, l.body, l.at, \
     CASE WHEN m.account IS NULL THEN 0 ELSE 1 END \
     FROM chat_lines l LEFT JOIN chat_marks m ON m.account = l.account";

fn line_of(r: &AnyRow) -> Result<ChatLine> {
    let seat: Option<i64> = r.try_get(3)?;
    Ok(ChatLine {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        room: r.try_get(2)?,
        seat: seat.and_then(|s| usize::try_from(s).ok()),
        account: r.try_get(4)?,
        name: r.try_get(5)?,
        text: r.try_get(6)?,
        at: r.try_get(7)?,
        marked: r.try_get::<i32, _>(8)? != 0,
    })
}

/// Stores `line` and, on PostgreSQL, tells the other processes in the same
/// transaction (heard once it is committed). Answers the line as stored:
/// its `at` after the game's last line (a line said within the same
/// millisecond as the last one is put a millisecond after it: a game's
/// lines are ordered by `at`), its `marked` as the marks stand. The
/// transaction writes first (on SQLite a transaction that reads first
/// fails at its write when another wrote meanwhile).
pub async fn say(db: &Db, bus: &Bus, mut line: ChatLine) -> Result<ChatLine> {
    let mut tx = db.pool().begin().await?;
    sqlx::query(
        "INSERT INTO chat_lines (id, game, room, seat, account, name, body, at) \
         SELECT $1, $2, $3, $4, $5, $6, $7, \
         CASE WHEN COALESCE(MAX(at), 0) >= $8 THEN MAX(at) + 1 ELSE $8 END \
         FROM chat_lines WHERE game = $2",
    )
    .bind(&line.id)
    .bind(&line.game)
    .bind(&line.room)
    .bind(line.seat.and_then(|s| i64::try_from(s).ok()))
    .bind(&line.account)
    .bind(&line.name)
    .bind(&line.text)
    .bind(line.at)
    .execute(&mut *tx)
    .await?;
    let row = sqlx::query(
        "SELECT l.at, CASE WHEN m.account IS NULL THEN 0 ELSE 1 END \
         FROM chat_lines l LEFT JOIN chat_marks m ON m.account = l.account WHERE l.id = $1",
    )
    .bind(&line.id)
    .fetch_one(&mut *tx)
    .await?;
    line.at = row.try_get(0)?;
    line.marked = row.try_get::<i32, _>(1)? != 0;
    if db.is_postgres() {
        let said = ChatEvent::Said(line.clone());
        db::notify(&mut *tx, crate::events::CHANNEL, &bus.chat_payload(&said)).await?;
    }
    tx.commit().await?;
    Ok(line)
}

/// The lines of game `game` no moderator hid, oldest first.
pub async fn lines(db: &Db, game: &str) -> Result<Vec<ChatLine>> {
    let rows = sqlx::query(&format!(
        "{LINE} WHERE l.game = $1 AND l.hidden_by IS NULL ORDER BY l.at, l.id"
    ))
    .bind(game)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(line_of).collect()
}

/// Line `id`, if there and not hidden.
pub async fn line(db: &Db, id: &str) -> Result<Option<ChatLine>> {
    let row = sqlx::query(&format!("{LINE} WHERE l.id = $1 AND l.hidden_by IS NULL"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(line_of).transpose()
}

/// When the speaker said its latest `n` lines since `since` (ms since
/// 1970), newest first: the speaker is `account` when logged in, else
/// seat `seat` of game `game` without an account.
pub async fn said_since(
    db: &Db,
    account: Option<&str>,
    game: &str,
    seat: Option<usize>,
    since: i64,
    n: i64,
) -> Result<Vec<i64>> {
    let rows = match account {
        Some(a) => {
            sqlx::query(
                "SELECT at FROM chat_lines WHERE account = $1 AND at >= $2 \
                 ORDER BY at DESC LIMIT $3",
            )
            .bind(a)
            .bind(since)
            .bind(n)
            .fetch_all(db.pool())
            .await?
        }
        None => {
            sqlx::query(
                "SELECT at FROM chat_lines WHERE game = $1 AND seat = $2 \
                 AND account IS NULL AND at >= $3 ORDER BY at DESC LIMIT $4",
            )
            .bind(game)
            .bind(seat.and_then(|s| i64::try_from(s).ok()))
            .bind(since)
            .bind(n)
            .fetch_all(db.pool())
            .await?
        }
    };
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}

/// Hides line `id` for everyone (moderator `by`), telling the other
/// processes in the same transaction; answers its game, `None` when there
/// is no such line (or it was hidden already).
pub async fn hide(db: &Db, bus: &Bus, id: &str, by: &str) -> Result<Option<String>> {
    let mut tx = db.pool().begin().await?;
    // The write first (see [`say`]).
    let done =
        sqlx::query("UPDATE chat_lines SET hidden_by = $2 WHERE id = $1 AND hidden_by IS NULL")
            .bind(id)
            .bind(by)
            .execute(&mut *tx)
            .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    let game: String = sqlx::query("SELECT game FROM chat_lines WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
    if db.is_postgres() {
        let e = ChatEvent::Hidden {
            game: game.clone(),
            id: id.to_string(),
        };
        db::notify(&mut *tx, crate::events::CHANNEL, &bus.chat_payload(&e)).await?;
    }
    tx.commit().await?;
    Ok(Some(game))
}

/// `muter` mutes `muted`, named `name` (again: no change).
pub async fn mute(db: &Db, muter: &str, muted: &str, name: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO chat_mutes (muter, muted, muted_name, created) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (muter, muted) DO NOTHING",
    )
    .bind(muter)
    .bind(muted)
    .bind(name)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// `muter` no longer mutes `muted`.
pub async fn unmute(db: &Db, muter: &str, muted: &str) -> Result<()> {
    sqlx::query("DELETE FROM chat_mutes WHERE muter = $1 AND muted = $2")
        .bind(muter)
        .bind(muted)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The accounts `muter` mutes, as (id, name), oldest first.
pub async fn mutes(db: &Db, muter: &str) -> Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT muted, muted_name FROM chat_mutes WHERE muter = $1 ORDER BY created, muted",
    )
    .bind(muter)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
        .collect()
}

/// How many accounts `muter` mutes.
pub async fn count_mutes(db: &Db, muter: &str) -> Result<i64> {
    let r = sqlx::query("SELECT COUNT(*) FROM chat_mutes WHERE muter = $1")
        .bind(muter)
        .fetch_one(db.pool())
        .await?;
    Ok(r.try_get(0)?)
}

/// A report as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// Its id.
    pub id: String,
    /// The reporter's name.
    pub reporter: String,
    /// The reported player's name, if an account.
    pub player: Option<String>,
    /// The reported line's id, if a line was reported.
    pub line: Option<String>,
    /// The game of the reported line.
    pub game: Option<String>,
    /// The reported line's text, as it was.
    pub text: Option<String>,
    /// The reason (one of [`super::REASONS`]).
    pub reason: String,
    /// The reporter's note (may be empty).
    pub note: String,
    /// When (ms since 1970).
    pub at: i64,
    /// The reporter's account id (not sent).
    #[serde(skip)]
    pub reporter_id: String,
    /// The reported account's id (not sent).
    #[serde(skip)]
    pub account: Option<String>,
}

/// Stores `r`.
pub async fn report(db: &Db, r: &Report) -> Result<()> {
    sqlx::query(
        "INSERT INTO chat_reports (id, reporter, reporter_name, account, name, line, game, \
         body, reason, note, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&r.id)
    .bind(&r.reporter_id)
    .bind(&r.reporter)
    .bind(&r.account)
    .bind(&r.player)
    .bind(&r.line)
    .bind(&r.game)
    .bind(&r.text)
    .bind(&r.reason)
    .bind(&r.note)
    .bind(r.at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// How many reports `reporter` made since `since`.
pub async fn reported_since(db: &Db, reporter: &str, since: i64) -> Result<i64> {
    let r = sqlx::query("SELECT COUNT(*) FROM chat_reports WHERE reporter = $1 AND at >= $2")
        .bind(reporter)
        .bind(since)
        .fetch_one(db.pool())
        .await?;
    Ok(r.try_get(0)?)
}

/// The latest `limit` reports, newest first.
pub async fn reports(db: &Db, limit: i64) -> Result<Vec<Report>> {
    let rows = sqlx::query(
        "SELECT id, reporter, reporter_name, account, name, line, game, body, reason, note, at \
         FROM chat_reports ORDER BY at DESC, id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(Report {
                id: r.try_get(0)?,
                reporter_id: r.try_get(1)?,
                reporter: r.try_get(2)?,
                account: r.try_get(3)?,
                player: r.try_get(4)?,
                line: r.try_get(5)?,
                game: r.try_get(6)?,
                text: r.try_get(7)?,
                reason: r.try_get(8)?,
                note: r.try_get(9)?,
                at: r.try_get(10)?,
            })
        })
        .collect()
}

/// Whether `account` is a moderator.
pub async fn is_moderator(db: &Db, account: &str) -> Result<bool> {
    Ok(sqlx::query("SELECT 1 FROM moderators WHERE account = $1")
        .bind(account)
        .fetch_optional(db.pool())
        .await?
        .is_some())
}

/// Makes `account`, named `name`, a moderator (again: no change).
pub async fn grant(db: &Db, account: &str, name: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO moderators (account, name, granted) VALUES ($1, $2, $3) \
         ON CONFLICT (account) DO NOTHING",
    )
    .bind(account)
    .bind(name)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// `account` is no longer a moderator; answers whether it was.
pub async fn revoke(db: &Db, account: &str) -> Result<bool> {
    let done = sqlx::query("DELETE FROM moderators WHERE account = $1")
        .bind(account)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The moderators' account ids and names, oldest grant first.
pub async fn moderators(db: &Db) -> Result<Vec<(String, String)>> {
    let rows = sqlx::query("SELECT account, name FROM moderators ORDER BY granted, account")
        .fetch_all(db.pool())
        .await?;
    rows.iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
        .collect()
}

/// Marks `account` (moderator `by`) or unmarks it, telling the other
/// processes in the same transaction.
pub async fn mark(db: &Db, bus: &Bus, account: &str, by: &str, marked: bool) -> Result<()> {
    let mut tx = db.pool().begin().await?;
    if marked {
        sqlx::query(
            "INSERT INTO chat_marks (account, marked_by, at) VALUES ($1, $2, $3) \
             ON CONFLICT (account) DO NOTHING",
        )
        .bind(account)
        .bind(by)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    } else {
        sqlx::query("DELETE FROM chat_marks WHERE account = $1")
            .bind(account)
            .execute(&mut *tx)
            .await?;
    }
    if db.is_postgres() {
        let e = ChatEvent::Marked {
            account: account.to_string(),
            marked,
        };
        db::notify(&mut *tx, crate::events::CHANNEL, &bus.chat_payload(&e)).await?;
    }
    tx.commit().await?;
    Ok(())
}
