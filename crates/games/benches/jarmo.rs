//! Jarmo perft from the start position, on both sides of the board, and from
//! a position with marks and a waiting return.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tablero_core::{perft, Game};
use tablero_games::jarmo::{Jarmo, Orientation};

fn jarmo(c: &mut Criterion) {
    let mut group = c.benchmark_group("jarmo_perft");
    for (name, orientation, nodes) in [
        ("standard_start_depth5", Orientation::Standard, 217_217),
        ("flipped_start_depth5", Orientation::Flipped, 214_261),
    ] {
        let start = Jarmo::start(&orientation);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), 5), nodes));
        });
    }
    let waiting = Jarmo::parse_position(&Orientation::Standard, "l1l1l/3D1/5/5/dlddl d 0/0 7 -/-")
        .expect("a valid position");
    group.throughput(Throughput::Elements(74_205));
    group.bench_function("waiting_return_depth5", |b| {
        b.iter(|| assert_eq!(perft(black_box(&waiting), 5), 74_205));
    });
    group.finish();
}

criterion_group!(benches, jarmo);
criterion_main!(benches);
