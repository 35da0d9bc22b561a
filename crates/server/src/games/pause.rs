//! Vacation's stopped clocks (issue #49; docs/rulings.md, "Vacation and
//! the time bank"). A correspondence game that allows vacation stops the
//! clock of a seat to move whose account is away: the deadline is dropped
//! and the time the seat had left when its vacation began is kept in the
//! clock's `left` (`paused`), and the clock restarts with it on the
//! account's return. Who is away is the vacation concern's, asked through
//! [`super::Seating`]; every change of a clock goes through the one door
//! ([`Hub::commit`]), so another process's time keeper sees it in the
//! store.

use super::end::Change;
use super::store::GameRow;
use super::{GameError, Hub};
use crate::db::now_ms;
use std::sync::Arc;

/// A time away: from, until (ms since 1970).
pub type Away = Option<(i64, i64)>;

/// Whether vacation may stop `row`'s clocks: a correspondence game, going
/// on, that does not forbid it.
pub(super) fn allowed(row: &GameRow) -> bool {
    row.clock.is_some_and(|c| c.control.is_days())
        && !row.vacation.forbidden
        && row.result.is_none()
}

/// Whether `away` covers the instant `at`.
pub(super) fn covers(away: Away, at: i64) -> bool {
    away.is_some_and(|(from, until)| from <= at && at < until)
}

/// Stops the running clock of `seat` (the seat to move) as its vacation
/// began at `from`: it keeps what it had left then (or at its turn's
/// start, if the turn began during the vacation), never below zero.
pub(super) fn stop(row: &mut GameRow, seat: usize, from: i64) {
    let Some(c) = row.clock.as_mut() else {
        return;
    };
    let Some(d) = c.deadline else {
        return;
    };
    let start = d - c.left[seat];
    c.left[seat] = (d - from.max(start)).max(0);
    c.deadline = None;
    row.vacation.paused = true;
}

/// Restarts the stopped clock of `seat` at `now` with the time it kept.
pub(super) fn restart(row: &mut GameRow, seat: usize, now: i64) {
    if let Some(c) = row.clock.as_mut() {
        if row.vacation.paused {
            c.deadline = Some(now + c.left[seat]);
        }
    }
    row.vacation.paused = false;
}

/// After a change at `now` that leaves `to_move` to move: its clock stops
/// if its account is away (`away`, by seat) and the game allows it; an
/// ended game is never paused.
pub(super) fn after_change(row: &mut GameRow, to_move: Option<usize>, away: [Away; 2], now: i64) {
    if row.result.is_some() {
        row.vacation.paused = false;
        return;
    }
    let Some(s) = to_move else {
        return;
    };
    if row.vacation.paused && !covers(away[s], now) {
        // The seat to move is not the one away (a takeback): its clock runs.
        restart(row, s, now);
    } else if allowed(row) && !row.vacation.paused && covers(away[s], now) {
        if let Some((from, _)) = away[s] {
            stop(row, s, from);
        }
    }
}

impl Hub {
    /// The flag of `seat` (to move) in `live` has fallen at `now`: if its
    /// account was away when the deadline passed, or can take vacation
    /// days from its time bank now, the change that stops its clock
    /// instead of ending the game.
    /// The flag of `seat` (to move) in game `row` has fallen at `now`
    /// (`keep`: its plies; `account`: the seat's): if the account was away
    /// when the deadline passed, or can take vacation days from its time
    /// bank now, the change that stops its clock instead of ending the
    /// game.
    pub(super) async fn vacation_instead(
        &self,
        row: GameRow,
        account: Option<String>,
        keep: usize,
        seat: usize,
        now: i64,
    ) -> Result<Option<Change>, GameError> {
        let (Some(account), Some(d)) = (account.as_deref(), row.clock.and_then(|c| c.deadline))
        else {
            return Ok(None);
        };
        if !allowed(&row) {
            return Ok(None);
        }
        let reaches = |away: Away| away.is_some_and(|(from, until)| from <= d && now < until);
        let mut away = self.seating.away(account).await?;
        if !reaches(away) {
            away = self.seating.time_bank(account, d, now).await?;
        }
        let Some((from, _)) = away.filter(|_| reaches(away)) else {
            return Ok(None);
        };
        let mut row = row;
        stop(&mut row, seat, from);
        row.version += 1;
        row.updated = now;
        tracing::info!(game = %row.id, seat, "the clock stops: vacation");
        Ok(Some(Change {
            row,
            table: None,
            keep,
            added: Vec::new(),
            next: None,
        }))
    }

    /// Game `id`'s players' vacations changed (one went away or came
    /// back): its seats' accounts are read again, and the clock of its
    /// seat to move stops or restarts as they now say (through the one
    /// door); the other processes are told. Answers whether the clock
    /// changed.
    ///
    /// # Errors
    /// No such game, storage failures.
    pub async fn vacation_changed(self: &Arc<Self>, id: &str) -> Result<bool, GameError> {
        let entry = self.entry(id).await?;
        let mut live = entry.live.lock().await;
        let mut changed = false;
        for attempt in 0..3 {
            live.around = self.seating.around(&live.row).await?;
            let now = now_ms();
            let Some(seat) = live.table.to_move() else {
                break;
            };
            let mut row = live.row.clone();
            let away = live.around.away[seat];
            if row.vacation.paused && !(allowed(&row) && covers(away, now)) {
                restart(&mut row, seat, now);
            } else if !row.vacation.paused && allowed(&row) && covers(away, now) {
                let Some((from, _)) = away else { break };
                stop(&mut row, seat, from);
            }
            if row == live.row {
                break;
            }
            row.version += 1;
            row.updated = now;
            let deadline = row.clock.and_then(|c| c.deadline);
            let change = Change {
                row,
                table: None,
                keep: live.table.moves().len(),
                added: Vec::new(),
                next: None,
            };
            if self.commit(&mut live, change).await? {
                if let Some(d) = deadline {
                    self.deadline_set(d);
                }
                changed = true;
                break;
            }
            self.reload(id, &entry, &mut live).await?;
            if attempt == 2 {
                return Err(GameError::changed_meanwhile());
            }
        }
        drop(live);
        let _ = entry.changes.send(());
        if self.db().is_postgres() {
            super::notify_players(self.db().pool(), id).await?;
        }
        Ok(changed)
    }
}
