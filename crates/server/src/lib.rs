//! The tablero web app: a JSON and WebSocket API over axum, games kept in
//! SQLite (or PostgreSQL for several processes), computer moves on a
//! blocking pool, and the browser UI of `web/` embedded.
//!
//! The API is documented in `docs/web-api.md`. The server is the referee:
//! every move is checked by the game's own rules, and every accepted move is
//! committed to the database before it is acknowledged.
//!
//! The server is a folder per concern, as lila's modules are
//! (`docs/architecture.md` draws them): [`games`] (the hub: the games in
//! play, their clocks, the computer, the one door of a game's end),
//! [`lobby`], [`accounts`], [`ratings`], [`mail`], [`puzzles`],
//! [`reviews`], [`explore`], [`players`], [`layouts`] and [`lab`], each
//! with its API (`mod.rs`), its SQL (`store.rs`) and its own error type;
//! [`db`] is the storage they share, [`events`] what they tell each other
//! (a game ended), [`state`] wires them together, and `routes/` alone
//! speaks HTTP.

pub mod accounts;
pub mod bots;
pub mod challenges;
pub mod chat;
pub mod db;
pub mod events;
pub mod explore;
pub mod games;
pub mod lab;
pub mod layouts;
pub mod learn;
pub mod lobby;
pub mod mail;
pub mod notes;
pub mod notices;
pub mod online;
pub mod people;
pub mod players;
pub mod push;
pub mod puzzles;
pub mod ratings;
pub mod refusal;
pub mod reviews;
mod routes;
pub mod state;
pub mod tournaments;
pub mod vacation;
pub mod watch;

pub use db::Db;
pub use games::Hub;
pub use routes::http::error::ApiError;
pub use routes::{app, router};
pub use state::AppState;

use anyhow::{Context, Result};
use routes::http::conn;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// A SQLite file path, or a `postgres://` URL.
    pub database: String,
    /// Requests per second allowed from one client address (burst twice
    /// that), WebSocket messages included; 0 turns the limit off.
    pub rate: u32,
    /// Timeouts and caps.
    pub limits: Limits,
    /// The designer's lab reports served at `/lab` (`--lab DIR`).
    pub lab: Option<std::path::PathBuf>,
    /// Email notices of correspondence games (`--smtp URL`); none: no
    /// mail is sent.
    pub mail: Option<mail::MailConfig>,
    /// The puzzles mined at start-up where the database has too few.
    pub puzzles: puzzles::Seeding,
    /// Reverse proxies in front (`--trusted-proxy`): from these peers the
    /// client's address is the last one of `X-Forwarded-For`, and every
    /// per-client limit keys on it; they have no per-address connection
    /// cap. None by default: the header is believed from nobody.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Web Push (#49): the VAPID subject, plain-HTTP endpoints (tests).
    pub push: push::PushConfig,
    /// Site tournaments (`--tournaments FILE`, #45): the schedule.
    pub tournaments: Option<tournaments::schedule::Schedule>,
}

impl Default for Config {
    /// `127.0.0.1:8080`, `tablero.db`, 50 requests per second, the default
    /// [`Limits`].
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "tablero.db".into(),
            rate: 50,
            limits: Limits::default(),
            lab: None,
            mail: None,
            puzzles: puzzles::Seeding::default(),
            trusted_proxies: Vec::new(),
            push: push::PushConfig::from_env(),
            tournaments: None,
        }
    }
}

