//! Jarmo's computer players: the generic levels, and at level 5 (and for
//! the exact player, `solver`) the exact late-game solver
//! ([`crate::solve::jarmo`]) wherever it proves the position within its
//! reach, alpha-beta for 2 s elsewhere.

use super::{generic_level, LevelInfo, Play, GENERIC_LEVELS};
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::analysis::Exact;
use crate::bot::{Bot, Budget, Limits};
use crate::solve::jarmo::Solver;
use std::time::{Duration, Instant};
use tablero_core::History;
use tablero_games::jarmo::{Jarmo, Move};

/// Positions the late-game solver may visit before a move of level 5
/// (about a tenth of a second on the development machine).
pub const LEVEL5_REACH: u64 = 200_000;
/// ... before a move of the exact player.
pub const EXACT_REACH: u64 = 2_000_000;

/// Level 5's search time.
const TWO_SECONDS: Duration = Duration::from_secs(2);

/// The late-game solver's move where it proves the position within
/// `reach` positions, else alpha-beta with what is left of the move's time.
struct LateGame {
    reach: u64,
    search: AlphaBeta<Jarmo>,
    /// The exact points difference of the last move, when the solver chose
    /// it.
    exact: Option<i32>,
}

impl Bot<Jarmo> for LateGame {
    fn name(&self) -> String {
        format!("late-game({} positions)+alphabeta(ms=2000)", self.reach)
    }

    fn choose(&mut self, history: &History<Jarmo>, limits: &Limits) -> Move {
        let tried = Instant::now();
        self.exact = None;
        if let Some((mv, v)) = Solver::with_limit(self.reach).best_in(history) {
            self.exact = Some(v);
            return mv;
        }
        // The try counts against the move's time, as Linja's solver's.
        let mut rest = limits.clone();
        let fixed = limits.nodes.is_some() || limits.depth.is_some();
        let spent = tried.elapsed();
        if let Some(t) = limits.movetime.or((!fixed).then_some(TWO_SECONDS)) {
            rest.movetime = Some(t.saturating_sub(spent).max(Duration::from_millis(10)));
        }
        rest.at_most = limits.at_most.map(|t| t.saturating_sub(spent));
        self.search.choose(history, &rest)
    }

    fn new_game(&mut self) {
        self.search.new_game();
    }

    fn info(&self) -> Option<String> {
        match self.exact {
            Some(v) => Some(format!(
                "score cp {} string exact points difference {v}",
                100 * v
            )),
            None => self.search.info(),
        }
    }
}

fn late_game(reach: u64) -> Box<dyn Bot<Jarmo>> {
    Box::new(LateGame {
        reach,
        search: AlphaBeta::new(AlphaBetaConfig {
            budget: Budget::Time(TWO_SECONDS),
            ..AlphaBetaConfig::default()
        }),
        exact: None,
    })
}

impl Play for Jarmo {
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Jarmo>> {
        if level >= 5 {
            late_game(LEVEL5_REACH)
        } else {
            generic_level(level, seed)
        }
    }

    fn levels() -> [LevelInfo; 5] {
        let mut l = GENERIC_LEVELS;
        l[4].recipe = "the exact late-game solver when it proves the position within \
                       200,000 positions, else alpha-beta, 2 s";
        l
    }

    /// The late-game solver with a reach of two million positions, else
    /// level 5's search.
    fn exact(_seed: u64, _noise: f64, _horizon: u16) -> Option<Box<dyn Bot<Jarmo>>> {
        Some(late_game(EXACT_REACH))
    }

    /// Where the late-game solver proves every move's value of `pos` alone
    /// (no earlier positions count for repetition) within `reach`
    /// positions: each move's points difference for the mover.
    fn exact_move_values(pos: &Jarmo, reach: u64) -> Option<Vec<(Move, Exact)>> {
        if reach == 0 {
            return None;
        }
        Some(
            Solver::with_limit(reach)
                .move_values(pos)?
                .into_iter()
                .map(|(m, v)| (m, Exact::Margin(v)))
                .collect(),
        )
    }
}
