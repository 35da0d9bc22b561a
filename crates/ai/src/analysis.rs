//! Analysis of a position, for the web app's analysis board and hints:
//! every legal move's exact value where the game knows it (Imago's solved
//! layouts, Linja's table and endgame solver), else an alpha-beta search's
//! evaluation and best line; and the player that gives hints
//! ([`hinter`]), the same for every front end.

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig, PROVED, WIN};
use crate::bot::{Bot, Budget, Limits};
use crate::play::Play;
use std::fmt;
use std::time::Duration;
use tablero_core::{Game, History};

/// A move's exact value for the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exact {
    /// The mover wins in this many plies (Imago).
    Win(u16),
    /// The mover loses in this many plies (Imago; 0: lost already).
    Loss(u16),
    /// Neither side can force a win (Imago).
    Draw,
    /// The final score difference the mover keeps with best play from
    /// both sides (Linja: positive, the mover wins by that many points).
    Margin(i32),
}

impl Exact {
    /// An order for choosing moves: quicker wins, then draws, then slower
    /// losses; larger margins first.
    #[must_use]
    pub const fn rank(self) -> i64 {
        match self {
            Exact::Win(d) => 1_000_000 - d as i64,
            Exact::Draw => 0,
            Exact::Loss(d) => -1_000_000 + d as i64,
            Exact::Margin(m) => m as i64,
        }
    }

    /// `win`, `loss` or `draw` (by the margin's sign for a margin).
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Exact::Win(_) => "win",
            Exact::Loss(_) => "loss",
            Exact::Draw => "draw",
            Exact::Margin(m) if m > 0 => "win",
            Exact::Margin(m) if m < 0 => "loss",
            Exact::Margin(_) => "draw",
        }
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exact::Win(d) => write!(f, "win in {d}"),
            Exact::Loss(d) => write!(f, "loss in {d}"),
            Exact::Draw => f.write_str("draw"),
            Exact::Margin(m) => write!(f, "{m:+}"),
        }
    }
}

impl From<crate::solve::imago::Value> for Exact {
    fn from(v: crate::solve::imago::Value) -> Exact {
        use crate::solve::imago::Value;
        match v {
            Value::Win(d) => Exact::Win(d),
            Value::Loss(d) => Exact::Loss(d),
            Value::Draw => Exact::Draw,
        }
    }
}

/// A search's verdict on the position for its side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The evaluation, in the game's heuristic units (hundredths of a
    /// point-ish; positive is good for the side to move).
    pub score: i32,
    /// A proved result: plies to the win (positive) or to the loss
    /// (negative); `None` when the score is a heuristic.
    pub proved: Option<i32>,
    /// The deepest finished iteration.
    pub depth: u32,
    /// The best line found, in notation, from the position.
    pub line: Vec<String>,
}

/// What the analysis of one position found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Every legal move, in notation, with its exact value for the side to
    /// move, best first; `None` where the game does not know them.
    pub exact: Option<Vec<(String, Exact)>>,
    /// The search's verdict, where the values are not known exactly.
    pub search: Option<Searched>,
}

/// Analyses `history`'s current position: exact values where the game
/// knows them (the endgame solver searching at most `reach` positions),
/// else alpha-beta for `think`. A finished game has an empty analysis.
#[must_use]
pub fn analyse<G: Play>(history: &History<G>, think: Duration, reach: u64) -> Analysis {
    let pos = history.current();
    if history.is_over() {
        return Analysis::default();
    }
    if let Some(values) = G::exact_move_values(pos, reach) {
        return Analysis {
            exact: Some(
                values
                    .into_iter()
                    .map(|(m, v)| (pos.format_move(m), v))
                    .collect(),
            ),
            search: None,
        };
    }
    let mut ab = AlphaBeta::<G>::new(AlphaBetaConfig {
        budget: Budget::Time(think),
        ..AlphaBetaConfig::default()
    });
    let report = ab.search(history, &Limits::none());
    let proved = if report.score >= PROVED {
        Some(WIN - report.score)
    } else if report.score <= -PROVED {
        Some(-(WIN + report.score))
    } else {
        None
    };
    let mut line = Vec::new();
    let mut p = pos.clone();
    for mv in report.pv {
        // A focused search (one sub-game) may leave the real position's
        // moves behind: the line stops where it no longer applies.
        if p.outcome().is_some() || !p.is_legal(mv) {
            break;
        }
        line.push(p.format_move(mv));
        p.play_unchecked(mv);
    }
    Analysis {
        exact: None,
        search: Some(Searched {
            score: report.score,
            proved,
            depth: report.depth,
            line,
        }),
    }
}

