//! The seeks' table (migration `0005_seeks.sql`), in the games' database
//! through the same pool and `$N` placeholders (SQLite and PostgreSQL).

use crate::db::Result;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

/// The PostgreSQL channel that says the lobby changed (no payload).
pub const CHANNEL: &str = "tablero_lobby";

/// A seek as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Its id (in the routes).
    pub id: String,
    /// The owner's secret.
    pub secret: String,
    /// The game's name.
    pub game: String,
    /// The variant's text, as the game's table writes it.
    pub variant: String,
    /// The time control (`5+3`, `3d`), none for an untimed game.
    pub clock: Option<String>,
    /// The side the owner asked for: `first`, `second` or `random`.
    pub colour: String,
    /// Posted, ms since 1970.
    pub created: i64,
    /// The owner's last heartbeat, ms since 1970.
    pub alive: i64,
    /// The game it became, once taken.
    pub game_id: Option<String>,
    /// The owner's seat in that game.
    pub owner_seat: Option<i64>,
    /// The owner's seat token, once the game exists.
    pub owner_token: Option<String>,
    /// When it was taken, ms since 1970.
    pub taken: Option<i64>,
    /// The poster's account (a rated seek's).
    pub account: Option<String>,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The poster's account, when posted logged in (casual seeks too).
    pub poster: Option<String>,
    /// The poster's name.
    pub poster_name: Option<String>,
    /// The poster's rating in the seek's pool when posted.
    pub poster_rating: Option<i64>,
    /// Whether that rating is provisional.
    pub poster_provisional: bool,
    /// The client that posted it: `a:ACCOUNT`, else `ip:ADDRESS`.
    pub client: Option<String>,
    /// The lowest rating a taker may have.
    pub min_rating: Option<i64>,
    /// The highest rating a taker may have.
    pub max_rating: Option<i64>,
}

const COLUMNS: &str =
    "id, secret, game, variant, clock, colour, created, alive, game_id, owner_seat, owner_token, taken, \
     account, rated, poster, poster_name, poster_rating, poster_provisional, client, min_rating, \
     max_rating";

fn seek_row(r: &AnyRow) -> Result<SeekRow> {
    Ok(SeekRow {
        id: r.try_get(0)?,
        secret: r.try_get(1)?,
        game: r.try_get(2)?,
        variant: r.try_get(3)?,
        clock: r.try_get(4)?,
        colour: r.try_get(5)?,
        created: r.try_get(6)?,
        alive: r.try_get(7)?,
        game_id: r.try_get(8)?,
        owner_seat: r.try_get(9)?,
        owner_token: r.try_get(10)?,
        taken: r.try_get(11)?,
        account: r.try_get(12)?,
        rated: r.try_get::<i64, _>(13)? != 0,
        poster: r.try_get(14)?,
        poster_name: r.try_get(15)?,
        poster_rating: r.try_get(16)?,
        poster_provisional: r.try_get::<Option<i64>, _>(17)?.unwrap_or(0) != 0,
        client: r.try_get(18)?,
        min_rating: r.try_get(19)?,
        max_rating: r.try_get(20)?,
    })
}

/// Stores a new seek.
pub async fn insert(pool: &AnyPool, s: &SeekRow) -> Result<()> {
    sqlx::query(&format!(
        "INSERT INTO seeks ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
         $13, $14, $15, $16, $17, $18, $19, $20, $21)"
    ))
    .bind(&s.id)
    .bind(&s.secret)
    .bind(&s.game)
    .bind(&s.variant)
    .bind(&s.clock)
    .bind(&s.colour)
    .bind(s.created)
    .bind(s.alive)
    .bind(&s.game_id)
    .bind(s.owner_seat)
    .bind(&s.owner_token)
    .bind(s.taken)
    .bind(&s.account)
    .bind(i64::from(s.rated))
    .bind(&s.poster)
    .bind(&s.poster_name)
    .bind(s.poster_rating)
    .bind(i64::from(s.poster_provisional))
    .bind(&s.client)
    .bind(s.min_rating)
    .bind(s.max_rating)
    .execute(pool)
    .await?;
    Ok(())
}

/// The open seeks heard of since `since` (ms), oldest first, at most `limit`.
pub async fn open(pool: &AnyPool, since: i64, limit: i64) -> Result<Vec<SeekRow>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM seeks WHERE game_id IS NULL AND alive >= $1 \
         ORDER BY created, id LIMIT $2"
    ))
    .bind(since)
    .bind(limit)
    .fetch_all(pool)
    .await?
    .iter()
    .map(seek_row)
    .collect()
}

