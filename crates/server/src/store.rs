//! Storage: games, their moves and saved Imago layouts, in SQLite (one file,
//! the default) or PostgreSQL (`postgres://...`, for several server
//! processes), through one schema and one set of queries (sqlx's `Any`
//! driver, `$N` placeholders, which both engines read).
//!
//! Every change first bumps the game's `version` where it still has the
//! version the change was computed from (compare and set), so two processes
//! can never both append the same ply. Changes are committed in groups: one
//! task takes every change waiting at that instant and writes them in one
//! transaction (one fsync for all), and each is answered only after that
//! transaction has committed. SQLite runs in WAL mode with
//! `synchronous=FULL`, so an acknowledged move survives `kill -9` and a
//! power cut.

use anyhow::{Context, Result};
use futures_util::future::BoxFuture;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, Row};
use std::time::{SystemTime, UNIX_EPOCH};
use tablero_ai::clock::{Clock, TimeControl};
use tokio::sync::{mpsc, oneshot};

/// The group committer: waits for a change, takes every other change
/// waiting at that instant (up to [`MAX_GROUP`]), writes them all in one
/// transaction and answers each after the commit. It ends when every
/// [`Store`] handle is dropped.
async fn commit_groups(pool: AnyPool, postgres: bool, mut queue: mpsc::Receiver<Change>) {
    // SQLite: the write-ahead log is copied back into the database by
    // another task on another connection, so no commit waits for it (when
    // a commit did it, every thousand pages, the moves waiting behind that
    // commit took tens of milliseconds more). The task ends with this one.
    let (_running, stopped) = oneshot::channel::<()>();
    if !postgres {
        tokio::spawn(checkpoints(pool.clone(), stopped));
    }
    let mut group = Vec::with_capacity(MAX_GROUP);
    while queue.recv_many(&mut group, MAX_GROUP).await > 0 {
        match commit_group(&pool, postgres, &group).await {
            Ok(applied) => {
                for (change, ok) in group.drain(..).zip(applied) {
                    change.answer(Ok(ok));
                }
            }
            Err(_) if group.len() > 1 => {
                // Nothing of the group was written. One change may be at
                // fault (a duplicate id): each is tried again alone.
                for change in group.drain(..) {
                    let result = commit_group(&pool, postgres, std::slice::from_ref(&change))
                        .await
                        .map(|applied| applied[0]);
                    change.answer(result);
                }
            }
            Err(e) => {
                if let Some(change) = group.pop() {
                    change.answer(Err(e));
                }
            }
        }
    }
}

/// How often the SQLite log is checkpointed (see [`commit_groups`]).
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Copies SQLite's write-ahead log into the database every
/// [`CHECKPOINT_EVERY`] (a passive checkpoint: it never blocks a writer or
/// a reader), until `stopped` fires or its sender is dropped.
async fn checkpoints(pool: AnyPool, mut stopped: oneshot::Receiver<()>) {
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

/// Writes `group` in one transaction; for each change, whether it applied
/// (`false`: the stored version differed, and that change wrote nothing).
async fn commit_group(pool: &AnyPool, postgres: bool, group: &[Change]) -> Result<Vec<bool>> {
    let mut tx = pool.begin().await?;
    let mut applied = Vec::with_capacity(group.len());
    for change in group {
        let (g, keep, truncate, added, next) = match &change.write {
            Write::Create(row) => {
                insert_game(&mut tx, row).await?;
                applied.push(true);
                continue;
            }
            Write::Save {
                row,
                keep,
                truncate,
                added,
                next,
            } => (row, keep, truncate, added, next),
        };
        let done = sqlx::query(
            "UPDATE games SET declared = $1, draw_offer = $2, ply = $3, result = $4, \
             version = $5, updated = $6, rematch_offer = $7, next_game = $8, \
             time0 = $11, time1 = $12, deadline = $13, rated = $14 \
             WHERE id = $9 AND version = $10",
        )
        .bind(&g.declared)
        .bind(g.draw_offer)
        .bind(g.ply)
        .bind(&g.result)
        .bind(g.version)
        .bind(g.updated)
        .bind(g.chain.rematch_offer)
        .bind(&g.chain.next_game)
        .bind(&g.id)
        .bind(g.version - 1)
        .bind(g.clock.map(|c| c.left[0]))
        .bind(g.clock.map(|c| c.left[1]))
        .bind(g.clock.and_then(|c| c.deadline))
        .bind(&g.rated)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            applied.push(false);
            continue;
        }
        // An undo removes moves; a move only adds one (and saves a
        // statement, which on SQLite is a round trip to its thread).
        if *truncate {
            sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .bind(&g.id)
                .bind(*keep)
                .execute(&mut *tx)
                .await?;
        }
        for (i, text) in added.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, notation, at) VALUES ($1, $2, $3, $4)")
                .bind(&g.id)
                .bind(*keep + i64::try_from(i)?)
                .bind(text)
                .bind(g.updated)
                .execute(&mut *tx)
                .await?;
        }
        if let Some(n) = next {
            insert_game(&mut tx, n).await?;
        }
        if postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(&g.id)
                .execute(&mut *tx)
                .await?;
        }
        applied.push(true);
    }
    tx.commit().await?;
    Ok(applied)
}

