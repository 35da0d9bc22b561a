//! The HTTP routes, one file per resource and one route per action (see
//! `docs/web-api.md`): [`games`] (the catalog, games and what players do),
//! [`ws`] (a game's socket), [`accounts`] (sign-up, login, sessions), [`layouts`] (Imago's solver and saved
//! layouts), [`lobby`] (seeks and the lobby's socket), [`notify`] (email
//! notices of correspondence games), [`players`] (profiles and leaderboards), [`position`] (positions without a
//! game), [`print`] (rules pages, kits and cards), [`puzzles`] (proven puzzles and
//! puzzle ratings), [`lab`] (the designer's
//! reports) and
//! [`assets`] (the web app's files and pages). The handlers share only
//! [`crate::state`], [`crate::extract`], [`crate::error`] and (the two
//! sockets) [`crate::socket`]; none imports another's file.

mod accounts;
mod assets;
mod games;
mod lab;
mod layouts;
mod lobby;
mod notify;
mod players;
mod position;
mod print;
mod puzzles;
mod ws;

use crate::error::ApiError;
use crate::extract::MAX_BODY;
use crate::hub::{Action, Hub};
use crate::state::AppState;
use crate::Limits;
use axum::http::Uri;
use axum::routing::{delete, get, post};
use axum::Router;
use std::sync::Arc;
use tablero_core::{id, Message};

/// The router of the whole app, with the default [`Limits`], no rate
/// limit and no lab (the server adds its layers in [`crate::app`]).
pub fn router(hub: Arc<Hub>) -> Router {
    routes(AppState::new(hub, &Limits::default(), None))
}

/// Every route over `state`.
pub(crate) fn routes(state: AppState) -> Router {
    Router::new()
        .route("/api/catalog", get(games::catalog))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::state))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/games/{id}/move", post(games::play))
        .route(
            "/api/games/{id}/undo",
            post(|s, p, a, b| games::bare(s, p, a, b, Action::Undo)),
        )
        .route(
            "/api/games/{id}/claim",
            post(|s, p, a, b| games::bare(s, p, a, b, Action::Claim)),
        )
        .route(
            "/api/games/{id}/resign",
            post(|s, p, a, b| games::bare(s, p, a, b, Action::Resign)),
        )
        .route("/api/games/{id}/draw", post(games::draw))
        .route("/api/games/{id}/rematch", post(games::rematch))
        .route("/api/games/{id}/hint", post(games::hint))
        .route(
            "/api/games/{id}/review",
            get(games::review).post(games::start_review),
        )
        .route("/api/games/{id}/{action}", post(games::no_action))
        .route("/api/my-games", post(games::mine))
        // ---- accounts (#34)
        .route("/api/account", get(accounts::me))
        .route("/api/account/signup", post(accounts::signup))
        .route("/api/account/login", post(accounts::login))
        .route("/api/account/logout", post(accounts::logout))
        .route("/api/account/logout-all", post(accounts::logout_all))
        .route("/api/account/password", post(accounts::password))
        .route("/api/account/delete", post(accounts::delete))
        // ---- profiles and leaderboards (#34)
        .route("/api/account/private", post(players::set_private))
        .route("/api/players/{name}", get(players::profile))
        .route("/api/players/{name}/games", get(players::games))
        .route("/api/players/{name}/games.zip", get(players::zip))
        .route("/api/leaderboard", get(players::boards))
        .route("/api/leaderboard/{pool}", get(players::board))
        .route("/api/notify", post(notify::subscribe))
        .route("/api/notify/status", post(notify::status))
        .route("/api/notify/stop", post(notify::stop))
        .route(
            "/unsubscribe/{key}",
            get(notify::ask).post(notify::unsubscribe),
        )
        .route("/api/imago/solve", post(layouts::solve))
        .route("/api/layouts", get(layouts::list).post(layouts::save))
        .route(
            "/api/layouts/{id}",
            get(layouts::one)
                .post(layouts::change)
                .delete(layouts::delete),
        )
        // ---- the lobby (#33)
        .route("/api/lobby", get(lobby::list))
        .route("/api/lobby/ws", get(lobby::upgrade))
        .route("/api/lobby/seeks", post(lobby::post))
        .route("/api/lobby/seeks/{id}", delete(lobby::cancel))
        .route("/api/lobby/seeks/{id}/accept", post(lobby::accept))
        .route("/api/lobby/play-now", post(lobby::play_now))
        .route("/api/position", post(position::position))
        .route("/api/analyse", post(position::analyse))
        .route("/api/explore", post(position::explore))
        // ---- puzzles (#35)
        .route("/api/puzzles/next", get(puzzles::next))
        .route("/api/puzzles/themes", get(puzzles::themes))
        .route("/api/puzzles/{id}/answer", post(puzzles::answer))
        // ---- rules pages, printed kits and cards (#18)
        .route("/api/rules/{game}", get(print::rules))
        .route("/api/cards/{file}", get(print::card))
        .route("/api/print/{file}", get(print::kit))
        // ---- the designer's lab
        .route("/api/lab", get(lab::list))
        .route("/api/lab/{name}", get(lab::one))
        .route("/api/lab/{name}/files/{file}", get(lab::file))
        .route("/api/{*rest}", get(no_route).post(no_route))
        .route("/static/{*path}", get(assets::file))
        .route("/locales/{lang}/{file}", get(assets::locale))
        .fallback(get(assets::index))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(crate::accounts::cross_site))
        .with_state(state)
}

/// 404: no API route at this path.
async fn no_route(uri: Uri) -> ApiError {
    ApiError::NotFound(Message::of(id!("api_no_route")).text("path", uri.path()))
}

#[cfg(test)]
mod tests {
    /// Each handler file with its text.
    const FILES: [(&str, &str); 11] = [
        ("accounts", include_str!("accounts.rs")),
        ("assets", include_str!("assets.rs")),
        ("games", include_str!("games.rs")),
        ("lab", include_str!("lab.rs")),
        ("layouts", include_str!("layouts.rs")),
        ("lobby", include_str!("lobby.rs")),
        ("notify", include_str!("notify.rs")),
        ("players", include_str!("players.rs")),
        ("position", include_str!("position.rs")),
        ("print", include_str!("print.rs")),
        ("ws", include_str!("ws.rs")),
    ];

    #[test]
    fn no_handler_file_imports_another() {
        for (name, text) in FILES {
            assert!(
                !text.contains("crate::routes"),
                "{name}.rs names crate::routes"
            );
            for (other, _) in FILES {
                for path in [format!("super::{other}"), format!("routes::{other}")] {
                    assert!(!text.contains(&path), "{name}.rs imports {other}.rs");
                }
            }
        }
    }
}
