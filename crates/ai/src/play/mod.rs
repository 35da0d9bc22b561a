//! What the computer plays in each game: the five levels, the exact players
//! where a game has one, the claim check, and player specs such as `ai:3`
//! or `mcts:iters=2000`.

mod dimensiones;
mod draughts;
mod imago;
mod jarmo;
mod linja;

pub use linja::level5_without_table as linja_level5_without_table;

pub use imago::{
    cached_solution, set_solution_cache_bytes, solution_for, ImagoSolver,
    DEFAULT_SOLUTION_CACHE_BYTES,
};

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::bot::{Bot, Budget, RandomBot};
use crate::mcts::{Mcts, MctsConfig};
use std::time::Duration;
use tablero_core::{id, Evaluate, Game, History, Message, Player};

/// A level's name and what it is made of.
#[derive(Clone, Copy, Debug)]
pub struct LevelInfo {
    /// 1..=5.
    pub level: u8,
    /// What it plays with, e.g. `MCTS, 50 iterations`.
    pub recipe: &'static str,
}

/// A game's computer players.
pub trait Play: Game + Evaluate {
    /// The player of `level` (1 = weakest, 5 = strongest).
    fn level(level: u8, seed: u64) -> Box<dyn Bot<Self>>;

    /// Each level's recipe, for help texts and docs.
    fn levels() -> [LevelInfo; 5];

    /// The exact player, when the game has one (`solver` in specs); with
    /// `noise` > 0 it plays a uniformly random move that often instead, and
    /// it sees wins and losses only up to `horizon` plies away.
    fn exact(_seed: u64, _noise: f64, _horizon: u16) -> Option<Box<dyn Bot<Self>>> {
        None
    }

    /// The variants whose every position the computer knows exactly, at
    /// once, from a table installed for this process (Linja with
    /// `--table`): there the strongest level and the exact player play
    /// perfectly and a hint shows each move's exact value. Empty by default.
    fn solved_variants() -> Vec<String> {
        Vec::new()
    }

    /// Every legal move of `pos` with its exact value for the side to
    /// move, best first, where the game knows them: Imago from its solved
    /// layout, Linja from an installed table, else from its endgame solver
    /// when that finishes within `reach` positions (0: no search). `None`
    /// by default.
    fn exact_move_values(
        _pos: &Self,
        _reach: u64,
    ) -> Option<Vec<(Self::Move, crate::analysis::Exact)>> {
        None
    }

    /// Whether the side to move may claim the win now (Imago's "Jacke";
    /// a game has claims when its description names one).
    fn claim_valid(_history: &History<Self>) -> bool {
        false
    }

    /// Whether the computer at `level` (`None`: a player spec that names no
    /// level) claims the win now instead of moving. By default it never
    /// does.
    fn claims_now(_level: Option<u8>, _history: &History<Self>) -> bool {
        false
    }

    /// Whether the computer at `level`, playing `me`, accepts a draw offered
    /// in the game's current position. By default it declines: only an
    /// exact player knows when a draw is all the game holds for it.
    fn accepts_draw(_level: u8, _history: &History<Self>, _me: Player) -> bool {
        false
    }
}

/// The generic levels: MCTS with 10, 100 and 1000 iterations, then
/// alpha-beta to depth 4, then alpha-beta for 2 s. Budgets in iterations and
/// depth make levels 1–4 play the same on any machine.
pub const GENERIC_LEVELS: [LevelInfo; 5] = [
    LevelInfo {
        level: 1,
        recipe: "MCTS, 10 iterations",
    },
    LevelInfo {
        level: 2,
        recipe: "MCTS, 100 iterations",
    },
    LevelInfo {
        level: 3,
        recipe: "MCTS, 1000 iterations",
    },
    LevelInfo {
        level: 4,
        recipe: "alpha-beta, depth 4",
    },
    LevelInfo {
        level: 5,
        recipe: "alpha-beta, 2 s",
    },
];

