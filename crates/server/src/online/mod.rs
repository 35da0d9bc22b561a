//! Who is online (issue #44): the accounts with a page of the site open,
//! and the spectators of each game, across every server process.
//!
//! "Online" means an account with at least one open socket that carried
//! its session cookie: the lobby's, a game's, and any other socket that
//! calls [`Online::arrive`] (the notices socket). Each process counts its
//! own sockets in memory ([`Here`] is one socket's mark: dropping it, when
//! the socket closes, counts it out) and a task of its own ([`spawn`])
//! writes the changes to the `online_*` tables at once, and refreshes the
//! process's heartbeat every [`BEAT`]. A process's rows count while its
//! heartbeat is younger than [`TTL`]: a player who closes the tab leaves
//! as soon as the socket closes; the players of a process that stopped
//! without a word leave after [`TTL`]. Every process answers the same
//! count from the shared tables (SQLite: one process; PostgreSQL: any
//! number).

pub mod store;

use crate::db::{now_ms, random_id, Db, Result};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;
use tokio::sync::Notify;

/// How often a process refreshes its heartbeat (and the count it shows).
pub const BEAT: Duration = Duration::from_secs(2);

/// How long a process's rows count without a heartbeat.
pub const TTL: Duration = Duration::from_secs(10);

/// What this process counts: accounts by their sockets, games by their
/// spectators' sockets.
#[derive(Default)]
struct Counts {
    accounts: HashMap<String, usize>,
    spectators: HashMap<String, usize>,
}

/// The online concern's service: this process's sockets, and the count of
/// every process's.
pub struct Online {
    db: Db,
    /// This process's name in the tables.
    process: String,
    counts: Mutex<Counts>,
    /// Wakes the writer when the counts change.
    changed: Notify,
    /// The accounts online on every process, as of the last write.
    total: tokio::sync::watch::Sender<i64>,
}

/// One socket counted as online while it lives.
pub struct Here {
    online: Weak<Online>,
    account: Option<String>,
    spectating: Option<String>,
}

impl Here {
    /// The socket now watches `game` as a spectator (`true`) or as one of
    /// its players (`false`).
    pub fn spectating(&mut self, game: &str, spectator: bool) {
        let Some(online) = self.online.upgrade() else {
            return;
        };
        let now = spectator.then(|| game.to_string());
        if now == self.spectating {
            return;
        }
        let mut c = online.lock();
        if let Some(g) = self.spectating.take() {
            down(&mut c.spectators, &g);
        }
        if let Some(g) = &now {
            *c.spectators.entry(g.clone()).or_default() += 1;
        }
        drop(c);
        self.spectating = now;
        online.changed.notify_one();
    }
}

/// Counts `key` down once, and out at zero.
fn down(map: &mut HashMap<String, usize>, key: &str) {
    if let Some(n) = map.get_mut(key) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(key);
        }
    }
}

impl Drop for Here {
    fn drop(&mut self) {
        let Some(online) = self.online.upgrade() else {
            return;
        };
        let mut c = online.lock();
        if let Some(a) = &self.account {
            down(&mut c.accounts, a);
        }
        if let Some(g) = &self.spectating {
            down(&mut c.spectators, g);
        }
        drop(c);
        online.changed.notify_one();
    }
}

impl Online {
    /// The presence kept in `db`, under a new process name.
    #[must_use]
    pub fn new(db: Db) -> Arc<Online> {
        Arc::new(Online {
            db,
            process: random_id(16),
            counts: Mutex::new(Counts::default()),
            changed: Notify::new(),
            total: tokio::sync::watch::Sender::new(0),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A socket opens, with the session of `account` if it has one: the
    /// account is online while the answer lives.
    pub fn arrive(self: &Arc<Self>, account: Option<&str>) -> Here {
        if let Some(a) = account {
            *self.lock().accounts.entry(a.to_string()).or_default() += 1;
            self.changed.notify_one();
        }
        Here {
            online: Arc::downgrade(self),
            account: account.map(str::to_string),
            spectating: None,
        }
    }

    /// The accounts online on every process, as of the last beat.
    #[must_use]
    pub fn count(&self) -> i64 {
        *self.total.borrow()
    }

    /// The count, told again whenever it changes.
    #[must_use]
    pub fn counts(&self) -> tokio::sync::watch::Receiver<i64> {
        self.total.subscribe()
    }

    /// Which of `accounts` are online.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn which(&self, accounts: &[String]) -> Result<HashSet<String>> {
        store::which(&self.db, accounts, now_ms() - ttl_ms()).await
    }

    /// The spectators of each of `games` that has any.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn spectators(&self, games: &[String]) -> Result<HashMap<String, i64>> {
        store::spectators(&self.db, games, now_ms() - ttl_ms()).await
    }

    /// Writes this process's counts, heartbeat and the total; forgets the
    /// processes gone quiet. `written` is what the tables hold of this
    /// process (kept when a write fails, to try again).
    async fn write(&self, written: &mut Written) -> Result<()> {
        let (accounts, spectators) = {
            let c = self.lock();
            let accounts: HashSet<String> = c.accounts.keys().cloned().collect();
            let spectators: HashMap<String, i64> = c
                .spectators
                .iter()
                .map(|(g, n)| (g.clone(), i64::try_from(*n).unwrap_or(i64::MAX)))
                .collect();
            (accounts, spectators)
        };
        let now = now_ms();
        store::write(
            &self.db,
            &self.process,
            now,
            &Written {
                accounts: accounts.clone(),
                spectators: spectators.clone(),
            },
            written,
            now - ttl_ms(),
        )
        .await?;
        *written = Written {
            accounts,
            spectators,
        };
        let total = store::count(&self.db, now - ttl_ms()).await?;
        self.total
            .send_if_modified(|n| std::mem::replace(n, total) != total);
        Ok(())
    }

    /// Takes this process's rows out (a clean stop).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn leave(&self) -> Result<()> {
        store::leave(&self.db, &self.process).await
    }
}

/// [`TTL`] in ms.
fn ttl_ms() -> i64 {
    i64::try_from(TTL.as_millis()).unwrap_or(i64::MAX)
}

/// What the tables hold of one process.
#[derive(Default, Clone)]
pub(crate) struct Written {
    pub(crate) accounts: HashSet<String>,
    pub(crate) spectators: HashMap<String, i64>,
}

/// Starts the task that writes `online`'s changes at once and its heartbeat
/// every [`BEAT`], while `online` lives.
pub fn spawn(online: &Arc<Online>) {
    let weak = Arc::downgrade(online);
    tokio::spawn(async move {
        let mut written = Written::default();
        loop {
            let Some(online) = weak.upgrade() else {
                return;
            };
            if let Err(e) = online.write(&mut written).await {
                tracing::warn!("online: {e}");
            }
            // Waits for a change or the next beat (holding `online` for at
            // most a beat).
            let _ = tokio::time::timeout(BEAT, online.changed.notified()).await;
            drop(online);
            // A burst of arrivals and leaves is written once.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
}
