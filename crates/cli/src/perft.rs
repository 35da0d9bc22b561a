//! `tablero perft`.

use crate::common::{print_json, Setup};
use crate::GameName;
use anyhow::Result;
use serde_json::json;
use std::time::Instant;
use tablero_core::{perft, perft_divide, Game, Player};

/// Count the move paths of each length from a position.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Deepest length counted; every depth from 1 is printed.
    #[arg(long, short)]
    depth: u32,
    /// Print the count below each first move at the deepest length instead.
    #[arg(long)]
    divide: bool,
    /// Print JSON: `[{"depth": 1, "nodes": 12, "seconds": 0.0}, ...]`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<()> {
    crate::with_game!(args.game, G => run_for::<G>(args))
}

fn run_for<G: Game>(args: &Args) -> Result<()> {
    let h = args.setup.history::<G>(Player::P1)?;
    let pos = h.current();
    // A game ended off the board (a record's claim, resignation or agreed
    // draw) has no moves left, like one ended on it.
    let over = h.declared_result().is_some();
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
            println!("total: {total}");
        }
        return Ok(());
    }
    let mut out = Vec::new();
    for depth in 1..=args.depth {
        let t = Instant::now();
        let nodes = if over { 0 } else { perft(pos, depth) };
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
