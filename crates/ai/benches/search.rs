//! Search speed: random playouts, alpha-beta nodes and MCTS iterations per
//! second, from the start position of each game.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use std::hint::black_box;
use tablero_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tablero_ai::mcts::{Mcts, MctsConfig};
use tablero_ai::{Budget, Limits};
use tablero_core::{Evaluate, Game, History, Playouts};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

fn playouts<G: Game>(c: &mut Criterion, variant: &G::Variant) {
    let start = G::start(variant);
    let mut group = c.benchmark_group(format!("{}_playouts", G::NAME));
    group.throughput(Throughput::Elements(100));
    group.bench_function("100_games", |b| {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
        let mut p = Playouts::<G>::new();
        b.iter(|| {
            for _ in 0..100 {
                black_box(p.run(&start, &mut rng));
            }
        });
    });
    group.finish();
}

fn alphabeta<G: Game + Evaluate>(c: &mut Criterion, variant: &G::Variant, depth: u32) {
    let h = History::new(G::start(variant));
    let config = AlphaBetaConfig {
        budget: Budget::Depth(depth),
        tt_entries: 1 << 16,
        ..AlphaBetaConfig::default()
    };
    let nodes = AlphaBeta::<G>::new(config.clone())
        .search(&h, &Limits::none())
        .nodes;
    let mut group = c.benchmark_group(format!("{}_alphabeta", G::NAME));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("depth{depth}"), |b| {
        b.iter(|| {
            let r = AlphaBeta::<G>::new(config.clone()).search(&h, &Limits::none());
            assert_eq!(r.nodes, nodes, "the search is deterministic");
        });
    });
    group.finish();
}

fn mcts<G: Game + Evaluate>(c: &mut Criterion, variant: &G::Variant) {
    let h = History::new(G::start(variant));
    let mut group = c.benchmark_group(format!("{}_mcts", G::NAME));
    group.throughput(Throughput::Elements(2000));
    group.bench_function("2000_iterations", |b| {
        b.iter(|| {
            let mut m = Mcts::<G>::new(MctsConfig {
                budget: Budget::Nodes(2000),
                reuse: false,
                ..MctsConfig::default()
            });
            assert_eq!(m.search(&h, &Limits::none()).iterations, 2000);
        });
    });
    group.finish();
}

fn all(c: &mut Criterion) {
    let imago = Default::default();
    playouts::<Imago>(c, &imago);
    alphabeta::<Imago>(c, &imago, 5);
    mcts::<Imago>(c, &imago);
    let jarmo = Default::default();
    playouts::<Jarmo>(c, &jarmo);
    alphabeta::<Jarmo>(c, &jarmo, 5);
    mcts::<Jarmo>(c, &jarmo);
    let linja = Default::default();
    playouts::<Linja>(c, &linja);
    alphabeta::<Linja>(c, &linja, 2);
    mcts::<Linja>(c, &linja);
    let dimensiones = Default::default();
    playouts::<Dimensiones>(c, &dimensiones);
    alphabeta::<Dimensiones>(c, &dimensiones, 5);
    mcts::<Dimensiones>(c, &dimensiones);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = all
}
criterion_main!(benches);
