//! The web app's files and pages (`super::http::assets`): `GET /static/{path}`,
//! `GET /locales/{lang}/{file}` (the message catalogue) and every other
//! path (the app's page, which routes by path).

use super::http::assets::{game_of_page, index_page, no_file, respond, static_file};
use super::http::error::ApiError;
use crate::games::{Actor, Hub};
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// `GET /static/PATH[?v=VERSION]`: a file of `web/`.
pub(super) async fn file(
    Path(path): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    static_file(&path, query.as_deref()).ok_or_else(|| ApiError::NotFound(no_file(&path)))
}

/// `GET /locales/{lang}/{file}`: one file of the message catalogue, as
/// Fluent text, with its ETag as the web app's own files have; the
/// browser revalidates it each time.
pub(super) async fn locale(
    Path((lang, file)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let text = super::http::locales::find(&lang, &file)
        .ok_or_else(|| ApiError::NotFound(no_file(&format!("locales/{lang}/{file}"))))?;
    let hash: [u8; 32] = Sha256::digest(text.as_bytes()).into();
    Ok(respond(text, hash, "text/plain; charset=utf-8", "no-cache"))
}

/// Every other page: the app's page, with on a game page the game's state
/// as a spectator sees it.
pub(super) async fn index(
    State(hub): State<Arc<Hub>>,
    uri: Uri,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let path = uri.path();
    let game = match game_of_page(path) {
        Some(id) => hub.state(id, &Actor::Tokens(Vec::new()), None).await.ok(),
        None => None,
    };
    index_page(path, &headers, game.as_ref())
        .ok_or_else(|| ApiError::NotFound(no_file("index.html")))
}
