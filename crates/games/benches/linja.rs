//! Linja perft from the start (both rule sets) and from a position full of
//! extra turns.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tablero_core::{perft, Game};
use tablero_games::linja::{Linja, Rules};

fn linja(c: &mut Criterion) {
    let mut group = c.benchmark_group("linja_perft");
    group.sample_size(10);
    let extra = Linja::parse_position(&Rules::Publisher, "4r/2r1b/./1r1b/./2r2b/3r/8b r 0")
        .expect("position");
    for (name, pos, depth, nodes) in [
        (
            "start_publisher_depth4",
            Linja::start(&Rules::Publisher),
            4,
            18_283_597,
        ),
        (
            "start_seed_depth4",
            Linja::start(&Rules::Seed),
            4,
            1_435_332,
        ),
        ("extra_turn_depth3", extra, 3, 622_774),
    ] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(black_box(&pos), depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(benches, linja);
criterion_main!(benches);
