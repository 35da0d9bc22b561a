//! Computer players: the [`Bot`] trait, search budgets, and the random
//! player.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero_core::{Game, History, MoveBuf};

/// A computer player.
pub trait Bot<G: Game>: Send {
    /// A short description, e.g. `mcts(iters=2000)`.
    fn name(&self) -> String;

    /// Chooses a move in the current position of `history`, which is not
    /// over. (Claims are a game's own extension: [`crate::Play::claims_now`].)
    fn choose(&mut self, history: &History<G>, limits: &Limits) -> G::Move;

    /// Forgets anything kept from an earlier game.
    fn new_game(&mut self) {}

    /// What the last search found, as the fields of an engine `info` line
    /// (`depth 5 score cp 31 nodes 12345`), if the bot searches.
    fn info(&self) -> Option<String> {
        None
    }
}

/// How long a search may run: its own budget unless the caller (a clock, an
/// engine `go` command) gives a tighter one, and a flag to stop at once.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Time allowed for this move, overriding the bot's own time budget.
    pub movetime: Option<Duration>,
    /// The most time this move may take, from a clock
    /// ([`crate::clock::think_time_on`]): unlike `movetime` it replaces no
    /// budget. A level whose own budget is smaller keeps it (a weak level
    /// stays weak); a time budget longer than this is cut to it, and a
    /// node, iteration or depth budget stops at it.
    pub at_most: Option<Duration>,
    /// Deepest iteration (alpha-beta) allowed.
    pub depth: Option<u32>,
    /// Node or iteration budget, overriding the bot's own.
    pub nodes: Option<u64>,
    /// Set from outside to stop the search now.
    pub stop: Option<Arc<AtomicBool>>,
    /// Where a search reports what it has found so far, while it runs (the
    /// full-screen game's "thinking..." line).
    pub progress: Option<Arc<Progress>>,
}

/// What a running search has found so far, as the fields of an engine
/// `info` line (`depth 6 score cp 31 nodes 5120 nps 81000 time 63 pv a1-b2
/// c3-c4`): written by the search after each finished iteration, read by
/// whoever waits for it, and given at once to the sink of a progress made
/// [`streaming`](Progress::streaming) (the engine prints each as an `info`
/// line). Alpha-beta reports after every depth, MCTS after each interval
/// (its iterations doubling from 1000, and at least once a second).
#[derive(Default)]
pub struct Progress {
    last: std::sync::Mutex<Option<String>>,
    sink: Option<Sink>,
}

/// Where a streaming [`Progress`] gives each report.
type Sink = Box<dyn Fn(&str) + Send + Sync>;

impl std::fmt::Debug for Progress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Progress")
            .field("last", &self.get())
            .field("streaming", &self.sink.is_some())
            .finish()
    }
}

impl Progress {
    /// A progress whose every report is also given to `sink`, from the
    /// searching thread, as it is made.
    pub fn streaming(sink: impl Fn(&str) + Send + Sync + 'static) -> Progress {
        Progress {
            last: std::sync::Mutex::new(None),
            sink: Some(Box::new(sink)),
        }
    }

    /// Replaces the report (and gives it to the sink).
    pub fn set(&self, line: String) {
        if let Some(sink) = &self.sink {
            sink(&line);
        }
        *self
            .last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(line);
    }

