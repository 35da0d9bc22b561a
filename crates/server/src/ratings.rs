//! Rated games: which games are rated, the rating pools, and applying a
//! finished rated game's result to its players' Glicko-2 ratings (the
//! formulas are in the `tablero_glicko` crate).
//!
//! A *pool* is what one rating covers: one per game (Super Dimensiones'
//! 32 rule sets share one), except 8x8 draughts, with one per variant
//! (`draughts-russian`, `draughts-turkish`, `draughts-english`).

use crate::store::{now_ms, GameRow, Store};
use anyhow::{Context, Result};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;
use std::collections::BTreeMap;
use tablero_ai::strength::level_rating;
use tablero_glicko::{Game as Period, Rating};

/// The rating pool of `game` played with `variant` (the variant's text as
/// stored with the game).
#[must_use]
pub fn pool_of(game: &str, variant: &str) -> String {
    if game == "draughts" {
        let name = variant.split_whitespace().next().unwrap_or("russian");
        format!("draughts-{name}")
    } else {
        game.to_string()
    }
}

/// A rating pool: its id, the game, and the variant where the pool is one
/// variant's.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Pool {
    /// `imago`, `draughts-english`...
    pub id: String,
    /// The game's name.
    pub game: &'static str,
    /// The variant's name, for draughts.
    pub variant: Option<&'static str>,
}

/// Every rating pool, in the catalogue's order.
#[must_use]
pub fn pools() -> Vec<Pool> {
    let mut all = Vec::new();
    for game in ["imago", "jarmo", "linja", "dimensiones"] {
        all.push(Pool {
            id: game.to_string(),
            game,
            variant: None,
        });
    }
    for variant in ["russian", "turkish", "english"] {
        all.push(Pool {
            id: format!("draughts-{variant}"),
            game: "draughts",
            variant: Some(variant),
        });
    }
    all
}

/// Who holds a seat, for rating.
#[derive(Clone, Debug, PartialEq)]
enum Holder {
    /// An account (its id).
    Account(String),
    /// The computer at a level with a measured rating.
    Level(u8, Rating),
}

/// The computer's level in seat `seat` of `row`, if the computer sits there.
fn level_of(row: &GameRow, seat: usize) -> Option<u8> {
    crate::hub::ai_level(&row.seats[seat])
}

/// The fixed rating of the computer at `level` in `row`'s game.
fn level_glicko(row: &GameRow, level: u8) -> Option<Rating> {
    level_rating(&row.game, &row.variant, level).map(|r| Rating::new(r.rating, r.deviation))
}

/// The live accounts holding seats 0 and 1 of game `id` (`None` for a
/// seat no live account holds: anonymous, a computer, a deleted account).
async fn seat_accounts<'e, E>(db: E, id: &str) -> Result<[Option<String>; 2]>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let rows = sqlx::query(
        "SELECT s.seat, s.account FROM account_seats s JOIN accounts a ON a.id = s.account \
         WHERE s.game_id = $1 AND a.deleted = 0",
    )
    .bind(id)
    .fetch_all(db)
    .await
    .context("reading a game's accounts")?;
    let mut out = [None, None];
    for r in rows {
        let seat: i64 = r.try_get(0)?;
        if let Some(slot) = usize::try_from(seat).ok().and_then(|i| out.get_mut(i)) {
            *slot = Some(r.try_get(1)?);
        }
    }
    Ok(out)
}

/// The seats' holders, where both can be rated.
fn holders(row: &GameRow, accounts: [Option<String>; 2]) -> Option<[Holder; 2]> {
    let [a, b] = accounts;
    let holder = |seat: usize, account: Option<String>| match (account, level_of(row, seat)) {
        (Some(id), None) => Some(Holder::Account(id)),
        (None, Some(level)) => level_glicko(row, level).map(|r| Holder::Level(level, r)),
        _ => None,
    };
    let both = [holder(0, a)?, holder(1, b)?];
    match &both {
        [Holder::Level(..), Holder::Level(..)] => None,
        [Holder::Account(x), Holder::Account(y)] if x == y => None,
        _ => Some(both),
    }
}