/// A generic level (see [`GENERIC_LEVELS`]).
#[must_use]
pub fn generic_level<G: Game + Evaluate>(level: u8, seed: u64) -> Box<dyn Bot<G>> {
    let mcts = |n| -> Box<dyn Bot<G>> {
        Box::new(Mcts::new(MctsConfig {
            budget: Budget::Nodes(n),
            seed,
            ..MctsConfig::default()
        }))
    };
    let ab = |budget| -> Box<dyn Bot<G>> {
        Box::new(AlphaBeta::new(AlphaBetaConfig {
            budget,
            ..AlphaBetaConfig::default()
        }))
    };
    match level {
        0 | 1 => mcts(10),
        2 => mcts(100),
        3 => mcts(1000),
        4 => ab(Budget::Depth(4)),
        _ => ab(Budget::Time(Duration::from_secs(2))),
    }
}

/// The level a player spec plays at, where a level's behaviour beyond its
/// moves matters (its answer to a draw offer): `ai:N` is level N, the plain
/// exact player (`solver` or `exact`, no keys) level 5; other specs have
/// none.
#[must_use]
pub fn spec_level(spec: &str) -> Option<u8> {
    match spec.split_once(':').unwrap_or((spec, "")) {
        ("ai", n) => n.parse().ok().filter(|n| (1..=5).contains(n)),
        ("solver" | "exact", "") => Some(5),
        _ => None,
    }
}

