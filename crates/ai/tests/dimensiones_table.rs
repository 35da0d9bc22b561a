//! The Super Dimensiones endgame tables, small ones (at most 4 pieces, or
//! 3 for the other rule sets) built here: every value against a plain
//! minimax search to the end of the game, played by the game's own rules
//! (`tablero_games::dimensiones`, the other sub-game decided, the clock
//! running); a second build in another order gives the same file; a
//! stopped build resumes to the same file; the check of `verify`; and the
//! header's refusals.

use rustc_hash::FxHashMap;
use std::path::PathBuf;
use tablero_ai::solve::dimensiones_table::{
    build, BuildOptions, BuildOrder, Index, Sub, Table, TableError, TableRules, HEADER_LEN,
};
use tablero_core::{Game, Player};
use tablero_games::dimensiones::{Army, Dimensiones, RuleSet};
use tablero_games::draughts::{board_mask, DARK};

fn temp(name: &str) -> PathBuf {
    let p =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("dimensiones-table-{name}.bin"));
    let _ = std::fs::remove_file(&p);
    p
}

fn options(rules: TableRules, pieces: u8, order: BuildOrder) -> BuildOptions {
    BuildOptions {
        rules,
        pieces,
        threads: 2,
        stop_after: None,
        order,
    }
}

fn built(name: &str, rules: TableRules, pieces: u8) -> (PathBuf, Table) {
    let path = temp(name);
    let report = build(
        &path,
        &options(rules, pieces, BuildOrder::Canonical),
        |_| {},
    )
    .unwrap();
    assert!(report.complete);
    let table = Table::open(&path).unwrap();
    (path, table)
}

/// A tiny deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const DARK6: u64 = DARK & board_mask(6);
const LAST_ROW: u64 = 0x3F << 40;
const FIRST_ROW: u64 = 0x3F;

/// A random position of the sub-game with `pieces` pieces (each army at
/// least one, at most six): the mover's men not on row 6, the other's not
/// on row 1.
fn random_sub(rng: &mut Rng, pieces: u32) -> Sub {
    loop {
        let mover = 1 + rng.below(u64::from(pieces - 1).min(6)) as u32;
        let other = pieces - mover;
        if other == 0 || other > 6 {
            continue;
        }
        let mut s = Sub {
            men: 0,
            kings: 0,
            other_men: 0,
            other_kings: 0,
        };
        let mut free = DARK6;
        let place = |rng: &mut Rng, allowed: u64, free: &mut u64| -> Option<u64> {
            let c = *free & allowed;
            if c == 0 {
                return None;
            }
            let k = rng.below(u64::from(c.count_ones()));
            let mut bits = c;
            for _ in 0..k {
                bits &= bits - 1;
            }
            let b = bits & bits.wrapping_neg();
            *free &= !b;
            Some(b)
        };
        let mut ok = true;
        for i in 0..pieces {
            let mine = i < mover;
            let king = rng.below(3) == 0;
            let allowed = match (mine, king) {
                (_, true) => DARK6,
                (true, false) => DARK6 & !LAST_ROW,
                (false, false) => DARK6 & !FIRST_ROW,
            };
            let Some(b) = place(rng, allowed, &mut free) else {
                ok = false;
                break;
            };
            match (mine, king) {
                (true, true) => s.kings |= b,
                (true, false) => s.men |= b,
                (false, true) => s.other_kings |= b,
                (false, false) => s.other_men |= b,
            }
        }
        if ok {
            return s;
        }
    }
}

