//! Figures of the draughts core without the command line's start-up:
//! perft of Super Dimensiones' default rule set and of English draughts,
//! and random playouts of English draughts, each timed on one thread.
//!
//! ```sh
//! cargo run --release -p tablero-games --example draughts_speed [DEPTH_SD] [DEPTH_EN] [PLAYOUTS]
//! ```
//!
//! Prints nodes (or playouts) per second of wall time; run it under
//! `/usr/bin/time` for CPU time (docs/performance.md).

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;
use tablero_core::{perft, Game, Playouts};
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::draughts::{Draughts, DraughtsVariant};

fn main() {
    let args: Vec<u64> = match std::env::args().skip(1).map(|a| a.parse()).collect() {
        Ok(args) => args,
        Err(e) => {
            eprintln!(
                "usage: draughts_speed [DEPTH_SD] [DEPTH_EN] [PLAYOUTS], whole numbers ({e})"
            );
            std::process::exit(2);
        }
    };
    let sd_depth = args.first().copied().unwrap_or(12) as u32;
    let en_depth = args.get(1).copied().unwrap_or(10) as u32;
    let games = args.get(2).copied().unwrap_or(100_000);

    timed_perft(
        "dimensiones",
        &Dimensiones::start(&RuleSet::default()),
        sd_depth,
    );
    let en = Draughts::start(&DraughtsVariant::English);
    timed_perft("english", &en, en_depth);

    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut playouts = Playouts::<Draughts>::new();
    let t = Instant::now();
    let mut plies = 0u64;
    for _ in 0..games {
        plies += playouts.run(&en, &mut rng).plies;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "english playouts: {games} games, {plies} plies, {s:.3} s, {:.0} playouts/s",
        games as f64 / s
    );
}

/// Runs and prints one timed perft.
fn timed_perft<G: Game>(name: &str, pos: &G, depth: u32) {
    let t = Instant::now();
    let nodes = perft(pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "{name} perft {depth}: {nodes} nodes, {s:.3} s, {:.1} M nodes/s",
        nodes as f64 / s / 1e6
    );
}
