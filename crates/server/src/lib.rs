//! The tablero web app: a JSON and WebSocket API over axum, games kept in
//! SQLite (or PostgreSQL for several processes), computer moves on a
//! blocking pool, and the browser UI of `web/` embedded.
//!
//! The API is documented in `docs/web-api.md`. The server is the referee:
//! every move is checked by the game's own rules, and every accepted move is
//! committed to the database before it is acknowledged.

mod api;
mod assets;
pub mod games;
pub mod hub;
pub mod store;
mod ws;

pub use api::router;
pub use hub::Hub;
pub use store::Store;

use anyhow::{Context, Result};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::GovernorLayer;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// A SQLite file path, or a `postgres://` URL.
    pub database: String,
    /// Requests per second allowed from one client address (burst twice
    /// that); 0 turns the limit off.
    pub rate: u32,
}

/// The app with its rate limit, ready to serve.
///
/// # Errors
/// When the rate limit cannot be built.
pub fn app(hub: Arc<Hub>, rate: u32) -> Result<axum::Router> {
    let router = router(hub);
    if rate == 0 {
        return Ok(router);
    }
    let config = GovernorConfigBuilder::default()
        .per_millisecond((1000 / u64::from(rate)).max(1))
        .burst_size(rate.saturating_mul(2))
        .finish()
        .context("bad rate limit")?;
    let limiter = config.limiter().clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            limiter.retain_recent();
        }
    });
    Ok(router.layer(GovernorLayer::new(config)))
}

/// Hears the changes other processes make (PostgreSQL's LISTEN/NOTIFY) and
/// passes them to this process's sockets.
async fn listen(hub: Arc<Hub>, url: String) -> Result<()> {
    let mut listener = sqlx::postgres::PgListener::connect(&url)
        .await
        .context("cannot LISTEN on PostgreSQL")?;
    listener.listen(store::CHANNEL).await?;
    tokio::spawn(async move {
        loop {
            match listener.recv().await {
                Ok(n) => hub.remote_change(n.payload()).await,
                Err(e) => {
                    tracing::warn!("PostgreSQL notifications: {e}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
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
    let store = Store::open(&config.database).await?;
    let hub = Hub::new(store.clone());
    if let Some(url) = store.postgres_url() {
        listen(Arc::clone(&hub), url.to_string()).await?;
    }
    // Games idle for ten minutes leave memory; they reload when asked for.
    let sweeper = Arc::clone(&hub);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(60)).await;
            sweeper.sweep(10 * 60 * 1000);
        }
    });
    let app = app(hub, config.rate)?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("cannot listen on {}", config.addr))?;
    let addr = listener.local_addr()?;
    // Small messages (a move, a state) go out at once, not after the peer's
    // delayed ACK (Nagle's algorithm would hold them up to 40 ms).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let server = axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown);
    Ok(Running {
        addr,
        server: Box::pin(std::future::IntoFuture::into_future(server)),
    })
}

/// Opens the database and serves until Ctrl-C. Prints
/// `listening on http://ADDR` once the port is bound.
///
/// # Errors
/// When the database cannot be opened or the address bound.
pub async fn serve(config: Config) -> Result<()> {
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
