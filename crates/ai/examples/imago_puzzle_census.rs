//! How often an Imago position of the default layout is a puzzle, by kind:
//! 3,000 seeded random games, their first 40 plies, each position valued
//! by the layout's solution (docs/ai.md, "Puzzles").
//!
//! ```sh
//! cargo run --release -p tablero-ai --example imago_puzzle_census
//! ```

use std::collections::BTreeMap;
use tablero_ai::arena::random_opening;
use tablero_ai::solve::imago::{ImagoSolution, Value};
use tablero_core::Game;
use tablero_games::imago::{Imago, Layout};

fn main() {
    let layout = Layout::default();
    let solution = ImagoSolution::solve(&layout);
    let (mut positions, mut only_draw) = (0u64, 0u64);
    // Plies to the win -> positions.
    let mut one_win: BTreeMap<u16, u64> = BTreeMap::new();
    let mut one_fastest: BTreeMap<u16, u64> = BTreeMap::new();
    for seed in 0..3000u64 {
        for plies in 0..40 {
            let pos: Imago = random_opening::<Imago>(&layout, plies, seed);
            if pos.outcome().is_some() {
                break;
            }
            positions += 1;
            let values = solution.move_values(&pos);
            if values.len() < 2 {
                continue;
            }
            let wins: Vec<u16> = values
                .iter()
                .filter_map(|(_, v)| match v {
                    Value::Win(p) => Some(*p),
                    _ => None,
                })
                .collect();
            let draws = values.iter().filter(|(_, v)| *v == Value::Draw).count();
            if let [p] = wins[..] {
                *one_win.entry(p).or_default() += 1;
            }
            if let Some(&fastest) = wins.iter().min() {
                if fastest >= 3 && wins.iter().filter(|&&p| p == fastest).count() == 1 {
                    *one_fastest.entry(fastest).or_default() += 1;
                }
            }
            if wins.is_empty() && draws == 1 {
                only_draw += 1;
            }
        }
    }
    println!("positions: {positions}");
    println!("exactly one winning move, by plies to the win: {one_win:?}");
    println!("exactly one fastest win of 3 plies or more: {one_fastest:?}");
    println!("no win and exactly one move that holds the draw: {only_draw}");
}
