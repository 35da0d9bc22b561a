//! Puzzles mined from games and proven: positions where exactly one move
//! is right, each stored with its proof (the value of every legal move).
//!
//! - **Imago** (any layout): the side to move has exactly one winning move;
//!   the solver gives its distance ("win in N", N the winner's own moves);
//!   or it cannot win and exactly one move does not lose ("only-draw").
//! - **Linja**: exactly one move keeps the position's exact value (the
//!   final score difference with best play), from the installed table where
//!   it covers the position, else from the endgame solver within
//!   [`MineOptions::reach`] positions.
//! - **Searched games** (Jarmo, Super Dimensiones, 8x8 draughts): every
//!   legal move is valued by two alpha-beta searches of different depth
//!   ([`MineOptions::depths`]), each the search of the position after the
//!   move one ply shallower, as the review values the move played. Both
//!   must pick the same move, and by both its expected score (the review's
//!   [`expected_score`]) must be at least [`SEARCH_MARGIN`] above every
//!   other move's.
//!
//! A puzzle is the position alone: its string holds the whole state, and
//! the values are of that position with no earlier moves (no repetition
//! counts). A file of puzzles is JSON lines, one [`Puzzle`] a line; its
//! `id` is a hash of the rest, so [`read_puzzles`] refuses a line changed
//! by hand, and [`Puzzle::check`] checks the proof against the position
//! (every legal move valued once, the answer the only best). docs/ai.md,
//! "Puzzles", gives the thresholds and why.
//!
//! The whole sets a server offers: [`imago`] (a solved layout mined
//! whole), [`linja`] (games walked through the table), [`mine`] (a set of
//! one game), [`set`] (its file, manifest and checked loader); the rating
//! rule of puzzles: [`rating`].
//!
//! ```
//! use tablero_ai::puzzles::{generate, read_puzzles, write_puzzles, MineOptions};
//! use tablero_games::imago::Layout;
//!
//! let options = MineOptions::default();
//! let found = generate::<tablero_games::imago::Imago>(
//!     &Layout::default(), &[], 2, 1, 50, &options, &mut |_games, _found| {},
//! );
//! assert_eq!(found.len(), 2);
//! assert!(found[0].theme.starts_with("win-in-"));
//! let text = write_puzzles(&found);
//! assert_eq!(read_puzzles(&text).unwrap(), found);
//! ```

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::arena::{play_game, random_opening};
use crate::bot::{Bot, Budget, Limits};
use crate::review::{expected_score, search_value, Method, Review, Source, Value};
use rustc_hash::FxHashSet;
use serde::{Deserialize, Serialize};
use tablero_core::{id, Game, History, Localize, Message, MoveBuf, Player};

pub mod imago;
pub mod linja;
pub mod mine;
pub mod rating;
pub mod set;

/// Searched games: the least share of the expected score (0 to 1) by
/// which the answer must beat every other move in both searches: the
/// review's [`crate::review::MISTAKE`], so every other move is at least a
/// mistake by the review's own measure.
pub const SEARCH_MARGIN: f64 = crate::review::MISTAKE;

/// Plies of random moves before a self-play game's players take over.
pub const OPENING_PLIES: u32 = 4;

/// The self-play players' level (MCTS with a small budget in every game:
/// weak enough to leave tactics on the board).
pub const SELF_PLAY_LEVEL: u8 = 2;

/// The most puzzles kept from one game: different themes first, harder
/// first (a game's last positions are all wins in one).
pub const PER_GAME: usize = 3;

/// Searched games: the most positions of one game searched deeply, so
/// that a file's puzzles come from many games.
pub const DEEP_PER_GAME: usize = 4;

/// One legal move of the puzzle's position and what it is worth to the
/// side to move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProofMove {
    /// The move, in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value: exact (Imago, Linja) or by the shallower search.
    pub value: Value,
    /// Searched games: its value by the deeper search.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deep: Option<Value>,
}

