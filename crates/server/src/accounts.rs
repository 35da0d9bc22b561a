//! Player accounts, optional: a name and a password (argon2id, the
//! `argon2` crate's recommended parameters), sessions kept in the
//! `tablero_session` cookie, and the seats an account holds (see
//! `docs/web-api.md`, "Accounts"). Playing without an account works as
//! before: a seat's token still holds it; an account only adds the seats
//! it owns to what a request with its cookie holds.
//!
//! State-changing requests that carry the cookie (and every account
//! request) must come from the app's own pages: [`cross_site`] refuses
//! them otherwise.

use crate::error::ApiError;
use crate::hub::{random_id, Hub, HubError};
use crate::state::AppState;
use crate::store::now_ms;
use anyhow::Context;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::{FromRef, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota};
use serde::Serialize;
use sqlx::Row;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;
use tablero_core::{id, Message};

/// The session cookie's name.
pub const COOKIE: &str = "tablero_session";

/// How long a session lasts without being used (and the cookie's
/// `Max-Age`): a year.
const SESSION_LIFE: Duration = Duration::from_secs(365 * 24 * 3600);

/// A session's `last_seen` is written again once it is older than this.
const SEEN_EVERY_MS: i64 = 3600 * 1000;

/// The shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;

/// The longest password, in bytes (hashing is costly; nobody types more).
pub const MAX_PASSWORD: usize = 1024;

/// The most anonymous seat tokens a sign-up takes over.
pub const MAX_TOKENS: usize = 200;

/// The hash a login of an unknown name is checked against, so that it
/// costs what a wrong password costs: argon2id with the crate's default
/// parameters (m=19456, t=2, p=1) of a password nobody has.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$dGFibGVyb2R1bW15c2FsdA$Q0d4wDbwx8XHLHQ1Dpy0zLB6wB6I2xGjYk3dvU+4f7s";

/// The rate limits of logins and sign-ups (per address, per name).
/// (`Limits::logins_per_address`, `Limits::logins_per_name`; none: no
/// limit).
#[derive(Clone)]
pub struct AccountLimits {
    by_address: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    by_name: Option<Arc<DefaultKeyedRateLimiter<String>>>,
}

impl AccountLimits {
    /// The limits `limits` asks for.
    #[must_use]
    pub fn new(limits: &crate::Limits) -> AccountLimits {
        fn per_minute<K: std::hash::Hash + Eq + Clone>(
            n: u32,
        ) -> Option<Arc<DefaultKeyedRateLimiter<K>>> {
            NonZeroU32::new(n)
                .map(|n| Arc::new(DefaultKeyedRateLimiter::keyed(Quota::per_minute(n))))
        }
        AccountLimits {
            by_address: per_minute(limits.logins_per_address),
            by_name: per_minute(limits.logins_per_name),
        }
    }
}

impl FromRef<AppState> for AccountLimits {
    fn from_ref(s: &AppState) -> Self {
        s.accounts.clone()
    }
}

impl AccountLimits {
    /// Counts one attempt for `name_key` from `ip`: 429 when either is
    /// over its rate.
    ///
    /// # Errors
    /// [`ApiError::TooMany`] with the seconds to wait.
    pub fn check(&self, ip: Option<IpAddr>, name_key: &str) -> Result<(), ApiError> {
        use governor::clock::{Clock, DefaultClock};
        let now = DefaultClock::default().now();
        let mut wait = None;
        if let (Some(limiter), Some(ip)) = (&self.by_address, ip) {
            if let Err(n) = limiter.check_key(&ip) {
                wait = Some(n.wait_time_from(now));
            }
        }
        if let (Some(limiter), None) = (&self.by_name, wait) {
            if let Err(n) = limiter.check_key(&name_key.to_string()) {
                wait = Some(n.wait_time_from(now));
            }
        }
        match wait {
            None => Ok(()),
            Some(w) => {
                let seconds = w.as_secs() + 1;
                Err(ApiError::TooMany {
                    message: Message::of(id!("api_too_many_requests")).num("seconds", seconds),
                    seconds,
                })
            }
        }
    }

