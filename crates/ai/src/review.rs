//! The review of a finished (or unfinished) game: a verdict for every move.
//!
//! - **Exact games.** Imago (any layout) is judged by its solver: the
//!   exact value of the position before the move and of the move played
//!   (win, draw or loss with the plies to the end), and the moves that were
//!   best. Linja is judged from the installed table of exact values where
//!   it covers the position, else by the exact endgame solver where it
//!   finishes within [`ReviewOptions::reach`] positions; each move says
//!   which ([`Source`]). The value is the final score difference. Positions
//!   beyond both get no verdict ([`Verdict::Unknown`]).
//! - **Searched games.** Jarmo, Super Dimensiones and 8x8 draughts are
//!   judged by alpha-beta at a fixed depth ([`Review::depth`] of the variant, or
//!   [`ReviewOptions::depth`]; at most [`Review::NODES`] nodes a position
//!   where the game sets a bound) with the game's own evaluation. Every
//!   position of the game is searched once: a move's value before is the
//!   search of the position before it (with its best move), its value
//!   after the search of the position after it, so one move's value after
//!   is the next move's value before and the values along the game are
//!   continuous. A move is classified by the share of the expected score
//!   it gives away (see [`expected_score`]): [`INACCURACY`], [`MISTAKE`],
//!   [`BLUNDER`]; a mistake or a blunder is checked by searches
//!   [`Review::CONFIRM`] plies deeper and keeps the milder verdict.
//!
//! Every position is judged on its own (a fresh search, a fresh table), so
//! a review is the same on any machine and whatever order its positions
//! are taken in; docs/ai.md, "Game review", gives the thresholds and why.
//!
//! ```
//! use tablero_ai::review::{review, ReviewOptions, Verdict};
//! use tablero_core::{Game, History};
//! use tablero_games::imago::{Imago, Layout};
//!
//! let mut h = History::new(Imago::start(&Layout::default()));
//! h.play_text("b2-c2 g5").unwrap();
//! let r = review(&h, &ReviewOptions::default(), &mut |_| {}).unwrap();
//! assert_eq!(r.moves.len(), 1);
//! assert_ne!(r.moves[0].verdict, Verdict::Unknown);
//! ```

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig, PROVED, WIN};
use crate::analysis::Exact;
use crate::bot::{Bot, Budget, Limits};
use crate::play::Play;
use crate::solve::linja::Solver as LinjaSolver;
use crate::solve::linja_table;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use tablero_core::{Game, History, Player, Record};
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::draughts::Draughts;
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

/// A move that gives away at least this share of the mover's expected
/// score (0 to 1) is an inaccuracy.
pub const INACCURACY: f64 = 0.10;
/// ... a mistake.
pub const MISTAKE: f64 = 0.20;
/// ... a blunder.
pub const BLUNDER: f64 = 0.30;

/// A value, for the player it is given for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Value {
    /// A win in this many plies (the solver's, or proved by the search).
    Win {
        /// Plies to the end with best play.
        plies: u16,
    },
    /// A loss in this many plies.
    Loss {
        /// Plies to the end with best play.
        plies: u16,
    },
    /// A draw with best play (Imago), or a drawn end reached.
    Draw,
    /// The final score difference with best play (Linja).
    Margin {
        /// The player's points minus the other's.
        points: i32,
    },
    /// A search's heuristic evaluation, in the game's units (a hundred
    /// per Jarmo point or draughts man, a thousand per Super Dimensiones
    /// sub-game).
    Eval {
        /// The evaluation; positive is good for the player.
        score: i32,
    },
}

impl Value {
    /// `win`, `draw` or `loss`, by the sign for a margin or an evaluation.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Value::Win { .. } => "win",
            Value::Loss { .. } => "loss",
            Value::Draw => "draw",
            Value::Margin { points: m } | Value::Eval { score: m } if m > 0 => "win",
            Value::Margin { points: m } | Value::Eval { score: m } if m < 0 => "loss",
            Value::Margin { .. } | Value::Eval { .. } => "draw",
        }
    }

    /// An order: quicker wins, then larger margins and evaluations, then
    /// draws, then slower losses.
    #[must_use]
    pub const fn rank(self) -> i64 {
        match self {
            Value::Win { plies } => 1_000_000_000 - plies as i64,
            Value::Loss { plies } => -1_000_000_000 + plies as i64,
            Value::Draw => 0,
            Value::Margin { points } => points as i64,
            Value::Eval { score } => score as i64,
        }
    }

    /// The same value for the other player.
    #[must_use]
    pub const fn flip(self) -> Value {
        match self {
            Value::Win { plies } => Value::Loss { plies },
            Value::Loss { plies } => Value::Win { plies },
            Value::Draw => Value::Draw,
            Value::Margin { points } => Value::Margin { points: -points },
            Value::Eval { score } => Value::Eval { score: -score },
        }
    }
}

