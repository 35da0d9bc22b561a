//! The HTTP routes: the JSON API, the WebSocket, the rules, and the web UI's
//! files (see `docs/web-api.md`).

use crate::games;
use crate::hub::{Action, Actor, ApiError, DrawAction, Hub, NewGame};
use crate::store::LayoutRow;
use crate::Limits;
use axum::body::{Body, Bytes};
use axum::extract::connect_info::ConnectInfo;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use governor::{DefaultKeyedRateLimiter, Quota};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;
use tablero_ai::solve::imago::Value as Solved;
use tablero_ai::table::Refusal as TableRefusal;
use tablero_core::{Arg, Localize, Message, Player};
use tablero_games::imago::Layout;
use tokio::sync::Semaphore;
use tower_governor::GovernorError;

/// The largest request body accepted, and the largest WebSocket message.
pub const MAX_BODY: usize = 16 * 1024;

/// The message of every 500 (the details go to the log).
const INTERNAL: &str = "internal error: the server failed; try again later";

/// The message of every 500, for people.
fn internal_message() -> Message {
    Message::new("api_internal", INTERNAL)
}

/// How long a solve request waits for its turn before 503.
const SOLVE_WAIT: Duration = Duration::from_secs(5);

/// A rate limit per client address.
pub(crate) type Limiter = Arc<DefaultKeyedRateLimiter<IpAddr>>;

/// What the routes share besides the hub: the rate limits and the solver's
/// budget.
#[derive(Clone)]
pub(crate) struct Guards {
    /// The HTTP rate limit per address, also drawn on by WebSocket
    /// messages (none when the rate limit is off).
    pub(crate) messages: Option<Limiter>,
    /// Solves of new layouts per address.
    pub(crate) solve_rate: Option<Limiter>,
    /// Solves running at once for the API.
    pub(crate) solves: Arc<Semaphore>,
    /// The WebSocket ping interval.
    pub(crate) ws_ping: Duration,
}

impl Guards {
    /// The guards `limits` asks for, with no message rate limit.
    pub(crate) fn new(limits: &Limits) -> Guards {
        Guards {
            messages: None,
            solve_rate: NonZeroU32::new(limits.solves_per_minute)
                .map(|n| Arc::new(DefaultKeyedRateLimiter::keyed(Quota::per_minute(n)))),
            solves: Arc::new(Semaphore::new(limits.solves.max(1))),
            ws_ping: limits.ws_ping,
        }
    }
}

/// An error answer that the hub does not make: a status, its message (of
/// `locales/*/web.ftl`) and maybe a `Retry-After` in seconds.
#[derive(Debug)]
pub(crate) struct Refusal {
    status: StatusCode,
    error: Message,
    retry_after: Option<u64>,
}

impl Refusal {
    pub(crate) fn new(status: StatusCode, error: Message) -> Refusal {
        Refusal {
            status,
            error,
            retry_after: None,
        }
    }

    pub(crate) fn retry_after(mut self, seconds: u64) -> Refusal {
        self.retry_after = Some(seconds.max(1));
        self
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let mut r = (self.status, Json(message_body(&self.error))).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    }
}

/// Whether an internal error means the database cannot be reached or is
/// too busy right now (503) rather than a fault (500).
fn unavailable(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        if cause.is::<std::io::Error>() {
            return true;
        }
        match cause.downcast_ref::<sqlx::Error>() {
            Some(
                sqlx::Error::PoolTimedOut
                | sqlx::Error::PoolClosed
                | sqlx::Error::Io(_)
                | sqlx::Error::Tls(_)
                | sqlx::Error::WorkerCrashed,
            ) => true,
            Some(sqlx::Error::Database(db)) => db.code().is_some_and(|code| {
                // PostgreSQL: connection exceptions (08...), shutting down,
                // too many connections; SQLite: busy or locked.
                code.starts_with("08")
                    || ["57P01", "57P02", "57P03", "53300"].contains(&code.as_ref())
                    || code.parse::<i32>().is_ok_and(|c| matches!(c & 0xff, 5 | 6))
            }),
            _ => false,
        }
    })
}