    /// Forgets the keys whose limit has refilled (memory stays bounded).
    pub fn retain_recent(&self) {
        if let Some(l) = &self.by_address {
            l.retain_recent();
        }
        if let Some(l) = &self.by_name {
            l.retain_recent();
        }
    }
}

/// The client's address for the login limits: the connection's peer, or,
/// when that is this machine (a reverse proxy in front, as
/// `deploy/nginx.conf`), the last address of `X-Forwarded-For` (the one
/// the proxy saw). A remote client cannot choose its key this way.
#[must_use]
pub fn client_address(peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
    let forwarded = || {
        headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .last()
            .and_then(|a| a.trim().parse().ok())
    };
    match peer {
        Some(ip) if ip.is_loopback() => forwarded().or(Some(ip)),
        other => other,
    }
}

/// Why a name cannot be an account's, or `None` when it can: 3 to 20
/// letters, digits, `_` or `-`, and not a computer level's or the app's
/// name.
#[must_use]
pub fn bad_name(name: &str) -> Option<Message> {
    let n = name.chars().count();
    if !(3..=20).contains(&n)
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
    {
        return Some(Message::of(id!("api_account_bad_name")).text("name", name));
    }
    if impersonates(name) {
        return Some(Message::of(id!("api_account_reserved_name")).text("name", name));
    }
    None
}

/// Whether `name` reads as the computer, one of its levels or the app
/// (any case, `_` and `-` ignored): "Computer", "ordenador", "AI", "IA",
/// "bot", "level3", "nivel-3", "tablero", "admin"...
fn impersonates(name: &str) -> bool {
    let key: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    let stem = key.trim_end_matches(|c: char| c.is_ascii_digit());
    const WORDS: [&str; 12] = [
        "computer",
        "computadora",
        "ordenador",
        "ai",
        "ia",
        "bot",
        "level",
        "nivel",
        "tablero",
        "admin",
        "system",
        "sistema",
    ];
    const PREFIXES: [&str; 4] = ["computer", "computadora", "ordenador", "tablero"];
    WORDS.contains(&stem) || PREFIXES.iter().any(|p| key.starts_with(p))
}

/// The key a name is unique by: lower-cased.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Why a new password is refused, or `None`.
#[must_use]
pub fn bad_password(password: &str) -> Option<Message> {
    if password.chars().count() < MIN_PASSWORD || password.len() > MAX_PASSWORD {
        return Some(Message::of(id!("api_account_bad_password")).num("min", MIN_PASSWORD));
    }
    None
}

/// The argon2id hash of `password` as a PHC string, on the blocking pool.
///
/// # Errors
/// When hashing fails (it does not, for passwords within the limits).
pub async fn hash(password: String) -> Result<String, ApiError> {
    let hashed = tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::thread_rng());
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await??;
    Ok(hashed)
}

/// Whether `password` matches `stored` (the dummy hash when there is no
/// account: the same work, always false), on the blocking pool.
///
/// # Errors
/// When the blocking pool fails.
pub async fn verify(stored: Option<String>, password: String) -> Result<bool, ApiError> {
    let ok = tokio::task::spawn_blocking(move || {
        let real = stored.is_some();
        let text = stored.unwrap_or_else(|| DUMMY_HASH.to_string());
        let Ok(parsed) = PasswordHash::new(&text) else {
            return false;
        };
        let matched = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        real && matched
    })
    .await?;
    Ok(ok)
}

/// An account as its owner sees it (never its hash).
#[derive(Clone, Debug, Serialize)]
pub struct AccountView {
    /// The name as chosen.
    pub name: String,
    /// When it was made (ms since 1970).
    pub created: i64,
}

/// The account holding a seat, as every viewer of the game sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// Its name; `null` once deleted.
    pub name: Option<String>,
    /// Whether it was deleted ("deleted player").
    pub deleted: bool,
}

