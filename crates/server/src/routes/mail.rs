//! The mail concern's routes, email notices of correspondence games
//! (`crate::mail`): a browser leaves an address for the seats it holds,
//! asks which address they have, or stops the messages; the link of a
//! confirmation mail confirms the address, and an unsubscribe link works,
//! both without any token.

use super::http::error::ApiError;
use super::http::extract::AppJson;
use super::http::session::MaybeSession;
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

/// `POST /api/notify/status`: whether the server sends mail, the address
/// the tokens' seats lead to, and whether it is confirmed.
pub(super) async fn status(
    State(mail): State<Mail>,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<Tokens>,
) -> Result<Json<Value>, ApiError> {
    let account = session.map(|s| s.account);
    let found = mail.address_of(account.as_deref(), &b.tokens).await?;
    let (email, confirmed) = match found {
        Some((e, c)) => (Some(e), c),
        None => (None, false),
    };
    Ok(Json(
        json!({"mail": mail.on(), "email": email, "confirmed": confirmed}),
    ))
}

/// `POST /api/notify`: messages about the tokens' seats go to `email`,
/// once it is confirmed (a confirmation mail is sent to it first).
pub(super) async fn subscribe(
    State(mail): State<Mail>,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<Subscribe>,
) -> Result<Json<Value>, ApiError> {
    let lang = b.lang.as_deref().and_then(Lang::parse).unwrap_or_default();
    let account = session.map(|s| s.account);
    let (email, confirmed) = mail
        .subscribe(&b.email, lang, &b.tokens, account.as_deref())
        .await?;
    Ok(Json(
        json!({"mail": true, "email": email, "confirmed": confirmed}),
    ))
}

/// `POST /api/notify/stop`: no more messages about the tokens' seats.
pub(super) async fn stop(
    State(mail): State<Mail>,
    MaybeSession(session): MaybeSession,
    AppJson(b): AppJson<Tokens>,
) -> Result<Json<Value>, ApiError> {
    let account = session.map(|s| s.account);
    mail.forget_tokens(account.as_deref(), &b.tokens).await?;
    Ok(Json(json!({"email": null})))
}

/// A small page in `lang`: a title and a paragraph, and perhaps the
/// unsubscribe button.
fn page(lang: Lang, text: &str, button: bool) -> Html<String> {
    small_page(
        lang,
        id!("unsubscribe_title"),
        text,
        button.then_some(id!("unsubscribe_button")),
    )
}

/// A small page in `lang`: the title `title`, a paragraph, and perhaps a
/// button that posts the page's form.
fn small_page(
    lang: Lang,
    title: tablero_i18n::Id,
    text: &str,
    button: Option<tablero_i18n::Id>,
) -> Html<String> {
    let say = |i| Message::of(i).in_lang(lang);
    let esc = |s: String| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let form = if let Some(b) = button {
        format!(
            "<form method=\"post\"><button type=\"submit\" data-testid=\"page-button\">{}</button></form>",
            esc(say(b))
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
        title = esc(say(title)),
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

/// `GET /confirm/KEY`: the confirmation link of a mail asks (a link
/// opened by a mail scanner confirms nothing).
pub(super) async fn confirm_ask(
    State(mail): State<Mail>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Html<String>, ApiError> {
    let title = id!("confirm_title");
    Ok(match mail.confirm_lang(&key).await? {
        Some(lang) => small_page(
            lang,
            title,
            &Message::of(id!("confirm_ask")).in_lang(lang),
            Some(id!("confirm_button")),
        ),
        None => {
            let lang = lang_of(&headers);
            let text = Message::of(id!("confirm_unknown")).in_lang(lang);
            small_page(lang, title, &text, None)
        }
    })
}

/// `POST /confirm/KEY`: the address is confirmed; notices go to it from
/// now on.
pub(super) async fn confirm(
    State(mail): State<Mail>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Html<String>, ApiError> {
    let title = id!("confirm_title");
    Ok(match mail.confirm(&key).await? {
        Some(lang) => {
            let text = Message::of(id!("confirm_done")).in_lang(lang);
            small_page(lang, title, &text, None)
        }
        None => {
            let lang = lang_of(&headers);
            let text = Message::of(id!("confirm_unknown")).in_lang(lang);
            small_page(lang, title, &text, None)
        }
    })
}
