//! Game reviews for the browser (`/api/games/ID/review`): the review of a
//! finished game (`tablero_ai::review`: exact values for Imago and Linja,
//! alpha-beta for the others) made off the request path, one at a time on
//! the blocking pool, its progress readable while it runs, and the result
//! kept in the database with the game (table `reviews`), so each game is
//! reviewed once, whenever it was played.

use crate::hub::{Hub, HubError};
use crate::store::now_ms;
use anyhow::Context;
use serde::Serialize;
use sqlx::Row;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tablero_ai::review::{review_table, ReviewOptions};
use tablero_core::{id, Message};
use tokio::sync::Semaphore;

/// A review being made.
#[derive(Default)]
struct Job {
    done: AtomicUsize,
    total: AtomicUsize,
}

/// The reviews being made, and the one slot they take turns in.
pub struct Reviews {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    slot: Arc<Semaphore>,
}

impl Default for Reviews {
    fn default() -> Self {
        Reviews {
            jobs: Mutex::new(HashMap::new()),
            slot: Arc::new(Semaphore::new(1)),
        }
    }
}

/// What `GET`/`POST /api/games/ID/review` answers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Answer {
    /// Not reviewed, and not asked for (`GET`).
    None,
    /// Being made (or waiting for its turn): `done` of `total` positions.
    Running {
        /// Positions judged.
        done: usize,
        /// Positions to judge (0 while waiting for its turn).
        total: usize,
    },
    /// Made: the review (`tablero_ai::review::GameReview` as JSON).
    Done {
        /// The review.
        review: serde_json::Value,
    },
}

impl Reviews {
    fn job(&self, id: &str) -> Option<Arc<Job>> {
        self.jobs
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(id)
            .cloned()
    }

    /// Game `id`'s review: kept, being made, or (with `start`) begun now.
    ///
    /// # Errors
    /// No such game; a game not over (409 `api_review_not_over`); storage
    /// failures.
    pub async fn get(
        self: &Arc<Self>,
        hub: &Arc<Hub>,
        id: &str,
        start: bool,
    ) -> Result<Answer, HubError> {
        let (row, table) = hub.snapshot(id).await?;
        let Some(result) = row.result.clone() else {
            return Err(HubError::NotNow(
                Message::of(id!("api_review_not_over")).text("id", id),
            ));
        };
        let plies = i64::try_from(table.moves().len()).unwrap_or(i64::MAX);
        let kept = sqlx::query("SELECT plies, result, review FROM reviews WHERE game_id = $1")
            .bind(id)
            .fetch_optional(hub.store().pool())
            .await
            .context("reading a review")?;
        if let Some(r) = kept {
            let (p, res): (i64, String) = (
                r.try_get(0).context("plies")?,
                r.try_get(1).context("result")?,
            );
            if p == plies && res == result {
                let text: String = r.try_get(2).context("review")?;
                let review = serde_json::from_str(&text).context("a stored review")?;
                return Ok(Answer::Done { review });
            }
        }
        if let Some(job) = self.job(id) {
            return Ok(running(&job));
        }
        if !start {
            return Ok(Answer::None);
        }
        let job = {
            let mut jobs = self
                .jobs
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(job) = jobs.get(id) {
                return Ok(running(job));
            }
            let job = Arc::new(Job::default());
            jobs.insert(id.to_string(), Arc::clone(&job));
            job
        };
        let (reviews, hub, id) = (Arc::clone(self), Arc::clone(hub), id.to_string());
        let answer = running(&job);
        tokio::spawn(async move {
            let made = reviews.make(&hub, &id, &job, table, plies, result).await;
            if let Err(e) = made {
                tracing::error!(game = %id, "reviewing the game: {e:#}");
            }
            reviews
                .jobs
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .remove(&id);
        });
        Ok(answer)
    }

    /// Makes the review in its turn and keeps it.
    async fn make(
        &self,
        hub: &Arc<Hub>,
        id: &str,
        job: &Arc<Job>,
        table: Box<dyn tablero_ai::table::GameTable>,
        plies: i64,
        result: String,
    ) -> anyhow::Result<()> {
        let _turn = Arc::clone(&self.slot).acquire_owned().await?;
        let started = std::time::Instant::now();
        let progress = Arc::clone(job);
        let review = tokio::task::spawn_blocking(move || {
            review_table(&*table, &ReviewOptions::default(), &mut |p| {
                progress.total.store(p.total, Ordering::Relaxed);
                progress.done.store(p.done, Ordering::Relaxed);
            })
        })
        .await?
        .context("no review for this game")?
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        let text = serde_json::to_string(&review)?;
        let pool = hub.store().pool();
        sqlx::query("DELETE FROM reviews WHERE game_id = $1")
            .bind(id)
            .execute(pool)
            .await?;
        sqlx::query(
            "INSERT INTO reviews (game_id, plies, result, review, created) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(plies)
        .bind(&result)
        .bind(&text)
        .bind(now_ms())
        .execute(pool)
        .await?;
        tracing::info!(
            game = %id,
            plies,
            ms = started.elapsed().as_millis() as u64,
            "reviewed"
        );
        Ok(())
    }
}

fn running(job: &Job) -> Answer {
    Answer::Running {
        done: job.done.load(Ordering::Relaxed),
        total: job.total.load(Ordering::Relaxed),
    }
}
