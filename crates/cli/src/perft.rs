//! `tablero perft`.

use crate::common::{print_json, Setup};
use crate::GameName;
use anyhow::Result;
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use tablero_core::{perft, perft_divide, Game, MoveBuf, Player};

/// Count the move paths of each length from a position.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Deepest length counted; every depth from 1 is printed (depth 0
    /// prints `0 1`: the one path of no move).
    #[arg(long, short)]
    depth: u32,
    /// Print the count below each first move at the deepest length instead.
    #[arg(long)]
    divide: bool,
    /// Print JSON: `[{"depth": 1, "nodes": 12, "seconds": 0.0}, ...]`.
    #[arg(long)]
    json: bool,
    /// Threads counting at once (the positions a few plies from the root
    /// are shared out among them; depths below 5 use one).
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

pub fn run(args: &Args) -> Result<()> {
    if args.threads == 0 {
        anyhow::bail!(crate::i18n::t!("opt-threads-at-least-one"));
    }
    crate::with_game!(args.game, G => run_for::<G>(args))
}

fn run_for<G: tablero_ai::Play>(args: &Args) -> Result<()> {
    let h = args.setup.history::<G>(Player::P1)?;
    let pos = h.current();
    // A game ended off the board (a record's claim, resignation or agreed
    // draw) has no moves left, like one ended on it.
    let over = h.declared_result().is_some();
    if args.divide && args.depth == 0 {
        anyhow::bail!(crate::i18n::t!("perft-divide-depth"));
    }
    if args.divide {
        let rows = if over {
            Vec::new()
        } else {
            perft_divide(pos, args.depth)
        };
        let total: u64 = rows.iter().map(|r| r.1).sum();
        if args.json {
            let v: Vec<_> = rows
                .iter()
                .map(|(m, n)| json!({"move": m, "nodes": n}))
                .collect();
            print_json(&json!(v));
        } else {
            for (m, n) in rows {
                println!("{m}: {n}");
            }
            println!("{}", crate::i18n::t!("perft-total", n = total.to_string()));
        }
        return Ok(());
    }
    let mut out = Vec::new();
    // Depth 0 counts the position itself, whether or not the game is over.
    let first = u32::from(args.depth > 0);
    for depth in first..=args.depth {
        let t = Instant::now();
        let nodes = if depth == 0 {
            1
        } else if over {
            0
        } else {
            perft_threads(pos, depth, args.threads)
        };
        let seconds = t.elapsed().as_secs_f64();
        if args.json {
            out.push(json!({"depth": depth, "nodes": nodes, "seconds": seconds}));
        } else {
            println!("{depth} {nodes}");
        }
    }
    if args.json {
        print_json(&json!(out));
    }
    Ok(())
}

/// Below this depth a perft is over in well under a millisecond: threads
/// would cost more than they save.
const THREADED_FROM_DEPTH: u32 = 5;

/// Enough tasks per thread that the last ones to finish are small: the
/// subtrees are of very uneven sizes (Super Dimensiones has only 25
/// positions two plies from the root).
const TASKS_PER_THREAD: usize = 64;

/// Perft split among `threads` threads: the positions some plies from the
/// root (the fewest plies that give [`TASKS_PER_THREAD`] positions per
/// thread, leaving at least two plies below each) are pulled one at a time
/// from a shared queue (an atomic index), so the threads stay busy to the
/// end. The sum equals [`perft`].
fn perft_threads<G: Game>(pos: &G, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < THREADED_FROM_DEPTH {
        return perft(pos, depth);
    }
    let mut tasks = vec![pos.clone()];
    let mut split = 0;
    let mut moves = G::MoveList::default();
    while tasks.len() < TASKS_PER_THREAD * threads && split + 2 < depth {
        let mut next = Vec::new();
        for p in &tasks {
            p.legal_moves(&mut moves);
            for &mv in moves.as_slice() {
                let mut q = p.clone();
                q.play_unchecked(mv);
                next.push(q);
            }
        }
        tasks = next;
        split += 1;
    }
    let rest = depth - split;
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut sum = 0u64;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(p) = tasks.get(i) else { break };
                        sum += perft(p, rest);
                    }
                    sum
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("perft thread"))
            .sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablero_games::dimensiones::Dimensiones;
    use tablero_games::draughts::Draughts;

    #[test]
    fn threaded_perft_counts_as_one_thread() {
        // Super Dimensiones, default rule set, from the start.
        let want = [5, 25, 125, 625, 2650, 9225, 39114];
        let pos = Dimensiones::start(&Default::default());
        for (depth, &n) in (1..).zip(&want) {
            for threads in [1, 2, 3, 8] {
                assert_eq!(perft_threads(&pos, depth, threads), n, "{depth} {threads}");
            }
        }
        let pos = Draughts::start(&"english".parse().expect("a variant"));
        for depth in 1..=7 {
            assert_eq!(perft_threads(&pos, depth, 2), perft(&pos, depth));
        }
    }
}
