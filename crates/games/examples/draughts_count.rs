//! One perft, or one run of random playouts, of one draughts game and
//! variant, with nothing else in the run: for instruction counts under
//! `valgrind --tool=callgrind` (docs/performance.md).
//!
//! ```sh
//! cargo build --release -p tablero-games --example draughts_count
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/draughts_count perft english 9
//! ```
//!
//! `GAME` is `english`, `russian`, `turkish` (draughts) or `dimensiones`
//! (the default rule set; `dimensiones:I-C-A-E-R` for another), `WHAT` is
//! `perft` (then `N` is the depth) or `playouts` (then `N` is the number
//! of games, from seed 1).

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tablero_core::{perft, Game, Playouts};
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::draughts::{Draughts, DraughtsVariant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: draughts_count perft|playouts GAME N (GAME: english, russian, turkish, dimensiones[:RULES])");
        std::process::exit(2);
    };
    let [what, game, n] = &args[..] else { usage() };
    let Ok(n) = n.parse::<u64>() else { usage() };
    let perft_mode = match what.as_str() {
        "perft" => true,
        "playouts" => false,
        _ => usage(),
    };
    if let Some(rules) = game.strip_prefix("dimensiones") {
        let rules = match rules.strip_prefix(':') {
            None if rules.is_empty() => RuleSet::default(),
            Some(code) => code.parse().unwrap_or_else(|_| usage()),
            None => usage(),
        };
        count(&Dimensiones::start(&rules), perft_mode, n);
    } else {
        let variant: DraughtsVariant = game.parse().unwrap_or_else(|_| usage());
        count(&Draughts::start(&variant), perft_mode, n);
    }
}

/// Prints the perft of depth `n` of `pos`, or the plies of `n` playouts.
fn count<G: Game>(pos: &G, perft_mode: bool, n: u64) {
    if perft_mode {
        println!("perft {n}: {} nodes", perft(pos, n as u32));
    } else {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut playouts = Playouts::<G>::new();
        let plies: u64 = (0..n).map(|_| playouts.run(pos, &mut rng).plies).sum();
        println!("playouts {n}: {plies} plies");
    }
}
