//! The bots concern's routes (issue #45; see `crate::bots` and
//! `docs/web-api.md`, "Bot API"). A person's routes, with the session
//! cookie: `GET` and `POST /api/bots` (their bots; a new one, with its
//! token), `POST` and `DELETE /api/bots/{name}/token` (a new token; none).
//! The bot's routes, with `Authorization: Bearer TOKEN` and never a
//! cookie: `GET /api/bot/account`, the two streams of lines of JSON
//! (`application/x-ndjson`: `GET /api/bot/stream/event`, `GET
//! /api/bot/game/stream/{id}`), `POST /api/bot/game/{id}/move/{mv}`,
//! `/resign`, `POST /api/bot/challenge/{id}/accept` and `/decline`, `POST
//! /api/bot/tournament/{id}/join` and `/withdraw` (a tournament that
//! admits bots).

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::MaybeSession;
use crate::accounts::Session;
use crate::bots::{BotAccount, BotError, BotView, Bots, WithToken};
use crate::challenges::ChallengeView;
use axum::body::Body;
use axum::extract::{FromRef, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use tablero_core::{id, Message};
use tokio::sync::mpsc;

type Answer<T> = Result<Json<T>, ApiError>;

/// The session, or 401.
fn logged_in(session: Option<Session>) -> Result<Session, ApiError> {
    session.ok_or_else(|| BotError::NoToken(Message::of(id!("api_bot_login"))).into())
}

/// The bot of the request's `Authorization: Bearer TOKEN` (a cookie is
/// never read here), or 401.
pub(super) struct Bot(BotAccount);

impl<S: Send + Sync> FromRequestParts<S> for Bot
where
    Bots: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .unwrap_or_default();
        Ok(Bot(Bots::from_ref(state).authenticate(token).await?))
    }
}

/// A new bot's name.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewBot {
    name: String,
}

/// `POST /api/bots`: `{"name"}`: a new bot account owned by the session's
/// account, and its token (shown this once).
pub(super) async fn create(
    State(bots): State<Bots>,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<NewBot>,
) -> Answer<WithToken> {
    let me = logged_in(session)?;
    Ok(Json(bots.create(&me.account, &b.name).await?))
}

/// `GET /api/bots`: `{"bots": [...]}`, the session's account's bots.
pub(super) async fn mine(
    State(bots): State<Bots>,
    MaybeSession(session): MaybeSession,
) -> Answer<Value> {
    let me = logged_in(session)?;
    Ok(Json(json!({ "bots": bots.list(&me.account).await? })))
}

/// `POST /api/bots/{name}/token`: a new token (the old one stops working).
pub(super) async fn new_token(
    State(bots): State<Bots>,
    MaybeSession(session): MaybeSession,
    Path(name): Path<String>,
) -> Answer<WithToken> {
    let me = logged_in(session)?;
    Ok(Json(bots.new_token(&me.account, &name).await?))
}

/// `DELETE /api/bots/{name}/token`: no token works until a new one.
pub(super) async fn revoke(
    State(bots): State<Bots>,
    MaybeSession(session): MaybeSession,
    Path(name): Path<String>,
) -> Answer<BotView> {
    let me = logged_in(session)?;
    Ok(Json(bots.revoke(&me.account, &name).await?))
}

/// `GET /api/bot/account`: `{"name", "bot": true}`.
pub(super) async fn account(Bot(bot): Bot) -> Json<Value> {
    Json(json!({"name": bot.name, "bot": true}))
}

/// An answer of lines of JSON, one per value `rx` gives (`null`: an empty
/// line, the keep-alive), for as long as it gives them.
fn ndjson(rx: mpsc::Receiver<Value>) -> Response {
    let lines = futures_util::stream::unfold(rx, |mut rx| async move {
        let v = rx.recv().await?;
        let line = if v.is_null() {
            "\n".to_string()
        } else {
            format!("{v}\n")
        };
        Some((Ok::<_, std::convert::Infallible>(line), rx))
    });
    let mut r = Body::from_stream(lines).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// Lines in flight per stream before the stream waits for its reader.
const BACKLOG: usize = 64;

/// `GET /api/bot/stream/event`: the bot's events, a line each.
pub(super) async fn events(State(bots): State<Bots>, Bot(bot): Bot) -> Response {
    let (tx, rx) = mpsc::channel(BACKLOG);
    tokio::spawn(async move { bots.events(bot, tx).await });
    ndjson(rx)
}

/// `GET /api/bot/game/stream/{id}`: the game, a line at each change.
pub(super) async fn game_stream(
    State(bots): State<Bots>,
    Bot(bot): Bot,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let feed = bots.open_game(&bot, &id).await?;
    let (tx, rx) = mpsc::channel(BACKLOG);
    tokio::spawn(feed.run(tx));
    Ok(ndjson(rx))
}

/// `POST /api/bot/game/{id}/move/{mv}`: `{"ok": true}` once committed.
pub(super) async fn play(
    State(bots): State<Bots>,
    Bot(bot): Bot,
    Path((id, mv)): Path<(String, String)>,
) -> Answer<Value> {
    bots.play(&bot, &id, &mv).await?;
    Ok(Json(json!({"ok": true})))
}

/// `POST /api/bot/game/{id}/resign`: `{"ok": true}` once committed.
pub(super) async fn resign(
    State(bots): State<Bots>,
    Bot(bot): Bot,
    Path(id): Path<String>,
) -> Answer<Value> {
    bots.resign(&bot, &id).await?;
    Ok(Json(json!({"ok": true})))
}

/// `POST /api/bot/challenge/{id}/accept`: the challenge, accepted, with
/// the game.
pub(super) async fn accept(
    State(bots): State<Bots>,
    Bot(bot): Bot,
    Path(id): Path<String>,
) -> Answer<ChallengeView> {
    Ok(Json(bots.accept(&bot, &id).await?))
}

/// A decline's body (may be empty).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Decline {
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/bot/challenge/{id}/decline`: `{"reason"}` (default
/// `generic`; one of the challenges' reasons).
pub(super) async fn decline(
    State(bots): State<Bots>,
    Bot(bot): Bot,
    Path(id): Path<String>,
    AppJson(body): AppJson<Decline>,
) -> Answer<ChallengeView> {
    let reason = body.reason.unwrap_or_else(|| "generic".into());
    Ok(Json(bots.decline(&bot, &id, &reason).await?))
}

/// `POST /api/bot/tournament/{id}/join`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TournamentJoin {
    #[serde(default)]
    link: Option<String>,
}

/// `POST /api/bot/tournament/{id}/join` `{"link"?}`: the bot joins a
/// tournament that admits bots (403 `api_tournament_no_bots` otherwise);
/// answers the tournament as the bot sees it.
pub(super) async fn tournament_join(
    State(t): State<crate::tournaments::Tournaments>,
    Bot(bot): Bot,
    Path(id): Path<String>,
    AppJson(body): AppJson<TournamentJoin>,
) -> Answer<crate::tournaments::TournamentView> {
    Ok(Json(
        t.join(&id, (&bot.id, &bot.name), body.link.as_deref())
            .await?,
    ))
}

/// `POST /api/bot/tournament/{id}/withdraw`: the bot leaves the
/// tournament.
pub(super) async fn tournament_withdraw(
    State(t): State<crate::tournaments::Tournaments>,
    Bot(bot): Bot,
    Path(id): Path<String>,
) -> Answer<crate::tournaments::TournamentView> {
    Ok(Json(t.leave(&id, &bot.id, "withdrawn").await?))
}
