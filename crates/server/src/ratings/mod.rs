//! Rated games: which games are rated, the rating pools, and applying a
//! finished rated game's result to its players' Glicko-2 ratings (the
//! formulas are in the `tablero_glicko` crate). The concern learns that a
//! game ended from the games concern's `GameEnded` event ([`Ratings`] is
//! its subscriber, see `crate::events`), and rates the games that ended
//! unrated (a stop between the two) when it starts.
//!
//! A *pool* is what one rating covers: one per game (Super Dimensiones'
//! 32 rule sets share one), except 8x8 draughts, with one per variant
//! (`draughts-russian`, `draughts-turkish`, `draughts-english`).

pub mod store;

use crate::db::{now_ms, Db, Fault};
use crate::events::{GameEnded, Subscriber};
use crate::games::{GameRow, Hub};
use futures_util::future::BoxFuture;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use tablero_ai::strength::level_rating;
use tablero_core::{id, Message};
use tablero_glicko::{Game as Period, Rating};

/// The fewest plies a rated game must have to change ratings: two moves
/// by each side (docs/web-api.md, "Which games are rated"). A game over
/// sooner (a resignation or a flag at once, a false claim, two accounts
/// of one person trading quick wins) is rated for nobody.
pub const MIN_RATED_PLIES: i64 = 4;

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

/// The rating pools the leaderboards list: those of the games the web app
/// offers (8x8 draughts, rated through no page, has none listed).
#[must_use]
pub fn offered_pools() -> Vec<Pool> {
    pools()
        .into_iter()
        .filter(|p| crate::games::catalog::find(p.game).is_some())
        .collect()
}

crate::refusal::concern_error! {
    /// Why the ratings concern failed (it refuses nothing: a game that is
    /// not to be rated is not rated).
    pub enum RatingError {}
}

impl From<crate::games::GameError> for RatingError {
    fn from(e: crate::games::GameError) -> Self {
        RatingError::Internal(Fault::from(e))
    }
}

type Result<T, E = RatingError> = std::result::Result<T, E>;

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
    crate::games::ai_level(&row.seats[seat])
}

/// The fixed rating of the computer at `level` in `row`'s game.
fn level_glicko(row: &GameRow, level: u8) -> Option<Rating> {
    level_rating(&row.game, &row.variant, level).map(|r| Rating::new(r.rating, r.deviation))
}

/// The seats' holders where both can be rated, or why not: each seat is
/// held by an account (`accounts`) or the computer at a level with a
/// measured rating, not both by the computer and not both by one account.
fn holders(row: &GameRow, accounts: &[Option<String>; 2]) -> Result<[Holder; 2], Message> {
    let holder = |seat: usize| match (&accounts[seat], level_of(row, seat)) {
        (Some(id), None) => Ok(Holder::Account(id.clone())),
        (_, Some(level)) => level_glicko(row, level)
            .map(|r| Holder::Level(level, r))
            .ok_or_else(|| Message::of(id!("api_rated_level")).num("level", level)),
        (None, None) => Err(Message::of(id!("api_seek_rated_login"))),
    };
    let both = [holder(0)?, holder(1)?];
    match &both {
        [Holder::Level(..), Holder::Level(..)] => Err(Message::of(id!("api_rated_two_computers"))),
        [Holder::Account(x), Holder::Account(y)] if x == y => {
            Err(Message::of(id!("api_rated_same_account")))
        }
        _ => Ok(both),
    }
}

/// The pool in which game `row`, created rated with its seats held by
/// `accounts`, is rated; or why it cannot be: a rated game has a clock
/// (live or days per move), is a single game (not a two-game match), and
/// each seat is held by an account or by the computer at a level with a
/// measured rating, not both by the computer and not both by one account.
/// Asked once, when the game is created (rated is chosen, never
/// inferred).
///
/// # Errors
/// Why the game cannot be rated.
pub fn rated_pool(row: &GameRow, accounts: &[Option<String>; 2]) -> Result<String, Message> {
    if row.clock.is_none() {
        return Err(Message::of(id!("api_seek_rated_clock")));
    }
    if row.chain.match_game.is_some() {
        return Err(Message::of(id!("api_rated_match")));
    }
    holders(row, accounts)?;
    Ok(pool_of(&row.game, &row.variant))
}

