//! The saved results of a survey: a SQLite file next to the report (or a
//! PostgreSQL database), holding the survey's configuration and every
//! finished game's figures and record. A survey that stops part-way
//! resumes from it: units with both games stored are not played again.
//!
//! One schema and one set of queries serve both engines (sqlx's `Any`
//! driver, `$N` placeholders). Both games of a unit are written in one
//! transaction, so a unit is either stored whole or not at all.

use crate::fail;
use crate::survey::{GameRow, SurveyConfig, UnitKey};
use anyhow::Result;
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Row};
use std::collections::HashSet;
use std::path::Path;
use tablero_core::{id, Message};

/// The file name of the SQLite store in a report folder.
pub const STORE_FILE: &str = "lab.sqlite";

const SCHEMA: [&str; 3] = [
    "CREATE TABLE IF NOT EXISTS lab_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS lab_games (variant BIGINT NOT NULL, matchup BIGINT NOT NULL, \
     pair BIGINT NOT NULL, game BIGINT NOT NULL, stats TEXT NOT NULL, record TEXT NOT NULL, \
     PRIMARY KEY (variant, matchup, pair, game))",
    "CREATE TABLE IF NOT EXISTS lab_units (variant BIGINT NOT NULL, matchup BIGINT NOT NULL, \
     pair BIGINT NOT NULL, done BIGINT NOT NULL, PRIMARY KEY (variant, matchup, pair))",
];

/// A survey's saved results.
pub struct Store {
    rt: tokio::runtime::Runtime,
    pool: AnyPool,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Store")
    }
}

impl Store {
    /// Opens (creating it if missing) the SQLite store in `dir`.
    ///
    /// # Errors
    /// When the file cannot be opened or its schema created.
    pub fn open_dir(dir: &Path) -> Result<Store> {
        let path = dir.join(STORE_FILE);
        let url = format!("sqlite://{}?mode=rwc", path.display());
        Store::open(&url).map_err(|e| {
            fail::because(
                Message::of(id!("lab-cannot-open-store")).text("path", path.display()),
                e,
            )
        })
    }

    /// Opens a store by URL (`sqlite://FILE?mode=rwc` or `postgres://...`).
    ///
    /// # Errors
    /// When the database cannot be reached or its schema created.
    pub fn open(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| fail::because(Message::of(id!("serve-no-runtime")), e))?;
        let pool = rt.block_on(async {
            let pool = AnyPoolOptions::new()
                .max_connections(1)
                .connect(url)
                .await?;
            for sql in SCHEMA {
                sqlx::query(sql).execute(&pool).await?;
            }
            Ok::<_, sqlx::Error>(pool)
        })?;
        Ok(Store { rt, pool })
    }

    pub(crate) fn block_on<F: std::future::Future>(&self, f: F) -> F::Output {
        self.rt.block_on(f)
    }

    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Forgets the survey: its configuration, its queued units and its
    /// games.
    ///
    /// # Errors
    /// A database error.
    pub fn clear(&self) -> Result<()> {
        self.rt.block_on(async {
            for table in ["lab_units", "lab_games", "lab_meta"] {
                sqlx::query(&format!("DELETE FROM {table}"))
                    .execute(&self.pool)
                    .await?;
            }
            Ok::<_, sqlx::Error>(())
        })?;
        Ok(())
    }

    /// Records `config` as this store's survey, or checks that it is the
    /// one already recorded.
    ///
    /// # Errors
    /// When the store holds another survey.
    pub fn claim_config(&self, config: &SurveyConfig) -> Result<()> {
        let text = serde_json::to_string(config)?;
        let existing: Option<String> = self.rt.block_on(async {
            let row = sqlx::query("SELECT value FROM lab_meta WHERE key = 'config'")
                .fetch_optional(&self.pool)
                .await?;
            Ok::<_, sqlx::Error>(row.map(|r| r.get::<String, _>(0)))
        })?;
        match existing {
            None => {
                self.rt.block_on(
                    sqlx::query("INSERT INTO lab_meta (key, value) VALUES ('config', $1)")
                        .bind(text)
                        .execute(&self.pool),
                )?;
                Ok(())
            }
            Some(old) => {
                let old: SurveyConfig = serde_json::from_str(&old).map_err(stored_survey)?;
                if old != *config {
                    return Err(fail::said(
                        Message::of(id!("lab-other-survey"))
                            .text("game", &old.game)
                            .num("variants", old.variants.len())
                            .num("pairs", old.pairs)
                            .text("seed", old.seed),
                    ));
                }
                Ok(())
            }
        }
    }

    /// The units whose two games are stored.
    ///
    /// # Errors
    /// A database error.
    pub fn done_units(&self) -> Result<HashSet<UnitKey>> {
        let rows = self.rt.block_on(
            sqlx::query(
                "SELECT variant, matchup, pair FROM lab_games \
                 GROUP BY variant, matchup, pair HAVING COUNT(*) = 2",
            )
            .fetch_all(&self.pool),
        )?;
        Ok(rows
            .into_iter()
            .map(|r| UnitKey {
                variant: r.get::<i64, _>(0) as u32,
                matchup: r.get::<i64, _>(1) as u32,
                pair: r.get::<i64, _>(2) as u32,
            })
            .collect())
    }

    /// Stores a unit's games in one transaction (games already stored are
    /// kept as they are).
    ///
    /// # Errors
    /// A database error; then nothing of the unit is stored.
    pub fn insert_unit(&self, rows: &[GameRow]) -> Result<()> {
        self.rt.block_on(async {
            let mut tx = self.pool.begin().await?;
            for r in rows {
                let stats = serde_json::to_string(r).map_err(|e| sqlx::Error::Encode(e.into()))?;
                sqlx::query(
                    "INSERT INTO lab_games (variant, matchup, pair, game, stats, record) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                )
                .bind(i64::from(r.unit.variant))
                .bind(i64::from(r.unit.matchup))
                .bind(i64::from(r.unit.pair))
                .bind(i64::from(r.game))
                .bind(stats)
                .bind(r.record.clone())
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await
        })?;
        Ok(())
    }

    /// Every stored game, in unit order.
    ///
    /// # Errors
    /// A database error, or a stored row that does not read.
    pub fn all_rows(&self) -> Result<Vec<GameRow>> {
        let rows = self.rt.block_on(
            sqlx::query(
                "SELECT stats, record FROM lab_games ORDER BY variant, matchup, pair, game",
            )
            .fetch_all(&self.pool),
        )?;
        rows.into_iter()
            .map(|r| {
                let mut g: GameRow = serde_json::from_str(&r.get::<String, _>(0))
                    .map_err(|e| fail::because(Message::of(id!("lab-stored-game")), e))?;
                g.record = r.get::<String, _>(1);
                Ok(g)
            })
            .collect()
    }

    /// Forgets the stored games of the units from pair `from_pair` on, so
    /// that the next run plays them again; returns how many games were
    /// removed.
    ///
    /// # Errors
    /// A database error.
    pub fn forget_from_pair(&self, from_pair: u32) -> Result<u64> {
        let done = self.rt.block_on(
            sqlx::query("DELETE FROM lab_games WHERE pair >= $1")
                .bind(i64::from(from_pair))
                .execute(&self.pool),
        )?;
        Ok(done.rows_affected())
    }
}

/// The survey recorded in a store does not read.
pub(crate) fn stored_survey(e: serde_json::Error) -> anyhow::Error {
    fail::because(Message::of(id!("lab-stored-survey")), e)
}
