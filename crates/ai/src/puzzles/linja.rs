//! Linja puzzles from the whole table of exact values: positions of
//! seeded games from the start where exactly one move keeps the exact
//! value (the final score difference with best play), one puzzle per
//! position up to the colour mirror.
//!
//! The games are walks from the start (either side first) in which each
//! move is, with a probability that differs from game to game (the
//! "noise", [`NOISE`]), a uniformly random legal move, else a random one
//! of the moves that keep the table's value. So every position is
//! reachable (it was reached), near-perfect games give the positions a
//! strong player meets, and noisy ones the positions after mistakes.
//! Every position met, not only those of a puzzle, is judged once: the
//! rules and the start are the same for both colours, so Red to move in
//! a position and Black to move in its mirror image are one position
//! (one key: the mover's pieces by progress, the other's, the passes).
//!
//! Themes are [`super::exact_puzzle`]'s: `only-win`, `only-draw`,
//! `best-margin`, `least-loss`. A Linja value is a margin, not a distance,
//! so there is no "in N".

use super::{exact_puzzle, Puzzle};
use crate::review::{Source, Value};
use crate::solve::linja_table::Table;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashSet;
use tablero_core::{Game, Player};
use tablero_games::linja::Linja;

/// The noise of the games, in turn: game `i` uses `NOISE[i % len]`.
pub const NOISE: [f64; 5] = [0.05, 0.15, 0.3, 0.5, 1.0];

/// What mining found.
#[derive(Clone, Debug, Default)]
pub struct LinjaMine {
    /// Games walked.
    pub games: usize,
    /// Distinct positions judged (up to the mirror).
    pub distinct: usize,
    /// The puzzles, in the order found.
    pub puzzles: Vec<Puzzle>,
}

/// A position up to the colour mirror.
fn key(pos: &Linja) -> (u32, u32, u8) {
    let me = pos.side_to_move();
    (
        pos.pieces(me).bits(),
        pos.pieces(me.other()).bits(),
        pos.passes(),
    )
}

/// Walks `games` seeded games (seeds `seed`, `seed + 1`, ...) under the
/// table's rules and keeps the puzzles of the positions met;
/// `progress(games, found)` after each game.
///
/// # Errors
/// When reading the table fails.
pub fn mine_table(
    table: &Table,
    games: usize,
    seed: u64,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<LinjaMine> {
    let mut seen: FxHashSet<(u32, u32, u8)> = FxHashSet::default();
    let mut out = LinjaMine::default();
    for g in 0..games {
        let s = seed.wrapping_add(g as u64);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(s);
        let noise = NOISE[g % NOISE.len()];
        let first = if rng.gen_bool(0.5) {
            Player::P1
        } else {
            Player::P2
        };
        let mut pos = Linja::start_with(&table.rules(), first);
        while pos.outcome().is_none() {
            let Some(scored) = table.scored_moves(&pos)? else {
                break;
            };
            if scored.is_empty() {
                break;
            }
            if seen.insert(key(&pos)) {
                out.distinct += 1;
                let values: Vec<_> = scored
                    .iter()
                    .map(|&(m, v)| (m, Value::Margin { points: v }))
                    .collect();
                if let Some(p) = exact_puzzle(&pos, Source::Table, &values) {
                    out.puzzles.push(p);
                }
            }
            let best = scored[0].1;
            let m = if rng.gen_bool(noise) {
                scored[rng.gen_range(0..scored.len())].0
            } else {
                let keep = scored.iter().take_while(|(_, v)| *v == best).count();
                scored[rng.gen_range(0..keep)].0
            };
            pos.play_unchecked(m);
        }
        out.games += 1;
        progress(out.games, out.puzzles.len());
    }
    Ok(out)
}
