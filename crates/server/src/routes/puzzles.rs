//! The puzzles concern's routes (`crate::puzzles`): `GET /api/puzzles/next?game=G&rating=R`
//! poses one near the player's rating, `POST /api/puzzles/{id}/answer`
//! judges a move and rates the try, `GET /api/puzzles/themes` counts them
//! by game, variant and theme.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::MaybeSession;
use crate::puzzles::{sent_rating, Choice, Judged, Posed, Puzzles, ThemeCount, MAX_SKIP};
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::Deserialize;
use std::collections::HashMap;
use tablero_core::{id, Message};

/// A number parameter of the query, if given.
fn number(q: &HashMap<String, String>, name: &str) -> Result<Option<f64>, ApiError> {
    let Some(text) = q.get(name) else {
        return Ok(None);
    };
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(Some(v)),
        _ => Err(ApiError::Invalid(
            Message::of(id!("api_puzzle_bad_number"))
                .text("name", name)
                .text("value", text.as_str()),
        )),
    }
}

/// `GET /api/puzzles/next?game=G[&variant=V&theme=T&skip=ID,...&rating=R&deviation=D]`:
/// a puzzle of `G` (of that variant and theme, not one of `skip`) near
/// the logged-in account's puzzle rating, else `R` (1500 if not given);
/// never its answer or proof.
pub(super) async fn next(
    State(puzzles): State<Puzzles>,
    MaybeSession(session): MaybeSession,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<Posed>, ApiError> {
    let Some(game) = q.get("game") else {
        return Err(ApiError::Invalid(Message::of(id!("api_puzzle_no_game"))));
    };
    let given = |name: &str| q.get(name).filter(|v| !v.is_empty()).cloned();
    let choice = Choice {
        game: game.clone(),
        variant: given("variant"),
        theme: given("theme"),
        skip: given("skip").map_or_else(Vec::new, |s| {
            s.split(',').take(MAX_SKIP).map(str::to_string).collect()
        }),
    };
    let sent = sent_rating(number(&q, "rating")?, number(&q, "deviation")?)?;
    let account = session.as_ref().map(|s| s.account.as_str());
    Ok(Json(puzzles.next(&choice, account, sent).await?))
}

/// `GET /api/puzzles/themes`: how many puzzles are stored of each offered
/// game's variants and themes (the page's themes picker).
pub(super) async fn themes(
    State(puzzles): State<Puzzles>,
) -> Result<Json<Vec<ThemeCount>>, ApiError> {
    Ok(Json(puzzles.themes().await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AnswerBody {
    #[serde(rename = "move")]
    text: String,
    rating: Option<f64>,
    deviation: Option<f64>,
}

/// `POST /api/puzzles/{id}/answer`: `{"move": M}` (and, not logged in,
/// the player's `rating` and `deviation`): right or wrong, the values of
/// the move and of the answer, the proof, and the new puzzle rating.
pub(super) async fn answer(
    State(puzzles): State<Puzzles>,
    MaybeSession(session): MaybeSession,
    Path(id): Path<String>,
    AppJson(b): AppJson<AnswerBody>,
) -> Result<Json<Judged>, ApiError> {
    let sent = sent_rating(b.rating, b.deviation)?;
    let account = session.as_ref().map(|s| s.account.as_str());
    Ok(Json(puzzles.answer(&id, &b.text, account, sent).await?))
}
