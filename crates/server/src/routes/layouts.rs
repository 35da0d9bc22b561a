//! The layouts concern's routes, Imago's solver and saved layouts: `POST /api/imago/solve`,
//! `GET|POST /api/layouts` (one's own list, a new layout) and
//! `GET|POST|DELETE /api/layouts/{id}` (open by its link, change, delete:
//! the last two for its owner only).

use super::http::error::{message_body, ApiError};
use super::http::extract::{AppJson, Peer};
use crate::games::Actor;
use crate::layouts::{bad_layout, LayoutRow, Layouts, Saved};
use crate::state::{over_rate, Guards};
use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;
use tablero_ai::solve::imago::Value as Solved;
use tablero_core::{id, Message, Player};
use tablero_games::imago::Layout;

/// How long a solve request waits for its turn before 503.
const SOLVE_WAIT: Duration = Duration::from_secs(5);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LayoutBody {
    layout: String,
}

fn solved_json(v: Solved) -> Value {
    match v {
        Solved::Win(n) | Solved::Loss(n) => json!({"result": v.word(), "plies": n}),
        Solved::Draw => json!({"result": "draw", "plies": null}),
    }
}

/// `POST /api/imago/solve`: layouts in memory are answered at once; a new
/// one counts against the address's solve rate and waits for one of the
/// API's own solver places, so claims and computer moves never queue
/// behind it.
pub(super) async fn solve(
    State(guards): State<Guards>,
    Peer(ip): Peer,
    AppJson(b): AppJson<LayoutBody>,
) -> Result<Json<Value>, ApiError> {
    let layout: Layout = b
        .layout
        .parse()
        .map_err(|e| ApiError::Invalid(bad_layout(&b.layout, &e)))?;
    let sol = match tablero_ai::play::cached_solution(&layout) {
        Some(sol) => sol,
        None => {
            if let (Some(limiter), Some(ip)) = (&guards.solve_rate, ip) {
                if let Some(wait) = over_rate(limiter, ip) {
                    let wait = wait.as_secs() + 1;
                    return Err(ApiError::TooMany {
                        message: Message::of(id!("api_too_many_solves")).num("seconds", wait),
                        seconds: wait,
                    });
                }
            }
            let busy = || ApiError::Busy(Message::of(id!("api_solver_busy")));
            let permit = tokio::time::timeout(SOLVE_WAIT, guards.solves.acquire_owned())
                .await
                .map_err(|_| busy())?
                .map_err(|_| busy())?;
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                tablero_ai::play::solution_for(&layout)
            })
            .await?
        }
    };
    Ok(Json(json!({
        "layout": sol.layout().to_string(),
        "value_red_first": solved_json(sol.start_value(Player::P1)),
        "value_blue_first": solved_json(sol.start_value(Player::P2)),
        // Each as an error answer's body (`{error, code, args}`): the
        // browser shows `code` in the reader's language.
        "warnings": sol
            .layout()
            .warnings()
            .iter()
            .map(message_body)
            .collect::<Vec<_>>(),
    })))
}

/// `GET /api/layouts`: the layouts the owner token
/// (`Authorization: Bearer T`) saved; none without one.
pub(super) async fn list(
    State(layouts): State<Layouts>,
    actor: Actor,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(json!({"layouts": layouts.layouts(&actor).await?})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SaveLayout {
    name: String,
    layout: String,
}

/// `POST /api/layouts`: saves a layout for the owner token sent (or a new
/// one); answers the layout with `owner`, the token.
pub(super) async fn save(
    State(layouts): State<Layouts>,
    actor: Actor,
    AppJson(b): AppJson<SaveLayout>,
) -> Result<Json<Saved>, ApiError> {
    Ok(Json(layouts.save_layout(&actor, &b.name, &b.layout).await?))
}

/// `GET /api/layouts/{id}`: a layout opened by its link (anyone).
pub(super) async fn one(
    State(layouts): State<Layouts>,
    Path(id): Path<String>,
) -> Result<Json<LayoutRow>, ApiError> {
    Ok(Json(layouts.layout(&id).await?))
}

/// `POST /api/layouts/{id}`: a new name and text for one's own layout.
pub(super) async fn change(
    State(layouts): State<Layouts>,
    Path(id): Path<String>,
    actor: Actor,
    AppJson(b): AppJson<SaveLayout>,
) -> Result<Json<LayoutRow>, ApiError> {
    Ok(Json(
        layouts
            .change_layout(&actor, &id, &b.name, &b.layout)
            .await?,
    ))
}

/// `DELETE /api/layouts/{id}`: deletes one's own layout.
pub(super) async fn delete(
    State(layouts): State<Layouts>,
    Path(id): Path<String>,
    actor: Actor,
) -> Result<Json<Value>, ApiError> {
    layouts.delete_layout(&actor, &id).await?;
    Ok(Json(json!({"deleted": id})))
}
