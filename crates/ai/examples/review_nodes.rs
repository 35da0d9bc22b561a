//! How many nodes the review's search of one position takes, to choose
//! `Review::NODES`: every position of the Super Dimensiones games that
//! `review_agreement` keeps (default rule set), searched by the review's
//! own player (`review::search_player`, its table cleared before every
//! search) at `DEPTH` without a node bound; prints the mean, percentiles
//! and the most.
//!
//! ```text
//! cargo run --release -p tablero-ai --example review_nodes -- DEPTH FILE...
//! cargo run --release -p tablero-ai --example review_nodes -- 12 target/review-games/dimensiones-2-3-*.txt
//! ```

use std::time::Instant;
use tablero_ai::review::search_player;
use tablero_ai::{Bot, Limits};
use tablero_core::{Game, History};
use tablero_games::dimensiones::Dimensiones;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: review_nodes DEPTH FILE...");
        std::process::exit(2);
    };
    let mut counts = Vec::new();
    let t = Instant::now();
    for file in &args[1..] {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(2);
            }
        };
        let mut game = History::new(Dimensiones::start(&Default::default()));
        for m in text.trim().split(", ") {
            if let Err(e) = game.play_text(m) {
                eprintln!("{file}: {m}: {e}");
                std::process::exit(2);
            }
        }
        let mut ab = search_player::<Dimensiones>(depth);
        let mut h = History::new(game.positions()[0].clone());
        for &m in game.moves() {
            ab.new_game();
            let limits = Limits {
                depth: Some(depth),
                ..Limits::none()
            };
            counts.push(ab.search(&h, &limits).nodes);
            h.play(m).expect("the record's moves replay");
        }
    }
    if counts.is_empty() {
        eprintln!("no positions");
        std::process::exit(2);
    }
    counts.sort_unstable();
    let n = counts.len();
    let at = |q: usize| counts[(n * q / 1000).min(n - 1)];
    let sum: u64 = counts.iter().sum();
    println!(
        "depth {depth}: {n} positions, nodes mean {}, median {}, 90th percentile {}, 99th {}, 99.9th {}, most {}; {:.1} s",
        sum / n as u64,
        at(500),
        at(900),
        at(990),
        at(999),
        counts[n - 1],
        t.elapsed().as_secs_f64()
    );
}
