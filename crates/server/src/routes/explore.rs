//! The explore concern's routes, positions without a game
//! (`crate::explore::position`): `POST /api/position` draws one,
//! `POST /api/analyse` analyses one, `POST /api/explore` gives a solved
//! game's moves with their values and how the server's games played them.
//! Nothing is stored.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use crate::explore::position::{state, view, AnalysisView, PositionBody, REACH, THINK};
use crate::explore::{Explore, ExploreBody, ExploreView};
use crate::games::GameState;
use crate::state::Guards;
use axum::extract::State;
use axum::Json;
use std::time::Duration;
use tablero_core::{id, Message};

/// How long an analysis waits for one of the solver places before 503.
const WAIT: Duration = Duration::from_secs(5);

/// `POST /api/position`: the board of a position.
pub(super) async fn position(
    AppJson(b): AppJson<PositionBody>,
) -> Result<Json<GameState>, ApiError> {
    let table = b.table()?;
    Ok(Json(state(table.as_ref())))
}

/// `POST /api/analyse`: the analysis of a position, on the blocking pool,
/// one of the API's solver places at a time.
pub(super) async fn analyse(
    State(guards): State<Guards>,
    AppJson(b): AppJson<PositionBody>,
) -> Result<Json<AnalysisView>, ApiError> {
    let table = b.table()?;
    let permit = solver_place(&guards).await?;
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let a = table.analyse(THINK, REACH);
        view(table.as_ref(), a)
    })
    .await?;
    Ok(Json(answer))
}

/// One of the API's solver places, waited for at most [`WAIT`] (else 503).
async fn solver_place(guards: &Guards) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
    let busy = || ApiError::Busy(Message::of(id!("api_analysis_busy")));
    tokio::time::timeout(WAIT, guards.solves.clone().acquire_owned())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())
}

/// `POST /api/explore`: a solved game's position, every legal move with
/// its exact value (on the blocking pool, in one of the API's solver
/// places, as an analysis) and how the server's finished games played it.
pub(super) async fn explore(
    State(explorer): State<Explore>,
    State(guards): State<Guards>,
    AppJson(b): AppJson<ExploreBody>,
) -> Result<Json<ExploreView>, ApiError> {
    let table = b.table()?;
    let permit = solver_place(&guards).await?;
    let (table, valued) = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let valued = crate::explore::values(table.as_ref());
        (table, valued)
    })
    .await?;
    let answer = explorer.view(&b, table.as_ref(), valued).await?;
    Ok(Json(answer))
}
