//! Standings with tie-breaks: points, then Buchholz (the sum of the
//! opponents' points), then Sonneborn-Berger (the points of the opponents
//! beaten, plus half of those drawn with), then the pairing number.
//!
//! Unplayed rounds (a bye, an absence, a forfeit either way) follow the
//! "virtual opponent" of FIDE's tie-break rules (Handbook C.07, as in force
//! until 2023):
//! - An opponent's points are counted with each of *their* unplayed rounds
//!   as a draw (the games a player is only indirectly involved in).
//! - For each of a player's own unplayed rounds R, of n completed, the
//!   player meets a virtual opponent who had the player's score before
//!   round R, took from that round the points the player did not
//!   (1 − the player's points in it), and drew every later round:
//!   `Svon = S(before R) + (1 − S(R)) + ½·(n − R)`.
//! - The round's result counts as it stands (a bye or a forfeit win is a
//!   win against the virtual opponent for Sonneborn-Berger).

/// One round of one player's record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The opponent's pairing number, or `None` for a bye or an absence.
    pub opponent: Option<u32>,
    /// This player's half points.
    pub points: u32,
    /// False for a forfeit, bye or absence.
    pub played: bool,
}

/// A line of the standings, with tie-breaks in half points (Buchholz) and
/// quarter points (Sonneborn-Berger) so they stay exact.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Line {
    /// The player's pairing number.
    pub player: u32,
    /// Half points.
    pub points: u32,
    /// Buchholz, in half points.
    pub buchholz: u32,
    /// Sonneborn-Berger, in quarter points.
    pub sonneborn_berger: u32,
}

/// The standings of players `0..records.len()`, best first. Every record
/// has one entry per completed round.
pub fn standings(records: &[Vec<Game>]) -> Vec<Line> {
    let points: Vec<u32> = records
        .iter()
        .map(|r| r.iter().map(|g| g.points).sum())
        .collect();
    // An opponent's points with their unplayed rounds as draws.
    let as_opponent: Vec<u32> = records
        .iter()
        .map(|r| r.iter().map(|g| if g.played { g.points } else { 1 }).sum())
        .collect();
    let mut lines: Vec<Line> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let n = r.len() as u32;
            let mut buchholz = 0;
            let mut sb = 0;
            let mut before = 0;
            for (k, g) in r.iter().enumerate() {
                let round = k as u32 + 1;
                let opponent = match (g.played, g.opponent) {
                    (true, Some(o)) => as_opponent[o as usize],
                    // the virtual opponent, in half points
                    _ => before + (2 - g.points.min(2)) + (n - round),
                };
                buchholz += opponent;
                sb += opponent * g.points;
                before += g.points;
            }
            Line {
                player: i as u32,
                points: points[i],
                buchholz,
                sonneborn_berger: sb,
            }
        })
        .collect();
    lines.sort_by_key(|l| {
        (
            std::cmp::Reverse(l.points),
            std::cmp::Reverse(l.buchholz),
            std::cmp::Reverse(l.sonneborn_berger),
            l.player,
        )
    });
    lines
}
