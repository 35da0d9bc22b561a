//! The API's one error answer: [`ApiError`] maps each concern's own error
//! (`GameError`, `LobbyError`, `AccountError`...: none of them knows HTTP)
//! by the kind of its refusal (`crate::refusal`), and the routes' own
//! refusals (a body, a rate, a busy solver) to a status
//! and the JSON body every error answer has, `{"error": english, "code":
//! id, "args": {...}}` (docs/web-api.md, "Errors"). This is the only place
//! that picks HTTP statuses. Internal failures are logged; the client gets
//! a generic message.

use super::extract::MAX_BODY;
use crate::db::Fault;
use crate::games::GameError;
use crate::refusal::{wait_of, Kind, Refusal};
use axum::body::Body;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tablero_core::{id, Arg, Message};
use tower_governor::GovernorError;

/// The message of every 500, for people (the details go to the log).
fn internal_message() -> Message {
    Message::of(id!("api_internal"))
}

/// Why a request body could not be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyError {
    /// Over [`MAX_BODY`] bytes (413).
    TooLarge,
    /// It came too slowly (408).
    TooSlow,
    /// It broke off or could not be read (400).
    Unreadable,
    /// Its Content-Type is not JSON (415).
    NotJson,
}

/// An error answer of the API.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Malformed or against the rules: a bad JSON body, parameter, move,
    /// name (400).
    #[error("{0}")]
    Invalid(Message),
    /// Not logged in, or a login that failed (401).
    #[error("{0}")]
    Unauthorized(Message),
    /// Not the asker's to do: not their seat, turn, layout or seek; a
    /// request from another site (403).
    #[error("{0}")]
    NotYours(Message),
    /// No such route, file, game, seek, player... (404).
    #[error("{0}")]
    NotFound(Message),
    /// Not now: over, moved on, taken, changed at the same time (409).
    #[error("{0}")]
    NotNow(Message),
    /// The request's body could not be taken.
    #[error("{0:?}")]
    Body(BodyError),
    /// Over a rate: 429, try again in `seconds` (`Retry-After`).
    #[error("{message}")]
    TooMany {
        /// Why, with the wait.
        message: Message,
        /// Whole seconds to wait (at least 1).
        seconds: u64,
    },
    /// The solver or the analysis is busy, or what is asked for is not
    /// ready yet: 503, try again in a second.
    #[error("{0}")]
    Busy(Message),
    /// The store or the server failed: 503 when the database cannot be
    /// reached now, 500 otherwise; logged, never shown.
    #[error("internal error: {0}")]
    Internal(Fault),
}

impl From<Fault> for ApiError {
    fn from(e: Fault) -> Self {
        ApiError::Internal(e)
    }
}

impl From<tablero_ai::table::Refusal> for ApiError {
    fn from(r: tablero_ai::table::Refusal) -> Self {
        GameError::from(r).into()
    }
}

impl From<tokio::task::JoinError> for ApiError {
    fn from(e: tokio::task::JoinError) -> Self {
        ApiError::Internal(e.into())
    }
}

/// Every concern's refusal by its kind (the one place that picks a
/// status for it), and its failure as a failure.
impl<E: Refusal> From<E> for ApiError {
    fn from(e: E) -> Self {
        match e.refusal() {
            Ok((kind, m)) => match kind {
                Kind::Invalid => ApiError::Invalid(m),
                Kind::Unknown => ApiError::Unauthorized(m),
                Kind::NotYours => ApiError::NotYours(m),
                Kind::Missing => ApiError::NotFound(m),
                Kind::NotNow => ApiError::NotNow(m),
                Kind::NotYet => ApiError::Busy(m),
                Kind::TooMany => ApiError::TooMany {
                    seconds: wait_of(&m),
                    message: m,
                },
            },
            Err(fault) => ApiError::Internal(fault),
        }
    }
}