impl From<Exact> for Value {
    fn from(e: Exact) -> Value {
        match e {
            Exact::Win(plies) => Value::Win { plies },
            Exact::Loss(plies) => Value::Loss { plies },
            Exact::Draw => Value::Draw,
            Exact::Margin(points) => Value::Margin { points },
        }
    }
}

/// Where a move's verdict comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// Imago's solver of the layout.
    Solver,
    /// An installed table of exact values (Linja's; Super Dimensiones'
    /// endgame tables).
    Table,
    /// An exact endgame solver: Linja's, Jarmo's late-game solver.
    Endgame,
    /// Alpha-beta at the review's depth.
    Search,
    /// Nothing reached the position (Linja without a table, before the
    /// endgame).
    None,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// One of the best moves: exactly the best value (exact games), the
    /// search's own choice or a move of exactly its value (searched games).
    Best,
    /// Imago: the same result as the best move (win, draw or loss), in
    /// more plies when winning, fewer when losing.
    Kept,
    /// Linja: the same result (win, draw or loss) as the best move, by
    /// fewer points.
    Worse,
    /// The result got worse for the mover: a win let go, a draw lost.
    Slip,
    /// Searched games: not the search's choice, but less than
    /// [`INACCURACY`] given away.
    Good,
    /// Searched games: at least [`INACCURACY`] given away.
    Inaccuracy,
    /// Searched games: at least [`MISTAKE`] given away.
    Mistake,
    /// Searched games: at least [`BLUNDER`] given away.
    Blunder,
    /// No verdict: nothing reached the position.
    Unknown,
}

impl Verdict {
    /// Whether the move kept the value: best or kept (exact games), best
    /// or good (searched games). Accuracy counts these.
    #[must_use]
    pub const fn kept_value(self) -> bool {
        matches!(self, Verdict::Best | Verdict::Kept | Verdict::Good)
    }

    /// The word of the JSON form (`best`, `inaccuracy`, ...).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Kept => "kept",
            Verdict::Worse => "worse",
            Verdict::Slip => "slip",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
            Verdict::Unknown => "unknown",
        }
    }
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move's number in the game, from 1.
    pub ply: usize,
    /// Who made it: `p1` or `p2`.
    pub player: String,
    /// Super Dimensiones: the army that moved (`red`, `blue`, ...).
    pub army: Option<String>,
    /// The move, in notation.
    pub played: String,
    /// Where the values come from.
    pub source: Source,
    /// The position's value for the mover before the move (the best
    /// move's value); `None` with no verdict.
    pub before: Option<Value>,
    /// The value of the move played, for the mover.
    pub after: Option<Value>,
    /// The best moves, in notation: every move of the best value (exact
    /// games), the search's choice (searched games).
    pub best: Vec<String>,
    /// What the move did.
    pub verdict: Verdict,
    /// Searched games: the share of the mover's expected score the move
    /// gave away, 0 to 1.
    pub loss: Option<f64>,
    /// Searched games, a move the search called a mistake or a blunder:
    /// the share it gives away by the deeper check
    /// ([`ReviewOptions::confirm`]); the verdict is the milder of the two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deeper_loss: Option<f64>,
}

impl MoveReview {
    /// The mover.
    #[must_use]
    pub fn mover(&self) -> Player {
        if self.player == "p2" {
            Player::P2
        } else {
            Player::P1
        }
    }
}

/// How a game is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// By exact values (Imago, Linja).
    Exact,
    /// By alpha-beta with the game's evaluation.
    Search,
}

/// One player's accuracy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Accuracy {
    /// The player's moves with a verdict.
    pub judged: usize,
    /// Of those, the moves that kept the value ([`Verdict::kept_value`]).
    pub kept: usize,
    /// `kept` as a percentage of `judged`; `None` without a judged move.
    pub percent: Option<f64>,
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReview {
    /// The game's command-line name.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// How the game is judged.
    pub method: Method,
    /// Searched games: the depth of the searches before the moves.
    pub depth: Option<u32>,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// The index in `moves` of the move where the result slipped: the last
    /// [`Verdict::Slip`], after which the result with best play never
    /// changed again (exact games); `None` when no move changed it.
    pub slipped: Option<usize>,
    /// Player one's and player two's accuracy.
    pub accuracy: [Accuracy; 2],
    /// The value over the game for player one, from -1 (player two wins)
    /// to 1 (player one wins), one point per position from the start to
    /// the end (`None` where unknown): wins, draws and losses as 1, 0, -1,
    /// Linja margins divided by the largest in the game, evaluations as
    /// twice the expected score less one.
    pub chart: Vec<Option<f64>>,
}

