//! The routes of a player's tools in a game (issues #44 and #49): the
//! takeback (`POST /api/games/{id}/takeback`; the abort is a bare action,
//! `POST /api/games/{id}/abort`) and the private notes
//! (`GET` and `POST /api/games/{id}/notes`), and a game's record to
//! download (`GET /api/games/{id}/record`: PDN for draughts, the
//! project's record text for the others). See docs/web-api.md, "Tools in
//! a game".

use super::http::error::ApiError;
use super::http::extract::AppJson;
use crate::games::{Action, Actor, DrawAction, GameState, Hub};
use crate::notes::{Note, Notes};
use crate::players::Players;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use std::sync::Arc;

type Answer<T> = Result<Json<T>, ApiError>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TakebackBody {
    action: DrawAction,
}

/// `POST /api/games/{id}/takeback`: `{"action": "offer"|"accept"|"decline"}`.
pub(super) async fn takeback(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
    AppJson(b): AppJson<TakebackBody>,
) -> Answer<GameState> {
    Ok(Json(
        hub.act(&id, &actor, Action::Takeback(b.action)).await?,
    ))
}

/// The tokens an actor holds (the computer holds none).
fn tokens(actor: &Actor) -> &[String] {
    match actor {
        Actor::Tokens(t) => t,
        Actor::Computer(_) => &[],
    }
}

/// `GET /api/games/{id}/notes`: the asker's own note on the game.
pub(super) async fn notes(
    State(notes): State<Notes>,
    Path(id): Path<String>,
    actor: Actor,
) -> Answer<Note> {
    Ok(Json(notes.read(&id, tokens(&actor)).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NoteBody {
    text: String,
}

/// `POST /api/games/{id}/notes`: `{"text": ...}` saves the asker's note
/// (committed before the answer; empty deletes it).
pub(super) async fn save_notes(
    State(notes): State<Notes>,
    Path(id): Path<String>,
    actor: Actor,
    AppJson(b): AppJson<NoteBody>,
) -> Answer<Note> {
    let now = crate::db::now_ms();
    Ok(Json(notes.write(&id, tokens(&actor), &b.text, now).await?))
}

/// `GET /api/games/{id}/record`: the game's record as a file to download,
/// `ID.pdn` (draughts) or `ID.txt` (the project's record format, as
/// `tablero play --record` writes), the seats named as a spectator sees
/// them (a private account is not named).
pub(super) async fn record(
    State(hub): State<Arc<Hub>>,
    State(players): State<Players>,
    Path(id): Path<String>,
    headers: HeaderMap,
    uri: Uri,
) -> Result<Response, ApiError> {
    let st = hub.state(&id, &Actor::Tokens(Vec::new()), None).await?;
    let names = st.seats.map(|s| match (&s.player, s.kind.as_str()) {
        (Some(p), _) if p.deleted => "deleted player".to_string(),
        (Some(p), _) => p.name.clone().unwrap_or_else(|| "Anonymous".into()),
        (None, "ai") => format!("Computer, level {}", s.level.unwrap_or(3)),
        (None, _) if s.private => "private player".into(),
        (None, _) => "Anonymous".into(),
    });
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("localhost");
    let scheme = if super::http::session::over_https(&headers, &uri) {
        "https"
    } else {
        "http"
    };
    let site = format!("{scheme}://{host}/play/{id}");
    let Some((file, text)) = players.record(&id, names, &site).await? else {
        return Err(crate::games::GameError::no_game(&id).into());
    };
    let mut r = text.into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    // The id is letters and digits (the game was found by it).
    let disposition = format!("attachment; filename=\"{file}\"");
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(r)
}

#[derive(Deserialize)]
pub(super) struct PlyQuery {
    ply: Option<usize>,
}

/// `GET /api/games/{id}/board.png[?ply=N]`: the board at ply N (the
/// current one by default) as a PNG picture to share, drawn by
/// tablero-print and rasterised by resvg.
pub(super) async fn board_png(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<PlyQuery>,
) -> Result<Response, ApiError> {
    let (game, view) = hub.view_at(&id, q.ply).await?;
    let png = tokio::task::spawn_blocking(move || tablero_print::picture::board_png(&game, &view))
        .await?
        .map_err(|e| ApiError::Internal(crate::db::Fault::new(e.to_string())))?;
    let mut r = png.into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
    Ok(r)
}

/// The most plies a game's GIF shows (a frame each).
const GIF_MAX_PLIES: usize = 400;

/// `GET /api/games/{id}/game.gif`: the whole game as an animated GIF (#49),
/// a frame per position (the start, then each ply) drawn as `board.png`
/// draws it, 0.8 s apart, looping; made under the solver's budget (as many
/// at once as solves). 400 for a game of more than 400 plies.
pub(super) async fn game_gif(
    State(hub): State<Arc<Hub>>,
    State(guards): State<crate::state::Guards>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (game, views) = hub.all_views(&id, GIF_MAX_PLIES).await?;
    let _permit = guards.solves.clone().acquire_owned().await.ok();
    let gif =
        tokio::task::spawn_blocking(move || tablero_print::picture::game_gif(&game, &views, 800))
            .await?
            .map_err(|e| ApiError::Internal(crate::db::Fault::new(e.to_string())))?;
    let mut r = gif.into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/gif"));
    Ok(r)
}
