//! The learn concern's routes (`crate::learn`): `GET /api/learn` lists
//! every game's course in the reader's language with the learner's stars,
//! `POST /api/learn/{game}/{stage}/{n}` replays the learner's moves of an
//! exercise with the coach's answers and keeps the stars reached.
//!
//! The learner is the logged-in account, else the browser's
//! `tablero_browser` cookie (set by the first replay of a browser that has
//! none), as the puzzles' player is.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::{browser_cookie, browser_of, over_https, MaybeSession, BROWSER_LEN};
use crate::learn::{CourseView, Learn, Learner, Replayed};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, Uri};
use axum::Json;
use serde::Deserialize;
use std::collections::HashMap;
use tablero_i18n::Lang;

/// The reader's language: `?lang=`, else the page's (cookie, then
/// `Accept-Language`).
fn lang_of(q: &HashMap<String, String>, headers: &HeaderMap) -> Lang {
    q.get("lang")
        .and_then(|l| Lang::parse(l))
        .or_else(|| Lang::parse(super::http::assets::page_lang(headers)))
        .unwrap_or_default()
}

/// `GET /api/learn[?lang=L]`: `{"courses": [COURSE...]}`.
pub(super) async fn courses(
    State(learn): State<Learn>,
    MaybeSession(session): MaybeSession,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let learner = match (session, browser_of(&headers)) {
        (Some(s), _) => Some(Learner::Account(s.account)),
        (None, Some(b)) => Some(Learner::Browser(b)),
        (None, None) => None,
    };
    let courses: Vec<CourseView> = learn
        .courses(lang_of(&q, &headers), learner.as_ref())
        .await?;
    Ok(Json(serde_json::json!({ "courses": courses })))
}

/// `POST /api/learn/{game}/{stage}/{n}`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Moves {
    moves: Vec<String>,
}

/// `POST /api/learn/{game}/{stage}/{n}`: `{"moves": [M...]}`, the
/// learner's moves so far; the replay with the coach's answers and the
/// learner's best stars.
pub(super) async fn play(
    State(learn): State<Learn>,
    MaybeSession(session): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
    Path((game, stage, n)): Path<(String, String, usize)>,
    AppJson(b): AppJson<Moves>,
) -> Result<(HeaderMap, Json<Replayed>), ApiError> {
    let mut set = HeaderMap::new();
    let learner = match (session, browser_of(&headers)) {
        (Some(s), _) => Learner::Account(s.account),
        (None, Some(b)) => Learner::Browser(b),
        (None, None) => {
            let b = crate::db::random_id(BROWSER_LEN);
            if let Some(v) = browser_cookie(&b, over_https(&headers, &uri)) {
                set.insert(header::SET_COOKIE, v);
            }
            Learner::Browser(b)
        }
    };
    let replayed = learn
        .play(&game, &stage, n, b.moves, Some(&learner))
        .await?;
    Ok((set, Json(replayed)))
}