/// How far a review looks.
#[derive(Clone, Debug)]
pub struct ReviewOptions {
    /// Searched games: the depth of the search of every position
    /// (`None`: the game's [`Review::depth`] for the game's variant).
    pub depth: Option<u32>,
    /// Linja without a table: the most positions the endgame solver
    /// stores over the whole review (it judges from the end of the game
    /// backwards, and stops at the first position beyond this).
    pub reach: u64,
    /// Searched games: positions searched at once.
    pub threads: usize,
    /// Searched games: the most nodes a search of one position may visit
    /// before it stops and gives its deepest finished iteration
    /// (`None`: the game's [`Review::NODES`]; `Some(0)`: no bound).
    /// Counted, not timed, so a review stays the same on any machine.
    pub nodes: Option<u64>,
    /// Searched games: a move the search calls a mistake or a blunder is
    /// checked by searches this many plies deeper of the positions before
    /// and after it, and keeps the milder verdict of the two (`None`: the
    /// game's [`Review::CONFIRM`]; `Some(0)`: no check).
    pub confirm: Option<u32>,
    /// Searched games: the evaluation at which the mover's expected score
    /// is about 0.73 (`None`: the game's [`Review::SCALE`]); a larger
    /// scale takes a larger swing to make a mistake.
    pub scale: Option<f64>,
    /// Set from outside to stop the review ([`ReviewError::Stopped`]).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            depth: None,
            reach: DEFAULT_REACH,
            threads: 1,
            nodes: None,
            confirm: None,
            scale: None,
            stop: None,
        }
    }
}

/// The endgame solver's default reach: the exact player's (two million
/// positions, about a hundred megabytes).
pub const DEFAULT_REACH: u64 = 2_000_000;

/// How far a review has come: `done` of `total` positions judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewProgress {
    /// Positions judged.
    pub done: usize,
    /// Positions to judge (one per move).
    pub total: usize,
}

/// Why a review did not finish.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// A move of the record is not legal.
    #[error("{0}")]
    Record(tablero_core::MoveListError),
    /// The stop flag was set.
    #[error("the review was stopped")]
    Stopped,
}

/// Every legal move with its exact value for the side to move, best
/// first, and where the values come from.
pub type ExactValues<M> = (Source, Vec<(M, Exact)>);

/// A game as the review judges it.
pub trait Review: Play {
    /// How the game's moves are judged.
    const METHOD: Method;
    /// Searched games: the default depth of the search before a move.
    const DEPTH: u32 = 4;
    /// Searched games: the default depth for a variant of the game
    /// ([`Review::DEPTH`] unless the game's variants differ).
    #[must_use]
    fn depth(_variant: &Self::Variant) -> u32 {
        Self::DEPTH
    }
    /// Searched games: the default bound on the nodes of one position's
    /// search (`None`: none), see [`ReviewOptions::nodes`].
    const NODES: Option<u64> = None;
    /// Searched games: the default plies of the check of a mistake or a
    /// blunder ([`ReviewOptions::confirm`]).
    const CONFIRM: u32 = 2;
    /// Searched games: the evaluation at which the mover's expected score
    /// is 1/(1+e⁻¹), about 0.73 (see [`expected_score`]).
    const SCALE: f64 = 100.0;

    /// What an exact game keeps between the positions of one review.
    type Oracle: Default;

    /// Exact games: every legal move of `pos` with its exact value for the
    /// side to move, best first, and where they come from; `None` beyond
    /// reach. Searched games: `None`, or where a table knows the position
    /// (Super Dimensiones), its values: such a move gets an exact verdict.
    fn exact_values(
        _oracle: &mut Self::Oracle,
        _pos: &Self,
        _reach: u64,
    ) -> Option<ExactValues<Self::Move>> {
        None
    }
}

impl Review for Imago {
    const METHOD: Method = Method::Exact;
    type Oracle = ();

    fn exact_values(_: &mut (), pos: &Imago, _reach: u64) -> Option<ExactValues<Self::Move>> {
        Some((Source::Solver, Imago::exact_move_values(pos, 0)?))
    }
}

