//! The players concern's routes, profiles and leaderboards:
//! `GET /api/players/{name}`, `/api/players/{name}/games`,
//! `/api/players/{name}/games.zip`, `GET /api/leaderboard` and
//! `/api/leaderboard/{pool}` (see `crate::players` and `docs/web-api.md`,
//! "Profiles and leaderboards"; a profile made private is
//! `POST /api/account/private`, an account's route). A private profile, a deleted account and
//! an unknown name get the same 404, except a private profile for its
//! owner.

use super::http::error::ApiError;
use super::http::session::{over_https, MaybeSession};
use crate::accounts::{name_key, Session};
use crate::players::{self, Account, Filter, Outcome, Players};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::Write as _;
use tablero_core::{id, Message};

/// 404: no profile to show for `name`.
fn no_player(name: &str) -> ApiError {
    ApiError::NotFound(Message::of(id!("api_no_player")).text("name", name))
}

/// The account named `name` whose profile the request may see: a public
/// one, or a private one to its owner.
async fn visible(
    players: &Players,
    name: &str,
    session: Option<&Session>,
) -> Result<Account, ApiError> {
    match players.find(&name_key(name)).await? {
        Some(a) if !a.private || session.is_some_and(|s| s.account == a.id) => Ok(a),
        _ => Err(no_player(name)),
    }
}

/// `GET /api/players/{name}`: the profile: name, creation, privacy,
/// ratings and counts.
pub(super) async fn profile(
    State(players): State<Players>,
    State(bots): State<crate::bots::Bots>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let a = visible(&players, &name, s.as_ref()).await?;
    let bot = bots.any_bot(std::slice::from_ref(&a.id)).await?;
    let ratings = players.ratings(&a.id).await?;
    let counts = players.counts(&a.id).await?;
    Ok(Json(json!({
        "name": a.name,
        "created": a.created,
        "private": a.private,
        "bot": bot,
        "own": s.is_some_and(|s| s.account == a.id),
        "ratings": ratings,
        "counts": counts,
    })))
}

/// 400: parameter `name` cannot be `value`.
fn bad_param(name: &str, value: &str, choices: &str) -> ApiError {
    ApiError::Invalid(
        Message::of(id!("api_bad_parameter"))
            .text("name", name)
            .text("value", value)
            .text("choices", choices),
    )
}

/// The filter and the page size of a games list's query.
fn filter_of(q: &HashMap<String, String>) -> Result<(Filter, i64), ApiError> {
    let given = |k: &str| q.get(k).map(|v| v.trim()).filter(|v| !v.is_empty());
    let mut f = Filter::default();
    if let Some(g) = given("game") {
        if !tablero_games::GAMES.iter().any(|i| i.name == g) {
            let names: Vec<&str> = tablero_games::GAMES.iter().map(|i| i.name).collect();
            return Err(bad_param("game", g, &names.join(", ")));
        }
        f.game = Some(g.to_string());
    }
    if let Some(r) = given("result") {
        f.result = Some(
            Outcome::parse(r)
                .ok_or_else(|| bad_param("result", r, "win, loss, draw, playing, aborted"))?,
        );
    }
    f.opponent = given("opponent").map(name_key);
    if let Some(b) = given("before") {
        f.before = Some(
            b.parse::<i64>()
                .map_err(|_| bad_param("before", b, "a time in ms since 1970"))?,
        );
    }
    let limit = match given("limit") {
        None => 50,
        Some(l) => l
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=players::MAX_PAGE).contains(n))
            .ok_or_else(|| bad_param("limit", l, "1 to 100"))?,
    };
    Ok((f, limit))
}

