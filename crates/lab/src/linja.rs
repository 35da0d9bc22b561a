//! Linja's exact lab: what an endgame table says about a rule set.
//!
//! A table built with `free = K` holds every position where each side has
//! at most K pieces off its goal line (`free = 12`: the whole game). The
//! study's start is the table's own start: each side's K free pieces where
//! the game's start has its K least advanced pieces (six on the first row,
//! then one per row), the other `12 - K` on the goal line; with `K = 12` it
//! is the game's start. Linja's values are final score differences (points
//! of the side to move minus the other's under perfect play), so a "losing"
//! first move is one after which the first player ends behind, and a
//! "mistake" one that gives away points against the best move.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use tablero_ai::solve::linja_table::Table;
use tablero_core::{Game, Player};
use tablero_games::linja::{Linja, Rules, GOAL, PIECES, ROW_LIMIT};

/// Positions of the table enumerated one by one up to this many pairs of
/// distributions; beyond, a seeded sample of this size is valued.
pub const ENUMERATE_UP_TO: u64 = 4_000_000;

/// One colour moving first from the study's start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LinjaStart {
    /// `red` or `black`.
    pub first: String,
    /// The start as a position string (`tablero solve linja --position`).
    pub position: String,
    /// The final score difference for the first player under perfect play.
    pub value: i32,
    /// Its legal first moves.
    pub moves: u32,
    /// First moves after which the first player ends behind (value < 0).
    pub losing: u32,
    /// The worst first move's value (the most the first player can lose
    /// by).
    pub worst: Option<i32>,
    /// First moves that keep less than the best value.
    pub mistakes: u32,
    /// The most points a first move gives away against the best one.
    pub largest_drop: u32,
    /// Every first move with the value it keeps, best first.
    pub move_values: Vec<(String, i32)>,
    /// The shortest perfect game from the start, in turns.
    pub shortest: Option<u32>,
    /// The longest perfect game from the start, in turns.
    pub longest: Option<u32>,
}

/// The shares of positions by their value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Shares {
    /// The side to move ends ahead.
    pub won: f64,
    /// Equal scores.
    pub drawn: f64,
    /// The side to move ends behind.
    pub lost: f64,
}

/// What the table says.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LinjaStudy {
    /// Always `linja` (what the web page reads).
    pub exact: &'static str,
    /// The game.
    pub game: &'static str,
    /// `publisher` or `seed`.
    pub rules: String,
    /// Pieces off the goal line per side the table covers.
    pub free: u32,
    /// Positions valued for the shares (legal positions between turns,
    /// Red to move; Black to move is the same by symmetry).
    pub positions: u64,
    /// Whether every position was valued (else a seeded sample).
    pub exhaustive: bool,
    /// Shares of won, drawn and lost positions for the side to move.
    pub shares: Shares,
    /// The mean value over those positions.
    pub mean_value: f64,
    /// The largest value in absolute terms.
    pub largest_value: i32,
    /// The start with each colour moving first.
    pub starts: Vec<LinjaStart>,
}

/// Counts per progress slot (0: own first row, 7: goal line) of the table's
/// start: the game's start's `free` least advanced pieces, the rest home.
#[must_use]
pub fn start_counts(free: u32) -> [u8; 8] {
    let start = [6u8, 1, 1, 1, 1, 1, 1, 0];
    let mut out = [0u8; 8];
    let mut left = free.min(PIECES) as u8;
    for (slot, &n) in start.iter().enumerate().take(GOAL) {
        let k = n.min(left);
        out[slot] = k;
        left -= k;
    }
    out[GOAL] = PIECES as u8 - out.iter().sum::<u8>();
    out
}

/// Counts by progress as counts by row for `player`.
fn by_rows(player: Player, progress: [u8; 8]) -> [u8; 8] {
    let mut rows = [0u8; 8];
    for (p, &c) in progress.iter().enumerate() {
        rows[if player == Player::P1 { p } else { GOAL - p }] = c;
    }
    rows
}

/// The table's start with `first` to move.
///
/// # Errors
/// Never for `free` in 1..=12 (the position is legal); the message
/// otherwise.
pub fn table_start(rules: Rules, free: u32, first: Player) -> Result<Linja, String> {
    let c = start_counts(free);
    Linja::from_rows(
        rules,
        by_rows(Player::P1, c),
        by_rows(Player::P2, c),
        first,
        0,
    )
    .map_err(|e| format!("{e:?}"))
}

