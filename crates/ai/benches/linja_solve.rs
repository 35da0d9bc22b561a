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

/// Name, position, value for the side to move, positions searched.
const CASES: &[(&str, &str, i32, u64)] = &[];

criterion_group!(benches, linja);
criterion_main!(benches);