/// Linja's endgame solver over one review: its table grows from the end
/// of the game backwards, and once a position is beyond reach the earlier
/// ones (which lead to it) are not tried.
#[derive(Default)]
pub struct LinjaOracle {
    solver: Option<LinjaSolver>,
    beyond: bool,
}

impl Review for Linja {
    const METHOD: Method = Method::Exact;
    type Oracle = LinjaOracle;

    fn exact_values(
        oracle: &mut LinjaOracle,
        pos: &Linja,
        reach: u64,
    ) -> Option<ExactValues<Self::Move>> {
        let margins = |m: Vec<(tablero_games::linja::Move, i32)>| {
            m.into_iter().map(|(m, v)| (m, Exact::Margin(v))).collect()
        };
        if let Some(m) = linja_table::exact_moves(pos) {
            return Some((Source::Table, margins(m)));
        }
        if oracle.beyond || reach == 0 {
            return None;
        }
        let solver = oracle
            .solver
            .get_or_insert_with(|| LinjaSolver::with_limit(reach));
        match solver.move_values(pos) {
            Some(m) => Some((Source::Endgame, margins(m))),
            None => {
                oracle.beyond = true;
                None
            }
        }
    }
}

impl Review for Jarmo {
    const METHOD: Method = Method::Search;
    const DEPTH: u32 = 5;
    /// A point (100) is worth an expected score of about 0.66.
    const SCALE: f64 = 150.0;
    type Oracle = ();

    /// Near the end: the late-game solver's exact points differences of
    /// the position alone, where it proves every move within
    /// [`JARMO_REVIEW_REACH`] positions (at most `reach`).
    fn exact_values(_: &mut (), pos: &Jarmo, reach: u64) -> Option<ExactValues<Self::Move>> {
        let values = Jarmo::exact_move_values(pos, reach.min(JARMO_REVIEW_REACH))?;
        Some((Source::Endgame, values))
    }
}

/// The most positions Jarmo's late-game solver visits for one position of
/// a review.
pub const JARMO_REVIEW_REACH: u64 = 20_000;

impl Review for Draughts {
    const METHOD: Method = Method::Search;
    const DEPTH: u32 = 6;
    /// A man (100) is worth an expected score of about 0.73.
    const SCALE: f64 = 100.0;
    type Oracle = ();
}

/// The depth of a Super Dimensiones review where its sub-games never meet
/// (cards M and W, the default rule set); see [`Review::depth`].
pub const DIMENSIONES_DEEP: u32 = 12;

impl Review for Dimensiones {
    const METHOD: Method = Method::Search;
    /// Rule sets whose sub-games meet (cards I or E): the whole game is
    /// searched, which branches far more. Also the deeper search that
    /// mines puzzles ([`crate::puzzles::MineOptions`]).
    const DEPTH: u32 = 4;
    /// A bound on the deep searches below, for the positions that branch
    /// widely (it cuts about one in a thousand of the default rule set's
    /// depth-12 searches short of depth 12; docs/ai.md).
    const NODES: Option<u64> = Some(1_000_000);
    /// A man's swing in one sub-game often shows only 8 to 10 plies on:
    /// where the sub-games never meet (cards M and W, the default), each
    /// search looks at the sub-game to move alone (`Evaluate::focus`),
    /// narrow enough for [`DIMENSIONES_DEEP`] plies, at which a search two plies
    /// deeper than the check confirms about 9 in 10 of the mistakes and
    /// blunders (at depth 4 only 8 in 10; docs/ai.md, "Game review").
    fn depth(variant: &RuleSet) -> u32 {
        if variant.independent_subgames() {
            DIMENSIONES_DEEP
        } else {
            Self::DEPTH
        }
    }
    /// A sub-game (1000) is worth an expected score of about 0.88, a man's
    /// lead in Conquer (500) about 0.73.
    const SCALE: f64 = 500.0;
    type Oracle = ();

    /// Inside an installed endgame table (one sub-game decided, the other
    /// in the table): the exact points difference of every move.
    fn exact_values(_: &mut (), pos: &Dimensiones, _reach: u64) -> Option<ExactValues<Self::Move>> {
        Some((Source::Table, Dimensiones::exact_move_values(pos, 0)?))
    }
}

/// The mover's expected score (0 to 1) for a value: 1 for a win, 0 for a
/// loss, ½ for a draw, the sign of a margin, and for an evaluation `s`
/// the logistic `1 / (1 + e^(-s / scale))`.
#[must_use]
pub fn expected_score(v: Value, scale: f64) -> f64 {
    match v {
        Value::Win { .. } => 1.0,
        Value::Loss { .. } => 0.0,
        Value::Draw => 0.5,
        Value::Margin { points } => match points.signum() {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        },
        Value::Eval { score } => 1.0 / (1.0 + (-f64::from(score) / scale).exp()),
    }
}

