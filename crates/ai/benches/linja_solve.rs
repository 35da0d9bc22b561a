//! The exact Linja endgame solver on positions a few plies before the end of
//! a seeded random game (the bench asserts the positions searched).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tablero_ai::solve::linja::Solver;
use tablero_core::Game;
use tablero_games::linja::{Linja, Rules};

fn linja(c: &mut Criterion) {
    let mut group = c.benchmark_group("linja_solve");
    group.sample_size(10);
    for (name, text, diff, positions) in CASES {
        let pos = Linja::parse_position(&Rules::Publisher, text).expect("position");
        group.bench_function(*name, |b| {
            b.iter(|| {
                let sol = Solver::new().solve(black_box(&pos)).expect("no limit");
                assert_eq!((sol.score_diff, sol.positions), (*diff, *positions));
            });
        });
    }
    group.finish();
}

/// Name, position, value for the side to move, positions searched. The
/// positions are 6, 12 and 11 plies before the end of the seeded random
/// games 1, 2 and 1 of `examples/linja_reach.rs`.
const CASES: &[(&str, &str, i32, u64)] = &[
    (
        "6_plies_left",
        "6b/2r/1r1b/1r4b/./1r1b/1r/6r b 0",
        1,
        23_001,
    ),
    (
        "12_plies_left",
        "4b/2r1b/1r4b/./2r/2b/1r/6r1b b 0",
        -1,
        73_846,
    ),
    (
        "11_plies_left",
        "1r5b/1r/3r1b/3b/1r1b/1b/1r1b/5r r 0",
        -2,
        341_820,
    ),
];

criterion_group!(benches, linja);
criterion_main!(benches);
