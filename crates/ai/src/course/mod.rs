//! A course per game, as lichess's Learn: stages from the moves to winning
//! technique, each a few positions with a goal, stars for reaching it in
//! the fewest moves.
//!
//! An [`Exercise`] is a position, a [`Goal`] for the side to move (the
//! learner) and the intended solution (the learner's moves). The other
//! side is played by the game's **coach** ([`Lesson::coach_move`]), which
//! always answers the same way: Imago's and Linja's exact solvers (the
//! best move, the slowest loss when lost), alpha-beta at a fixed depth in
//! Jarmo and Super Dimensiones. The fewest moves ("par") is the length of
//! the intended solution; `crates/ai/tests/course.rs` checks, for every
//! exercise, that the solution reaches the goal against the coach exactly
//! at its last move, that no shorter sequence of the learner's moves does,
//! and, for the goals a solver can judge (a win, a claim, holding the
//! draw), that the solver or a deep search proves it against any defence.
//!
//! [`play`] replays a learner's moves of an exercise with the coach's
//! answers: the positions, whether the goal is reached, and the stars
//! ([`stars`]). It keeps no state, so a front end sends every move so far.
//!
//! Texts are in `locales/{en,es}/learn.ftl`: a stage's title and lesson
//! (`learn-STAGE-title`, `learn-STAGE-intro`) and each goal's sentence
//! (`learn-goal-KIND`, with the goal's numbers and the par as arguments).

mod data;
mod games;
pub use games::COACH_DEPTH;

pub use data::{course, courses};
pub use games::Lesson;

use serde::Serialize;
use tablero_core::{id, Game, History, Localize, Message, MoveBuf, Player};

/// What the learner must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Goal {
    /// Bring one of your pieces onto this square (Imago's cell, Jarmo's
    /// point, Super Dimensiones' square).
    Reach {
        /// The square or point.
        square: &'static str,
    },
    /// Linja: bring one of your pieces onto this row.
    Row {
        /// The row, 0 to 7.
        row: u8,
    },
    /// Imago: push one of the opponent's pieces onto this cell.
    Push {
        /// The cell.
        square: &'static str,
    },
    /// Take this many of the opponent's pieces (Jarmo, Super Dimensiones).
    Capture {
        /// How many.
        pieces: u32,
    },
    /// Jarmo: have this many archers on the enemy's first row.
    Arrive {
        /// How many.
        archers: u32,
    },
    /// Jarmo: bring a lost archer back.
    Return,
    /// Super Dimensiones: crown a queen.
    Crown,
    /// Linja: earn an extra turn.
    ExtraTurn,
    /// Win the game (Super Dimensiones: the battle of your first army).
    Win,
    /// Imago: keep the draw: after this many of your moves the position is
    /// still drawn or better (by the solver).
    Hold {
        /// How many moves.
        moves: u32,
    },
    /// Imago: claim the win (Jacke) when the position is won.
    Claim,
    /// Linja: end the game ahead by at least this many points.
    Margin {
        /// Points.
        points: i32,
    },
}

impl Goal {
    /// The goal's name in the texts' ids (`learn-goal-KIND`).
    #[must_use]
    pub const fn kind(self) -> &'static str {
        match self {
            Goal::Reach { .. } => "reach",
            Goal::Row { .. } => "row",
            Goal::Push { .. } => "push",
            Goal::Capture { .. } => "capture",
            Goal::Arrive { .. } => "arrive",
            Goal::Return => "return",
            Goal::Crown => "crown",
            Goal::ExtraTurn => "extra-turn",
            Goal::Win => "win",
            Goal::Hold { .. } => "hold",
            Goal::Claim => "claim",
            Goal::Margin { .. } => "margin",
        }
    }
}

/// The learner's word for claiming the win in Imago (Jacke).
pub const CLAIM: &str = "claim";

/// One position to play.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Exercise {
    /// The variant's text.
    pub variant: &'static str,
    /// The position string; the side to move is the learner.
    pub position: &'static str,
    /// What to do.
    pub goal: Goal,
    /// The intended solution: the learner's moves (and [`CLAIM`]); its
    /// length is the par, the fewest moves.
    pub solution: &'static [&'static str],
}

