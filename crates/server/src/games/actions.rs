//! What players do: who may act for which seat, the action applied to a
//! copy of the game's table (whose rules are the same as the terminal's),
//! and the change committed to the store before it is answered.

use super::catalog::outcome_code;
use super::end::Change;
use super::store::GameRow;
use super::{render, Actor, GameError, Hub};
use crate::db::now_ms;
use serde::Deserialize;
use std::sync::Arc;
use tablero_ai::table::GameTable;
use tablero_core::{id, Message, Reason};

/// Something a player does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A move in notation, made having seen `ply` plies (if given).
    Move {
        /// The notation.
        text: String,
        /// The plies the mover saw.
        ply: Option<usize>,
    },
    /// Take back the last own move and the computer's reply.
    Undo,
    /// Claim the win (where the game has a claim of its own).
    Claim,
    /// Give up.
    Resign,
    /// Offer, accept or decline a draw.
    Draw(DrawAction),
    /// Call the game off before both sides have moved: no result, no
    /// rating (see docs/rulings.md, "Abort and takeback").
    Abort,
    /// Offer to take back one's last turn (a game between people), or
    /// accept or decline the other seat's offer.
    Takeback(DrawAction),
}

/// What to do about a draw.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    /// Offer one.
    Offer,
    /// Accept the opponent's.
    Accept,
    /// Decline the opponent's.
    Decline,
}

