//! How long the review of one game takes, for every game: games played by
//! level 1 against level 2 (seeded), each reviewed at the default options
//! (Imago by its solver, Linja by its table where one is installed, else
//! by the endgame solver, the others by alpha-beta at their default depth).
//!
//! ```text
//! cargo run --release -p tablero-ai --example review_speed -- [GAMES] [GAME...] [--table FILE] [--rules R,R...]
//! ```
//! `GAMES` (default 5) games of each game named (default: all five), in
//! the default variant; Super Dimensiones in each rule set of `--rules`
//! (default `M-C-N-W-R`), whose review depth differs (`Review::depth`).
//! The first Imago review includes the layout's solve; it is timed apart.

use std::path::PathBuf;
use std::time::Instant;
use tablero_ai::review::{review, Review, ReviewOptions};
use tablero_ai::Limits;
use tablero_core::History;
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::draughts::Draughts;
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

/// A game of level 1 (player one) against level 2, at most `cap` plies.
fn play<G: Review>(variant: &G::Variant, seed: u64, cap: usize) -> History<G> {
    let mut bots = [G::level(1, seed), G::level(2, seed + 1)];
    let mut h = History::new(G::start(variant));
    while !h.is_over() && h.moves().len() < cap {
        let side = h.current().side_to_move().index();
        let m = bots[side].choose(&h, &Limits::none());
        h.play(m).expect("a bot plays legal moves");
    }
    h
}

fn measure<G: Review>(games: u64, variant: &G::Variant) {
    let options = ReviewOptions::default();
    if G::NAME == "imago" {
        let t = Instant::now();
        let _ = tablero_ai::play::solution_for(&Default::default());
        println!(
            "imago: solving the default layout once: {:.3} s",
            t.elapsed().as_secs_f64()
        );
    }
    let mut times = Vec::new();
    let mut plies = 0;
    let mut judged = 0;
    for seed in 0..games {
        let h = play::<G>(variant, seed, 400);
        let t = Instant::now();
        let r = review(&h, &options, &mut |_| {}).expect("a review");
        times.push(t.elapsed().as_secs_f64());
        plies += h.moves().len();
        judged += r
            .moves
            .iter()
            .filter(|m| m.verdict != tablero_ai::review::Verdict::Unknown)
            .count();
    }
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let max = times.iter().copied().fold(0.0, f64::max);
    println!(
        "{:<12} {} {games} games, {:.1} plies a game ({} of {} moves judged): review {:.3} s a game on average, {:.3} s at most{}",
        G::NAME,
        variant,
        plies as f64 / games as f64,
        judged,
        plies,
        mean,
        max,
        match G::METHOD {
            tablero_ai::review::Method::Search => format!(
                " (alpha-beta depth {})",
                options
                    .depth
                    .unwrap_or_else(|| G::depth(variant))
            ),
            tablero_ai::review::Method::Exact => String::new(),
        }
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut games = 5;
    let mut names: Vec<String> = Vec::new();
    let mut tables: Vec<PathBuf> = Vec::new();
    let mut rules: Vec<RuleSet> = Vec::new();
    while let Some(a) = args.next() {
        if a == "--rules" {
            let Some(list) = args.next() else {
                return usage();
            };
            for r in list.split(',') {
                match r.parse() {
                    Ok(r) => rules.push(r),
                    Err(_) => return usage(),
                }
            }
        } else if a == "--table" {
            match args.next() {
                Some(p) => tables.push(p.into()),
                None => return usage(),
            }
        } else if let Ok(n) = a.parse::<u64>() {
            games = n.max(1);
        } else if tablero_games::GAMES.iter().any(|g| g.name == a) {
            names.push(a);
        } else {
            return usage();
        }
    }
    if let Err((p, e)) = tablero_ai::solve::linja_table::install_files(&tables, false) {
        eprintln!("{}: {e}", p.display());
        std::process::exit(2);
    }
    let want = |n: &str| names.is_empty() || names.iter().any(|x| x == n);
    if want("imago") {
        measure::<Imago>(games, &Default::default());
    }
    if want("linja") {
        measure::<Linja>(games, &Default::default());
    }
    if want("jarmo") {
        measure::<Jarmo>(games, &Default::default());
    }
    if want("dimensiones") {
        if rules.is_empty() {
            rules.push(RuleSet::default());
        }
        for r in &rules {
            measure::<Dimensiones>(games, r);
        }
    }
    if want("draughts") {
        measure::<Draughts>(games, &Default::default());
    }
}

fn usage() {
    eprintln!(
        "usage: review_speed [GAMES] [imago|linja|jarmo|dimensiones|draughts ...] [--table FILE] [--rules R,R...]"
    );
    std::process::exit(2);
}
