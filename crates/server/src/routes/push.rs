//! The installable app and Web Push (issue #49): the service worker
//! (`GET /sw.js`, scope `/`), the web app manifest
//! (`GET /manifest.webmanifest`, in the reader's language), the offline
//! page (`GET /offline`), and the push routes (`/api/push/...`, over the
//! [`crate::push`] concern). See docs/web-api.md, "The installable app
//! and Web Push".

use super::http::assets::{no_file, page_lang, shell, static_file};
use super::http::error::ApiError;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{Html, IntoResponse, Response};
use tablero_core::{id, Message};
use tablero_i18n::Lang;

/// The files of `web/` the worker does not keep: itself, and the manifest
/// (served filled in at `/manifest.webmanifest`).
const NOT_SHELL: [&str; 2] = ["sw.js", "manifest.webmanifest"];

fn lang_of(headers: &HeaderMap) -> Lang {
    Lang::parse(page_lang(headers)).unwrap_or_default()
}

/// `GET /sw.js`: the service worker, with the shell's files by their
/// versioned URLs and the cache's version on its first line. Revalidated
/// each time (`no-cache`), as browsers check a worker for updates.
pub(super) async fn worker() -> Result<Response, ApiError> {
    let missing = || ApiError::NotFound(no_file("sw.js"));
    let file = static_file("sw.js", None).ok_or_else(missing)?;
    let body = axum::body::to_bytes(file.into_body(), usize::MAX)
        .await
        .map_err(|_| missing())?;
    let (files, version) = shell(&NOT_SHELL);
    let head = format!(
        "const SHELL = {};\nconst VERSION = {};\n",
        serde_json::to_string(&files).unwrap_or_else(|_| "[]".into()),
        serde_json::to_string(&version).unwrap_or_else(|_| "\"0\"".into()),
    );
    let mut text = head.into_bytes();
    text.extend_from_slice(&body);
    let mut res = text.into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/javascript; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(res)
}

/// `GET /manifest.webmanifest`: `web/manifest.webmanifest` with its name,
/// short name, description and language in the reader's language (the
/// page's: the `tablero_lang` cookie, else `Accept-Language`).
pub(super) async fn manifest(headers: HeaderMap) -> Result<Response, ApiError> {
    let missing = || ApiError::NotFound(no_file("manifest.webmanifest"));
    let file = static_file("manifest.webmanifest", None).ok_or_else(missing)?;
    let body = axum::body::to_bytes(file.into_body(), usize::MAX)
        .await
        .map_err(|_| missing())?;
    let mut m: serde_json::Value = serde_json::from_slice(&body).map_err(|_| missing())?;
    let lang = lang_of(&headers);
    m["lang"] = lang.code().into();
    m["name"] = Message::of(id!("pwa_name")).in_lang(lang).into();
    m["description"] = Message::of(id!("pwa_description")).in_lang(lang).into();
    let mut res = m.to_string().into_response();
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/manifest+json"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    Ok(res)
}

/// `GET /offline`: the page the service worker shows where a page cannot
/// be fetched (kept at install, in the reader's language then).
pub(super) async fn offline(headers: HeaderMap) -> Html<String> {
    let lang = lang_of(&headers);
    let say = |i| {
        Message::of(i)
            .in_lang(lang)
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let style = super::http::assets::versioned_url("style.css")
        .unwrap_or_else(|| "/static/style.css".into());
    Html(format!(
        "<!doctype html><html lang=\"{code}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"theme-color\" content=\"#233015\">\
         <title>{title} · tablero</title><link rel=\"stylesheet\" href=\"{style}\">\
         <link rel=\"manifest\" href=\"/manifest.webmanifest\"></head>\
         <body><main class=\"unsubscribe\" data-testid=\"offline\"><h1>{title}</h1><p>{text}</p>\
         <p><a href=\"/\">{retry}</a></p></main></body></html>",
        code = lang.code(),
        title = say(id!("pwa_offline_title")),
        text = say(id!("pwa_offline_text")),
        retry = say(id!("pwa_offline_retry")),
    ))
}

// ---- Web Push: /api/push/... (every route but the key needs a logged-in
// account and acts for the session's account only).

use super::http::extract::AppJson;
use super::http::session::MaybeSession;
use crate::accounts::Session;
use crate::push::{Kinds, Mine, NewSubscription, Push, PushError, SubscriptionView};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use serde_json::{json, Value};

type Answer<T> = Result<Json<T>, ApiError>;

/// The session, or 401.
fn logged_in(session: Option<Session>) -> Result<Session, ApiError> {
    session.ok_or_else(|| PushError::NoAccount(Message::of(id!("api_push_login"))).into())
}

/// `GET /api/push/key`: `{"key"}`, the server's VAPID public key
/// (base64url), the browser's `applicationServerKey`.
pub(super) async fn key(State(push): State<Push>) -> Answer<Value> {
    Ok(Json(json!({ "key": push.public_key().await? })))
}

/// `GET /api/push/subscriptions`: `{"kinds", "subscriptions"}`, the
/// session's account's own.
pub(super) async fn mine(
    State(push): State<Push>,
    MaybeSession(session): MaybeSession,
) -> Answer<Mine> {
    let me = logged_in(session)?;
    Ok(Json(push.mine(&me.account).await?))
}

/// `POST /api/push/subscriptions`: the browser's subscription JSON (with
/// `lang`); 201 with the subscription kept.
pub(super) async fn subscribe(
    State(push): State<Push>,
    MaybeSession(session): MaybeSession,
    AppJson(body): AppJson<NewSubscription>,
) -> Result<(StatusCode, Json<SubscriptionView>), ApiError> {
    let me = logged_in(session)?;
    Ok((
        StatusCode::CREATED,
        Json(push.subscribe(&me.account, &body).await?),
    ))
}

/// `DELETE /api/push/subscriptions/{id}`: 404 unless it is the session's
/// account's.
pub(super) async fn unsubscribe(
    State(push): State<Push>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
) -> Answer<Value> {
    let me = logged_in(session)?;
    push.unsubscribe(&me.account, &id).await?;
    Ok(Json(json!({ "deleted": id })))
}

/// `POST /api/push/kinds`: `{"turn", "challenge", "tournament"}`.
pub(super) async fn set_kinds(
    State(push): State<Push>,
    MaybeSession(session): MaybeSession,
    AppJson(kinds): AppJson<Kinds>,
) -> Answer<Kinds> {
    let me = logged_in(session)?;
    Ok(Json(push.set_kinds(&me.account, kinds).await?))
}