/// The accounts holding seats 0 and 1 of game `id`.
///
/// # Errors
/// Storage failures.
pub async fn seat_players(
    store: &crate::Store,
    id: &str,
) -> anyhow::Result<[Option<PlayerView>; 2]> {
    let rows = sqlx::query(
        "SELECT s.seat, a.name, a.deleted FROM account_seats s \
         JOIN accounts a ON a.id = s.account WHERE s.game_id = $1",
    )
    .bind(id)
    .fetch_all(store.pool())
    .await
    .context("reading a game's players")?;
    let mut out = [None, None];
    for r in rows {
        let seat: i64 = r.try_get(0)?;
        let name: String = r.try_get(1)?;
        let deleted: i64 = r.try_get(2)?;
        if let Some(slot) = usize::try_from(seat).ok().and_then(|i| out.get_mut(i)) {
            *slot = Some(PlayerView {
                name: (deleted == 0).then_some(name),
                deleted: deleted != 0,
            });
        }
    }
    Ok(out)
}

/// A stored account found by name.
pub struct Found {
    /// Its id.
    pub id: String,
    /// Its view.
    pub view: AccountView,
    /// Its password's hash.
    pub hash: String,
    /// Whether its profile is shown to its owner only.
    pub private: bool,
}

/// The logged-in account of a request (`tablero_session`), if any.
#[derive(Clone, Debug)]
pub struct Session {
    /// The session's secret (the cookie's value).
    pub secret: String,
    /// The account's id.
    pub account: String,
    /// The account.
    pub view: AccountView,
}

/// The key a session is stored by: the SHA-256 of its secret, in hex (a
/// copy of the database opens no session).
fn session_key(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    format!("{:x}", Sha256::digest(secret.as_bytes()))
}

/// The `tablero_session` cookie's value, if the request has one.
#[must_use]
pub fn cookie_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// The session of `headers`' cookie, if it is a live one.
///
/// # Errors
/// Storage failures.
pub async fn session_of(hub: &Hub, headers: &HeaderMap) -> Result<Option<Session>, ApiError> {
    let Some(secret) = cookie_of(headers) else {
        return Ok(None);
    };
    if secret.len() > 100 {
        return Ok(None);
    }
    let pool = hub.store().pool();
    let now = now_ms();
    let life = i64::try_from(SESSION_LIFE.as_millis()).unwrap_or(i64::MAX);
    let row = sqlx::query(
        "SELECT a.id, a.name, a.created, s.last_seen FROM sessions s \
         JOIN accounts a ON a.id = s.account WHERE s.id = $1 AND a.deleted = 0",
    )
    .bind(session_key(&secret))
    .fetch_optional(pool)
    .await
    .context("reading a session")?;
    let Some(r) = row else {
        return Ok(None);
    };
    let (account, name, created, seen): (String, String, i64, i64) = (
        r.try_get(0).context("session")?,
        r.try_get(1).context("session")?,
        r.try_get(2).context("session")?,
        r.try_get(3).context("session")?,
    );
    if now - seen > life {
        return Ok(None);
    }
    if now - seen > SEEN_EVERY_MS {
        sqlx::query("UPDATE sessions SET last_seen = $1 WHERE id = $2")
            .bind(now)
            .bind(session_key(&secret))
            .execute(pool)
            .await
            .context("touching a session")?;
    }
    Ok(Some(Session {
        secret,
        account,
        view: AccountView { name, created },
    }))
}

/// The request's session, if it has a live one (an extractor; storage
/// failures are 503/500 as elsewhere).
pub struct MaybeSession(pub Option<Session>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeSession
where
    Arc<Hub>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let hub = Arc::<Hub>::from_ref(state);
        Ok(MaybeSession(session_of(&hub, &parts.headers).await?))
    }
}

/// The account named `key` (lower-cased), if it lives.
///
/// # Errors
/// Storage failures.
pub async fn find(hub: &Hub, key: &str) -> Result<Option<Found>, ApiError> {
    let row = sqlx::query(
        "SELECT id, name, created, hash, private FROM accounts \
         WHERE name_key = $1 AND deleted = 0",
    )
    .bind(key)
    .fetch_optional(hub.store().pool())
    .await
    .context("reading an account")?;
    let Some(r) = row else {
        return Ok(None);
    };
    Ok(Some(Found {
        id: r.try_get(0).context("account")?,
        view: AccountView {
            name: r.try_get(1).context("account")?,
            created: r.try_get(2).context("account")?,
        },
        hash: r.try_get(3).context("account")?,
        private: r.try_get::<i64, _>(4).context("account")? != 0,
    }))
}