/// The open seeks heard of since `since` that fit `game`, `variant`,
/// `clock` and `rated`, oldest first, at most `limit` ("play now" looks
/// among these, not among the first of all seeks).
pub async fn open_fitting(
    pool: &AnyPool,
    (game, variant, clock, rated): (&str, &str, Option<&str>, bool),
    since: i64,
    limit: i64,
) -> Result<Vec<SeekRow>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM seeks WHERE game_id IS NULL AND alive >= $1 AND game = $2 \
         AND variant = $3 AND COALESCE(clock, '') = $4 AND rated = $5 \
         ORDER BY created, id LIMIT $6"
    ))
    .bind(since)
    .bind(game)
    .bind(variant)
    .bind(clock.unwrap_or(""))
    .bind(i64::from(rated))
    .bind(limit)
    .fetch_all(pool)
    .await?
    .iter()
    .map(seek_row)
    .collect()
}

/// How many open seeks heard of since `since` the client `client` posted.
pub async fn open_of_client(pool: &AnyPool, client: &str, since: i64) -> Result<i64> {
    let r = sqlx::query(
        "SELECT COUNT(*) FROM seeks WHERE client = $1 AND game_id IS NULL AND alive >= $2",
    )
    .bind(client)
    .bind(since)
    .fetch_one(pool)
    .await?;
    Ok(r.try_get(0)?)
}

/// The seek `id`.
pub async fn get(pool: &AnyPool, id: &str) -> Result<Option<SeekRow>> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM seeks WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
        .as_ref()
        .map(seek_row)
        .transpose()
}

/// The seek whose owner's secret is `secret`.
pub async fn by_secret(pool: &AnyPool, secret: &str) -> Result<Option<SeekRow>> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM seeks WHERE secret = $1"))
        .bind(secret)
        .fetch_optional(pool)
        .await?
        .as_ref()
        .map(seek_row)
        .transpose()
}

/// Deletes the open seek `id` if `secret` is its owner's; whether it did.
pub async fn cancel(pool: &AnyPool, id: &str, secret: &str) -> Result<bool> {
    let done = sqlx::query("DELETE FROM seeks WHERE id = $1 AND secret = $2 AND game_id IS NULL")
        .bind(id)
        .bind(secret)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Takes the seek `id` for the game `game_id`, the owner in `owner_seat`,
/// if it is still open and heard of since `since` (compare and set: of two
/// takers, one gets `true`).
pub async fn claim(
    pool: &AnyPool,
    id: &str,
    game_id: &str,
    owner_seat: i64,
    now: i64,
    since: i64,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE seeks SET game_id = $1, owner_seat = $2, taken = $3 \
         WHERE id = $4 AND game_id IS NULL AND alive >= $5",
    )
    .bind(game_id)
    .bind(owner_seat)
    .bind(now)
    .bind(id)
    .bind(since)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Opens again a seek claimed for `game_id` whose game could not be made.
pub async fn unclaim(pool: &AnyPool, id: &str, game_id: &str) -> Result<()> {
    sqlx::query(
        "UPDATE seeks SET game_id = NULL, owner_seat = NULL, taken = NULL \
         WHERE id = $1 AND game_id = $2 AND owner_token IS NULL",
    )
    .bind(id)
    .bind(game_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// Stores the owner's token of the game its taken seek became.
pub async fn set_owner_token(pool: &AnyPool, id: &str, token: &str) -> Result<()> {
    sqlx::query("UPDATE seeks SET owner_token = $1 WHERE id = $2")
        .bind(token)
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Marks the open seeks `ids` as heard of at `now`, those heard of since
/// `since` (a lapsed seek stays lapsed).
pub async fn heartbeat(pool: &AnyPool, ids: &[String], now: i64, since: i64) -> Result<()> {
    for id in ids {
        sqlx::query(
            "UPDATE seeks SET alive = $1 WHERE id = $2 AND game_id IS NULL AND alive >= $3",
        )
        .bind(now)
        .bind(id)
        .bind(since)
        .execute(pool)
        .await?;
    }
    Ok(())
}

/// Deletes the seeks unheard of since `before` (ms) and still open, and
/// those taken before it.
pub async fn purge(pool: &AnyPool, before: i64) -> Result<()> {
    sqlx::query(
        "DELETE FROM seeks WHERE (game_id IS NULL AND alive < $1) OR (taken IS NOT NULL AND taken < $1)",
    )
    .bind(before)
    .execute(pool)
    .await?;
    Ok(())
}

/// Tells the other processes (PostgreSQL) that the lobby changed.
pub async fn notify(pool: &AnyPool) -> Result<()> {
    sqlx::query("SELECT pg_notify($1, '')")
        .bind(CHANNEL)
        .execute(pool)
        .await?;
    Ok(())
}
