//! A game's WebSocket: the state at once and after every change, and
//! actions from the socket (see `docs/web-api.md`).

use crate::error::{json_problem, message_body, ApiError};
use crate::extract::{Peer, MAX_BODY};
use crate::hub::{Action, Actor, DrawAction, Hub, HubError};
use crate::state::{over_rate, Guards};
use axum::body::Bytes;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tablero_core::Message as Said;
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

/// Refused messages in a row after which a socket going over the rate is
/// closed (1008).
const STRIKES: u32 = 20;

/// Bytes read from a socket at a time.
const READ_BUFFER: usize = 4096;

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
    // A small read buffer: clients send short messages, and the socket
    // library zeroes the free part of its buffer before each read (with
    // the default 128 KiB that was the server's largest cost per move).
    ws.max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| run(socket, hub, id, guards, ip, account))
}

type Sender = futures_util::stream::SplitSink<WebSocket, Message>;

/// Sends `msg`, or gives up (false) when the peer is gone or does not take
/// it within `within`.
async fn send(tx: &mut Sender, msg: Message, within: Duration) -> bool {
    matches!(tokio::time::timeout(within, tx.send(msg)).await, Ok(Ok(())))
}

type Receiver = futures_util::stream::SplitStream<WebSocket>;

/// How long a closing socket waits for the peer's answering close.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Says why in an error message (`code` and `args` of `locales/*/web.ftl`,
/// which the page can show), closes the socket with `code` and the reason's
/// English text (a close frame's reason has at most 123 bytes), then reads
/// (and drops) what the peer still sends until its answering close, for
/// at most [`CLOSE_WAIT`]: a socket closed with unread data is reset, and
/// the peer would never read the close frame and its code.
async fn close(tx: &mut Sender, rx: &mut Receiver, code: u16, reason: &Said, within: Duration) {
    let mut said = message_body(reason);
    said["type"] = json!("error");
    said["close"] = json!(code);
    if !send(tx, Message::Text(said.to_string().into()), within).await {
        return;
    }
    let frame = CloseFrame {
        code,
        reason: reason.as_str().into(),
    };
    if !send(tx, Message::Close(Some(frame)), within).await {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_WAIT.min(within), async {
        while let Some(Ok(m)) = rx.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Whether a read error is a message over the size limit.
fn too_long(e: axum::Error) -> bool {
    matches!(
        e.into_inner().downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(_))
    )
}

/// Serves a game's socket; `account` is the seats' tokens the upgrade's
/// session cookie holds (they count before and after any hello).
async fn run(
    socket: WebSocket,
    hub: Arc<Hub>,
    id: String,
    guards: Guards,
    ip: Option<IpAddr>,
    account: Vec<String>,
) {
    let (mut tx, mut rx) = socket.split();
    let Ok(mut changes) = hub.subscribe(&id).await else {
        return;
    };
    let within = guards.ws_ping;
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + within, within);
    // Whether the peer sent anything (a pong at least) since the last ping.
    let mut heard = true;
    let mut strikes = 0;
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
            if !send(&mut tx, Message::Text(msg.into()), within).await {
                return;
            }
        }
        tokio::select! {
            _ = ping.tick() => {
                if !heard {
                    return;
                }
                heard = false;
                if !send(&mut tx, Message::Ping(Bytes::new()), within).await {
                    return;
                }
            }
            change = changes.recv() => match change {
                Ok(()) | Err(RecvError::Lagged(_)) => send_state = true,
                Err(RecvError::Closed) => return,
            },
            incoming = rx.next() => {
                heard = true;
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let reason = Said::new("api_ws_binary", "messages are JSON text");
                        close(&mut tx, &mut rx, close_code::UNSUPPORTED, &reason, within).await;
                        return;
                    }
                    Some(Err(e)) => {
                        if too_long(e) {
                            let reason = Said::new(
                                "api_ws_too_long",
                                format!("a message is at most {MAX_BODY} bytes"),
                            )
                            .num("bytes", MAX_BODY);
                            close(&mut tx, &mut rx, close_code::SIZE, &reason, within).await;
                        }
                        return;
                    }
                    Some(Ok(Message::Close(_))) | None => return,
                    Some(Ok(_)) => continue,
                };
                if let (Some(limiter), Some(ip)) = (&guards.messages, ip) {
                    if let Some(wait) = over_rate(limiter, ip) {
                        strikes += 1;
                        if strikes > STRIKES {
                            let reason = Said::new("api_ws_closed_too_many", "too many messages");
                            close(&mut tx, &mut rx, close_code::POLICY, &reason, within).await;
                            return;
                        }
                        let mid = serde_json::from_str::<Value>(&text)
                            .ok()
                            .and_then(|v| v.get("id").cloned());
                        let wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1);
                        let said = Said::new(
                            "api_ws_too_many",
                            format!("too many messages: wait {wait_ms} ms"),
                        )
                        .num("ms", wait_ms);
                        let mut reply = message_body(&said);
                        reply["type"] = json!("error");
                        reply["id"] = mid.unwrap_or(Value::Null);
                        reply["retry_after_ms"] = json!(wait_ms);
                        if !send(&mut tx, Message::Text(reply.to_string().into()), within).await {
                            return;
                        }
                        continue;
                    }
                }
                strikes = 0;
                let reply = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => {
                        let said = Said::new("api_ws_bad_message", format!("bad message: {e}"))
                            .msg("error", json_problem(&e));
                        let mut reply = message_body(&said);
                        reply["type"] = json!("error");
                        Some(reply)
                    }
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
                    if !send(&mut tx, Message::Text(r.to_string().into()), within).await {
                        return;
                    }
                }
            }
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
    let mut m = ApiError::from(e).body();
    m["type"] = json!("error");
    m["id"] = id.unwrap_or(Value::Null);
    m
}
