//! The chat concern's routes (#44): a game's chat
//! (`GET /api/games/{id}/chat`, `POST /api/games/{id}/chat`, and its
//! socket `GET /api/games/{id}/chat/ws`), mutes (`GET /api/chat/mutes`,
//! `POST /api/chat/mute`, `POST /api/chat/unmute`), reports
//! (`POST /api/chat/reports`), and the moderators' routes
//! (`GET /api/moderation/reports`, `POST /api/moderation/lines/{id}/hide`,
//! `POST /api/moderation/marks`).

use super::http::error::ApiError;
use super::http::extract::{AppJson, Peer};
use super::http::session::{same_origin, MaybeSession};
use super::http::socket::{self, Heard, Socket};
use crate::accounts::{Accounts, Session};
use crate::chat::{Asker, Chat, ChatView, LineView, NewReport, Note, Room, Who};
use crate::events::ChatEvent;
use crate::games::Actor;
use crate::state::Guards;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRef, FromRequestParts};
use axum::extract::{Path, State};
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

type Answer<T> = Result<Json<T>, ApiError>;

/// Who asks: the seats' tokens (the bearer's, and the seats the session's
/// account holds in the game) and the session's account.
fn asker(actor: Actor, session: Option<Session>) -> Asker {
    Asker {
        tokens: match actor {
            Actor::Tokens(t) => t,
            Actor::Computer(_) => Vec::new(),
        },
        account: session.map(|s| (s.account, s.view.name)),
    }
}

/// `GET /api/games/{id}/chat`: the game's chat as the asker sees it.
pub(super) async fn view(
    State(chat): State<Chat>,
    Path(id): Path<String>,
    actor: Actor,
    MaybeSession(session): MaybeSession,
) -> Answer<ChatView> {
    let mut who = chat.who(&id, &asker(actor, session)).await?;
    Ok(Json(chat.view(&mut who).await?))
}

/// A line to say.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SayBody {
    room: Room,
    text: String,
}

/// The line said.
#[derive(Serialize)]
pub(super) struct Said {
    line: LineView,
}

/// `POST /api/games/{id}/chat`: `{"room": "players"|"spectators", "text"}`;
/// answered once the line is committed.
pub(super) async fn say(
    State(chat): State<Chat>,
    Path(id): Path<String>,
    actor: Actor,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<SayBody>,
) -> Answer<Said> {
    let who = chat.who(&id, &asker(actor, session)).await?;
    Ok(Json(Said {
        line: chat.say(&who, b.room, &b.text).await?,
    }))
}

/// A player named.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NameBody {
    name: String,
}

/// `GET /api/chat/mutes`: the names the logged-in account mutes.
pub(super) async fn mutes(
    State(chat): State<Chat>,
    MaybeSession(session): MaybeSession,
) -> Answer<Value> {
    let names = chat
        .mutes(&asker(Actor::Tokens(Vec::new()), session))
        .await?;
    Ok(Json(json!({ "muted": names })))
}

/// `POST /api/chat/mute` and `/unmute`: `{"name"}`.
pub(super) async fn mute(
    State(chat): State<Chat>,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<NameBody>,
    muted: bool,
) -> Answer<Value> {
    let a = asker(Actor::Tokens(Vec::new()), session);
    chat.mute(&a, &b.name, muted).await?;
    Ok(Json(json!({ "name": b.name, "muted": muted })))
}

/// `POST /api/chat/reports`: `{"line"?, "player"?, "reason", "note"?}`.
pub(super) async fn report(
    State(chat): State<Chat>,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<NewReport>,
) -> Answer<Value> {
    let id = chat
        .report(&asker(Actor::Tokens(Vec::new()), session), &b)
        .await?;
    Ok(Json(json!({ "report": id })))
}

/// `GET /api/moderation/reports`: the latest reports (moderators only).
pub(super) async fn reports(
    State(chat): State<Chat>,
    MaybeSession(session): MaybeSession,
) -> Answer<Value> {
    let list = chat
        .reports(&asker(Actor::Tokens(Vec::new()), session))
        .await?;
    Ok(Json(json!({ "reports": list })))
}

/// A body that must be empty or `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Empty {}

