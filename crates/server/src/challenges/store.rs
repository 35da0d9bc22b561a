//! The challenges' tables (`challenges`, `challenge_settings`, migration
//! `0021_challenges.sql`).

use crate::db::{Db, Result};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Its id (in the routes).
    pub id: String,
    /// The challenger's account id.
    pub challenger: String,
    /// The challenger's name when it was made.
    pub challenger_name: String,
    /// The challenged account's id.
    pub challenged: String,
    /// The challenged account's name when it was made.
    pub challenged_name: String,
    /// The game's name.
    pub game: String,
    /// The variant's text, as the game's table writes it.
    pub variant: String,
    /// The time control, none for an untimed game.
    pub clock: Option<String>,
    /// The side the challenger asked for: `first`, `second`, `random`.
    pub colour: String,
    /// Whether the game will be rated.
    pub rated: bool,
    /// Vacation may not stop the game's clock (#49).
    pub no_vacation: bool,
    /// Made, ms since 1970.
    pub created: i64,
    /// When it expires if still open, ms since 1970.
    pub expires: i64,
    /// `open`, `accepted`, `declined`, `cancelled`.
    pub state: String,
    /// A decline's reason.
    pub reason: Option<String>,
    /// When it was accepted, declined or cancelled, ms since 1970.
    pub answered: Option<i64>,
    /// The game it became.
    pub game_id: Option<String>,
    /// The challenger's seat in that game.
    pub challenger_seat: Option<i64>,
    /// The challenger's seat token.
    pub challenger_token: Option<String>,
    /// The challenged account's seat token.
    pub challenged_token: Option<String>,
}

const COLUMNS: &str =
    "id, challenger, challenger_name, challenged, challenged_name, game, variant, \
     clock, colour, rated, created, expires, state, reason, answered, game_id, challenger_seat, \
     challenger_token, challenged_token, no_vacation";

fn row(r: &AnyRow) -> Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: r.try_get(0)?,
        challenger: r.try_get(1)?,
        challenger_name: r.try_get(2)?,
        challenged: r.try_get(3)?,
        challenged_name: r.try_get(4)?,
        game: r.try_get(5)?,
        variant: r.try_get(6)?,
        clock: r.try_get(7)?,
        colour: r.try_get(8)?,
        rated: r.try_get::<i64, _>(9)? != 0,
        created: r.try_get(10)?,
        expires: r.try_get(11)?,
        state: r.try_get(12)?,
        reason: r.try_get(13)?,
        answered: r.try_get(14)?,
        game_id: r.try_get(15)?,
        challenger_seat: r.try_get(16)?,
        challenger_token: r.try_get(17)?,
        challenged_token: r.try_get(18)?,
        no_vacation: r.try_get::<i64, _>(19)? != 0,
    })
}

/// Stores a new challenge.
pub async fn insert(db: &Db, c: &ChallengeRow) -> Result<()> {
    sqlx::query(&format!(
        "INSERT INTO challenges ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
         $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)"
    ))
    .bind(&c.id)
    .bind(&c.challenger)
    .bind(&c.challenger_name)
    .bind(&c.challenged)
    .bind(&c.challenged_name)
    .bind(&c.game)
    .bind(&c.variant)
    .bind(&c.clock)
    .bind(&c.colour)
    .bind(i64::from(c.rated))
    .bind(c.created)
    .bind(c.expires)
    .bind(&c.state)
    .bind(&c.reason)
    .bind(c.answered)
    .bind(&c.game_id)
    .bind(c.challenger_seat)
    .bind(&c.challenger_token)
    .bind(&c.challenged_token)
    .bind(i64::from(c.no_vacation))
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The challenge `id`.
pub async fn get(db: &Db, id: &str) -> Result<Option<ChallengeRow>> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM challenges WHERE id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?
        .as_ref()
        .map(row)
        .transpose()
}

