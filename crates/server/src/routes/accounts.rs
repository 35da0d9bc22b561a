//! The accounts concern's routes: `POST /api/account/signup`, `/login`,
//! `/logout`, `/logout-all`, `/password`, `/delete`, `/private` and
//! `GET /api/account` (see `crate::accounts` and `docs/web-api.md`,
//! "Accounts"). No answer carries a password's hash.

use super::http::error::ApiError;
use super::http::extract::{AppJson, Peer};
use super::http::session::{over_https, set_cookie, MaybeSession};
use crate::accounts::{AccountView, Accounts, Session};
use axum::extract::State;
use axum::http::{header, HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use tablero_core::{id, Message};

type Answer = Result<Response, ApiError>;

/// The answer `{"account": ...}` with the session cookie set to `secret`
/// (empty: cleared).
fn answer(account: Option<&AccountView>, secret: &str, https: bool) -> Response {
    let mut r = Json(json!({ "account": account })).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, set_cookie(secret, https));
    r
}

/// The logged-in session, or 401.
fn needed(s: Option<Session>) -> Result<Session, ApiError> {
    s.ok_or_else(|| ApiError::Unauthorized(Message::of(id!("api_not_logged_in"))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SignupBody {
    name: String,
    password: String,
    #[serde(default)]
    tokens: Vec<String>,
}

/// `POST /api/account/signup`: `{name, password, tokens?}`: a new account,
/// logged in at once; the seats of `tokens` (this browser's anonymous
/// seats) become its own.
pub(super) async fn signup(
    State(accounts): State<Accounts>,
    Peer(ip): Peer,
    MaybeSession(held): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
    AppJson(b): AppJson<SignupBody>,
) -> Answer {
    let previous = held.as_ref().map(|s| s.secret.as_str());
    let (view, secret) = accounts
        .sign_up(ip, &b.name, b.password, &b.tokens, previous)
        .await?;
    Ok(answer(Some(&view), &secret, over_https(&headers, &uri)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LoginBody {
    name: String,
    password: String,
}

/// `POST /api/account/login`: `{name, password}`. An unknown name and a
/// wrong password get the same answer after the same work. A session the
/// browser held ends when the login succeeds.
pub(super) async fn login(
    State(accounts): State<Accounts>,
    Peer(ip): Peer,
    MaybeSession(held): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
    AppJson(b): AppJson<LoginBody>,
) -> Answer {
    let previous = held.as_ref().map(|s| s.secret.as_str());
    let (view, secret) = accounts.log_in(ip, &b.name, b.password, previous).await?;
    Ok(answer(Some(&view), &secret, over_https(&headers, &uri)))
}

/// `GET /api/account`: who is logged in, or 401.
pub(super) async fn me(MaybeSession(s): MaybeSession) -> Answer {
    let s = needed(s)?;
    Ok(Json(json!({ "account": s.view })).into_response())
}

/// `POST /api/account/logout`: ends this session (and clears the cookie;
/// without a session it only clears it).
pub(super) async fn logout(
    State(accounts): State<Accounts>,
    MaybeSession(s): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
) -> Answer {
    if let Some(s) = s {
        accounts.log_out(&s.secret).await?;
    }
    Ok(answer(None, "", over_https(&headers, &uri)))
}

/// `POST /api/account/logout-all`: ends every session of the account.
pub(super) async fn logout_all(
    State(accounts): State<Accounts>,
    MaybeSession(s): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
) -> Answer {
    let s = needed(s)?;
    accounts.log_out_all(&s.account, None).await?;
    Ok(answer(None, "", over_https(&headers, &uri)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PasswordBody {
    old: String,
    new: String,
}

/// `POST /api/account/password`: `{old, new}`; every session of the
/// account ends, and the asker gets a new one (a new cookie).
pub(super) async fn password(
    State(accounts): State<Accounts>,
    MaybeSession(s): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
    AppJson(b): AppJson<PasswordBody>,
) -> Answer {
    let s = needed(s)?;
    let secret = accounts.change_password(&s, b.old, b.new).await?;
    Ok(answer(Some(&s.view), &secret, over_https(&headers, &uri)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DeleteBody {
    password: String,
}

/// `POST /api/account/delete`: `{password}`: the account is gone (its
/// games stay, its seats show a deleted player); logged out everywhere.
pub(super) async fn delete(
    State(accounts): State<Accounts>,
    MaybeSession(s): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
    AppJson(b): AppJson<DeleteBody>,
) -> Answer {
    let s = needed(s)?;
    accounts.delete(&s, b.password).await?;
    Ok(answer(None, "", over_https(&headers, &uri)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PrivateBody {
    private: bool,
}

/// `POST /api/account/private`: `{private}`: the profile is shown to its
/// owner only (or to everyone again); its games' spectators see the change.
pub(super) async fn set_private(
    State(accounts): State<Accounts>,
    State(players): State<crate::players::Players>,
    MaybeSession(s): MaybeSession,
    AppJson(b): AppJson<PrivateBody>,
) -> Answer {
    let s = needed(s)?;
    accounts.set_private(&s.account, b.private).await?;
    players.privacy_changed(&s.account).await?;
    Ok(Json(json!({ "private": b.private })).into_response())
}
