//! Conditional moves (issue #49; docs/rulings.md, "Conditional moves"):
//! in a correspondence game, the player who waits for the other's move
//! leaves lines "if they play X, I answer Y" (a small tree: X1 → Y1 →
//! X2 → Y2 …), each move checked when entered (legal in its line's
//! position). They are kept privately (table `conditional_moves`, one
//! tree per seat, read and written only by that seat's holder) with the
//! position they start from. When the opponent's move is committed, the
//! process that committed it, in the same commit path and before it
//! answers, looks at the tree: on a match it plays the answer at once
//! (through the normal move path: clocks, notices, the one door) and
//! keeps the matching line's continuation; otherwise the whole tree is
//! dropped. The tree is taken by a compare and set, so it is used once.

mod store;

use super::{Action, Actor, GameError, Hub};
use crate::db::Fault;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use store::{drop_all, read, take, write};
use tablero_ai::table::GameTable;
use tablero_core::{id, Message};

/// The most moves (both sides') a tree may hold.
pub const MOST_MOVES: usize = 200;

/// One line: if they play `theirs`, answer `mine`, then go on with
/// `next`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Line {
    /// The opponent's move (notation).
    #[serde(rename = "if")]
    pub theirs: String,
    /// The answer (notation).
    #[serde(rename = "then")]
    pub mine: String,
    /// The lines after the answer.
    #[serde(default)]
    pub next: Vec<Line>,
}

/// A seat's conditional moves, as its holder sees them.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Conditional {
    /// The seat whose lines they are.
    pub seat: usize,
    /// The ply of the position they start from (the opponent to move);
    /// `null` when there are none.
    pub ply: Option<usize>,
    /// The lines (the moves as the game writes them).
    pub lines: Vec<Line>,
}

/// Whether game `row` can hold conditional moves: a correspondence game
/// (days per move), the only kind [`Hub::set_conditional`] takes them
/// for. The clock's control never changes, so no other game ever holds
/// a tree.
pub(in crate::games) fn possible(row: &super::GameRow) -> bool {
    row.clock.is_some_and(|c| c.control.is_days())
}

fn not_yours() -> GameError {
    GameError::NotYours(Message::of(id!("api_conditional_not_yours")))
}

/// The number of moves in `lines`.
fn size(lines: &[Line]) -> usize {
    lines.iter().map(|l| 2 + size(&l.next)).sum()
}

/// `lines` checked in `table`'s position (`opp` to move, `seat` answers),
/// their moves written as the game writes them.
fn checked(
    table: &dyn GameTable,
    seat: usize,
    opp: usize,
    lines: &[Line],
) -> Result<Vec<Line>, GameError> {
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    for line in lines {
        let bad = |text: &str, reason: Message| {
            GameError::Invalid(
                Message::of(id!("api_conditional_illegal"))
                    .text("move", text)
                    .msg("why", reason),
            )
        };
        let mut t = table.boxed_clone();
        t.play(opp, &line.theirs)
            .map_err(|r| bad(&line.theirs, why(r)))?;
        let theirs = t.moves().last().cloned().unwrap_or_default();
        if out.iter().any(|l| l.theirs == theirs) {
            return Err(GameError::Invalid(
                Message::of(id!("api_conditional_twice")).text("move", &theirs),
            ));
        }
        if t.outcome().is_some() || t.to_move() != Some(seat) {
            return Err(GameError::Invalid(
                Message::of(id!("api_conditional_no_answer")).text("move", &theirs),
            ));
        }
        t.play(seat, &line.mine)
            .map_err(|r| bad(&line.mine, why(r)))?;
        let mine = t.moves().last().cloned().unwrap_or_default();
        let next = if line.next.is_empty() {
            Vec::new()
        } else if t.outcome().is_some() || t.to_move() != Some(opp) {
            return Err(GameError::Invalid(
                Message::of(id!("api_conditional_no_answer")).text("move", &mine),
            ));
        } else {
            checked(&*t, seat, opp, &line.next)?
        };
        out.push(Line { theirs, mine, next });
    }
    Ok(out)
}

/// The message of the table's refusal `r`.
fn why(r: tablero_ai::table::Refusal) -> Message {
    let e = GameError::from(r);
    e.message()
        .cloned()
        .unwrap_or_else(|| Message::of(id!("api_conditional_bad")))
}

