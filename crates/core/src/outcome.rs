//! How a game ended.

use crate::Player;
use std::fmt;

/// Why a game ended. The names are the `reason` words of the CLI's JSON and
/// of records. Each word is general; a game's description names its own
/// form of one where it has a name for it (Imago's claim is called
/// "Jacke").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A piece reached its goal.
    Goal,
    /// A claim of the win, proved by the referee (Imago's "Jacke").
    Claim,
    /// A claim of the win that the referee did not prove: the claimant
    /// loses, as for a false claim of a finished game at the table.
    FalseClaim,
    /// The same position occurred too often.
    Repetition,
    /// Both players had to pass in a row.
    NoMoves,
    /// The game's move cap was reached.
    MoveCap,
    /// The two sides have passed each other in a race.
    Passed,
    /// A side's pieces have all arrived, or none is left to arrive.
    AllArrived,
    /// Every sub-game is decided.
    Subgames,
    /// A player resigned.
    Resign,
    /// Both players agreed to a draw.
    Agreed,
    /// A player's clock ran out (the other side wins: see the rulings).
    Time,
    /// A player lost by forfeit, declared by the organiser (the server):
    /// they did not come, or left (the other side wins).
    Forfeit,
    /// The game was called off by the organiser: nobody wins and nobody
    /// scores ([`Outcome::aborted`]).
    Aborted,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 14] = [
        Reason::Goal,
        Reason::Claim,
        Reason::FalseClaim,
        Reason::Repetition,
        Reason::NoMoves,
        Reason::MoveCap,
        Reason::Passed,
        Reason::AllArrived,
        Reason::Subgames,
        Reason::Resign,
        Reason::Agreed,
        Reason::Time,
        Reason::Forfeit,
        Reason::Aborted,
    ];

    /// The short word used in JSON and records, e.g. `"no-moves"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Goal => "goal",
            Reason::Claim => "claim",
            Reason::FalseClaim => "false-claim",
            Reason::Repetition => "repetition",
            Reason::NoMoves => "no-moves",
            Reason::MoveCap => "move-cap",
            Reason::Passed => "passed",
            Reason::AllArrived => "all-arrived",
            Reason::Subgames => "subgames",
            Reason::Resign => "resign",
            Reason::Agreed => "agreed",
            Reason::Time => "time",
            Reason::Forfeit => "forfeit",
            Reason::Aborted => "aborted",
        }
    }

    /// Parses the short word; `jacke`, the word of older records and
    /// databases for Imago's claim, reads as [`Reason::Claim`].
    #[must_use]
    pub fn try_from_str(s: &str) -> Option<Reason> {
        if s == "jacke" {
            return Some(Reason::Claim);
        }
        Reason::ALL.into_iter().find(|r| r.as_str() == s)
    }

    /// Whether the result was declared from outside the board (a claim, a
    /// false claim, a resignation, an agreement, a fallen flag, a forfeit, a game called
    /// off) rather than reached by play.
    #[must_use]
    pub const fn is_declared(self) -> bool {
        matches!(
            self,
            Reason::Claim
                | Reason::FalseClaim
                | Reason::Resign
                | Reason::Agreed
                | Reason::Time
                | Reason::Forfeit
                | Reason::Aborted
        )
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A number of points, kept exactly in half-points (games score whole
/// points, a drawn game or sub-game half a point each).
///
/// ```
/// use tablero_core::Points;
/// assert_eq!(Points::halves(3).to_string(), "1.5");
/// assert_eq!(Points::whole(12).to_string(), "12");
/// assert_eq!("0.5".parse::<Points>(), Ok(Points::HALF));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(1);
    /// One point.
    pub const ONE: Points = Points(2);

    /// `n` whole points.
    #[must_use]
    pub const fn whole(n: u32) -> Points {
        Points(n * 2)
    }

    /// `n` half-points.
    #[must_use]
    pub const fn halves(n: u32) -> Points {
        Points(n)
    }

    /// The number of half-points.
    #[must_use]
    pub const fn as_halves(self) -> u32 {
        self.0
    }

    /// The points as a number (for averages and ratings).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// Points without a trailing `.0`: `1`, `0.5`, `12`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// Reads `12`, `1.5`, `0.5`, `½` or `1½`.
impl std::str::FromStr for Points {
    type Err = String;
    fn from_str(s: &str) -> Result<Points, String> {
        let bad = || format!("{s:?} is not a number of points (like 2, 0.5 or 1.5)");
        let t = s.trim();
        let (int, half) = if let Some(i) = t.strip_suffix('½') {
            (i, true)
        } else if let Some((i, f)) = t.split_once('.') {
            match f.trim_end_matches('0') {
                "" => (i, false),
                "5" => (i, true),
                _ => return Err(bad()),
            }
        } else {
            (t, false)
        };
        let whole: u32 = if int.is_empty() && half {
            0
        } else if int.bytes().all(|b| b.is_ascii_digit()) && !int.is_empty() && int.len() < 9 {
            int.parse().map_err(|_| bad())?
        } else {
            return Err(bad());
        };
        Ok(Points(whole * 2 + u32::from(half)))
    }
}

/// The end of a game, from an absolute point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// The game's own points for player one and player two (1–0 or ½–½
    /// where the game has no points of its own).
    pub score: [Points; 2],
    /// Why the game ended.
    pub reason: Reason,
}

impl Outcome {
    /// A win worth 1–0 for `winner`.
    #[must_use]
    pub fn win(winner: Player, reason: Reason) -> Outcome {
        let mut score = [Points::ZERO; 2];
        score[winner.index()] = Points::ONE;
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
            score: [Points::HALF; 2],
            reason,
        }
    }

    /// A game called off ([`Reason::Aborted`]): no winner, and 0–0, so it
    /// is neither a draw nor anyone's points.
    #[must_use]
    pub fn aborted() -> Outcome {
        Outcome {
            winner: None,
            score: [Points::ZERO; 2],
            reason: Reason::Aborted,
        }
    }

    /// Whether the game was called off ([`Outcome::aborted`]).
    #[must_use]
    pub fn is_aborted(&self) -> bool {
        self.reason == Reason::Aborted
    }

    /// An outcome decided by points: more points wins, equal is a draw.
    #[must_use]
    pub fn by_points(score: [Points; 2], reason: Reason) -> Outcome {
        let winner = match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => Some(Player::P1),
            std::cmp::Ordering::Less => Some(Player::P2),
            std::cmp::Ordering::Equal => None,
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

    /// The score as text, `1-0`, `½-½` written `0.5-0.5`, `24-12`.
    #[must_use]
    pub fn score_text(&self, dash: &str) -> String {
        format!("{}{dash}{}", self.score[0], self.score[1])
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(p) => write!(f, "{p} wins")?,
            None => f.write_str("draw")?,
        }
        write!(f, " ({}, {})", self.reason, self.score_text("-"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_and_write() {
        for (text, halves) in [("0", 0), ("0.5", 1), ("1", 2), ("1.5", 3), ("33", 66)] {
            let p: Points = text.parse().unwrap();
            assert_eq!(p.as_halves(), halves);
            assert_eq!(p.to_string(), text);
        }
        assert_eq!("½".parse::<Points>(), Ok(Points::HALF));
        assert_eq!("1½".parse::<Points>(), Ok(Points::halves(3)));
        assert_eq!("2.0".parse::<Points>(), Ok(Points::whole(2)));
        for bad in ["", "x", "0.3", "-1", "1.25", "99999999999"] {
            assert!(bad.parse::<Points>().is_err(), "{bad}");
        }
    }

    #[test]
    fn outcomes_hash_and_compare() {
        use std::collections::HashSet;
        let set: HashSet<Outcome> = [
            Outcome::draw(Reason::Agreed),
            Outcome::draw(Reason::Agreed),
            Outcome::win(Player::P1, Reason::Goal),
        ]
        .into_iter()
        .collect();
        assert_eq!(set.len(), 2);
        let o = Outcome::by_points([Points::halves(3), Points::HALF], Reason::MoveCap);
        assert_eq!(o.winner, Some(Player::P1));
        assert_eq!(o.to_string(), "p1 wins (move-cap, 1.5-0.5)");
        assert_eq!(Reason::try_from_str("jacke"), Some(Reason::Claim));
        assert_eq!(Reason::try_from_str("claim"), Some(Reason::Claim));
    }
}