/// Reads a player spec: `random`, `ai:N` (a level), `hint` (the hint player,
/// [`crate::analysis::hinter`]), `solver[:noise=X,horizon=H]`
/// (the exact player, playing a random move with probability X, seeing H
/// plies), `mcts[:k=v,...]` with keys `iters`, `ms`, `c`, `threads`,
/// `cutoff`, `reuse`, or `ab[:k=v,...]` (also `alphabeta`) with keys
/// `depth`, `ms`, `nodes`, `threads`, `q`, `focus`.
///
/// # Errors
/// Says what is wrong with the spec, as a message of the catalogue
/// (`spec-…` in `locales/*/games.ftl`).
pub fn parse_spec<G: Play>(spec: &str, seed: u64) -> Result<Box<dyn Bot<G>>, Message> {
    let (kind, params) = spec.split_once(':').unwrap_or((spec, ""));
    let pairs: Vec<(&str, &str)> = if params.is_empty() || kind == "ai" {
        Vec::new()
    } else {
        params
            .split(',')
            .map(|kv| {
                kv.split_once('=').ok_or_else(|| {
                    Message::of(id!("spec-not-key-value"))
                        .text("pair", format!("{kv:?}"))
                        .text("spec", format!("{spec:?}"))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let num = |k: &str, v: &str| {
        v.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| {
                Message::of(id!("spec-not-number"))
                    .text("key", k)
                    .text("value", v)
            })
    };
    match kind {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "hint" if params.is_empty() => Ok(crate::analysis::hinter::<G>(seed)),
        "ai" => match spec_level(spec) {
            Some(n) => Ok(G::level(n, seed)),
            None => Err(Message::of(id!("spec-levels")).text("spec", format!("{spec:?}"))),
        },
        "solver" | "exact" => {
            let (mut noise, mut horizon) = (0.0, u16::MAX);
            for (k, v) in pairs {
                match k {
                    "noise" => noise = num(k, v)?.min(1.0),
                    "horizon" => horizon = num(k, v)?.min(f64::from(u16::MAX)) as u16,
                    _ => return Err(unknown_key("solver", k, "noise, horizon")),
                }
            }
            G::exact(seed, noise, horizon)
                .ok_or_else(|| Message::of(id!("spec-no-exact")).text("game", G::NAME))
        }
        "mcts" => {
            let mut c = MctsConfig {
                seed,
                ..MctsConfig::default()
            };
            for (k, v) in pairs {
                match k {
                    "iters" => c.budget = Budget::Nodes(num(k, v)? as u64),
                    "ms" => c.budget = Budget::Time(Duration::from_millis(num(k, v)? as u64)),
                    "c" => c.exploration = num(k, v)?,
                    "threads" => c.threads = (num(k, v)? as usize).clamp(1, 64),
                    "cutoff" => c.cutoff = Some(num(k, v)? as u32),
                    "reuse" => c.reuse = v != "0" && v != "false",
                    _ => {
                        return Err(unknown_key(
                            "mcts",
                            k,
                            "iters, ms, c, threads, cutoff, reuse",
                        ))
                    }
                }
            }
            Ok(Box::new(Mcts::new(c)))
        }
        "ab" | "alphabeta" => {
            let mut c = AlphaBetaConfig::default();
            for (k, v) in pairs {
                match k {
                    "depth" => c.budget = Budget::Depth((num(k, v)? as u32).clamp(1, 64)),
                    "ms" => c.budget = Budget::Time(Duration::from_millis(num(k, v)? as u64)),
                    "nodes" => c.budget = Budget::Nodes(num(k, v)? as u64),
                    "q" => c.quiescence = v != "0" && v != "false",
                    "focus" => c.focus = v != "0" && v != "false",
                    "threads" => c.threads = (num(k, v)? as usize).clamp(1, 64),
                    _ => return Err(unknown_key("ab", k, "depth, ms, nodes, threads, q, focus")),
                }
            }
            Ok(Box::new(AlphaBeta::new(c)))
        }
        _ => Err(Message::of(id!("spec-unknown-player")).text("spec", format!("{spec:?}"))),
    }
}

/// A key that player `kind` does not take (`keys`: those it takes).
fn unknown_key(kind: &str, key: &str, keys: &str) -> Message {
    Message::of(id!("spec-unknown-key"))
        .text("kind", kind)
        .text("key", format!("{key:?}"))
        .text("keys", keys)
}

#[cfg(test)]
mod tests {
    use super::parse_spec;
    use tablero_core::Arg;
    use tablero_games::jarmo::Jarmo;

    /// Why a spec does not read: the message's id and its arguments.
    fn why(spec: &str) -> (&'static str, Vec<(&'static str, Arg)>) {
        let m = parse_spec::<Jarmo>(spec, 1).err().expect("refused");
        (m.id(), m.args().to_vec())
    }

    #[test]
    fn a_spec_that_does_not_read_says_why_as_a_message() {
        let text = |s: &str| Arg::Text(s.to_string());
        assert_eq!(
            why("ai:9"),
            ("spec-levels", vec![("spec", text("\"ai:9\""))])
        );
        assert_eq!(why("foo").0, "spec-unknown-player");
        // 8x8 draughts has no exact player (Jarmo's is its late-game
        // solver).
        let m = parse_spec::<tablero_games::draughts::Draughts>("solver", 1)
            .err()
            .expect("refused");
        assert_eq!(m.id(), "spec-no-exact");
        assert!(parse_spec::<Jarmo>("solver", 1).is_ok());
        assert_eq!(
            why("mcts:depth=3"),
            (
                "spec-unknown-key",
                vec![
                    ("kind", text("mcts")),
                    ("key", text("\"depth\"")),
                    ("keys", text("iters, ms, c, threads, cutoff, reuse")),
                ]
            )
        );
        assert_eq!(
            why("ab:ms=x"),
            (
                "spec-not-number",
                vec![("key", text("ms")), ("value", text("x"))]
            )
        );
        assert_eq!(why("ab:q").0, "spec-not-key-value");
        let m = parse_spec::<Jarmo>("ai:0", 1).err().expect("refused");
        assert_eq!(m.to_string(), "\"ai:0\": levels are ai:1 to ai:5");
        assert!(parse_spec::<Jarmo>("mcts:iters=5", 1).is_ok());
    }

    /// A clock's bound stops a level's 2 s search, and a search by
    /// iterations that would take minutes, long before their own budget.
    /// (An upper bound with a wide margin: the bound is 50 ms.)
    #[test]
    fn a_clock_bounds_a_level_s_own_budget() {
        use crate::bot::Limits;
        use std::time::{Duration, Instant};
        use tablero_core::{Game, History, Player};
        let history = History::new(Jarmo::start_with(&Default::default(), Player::P1));
        let clock = Limits {
            at_most: Some(Duration::from_millis(50)),
            ..Limits::none()
        };
        for spec in ["ai:5", "mcts:iters=1000000000", "ab:depth=60"] {
            let mut bot = parse_spec::<Jarmo>(spec, 1).expect("a spec");
            let t = Instant::now();
            bot.choose(&history, &clock);
            let took = t.elapsed();
            assert!(took < Duration::from_millis(1000), "{spec}: {took:?}");
        }
    }
}