/// The server's timeouts and caps (documented in `docs/web-api.md`,
/// "Errors and limits").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A connection must send a whole request head within this, counted
    /// from when it opens or from its previous answer; so it is also how
    /// long an idle kept-alive connection stays open (10 s).
    pub header_timeout: Duration,
    /// The longest pause while a request body is being sent (10 s).
    pub body_timeout: Duration,
    /// The longest a request may take, its body included (30 s; 408).
    pub request_timeout: Duration,
    /// Connections open at once, WebSockets included (4,096, and never
    /// more than the process's descriptor limit allows); more are answered
    /// 503 and closed.
    pub max_connections: usize,
    /// Connections open at once from one client address (256; 0: no cap);
    /// more are answered 429 and closed.
    pub max_connections_per_address: usize,
    /// How often a WebSocket is pinged (30 s): a socket that sends nothing
    /// (not even a pong) for two of these, or does not take a message
    /// within one, is dropped.
    pub ws_ping: Duration,
    /// Solves for `POST /api/imago/solve` running at once (1), apart from
    /// the computer players and claims; a request waits at most 5 s for its
    /// turn, then gets 503.
    pub solves: usize,
    /// Solves of new layouts one client address may ask for per minute
    /// (20, in a burst or spread out); 0: no limit. Layouts already solved
    /// are answered from memory and not counted.
    pub solves_per_minute: u32,
    /// How long a request waits for a database connection before it is
    /// answered 503 (1 s).
    pub database_timeout: Duration,
    /// Logins and sign-ups per minute for one account name from one client
    /// address (5; 0: no limit); more are answered 429. Nothing is limited
    /// per name alone, so strangers cannot lock its owner out.
    pub logins_per_name_and_address: u32,
    /// Logins and sign-ups per minute from one client address (20; 0: no
    /// limit).
    pub logins_per_address: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            max_connections: 4096,
            max_connections_per_address: 256,
            ws_ping: Duration::from_secs(30),
            solves: 1,
            solves_per_minute: 20,
            database_timeout: Duration::from_secs(1),
            logins_per_name_and_address: 5,
            logins_per_address: 20,
        }
    }
}

/// The PostgreSQL channels this process listens to: the games' changes,
/// the lobby's, and the events.
const CHANNELS: [&str; 3] = [games::CHANNEL, lobby::CHANNEL, events::CHANNEL];

/// Listens on PostgreSQL to the other processes (LISTEN/NOTIFY): a game
/// changed, the lobby changed, an event; answers once it listens, then
/// passes what it hears to `state`'s hub, lobby and bus.
///
/// A lost connection is opened again (every quarter of a second until
/// PostgreSQL answers), and only once it listens again does the process
/// catch up on what it may have missed meanwhile: every cached game whose
/// stored version moved is read again and its sockets told
/// ([`games::Hub::resync`]), the lobby's lists are read again, and the
/// event subscribers catch up from the store. In that order nothing falls
/// between: a change after the new LISTEN is heard, one before it is found
/// by the catch-up.
///
/// # Errors
/// When it cannot listen at first.
pub async fn listen(state: &AppState, url: &str) -> Result<()> {
    let listener = listener(url).await?;
    let (hub, lobby, bus) = (
        Arc::clone(&state.hub),
        Arc::clone(&state.lobby),
        Arc::clone(&state.bus),
    );
    let url = url.to_string();
    tokio::spawn(async move {
        let mut listener = listener;
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    match n.channel() {
                        games::CHANNEL => hub.heard(n.payload()).await,
                        lobby::CHANNEL => lobby.remote_change(),
                        _ => bus.heard(n.payload()),
                    }
                    continue;
                }
                Ok(None) => tracing::warn!("PostgreSQL notifications: the connection was lost"),
                Err(e) => tracing::warn!("PostgreSQL notifications: {e}"),
            }
            // Listen again on a new connection, then catch up.
            listener = loop {
                match self::listener(&url).await {
                    Ok(l) => break l,
                    Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
                }
            };
            tracing::info!("PostgreSQL notifications: listening again; catching up");
            loop {
                match hub.resync().await {
                    Ok(moved) => {
                        tracing::info!(games = moved, "caught up with the games changed meanwhile");
                        break;
                    }
                    Err(e) => {
                        tracing::warn!("catching up with the games: {e}");
                        tokio::time::sleep(Duration::from_millis(250)).await;
                    }
                }
            }
            lobby.remote_change();
            bus.may_have_missed();
        }
    });
    Ok(())
}

/// A connection listening to [`CHANNELS`].
async fn listener(url: &str) -> Result<sqlx::postgres::PgListener> {
    let mut listener = sqlx::postgres::PgListener::connect(url)
        .await
        .context("cannot LISTEN on PostgreSQL")?;
    listener.listen_all(CHANNELS).await?;
    Ok(listener)
}