/// `GET /api/players/{name}/games?game=&result=&opponent=&before=&limit=`:
/// the player's games, newest first; `next` is the `before` of the next
/// page (`null` on the last).
pub(super) async fn games(
    State(players): State<Players>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Value>, ApiError> {
    let a = visible(&players, &name, s.as_ref()).await?;
    let (mut filter, limit) = filter_of(&q)?;
    filter.viewer = s.map(|s| s.account);
    let mut list = players.games(&a.id, &filter, limit + 1).await?;
    let next = cut(&mut list, usize::try_from(limit).unwrap_or(usize::MAX));
    Ok(Json(json!({ "games": list, "next": next })))
}

/// Cuts `list` (newest first, up to `limit + 1` games) to a page of at
/// most `limit`, and answers the `before` of the next page, if any. The
/// games changed in the millisecond where the page ends all go to the next
/// page (so that none is skipped), unless they would fill this one whole.
fn cut(list: &mut Vec<players::GameItem>, limit: usize) -> Option<i64> {
    let first_out = list.get(limit)?.updated;
    list.truncate(limit);
    let keep = list.iter().take_while(|g| g.updated > first_out).count();
    if keep == 0 {
        return list.last().map(|g| g.updated);
    }
    list.truncate(keep);
    Some(first_out + 1)
}

/// The name written in a record for the seat a list item shows across.
fn opponent_name(o: &players::Opponent, own: &str) -> String {
    match o {
        players::Opponent::Player { name } => name.clone(),
        players::Opponent::Deleted => "deleted player".into(),
        players::Opponent::Computer { level } => format!("Computer, level {level}"),
        players::Opponent::Anonymous => "Anonymous".into(),
        players::Opponent::Private => "private player".into(),
        players::Opponent::Itself => own.to_string(),
    }
}

/// `GET /api/players/{name}/games.zip`: every game's record (the newest
/// [`players::MAX_RECORDS`]), one file each: `ID.pdn` for draughts, `ID.txt`
/// (the project's record format) for the others.
pub(super) async fn zip(
    State(players): State<Players>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
    headers: axum::http::HeaderMap,
    uri: axum::http::Uri,
) -> Result<Response, ApiError> {
    let a = visible(&players, &name, s.as_ref()).await?;
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("localhost");
    let scheme = if over_https(&headers, &uri) {
        "https"
    } else {
        "http"
    };
    // The list's items say who sat across; each record is read from its
    // stored moves.
    let filter = Filter {
        viewer: s.map(|s| s.account),
        ..Filter::default()
    };
    let list = players.games(&a.id, &filter, players::MAX_RECORDS).await?;
    let mut files = Vec::with_capacity(list.len());
    for g in &list {
        let other = opponent_name(&g.opponent, &a.name);
        let names = if g.seat == 0 {
            [a.name.clone(), other]
        } else {
            [other, a.name.clone()]
        };
        let site = format!("{scheme}://{host}{}", g.url);
        if let Some(f) = players.record(&g.id, names, &site).await? {
            files.push(f);
        }
    }
    let bytes = tokio::task::spawn_blocking(move || zip_of(&files))
        .await?
        .map_err(|e| ApiError::Internal(e.into()))?;
    let mut r = bytes.into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    // Names are letters, digits, `_` and `-`: safe in the header as they are.
    let disposition = format!("attachment; filename=\"{}-games.zip\"", a.name);
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(r)
}

/// A zip (deflate) of `files` (name, text).
fn zip_of(files: &[(String, String)]) -> anyhow::Result<Vec<u8>> {
    use zip::write::SimpleFileOptions;
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in files {
        w.start_file(name.as_str(), options)?;
        w.write_all(text.as_bytes())?;
    }
    Ok(w.finish()?.into_inner())
}

/// 404: no rating pool `pool` (the pools named).
fn no_pool(pool: &str) -> ApiError {
    let pools: Vec<String> = crate::ratings::pools().into_iter().map(|p| p.id).collect();
    ApiError::NotFound(
        Message::of(id!("api_no_pool"))
            .text("pool", pool)
            .text("pools", pools.join(", ")),
    )
}

/// `GET /api/leaderboard/{pool}`: the pool's best established ratings.
pub(super) async fn board(
    State(players): State<Players>,
    Path(pool): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let Some(p) = crate::ratings::pools().into_iter().find(|p| p.id == pool) else {
        return Err(no_pool(&pool));
    };
    let leaders = players.leaders(&p.id, players::BOARD).await?;
    Ok(Json(json!({
        "pool": p.id,
        "game": p.game,
        "variant": p.variant,
        "leaders": leaders,
    })))
}

/// `GET /api/leaderboard`: every pool of the games the web app offers, with
/// its first ten.
pub(super) async fn boards(State(players): State<Players>) -> Result<Json<Value>, ApiError> {
    let mut out = Vec::new();
    for p in crate::ratings::offered_pools() {
        let leaders = players.leaders(&p.id, players::BOARD_SHORT).await?;
        out.push(json!({
            "pool": p.id,
            "game": p.game,
            "variant": p.variant,
            "leaders": leaders,
        }));
    }
    Ok(Json(json!({ "pools": out })))
}