/// The hash of account `id`'s password.
///
/// # Errors
/// Storage failures.
pub async fn hash_of(hub: &Hub, id: &str) -> Result<Option<String>, ApiError> {
    let row = sqlx::query("SELECT hash FROM accounts WHERE id = $1 AND deleted = 0")
        .bind(id)
        .fetch_optional(hub.store().pool())
        .await
        .context("reading an account")?;
    Ok(match row {
        Some(r) => Some(r.try_get(0).context("account")?),
        None => None,
    })
}

/// Makes an account; `None` when the name is taken.
///
/// # Errors
/// Storage failures.
pub async fn create(hub: &Hub, name: &str, hash: &str) -> Result<Option<Found>, ApiError> {
    let id = random_id(16);
    let created = now_ms();
    let done = sqlx::query(
        "INSERT INTO accounts (id, name, name_key, hash, created, deleted) \
         VALUES ($1, $2, $3, $4, $5, 0)",
    )
    .bind(&id)
    .bind(name)
    .bind(name_key(name))
    .bind(hash)
    .bind(created)
    .execute(hub.store().pool())
    .await;
    match done {
        Ok(_) => Ok(Some(Found {
            id,
            view: AccountView {
                name: name.to_string(),
                created,
            },
            hash: hash.to_string(),
            private: false,
        })),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(None),
        Err(e) => Err(anyhow::Error::from(e).context("creating an account").into()),
    }
}

/// A new session of `account`: its secret (48 letters and digits).
///
/// # Errors
/// Storage failures.
pub async fn open_session(hub: &Hub, account: &str) -> Result<String, ApiError> {
    let secret = random_id(48);
    let now = now_ms();
    sqlx::query("INSERT INTO sessions (id, account, created, last_seen) VALUES ($1, $2, $3, $3)")
        .bind(session_key(&secret))
        .bind(account)
        .bind(now)
        .execute(hub.store().pool())
        .await
        .context("opening a session")?;
    Ok(secret)
}

/// Ends the session `secret`.
///
/// # Errors
/// Storage failures.
pub async fn close_session(hub: &Hub, secret: &str) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(session_key(secret))
        .execute(hub.store().pool())
        .await
        .context("closing a session")?;
    Ok(())
}

/// Ends every session of `account` but `keep`.
///
/// # Errors
/// Storage failures.
pub async fn close_sessions(hub: &Hub, account: &str, keep: Option<&str>) -> Result<(), ApiError> {
    sqlx::query("DELETE FROM sessions WHERE account = $1 AND id <> $2")
        .bind(account)
        .bind(keep.map(session_key).unwrap_or_default())
        .execute(hub.store().pool())
        .await
        .context("closing sessions")?;
    Ok(())
}

/// Stores a new hash for `account`.
///
/// # Errors
/// Storage failures.
pub async fn set_hash(hub: &Hub, account: &str, hash: &str) -> Result<(), ApiError> {
    sqlx::query("UPDATE accounts SET hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(account)
        .execute(hub.store().pool())
        .await
        .context("changing a password")?;
    Ok(())
}

/// Deletes `account`: its name is freed and forgotten, its hash and
/// sessions are gone, the row stays (its seats show a deleted player) and
/// so do its games; their tokens keep working.
///
/// # Errors
/// Storage failures.
pub async fn delete(hub: &Arc<Hub>, account: &str) -> Result<(), ApiError> {
    let pool = hub.store().pool();
    let games: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT game_id FROM account_seats WHERE account = $1")
            .bind(account)
            .fetch_all(pool)
            .await
            .context("reading an account's games")?;
    sqlx::query(
        "UPDATE accounts SET deleted = 1, name = '', name_key = NULL, hash = '' WHERE id = $1",
    )
    .bind(account)
    .execute(pool)
    .await
    .context("deleting an account")?;
    close_sessions(hub, account, None).await?;
    hub.players_changed_everywhere(&games).await?;
    Ok(())
}

/// Gives `account` the seats of `tokens` that no account holds yet (a
/// token of no game is skipped); the games' viewers see it.
///
/// # Errors
/// Storage failures.
pub async fn take_seats<'a>(
    hub: &Arc<Hub>,
    account: &str,
    tokens: impl IntoIterator<Item = &'a String>,
) -> Result<(), ApiError> {
    take_seats_in(hub, account, None, tokens).await
}

