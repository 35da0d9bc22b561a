//! The independent check of a Super Dimensiones endgame table on random
//! positions: `dimensiones_table_check FILE [N] [SEED] [FULL]`.
//!
//! Each of N random positions of the sub-game with 2 to the table's pieces
//! (each army at least one piece, at most six; the mover's men not on row
//! 6, the other's not on row 1) becomes a real Super Dimensiones position:
//! a random army to move in either sub-game, the other sub-game decided
//! (won by player one, its squares empty), the clock at a random value.
//! Its value by the table must equal the best, over its legal moves by the
//! game's own rules, of the values one ply down: the game's result where
//! the move ends it (captures the last piece, blocks the other army,
//! reaches the 60-ply cap), else the table's value of the position after
//! the move with its clock. Positions of at most FULL pieces (default 4)
//! are also searched to the end by a plain memoized minimax over the
//! game's own positions (the clock in the state), with no table at all.
//! Prints the counts and exits non-zero on a difference.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rustc_hash::FxHashMap;
use std::path::PathBuf;
use tablero_ai::solve::dimensiones_table::{install, probe, Table};
use tablero_core::{Game, Player};
use tablero_games::dimensiones::{Army, Dimensiones};
use tablero_games::draughts::{board_mask, DARK};

const DARK6: u64 = DARK & board_mask(6);

fn turn(x: u64) -> u64 {
    x.reverse_bits() >> 18
}

fn mirror(x: u64) -> u64 {
    (x.swap_bytes().reverse_bits() >> 2) & 0x3F3F_3F3F_3F3F_3F3F
}

fn board(men: [u64; 4], kings: [u64; 4]) -> String {
    let mut rows = Vec::new();
    for r in (0..6).rev() {
        let (mut row, mut empty) = (String::new(), 0);
        for c in 0..6 {
            let bit = 1u64 << (r * 8 + c);
            let ch = Army::ALL.into_iter().find_map(|a| {
                if men[a.index()] & bit != 0 {
                    Some(a.letter())
                } else if kings[a.index()] & bit != 0 {
                    Some(a.letter().to_ascii_uppercase())
                } else {
                    None
                }
            });
            if let Some(ch) = ch {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(ch);
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A random covered position, or `None` when the army to move is stuck.
fn random_position(rng: &mut Xoshiro256PlusPlus, max: u32) -> Option<Dimensiones> {
    let pieces = rng.gen_range(2..=max);
    let mover = rng.gen_range(1..pieces.min(7));
    if pieces - mover > 6 {
        return None;
    }
    let army = Army::ALL[rng.gen_range(0..4)];
    let (mut men, mut kings) = ([0u64; 4], [0u64; 4]);
    let mut free = DARK6;
    for i in 0..pieces {
        let mine = i < mover;
        let king = rng.gen_range(0..3) == 0;
        let allowed = match (mine, king) {
            (_, true) => DARK6,
            (true, false) => DARK6 & !(0x3F << 40),
            (false, false) => DARK6 & !0x3F,
        } & free;
        if allowed == 0 {
            return None;
        }
        let mut bits = allowed;
        for _ in 0..rng.gen_range(0..allowed.count_ones()) {
            bits &= bits - 1;
        }
        let b = bits & bits.wrapping_neg();
        free &= !b;
        // Seen from the army: map to its side of the board.
        let map = |x: u64| {
            let x = if army.north() { x } else { turn(x) };
            if army.subgame() == 1 {
                mirror(x)
            } else {
                x
            }
        };
        let a = if mine { army } else { army.facing() };
        if king {
            kings[a.index()] |= map(b);
        } else {
            men[a.index()] |= map(b);
        }
    }
    let subgames = if army.subgame() == 1 { "1-" } else { "-1" };
    let clock = rng.gen_range(0..60);
    let text = format!(
        "{} {} {subgames} {clock} rbao",
        board(men, kings),
        army.letter()
    );
    Dimensiones::parse_position(&tablero_games::dimensiones::RuleSet::default(), &text).ok()
}

/// The points difference for `me` of a finished game.
fn margin(pos: &Dimensiones, me: Player) -> i32 {
    let o = pos.outcome().expect("over");
    (o.score[me.index()].as_halves() as i32 - o.score[me.other().index()].as_halves() as i32) / 2
}

/// The value one ply down: the best over the moves of the game's result
/// or the table's value after the move.
fn one_ply(pos: &Dimensiones) -> i32 {
    let me = pos.side_to_move();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut c = pos.clone();
            c.play_unchecked(mv);
            if c.outcome().is_some() {
                margin(&c, me)
            } else {
                -probe(&c)
                    .expect("a move keeps the position in the table")
                    .margin
            }
        })
        .max()
        .expect("a move")
}

/// Plain memoized minimax to the end by the game's rules: the points
/// difference for the side to move.
fn full(pos: &Dimensiones, memo: &mut FxHashMap<u64, i32>) -> i32 {
    if let Some(&v) = memo.get(&pos.position_hash()) {
        return v;
    }
    let me = pos.side_to_move();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let v = moves
        .iter()
        .map(|&mv| {
            let mut c = pos.clone();
            c.play_unchecked(mv);
            if c.outcome().is_some() {
                margin(&c, me)
            } else {
                -full(&c, memo)
            }
        })
        .max()
        .expect("a move");
    memo.insert(pos.position_hash(), v);
    v
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = PathBuf::from(args.get(1).expect("the table file"));
    let n: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let full_up_to: u32 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(4);
    let table = Table::open(&path).expect("a finished table");
    let max = u32::from(table.pieces());
    install(table).expect("the first table");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let t = std::time::Instant::now();
    let (mut checked, mut searched, mut wrong) = (0u64, 0u64, 0u64);
    let mut by_pieces = [0u64; 13];
    let mut memo = FxHashMap::default();
    while checked < n {
        let Some(pos) = random_position(&mut rng, max) else {
            continue;
        };
        let v = probe(&pos).expect("covered").margin;
        if one_ply(&pos) != v {
            wrong += 1;
            eprintln!("one ply down differs: {}", pos.position_string());
        }
        let pieces = (0..4).map(|i| pos.pieces(Army::ALL[i])).sum::<u32>() as usize;
        by_pieces[pieces] += 1;
        if pieces as u32 <= full_up_to {
            if full(&pos, &mut memo) != v {
                wrong += 1;
                eprintln!("the search to the end differs: {}", pos.position_string());
            }
            searched += 1;
        }
        checked += 1;
    }
    println!(
        "{checked} positions checked one ply down ({searched} of them also searched to the end), {wrong} differences, {:.1} s; by pieces: {:?}",
        t.elapsed().as_secs_f64(),
        &by_pieces[2..=max as usize]
    );
    if wrong > 0 {
        std::process::exit(1);
    }
}
