//! The extractors the routes share: [`AppJson`] (a JSON body, refused with
//! the API's own error), [`Actor`] (the seats a request's tokens hold) and
//! [`Peer`] (the client's address). Extractors only read: none writes to
//! the store.

use super::error::{is_json, json_problem, ApiError, BodyError};
use super::session;
use crate::accounts::Accounts;
use crate::games::Actor;
use axum::extract::{FromRef, FromRequest, FromRequestParts, Request};
use axum::http::header;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use std::net::IpAddr;
use tablero_core::{id, Message};

/// The largest request body accepted, and the largest WebSocket message.
pub const MAX_BODY: usize = 16 * 1024;

/// The most tokens a request's `Authorization` may carry.
const MAX_TOKENS: usize = 8;

/// A JSON body, read whole and parsed into `T`: 413 over [`MAX_BODY`],
/// 408 when it stalls, 415 when it comes with a Content-Type that is not
/// JSON (no Content-Type is taken as JSON), 400 with serde's reason when
/// it is not a `T`. An empty body is read as `{}`.
pub struct AppJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for AppJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _state: &S) -> Result<Self, ApiError> {
        let json_type = req.headers().get(header::CONTENT_TYPE).is_none_or(is_json);
        let bytes = axum::body::to_bytes(req.into_body(), MAX_BODY)
            .await
            .map_err(|e| ApiError::Body(body_error(&e)))?;
        if !bytes.is_empty() && !json_type {
            return Err(ApiError::Body(BodyError::NotJson));
        }
        parse(&bytes).map(AppJson)
    }
}

/// Reads a JSON body, refusing it with serde's reason when it is wrong,
/// and before that a body that is JSON but not an object (`[]` would read
/// as a struct's fields in order) or holds a NUL character (U+0000, which
/// PostgreSQL cannot store in text).
fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    if let Ok(value) = serde_json::from_slice::<serde_json::Value>(body) {
        if !value.is_object() {
            return Err(ApiError::Invalid(Message::of(id!("api_body_not_object"))));
        }
        if has_nul(&value) {
            return Err(nul_refused());
        }
    }
    if body.is_empty() {
        return serde_json::from_slice(b"{}").map_err(|e| {
            ApiError::Invalid(
                Message::of(id!("api_needs_json_body")).msg("error", json_problem(&e)),
            )
        });
    }
    serde_json::from_slice(body).map_err(|e| {
        ApiError::Invalid(Message::of(id!("api_bad_json")).msg("error", json_problem(&e)))
    })
}

/// Whether a string or key of `value` holds a NUL character.
fn has_nul(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::String(t) => t.contains('\0'),
        serde_json::Value::Array(items) => items.iter().any(has_nul),
        serde_json::Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || has_nul(v)),
        _ => false,
    }
}

/// The refusal of a request holding a NUL character.
fn nul_refused() -> ApiError {
    ApiError::Invalid(Message::of(id!("api_nul_byte")))
}

/// Refuses (400) a request whose path or query holds a NUL character
/// (`%00`), before any handler reads it: no id, token, name or parameter
/// with one reaches the database (a header cannot carry one; a JSON
/// body's are refused by [`AppJson`]).
pub async fn refuse_nul(req: Request, next: axum::middleware::Next) -> axum::response::Response {
    let uri = req.uri();
    let nul = |part: &str| part.as_bytes().windows(3).any(|w| w == b"%00") || part.contains('\0');
    if nul(uri.path()) || uri.query().is_some_and(nul) {
        return axum::response::IntoResponse::into_response(nul_refused());
    }
    next.run(req).await
}

/// Why a body could not be read.
fn body_error(e: &(dyn std::error::Error + 'static)) -> BodyError {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if c.is::<http_body_util::LengthLimitError>() {
            return BodyError::TooLarge;
        }
        if c.is::<tower_http::timeout::TimeoutError>() {
            return BodyError::TooSlow;
        }
        cause = c.source();
    }
    BodyError::Unreadable
}

/// The seats of `Authorization: Bearer T1,T2` (at most eight tokens; none
/// without the header: a spectator), and, on a game's routes
/// (`/api/games/{id}/...`), those its account holds in that game when the
/// request has a live session cookie. A socket's upgrade counts the cookie
/// only from this server's own pages (the other state-changing requests
/// are checked by [`session::cross_site`]). It only reads: a token the
/// account does not hold stays the browser's (a seat becomes an account's
/// by an explicit claim, `POST /api/games/{id}/seats/{seat}/claim`).
impl<S: Send + Sync> FromRequestParts<S> for Actor
where
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let mut list: Vec<String> = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|v| {
                v.split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .take(MAX_TOKENS)
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_default();
        let game = parts
            .uri
            .path()
            .strip_prefix("/api/games/")
            .and_then(|rest| rest.split('/').next())
            .filter(|id| !id.is_empty())
            .map(String::from);
        let upgrade = parts.headers.contains_key(header::UPGRADE);
        if let Some(game) = game {
            if session::cookie_of(&parts.headers).is_some()
                && (!upgrade || session::same_origin(&parts.headers))
            {
                let accounts = Accounts::from_ref(state);
                if let Some(s) = session::session_of(&accounts, &parts.headers).await? {
                    let mine = accounts.seat_tokens(&s.account, &game).await?;
                    for t in mine {
                        if !list.contains(&t) {
                            list.push(t);
                        }
                    }
                }
            }
        }
        Ok(Actor::Tokens(list))
    }
}

/// The client's address, when the server knows it: the key of the
/// per-client limits ([`super::client::client_address`]; behind a trusted
/// proxy, the address it forwarded).
pub struct Peer(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Peer(super::client::client_address(
            &parts.extensions,
            &parts.headers,
        )))
    }
}
