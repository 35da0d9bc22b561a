//! The puzzles concern's routes (`crate::puzzles`): `GET /api/puzzles/next?game=G&rating=R`
//! poses one near the player's rating, `POST /api/puzzles/{id}/answer`
//! judges a move and rates the try, `GET /api/puzzles/themes` counts them
//! by game, variant and theme.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::{browser_cookie, browser_of, over_https, MaybeSession, BROWSER_LEN};
use crate::puzzles::{sent_rating, Choice, Judged, Player, Posed, Puzzles, ThemeCount, MAX_SKIP};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, Uri};
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
/// the logged-in account's puzzle rating, else the browser's (its
/// `tablero_browser` cookie, set here when the request has none and no
/// session); never its answer or proof. `R` and `D` are checked and
/// ignored (older pages sent the rating they kept): the server keeps
/// every player's rating.
pub(super) async fn next(
    State(puzzles): State<Puzzles>,
    MaybeSession(session): MaybeSession,
    headers: HeaderMap,
    uri: Uri,
    Query(q): Query<HashMap<String, String>>,
) -> Result<(HeaderMap, Json<Posed>), ApiError> {
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
    let mut set = HeaderMap::new();
    let player = match (session, browser_of(&headers)) {
        (Some(s), _) => Player::Account(s.account),
        (None, Some(b)) => Player::Browser(b),
        (None, None) => {
            let b = crate::db::random_id(BROWSER_LEN);
            if let Some(v) = browser_cookie(&b, over_https(&headers, &uri)) {
                set.insert(header::SET_COOKIE, v);
            }
            Player::Browser(b)
        }
    };
    let posed = puzzles.next(&choice, Some(&player), sent).await?;
    Ok((set, Json(posed)))
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

/// `POST /api/puzzles/{id}/answer`: `{"move": M}`, from an account or a
/// browser with its `tablero_browser` cookie (else 400
/// `api_puzzle_no_player`): the try is counted first (rated if it is the
/// player's first of the puzzle), then right or wrong, the values of the
/// move and of the answer, the proof, and the player's puzzle rating. A
/// `rating` and `deviation` sent in the body (older pages) are checked and
/// ignored: the server keeps every player's rating.
pub(super) async fn answer(
    State(puzzles): State<Puzzles>,
    MaybeSession(session): MaybeSession,
    headers: HeaderMap,
    Path(id): Path<String>,
    AppJson(b): AppJson<AnswerBody>,
) -> Result<Json<Judged>, ApiError> {
    sent_rating(b.rating, b.deviation)?;
    let player = match (session, browser_of(&headers)) {
        (Some(s), _) => Some(Player::Account(s.account)),
        (None, Some(b)) => Some(Player::Browser(b)),
        (None, None) => None,
    };
    Ok(Json(puzzles.answer(&id, &b.text, player.as_ref()).await?))
}