/// Seat 0's and seat 1's scores in a finished game's result code
/// (`w0:goal`, `d:agreed`); none for a game called off (`x:aborted`).
fn scores(result: &str) -> Option<[f64; 2]> {
    match result.split(':').next()? {
        "w0" => Some([1.0, 0.0]),
        "w1" => Some([0.0, 1.0]),
        "d" => Some([0.5, 0.5]),
        _ => None,
    }
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
    /// Not to be rated (casual, unfinished, under [`MIN_RATED_PLIES`], a seat's
    /// account deleted), or rated already.
    No,
}

/// The ratings concern's service: rates finished games, as their ends are
/// heard ([`Subscriber`]) or found unrated in the store.
#[derive(Clone)]
pub struct Ratings {
    db: Db,
    hub: Arc<Hub>,
}

impl Ratings {
    /// The ratings of `db`'s accounts, for `hub`'s games.
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>) -> Ratings {
        Ratings { db, hub }
    }

    /// Rates the rated games that ended and are not yet rated, one at a
    /// time strictly in the order they ended (their end sequence), on any
    /// process: each game is rated in a transaction that first moves the
    /// stored cursor (`rating_cursor`) from the end before it to its own
    /// (compare and set), so two processes never rate one game twice and a
    /// game is never rated before one that ended earlier (a game the
    /// cursor passes unrated, a casual or unfinished one, is never rated).
    /// Answers the games rated by this call, in order.
    ///
    /// # Errors
    /// Storage failures (the games after the failing one wait for it).
    pub async fn advance(&self) -> Result<Vec<String>> {
        let mut rated = Vec::new();
        let mut moved = 0;
        loop {
            let cursor = store::cursor(&self.db).await?;
            let Some((id, seq)) = store::next_rated_end(&self.db, cursor).await? else {
                return Ok(rated);
            };
            match self.rate_once(&id, cursor, seq).await? {
                Some(Rated::Now) => rated.push(id),
                Some(Rated::No) => {}
                None => {
                    // Another process moved the cursor first: look again.
                    moved += 1;
                    if moved > 1000 {
                        return Err(RatingError::Internal(Fault::new(
                            "the ratings' cursor kept moving meanwhile",
                        )));
                    }
                    tokio::task::yield_now().await;
                }
            }
        }
    }

    /// Rates finished game `id` if it is rated and not yet rated, with
    /// every rated game that ended before it first ([`Ratings::advance`]);
    /// answers whether this call rated it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn rate(&self, id: &str) -> Result<Rated> {
        Ok(if self.advance().await?.iter().any(|g| g == id) {
            Rated::Now
        } else {
            Rated::No
        })
    }

    /// Moves the cursor from `cursor` to `seq`, the end of game `id`, and
    /// rates the game if it is to be rated, in one transaction: `None` when
    /// another process moved the cursor first (nothing done).
    async fn rate_once(&self, id: &str, cursor: i64, seq: i64) -> Result<Option<Rated>> {
        let row = self.hub.stored(id).await?.map(|(row, _)| row);
        let accounts = seat_accounts(&self.db, id).await?;
        let mut tx = self.db.pool().begin().await.map_err(Fault::from)?;
        if !store::move_cursor(&mut tx, cursor, seq).await? {
            return Ok(None);
        }
        let to_rate = row.as_ref().and_then(|row| {
            let pool = row.rated.clone()?;
            let scores = scores(row.result.as_deref()?).filter(|_| row.ply >= MIN_RATED_PLIES)?;
            let holders = holders(row, &accounts).ok()?;
            Some((pool, scores, holders))
        });
        let Some((pool, scores, holders)) = to_rate else {
            tx.commit().await.map_err(Fault::from)?;
            return Ok(Some(Rated::No));
        };
        if store::rated(&mut tx, id).await? {
            tx.commit().await.map_err(Fault::from)?;
            return Ok(Some(Rated::No));
        }
        let mut before = [Rating::default(); 2];
        let mut counts = [0i64; 2];
        for (i, h) in holders.iter().enumerate() {
            match h {
                Holder::Account(a) => {
                    (before[i], counts[i]) = store::current(&mut *tx, a, &pool).await?
                }
                Holder::Level(_, r) => before[i] = *r,
            }
        }
        let fixed = holders.clone().map(|h| matches!(h, Holder::Level(..)));
        let after = after(before, fixed, scores);
        let now = now_ms();
        for (i, h) in holders.iter().enumerate() {
            let (account, level) = match h {
                Holder::Account(a) => (Some(a.clone()), None),
                Holder::Level(l, _) => (None, Some(*l)),
            };
            store::insert_change(
                &mut tx,
                &store::ChangeRow {
                    game: id.to_string(),
                    seat: i,
                    account: account.clone(),
                    level,
                    pool: pool.clone(),
                    n: counts[i],
                    score: scores[i],
                    before: before[i],
                    after: after[i],
                    at: now,
                },
            )
            .await?;
            let Some(account) = account else { continue };
            if !store::set_rating(&mut tx, &account, &pool, after[i], counts[i], now).await? {
                // Only the cursor's holder writes ratings: another writer
                // is a fault, and nothing of this game is kept.
                return Err(RatingError::Internal(Fault::new(format!(
                    "game {id}: {account}'s rating in {pool} changed outside the cursor"
                ))));
            }
        }
        if self.db.is_postgres() {
            crate::games::notify_players(&mut *tx, id).await?;
        }
        tx.commit().await.map_err(Fault::from)?;
        tracing::info!(game = %id, seq, pool = %pool, "rated");
        Ok(Some(Rated::Now))
    }

    /// The finished rated games not yet rated (a stop between a game's end
    /// and its rating, or a rating that failed), in the order they ended.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn unrated(&self, limit: i64) -> Result<Vec<String>> {
        Ok(store::unrated(&self.db, limit).await?)
    }

    /// Rates every finished rated game not yet rated, in the order they
    /// ended (their viewers see the ratings); answers how many.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn catch_up(&self) -> Result<usize> {
        self.rated_now().await
    }

    /// Rates what is to be rated ([`Ratings::advance`]); the viewers in
    /// this process of the games this call rated see the ratings (the
    /// other processes are told in each rating's transaction).
    async fn rated_now(&self) -> Result<usize> {
        let ids = self.advance().await?;
        if !ids.is_empty() {
            self.hub.players_changed(&ids).await?;
        }
        Ok(ids.len())
    }

    /// An account's ratings: pool, rating, rated games.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn of_account(&self, account: &str) -> Result<Vec<(String, Rating, i64)>> {
        Ok(store::of_account(&self.db, account).await?)
    }

    /// An account's rating around each of its rated games, by pool in the
    /// order rated: pool, rated games before it in the pool, when, the
    /// rating before and after.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn history(&self, account: &str) -> Result<Vec<(String, i64, i64, f64, f64)>> {
        Ok(store::history(&self.db, account).await?)
    }
}

