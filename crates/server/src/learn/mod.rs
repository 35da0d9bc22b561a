//! The courses (issue #46), as lichess's Learn: each game's stages and
//! exercises (`tablero_ai::course`), their texts in the reader's language,
//! a learner's moves replayed with the coach's answers, and the learner's
//! progress: the best stars of each exercise reached, kept for an account
//! or for a browser not logged in ([`store`]).
//!
//! The server keeps no exercise in play: a page sends every move so far,
//! and the replay ([`tablero_ai::course::play`]) is the judge. Stars are
//! recorded only from a replay that reached the goal, so a learner cannot
//! record stars they did not earn.

pub mod store;

use crate::db::Db;
use serde::Serialize;
use tablero_ai::course::{self, CourseError, Goal, Played};
use tablero_core::Localize;
use tablero_i18n::{Args, Lang};

crate::refusal::concern_error! {
    /// Why the learn concern refused a request, or failed.
    pub enum LearnError {
        /// A move that is not legal, moves after the end, a claim refused.
        BadMoves => Invalid,
        /// No such course, stage or exercise.
        NoExercise => Missing,
    }
}

/// The most moves a replay takes (the longest exercise needs far fewer).
pub const MAX_MOVES: usize = 60;

/// Who is learning: an account, or a browser not logged in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Learner {
    /// The account's id.
    Account(String),
    /// The browser's key (its `tablero_browser` cookie).
    Browser(String),
}

impl Learner {
    /// The learner's key in the store.
    fn key(&self) -> String {
        match self {
            Learner::Account(a) => format!("account:{a}"),
            Learner::Browser(b) => format!("browser:{b}"),
        }
    }
}

/// An exercise as a page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ExerciseView {
    /// The variant's text.
    pub variant: &'static str,
    /// The start position (the learner is to move).
    pub position: &'static str,
    /// The goal.
    pub goal: Goal,
    /// The goal in words, in the reader's language.
    pub goal_text: String,
    /// The fewest moves.
    pub par: usize,
    /// The learner's best stars, if they reached the goal.
    pub stars: Option<u8>,
}

/// A stage as a page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct StageView {
    /// Its id.
    pub id: &'static str,
    /// Its title, in the reader's language.
    pub title: String,
    /// Its lesson, in the reader's language.
    pub intro: String,
    /// Its exercises.
    pub exercises: Vec<ExerciseView>,
}

/// A game's course as a page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct CourseView {
    /// The game's name (`imago`...).
    pub game: &'static str,
    /// Its stages, in order.
    pub stages: Vec<StageView>,
}

/// A replay answered: the replay and the learner's best stars now.
#[derive(Clone, Debug, Serialize)]
pub struct Replayed {
    /// The replay.
    #[serde(flatten)]
    pub played: Played,
    /// The learner's best stars for this exercise (this replay's counted),
    /// when known.
    pub best: Option<u8>,
}

/// Message `id` of the learn catalogue in `lang`, with `args`.
fn text(lang: Lang, id: &str, args: Option<&Args>) -> String {
    tablero_i18n::format_str(lang, id, args)
        .or_else(|| tablero_i18n::format_str(Lang::En, id, args))
        .unwrap_or_else(|| id.to_string())
}

/// The goal's sentence: `learn-goal-KIND` with the goal's numbers and the
/// par as arguments.
fn goal_text(lang: Lang, goal: &Goal, par: usize) -> String {
    let mut args = Args::new();
    if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(goal) {
        for (k, v) in fields {
            match v {
                serde_json::Value::Number(n) => {
                    args.set(k, tablero_i18n::number(&n.to_string()));
                }
                serde_json::Value::String(s) if k != "kind" => args.set(k, s),
                _ => {}
            }
        }
    }
    args.set("par", tablero_i18n::number(&par.to_string()));
    text(lang, &format!("learn-goal-{}", goal.kind()), Some(&args))
}

/// The courses and a learner's progress.
#[derive(Clone, Debug)]
pub struct Learn {
    db: Db,
}

impl Learn {
    /// The progress kept in `db`.
    #[must_use]
    pub fn new(db: Db) -> Learn {
        Learn { db }
    }

    /// Every game's course in `lang`, with `learner`'s stars.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn courses(
        &self,
        lang: Lang,
        learner: Option<&Learner>,
    ) -> Result<Vec<CourseView>, LearnError> {
        let progress = match learner {
            Some(l) => store::progress(&self.db, &l.key()).await?,
            None => Vec::new(),
        };
        let stars = |game: &str, stage: &str, n: usize| {
            progress
                .iter()
                .find(|(g, s, i, _)| g == game && s == stage && *i == n)
                .map(|p| p.3)
        };
        Ok(course::courses()
            .iter()
            .map(|c| CourseView {
                game: c.game,
                stages: c
                    .stages
                    .iter()
                    .map(|s| StageView {
                        id: s.id,
                        title: text(lang, &format!("learn-{}-title", s.id), None),
                        intro: text(lang, &format!("learn-{}-intro", s.id), None),
                        exercises: s
                            .exercises
                            .iter()
                            .enumerate()
                            .map(|(n, e)| ExerciseView {
                                variant: e.variant,
                                position: e.position,
                                goal: e.goal,
                                goal_text: goal_text(lang, &e.goal, e.par()),
                                par: e.par(),
                                stars: stars(c.game, s.id, n),
                            })
                            .collect(),
                    })
                    .collect(),
            })
            .collect())
    }

    /// Replays `moves` (the learner's, in order) in exercise `n` of stage
    /// `stage` of `game`'s course with the coach's answers (on the blocking
    /// pool: the coach may search), and keeps the stars for `learner` when
    /// the goal is reached.
    ///
    /// # Errors
    /// An unknown exercise, bad moves, more than [`MAX_MOVES`], storage
    /// failures.
    pub async fn play(
        &self,
        game: &str,
        stage: &str,
        n: usize,
        moves: Vec<String>,
        learner: Option<&Learner>,
    ) -> Result<Replayed, LearnError> {
        if moves.len() > MAX_MOVES {
            return Err(LearnError::BadMoves(CourseError::TooMany.message()));
        }
        let (g, s) = (game.to_string(), stage.to_string());
        let played = tokio::task::spawn_blocking(move || course::play(&g, &s, n, &moves))
            .await
            .map_err(|e| LearnError::Internal(crate::db::Fault::new(e.to_string())))?
            .map_err(|e| match e {
                CourseError::Unknown => LearnError::NoExercise(e.message()),
                _ => LearnError::BadMoves(e.message()),
            })?;
        let mut best = played.stars;
        if let Some(l) = learner {
            let key = l.key();
            if let Some(stars) = played.stars {
                store::record(&self.db, &key, game, stage, n, stars).await?;
            }
            best = store::progress(&self.db, &key)
                .await?
                .into_iter()
                .find(|(g, s, i, _)| g == game && s == stage && *i == n)
                .map(|p| p.3);
        }
        Ok(Replayed { played, best })
    }
}