/// The pool in which game `row`, about to get its first move, is rated, if
/// it is: it has a clock (live or days per move), and each seat is held by
/// an account or the computer at a level with a measured rating, not both
/// by the computer and not both by one account. Decided once, at the first
/// move; seats taken by an account later do not make a game rated.
///
/// # Errors
/// Storage failures.
pub async fn rated_pool(store: &Store, row: &GameRow) -> Result<Option<String>> {
    if row.clock.is_none() {
        return Ok(None);
    }
    let accounts = seat_accounts(store.pool(), &row.id).await?;
    Ok(holders(row, accounts).map(|_| pool_of(&row.game, &row.variant)))
}

/// Seat 0's and seat 1's scores in a finished game's result code
/// (`w0:goal`, `d:agreed`).
fn scores(result: &str) -> Option<[f64; 2]> {
    match result.split(':').next()? {
        "w0" => Some([1.0, 0.0]),
        "w1" => Some([0.0, 1.0]),
        "d" => Some([0.5, 0.5]),
        _ => None,
    }
}

/// An account's rating in a pool and the rated games that made it.
async fn current<'e, E>(db: E, account: &str, pool: &str) -> Result<(Rating, i64)>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let row = sqlx::query(
        "SELECT rating, deviation, volatility, games FROM ratings \
         WHERE account = $1 AND pool = $2",
    )
    .bind(account)
    .bind(pool)
    .fetch_optional(db)
    .await
    .context("reading a rating")?;
    Ok(match row {
        Some(r) => (
            Rating {
                rating: r.try_get(0)?,
                deviation: r.try_get(1)?,
                volatility: r.try_get(2)?,
            },
            r.try_get(3)?,
        ),
        None => (Rating::default(), 0),
    })
}

/// The rating of each seat after a game from the ratings before it and
/// the seats' scores: the one formula every rating comes from (a game is
/// a rating period of its own; a computer level's rating stays fixed).
#[must_use]
pub fn after(before: [Rating; 2], fixed: [bool; 2], scores: [f64; 2]) -> [Rating; 2] {
    [0, 1].map(|i| {
        if fixed[i] {
            before[i]
        } else {
            before[i].update(&[Period {
                opponent: before[1 - i],
                score: scores[i],
            }])
        }
    })
}

/// What rating a finished game did, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rated {
    /// Rated now, by this call.
    Now,
    /// Not to be rated (casual, unfinished, under two plies, a seat's
    /// account deleted), or rated already.
    No,
}

