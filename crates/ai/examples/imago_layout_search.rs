//! How the curated Imago layouts of the puzzle sets were chosen
//! (`tablero_ai::puzzles::imago::CURATED`): seeded random layouts of 2 to
//! 5 walls of one or two cells (default start cells, no straight wall of
//! three cells), each solved and mined; one line per layout: the seed, the
//! positions with a single winning move 5 or more moves from the goal,
//! those 2 or more, all puzzles, whether the start is a draw whoever moves
//! first, the longest forced win in plies, the layout and its themes.
//!
//! ```text
//! cargo run --release -p tablero-ai --example imago_layout_search -- FROM TO | sort -t$'\t' -k2 -n -r
//! ```
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use tablero_ai::puzzles::imago::mine_solved;
use tablero_ai::solve::imago::{ImagoSolution, Value};
use tablero_core::Player;
use tablero_games::imago::{Cell, Dir, Layout, DEFAULT_BLUE, DEFAULT_RED};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (from, to) = (args[0], args[1]);
    for seed in from..to {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let n = rng.gen_range(2..=5);
        let mut walls: Vec<(Cell, Cell)> = Vec::new();
        for _ in 0..n {
            let col = rng.gen_range(1..=6u8);
            let row = rng.gen_range(0..6u8);
            let a = Cell::new(col, row).unwrap();
            let dir = if rng.gen_bool(0.5) {
                Dir::Right
            } else {
                Dir::Up
            };
            let Some(b) = a.step(dir) else { continue };
            if b.col() < 1 || b.col() > 6 {
                continue;
            }
            walls.push((a, b));
            if rng.gen_bool(0.5) {
                // a second segment in line: the wall runs along the edge
                let along = if dir == Dir::Right {
                    Dir::Up
                } else {
                    Dir::Right
                };
                if let (Some(a2), Some(b2)) = (a.step(along), b.step(along)) {
                    if a2.col() >= 1 && a2.col() <= 6 && b2.col() >= 1 && b2.col() <= 6 {
                        walls.push((a2, b2));
                    }
                }
            }
        }
        walls.sort();
        walls.dedup();
        let Ok(layout) = Layout::new(&DEFAULT_RED, &DEFAULT_BLUE, &walls) else {
            continue;
        };
        if !layout.warnings().is_empty() {
            continue;
        }
        let sol = ImagoSolution::solve(&layout);
        let fair = Player::ALL
            .iter()
            .all(|&p| sol.start_value(p) == Value::Draw);
        let m = mine_solved(&sol);
        let mut themes: BTreeMap<String, usize> = BTreeMap::new();
        for p in &m.puzzles {
            *themes.entry(p.theme.clone()).or_default() += 1;
        }
        let long: usize = m
            .puzzles
            .iter()
            .filter(|p| {
                p.theme
                    .strip_prefix("win-in-")
                    .and_then(|n| n.parse::<u32>().ok())
                    .is_some_and(|n| n >= 5)
            })
            .count();
        let mid: usize = m
            .puzzles
            .iter()
            .filter(|p| {
                p.theme
                    .strip_prefix("win-in-")
                    .and_then(|n| n.parse::<u32>().ok())
                    .is_some_and(|n| n >= 2)
            })
            .count();
        println!(
            "{seed}\t{long}\t{mid}\t{}\tfair={fair}\tlongest={}\t{layout}\t{themes:?}",
            m.puzzles.len(),
            sol.stats().longest_win
        );
    }
}