impl ApiError {
    /// The status, the message the client is shown, and the seconds of a
    /// `Retry-After` (internal details go to the log here, once).
    fn parts(&self) -> (StatusCode, Message, Option<u64>) {
        match self {
            ApiError::Internal(e) => {
                if e.full() {
                    tracing::error!("database full: {e}");
                    (
                        StatusCode::SERVICE_UNAVAILABLE,
                        Message::of(id!("api_database_full")),
                        Some(5),
                    )
                } else if e.unavailable() {
                    tracing::warn!("database unavailable: {e}");
                    (
                        StatusCode::SERVICE_UNAVAILABLE,
                        Message::of(id!("api_database_unavailable")),
                        Some(1),
                    )
                } else {
                    tracing::error!("internal error: {e}");
                    (StatusCode::INTERNAL_SERVER_ERROR, internal_message(), None)
                }
            }
            ApiError::Invalid(m) => (StatusCode::BAD_REQUEST, m.clone(), None),
            ApiError::Unauthorized(m) => (StatusCode::UNAUTHORIZED, m.clone(), None),
            ApiError::NotYours(m) => (StatusCode::FORBIDDEN, m.clone(), None),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m.clone(), None),
            ApiError::NotNow(m) => (StatusCode::CONFLICT, m.clone(), None),
            ApiError::Body(b) => match b {
                BodyError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, body_too_large(), None),
                BodyError::TooSlow => (
                    StatusCode::REQUEST_TIMEOUT,
                    Message::of(id!("api_body_too_slow")),
                    None,
                ),
                BodyError::Unreadable => (
                    StatusCode::BAD_REQUEST,
                    Message::of(id!("api_body_unreadable")),
                    None,
                ),
                BodyError::NotJson => (
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    Message::of(id!("api_not_json")),
                    None,
                ),
            },
            ApiError::TooMany { message, seconds } => (
                StatusCode::TOO_MANY_REQUESTS,
                message.clone(),
                Some(*seconds),
            ),
            ApiError::Busy(m) => (StatusCode::SERVICE_UNAVAILABLE, m.clone(), Some(1)),
        }
    }

    /// The JSON body of this answer (also sent on a game's socket as an
    /// error message).
    #[must_use]
    pub fn body(&self) -> Value {
        message_body(&self.parts().1)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message, retry_after) = self.parts();
        let mut r = (status, Json(message_body(&message))).into_response();
        if let Some(s) = retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s.max(1)));
        }
        r
    }
}

/// The JSON body of an error answer with reason `m`: `{"error": english,
/// "code": id, "args": {...}}`, the reason as a message of the catalogue
/// (the server's own in `web.ftl`, the table's and the games' in
/// `games.ftl`): the browser shows `code` in the reader's language
/// (docs/web-api.md, "Errors").
pub fn message_body(m: &Message) -> Value {
    let mut body = json!({ "error": m.as_str() });
    if !m.id().is_empty() {
        body["code"] = json!(m.id());
        body["args"] = message_args(m);
    }
    body
}

/// A message's arguments as JSON: text, numbers, `{en, es}` for a word in
/// each language, and `{"code", "args"}` for a nested message.
fn message_args(m: &Message) -> Value {
    let mut args = serde_json::Map::new();
    for (name, value) in m.args() {
        let v = match value {
            Arg::Text(t) => json!(t),
            Arg::Number(n) => json!(n),
            Arg::Words(words) => Value::Object(
                words
                    .iter()
                    .map(|(lang, text)| ((*lang).to_string(), json!(text)))
                    .collect(),
            ),
            Arg::Message(inner) => json!({
                "code": inner.id(),
                "args": message_args(inner),
                "error": inner.as_str(),
            }),
        };
        args.insert((*name).to_string(), v);
    }
    Value::Object(args)
}

