//! The computer's moves: when a computer is to move, its player (kept with
//! the live game, so its search tree and table survive between moves)
//! searches on a blocking thread, one search per core at a time, and its
//! move goes through the same table rules as a person's.

use super::{Action, Actor, Entry, GameError, Hub};
use futures_util::future::BoxFuture;
use std::sync::Arc;
use tablero_ai::Limits;
use tablero_core::{id, Message};

/// A seed that depends only on the game's id and the seat, so a game's
/// computer plays the same way after a restart.
fn stable_seed(id: &str, seat: usize) -> u64 {
    id.bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
        .wrapping_add(seat as u64)
}

impl Hub {
    /// Starts the computer's move if it is the computer's turn and it is not
    /// already thinking.
    ///
    /// Boxed, because the computer's move kicks the next one (a computer
    /// against a computer).
    pub(super) fn kick(self: &Arc<Self>, id: &str, entry: &Arc<Entry>) -> BoxFuture<'static, ()> {
        let hub = Arc::clone(self);
        let entry = Arc::clone(entry);
        let id = id.to_string();
        Box::pin(async move { hub.kick_now(id, entry).await })
    }

    async fn kick_now(self: Arc<Self>, id: String, entry: Arc<Entry>) {
        let mut live = entry.live.lock().await;
        if live.thinking {
            return;
        }
        let Some(seat) = live.table.to_move() else {
            return;
        };
        let Some(level) = live.ai_level(seat) else {
            return;
        };
        if live.table.computer_claims() {
            drop(live);
            self.computer_acts(&id, &entry, seat, Action::Claim).await;
            return;
        }
        let computer = match live.computers[seat].take() {
            Some(c) => c,
            None => match live
                .table
                .computer(&format!("ai:{level}"), stable_seed(&id, seat))
            {
                Ok(c) => c,
                Err(e) => {
                    tracing::error!(game = %id, "no computer player at level {level}: {e}");
                    return;
                }
            },
        };
        live.thinking = true;
        // On a live clock the computer's time comes from its clock (its
        // level's own time where that is shorter).
        let limits = Limits {
            at_most: live
                .row
                .clock
                .and_then(|c| tablero_ai::clock::think_time_on(&c, seat, crate::db::now_ms())),
            ..Limits::none()
        };
        let ply = live.table.moves().len();
        let table = live.table.boxed_clone();
        drop(live);
        let _ = entry.changes.send(());
        let hub = self;
        tokio::spawn(async move {
            let result = {
                let _core = Arc::clone(&hub.thinkers).acquire_owned().await;
                tokio::task::spawn_blocking(move || {
                    let mut computer = computer;
                    let choice = computer.choose(&*table, &limits);
                    (choice, computer)
                })
                .await
            };
            let choice = {
                let mut live = entry.live.lock().await;
                live.thinking = false;
                match result {
                    Ok((choice, computer)) => {
                        live.computers[seat] = Some(computer);
                        choice
                    }
                    Err(e) => {
                        tracing::error!(game = %id, "the computer failed: {e}");
                        None
                    }
                }
            };
            let Some(text) = choice else {
                let _ = entry.changes.send(());
                return;
            };
            let action = Action::Move {
                text,
                ply: Some(ply),
            };
            hub.computer_acts(&id, &entry, seat, action).await;
        });
    }

    /// The computer in `seat` does `action`; a refusal (an undo or a result
    /// while it thought makes its move stale) starts it again.
    async fn computer_acts(
        self: &Arc<Self>,
        id: &str,
        entry: &Arc<Entry>,
        seat: usize,
        action: Action,
    ) {
        if let Err(e) = self.act(id, &Actor::Computer(seat), action).await {
            if !matches!(e, GameError::NotNow(_)) {
                tracing::error!(game = %id, "the computer's action was refused: {e}");
            }
            let _ = entry.changes.send(());
            self.kick(id, entry).await;
        }
    }
}

/// The top level's suggestion for the asker's move.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Hint {
    /// The move, in notation.
    #[serde(rename = "move")]
    pub text: String,
    /// The cells (or rows) to click for it, in order.
    pub path: Vec<String>,
    /// The ply it is for.
    pub ply: usize,
}

/// The player that gives hints: the top level.
const TOP_LEVEL: &str = tablero_ai::analysis::HINT_SPEC;

/// How long the top level thinks for a hint.
const HINT_TIME: std::time::Duration = std::time::Duration::from_secs(1);

impl Hub {
    /// The top level's move for the asker's turn, searched for about a
    /// second on the blocking pool (one search per core, as the computer's
    /// own moves); only in a game against the computer at level 1 to 3.
    ///
    /// # Errors
    /// A spectator, a rated game in play, or a game against a person or a
    /// stronger level (403),
    /// not the asker's turn or the game over (409), no such game (404).
    pub async fn hint(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<Hint, GameError> {
        let entry = self.entry(id).await?;
        let (table, ply, kept) = {
            let mut live = entry.live.lock().await;
            let held = live.held(actor);
            if held.is_empty() {
                return Err(GameError::NotYours(Message::of(id!("api_hint_spectator"))));
            }
            // Fair play: no engine help in a rated game while it is played.
            if live.row.rated.is_some() && live.row.result.is_none() {
                return Err(GameError::NotYours(Message::of(id!("api_hint_rated"))));
            }
            let against_weak = held.iter().any(|&s| {
                live.ai_level(s).is_none()
                    && live
                        .ai_level(1 - s)
                        .is_some_and(|l| (1..=super::render::HINT_LEVELS).contains(&l))
            });
            if !against_weak {
                let max = super::render::HINT_LEVELS;
                return Err(GameError::NotYours(
                    Message::of(id!("api_hint_levels")).num("max", max),
                ));
            }
            if !super::render::hint_allowed(&live, &held) {
                return Err(GameError::NotNow(Message::of(id!(
                    "api_hint_not_your_turn"
                ))));
            }
            let kept = live.hinter.take();
            (live.table.boxed_clone(), live.table.moves().len(), kept)
        };
        let seed = stable_seed(id, ply);
        let chosen = {
            let _core = Arc::clone(&self.thinkers)
                .acquire_owned()
                .await
                .map_err(|e| GameError::Internal(e.into()))?;
            tokio::task::spawn_blocking(move || {
                let mut top = match kept {
                    Some(top) => top,
                    None => table.computer(TOP_LEVEL, seed).map_err(|e| {
                        GameError::Internal(crate::db::Fault::new(format!(
                            "no top-level player: {e}"
                        )))
                    })?,
                };
                let limits = Limits {
                    movetime: Some(HINT_TIME),
                    ..Limits::none()
                };
                let text = top.choose(&*table, &limits).ok_or_else(|| {
                    GameError::Internal(crate::db::Fault::new("the top level found no move"))
                })?;
                let path = table
                    .legal()
                    .into_iter()
                    .find(|m| m.text == text)
                    .map(|m| m.path)
                    .unwrap_or_default();
                Ok::<_, GameError>((text, path, top))
            })
            .await
            .map_err(|e| {
                GameError::Internal(crate::db::Fault::new(format!("the hint failed: {e}")))
            })??
        };
        let (text, path, top) = chosen;
        entry.live.lock().await.hinter = Some(top);
        Ok(Hint { text, path, ply })
    }
}