/// Like [`take_seats`], only the seats of game `only` where it is given.
///
/// # Errors
/// Storage failures.
pub async fn take_seats_in<'a>(
    hub: &Arc<Hub>,
    account: &str,
    only: Option<&str>,
    tokens: impl IntoIterator<Item = &'a String>,
) -> Result<(), ApiError> {
    let pool = hub.store().pool();
    let mut games = Vec::new();
    for t in tokens {
        let rows = match only {
            Some(game) => sqlx::query(
                "SELECT id, seat0_token FROM games \
                 WHERE (seat0_token = $1 OR seat1_token = $1) AND id = $2",
            )
            .bind(t)
            .bind(game),
            None => sqlx::query(
                "SELECT id, seat0_token FROM games WHERE seat0_token = $1 OR seat1_token = $1",
            )
            .bind(t),
        }
        .fetch_all(pool)
        .await
        .context("finding a token's game")?;
        for r in rows {
            let game: String = r.try_get(0).context("game")?;
            let seat0: Option<String> = r.try_get(1).context("game")?;
            let seat = i64::from(seat0.as_ref() != Some(t));
            let done = sqlx::query(
                "INSERT INTO account_seats (token, account, game_id, seat) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (token) DO NOTHING",
            )
            .bind(t)
            .bind(account)
            .bind(&game)
            .bind(seat)
            .execute(pool)
            .await
            .context("giving a seat to an account")?;
            if done.rows_affected() > 0 && !games.contains(&game) {
                games.push(game);
            }
        }
    }
    hub.players_changed_everywhere(&games).await?;
    Ok(())
}

/// The tokens of the seats `account` holds in game `game`.
///
/// # Errors
/// Storage failures.
pub async fn seat_tokens(hub: &Hub, account: &str, game: &str) -> Result<Vec<String>, ApiError> {
    let rows = sqlx::query("SELECT token FROM account_seats WHERE account = $1 AND game_id = $2")
        .bind(account)
        .bind(game)
        .fetch_all(hub.store().pool())
        .await
        .context("reading an account's seats")?;
    rows.iter()
        .map(|r| r.try_get(0).context("seat").map_err(ApiError::from))
        .collect()
}

/// The tokens of the seats `account` holds, the most recently taken
/// first (at most `limit`).
///
/// # Errors
/// Storage failures.
pub async fn all_seat_tokens(
    hub: &Hub,
    account: &str,
    limit: i64,
) -> Result<Vec<String>, ApiError> {
    let rows = sqlx::query(
        "SELECT s.token FROM account_seats s JOIN games g ON g.id = s.game_id \
         WHERE s.account = $1 ORDER BY g.updated DESC LIMIT $2",
    )
    .bind(account)
    .bind(limit)
    .fetch_all(hub.store().pool())
    .await
    .context("reading an account's seats")?;
    rows.iter()
        .map(|r| r.try_get(0).context("seat").map_err(ApiError::from))
        .collect()
}

/// Whether the request came over HTTPS (`X-Forwarded-Proto: https` from a
/// proxy, or an `https` URI).
#[must_use]
pub fn over_https(headers: &HeaderMap, uri: &Uri) -> bool {
    uri.scheme_str() == Some("https")
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').next().unwrap_or("").trim() == "https")
}

