//! Full solve of an Imago layout (the target: well under a second on one core).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tablero_ai::solve::imago::ImagoSolution;
use tablero_games::imago::Layout;

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("imago_solve");
    group.sample_size(10);
    let walled: Layout = "walls:c2-d2,c3-d3,e4-f4,e5-f5,c5-c6,f1-f2"
        .parse()
        .expect("layout");
    for (name, layout) in [("default", Layout::default()), ("walls-a", walled)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let sol = ImagoSolution::solve(black_box(&layout));
                assert_eq!(sol.stats().positions, 706_860);
                sol
            });
        });
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
