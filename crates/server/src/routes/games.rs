//! The games concern's routes: the catalog, games, and what players do:
//! `POST /api/games`, `GET /api/games/{id}`, one route per action
//! (`/move`, `/undo`, `/claim`, `/resign`, `/draw`, `/rematch`, `/hint`),
//! a seat taken by the logged-in account (`/seats/{seat}/claim`), the
//! review, `POST /api/my-games`, and a game's WebSocket
//! (`GET /api/games/{id}/ws`: the state at once and after every change,
//! and actions from the socket).

use super::http::error::ApiError;
use super::http::extract::{AppJson, Peer};
use super::http::session::{session_of, MaybeSession, Presence};
use super::http::socket::{self, Heard, Socket};
use crate::accounts::Accounts;
use crate::games::{
    Action, Actor, Created, DrawAction, GameError, GameList, GameState, Hint, Hub, NewGame,
    Rematch, SeatKind,
};
use crate::reviews::{self, Reviews};
use crate::state::Guards;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use tablero_core::{id, Message};
use tokio::sync::broadcast::error::RecvError;

type Answer<T> = Result<Json<T>, ApiError>;

/// `GET /api/catalog`: every game the app offers.
pub(super) async fn catalog() -> Json<Value> {
    Json(json!({"games": crate::games::catalog::catalog()}))
}

/// `POST /api/games`: a new game; the creator's seats (`human`) are also
/// their account's when they are logged in, bound in the transaction that
/// creates the game. `"rated": true` asks for a rated game, refused (400)
/// when it cannot be one (no account, no clock, ...).
pub(super) async fn create(
    State(hub): State<Arc<Hub>>,
    MaybeSession(session): MaybeSession,
    AppJson(mut req): AppJson<NewGame>,
) -> Answer<Created> {
    if let Some(s) = &session {
        for (seat, spec) in req.seats.iter().enumerate() {
            if spec.kind == SeatKind::Human {
                req.accounts[seat] = Some(s.account.clone());
            }
        }
    }
    Ok(Json(hub.create(req).await?))
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
    Ok(Json(hub.read(&id, &actor, q.ply).await?))
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
    State(reviews): State<Arc<Reviews>>,
    Path(id): Path<String>,
) -> Answer<reviews::Answer> {
    Ok(Json(reviews.get(&id, false).await?))
}

/// `POST /api/games/{id}/review`: the same, starting the review if it is
/// neither made nor being made.
pub(super) async fn start_review(
    State(reviews): State<Arc<Reviews>>,
    Path(id): Path<String>,
    _: AppJson<Empty>,
) -> Answer<reviews::Answer> {
    Ok(Json(reviews.get(&id, true).await?))
}

/// `POST /api/games/{id}/seats/{seat}/claim`: the seat, held by the
/// request's token (`Authorization: Bearer`), becomes the logged-in
/// account's (the game page asks first: "play this seat as NAME?").
pub(super) async fn claim_seat(
    State(hub): State<Arc<Hub>>,
    State(accounts): State<Accounts>,
    Path((id, seat)): Path<(String, usize)>,
    MaybeSession(session): MaybeSession,
    actor: Actor,
    _: AppJson<Empty>,
) -> Answer<GameState> {
    let Some(s) = session else {
        return Err(ApiError::Unauthorized(Message::of(id!(
            "api_not_logged_in"
        ))));
    };
    let tokens = match &actor {
        Actor::Tokens(t) => t.clone(),
        Actor::Computer(_) => Vec::new(),
    };
    accounts.claim_seat(&s.account, &id, seat, &tokens).await?;
    Ok(Json(hub.state(&id, &actor, None).await?))
}

/// The actions, for the 404 of any other.
const ACTIONS: &str =
    "move, undo, claim, resign, draw, abort, takeback, notes, rematch, hint, review, seats";

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
    State(accounts): State<Accounts>,
    headers: axum::http::HeaderMap,
    AppJson(t): AppJson<TokensBody>,
) -> Answer<GameList> {
    let mut tokens = t.tokens;
    // Logged in: the account's seats too, from whatever device.
    if let Some(session) = session_of(&accounts, &headers).await? {
        let room = 200_usize.saturating_sub(tokens.len());
        for token in accounts
            .all_seat_tokens(&session.account, i64::try_from(room).unwrap_or(0))
            .await?
        {
            if !tokens.contains(&token) {
                tokens.push(token);
            }
        }
    }
    Ok(Json(hub.my_games(tokens).await?))
}

/// Messages a socket may send.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ClientMessage {
    Hello {
        tokens: Vec<String>,
    },
    Move {
        #[serde(rename = "move")]
        text: String,
        ply: Option<usize>,
        id: Option<Value>,
    },
    Undo {
        id: Option<Value>,
    },
    Claim {
        id: Option<Value>,
    },
    Resign {
        id: Option<Value>,
    },
    Draw {
        action: DrawAction,
        id: Option<Value>,
    },
    Abort {
        id: Option<Value>,
    },
    Takeback {
        action: DrawAction,
        id: Option<Value>,
    },
    /// Asks the server's time (the page corrects its clocks' display by
    /// it and half the round trip).
    Time {
        id: Option<Value>,
    },
}

