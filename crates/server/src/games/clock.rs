//! The server as timekeeper: a game's clocks are stored with every move
//! (each seat's time left and the deadline of the seat to move, see
//! [`tablero_ai::clock`]), and the time keeper ends a game "lost on time"
//! at its deadline, whether or not anyone is connected. Every process on a
//! shared PostgreSQL database keeps time for every game; the stored
//! version (compare and set) lets only one of them end it.

use super::end::Change;
use super::{GameError, Hub, Live};
use crate::db::now_ms;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// The seat whose flag has fallen at `now`, if the game goes on with its
/// running clock at zero.
pub(super) fn fallen(live: &Live, now: i64) -> Option<usize> {
    let clock = live.row.clock?;
    if !clock.flagged(now) {
        return None;
    }
    live.table.to_move()
}

/// The longest the time keeper sleeps between looks at the stored
/// deadlines (a deadline set by another process is seen within it).
const LOOK_EVERY: Duration = Duration::from_millis(500);

/// The most games ended on time in one look.
const BATCH: i64 = 256;

impl Hub {
    /// A change of this process set a running clock's deadline `d`: the
    /// time keeper is woken if it would look only after it.
    pub(super) fn deadline_set(&self, d: i64) {
        if d < self.wake_at.load(Ordering::Relaxed) {
            self.deadlines.notify_one();
        }
    }

    /// Ends game `id` on time if its flag has fallen (through the one door,
    /// `Hub::commit`); answers whether this call ended it (`false` when the flag has not fallen, or another
    /// request or process ended the game first).
    ///
    /// # Errors
    /// No such game, storage failures.
    pub async fn flag(self: &Arc<Self>, id: &str) -> Result<bool, GameError> {
        let entry = self.entry(id).await?;
        let mut live = entry.live.lock().await;
        for attempt in 0..3 {
            let now = now_ms();
            let Some(seat) = fallen(&live, now) else {
                // This process's copy may be older than the stored game
                // (another process moved): look once at the stored one.
                if attempt == 0 && self.store.version(id).await? != Some(live.row.version) {
                    self.reload(id, &entry, &mut live).await?;
                    continue;
                }
                return Ok(false);
            };
            // A seat on vacation, or with days in its time bank, does not
            // lose: its clock stops instead (#49).
            let (row, account) = (live.row.clone(), live.around.accounts[seat].clone());
            let keep = live.table.moves().len();
            if let Some(change) = self.vacation_instead(row, account, keep, seat, now).await? {
                if self.commit(&mut live, change).await? {
                    drop(live);
                    let _ = entry.changes.send(());
                    return Ok(false);
                }
                self.reload(id, &entry, &mut live).await?;
                continue;
            }
            let mut table = live.table.boxed_clone();
            table.flag(seat)?;
            let change = Change::declared(&live, table, now, |c| c.flag(seat));
            if self.commit(&mut live, change).await? {
                drop(live);
                tracing::info!(game = %id, seat, "lost on time");
                let _ = entry.changes.send(());
                return Ok(true);
            }
            // Another process changed the game (perhaps it ended it on
            // time itself): look again at the stored game.
            self.reload(id, &entry, &mut live).await?;
        }
        Err(GameError::changed_meanwhile())
    }

    /// Ends on time every game whose stored deadline has passed; answers
    /// how many this call ended.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn flag_due(self: &Arc<Self>) -> Result<usize, GameError> {
        let due = self.store.flag_due(now_ms(), BATCH).await?;
        let mut ended = 0;
        for id in due {
            match self.flag(&id).await {
                Ok(true) => ended += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(game = %id, "ending on time: {e}"),
            }
        }
        Ok(ended)
    }
}

/// Keeps time for `hub`'s store until the hub is dropped: sleeps until the
/// earliest stored deadline (or [`LOOK_EVERY`], or a new deadline set by
/// this process), then ends the games whose time is up.
pub async fn keep_time(hub: std::sync::Weak<Hub>) {
    loop {
        let Some(h) = hub.upgrade() else {
            return;
        };
        // While it looks, any new deadline wakes it again at once.
        h.wake_at.store(i64::MAX, Ordering::Relaxed);
        if let Err(e) = h.flag_due().await {
            tracing::warn!("the time keeper: {e}");
        }
        let wait = match h.store.next_deadline().await {
            Ok(Some(d)) => {
                let ms = u64::try_from((d - now_ms()).max(0)).unwrap_or(0);
                Duration::from_millis(ms).min(LOOK_EVERY)
            }
            _ => LOOK_EVERY,
        };
        let deadlines = Arc::clone(&h.deadlines);
        h.wake_at.store(
            now_ms() + i64::try_from(wait.as_millis()).unwrap_or(i64::MAX),
            Ordering::Relaxed,
        );
        drop(h);
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = deadlines.notified() => {}
        }
    }
}
