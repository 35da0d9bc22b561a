//! The notices socket, `GET /api/notices/ws` (issues #42 and #44): one per
//! page, telling its owner at once, on any process, of a move or an end in
//! a game where they hold a seat and of their challenges (see
//! `crate::notices`). Its owner is the account of the session cookie (a
//! cookie is believed only on a handshake from this server's own pages)
//! and the seats of the tokens the page sends in a `hello`.

use super::http::extract::Peer;
use super::http::session::{same_origin, MaybeSession};
use super::http::socket::{self, Heard, Socket};
use crate::events::Bus;
use crate::games::Hub;
use crate::notices::{Listener, MAX_SEATS};
use crate::state::Guards;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// `GET /api/notices/ws`.
pub(super) async fn upgrade(
    State(hub): State<Arc<Hub>>,
    State(bus): State<Arc<Bus>>,
    State(guards): State<Guards>,
    MaybeSession(session): MaybeSession,
    headers: HeaderMap,
    Peer(ip): Peer,
    ws: WebSocketUpgrade,
) -> Response {
    // A page of another site could open this socket with the reader's
    // cookie: its notices are not for that page.
    let account = session.filter(|_| same_origin(&headers)).map(|s| s.account);
    socket::limited(ws).on_upgrade(move |ws| {
        serve(
            Socket::new(ws, &guards, ip),
            hub,
            bus,
            Listener::new(account),
        )
    })
}

/// Messages a notices socket may send.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    /// The seat tokens this page holds (again when it holds new ones).
    Hello { tokens: Vec<String> },
}

async fn serve(mut socket: Socket, hub: Arc<Hub>, bus: Arc<Bus>, mut listener: Listener) {
    let mut notices = bus.notices();
    let mut missed = bus.missed();
    let ready = json!({"type": "ready", "account": listener.has_account(), "seats": 0});
    if !socket.send_json(&ready).await {
        return;
    }
    loop {
        tokio::select! {
            wake = socket.wake() => {
                let text = match socket.handle(wake).await {
                    Heard::Text(text) => text,
                    Heard::Nothing => continue,
                    Heard::Gone => return,
                };
                let msg = match serde_json::from_str::<ClientMessage>(&text) {
                    Err(e) => socket::bad_message(&e),
                    Ok(ClientMessage::Hello { tokens }) => {
                        let tokens: Vec<String> = tokens.into_iter().take(MAX_SEATS).collect();
                        match hub.seats_of_tokens(&tokens, None).await {
                            Ok(seats) => {
                                for (game, seat, _) in seats {
                                    listener.hold(&game, seat);
                                }
                                json!({
                                    "type": "ready",
                                    "account": listener.has_account(),
                                    "seats": listener.seats(),
                                })
                            }
                            Err(e) => socket::refusal(e),
                        }
                    }
                };
                if !socket.send_json(&msg).await {
                    return;
                }
            }
            notice = notices.recv() => match notice {
                Ok(n) => {
                    if let Some(msg) = listener.message(&n) {
                        if !socket.send_json(&msg).await {
                            return;
                        }
                    }
                }
                Err(RecvError::Lagged(_)) => {
                    if !socket.send_json(&json!({"type": "resync"})).await {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            changed = missed.changed() => {
                if changed.is_err() || !socket.send_json(&json!({"type": "resync"})).await {
                    return;
                }
            }
        }
    }
}