impl Hub {
    /// The seat whose conditional moves `actor` reads and writes in game
    /// `id`: the one seat it holds (a same-screen game, holding both, has
    /// none).
    async fn conditional_seat(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
    ) -> Result<usize, GameError> {
        let entry = self.entry(id).await?;
        let live = entry.live.lock().await;
        match live.held(actor).as_slice() {
            [seat] => Ok(*seat),
            _ => Err(not_yours()),
        }
    }

    /// The conditional moves of the seat `actor` holds in game `id`.
    ///
    /// # Errors
    /// No such game (404), not a seat of the actor's (403), storage
    /// failures.
    pub async fn conditional(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
    ) -> Result<Conditional, GameError> {
        let seat = self.conditional_seat(id, actor).await?;
        let stored = read(self.db(), id, seat).await?;
        Ok(match stored {
            Some((ply, _, lines)) => Conditional {
                seat,
                ply: usize::try_from(ply).ok(),
                lines,
            },
            None => Conditional {
                seat,
                ply: None,
                lines: Vec::new(),
            },
        })
    }

    /// Replaces the conditional moves of the seat `actor` holds in game
    /// `id` with `lines` (none: deleted), each move checked in its line's
    /// position; committed when this answers.
    ///
    /// # Errors
    /// Not a seat of the actor's (403), a game not by correspondence or
    /// over, the actor's own turn (409), an illegal or unanswerable move,
    /// too many moves (400), storage failures.
    pub async fn set_conditional(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        lines: &[Line],
    ) -> Result<Conditional, GameError> {
        if size(lines) > MOST_MOVES {
            return Err(GameError::Invalid(
                Message::of(id!("api_conditional_too_big")).num("most", MOST_MOVES),
            ));
        }
        let entry = self.entry(id).await?;
        let live = entry.live.lock().await;
        let seat = match live.held(actor).as_slice() {
            [seat] => *seat,
            _ => return Err(not_yours()),
        };
        if !possible(&live.row) {
            return Err(GameError::NotNow(Message::of(id!(
                "api_conditional_correspondence"
            ))));
        }
        if live.table.outcome().is_some() {
            return Err(GameError::NotNow(Message::of(id!("table-game-over"))));
        }
        let opp = 1 - seat;
        if live.table.to_move() != Some(opp) {
            return Err(GameError::NotNow(Message::of(id!(
                "api_conditional_your_turn"
            ))));
        }
        let lines = checked(&*live.table, seat, opp, lines)?;
        let ply = live.table.moves().len();
        let last = live.table.moves().last().cloned();
        drop(live);
        write(self.db(), id, seat, ply, last.as_deref(), &lines).await?;
        Ok(Conditional {
            seat,
            ply: (!lines.is_empty()).then_some(ply),
            lines,
        })
    }

    /// After a move committed in game `id` (`moves`: its moves now,
    /// `to_move`: the seat to move, `token`: that seat's): takes the tree
    /// of the seat to move, if any; on a match of the last move, keeps
    /// the line's continuation and answers the move to play; otherwise
    /// the tree is dropped.
    pub(super) async fn conditional_answer(
        &self,
        id: &str,
        moves: Vec<String>,
        to_move: Option<usize>,
        token: Option<String>,
    ) -> Result<Option<(Actor, Action)>, Fault> {
        let Some(seat) = to_move else {
            // Over: every tree of the game goes.
            drop_all(self.db(), id).await?;
            return Ok(None);
        };
        let Some((ply, last, lines)) = read(self.db(), id, seat).await? else {
            return Ok(None);
        };
        if !take(self.db(), id, seat, ply).await? {
            // Another process took it.
            return Ok(None);
        }
        let n = moves.len();
        let before = n.checked_sub(2).and_then(|i| moves.get(i)).cloned();
        let fits = usize::try_from(ply).ok() == n.checked_sub(1) && last == before;
        let Some(line) = fits
            .then(|| moves.last())
            .flatten()
            .and_then(|m| lines.into_iter().find(|l| &l.theirs == m))
        else {
            return Ok(None);
        };
        let Some(token) = token else {
            return Ok(None);
        };
        if !line.next.is_empty() {
            write(self.db(), id, seat, n + 1, Some(&line.mine), &line.next).await?;
        }
        tracing::info!(game = %id, seat, "a conditional move answers");
        Ok(Some((
            Actor::Tokens(vec![token]),
            Action::Move {
                text: line.mine,
                ply: Some(n),
            },
        )))
    }
}