    /// The latest report, if any.
    #[must_use]
    pub fn get(&self) -> Option<String> {
        self.last
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

/// The fields of an engine `info` line for a search that has reached
/// `depth` with `score` (`cp 31`, `mate 2`) after `nodes` nodes in `time`:
/// `depth D score S nodes N nps R time T pv M1 M2 ...` (`time` in
/// milliseconds, `nps` the nodes a second), the line `pv` written from
/// `root`, one token a move (spaces as `_`), as far as its moves are legal
/// there (a focused search's stop where the whole game's position no
/// longer has them).
pub(crate) fn info_fields<G: Game>(
    root: &G,
    depth: usize,
    score: &str,
    nodes: u64,
    time: Duration,
    pv: &[G::Move],
) -> String {
    let mut pos = root.clone();
    let mut line = Vec::new();
    for &mv in pv {
        if pos.outcome().is_some() || !pos.is_legal(mv) {
            break;
        }
        line.push(
            pos.format_move(mv)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join("_"),
        );
        pos.play_unchecked(mv);
    }
    let nps = u128::from(nodes) * 1_000_000 / time.as_micros().max(1);
    format!(
        "depth {depth} score {score} nodes {nodes} nps {nps} time {} pv {}",
        time.as_millis(),
        line.join(" ")
    )
}

impl Limits {
    /// No limits beyond the bot's own.
    #[must_use]
    pub fn none() -> Limits {
        Limits::default()
    }

    /// Whether the stop flag is set.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// A bot's own budget for one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Think for this long.
    Time(Duration),
    /// MCTS iterations, or alpha-beta nodes.
    Nodes(u64),
    /// Alpha-beta: iterate to this depth.
    Depth(u32),
}

/// How long a search may run, given the bot's own time budget (`own`, if
/// its budget is a time) and the caller's limits: the caller's `movetime`
/// if it gave one, else the bot's own time, and never more than the
/// caller's `at_most` (which alone bounds a budget in nodes or depth).
/// `None`: no time bound.
#[must_use]
pub fn time_bound(own: Option<Duration>, limits: &Limits) -> Option<Duration> {
    let time = limits.movetime.or(own);
    match (time, limits.at_most) {
        (Some(t), Some(cap)) => Some(t.min(cap)),
        (t, cap) => t.or(cap),
    }
}

/// When to stop: a deadline and/or a node count, from a budget and limits.
#[derive(Clone, Debug)]
pub struct Deadline {
    end: Option<Instant>,
    nodes: Option<u64>,
    depth: Option<u32>,
    stop: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// Combines a bot's budget with the caller's limits.
    #[must_use]
    pub fn new(budget: Budget, limits: &Limits) -> Deadline {
        let own = match budget {
            Budget::Time(t) => Some(t),
            _ => None,
        };
        let end = time_bound(own, limits).map(|t| Instant::now() + t);
        let nodes = limits.nodes.or(match budget {
            Budget::Nodes(n) => Some(n),
            _ => None,
        });
        let depth = match (budget, limits.depth) {
            (Budget::Depth(d), Some(l)) => Some(d.min(l)),
            (Budget::Depth(d), None) => Some(d),
            (_, l) => l,
        };
        Deadline {
            end,
            nodes,
            depth,
            stop: limits.stop.clone(),
        }
    }

    /// As [`Deadline::new`] for a search that goes by depth (alpha-beta):
    /// a depth or node limit from the caller (an engine's `go depth N` or
    /// `go nodes N`) replaces the bot's own budget, its own time included,
    /// so that the search reaches that depth; a time from the caller (its
    /// `movetime`, its `at_most`) still bounds it, and so does the stop
    /// flag.
    #[must_use]
    pub fn by_depth(budget: Budget, limits: &Limits) -> Deadline {
        if limits.depth.is_none() && limits.nodes.is_none() {
            return Deadline::new(budget, limits);
        }
        Deadline {
            end: time_bound(None, limits).map(|t| Instant::now() + t),
            nodes: limits.nodes,
            depth: limits.depth,
            stop: limits.stop.clone(),
        }
    }

    /// Whether the search must stop after `nodes` nodes or iterations.
    #[must_use]
    pub fn reached(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|n| nodes >= n)
            || self.end.is_some_and(|e| Instant::now() >= e)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The deepest iteration allowed, if any.
    #[must_use]
    pub fn max_depth(&self) -> Option<u32> {
        self.depth
    }

    /// Whether nothing bounds the search but the depth.
    #[must_use]
    pub fn unbounded(&self) -> bool {
        self.end.is_none() && self.nodes.is_none() && self.stop.is_none()
    }
}

/// Plays uniformly random legal moves.
#[derive(Debug)]
pub struct RandomBot {
    rng: Xoshiro256PlusPlus,
}

impl RandomBot {
    /// A random player with its own seed.
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, history: &History<G>, _: &Limits) -> G::Move {
        let mut moves = G::MoveList::default();
        history.current().legal_moves(&mut moves);
        let m = moves.as_slice();
        m[self.rng.gen_range(0..m.len())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn a_clock_cuts_the_time_but_keeps_a_smaller_budget() {
        let clock = |ms| Limits {
            at_most: Some(MS(ms)),
            ..Limits::none()
        };
        // A level's own second, on a clock that allows 50 ms: 50 ms.
        assert_eq!(time_bound(Some(MS(1000)), &clock(50)), Some(MS(50)));
        // A level's own 10 ms stays 10 ms (a weak level stays weak).
        assert_eq!(time_bound(Some(MS(10)), &clock(50)), Some(MS(10)));
        // A budget in nodes or depth has no time of its own: the clock's.
        assert_eq!(time_bound(None, &clock(50)), Some(MS(50)));
        // The caller's movetime replaces the own budget, and is cut too.
        let both = Limits {
            movetime: Some(MS(200)),
            ..clock(50)
        };
        assert_eq!(time_bound(Some(MS(1000)), &both), Some(MS(50)));
        // Without a clock nothing changes.
        assert_eq!(time_bound(Some(MS(1000)), &Limits::none()), Some(MS(1000)));
        assert_eq!(time_bound(None, &Limits::none()), None);
    }

    #[test]
    fn a_node_or_depth_budget_on_a_clock_has_a_deadline_too() {
        let clock = Limits {
            at_most: Some(MS(50)),
            ..Limits::none()
        };
        for budget in [Budget::Nodes(1_000_000_000), Budget::Depth(40)] {
            let d = Deadline::new(budget, &clock);
            assert!(!d.unbounded(), "{budget:?}");
            assert!(!d.reached(0), "{budget:?}");
            std::thread::sleep(MS(60));
            assert!(d.reached(0), "{budget:?}");
        }
        // An engine's `go depth 30` on a clock still stops at the clock.
        let deep = Limits {
            depth: Some(30),
            ..clock
        };
        let d = Deadline::by_depth(Budget::Depth(4), &deep);
        assert_eq!(d.max_depth(), Some(30));
        assert!(!d.unbounded());
        assert!(Deadline::by_depth(Budget::Depth(4), &Limits::none()).unbounded());
    }
}