/// The `Set-Cookie` value that opens `secret`'s session (empty: ends it).
#[must_use]
pub fn set_cookie(secret: &str, https: bool) -> HeaderValue {
    let age = if secret.is_empty() {
        0
    } else {
        SESSION_LIFE.as_secs()
    };
    let secure = if https { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{COOKIE}={secret}; Max-Age={age}; Path=/; HttpOnly; SameSite=Lax{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("tablero_session=; Max-Age=0; Path=/"))
}

/// The host part (`host[:port]`) of an origin or URL, lower-cased.
fn authority(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let auth = &rest[..end];
    let auth = auth.rsplit_once('@').map_or(auth, |(_, a)| a);
    (!auth.is_empty()).then(|| auth.to_ascii_lowercase())
}

/// Whether the request comes from a page of this server: its `Origin`
/// (or, lacking one, its `Referer`) names the `Host` it was sent to.
#[must_use]
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(host) = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(str::to_ascii_lowercase)
    else {
        return false;
    };
    let from = headers
        .get(header::ORIGIN)
        .or_else(|| headers.get(header::REFERER))
        .and_then(|v| v.to_str().ok())
        .and_then(authority);
    from.is_some_and(|a| a == host)
}

/// Middleware: a state-changing request (POST, PUT, PATCH, DELETE) that
/// carries the session cookie, or goes to `/api/account/...`, must come
/// from this server's pages ([`same_origin`]); otherwise 403
/// `api_cross_site`.
pub(crate) async fn cross_site(req: Request, next: Next) -> Response {
    let changes = ![Method::GET, Method::HEAD, Method::OPTIONS].contains(req.method());
    let guarded =
        cookie_of(req.headers()).is_some() || req.uri().path().starts_with("/api/account");
    if changes && guarded && !same_origin(req.headers()) {
        return ApiError::Hub(HubError::NotYours(Message::of(id!("api_cross_site"))))
            .into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for ok in [
            "ana", "Bob_99", "el-gato", "Ñandú", "levante", "aitor", "botella",
        ] {
            assert!(bad_name(ok).is_none(), "{ok}");
        }
        for bad in ["ab", "a b", "x".repeat(21).as_str(), "semi;colon", ""] {
            assert_eq!(bad_name(bad).unwrap().id(), "api_account_bad_name", "{bad}");
        }
        for kept in [
            "Computer",
            "AI_3",
            "ia-1",
            "level3",
            "level_3",
            "Nivel-3",
            "tablero",
            "Tablero_fan",
            "computer5",
            "ordenador",
            "bot",
            "Admin",
            "level",
        ] {
            assert_eq!(
                bad_name(kept).unwrap().id(),
                "api_account_reserved_name",
                "{kept}"
            );
        }
    }

    #[test]
    fn the_dummy_hash_is_argon2id_with_the_default_parameters() {
        let h = PasswordHash::new(DUMMY_HASH).unwrap();
        assert_eq!(h.algorithm.as_str(), "argon2id");
        let p = argon2::Params::try_from(&h).unwrap();
        let d = argon2::Params::default();
        assert_eq!(
            (p.m_cost(), p.t_cost(), p.p_cost()),
            (d.m_cost(), d.t_cost(), d.p_cost())
        );
    }

    #[test]
    fn origins() {
        let h = |pairs: &[(&str, &str)]| {
            let mut m = HeaderMap::new();
            for (k, v) in pairs {
                m.insert(
                    header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                    HeaderValue::from_str(v).unwrap(),
                );
            }
            m
        };
        assert!(same_origin(&h(&[
            ("host", "a.example:8080"),
            ("origin", "http://A.example:8080")
        ])));
        assert!(same_origin(&h(&[
            ("host", "a.example"),
            ("referer", "https://a.example/play/x")
        ])));
        assert!(!same_origin(&h(&[
            ("host", "a.example"),
            ("origin", "https://evil.example")
        ])));
        assert!(!same_origin(&h(&[
            ("host", "a.example"),
            ("origin", "null")
        ])));
        assert!(!same_origin(&h(&[("host", "a.example")])));
        assert!(!same_origin(&h(&[
            ("host", "a.example"),
            ("origin", "http://a.example.evil")
        ])));
    }
}
