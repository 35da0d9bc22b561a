//! Games per second: the lab's runner against the arena that `tablero
//! match` plays through, on the same games (level 1 against itself from
//! 2-ply random openings), with 1 and 2 threads.
//!
//! ```sh
//! cargo run --release -p tablero-lab --example throughput [-- GAMES [SPEC]]
//! ```
//! Prints one line per run. The lab measures more per game (an evaluation
//! and a legal-move count after every move, a record, a SQLite row), so
//! this shows what that costs.

use std::time::Instant;
use tablero_ai::arena::{run_match, MatchConfig};
use tablero_ai::parse_spec;
use tablero_games::jarmo::{Jarmo, Orientation};
use tablero_lab::{run_survey, Store, SurveyConfig};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|g| g.parse().ok()).unwrap_or(40);
    let spec = args.next().unwrap_or_else(|| "ai:1".to_string());
    let pairs = games.div_ceil(2);
    println!(
        "jarmo standard, {spec} v {spec}, {} games, 2-ply openings; cores: {}",
        2 * pairs,
        std::thread::available_parallelism().map_or(1, usize::from)
    );
    for threads in [1usize, 2] {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let config = SurveyConfig::self_play("jarmo", "standard", &spec, pairs);
        let store = Store::open_dir(tmp.path()).expect("a store");
        let t = Instant::now();
        let rows = run_survey::<Jarmo>(&config, tmp.path(), &store, threads, &|_, _| {})
            .expect("the survey runs");
        let s = t.elapsed().as_secs_f64();
        let plies: u32 = rows.iter().map(|r| r.plies).sum();
        println!(
            "lab    threads {threads}: {} games in {s:.2} s = {:.2} games/s ({plies} plies)",
            rows.len(),
            rows.len() as f64 / s
        );
        let config = MatchConfig {
            variant: Orientation::Standard,
            games: 2 * pairs,
            concurrency: threads,
            seed: 1,
            opening_plies: 2,
            sprt: None,
            levels: [tablero_ai::spec_level(&spec); 2],
        };
        let make = |seed: u64| parse_spec::<Jarmo>(&spec, seed).expect("a spec");
        let plies = std::sync::atomic::AtomicU64::new(0);
        let t = Instant::now();
        let tally = run_match::<Jarmo>(&config, &make, &make, &|_, f| {
            plies.fetch_add(
                f.history.moves().len() as u64,
                std::sync::atomic::Ordering::Relaxed,
            );
        });
        let s = t.elapsed().as_secs_f64();
        println!(
            "match  threads {threads}: {} games in {s:.2} s = {:.2} games/s ({} plies)",
            tally.games,
            f64::from(tally.games) / s,
            plies.into_inner()
        );
    }
}