/// Every distribution of `free` pieces over progress 0-6 and the goal
/// line, with the other `12 - free` pieces on the goal line.
fn distributions(free: u32) -> Vec<[u8; 8]> {
    fn rec(d: &mut [u8; 8], p: usize, left: u8, fixed: u8, out: &mut Vec<[u8; 8]>) {
        if p == GOAL {
            d[GOAL] = left + fixed;
            out.push(*d);
            return;
        }
        for k in 0..=left.min(ROW_LIMIT as u8) {
            d[p] = k;
            rec(d, p + 1, left - k, fixed, out);
        }
        d[p] = 0;
    }
    let free = free.min(PIECES) as u8;
    let mut out = Vec::new();
    rec(&mut [0; 8], 0, free, PIECES as u8 - free, &mut out);
    out
}

fn rules_word(rules: Rules) -> &'static str {
    match rules {
        Rules::Publisher => "publisher",
        Rules::Seed => "seed",
    }
}

/// Studies a table: the shares over its positions (every one, or a sample
/// of [`ENUMERATE_UP_TO`] seeded by `seed`), and the start with each colour
/// first.
///
/// # Errors
/// When the table cannot be read or lacks a value it should hold.
pub fn study(table: &Table, seed: u64) -> Result<LinjaStudy, String> {
    let rules = table.rules();
    let free = table.free();
    let dists = distributions(free);
    let pairs = (dists.len() as u64).pow(2);
    let exhaustive = pairs <= ENUMERATE_UP_TO;
    let (mut won, mut drawn, mut lost, mut sum, mut largest) = (0u64, 0u64, 0u64, 0i64, 0i32);
    let mut value_of = |a: &[u8; 8], b: &[u8; 8]| -> Result<(), String> {
        let Ok(pos) = Linja::from_rows(
            rules,
            by_rows(Player::P1, *a),
            by_rows(Player::P2, *b),
            Player::P1,
            0,
        ) else {
            return Ok(());
        };
        let v = table
            .value(&pos)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("the table does not cover {}", pos.position_string()))?;
        match v.signum() {
            1 => won += 1,
            0 => drawn += 1,
            _ => lost += 1,
        }
        sum += i64::from(v);
        if v.abs() > largest.abs() {
            largest = v;
        }
        Ok(())
    };
    if exhaustive {
        for a in &dists {
            for b in &dists {
                value_of(a, b)?;
            }
        }
    } else {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for _ in 0..ENUMERATE_UP_TO {
            let a = &dists[rng.gen_range(0..dists.len())];
            let b = &dists[rng.gen_range(0..dists.len())];
            value_of(a, b)?;
        }
    }
    let positions = won + drawn + lost;
    let share = |k: u64| {
        if positions == 0 {
            0.0
        } else {
            k as f64 / positions as f64
        }
    };
    let mut starts = Vec::new();
    for first in Player::ALL {
        starts.push(start_study(table, rules, free, first)?);
    }
    Ok(LinjaStudy {
        exact: "linja",
        game: "linja",
        rules: rules_word(rules).to_string(),
        free,
        positions,
        exhaustive,
        shares: Shares {
            won: share(won),
            drawn: share(drawn),
            lost: share(lost),
        },
        mean_value: if positions == 0 {
            0.0
        } else {
            sum as f64 / positions as f64
        },
        largest_value: largest,
        starts,
    })
}

fn start_study(
    table: &Table,
    rules: Rules,
    free: u32,
    first: Player,
) -> Result<LinjaStart, String> {
    let pos = table_start(rules, free, first)?;
    let io = |e: std::io::Error| e.to_string();
    let value = table
        .value(&pos)
        .map_err(io)?
        .ok_or("the table does not cover its own start")?;
    let scored = table
        .scored_moves(&pos)
        .map_err(io)?
        .ok_or("the table does not cover its own start")?;
    let best = scored.first().map_or(value, |&(_, v)| v);
    let lengths = table.perfect_lengths(&pos).map_err(io)?;
    Ok(LinjaStart {
        first: Linja::colour(first).to_string(),
        position: pos.position_string(),
        value,
        moves: scored.len() as u32,
        losing: scored.iter().filter(|&&(_, v)| v < 0).count() as u32,
        worst: scored.iter().map(|&(_, v)| v).min(),
        mistakes: scored.iter().filter(|&&(_, v)| v < best).count() as u32,
        largest_drop: scored
            .iter()
            .map(|&(_, v)| (best - v).max(0) as u32)
            .max()
            .unwrap_or(0),
        move_values: scored
            .iter()
            .map(|&(m, v)| (pos.format_move(m), v))
            .collect(),
        shortest: lengths.map(|l| l.shortest),
        longest: lengths.map(|l| l.longest),
    })
}
