//! The mail concern's routes, email notices of correspondence games
//! (`crate::mail`): a browser leaves an address for the seats it holds,
//! asks which address they have, or stops the messages; an unsubscribe
//! link works without any token.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use crate::mail::Mail;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Html;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use tablero_core::Message;
use tablero_i18n::{id, Lang};

/// A request naming the browser's seat tokens.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Tokens {
    tokens: Vec<String>,
}

/// `POST /api/notify`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Subscribe {
    email: String,
    #[serde(default)]
    lang: Option<String>,
    tokens: Vec<String>,
}

/// `POST /api/notify/status`: whether the server sends mail, and the
/// address the tokens' seats lead to.
pub(super) async fn status(
    State(mail): State<Mail>,
    AppJson(b): AppJson<Tokens>,
) -> Result<Json<Value>, ApiError> {
    let email = mail.address_of(&b.tokens).await?;
    Ok(Json(json!({"mail": mail.on(), "email": email})))
}

/// `POST /api/notify`: messages about the tokens' seats go to `email`.
pub(super) async fn subscribe(
    State(mail): State<Mail>,
    AppJson(b): AppJson<Subscribe>,
) -> Result<Json<Value>, ApiError> {
    let lang = b.lang.as_deref().and_then(Lang::parse).unwrap_or_default();
    let email = mail.subscribe(&b.email, lang, &b.tokens).await?;
    Ok(Json(json!({"mail": true, "email": email})))
}

/// `POST /api/notify/stop`: no more messages about the tokens' seats.
pub(super) async fn stop(
    State(mail): State<Mail>,
    AppJson(b): AppJson<Tokens>,
) -> Result<Json<Value>, ApiError> {
    mail.forget_tokens(&b.tokens).await?;
    Ok(Json(json!({"email": null})))
}

/// A small page in `lang`: a title and a paragraph, and perhaps the
/// unsubscribe button.
fn page(lang: Lang, text: &str, button: bool) -> Html<String> {
    let say = |i| Message::of(i).in_lang(lang);
    let esc = |s: String| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let form = if button {
        format!(
            "<form method=\"post\"><button type=\"submit\">{}</button></form>",
            esc(say(id!("unsubscribe_button")))
        )
    } else {
        String::new()
    };
    Html(format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"{style}\"></head>\
         <body><main class=\"unsubscribe\"><h1>{title}</h1><p>{}</p>{form}\
         <p><a href=\"/\">tablero</a></p></main></body></html>",
        lang.code(),
        esc(text.to_string()),
        title = esc(say(id!("unsubscribe_title"))),
        // The web app's own style sheet, by its current version.
        style = super::http::assets::versioned_url("style.css")
            .unwrap_or_else(|| "/static/style.css".into()),
    ))
}

fn lang_of(headers: &HeaderMap) -> Lang {
    Lang::parse(super::http::assets::page_lang(headers)).unwrap_or_default()
}

/// `GET /unsubscribe/KEY`: asks (a link opened by a mail scanner changes
/// nothing).
pub(super) async fn ask(Path(_key): Path<String>, headers: HeaderMap) -> Html<String> {
    let lang = lang_of(&headers);
    page(
        lang,
        &Message::of(id!("unsubscribe_ask")).in_lang(lang),
        true,
    )
}

/// `POST /unsubscribe/KEY`: the address gets no more messages (also the
/// one-click unsubscribe of RFC 8058).
pub(super) async fn unsubscribe(
    State(mail): State<Mail>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Html<String>, ApiError> {
    Ok(match mail.unsubscribe(&key).await? {
        Some(lang) => page(
            lang,
            &Message::of(id!("unsubscribe_done")).in_lang(lang),
            false,
        ),
        None => {
            let lang = lang_of(&headers);
            page(
                lang,
                &Message::of(id!("unsubscribe_unknown")).in_lang(lang),
                false,
            )
        }
    })
}