/// Inserts a new game's row.
async fn insert_game(tx: &mut sqlx::Transaction<'_, sqlx::Any>, g: &GameRow) -> Result<()> {
    sqlx::query(&format!(
        "INSERT INTO games ({GAME_COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21, $22, $23, $24, $25, $26)"
    ))
    .bind(&g.id)
    .bind(&g.game)
    .bind(&g.variant)
    .bind(g.first)
    .bind(&g.seats[0].kind)
    .bind(g.seats[0].level)
    .bind(&g.seats[0].token)
    .bind(&g.seats[1].kind)
    .bind(g.seats[1].level)
    .bind(&g.seats[1].token)
    .bind(&g.declared)
    .bind(g.draw_offer)
    .bind(g.ply)
    .bind(&g.result)
    .bind(g.version)
    .bind(g.created)
    .bind(g.updated)
    .bind(g.chain.rematch_offer)
    .bind(&g.chain.next_game)
    .bind(&g.chain.prev_game)
    .bind(g.chain.match_game)
    .bind(g.clock.map(|c| c.control.to_string()))
    .bind(g.clock.map(|c| c.left[0]))
    .bind(g.clock.map(|c| c.left[1]))
    .bind(g.clock.and_then(|c| c.deadline))
    .bind(&g.rated)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The schema's migrations, in order, embedded in the binary.
const MIGRATIONS: [(i64, &str, &str); 10] = [
    (1, "init", include_str!("../migrations/0001_init.sql")),
    (2, "chain", include_str!("../migrations/0002_chain.sql")),
    (
        3,
        "layout owner",
        include_str!("../migrations/0003_layout_owner.sql"),
    ),
    (4, "clocks", include_str!("../migrations/0004_clocks.sql")),
    (5, "seeks", include_str!("../migrations/0005_seeks.sql")),
    (6, "notify", include_str!("../migrations/0006_notify.sql")),
    (
        7,
        "accounts",
        include_str!("../migrations/0007_accounts.sql"),
    ),
    (8, "ratings", include_str!("../migrations/0008_ratings.sql")),
    (9, "reviews", include_str!("../migrations/0009_reviews.sql")),
    (
        10,
        "puzzles",
        include_str!("../migrations/0010_puzzles.sql"),
    ),
];

/// [`MIGRATIONS`] as sqlx's migration source.
#[derive(Debug)]
struct Migrations;

impl<'s> MigrationSource<'s> for Migrations {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, name, sql)| {
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

/// The PostgreSQL channel that carries `game_id` on every change.
pub const CHANNEL: &str = "tablero_games";

/// The prefix of a notice on [`CHANNEL`] that a game's players or ratings
/// changed, not the game (`players:ID`).
pub const PLAYERS: &str = "players:";

/// Tells the other processes on a PostgreSQL database that game `id`'s
/// players or ratings changed (a [`PLAYERS`] notice; sent when `db`'s
/// transaction commits).
///
/// # Errors
/// On database errors.
pub async fn notify_players<'e, E>(db: E, id: &str) -> Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{PLAYERS}{id}"))
        .execute(db)
        .await?;
    Ok(())
}

/// Milliseconds since 1970.
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// `human`, `link` or `ai`.
    pub kind: String,
    /// The computer's level.
    pub level: Option<i64>,
    /// The seat's secret (human seats).
    pub token: Option<String>,
}

