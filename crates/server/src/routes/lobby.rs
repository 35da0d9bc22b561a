//! The lobby: `GET /api/lobby` (the open seeks), `POST /api/lobby/seeks`
//! (post one), `DELETE /api/lobby/seeks/{id}` (its owner cancels it),
//! `POST /api/lobby/seeks/{id}/accept` (take it: the game is made),
//! `POST /api/lobby/play-now` (join the oldest compatible seek or post
//! one) and the lobby's socket `GET /api/lobby/ws` (the list at once and
//! on every change; `start` to an owner whose seek was taken).

use crate::accounts::MaybeSession;
use crate::error::{json_problem, message_body, ApiError};
use crate::extract::{AppJson, Peer, MAX_BODY};
use crate::hub::{Actor, HubError};
use crate::lobby::{Fate, Lobby, NewSeek, PlayNow, Posted, SeekView, Taken, HEARTBEAT};
use crate::state::{over_rate, Guards};
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use axum::Json;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tablero_core::Message as Said;

type Answer<T> = Result<Json<T>, ApiError>;

/// The tokens (here: seek secrets) of a request's `Authorization`.
fn secrets(actor: Actor) -> Vec<String> {
    match actor {
        Actor::Tokens(t) => t,
        Actor::Computer(_) => Vec::new(),
    }
}

/// The open seeks.
#[derive(Serialize)]
pub(super) struct SeekList {
    seeks: Vec<SeekView>,
}

/// `GET /api/lobby`: the open seeks, oldest first (`yours` marks those
/// whose secret the `Authorization` carries).
pub(super) async fn list(State(lobby): State<Arc<Lobby>>, actor: Actor) -> Answer<SeekList> {
    Ok(Json(SeekList {
        seeks: lobby.list(&secrets(actor)).await?,
    }))
}

/// `POST /api/lobby/seeks`: `{"game", "variant", "clock", "colour"}`.
pub(super) async fn post(
    State(lobby): State<Arc<Lobby>>,
    MaybeSession(session): MaybeSession,
    AppJson(req): AppJson<NewSeek>,
) -> Answer<Posted> {
    let account = session.map(|s| s.account);
    Ok(Json(lobby.post(&req, account.as_deref()).await?))
}

/// `DELETE /api/lobby/seeks/{id}`, the owner's secret as the bearer.
pub(super) async fn cancel(
    State(lobby): State<Arc<Lobby>>,
    Path(id): Path<String>,
    actor: Actor,
) -> Answer<Value> {
    lobby.cancel(&id, &secrets(actor)).await?;
    Ok(Json(json!({ "cancelled": id })))
}

/// A body that must be empty or `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Empty {}

/// `POST /api/lobby/seeks/{id}/accept`: the game, the taker's seat and
/// token.
pub(super) async fn accept(
    State(lobby): State<Arc<Lobby>>,
    Path(id): Path<String>,
    actor: Actor,
    MaybeSession(session): MaybeSession,
    _: AppJson<Empty>,
) -> Answer<Taken> {
    let account = session.map(|s| s.account);
    Ok(Json(
        lobby
            .accept(&id, &secrets(actor), account.as_deref())
            .await?,
    ))
}

/// `POST /api/lobby/play-now`: a seek's fields; joins or posts.
pub(super) async fn play_now(
    State(lobby): State<Arc<Lobby>>,
    actor: Actor,
    MaybeSession(session): MaybeSession,
    AppJson(req): AppJson<NewSeek>,
) -> Answer<PlayNow> {
    let account = session.map(|s| s.account);
    Ok(Json(
        lobby
            .play_now(&req, &secrets(actor), account.as_deref())
            .await?,
    ))
}

/// `GET /api/lobby/ws`.
pub(super) async fn upgrade(
    State(lobby): State<Arc<Lobby>>,
    State(guards): State<Guards>,
    Peer(ip): Peer,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        .on_upgrade(move |socket| run(socket, lobby, guards, ip))
}

/// Messages a lobby socket may send.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    /// The secrets of the seeks this socket's page owns.
    Hello { secrets: Vec<String> },
}

/// The most seeks one socket holds.
const MAX_HELD: usize = 8;

type Sender = futures_util::stream::SplitSink<WebSocket, Message>;

/// Sends `msg` as JSON text, or gives up (false) when the peer is gone or
/// does not take it within `within`.
async fn send(tx: &mut Sender, msg: &Value, within: Duration) -> bool {
    let text = Message::Text(msg.to_string().into());
    matches!(
        tokio::time::timeout(within, tx.send(text)).await,
        Ok(Ok(()))
    )
}

/// A seek this socket's owner holds: its secret and id.
struct Held {
    secret: String,
    id: String,
}

