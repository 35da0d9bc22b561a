//! The people concern's routes (issue #44): follow and block by name,
//! `POST`/`DELETE /api/people/{name}/follow` and `/block`,
//! `GET /api/people/following` and `/api/people/blocks` (the asker's
//! lists), `GET /api/people/{name}` (the asker's relation to a player, and
//! whether the player is online and playing); who is online,
//! `GET /api/online`; and the games being played now, `GET /api/watch`
//! (see `crate::people`, `crate::online`, `crate::watch` and
//! `docs/web-api.md`, "People"). Only accounts follow and block; names are
//! turned into account ids here.

use super::http::error::ApiError;
use super::http::session::MaybeSession;
use crate::accounts::{name_key, Accounts, Session};
use crate::online::Online;
use crate::people::{People, MAX_RELATIONS};
use crate::watch::{LiveGame, Watch};
use axum::extract::{Path, State};
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;
use tablero_core::{id, Message};

type Answer = Result<Json<Value>, ApiError>;

/// The logged-in session, or 401.
fn needed(s: Option<Session>) -> Result<Session, ApiError> {
    s.ok_or_else(|| ApiError::Unauthorized(Message::of(id!("api_not_logged_in"))))
}

/// The live account named `name`: its id, name and privacy; 404 if none.
async fn named(accounts: &Accounts, name: &str) -> Result<(String, String, bool), ApiError> {
    match accounts.find(&name_key(name)).await? {
        Some(f) => Ok((f.id, f.view.name, f.private)),
        None => Err(ApiError::NotFound(
            Message::of(id!("api_no_player")).text("name", name),
        )),
    }
}

/// A live game as a player's "playing now" shows it.
fn playing_of(g: Option<&LiveGame>) -> Value {
    g.map_or(Value::Null, |g| {
        json!({"id": g.id, "url": g.url, "game": g.game, "variant": g.variant, "clock": g.clock})
    })
}

/// Whether `account` (not private) is online, and the game it plays now.
async fn shown(
    online: &Online,
    watch: &Watch,
    account: &str,
    private: bool,
) -> Result<(bool, Value), ApiError> {
    if private {
        return Ok((false, Value::Null));
    }
    let on = online
        .which(&[account.to_string()])
        .await?
        .contains(account);
    let playing = watch.playing(account).await?;
    Ok((on, playing_of(playing.as_ref())))
}

/// `GET /api/people/{name}`: `{name, online, playing, following,
/// blocking}` (the last two: the asker's relation, false without a
/// session). A private profile shows neither online nor playing.
pub(super) async fn relation(
    State(accounts): State<Accounts>,
    State(people): State<People>,
    State(online): State<Arc<Online>>,
    State(watch): State<Watch>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
) -> Answer {
    let (them, name, private) = named(&accounts, &name).await?;
    let own = s.as_ref().is_some_and(|s| s.account == them);
    let (on, playing) = shown(&online, &watch, &them, private && !own).await?;
    let (following, blocking) = match &s {
        Some(s) => (
            people.follows(&s.account, &them).await?,
            people.blocking(&s.account).await?.contains(&them),
        ),
        None => (false, false),
    };
    Ok(Json(json!({
        "name": name,
        "online": on,
        "playing": playing,
        "following": following,
        "blocking": blocking,
        "own": own,
    })))
}

/// 400: the relation could not be added (oneself, or the most kept).
fn refused(which: &str) -> ApiError {
    ApiError::Invalid(
        Message::of(id!("api_relation_refused"))
            .text("relation", which)
            .num("max", MAX_RELATIONS),
    )
}

/// `POST /api/people/{name}/follow`: the asker follows `name`.
pub(super) async fn follow(
    State(accounts): State<Accounts>,
    State(people): State<People>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
) -> Answer {
    let s = needed(s)?;
    let (them, name, _) = named(&accounts, &name).await?;
    if people.blocked_between(&s.account, &them).await? || !people.follow(&s.account, &them).await?
    {
        return Err(refused("follow"));
    }
    Ok(Json(json!({"name": name, "following": true})))
}

/// `DELETE /api/people/{name}/follow`: the asker no longer follows `name`.
pub(super) async fn unfollow(
    State(accounts): State<Accounts>,
    State(people): State<People>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
) -> Answer {
    let s = needed(s)?;
    let (them, name, _) = named(&accounts, &name).await?;
    people.unfollow(&s.account, &them).await?;
    Ok(Json(json!({"name": name, "following": false})))
}

/// `POST /api/people/{name}/block`: the asker blocks `name` (and the
/// follows between the two end, both ways).
pub(super) async fn block(
    State(accounts): State<Accounts>,
    State(people): State<People>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
) -> Answer {
    let s = needed(s)?;
    let (them, name, _) = named(&accounts, &name).await?;
    if !people.block(&s.account, &them).await? {
        return Err(refused("block"));
    }
    Ok(Json(json!({"name": name, "blocking": true})))
}

/// `DELETE /api/people/{name}/block`: the asker no longer blocks `name`.
pub(super) async fn unblock(
    State(accounts): State<Accounts>,
    State(people): State<People>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
) -> Answer {
    let s = needed(s)?;
    let (them, name, _) = named(&accounts, &name).await?;
    people.unblock(&s.account, &them).await?;
    Ok(Json(json!({"name": name, "blocking": false})))
}