/// The class of a move that gives away `loss` of the expected score.
#[must_use]
pub fn classify(loss: f64) -> Verdict {
    if loss >= BLUNDER {
        Verdict::Blunder
    } else if loss >= MISTAKE {
        Verdict::Mistake
    } else if loss >= INACCURACY {
        Verdict::Inaccuracy
    } else {
        Verdict::Good
    }
}

/// Reviews the moves of `record` (see [`review`]).
///
/// # Errors
/// [`ReviewError::Record`] when a move of the record is not legal,
/// [`ReviewError::Stopped`] when the stop flag is set.
pub fn review_record<G: Review>(
    record: &Record<G>,
    options: &ReviewOptions,
    progress: &mut dyn FnMut(ReviewProgress),
) -> Result<GameReview, ReviewError> {
    let history = record.replay().map_err(ReviewError::Record)?;
    review(&history, options, progress)
}

/// Reviews every move of `history`, calling `progress` after each
/// position judged (from the calling thread).
///
/// # Errors
/// [`ReviewError::Stopped`] when the stop flag of `options` is set.
pub fn review<G: Review>(
    history: &History<G>,
    options: &ReviewOptions,
    progress: &mut dyn FnMut(ReviewProgress),
) -> Result<GameReview, ReviewError> {
    let positions = history.positions();
    let moves = history.moves();
    let total = moves.len();
    let mut reviews: Vec<Option<MoveReview>> = vec![None; total];
    let depth = options
        .depth
        .unwrap_or_else(|| G::depth(history.positions()[0].variant()))
        .clamp(1, 64);
    let scale = options.scale.unwrap_or(G::SCALE);
    let stopped = || {
        options
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    };
    match G::METHOD {
        Method::Exact => {
            // From the end backwards: Linja's endgame solver grows its
            // table the way the game shrinks.
            let mut oracle = G::Oracle::default();
            for i in (0..total).rev() {
                if stopped() {
                    return Err(ReviewError::Stopped);
                }
                let exact = G::exact_values(&mut oracle, &positions[i], options.reach);
                reviews[i] = Some(exact_review(&positions[i], moves[i], i, exact));
                progress(ReviewProgress {
                    done: total - i,
                    total,
                });
            }
        }
        Method::Search => {
            // Every position is searched once, the last too unless the
            // game is over there: a move's value after is the next
            // position's value, so the values are continuous.
            let positions_to_search = if history.is_over() { total } else { total + 1 };
            let mut values: Vec<Option<Searched<G::Move>>> = vec![None; positions_to_search];
            let mut exact: Vec<Option<ExactValues<G::Move>>> = vec![None; total];
            let node_bound = match options.nodes {
                Some(0) => None,
                Some(n) => Some(n),
                None => G::NODES,
            };
            let next = AtomicUsize::new(0);
            let threads = options.threads.clamp(1, 64).min(positions_to_search.max(1));
            let (tx, rx) = mpsc::channel();
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    let (tx, next) = (tx.clone(), &next);
                    scope.spawn(move || {
                        let mut ab = search_player::<G>(depth);
                        let limits = Limits {
                            depth: Some(depth),
                            nodes: node_bound,
                            ..Limits::none()
                        };
                        let mut oracle = G::Oracle::default();
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= positions_to_search || stopped() {
                                break;
                            }
                            // Exact where the game knows the values
                            // (Super Dimensiones' endgame tables); the
                            // position is searched all the same, as the
                            // value after the move before it.
                            let exact = if i < total {
                                G::exact_values(&mut oracle, &positions[i], options.reach)
                            } else {
                                None
                            };
                            let r = searched_position(&mut ab, history, i, &limits);
                            if tx.send((i, r, exact)).is_err() {
                                break;
                            }
                        }
                    });
                }
                drop(tx);
                let mut done = 0;
                for (i, r, e) in rx {
                    values[i] = Some(r);
                    if let Some(e) = e {
                        exact[i] = Some(e);
                    }
                    // A move is judged once the positions before and after
                    // it are searched.
                    let judged = (0..total)
                        .filter(|&j| {
                            values[j].is_some()
                                && (j + 1 >= positions_to_search || values[j + 1].is_some())
                        })
                        .count();
                    while done < judged {
                        done += 1;
                        progress(ReviewProgress { done, total });
                    }
                }
            });
            if values.iter().any(Option::is_none) {
                return Err(ReviewError::Stopped);
            }
            let values: Vec<Searched<G::Move>> = values.into_iter().flatten().collect();
            for (i, e) in exact.into_iter().enumerate() {
                reviews[i] = Some(match e {
                    Some(e) => exact_review(&positions[i], moves[i], i, Some(e)),
                    None => {
                        searched_review(history, i, values[i], values.get(i + 1).copied(), scale)
                    }
                });
            }
            // Every mistake and blunder checked deeper.
            let confirm = options.confirm.unwrap_or(G::CONFIRM).min(16);
            if confirm > 0 {
                let deeper = depth + confirm;
                let limits = Limits {
                    depth: Some(deeper),
                    nodes: node_bound.map(|n| n.saturating_mul(25)),
                    ..Limits::none()
                };
                let mut ab = search_player::<G>(deeper);
                for (i, r) in reviews.iter_mut().enumerate() {
                    let Some(r) = r.as_mut() else {
                        continue;
                    };
                    if !matches!(r.verdict, Verdict::Mistake | Verdict::Blunder) {
                        continue;
                    }
                    if stopped() {
                        return Err(ReviewError::Stopped);
                    }
                    let here = searched_position(&mut ab, history, i, &limits);
                    let next = (i + 1 < positions_to_search)
                        .then(|| searched_position(&mut ab, history, i + 1, &limits));
                    let deep = searched_review(history, i, here, next, scale);
                    let loss = deep.loss.unwrap_or(0.0);
                    r.deeper_loss = Some(loss);
                    if loss < r.loss.unwrap_or(0.0) {
                        r.verdict = classify(loss);
                    }
                }
            }
        }
    }
    let moves: Vec<MoveReview> = reviews
        .into_iter()
        .map(|r| r.expect("every position judged"))
        .collect();
    Ok(finish::<G>(history, moves, depth, scale))
}

