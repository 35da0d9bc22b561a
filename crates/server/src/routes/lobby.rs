//! The lobby concern's routes: `GET /api/lobby` (the open seeks), `POST /api/lobby/seeks`
//! (post one), `DELETE /api/lobby/seeks/{id}` (its owner cancels it),
//! `POST /api/lobby/seeks/{id}/accept` (take it: the game is made),
//! `POST /api/lobby/play-now` (join the oldest compatible seek or post
//! one) and the lobby's socket `GET /api/lobby/ws` (the list at once and
//! on every change; `start` to an owner whose seek was taken).

use super::http::error::ApiError;
use super::http::extract::{AppJson, Peer};
use super::http::session::{MaybeSession, Presence};
use super::http::socket::{self, Heard, Socket};
use crate::accounts::Session;
use crate::games::Actor;
use crate::lobby::{
    Face, Fate, Lobby, LobbyError, NewSeek, PlayNow, Posted, SeekView, Taken, HEARTBEAT,
};
use crate::ratings::Ratings;
use crate::state::Guards;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

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

/// The face of a logged-in player: name and ratings.
async fn face(ratings: &Ratings, session: Option<Session>) -> Result<Option<Face>, ApiError> {
    let Some(s) = session else { return Ok(None) };
    let ratings = ratings
        .of_account(&s.account)
        .await?
        .into_iter()
        .map(|(pool, r, _)| {
            #[allow(clippy::cast_possible_truncation)]
            let rating = r.rating.round() as i64;
            (pool, rating, r.provisional())
        })
        .collect();
    Ok(Some(Face {
        account: s.account,
        name: s.view.name,
        ratings,
    }))
}

/// The client's address, as the per-client caps key it.
fn address(ip: Option<std::net::IpAddr>) -> String {
    ip.map_or_else(|| "unknown".into(), |ip| ip.to_string())
}

/// `POST /api/lobby/seeks`: `{"game", "variant", "clock", "colour",
/// "rated", "min_rating", "max_rating"}`.
pub(super) async fn post(
    State(lobby): State<Arc<Lobby>>,
    State(ratings): State<Ratings>,
    MaybeSession(session): MaybeSession,
    Peer(ip): Peer,
    AppJson(req): AppJson<NewSeek>,
) -> Answer<Posted> {
    let face = face(&ratings, session).await?;
    Ok(Json(lobby.post(&req, face.as_ref(), &address(ip)).await?))
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
    State(ratings): State<Ratings>,
    Path(id): Path<String>,
    actor: Actor,
    MaybeSession(session): MaybeSession,
    _: AppJson<Empty>,
) -> Answer<Taken> {
    let face = face(&ratings, session).await?;
    Ok(Json(
        lobby.accept(&id, &secrets(actor), face.as_ref()).await?,
    ))
}

/// `POST /api/lobby/play-now`: a seek's fields; joins or posts.
pub(super) async fn play_now(
    State(lobby): State<Arc<Lobby>>,
    State(ratings): State<Ratings>,
    actor: Actor,
    MaybeSession(session): MaybeSession,
    Peer(ip): Peer,
    AppJson(req): AppJson<NewSeek>,
) -> Answer<PlayNow> {
    let face = face(&ratings, session).await?;
    Ok(Json(
        lobby
            .play_now(&req, &secrets(actor), face.as_ref(), &address(ip))
            .await?,
    ))
}

/// `GET /api/lobby/ws`.
pub(super) async fn upgrade(
    State(lobby): State<Arc<Lobby>>,
    State(guards): State<Guards>,
    presence: Presence,
    Peer(ip): Peer,
    ws: WebSocketUpgrade,
) -> Response {
    socket::limited(ws).on_upgrade(move |ws| async move {
        // The session's account is online while the socket is open (#44).
        let _here = presence.arrive();
        run(Socket::new(ws, &guards, ip), lobby).await;
    })
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

/// A seek this socket's owner holds: its secret and id.
struct Held {
    secret: String,
    id: String,
}

async fn run(socket: Socket, lobby: Arc<Lobby>) {
    let mut held = Vec::new();
    serve(socket, &lobby, &mut held).await;
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
async fn fates(lobby: &Lobby, held: &mut Vec<Held>, socket: &mut Socket) -> bool {
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
                if !socket.send_json(&m).await {
                    return false;
                }
            }
        }
    }
    true
}

async fn serve(mut socket: Socket, lobby: &Lobby, held: &mut Vec<Held>) {
    let mut changes = lobby.subscribe();
    let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
    let mut send_list = true;
    loop {
        if send_list {
            send_list = false;
            if !fates(lobby, held, &mut socket).await {
                return;
            }
            let msg = list_message(lobby, held).await;
            if !socket.send_json(&msg).await {
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
                match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => {
                        if !socket.send_json(&socket::bad_message(&e)).await {
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
            _ = beat.tick() => {
                let ids: Vec<String> = held.iter().map(|h| h.id.clone()).collect();
                if let Err(e) = lobby.heartbeat(&ids).await {
                    tracing::warn!("lobby heartbeat: {e}");
                }
                // Seeks of others that lapsed leave the list.
                send_list = true;
            }
            change = changes.recv() => match change {
                Ok(()) | Err(RecvError::Lagged(_)) => send_list = true,
                Err(RecvError::Closed) => return,
            },
        }
    }
}

/// A failure's error message, as the HTTP answer's body.
fn error_message(e: LobbyError) -> Value {
    socket::refusal(e)
}
