//! The challenges concern's routes (issue #44): `POST /api/challenges`
//! (challenge a named player), `GET /api/challenges` (one's own, made and
//! received), `GET /api/challenges/{id}`, `POST /api/challenges/{id}/accept`,
//! `/decline` (`{"reason"}`) and `/cancel`, and who may challenge one:
//! `GET` and `POST /api/challenges/settings` (`{"who"}`). Every route needs
//! a logged-in account; each acts for the session's account only.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::MaybeSession;
use crate::accounts::{name_key, Accounts, Session};
use crate::challenges::{
    ChallengeError, ChallengeView, Challenges, Mine, NewChallenge, Party, Who,
};
use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use tablero_core::{id, Message};

type Answer<T> = Result<Json<T>, ApiError>;

/// The session, or 401: only accounts challenge and are challenged.
fn logged_in(session: Option<Session>) -> Result<Session, ApiError> {
    session.ok_or_else(|| ChallengeError::NoAccount(Message::of(id!("api_challenge_login"))).into())
}

/// `POST /api/challenges`: `{"to", "game", "variant", "clock", "colour",
/// "rated"}`.
pub(super) async fn make(
    State(challenges): State<Challenges>,
    State(accounts): State<Accounts>,
    State(bots): State<crate::bots::Bots>,
    MaybeSession(session): MaybeSession,
    AppJson(req): AppJson<NewChallenge>,
) -> Answer<ChallengeView> {
    let me = logged_in(session)?;
    // A private account is not found by others, as its profile is not.
    let to = match accounts.find(&name_key(&req.to)).await? {
        Some(a) if !a.private || a.id == me.account => a,
        _ => {
            return Err(ChallengeError::NoChallenge(
                Message::of(id!("api_no_player")).text("name", &req.to),
            )
            .into())
        }
    };
    // Bots play casual games only (#45, docs/rulings.md, "Bots").
    if req.rated && bots.any_bot(&[me.account.clone(), to.id.clone()]).await? {
        return Err(ChallengeError::Bad(
            Message::of(id!("api_bot_casual_only")).text("name", &to.view.name),
        )
        .into());
    }
    let from = Party {
        id: &me.account,
        name: &me.view.name,
    };
    let to = Party {
        id: &to.id,
        name: &to.view.name,
    };
    Ok(Json(challenges.make(from, to, &req).await?))
}

/// `GET /api/challenges`: `{"incoming", "outgoing"}`.
pub(super) async fn mine(
    State(challenges): State<Challenges>,
    MaybeSession(session): MaybeSession,
) -> Answer<Mine> {
    let me = logged_in(session)?;
    Ok(Json(challenges.mine(&me.account).await?))
}

/// `GET /api/challenges/{id}`.
pub(super) async fn one(
    State(challenges): State<Challenges>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
) -> Answer<ChallengeView> {
    let me = logged_in(session)?;
    Ok(Json(challenges.one(&id, &me.account).await?))
}

/// A body that must be empty or `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Empty {}

/// `POST /api/challenges/{id}/accept`: the challenge with the game, the
/// accepter's seat and token.
pub(super) async fn accept(
    State(challenges): State<Challenges>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    _: AppJson<Empty>,
) -> Answer<ChallengeView> {
    let me = logged_in(session)?;
    Ok(Json(challenges.accept(&id, &me.account).await?))
}

/// A decline's body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Decline {
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /api/challenges/{id}/decline`: `{"reason"}` (default `generic`).
pub(super) async fn decline(
    State(challenges): State<Challenges>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    AppJson(body): AppJson<Decline>,
) -> Answer<ChallengeView> {
    let me = logged_in(session)?;
    let reason = body.reason.unwrap_or_else(|| "generic".into());
    Ok(Json(challenges.decline(&id, &me.account, &reason).await?))
}

/// `POST /api/challenges/{id}/cancel`.
pub(super) async fn cancel(
    State(challenges): State<Challenges>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    _: AppJson<Empty>,
) -> Answer<ChallengeView> {
    let me = logged_in(session)?;
    Ok(Json(challenges.cancel(&id, &me.account).await?))
}

/// `GET /api/challenges/settings`: `{"who"}`.
pub(super) async fn settings(
    State(challenges): State<Challenges>,
    MaybeSession(session): MaybeSession,
) -> Answer<Value> {
    let me = logged_in(session)?;
    Ok(Json(json!({ "who": challenges.who(&me.account).await? })))
}

/// Who may challenge one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Settings {
    who: Who,
}

/// `POST /api/challenges/settings`: `{"who": "everyone" | "following" |
/// "nobody"}`.
pub(super) async fn set_settings(
    State(challenges): State<Challenges>,
    MaybeSession(session): MaybeSession,
    AppJson(body): AppJson<Settings>,
) -> Answer<Value> {
    let me = logged_in(session)?;
    challenges.set_who(&me.account, body.who).await?;
    Ok(Json(json!({ "who": body.who })))
}
