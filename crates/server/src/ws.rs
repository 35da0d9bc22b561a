//! A game's WebSocket: the state at once and after every change, and
//! actions from the socket (see `docs/web-api.md`).

use crate::hub::{Action, Actor, ApiError, DrawAction, Hub};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
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
}

/// `GET /api/games/ID/ws`.
pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    // Refuse a socket for a game that does not exist before upgrading.
    if let Err(e) = hub.subscribe(&id).await {
        return e.into_response();
    }
    ws.max_message_size(crate::api::MAX_BODY)
        .on_upgrade(move |socket| run(socket, hub, id))
}

async fn run(socket: WebSocket, hub: Arc<Hub>, id: String) {
    let (mut tx, mut rx) = socket.split();
    let Ok(mut changes) = hub.subscribe(&id).await else {
        return;
    };
    let mut actor = Actor::Tokens(Vec::new());
    let mut send_state = true;
    loop {
        if send_state {
            send_state = false;
            let msg = match hub.state(&id, &actor, None).await {
                Ok(state) => json!({"type": "state", "game": state}),
                Err(e) => json!({"type": "error", "error": e.to_string()}),
            };
            if tx
                .send(Message::Text(msg.to_string().into()))
                .await
                .is_err()
            {
                return;
            }
        }
        tokio::select! {
            change = changes.recv() => match change {
                Ok(()) | Err(RecvError::Lagged(_)) => send_state = true,
                Err(RecvError::Closed) => return,
            },
            incoming = rx.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => continue,
                };
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => Some(json!({"type": "error", "error": format!("bad message: {e}")})),
                    Ok(ClientMessage::Hello { tokens }) => {
                        actor = Actor::Tokens(tokens.into_iter().take(8).collect());
                        send_state = true;
                        None
                    }
                    Ok(msg) => {
                        let (action, mid) = match msg {
                            ClientMessage::Move { text, ply, id } => (Action::Move { text, ply }, id),
                            ClientMessage::Undo { id } => (Action::Undo, id),
                            ClientMessage::Claim { id } => (Action::Claim, id),
                            ClientMessage::Resign { id } => (Action::Resign, id),
                            ClientMessage::Draw { action, id } => (Action::Draw(action), id),
                            ClientMessage::Hello { .. } => unreachable!("handled above"),
                        };
                        Some(match hub.act(&id, &actor, action).await {
                            Ok(_) => json!({"type": "ack", "id": mid}),
                            Err(e) => error_message(&e, mid),
                        })
                    }
                };
                if let Some(r) = reply {
                    if tx.send(Message::Text(r.to_string().into())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}

fn error_message(e: &ApiError, id: Option<Value>) -> Value {
    json!({"type": "error", "id": id, "error": e.to_string()})
}
