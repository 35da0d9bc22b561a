//! Standings with tie-breaks: points, then Buchholz (the sum of the
//! opponents' points), then Sonneborn-Berger (the points of the opponents
//! beaten, plus half of those drawn with), then the pairing number.
//!
//! INTERIM: byes and forfeits count as the points given, and an unplayed
//! round adds nothing to Buchholz (FIDE's virtual opponent is to come).

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

/// The standings of players `0..records.len()`, best first.
pub fn standings(records: &[Vec<Game>]) -> Vec<Line> {
    let points: Vec<u32> = records
        .iter()
        .map(|r| r.iter().map(|g| g.points).sum())
        .collect();
    let mut lines: Vec<Line> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut buchholz = 0;
            let mut sb = 0;
            for g in r.iter().filter(|g| g.played) {
                let Some(o) = g.opponent else { continue };
                let op = points[o as usize];
                buchholz += op;
                sb += op * g.points;
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
