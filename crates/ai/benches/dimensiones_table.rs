//! Super Dimensiones' endgame tables: building the table of at most 4
//! pieces (the bench asserts its checksum, which the tests also pin by
//! comparing builds), and reading values from it through the game's
//! positions (`probe`, as level 5's search does at every node).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::PathBuf;
use tablero_ai::solve::dimensiones_table::{
    build, install, probe, BuildOptions, BuildOrder, Table, TableRules,
};
use tablero_core::Game;
use tablero_games::dimensiones::{Dimensiones, RuleSet};

fn path() -> PathBuf {
    std::env::temp_dir().join(format!(
        "tablero-bench-dimensiones-{}.tbl",
        std::process::id()
    ))
}

fn options() -> BuildOptions {
    BuildOptions {
        rules: TableRules::default(),
        pieces: 4,
        threads: 1,
        stop_after: None,
        order: BuildOrder::Canonical,
    }
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("dimensiones_table");
    group.sample_size(10);
    let file = path();
    group.bench_function("build_4_pieces", |b| {
        b.iter(|| {
            let _ = std::fs::remove_file(&file);
            let r = build(&file, &options(), |_| {}).expect("build");
            assert!(r.complete);
        });
    });
    let table = Table::open(&file).expect("built");
    assert_eq!(table.entries(), 512_910);
    install(table).expect("the first table");
    // Covered positions: one sub-game decided, the other with 2 to 4 pieces.
    let rules = RuleSet::default();
    let positions: Vec<Dimensiones> = [
        "6/6/3B2/6/1R4/R5 r -1 0 rbao",
        "1b4/2b3/6/6/1R4/6 b -1 7 rbao",
        "3b2/6/1r4/2B3/3r2/6 b -2 30 rbao",
        "6/2b3/3b2/4R1/6/6 r -1 59 rbao",
        "1B4/6/6/2b3/1r4/6 r -2 12 rbao",
    ]
    .iter()
    .map(|t| Dimensiones::parse_position(&rules, t).expect("position"))
    .collect();
    group.bench_function("probe", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(probe(black_box(p)).expect("covered"));
            }
        });
    });
    group.finish();
    let _ = std::fs::remove_file(&file);
}

criterion_group!(benches, tables);
criterion_main!(benches);
