//! Swiss rounds by the FIDE Dutch rules (FIDE Handbook C.04.3).
//!
//! INTERIM: this file holds the API the server and the terminal build on;
//! the pairing below is a plain score-group pairing (no repeat meetings,
//! colours by preference) until the Dutch rules land here.

use super::{Pair, Round};

/// What a player brought to earlier rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Past {
    /// A game played (or forfeited) against `opponent`; `first` is whether
    /// this player had the first seat; `points` are this player's half
    /// points; `played` is false for a forfeit (no colour, may meet again).
    Game {
        /// Pairing number of the opponent.
        opponent: u32,
        /// Whether this player sat first.
        first: bool,
        /// Half points this player scored.
        points: u32,
        /// False for a forfeit.
        played: bool,
    },
    /// The pairing-allocated bye (FIDE "U"), worth `points` half points.
    Bye {
        /// Half points given.
        points: u32,
    },
    /// Not paired this round (a requested bye or absence), `points` given.
    Absent {
        /// Half points given (0, or 1 for a requested half-point bye).
        points: u32,
    },
}

/// A player in a Swiss tournament, as the pairing needs them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// Pairing number (0 is the highest rated at the start).
    pub number: u32,
    /// Rating, for the record only (the pairing number carries the order).
    pub rating: i32,
    /// One entry per earlier round, in order.
    pub past: Vec<Past>,
}

impl Player {
    /// Half points so far.
    pub fn score(&self) -> u32 {
        self.past
            .iter()
            .map(|p| match *p {
                Past::Game { points, .. } | Past::Bye { points } | Past::Absent { points } => {
                    points
                }
            })
            .sum()
    }
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No pairing satisfies the absolute criteria (no repeat meeting, at
    /// most one pairing-allocated bye each).
    #[error("no legal pairing for round {0}")]
    NoPairing(u32),
}

/// Pairs round `round` (1-based) of `rounds` for the players taking part
/// (withdrawn players and requested byes left out by the caller).
/// `first_seat_for_top` is the first round's colour for pairing number 0
/// (FIDE's "initial colour", drawn by lot).
pub fn pair(
    players: &[Player],
    round: u32,
    rounds: u32,
    first_seat_for_top: bool,
) -> Result<Round, Error> {
    let _ = rounds;
    let mut order: Vec<&Player> = players.iter().collect();
    order.sort_by_key(|p| (std::cmp::Reverse(p.score()), p.number));
    let met = |a: &Player, b: u32| {
        a.past
            .iter()
            .any(|p| matches!(p, Past::Game { opponent, played: true, .. } if *opponent == b))
    };
    let had_bye = |a: &Player| a.past.iter().any(|p| matches!(p, Past::Bye { .. }));
    let mut out = Round::default();
    if order.len() % 2 == 1 {
        let i = order
            .iter()
            .rposition(|p| !had_bye(p))
            .ok_or(Error::NoPairing(round))?;
        out.bye = Some(order.remove(i).number);
    }
    let mut left: Vec<&Player> = order;
    while let Some(a) = (!left.is_empty()).then(|| left.remove(0)) {
        let j = left
            .iter()
            .position(|b| !met(a, b.number))
            .ok_or(Error::NoPairing(round))?;
        let b = left.remove(j);
        let firsts = |p: &Player| {
            p.past
                .iter()
                .filter(|x| {
                    matches!(
                        x,
                        Past::Game {
                            first: true,
                            played: true,
                            ..
                        }
                    )
                })
                .count() as i32
                - p.past
                    .iter()
                    .filter(|x| {
                        matches!(
                            x,
                            Past::Game {
                                first: false,
                                played: true,
                                ..
                            }
                        )
                    })
                    .count() as i32
        };
        let a_first = match firsts(a).cmp(&firsts(b)) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => (a.number % 2 == 0) == first_seat_for_top,
        };
        out.pairs.push(if a_first {
            Pair {
                first: a.number,
                second: b.number,
            }
        } else {
            Pair {
                first: b.number,
                second: a.number,
            }
        });
    }
    Ok(out)
}

/// A request to pair one round, as the cross-check harness
/// (tools/pairings/crosscheck.py) and the `swiss_pairs` example speak it.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Request {
    /// The round to pair (1-based).
    pub round: u32,
    /// The tournament's number of rounds.
    pub rounds: u32,
    /// Pairing number 0's first-round colour (FIDE's initial colour).
    pub first_seat_for_top: bool,
    /// The players taking part in the round.
    pub players: Vec<Player>,
}

impl Request {
    /// The round as JSON (a [`Round`]), or `{"error": "..."}`.
    pub fn answer(&self) -> serde_json::Value {
        match pair(&self.players, self.round, self.rounds, self.first_seat_for_top) {
            Ok(r) => serde_json::to_value(r).unwrap_or_default(),
            Err(e) => serde_json::json!({ "error": e.to_string() }),
        }
    }
}
