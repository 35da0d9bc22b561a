//! Puzzles for the browser (`/api/puzzles/...`): the proven puzzles of
//! `tablero_ai::puzzles` kept in the database (table `puzzles`, one
//! puzzle's JSON line a row), a fresh server's small set mined at start-up
//! in the background ([`seed`]), a puzzle near the player's rating
//! ([`next`], never its answer or proof), and the answer judged by the
//! proof with a Glicko-2 update of the player's puzzle rating ([`answer`]),
//! the puzzle's difficulty taken as the opponent's rating, as
//! `tablero puzzle` does at the terminal.
//!
//! An account's puzzle rating is stored (table `puzzle_ratings`) and
//! changes once per puzzle, at its first try (table `puzzle_attempts`); a
//! player who is not logged in sends the rating they hold and gets the new
//! one back, stored nowhere.

pub mod store;

use crate::db::{Db, Fault};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Weak;
use tablero_ai::puzzles::rating::{answered, NEW_PLAYER};
use tablero_ai::puzzles::{mine, self_play, set, MineOptions, Puzzle};
use tablero_ai::review::{Review, Value};
use tablero_core::{id, Game, Localize, Message};
use tablero_glicko::Rating;

crate::refusal::concern_error! {
    /// Why the puzzles concern refused a request, or failed.
    pub enum PuzzleError {
        /// A rating or a move that cannot be taken.
        Invalid => Invalid,
        /// No such puzzle, game, or puzzle of the choice.
        Missing => Missing,
        /// None of the game are stored yet (the start-up's mining is still
        /// running): try again later.
        NotYet => NotYet,
    }
}

impl From<serde_json::Error> for PuzzleError {
    fn from(e: serde_json::Error) -> Self {
        PuzzleError::Internal(Fault::from(e))
    }
}

/// The puzzles concern's service.
#[derive(Clone)]
pub struct Puzzles {
    db: Db,
}

impl Puzzles {
    /// The puzzles of `db`.
    #[must_use]
    pub fn new(db: Db) -> Puzzles {
        Puzzles { db }
    }
}

/// Of the puzzles nearest the player's rating, how many [`next`] picks
/// among at random, so that the same rating does not always get the same
/// puzzle.
pub const NEAREST: i64 = 5;

/// What a server mines at start-up.
#[derive(Clone, Debug)]
pub struct Seeding {
    /// Puzzles per offered game: a game with fewer gets this many more
    /// mined (0: none are mined).
    pub per_game: usize,
    /// The games mined (`None`: every offered game).
    pub games: Option<Vec<String>>,
    /// Seeded self-play games tried per game before giving up.
    pub max_games: usize,
    /// How the puzzles are mined.
    pub options: MineOptions,
    /// The folder of the committed puzzle sets (`GAME.jsonl.gz`, checked
    /// against the manifest compiled in; `None`: no set is loaded).
    pub sets: Option<PathBuf>,
}

impl Default for Seeding {
    /// The committed sets of the repository's `data/puzzles`, then eight
    /// puzzles of every offered game that has fewer (no set), at most 200
    /// self-play games each, mined as `tablero puzzles generate` does by
    /// default.
    fn default() -> Self {
        Seeding {
            per_game: 8,
            games: None,
            max_games: 200,
            options: MineOptions::default(),
            sets: Some(set::repository_dir()),
        }
    }
}

