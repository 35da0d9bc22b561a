//! `tablero moves`.

use crate::common::{outcome_json, print_json, Setup};
use crate::i18n::t;
use crate::render::CliGame;
use crate::GameName;
use anyhow::Result;
use serde_json::json;
use tablero_core::Player;

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

fn run_for<G: CliGame>(args: &Args) -> Result<()> {
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
        print!("{}", pos.board(false));
        println!("{}", t!("moves-position", position = pos.position_string()));
        let side = G::side_label_in(pos.variant(), pos.side_to_move());
        match pos.mover_label() {
            Some(army) => println!(
                "{}",
                t!(
                    "moves-side-army",
                    side = side,
                    army = crate::render::army_label(army)
                )
            ),
            None => println!("{}", t!("moves-side", side = side)),
        }
        match outcome {
            Some(o) => {
                let result = match o.winner {
                    Some(p) => t!("wins", side = G::side_label_in(pos.variant(), p)),
                    None => t!("draw"),
                };
                let why = pos
                    .end_text(o)
                    .unwrap_or_else(|| o.reason.as_str().to_string());
                println!(
                    "{}",
                    t!(
                        "moves-outcome",
                        result = result,
                        why = why,
                        score = o.score_text("-")
                    )
                );
            }
            None => println!("{}", t!("moves-no-outcome")),
        }
        println!("{}", t!("moves-legal", n = legal.len()));
        for m in legal {
            println!("{m}");
        }
    }
    Ok(())
}
