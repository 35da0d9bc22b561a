//! How many puzzles of a committed searched set (Jarmo, Super
//! Dimensiones) keep their answer as the only best move by searches deeper
//! than the one that confirmed them (docs/ai.md, "Puzzle sets").
//!
//! ```text
//! cargo run --release -p tablero-ai --example puzzle_recheck -- GAME EXTRA[,EXTRA...] [N]
//! ```
//!
//! `EXTRA`: plies beyond the confirming search; `N`: the first N puzzles
//! only.
use tablero_ai::puzzles::set::{load_committed, repository_dir};
use tablero_ai::puzzles::{searched_values, Puzzle};
use tablero_ai::review::{expected_score, Review};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::jarmo::Jarmo;

fn run<G: Review>(puzzles: &[Puzzle], extras: &[u32]) {
    let mut ab =
        tablero_ai::alphabeta::AlphaBeta::<G>::new(tablero_ai::alphabeta::AlphaBetaConfig {
            budget: tablero_ai::Budget::Depth(1),
            tt_entries: 1 << 16,
            ..Default::default()
        });
    for &extra in extras {
        let (mut unique, mut tied, mut lost, mut margin) = (0, 0, 0, 0);
        let t = std::time::Instant::now();
        for p in puzzles {
            let [_, deep] = p.depths.unwrap();
            let pos: G = p.position_of().unwrap();
            let values = searched_values(&mut ab, &pos, deep + extra);
            let score = |v| expected_score(v, G::SCALE);
            let answer = values
                .iter()
                .find(|(m, _)| pos.format_move(*m) == p.answer)
                .unwrap()
                .1;
            let best_other = values
                .iter()
                .filter(|(m, _)| pos.format_move(*m) != p.answer)
                .map(|(_, v)| score(*v))
                .fold(f64::MIN, f64::max);
            let a = score(answer);
            if a > best_other {
                unique += 1;
                if a - best_other >= 0.2 {
                    margin += 1;
                }
            } else if a == best_other {
                tied += 1
            } else {
                lost += 1
            }
        }
        println!("{}: depth deep+{extra}: {} puzzles: only best {unique} (by 0.2 or more {margin}), tied {tied}, beaten {lost}; {:.0} s", G::NAME, puzzles.len(), t.elapsed().as_secs_f64());
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let extras: Vec<u32> = a[1].split(',').map(|x| x.parse().unwrap()).collect();
    let mut puzzles = load_committed(&repository_dir(), &a[0]).unwrap();
    if let Some(n) = a.get(2) {
        puzzles.truncate(n.parse().unwrap());
    }
    match a[0].as_str() {
        "jarmo" => run::<Jarmo>(&puzzles, &extras),
        "dimensiones" => run::<Dimensiones>(&puzzles, &extras),
        _ => panic!(),
    }
}