impl Hub {
    /// Does `action` for `actor`; answers the new state.
    ///
    /// # Errors
    /// Refused actions (the game is then unchanged) and storage failures.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        action: Action,
    ) -> Result<render::GameState, GameError> {
        // Boxed: the action's path is a large future (about 8.5 KiB), and
        // every socket's task awaiting it inline held that much for its
        // whole life, idle or not (docs/web-api.md, the load figures).
        let entry = Box::pin(self.act_only(id, actor, action)).await?;
        // Rendered after the kick, so that `thinking` is already shown.
        let mut live = entry.live.lock().await;
        let mut st = render::state(&mut live, actor, None, entry.connected());
        let chain = live.row.chain.clone();
        drop(live);
        self.add_match(&mut st, &chain).await;
        Ok(st)
    }

    /// Does `action` for `actor`, with no answer but success (a socket's
    /// action is answered by an acknowledgement; the new state reaches
    /// every socket of the game once).
    ///
    /// # Errors
    /// As [`Hub::act`].
    pub async fn act_quietly(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        action: Action,
    ) -> Result<(), GameError> {
        Box::pin(self.act_only(id, actor, action)).await.map(drop)
    }

    /// Does `action` (through the one door, [`Hub::commit`]), tells the
    /// game's watchers and starts the computer; answers the game's entry.
    async fn act_only(
        self: &Arc<Self>,
        id: &str,
        actor: &Actor,
        action: Action,
    ) -> Result<Arc<super::Entry>, GameError> {
        let entry = self.entry(id).await?;
        let mut live = entry.live.lock().await;
        let moved = matches!(action, Action::Move { .. });
        for attempt in 0..2 {
            let now = now_ms();
            // The flag fell before this action arrived (whether or not the
            // time keeper has noticed yet): the game ends on time first.
            if let Some(seat) = super::clock::fallen(&live, now) {
                let why = live.table.time_up(seat);
                drop(live);
                if self.flag(id).await? || attempt == 1 {
                    return Err(GameError::NotNow(why));
                }
                // Not ended: the seat is on vacation (#49), its clock
                // stopped; the action is judged on the game as it is.
                live = entry.live.lock().await;
                continue;
            }
            let before = Before {
                now,
                row: live.row.clone(),
                table: live.table.boxed_clone(),
                held: live.held(actor),
                ai: [live.ai_level(0), live.ai_level(1)],
                away: live.around.away,
            };
            // A claim or a draw offer may ask the computer to solve (an
            // exact level takes tens of milliseconds): that runs on the
            // blocking pool, never on the threads that serve sockets.
            let heavy = matches!(action, Action::Claim | Action::Draw(_));
            let applied = if heavy {
                let (actor, action) = (actor.clone(), action.clone());
                tokio::task::spawn_blocking(move || apply(before, &actor, &action))
                    .await
                    .map_err(|e| crate::db::Fault::new(format!("the action failed: {e}")))?
            } else {
                apply(before, actor, &action)
            };
            let (row, table) = match applied {
                Ok(done) => done,
                Err(GameError::Internal(f)) => return Err(GameError::Internal(f)),
                Err(refusal) => {
                    // Judged on the cached copy: if another process has
                    // changed the game since (its version in the store is
                    // not the copy's), the action is judged again on the
                    // stored game, so that a reply sent right after another
                    // process's ack is not refused for a position gone.
                    if attempt == 0 && self.store.version(id).await? != Some(live.row.version) {
                        self.reload(id, &entry, &mut live).await?;
                        continue;
                    }
                    return Err(with_ply(refusal, live.table.moves().len()));
                }
            };
            let keep = common_prefix(live.table.moves(), table.moves());
            // The end of a match's first game starts its second.
            let mut row = row;
            let next = (row.result.is_some()
                && !row.result.as_deref().is_some_and(|r| r.starts_with("x:"))
                && row.chain.match_game == Some(1)
                && row.chain.next_game.is_none())
            .then(|| super::chain::successor(&row, Some(2)));
            if let Some(n) = &next {
                row.chain.next_game = Some(n.id.clone());
            }
            let deadline = row.clock.and_then(|c| c.deadline);
            let change = Change {
                added: table.moves()[keep..].to_vec(),
                row,
                table: Some(table),
                keep,
                next,
            };
            if self.commit(&mut live, change).await? {
                if let Some(d) = deadline {
                    self.deadline_set(d);
                }
                break;
            }
            // Another process changed the game: reload it and try again.
            self.reload(id, &entry, &mut live).await?;
            if attempt == 1 {
                return Err(GameError::changed_meanwhile());
            }
        }
        // A move may be answered at once by the conditional moves of the
        // seat now to move (#49), in this same path, before the answer.
        // Only a correspondence game can hold them (`set_conditional`), so
        // no other game's move looks in the store for them (a query a
        // move, issue #42).
        let to_move = live.table.to_move();
        let answer = if moved && super::conditional::possible(&live.row) {
            let moves = live.table.moves().to_vec();
            let token = to_move.and_then(|s| live.row.seats[s].token.clone());
            Some((moves, token))
        } else {
            None
        };
        drop(live);
        let _ = entry.changes.send(());
        if let Some((moves, token)) = answer {
            match self.conditional_answer(id, moves, to_move, token).await {
                Ok(Some((who, what))) => {
                    if let Err(e) = Box::pin(self.act_only(id, &who, what)).await {
                        tracing::warn!(game = %id, "a conditional move: {e:?}");
                    }
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(game = %id, "conditional moves: {e}"),
            }
        }
        self.kick(id, &entry).await;
        Ok(entry)
    }
}

/// A refusal of a move out of turn carries the ply the game is at, like
/// one for a position moved on (`table-moved-on`): the client may tell
/// whether it is behind.
fn with_ply(refusal: GameError, ply: usize) -> GameError {
    match refusal {
        GameError::NotYours(m) if m.id() == "table-not-your-turn" => {
            GameError::NotYours(m.num("ply", ply))
        }
        other => other,
    }
}