/// The board of a position string from the four armies' men and kings.
fn board(men: [u64; 4], kings: [u64; 4]) -> String {
    let mut rows = Vec::new();
    for r in (0..6).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for c in 0..6 {
            let bit = 1u64 << (r * 8 + c);
            let ch = Army::ALL.into_iter().find_map(|a| {
                let l = a.letter();
                if men[a.index()] & bit != 0 {
                    Some(l)
                } else if kings[a.index()] & bit != 0 {
                    Some(l.to_ascii_uppercase())
                } else {
                    None
                }
            });
            match ch {
                Some(ch) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(ch);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

fn turn(x: u64) -> u64 {
    x.reverse_bits() >> 18
}

fn mirror(x: u64) -> u64 {
    (x.swap_bytes().reverse_bits() >> 2) & 0x3F3F_3F3F_3F3F_3F3F
}

/// The Super Dimensiones position in which `army` is to move in the
/// sub-game `s` (seen from it), the other sub-game already won by player
/// one and empty, with the clock at `clock`; `None` when the army has no
/// move (the game would be over: no such position string).
fn game_position(rules: &RuleSet, s: &Sub, army: Army, clock: u8) -> Option<Dimensiones> {
    let light = army.subgame() == 1;
    let map = |x: u64| {
        let x = if army.north() { x } else { turn(x) };
        if light {
            mirror(x)
        } else {
            x
        }
    };
    let mut men = [0u64; 4];
    let mut kings = [0u64; 4];
    men[army.index()] = map(s.men);
    kings[army.index()] = map(s.kings);
    men[army.facing().index()] = map(s.other_men);
    kings[army.facing().index()] = map(s.other_kings);
    let subgames = if light { "1-" } else { "-1" };
    let text = format!(
        "{} {} {subgames} {clock} rbao",
        board(men, kings),
        army.letter()
    );
    Dimensiones::parse_position(rules, &text).ok()
}

/// The open sub-game's value for player one when the game is over.
fn final_value(pos: &Dimensiones, open: usize) -> i8 {
    let o = pos.outcome().expect("over");
    // Player one won the decided sub-game: two of its halves.
    let decided = 2;
    let _ = open;
    o.score[0].as_halves() as i8 - decided - 1
}

/// Plain minimax to the end of the game, by the game's rules, memoized
/// on the whole state (the clock included): the open sub-game's value for
/// player one.
fn minimax(pos: &Dimensiones, open: usize, memo: &mut FxHashMap<u64, i8>) -> i8 {
    if pos.outcome().is_some() {
        return final_value(pos, open);
    }
    let key = pos.position_hash();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let p1 = pos.side_to_move() == Player::P1;
    let mut best = if p1 { -2 } else { 2 };
    for mv in moves {
        let mut c = pos.clone();
        c.play_unchecked(mv);
        let v = minimax(&c, open, memo);
        best = if p1 { best.max(v) } else { best.min(v) };
    }
    memo.insert(key, best);
    best
}

/// Random positions of up to `pieces` pieces, each army in turn to move
/// in either sub-game, at random clocks: the table's value equals the
/// search's.
fn against_search(rules: TableRules, table: &Table, pieces: u32, n: usize, seed: u64) {
    let rule_set = rules.rule_set();
    let mut rng = Rng(seed);
    let mut checked = 0;
    let mut memo = FxHashMap::default();
    let mut seen = [0usize; 3];
    while checked < n {
        let n = 2 + rng.below(u64::from(pieces) - 1) as u32;
        let s = random_sub(&mut rng, n);
        let army = Army::ALL[rng.below(4) as usize];
        let clock = [0, 0, 1, 30, 45, 55, 58, 59][rng.below(8) as usize];
        let Some(pos) = game_position(&rule_set, &s, army, clock) else {
            continue;
        };
        let (sub, g, a) = Sub::of_game(&pos).expect("one sub-game open");
        assert_eq!(a, army);
        assert_eq!(sub, s, "the position seen from its army is the one made");
        let want = minimax(&pos, g, &mut memo);
        let got = table.value(&sub, clock).expect("covered").sign();
        let got = if army.player() == Player::P1 {
            got
        } else {
            -got
        };
        assert_eq!(
            got,
            want,
            "{rules} {} (clock {clock})",
            pos.position_string()
        );
        seen[(want + 1) as usize] += 1;
        checked += 1;
    }
    // The sample holds every result, or it would check little.
    assert!(seen.iter().all(|&c| c > 0), "{rules}: {seen:?}");
}

#[test]
fn values_equal_a_search_to_the_end() {
    let rules = TableRules::default();
    let (_, table) = built("default-4", rules, 4);
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || against_search(rules, &table, 4, 200, 7))
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn every_rule_set_with_m_and_w_against_the_search() {
    for rules in TableRules::ALL {
        let name = format!("{rules}-3");
        let (_, table) = built(&name, rules, 3);
        std::thread::Builder::new()
            .stack_size(512 << 20)
            .spawn(move || against_search(rules, &table, 3, 80, 11))
            .unwrap()
            .join()
            .unwrap();
    }
}

#[test]
fn another_order_and_a_resumed_build_give_the_same_file() {
    let rules = TableRules::default();
    let (a, ta) = built("order-canonical", rules, 4);
    let b = temp("order-reversed");
    build(&b, &options(rules, 4, BuildOrder::Reversed), |_| {}).unwrap();
    let tb = Table::open(&b).unwrap();
    assert_eq!(ta.checksum(), tb.checksum());
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // Stopped after 5 slice pairs, then resumed.
    let c = temp("resumed");
    let mut o = options(rules, 4, BuildOrder::Canonical);
    o.stop_after = Some(5);
    let r = build(&c, &o, |_| {}).unwrap();
    assert!(!r.complete);
    assert!(matches!(
        Table::open(&c),
        Err(TableError::Incomplete { .. })
    ));
    o.stop_after = None;
    let r = build(&c, &o, |_| {}).unwrap();
    assert!(r.complete && r.resumed_slices > 0);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&c).unwrap());
    // A complete table is not built again.
    let r = build(&c, &o, |_| {}).unwrap();
    assert_eq!(r.entries_computed, 0);
}

#[test]
fn verify_finds_a_changed_value_and_the_header_refuses_other_files() {
    let rules = TableRules::default();
    let (path, table) = built("verify", rules, 4);
    let r = table.verify(2).unwrap();
    assert!(r.checksum_ok);
    assert_eq!(r.mismatches, 0);
    assert_eq!(r.positions, Index::new(4).len());
    drop(table);
    // Change one value (a win with the whole clock becomes a loss).
    let mut bytes = std::fs::read(&path).unwrap();
    let at = HEADER_LEN as usize + 100_000;
    bytes[at] ^= 0x80;
    let damaged = temp("damaged");
    std::fs::write(&damaged, &bytes).unwrap();
    let t = Table::open(&damaged).unwrap();
    let r = t.verify(2).unwrap();
    assert!(!r.checksum_ok);
    assert!(r.mismatches > 0);
    // Not a table; cut short; another build's file is not overwritten.
    let junk = temp("junk");
    std::fs::write(&junk, b"hello").unwrap();
    assert!(matches!(Table::open(&junk), Err(TableError::Header(_))));
    std::fs::write(&junk, &bytes[..bytes.len() - 1]).unwrap();
    assert!(matches!(Table::open(&junk), Err(TableError::Header(_))));
    let other = TableRules::ALL[1];
    assert!(matches!(
        build(&path, &options(other, 4, BuildOrder::Canonical), |_| {}),
        Err(TableError::Header(_))
    ));
    assert_eq!(std::fs::read(&path).unwrap().len(), bytes.len());
}

/// Above the table: `dimensiones_start::solve` with a 3-piece table at its
/// leaves gives positions of 4 pieces the value of a plain search to
/// the end; stopped early, the bounds it reports hold the value.
#[test]
fn the_search_above_the_table_equals_a_search_to_the_end() {
    use tablero_ai::solve::dimensiones_start::{g_start, solve};
    let rules = TableRules::default();
    let (_, table) = built("default-3-start", rules, 3);
    let start = g_start(rules);
    assert_eq!(start.side_to_move(), Player::P1);
    assert_eq!(start.pieces(Army::Red) + start.pieces(Army::Blue), 12);
    assert!(
        Sub::of_game(&start).is_some(),
        "G's start is a position of G"
    );
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            let rule_set = rules.rule_set();
            let mut rng = Rng(23);
            let mut memo = FxHashMap::default();
            let (mut checked, mut stopped, mut probes, mut unstored) = (0, 0, 0, 0);
            let mut seen = [0usize; 3];
            while checked < 30 {
                let s = random_sub(&mut rng, 4);
                let army = Army::ALL[rng.below(4) as usize];
                let clock = [0, 0, 20, 50, 58][rng.below(5) as usize];
                let Some(pos) = game_position(&rule_set, &s, army, clock) else {
                    continue;
                };
                if pos.outcome().is_some() {
                    continue;
                }
                let (_, g, _) = Sub::of_game(&pos).expect("one sub-game open");
                let want = minimax(&pos, g, &mut memo);
                let want = if army.player() == Player::P1 {
                    want
                } else {
                    -want
                };
                let proof = solve(&pos, &table, u64::MAX, usize::MAX, |_| {});
                assert!(!proof.stopped);
                assert_eq!(
                    proof.value().map(|v| v.sign()),
                    Some(want),
                    "{} {proof:?}",
                    pos.position_string()
                );
                probes += proof.probes;
                // A tight node bound: what it claims still holds.
                let early = solve(&pos, &table, 1 + rng.below(40), usize::MAX, |_| {});
                assert!(
                    early.low.sign() <= want && want <= early.high.sign(),
                    "{early:?}"
                );
                // Storing almost nothing: the same bounds, fewer stored.
                let small = solve(&pos, &table, 2_000, 5, |_| {});
                assert!(small.stored <= 5, "{small:?}");
                assert!(
                    small.low.sign() <= want && want <= small.high.sign(),
                    "{small:?}"
                );
                unstored += usize::from(small.value().is_some() && small.nodes > 5);
                stopped += usize::from(early.stopped);
                seen[(want + 1) as usize] += 1;
                checked += 1;
            }
            assert!(seen.iter().all(|&c| c > 0), "{seen:?}");
            assert!(stopped > 0, "no search was stopped early");
            assert!(probes > 100, "the table answered {probes} positions");
            assert!(unstored > 0, "no search with almost nothing stored");
        })
        .unwrap()
        .join()
        .unwrap();
}
