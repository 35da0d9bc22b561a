//! Linja's computer players: MCTS (levels 1–4), alpha-beta with the
//! progress-first heuristic of `tablero_games::linja` (level 5), and the
//! exact endgame solver as soon as the position is within its reach
//! (levels 4 and 5). Level 5 and the exact player play from the installed
//! table of exact values ([`crate::solve::linja_table::install`]) in every
//! position it covers.

use super::{generic_level, LevelInfo, Play, GENERIC_LEVELS};
use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::analysis::Exact;
use crate::bot::{Bot, Budget, Limits};
use crate::mcts::{Mcts, MctsConfig};
use crate::solve::linja::{best_moves_within, Solver};
use crate::solve::linja_table::{exact_moves, installed};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::{Duration, Instant};
use tablero_core::History;
use tablero_games::linja::{Linja, Move, Rules};

/// Plays the endgame solver's best move when the solver finishes within
/// `reach` positions, otherwise asks `search`. Positions only get closer to
/// the end, so after a failed try it waits a few moves (1, 2, 4, at most 8)
/// before trying again. With `table`, an installed table of exact values
/// that covers the position comes first. The solver's try counts against
/// the move's time: the search gets what is left of it.
struct Endgame<B> {
    table: bool,
    /// The search's own time budget, if it has one.
    own_time: Option<Duration>,
    /// The exact value of the last move chosen from the table.
    exact: Option<i32>,
    reach: u64,
    search: B,
    rng: Xoshiro256PlusPlus,
    wait: u32,
    backoff: u32,
}

impl<B: Bot<Linja>> Bot<Linja> for Endgame<B> {
    fn name(&self) -> String {
        let table = if self.table
            && (installed(Rules::Publisher).is_some() || installed(Rules::Seed).is_some())
        {
            "table+"
        } else {
            ""
        };
        format!(
            "{table}endgame({} positions)+{}",
            self.reach,
            self.search.name()
        )
    }

    fn choose(&mut self, history: &History<Linja>, limits: &Limits) -> Move {
        self.exact = None;
        if self.table {
            if let Some(moves) = exact_moves(history.current()).filter(|m| !m.is_empty()) {
                let value = moves[0].1;
                let keep = moves.iter().take_while(|m| m.1 == value).count();
                self.exact = Some(value);
                return moves[self.rng.gen_range(0..keep)].0;
            }
        }
        if self.wait > 0 {
            self.wait -= 1;
            return self.search.choose(history, limits);
        }
        let tried = Instant::now();
        match best_moves_within(history.current(), self.reach) {
            Some(best) if !best.is_empty() => best[self.rng.gen_range(0..best.len())],
            _ => {
                self.wait = self.backoff;
                self.backoff = (self.backoff * 2).clamp(1, 8);
                let rest = time_left(limits, self.own_time, tried.elapsed());
                self.search.choose(history, &rest)
            }
        }
    }

    fn new_game(&mut self) {
        self.search.new_game();
        self.wait = 0;
        self.backoff = 1;
    }

    fn info(&self) -> Option<String> {
        match self.exact {
            Some(v) => Some(format!(
                "score cp {} string exact score difference {v}",
                100 * v
            )),
            None => self.search.info(),
        }
    }
}

/// `limits` with the move's time less `spent`: the caller's time if it
/// gave one, else the search's own (`own`), unless the caller fixed a
/// depth or a node count (then the search stays as reproducible as asked);
/// a clock's bound (`at_most`) less `spent` in any case.
fn time_left(limits: &Limits, own: Option<Duration>, spent: Duration) -> Limits {
    let mut rest = limits.clone();
    let fixed = limits.nodes.is_some() || limits.depth.is_some();
    if let Some(t) = limits.movetime.or(if fixed { None } else { own }) {
        rest.movetime = Some(t.saturating_sub(spent).max(Duration::from_millis(10)));
    }
    rest.at_most = limits.at_most.map(|t| t.saturating_sub(spent));
    rest
}

fn mcts(budget: Budget, seed: u64) -> Mcts<Linja> {
    Mcts::new(MctsConfig {
        budget,
        seed,
        ..MctsConfig::default()
    })
}

/// Level 5's search time.
const TWO_SECONDS: Duration = Duration::from_secs(2);

/// Alpha-beta for `time` a move, with that time as its own budget.
fn alphabeta_for(time: Duration) -> (AlphaBeta<Linja>, Option<Duration>) {
    let search = AlphaBeta::new(AlphaBetaConfig {
        budget: Budget::Time(time),
        ..AlphaBetaConfig::default()
    });
    (search, Some(time))
}

fn endgame<B: Bot<Linja> + 'static>(
    table: bool,
    reach: u64,
    (search, own_time): (B, Option<Duration>),
    seed: u64,
) -> Box<dyn Bot<Linja>> {
    Box::new(Endgame {
        table,
        own_time,
        exact: None,
        reach,
        search,
        rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        wait: 0,
        backoff: 1,
    })
}

