//! The catalog, games, and what players do: `POST /api/games`,
//! `GET /api/games/{id}`, one route per action (`/move`, `/undo`,
//! `/claim`, `/resign`, `/draw`, `/rematch`, `/hint`) and
//! `POST /api/my-games`.

use crate::accounts::{self, MaybeSession};
use crate::error::ApiError;
use crate::extract::AppJson;
use crate::hub::Rematch;
use crate::hub::{Action, Actor, Created, DrawAction, GameList, GameState, Hint, Hub, NewGame};
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tablero_core::{id, Message};

type Answer<T> = Result<Json<T>, ApiError>;

/// `GET /api/catalog`: every game the app offers.
pub(super) async fn catalog() -> Json<Value> {
    Json(json!({"games": crate::games::catalog()}))
}

/// `POST /api/games`: a new game; the creator's seats are also their
/// account's when they are logged in.
pub(super) async fn create(
    State(hub): State<Arc<Hub>>,
    MaybeSession(session): MaybeSession,
    AppJson(req): AppJson<NewGame>,
) -> Answer<Created> {
    let created = hub.create(req).await?;
    if let Some(s) = session {
        accounts::take_seats(&hub, &s.account, created.tokens.values()).await?;
    }
    Ok(Json(created))
}

#[derive(Deserialize)]
pub(super) struct PlyQuery {
    ply: Option<usize>,
}

/// `GET /api/games/{id}[?ply=N]`: the game as the actor sees it.
pub(super) async fn state(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<PlyQuery>,
    actor: Actor,
) -> Answer<GameState> {
    Ok(Json(hub.state(&id, &actor, q.ply).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveBody {
    #[serde(rename = "move")]
    text: String,
    ply: Option<usize>,
}

/// A body that must be empty or `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Empty {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DrawBody {
    action: DrawAction,
}

/// `POST /api/games/{id}/move`: `{"move": TEXT, "ply": N}`.
pub(super) async fn play(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
    AppJson(m): AppJson<MoveBody>,
) -> Answer<GameState> {
    let action = Action::Move {
        text: m.text,
        ply: m.ply,
    };
    Ok(Json(hub.act(&id, &actor, action).await?))
}

/// `POST /api/games/{id}/undo`, `/claim` and `/resign`: an action with no
/// body of its own (a JSON body, if any, is not read further); the route
/// names the action.
pub(super) async fn bare(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
    _: AppJson<IgnoredAny>,
    action: Action,
) -> Answer<GameState> {
    Ok(Json(hub.act(&id, &actor, action).await?))
}

/// `POST /api/games/{id}/draw`: `{"action": "offer"|"accept"|"decline"}`.
pub(super) async fn draw(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
    AppJson(b): AppJson<DrawBody>,
) -> Answer<GameState> {
    Ok(Json(hub.act(&id, &actor, Action::Draw(b.action)).await?))
}

/// `POST /api/games/{id}/rematch`: offer or accept a rematch.
pub(super) async fn rematch(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
    _: AppJson<Empty>,
) -> Answer<Rematch> {
    Ok(Json(hub.rematch(&id, &actor).await?))
}

/// `POST /api/games/{id}/hint`: the top level's move for the actor.
pub(super) async fn hint(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    actor: Actor,
    _: AppJson<Empty>,
) -> Answer<Hint> {
    Ok(Json(hub.hint(&id, &actor).await?))
}

/// `GET /api/games/{id}/review`: the finished game's review, if made or
/// being made (`{"state": "none"}` otherwise).
pub(super) async fn review(
    State(hub): State<Arc<Hub>>,
    State(reviews): State<Arc<crate::reviews::Reviews>>,
    Path(id): Path<String>,
) -> Answer<crate::reviews::Answer> {
    Ok(Json(reviews.get(&hub, &id, false).await?))
}

/// `POST /api/games/{id}/review`: the same, starting the review if it is
/// neither made nor being made.
pub(super) async fn start_review(
    State(hub): State<Arc<Hub>>,
    State(reviews): State<Arc<crate::reviews::Reviews>>,
    Path(id): Path<String>,
    _: AppJson<Empty>,
) -> Answer<crate::reviews::Answer> {
    Ok(Json(reviews.get(&hub, &id, true).await?))
}

/// The actions, for the 404 of any other.
const ACTIONS: &str = "move, undo, claim, resign, draw, rematch, hint, review";

/// `POST /api/games/{id}/{other}`: 404 naming the actions.
pub(super) async fn no_action(Path((_, other)): Path<(String, String)>) -> ApiError {
    ApiError::NotFound(
        Message::of(id!("api_no_action"))
            .text("action", other)
            .text("actions", ACTIONS),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TokensBody {
    tokens: Vec<String>,
}

/// `POST /api/my-games`: `{"tokens": [...]}`: the games they hold seats in.
pub(super) async fn mine(
    State(hub): State<Arc<Hub>>,
    headers: axum::http::HeaderMap,
    AppJson(t): AppJson<TokensBody>,
) -> Answer<GameList> {
    let mut tokens = t.tokens;
    // Logged in: the account's seats too, from whatever device.
    if let Some(session) = crate::accounts::session_of(&hub, &headers).await? {
        let room = 200_usize.saturating_sub(tokens.len());
        for token in crate::accounts::all_seat_tokens(
            &hub,
            &session.account,
            i64::try_from(room).unwrap_or(0),
        )
        .await?
        {
            if !tokens.contains(&token) {
                tokens.push(token);
            }
        }
    }
    Ok(Json(hub.my_games(tokens).await?))
}