/// Rates finished game `id` if it is rated and not yet rated: both seats'
/// changes and the accounts' new ratings in one transaction, exactly once
/// across processes (the changes' key is the game and seat; an account's
/// rating is written only if no other game changed it meanwhile, else the
/// whole is tried again).
///
/// # Errors
/// Storage failures.
pub async fn rate(store: &Store, id: &str) -> Result<Rated> {
    for _ in 0..8 {
        match rate_once(store, id).await {
            Ok(Some(r)) => return Ok(r),
            Ok(None) => {}
            Err(e) => tracing::debug!(game = %id, "rating, trying again: {e:#}"),
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    anyhow::bail!("game {id}: its players' ratings kept changing meanwhile")
}

/// One try of [`rate`]: `None` when another game changed a rating first.
async fn rate_once(store: &Store, id: &str) -> Result<Option<Rated>> {
    let Some((row, _)) = store.load_game(id).await? else {
        return Ok(Some(Rated::No));
    };
    let (Some(pool), Some(result)) = (row.rated.clone(), row.result.clone()) else {
        return Ok(Some(Rated::No));
    };
    let Some(scores) = scores(&result).filter(|_| row.ply >= 2) else {
        return Ok(Some(Rated::No));
    };
    let mut tx = store.pool().begin().await?;
    let done: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes WHERE game_id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    if done > 0 {
        return Ok(Some(Rated::No));
    }
    let accounts = seat_accounts(&mut *tx, id).await?;
    let Some(holders) = holders(&row, accounts) else {
        return Ok(Some(Rated::No));
    };
    let mut before = [Rating::default(); 2];
    let mut counts = [0i64; 2];
    for (i, h) in holders.iter().enumerate() {
        match h {
            Holder::Account(a) => (before[i], counts[i]) = current(&mut *tx, a, &pool).await?,
            Holder::Level(_, r) => before[i] = *r,
        }
    }
    let fixed = holders.clone().map(|h| matches!(h, Holder::Level(..)));
    let after = after(before, fixed, scores);
    let now = now_ms();
    for (i, h) in holders.iter().enumerate() {
        let (account, level) = match h {
            Holder::Account(a) => (Some(a.as_str()), None),
            Holder::Level(l, _) => (None, Some(i64::from(*l))),
        };
        sqlx::query(
            "INSERT INTO rating_changes (game_id, seat, account, level, pool, n, score, \
             before_rating, before_deviation, before_volatility, \
             after_rating, after_deviation, after_volatility, at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(id)
        .bind(i64::try_from(i)?)
        .bind(account)
        .bind(level)
        .bind(&pool)
        .bind(counts[i])
        .bind(scores[i])
        .bind(before[i].rating)
        .bind(before[i].deviation)
        .bind(before[i].volatility)
        .bind(after[i].rating)
        .bind(after[i].deviation)
        .bind(after[i].volatility)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let Some(account) = account else { continue };
        let changed = if counts[i] == 0 {
            sqlx::query(
                "INSERT INTO ratings (account, pool, rating, deviation, volatility, games, updated) \
                 VALUES ($1, $2, $3, $4, $5, 1, $6)",
            )
            .bind(account)
            .bind(&pool)
            .bind(after[i].rating)
            .bind(after[i].deviation)
            .bind(after[i].volatility)
            .bind(now)
            .execute(&mut *tx)
            .await?
        } else {
            sqlx::query(
                "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3, \
                 games = games + 1, updated = $4 \
                 WHERE account = $5 AND pool = $6 AND games = $7",
            )
            .bind(after[i].rating)
            .bind(after[i].deviation)
            .bind(after[i].volatility)
            .bind(now)
            .bind(account)
            .bind(&pool)
            .bind(counts[i])
            .execute(&mut *tx)
            .await?
        };
        if changed.rows_affected() != 1 {
            return Ok(None);
        }
    }
    if store.is_postgres() {
        crate::store::notify_players(&mut *tx, id).await?;
    }
    tx.commit().await?;
    tracing::info!(game = %id, pool = %pool, "rated");
    Ok(Some(Rated::Now))
}

/// The finished rated games not yet rated (a crash between a game's end
/// and its rating, or a rating that failed), oldest first.
///
/// # Errors
/// Storage failures.
pub async fn unrated(store: &Store, limit: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT g.id FROM games g WHERE g.rated IS NOT NULL AND g.result IS NOT NULL \
         AND g.ply >= 2 \
         AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id) \
         AND NOT EXISTS (SELECT 1 FROM account_seats s JOIN accounts a ON a.id = s.account \
                         WHERE s.game_id = g.id AND a.deleted <> 0) \
         ORDER BY g.updated LIMIT $1",
    )
    .bind(limit)
    .fetch_all(store.pool())
    .await?)
}

/// Rates every finished rated game not yet rated (their viewers see the
/// ratings); answers how many.
///
/// # Errors
/// Storage failures.
pub async fn catch_up(hub: &std::sync::Arc<crate::Hub>) -> Result<usize> {
    let mut n = 0;
    loop {
        let ids = unrated(hub.store(), 100).await?;
        let mut any = false;
        for id in &ids {
            if rate(hub.store(), id).await? == Rated::Now {
                n += 1;
                any = true;
                hub.players_changed(std::slice::from_ref(id)).await?;
            }
        }
        if !any {
            return Ok(n);
        }
    }
}

/// A seat's rating as a game shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatRating {
    /// The rating before the game (for a game in progress: now).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is provisional.
    pub provisional: bool,
    /// The computer's level, for its fixed rating.
    pub level: Option<u8>,
    /// After the game, once rated.
    pub after: Option<f64>,
    /// The deviation after the game, once rated.
    pub after_deviation: Option<f64>,
}

/// A rated game's ratings, as every viewer sees them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatedView {
    /// The pool.
    pub pool: String,
    /// Seats 0 and 1.
    pub seats: [SeatRating; 2],
}