async fn run(socket: WebSocket, lobby: Arc<Lobby>, guards: Guards, ip: Option<IpAddr>) {
    let mut held = Vec::new();
    serve(socket, &lobby, &guards, ip, &mut held).await;
    // The owner left: the seeks only this socket held are cancelled.
    for h in held {
        lobby.release(&h.id, &h.secret).await;
    }
}

/// The list message, `yours` marking the seeks `held`.
async fn list_message(lobby: &Lobby, held: &[Held]) -> Value {
    let mine: Vec<String> = held.iter().map(|h| h.id.clone()).collect();
    match lobby.list(&mine).await {
        Ok(seeks) => json!({"type": "seeks", "seeks": seeks}),
        Err(e) => error_message(e),
    }
}

/// Tells the owner about its seeks taken (`start`) or gone (`gone`), and
/// stops holding those.
async fn fates(lobby: &Lobby, held: &mut Vec<Held>, tx: &mut Sender, within: Duration) -> bool {
    let mut i = 0;
    while i < held.len() {
        let msg = match lobby.fate(&held[i].secret).await {
            Ok((_, Fate::Open)) | Err(_) => None,
            Ok((_, Fate::Started(t))) => Some(json!({
                "type": "start", "seek": t.seek, "game": t.game, "seat": t.seat, "token": t.token,
            })),
            Ok((_, Fate::Gone)) => Some(json!({"type": "gone", "seek": held[i].id})),
        };
        match msg {
            None => i += 1,
            Some(m) => {
                let h = held.remove(i);
                lobby.release(&h.id, &h.secret).await;
                if !send(tx, &m, within).await {
                    return false;
                }
            }
        }
    }
    true
}

async fn serve(
    socket: WebSocket,
    lobby: &Lobby,
    guards: &Guards,
    ip: Option<IpAddr>,
    held: &mut Vec<Held>,
) {
    let (mut tx, mut rx) = socket.split();
    let mut changes = lobby.subscribe();
    let within = guards.ws_ping;
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + within, within);
    let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
    let mut heard = true;
    let mut send_list = true;
    loop {
        if send_list {
            send_list = false;
            if !fates(lobby, held, &mut tx, within).await {
                return;
            }
            let msg = list_message(lobby, held).await;
            if !send(&mut tx, &msg, within).await {
                return;
            }
        }
        tokio::select! {
            _ = ping.tick() => {
                if !heard {
                    return;
                }
                heard = false;
                let ping = tokio::time::timeout(within, tx.send(Message::Ping(Bytes::new())));
                if !matches!(ping.await, Ok(Ok(()))) {
                    return;
                }
            }
            _ = beat.tick() => {
                let ids: Vec<String> = held.iter().map(|h| h.id.clone()).collect();
                if let Err(e) = lobby.heartbeat(&ids).await {
                    tracing::warn!("lobby heartbeat: {e}");
                }
                // Seeks of others that lapsed leave the list.
                send_list = true;
            }
            change = changes.recv() => match change {
                Ok(()) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => send_list = true,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            },
            incoming = rx.next() => {
                heard = true;
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                    Some(Ok(_)) => continue,
                };
                if let (Some(limiter), Some(ip)) = (&guards.messages, ip) {
                    if let Some(wait) = over_rate(limiter, ip) {
                        let wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1);
                        let said = Said::new(
                            "api_ws_too_many",
                            format!("too many messages: wait {wait_ms} ms"),
                        )
                        .num("ms", wait_ms);
                        let mut reply = message_body(&said);
                        reply["type"] = json!("error");
                        reply["retry_after_ms"] = json!(wait_ms);
                        if !send(&mut tx, &reply, within).await {
                            return;
                        }
                        continue;
                    }
                }
                match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => {
                        let said = Said::new("api_ws_bad_message", format!("bad message: {e}"))
                            .msg("error", json_problem(&e));
                        let mut reply = message_body(&said);
                        reply["type"] = json!("error");
                        if !send(&mut tx, &reply, within).await {
                            return;
                        }
                    }
                    Ok(ClientMessage::Hello { secrets }) => {
                        for secret in secrets.into_iter().take(MAX_HELD) {
                            if held.len() >= MAX_HELD || held.iter().any(|h| h.secret == secret) {
                                continue;
                            }
                            match lobby.fate(&secret).await {
                                Ok((Some(id), _)) => {
                                    lobby.hold(&id);
                                    held.push(Held { secret, id });
                                }
                                Ok((None, _)) => {}
                                Err(e) => tracing::warn!("lobby hello: {e}"),
                            }
                        }
                        // Holding keeps them alive from now on.
                        let ids: Vec<String> = held.iter().map(|h| h.id.clone()).collect();
                        let _ = lobby.heartbeat(&ids).await;
                        send_list = true;
                    }
                }
            }
        }
    }
}

/// A failure's error message, as the HTTP answer's body.
fn error_message(e: HubError) -> Value {
    let mut m = ApiError::from(e).body();
    m["type"] = json!("error");
    m
}