/// The answer to an internal error: 503 when the database is away, else
/// 500; the details go to the log, never to the client.
fn internal(e: &anyhow::Error) -> Refusal {
    if unavailable(e) {
        tracing::warn!("database unavailable: {e:#}");
        Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Message::new(
                "api_database_unavailable",
                "the database is unavailable; try again shortly",
            ),
        )
        .retry_after(1)
    } else {
        tracing::error!("internal error: {e:#}");
        Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, internal_message())
    }
}

/// The JSON body of an error answer: `{"error": english, "code": id,
/// "args": {...}}`, the reason as a message of the catalogue (the server's
/// own in `web.ftl`, the table's and the games' in `games.ftl`): the
/// browser shows `code` in the reader's language (docs/web-api.md,
/// "Errors").
pub(crate) fn error_body(e: &ApiError) -> Value {
    message_body(&public_message(e))
}

/// The JSON body of an error answer with reason `m`.
pub(crate) fn message_body(m: &Message) -> Value {
    let mut body = json!({ "error": m.as_str() });
    if !m.id().is_empty() {
        body["code"] = json!(m.id());
        body["args"] = message_args(m);
    }
    body
}

/// A message's arguments as JSON: text, numbers, `{en, es}` for a word in
/// each language, and `{"code", "args"}` for a nested message.
pub(crate) fn message_args(m: &Message) -> Value {
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

/// The message a client is shown for `e` (internal details stay in the
/// log).
pub(crate) fn public_message(e: &ApiError) -> Message {
    match e {
        ApiError::Internal(e) => internal(e).error,
        ApiError::Refused(r) => r.message(),
        ApiError::Bad(m)
        | ApiError::Forbidden(m)
        | ApiError::NotFound(m)
        | ApiError::Conflict(m) => m.clone(),
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::Bad(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Refused(r) => match r {
                TableRefusal::Bad(_) => StatusCode::BAD_REQUEST,
                TableRefusal::Forbidden(_) => StatusCode::FORBIDDEN,
                TableRefusal::Conflict(_) => StatusCode::CONFLICT,
            },
            ApiError::Internal(e) => return internal(e).into_response(),
        };
        (status, Json(error_body(&self))).into_response()
    }
}

/// The answer when a client goes over its rate: 429 with the seconds to
/// wait (rounded up) in `Retry-After`.
pub(crate) fn too_many_requests(e: GovernorError) -> Response {
    match e {
        GovernorError::TooManyRequests { wait_time, .. } => {
            // `wait_time` is rounded down to whole seconds.
            let wait = wait_time + 1;
            Refusal::new(
                StatusCode::TOO_MANY_REQUESTS,
                Message::new(
                    "api_too_many_requests",
                    format!("too many requests: try again in {wait} s"),
                )
                .num("seconds", wait),
            )
            .retry_after(wait)
            .into_response()
        }
        GovernorError::UnableToExtractKey => {
            internal(&anyhow::anyhow!("rate limit: no client address")).into_response()
        }
        GovernorError::Other { code, msg, .. } => {
            Refusal::new(code, status_message(code, msg.unwrap_or_default())).into_response()
        }
    }
}

/// The seconds until `limiter` lets `ip` through again, or `None` when it
/// does now (and counts it).
pub(crate) fn over_rate(limiter: &Limiter, ip: IpAddr) -> Option<Duration> {
    use governor::clock::{Clock, DefaultClock};
    limiter
        .check_key(&ip)
        .err()
        .map(|n| n.wait_time_from(DefaultClock::default().now()))
}

fn is_json(content_type: &HeaderValue) -> bool {
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
        StatusCode::METHOD_NOT_ALLOWED => {
            Message::new("api_method_not_allowed", "method not allowed")
        }
        StatusCode::REQUEST_TIMEOUT => {
            Message::new("api_request_timeout", "the request took too long")
        }
        s if s.is_server_error() => {
            tracing::error!("{s}: {text}");
            internal_message()
        }
        s => {
            let english = if text.is_empty() {
                s.canonical_reason()
                    .unwrap_or("refused")
                    .to_ascii_lowercase()
            } else {
                text
            };
            let id = match s {
                StatusCode::NOT_FOUND => "api_not_found",
                StatusCode::BAD_REQUEST => "api_bad_request",
                StatusCode::TOO_MANY_REQUESTS => "api_slow_down",
                _ => "api_refused",
            };
            Message::new(id, english).num("status", s.as_u16())
        }
    }
}

