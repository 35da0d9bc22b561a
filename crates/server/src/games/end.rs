//! The one door a game's changes go through, and so every end of a game:
//! a result on the board, a resignation, an agreed draw, a fallen flag, a
//! claim (proved or false), and the server's own ends, a forfeit and an abort ([`Ending`]).
//! [`Hub::commit`] writes a change in one commit; when the change ends the
//! game, the end is numbered in that same commit (the end sequence,
//! `games.end_seq`) and, on PostgreSQL, the other processes are told there
//! too; once committed, this process's bus carries the [`GameEnded`]
//! event. The ratings and mail concerns (and whoever comes next) subscribe
//! to it: the games concern names none of them.

use super::catalog::{outcome_code, parse_outcome_code};
use super::store::{Committed, EndWrite, GameRow};
use super::{Entry, GameError, Hub, Live};
use crate::db::now_ms;
use crate::events::{EndKind, EndedSeat, GameEnded, Notice, Turn};
use std::sync::Arc;
use tablero_ai::table::GameTable;
use tablero_core::{id, Message, Outcome, Player, Reason};

/// A change of a live game, computed from the live copy: its new row
/// (with its version bumped) and table, the moves kept and added, and the
/// game created with it (a match's second game, a rematch).
pub(super) struct Change {
    pub row: GameRow,
    /// The new table; `None`: the table does not change (only the row).
    pub table: Option<Box<dyn GameTable>>,
    /// The moves kept of those stored.
    pub keep: usize,
    /// The moves added after them.
    pub added: Vec<String>,
    pub next: Option<GameRow>,
}

impl Change {
    /// The change of `live` to `table`, whose result was declared from
    /// outside the board (a fallen flag, the server's end): the row's
    /// result, no draw offer, the clocks as `clock` leaves them, at `now`.
    pub(super) fn declared(
        live: &Live,
        table: Box<dyn GameTable>,
        now: i64,
        clock: impl FnOnce(&mut tablero_ai::clock::Clock),
    ) -> Change {
        let mut row = live.row.clone();
        if let Some(c) = row.clock.as_mut() {
            clock(c);
        }
        row.declared = table.declared().map(|o| outcome_code(&o));
        row.result = table.outcome().map(|o| outcome_code(&o));
        row.draw_offer = None;
        row.takeback_offer = None;
        row.version += 1;
        row.updated = now;
        Change {
            row,
            keep: live.table.moves().len(),
            table: Some(table),
            added: Vec::new(),
            next: None,
        }
    }
}

/// An end the server declares from outside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The seat loses by forfeit (it did not come, or left an event): the
    /// other seat wins, reason `forfeit`.
    Forfeit(usize),
    /// The game is called off: nobody wins, nobody scores, reason
    /// `aborted`; never rated.
    Abort,
}

/// How the stored result `code` ended a game.
fn kind_of(code: &str) -> EndKind {
    match parse_outcome_code(code).map(|o| o.reason) {
        Some(Reason::Resign) => EndKind::Resign,
        Some(Reason::Agreed) => EndKind::Agreed,
        Some(Reason::Time) => EndKind::Flag,
        Some(Reason::Claim) => EndKind::Claim,
        Some(Reason::FalseClaim) => EndKind::FalseClaim,
        Some(Reason::Forfeit) => EndKind::Forfeit,
        Some(Reason::Aborted) => EndKind::Abort,
        _ => EndKind::Board,
    }
}

/// The event of `row`'s end (its number not yet known), the seats held by
/// `accounts`.
fn ended(row: &GameRow, accounts: &[Option<String>; 2]) -> GameEnded {
    let result = row.result.clone().unwrap_or_default();
    GameEnded {
        game: row.id.clone(),
        seq: 0,
        name: row.game.clone(),
        variant: row.variant.clone(),
        kind: kind_of(&result),
        winner: parse_outcome_code(&result).and_then(|o| o.winner.map(Player::index)),
        result,
        seats: [0, 1].map(|s| EndedSeat {
            kind: row.seats[s].kind.clone(),
            level: super::ai_level(&row.seats[s]),
            account: accounts[s].clone(),
        }),
        rated: row.rated.clone(),
        clock: row.clock.map(|c| c.control.to_string()),
        plies: row.ply,
        at: row.updated,
    }
}

