//! What every WebSocket of the API shares, a game's (`routes/games.rs`) and
//! the lobby's (`routes/lobby.rs`): the upgrade's limits, the ping and the
//! peer's answer, the message rate, sends that give up, and the closes
//! that say why (see `docs/web-api.md`, "Limits").
//!
//! A socket's task selects on [`Socket::wake`] (cancel safe) and its own
//! sources of news, then hands what woke it to [`Socket::handle`], which
//! answers pings and refusals itself and gives the task only the text
//! messages it should read:
//!
//! ```ignore
//! loop {
//!     tokio::select! {
//!         wake = socket.wake() => match socket.handle(wake).await {
//!             Heard::Gone => return,
//!             Heard::Nothing => {}
//!             Heard::Text(text) => { /* parse and answer it */ }
//!         },
//!         change = changes.recv() => { /* send the news */ }
//!     }
//! }
//! ```

use super::error::{json_problem, message_body, ApiError};
use super::extract::MAX_BODY;
use crate::state::{over_rate, Guards, Limiter};
use axum::body::Bytes;
use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::time::Duration;
use tablero_core::id;
use tablero_core::Message as Said;
use tokio::time::{Instant, Interval};

/// Refused messages in a row after which a socket going over the rate is
/// closed (1008).
const STRIKES: u32 = 20;

/// Bytes read from a socket at a time.
const READ_BUFFER: usize = 4096;

/// How long a closing socket waits for the peer's answering close.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// `ws` with the limits every socket has: a message or frame of at most
/// [`MAX_BODY`] bytes, and a small read buffer (clients send short
/// messages, and the socket library zeroes the free part of its buffer
/// before each read: with the default 128 KiB that was the server's
/// largest cost per move).
pub(crate) fn limited(ws: WebSocketUpgrade) -> WebSocketUpgrade {
    ws.max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        .read_buffer_size(READ_BUFFER)
}

/// What woke a socket's task on the socket's side: its ping timer or
/// something from the peer.
pub(crate) enum Wake {
    Ping,
    Read(Option<Result<Message, axum::Error>>),
}

/// What [`Socket::handle`] leaves to the task.
pub(crate) enum Heard {
    /// A text message within the rate, to read.
    Text(Utf8Bytes),
    /// Nothing to do (a pong, a ping sent, a refusal answered).
    Nothing,
    /// The peer is gone or the socket closed: the task ends.
    Gone,
}

/// One WebSocket of the API, its peer and its limits.
pub(crate) struct Socket {
    tx: SplitSink<WebSocket, Message>,
    rx: SplitStream<WebSocket>,
    /// The ping interval, also how long a send may wait for the peer.
    within: Duration,
    ping: Interval,
    /// Whether the peer sent anything (a pong at least) since the last ping.
    heard: bool,
    /// Messages over the rate in a row.
    strikes: u32,
    limiter: Option<Limiter>,
    ip: Option<IpAddr>,
}

impl Socket {
    /// `socket` from `ip` under `guards`' ping interval and message rate.
    pub(crate) fn new(socket: WebSocket, guards: &Guards, ip: Option<IpAddr>) -> Socket {
        let (tx, rx) = socket.split();
        let within = guards.ws_ping;
        Socket {
            tx,
            rx,
            within,
            ping: tokio::time::interval_at(Instant::now() + within, within),
            heard: true,
            strikes: 0,
            limiter: guards.messages.clone(),
            ip,
        }
    }

    /// Waits for the ping timer or the peer. Cancel safe: nothing is lost
    /// when another branch of a `select!` wins.
    pub(crate) async fn wake(&mut self) -> Wake {
        tokio::select! {
            _ = self.ping.tick() => Wake::Ping,
            read = self.rx.next() => Wake::Read(read),
        }
    }

