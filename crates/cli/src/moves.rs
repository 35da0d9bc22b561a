//! `tablero moves`.

use crate::common::{outcome_json, print_json, Setup};
use crate::GameName;
use anyhow::Result;
use serde_json::json;
use tablero_core::{Game, Player};

/// Show a position (after `--moves`), its side to move, its result and every
/// legal move in canonical notation.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Print JSON: `{"position", "side", "army", "outcome", "legal"}`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<()> {
    crate::with_game!(args.game, G => run_for::<G>(args))
}

fn run_for<G: Game>(args: &Args) -> Result<()> {
    let h = args.setup.history::<G>(Player::P1)?;
    let pos = h.current();
    let outcome = h.outcome();
    let legal = if outcome.is_some() {
        Vec::new()
    } else {
        pos.legal_move_strings()
    };
    if args.json {
        print_json(&json!({
            "position": pos.position_string(),
            "side": pos.side_to_move().as_str(),
            "army": pos.mover_label(),
            "outcome": outcome_json(outcome),
            "legal": legal,
        }));
    } else {
        println!("position: {}", pos.position_string());
        match pos.mover_label() {
            Some(army) => println!("side:     {} ({army})", pos.side_to_move()),
            None => println!("side:     {}", pos.side_to_move()),
        }
        match outcome {
            Some(o) => println!("outcome:  {o}"),
            None => println!("outcome:  none (the game goes on)"),
        }
        println!("legal moves ({}):", legal.len());
        for m in legal {
            println!("{m}");
        }
    }
    Ok(())
}