/// The alpha-beta of a review: `depth`, one thread, a small table cleared
/// before every search (`Bot::new_game`).
#[must_use]
pub fn search_player<G: Review>(depth: u32) -> AlphaBeta<G> {
    AlphaBeta::new(AlphaBetaConfig {
        budget: Budget::Depth(depth),
        tt_entries: 1 << 16,
        ..AlphaBetaConfig::default()
    })
}

/// The verdict of move `i` (`mv`, played in `pos`) from the exact values
/// of `pos`'s moves.
fn exact_review<G: Review>(
    pos: &G,
    mv: G::Move,
    i: usize,
    exact: Option<ExactValues<G::Move>>,
) -> MoveReview {
    let mut r = blank(pos, mv, i);
    let Some((source, values)) = exact else {
        return r;
    };
    let (Some(&(_, best)), Some(&(_, played))) =
        (values.first(), values.iter().find(|(m, _)| *m == mv))
    else {
        return r;
    };
    let (best, played) = (Value::from(best), Value::from(played));
    r.source = source;
    r.before = Some(best);
    r.after = Some(played);
    r.best = values
        .iter()
        .filter(|(_, v)| Value::from(*v) == best)
        .map(|(m, _)| pos.format_move(*m))
        .collect();
    r.verdict = if played == best {
        Verdict::Best
    } else if played.word() != best.word() {
        Verdict::Slip
    } else if matches!(played, Value::Margin { .. }) {
        Verdict::Worse
    } else {
        Verdict::Kept
    };
    r
}

/// A move's review with no verdict yet.
fn blank<G: Game>(pos: &G, mv: G::Move, i: usize) -> MoveReview {
    MoveReview {
        ply: i + 1,
        player: pos.side_to_move().as_str().to_string(),
        army: pos.mover_label().map(str::to_string),
        played: pos.format_move(mv),
        source: Source::None,
        before: None,
        after: None,
        best: Vec::new(),
        verdict: Verdict::Unknown,
        loss: None,
        deeper_loss: None,
    }
}

/// A search's score for its side to move as a value for `player`, `plies`
/// further from the position `player` moves in.
pub(crate) fn search_value(score: i32, to_move: Player, player: Player, plies: i32) -> Value {
    let v = if score >= PROVED {
        Value::Win {
            plies: (WIN - score + plies).clamp(0, i32::from(u16::MAX)) as u16,
        }
    } else if score <= -PROVED {
        Value::Loss {
            plies: (WIN + score + plies).clamp(0, i32::from(u16::MAX)) as u16,
        }
    } else {
        Value::Eval { score }
    };
    if to_move == player {
        v
    } else {
        v.flip()
    }
}