impl Exercise {
    /// The fewest moves that reach the goal against the coach.
    #[must_use]
    pub fn par(&self) -> usize {
        self.solution.len()
    }
}

/// A stage: a lesson and its exercises.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Stage {
    /// The stage's id (`imago-push`): its texts are `learn-ID-title` and
    /// `learn-ID-intro`.
    pub id: &'static str,
    /// The exercises, in order.
    pub exercises: &'static [Exercise],
}

/// A game's course.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Course {
    /// The game's command-line name.
    pub game: &'static str,
    /// The stages, from the moves to winning technique.
    pub stages: &'static [Stage],
}

impl Course {
    /// The stage of this id.
    #[must_use]
    pub fn stage(&self, id: &str) -> Option<&'static Stage> {
        self.stages.iter().find(|s| s.id == id)
    }
}

/// Stars for reaching a goal in `moves` moves when `par` is the fewest:
/// 3 at par, 2 within two moves more, else 1.
#[must_use]
pub const fn stars(par: usize, moves: usize) -> u8 {
    if moves <= par {
        3
    } else if moves <= par + 2 {
        2
    } else {
        1
    }
}

/// Why a learner's moves could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CourseError {
    /// No course of that game, no stage of that id or no exercise of that
    /// number.
    Unknown,
    /// The exercise does not read (a test keeps this from happening).
    Broken(String),
    /// Move `index` (from 0) is not legal, or not the learner's to make.
    Illegal {
        /// Which of the learner's moves.
        index: usize,
        /// The move as sent.
        mv: String,
    },
    /// Moves after the goal was reached or the game ended.
    TooMany,
    /// A claim where the game allows none, or the position is not won.
    Claim,
}

impl Localize for CourseError {
    /// The message of the catalogue (`learn-error-…` in `learn.ftl`).
    fn message(&self) -> Message {
        match self {
            CourseError::Unknown => Message::of(id!("learn-error-unknown")),
            CourseError::Broken(e) => Message::of(id!("learn-error-broken")).text("error", e),
            CourseError::Illegal { index, mv } => Message::of(id!("learn-error-illegal"))
                .num("index", *index as i64 + 1)
                .text("mv", mv),
            CourseError::TooMany => Message::of(id!("learn-error-too-many")),
            CourseError::Claim => Message::of(id!("learn-error-claim")),
        }
    }
}

tablero_core::display_by_message!(CourseError);

/// A replay of the learner's moves with the coach's answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    /// Every move made, the learner's and the coach's, in notation.
    pub moves: Vec<String>,
    /// The position now.
    pub position: String,
    /// Whether the goal is reached.
    pub reached: bool,
    /// Whether the game is over (or the claim accepted).
    pub over: bool,
    /// The learner's moves counted.
    pub learner_moves: usize,
    /// The par of the exercise.
    pub par: usize,
    /// The stars once the goal is reached.
    pub stars: Option<u8>,
}

/// Replays `learner` (the learner's moves, in order) in exercise `index`
/// of stage `stage` of `game`'s course.
///
/// # Errors
/// [`CourseError`]: an unknown exercise, a move that is not legal, moves
/// after the end, a claim refused.
pub fn play(
    game: &str,
    stage: &str,
    index: usize,
    learner: &[String],
) -> Result<Played, CourseError> {
    let exercise = course(game)
        .and_then(|c| c.stage(stage))
        .and_then(|s| s.exercises.get(index))
        .ok_or(CourseError::Unknown)?;
    use tablero_games::{dimensiones::Dimensiones, imago::Imago, jarmo::Jarmo, linja::Linja};
    match game {
        "imago" => replay_as::<Imago>(exercise, learner),
        "jarmo" => replay_as::<Jarmo>(exercise, learner),
        "linja" => replay_as::<Linja>(exercise, learner),
        "dimensiones" => replay_as::<Dimensiones>(exercise, learner),
        _ => Err(CourseError::Unknown),
    }
}

/// The start of an exercise.
///
/// # Errors
/// [`CourseError::Broken`] when it does not read.
pub fn start_of<G: Game>(exercise: &Exercise) -> Result<G, CourseError> {
    let variant: G::Variant = exercise
        .variant
        .parse()
        .map_err(|_| CourseError::Broken(exercise.variant.to_string()))?;
    G::parse_position(&variant, exercise.position)
        .map_err(|e| CourseError::Broken(format!("{}: {e}", exercise.position)))
}

