//! The storage every concern shares: one database, SQLite (one file, the
//! default) or PostgreSQL (`postgres://...`, for several server processes),
//! through sqlx's `Any` driver with `$N` placeholders, which both engines
//! read. This module opens it, brings its schema up to date (the
//! migrations of `crates/server/migrations`, one list for every concern's
//! tables), and holds what the concerns' `store.rs` files share: the time
//! ([`now_ms`]), random ids, PostgreSQL's notifications ([`notify`]) and
//! [`Fault`], the failure no caller can do anything about but report.
//!
//! Each concern queries its own tables from its own `store.rs`; the tables
//! and their owners are listed in `docs/architecture.md`.

use anyhow::Context;
use futures_util::future::BoxFuture;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Executor};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::oneshot;

/// A failure of the storage or of the server itself (the database down or
/// busy, a stored row that does not read, a task that died): logged, never
/// shown to a player. Every concern's error has a variant for it.
pub struct Fault(anyhow::Error);

impl Fault {
    /// A fault described by `text`.
    pub fn new(text: impl fmt::Display) -> Fault {
        Fault(anyhow::anyhow!("{text}"))
    }

    /// Whether the database cannot be reached or is too busy right now (a
    /// request may try again shortly) rather than broken.
    #[must_use]
    pub fn unavailable(&self) -> bool {
        self.0.chain().any(|cause| {
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
                    // PostgreSQL: connection exceptions (08...), shutting
                    // down, too many connections; SQLite: busy or locked.
                    code.starts_with("08")
                        || ["57P01", "57P02", "57P03", "53300"].contains(&code.as_ref())
                        || code.parse::<i32>().is_ok_and(|c| matches!(c & 0xff, 5 | 6))
                }),
                _ => false,
            }
        })
    }
}

impl Fault {
    /// Whether the database refused to grow (a full disk: SQLite's
    /// `SQLITE_FULL`, PostgreSQL's `disk_full`): nothing of the change
    /// was written, and a change may be stored again once there is space.
    #[must_use]
    pub fn full(&self) -> bool {
        self.0.chain().any(|cause| {
            if let Some(io) = cause.downcast_ref::<std::io::Error>() {
                return io.kind() == std::io::ErrorKind::StorageFull;
            }
            match cause.downcast_ref::<sqlx::Error>() {
                Some(sqlx::Error::Database(db)) => db.code().is_some_and(|code| {
                    code == "53100" || code.parse::<i32>().is_ok_and(|c| c & 0xff == 13)
                }),
                Some(sqlx::Error::Io(io)) => io.kind() == std::io::ErrorKind::StorageFull,
                _ => false,
            }
        })
    }
}

impl Fault {
    /// Whether no connection was ever had (the pool's wait ran out, or it
    /// is closed): nothing of the work was sent to the database, so
    /// nothing of it can have been written.
    #[must_use]
    pub fn never_connected(&self) -> bool {
        self.0.chain().any(|cause| {
            matches!(
                cause.downcast_ref::<sqlx::Error>(),
                Some(sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed)
            )
        })
    }

    /// The same fault again, for another waiter on the same failed work:
    /// its text, and its kind ([`Fault::full`], [`Fault::unavailable`],
    /// [`Fault::never_connected`]) kept, so each is answered alike.
    #[must_use]
    pub fn again(&self) -> Fault {
        let text = format!("{:#}", self.0);
        if self.full() {
            Fault(std::io::Error::new(std::io::ErrorKind::StorageFull, text).into())
        } else if self.never_connected() {
            Fault(anyhow::Error::new(sqlx::Error::PoolTimedOut).context(text))
        } else if self.unavailable() {
            Fault(std::io::Error::other(text).into())
        } else {
            Fault::new(text)
        }
    }
}

impl<E: Into<anyhow::Error>> From<E> for Fault {
    fn from(e: E) -> Fault {
        Fault(e.into())
    }
}

impl fmt::Debug for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// The fault with its causes, `outer: inner: ...`.
impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