/// Mines, one game after the other on the blocking pool, the puzzles of
/// every game that has fewer than `seeding.per_game` of them, and stores
/// them; logs each game's progress. Stops between two self-play games once
/// `alive` is gone (the server stopped).
///
/// # Errors
/// Storage failures.
pub async fn seed<T: Send + Sync + 'static>(
    alive: Weak<T>,
    db: Db,
    seeding: Seeding,
) -> Result<usize, Fault> {
    let mut stored = 0;
    let names: Vec<String> = match &seeding.games {
        Some(g) => g.clone(),
        None => crate::games::catalog::offered()
            .map(|g| g.name.to_string())
            .collect(),
    };
    for name in names {
        if alive.strong_count() == 0 {
            break;
        }
        let have = usize::try_from(store::count(&db, &name).await?).unwrap_or(0);
        if have >= seeding.per_game {
            continue;
        }
        let want = seeding.per_game - have;
        tracing::info!(game = %name, want, "mining puzzles");
        let started = std::time::Instant::now();
        let (g, s, alive) = (name.clone(), seeding.clone(), alive.clone());
        // A different seed for each start, so a second seeding (after
        // puzzles were lost) finds others.
        let first_seed = 1 + have as u64 * 1000;
        let found = tokio::task::spawn_blocking(move || {
            tablero_games::with_game!(g.as_str(), G => mined::<G, T>(&g, want, first_seed, &s, &alive),
                else Vec::new())
        })
        .await?;
        let mut n = 0;
        for p in &found {
            n += store_puzzle(&db, p).await?;
        }
        stored += n;
        tracing::info!(
            game = %name,
            found = n,
            ms = started.elapsed().as_millis() as u64,
            "puzzles mined"
        );
    }
    Ok(stored)
}

/// Puzzles stored in one transaction while a set loads: small, so that
/// the database's write lock is held briefly (games go on while a set
/// loads).
pub const BATCH: usize = 100;

/// The pause between two batches of a set, leaving room to other writers.
pub const BATCH_PAUSE: std::time::Duration = std::time::Duration::from_millis(10);

/// Loads the committed set of every offered game the manifest lists whose
/// set is not all stored yet, from `dir`: read and checked
/// ([`set::check_committed`]: the manifest's digest and count, every
/// proof) on the blocking pool, then read again and stored in batches of
/// [`BATCH`], each in a transaction, in the file's order, the puzzles
/// already stored left as they are; the set is never held whole, only its
/// compressed file and a batch or two. A set is all stored when its last
/// puzzle is (the batches go in order), so a restart after a stop in the
/// middle goes on, and a second process loading at the same time adds
/// nothing twice. Logs each set's progress; a set that fails its check is
/// logged and skipped. Stops between two batches once `alive` is gone. How
/// many puzzles were new.
///
/// # Errors
/// Storage failures.
pub async fn load_sets<T: Send + Sync + 'static>(
    alive: &Weak<T>,
    db: &Db,
    dir: &Path,
) -> Result<usize, Fault> {
    let mut stored = 0;
    for entry in set::manifest().sets {
        if alive.strong_count() == 0 {
            break;
        }
        let game = entry.game.clone();
        if crate::games::catalog::find(&game).is_none() {
            continue;
        }
        let have = usize::try_from(store::count(db, &game).await?).unwrap_or(0);
        if have >= entry.puzzles {
            // Enough stored: is the set's last puzzle among them?
            let (d, g) = (dir.to_path_buf(), game.clone());
            let last = tokio::task::spawn_blocking(move || set::last_id(&d, &g)).await?;
            if let Some(last) = last {
                if store::has(db, &last).await? {
                    continue;
                }
            }
        }
        let started = std::time::Instant::now();
        tracing::info!(game = %game, puzzles = entry.puzzles, have, "loading the puzzle set");
        let (d, g) = (dir.to_path_buf(), game.clone());
        let checked =
            match tokio::task::spawn_blocking(move || set::check_committed(&d, &g)).await? {
                Ok(c) => c,
                Err(e) => {
                    tracing::error!(game = %game, "the puzzle set is refused: {e}");
                    continue;
                }
            };
        let of = checked.len();
        // Read again a batch at a time on the blocking pool, one batch
        // ahead: the set is never held whole (Linja's is 45 MB of text).
        let (tx, mut batches) = tokio::sync::mpsc::channel::<Vec<Puzzle>>(1);
        let reader = tokio::task::spawn_blocking(move || {
            let mut batch = Vec::with_capacity(BATCH);
            let read = checked.each(|p| {
                batch.push(p);
                batch.len() < BATCH
                    || tx
                        .blocking_send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)))
                        .is_ok()
            });
            if !batch.is_empty() {
                let _ = tx.blocking_send(batch);
            }
            read
        });
        let (mut new, mut done) = (0, 0);
        while let Some(chunk) = batches.recv().await {
            if alive.strong_count() == 0 {
                break;
            }
            let lines = chunk
                .iter()
                .map(serde_json::to_string)
                .collect::<Result<Vec<_>, _>>()?;
            let rows: Vec<store::NewPuzzle<'_>> = chunk
                .iter()
                .zip(&lines)
                .map(|(p, line)| store::NewPuzzle {
                    id: &p.id,
                    game: &p.game,
                    variant: &p.variant,
                    line,
                    difficulty: p.difficulty,
                    theme: &p.theme,
                })
                .collect();
            new += store::insert_batch(db, &rows).await?;
            tokio::time::sleep(BATCH_PAUSE).await;
            done += chunk.len();
            if done % 5000 == 0 || done == of {
                tracing::info!(game = %game, done, of, "loading the puzzle set");
            }
        }
        drop(batches);
        if let Err(e) = reader.await? {
            tracing::error!(game = %game, "reading the checked puzzle set again: {e}");
        }
        stored += new;
        tracing::info!(
            game = %game,
            new,
            ms = started.elapsed().as_millis() as u64,
            "puzzle set loaded"
        );
    }
    Ok(stored)
}

