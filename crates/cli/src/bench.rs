//! `tablero bench`: random playouts per second, to compare tablero's speed
//! with other programs on the same machine.

use crate::common::{num, print_json, Setup};
use crate::i18n::t;
use crate::GameName;
use anyhow::{bail, Result};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::json;
use std::time::{Duration, Instant};
use tablero_core::{Game, Playouts};

/// Play random games from the start position for a while and report the
/// rate.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    /// The variant (see `tablero perft --help`); `@FILE` reads a file.
    #[arg(long, value_name = "V")]
    variant: Option<String>,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Threads playing at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the first thread's random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON: `{"playouts", "moves", "seconds", "playouts_per_s", "moves_per_s"}`.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<()> {
    if !(args.seconds > 0.0 && args.seconds.is_finite()) {
        bail!(t!("bench-seconds-positive"));
    }
    if args.threads == 0 {
        bail!(t!("opt-threads-at-least-one"));
    }
    crate::with_game!(args.game, G => run_for::<G>(args))
}

fn run_for<G: Game>(args: &Args) -> Result<()> {
    let setup = Setup {
        variant: args.variant.clone(),
        ..Setup::default()
    };
    let start = G::start(&setup.variant::<G>()?);
    let budget = Duration::from_secs_f64(args.seconds);
    let t0 = Instant::now();
    let totals: Vec<(u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..args.threads)
            .map(|i| {
                let start = &start;
                s.spawn(move || {
                    let mut rng =
                        Xoshiro256PlusPlus::seed_from_u64(args.seed.wrapping_add(i as u64));
                    let mut playouts = Playouts::<G>::new();
                    let (mut games, mut moves) = (0u64, 0u64);
                    while t0.elapsed() < budget {
                        let p = playouts.run(start, &mut rng);
                        games += 1;
                        moves += p.plies;
                    }
                    (games, moves)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("bench thread"))
            .collect()
    });
    let seconds = t0.elapsed().as_secs_f64();
    let playouts: u64 = totals.iter().map(|t| t.0).sum();
    let moves: u64 = totals.iter().map(|t| t.1).sum();
    let (pps, mps) = (playouts as f64 / seconds, moves as f64 / seconds);
    if args.json {
        print_json(&json!({
            "playouts": playouts,
            "moves": moves,
            "seconds": num(seconds),
            "playouts_per_s": num(pps),
            "moves_per_s": num(mps),
        }));
    } else {
        use crate::i18n::t;
        crate::solve::print_fields(
            0,
            &[
                (
                    t!("field-game"),
                    format!("{} ({})", G::NAME, start.variant()),
                ),
                (t!("field-threads"), args.threads.to_string()),
                (t!("field-playouts"), playouts.to_string()),
                (t!("field-moves"), moves.to_string()),
                (t!("field-seconds"), format!("{seconds:.3}")),
                (t!("field-playouts-per-s"), format!("{pps:.0}")),
                (t!("field-moves-per-s"), format!("{mps:.0}")),
            ],
        );
    }
    Ok(())
}
