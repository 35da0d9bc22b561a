//! How far the searched review must look to be trusted: plays (or reads
//! back) seeded games, reviews each with every setting asked, and counts
//! the moves the review at depth D calls a mistake or a blunder and how
//! many of them the review at D + 2 (a search two plies deeper of the
//! same positions) calls a mistake or a blunder as well. Prints the time a review of a game takes at each depth
//! (one thread, as the server's reviews run).
//!
//! ```text
//! cargo run --release -p tablero-ai --example review_agreement -- GAME GAMES DEPTHS [LEVELS] [DIR]
//! ```
//!
//! `GAME`: jarmo, dimensiones or draughts; `GAMES` games, seeds 1 to
//! `GAMES`; `DEPTHS` the review's settings to measure, such as
//! `6,7:2000000,6:0:2,4:0:2:700` (`DEPTH[:NODES[:CHECK[:SCALE]]]`: depth
//! 7 with at most two million nodes a position, 0 or nothing for no bound;
//! depth 6 with its mistakes and blunders checked 2 plies deeper, 0 or
//! nothing for no check; the evaluation scale of the verdicts, 0 or
//! nothing for the game's `Review::SCALE`), each against a referee two plies deeper than the review's
//! deepest search (its check included), with no check of its own and a
//! node bound 25 times larger per two plies; `LEVELS` the two levels that play
//! (default `2,3`, colours swapped from game to game), after 4 random
//! plies; `DIR` (default `target/review-games`) keeps the games, one file
//! per game and seed (the moves from the start, read back on a later run).
//! `tools/review-agreement.sh` runs it for the three games.

use std::path::{Path, PathBuf};
use std::time::Instant;
use tablero_ai::review::{review, GameReview, Review, ReviewOptions, Verdict};
use tablero_ai::Limits;
use tablero_core::{History, MoveBuf};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::draughts::Draughts;
use tablero_games::jarmo::Jarmo;

/// Plies of random moves before the levels take over.
const OPENING: usize = 4;
/// The longest game kept (a draw by the move cap is long).
const CAP: usize = 300;

fn play<G: Review>(seed: u64, levels: [u8; 2]) -> History<G> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut h = History::new(G::start(&G::Variant::default()));
    let mut moves = G::MoveList::default();
    while h.moves().len() < OPENING && !h.is_over() {
        h.current().legal_moves(&mut moves);
        let m = moves.as_slice()[rng.gen_range(0..moves.as_slice().len())];
        h.play(m).expect("a legal move");
    }
    // Colours swapped every other game.
    let (a, b) = if seed % 2 == 0 {
        (levels[0], levels[1])
    } else {
        (levels[1], levels[0])
    };
    let mut bots = [G::level(a, seed * 2 + 1), G::level(b, seed * 2 + 2)];
    while !h.is_over() && h.moves().len() < CAP {
        let side = h.current().side_to_move().index();
        let m = bots[side].choose(&h, &Limits::none());
        h.play(m).expect("a bot plays legal moves");
    }
    h
}

fn game<G: Review>(dir: &Path, seed: u64, levels: [u8; 2]) -> History<G> {
    let file = dir.join(format!(
        "{}-{}-{}-{seed}.txt",
        G::NAME,
        levels[0],
        levels[1]
    ));
    if let Ok(text) = std::fs::read_to_string(&file) {
        let mut h = History::new(G::start(&G::Variant::default()));
        let text = text.trim();
        if text.split(", ").all(|m| h.play_text(m).is_ok()) {
            return h;
        }
    }
    let h = play::<G>(seed, levels);
    let text: Vec<String> = h
        .positions()
        .iter()
        .zip(h.moves())
        .map(|(p, &m)| p.format_move(m))
        .collect();
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(&file, text.join(", "));
    h
}

fn flagged(v: Verdict) -> bool {
    matches!(v, Verdict::Mistake | Verdict::Blunder)
}

/// Reviews every game with `options`: the reviews and each game's time.
fn reviewed<G: Review>(
    histories: &[History<G>],
    options: &ReviewOptions,
) -> (Vec<GameReview>, Vec<f64>) {
    let mut times = Vec::new();
    let mut out = Vec::new();
    for h in histories {
        let t = Instant::now();
        out.push(review(h, options, &mut |_| {}).expect("a review"));
        times.push(t.elapsed().as_secs_f64());
    }
    (out, times)
}

