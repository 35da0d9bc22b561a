//! Accounts: `POST /api/account/signup`, `/login`, `/logout`,
//! `/logout-all`, `/password`, `/delete` and `GET /api/account` (see
//! `crate::accounts` and `docs/web-api.md`, "Accounts"). No answer carries
//! a password's hash.

use crate::accounts::{self, AccountLimits, AccountView, MaybeSession, Session};
use crate::error::{message_body, ApiError};
use crate::extract::{AppJson, Peer};
use crate::hub::{Hub, HubError};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use tablero_core::{id, Message};

/// An account route's refusal: the API's errors, and 401 (not logged in,
/// or a failed login).
pub(super) enum Refusal {
    Api(ApiError),
    Unauthorized(Message),
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Self {
        Refusal::Api(e)
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        match self {
            Refusal::Api(e) => e.into_response(),
            Refusal::Unauthorized(m) => {
                (StatusCode::UNAUTHORIZED, Json(message_body(&m))).into_response()
            }
        }
    }
}

type Answer = Result<Response, Refusal>;

/// The one answer of a login that failed, whether the name is unknown or
/// the password wrong.
fn login_failed() -> Refusal {
    Refusal::Unauthorized(Message::of(id!("api_login_failed")))
}

fn not_logged_in() -> Refusal {
    Refusal::Unauthorized(Message::of(id!("api_not_logged_in")))
}

fn invalid(m: Message) -> Refusal {
    Refusal::Api(ApiError::Invalid(m))
}

/// The answer `{"account": ...}` with the session cookie set to `secret`
/// (empty: cleared).
fn answer(account: Option<&AccountView>, secret: &str, https: bool) -> Response {
    let mut r = Json(json!({ "account": account })).into_response();
    r.headers_mut()
        .insert(header::SET_COOKIE, accounts::set_cookie(secret, https));
    r
}

/// The logged-in session, or 401.
fn needed(s: Option<Session>) -> Result<Session, Refusal> {
    s.ok_or_else(not_logged_in)
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
    State(hub): State<Arc<Hub>>,
    State(limits): State<AccountLimits>,
    Peer(ip): Peer,
    headers: HeaderMap,
    uri: Uri,
    AppJson(b): AppJson<SignupBody>,
) -> Answer {
    let name = b.name.trim().to_string();
    limits.check(
        accounts::client_address(ip, &headers),
        &accounts::name_key(&name),
    )?;
    if let Some(m) = accounts::bad_name(&name) {
        return Err(invalid(m));
    }
    if let Some(m) = accounts::bad_password(&b.password) {
        return Err(invalid(m));
    }
    if b.tokens.len() > accounts::MAX_TOKENS {
        return Err(invalid(
            Message::of(id!("api_too_many_tokens")).num("max", accounts::MAX_TOKENS),
        ));
    }
    let taken = || {
        Refusal::Api(ApiError::Hub(HubError::NotNow(
            Message::of(id!("api_account_name_taken")).text("name", &name),
        )))
    };
    if accounts::find(&hub, &accounts::name_key(&name))
        .await?
        .is_some()
    {
        return Err(taken());
    }
    let hash = accounts::hash(b.password).await?;
    let Some(account) = accounts::create(&hub, &name, &hash).await? else {
        return Err(taken());
    };
    accounts::take_seats(&hub, &account.id, &b.tokens).await?;
    let secret = accounts::open_session(&hub, &account.id).await?;
    Ok(answer(
        Some(&account.view),
        &secret,
        accounts::over_https(&headers, &uri),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LoginBody {
    name: String,
    password: String,
}

/// `POST /api/account/login`: `{name, password}`. An unknown name and a
/// wrong password get the same answer after the same work.
pub(super) async fn login(
    State(hub): State<Arc<Hub>>,
    State(limits): State<AccountLimits>,
    Peer(ip): Peer,
    headers: HeaderMap,
    uri: Uri,
    AppJson(b): AppJson<LoginBody>,
) -> Answer {
    let key = accounts::name_key(b.name.trim());
    limits.check(accounts::client_address(ip, &headers), &key)?;
    if b.password.len() > accounts::MAX_PASSWORD {
        return Err(login_failed());
    }
    let found = accounts::find(&hub, &key).await?;
    let ok = accounts::verify(found.as_ref().map(|f| f.hash.clone()), b.password).await?;
    let Some(account) = found.filter(|_| ok) else {
        return Err(login_failed());
    };
    let secret = accounts::open_session(&hub, &account.id).await?;
    Ok(answer(
        Some(&account.view),
        &secret,
        accounts::over_https(&headers, &uri),
    ))
}

/// `GET /api/account`: who is logged in, or 401.
pub(super) async fn me(MaybeSession(s): MaybeSession) -> Answer {
    let s = needed(s)?;
    Ok(Json(json!({ "account": s.view })).into_response())
}

/// `POST /api/account/logout`: ends this session (and clears the cookie;
/// without a session it only clears it).
pub(super) async fn logout(
    State(hub): State<Arc<Hub>>,
    MaybeSession(s): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
) -> Answer {
    if let Some(s) = s {
        accounts::close_session(&hub, &s.secret).await?;
    }
    Ok(answer(None, "", accounts::over_https(&headers, &uri)))
}

/// `POST /api/account/logout-all`: ends every session of the account.
pub(super) async fn logout_all(
    State(hub): State<Arc<Hub>>,
    MaybeSession(s): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
) -> Answer {
    let s = needed(s)?;
    accounts::close_sessions(&hub, &s.account, None).await?;
    Ok(answer(None, "", accounts::over_https(&headers, &uri)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PasswordBody {
    old: String,
    new: String,
}

/// The refusal of a wrong current password.
fn wrong_password() -> Refusal {
    Refusal::Api(ApiError::Hub(HubError::NotYours(Message::of(id!(
        "api_account_wrong_password"
    )))))
}

/// Checks the session's account's password.
async fn check_password(hub: &Hub, s: &Session, password: String) -> Result<(), Refusal> {
    let stored = accounts::hash_of(hub, &s.account).await?;
    if password.len() > accounts::MAX_PASSWORD || !accounts::verify(stored, password).await? {
        return Err(wrong_password());
    }
    Ok(())
}

/// `POST /api/account/password`: `{old, new}`; the account's other
/// sessions end, this one stays.
pub(super) async fn password(
    State(hub): State<Arc<Hub>>,
    MaybeSession(s): MaybeSession,
    AppJson(b): AppJson<PasswordBody>,
) -> Answer {
    let s = needed(s)?;
    if let Some(m) = accounts::bad_password(&b.new) {
        return Err(invalid(m));
    }
    check_password(&hub, &s, b.old).await?;
    let hash = accounts::hash(b.new).await?;
    accounts::set_hash(&hub, &s.account, &hash).await?;
    accounts::close_sessions(&hub, &s.account, Some(&s.secret)).await?;
    Ok(Json(json!({ "account": s.view })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DeleteBody {
    password: String,
}

/// `POST /api/account/delete`: `{password}`: the account is gone (its
/// games stay, its seats show a deleted player); logged out everywhere.
pub(super) async fn delete(
    State(hub): State<Arc<Hub>>,
    MaybeSession(s): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
    AppJson(b): AppJson<DeleteBody>,
) -> Answer {
    let s = needed(s)?;
    check_password(&hub, &s, b.password).await?;
    accounts::delete(&hub, &s.account).await?;
    Ok(answer(None, "", accounts::over_https(&headers, &uri)))
}