impl Play for Linja {
    /// From the installed table where it covers `pos`, else from the
    /// endgame solver when it finishes within `reach` positions.
    fn exact_move_values(pos: &Linja, reach: u64) -> Option<Vec<(Move, Exact)>> {
        let margins = match exact_moves(pos) {
            Some(m) => m,
            None if reach > 0 => Solver::with_limit(reach).move_values(pos)?,
            None => return None,
        };
        Some(
            margins
                .into_iter()
                .map(|(m, v)| (m, Exact::Margin(v)))
                .collect(),
        )
    }

    fn level(level: u8, seed: u64) -> Box<dyn Bot<Linja>> {
        match level {
            0..=3 => generic_level(level, seed),
            4 => endgame(false, 20_000, (mcts(Budget::Nodes(5000), seed), None), seed),
            _ => level5(true, seed),
        }
    }

    fn levels() -> [LevelInfo; 5] {
        [
            GENERIC_LEVELS[0],
            GENERIC_LEVELS[1],
            GENERIC_LEVELS[2],
            LevelInfo {
                level: 4,
                recipe: "the exact endgame solver when it finishes within 20,000 positions, else MCTS, 5000 iterations",
            },
            LevelInfo {
                level: 5,
                recipe: "the table of exact values where one is installed, else the exact endgame solver when it finishes within 300,000 positions, else alpha-beta, 2 s",
            },
        ]
    }

    /// The rules with an installed table of exact values (of any size).
    fn solved_variants() -> Vec<String> {
        [Rules::Publisher, Rules::Seed]
            .into_iter()
            .filter(|&r| installed(r).is_some())
            .map(|r| r.to_string())
            .collect()
    }

    /// The installed table of exact values where it covers the position,
    /// else the endgame solver with a reach of two million positions;
    /// beyond it, level 5's search.
    fn exact(seed: u64, _noise: f64, _horizon: u16) -> Option<Box<dyn Bot<Linja>>> {
        Some(endgame(true, 2_000_000, alphabeta_for(TWO_SECONDS), seed))
    }
}

/// Level 5: with `table`, as [`Play::level`] gives it; without, as it plays
/// when no table is installed, whatever is installed.
fn level5(table: bool, seed: u64) -> Box<dyn Bot<Linja>> {
    endgame(table, 300_000, alphabeta_for(TWO_SECONDS), seed)
}

/// Linja's level 5 as it plays without a table of exact values, even when
/// one is installed: the opponent of the table's checks.
#[must_use]
pub fn level5_without_table(seed: u64) -> Box<dyn Bot<Linja>> {
    level5(false, seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use tablero_core::Game;

    /// A search that plays the first legal move and records the limits it
    /// was given.
    struct Recorder(Arc<Mutex<Vec<Limits>>>);

    impl Bot<Linja> for Recorder {
        fn name(&self) -> String {
            "recorder".into()
        }
        fn choose(&mut self, history: &History<Linja>, limits: &Limits) -> Move {
            self.0.lock().unwrap().push(limits.clone());
            let mut moves = <Linja as Game>::MoveList::default();
            history.current().legal_moves(&mut moves);
            moves.as_slice()[0]
        }
    }

    #[test]
    fn the_solvers_try_counts_against_the_moves_time() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let second = Duration::from_secs(1);
        // The start is far beyond a reach of 1,000 positions: the solver
        // tries, fails, and the search is asked.
        let mut bot = endgame(false, 1_000, (Recorder(Arc::clone(&seen)), Some(second)), 1);
        let history = History::new(Linja::start(&Rules::Publisher));
        let given = Limits {
            movetime: Some(second),
            ..Limits::none()
        };
        bot.choose(&history, &given);
        bot.new_game();
        bot.choose(&history, &Limits::none());
        bot.new_game();
        let fixed = Limits {
            nodes: Some(50),
            ..Limits::none()
        };
        bot.choose(&history, &fixed);
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 3);
        // The caller's second, less the solver's try.
        assert!(
            seen[0].movetime.is_some_and(|t| t < second),
            "{:?}",
            seen[0]
        );
        // No time given: the search's own second, less the try.
        assert!(
            seen[1].movetime.is_some_and(|t| t < second),
            "{:?}",
            seen[1]
        );
        // A fixed node count stays as reproducible as asked: no clock.
        assert_eq!(seen[2].movetime, None);
        assert_eq!(seen[2].nodes, Some(50));
    }

    #[test]
    fn the_solvers_try_counts_against_a_clocks_bound_too() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let cap = Duration::from_millis(500);
        let mut bot = endgame(false, 1_000, (Recorder(Arc::clone(&seen)), None), 1);
        let history = History::new(Linja::start(&Rules::Publisher));
        let clock = Limits {
            at_most: Some(cap),
            nodes: Some(50),
            ..Limits::none()
        };
        bot.choose(&history, &clock);
        let seen = seen.lock().unwrap();
        assert!(seen[0].at_most.is_some_and(|t| t < cap), "{:?}", seen[0]);
        assert_eq!((seen[0].movetime, seen[0].nodes), (None, Some(50)));
    }
}
