//! Game reviews for the browser (`/api/games/ID/review`): the review of a
//! finished game (`tablero_ai::review`: exact values for Imago and Linja,
//! alpha-beta for the others) made off the request path, one at a time on
//! the blocking pool, its progress readable while it runs, and the result
//! kept in the database with the game (table `reviews`), so each game is
//! reviewed once, whenever it was played.

pub mod store;

use crate::db::Fault;
use crate::games::{GameError, Hub};
use anyhow::Context;
use serde::Serialize;
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

crate::refusal::concern_error! {
    /// Why the reviews concern refused a request, or failed.
    pub enum ReviewError {
        /// No such game.
        NoGame => Missing,
        /// The game is not over: it cannot be reviewed yet.
        NotOver => NotNow,
    }
    passes on GameError;
}

/// The reviews being made, and the one slot they take turns in: the
/// reviews concern's service.
pub struct Reviews {
    hub: Arc<Hub>,
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    slot: Arc<Semaphore>,
}

impl Reviews {
    /// The reviews of `hub`'s games (kept in its database).
    #[must_use]
    pub fn new(hub: Arc<Hub>) -> Arc<Reviews> {
        Arc::new(Reviews {
            hub,
            jobs: Mutex::new(HashMap::new()),
            slot: Arc::new(Semaphore::new(1)),
        })
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
    pub async fn get(self: &Arc<Self>, id: &str, start: bool) -> Result<Answer, ReviewError> {
        let (row, table) = self.hub.snapshot(id).await?;
        let Some(result) = row.result.clone() else {
            return Err(ReviewError::NotOver(
                Message::of(id!("api_review_not_over")).text("id", id),
            ));
        };
        let plies = i64::try_from(table.moves().len()).unwrap_or(i64::MAX);
        if let Some((p, res, text)) = store::kept(self.hub.db(), id).await? {
            if p == plies && res == result {
                let review = serde_json::from_str(&text).map_err(Fault::from)?;
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
        let (reviews, id) = (Arc::clone(self), id.to_string());
        let answer = running(&job);
        tokio::spawn(async move {
            let made = reviews.make(&id, &job, table, plies, result).await;
            if let Err(e) = made {
                tracing::error!(game = %id, "reviewing the game: {e}");
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
        id: &str,
        job: &Arc<Job>,
        table: Box<dyn tablero_ai::table::GameTable>,
        plies: i64,
        result: String,
    ) -> Result<(), Fault> {
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
        .map_err(|e| Fault::new(format!("{e}")))?;
        let text = serde_json::to_string(&review)?;
        store::keep(self.hub.db(), id, plies, &result, &text).await?;
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
