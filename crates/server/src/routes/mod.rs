//! The HTTP routes, the only code (with the kit they share, [`http`]) that
//! knows HTTP: one file per concern, named like it, and one route per
//! action (see `docs/web-api.md`): [`games`] (the catalog, games, what
//! players do, a game's socket), [`accounts`] (sign-up, login, sessions),
//! [`players`] (profiles and leaderboards), [`lobby`] (seeks and the
//! lobby's socket), [`mail`] (email notices of correspondence games),
//! [`layouts`] (Imago's solver and saved layouts), [`explore`] (positions
//! without a game, the analysis, the explorer), [`puzzles`], [`lab`] (the
//! designer's reports), and two without a concern of their own:
//! [`print`] (rules pages, kits and cards) and [`assets`] (the web app's
//! files and pages). The route files share only [`http`] and
//! [`crate::state`]; none imports another (the import-guard test,
//! `tests/layout.rs`, fails if one does).

mod accounts;
mod assets;
mod bots;
mod challenges;
mod chat;
mod conditional;
mod explore;
mod games;
pub mod http;
mod lab;
mod layouts;
mod learn;
mod lobby;
mod mail;
mod notices;
mod people;
mod players;
mod print;
mod push;
mod puzzles;
mod tools;
mod tournaments;
mod vacation;

use crate::games::Action;
use crate::state::AppState;
use crate::Limits;
use anyhow::Context;
use axum::http::Uri;
use axum::routing::{delete, get, post};
use axum::Router;
use http::error::{self as api_error, ApiError};
use http::extract::MAX_BODY;
use std::time::Duration;
use tablero_core::{id, Message};
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::GovernorLayer;

/// The router of the whole app over `state`, with no rate limit and none
/// of the app's layers ([`app`] adds them).
pub fn router(state: AppState) -> Router {
    routes(state)
}

