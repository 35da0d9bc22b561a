//! The routes of conditional moves (issue #49): `GET` and `POST
//! /api/games/{id}/conditional` (`{"lines": [{"if", "then", "next"}]}`;
//! empty deletes them), read and written only by the holder of one seat
//! of the game, for that seat (see `crate::games::conditional` and
//! docs/web-api.md, "Conditional moves").

use super::http::error::ApiError;
use super::http::extract::AppJson;
use crate::games::conditional::{Conditional, Line};
use crate::games::{Actor, Hub};
use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use std::sync::Arc;

type Answer = Result<Json<Conditional>, ApiError>;

/// `GET /api/games/{id}/conditional`: the asker's seat's lines.
pub(super) async fn view(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
) -> Answer {
    Ok(Json(hub.conditional(&id, &actor).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Body {
    lines: Vec<Line>,
}

/// `POST /api/games/{id}/conditional`: replaces the asker's seat's lines
/// (each move checked; committed before the answer).
pub(super) async fn save(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
    AppJson(b): AppJson<Body>,
) -> Answer {
    Ok(Json(hub.set_conditional(&id, &actor, &b.lines).await?))
}