/// A searched position: its value for the side to move there and the
/// search's best move.
#[derive(Clone, Copy, Debug)]
struct Searched<M> {
    /// The search's score for the side to move.
    score: i32,
    /// The side to move.
    to_move: Player,
    /// The search's move.
    best: M,
}

/// The search of position `i` of `history` (its moves before it played,
/// for the repetition rule).
fn searched_position<G: Review>(
    ab: &mut AlphaBeta<G>,
    history: &History<G>,
    i: usize,
    limits: &Limits,
) -> Searched<G::Move> {
    let mut h = History::new(history.positions()[0].clone());
    for &m in &history.moves()[..i] {
        // The record's moves are legal (it replayed).
        let _ = h.play(m);
    }
    ab.new_game();
    let report = ab.search(&h, limits);
    Searched {
        score: report.score,
        to_move: h.current().side_to_move(),
        best: report.best,
    }
}

/// The verdict of move `i` of `history` from the searches of every
/// position: its value before is the search of the position before it, its
/// value after the search of the position after it (a move that ends the
/// game takes its result), so that one move's value after is the next
/// move's value before, seen by the other side.
fn searched_review<G: Review>(
    history: &History<G>,
    i: usize,
    here: Searched<G::Move>,
    next: Option<Searched<G::Move>>,
    scale: f64,
) -> MoveReview {
    let pos = &history.positions()[i];
    let mv = history.moves()[i];
    let mover = pos.side_to_move();
    let mut r = blank(pos, mv, i);
    let before = search_value(here.score, mover, mover, 0);
    let after = match next {
        Some(next) => search_value(next.score, next.to_move, mover, 1),
        None => match history.outcome().map(|o| o.winner) {
            Some(Some(w)) if w == mover => Value::Win { plies: 1 },
            Some(Some(_)) => Value::Loss { plies: 1 },
            _ => Value::Draw,
        },
    };
    let loss = (expected_score(before, scale) - expected_score(after, scale)).max(0.0);
    r.source = Source::Search;
    r.before = Some(before);
    r.after = Some(after);
    r.best = vec![pos.format_move(here.best)];
    let best = here.best == mv || after == before;
    r.verdict = if best { Verdict::Best } else { classify(loss) };
    r.loss = Some(if best { 0.0 } else { loss });
    r
}

/// The review from its moves' verdicts: accuracy, the slipped move, the
/// chart.
fn finish<G: Review>(
    history: &History<G>,
    moves: Vec<MoveReview>,
    depth: u32,
    scale: f64,
) -> GameReview {
    let mut accuracy = [Accuracy::default(); 2];
    for m in &moves {
        if m.verdict != Verdict::Unknown {
            let a = &mut accuracy[m.mover().index()];
            a.judged += 1;
            a.kept += usize::from(m.verdict.kept_value());
        }
    }
    for a in &mut accuracy {
        a.percent = (a.judged > 0).then(|| 100.0 * a.kept as f64 / a.judged as f64);
    }
    let slipped = match G::METHOD {
        Method::Exact => moves.iter().rposition(|m| m.verdict == Verdict::Slip),
        Method::Search => None,
    };
    let start = history.start();
    GameReview {
        game: G::NAME.to_string(),
        variant: start.variant().to_string(),
        method: G::METHOD,
        depth: (G::METHOD == Method::Search).then_some(depth),
        chart: chart(&moves, scale),
        moves,
        slipped,
        accuracy,
    }
}

/// The value over the game for player one (see [`GameReview::chart`]).
fn chart(moves: &[MoveReview], scale: f64) -> Vec<Option<f64>> {
    let for_p1 = |v: Value, m: &MoveReview| {
        if m.mover() == Player::P1 {
            v
        } else {
            v.flip()
        }
    };
    let mut points: Vec<Option<Value>> = moves
        .iter()
        .map(|m| m.before.map(|v| for_p1(v, m)))
        .collect();
    if let Some(last) = moves.last() {
        points.push(last.after.map(|v| for_p1(v, last)));
    } else {
        points.push(None);
    }
    let widest = points
        .iter()
        .filter_map(|v| match v {
            Some(Value::Margin { points }) => Some(points.abs()),
            _ => None,
        })
        .max()
        .unwrap_or(0)
        .max(1);
    points
        .into_iter()
        .map(|v| {
            v.map(|v| match v {
                Value::Margin { points } => f64::from(points) / f64::from(widest),
                v => 2.0 * expected_score(v, scale) - 1.0,
            })
        })
        .collect()
}

