//! Swiss rounds by the FIDE Dutch rules (FIDE Handbook C.04.3): the API the
//! server and the terminal build on. The pairing itself is in
//! [`super::dutch`].

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
///
/// The FIDE Dutch system (C.04.3): round 1 pairs the top half against the
/// bottom half; later rounds pair score bracket by score bracket, top
/// down, by maximum-weight matchings whose weights pack the absolute
/// criteria (no rematch, colours) and then the quality criteria in FIDE's
/// order (see [`super::dutch`] and docs/rulings.md). Colours follow C.04.3
/// E.1–E.5.
pub fn pair(
    players: &[Player],
    round: u32,
    rounds: u32,
    first_seat_for_top: bool,
) -> Result<Round, Error> {
    pair_with_others(players, &[], round, rounds, first_seat_for_top)
}

/// [`pair`], also given the players who do not take part in this round
/// (absent, withdrawn) with their pasts: a float is decided by both
/// players' scores before their game, so a game against someone absent now
/// needs that player's past. Without them (plain [`pair`]) such a game
/// counts as no float.
pub fn pair_with_others(
    players: &[Player],
    others: &[Player],
    round: u32,
    rounds: u32,
    first_seat_for_top: bool,
) -> Result<Round, Error> {
    let states = super::dutch::states(players, others);
    let ctx = super::dutch::Context {
        round,
        rounds,
        first_seat_for_top,
    };
    let (pairs, bye) = super::dutch::pair_round(&states, &ctx).ok_or(Error::NoPairing(round))?;
    // Board order: the highest score sum first, then the best-ranked player.
    let mut games: Vec<((u32, u32), Pair)> = pairs
        .into_iter()
        .map(|(a, b)| {
            let (first, second) = ctx.colours(&states, a, b);
            let key = (
                states[a].score + states[b].score,
                states[a].number.min(states[b].number),
            );
            let pair = Pair {
                first: states[first].number,
                second: states[second].number,
            };
            (key, pair)
        })
        .collect();
    games.sort_by_key(|&((sum, top), _)| (std::cmp::Reverse(sum), top));
    Ok(Round {
        pairs: games.into_iter().map(|(_, p)| p).collect(),
        bye: bye.map(|b| states[b].number),
    })
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
    /// The players not taking part (absent or withdrawn), for the floats.
    #[serde(default)]
    pub others: Vec<Player>,
}

impl Request {
    /// The round as JSON (a [`Round`]), or `{"error": "..."}`.
    pub fn answer(&self) -> serde_json::Value {
        match pair_with_others(
            &self.players,
            &self.others,
            self.round,
            self.rounds,
            self.first_seat_for_top,
        ) {
            Ok(r) => serde_json::to_value(r).unwrap_or_default(),
            Err(e) => serde_json::json!({ "error": e.to_string() }),
        }
    }
}