/// `GET /api/games/ID/ws`: a game's socket.
pub(super) async fn upgrade(
    State(hub): State<Arc<Hub>>,
    State(guards): State<Guards>,
    presence: Presence,
    Path(id): Path<String>,
    Peer(ip): Peer,
    actor: Actor,
    ws: WebSocketUpgrade,
) -> Response {
    let account = match actor {
        Actor::Tokens(t) => t,
        Actor::Computer(_) => Vec::new(),
    };
    // Refuse a socket for a game that does not exist before upgrading.
    if let Err(e) = hub.subscribe(&id).await {
        return ApiError::from(e).into_response();
    }
    socket::limited(ws).on_upgrade(move |ws| async move {
        // The session's account is online while the socket is open, and
        // the socket counts as a spectator while it holds no seat (#44).
        let here = presence.arrive();
        run(Socket::new(ws, &guards, ip), hub, id, account, here).await;
    })
}

/// Serves a game's socket; `account` is the seats' tokens the upgrade's
/// session cookie holds (they count before and after any hello).
async fn run(
    mut socket: Socket,
    hub: Arc<Hub>,
    id: String,
    account: Vec<String>,
    mut here: crate::online::Here,
) {
    let Ok(mut changes) = hub.subscribe(&id).await else {
        return;
    };
    let mut actor = Actor::Tokens(account.clone());
    // The seats this socket's tokens hold count as connected while it lives.
    let mut presence: Vec<crate::games::Presence> = Vec::with_capacity(1);
    if !account.is_empty() {
        presence.extend(hub.hello(&id, &actor).await.ok());
    }
    here.spectating(&id, !presence.iter().any(|p| p.holds_a_seat()));
    let mut send_state = true;
    loop {
        if send_state {
            send_state = false;
            // Written straight to text: the state's board, moves and legal
            // moves are already JSON, shared by every watcher.
            let msg = match hub.state(&id, &actor, None).await {
                Ok(game) => serde_json::to_string(&StateMessage {
                    kind: "state",
                    game: &game,
                })
                .expect("a state serializes"),
                Err(e) => error_message(e, None).to_string(),
            };
            if !socket.send_text(msg).await {
                return;
            }
        }
        tokio::select! {
            wake = socket.wake() => {
                let text = match socket.handle(wake).await {
                    Heard::Text(text) => text,
                    Heard::Nothing => continue,
                    Heard::Gone => return,
                };
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(socket::bad_message(&e)),
                    Ok(ClientMessage::Hello { tokens }) => {
                        let mut held: Vec<String> = tokens.into_iter().take(8).collect();
                        for t in &account {
                            if !held.contains(t) {
                                held.push(t.clone());
                            }
                        }
                        actor = Actor::Tokens(held);
                        presence.clear();
                        presence.extend(hub.hello(&id, &actor).await.ok());
                        here.spectating(&id, !presence.iter().any(|p| p.holds_a_seat()));
                        send_state = true;
                        None
                    }
                    Ok(ClientMessage::Time { id }) => Some(json!({
                        "type": "time",
                        "id": id,
                        "now": crate::db::now_ms(),
                    })),
                    Ok(msg) => {
                        let (action, mid) = match msg {
                            ClientMessage::Move { text, ply, id } => (Action::Move { text, ply }, id),
                            ClientMessage::Undo { id } => (Action::Undo, id),
                            ClientMessage::Claim { id } => (Action::Claim, id),
                            ClientMessage::Resign { id } => (Action::Resign, id),
                            ClientMessage::Draw { action, id } => (Action::Draw(action), id),
                            ClientMessage::Abort { id } => (Action::Abort, id),
                            ClientMessage::Takeback { action, id } => {
                                (Action::Takeback(action), id)
                            }
                            ClientMessage::Hello { .. } | ClientMessage::Time { .. } => {
                                unreachable!("handled above")
                            }
                        };
                        Some(match hub.act_quietly(&id, &actor, action).await {
                            Ok(_) => json!({"type": "ack", "id": mid}),
                            Err(e) => error_message(e, mid),
                        })
                    }
                };
                if let Some(r) = reply {
                    if !socket.send_json(&r).await {
                        return;
                    }
                }
            }
            change = changes.recv() => match change {
                Ok(()) | Err(RecvError::Lagged(_)) => send_state = true,
                Err(RecvError::Closed) => return,
            },
        }
    }
}

/// The message that carries a game's state to a socket.
#[derive(Serialize)]
struct StateMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    game: &'a GameState,
}

/// A refused action's error message, as the HTTP answer's body.
fn error_message(e: GameError, id: Option<Value>) -> Value {
    let mut m = socket::refusal(e);
    m["id"] = id.unwrap_or(Value::Null);
    m
}

#[cfg(test)]
mod tests {
    /// The size of the future `f` returns, without calling it.
    fn future_size<F, A, B, C, D, E, R>(_: &F) -> usize
    where
        F: Fn(A, B, C, D, E) -> R,
    {
        std::mem::size_of::<R>()
    }

    /// A game's socket task lives as long as its socket, so its future's
    /// size is held for every open socket: the move's path (about 8.5 KiB)
    /// is boxed where it is awaited, not carried inline (it was: 9.6 KiB
    /// a socket, docs/web-api.md's load figures).
    #[test]
    fn a_game_sockets_task_is_small() {
        let size = future_size(&super::run);
        assert!(size <= 4096, "a game socket's task holds {size} bytes");
    }
}
