//! How a game ended.

use crate::Player;
use std::fmt;

/// Why a game ended. The names are the `reason` words of the CLI's JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A piece reached its goal (Imago).
    Goal,
    /// An Imago "Jacke" claim, proved by the solver.
    Jacke,
    /// The same position occurred too often.
    Repetition,
    /// Both players had to pass in a row.
    NoMoves,
    /// The game's move cap was reached.
    MoveCap,
    /// The two sides have passed each other (Linja).
    Passed,
    /// A player's pieces have all arrived (Jarmo).
    AllArrived,
    /// Both sub-games are decided (Super Dimensiones).
    Subgames,
    /// A player resigned.
    Resign,
    /// Both players agreed to a draw.
    Agreed,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 10] = [
        Reason::Goal,
        Reason::Jacke,
        Reason::Repetition,
        Reason::NoMoves,
        Reason::MoveCap,
        Reason::Passed,
        Reason::AllArrived,
        Reason::Subgames,
        Reason::Resign,
        Reason::Agreed,
    ];

    /// The short word used in JSON and records, e.g. `"no-moves"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Goal => "goal",
            Reason::Jacke => "jacke",
            Reason::Repetition => "repetition",
            Reason::NoMoves => "no-moves",
            Reason::MoveCap => "move-cap",
            Reason::Passed => "passed",
            Reason::AllArrived => "all-arrived",
            Reason::Subgames => "subgames",
            Reason::Resign => "resign",
            Reason::Agreed => "agreed",
        }
    }

    /// Parses the short word.
    #[must_use]
    pub fn try_from_str(s: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a game, from an absolute point of view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// The game's own points for player one and player two (1/0 or ½/½ where
    /// the game has no points of its own).
    pub score: [f64; 2],
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// A win worth 1–0 for `winner`.
    #[must_use]
    pub fn win(winner: Player, reason: Reason) -> Outcome {
        let mut score = [0.0; 2];
        score[winner.index()] = 1.0;
        Outcome {
            winner: Some(winner),
            score,
            reason,
        }
    }

    /// A draw worth ½–½.
    #[must_use]
    pub fn draw(reason: Reason) -> Outcome {
        Outcome {
            winner: None,
            score: [0.5, 0.5],
            reason,
        }
    }

    /// An outcome decided by points: more points wins, equal is a draw.
    #[must_use]
    pub fn by_points(score: [f64; 2], reason: Reason) -> Outcome {
        let winner = if score[0] > score[1] {
            Some(Player::P1)
        } else if score[1] > score[0] {
            Some(Player::P2)
        } else {
            None
        };
        Outcome {
            winner,
            score,
            reason,
        }
    }

    /// The result for `player`: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn result_for(&self, player: Player) -> f64 {
        match self.winner {
            Some(w) if w == player => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// `"p1"`, `"p2"` or `"draw"`.
    #[must_use]
    pub fn winner_str(&self) -> &'static str {
        self.winner.map_or("draw", Player::as_str)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(p) => write!(f, "{p} wins")?,
            None => f.write_str("draw")?,
        }
        write!(
            f,
            " ({}, {}-{})",
            self.reason,
            fmt_points(self.score[0]),
            fmt_points(self.score[1])
        )
    }
}

/// Formats points without a trailing `.0`: `1`, `0.5`, `12`.
#[must_use]
pub fn fmt_points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}