/// What serde found wrong in a JSON text, as a message: a field missing
/// or unknown, a value of the wrong kind, or text that is not JSON, with
/// where (line and column) and, where the message's words do not say it
/// all, serde's own (`expected`, `detail`: what it expected, what it found).
pub fn json_problem(e: &serde_json::Error) -> Message {
    let english = e.to_string();
    let (line, column) = (e.line(), e.column());
    // serde_json ends its text with where: " at line L column C".
    let said = english
        .rsplit_once(" at line ")
        .map_or(english.as_str(), |(said, _)| said);
    // serde's data errors name the field or the value between backticks,
    // then what it expected: "unknown field `x`, expected `a` or `b`".
    let quoted = |prefix: &str| {
        let rest = said.strip_prefix(prefix)?;
        let (name, after) = rest.split_once('`').unwrap_or((rest, ""));
        let expected = after.strip_prefix(", ").unwrap_or(after);
        Some((name.to_string(), expected.to_string()))
    };
    let m = if e.is_data() {
        if let Some((field, _)) = quoted("missing field `") {
            Message::of(id!("api_json_missing_field")).text("field", field)
        } else if let Some((field, expected)) = quoted("unknown field `") {
            Message::of(id!("api_json_unknown_field"))
                .text("field", field)
                .text("expected", expected)
        } else if let Some((value, expected)) = quoted("unknown variant `") {
            Message::of(id!("api_json_unknown_value"))
                .text("value", value)
                .text("expected", expected)
        } else {
            Message::of(id!("api_json_bad_value")).text("detail", said)
        }
    } else {
        Message::of(id!("api_json_syntax")).text("detail", said)
    };
    m.num("line", line).num("column", column)
}

/// The answer when a client goes over its rate: 429 with the seconds to
/// wait (rounded up) in `Retry-After`.
pub fn too_many_requests(e: GovernorError) -> Response {
    match e {
        GovernorError::TooManyRequests { wait_time, .. } => {
            // `wait_time` is rounded down to whole seconds.
            let wait = wait_time + 1;
            ApiError::TooMany {
                message: Message::of(id!("api_too_many_requests")).num("seconds", wait),
                seconds: wait,
            }
            .into_response()
        }
        GovernorError::UnableToExtractKey => {
            ApiError::Internal(Fault::new("rate limit: no client address")).into_response()
        }
        GovernorError::Other { code, msg, .. } => (
            code,
            Json(message_body(&status_message(code, msg.unwrap_or_default()))),
        )
            .into_response(),
    }
}

/// Whether a Content-Type is JSON (`application/json`, `application/*+json`).
pub fn is_json(content_type: &HeaderValue) -> bool {
    let Ok(t) = content_type.to_str() else {
        return false;
    };
    let essence = t
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// The message of an answer with `status` made outside the handlers, whose
/// text (maybe empty) is `text`: axum's rejections of a path or a query
/// (400), 404, 405, the body limit's 413, the timeout's 408, a 5xx (logged
/// and replaced by a generic message).
fn status_message(status: StatusCode, text: String) -> Message {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => body_too_large(),
        StatusCode::METHOD_NOT_ALLOWED => Message::of(id!("api_method_not_allowed")),
        StatusCode::REQUEST_TIMEOUT => Message::of(id!("api_request_timeout")),
        s if s.is_server_error() => {
            tracing::error!("{s}: {text}");
            internal_message()
        }
        s => {
            // axum's own words (a path or a query that does not read) or,
            // when it gave none, the status's reason.
            let reason = if text.is_empty() {
                s.canonical_reason()
                    .unwrap_or("refused")
                    .to_ascii_lowercase()
            } else {
                text
            };
            let id = match s {
                StatusCode::NOT_FOUND => id!("api_not_found"),
                StatusCode::BAD_REQUEST => id!("api_bad_request"),
                StatusCode::TOO_MANY_REQUESTS => id!("api_slow_down"),
                _ => id!("api_refused"),
            };
            Message::of(id)
                .text("reason", reason)
                .num("status", s.as_u16())
        }
    }
}

