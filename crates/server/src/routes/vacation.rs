//! The vacation concern's routes (issue #49): `GET /api/vacation` (the
//! asker's days and time away), `POST /api/vacation` (`{"days": N,
//! "from": ms?, "anyway": bool?}`: go away now or from a date) and
//! `POST /api/vacation/back` (come back now, or call off an announced
//! time away). Only a logged-in account has vacation, and only its own:
//! the session says whose (see `crate::vacation` and docs/web-api.md,
//! "Vacation").

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::MaybeSession;
use crate::accounts::Session;
use crate::vacation::{GoAway, VacationView, Vacations};
use axum::extract::State;
use axum::Json;
use tablero_core::{id, Message};

type Answer = Result<Json<VacationView>, ApiError>;

/// The logged-in session, or 401.
fn needed(s: Option<Session>) -> Result<Session, ApiError> {
    s.ok_or_else(|| ApiError::Unauthorized(Message::of(id!("api_not_logged_in"))))
}

/// `GET /api/vacation`: the asker's vacation.
pub(super) async fn view(
    State(vacations): State<Vacations>,
    MaybeSession(s): MaybeSession,
) -> Answer {
    let s = needed(s)?;
    Ok(Json(vacations.view(&s.account).await?))
}

/// `POST /api/vacation`: the asker goes away (committed before the
/// answer, the clocks of its games stopped if it begins now).
pub(super) async fn go(
    State(vacations): State<Vacations>,
    MaybeSession(s): MaybeSession,
    AppJson(req): AppJson<GoAway>,
) -> Answer {
    let s = needed(s)?;
    Ok(Json(vacations.go(&s.account, &req).await?))
}

/// `POST /api/vacation/back`: the asker comes back.
pub(super) async fn back(
    State(vacations): State<Vacations>,
    MaybeSession(s): MaybeSession,
) -> Answer {
    let s = needed(s)?;
    Ok(Json(vacations.back(&s.account).await?))
}
