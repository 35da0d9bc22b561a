//! A game's WebSocket: the state at once and after every change, and
//! actions from the socket (see `docs/web-api.md`).

use crate::error::ApiError;
use crate::extract::Peer;
use crate::hub::{Action, Actor, DrawAction, Hub, HubError};
use crate::socket::{self, Heard, Socket};
use crate::state::Guards;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

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
    /// Asks the server's time (the page corrects its clocks' display by
    /// it and half the round trip).
    Time {
        id: Option<Value>,
    },
}

/// `GET /api/games/ID/ws`.
pub(super) async fn upgrade(
    State(hub): State<Arc<Hub>>,
    State(guards): State<Guards>,
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
    socket::limited(ws).on_upgrade(move |ws| run(Socket::new(ws, &guards, ip), hub, id, account))
}

/// Serves a game's socket; `account` is the seats' tokens the upgrade's
/// session cookie holds (they count before and after any hello).
async fn run(mut socket: Socket, hub: Arc<Hub>, id: String, account: Vec<String>) {
    let Ok(mut changes) = hub.subscribe(&id).await else {
        return;
    };
    let mut actor = Actor::Tokens(account.clone());
    // The seats this socket's tokens hold count as connected while it lives.
    let mut presence = Vec::with_capacity(1);
    if !account.is_empty() {
        presence.extend(hub.hello(&id, &actor).await.ok());
    }
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
                        send_state = true;
                        None
                    }
                    Ok(ClientMessage::Time { id }) => Some(json!({
                        "type": "time",
                        "id": id,
                        "now": crate::store::now_ms(),
                    })),
                    Ok(msg) => {
                        let (action, mid) = match msg {
                            ClientMessage::Move { text, ply, id } => (Action::Move { text, ply }, id),
                            ClientMessage::Undo { id } => (Action::Undo, id),
                            ClientMessage::Claim { id } => (Action::Claim, id),
                            ClientMessage::Resign { id } => (Action::Resign, id),
                            ClientMessage::Draw { action, id } => (Action::Draw(action), id),
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
    game: &'a crate::hub::GameState,
}

/// A refused action's error message, as the HTTP answer's body.
fn error_message(e: HubError, id: Option<Value>) -> Value {
    let mut m = socket::refusal(e);
    m["id"] = id.unwrap_or(Value::Null);
    m
}