/// Every route over `state`.
pub(crate) fn routes(state: AppState) -> Router {
    Router::new()
        .route("/api/catalog", get(games::catalog))
        .route("/api/games", post(games::create))
        .route("/api/games/{id}", get(games::state))
        .route("/api/games/{id}/ws", get(games::upgrade))
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
        .route(
            "/api/games/{id}/abort",
            post(|s, p, a, b| games::bare(s, p, a, b, Action::Abort)),
        )
        .route("/api/games/{id}/takeback", post(tools::takeback))
        .route(
            "/api/games/{id}/notes",
            get(tools::notes).post(tools::save_notes),
        )
        .route("/api/games/{id}/record", get(tools::record))
        .route("/api/games/{id}/board.png", get(tools::board_png))
        .route("/api/games/{id}/game.gif", get(tools::game_gif))
        .route("/api/games/{id}/rematch", post(games::rematch))
        .route(
            "/api/games/{id}/conditional",
            get(conditional::view).post(conditional::save),
        )
        .route("/api/games/{id}/hint", post(games::hint))
        .route(
            "/api/games/{id}/seats/{seat}/claim",
            post(games::claim_seat),
        )
        .route(
            "/api/games/{id}/review",
            get(games::review).post(games::start_review),
        )
        // ---- chat (#44)
        .route("/api/games/{id}/chat", get(chat::view).post(chat::say))
        .route("/api/games/{id}/chat/ws", get(chat::upgrade))
        .route("/api/chat/mutes", get(chat::mutes))
        .route("/api/chat/mute", post(|s, m, b| chat::mute(s, m, b, true)))
        .route(
            "/api/chat/unmute",
            post(|s, m, b| chat::mute(s, m, b, false)),
        )
        .route("/api/chat/reports", post(chat::report))
        .route("/api/moderation/reports", get(chat::reports))
        .route("/api/moderation/lines/{id}/hide", post(chat::hide))
        .route("/api/moderation/marks", post(chat::mark))
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
        .route("/api/account/private", post(accounts::set_private))
        .route("/api/vacation", get(vacation::view).post(vacation::go))
        .route("/api/vacation/back", post(vacation::back))
        .route("/api/players/{name}", get(players::profile))
        .route("/api/players/{name}/games", get(players::games))
        .route("/api/players/{name}/games.zip", get(players::zip))
        .route("/api/leaderboard", get(players::boards))
        .route("/api/leaderboard/{pool}", get(players::board))
        // ---- people, who is online, the games being played now (#44)
        .route("/api/people/following", get(people::following))
        .route("/api/people/blocks", get(people::blocks))
        .route("/api/people/{name}", get(people::relation))
        .route("/api/people/{name}/history", get(people::history))
        .route(
            "/api/people/{name}/follow",
            post(people::follow).delete(people::unfollow),
        )
        .route(
            "/api/people/{name}/block",
            post(people::block).delete(people::unblock),
        )
        .route("/api/online", get(people::count))
        .route("/api/online/ws", get(people::online_socket))
        .route("/api/watch", get(people::watch))
        .route("/api/notify", post(mail::subscribe))
        .route("/api/notify/status", post(mail::status))
        .route("/api/notify/stop", post(mail::stop))
        .route("/unsubscribe/{key}", get(mail::ask).post(mail::unsubscribe))
        .route("/confirm/{key}", get(mail::confirm_ask).post(mail::confirm))
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
        // ---- challenges (#44)
        .route(
            "/api/challenges",
            get(challenges::mine).post(challenges::make),
        )
        .route(
            "/api/challenges/settings",
            get(challenges::settings).post(challenges::set_settings),
        )
        .route("/api/challenges/{id}", get(challenges::one))
        .route("/api/challenges/{id}/accept", post(challenges::accept))
        .route("/api/challenges/{id}/decline", post(challenges::decline))
        .route("/api/challenges/{id}/cancel", post(challenges::cancel))
        // ---- tournaments (#45)
        .route(
            "/api/tournaments",
            get(tournaments::lists).post(tournaments::make),
        )
        .route("/api/tournaments/{id}", get(tournaments::one))
        .route("/api/tournaments/{id}/join", post(tournaments::join))
        .route("/api/tournaments/{id}/pause", post(tournaments::pause))
        .route(
            "/api/tournaments/{id}/withdraw",
            post(tournaments::withdraw),
        )
        .route("/api/tournaments/{id}/start", post(tournaments::start))
        // ---- notices that follow a person (#42, #44)
        .route("/api/notices/ws", get(notices::upgrade))
        // ---- bot accounts and the bot API (#45)
        .route("/api/bots", get(bots::mine).post(bots::create))
        .route(
            "/api/bots/{name}/token",
            post(bots::new_token).delete(bots::revoke),
        )
        .route("/api/bot/account", get(bots::account))
        .route("/api/bot/stream/event", get(bots::events))
        .route("/api/bot/game/stream/{id}", get(bots::game_stream))
        .route("/api/bot/game/{id}/move/{mv}", post(bots::play))
        .route("/api/bot/game/{id}/resign", post(bots::resign))
        .route("/api/bot/challenge/{id}/accept", post(bots::accept))
        .route("/api/bot/challenge/{id}/decline", post(bots::decline))
        .route("/api/bot/tournament/{id}/join", post(bots::tournament_join))
        .route(
            "/api/bot/tournament/{id}/withdraw",
            post(bots::tournament_withdraw),
        )
        .route("/api/position", post(explore::position))
        .route("/api/analyse", post(explore::analyse))
        .route("/api/explore", post(explore::explore))
        // ---- puzzles (#35)
        .route("/api/puzzles/next", get(puzzles::next))
        .route("/api/puzzles/themes", get(puzzles::themes))
        .route("/api/puzzles/{id}/answer", post(puzzles::answer))
        // ---- courses (#46)
        .route("/api/learn", get(learn::courses))
        .route("/api/learn/{game}/{stage}/{n}", post(learn::play))
        // ---- rules pages, printed kits and cards (#18)
        .route("/api/rules/{game}", get(print::rules))
        .route("/api/cards/{file}", get(print::card))
        .route("/api/print/{file}", get(print::kit))
        // ---- the designer's lab
        .route("/api/lab", get(lab::list))
        .route("/api/lab/{name}", get(lab::one))
        .route("/api/lab/{name}/files/{file}", get(lab::file))
        .route("/api/{*rest}", get(no_route).post(no_route))
        // ---- the installable app and Web Push (#49)
        .route("/sw.js", get(push::worker))
        .route("/manifest.webmanifest", get(push::manifest))
        .route("/offline", get(push::offline))
        .route("/api/push/key", get(push::key))
        .route(
            "/api/push/subscriptions",
            get(push::mine).post(push::subscribe),
        )
        .route("/api/push/subscriptions/{id}", delete(push::unsubscribe))
        .route("/api/push/kinds", post(push::set_kinds))
        .route("/static/{*path}", get(assets::file))
        .route("/locales/{lang}/{file}", get(assets::locale))
        .fallback(get(assets::index))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(http::session::cross_site))
        .layer(axum::middleware::from_fn(http::extract::refuse_nul))
        .with_state(state)
}

