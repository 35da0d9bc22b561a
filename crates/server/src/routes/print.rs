//! The routes of the printed material and the rules pages: each game's
//! print-and-play kit as PDF (`GET /api/print/{game}.pdf`), Super
//! Dimensiones' cards as SVG (`GET /api/cards/{n}.svg`), and the rules
//! pages (`GET /api/rules/{game}?lang=`): the page for players in the
//! chosen language and the developer page as its details (see
//! docs/web-api.md).

use super::http::error::ApiError;
use crate::games::catalog as games;
use axum::extract::{Path, Query};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;
use tablero_ai::table::{open_or_why, Seat};
use tablero_core::{id, Message, Player};
use tablero_print::{Face, Lang, Options, Paper};

type Params = Query<HashMap<String, String>>;

/// 400: parameter `name` cannot be `value`; `choices` lists the values it
/// can be.
fn bad_param(name: &str, value: &str, choices: &str) -> ApiError {
    ApiError::Invalid(
        Message::of(id!("api_bad_parameter"))
            .text("name", name)
            .text("value", value)
            .text("choices", choices),
    )
}

/// The language asked for (`lang=es|en`, English when absent).
fn lang_of(q: &HashMap<String, String>) -> Result<Lang, ApiError> {
    q.get("lang")
        .filter(|s| !s.is_empty())
        .map_or(Ok(Lang::En), |s| {
            tablero_print::parse_lang(s).map_err(|_| bad_param("lang", s, "en, es"))
        })
}

/// The part of `file` before `.ext`, or a 404 naming the form expected.
fn stem<'a>(file: &'a str, ext: &str, example: &str) -> Result<&'a str, ApiError> {
    file.strip_suffix(ext)
        .filter(|s| !s.is_empty())
        .ok_or_else(|| {
            ApiError::NotFound(
                Message::of(id!("api_no_file"))
                    .text("file", file)
                    .text("example", example),
            )
        })
}

/// 404: no card `n`.
fn no_card(n: &str) -> ApiError {
    ApiError::NotFound(Message::of(id!("api_no_card")).text("card", n))
}

/// `GET /api/rules/{game}?lang=en|es`: the page for players in `lang`
/// (`markdown`) and the developer page (`details`, English).
pub(super) async fn rules(
    Path(game): Path<String>,
    Query(q): Params,
) -> Result<Json<Value>, ApiError> {
    let info = games::find(&game).ok_or_else(|| ApiError::NotFound(games::no_such_game(&game)))?;
    let lang = lang_of(&q)?;
    Ok(Json(json!({
        "game": game,
        "lang": lang.code(),
        "markdown": info.play.get(lang.code()),
        "details": info.rules,
    })))
}

/// `GET /api/cards/{n}.svg?face=red|blue&lang=en|es`: one face of one of
/// Super Dimensiones' cards, drawn by tablero-print as in the printed kit.
pub(super) async fn card(Path(file): Path<String>, Query(q): Params) -> Result<Response, ApiError> {
    let n = stem(&file, ".svg", "/api/cards/1.svg to /api/cards/5.svg")?;
    let number: u8 = n
        .parse()
        .ok()
        .filter(|n| (1..=5).contains(n))
        .ok_or_else(|| no_card(n))?;
    let face: Face = q.get("face").map_or(Ok(Face::Red), |s| {
        s.parse().map_err(|_| bad_param("face", s, "red, blue"))
    })?;
    let lang = lang_of(&q)?;
    let svg = tablero_print::cards::card_svg(number, face, lang).ok_or_else(|| no_card(n))?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=3600"),
            ),
        ],
        svg,
    )
        .into_response())
}

/// `GET /api/print/{game}.pdf?lang=&paper=&variant=`: the game's
/// print-and-play kit, as `tablero print` writes it.
pub(super) async fn kit(Path(file): Path<String>, Query(q): Params) -> Result<Response, ApiError> {
    let game = stem(&file, ".pdf", "/api/print/GAME.pdf")?.to_string();
    if games::find(&game).is_none() {
        return Err(ApiError::NotFound(games::no_such_game(&game)));
    }
    let lang = lang_of(&q)?;
    let paper: Paper = q
        .get("paper")
        .filter(|s| !s.is_empty())
        .map_or(Ok(Paper::A4), |s| {
            s.parse().map_err(|_| bad_param("paper", s, "a4, letter"))
        })?;
    let variant = q.get("variant").filter(|s| !s.is_empty()).cloned();
    // A variant the game cannot read is refused with the game's reason.
    if let Some(v) = &variant {
        open_or_why(&game, Some(v), None, Player::P1, [Seat::Person; 2])
            .map_err(ApiError::Invalid)?;
    }
    let options = Options { paper, lang };
    let name = game.clone();
    let pdf = tokio::task::spawn_blocking(move || {
        let kit = tablero_print::kit_named(&name, variant.as_deref(), &options).map_err(|e| {
            ApiError::Internal(crate::db::Fault::new(format!("printing {name}: {e}")))
        })?;
        kit.to_pdf()
            .map_err(|e| ApiError::Internal(crate::db::Fault::new(format!("printing {name}: {e}"))))
    })
    .await
    .map_err(|e| ApiError::Internal(crate::db::Fault::new(format!("printing {game}: {e}"))))??;
    let disposition = format!(
        "attachment; filename=\"tablero-{game}-{}-{}.pdf\"",
        lang.code(),
        paper
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/pdf"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition)
                    .map_err(|e| ApiError::Internal(crate::db::Fault::new(format!("{e}"))))?,
            ),
        ],
        pdf,
    )
        .into_response())
}
