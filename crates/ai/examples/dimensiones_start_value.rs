//! The value of the start of Super Dimensiones' sub-game G (issue #48's
//! stretch): an exact search from G's start over G's positions, by the
//! game's rules, with the endgame table's values wherever a line reaches
//! it, stopped after at most `MAX_NODES` positions with what it proved.
//!
//! ```text
//! cargo run --release -p tablero-ai --example dimensiones_start_value -- TABLE [MAX_NODES [MAX_STORED]]
//! ```
//!
//! `TABLE`: the table of `tablero solve dimensiones --build-table` (8
//! pieces for the whole table); `MAX_NODES` default 1,000,000,000;
//! `MAX_STORED` the positions whose bounds are kept, default 250,000,000
//! (about 35 bytes each). Prints
//! a line every 10 million positions and the result: the value for Red
//! (South, to move), or the bounds proven, with the node counts.

use std::path::PathBuf;
use std::time::Instant;
use tablero_ai::solve::dimensiones_start::{g_start, solve, Proof};
use tablero_ai::solve::dimensiones_table::Table;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(
        args.next()
            .expect("usage: dimensiones_start_value TABLE [MAX_NODES]"),
    );
    let max_nodes: u64 = args.next().map_or(1_000_000_000, |n| {
        n.replace('_', "").parse().expect("a node count")
    });
    let max_stored: usize = args.next().map_or(250_000_000, |n| {
        n.replace('_', "").parse().expect("a count")
    });
    let table = Table::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let start = g_start(table.rules());
    println!(
        "G's start ({}, table of {} pieces): {}",
        table.rules(),
        table.pieces(),
        tablero_core::Game::position_string(&start)
    );
    let t = Instant::now();
    let show = move |p: &Proof| {
        format!(
            "low {:?}, high {:?}: {} positions, {} answered by the table, {} stored, {:.0} s",
            p.low,
            p.high,
            p.nodes,
            p.probes,
            p.stored,
            t.elapsed().as_secs_f64()
        )
    };
    let proof = std::thread::Builder::new()
        .stack_size(4 << 30)
        .spawn(move || {
            solve(&start, &table, max_nodes, max_stored, |p| {
                if p.nodes % 10_000_000 == 0 {
                    println!("  {}", show(p));
                }
            })
        })
        .expect("a thread")
        .join()
        .expect("the search");
    match proof.value() {
        Some(v) => println!("value for Red (South, to move): {v:?}; {}", show(&proof)),
        None => println!(
            "not proven{}: {}",
            if proof.stopped {
                " (node bound reached)"
            } else {
                ""
            },
            show(&proof)
        ),
    }
}
