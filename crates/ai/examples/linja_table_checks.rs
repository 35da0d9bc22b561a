//! Checks of a whole Linja table that take minutes to hours, so they are an
//! example that prints its figures rather than a test:
//!
//! ```text
//! cargo run --release -p tablero-ai --example linja_table_checks -- FILE lengths
//! cargo run --release -p tablero-ai --example linja_table_checks -- FILE hint [N] [SEED]
//! cargo run --release -p tablero-ai --example linja_table_checks -- FILE games [N] [SEED] [THREADS]
//! ```
//!
//! - `lengths`: the value of the start (each colour first), how many first
//!   moves keep it, and the shortest and longest perfect game (both sides
//!   always keep the value), in turns.
//! - `hint`: N positions (default 1,000) drawn from random games, each a
//!   random 1 to 14 turns before the end, that the forward endgame solver
//!   finishes within its reach (2,000,000 positions, the exact player's):
//!   the table's value and its value-keeping moves (the hint) against the
//!   solver's value and best moves.
//! - `games`: N games (default 200) of level 5 with the table installed
//!   against level 5 without it, from random openings (2 to 5 random turns),
//!   colours alternating; after every move the table says whether the
//!   mover lost value. Level 5 with the table must never lose any.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use tablero_ai::play::linja_level5_without_table;
use tablero_ai::solve::linja::Solver;
use tablero_ai::solve::linja_table::{install, Table};
use tablero_ai::{Limits, Play};
use tablero_core::{Game, History, Player};
use tablero_games::linja::{Linja, Move};

/// The reach of the forward solver in the hint check: the exact player's.
const REACH: u64 = 2_000_000;

fn fail(msg: &str) -> ! {
    eprintln!("{msg}");
    std::process::exit(2)
}

fn over(pos: &Linja) -> bool {
    pos.has_passed() || pos.passes() >= 2
}

fn random_move(pos: &Linja, rng: &mut Xoshiro256PlusPlus) -> Move {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves[rng.gen_range(0..moves.len())]
}

fn lengths(table: &Table) {
    for first in Player::ALL {
        let start = Linja::start_with(&table.rules(), first);
        let t = Instant::now();
        let moves = table
            .scored_moves(&start)
            .expect("the table reads")
            .unwrap_or_else(|| fail("the table does not cover the start"));
        let value = moves[0].1;
        let keep = moves.iter().filter(|m| m.1 == value).count();
        let l = table
            .perfect_lengths(&start)
            .expect("the table reads")
            .expect("covered");
        println!(
            "{:?} rules, {} first: value {value} for the side to move; {keep} of {} first moves keep it; perfect games {} to {} turns ({} positions reachable by perfect play, {:.1} s)",
            table.rules(),
            Linja::colour(first),
            moves.len(),
            l.shortest,
            l.longest,
            l.positions,
            t.elapsed().as_secs_f64()
        );
    }
}