/// Why the server could not start, for the terminal to say in the
/// reader's language (its `Display` is the English text).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The database cannot be opened, brought up to date or listened to.
    #[error("{detail:#}")]
    Database {
        /// The database as given (a file or a URL).
        database: String,
        /// What failed, with its causes.
        detail: anyhow::Error,
    },
    /// The address cannot be bound (in use, not this machine's, not
    /// allowed).
    #[error("cannot listen on {addr}: {error}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// The system's error.
        error: std::io::Error,
    },
    /// The mail settings are wrong (a bad SMTP URL or sender).
    #[error("cannot send mail: {0}")]
    Mail(String),
}

/// A server bound to its address, ready to run.
pub struct Running {
    /// The address it listens on (the real port when 0 was asked).
    pub addr: SocketAddr,
    /// Serves until the shutdown future given to [`start`] completes.
    pub server: std::pin::Pin<Box<dyn std::future::Future<Output = std::io::Result<()>> + Send>>,
}

/// Opens the database, hears other processes' changes (PostgreSQL), and
/// binds the address; the returned future serves until `shutdown`.
///
/// # Errors
/// When the database cannot be opened or the address bound.
pub async fn start(
    config: Config,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<Running> {
    let database = |detail| StartError::Database {
        database: config.database.clone(),
        detail,
    };
    let db = Db::open_with(&config.database, config.limits.database_timeout)
        .await
        .map_err(database)?;
    let mut state = AppState::new(
        db.clone(),
        &config.limits,
        config.lab.clone(),
        config.mail.is_some(),
    );
    state.push = state.push.clone().with_config(config.push.clone());
    if let Some(url) = db.postgres_url() {
        listen(&state, url).await.map_err(database)?;
    }
    let hub = Arc::clone(&state.hub);
    // Games idle for ten minutes leave memory; they reload when asked for.
    let sweeper = Arc::clone(&hub);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            sweeper.sweep(10 * 60 * 1000);
        }
    });
    // The server keeps time: games whose deadline passes end on time.
    tokio::spawn(games::keep_time(Arc::downgrade(&hub)));
    // Vacations begin and end (#49): the clocks of the games stop and restart.
    tokio::spawn(vacation::keep_watch(state.vacations.clone()));
    // The concerns that act when a game ends subscribe, and first catch
    // up with the games that ended without their effects (a stop between
    // the two): ratings rate them, mail forgets their turns.
    state.subscribe();
    // Tournaments (#45): every process ticks; a round is paired once.
    tournaments::spawn(state.tournaments.clone(), config.tournaments.clone());
    // Who is online: this process's sockets written for every process.
    online::spawn(&state.online);
    // A database with too few puzzles gets a small set, mined in the
    // background (while the hub lives).
    puzzles::spawn_seeding(Arc::downgrade(&hub), db, config.puzzles.clone());
    let mailer = match &config.mail {
        Some(m) => {
            Some(mail::Mailer::new(m.clone()).map_err(|e| StartError::Mail(format!("{e:#}")))?)
        }
        None => None,
    };
    let weak = Arc::downgrade(&hub);
    drop(hub);
    let wake = state.mail.waker();
    let app = app(state, config.rate, &config.limits)?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|error| StartError::Listen {
            addr: config.addr,
            error,
        })?;
    let addr = listener.local_addr()?;
    if let Some(mut m) = mailer {
        // The links in mails: the address given, else the one bound.
        m.default_public_url(&format!("http://{addr}"));
        tokio::spawn(mail::run(weak, m, wake));
    }
    let trusted = routes::http::client::TrustedProxies::new(&config.trusted_proxies);
    let server = conn::serve(listener, app, config.limits, trusted, shutdown);
    Ok(Running {
        addr,
        server: Box::pin(server),
    })
}

/// Opens the database and serves until Ctrl-C. Prints
/// `listening on http://ADDR` once the port is bound.
///
/// # Errors
/// When the database cannot be opened or the address bound.
pub async fn serve(config: Config) -> Result<()> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    // Idle and slow connections are capped below the descriptor limit;
    // raise the soft limit as far as the hard one allows.
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        tracing::warn!("cannot raise the open-file limit: {e}");
    }
    let database = config.database.clone();
    let running = start(config, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    println!(
        "tablero serve: listening on http://{} (database {database})",
        running.addr
    );
    running.server.await?;
    Ok(())
}