/// Up to `want` puzzles of `G`'s default variant from seeded self-play
/// games, logging every tenth game; stops when `alive` is gone.
fn mined<G: Review, T>(
    name: &str,
    want: usize,
    seed: u64,
    seeding: &Seeding,
    alive: &Weak<T>,
) -> Vec<Puzzle> {
    let variant = G::Variant::default();
    let mut seen = Default::default();
    let mut out = Vec::new();
    for i in 0..seeding.max_games {
        if out.len() >= want || alive.strong_count() == 0 {
            break;
        }
        let h = self_play::<G>(&variant, seed.wrapping_add(i as u64));
        out.extend(mine(&h, &seeding.options, &mut seen));
        if (i + 1) % 10 == 0 {
            tracing::info!(
                game = %name,
                games = i + 1,
                found = out.len().min(want),
                want,
                "mining puzzles"
            );
        }
    }
    out.truncate(want);
    out
}

/// Stores a puzzle (checked first); 1 if it is new, 0 if it was there or
/// fails its check.
///
/// # Errors
/// Storage failures.
pub async fn store_puzzle(db: &Db, p: &Puzzle) -> Result<usize, Fault> {
    if let Err(e) = p.check() {
        tracing::warn!(puzzle = %p.id, "a puzzle that fails its check: {e}");
        return Ok(0);
    }
    let line = serde_json::to_string(p)?;
    store::insert(
        db,
        &store::NewPuzzle {
            id: &p.id,
            game: &p.game,
            variant: &p.variant,
            line: &line,
            difficulty: p.difficulty,
            theme: &p.theme,
        },
    )
    .await
}

/// A rating as the API gives it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RatingView {
    /// The rating, rounded.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Whether it is still provisional.
    pub provisional: bool,
    /// Puzzles that made it (an account's; 0 for a rating sent by the
    /// client).
    pub games: i64,
}

fn view(r: Rating, games: i64) -> RatingView {
    RatingView {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        provisional: r.provisional(),
        games,
    }
}

/// What `GET /api/puzzles/next` answers: the puzzle without its answer or
/// proof.
#[derive(Clone, Debug, Serialize)]
pub struct Posed {
    /// The puzzle's id (for its answer).
    pub id: String,
    /// The game.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The position string.
    pub position: String,
    /// The side to move: `p1` or `p2`.
    pub side: String,
    /// The theme (`win-in-3`, `only-win`, ...).
    pub theme: String,
    /// The difficulty on the rating scale.
    pub difficulty: u32,
    /// The player's puzzle rating the puzzle was picked for.
    pub rating: RatingView,
}

/// What `POST /api/puzzles/ID/answer` answers.
#[derive(Clone, Debug, Serialize)]
pub struct Judged {
    /// Whether the move played is the puzzle's one right move.
    pub right: bool,
    /// The move played, in notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The right move.
    pub answer: String,
    /// The value of the move played (the refutation when it is wrong).
    pub played: Value,
    /// The value of the right move.
    pub best: Value,
    /// The proof: every legal move and its value, best first.
    pub proof: Vec<tablero_ai::puzzles::ProofMove>,
    /// The player's puzzle rating after the answer.
    pub rating: RatingView,
    /// The change of the rating (0 when the try was not rated).
    pub change: f64,
    /// Whether the try was rated (not for an account's second try of a
    /// puzzle).
    pub rated: bool,
}

