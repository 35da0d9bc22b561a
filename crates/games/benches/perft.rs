//! Imago perft from the start position of the default layout.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tablero_core::{perft, Game};
use tablero_games::imago::{Imago, Layout};

fn imago(c: &mut Criterion) {
    let mut group = c.benchmark_group("imago_perft");
    let start = Imago::start(&Layout::default());
    group.throughput(Throughput::Elements(268_356));
    group.bench_function("start_depth5", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 5), 268_356));
    });
    group.finish();
}

criterion_group!(benches, imago);
criterion_main!(benches);