/// A game's row: everything but its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game's id (in its links).
    pub id: String,
    /// The game's name (`imago`...).
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The seat that moved first.
    pub first: i64,
    /// Seats 0 and 1.
    pub seats: [SeatRow; 2],
    /// A result from outside the board (`w0:resign`...).
    pub declared: Option<String>,
    /// The seat offering a draw.
    pub draw_offer: Option<i64>,
    /// Plies played.
    pub ply: i64,
    /// The result, for lists (`w0:goal`, `d:move-cap`).
    pub result: Option<String>,
    /// Bumped by every change.
    pub version: i64,
    /// Created, ms since 1970.
    pub created: i64,
    /// Last changed, ms since 1970.
    pub updated: i64,
    /// The games before and after this one, and its rematch offer.
    pub chain: Chain,
    /// The game's clocks, if it is timed (live or correspondence).
    pub clock: Option<Clock>,
    /// The rating pool of a rated game, fixed at its first move (see
    /// `crate::ratings`); `None` for a casual game or one not started.
    pub rated: Option<String>,
}

/// How a game links to the games before and after it: its rematch and the
/// two-game match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The seat offering a rematch (a finished game between two people).
    pub rematch_offer: Option<i64>,
    /// The game that follows this one: its rematch, or the match's second
    /// game.
    pub next_game: Option<String>,
    /// The game this one follows.
    pub prev_game: Option<String>,
    /// The game's number in a two-game match (1 or 2); `None` outside one.
    pub match_game: Option<i64>,
}

/// A saved Imago layout.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LayoutRow {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The layout text.
    pub layout: String,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    postgres_url: Option<String>,
    /// The queue of the group committer (see [`commit_groups`]).
    changes: mpsc::Sender<Change>,
}

/// The most changes one transaction takes.
const MAX_GROUP: usize = 256;

/// A write waiting for the next group commit.
enum Write {
    /// A new game.
    Create(GameRow),
    /// A change to a game (see [`Store::save`]).
    Save {
        row: GameRow,
        keep: i64,
        /// Whether stored moves from `keep` on must go (an undo).
        truncate: bool,
        added: Vec<String>,
        /// A game created with the change (the one that follows it).
        next: Option<Box<GameRow>>,
    },
}

/// A write and where its answer goes: whether it applied (see
/// [`commit_group`]), once its group has committed.
struct Change {
    write: Write,
    done: oneshot::Sender<Result<bool>>,
}

impl Change {
    /// Answers the change's sender.
    fn answer(self, result: Result<bool>) {
        let _ = self.done.send(result);
    }
}

const GAME_COLUMNS: &str = "id, game, variant, first_seat, seat0_kind, seat0_level, seat0_token, \
     seat1_kind, seat1_level, seat1_token, declared, draw_offer, ply, result, version, created, updated, \
     rematch_offer, next_game, prev_game, match_game, clock, time0, time1, deadline, rated";

fn game_row(r: &AnyRow) -> Result<GameRow> {
    Ok(GameRow {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        variant: r.try_get(2)?,
        first: r.try_get(3)?,
        seats: [
            SeatRow {
                kind: r.try_get(4)?,
                level: r.try_get(5)?,
                token: r.try_get(6)?,
            },
            SeatRow {
                kind: r.try_get(7)?,
                level: r.try_get(8)?,
                token: r.try_get(9)?,
            },
        ],
        declared: r.try_get(10)?,
        draw_offer: r.try_get(11)?,
        ply: r.try_get(12)?,
        result: r.try_get(13)?,
        version: r.try_get(14)?,
        created: r.try_get(15)?,
        updated: r.try_get(16)?,
        chain: Chain {
            rematch_offer: r.try_get(17)?,
            next_game: r.try_get(18)?,
            prev_game: r.try_get(19)?,
            match_game: r.try_get(20)?,
        },
        clock: clock_of(r)?,
        rated: r.try_get(25)?,
    })
}

/// The clocks in columns 21 to 24 of a game's row.
fn clock_of(r: &AnyRow) -> Result<Option<Clock>> {
    let Some(control) = r.try_get::<Option<String>, _>(21)? else {
        return Ok(None);
    };
    let control: TimeControl = control
        .parse()
        .map_err(|e: tablero_core::Message| anyhow::anyhow!("stored clock: {e}"))?;
    let full = Clock::new(control);
    Ok(Some(Clock {
        control,
        left: [
            r.try_get::<Option<i64>, _>(22)?.unwrap_or(full.left[0]),
            r.try_get::<Option<i64>, _>(23)?.unwrap_or(full.left[1]),
        ],
        deadline: r.try_get(24)?,
    }))
}