/// A rating sent by the client (`rating`, with its `deviation` if known):
/// 100 to 4000, the deviation 30 to 350 (a new player's puzzle deviation,
/// 200, if not sent).
///
/// # Errors
/// 400 `api_puzzle_bad_rating` for a number out of range.
pub fn sent_rating(rating: Option<f64>, deviation: Option<f64>) -> Result<Rating, PuzzleError> {
    let bad = |what: &str, v: f64| {
        PuzzleError::Invalid(
            Message::of(id!("api_puzzle_bad_rating"))
                .text("name", what)
                .text("value", v.to_string()),
        )
    };
    let r = rating.unwrap_or(1500.0);
    if !(100.0..=4000.0).contains(&r) {
        return Err(bad("rating", r));
    }
    let d = deviation.unwrap_or(NEW_PLAYER.deviation);
    if !(30.0..=350.0).contains(&d) {
        return Err(bad("deviation", d));
    }
    Ok(Rating::new(r, d))
}

/// Which puzzles [`next`] picks among: a game, and optionally one of its
/// variants and one theme, leaving out the puzzles named in `skip` (the
/// ones the page just posed).
#[derive(Clone, Debug, Default)]
pub struct Choice {
    /// The game's name.
    pub game: String,
    /// Only this variant (its text), if given.
    pub variant: Option<String>,
    /// Only this theme (`win-in-1`, `only-win`, ...), if given.
    pub theme: Option<String>,
    /// Puzzles not to pose again (at most [`MAX_SKIP`] are read).
    pub skip: Vec<String>,
}

/// The most puzzle ids a `skip` list holds.
pub const MAX_SKIP: usize = 50;

impl Puzzles {
    /// A puzzle of `choice.game` near the player's rating: the stored one of
    /// the account or browser (when `player` is given), else `sent`. A
    /// player is posed a puzzle it has not tried while the choice has one;
    /// then any.
    ///
    /// # Errors
    /// 404 for a game not offered, or a variant or theme of which no puzzle is
    /// stored while the game has some (`api_puzzles_none_chosen`); 503
    /// `api_puzzles_none` while none of the game are stored yet (the
    /// start-up's mining still running); storage failures.
    pub async fn next(
        &self,
        choice: &Choice,
        player: Option<&Player>,
        sent: Rating,
    ) -> Result<Posed, PuzzleError> {
        let key = player.map(Player::key);
        let account = key.as_deref();
        let db = &self.db;
        let game = choice.game.as_str();
        if crate::games::catalog::find(game).is_none() {
            return Err(PuzzleError::Missing(crate::games::catalog::no_such_game(
                game,
            )));
        }
        let (rating, games) = match account {
            Some(a) => store::rating_of(db, a).await?,
            None => (sent, 0),
        };
        // Counted first: puzzles are only ever added, so a choice that finds
        // none below while the game has some names no stored puzzle.
        if store::count(db, game).await? == 0 {
            return Err(PuzzleError::NotYet(
                Message::of(id!("api_puzzles_none")).text("game", game),
            ));
        }
        let skip = &choice.skip[..choice.skip.len().min(MAX_SKIP)];
        let mut lines = match account {
            Some(a) => nearest(db, choice, Some(a), rating, skip).await?,
            None => Vec::new(),
        };
        if lines.is_empty() {
            // Tried them all (or no account): any of the choice.
            lines = nearest(db, choice, None, rating, skip).await?;
        }
        if lines.is_empty() && !skip.is_empty() {
            // Every puzzle of the choice was posed just now: pose them again.
            lines = nearest(db, choice, None, rating, &[]).await?;
        }
        if lines.is_empty() {
            return Err(PuzzleError::Missing(
                Message::of(id!("api_puzzles_none_chosen"))
                    .text("game", game)
                    .text("variant", choice.variant.as_deref().unwrap_or("*"))
                    .text("theme", choice.theme.as_deref().unwrap_or("*")),
            ));
        }
        let pick = rand::Rng::gen_range(&mut rand::thread_rng(), 0..lines.len());
        let p: Puzzle = serde_json::from_str(&lines[pick])?;
        Ok(Posed {
            id: p.id,
            game: p.game,
            variant: p.variant,
            position: p.position,
            side: p.side,
            theme: p.theme,
            difficulty: p.difficulty,
            rating: view(rating, games),
        })
    }
}

