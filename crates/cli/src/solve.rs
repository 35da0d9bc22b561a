//! `tablero solve`.

use crate::common::{print_json, Setup};
use crate::GameName;
use anyhow::{bail, Result};
use serde_json::json;
use std::time::Instant;
use tablero_ai::solve::imago::ImagoSolution;
use tablero_core::Player;
use tablero_games::imago::Imago;

/// Solve a game exactly.
///
/// Imago: every placement of the four pieces with either side to move, by
/// retrograde analysis; prints the counts by value (for the side to move) and
/// the value of the start position with each colour moving first.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Print JSON with the keys `positions`, `wins`, `losses`, `draws`, `start`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<()> {
    match args.game {
        GameName::Imago => imago(args),
        GameName::Jarmo | GameName::Dimensiones | GameName::Draughts => {
            bail!(
                "tablero has no exact solver for {}",
                format!("{:?}", args.game).to_lowercase()
            )
        }
    }
}

fn imago(args: &Args) -> Result<()> {
    if args.setup.position.is_some() || args.setup.moves.is_some() {
        bail!("solve imago solves a whole layout; --position and --moves do not apply");
    }
    let layout = args.setup.variant::<Imago>()?;
    for w in layout.warnings() {
        eprintln!("warning: {w}");
    }
    let t = Instant::now();
    let sol = ImagoSolution::solve(&layout);
    let secs = t.elapsed().as_secs_f64();
    let s = sol.stats();
    let red = sol.start_value(Player::P1);
    let blue = sol.start_value(Player::P2);
    if args.json {
        print_json(&json!({
            "positions": s.positions,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "start": {"red": red.word(), "blue": blue.word()},
        }));
    } else {
        println!("layout:    {layout}");
        println!("positions: {}", s.positions);
        println!("wins:      {} (for the side to move)", s.wins);
        println!("losses:    {}", s.losses);
        println!("draws:     {}", s.draws);
        println!("longest forced win: {} plies", s.longest_win);
        println!("start, Red moves first:  {red} for Red");
        println!("start, Blue moves first: {blue} for Blue");
        println!("solved in {secs:.3} s");
    }
    Ok(())
}
