//! The tournaments concern's routes (issue #45): `GET /api/tournaments`
//! (the public lists), `POST /api/tournaments` (make one), `GET
//! /api/tournaments/{id}` (standings, pairings, one's own part), and the
//! session account's own entry: `POST /api/tournaments/{id}/join`
//! (`{"link"}` for a private one), `/pause`, `/withdraw`; the creator's
//! `/start` (now, before its time). Every change needs a logged-in
//! account and acts for the session's account only.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::MaybeSession;
use crate::accounts::Session;
use crate::tournaments::{Lists, NewTournament, TournamentError, TournamentView, Tournaments};
use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use tablero_core::{id, Message};

type Answer<T> = Result<Json<T>, ApiError>;

/// The session, or 401.
fn logged_in(session: Option<Session>) -> Result<Session, ApiError> {
    session
        .ok_or_else(|| TournamentError::NoAccount(Message::of(id!("api_tournament_login"))).into())
}

/// `GET /api/tournaments`: `{"upcoming", "running", "finished"}`.
pub(super) async fn lists(State(t): State<Tournaments>) -> Answer<Lists> {
    Ok(Json(t.lists().await?))
}

/// `POST /api/tournaments`: a [`NewTournament`].
pub(super) async fn make(
    State(t): State<Tournaments>,
    MaybeSession(session): MaybeSession,
    AppJson(req): AppJson<NewTournament>,
) -> Answer<TournamentView> {
    let me = logged_in(session)?;
    Ok(Json(t.make((&me.account, &me.view.name), &req).await?))
}

/// `GET /api/tournaments/{id}`.
pub(super) async fn one(
    State(t): State<Tournaments>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
) -> Answer<TournamentView> {
    let viewer = session.as_ref().map(|s| s.account.as_str());
    Ok(Json(t.view(&id, viewer).await?))
}

/// A join's body: a private tournament's link secret.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Join {
    #[serde(default)]
    link: Option<String>,
}

/// `POST /api/tournaments/{id}/join`: `{"link"}`.
pub(super) async fn join(
    State(t): State<Tournaments>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    AppJson(body): AppJson<Join>,
) -> Answer<TournamentView> {
    let me = logged_in(session)?;
    let who = (me.account.as_str(), me.view.name.as_str());
    Ok(Json(t.join(&id, who, body.link.as_deref()).await?))
}

/// A body that must be empty or `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Empty {}

/// `POST /api/tournaments/{id}/pause`.
pub(super) async fn pause(
    State(t): State<Tournaments>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    _: AppJson<Empty>,
) -> Answer<TournamentView> {
    let me = logged_in(session)?;
    Ok(Json(t.leave(&id, &me.account, "paused").await?))
}

/// `POST /api/tournaments/{id}/withdraw`.
pub(super) async fn withdraw(
    State(t): State<Tournaments>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    _: AppJson<Empty>,
) -> Answer<TournamentView> {
    let me = logged_in(session)?;
    Ok(Json(t.leave(&id, &me.account, "withdrawn").await?))
}

/// `POST /api/tournaments/{id}/start`: the creator starts it now.
pub(super) async fn start(
    State(t): State<Tournaments>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    _: AppJson<Empty>,
) -> Answer<TournamentView> {
    let me = logged_in(session)?;
    Ok(Json(t.start_now(&id, &me.account).await?))
}
