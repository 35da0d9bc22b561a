//! Vacation and the time bank (issue #49; docs/rulings.md, "Vacation and
//! the time bank"). Each account has [`DAYS_A_YEAR`] whole days of
//! vacation a calendar year (UTC), as Little Golem gives. It announces a
//! time away (now or from a date, for whole days), or the time bank takes
//! one for it: when a correspondence game's deadline passes, the days
//! that reach past now are taken from the deadline on, instead of a loss
//! on time, while days remain. While an account is away, the clock of
//! every correspondence game of its that allows vacation stops where it
//! is to move (the games concern's [`Hub::vacation_changed`]), and
//! restarts with the time it had left when it comes back.
//!
//! Starts and ends are applied by [`keep_watch`] on every process (and
//! at once by the process that is asked); each game's change is a
//! compare and set through the games concern's one door, and the games
//! concern's time keeper asks this concern (through `Seating`, wired in
//! `state.rs`) before it ends a game on time, so a start not yet applied
//! still stops the clock. This concern asks the accounts concern for the
//! account's seats and the games concern for its games; it never reads
//! their tables.

pub mod store;

use crate::accounts::{AccountError, Accounts};
use crate::db::{now_ms, Db, Fault};
use crate::games::{GameError, Hub};
use serde::Serialize;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;
use tablero_ai::clock::DAY_MS;
use tablero_core::{id, Message};

/// Whole days of vacation an account has each calendar year.
pub const DAYS_A_YEAR: i64 = 20;

/// The furthest ahead a time away may be announced (days).
pub const AHEAD_DAYS: i64 = 365;

/// The most games of an account looked at when it goes or comes back.
const MOST_GAMES: i64 = 1000;

crate::refusal::concern_error! {
    /// Why the vacation concern refused.
    pub enum VacationError {
        /// Bad days or date; more days than are left.
        Invalid => Invalid,
        /// Not logged in.
        Unknown => Unknown,
        /// Not now: away already, or a game that forbids vacation.
        NotNow => NotNow,
    }
    passes on GameError, AccountError;
}

/// An account's vacation as it sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VacationView {
    /// The calendar year (UTC) the days count in.
    pub year: i64,
    /// Whole days a year.
    pub days_a_year: i64,
    /// Whole days left this year.
    pub days_left: i64,
    /// Its current or announced time away: from (ms since 1970).
    pub from: Option<i64>,
    /// Until (ms since 1970).
    pub until: Option<i64>,
    /// Whether it is away now.
    pub away: bool,
    /// Whether the time bank took it (not announced).
    pub auto: bool,
    /// Its correspondence games that forbid vacation (their clocks run).
    pub forbidden: Vec<String>,
}

/// A request to go away.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoAway {
    /// Whole days, 1 or more.
    pub days: i64,
    /// From when (ms since 1970); now if none.
    #[serde(default)]
    pub from: Option<i64>,
    /// Go even though some games forbid vacation (their clocks run on).
    #[serde(default)]
    pub anyway: bool,
}

/// The vacation concern's service.
#[derive(Clone)]
pub struct Vacations {
    db: Db,
    hub: Arc<Hub>,
    accounts: Accounts,
}