/// Reviews the game at `table` (a table of any of the games), as
/// [`review`] does; `None` only for a table whose game is not the one its
/// description names (which [`crate::table::open`] never makes).
///
/// # Errors
/// [`ReviewError::Stopped`] when the stop flag of `options` is set.
pub fn review_table(
    table: &dyn crate::table::GameTable,
    options: &ReviewOptions,
    progress: &mut dyn FnMut(ReviewProgress),
) -> Option<Result<GameReview, ReviewError>> {
    fn of<G: Review + tablero_games::Describe>(
        table: &dyn crate::table::GameTable,
        options: &ReviewOptions,
        progress: &mut dyn FnMut(ReviewProgress),
    ) -> Option<Result<GameReview, ReviewError>> {
        let t = table.as_any().downcast_ref::<crate::table::Table<G>>()?;
        Some(review(t.history(), options, progress))
    }
    // Every game of the registry has a review: a game without one does
    // not compile here.
    tablero_games::with_game!(table.info().name, G => of::<G>(table, options, progress), else None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_thresholds() {
        assert_eq!(classify(0.0), Verdict::Good);
        assert_eq!(classify(0.099), Verdict::Good);
        assert_eq!(classify(0.10), Verdict::Inaccuracy);
        assert_eq!(classify(0.25), Verdict::Mistake);
        assert_eq!(classify(0.30), Verdict::Blunder);
        assert_eq!(classify(1.0), Verdict::Blunder);
    }

    #[test]
    fn exact_verdicts_compare_the_move_with_the_best() {
        use tablero_games::imago::{Imago, Layout};
        let pos = Imago::start(&Layout::default());
        let mut moves = <Imago as Game>::MoveList::default();
        pos.legal_moves(&mut moves);
        let (a, b) = (moves[0], moves[1]);
        let verdict = |best: Exact, played: Exact| {
            let values = vec![(a, best), (b, played)];
            exact_review(&pos, b, 0, Some((Source::Solver, values))).verdict
        };
        assert_eq!(verdict(Exact::Win(3), Exact::Win(3)), Verdict::Best);
        assert_eq!(verdict(Exact::Win(3), Exact::Win(7)), Verdict::Kept);
        assert_eq!(verdict(Exact::Loss(9), Exact::Loss(2)), Verdict::Kept);
        assert_eq!(verdict(Exact::Win(3), Exact::Draw), Verdict::Slip);
        assert_eq!(verdict(Exact::Draw, Exact::Loss(4)), Verdict::Slip);
        assert_eq!(verdict(Exact::Margin(5), Exact::Margin(2)), Verdict::Worse);
        assert_eq!(verdict(Exact::Margin(1), Exact::Margin(0)), Verdict::Slip);
        let r = exact_review(
            &pos,
            b,
            0,
            Some((Source::Solver, vec![(a, Exact::Draw), (b, Exact::Draw)])),
        );
        assert_eq!(r.best.len(), 2);
        assert_eq!(exact_review(&pos, b, 0, None).verdict, Verdict::Unknown);
    }

    #[test]
    fn search_values_take_the_players_view() {
        let (p1, p2) = (Player::P1, Player::P2);
        assert_eq!(search_value(120, p1, p1, 0), Value::Eval { score: 120 });
        assert_eq!(search_value(120, p2, p1, 1), Value::Eval { score: -120 });
        // The side to move of the child wins in 3: the mover loses in 4.
        assert_eq!(search_value(WIN - 3, p2, p1, 1), Value::Loss { plies: 4 });
        assert_eq!(search_value(-(WIN - 2), p2, p1, 1), Value::Win { plies: 3 });
        assert!((expected_score(Value::Eval { score: 0 }, 100.0) - 0.5).abs() < 1e-9);
        assert_eq!(expected_score(Value::Margin { points: -3 }, 100.0), 0.0);
        assert_eq!(Value::Margin { points: 2 }.flip().word(), "loss");
    }

    #[test]
    fn values_serialise_with_their_kind() {
        let v = serde_json::to_string(&Value::Win { plies: 5 }).unwrap();
        assert_eq!(v, r#"{"kind":"win","plies":5}"#);
        assert_eq!(
            serde_json::to_string(&Verdict::Inaccuracy).unwrap(),
            "\"inaccuracy\""
        );
        let back: Value = serde_json::from_str(r#"{"kind":"margin","points":-2}"#).unwrap();
        assert_eq!(back, Value::Margin { points: -2 });
    }
}