/// `GET /api/people/following`: the people the asker follows, in the
/// order followed: `{people: [{name, online, playing}]}`.
pub(super) async fn following(
    State(accounts): State<Accounts>,
    State(people): State<People>,
    State(online): State<Arc<Online>>,
    State(watch): State<Watch>,
    MaybeSession(s): MaybeSession,
) -> Answer {
    let s = needed(s)?;
    let ids = people.following(&s.account).await?;
    let names = accounts.names_of(&ids).await?;
    let on = online.which(&ids).await?;
    let live = watch.live().await?;
    let mut out = Vec::with_capacity(ids.len());
    for id in &ids {
        // A deleted account is left out.
        let Some((name, private)) = names.get(id) else {
            continue;
        };
        let playing = live
            .iter()
            .find(|g| g.players.iter().any(|p| p.account.as_ref() == Some(id)));
        out.push(json!({
            "name": name,
            "online": !private && on.contains(id),
            "playing": if *private { Value::Null } else { playing_of(playing) },
        }));
    }
    Ok(Json(json!({ "people": out })))
}

/// `GET /api/people/blocks`: the people the asker blocks, in the order
/// blocked: `{people: [{name}]}`.
pub(super) async fn blocks(
    State(accounts): State<Accounts>,
    State(people): State<People>,
    MaybeSession(s): MaybeSession,
) -> Answer {
    let s = needed(s)?;
    let ids = people.blocking(&s.account).await?;
    let names = accounts.names_of(&ids).await?;
    let out: Vec<Value> = ids
        .iter()
        .filter_map(|id| names.get(id))
        .map(|(name, _)| json!({ "name": name }))
        .collect();
    Ok(Json(json!({ "people": out })))
}

/// `GET /api/online`: `{online}`, the accounts with a page open, on every
/// process (as of the last heartbeat, at most two seconds old).
pub(super) async fn count(State(online): State<Arc<Online>>) -> Json<Value> {
    Json(json!({ "online": online.count() }))
}

/// `GET /api/watch`: the games being played now, best first, and the
/// featured game's id (the first; `null` when none is played).
pub(super) async fn watch(State(watch): State<Watch>) -> Answer {
    let live = watch.live().await?;
    Ok(Json(json!({
        "featured": live.first().map(|g| g.id.clone()),
        "games": *live,
    })))
}

/// `GET /api/people/{name}/history`: the player's rating after each rated
/// game, by pool: `{pools: [{pool, points: [{game, at, rating}]}]}`
/// (`game`: 1 for the first rated game in the pool; a point `game: 0`, the
/// rating the player started from, before the first). A private profile
/// answers 404, except to its owner, as the profile does.
pub(super) async fn history(
    State(accounts): State<Accounts>,
    State(ratings): State<crate::ratings::Ratings>,
    MaybeSession(s): MaybeSession,
    Path(name): Path<String>,
) -> Answer {
    let (them, _, private) = named(&accounts, &name).await?;
    if private && s.is_none_or(|s| s.account != them) {
        return Err(ApiError::NotFound(
            Message::of(id!("api_no_player")).text("name", &name),
        ));
    }
    let mut pools: Vec<Value> = Vec::new();
    let mut current: Option<(String, Vec<Value>)> = None;
    for (pool, n, at, before, after) in ratings.history(&them).await? {
        if current.as_ref().is_some_and(|(p, _)| *p != pool) {
            if let Some((p, points)) = current.take() {
                pools.push(json!({"pool": p, "points": points}));
            }
        }
        let points = &mut current.get_or_insert_with(|| (pool, Vec::new())).1;
        if n == 0 {
            points.push(json!({"game": 0, "at": at, "rating": before.round() as i64}));
        }
        points.push(json!({"game": n + 1, "at": at, "rating": after.round() as i64}));
    }
    if let Some((p, points)) = current {
        pools.push(json!({"pool": p, "points": points}));
    }
    Ok(Json(json!({ "pools": pools })))
}

/// `GET /api/online/ws`: the socket every page of the web app opens: its
/// session's account is online while it is open, and it hears
/// `{"type": "online", "online": N}` at once and whenever the count
/// changes. Messages from the page are read and ignored.
pub(super) async fn online_socket(
    presence: super::http::session::Presence,
    State(guards): State<crate::state::Guards>,
    super::http::extract::Peer(ip): super::http::extract::Peer,
    ws: axum::extract::ws::WebSocketUpgrade,
) -> axum::response::Response {
    use super::http::socket::{self, Heard, Socket};
    socket::limited(ws).on_upgrade(move |ws| async move {
        let _here = presence.arrive();
        let mut socket = Socket::new(ws, &guards, ip);
        let mut counts = presence.1.counts();
        loop {
            let n = *counts.borrow_and_update();
            if !socket
                .send_json(&json!({"type": "online", "online": n}))
                .await
            {
                return;
            }
            loop {
                tokio::select! {
                    wake = socket.wake() => match socket.handle(wake).await {
                        Heard::Gone => return,
                        Heard::Nothing | Heard::Text(_) => {}
                    },
                    changed = counts.changed() => {
                        if changed.is_err() {
                            return;
                        }
                        break;
                    }
                }
            }
        }
    })
}