/// 404: no API route at this path.
async fn no_route(uri: Uri) -> ApiError {
    ApiError::NotFound(Message::of(id!("api_no_route")).text("path", uri.path()))
}

/// The app over `state`, with its rate limit (`rate` requests per second
/// from one client address, burst twice that; 0: none), timeouts, body limit,
/// JSON for every error answer, compression, and ETags, ready to serve.
/// Starts the tasks that forget the rate limits' refilled keys.
///
/// # Errors
/// When a rate limit cannot be built.
pub fn app(mut state: AppState, rate: u32, limits: &Limits) -> anyhow::Result<Router> {
    let mut governor = None;
    if rate > 0 {
        let config = GovernorConfigBuilder::default()
            .key_extractor(http::client::ClientKey)
            .per_millisecond((1000 / u64::from(rate)).max(1))
            .burst_size(rate.saturating_mul(2))
            .finish()
            .context("bad rate limit")?;
        let limiter = config.limiter().clone();
        state.guards.messages = Some(std::sync::Arc::clone(&limiter));
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                limiter.retain_recent();
            }
        });
        governor = Some(GovernorLayer::new(config).error_handler(api_error::too_many_requests));
    }
    let accounts = state.accounts.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            accounts.retain_recent();
        }
    });
    if let Some(solves) = state.guards.solve_rate.clone() {
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                solves.retain_recent();
            }
        });
    }
    let router = routes(state)
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            limits.request_timeout,
        ))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            limits.body_timeout,
        ))
        // Answers 413 at once when the declared length is over the limit.
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY));
    let router = match governor {
        // The web app's own files (scripts, styles, catalogues: served
        // from memory, cached by their ETags) are not counted: a first
        // page load fetches some forty of them, which ate most of a
        // client's burst before its first API request.
        Some(g) => {
            let limited = router.clone().layer(g);
            let open = router;
            Router::new().fallback_service(tower::service_fn(move |req: axum::extract::Request| {
                use tower::ServiceExt;
                let path = req.uri().path();
                let svc = if path.starts_with("/static/") || path.starts_with("/locales/") {
                    open.clone()
                } else {
                    limited.clone()
                };
                svc.oneshot(req)
            }))
        }
        None => router,
    };
    Ok(router
        .layer(axum::middleware::map_response(api_error::json_errors))
        .layer(compression())
        .layer(axum::middleware::from_fn(http::assets::conditional)))
}

/// Answers of at least this many bytes are compressed.
const MIN_COMPRESS: u16 = 256;

/// tower-http's compression, brotli or gzip as `Accept-Encoding` asks, at
/// its default levels (brotli 4, gzip 6: quick enough for answers made
/// anew, the API's JSON and the pages): text, scripts, JSON and SVG of
/// [`MIN_COMPRESS`] bytes or more; not PDFs, not small answers (errors).
fn compression(
) -> tower_http::compression::CompressionLayer<impl tower_http::compression::Predicate> {
    use axum::http::{header, Extensions, HeaderMap, StatusCode, Version};
    use tower_http::compression::predicate::{Predicate as _, SizeAbove};
    let compressible = |_: StatusCode, _: Version, h: &HeaderMap, _: &Extensions| {
        h.get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| {
                // Not a stream of lines (the bot API's NDJSON): each line
                // goes out when said.
                !t.contains("ndjson")
                    && (t.starts_with("text/")
                        || t.contains("javascript")
                        || t.contains("json")
                        || t.contains("svg")
                        || t.contains("xml"))
            })
    };
    tower_http::compression::CompressionLayer::new()
        .br(true)
        .gzip(true)
        .compress_when(SizeAbove::new(MIN_COMPRESS).and(compressible))
}
