//! The games that follow one another: a rematch (seats swapped, against the
//! computer at once, between two people when both have asked), the
//! two-game match (its second game starts when the first ends, the points
//! add up), and who is connected to a game.

use super::end::Change;
use super::store::{Chain, GameRow, SeatRow};
use super::{render, Actor, Entry, GameError, Hub, Live};
use crate::db::{now_ms, random_id};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;
use tablero_core::{id, Message};

/// The answer to a rematch request.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rematch {
    /// The new game's id, once it has started.
    pub id: Option<String>,
    /// The asker's own seats in the new game and their tokens, by seat
    /// (never another person's).
    pub tokens: BTreeMap<String, String>,
    /// The seat (in the finished game) whose rematch offer stands, while
    /// the other person has not yet accepted.
    pub offer: Option<usize>,
}

/// The game that follows `row` with the seats swapped: the same game,
/// variant and first seat, each seat's person (or computer level) in the
/// other seat, with new tokens; `match_game` is its number in a two-game
/// match, if any.
pub(super) fn successor(row: &GameRow, match_game: Option<i64>) -> GameRow {
    let now = now_ms();
    let seat = |s: &SeatRow| SeatRow {
        kind: s.kind.clone(),
        level: s.level,
        token: s.token.as_ref().map(|_| random_id(24)),
    };
    GameRow {
        id: random_id(10),
        game: row.game.clone(),
        variant: row.variant.clone(),
        first: row.first,
        seats: [seat(&row.seats[1]), seat(&row.seats[0])],
        declared: None,
        draw_offer: None,
        takeback_offer: None,
        ply: 0,
        result: None,
        version: 0,
        created: now,
        updated: now,
        chain: Chain {
            prev_game: Some(row.id.clone()),
            match_game,
            ..Chain::default()
        },
        clock: row.clock.map(|c| tablero_ai::clock::Clock::new(c.control)),
        rated: None,
        vacation: super::store::Vacation {
            forbidden: row.vacation.forbidden,
            paused: false,
        },
    }
}

/// What a rematch request does to a finished game.
enum Step {
    /// Answer with the next game, which exists.
    Next(String),
    /// Nothing changes (the asker's own offer stands).
    Same(Option<usize>),
    /// Save this row (an offer), or this row and the new game.
    Save(Box<GameRow>, Option<Box<GameRow>>),
}

/// The step a rematch request by the holder of `held` takes on `live`.
fn step(live: &Live, held: &[usize]) -> Result<Step, GameError> {
    if held.is_empty() {
        return Err(GameError::NotYours(Message::of(id!(
            "api_rematch_spectator"
        ))));
    }
    if let Some(next) = &live.row.chain.next_game {
        return Ok(Step::Next(next.clone()));
    }
    if live.table.outcome().is_none() {
        return Err(GameError::NotNow(Message::of(id!("api_rematch_not_over"))));
    }
    // The people's seats the asker does not hold: a friend's.
    let friend = (0..2).any(|s| live.ai_level(s).is_none() && !held.contains(&s));
    let offer = live
        .row
        .chain
        .rematch_offer
        .and_then(|s| usize::try_from(s).ok());
    let mut row = live.row.clone();
    row.version += 1;
    row.updated = now_ms();
    if friend {
        match offer {
            Some(by) if held.contains(&by) => return Ok(Step::Same(offer)),
            Some(_) => {}
            None => {
                row.chain.rematch_offer = i64::try_from(held[0]).ok();
                return Ok(Step::Save(Box::new(row), None));
            }
        }
    }
    // A new match after a match; a plain game after a plain one.
    let next = successor(&row, row.chain.match_game.map(|_| 1));
    row.chain.rematch_offer = None;
    row.chain.next_game = Some(next.id.clone());
    Ok(Step::Save(Box::new(row), Some(Box::new(next))))
}

/// A socket's presence in a game: while it lives, the seats its tokens hold
/// count as connected; dropping it (the socket closed, or it said hello
/// again) tells the game's watchers.
pub struct Presence {
    entry: Arc<Entry>,
    seats: Vec<usize>,
}

impl Presence {
    /// Whether the socket holds a seat of the game (a player's socket, not
    /// a spectator's).
    #[must_use]
    pub fn holds_a_seat(&self) -> bool {
        !self.seats.is_empty()
    }

    fn change(&self, up: bool) {
        {
            let mut present = self
                .entry
                .present
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for &s in &self.seats {
                present[s] = if up {
                    present[s].saturating_add(1)
                } else {
                    present[s].saturating_sub(1)
                };
            }
        }
        if !self.seats.is_empty() {
            let _ = self.entry.changes.send(());
        }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        self.change(false);
    }
}