/// The result of a store's function.
pub type Result<T, E = Fault> = std::result::Result<T, E>;

/// Milliseconds since 1970.
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A random id of `len` letters and digits (ids, tokens, secrets).
#[must_use]
pub fn random_id(len: usize) -> String {
    use rand::distributions::{Alphanumeric, DistString};
    Alphanumeric.sample_string(&mut rand::thread_rng(), len)
}

/// Sends `payload` on the PostgreSQL channel `channel` (when `db`'s
/// transaction commits, if it is one).
///
/// # Errors
/// On database errors.
pub async fn notify<'e, E>(db: E, channel: &str, payload: &str) -> Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(channel)
        .bind(payload)
        .execute(db)
        .await?;
    Ok(())
}

/// A migration: its version, its name, its SQL for both engines, and the
/// SQL PostgreSQL runs instead where the two differ.
type Step = (i64, &'static str, &'static str, Option<&'static str>);

/// The schema's migrations, in order, embedded in the binary.
const MIGRATIONS: [Step; 31] = [
    (
        1,
        "init",
        include_str!("../../migrations/0001_init.sql"),
        None,
    ),
    (
        2,
        "chain",
        include_str!("../../migrations/0002_chain.sql"),
        None,
    ),
    (
        3,
        "layout owner",
        include_str!("../../migrations/0003_layout_owner.sql"),
        None,
    ),
    (
        4,
        "clocks",
        include_str!("../../migrations/0004_clocks.sql"),
        None,
    ),
    (
        5,
        "seeks",
        include_str!("../../migrations/0005_seeks.sql"),
        None,
    ),
    (
        6,
        "notify",
        include_str!("../../migrations/0006_notify.sql"),
        None,
    ),
    (
        7,
        "accounts",
        include_str!("../../migrations/0007_accounts.sql"),
        None,
    ),
    (
        8,
        "ratings",
        include_str!("../../migrations/0008_ratings.sql"),
        None,
    ),
    (
        9,
        "reviews",
        include_str!("../../migrations/0009_reviews.sql"),
        None,
    ),
    (
        10,
        "puzzles",
        include_str!("../../migrations/0010_puzzles.sql"),
        None,
    ),
    (
        11,
        "end sequence",
        include_str!("../../migrations/0011_end_seq.sql"),
        None,
    ),
    (
        12,
        "end sequence numbering",
        include_str!("../../migrations/0012_end_sequence.sql"),
        Some(include_str!("../../migrations/0012_end_sequence.pg.sql")),
    ),
    (
        13,
        "rating cursor",
        include_str!("../../migrations/0013_rating_cursor.sql"),
        None,
    ),
    (
        14,
        "puzzle difficulty",
        include_str!("../../migrations/0014_puzzle_difficulty.sql"),
        None,
    ),
    (
        15,
        "end counter",
        include_str!("../../migrations/0015_end_counter.sql"),
        Some(include_str!("../../migrations/0015_end_counter.pg.sql")),
    ),
    (
        16,
        "sessions and held names",
        include_str!("../../migrations/0016_sessions_and_held_names.sql"),
        None,
    ),
    (
        17,
        "confirmed addresses",
        include_str!("../../migrations/0017_confirmed_addresses.sql"),
        Some(include_str!(
            "../../migrations/0017_confirmed_addresses.pg.sql"
        )),
    ),
    (
        18,
        "people",
        include_str!("../../migrations/0018_people.sql"),
        None,
    ),
    (
        19,
        "chat",
        include_str!("../../migrations/0019_chat.sql"),
        None,
    ),
    (
        20,
        "online",
        include_str!("../../migrations/0020_online.sql"),
        None,
    ),
    (
        21,
        "challenges and seeks with faces",
        include_str!("../../migrations/0021_challenges.sql"),
        None,
    ),
    (
        22,
        "game tools",
        include_str!("../../migrations/0022_game_tools.sql"),
        None,
    ),
    (
        23,
        "account addresses",
        include_str!("../../migrations/0023_account_addresses.sql"),
        None,
    ),
    (
        24,
        "learn progress",
        include_str!("../../migrations/0024_learn_progress.sql"),
        None,
    ),
    (
        25,
        "tournaments",
        include_str!("../../migrations/0025_tournaments.sql"),
        None,
    ),
    (
        26,
        "bots",
        include_str!("../../migrations/0026_bots.sql"),
        None,
    ),
    (
        27,
        "vacation",
        include_str!("../../migrations/0027_vacation.sql"),
        None,
    ),
    (
        28,
        "conditional moves",
        include_str!("../../migrations/0028_conditional_moves.sql"),
        None,
    ),
    (
        29,
        "push subscriptions",
        include_str!("../../migrations/0029_push.sql"),
        None,
    ),
    (
        30,
        "challenge mail",
        include_str!("../../migrations/0030_challenge_mail.sql"),
        None,
    ),
    (
        31,
        "leagues",
        include_str!("../../migrations/0031_leagues.sql"),
        None,
    ),
];

/// [`MIGRATIONS`] as sqlx's migration source, for one engine.
#[derive(Debug)]
struct Migrations {
    postgres: bool,
}

impl<'s> MigrationSource<'s> for Migrations {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async move {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, name, sql, pg)| {
                    let sql = match pg {
                        Some(pg) if self.postgres => pg,
                        _ => sql,
                    };
                    Migration::new(
                        version,
                        name.into(),
                        MigrationType::Simple,
                        sql.into(),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// How many times [`Db::open_with`] waits its timeout for SQLite's first
/// connection before it gives up.
const OPEN_WAITS: u32 = 10;

/// The database: its connection pool, and its URL when it is PostgreSQL.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    postgres_url: Option<String>,
}

impl Db {
    /// Opens (creating if needed) the database at `database`: a
    /// `postgres://` or `postgresql://` URL, an `sqlite:` URL, or a file
    /// path; then brings its schema up to date.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open(database: &str) -> anyhow::Result<Db> {
        Db::open_with(database, crate::Limits::default().database_timeout).await
    }

    /// Like [`Db::open`], with the longest wait for a connection: a query
    /// that cannot get one within `timeout` (the database is down or every
    /// connection busy) fails with sqlx's `PoolTimedOut`, which the API
    /// answers 503.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open_with(database: &str, timeout: Duration) -> anyhow::Result<Db> {
        Db::open_capped(database, timeout, None).await
    }

    /// Like [`Db::open_with`], with SQLite's file held to `cap` pages
    /// (`PRAGMA max_page_count`, set on every connection each time it is
    /// taken from the pool): a full disk, made and ended at will, for the
    /// fault tests (`crates/server/tests/faults.rs`). `None`: no cap.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open_capped(
        database: &str,
        timeout: Duration,
        cap: Option<PageCap>,
    ) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let postgres = database.starts_with("postgres://") || database.starts_with("postgresql://");
        let url = if postgres || database.starts_with("sqlite:") {
            database.to_string()
        } else {
            format!("sqlite://{database}?mode=rwc")
        };
        let connect_cap = cap.clone();
        let mut options = AnyPoolOptions::new()
            .max_connections(if postgres { 8 } else { 4 })
            .acquire_timeout(timeout)
            .after_connect(move |conn, _meta| {
                let cap = connect_cap.clone();
                Box::pin(async move {
                    if let Some(cap) = cap {
                        cap.apply(conn).await?;
                    }
                    if !postgres {
                        // Another process holding the write lock makes a
                        // write wait as long as a connection would: then 503.
                        let busy = timeout.as_millis();
                        conn.execute(&*format!(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                             PRAGMA busy_timeout = {busy}; PRAGMA foreign_keys = ON; \
                             PRAGMA wal_autocheckpoint = 0;"
                        ))
                        .await?;
                    }
                    Ok(())
                })
            });
        if let Some(cap) = cap {
            options = options.before_acquire(move |conn, _meta| {
                let cap = cap.clone();
                Box::pin(async move {
                    cap.apply(conn).await?;
                    Ok(true)
                })
            });
        }
        // SQLite's first connection (creating the file, switching to WAL)
        // may take longer than a request may wait, on a slow or busy disk:
        // opening tries again, for up to ten waits, before it fails. (A
        // PostgreSQL server that does not answer in time is reported at
        // once, as before.)
        let mut waits = 1;
        let pool = loop {
            match options.clone().connect(&url).await {
                Err(sqlx::Error::PoolTimedOut) if !postgres && waits < OPEN_WAITS => waits += 1,
                other => {
                    break other.with_context(|| format!("cannot open the database {database}"))?
                }
            }
        };
        Migrator::new(Migrations { postgres })
            .await?
            .run(&pool)
            .await
            .with_context(|| format!("cannot bring the database {database} up to date"))?;
        Ok(Db {
            pool,
            postgres_url: postgres.then(|| database.to_string()),
        })
    }

    /// The connection pool (for the concerns' `store.rs` files and tests).
    #[must_use]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Whether the database is PostgreSQL.
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        self.postgres_url.is_some()
    }

    /// The PostgreSQL URL, when the database is PostgreSQL (several
    /// processes share it and hear each other's changes).
    #[must_use]
    pub fn postgres_url(&self) -> Option<&str> {
        self.postgres_url.as_deref()
    }
}