impl Hub {
    /// Writes `change` to the game `live` (its entry's locked copy) in one
    /// commit: the door every change of a game goes through. When the
    /// change ends the game, the end is numbered and (PostgreSQL) told to
    /// the other processes in that commit, and once it is committed this
    /// process's bus carries it. Answers whether it was written (`false`:
    /// the stored game had changed, and nothing was).
    ///
    /// # Errors
    /// Storage failures (a full disk, the database gone): nothing was
    /// written, or, where the commit's answer was lost, the game as stored
    /// is what `live` holds now.
    pub(super) async fn commit(&self, live: &mut Live, change: Change) -> Result<bool, GameError> {
        let Change {
            row,
            table,
            keep,
            added,
            next,
        } = change;
        let ends = row.result.is_some() && live.row.result.is_none();
        let reopens = row.result.is_none() && live.row.result.is_some();
        let mut event = ends.then(|| ended(&row, &live.around.accounts));
        let end = match &event {
            Some(e) => EndWrite::Ends(Box::new(e.clone())),
            None if reopens => EndWrite::Reopens,
            None => EndWrite::Keep,
        };
        let had = live.table.moves().len();
        // The holders of its seats are told of a move, an undo or the end
        // (the notices socket), in this commit for the other processes.
        let turn = (row.ply != live.row.ply || ends || reopens).then(|| Turn {
            game: row.id.clone(),
            to_move: if row.result.is_some() {
                None
            } else {
                table.as_ref().unwrap_or(&live.table).to_move()
            },
            ended: ends,
            ply: row.ply,
            accounts: live.around.accounts.clone(),
        });
        // Only PostgreSQL sends it (SQLite has one process).
        let told = turn
            .as_ref()
            .filter(|_| self.db().is_postgres())
            .map(|t| self.bus.notice_payload(&Notice::Turn(t.clone())));
        let done = match self
            .store
            .save_with(&row, (keep, had), &added, next.as_ref(), end, told)
            .await
        {
            Ok(done) => done,
            Err(e) => {
                // Nothing is answered as done. The copy takes the stored
                // game again: a commit whose answer was lost may have been
                // written after all. Not when the database is away (no
                // connection, or it went during the commit): reading now
                // would make the answer wait for it once more (2 s where
                // about 1 s is promised). A write that did land is found
                // by the version check of the game's next change, by a
                // read's version check on PostgreSQL, and by the catch-up
                // once the database returns ([`Hub::resync`]).
                if !e.unavailable() {
                    if let Ok(Some(fresh)) = self.load_live(&live.row.id).await {
                        live.refresh(fresh);
                    }
                }
                return Err(e.into());
            }
        };
        if done != Committed::Stale {
            if let Some(t) = turn {
                self.bus.tell(Notice::Turn(t));
            }
        }
        match done {
            Committed::Stale => return Ok(false),
            Committed::Done => event = None,
            Committed::Ended(seq) => {
                if let Some(e) = event.as_mut() {
                    e.seq = seq;
                }
            }
        }
        live.row = row;
        if let Some(t) = table {
            live.table = t;
        }
        if let Some(e) = event {
            tracing::info!(game = %e.game, seq = e.seq, result = %e.result, "ended");
            self.bus.publish(e);
        }
        Ok(true)
    }

    /// Ends game `id` as the server declares (see [`Ending`]), through the
    /// one door.
    ///
    /// # Errors
    /// No such game, a seat that is not one (400), a game already over
    /// (409), storage failures.
    pub async fn end(self: &Arc<Self>, id: &str, how: Ending) -> Result<(), GameError> {
        let entry: Arc<Entry> = self.entry(id).await?;
        let mut live = entry.live.lock().await;
        for _ in 0..2 {
            if live.table.outcome().is_some() {
                return Err(GameError::NotNow(Message::of(id!("table-game-over"))));
            }
            let outcome = match how {
                Ending::Forfeit(seat) if seat < 2 => {
                    Outcome::win(Player::ALL[1 - seat], Reason::Forfeit)
                }
                Ending::Forfeit(seat) => return Err(GameError::bad_first(seat)),
                Ending::Abort => Outcome::aborted(),
            };
            let now = now_ms();
            let mut table = live.table.boxed_clone();
            let to_move = table.to_move();
            table.declare(outcome);
            let change = Change::declared(&live, table, now, |c| c.stop(to_move, now));
            if self.commit(&mut live, change).await? {
                drop(live);
                let _ = entry.changes.send(());
                return Ok(());
            }
            // Another process changed the game: look again at the stored one.
            self.reload(id, &entry, &mut live).await?;
        }
        Err(GameError::changed_meanwhile())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_reason_has_its_kind_of_end() {
        for (code, kind) in [
            ("w0:goal", EndKind::Board),
            ("d:repetition", EndKind::Board),
            ("w1:resign", EndKind::Resign),
            ("d:agreed", EndKind::Agreed),
            ("w0:time", EndKind::Flag),
            ("w1:claim", EndKind::Claim),
            ("w0:false-claim", EndKind::FalseClaim),
            ("w0:forfeit", EndKind::Forfeit),
            ("x:aborted", EndKind::Abort),
        ] {
            assert_eq!(kind_of(code), kind, "{code}");
        }
    }
}
