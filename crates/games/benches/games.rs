//! Move generation, play and perft from the start of every game and of
//! each configuration of the draughts core. Every bench asserts its count
//! (the figures of the perft data files in `tests/data`), so a bench run
//! is also a correctness check.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tablero_core::{perft, Game, MoveBuf};
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::draughts::{Draughts, DraughtsVariant};
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

/// The three benches of one start position: `moves` (legal moves, counted
/// against perft 1), `play` (each legal move played on a copy) and `perft`
/// at `depth` (counted against `nodes`).
fn game<G: Game>(
    c: &mut Criterion,
    name: &str,
    variant: &G::Variant,
    depth: u32,
    counts: (u64, u64),
) {
    let (moves, nodes) = counts;
    let start = G::start(variant);
    let mut group = c.benchmark_group(name);
    let mut list = G::MoveList::default();
    group.throughput(Throughput::Elements(moves));
    group.bench_function("moves", |b| {
        b.iter(|| {
            black_box(&start).legal_moves(&mut list);
            assert_eq!(list.as_slice().len() as u64, moves);
        });
    });
    start.legal_moves(&mut list);
    group.bench_function("play", |b| {
        b.iter(|| {
            let mut h = 0u64;
            for &mv in list.as_slice() {
                let mut p = black_box(&start).clone();
                p.play_unchecked(mv);
                h ^= p.position_hash();
            }
            black_box(h)
        });
    });
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("perft{depth}"), |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes));
    });
    group.finish();
}

fn draughts(c: &mut Criterion) {
    for (v, depth, nodes) in [
        (DraughtsVariant::English, 7, 179_740),
        (DraughtsVariant::Russian, 7, 190_146),
        (DraughtsVariant::Turkish, 5, 85_090),
    ] {
        let first = if v == DraughtsVariant::Turkish { 8 } else { 7 };
        game::<Draughts>(c, &format!("draughts_{v}"), &v, depth, (first, nodes));
    }
}

fn dimensiones(c: &mut Criterion) {
    for (rules, depth, first, nodes) in [
        ("M-C-N-W-R", 6, 5, 9_225),
        ("I-C-A-W-R", 6, 8, 419_715),
        ("I-C-A-E-R", 8, 3, 326_536),
    ] {
        let rs: RuleSet = rules.parse().expect("a rule set");
        game::<Dimensiones>(
            c,
            &format!("dimensiones_{rules}"),
            &rs,
            depth,
            (first, nodes),
        );
    }
}

fn others(c: &mut Criterion) {
    game::<Imago>(c, "imago", &Default::default(), 5, (12, 268_356));
    game::<Jarmo>(c, "jarmo", &Default::default(), 5, (11, 217_217));
    game::<Linja>(c, "linja", &Default::default(), 3, (43, 248_041));
}

criterion_group!(benches, draughts, dimensiones, others);
criterion_main!(benches);