/// A puzzle: a position, its one right move and the proof.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The game's name and a hash of everything else
    /// (`imago-0123456789abcdef`).
    pub id: String,
    /// The game's command-line name.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The position string.
    pub position: String,
    /// The side to move: `p1` or `p2`.
    pub side: String,
    /// The right move, in notation.
    pub answer: String,
    /// Where the values come from (solver, table, endgame, search).
    pub source: Source,
    /// Searched games: the depths of the two searches (shallow, deep).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depths: Option<[u32; 2]>,
    /// Every legal move with its value, best first.
    pub proof: Vec<ProofMove>,
    /// The puzzle's theme, by game: `win-in-N`, `only-draw` (Imago), `only-win`,
    /// `only-draw`, `best-margin`, `least-loss` (Linja), `winning-blow`,
    /// `only-move` (searched games).
    pub theme: String,
    /// An estimate of the puzzle's difficulty on the rating scale (1500
    /// the middle; docs/ai.md, "Puzzles").
    pub difficulty: u32,
}

/// What is wrong with a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The line is no puzzle's JSON: why, and where (the column, from 1).
    Json {
        /// What is wrong.
        why: JsonWhy,
        /// The column where the reader stopped, from 1.
        column: usize,
    },
    /// The id is not the hash of the rest: the line was changed.
    Tampered,
    /// No game of that name.
    Game(String),
    /// The variant does not read.
    Variant(String),
    /// The position does not read.
    Position(String),
    /// The side to move is not the position's.
    Side,
    /// The proof does not value every legal move exactly once.
    Moves,
    /// The answer is not the only best move of the proof.
    Answer(String),
    /// The values are not of the kind the source gives.
    Values,
}

impl Localize for Problem {
    /// The message of the catalogue (`puzzle-problem-…` in
    /// `locales/*/games.ftl`).
    fn message(&self) -> Message {
        match self {
            Problem::Json { why, column } => match why {
                JsonWhy::Syntax => Message::of(id!("puzzle-problem-json-syntax")),
                JsonWhy::Missing(field) => {
                    Message::of(id!("puzzle-problem-json-missing")).text("field", field)
                }
                JsonWhy::Kind => Message::of(id!("puzzle-problem-json-kind")),
            }
            .num("column", *column as i64),
            Problem::Tampered => Message::of(id!("puzzle-problem-tampered")),
            Problem::Game(g) => {
                Message::of(id!("puzzle-problem-game")).text("game", format!("{g:?}"))
            }
            Problem::Variant(v) => {
                Message::of(id!("puzzle-problem-variant")).text("variant", format!("{v:?}"))
            }
            Problem::Position(p) => {
                Message::of(id!("puzzle-problem-position")).text("position", format!("{p:?}"))
            }
            Problem::Side => Message::of(id!("puzzle-problem-side")),
            Problem::Moves => Message::of(id!("puzzle-problem-moves")),
            Problem::Answer(a) => {
                Message::of(id!("puzzle-problem-answer")).text("answer", format!("{a:?}"))
            }
            Problem::Values => Message::of(id!("puzzle-problem-values")),
        }
    }
}

/// Why a line is no puzzle's JSON, in words the catalogue translates
/// (serde's own English stays out of the message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonWhy {
    /// The text is not JSON.
    Syntax,
    /// A field the puzzle needs is missing.
    Missing(String),
    /// A value is not of the kind its field takes.
    Kind,
}

impl JsonWhy {
    /// Why serde could not read a line as a puzzle.
    fn of(e: &serde_json::Error) -> JsonWhy {
        use serde_json::error::Category;
        match e.classify() {
            Category::Data => {
                // serde says a missing field as "missing field `name`".
                let text = e.to_string();
                match text
                    .strip_prefix("missing field `")
                    .and_then(|rest| rest.split_once('`'))
                {
                    Some((field, _)) => JsonWhy::Missing(field.to_string()),
                    None => JsonWhy::Kind,
                }
            }
            Category::Io | Category::Syntax | Category::Eof => JsonWhy::Syntax,
        }
    }
}

/// A line of a puzzle file that was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: Problem,
}

impl Localize for PuzzleError {
    /// The message of the catalogue (`puzzle-line`).
    fn message(&self) -> Message {
        Message::of(id!("puzzle-line"))
            .num("line", self.line as i64)
            .msg("problem", self.problem.message())
    }
}

tablero_core::display_by_message!(Problem, PuzzleError);

/// FNV-1a, 64 bits: the same on every machine and in every version.
fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

impl Puzzle {
    /// The id its content gives: the game's name and the hash of the JSON
    /// of every other field.
    #[must_use]
    pub fn content_id(&self) -> String {
        let mut rest = self.clone();
        rest.id = String::new();
        let json = serde_json::to_string(&rest).unwrap_or_default();
        format!("{}-{:016x}", self.game, fnv(json.as_bytes()))
    }