    /// Acts on `wake`: pings (or gives up on a peer that did not answer
    /// the last ping), closes the socket for a binary message (1003), one
    /// over [`MAX_BODY`] (1009) or too many over the rate (1008), answers
    /// a message over the rate, and hands on the text messages within it.
    pub(crate) async fn handle(&mut self, wake: Wake) -> Heard {
        let read = match wake {
            Wake::Ping => {
                if !self.heard {
                    return Heard::Gone;
                }
                self.heard = false;
                return self.gone_unless(Message::Ping(Bytes::new())).await;
            }
            Wake::Read(read) => read,
        };
        self.heard = true;
        let text = match read {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Binary(_))) => {
                let reason = Said::of(id!("api_ws_binary"));
                self.close(close_code::UNSUPPORTED, &reason).await;
                return Heard::Gone;
            }
            Some(Err(e)) => {
                if too_long(e) {
                    let reason = Said::of(id!("api_ws_too_long")).num("bytes", MAX_BODY);
                    self.close(close_code::SIZE, &reason).await;
                }
                return Heard::Gone;
            }
            Some(Ok(Message::Close(_))) | None => return Heard::Gone,
            Some(Ok(_)) => return Heard::Nothing,
        };
        let wait = match (&self.limiter, self.ip) {
            (Some(limiter), Some(ip)) => over_rate(limiter, ip),
            _ => None,
        };
        let Some(wait) = wait else {
            self.strikes = 0;
            return Heard::Text(text);
        };
        self.strikes += 1;
        if self.strikes > STRIKES {
            let reason = Said::of(id!("api_ws_closed_too_many"));
            self.close(close_code::POLICY, &reason).await;
            return Heard::Gone;
        }
        let id = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v.get("id").cloned());
        let wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1);
        let said = Said::of(id!("api_ws_too_many")).num("ms", wait_ms);
        let mut reply = error(&said);
        reply["id"] = id.unwrap_or(Value::Null);
        reply["retry_after_ms"] = json!(wait_ms);
        self.gone_unless_sent(&reply).await
    }

    /// Sends `msg`, or gives up (false) when the peer is gone or does not
    /// take it within the ping interval.
    async fn send(&mut self, msg: Message) -> bool {
        matches!(
            tokio::time::timeout(self.within, self.tx.send(msg)).await,
            Ok(Ok(()))
        )
    }

    async fn gone_unless(&mut self, msg: Message) -> Heard {
        if self.send(msg).await {
            Heard::Nothing
        } else {
            Heard::Gone
        }
    }

    async fn gone_unless_sent(&mut self, msg: &Value) -> Heard {
        self.gone_unless(Message::Text(msg.to_string().into()))
            .await
    }

    /// Sends `text` (JSON already written), or gives up (false) when the
    /// peer is gone or does not take it in time.
    pub(crate) async fn send_text(&mut self, text: String) -> bool {
        self.send(Message::Text(text.into())).await
    }

    /// Sends `msg` as JSON text, or gives up (false) when the peer is gone
    /// or does not take it in time.
    pub(crate) async fn send_json(&mut self, msg: &Value) -> bool {
        self.send_text(msg.to_string()).await
    }

    /// Says why in an error message (`code` and `args` of
    /// `locales/*/web.ftl`, which the page can show), closes the socket
    /// with `code` and the reason's English text (a close frame's reason
    /// has at most 123 bytes), then reads (and drops) what the peer still
    /// sends until its answering close, for at most [`CLOSE_WAIT`]: a
    /// socket closed with unread data is reset, and the peer would never
    /// read the close frame and its code.
    async fn close(&mut self, code: u16, reason: &Said) {
        let mut said = error(reason);
        said["close"] = json!(code);
        if !self.send_json(&said).await {
            return;
        }
        let frame = CloseFrame {
            code,
            reason: reason.as_str().into(),
        };
        if !self.send(Message::Close(Some(frame))).await {
            return;
        }
        let rx = &mut self.rx;
        let _ = tokio::time::timeout(CLOSE_WAIT.min(self.within), async {
            while let Some(Ok(m)) = rx.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
}

/// Whether a read error is a message over the size limit.
fn too_long(e: axum::Error) -> bool {
    matches!(
        e.into_inner().downcast_ref::<tungstenite::Error>(),
        Some(tungstenite::Error::Capacity(_))
    )
}

/// `said` as a socket's error message: `{"type": "error", "error", "code",
/// "args"}`.
pub(crate) fn error(said: &Said) -> Value {
    let mut m = message_body(said);
    m["type"] = json!("error");
    m
}

/// The error message for a message the socket could not read.
pub(crate) fn bad_message(e: &serde_json::Error) -> Value {
    error(&Said::of(id!("api_ws_bad_message")).msg("error", json_problem(e)))
}

/// A refusal's error message, as the HTTP answer's body.
pub(crate) fn refusal(e: impl Into<ApiError>) -> Value {
    let mut m = e.into().body();
    m["type"] = json!("error");
    m
}
