//! Perft speed of the draughts core: Super Dimensiones from the start (one
//! rule set of each formation) and Russian draughts from the start. Each
//! bench asserts its node count (pinned in the perft data files).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tablero_core::{perft, Game};
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::draughts::{Draughts, DraughtsVariant};

fn dimensiones(c: &mut Criterion) {
    let mut group = c.benchmark_group("dimensiones_perft");
    for (rules, depth, nodes) in [("I-C-A-W-R", 6, 419_715u64), ("I-C-A-E-R", 8, 326_536)] {
        let rs: RuleSet = rules.parse().expect("a rule set");
        let start = Dimensiones::start(&rs);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{rules}_depth{depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes));
        });
    }
    group.finish();
}

fn russian(c: &mut Criterion) {
    let mut group = c.benchmark_group("draughts_perft");
    let start = Draughts::start(&DraughtsVariant::Russian);
    group.throughput(Throughput::Elements(37_986));
    group.bench_function("russian_depth6", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 6), 37_986));
    });
    group.finish();
}

criterion_group!(benches, dimensiones, russian);
criterion_main!(benches);