fn seat_rating(r: Rating, level: Option<u8>) -> SeatRating {
    SeatRating {
        rating: r.rating,
        deviation: r.deviation,
        provisional: level.is_none() && r.provisional(),
        level,
        after: None,
        after_deviation: None,
    }
}

fn rating_at(r: &AnyRow, from: usize) -> Result<Rating> {
    Ok(Rating {
        rating: r.try_get(from)?,
        deviation: r.try_get(from + 1)?,
        volatility: r.try_get(from + 2)?,
    })
}

/// The ratings game `row` shows: `None` for a casual game (or one not yet
/// started); before the game (the players' current ratings while it is
/// played), and after it once rated.
///
/// # Errors
/// Storage failures.
pub async fn view(store: &Store, row: &GameRow) -> Result<Option<RatedView>> {
    let Some(pool) = row.rated.clone() else {
        return Ok(None);
    };
    let changes = sqlx::query(
        "SELECT seat, level, before_rating, before_deviation, before_volatility, \
         after_rating, after_deviation, after_volatility FROM rating_changes WHERE game_id = $1",
    )
    .bind(&row.id)
    .fetch_all(store.pool())
    .await
    .context("reading a game's ratings")?;
    if changes.len() == 2 {
        let mut seats = [None, None];
        for r in &changes {
            let seat = usize::try_from(r.try_get::<i64, _>(0)?)?;
            let level = r
                .try_get::<Option<i64>, _>(1)?
                .and_then(|l| u8::try_from(l).ok());
            let mut s = seat_rating(rating_at(r, 2)?, level);
            let a = rating_at(r, 5)?;
            s.after = Some(a.rating);
            s.after_deviation = Some(a.deviation);
            if let Some(slot) = seats.get_mut(seat) {
                *slot = Some(s);
            }
        }
        if let [Some(a), Some(b)] = seats {
            return Ok(Some(RatedView {
                pool,
                seats: [a, b],
            }));
        }
    }
    let accounts = seat_accounts(store.pool(), &row.id).await?;
    let mut seats = Vec::new();
    for (i, account) in accounts.iter().enumerate() {
        seats.push(match (account, level_of(row, i)) {
            (Some(a), _) => seat_rating(current(store.pool(), a, &pool).await?.0, None),
            (None, Some(level)) => {
                seat_rating(level_glicko(row, level).unwrap_or_default(), Some(level))
            }
            (None, None) => seat_rating(Rating::default(), None),
        });
    }
    let [a, b]: [SeatRating; 2] = seats.try_into().map_err(|_| anyhow::anyhow!("two seats"))?;
    Ok(Some(RatedView {
        pool,
        seats: [a, b],
    }))
}

/// What [`recompute`] found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recomputed {
    /// Rated games replayed.
    pub games: usize,
    /// Accounts' ratings compared.
    pub ratings: usize,
    /// Every difference between the stored ratings and the replay.
    pub differences: Vec<String>,
}

/// One stored seat's change, as [`recompute`] reads it.
struct Change {
    seat: usize,
    account: Option<String>,
    n: i64,
    score: f64,
    before: Rating,
    after: Rating,
}

fn close(a: &Rating, b: &Rating) -> bool {
    (a.rating - b.rating).abs() < 1e-6
        && (a.deviation - b.deviation).abs() < 1e-6
        && (a.volatility - b.volatility).abs() < 1e-9
}