/// 413: the body is over [`MAX_BODY`].
fn body_too_large() -> Message {
    Message::of(id!("api_body_too_large")).num("bytes", MAX_BODY)
}

/// Middleware: every error answer as `{"error": ..., "code": ...,
/// "args": ...}`: those made outside the handlers (axum's rejections of a
/// path or query, 405, the body limit's 413, the timeout's 408) come as
/// text or empty and are rewritten here; a 5xx's text is logged and
/// replaced by a generic message. A 413 closes the connection
/// (`Connection: close`).
pub async fn json_errors(mut response: Response) -> Response {
    let status = response.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        // The body's rest was never read: the connection cannot carry
        // another request, and a keep-alive client must be told so.
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    let already = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(is_json);
    if !(status.is_client_error() || status.is_server_error()) || already {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let error = status_message(status, text);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(message_body(&error).to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn answer(e: ApiError) -> (StatusCode, Value, Option<HeaderValue>) {
        let r = e.into_response();
        let status = r.status();
        let retry = r.headers().get(header::RETRY_AFTER).cloned();
        let body = axum::body::to_bytes(r.into_body(), 4096).await.unwrap();
        (status, serde_json::from_slice(&body).unwrap(), retry)
    }

    #[tokio::test]
    async fn a_full_disk_is_503_saying_so() {
        let dir = tempfile::tempdir().unwrap();
        let err = crate::db::full_disk_fault(dir.path()).await;
        assert!(err.full() && !err.unavailable(), "{err}");
        let (status, body, retry) = answer(ApiError::from(err)).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(body["code"], "api_database_full");
        assert_eq!(retry.unwrap(), "5");
    }

    #[tokio::test]
    async fn an_unreachable_database_is_503_and_a_fault_500_without_details() {
        for e in [
            sqlx::Error::PoolTimedOut,
            sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused)),
        ] {
            let err = Fault::from(anyhow::Error::from(e).context("saving game abc"));
            let (status, body, retry) = answer(ApiError::from(err)).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(
                body,
                json!({
                    "error": "the database is unavailable; try again shortly",
                    "code": "api_database_unavailable",
                    "args": {},
                })
            );
            assert_eq!(retry.unwrap(), "1");
        }
        let err = Fault::new("secret table tablero_games is broken");
        let (status, body, _) = answer(ApiError::from(err)).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            body,
            json!({
                "error": "internal error: the server failed; try again later",
                "code": "api_internal",
                "args": {},
            })
        );
    }

    #[tokio::test]
    async fn each_kind_of_refusal_has_its_status() {
        let m = || Message::of(id!("api_solver_busy"));
        for (e, status) in [
            (ApiError::from(GameError::Invalid(m())), 400),
            (ApiError::Unauthorized(m()), 401),
            (ApiError::from(GameError::NotYours(m())), 403),
            (ApiError::from(GameError::Missing(m())), 404),
            (ApiError::from(GameError::NotNow(m())), 409),
            (ApiError::Body(BodyError::NotJson), 415),
            (ApiError::Body(BodyError::TooLarge), 413),
            (ApiError::Body(BodyError::TooSlow), 408),
            (ApiError::Busy(m()), 503),
        ] {
            assert_eq!(answer(e).await.0.as_u16(), status);
        }
        let (_, body, retry) = answer(ApiError::TooMany {
            message: m(),
            seconds: 3,
        })
        .await;
        assert_eq!(body["code"], "api_solver_busy");
        assert_eq!(retry.unwrap(), "3");
    }

    #[test]
    fn json_content_types() {
        for t in [
            "application/json",
            "Application/JSON; charset=utf-8",
            "application/merge-patch+json",
        ] {
            assert!(is_json(&HeaderValue::from_static(t)), "{t}");
        }
        for t in ["text/plain", "application/x-www-form-urlencoded", "json"] {
            assert!(!is_json(&HeaderValue::from_static(t)), "{t}");
        }
    }
}