/// 413: the body is over [`MAX_BODY`].
fn body_too_large() -> Message {
    Message::new(
        "api_body_too_large",
        format!("the request body is over {MAX_BODY} bytes"),
    )
    .num("bytes", MAX_BODY)
}

/// Every error answer as `{"error": ..., "code": ..., "args": ...}`: those
/// made outside the handlers (axum's rejections of a path or query, 405,
/// the body limit's 413, the timeout's 408) come as text or empty and are
/// rewritten here; a 5xx's text is logged and replaced by a generic
/// message.
pub(crate) async fn json_errors(response: Response) -> Response {
    let status = response.status();
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

/// A request body meant as JSON, read whole: 413 over [`MAX_BODY`], 408
/// when it stalls, 415 when it comes with a Content-Type that is not JSON
/// (no Content-Type is taken as JSON).
pub(crate) struct JsonBytes(pub(crate) Bytes);

impl<S: Send + Sync> FromRequest<S> for JsonBytes {
    type Rejection = Refusal;

    async fn from_request(req: Request, _state: &S) -> Result<Self, Refusal> {
        let json_type = req.headers().get(header::CONTENT_TYPE).is_none_or(is_json);
        let bytes = axum::body::to_bytes(req.into_body(), MAX_BODY)
            .await
            .map_err(|e| body_refusal(&e))?;
        if !bytes.is_empty() && !json_type {
            return Err(Refusal::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                Message::new(
                    "api_not_json",
                    "the body must be JSON (Content-Type: application/json)",
                ),
            ));
        }
        Ok(JsonBytes(bytes))
    }
}