impl Hub {
    /// Asks for a rematch of the finished game `id`. Against the computer
    /// (or on one screen) the new game starts at once; between two people
    /// the first request is an offer, shown to the game's watchers, and the
    /// other person's request accepts it. In the new game every seat's
    /// person (or computer) sits in the other seat; the answer carries the
    /// asker's own new tokens only. Asked again once the next game exists
    /// (a rematch, or a match's second game), it answers that game.
    ///
    /// # Errors
    /// A spectator (403), a game not over (409), storage failures.
    pub async fn rematch(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<Rematch, GameError> {
        let entry = self.entry(id).await?;
        for attempt in 0..2 {
            let mut live = entry.live.lock().await;
            let held = live.held(actor);
            let (row, next) = match step(&live, &held)? {
                Step::Next(next) => {
                    drop(live);
                    return self.seats_in_next(next, &held).await;
                }
                Step::Same(offer) => {
                    return Ok(Rematch {
                        id: None,
                        tokens: BTreeMap::new(),
                        offer,
                    })
                }
                Step::Save(row, next) => (row, next),
            };
            let keep = live.table.moves().len();
            let offer = row
                .chain
                .rematch_offer
                .and_then(|s| usize::try_from(s).ok());
            let next_id = next.as_ref().map(|n| n.id.clone());
            let change = Change {
                row: *row,
                table: None,
                keep,
                added: Vec::new(),
                next: next.map(|n| *n),
            };
            if self.commit(&mut live, change).await? {
                drop(live);
                let _ = entry.changes.send(());
                return match next_id {
                    Some(n) => self.seats_in_next(n, &held).await,
                    None => Ok(Rematch {
                        id: None,
                        tokens: BTreeMap::new(),
                        offer,
                    }),
                };
            }
            // Another process changed the game: reload it and try again.
            self.reload(id, &entry, &mut live).await?;
            drop(live);
            if attempt == 1 {
                break;
            }
        }
        Err(GameError::changed_meanwhile())
    }

    /// The answer naming game `next`, with the tokens of the seats that the
    /// holder of `held` (seats of the game before) has there: the seats
    /// swap, so seat `s` before is seat `1 - s` in `next`.
    async fn seats_in_next(
        self: &Arc<Self>,
        next: String,
        held: &[usize],
    ) -> Result<Rematch, GameError> {
        let entry = self.entry(&next).await?;
        let live = entry.live.lock().await;
        let mut tokens = BTreeMap::new();
        for &s in held {
            if let Some(t) = &live.row.seats[1 - s].token {
                tokens.insert((1 - s).to_string(), t.clone());
            }
        }
        Ok(Rematch {
            id: Some(next),
            tokens,
            offer: None,
        })
    }

    /// Completes the match part of `st` (a state of a game whose chain is
    /// `chain`) with the other game's points.
    pub(super) async fn add_match(self: &Arc<Self>, st: &mut render::GameState, chain: &Chain) {
        let Some(m) = st.match_view.as_mut() else {
            return;
        };
        let mine = st.result.as_ref().map(|r| r.score);
        let other = match &m.other {
            Some(other) => match self.entry(other).await {
                Ok(e) => {
                    let live = e.live.lock().await;
                    Some(
                        live.table
                            .outcome()
                            .map(|o| o.score.map(tablero_core::Points::as_f64)),
                    )
                }
                Err(e) => {
                    tracing::warn!(game = %st.id, "the match's other game: {e}");
                    None
                }
            },
            None => None,
        };
        let other_score = other.flatten();
        // The person in seat `s` here sat in seat `1 - s` in the other game.
        m.points =
            [0, 1].map(|s| mine.map_or(0.0, |x| x[s]) + other_score.map_or(0.0, |x| x[1 - s]));
        m.over = mine.is_some() && other_score.is_some() && chain.match_game.is_some();
        m.winner = if m.over {
            match m.points[0].partial_cmp(&m.points[1]) {
                Some(std::cmp::Ordering::Greater) => Some(0),
                Some(std::cmp::Ordering::Less) => Some(1),
                _ => None,
            }
        } else {
            None
        };
    }

    /// A socket of game `id` said hello with tokens held by `actor`: the
    /// seats they hold count as connected while the answer lives, and the
    /// game's watchers hear of it.
    ///
    /// # Errors
    /// No such game.
    pub async fn hello(self: &Arc<Self>, id: &str, actor: &Actor) -> Result<Presence, GameError> {
        let entry = self.entry(id).await?;
        let seats = {
            let live = entry.live.lock().await;
            live.held(actor)
                .into_iter()
                .filter(|&s| live.ai_level(s).is_none())
                .collect()
        };
        let p = Presence { entry, seats };
        p.change(true);
        Ok(p)
    }
}