/// [`play`] for a game known by type.
///
/// # Errors
/// As [`play`].
pub fn replay_as<G: Lesson>(
    exercise: &Exercise,
    learner: &[String],
) -> Result<Played, CourseError> {
    let start: G = start_of(exercise)?;
    let me = start.side_to_move();
    let mut h = History::new(start.clone());
    let mut reached = false;
    let mut claimed = false;
    let mut done = 0;
    for (index, text) in learner.iter().enumerate() {
        if reached || claimed || h.is_over() {
            return Err(CourseError::TooMany);
        }
        if text == CLAIM {
            if !G::claim_holds(&h, me) {
                return Err(CourseError::Claim);
            }
            claimed = true;
            done += 1;
            reached = exercise.goal == Goal::Claim;
            continue;
        }
        let illegal = || CourseError::Illegal {
            index,
            mv: text.clone(),
        };
        if h.current().side_to_move() != me {
            return Err(illegal());
        }
        let mv = h.current().parse_move(text).map_err(|_| illegal())?;
        h.play(mv).map_err(|_| illegal())?;
        done += 1;
        reached = G::reached(&exercise.goal, me, &start, &h, done);
        if reached {
            continue;
        }
        // The coach answers; a goal its forced answer reaches (a capture
        // the rules compel, the end of the game) counts for this move.
        while !h.is_over() && h.current().side_to_move() != me {
            let reply = G::coach_move(&h);
            if h.play(reply).is_err() {
                return Err(CourseError::Broken(format!(
                    "the coach's move in {}",
                    h.current().position_string()
                )));
            }
            reached = G::reached(&exercise.goal, me, &start, &h, done);
            if reached {
                break;
            }
        }
    }
    let moves = h
        .positions()
        .iter()
        .zip(h.moves())
        .map(|(p, &m)| p.format_move(m))
        .collect();
    Ok(Played {
        moves,
        position: h.current().position_string(),
        reached,
        over: h.is_over() || claimed,
        learner_moves: done,
        par: exercise.par(),
        stars: reached.then(|| stars(exercise.par(), done)),
    })
}

/// The learner's possible actions in the current position: every legal
/// move in notation, and [`CLAIM`] where the game has claims.
#[must_use]
pub fn actions<G: Lesson>(h: &History<G>) -> Vec<String> {
    let pos = h.current();
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .as_slice()
        .iter()
        .map(|&m| pos.format_move(m))
        .collect();
    if G::HAS_CLAIM {
        out.push(CLAIM.to_string());
    }
    out
}

/// A shortest sequence of the learner's moves that reaches the
/// exercise's goal against the coach, looking at most `limit` moves deep:
/// `None` when no sequence of up to `limit` does. Tries every sequence of
/// legal moves (and claims) in order, the coach answering each.
#[must_use]
pub fn fewest_moves<G: Lesson>(exercise: &Exercise, limit: usize) -> Option<Vec<String>> {
    let start: G = start_of(exercise).ok()?;
    let mut frontier: Vec<Vec<String>> = vec![Vec::new()];
    for _ in 1..=limit {
        let mut next = Vec::new();
        for seq in &frontier {
            let Ok(now) = replay_as::<G>(exercise, seq) else {
                continue;
            };
            if now.over {
                continue;
            }
            let mut h = History::new(start.clone());
            for m in &now.moves {
                let _ = h.play_text(m);
            }
            for a in actions(&h) {
                let mut longer = seq.clone();
                longer.push(a);
                match replay_as::<G>(exercise, &longer) {
                    Ok(p) if p.reached => return Some(longer),
                    Ok(p) if !p.over => next.push(longer),
                    _ => {}
                }
            }
        }
        frontier = next;
    }
    None
}

/// The learner of an exercise: its side to move.
///
/// # Errors
/// [`CourseError::Broken`] when it does not read.
pub fn learner_of<G: Game>(exercise: &Exercise) -> Result<Player, CourseError> {
    Ok(start_of::<G>(exercise)?.side_to_move())
}