    /// The side to move.
    #[must_use]
    pub fn mover(&self) -> Player {
        if self.side == "p2" {
            Player::P2
        } else {
            Player::P1
        }
    }

    /// The proof's line for a move, if the proof has it.
    #[must_use]
    pub fn value_of(&self, mv: &str) -> Option<&ProofMove> {
        self.proof.iter().find(|p| p.mv == mv)
    }

    /// Checks the puzzle: the id, the game, variant and position, the side
    /// to move, every legal move valued once, the values of the source's
    /// kind, and the answer the only best move (searched games: by
    /// [`SEARCH_MARGIN`] in both searches).
    ///
    /// # Errors
    /// The first thing found wrong.
    pub fn check(&self) -> Result<(), Problem> {
        if self.id != self.content_id() {
            return Err(Problem::Tampered);
        }
        tablero_games::with_game!(self.game.as_str(), G => self.check_as::<G>(),
            else Err(Problem::Game(self.game.clone())))
    }

    /// The position, read under the puzzle's variant.
    ///
    /// # Errors
    /// [`Problem::Variant`] or [`Problem::Position`] where they do not read.
    pub fn position_of<G: Game>(&self) -> Result<G, Problem> {
        let variant: G::Variant = self
            .variant
            .parse()
            .map_err(|_| Problem::Variant(self.variant.clone()))?;
        G::parse_position(&variant, &self.position)
            .map_err(|_| Problem::Position(self.position.clone()))
    }

    fn check_as<G: Review>(&self) -> Result<(), Problem> {
        if G::NAME != self.game {
            return Err(Problem::Game(self.game.clone()));
        }
        let pos: G = self.position_of()?;
        if pos.side_to_move().as_str() != self.side {
            return Err(Problem::Side);
        }
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        let mut legal: Vec<String> = moves
            .as_slice()
            .iter()
            .map(|&m| pos.format_move(m))
            .collect();
        let mut proven: Vec<String> = self.proof.iter().map(|p| p.mv.clone()).collect();
        legal.sort();
        proven.sort();
        if legal != proven || legal.len() < 2 {
            return Err(Problem::Moves);
        }
        // A searched game's position that a table knows (Super
        // Dimensiones) has exact values, as an exact game's.
        let searched = G::METHOD == Method::Search && self.source == Source::Search;
        let kinds_ok = self.proof.iter().all(|p| {
            let exact = !matches!(p.value, Value::Eval { .. });
            match (searched, p.deep) {
                (true, Some(_)) => self.source == Source::Search,
                (false, None) => exact && self.source != Source::Search,
                _ => false,
            }
        });
        if !kinds_ok || searched != self.depths.is_some() {
            return Err(Problem::Values);
        }
        let answer = self
            .value_of(&self.answer)
            .ok_or_else(|| Problem::Answer(self.answer.clone()))?;
        let others = || self.proof.iter().filter(|p| p.mv != self.answer);
        let only_best = if searched {
            let beats = |a: Value, b: Value| {
                expected_score(a, G::SCALE) - expected_score(b, G::SCALE) >= SEARCH_MARGIN
            };
            let deep = answer.deep.unwrap_or(answer.value);
            others().all(|p| beats(answer.value, p.value) && beats(deep, p.deep.unwrap_or(p.value)))
        } else {
            // Imago: the only win, or (no move winning) the only draw, or
            // (every move losing) the only slowest loss.
            others().all(|p| {
                p.value.rank() < answer.value.rank()
                    && (G::NAME != "imago" || !matches!(p.value, Value::Win { .. }))
            })
        };
        if only_best {
            Ok(())
        } else {
            Err(Problem::Answer(self.answer.clone()))
        }
    }
}

