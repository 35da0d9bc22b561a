//! The HTTP routes: the JSON API, the WebSocket, the rules, and the web UI's
//! files (see `docs/web-api.md`).

use crate::games;
use crate::hub::{Action, Actor, ApiError, DrawAction, Hub, NewGame};
use crate::store::LayoutRow;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tablero_ai::solve::imago::Value as Solved;
use tablero_core::Player;
use tablero_games::imago::Layout;

/// The largest request body accepted.
pub const MAX_BODY: usize = 16 * 1024;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = match &self {
            ApiError::Bad(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::Internal(e) => {
                tracing::error!("{e:#}");
                let body = json!({"error": "internal error: the server failed; try again later"});
                return (StatusCode::INTERNAL_SERVER_ERROR, Json(body)).into_response();
            }
        };
        (status, Json(json!({"error": self.to_string()}))).into_response()
    }
}

type ApiResult<T = Value> = Result<Json<T>, ApiError>;

/// Reads a JSON body, answering 400 with serde's reason when it is wrong.
pub fn parse_body<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    if body.is_empty() {
        return serde_json::from_slice(b"{}")
            .map_err(|e| ApiError::Bad(format!("the request needs a JSON body: {e}")));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::Bad(format!("bad JSON body: {e}")))
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

/// The router of the whole app.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/api/catalog", get(catalog))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .route("/api/games/{id}/{action}", post(act))
        .route("/api/my-games", post(my_games))
        .route("/api/imago/solve", post(imago_solve))
        .route("/api/layouts", get(layouts).post(save_layout))
        .route("/api/rules/{game}", get(rules))
        .route("/api/{*rest}", get(api_404).post(api_404))
        .route("/static/{*path}", get(crate::assets::file))
        .fallback(get(crate::assets::index))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(hub)
}

async fn api_404(uri: Uri) -> ApiError {
    ApiError::NotFound(format!("no API route {}", uri.path()))
}

async fn catalog() -> Json<Value> {
    Json(json!({"games": games::catalog()}))
}

async fn create(State(hub): State<Arc<Hub>>, body: Bytes) -> ApiResult<crate::hub::Created> {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawBody {
    action: DrawAction,
}

/// `POST /api/games/ID/ACTION`: `move`, `undo`, `claim`, `resign`, `draw`.
async fn act(
    State(hub): State<Arc<Hub>>,
    Path((id, action)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<crate::hub::GameState> {
    let action = match action.as_str() {
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
            return Err(ApiError::NotFound(format!(
                "no action {other:?}: the actions are move, undo, claim, resign, draw"
            )))
        }
    };
    Ok(Json(hub.act(&id, &tokens(&headers), action).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokensBody {
    tokens: Vec<String>,
}

async fn my_games(State(hub): State<Arc<Hub>>, body: Bytes) -> ApiResult<crate::hub::GameList> {
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

async fn imago_solve(body: Bytes) -> ApiResult {
    let b: LayoutBody = parse_body(&body)?;
    let layout: Layout = b
        .layout
        .parse()
        .map_err(|e| ApiError::Bad(format!("layout {:?}: {e}", b.layout)))?;
    let sol = tokio::task::spawn_blocking(move || tablero_ai::play::solution_for(&layout))
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    Ok(Json(json!({
        "layout": sol.layout().to_string(),
        "value_red_first": solved_json(sol.start_value(Player::P1)),
        "value_blue_first": solved_json(sol.start_value(Player::P2)),
        "warnings": sol.layout().warnings(),
    })))
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

async fn save_layout(State(hub): State<Arc<Hub>>, body: Bytes) -> ApiResult {
    let b: SaveLayout = parse_body(&body)?;
    let name = b.name.trim();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(ApiError::Bad(
            "a layout's name has 1 to 60 characters".into(),
        ));
    }
    let layout: Layout = b
        .layout
        .parse()
        .map_err(|e| ApiError::Bad(format!("layout {:?}: {e}", b.layout)))?;
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

async fn rules(Path(game): Path<String>) -> ApiResult {
    let text = games::rules(&game).ok_or_else(|| {
        ApiError::NotFound(format!(
            "no game {game:?}: the games are {}",
            games::names()
        ))
    })?;
    Ok(Json(json!({"game": game, "markdown": text})))
}