/// The number of leading moves two lists share.
fn common_prefix(a: &[String], b: &[String]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A live game as an action finds it: a copy of its row and table, the
/// seats the actor holds and the computer's levels by seat.
struct Before {
    /// When the action arrived (ms since 1970).
    now: i64,
    row: GameRow,
    table: Box<dyn GameTable>,
    held: Vec<usize>,
    ai: [Option<u8>; 2],
    /// The seats' accounts' times away (#49).
    away: [super::pause::Away; 2],
}

/// The game after `action`: its stored row and its table.
fn apply(
    before: Before,
    actor: &Actor,
    action: &Action,
) -> Result<(GameRow, Box<dyn GameTable>), GameError> {
    let Before {
        now,
        row,
        mut table,
        held,
        ai,
        away,
    } = before;
    if held.is_empty() {
        return Err(GameError::NotYours(Message::of(id!("table-spectator"))));
    }
    if row.chain.next_game.is_some() {
        return Err(GameError::NotNow(Message::of(id!("table-next-started"))));
    }
    if let Some(o) = table.outcome().filter(|o| o.reason == Reason::Time) {
        let loser = o.winner.map_or(0, |w| 1 - w.index());
        return Err(GameError::NotNow(table.time_up(loser)));
    }
    let to_move = table.to_move();
    // The seat that acts: the one to move where the actor holds it (a
    // same-screen game holds both), else the actor's seat.
    let acting = match to_move {
        Some(s) if held.contains(&s) => s,
        _ => held[0],
    };
    let mut row = row;
    match action {
        Action::Abort => {
            super::tools::abort(&mut *table)?;
        }
        Action::Takeback(what) => {
            let seats = [ai[0].is_none(), ai[1].is_none()];
            if let Some(t) = super::tools::takeback(&mut row, &*table, &held, seats, *what, now)? {
                table = t;
            }
        }
        Action::Move { text, ply } => {
            if table.outcome().is_some() {
                return Err(GameError::NotNow(Message::of(id!("table-game-over"))));
            }
            if let Some(p) = ply {
                if *p != table.moves().len() {
                    let ply = table.moves().len();
                    return Err(GameError::NotNow(
                        Message::of(id!("table-moved-on"))
                            .num("ply", ply)
                            .num("seen", *p),
                    ));
                }
            }
            table.play(acting, text)?;
        }
        Action::Undo => {
            if row.clock.is_some() {
                return Err(GameError::NotNow(Message::of(tablero_i18n::id!(
                    "table-clock-no-undo"
                ))));
            }
            if let Actor::Computer(_) = actor {
                return Err(GameError::NotYours(Message::of(id!(
                    "table-computer-no-undo"
                ))));
            }
            // The actor's person seat (a same-screen game against the
            // computer holds only that one).
            let me = held
                .iter()
                .copied()
                .find(|&s| ai[s].is_none())
                .unwrap_or(acting);
            table.undo(me)?;
        }
        Action::Claim => {
            table.claim(acting)?;
        }
        Action::Resign => {
            table.resign(acting)?;
        }
        Action::Draw(what) => match what {
            DrawAction::Offer => {
                table.offer_draw(acting)?;
            }
            DrawAction::Accept | DrawAction::Decline => {
                // The answering seat is the one held that did not offer.
                let offer = table.draw_offer();
                let answering = held
                    .iter()
                    .copied()
                    .find(|&h| offer.is_some_and(|by| by != h))
                    .unwrap_or(acting);
                table.answer_draw(answering, *what == DrawAction::Accept)?;
            }
        },
    }
    if matches!(action, Action::Move { .. }) || table.outcome().is_some() {
        // A move lets a takeback offer lapse; so does the end.
        row.takeback_offer = None;
    }
    if let Some(clock) = row.clock.as_mut() {
        if matches!(action, Action::Move { .. }) {
            if row.vacation.paused {
                // The seat on vacation moves all the same (#49): its
                // clock restarts with what it kept, and it moves.
                clock.deadline = Some(now + clock.left[acting]);
                row.vacation.paused = false;
            }
            clock.moved(acting, now, table.to_move());
        } else if table.outcome().is_some() {
            clock.stop(to_move, now);
        }
    }
    row.result = table.outcome().map(|o| outcome_code(&o));
    super::pause::after_change(&mut row, table.to_move(), away, now);
    row.declared = table.declared().map(|o| outcome_code(&o));
    row.draw_offer = table.draw_offer().and_then(|s| i64::try_from(s).ok());
    row.ply = i64::try_from(table.moves().len()).unwrap_or(i64::MAX);
    if row.result.is_none() {
        // An undo took the end back: a rematch offer lapses.
        row.chain.rematch_offer = None;
    }
    row.version += 1;
    row.updated = now;
    Ok((row, table))
}
