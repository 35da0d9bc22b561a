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

use crate::hub::{Hub, HubError};
use crate::store::{now_ms, Store};
use anyhow::Context;
use serde::Serialize;
use sqlx::Row;
use std::sync::{Arc, Weak};
use tablero_ai::puzzles::{mine, self_play, MineOptions, Puzzle};
use tablero_ai::review::{Review, Value};
use tablero_core::{id, Game, Localize, Message};
use tablero_glicko::{Game as Rated, Rating};

/// The deviation a puzzle's difficulty is taken with, as an opponent's
/// rating (as at the terminal).
pub const PUZZLE_RD: f64 = 80.0;

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
}

impl Default for Seeding {
    /// Eight puzzles of every offered game, at most 200 self-play games
    /// each, mined as `tablero puzzles generate` does by default.
    fn default() -> Self {
        Seeding {
            per_game: 8,
            games: None,
            max_games: 200,
            options: MineOptions::default(),
        }
    }
}

/// Mines, one game after the other on the blocking pool, the puzzles of
/// every game that has fewer than `seeding.per_game` of them, and stores
/// them; logs each game's progress. Stops between two self-play games once
/// the hub is gone (the server stopped).
///
/// # Errors
/// Storage failures.
pub async fn seed(hub: Weak<Hub>, store: Store, seeding: Seeding) -> anyhow::Result<usize> {
    let mut stored = 0;
    let names: Vec<String> = match &seeding.games {
        Some(g) => g.clone(),
        None => crate::games::offered()
            .map(|g| g.name.to_string())
            .collect(),
    };
    for name in names {
        if hub.strong_count() == 0 {
            break;
        }
        let have: i64 = sqlx::query("SELECT COUNT(*) FROM puzzles WHERE game = $1")
            .bind(&name)
            .fetch_one(store.pool())
            .await
            .context("counting puzzles")?
            .try_get(0)
            .context("a count")?;
        let have = usize::try_from(have).unwrap_or(0);
        if have >= seeding.per_game {
            continue;
        }
        let want = seeding.per_game - have;
        tracing::info!(game = %name, want, "mining puzzles");
        let started = std::time::Instant::now();
        let (g, s, alive) = (name.clone(), seeding.clone(), hub.clone());
        // A different seed for each start, so a second seeding (after
        // puzzles were lost) finds others.
        let first_seed = 1 + have as u64 * 1000;
        let found = tokio::task::spawn_blocking(move || {
            tablero_games::with_game!(g.as_str(), G => mined::<G>(&g, want, first_seed, &s, &alive),
                else Vec::new())
        })
        .await?;
        let mut n = 0;
        for p in &found {
            n += store_puzzle(&store, p).await?;
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

/// Up to `want` puzzles of `G`'s default variant from seeded self-play
/// games, logging every tenth game; stops when the hub is gone.
fn mined<G: Review>(
    name: &str,
    want: usize,
    seed: u64,
    seeding: &Seeding,
    hub: &Weak<Hub>,
) -> Vec<Puzzle> {
    let variant = G::Variant::default();
    let mut seen = Default::default();
    let mut out = Vec::new();
    for i in 0..seeding.max_games {
        if out.len() >= want || hub.strong_count() == 0 {
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
pub async fn store_puzzle(store: &Store, p: &Puzzle) -> anyhow::Result<usize> {
    if let Err(e) = p.check() {
        tracing::warn!(puzzle = %p.id, "a puzzle that fails its check: {e}");
        return Ok(0);
    }
    let line = serde_json::to_string(p)?;
    let done = sqlx::query(
        "INSERT INTO puzzles (id, game, variant, line, difficulty, theme, created) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
    )
    .bind(&p.id)
    .bind(&p.game)
    .bind(&p.variant)
    .bind(&line)
    .bind(i64::from(p.difficulty))
    .bind(&p.theme)
    .bind(now_ms())
    .execute(store.pool())
    .await
    .context("storing a puzzle")?;
    Ok(usize::try_from(done.rows_affected()).unwrap_or(0))
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

/// An account's puzzle rating and the puzzles that made it.
async fn rating_of(store: &Store, account: &str) -> Result<(Rating, i64), HubError> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM puzzle_ratings WHERE account = $1",
    )
    .bind(account)
    .fetch_optional(store.pool())
    .await
    .context("reading a puzzle rating")?;
    Ok(match row {
        Some(r) => (
            Rating {
                rating: r.try_get(0).context("rating")?,
                deviation: r.try_get(1).context("deviation")?,
                volatility: r.try_get(2).context("volatility")?,
            },
            r.try_get(3).context("games")?,
        ),
        None => (Rating::default(), 0),
    })
}

/// A rating sent by the client (`rating`, with its `deviation` if known):
/// 100 to 4000, the deviation 30 to 350 (350, a new player's, if not sent).
///
/// # Errors
/// 400 `api_puzzle_bad_rating` for a number out of range.
pub fn sent_rating(rating: Option<f64>, deviation: Option<f64>) -> Result<Rating, HubError> {
    let bad = |what: &str, v: f64| {
        HubError::Invalid(
            Message::of(id!("api_puzzle_bad_rating"))
                .text("name", what)
                .text("value", v.to_string()),
        )
    };
    let r = rating.unwrap_or(1500.0);
    if !(100.0..=4000.0).contains(&r) {
        return Err(bad("rating", r));
    }
    let d = deviation.unwrap_or(tablero_glicko::MAX_RD);
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

/// A puzzle of `choice.game` near the player's rating: the account's (when
/// `account` is given), else `sent`. An account is posed a puzzle it has
/// not tried while the choice has one; then any.
///
/// # Errors
/// 404 for a game not offered, or a variant or theme of which no puzzle is
/// stored while the game has some (`api_puzzles_none_chosen`); 503
/// `api_puzzles_none` while none of the game are stored yet (the
/// start-up's mining still running); storage failures.
pub async fn next(
    store: &Store,
    choice: &Choice,
    account: Option<&str>,
    sent: Rating,
) -> Result<Result<Posed, Message>, HubError> {
    let game = choice.game.as_str();
    if crate::games::find(game).is_none() {
        return Err(crate::games::no_such_game(game));
    }
    let (rating, games) = match account {
        Some(a) => rating_of(store, a).await?,
        None => (sent, 0),
    };
    // Counted first: puzzles are only ever added, so a choice that finds
    // none below while the game has some names no stored puzzle.
    let any: i64 = sqlx::query("SELECT COUNT(*) FROM puzzles WHERE game = $1")
        .bind(game)
        .fetch_one(store.pool())
        .await
        .context("counting puzzles")?
        .try_get(0)
        .context("a count")?;
    if any == 0 {
        return Ok(Err(Message::of(id!("api_puzzles_none")).text("game", game)));
    }
    let skip = &choice.skip[..choice.skip.len().min(MAX_SKIP)];
    let mut lines = match account {
        Some(a) => nearest(store, choice, Some(a), rating, skip).await?,
        None => Vec::new(),
    };
    if lines.is_empty() {
        // Tried them all (or no account): any of the choice.
        lines = nearest(store, choice, None, rating, skip).await?;
    }
    if lines.is_empty() && !skip.is_empty() {
        // Every puzzle of the choice was posed just now: pose them again.
        lines = nearest(store, choice, None, rating, &[]).await?;
    }
    if lines.is_empty() {
        return Err(HubError::Missing(
            Message::of(id!("api_puzzles_none_chosen"))
                .text("game", game)
                .text("variant", choice.variant.as_deref().unwrap_or("*"))
                .text("theme", choice.theme.as_deref().unwrap_or("*")),
        ));
    }
    let pick = rand::Rng::gen_range(&mut rand::thread_rng(), 0..lines.len());
    let p: Puzzle = serde_json::from_str(&lines[pick]).context("a stored puzzle")?;
    Ok(Ok(Posed {
        id: p.id,
        game: p.game,
        variant: p.variant,
        position: p.position,
        side: p.side,
        theme: p.theme,
        difficulty: p.difficulty,
        rating: view(rating, games),
    }))
}

/// The stored lines of the [`NEAREST`] puzzles of `choice` by difficulty
/// to `rating`, leaving out `skip` and, with `untried`, the account's
/// tried puzzles.
async fn nearest(
    store: &Store,
    choice: &Choice,
    untried: Option<&str>,
    rating: Rating,
    skip: &[String],
) -> Result<Vec<String>, HubError> {
    let rows = sqlx::query(
        "SELECT id, line FROM puzzles WHERE game = $1 \
         AND ($2 = '' OR variant = $2) AND ($3 = '' OR theme = $3) \
         AND ($4 = '' OR id NOT IN (SELECT puzzle FROM puzzle_attempts WHERE account = $4)) \
         ORDER BY ABS(difficulty - $5), id LIMIT $6",
    )
    .bind(&choice.game)
    .bind(choice.variant.as_deref().unwrap_or(""))
    .bind(choice.theme.as_deref().unwrap_or(""))
    .bind(untried.unwrap_or(""))
    .bind(rating.rating.round() as i64)
    .bind(NEAREST + skip.len() as i64)
    .fetch_all(store.pool())
    .await
    .context("reading puzzles")?;
    let mut out = Vec::new();
    for row in rows {
        let id: String = row.try_get(0).context("a puzzle's id")?;
        if skip.contains(&id) {
            continue;
        }
        out.push(row.try_get(1).context("a puzzle")?);
    }
    out.truncate(NEAREST as usize);
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

/// Every offered game's stored puzzles by variant and theme, in the order
/// of the games' list, then by variant and theme.
///
/// # Errors
/// Storage failures.
pub async fn themes(store: &Store) -> Result<Vec<ThemeCount>, HubError> {
    let rows = sqlx::query(
        "SELECT game, variant, theme, COUNT(*) FROM puzzles \
         GROUP BY game, variant, theme ORDER BY game, variant, theme",
    )
    .fetch_all(store.pool())
    .await
    .context("counting puzzles")?;
    let mut out = Vec::new();
    for row in rows {
        let game: String = row.try_get(0).context("a game")?;
        if crate::games::find(&game).is_none() {
            continue;
        }
        out.push(ThemeCount {
            game,
            variant: row.try_get(1).context("a variant")?,
            theme: row.try_get(2).context("a theme")?,
            count: row.try_get(3).context("a count")?,
        });
    }
    let order = |g: &str| crate::games::offered().position(|x| x.name == g);
    out.sort_by_key(|t| order(&t.game));
    Ok(out)
}

/// The stored puzzle `id`.
async fn puzzle(store: &Store, id: &str) -> Result<Puzzle, HubError> {
    let row = sqlx::query("SELECT line FROM puzzles WHERE id = $1")
        .bind(id)
        .fetch_optional(store.pool())
        .await
        .context("reading a puzzle")?;
    let Some(row) = row else {
        return Err(HubError::Missing(
            Message::of(id!("api_no_puzzle")).text("id", id),
        ));
    };
    let line: String = row.try_get(0).context("a puzzle")?;
    Ok(serde_json::from_str(&line).context("a stored puzzle")?)
}

/// The move `text` of the puzzle's position, in notation.
fn played_as<G: Game>(p: &Puzzle, text: &str) -> Result<String, HubError> {
    let pos: G = p
        .position_of()
        .map_err(|e| HubError::Internal(anyhow::anyhow!("a stored puzzle: {e}")))?;
    let mv = pos.parse_move(text).map_err(|e| {
        HubError::Invalid(
            Message::of(id!("api_puzzle_bad_move"))
                .text("move", text)
                .msg("error", e.message()),
        )
    })?;
    Ok(pos.format_move(mv))
}

/// Judges the move `text` for puzzle `id` and rates the try: the
/// account's stored rating (once per puzzle), else `sent`.
///
/// # Errors
/// 404 `api_no_puzzle`; 400 `api_puzzle_bad_move` for text that is no
/// legal move of the position; storage failures.
pub async fn answer(
    store: &Store,
    id: &str,
    text: &str,
    account: Option<&str>,
    sent: Rating,
) -> Result<Judged, HubError> {
    let p = puzzle(store, id).await?;
    let played = tablero_games::with_game!(p.game.as_str(), G => played_as::<G>(&p, text)?,
        else return Err(HubError::Internal(anyhow::anyhow!("a stored puzzle of no game"))));
    let (Some(mine), Some(best)) = (p.value_of(&played), p.value_of(&p.answer)) else {
        return Err(HubError::Internal(anyhow::anyhow!(
            "a stored puzzle's proof lacks a legal move"
        )));
    };
    let right = played == p.answer;
    let (before, games) = match account {
        Some(a) => rating_of(store, a).await?,
        None => (sent, 0),
    };
    let after = before.update(&[Rated {
        opponent: Rating::new(f64::from(p.difficulty), PUZZLE_RD),
        score: if right { 1.0 } else { 0.0 },
    }]);
    let (rating, games, rated) = match account {
        None => (after, 0, true),
        Some(a) => match rate_account(store, a, &p.id, after, games).await? {
            true => (after, games + 1, true),
            false => (before, games, false),
        },
    };
    Ok(Judged {
        right,
        mv: played,
        answer: p.answer.clone(),
        played: mine.deep.unwrap_or(mine.value),
        best: best.deep.unwrap_or(best.value),
        proof: p.proof.clone(),
        rating: view(rating, games),
        change: if rated {
            rating.rating - before.rating
        } else {
            0.0
        },
        rated,
    })
}

/// Stores the account's new rating where this is its first try of the
/// puzzle and its rating is still the one it had with `games` puzzles
/// (compare and set); whether it was stored.
async fn rate_account(
    store: &Store,
    account: &str,
    puzzle: &str,
    after: Rating,
    games: i64,
) -> Result<bool, HubError> {
    let mut tx = store.pool().begin().await.context("a transaction")?;
    let first = sqlx::query(
        "INSERT INTO puzzle_attempts (account, puzzle, at) VALUES ($1, $2, $3) \
         ON CONFLICT (account, puzzle) DO NOTHING",
    )
    .bind(account)
    .bind(puzzle)
    .bind(now_ms())
    .execute(&mut *tx)
    .await
    .context("recording a try")?
    .rows_affected()
        == 1;
    if !first {
        return Ok(false);
    }
    let changed = if games == 0 {
        sqlx::query(
            "INSERT INTO puzzle_ratings (account, rating, deviation, volatility, games, updated) \
             VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (account) DO NOTHING",
        )
        .bind(account)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now_ms())
        .execute(&mut *tx)
        .await
    } else {
        sqlx::query(
            "UPDATE puzzle_ratings SET rating = $2, deviation = $3, volatility = $4, \
             games = games + 1, updated = $5 WHERE account = $1 AND games = $6",
        )
        .bind(account)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(now_ms())
        .bind(games)
        .execute(&mut *tx)
        .await
    }
    .context("storing a puzzle rating")?
    .rows_affected()
        == 1;
    if !changed {
        // Another answer of the same account came first: this try is not
        // rated (and not recorded, so it may be tried again).
        return Ok(false);
    }
    tx.commit().await.context("committing a puzzle rating")?;
    Ok(true)
}

/// Starts [`seed`] in the background, logging its end.
pub fn spawn_seeding(hub: &Arc<Hub>, seeding: Seeding) {
    if seeding.per_game == 0 {
        return;
    }
    let (weak, store) = (Arc::downgrade(hub), hub.store().clone());
    tokio::spawn(async move {
        match seed(weak, store, seeding).await {
            Ok(n) => tracing::info!("puzzles: {n} mined at start-up"),
            Err(e) => tracing::error!("mining puzzles: {e:#}"),
        }
    });
}
