//! How far from the end the exact Linja solver reaches: plays seeded random
//! games and solves the position `k` plies before each game's end for
//! growing `k`, until one solve takes longer than the time given.
//!
//! `cargo run --release -p tablero-ai --example linja_reach -- [SECONDS] [GAMES] [publisher|seed]`

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;
use tablero_ai::solve::linja::Solver;
use tablero_core::Game;
use tablero_games::linja::{Linja, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let limit: f64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(60.0);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let rules: Rules = args
        .get(3)
        .map_or(Rules::Publisher, |a| a.parse().expect("publisher or seed"));
    for seed in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pos = Linja::start(&rules);
        let mut line = vec![pos];
        let mut moves = Vec::new();
        while pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            line.push(pos);
        }
        println!("game {seed}: {} plies", line.len() - 1);
        for k in 1..line.len() {
            let p = line[line.len() - 1 - k];
            let t = Instant::now();
            let sol = Solver::new().solve(&p).expect("no limit");
            let secs = t.elapsed().as_secs_f64();
            println!(
                "  {k:>3} plies before the end ({}): score_diff {:>3}, {:>10} positions, {secs:.2} s",
                p.position_string(),
                sol.score_diff,
                sol.positions
            );
            if secs > limit {
                break;
            }
        }
    }
}