/// For each move played in `history`, the best exact value its mover had
/// and the value of the move played, where the game knows them without a
/// search (`None` elsewhere): a move whose value is worse than the best
/// changed the game's value.
#[must_use]
pub fn played_values<G: Play>(history: &History<G>) -> Vec<Option<(Exact, Exact)>> {
    let positions = history.positions();
    history
        .moves()
        .iter()
        .zip(positions)
        .map(|(&mv, pos)| {
            let values = G::exact_move_values(pos, 0)?;
            let best = values.first()?.1;
            let played = values.iter().find(|(m, _)| *m == mv)?.1;
            Some((best, played))
        })
        .collect()
}

/// The player spec of the hint player ([`hinter`]), for the front ends
/// that make their players from specs (`tablero play`'s F2, the web app's
/// hint route).
pub const HINT_SPEC: &str = "hint";

/// How many positions the endgame solver may search for a hint before the
/// hint falls back on the top level (Linja without a table): the reach of
/// Linja's top level.
pub const HINT_REACH: u64 = 300_000;

/// The player that gives hints, whatever the opponent's level: a move of
/// the best exact value where the game knows the values (Imago on any
/// layout; Linja where an installed table covers the position or the
/// endgame solver finishes within [`HINT_REACH`] positions), else the top
/// level's move (level 5).
#[must_use]
pub fn hinter<G: Play>(seed: u64) -> Box<dyn Bot<G>> {
    Box::new(Hinter {
        top: G::level(5, seed),
        exact: None,
    })
}

/// See [`hinter`].
struct Hinter<G: Game> {
    top: Box<dyn Bot<G>>,
    /// The exact value of the last hint, when it came from the values.
    exact: Option<Exact>,
}

impl<G: Play> Bot<G> for Hinter<G> {
    fn name(&self) -> String {
        format!("hint(exact values, else {})", self.top.name())
    }

    /// The first of the moves of the best exact value (the values are
    /// sorted best first, in generation order among equals: the same
    /// position gets the same hint), else the top level's choice.
    fn choose(&mut self, history: &History<G>, limits: &Limits) -> G::Move {
        let values = G::exact_move_values(history.current(), HINT_REACH);
        match values.and_then(|v| v.into_iter().next()) {
            Some((mv, value)) => {
                self.exact = Some(value);
                mv
            }
            None => {
                self.exact = None;
                self.top.choose(history, limits)
            }
        }
    }

    fn new_game(&mut self) {
        self.top.new_game();
    }

    fn info(&self) -> Option<String> {
        match self.exact {
            Some(v) => Some(format!("string exact {v}")),
            None => self.top.info(),
        }
    }
}

/// Sorts exact move values best first, keeping generation order among
/// equals.
pub(crate) fn best_first<M>(mut values: Vec<(M, Exact)>) -> Vec<(M, Exact)> {
    values.sort_by_key(|(_, v)| std::cmp::Reverse(v.rank()));
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_order_quick_wins_first_and_slow_losses_last() {
        let mut v = [
            Exact::Loss(3),
            Exact::Draw,
            Exact::Win(5),
            Exact::Loss(9),
            Exact::Win(1),
        ];
        v.sort_by_key(|e| std::cmp::Reverse(e.rank()));
        assert_eq!(
            v,
            [
                Exact::Win(1),
                Exact::Win(5),
                Exact::Draw,
                Exact::Loss(9),
                Exact::Loss(3)
            ]
        );
        assert_eq!(Exact::Margin(2).to_string(), "+2");
        assert_eq!(Exact::Margin(-1).word(), "loss");
    }
}
