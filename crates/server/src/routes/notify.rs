//! Email notices of correspondence games (`crate::mail`): a browser leaves
//! an address for the seats it holds, asks which address they have, or
//! stops the messages; an unsubscribe link works without any token.

use crate::error::ApiError;
use crate::extract::AppJson;
use crate::hub::Hub;
use crate::mail;
use crate::state::MailOn;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Html;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tablero_core::Message;
use tablero_i18n::{id, Lang};

/// The most seat tokens one request names (as `POST /api/my-games`).
const MAX_TOKENS: usize = 200;

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

fn too_many(n: usize) -> Result<(), ApiError> {
    if n > MAX_TOKENS {
        return Err(ApiError::Invalid(
            Message::of(id!("api_too_many_tokens")).num("max", MAX_TOKENS),
        ));
    }
    Ok(())
}

/// `POST /api/notify/status`: whether the server sends mail, and the
/// address the tokens' seats lead to.
pub(super) async fn status(
    State(hub): State<Arc<Hub>>,
    State(MailOn(on)): State<MailOn>,
    AppJson(b): AppJson<Tokens>,
) -> Result<Json<Value>, ApiError> {
    too_many(b.tokens.len())?;
    let email = if on {
        mail::address_of(&hub, &b.tokens).await?
    } else {
        None
    };
    Ok(Json(json!({"mail": on, "email": email})))
}

/// `POST /api/notify`: messages about the tokens' seats go to `email`.
pub(super) async fn subscribe(
    State(hub): State<Arc<Hub>>,
    State(MailOn(on)): State<MailOn>,
    AppJson(b): AppJson<Subscribe>,
) -> Result<Json<Value>, ApiError> {
    if !on {
        return Err(ApiError::Hub(crate::hub::HubError::NotNow(Message::of(
            id!("api_no_mail"),
        ))));
    }
    too_many(b.tokens.len())?;
    let email = b.email.trim();
    if !mail::valid_address(email) {
        return Err(ApiError::Invalid(
            Message::of(id!("api_bad_email")).text("email", email),
        ));
    }
    let lang = b.lang.as_deref().and_then(Lang::parse).unwrap_or_default();
    mail::subscribe(&hub, email, lang, &b.tokens).await?;
    Ok(Json(json!({"mail": true, "email": email.to_lowercase()})))
}

/// `POST /api/notify/stop`: no more messages about the tokens' seats.
pub(super) async fn stop(
    State(hub): State<Arc<Hub>>,
    AppJson(b): AppJson<Tokens>,
) -> Result<Json<Value>, ApiError> {
    too_many(b.tokens.len())?;
    mail::forget_tokens(&hub, &b.tokens).await?;
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
         <title>{title}</title><link rel=\"stylesheet\" href=\"/style.css\"></head>\
         <body><main class=\"unsubscribe\"><h1>{title}</h1><p>{}</p>{form}\
         <p><a href=\"/\">tablero</a></p></main></body></html>",
        lang.code(),
        esc(text.to_string()),
        title = esc(say(id!("unsubscribe_title"))),
    ))
}

fn lang_of(headers: &HeaderMap) -> Lang {
    Lang::parse(crate::assets::page_lang(headers)).unwrap_or_default()
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
    State(hub): State<Arc<Hub>>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Html<String>, ApiError> {
    Ok(match mail::unsubscribe(&hub, &key).await? {
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