/// The answer to a body that could not be read.
fn body_refusal(e: &(dyn std::error::Error + 'static)) -> Refusal {
    let mut cause = Some(e);
    while let Some(c) = cause {
        if c.is::<http_body_util::LengthLimitError>() {
            return Refusal::new(StatusCode::PAYLOAD_TOO_LARGE, body_too_large());
        }
        if c.is::<tower_http::timeout::TimeoutError>() {
            return Refusal::new(
                StatusCode::REQUEST_TIMEOUT,
                Message::new("api_body_too_slow", "the request body came too slowly"),
            );
        }
        cause = c.source();
    }
    Refusal::new(
        StatusCode::BAD_REQUEST,
        Message::new("api_body_unreadable", "the request body could not be read"),
    )
}

/// The client's address, when the server knows it.
pub(crate) struct Peer(pub(crate) Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Peer(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

type ApiResult<T = Value> = Result<Json<T>, ApiError>;

/// Reads a JSON body, answering 400 with serde's reason when it is wrong.
pub fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    if body.is_empty() {
        return serde_json::from_slice(b"{}").map_err(|e| {
            ApiError::Bad(
                Message::new(
                    "api_needs_json_body",
                    format!("the request needs a JSON body: {e}"),
                )
                .msg("error", json_problem(&e)),
            )
        });
    }
    serde_json::from_slice(body).map_err(|e| {
        ApiError::Bad(
            Message::new("api_bad_json", format!("bad JSON body: {e}"))
                .msg("error", json_problem(&e)),
        )
    })
}

/// What serde found wrong in a JSON text, as a message: a field missing
/// or unknown, a value of the wrong kind, or text that is not JSON, with
/// where (line and column).
pub(crate) fn json_problem(e: &serde_json::Error) -> Message {
    let english = e.to_string();
    let (line, column) = (e.line(), e.column());
    // serde's data errors name the field or the value between backticks.
    let quoted = |prefix: &str| {
        english
            .strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_string)
    };
    let m = if e.is_data() {
        if let Some(field) = quoted("missing field `") {
            Message::new("api_json_missing_field", english.clone()).text("field", field)
        } else if let Some(field) = quoted("unknown field `") {
            Message::new("api_json_unknown_field", english.clone()).text("field", field)
        } else if let Some(value) = quoted("unknown variant `") {
            Message::new("api_json_unknown_value", english.clone()).text("value", value)
        } else {
            Message::new("api_json_bad_value", english.clone())
        }
    } else {
        Message::new("api_json_syntax", english.clone())
    };
    m.num("line", line).num("column", column)
}

/// The tokens of `Authorization: Bearer T1,T2`.
fn tokens(headers: &HeaderMap) -> Actor {
    let list = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|v| {
            v.split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .take(8)
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    Actor::Tokens(list)
}

/// The router of the whole app, with the default [`Limits`] and no rate
/// limit (the server adds its layers in [`crate::app`]).
pub fn router(hub: Arc<Hub>) -> Router {
    routes(hub, Guards::new(&Limits::default()))
}

pub(crate) fn routes(hub: Arc<Hub>, guards: Guards) -> Router {
    Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/games/{id}/{action}", post(act))
        .route("/api/my-games", post(my_games))
        .route("/api/imago/solve", post(imago_solve))
        .route("/api/layouts", get(layouts).post(save_layout))
        .route("/api/position", post(crate::position::position))
        .route("/api/analyse", post(crate::position::analyse))
        // ---- rules pages, printed kits and cards (#18)
        .route("/api/rules/{game}", get(crate::print::rules))
        .route("/api/cards/{file}", get(crate::print::card))
        .route("/api/print/{file}", get(crate::print::kit))
        .route("/api/{*rest}", get(api_404).post(api_404))
        .route("/static/{*path}", get(crate::assets::file))
        .route("/locales/{lang}/{file}", get(crate::locales::file))
        .fallback(get(crate::assets::index))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(Extension(guards))
        .with_state(hub)
}

async fn api_404(uri: Uri) -> ApiError {
    ApiError::NotFound(
        Message::new("api_no_route", format!("no API route {}", uri.path()))
            .text("path", uri.path()),
    )
}

async fn catalog() -> Json<Value> {
    Json(json!({"games": games::catalog()}))
}

async fn create(
    State(hub): State<Arc<Hub>>,
    JsonBytes(body): JsonBytes,
) -> ApiResult<crate::hub::Created> {
    let req: NewGame = parse_body(&body)?;
    Ok(Json(hub.create(req).await?))
}

#[derive(Deserialize)]
struct PlyQuery {
    ply: Option<usize>,
}

async fn game(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<PlyQuery>,
    headers: HeaderMap,
) -> ApiResult<crate::hub::GameState> {
    Ok(Json(hub.state(&id, &tokens(&headers), q.ply).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    #[serde(rename = "move")]
    text: String,
    ply: Option<usize>,
}

/// A body that must be empty or `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawBody {
    action: DrawAction,
}

/// `POST /api/games/ID/ACTION`: `move`, `undo`, `claim`, `resign`,
/// `draw`; and `rematch` and `hint`, which answer their own JSON.
async fn act(
    State(hub): State<Arc<Hub>>,
    Path((id, action)): Path<(String, String)>,
    headers: HeaderMap,
    JsonBytes(body): JsonBytes,
) -> Result<Response, ApiError> {
    let action = match action.as_str() {
        "rematch" => {
            parse_body::<Empty>(&body)?;
            return Ok(Json(hub.rematch(&id, &tokens(&headers)).await?).into_response());
        }
        "hint" => {
            parse_body::<Empty>(&body)?;
            return Ok(Json(hub.hint(&id, &tokens(&headers)).await?).into_response());
        }
        "move" => {
            let m: MoveBody = parse_body(&body)?;
            Action::Move {
                text: m.text,
                ply: m.ply,
            }
        }
        "undo" => Action::Undo,
        "claim" => Action::Claim,
        "resign" => Action::Resign,
        "draw" => Action::Draw(parse_body::<DrawBody>(&body)?.action),
        other => {
            let actions = "move, undo, claim, resign, draw, rematch, hint";
            return Err(ApiError::NotFound(
                Message::new(
                    "api_no_action",
                    format!("no action {other:?}: the actions are {actions}"),
                )
                .text("action", other)
                .text("actions", actions),
            ));
        }
    };
    Ok(Json(hub.act(&id, &tokens(&headers), action).await?).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokensBody {
    tokens: Vec<String>,
}

async fn my_games(
    State(hub): State<Arc<Hub>>,
    JsonBytes(body): JsonBytes,
) -> ApiResult<crate::hub::GameList> {
    let t: TokensBody = parse_body(&body)?;
    Ok(Json(hub.my_games(t.tokens).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutBody {
    layout: String,
}

fn solved_json(v: Solved) -> Value {
    match v {
        Solved::Win(n) | Solved::Loss(n) => json!({"result": v.word(), "plies": n}),
        Solved::Draw => json!({"result": "draw", "plies": null}),
    }
}

/// `POST /api/imago/solve`: layouts in memory are answered at once; a new
/// one counts against the address's solve rate and waits for one of the
/// API's own solver places, so claims and computer moves never queue
/// behind it.
async fn imago_solve(
    Extension(guards): Extension<Guards>,
    Peer(ip): Peer,
    JsonBytes(body): JsonBytes,
) -> Result<Json<Value>, Response> {
    let b: LayoutBody = parse_body(&body).map_err(IntoResponse::into_response)?;
    let layout: Layout = b
        .layout
        .parse()
        .map_err(|e| bad_layout(&b.layout, &e).into_response())?;
    let sol = match tablero_ai::play::cached_solution(&layout) {
        Some(sol) => sol,
        None => {
            if let (Some(limiter), Some(ip)) = (&guards.solve_rate, ip) {
                if let Some(wait) = over_rate(limiter, ip) {
                    let wait = wait.as_secs() + 1;
                    return Err(Refusal::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        Message::new(
                            "api_too_many_solves",
                            format!("too many solves: try again in {wait} s"),
                        )
                        .num("seconds", wait),
                    )
                    .retry_after(wait)
                    .into_response());
                }
            }
            let busy = || {
                Refusal::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    Message::new("api_solver_busy", "the solver is busy; try again shortly"),
                )
                .retry_after(1)
                .into_response()
            };
            let permit = tokio::time::timeout(SOLVE_WAIT, guards.solves.acquire_owned())
                .await
                .map_err(|_| busy())?
                .map_err(|_| busy())?;
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                tablero_ai::play::solution_for(&layout)
            })
            .await
            .map_err(|e| ApiError::Internal(e.into()).into_response())?
        }
    };
    Ok(Json(json!({
        "layout": sol.layout().to_string(),
        "value_red_first": solved_json(sol.start_value(Player::P1)),
        "value_blue_first": solved_json(sol.start_value(Player::P2)),
        // Each as an error answer's body (`{error, code, args}`): the
        // browser shows `code` in the reader's language.
        "warnings": sol.layout().warnings().iter().map(message_body).collect::<Vec<_>>(),
    })))
}

/// 400: `text` is not a layout.
fn bad_layout(text: &str, e: &tablero_games::imago::LayoutError) -> ApiError {
    ApiError::Bad(
        Message::new("api_bad_layout", format!("layout {text:?}: {e}"))
            .text("layout", format!("{text:?}"))
            .msg("error", e.message()),
    )
}

async fn layouts(State(hub): State<Arc<Hub>>) -> ApiResult {
    Ok(Json(json!({"layouts": hub.store().layouts().await?})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveLayout {
    name: String,
    layout: String,
}

async fn save_layout(State(hub): State<Arc<Hub>>, JsonBytes(body): JsonBytes) -> ApiResult {
    let b: SaveLayout = parse_body(&body)?;
    let name = b.name.trim();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(ApiError::Bad(
            Message::new("api_layout_name", "a layout's name has 1 to 60 characters")
                .num("max", 60),
        ));
    }
    let layout: Layout = b.layout.parse().map_err(|e| bad_layout(&b.layout, &e))?;
    let row = LayoutRow {
        id: crate::hub::random_id(10),
        name: name.to_string(),
        layout: layout.to_string(),
    };
    hub.store().save_layout(&row).await?;
    Ok(Json(
        serde_json::to_value(row).map_err(anyhow::Error::from)?,
    ))
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
    async fn an_unreachable_database_is_503_and_a_fault_500_without_details() {
        for e in [
            sqlx::Error::PoolTimedOut,
            sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused)),
        ] {
            let err = anyhow::Error::from(e).context("saving game abc");
            let (status, body, retry) = answer(ApiError::Internal(err)).await;
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
        let err = anyhow::anyhow!("secret table tablero_games is broken");
        let (status, body, _) = answer(ApiError::Internal(err)).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            body,
            json!({"error": INTERNAL, "code": "api_internal", "args": {}})
        );
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