/// How many challenges `challenger` has open (not expired at `now`), and
/// how many of them are to `challenged`.
pub async fn open_from(
    db: &Db,
    challenger: &str,
    challenged: &str,
    now: i64,
) -> Result<(i64, i64)> {
    let r = sqlx::query(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN challenged = $2 THEN 1 ELSE 0 END), 0) \
         FROM challenges WHERE challenger = $1 AND state = 'open' AND expires > $3",
    )
    .bind(challenger)
    .bind(challenged)
    .bind(now)
    .fetch_one(db.pool())
    .await?;
    Ok((r.try_get(0)?, r.try_get(1)?))
}

/// How many challenges `challenger` made since `since`.
pub async fn made_since(db: &Db, challenger: &str, since: i64) -> Result<i64> {
    let r = sqlx::query("SELECT COUNT(*) FROM challenges WHERE challenger = $1 AND created >= $2")
        .bind(challenger)
        .bind(since)
        .fetch_one(db.pool())
        .await?;
    Ok(r.try_get(0)?)
}

/// The challenges made or answered since `since` where `account` is one
/// side, newest first (at most `limit`).
pub async fn of_account(
    db: &Db,
    account: &str,
    since: i64,
    limit: i64,
) -> Result<Vec<ChallengeRow>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM challenges WHERE (challenger = $1 OR challenged = $1) \
         AND (created >= $2 OR answered >= $2 OR (state = 'open' AND expires >= $2)) \
         ORDER BY created DESC, id LIMIT $3"
    ))
    .bind(account)
    .bind(since)
    .bind(limit)
    .fetch_all(db.pool())
    .await?
    .iter()
    .map(row)
    .collect()
}

/// Answers the open challenge `id` (not expired at `now`): `state`
/// (`declined`, `cancelled`) with `reason`; whether it did (compare and
/// set).
pub async fn answer(
    db: &Db,
    id: &str,
    state: &str,
    reason: Option<&str>,
    now: i64,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE challenges SET state = $1, reason = $2, answered = $3 \
         WHERE id = $4 AND state = 'open' AND expires > $3",
    )
    .bind(state)
    .bind(reason)
    .bind(now)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Claims the open challenge `id` (not expired at `now`) for the game
/// `game_id`, the challenger in `seat`; of two at once, one gets `true`.
pub async fn claim(db: &Db, id: &str, game_id: &str, seat: i64, now: i64) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE challenges SET state = 'accepted', answered = $1, game_id = $2, \
         challenger_seat = $3 WHERE id = $4 AND state = 'open' AND expires > $1",
    )
    .bind(now)
    .bind(game_id)
    .bind(seat)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Opens again the challenge claimed for `game_id` whose game could not
/// be made.
pub async fn unclaim(db: &Db, id: &str, game_id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE challenges SET state = 'open', answered = NULL, game_id = NULL, \
         challenger_seat = NULL WHERE id = $1 AND game_id = $2 AND challenger_token IS NULL",
    )
    .bind(id)
    .bind(game_id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Stores the two seats' tokens of the game challenge `id` became.
pub async fn set_tokens(db: &Db, id: &str, challenger: &str, challenged: &str) -> Result<()> {
    sqlx::query("UPDATE challenges SET challenger_token = $1, challenged_token = $2 WHERE id = $3")
        .bind(challenger)
        .bind(challenged)
        .bind(id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Who may challenge `account`: `everyone`, `following` or `nobody`.
pub async fn who(db: &Db, account: &str) -> Result<String> {
    let r = sqlx::query("SELECT who FROM challenge_settings WHERE account = $1")
        .bind(account)
        .fetch_optional(db.pool())
        .await?;
    match r {
        Some(r) => Ok(r.try_get(0)?),
        None => Ok("everyone".into()),
    }
}

/// Sets who may challenge `account`.
pub async fn set_who(db: &Db, account: &str, who: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO challenge_settings (account, who) VALUES ($1, $2) \
         ON CONFLICT (account) DO UPDATE SET who = $2",
    )
    .bind(account)
    .bind(who)
    .execute(db.pool())
    .await?;
    Ok(())
}