/// The stored lines of the [`NEAREST`] puzzles of `choice` by difficulty
/// to `rating`, leaving out `skip` and, with `untried`, the account's
/// tried puzzles.
async fn nearest(
    db: &Db,
    choice: &Choice,
    untried: Option<&str>,
    rating: Rating,
    skip: &[String],
) -> Result<Vec<String>, PuzzleError> {
    let near = store::Near {
        game: &choice.game,
        variant: choice.variant.as_deref().unwrap_or(""),
        theme: choice.theme.as_deref().unwrap_or(""),
        untried: untried.unwrap_or(""),
    };
    #[allow(clippy::cast_possible_truncation)]
    let rating = rating.rating.round() as i64;
    let limit = NEAREST + i64::try_from(skip.len()).unwrap_or(0);
    let mut out: Vec<String> = store::nearest(db, &near, rating, limit)
        .await?
        .into_iter()
        .filter(|(id, _)| !skip.contains(id))
        .map(|(_, line)| line)
        .collect();
    out.truncate(usize::try_from(NEAREST).unwrap_or(0));
    Ok(out)
}

/// One theme's stored puzzles (`GET /api/puzzles/themes`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ThemeCount {
    /// The game.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The theme.
    pub theme: String,
    /// How many puzzles of it are stored.
    pub count: i64,
}

impl Puzzles {
    /// Every offered game's stored puzzles by variant and theme, in the order
    /// of the games' list, then by variant and theme.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn themes(&self) -> Result<Vec<ThemeCount>, PuzzleError> {
        let mut out: Vec<ThemeCount> = store::themes(&self.db)
            .await?
            .into_iter()
            .filter(|(game, ..)| crate::games::catalog::find(game).is_some())
            .map(|(game, variant, theme, count)| ThemeCount {
                game,
                variant,
                theme,
                count,
            })
            .collect();
        let order = |g: &str| crate::games::catalog::offered().position(|x| x.name == g);
        out.sort_by_key(|t| order(&t.game));
        Ok(out)
    }
}

/// The stored puzzle `id`.
async fn puzzle(db: &Db, id: &str) -> Result<Puzzle, PuzzleError> {
    let Some(line) = store::line(db, id).await? else {
        return Err(PuzzleError::Missing(
            Message::of(id!("api_no_puzzle")).text("id", id),
        ));
    };
    Ok(serde_json::from_str(&line)?)
}

/// The move `text` of the puzzle's position, in notation.
fn played_as<G: Game>(p: &Puzzle, text: &str) -> Result<String, PuzzleError> {
    let pos: G = p
        .position_of()
        .map_err(|e| PuzzleError::Internal(Fault::new(format!("a stored puzzle: {e}"))))?;
    let mv = pos.parse_move(text).map_err(|e| {
        PuzzleError::Invalid(
            Message::of(id!("api_puzzle_bad_move"))
                .text("move", text)
                .msg("error", e.message()),
        )
    })?;
    Ok(pos.format_move(mv))
}

/// Who tries a puzzle: an account, or a browser not logged in (the
/// `tablero_browser` cookie's value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A logged-in account's id.
    Account(String),
    /// A browser's cookie value.
    Browser(String),
}

impl Player {
    /// The key the player's rating and tries are stored by: the account's
    /// id, or `browser:` and the SHA-256 of the browser's cookie (so the
    /// database holds no cookie a thief could send).
    #[must_use]
    pub fn key(&self) -> String {
        match self {
            Player::Account(a) => a.clone(),
            Player::Browser(b) => format!("browser:{}", set::sha256_hex(b.as_bytes())),
        }
    }
}

