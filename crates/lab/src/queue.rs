//! Surveys across machines: the work units in a PostgreSQL table that any
//! number of workers take from with `FOR UPDATE SKIP LOCKED`.
//!
//! A worker takes one unit in a transaction that locks its row, plays it,
//! stores its games, marks it done and commits. A worker that dies
//! mid-unit never commits: PostgreSQL rolls the transaction back when its
//! connection closes, the row's lock goes with it, and another worker takes
//! the unit. Each unit is seeded by its key (see [`crate::survey`]), so the
//! results are the same whatever the number of workers.

use crate::games::LabGame;
use crate::runner::check_config;
use crate::store::Store;
use crate::survey::{play_unit, SurveyConfig, UnitKey};
use anyhow::Result;
use sqlx::Row;

/// A unit taken from the queue and not yet finished: its row stays locked
/// while this lives (see [`Store::hold_unit`]).
pub struct HeldUnit {
    tx: sqlx::Transaction<'static, sqlx::Any>,
    /// The unit.
    pub key: UnitKey,
}

impl std::fmt::Debug for HeldUnit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HeldUnit({:?})", self.key)
    }
}

impl Store {
    /// Takes a free unit and holds its row's lock without playing it, as a
    /// worker does while it plays; [`Store::abandon`] then ends the
    /// transaction without committing, as happens when a worker dies.
    ///
    /// # Errors
    /// A database error.
    pub fn hold_unit(&self) -> Result<Option<HeldUnit>> {
        let (tx, key) = self.take()?;
        match key {
            Some(key) => Ok(Some(HeldUnit { tx, key })),
            None => {
                self.block_on(tx.rollback())?;
                Ok(None)
            }
        }
    }

    /// Ends a held unit's transaction without committing: the unit is free
    /// again.
    ///
    /// # Errors
    /// A database error.
    pub fn abandon(&self, held: HeldUnit) -> Result<()> {
        self.block_on(held.tx.rollback())?;
        Ok(())
    }

    /// Begins a transaction and locks the first free unit's row in it.
    fn take(&self) -> Result<(sqlx::Transaction<'static, sqlx::Any>, Option<UnitKey>)> {
        Ok(self.block_on(async {
            let mut tx = self.pool().begin().await?;
            let row = sqlx::query(
                "SELECT variant, matchup, pair FROM lab_units WHERE done = 0 \
                 ORDER BY variant, matchup, pair LIMIT 1 FOR UPDATE SKIP LOCKED",
            )
            .fetch_optional(&mut *tx)
            .await?;
            let key = row.map(|r| UnitKey {
                variant: r.get::<i64, _>(0) as u32,
                matchup: r.get::<i64, _>(1) as u32,
                pair: r.get::<i64, _>(2) as u32,
            });
            Ok::<_, sqlx::Error>((tx, key))
        })?)
    }

    /// Records `config` as the survey of this database (or checks it is
    /// the one recorded) and queues every unit not yet queued.
    ///
    /// # Errors
    /// Another survey in the database, or a database error.
    pub fn enqueue(&self, config: &SurveyConfig) -> Result<()> {
        self.claim_config(config)?;
        let units = config.units();
        self.block_on(async {
            let mut tx = self.pool().begin().await?;
            for k in &units {
                sqlx::query(
                    "INSERT INTO lab_units (variant, matchup, pair, done) VALUES ($1, $2, $3, 0) \
                     ON CONFLICT DO NOTHING",
                )
                .bind(i64::from(k.variant))
                .bind(i64::from(k.matchup))
                .bind(i64::from(k.pair))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await
        })?;
        Ok(())
    }

    /// The survey recorded in this database, if any.
    ///
    /// # Errors
    /// A database error, or a recorded survey that does not read.
    pub fn stored_config(&self) -> Result<Option<SurveyConfig>> {
        let text: Option<String> = self.block_on(async {
            let row = sqlx::query("SELECT value FROM lab_meta WHERE key = 'config'")
                .fetch_optional(self.pool())
                .await?;
            Ok::<_, sqlx::Error>(row.map(|r| r.get::<String, _>(0)))
        })?;
        text.map(|t| serde_json::from_str(&t).map_err(crate::store::stored_survey))
            .transpose()
    }

    /// Queued units done, and queued units in all.
    ///
    /// # Errors
    /// A database error.
    pub fn queue_progress(&self) -> Result<(u64, u64)> {
        let row = self.block_on(
            sqlx::query(
                "SELECT CAST(COALESCE(SUM(done), 0) AS BIGINT), CAST(COUNT(*) AS BIGINT) \
                 FROM lab_units",
            )
            .fetch_one(self.pool()),
        )?;
        Ok((row.get::<i64, _>(0) as u64, row.get::<i64, _>(1) as u64))
    }

    /// Takes one queued unit that no one else holds, plays it, stores its
    /// games and marks it done, all in one transaction. Returns the unit,
    /// or `None` when no unit is free.
    ///
    /// # Errors
    /// A database error (the unit stays queued), or a unit that cannot be
    /// played.
    pub fn work_one<G: LabGame>(&self, config: &SurveyConfig) -> Result<Option<UnitKey>> {
        let (mut tx, key) = self.take()?;
        let Some(key) = key else {
            self.block_on(tx.rollback())?;
            return Ok(None);
        };
        let rows = play_unit::<G>(config, key).map_err(crate::fail::said)?;
        self.block_on(async {
            for r in &rows {
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
            sqlx::query(
                "UPDATE lab_units SET done = 1 WHERE variant = $1 AND matchup = $2 AND pair = $3",
            )
            .bind(i64::from(key.variant))
            .bind(i64::from(key.matchup))
            .bind(i64::from(key.pair))
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })?;
        Ok(Some(key))
    }
}

/// A worker: takes units of the survey queued in the database at `url`
/// until none is free; returns how many it played.
///
/// # Errors
/// A bad configuration, a database error.
pub fn work<G: LabGame>(url: &str, config: &SurveyConfig) -> Result<u64> {
    check_config::<G>(config)?;
    let store = Store::open(url)?;
    let mut played = 0;
    while store.work_one::<G>(config)?.is_some() {
        played += 1;
    }
    Ok(played)
}
