//! Storage: games, their moves and saved Imago layouts, in SQLite (one file,
//! the default) or PostgreSQL (`postgres://...`, for several server
//! processes), through one schema and one set of queries (sqlx's `Any`
//! driver, `$N` placeholders, which both engines read).
//!
//! Every change is one transaction that first bumps the game's `version`
//! where it still has the version the change was computed from (compare and
//! set), so two processes can never both append the same ply. The
//! transaction commits before the server answers: SQLite runs in WAL mode
//! with `synchronous=FULL`, so an acknowledged move survives `kill -9` and a
//! power cut.

use anyhow::{Context, Result};
use futures_util::future::BoxFuture;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, Row};
use std::time::{SystemTime, UNIX_EPOCH};

/// The schema's migrations, in order, embedded in the binary.
const MIGRATIONS: [(i64, &str, &str); 1] =
    [(1, "init", include_str!("../migrations/0001_init.sql"))];

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
    /// SQLite has one writer at a time: writers queue here instead of
    /// polling SQLite's busy lock.
    writer: std::sync::Arc<tokio::sync::Mutex<()>>,
}

const GAME_COLUMNS: &str = "id, game, variant, first_seat, seat0_kind, seat0_level, seat0_token, \
     seat1_kind, seat1_level, seat1_token, declared, draw_offer, ply, result, version, created, updated";

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
    })
}

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
        let pool = AnyPoolOptions::new()
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
                             PRAGMA busy_timeout = {busy}; PRAGMA foreign_keys = ON;"
                        ))
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .with_context(|| format!("cannot open the database {database}"))?;
        Migrator::new(Migrations)
            .await?
            .run(&pool)
            .await
            .with_context(|| format!("cannot bring the database {database} up to date"))?;
        Ok(Store {
            pool,
            postgres_url: postgres.then(|| database.to_string()),
            writer: std::sync::Arc::default(),
        })
    }

    /// The PostgreSQL URL, when the store is PostgreSQL (several processes
    /// share it and hear each other's changes).
    #[must_use]
    pub fn postgres_url(&self) -> Option<&str> {
        self.postgres_url.as_deref()
    }

    /// Stores a new game (with no moves).
    ///
    /// # Errors
    /// On database errors (a duplicate id among them).
    pub async fn create_game(&self, g: &GameRow) -> Result<()> {
        sqlx::query(&format!(
            "INSERT INTO games ({GAME_COLUMNS}) VALUES \
             ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
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
        .execute(&self.pool)
        .await?;
        Ok(())
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

    /// Saves a change in one transaction: the row `g` (whose `version` is
    /// the new one) replaces the stored row if that still has version
    /// `g.version - 1`; moves from ply `keep` on are replaced by `added`.
    /// Returns `false`, changing nothing, when the stored version differs
    /// (another request or process changed the game first).
    ///
    /// # Errors
    /// On database errors.
    pub async fn save(&self, g: &GameRow, keep: usize, added: &[String]) -> Result<bool> {
        let _writer = match self.postgres_url {
            Some(_) => None,
            None => Some(self.writer.lock().await),
        };
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE games SET declared = $1, draw_offer = $2, ply = $3, result = $4, \
             version = $5, updated = $6 WHERE id = $7 AND version = $8",
        )
        .bind(&g.declared)
        .bind(g.draw_offer)
        .bind(g.ply)
        .bind(&g.result)
        .bind(g.version)
        .bind(g.updated)
        .bind(&g.id)
        .bind(g.version - 1)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        let keep = i64::try_from(keep)?;
        sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
            .bind(&g.id)
            .bind(keep)
            .execute(&mut *tx)
            .await?;
        for (i, text) in added.iter().enumerate() {
            sqlx::query("INSERT INTO moves (game_id, ply, notation, at) VALUES ($1, $2, $3, $4)")
                .bind(&g.id)
                .bind(keep + i64::try_from(i)?)
                .bind(text)
                .bind(g.updated)
                .execute(&mut *tx)
                .await?;
        }
        if self.postgres_url.is_some() {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(&g.id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
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

    /// Saves an Imago layout under a name.
    ///
    /// # Errors
    /// On database errors.
    pub async fn save_layout(&self, l: &LayoutRow) -> Result<()> {
        sqlx::query("INSERT INTO layouts (id, name, layout, created) VALUES ($1, $2, $3, $4)")
            .bind(&l.id)
            .bind(&l.name)
            .bind(&l.layout)
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The saved layouts, newest first (at most 200).
    ///
    /// # Errors
    /// On database errors.
    pub async fn layouts(&self) -> Result<Vec<LayoutRow>> {
        sqlx::query("SELECT id, name, layout FROM layouts ORDER BY created DESC LIMIT 200")
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
}