/// The puzzles as JSON lines.
#[must_use]
pub fn write_puzzles(puzzles: &[Puzzle]) -> String {
    let mut out = String::new();
    for p in puzzles {
        out.push_str(&serde_json::to_string(p).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// Reads JSON lines of puzzles (blank lines skipped), checking each
/// ([`Puzzle::check`]).
///
/// # Errors
/// The first line that is no puzzle or fails its check.
pub fn read_puzzles(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(p) = read_line(line, i + 1, true)? {
            out.push(p);
        }
    }
    Ok(out)
}

/// The puzzle of line `number` of a puzzle file, checked if `check`
/// ([`Puzzle::check`]); `None` for a blank line.
fn read_line(line: &str, number: usize, check: bool) -> Result<Option<Puzzle>, PuzzleError> {
    if line.trim().is_empty() {
        return Ok(None);
    }
    let err = |problem| PuzzleError {
        line: number,
        problem,
    };
    let p: Puzzle = serde_json::from_str(line).map_err(|e: serde_json::Error| {
        err(Problem::Json {
            why: JsonWhy::of(&e),
            column: e.column(),
        })
    })?;
    if check {
        p.check().map_err(err)?;
    }
    Ok(Some(p))
}

/// How puzzles are mined.
#[derive(Clone, Debug)]
pub struct MineOptions {
    /// Linja without a table: the most positions the endgame solver stores
    /// for one game (it judges from the end of the game backwards).
    pub reach: u64,
    /// Searched games: the depths of the two searches (shallow, deep) of
    /// the position before the move; `None`: the game's
    /// [`Review::DEPTH`] and two plies less (at least 1); Super
    /// Dimensiones' review searches deeper where its sub-games never meet
    /// ([`Review::depth`]), its puzzles do not.
    pub depths: Option<(u32, u32)>,
}

impl Default for MineOptions {
    fn default() -> Self {
        MineOptions {
            reach: 200_000,
            depths: None,
        }
    }
}

impl MineOptions {
    /// The two depths for `G`, shallow first.
    #[must_use]
    pub fn depths_for<G: Review>(&self) -> (u32, u32) {
        let (a, b) = self
            .depths
            .unwrap_or((G::DEPTH.saturating_sub(2).max(1), G::DEPTH));
        (a.clamp(1, 30), b.clamp(1, 30))
    }
}

/// A seeded self-play game: [`OPENING_PLIES`] random moves, then both
/// sides at [`SELF_PLAY_LEVEL`].
#[must_use]
pub fn self_play<G: Review>(variant: &G::Variant, seed: u64) -> History<G> {
    let start = random_opening::<G>(variant, OPENING_PLIES, seed);
    let mut a = G::level(SELF_PLAY_LEVEL, seed.wrapping_mul(2).wrapping_add(1));
    let mut b = G::level(SELF_PLAY_LEVEL, seed.wrapping_mul(2).wrapping_add(2));
    play_game(start, [a.as_mut(), b.as_mut()], [None, None])
}

/// The puzzles of one game's positions, those not `seen` yet (by position
/// hash; the set grows), at most [`PER_GAME`] of them. Exact games: every position from the end back
/// (Linja: until the endgame solver's reach); searched games: the
/// positions whose shallow search already shows one move clearly best, at
/// most [`DEEP_PER_GAME`] of them searched deeply.
pub fn mine<G: Review>(
    history: &History<G>,
    options: &MineOptions,
    seen: &mut FxHashSet<(String, u64)>,
) -> Vec<Puzzle> {
    let positions = history.positions();
    let mut out = Vec::new();
    let fresh = |pos: &G, seen: &mut FxHashSet<(String, u64)>| {
        pos.outcome().is_none() && seen.insert((pos.variant().to_string(), pos.position_hash()))
    };
    match G::METHOD {
        Method::Exact => {
            let mut oracle = G::Oracle::default();
            for pos in positions.iter().rev() {
                if !fresh(pos, seen) {
                    continue;
                }
                let Some((source, values)) = G::exact_values(&mut oracle, pos, options.reach)
                else {
                    continue;
                };
                let values: Vec<(G::Move, Value)> =
                    values.into_iter().map(|(m, v)| (m, v.into())).collect();
                if let Some(p) = exact_puzzle(pos, source, &values) {
                    out.push(p);
                }
            }
        }
        Method::Search => {
            let (shallow, deep) = options.depths_for::<G>();
            let mut ab = searcher::<G>();
            let mut deep_done = 0;
            let mut oracle = G::Oracle::default();
            for pos in positions {
                if deep_done >= DEEP_PER_GAME {
                    break;
                }
                if !fresh(pos, seen) {
                    continue;
                }
                // Where a table knows the position (Super Dimensiones'
                // endgame tables), a proven puzzle or none.
                if let Some((source, values)) = G::exact_values(&mut oracle, pos, options.reach) {
                    let values: Vec<(G::Move, Value)> =
                        values.into_iter().map(|(m, v)| (m, v.into())).collect();
                    out.extend(exact_puzzle(pos, source, &values));
                    continue;
                }
                let first = searched_values(&mut ab, pos, shallow);
                if first.len() < 2 || clear_best::<G>(&first).is_none() {
                    continue;
                }
                deep_done += 1;
                let second = searched_values(&mut ab, pos, deep);
                if let Some(p) = searched_puzzle(pos, &first, &second, [shallow, deep]) {
                    out.push(p);
                }
            }
        }
    }
    pick(out)
}

/// At most [`PER_GAME`] of one game's puzzles: the hardest of each theme,
/// hardest theme first, then the hardest of the rest.
fn pick(mut found: Vec<Puzzle>) -> Vec<Puzzle> {
    found.sort_by_key(|p| std::cmp::Reverse(p.difficulty));
    let mut themes: Vec<String> = Vec::new();
    let (mut first, mut rest) = (Vec::new(), Vec::new());
    for p in found {
        if themes.contains(&p.theme) {
            rest.push(p);
        } else {
            themes.push(p.theme.clone());
            first.push(p);
        }
    }
    first.extend(rest);
    first.truncate(PER_GAME);
    first
}

/// Mines puzzles from seeded self-play games of `variant` (seeds `seed`,
/// `seed + 1`, ...) and from `records` (first), until `count` are found or
/// `max_games` self-play games are played; `progress(games, found)` after
/// each game.
pub fn generate<G: Review>(
    variant: &G::Variant,
    records: &[History<G>],
    count: usize,
    seed: u64,
    max_games: usize,
    options: &MineOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<Puzzle> {
    let mut seen = FxHashSet::default();
    let mut out = Vec::new();
    let mut games = 0;
    for h in records {
        if out.len() >= count {
            break;
        }
        out.extend(mine(h, options, &mut seen));
        games += 1;
        progress(games, out.len().min(count));
    }
    let mut s = seed;
    for _ in 0..max_games {
        if out.len() >= count {
            break;
        }
        let h = self_play::<G>(variant, s);
        s = s.wrapping_add(1);
        out.extend(mine(&h, options, &mut seen));
        games += 1;
        progress(games, out.len().min(count));
    }
    out.truncate(count);
    out
}

/// The puzzle of an exact position, if it is one: at least two legal
/// moves and exactly one of the best value (Imago: exactly one winning
/// move, or no winning move and exactly one that does not lose).
pub(crate) fn exact_puzzle<G: Review>(
    pos: &G,
    source: Source,
    values: &[(G::Move, Value)],
) -> Option<Puzzle> {
    if values.len() < 2 {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by_key(|(_, v)| std::cmp::Reverse(v.rank()));
    let (best, second) = (sorted[0].1, sorted[1].1);
    if second.rank() >= best.rank() {
        return None;
    }
    let imago = G::NAME == "imago";
    let wins = sorted
        .iter()
        .filter(|(_, v)| matches!(v, Value::Win { .. }))
        .count();
    let (theme, difficulty) = match best {
        Value::Win { plies } if imago && wins == 1 => {
            let n = u32::from(plies).div_ceil(2);
            // Longer wins and more moves to choose from are harder.
            (
                format!("win-in-{n}"),
                800 + 250 * (n.saturating_sub(1)) + 10 * sorted.len() as u32,
            )
        }
        // Every other move loses: the one move that holds the draw.
        Value::Draw if imago && wins == 0 && second.word() == "loss" => {
            ("only-draw".to_string(), 1100 + 10 * sorted.len() as u32)
        }
        // Every move loses: the one defence that loses slowest.
        Value::Loss { plies } if imago => {
            let n = u32::from(plies).div_ceil(2);
            (
                "longest-defence".to_string(),
                1000 + 100 * n + 10 * sorted.len() as u32,
            )
        }
        _ if imago => return None,
        Value::Margin { .. } => {
            let theme = match (best.word(), second.word()) {
                ("win", w) if w != "win" => "only-win",
                ("draw", "loss") => "only-draw",
                ("loss", _) => "least-loss",
                _ => "best-margin",
            };
            // A result saved is easier to see than a point more; many
            // moves of nearly the best value are harder.
            let close = sorted
                .iter()
                .skip(1)
                .filter(|(_, v)| best.rank() - v.rank() <= 1)
                .count() as u32;
            let base = if theme == "best-margin" || theme == "least-loss" {
                1300
            } else {
                1000
            };
            (
                theme.to_string(),
                base + 100 * close + 10 * sorted.len() as u32,
            )
        }
        _ => return None,
    };
    let proof = sorted
        .iter()
        .map(|&(m, v)| ProofMove {
            mv: pos.format_move(m),
            value: v,
            deep: None,
        })
        .collect();
    Some(finished(Puzzle {
        id: String::new(),
        game: G::NAME.to_string(),
        variant: pos.variant().to_string(),
        position: pos.position_string(),
        side: pos.side_to_move().as_str().to_string(),
        answer: pos.format_move(sorted[0].0),
        source,
        depths: None,
        proof,
        theme,
        difficulty: difficulty.min(2800),
    }))
}

fn finished(mut p: Puzzle) -> Puzzle {
    p.id = p.content_id();
    p
}

/// The alpha-beta of the searched puzzles: one thread, a small table
/// cleared before every search.
fn searcher<G: Review>() -> AlphaBeta<G> {
    AlphaBeta::new(AlphaBetaConfig {
        budget: Budget::Depth(1),
        tt_entries: 1 << 16,
        ..AlphaBetaConfig::default()
    })
}

/// Every legal move of `pos` with its value for the mover by a search of
/// `depth` plies from `pos`: the position after the move searched
/// `depth - 1` plies (at least 1), an ended game its result.
pub fn searched_values<G: Review>(
    ab: &mut AlphaBeta<G>,
    pos: &G,
    depth: u32,
) -> Vec<(G::Move, Value)> {
    let mover = pos.side_to_move();
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let limits = Limits {
        depth: Some(depth.saturating_sub(1).max(1)),
        ..Limits::none()
    };
    moves
        .as_slice()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let v = match child.outcome() {
                Some(o) => match o.winner {
                    Some(w) if w == mover => Value::Win { plies: 1 },
                    Some(_) => Value::Loss { plies: 1 },
                    None => Value::Draw,
                },
                None => {
                    ab.new_game();
                    let r = ab.search(&History::new(child.clone()), &limits);
                    search_value(r.score, child.side_to_move(), mover, 1)
                }
            };
            (m, v)
        })
        .collect()
}

/// The move clearly best of searched values: above every other by
/// [`SEARCH_MARGIN`] of the expected score.
fn clear_best<G: Review>(values: &[(G::Move, Value)]) -> Option<G::Move> {
    let score = |v: Value| expected_score(v, G::SCALE);
    let (bi, &(bm, bv)) = values
        .iter()
        .enumerate()
        .max_by(|a, b| score(a.1 .1).total_cmp(&score(b.1 .1)))?;
    values
        .iter()
        .enumerate()
        .all(|(i, &(_, v))| i == bi || score(bv) - score(v) >= SEARCH_MARGIN)
        .then_some(bm)
}

fn searched_puzzle<G: Review>(
    pos: &G,
    first: &[(G::Move, Value)],
    second: &[(G::Move, Value)],
    depths: [u32; 2],
) -> Option<Puzzle> {
    let answer = clear_best::<G>(first)?;
    if clear_best::<G>(second)? != answer {
        return None;
    }
    let score = |v: Value| expected_score(v, G::SCALE);
    let mut proof: Vec<ProofMove> = first
        .iter()
        .zip(second)
        .map(|(&(m, a), &(_, b))| ProofMove {
            mv: pos.format_move(m),
            value: a,
            deep: Some(b),
        })
        .collect();
    proof.sort_by(|a, b| {
        score(b.deep.unwrap_or(b.value)).total_cmp(&score(a.deep.unwrap_or(a.value)))
    });
    let best = proof[0].deep.unwrap_or(proof[0].value);
    let theme = if matches!(best, Value::Win { .. }) || score(best) >= 0.75 {
        "winning-blow"
    } else {
        "only-move"
    };
    // The nearer the second move comes, the harder the puzzle.
    let gap = score(best) - score(proof[1].deep.unwrap_or(proof[1].value));
    let difficulty = 1000.0 + 800.0 * (1.0 - gap).clamp(0.0, 1.0) + 5.0 * proof.len() as f64;
    Some(finished(Puzzle {
        id: String::new(),
        game: G::NAME.to_string(),
        variant: pos.variant().to_string(),
        position: pos.position_string(),
        side: pos.side_to_move().as_str().to_string(),
        answer: pos.format_move(answer),
        source: Source::Search,
        depths: Some(depths),
        proof,
        theme: theme.to_string(),
        difficulty: (difficulty as u32).min(2800),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_is_the_content_s_hash() {
        assert_eq!(fnv(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
