//! The routes of a player's tools in a game (issues #44 and #49): the
//! takeback (`POST /api/games/{id}/takeback`; the abort is a bare action,
//! `POST /api/games/{id}/abort`) and the private notes
//! (`GET` and `POST /api/games/{id}/notes`). See docs/web-api.md, "Tools in
//! a game".

use super::http::error::ApiError;
use super::http::extract::AppJson;
use crate::games::{Action, Actor, DrawAction, GameState, Hub};
use crate::notes::{Note, Notes};
use axum::extract::{Path, State};
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