impl Vacations {
    /// The vacations kept in `db`, over `hub`'s games and the seats
    /// `accounts` holds.
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>, accounts: Accounts) -> Vacations {
        Vacations { db, hub, accounts }
    }

    /// The games `account` holds a seat in that are going on with a
    /// correspondence clock, and whether each forbids vacation.
    async fn games(&self, account: &str) -> Result<Vec<(String, bool)>, VacationError> {
        let tokens = self.accounts.all_seat_tokens(account, MOST_GAMES).await?;
        let ids: BTreeSet<String> = self
            .hub
            .seats_of_tokens(&tokens, None)
            .await?
            .into_iter()
            .map(|(game, _, _)| game)
            .collect();
        let mut games = Vec::new();
        for id in ids {
            if let Some((row, _)) = self.hub.stored(&id).await? {
                if row.result.is_none() && row.clock.is_some_and(|c| c.control.is_days()) {
                    games.push((id, row.vacation.forbidden));
                }
            }
        }
        Ok(games)
    }

    /// `account`'s vacation.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn view(&self, account: &str) -> Result<VacationView, VacationError> {
        let now = now_ms();
        let row = store::read(&self.db, account, store::year_of(now)).await?;
        let forbidden = self
            .games(account)
            .await?
            .into_iter()
            .filter_map(|(id, f)| f.then_some(id))
            .collect();
        Ok(VacationView {
            year: row.year,
            days_a_year: DAYS_A_YEAR,
            days_left: (DAYS_A_YEAR - row.used).max(0),
            from: row.away.map(|a| a.0),
            until: row.away.map(|a| a.1),
            away: row.away.is_some_and(|(f, u)| f <= now && now < u),
            auto: row.auto,
            forbidden,
        })
    }

    /// `account` announces a time away: `req.days` whole days from
    /// `req.from` (now if none). Refused when it is away or has announced
    /// one already, with too few days left, or (unless `req.anyway`) when
    /// a game of its forbids vacation.
    ///
    /// # Errors
    /// Those refusals, storage failures.
    pub async fn go(&self, account: &str, req: &GoAway) -> Result<VacationView, VacationError> {
        let now = now_ms();
        let from = req.from.unwrap_or(now).max(now);
        if from > now + AHEAD_DAYS * DAY_MS {
            return Err(VacationError::Invalid(
                Message::of(id!("api_vacation_too_far")).num("days", AHEAD_DAYS),
            ));
        }
        // Days count in the year the time away begins.
        let year = store::year_of(from);
        let row = store::read(&self.db, account, store::year_of(now)).await?;
        let left = if year == row.year {
            DAYS_A_YEAR - row.used
        } else {
            DAYS_A_YEAR
        };
        if req.days < 1 || req.days > left {
            return Err(VacationError::Invalid(
                Message::of(id!("api_vacation_days"))
                    .num("days", req.days)
                    .num("left", left.max(0)),
            ));
        }
        if row.away.is_some_and(|(_, until)| until > from) {
            return Err(VacationError::NotNow(Message::of(id!(
                "api_vacation_already"
            ))));
        }
        let forbidden: Vec<String> = self
            .games(account)
            .await?
            .into_iter()
            .filter_map(|(id, f)| f.then_some(id))
            .collect();
        if !forbidden.is_empty() && !req.anyway {
            return Err(VacationError::NotNow(
                Message::of(id!("api_vacation_forbidden"))
                    .num("games", forbidden.len())
                    .text("game", &forbidden[0]),
            ));
        }
        let year_row = if year == row.year {
            row
        } else {
            store::read(&self.db, account, year).await?
        };
        let until = from + req.days * DAY_MS;
        if !store::go_away(
            &self.db,
            account,
            year_row.year,
            (from, until),
            req.days,
            DAYS_A_YEAR,
            false,
        )
        .await?
        {
            return Err(VacationError::NotNow(Message::of(id!(
                "api_vacation_already"
            ))));
        }
        if from <= now {
            self.apply(account, (from, until)).await?;
        }
        self.view(account).await
    }

    /// `account` comes back now (or calls off an announced time away):
    /// its clocks restart with the time they kept, and the whole days
    /// not begun are given back. Refused when it is not away.
    ///
    /// # Errors
    /// That refusal, storage failures.
    pub async fn back(&self, account: &str) -> Result<VacationView, VacationError> {
        let now = now_ms();
        let row = store::read(&self.db, account, store::year_of(now)).await?;
        let Some((from, until)) = row.away else {
            return Err(VacationError::NotNow(Message::of(id!(
                "api_vacation_not_away"
            ))));
        };
        // Whole days: a day begun is used.
        let total = (until - from + DAY_MS - 1) / DAY_MS;
        let begun = if now < from {
            0
        } else {
            (now - from) / DAY_MS + 1
        };
        let refund = (total - begun).max(0);
        if now < from {
            store::come_back(&self.db, account, (from, until), refund).await?;
        } else {
            // It ends now: the clocks restart, then the row is cleared (a
            // crash between them leaves an ended time away, which the
            // watch applies again).
            let ended = (from, now.max(from + 1));
            if store::shorten(&self.db, account, (from, until), ended.1, refund).await? {
                self.apply_all(account).await?;
                store::come_back(&self.db, account, ended, 0).await?;
            }
        }
        self.view(account).await
    }

    /// Applies `account`'s time away `away` (begun) to its games, then
    /// marks it applied.
    async fn apply(&self, account: &str, away: (i64, i64)) -> Result<(), VacationError> {
        self.apply_all(account).await?;
        store::mark_started(&self.db, account, away).await?;
        Ok(())
    }

    /// Every correspondence game of `account` stops or restarts its clock
    /// as the account's vacation now says.
    async fn apply_all(&self, account: &str) -> Result<(), VacationError> {
        for (id, _) in self.games(account).await? {
            self.hub.vacation_changed(&id).await?;
        }
        Ok(())
    }

    /// Applies the times away that began (not yet applied) or ended by
    /// now; answers how many.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn tick(&self) -> Result<usize, VacationError> {
        let now = now_ms();
        let due = store::due(&self.db, now, 64).await?;
        for (account, away) in &due {
            if away.1 <= now {
                // Ended: every clock restarts first, then the row is
                // cleared (a crash between them restarts them again).
                self.apply_all(account).await?;
                store::come_back(&self.db, account, *away, 0).await?;
            } else {
                self.apply(account, *away).await?;
            }
        }
        Ok(due.len())
    }
}