/// How often [`Puzzles::answer`] reads the ratings again when another
/// answer changed them in the meantime, before giving up (503).
pub const RETRIES: usize = 8;

impl Puzzles {
    /// Judges the move `text` for puzzle `id` and counts the try for
    /// `player` before anything is answered: its first try of the puzzle
    /// is recorded and rated by [`tablero_ai::puzzles::rating::answered`]
    /// (the player's rating and the puzzle's difficulty, in one
    /// transaction); a later try is judged but not rated. Without a player
    /// nothing is judged: the answer is never given for a try that was not
    /// counted.
    ///
    /// # Errors
    /// 400 `api_puzzle_no_player` without a player; 404 `api_no_puzzle`;
    /// 400 `api_puzzle_bad_move` for text that is no legal move of the
    /// position; 503 `api_puzzle_busy` when other answers kept changing
    /// the ratings; storage failures.
    pub async fn answer(
        &self,
        id: &str,
        text: &str,
        player: Option<&Player>,
    ) -> Result<Judged, PuzzleError> {
        let db = &self.db;
        let Some(player) = player else {
            return Err(PuzzleError::Invalid(Message::of(id!(
                "api_puzzle_no_player"
            ))));
        };
        let key = player.key();
        let p = puzzle(db, id).await?;
        let played = tablero_games::with_game!(p.game.as_str(), G => played_as::<G>(&p, text)?,
            else return Err(PuzzleError::Internal(Fault::new("a stored puzzle of no game"))));
        let (Some(mine), Some(best)) = (p.value_of(&played), p.value_of(&p.answer)) else {
            return Err(PuzzleError::Internal(Fault::new(
                "a stored puzzle's proof lacks a legal move",
            )));
        };
        let right = played == p.answer;
        let mut outcome = None;
        for _ in 0..RETRIES {
            let (before, games) = store::rating_of(db, &key).await?;
            let Some((difficulty, tries)) = store::difficulty_of(db, &p.id).await? else {
                return Err(PuzzleError::Missing(
                    Message::of(id!("api_no_puzzle")).text("id", id),
                ));
            };
            let a = answered(before, difficulty, right);
            let moved = (a.puzzle != difficulty).then_some(a.puzzle);
            let t = store::Try {
                player: &key,
                puzzle: &p.id,
                after: a.player,
                games,
                difficulty: moved,
                tries,
            };
            match store::record_try(db, &t).await? {
                store::Tried::Rated => {
                    outcome = Some((a.player, games + 1, a.change, true));
                    break;
                }
                store::Tried::Again => {
                    outcome = Some((before, games, 0.0, false));
                    break;
                }
                store::Tried::Raced => {}
            }
        }
        let Some((rating, games, change, rated)) = outcome else {
            return Err(PuzzleError::NotYet(Message::of(id!("api_puzzle_busy"))));
        };
        Ok(Judged {
            right,
            mv: played,
            answer: p.answer.clone(),
            played: mine.deep.unwrap_or(mine.value),
            best: best.deep.unwrap_or(best.value),
            proof: p.proof.clone(),
            rating: view(rating, games),
            change,
            rated,
        })
    }
}

/// Starts, in the background, [`load_sets`] (if `seeding.sets`), then
/// [`seed`] (for the games still short: those without a set), logging
/// their ends.
/// `alive` is what keeps it going (the server's hub: once dropped, the
/// mining stops).
pub fn spawn_seeding<T: Send + Sync + 'static>(alive: Weak<T>, db: Db, seeding: Seeding) {
    if seeding.per_game == 0 && seeding.sets.is_none() {
        return;
    }
    tokio::spawn(async move {
        if let Some(dir) = &seeding.sets {
            match load_sets(&alive, &db, dir).await {
                Ok(n) => tracing::info!("puzzles: {n} loaded from the committed sets"),
                Err(e) => tracing::error!("loading the puzzle sets: {e}"),
            }
        }
        if seeding.per_game == 0 {
            return;
        }
        match seed(alive, db, seeding).await {
            Ok(n) => tracing::info!("puzzles: {n} mined at start-up"),
            Err(e) => tracing::error!("mining puzzles: {e}"),
        }
    });
}
