//! The session cookie and the cross-site check: the HTTP side of
//! accounts (the accounts concern keeps the sessions; this file reads the
//! cookie, sets it, and refuses state-changing requests from other sites).
//! State-changing requests that carry the cookie (and every account
//! request) must come from the app's own pages: [`cross_site`] refuses
//! them otherwise.

use super::error::ApiError;
use crate::accounts::{Accounts, Session};
use axum::extract::{FromRef, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tablero_core::{id, Message};

/// The session cookie's name.
pub const COOKIE: &str = "tablero_session";

/// The `tablero_session` cookie's value, if the request has one.
#[must_use]
pub fn cookie_of(headers: &HeaderMap) -> Option<String> {
    cookie_named(headers, COOKIE)
}

/// The cookie that names a browser not logged in, whose puzzle rating,
/// tries and course progress the server keeps (set by the first request
/// that needs it: `GET /api/puzzles/next`, `POST /api/learn/...`).
pub const BROWSER_COOKIE: &str = "tablero_browser";

/// The length of a browser cookie's value (letters and digits).
pub const BROWSER_LEN: usize = 32;

/// The request's browser cookie, if it has a well-formed one.
#[must_use]
pub fn browser_of(headers: &HeaderMap) -> Option<String> {
    cookie_named(headers, BROWSER_COOKIE)
        .filter(|v| v.len() == BROWSER_LEN && v.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The `Set-Cookie` value of a new browser cookie: HttpOnly, SameSite=Strict
/// (a request from another site does not carry it, so it cannot count a
/// try), for two years, Secure over HTTPS.
#[must_use]
pub fn browser_cookie(value: &str, https: bool) -> Option<HeaderValue> {
    let secure = if https { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{BROWSER_COOKIE}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=63072000{secure}"
    ))
    .ok()
}

/// The value of the request's cookie `name`, if it has one not empty.
#[must_use]
pub fn cookie_named(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty())
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
        crate::accounts::SESSION_LIFE.as_secs()
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
pub async fn cross_site(req: Request, next: Next) -> Response {
    let changes = ![Method::GET, Method::HEAD, Method::OPTIONS].contains(req.method());
    let guarded =
        cookie_of(req.headers()).is_some() || req.uri().path().starts_with("/api/account");
    if changes && guarded && !same_origin(req.headers()) {
        return ApiError::NotYours(Message::of(id!("api_cross_site"))).into_response();
    }
    next.run(req).await
}

/// The live session of a request's cookie, if any.
///
/// # Errors
/// Storage failures.
pub async fn session_of(
    accounts: &Accounts,
    headers: &HeaderMap,
) -> Result<Option<Session>, ApiError> {
    match cookie_of(headers) {
        Some(secret) => Ok(accounts.session(&secret).await?),
        None => Ok(None),
    }
}

/// The request's session, if it has a live one (an extractor; storage
/// failures are 503/500 as elsewhere).
pub struct MaybeSession(pub Option<Session>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeSession
where
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let accounts = Accounts::from_ref(state);
        Ok(MaybeSession(session_of(&accounts, &parts.headers).await?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
