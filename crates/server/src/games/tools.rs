//! The players' tools in a game that are not moves (issue #44): calling
//! the game off before both sides have moved (an abort, which ends the game
//! through the one door, `end.rs`, with no result and no rating), and a
//! takeback between people (an offer of the seat that just moved, which
//! the other seat accepts or declines). The rules are written in
//! docs/rulings.md, "Abort and takeback".

use super::actions::DrawAction;
use super::store::GameRow;
use super::GameError;
use tablero_ai::table::GameTable;
use tablero_core::{id, Message, Outcome};

/// Whether both seats have made a move in `table`.
pub(super) fn both_moved(table: &dyn GameTable) -> bool {
    let mut moved = [false; 2];
    for ply in 0..table.moves().len() {
        moved[table.mover_at(ply)] = true;
    }
    moved == [true, true]
}

/// Calls the game off: allowed while the game goes on and until both seats
/// have moved (whoever asks, of the seats).
///
/// # Errors
/// The game is over, or both sides have moved (409).
pub(super) fn abort(table: &mut dyn GameTable) -> Result<(), GameError> {
    if table.outcome().is_some() {
        return Err(GameError::NotNow(Message::of(id!("table-game-over"))));
    }
    if both_moved(table) {
        return Err(GameError::NotNow(Message::of(id!("api_abort_too_late"))));
    }
    table.declare(Outcome::aborted());
    Ok(())
}

/// The first ply of the last turn, played by `seat` (the turn a takeback
/// takes back: every ply of it, so that a turn of several moves goes back
/// whole).
fn turn_start(table: &dyn GameTable, seat: usize) -> usize {
    let mut k = table.moves().len();
    while k > 0 && table.mover_at(k - 1) == seat {
        k -= 1;
    }
    k
}

/// Offers, accepts or declines a takeback in `row` (its offer and clocks
/// changed here, at `now`); `held`: the seats the actor holds, `people`:
/// which seats a person plays. Answers the table taken back (accepted),
/// else `None` (the table is unchanged).
///
/// # Errors
/// Against the computer (409: it has its undo), the game over, no own last
/// turn to take back, no offer of the other seat to answer.
pub(super) fn takeback(
    row: &mut GameRow,
    table: &dyn GameTable,
    held: &[usize],
    people: [bool; 2],
    what: DrawAction,
    now: i64,
) -> Result<Option<Box<dyn GameTable>>, GameError> {
    if people != [true, true] {
        return Err(GameError::NotNow(Message::of(id!(
            "api_takeback_people_only"
        ))));
    }
    if table.outcome().is_some() {
        return Err(GameError::NotNow(Message::of(id!("table-game-over"))));
    }
    let plies = table.moves().len();
    match what {
        DrawAction::Offer => {
            // The seat that made the last turn, which is over (the other
            // seat is to move).
            let last = plies.checked_sub(1).map(|p| table.mover_at(p));
            let Some(me) = last.filter(|s| held.contains(s) && table.to_move() != Some(*s)) else {
                return Err(GameError::NotNow(Message::of(id!("api_takeback_nothing"))));
            };
            row.takeback_offer = i64::try_from(me).ok();
            Ok(None)
        }
        DrawAction::Accept | DrawAction::Decline => {
            let by = row.takeback_offer.and_then(|s| usize::try_from(s).ok());
            let Some(by) = by.filter(|by| held.iter().any(|h| h != by)) else {
                return Err(GameError::NotNow(Message::of(id!("api_takeback_no_offer"))));
            };
            row.takeback_offer = None;
            if what == DrawAction::Decline {
                return Ok(None);
            }
            let keep = turn_start(table, by);
            let back = super::replay(row, &table.moves()[..keep])?;
            if let Some(clock) = row.clock.as_mut() {
                let waiting = 1 - by;
                if keep == 0 {
                    // Back to the start: the clocks had not started.
                    *clock = tablero_ai::clock::Clock::new(clock.control);
                } else {
                    // The seat that accepts keeps what it has left now (its
                    // time since the offer is spent); the seat that takes
                    // back loses the increment its taken-back turn earned
                    // (a correspondence turn gets its full days again, as
                    // after any turn), and its clock starts now.
                    clock.left[waiting] = clock.remaining(waiting, Some(waiting), now);
                    if let tablero_ai::clock::TimeControl::Live { inc_ms, .. } = clock.control {
                        clock.left[by] = (clock.left[by] - inc_ms).max(0);
                    }
                    clock.deadline = Some(now + clock.left[by]);
                }
            }
            Ok(Some(back))
        }
    }
}

impl super::Hub {
    /// Game `id`'s name and its board's view at `ply` (the current ply
    /// when `None`), as the web's boards draw it (for a picture to share).
    ///
    /// # Errors
    /// No such game, a ply beyond the game (400), storage failures.
    pub async fn view_at(
        self: &std::sync::Arc<Self>,
        id: &str,
        ply: Option<usize>,
    ) -> Result<(String, serde_json::Value), GameError> {
        let (row, table) = self.snapshot(id).await?;
        let plies = table.moves().len();
        let ply = ply.unwrap_or(plies);
        if ply > plies {
            return Err(GameError::Invalid(
                Message::of(id!("api_ply_beyond"))
                    .num("ply", ply)
                    .num("plies", plies),
            ));
        }
        let (_, view) = table.snapshot(ply);
        Ok((row.game, view))
    }

    /// Game `id`'s name and its board's view at every ply from the start
    /// (the GIF of the whole game, #49); refused for a game of more than
    /// `max` plies.
    ///
    /// # Errors
    /// No such game, too many plies (400), storage failures.
    pub async fn all_views(
        self: &std::sync::Arc<Self>,
        id: &str,
        max: usize,
    ) -> Result<(String, Vec<serde_json::Value>), GameError> {
        let (row, table) = self.snapshot(id).await?;
        let plies = table.moves().len();
        if plies > max {
            return Err(GameError::Invalid(
                Message::of(id!("api_gif_too_long"))
                    .num("plies", plies)
                    .num("max", max),
            ));
        }
        let views = (0..=plies).map(|p| table.snapshot(p).1).collect();
        Ok((row.game, views))
    }
}
