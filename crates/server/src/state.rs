//! What every route shares: [`AppState`], a `Clone` struct of `Arc`s, with
//! [`FromRef`] for each part so a handler takes only what it uses
//! (`State<Arc<Hub>>`, `State<Arc<Lobby>>`, `State<Guards>`, `State<LabDir>`).

use crate::hub::Hub;
use crate::lobby::Lobby;
use crate::Limits;
use axum::extract::FromRef;
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// A rate limit per client address.
pub(crate) type Limiter = Arc<DefaultKeyedRateLimiter<IpAddr>>;

/// The app's state.
#[derive(Clone)]
pub struct AppState {
    /// The games in play, over the store.
    pub hub: Arc<Hub>,
    /// The lobby's seeks, over the hub.
    pub lobby: Arc<Lobby>,
    /// The rate limits and the solver's budget.
    pub guards: Guards,
    /// The folder of the designer's lab reports (`--lab`).
    pub lab: LabDir,
    /// Whether the server sends mail (`--smtp`).
    pub mail: MailOn,
    /// The rate limits of logins and sign-ups.
    pub accounts: crate::accounts::AccountLimits,
    /// The game reviews being made.
    pub reviews: Arc<crate::reviews::Reviews>,
}

impl FromRef<AppState> for Arc<crate::reviews::Reviews> {
    fn from_ref(s: &AppState) -> Arc<crate::reviews::Reviews> {
        Arc::clone(&s.reviews)
    }
}

/// Whether the server sends mail (`tablero serve --smtp`).
#[derive(Clone, Copy, Debug, Default)]
pub struct MailOn(pub bool);

impl FromRef<AppState> for MailOn {
    fn from_ref(s: &AppState) -> MailOn {
        s.mail
    }
}

impl AppState {
    /// The state of an app over `hub` with `limits` and no message rate
    /// limit, serving the lab reports of `lab`.
    #[must_use]
    pub fn new(hub: Arc<Hub>, limits: &Limits, lab: Option<PathBuf>) -> AppState {
        AppState {
            lobby: Lobby::new(Arc::clone(&hub)),
            hub,
            guards: Guards::new(limits),
            lab: LabDir(Arc::new(lab)),
            mail: MailOn(false),
            accounts: crate::accounts::AccountLimits::new(limits),
            reviews: Arc::default(),
        }
    }
}

/// The rate limits and the solver's budget.
#[derive(Clone)]
pub struct Guards {
    /// The HTTP rate limit per address, also drawn on by WebSocket
    /// messages (none when the rate limit is off).
    pub(crate) messages: Option<Limiter>,
    /// Solves of new layouts per address.
    pub(crate) solve_rate: Option<Limiter>,
    /// Solves and analyses running at once for the API.
    pub(crate) solves: Arc<Semaphore>,
    /// The WebSocket ping interval.
    pub(crate) ws_ping: Duration,
}

impl Guards {
    /// The guards `limits` asks for, with no message rate limit.
    fn new(limits: &Limits) -> Guards {
        Guards {
            messages: None,
            solve_rate: NonZeroU32::new(limits.solves_per_minute)
                .map(|n| Arc::new(DefaultKeyedRateLimiter::keyed(Quota::per_minute(n)))),
            solves: Arc::new(Semaphore::new(limits.solves.max(1))),
            ws_ping: limits.ws_ping,
        }
    }
}

/// The time until `limiter` lets `ip` through again, or `None` when it
/// does now (and counts it).
pub(crate) fn over_rate(limiter: &Limiter, ip: IpAddr) -> Option<Duration> {
    use governor::clock::{Clock, DefaultClock};
    limiter
        .check_key(&ip)
        .err()
        .map(|n| n.wait_time_from(DefaultClock::default().now()))
}

/// The lab's folder of reports (none: the lab lists nothing).
#[derive(Clone)]
pub struct LabDir(pub Arc<Option<PathBuf>>);

impl FromRef<AppState> for Arc<Hub> {
    fn from_ref(s: &AppState) -> Self {
        Arc::clone(&s.hub)
    }
}

impl FromRef<AppState> for Arc<Lobby> {
    fn from_ref(s: &AppState) -> Self {
        Arc::clone(&s.lobby)
    }
}

impl FromRef<AppState> for Guards {
    fn from_ref(s: &AppState) -> Self {
        s.guards.clone()
    }
}

impl FromRef<AppState> for LabDir {
    fn from_ref(s: &AppState) -> Self {
        s.lab.clone()
    }
}
