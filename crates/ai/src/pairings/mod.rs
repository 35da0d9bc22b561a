//! Pairings for tournaments, written once for the server's tournaments and
//! the terminal's engine tournaments: round-robins by FIDE's Berger tables
//! ([`berger`]), Swiss rounds by the FIDE Dutch rules ([`swiss`]), the
//! arena's pairing of whoever is free ([`arena`]), and standings with
//! tie-breaks ([`standings`]).
//!
//! Players are named by their pairing number, `0..n` (the rank order at the
//! start: rating first, then whatever the caller sorts by). "First" is the
//! seat that moves first (White in chess); a game's seats are given by the
//! pairing, never by the caller.
//!
//! Scores are counted in half points (`2` a win, `1` a draw) so they stay
//! exact.

pub mod arena;
pub mod berger;
pub mod dutch;
pub mod matching;
pub mod standings;
pub mod swiss;
pub mod wide;

/// One game of a round: `first` takes the seat that moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Pair {
    /// Pairing number of the player on the first seat.
    pub first: u32,
    /// Pairing number of the player on the second seat.
    pub second: u32,
}

/// The games of one round, and who sits out with a bye.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Round {
    /// The games, in board order (board 1 first).
    pub pairs: Vec<Pair>,
    /// The player given the pairing-allocated bye, if the count is odd.
    pub bye: Option<u32>,
}

/// A game's result from the first seat's side, in half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Result2 {
    /// The first seat won.
    FirstWins,
    /// A draw.
    Draw,
    /// The second seat won.
    SecondWins,
    /// The first seat won by forfeit (the second did not start in time).
    FirstWinsByForfeit,
    /// The second seat won by forfeit.
    SecondWinsByForfeit,
    /// Neither side started: both lose, the game counts for neither.
    DoubleForfeit,
}

impl Result2 {
    /// Half points for (first, second).
    pub fn half_points(self) -> (u32, u32) {
        match self {
            Result2::FirstWins | Result2::FirstWinsByForfeit => (2, 0),
            Result2::Draw => (1, 1),
            Result2::SecondWins | Result2::SecondWinsByForfeit => (0, 2),
            Result2::DoubleForfeit => (0, 0),
        }
    }

    /// Whether the game was played over the board (a forfeit was not: it
    /// does not count as a meeting for colours or floats).
    pub fn played(self) -> bool {
        matches!(
            self,
            Result2::FirstWins | Result2::Draw | Result2::SecondWins
        )
    }
}