fn hint(table: &Table, n: usize, seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (mut checked, mut beyond, mut same) = (0usize, 0usize, 0usize);
    let mut solver_positions = 0u64;
    let t = Instant::now();
    while checked < n {
        let mut pos = Linja::start_with(&table.rules(), Player::ALL[rng.gen_range(0..2)]);
        let mut line = vec![pos];
        while !over(&pos) {
            pos.play_unchecked(random_move(&pos, &mut rng));
            line.push(pos);
        }
        let k = rng.gen_range(1..=14usize).min(line.len() - 1);
        let pos = line[line.len() - 1 - k];
        let mut solver = Solver::with_limit(REACH);
        let Some(value) = solver.value(&pos) else {
            beyond += 1;
            continue;
        };
        let Some(mut best) = solver.best_moves(&pos) else {
            beyond += 1;
            continue;
        };
        solver_positions += solver.positions();
        let moves = table
            .scored_moves(&pos)
            .expect("the table reads")
            .expect("the whole table covers every position");
        let mut keep: Vec<Move> = moves
            .iter()
            .filter(|m| m.1 == moves[0].1)
            .map(|m| m.0)
            .collect();
        best.sort();
        keep.sort();
        let table_value = table.value(&pos).expect("reads").expect("covered");
        if table_value == value && keep == best {
            same += 1;
        } else {
            println!(
                "DIFFERS: {}: table {table_value} {:?}, solver {value} {:?}",
                pos.position_string(),
                keep.iter().map(|m| pos.format_move(*m)).collect::<Vec<_>>(),
                best.iter().map(|m| pos.format_move(*m)).collect::<Vec<_>>()
            );
        }
        checked += 1;
        if checked % 50 == 0 {
            println!(
                "  {checked} checked, {same} the same, {beyond} beyond the reach, {:.0} s",
                t.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "hint: {checked} positions within the solver's reach ({REACH} positions), {same} with the same value and the same value-keeping moves; {beyond} drawn positions were beyond its reach and skipped; the solver stored {solver_positions} positions in all; {:.1} s",
        t.elapsed().as_secs_f64()
    );
}

/// One game of `games`: returns (value after the opening for the table's
/// side, its final score difference, value the table's side lost, value
/// the other side lost, turns).
fn game(table: &Table, g: u64, seed: u64) -> (i32, i32, i32, i32, usize) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ g.wrapping_mul(0x9E37_79B9));
    let first = Player::ALL[(g / 2 % 2) as usize];
    let mut history = History::new(Linja::start_with(&table.rules(), first));
    for _ in 0..rng.gen_range(2..=5) {
        let pos = *history.current();
        if over(&pos) {
            break;
        }
        history.play(random_move(&pos, &mut rng)).expect("legal");
    }
    let me = Player::ALL[(g % 2) as usize];
    let mut with = Linja::level(5, seed + g);
    let mut without = linja_level5_without_table(seed + g);
    let value = |pos: &Linja, p: Player| {
        let v = table.value(pos).expect("reads").expect("covered");
        if pos.side_to_move() == p {
            v
        } else {
            -v
        }
    };
    let v0 = value(history.current(), me);
    let (mut lost_me, mut lost_other, mut turns) = (0, 0, 0);
    while !over(history.current()) {
        let pos = *history.current();
        let mover = pos.side_to_move();
        let before = value(&pos, mover);
        let bot = if mover == me { &mut with } else { &mut without };
        let m = bot.choose(&history, &Limits::none());
        history.play(m).expect("the bot plays a legal move");
        let after = value(history.current(), mover);
        if mover == me {
            lost_me += before - after;
        } else {
            lost_other += before - after;
        }
        turns += 1;
    }
    let end = *history.current();
    let final_diff = if end.side_to_move() == me {
        end.score_diff()
    } else {
        -end.score_diff()
    };
    (v0, final_diff, lost_me, lost_other, turns)
}

fn games(table: &Table, n: u64, seed: u64, threads: u64) {
    let t = Instant::now();
    let next = AtomicU64::new(0);
    let totals = std::sync::Mutex::new((0u64, 0i64, 0i64, 0u64, 0u64));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= n {
                    break;
                }
                let tg = Instant::now();
                let (v0, fin, lost_me, lost_other, turns) = game(table, g, seed);
                let mut tot = totals.lock().expect("no panics");
                tot.0 += 1;
                tot.1 += i64::from(lost_me);
                tot.2 += i64::from(lost_other);
                tot.3 += u64::from(fin > 0);
                tot.4 += u64::from(fin == 0);
                println!(
                    "game {g}: table plays {}, value after the opening {v0:+}, final {fin:+}, value lost: table {lost_me}, other {lost_other}; {turns} turns, {:.0} s",
                    Linja::colour(Player::ALL[(g % 2) as usize]),
                    tg.elapsed().as_secs_f64()
                );
                let _ = std::io::stdout().flush();
                assert_eq!(fin, v0 + lost_other - lost_me, "the values add up");
            });
        }
    });
    let tot = totals.into_inner().expect("no panics");
    println!(
        "games: {} played; value lost by level 5 with the table: {}; by level 5 without it: {}; the table's side won {} and drew {} ({:.0} s)",
        tot.0,
        tot.1,
        tot.2,
        tot.3,
        tot.4,
        t.elapsed().as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(what)) = (args.first(), args.get(1)) else {
        fail("usage: linja_table_checks FILE lengths|hint|games [N] [SEED] [THREADS]")
    };
    let table = Table::open(&PathBuf::from(path)).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let n: Option<u64> = args.get(2).and_then(|a| a.parse().ok());
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    match what.as_str() {
        "lengths" => lengths(&table),
        "hint" => hint(&table, n.unwrap_or(1000) as usize, seed),
        "games" => {
            let threads = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
            let table = install(table).unwrap_or_else(|_| fail("installed twice"));
            games(table, n.unwrap_or(200), seed, threads);
        }
        other => fail(&format!("unknown check {other:?}: lengths, hint or games")),
    }
}