/// The most pages a SQLite file may hold, shared with the pool that
/// applies it (see [`Db::open_capped`]): lowered, the next write that
/// needs a new page fails as on a full disk ("database or disk is full");
/// raised, the space is back.
#[derive(Clone, Debug)]
pub struct PageCap(Arc<AtomicU64>);

impl PageCap {
    /// A cap of `pages` pages.
    #[must_use]
    pub fn new(pages: u64) -> PageCap {
        PageCap(Arc::new(AtomicU64::new(pages)))
    }

    /// Sets the cap to `pages` (for the connections taken from now on; a
    /// cap below the file's size holds it at its size).
    pub fn set(&self, pages: u64) {
        self.0.store(pages, Ordering::Relaxed);
    }

    async fn apply(&self, conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
        let pages = self.0.load(Ordering::Relaxed);
        conn.execute(&*format!("PRAGMA max_page_count = {pages}"))
            .await
            .map(drop)
    }
}

/// A real full disk's fault, for tests: a SQLite file in `dir` held at
/// its size (see [`PageCap`]) and written to until it refuses.
#[cfg(test)]
pub(crate) async fn full_disk_fault(dir: &std::path::Path) -> Fault {
    let cap = PageCap::new(1 << 30);
    let path = dir.join("full.db");
    let db = Db::open_capped(
        path.to_str().expect("a UTF-8 path"),
        Duration::from_secs(2),
        Some(cap.clone()),
    )
    .await
    .expect("the database opens");
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
        .fetch_one(db.pool())
        .await
        .expect("its size");
    cap.set(u64::try_from(pages).expect("a size") + 1);
    // A table of a thousand 2 KB rows, made in one statement: it needs
    // hundreds of pages more than the cap allows.
    let made = sqlx::query(
        "CREATE TABLE filler AS WITH RECURSIVE n(i) AS \
         (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) \
         SELECT randomblob(2000) AS x FROM n",
    )
    .execute(db.pool())
    .await;
    match made {
        Err(e) => Fault::from(e),
        Ok(_) => panic!("the file never filled"),
    }
}

/// How often the SQLite log is checkpointed (see [`checkpoints`]).
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

/// Copies SQLite's write-ahead log into the database every
/// [`CHECKPOINT_EVERY`] (a passive checkpoint: it never blocks a writer or
/// a reader), until `stopped` fires or its sender is dropped: done by a
/// task of its own on its own connection, so that no commit waits for it.
pub async fn checkpoints(pool: AnyPool, mut stopped: oneshot::Receiver<()>) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = &mut stopped => return,
            _ = every.tick() => {
                // A failure (the database busy or gone) is tried again at
                // the next tick; the log keeps every commit meanwhile.
                let _ = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await;
            }
        }
    }
}
