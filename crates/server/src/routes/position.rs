//! Positions without a game (`crate::position`): `POST /api/position`
//! draws one, `POST /api/analyse` analyses one. Nothing is stored.

use crate::error::ApiError;
use crate::extract::AppJson;
use crate::hub::GameState;
use crate::position::{state, view, AnalysisView, PositionBody, REACH, THINK};
use crate::state::Guards;
use axum::extract::State;
use axum::Json;
use std::time::Duration;
use tablero_core::Message;

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
    let busy = || {
        ApiError::Busy(Message::new(
            "api_analysis_busy",
            "the analysis is busy; try again shortly",
        ))
    };
    let permit = tokio::time::timeout(WAIT, guards.solves.clone().acquire_owned())
        .await
        .map_err(|_| busy())?
        .map_err(|_| busy())?;
    let answer = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let a = table.analyse(THINK, REACH);
        view(table.as_ref(), a)
    })
    .await?;
    Ok(Json(answer))
}
