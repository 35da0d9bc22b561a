//! Builds the Linja table for `free` pieces per side off the goal line
//! and prints its figures: entries, valid positions, entries per second,
//! peak memory (VmHWM from /proc/self/status) and the file's size.
//!
//! ```text
//! cargo run --release -p tablero-ai --example linja_table -- FREE [publisher|seed] [THREADS] [FILE]
//! ```
//!
//! The file defaults to a fresh one in the system's temporary folder; an
//! existing file of the same rules and size is resumed.

use std::path::PathBuf;
use std::time::Instant;
use tablero_ai::solve::linja_table::{build, BuildOptions, Index, Table};
use tablero_core::{Game, Player};
use tablero_games::linja::{Linja, Rules};

fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let free: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(6);
    if !(1..=12).contains(&free) {
        eprintln!("free pieces must be 1 to 12");
        std::process::exit(2);
    }
    let rules: Rules = args
        .get(1)
        .map_or(Ok(Rules::Publisher), |r| r.parse())
        .unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let threads = args
        .get(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let path = args.get(3).map_or_else(
        || {
            let p = std::env::temp_dir().join(format!(
                "linja-table-{free}-{rules:?}-{}.bin",
                std::process::id()
            ));
            let _ = std::fs::remove_file(&p);
            p
        },
        PathBuf::from,
    );
    let index = Index::new(free);
    println!(
        "free pieces {free}, rules {rules:?}, threads {threads}: {} distributions per side, {} entries, {} layers",
        index.distributions(),
        index.len(),
        index.layers()
    );
    let t = Instant::now();
    let mut last = Instant::now();
    let report = build(
        &path,
        &BuildOptions {
            rules,
            free,
            threads,
            stop_after: None,
        },
        |p| {
            if last.elapsed().as_secs() >= 10 {
                last = Instant::now();
                eprintln!(
                    "  layer {} ({}/{} done), {:.1}% of entries, {:.0} s",
                    p.layer,
                    p.layers_done,
                    p.layers,
                    100.0 * p.entries_done as f64 / p.entries as f64,
                    t.elapsed().as_secs_f64()
                );
            }
        },
    )
    .unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let secs = report.seconds;
    println!(
        "built {} entries in {secs:.2} s: {:.0} entries/s ({} layers resumed)",
        report.entries_computed,
        report.entries_computed as f64 / secs.max(1e-9),
        report.resumed_layers
    );
    let table = Table::open(&path).expect("the table just built opens");
    let v = table.verify(threads, |_| {}).expect("verify reads memory");
    println!(
        "valid positions {} ({:.0} positions/s over the build), verify: checksum {}, {} mismatches",
        v.positions,
        v.positions as f64 / secs.max(1e-9),
        if v.checksum_ok { "ok" } else { "WRONG" },
        v.mismatches
    );
    if free == 12 {
        for first in Player::ALL {
            let start = Linja::start_with(&rules, first);
            let moves = table.scored_moves(&start).expect("read").expect("covered");
            let best = moves[0].1;
            let keep = moves.iter().filter(|m| m.1 == best).count();
            println!(
                "start, {} moves first: {best} for the side to move; {keep} of {} moves keep it",
                Linja::colour(first),
                moves.len()
            );
        }
    }
    println!(
        "peak memory {} MiB, file {} bytes: {}",
        peak_memory_kib().map_or(0, |k| k / 1024),
        std::fs::metadata(&path).map_or(0, |m| m.len()),
        path.display()
    );
    if args.get(3).is_none() {
        let _ = std::fs::remove_file(&path);
    }
}