/// How often [`keep_watch`] looks for times away that begin or end.
const LOOK_EVERY: Duration = Duration::from_millis(1000);

/// Applies the starts and ends of times away to the games, every
/// [`LOOK_EVERY`], as long as the process runs.
pub async fn keep_watch(vacations: Vacations) {
    loop {
        if let Err(e) = vacations.tick().await {
            tracing::warn!("vacations: {e:?}");
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

/// The time away (current or announced) of `account`, as stored now (for
/// the games concern, through `Seating`).
///
/// # Errors
/// Storage failures.
pub async fn away(db: &Db, account: &str) -> Result<crate::games::Away, Fault> {
    Ok(store::read(db, account, store::year_of(now_ms()))
        .await?
        .away)
}

/// The times away of the accounts holding a game's seats.
///
/// # Errors
/// Storage failures.
pub async fn away_of(
    db: &Db,
    accounts: &[Option<String>; 2],
) -> Result<[crate::games::Away; 2], Fault> {
    let mut out = [None, None];
    for (seat, account) in accounts.iter().enumerate() {
        if let Some(a) = account {
            out[seat] = away(db, a).await?;
        }
    }
    Ok(out)
}

/// The time bank: `account`'s deadline `deadline` passed (it is `now`):
/// it goes away from the deadline for the whole days that reach past
/// `now`, counted in the current year, if it has that many left and no
/// other time away. Answers its time away after (taken now, or by another
/// process before), or none.
///
/// # Errors
/// Storage failures.
pub async fn time_bank(
    db: &Db,
    account: &str,
    deadline: i64,
    now: i64,
) -> Result<crate::games::Away, Fault> {
    let days = (now - deadline).max(0) / DAY_MS + 1;
    let year = store::year_of(now);
    store::read(db, account, year).await?;
    let away = (deadline, deadline + days * DAY_MS);
    if store::go_away(db, account, year, away, days, DAYS_A_YEAR, true).await? {
        tracing::info!(account, days, "the time bank: vacation taken");
        return Ok(Some(away));
    }
    Ok(store::read(db, account, year).await?.away)
}
