//! How far from the end Jarmo's exact late-game solver reaches: plays
//! seeded games between two players of a level (from random openings) and,
//! for each, solves the position `k` plies before the end (with the game's
//! history, as level 5 asks it) for growing `k`, until the solver gives up
//! at its node limit; prints each game's reach and the archers then on the
//! board.
//!
//! `cargo run --release -p tablero-ai --example jarmo_reach -- [NODES] [GAMES] [LEVEL]`

use tablero_ai::arena::{play_game, random_opening};
use tablero_ai::solve::jarmo::Solver;
use tablero_ai::Play;
use tablero_core::{Game, History, Player};
use tablero_games::jarmo::Jarmo;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let nodes: u64 = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10);
    let level: u8 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(3);
    let mut reaches = Vec::new();
    for seed in 0..games {
        let start = random_opening::<Jarmo>(&Default::default(), 2, seed);
        let mut a = Jarmo::level(level, 2 * seed + 1);
        let mut b = Jarmo::level(level, 2 * seed + 2);
        let game = play_game(start, [a.as_mut(), b.as_mut()], [Some(level), Some(level)]);
        let n = game.moves().len();
        let mut reach = 0;
        let mut at = String::new();
        for k in 1..=n {
            let mut h = History::new(game.positions()[0].clone());
            for &m in &game.moves()[..n - k] {
                h.play(m).expect("legal");
            }
            let mut s = Solver::with_limit(nodes);
            let t = std::time::Instant::now();
            let Some(values) = s.best_in(&h) else {
                let mut ms = <Jarmo as Game>::MoveList::default();
                h.current().legal_moves(&mut ms);
                println!(
                    "  gave up {k} before the end at {} ({} moves)",
                    h.current().position_string(),
                    ms.len()
                );
                break;
            };
            let p = h.current();
            reach = k;
            at = format!(
                "{} (archers {}+{}, value {:+}, {} nodes, {:.2} s)",
                p.position_string(),
                p.archers(Player::P1).count_ones(),
                p.archers(Player::P2).count_ones(),
                values.1,
                s.nodes(),
                t.elapsed().as_secs_f64()
            );
        }
        println!(
            "game {seed}: {n} plies, {:?}; exact from {reach} plies before the end: {at}",
            game.outcome().map(|o| o.reason)
        );
        reaches.push(reach);
    }
    reaches.sort_unstable();
    println!("reach (plies before the end) sorted: {reaches:?}");
}