/// Recomputes every rating from the stored games: starting every account
/// at a new player's rating, it replays the rated games in the order each
/// account played them (its `n`), the score of each taken from the game's
/// stored result and the computer levels at the ratings they had then,
/// through [`after`]; every stored change and every account's stored
/// rating must come out again.
///
/// # Errors
/// Storage failures.
pub async fn recompute(store: &Store) -> Result<Recomputed> {
    let rows = sqlx::query(
        "SELECT c.game_id, c.seat, c.account, c.n, c.score, \
         c.before_rating, c.before_deviation, c.before_volatility, \
         c.after_rating, c.after_deviation, c.after_volatility, c.pool, g.result, g.rated \
         FROM rating_changes c JOIN games g ON g.id = c.game_id ORDER BY c.at, c.game_id, c.seat",
    )
    .fetch_all(store.pool())
    .await?;
    let mut out = Recomputed::default();
    let mut games: Vec<(String, String, Option<String>, Vec<Change>)> = Vec::new();
    for r in &rows {
        let id: String = r.try_get(0)?;
        let change = Change {
            seat: usize::try_from(r.try_get::<i64, _>(1)?)?,
            account: r.try_get(2)?,
            n: r.try_get(3)?,
            score: r.try_get(4)?,
            before: rating_at(r, 5)?,
            after: rating_at(r, 8)?,
        };
        let pool: String = r.try_get(11)?;
        let result: Option<String> = r.try_get(12)?;
        let rated: Option<String> = r.try_get(13)?;
        if rated.as_deref() != Some(pool.as_str()) {
            out.differences
                .push(format!("game {id}: rated in {pool}, stored as {rated:?}"));
        }
        match games.last_mut() {
            Some(g) if g.0 == id => g.3.push(change),
            _ => games.push((id, pool, result, vec![change])),
        }
    }
    // Replay: a game is next once each of its accounts has played exactly
    // the games before it.
    let mut state: BTreeMap<(String, String), (Rating, i64)> = BTreeMap::new();
    let mut left: Vec<_> = games.into_iter().collect();
    loop {
        let ready = left.iter().position(|(_, pool, _, cs)| {
            cs.iter().all(|c| {
                c.account
                    .as_ref()
                    .is_none_or(|a| state.get(&(a.clone(), pool.clone())).map_or(0, |s| s.1) == c.n)
            })
        });
        let Some(i) = ready else { break };
        let (id, pool, result, mut cs) = left.remove(i);
        out.games += 1;
        cs.sort_by_key(|c| c.seat);
        let (Some(scores), [c0, c1]) = (result.as_deref().and_then(scores), &cs[..]) else {
            out.differences
                .push(format!("game {id}: not a finished game of two rated seats"));
            continue;
        };
        let before = [c0, c1].map(|c| match &c.account {
            Some(a) => state
                .get(&(a.clone(), pool.clone()))
                .map_or_else(Rating::default, |s| s.0),
            None => c.before,
        });
        let fixed = [c0, c1].map(|c| c.account.is_none());
        let replayed = after(before, fixed, scores);
        for (k, c) in [c0, c1].into_iter().enumerate() {
            if (c.score - scores[k]).abs() > 1e-9 {
                out.differences.push(format!(
                    "game {id} seat {k}: scored {} for a result {result:?}",
                    c.score
                ));
            }
            if !close(&c.before, &before[k]) {
                out.differences.push(format!(
                    "game {id} seat {k}: stored before {:?}, replayed {:?}",
                    c.before, before[k]
                ));
            }
            if !close(&c.after, &replayed[k]) {
                out.differences.push(format!(
                    "game {id} seat {k}: stored after {:?}, replayed {:?}",
                    c.after, replayed[k]
                ));
            }
            if let Some(a) = &c.account {
                let s = state
                    .entry((a.clone(), pool.clone()))
                    .or_insert((Rating::default(), 0));
                *s = (replayed[k], s.1 + 1);
            }
        }
    }
    for (id, ..) in &left {
        out.differences
            .push(format!("game {id}: out of every account's order"));
    }
    let stored =
        sqlx::query("SELECT account, pool, rating, deviation, volatility, games FROM ratings")
            .fetch_all(store.pool())
            .await?;
    for r in &stored {
        let key: (String, String) = (r.try_get(0)?, r.try_get(1)?);
        let rating = rating_at(r, 2)?;
        let count: i64 = r.try_get(5)?;
        out.ratings += 1;
        match state.remove(&key) {
            Some((replayed, n)) if close(&replayed, &rating) && n == count => {}
            other => out.differences.push(format!(
                "{} in {}: stored {rating:?} after {count} games, replayed {other:?}",
                key.0, key.1
            )),
        }
    }
    for (key, s) in state {
        out.differences.push(format!(
            "{} in {}: replayed {s:?}, not stored",
            key.0, key.1
        ));
    }
    Ok(out)
}