/// The ratings concern hears every game's end: a rated one is rated.
impl Subscriber for Ratings {
    fn name(&self) -> &'static str {
        "ratings"
    }

    fn apply<'a>(&'a self, e: &'a GameEnded) -> BoxFuture<'a, Result<(), Fault>> {
        Box::pin(async move {
            if e.rated.is_some() {
                self.rated_now().await.map_err(Fault::from)?;
            }
            Ok(())
        })
    }

    fn catch_up(&self) -> BoxFuture<'_, Result<usize, Fault>> {
        Box::pin(async move { Ratings::catch_up(self).await.map_err(Fault::from) })
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

impl RatedView {
    /// The view with the figures of the seats marked in `hidden` left out
    /// (a private account's, for a spectator: docs/web-api.md, "Private
    /// profiles"), as JSON: such a seat is `{"private": true}` with every
    /// figure `null`.
    #[must_use]
    pub fn hiding(&self, hidden: [bool; 2]) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        for (i, hide) in hidden.into_iter().enumerate() {
            if hide {
                v["seats"][i] = serde_json::json!({
                    "rating": null, "deviation": null, "provisional": false, "level": null,
                    "after": null, "after_deviation": null, "private": true,
                });
            }
        }
        v
    }
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

/// The ratings game `row` shows: `None` for a casual game (or one not yet
/// started); before the game (the players' current ratings while it is
/// played), and after it once rated.
///
/// # Errors
/// Storage failures.
pub async fn view(db: &Db, row: &GameRow) -> Result<Option<RatedView>, Fault> {
    let Some(pool) = row.rated.clone() else {
        return Ok(None);
    };
    let changes = store::changes_of(db, &row.id).await?;
    if changes.len() == 2 {
        let mut seats = [None, None];
        for c in &changes {
            let mut s = seat_rating(c.before, c.level);
            s.after = Some(c.after.rating);
            s.after_deviation = Some(c.after.deviation);
            if let Some(slot) = seats.get_mut(c.seat) {
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
    let accounts = seat_accounts(db, &row.id).await?;
    let mut seats = Vec::new();
    for (i, account) in accounts.iter().enumerate() {
        seats.push(match (account, level_of(row, i)) {
            (Some(a), _) => seat_rating(store::current(db.pool(), a, &pool).await?.0, None),
            (None, Some(level)) => {
                seat_rating(level_glicko(row, level).unwrap_or_default(), Some(level))
            }
            (None, None) => seat_rating(Rating::default(), None),
        });
    }
    let [a, b]: [SeatRating; 2] = seats
        .try_into()
        .map_err(|_| Fault::new("a game of two seats"))?;
    Ok(Some(RatedView {
        pool,
        seats: [a, b],
    }))
}

/// The live accounts holding seats 0 and 1 of game `id` (`None` for a
/// seat no live account holds: anonymous, a computer, a deleted account).
async fn seat_accounts(db: &Db, id: &str) -> Result<[Option<String>; 2], Fault> {
    Ok(crate::accounts::seat_players(db, id).await?.1)
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
/// at a new player's rating, it replays the rated games in the order they
/// ended (their end sequence), the score of each taken from the game's
/// stored result and the computer levels at the ratings they had then,
/// through [`after`]; every stored change (with its count of the
/// account's games before it) and every account's stored rating must
/// come out again.
///
/// # Errors
/// Storage failures.
pub async fn recompute(db: &Db) -> Result<Recomputed> {
    let rows = store::all_changes(db).await?;
    let mut out = Recomputed::default();
    let mut games: Vec<(String, String, Option<String>, Vec<Change>)> = Vec::new();
    for r in rows {
        let id = r.change.game;
        let change = Change {
            seat: r.change.seat,
            account: r.change.account,
            n: r.change.n,
            score: r.change.score,
            before: r.change.before,
            after: r.change.after,
        };
        let pool = r.change.pool;
        let (result, rated) = (r.result, r.rated);
        if rated.as_deref() != Some(pool.as_str()) {
            out.differences
                .push(format!("game {id}: rated in {pool}, stored as {rated:?}"));
        }
        match games.last_mut() {
            Some(g) if g.0 == id => g.3.push(change),
            _ => games.push((id, pool, result, vec![change])),
        }
    }
    // Replay in the order the games ended.
    let mut state: BTreeMap<(String, String), (Rating, i64)> = BTreeMap::new();
    for (id, pool, result, mut cs) in games {
        out.games += 1;
        cs.sort_by_key(|c| c.seat);
        let (Some(scores), [c0, c1]) = (result.as_deref().and_then(scores), &cs[..]) else {
            out.differences
                .push(format!("game {id}: not a finished game of two rated seats"));
            continue;
        };
        let now = [c0, c1].map(|c| {
            c.account
                .as_ref()
                .and_then(|a| state.get(&(a.clone(), pool.clone())).copied())
        });
        let before = [c0, c1].map(|c| match (&c.account, now[c.seat]) {
            (Some(_), Some(s)) => s.0,
            (Some(_), None) => Rating::default(),
            (None, _) => c.before,
        });
        let fixed = [c0, c1].map(|c| c.account.is_none());
        let replayed = after(before, fixed, scores);
        for (k, c) in [c0, c1].into_iter().enumerate() {
            let played = now[k].map_or(0, |s| s.1);
            if c.account.is_some() && c.n != played {
                out.differences.push(format!(
                    "game {id} seat {k}: rated after {} games, ended after {played}",
                    c.n
                ));
            }
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
                state.insert((a.clone(), pool.clone()), (replayed[k], played + 1));
            }
        }
    }
    for (account, pool, rating, count) in store::all_ratings(db).await? {
        let key = (account, pool);
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