/// How many times [`Store::open_with`] waits its timeout for SQLite's
/// first connection before it gives up.
const OPEN_WAITS: u32 = 10;

impl Store {
    /// Opens (creating if needed) the database at `database`: a
    /// `postgres://` or `postgresql://` URL, an `sqlite:` URL, or a file
    /// path; then brings its schema up to date.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open(database: &str) -> Result<Store> {
        Store::open_with(database, crate::Limits::default().database_timeout).await
    }

    /// Like [`Store::open`], with the longest wait for a connection: a
    /// query that cannot get one within `timeout` (the database is down or
    /// every connection busy) fails with sqlx's `PoolTimedOut`, which the
    /// API answers 503.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open_with(database: &str, timeout: std::time::Duration) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let postgres = database.starts_with("postgres://") || database.starts_with("postgresql://");
        let url = if postgres || database.starts_with("sqlite:") {
            database.to_string()
        } else {
            format!("sqlite://{database}?mode=rwc")
        };
        let options = AnyPoolOptions::new()
            .max_connections(if postgres { 8 } else { 4 })
            .acquire_timeout(timeout)
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
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
        Migrator::new(Migrations)
            .await?
            .run(&pool)
            .await
            .with_context(|| format!("cannot bring the database {database} up to date"))?;
        let (changes, queue) = mpsc::channel(4 * MAX_GROUP);
        tokio::spawn(commit_groups(pool.clone(), postgres, queue));
        Ok(Store {
            pool,
            postgres_url: postgres.then(|| database.to_string()),
            changes,
        })
    }

    /// The connection pool, for the storage of other modules (the lobby's
    /// seeks) that share the database and its schema's migrations.
    #[must_use]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Whether the store is PostgreSQL.
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        self.postgres_url.is_some()
    }

    /// The PostgreSQL URL, when the store is PostgreSQL (several processes
    /// share it and hear each other's changes).
    #[must_use]
    pub fn postgres_url(&self) -> Option<&str> {
        self.postgres_url.as_deref()
    }

    /// Stores a new game (with no moves), in the next group commit.
    ///
    /// # Errors
    /// On database errors (a duplicate id among them).
    pub async fn create_game(&self, g: &GameRow) -> Result<()> {
        self.submit(Write::Create(g.clone())).await.map(|_| ())
    }

    /// Hands `write` to the group committer and waits for its answer.
    async fn submit(&self, write: Write) -> Result<bool> {
        let stopped = || anyhow::anyhow!("the store's committer has stopped");
        let (done, answer) = oneshot::channel();
        self.changes
            .send(Change { write, done })
            .await
            .map_err(|_| stopped())?;
        answer.await.map_err(|_| stopped())?
    }

    /// A game's row and its moves in order, if it exists.
    ///
    /// # Errors
    /// On database errors.
    pub async fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<String>)>> {
        let Some(row) = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let game = game_row(&row)?;
        let moves = sqlx::query("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>(0))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game, moves)))
    }

    /// A game's version as stored now.
    ///
    /// # Errors
    /// On database errors.
    pub async fn version(&self, id: &str) -> Result<Option<i64>> {
        Ok(sqlx::query("SELECT version FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.try_get(0))
            .transpose()?)
    }

    /// Saves a change in the next group commit and answers once that has
    /// committed (see [`commit_groups`]): the row `g` (whose `version` is
    /// the new one) replaces the stored row if that still has version
    /// `g.version - 1`; moves from ply `keep` on are replaced by `added`.
    /// Returns `false`, changing nothing, when the stored version differs
    /// (another request or process changed the game first).
    ///
    /// # Errors
    /// On database errors.
    pub async fn save(&self, g: &GameRow, keep: usize, added: &[String]) -> Result<bool> {
        self.save_with(g, (keep, usize::MAX), added, None).await
    }

    /// Like [`Store::save`], and creates the game `next` in the same
    /// transaction when the change applies (a rematch, a match's second
    /// game): both are written or neither. `(keep, had)`: the moves kept
    /// and how many were stored before (nothing is deleted when they are
    /// all kept).
    ///
    /// # Errors
    /// On database errors (a duplicate id among them).
    pub async fn save_with(
        &self,
        g: &GameRow,
        (keep, had): (usize, usize),
        added: &[String],
        next: Option<&GameRow>,
    ) -> Result<bool> {
        self.submit(Write::Save {
            row: g.clone(),
            keep: i64::try_from(keep)?,
            truncate: keep < had,
            added: added.to_vec(),
            next: next.map(|n| Box::new(n.clone())),
        })
        .await
    }

    /// The games whose running clock has reached zero at `now` (at most
    /// `limit`): their flag has fallen, whoever has noticed it yet.
    ///
    /// # Errors
    /// On database errors.
    pub async fn flag_due(&self, now: i64, limit: i64) -> Result<Vec<String>> {
        sqlx::query(
            "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= $1 \
             ORDER BY deadline LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| Ok(r.try_get(0)?))
        .collect()
    }

    /// The earliest deadline of any running clock.
    ///
    /// # Errors
    /// On database errors.
    pub async fn next_deadline(&self) -> Result<Option<i64>> {
        Ok(
            sqlx::query("SELECT MIN(deadline) FROM games WHERE deadline IS NOT NULL")
                .fetch_one(&self.pool)
                .await?
                .try_get(0)?,
        )
    }

    /// The games where one of `tokens` holds a seat, newest change first.
    ///
    /// # Errors
    /// On database errors.
    pub async fn games_for_tokens(&self, tokens: &[String], limit: i64) -> Result<Vec<GameRow>> {
        let mut out: Vec<GameRow> = Vec::new();
        for t in tokens {
            let rows = sqlx::query(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE seat0_token = $1 OR seat1_token = $1"
            ))
            .bind(t)
            .fetch_all(&self.pool)
            .await?;
            for r in &rows {
                let g = game_row(r)?;
                if !out.iter().any(|o| o.id == g.id) {
                    out.push(g);
                }
            }
        }
        out.sort_by_key(|g| std::cmp::Reverse(g.updated));
        out.truncate(usize::try_from(limit).unwrap_or(0));
        Ok(out)
    }

    /// Saves an Imago layout, owned by `owner` (a token).
    ///
    /// # Errors
    /// On database errors.
    pub async fn save_layout(&self, l: &LayoutRow, owner: &str) -> Result<()> {
        sqlx::query(
            "INSERT INTO layouts (id, name, layout, created, owner) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&l.id)
        .bind(&l.name)
        .bind(&l.layout)
        .bind(now_ms())
        .bind(owner)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The layouts `owner` saved, newest first (at most 200).
    ///
    /// # Errors
    /// On database errors.
    pub async fn layouts(&self, owner: &str) -> Result<Vec<LayoutRow>> {
        sqlx::query(
            "SELECT id, name, layout FROM layouts WHERE owner = $1 \
             ORDER BY created DESC LIMIT 200",
        )
        .bind(owner)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| {
            Ok(LayoutRow {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
                layout: r.try_get(2)?,
            })
        })
        .collect()
    }

    /// The layout `id` and its owner's token (none for a layout saved
    /// before layouts had owners).
    ///
    /// # Errors
    /// On database errors.
    pub async fn layout(&self, id: &str) -> Result<Option<(LayoutRow, Option<String>)>> {
        let Some(r) = sqlx::query("SELECT id, name, layout, owner FROM layouts WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        Ok(Some((
            LayoutRow {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
                layout: r.try_get(2)?,
            },
            r.try_get(3)?,
        )))
    }

    /// Replaces the name and text of the layout `l.id` if `owner` owns it;
    /// answers whether it did.
    ///
    /// # Errors
    /// On database errors.
    pub async fn change_layout(&self, l: &LayoutRow, owner: &str) -> Result<bool> {
        let done =
            sqlx::query("UPDATE layouts SET name = $1, layout = $2 WHERE id = $3 AND owner = $4")
                .bind(&l.name)
                .bind(&l.layout)
                .bind(&l.id)
                .bind(owner)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Deletes the layout `id` if `owner` owns it; answers whether it did.
    ///
    /// # Errors
    /// On database errors.
    pub async fn delete_layout(&self, id: &str, owner: &str) -> Result<bool> {
        let done = sqlx::query("DELETE FROM layouts WHERE id = $1 AND owner = $2")
            .bind(id)
            .bind(owner)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }
}