fn run<G: Review>(games: u64, configs: &[(u32, u64, u32, f64)], levels: [u8; 2], dir: &Path) {
    let histories: Vec<History<G>> = (1..=games).map(|s| game::<G>(dir, s, levels)).collect();
    let plies: usize = histories.iter().map(|h| h.moves().len()).sum();
    println!(
        "{}: {games} games of level {} against level {}, {:.1} plies a game",
        G::NAME,
        levels[0],
        levels[1],
        plies as f64 / games as f64
    );
    for &(d, nodes, confirm, scale) in configs {
        let options = |depth: u32, nodes: u64, confirm: u32| ReviewOptions {
            depth: Some(depth),
            nodes: Some(nodes),
            confirm: Some(confirm),
            scale: (scale > 0.0).then_some(scale),
            ..ReviewOptions::default()
        };
        let (low, times) = reviewed(&histories, &options(d, nodes, confirm));
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let max = times.iter().copied().fold(0.0, f64::max);
        // The referee: two plies deeper than the deepest search of the
        // review (its check of mistakes, if any), with no check of its
        // own, its node bound (if any) 25 times larger for every two
        // plies, about what two plies cost.
        let referee = d + confirm + 2;
        let referee_nodes = nodes.saturating_mul(25u64.pow(1 + confirm / 2));
        let t = Instant::now();
        let (high, _) = reviewed(&histories, &options(referee, referee_nodes, 0));
        let referee_time = t.elapsed().as_secs_f64();
        let (mut marked, mut confirmed, mut blunders, mut blunders_confirmed) = (0, 0, 0, 0);
        let mut judged = 0;
        for (a, b) in low.iter().zip(&high) {
            for (x, y) in a.moves.iter().zip(&b.moves) {
                judged += 1;
                if flagged(x.verdict) {
                    marked += 1;
                    confirmed += usize::from(flagged(y.verdict));
                    if !flagged(y.verdict) && std::env::var_os("VERBOSE").is_some() {
                        println!(
                            "    not confirmed: ply {} {} {:?} loss {:.3} ({:?} -> {:?}); deeper {:?} loss {:.3} ({:?} -> {:?}) best {:?}/{:?}",
                            x.ply, x.played, x.verdict, x.loss.unwrap_or(0.0), x.before, x.after,
                            y.verdict, y.loss.unwrap_or(0.0), y.before, y.after, x.best, y.best
                        );
                    }
                }
                if x.verdict == Verdict::Blunder {
                    blunders += 1;
                    blunders_confirmed += usize::from(flagged(y.verdict));
                }
            }
        }
        let bound = |n: u64| {
            if n == 0 {
                "no node bound".to_string()
            } else {
                format!("at most {n} nodes a position")
            }
        };
        let mut check = if confirm > 0 {
            format!(", mistakes checked {confirm} plies deeper")
        } else {
            String::new()
        };
        if scale > 0.0 {
            check += &format!(", scale {scale}");
        }
        println!(
            "  depth {d}, {}{check}: review {mean:.2} s a game on average, {max:.2} s at most; {marked} mistakes and blunders in {judged} moves, {confirmed} confirmed at depth {referee} ({}; {referee_time:.0} s in all): {:.1} %; blunders {blunders_confirmed} of {blunders}",
            bound(nodes),
            bound(referee_nodes),
            100.0 * confirmed as f64 / marked.max(1) as f64
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || -> ! {
        eprintln!("usage: review_agreement GAME GAMES DEPTHS [LEVELS] [DIR]");
        std::process::exit(2)
    };
    let (Some(name), Some(games), Some(depths)) = (args.first(), args.get(1), args.get(2)) else {
        usage()
    };
    let games: u64 = games.parse().unwrap_or_else(|_| usage());
    // DEPTH[:NODES[:CHECK[:SCALE]]], comma-separated.
    let configs: Vec<(u32, u64, u32, f64)> = depths
        .split(',')
        .map(|c| {
            let mut parts = c.split(':');
            let mut next = |default: &str| parts.next().unwrap_or(default).to_string();
            let (d, n, k, x) = (next("0"), next("0"), next("0"), next("0"));
            (
                d.parse().unwrap_or_else(|_| usage()),
                n.parse().unwrap_or_else(|_| usage()),
                k.parse().unwrap_or_else(|_| usage()),
                x.parse().unwrap_or_else(|_| usage()),
            )
        })
        .collect();
    let levels: Vec<u8> = args.get(3).map_or(vec![2, 3], |l| {
        l.split(',')
            .map(|d| d.parse().unwrap_or_else(|_| usage()))
            .collect()
    });
    if levels.len() != 2 {
        usage()
    }
    let levels = [levels[0], levels[1]];
    let dir = args
        .get(4)
        .map_or_else(|| PathBuf::from("target/review-games"), PathBuf::from);
    match name.as_str() {
        "jarmo" => run::<Jarmo>(games, &configs, levels, &dir),
        "dimensiones" => run::<Dimensiones>(games, &configs, levels, &dir),
        "draughts" => run::<Draughts>(games, &configs, levels, &dir),
        _ => usage(),
    }
}