/// `POST /api/moderation/lines/{id}/hide`: the line is gone for everyone.
pub(super) async fn hide(
    State(chat): State<Chat>,
    Path(id): Path<String>,
    MaybeSession(session): MaybeSession,
    _: AppJson<Empty>,
) -> Answer<Value> {
    chat.hide(&asker(Actor::Tokens(Vec::new()), session), &id)
        .await?;
    Ok(Json(json!({ "hidden": id })))
}

/// An account to mark or unmark.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MarkBody {
    name: String,
    marked: bool,
}

/// `POST /api/moderation/marks`: `{"name", "marked"}`.
pub(super) async fn mark(
    State(chat): State<Chat>,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<MarkBody>,
) -> Answer<Value> {
    let name = chat
        .mark(
            &asker(Actor::Tokens(Vec::new()), session),
            &b.name,
            b.marked,
        )
        .await?;
    Ok(Json(json!({ "name": name, "marked": b.marked })))
}

/// `GET /api/games/{id}/chat/ws`: the chat at once (`chat`), then each
/// line as it is said (`line`), each line hidden (`hidden`), and the
/// whole chat again when what the viewer reads changes (the game ended,
/// an account marked).
pub(super) async fn upgrade(
    State(chat): State<Chat>,
    State(guards): State<Guards>,
    Path(id): Path<String>,
    Peer(ip): Peer,
    actor: Actor,
    SiteSession(session): SiteSession,
    ws: WebSocketUpgrade,
) -> Response {
    let a = asker(actor, session);
    let who = match chat.who(&id, &a).await {
        Ok(w) => w,
        Err(e) => return ApiError::from(e).into_response(),
    };
    socket::limited(ws).on_upgrade(move |ws| run(Socket::new(ws, &guards, ip), chat, a, who))
}

/// The session of a socket's upgrade from this site's pages; none from
/// another site's (a page there cannot read an account's chat; the seats
/// its cookie holds are so counted by `Actor` too).
pub(super) struct SiteSession(Option<Session>);

impl<S: Send + Sync> FromRequestParts<S> for SiteSession
where
    Accounts: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if !same_origin(&parts.headers) {
            return Ok(SiteSession(None));
        }
        let MaybeSession(s) = MaybeSession::from_request_parts(parts, state).await?;
        Ok(SiteSession(s))
    }
}

/// Messages a chat socket may send.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMessage {
    /// The seats' tokens this page holds.
    Hello { tokens: Vec<String> },
}

/// The whole chat message.
async fn whole(chat: &Chat, who: &mut Who) -> Value {
    match chat.view(who).await {
        Ok(v) => json!({"type": "chat", "chat": v}),
        Err(e) => socket::refusal(e),
    }
}

async fn run(mut socket: Socket, chat: Chat, mut asker: Asker, mut who: Who) {
    let mut notes = chat.watch(&who.game);
    let game = who.game.clone();
    let mut send_all = true;
    loop {
        if send_all {
            send_all = false;
            if let Ok(w) = chat.who(&game, &asker).await {
                who = w;
            }
            let msg = whole(&chat, &mut who).await;
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
                    Ok(ClientMessage::Hello { tokens }) => {
                        for t in tokens.into_iter().take(8) {
                            if !asker.tokens.contains(&t) {
                                asker.tokens.push(t);
                            }
                        }
                        send_all = true;
                    }
                }
            }
            note = notes.recv() => {
                let msg = match note.as_deref() {
                    Ok(Note::Chat(ChatEvent::Said(line))) => match chat.shown(&mut who, line).await {
                        Ok(true) => Some(json!({"type": "line", "line": Chat::line_view(&who, line)})),
                        Ok(false) => None,
                        Err(e) => Some(socket::refusal(e)),
                    },
                    Ok(Note::Chat(ChatEvent::Hidden { id, .. })) => {
                        Some(json!({"type": "hidden", "id": id}))
                    }
                    Ok(Note::Chat(ChatEvent::Marked { .. }) | Note::Ended)
                    | Err(RecvError::Lagged(_)) => {
                        send_all = true;
                        None
                    }
                    Err(RecvError::Closed) => return,
                };
                if let Some(m) = msg {
                    if !socket.send_json(&m).await {
                        return;
                    }
                }
            }
        }
    }
}
