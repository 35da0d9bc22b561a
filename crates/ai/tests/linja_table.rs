//! The Linja table for reduced games (each side with at most 3 or 4 pieces
//! off its goal line: real Linja positions, built by the same code as the
//! whole game) against the forward endgame solver, entry by entry; resuming
//! an interrupted build; the checks of `verify` and of the header.

use std::path::PathBuf;
use tablero_ai::solve::linja::Solver;
use tablero_ai::solve::linja_table::{build, BuildOptions, Table, TableError, HEADER_LEN};
use tablero_core::{Game, Player};
use tablero_games::linja::{Linja, Rules};

fn temp(name: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("linja-table-{name}.bin"));
    let _ = std::fs::remove_file(&p);
    p
}

fn options(rules: Rules, free: u32) -> BuildOptions {
    BuildOptions {
        rules,
        free,
        threads: 2,
        stop_after: None,
    }
}

fn built(name: &str, rules: Rules, free: u32) -> (PathBuf, Table) {
    let path = temp(name);
    let report = build(&path, &options(rules, free), |_| {}).unwrap();
    assert!(report.complete);
    assert_eq!(report.resumed_layers, 0);
    let table = Table::open(&path).unwrap();
    (path, table)
}

/// Every distribution of `free` pieces over the rows 0-6 and the goal
/// line, with the other `12 - free` on the goal line (counts by progress).
fn distributions(free: u8) -> Vec<[u8; 8]> {
    fn rec(d: &mut [u8; 8], p: usize, left: u8, fixed: u8, out: &mut Vec<[u8; 8]>) {
        if p == 7 {
            d[7] = left + fixed;
            out.push(*d);
            return;
        }
        for c in 0..=left {
            d[p] = c;
            rec(d, p + 1, left - c, fixed, out);
        }
    }
    let mut out = Vec::new();
    rec(&mut [0; 8], 0, free, 12 - free, &mut out);
    out
}

fn by_rows(player: Player, progress: [u8; 8]) -> [u8; 8] {
    let mut rows = [0u8; 8];
    for (p, &c) in progress.iter().enumerate() {
        rows[if player == Player::P1 { p } else { 7 - p }] = c;
    }
    rows
}

/// Compares every position the table covers (both sides to move, no pass
/// or one pass just made) with the forward solver; returns how many.
fn check_all(table: &Table, rules: Rules, free: u8) -> usize {
    let dists = distributions(free);
    let mut solver = Solver::new();
    let mut checked = 0;
    for a in &dists {
        for b in &dists {
            for side in Player::ALL {
                for passes in 0..2 {
                    let red = by_rows(Player::P1, *a);
                    let black = by_rows(Player::P2, *b);
                    let Ok(pos) = Linja::from_rows(rules, red, black, side, passes) else {
                        continue;
                    };
                    let want = solver.value(&pos).unwrap();
                    let got = table.value(&pos).unwrap();
                    assert_eq!(
                        got,
                        Some(want),
                        "{} ({rules:?}, {free} free)",
                        pos.position_string()
                    );
                    checked += 1;
                }
            }
        }
    }
    checked
}

#[test]
fn every_entry_of_three_free_pieces_matches_the_forward_solver() {
    for rules in [Rules::Publisher, Rules::Seed] {
        let (_, table) = built(&format!("3-{rules:?}"), rules, 3);
        let n = check_all(&table, rules, 3);
        // 120 distributions per side; every pair is valid with 3 pieces.
        assert!(n > 2 * 120 * 120, "{n}");
    }
}

#[test]
fn every_entry_of_four_free_pieces_matches_the_forward_solver() {
    for rules in [Rules::Publisher, Rules::Seed] {
        let (_, table) = built(&format!("4-{rules:?}"), rules, 4);
        let n = check_all(&table, rules, 4);
        assert!(n > 2 * 300 * 300, "{n}");
    }
}

#[test]
fn the_rules_differ_somewhere_in_the_table() {
    let (_, publisher) = built("diff-p", Rules::Publisher, 3);
    let (_, seed) = built("diff-s", Rules::Seed, 3);
    let mut differ = 0;
    for a in distributions(3) {
        for b in distributions(3) {
            let (red, black) = (by_rows(Player::P1, a), by_rows(Player::P2, b));
            let p = Linja::from_rows(Rules::Publisher, red, black, Player::P1, 0).unwrap();
            let s = Linja::from_rows(Rules::Seed, red, black, Player::P1, 0).unwrap();
            if publisher.value(&p).unwrap() != seed.value(&s).unwrap() {
                differ += 1;
            }
        }
    }
    assert!(differ > 0);
}

#[test]
fn best_moves_keep_the_value() {
    let (_, table) = built("moves", Rules::Publisher, 4);
    let mut solver = Solver::new();
    for a in distributions(4).iter().step_by(7) {
        for b in distributions(4).iter().step_by(5) {
            let (red, black) = (by_rows(Player::P1, *a), by_rows(Player::P2, *b));
            let Ok(pos) = Linja::from_rows(Rules::Publisher, red, black, Player::P2, 0) else {
                continue;
            };
            let v = table.value(&pos).unwrap().unwrap();
            let moves = table.scored_moves(&pos).unwrap().unwrap();
            if pos.has_passed() {
                assert!(moves.is_empty());
                continue;
            }
            assert_eq!(moves[0].1, v);
            let best = solver.best_moves(&pos).unwrap();
            let keep: Vec<_> = moves.iter().filter(|m| m.1 == v).map(|m| m.0).collect();
            let mut best_sorted = best.clone();
            best_sorted.sort();
            let mut keep_sorted = keep.clone();
            keep_sorted.sort();
            assert_eq!(keep_sorted, best_sorted, "{}", pos.position_string());
        }
    }
}

#[test]
fn positions_beyond_the_table_are_not_covered() {
    let (_, table) = built("cover", Rules::Publisher, 3);
    let start = Linja::start(&Rules::Publisher);
    assert!(!table.covers(&start));
    assert_eq!(table.value(&start).unwrap(), None);
    assert_eq!(table.scored_moves(&start).unwrap(), None);
    let seed = Linja::from_rows(
        Rules::Seed,
        [0, 0, 0, 1, 0, 0, 0, 11],
        [10, 1, 0, 0, 0, 0, 1, 0],
        Player::P1,
        0,
    )
    .unwrap();
    assert!(!table.covers(&seed));
}

#[test]
fn an_interrupted_build_resumes_to_the_same_table() {
    let path = temp("resume");
    let mut opts = options(Rules::Publisher, 4);
    opts.stop_after = Some(20);
    let r = build(&path, &opts, |_| {}).unwrap();
    assert!(!r.complete);
    assert_eq!(r.layers_done, 20);
    assert!(matches!(
        Table::open(&path),
        Err(TableError::Incomplete { done: 20, .. })
    ));
    opts.stop_after = Some(10);
    let r = build(&path, &opts, |_| {}).unwrap();
    assert_eq!((r.resumed_layers, r.layers_done), (20, 30));
    opts.stop_after = None;
    let r = build(&path, &opts, |_| {}).unwrap();
    assert_eq!(r.resumed_layers, 30);
    assert!(r.complete);
    let (fresh, _) = built("resume-fresh", Rules::Publisher, 4);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&fresh).unwrap()
    );
    // A finished table is left as it is.
    let r = build(&path, &opts, |_| {}).unwrap();
    assert!(r.complete);
    assert_eq!(r.entries_computed, 0);
}

#[test]
fn verify_passes_a_good_table_and_finds_a_changed_entry() {
    let (path, _) = built("verify", Rules::Seed, 4);
    let table = Table::open(&path).unwrap();
    let good = table.verify(2, |_| {}).unwrap();
    assert!(good.checksum_ok);
    assert_eq!(good.mismatches, 0);
    assert!(good.positions > 100_000, "{}", good.positions);

    let mut bytes = std::fs::read(&path).unwrap();
    // Change the first entry that is a value (not an invalid pair).
    let at = (HEADER_LEN as usize..bytes.len())
        .find(|&i| bytes[i] != 0x80 && bytes[i] != 0)
        .unwrap();
    bytes[at] = bytes[at].wrapping_add(1);
    let bad_path = temp("verify-bad");
    std::fs::write(&bad_path, &bytes).unwrap();
    let bad = Table::open(&bad_path).unwrap();
    let r = bad.verify(1, |_| {}).unwrap();
    assert!(!r.checksum_ok);
    assert!(r.mismatches >= 1);
}

#[test]
fn the_header_is_checked() {
    let (path, _) = built("header", Rules::Publisher, 3);
    // Another rule set or size into the same file is refused.
    assert!(matches!(
        build(&path, &options(Rules::Seed, 3), |_| {}),
        Err(TableError::Header(_))
    ));
    assert!(matches!(
        build(&path, &options(Rules::Publisher, 4), |_| {}),
        Err(TableError::Header(_))
    ));
    let t = Table::open(&path).unwrap();
    assert_eq!((t.rules(), t.free()), (Rules::Publisher, 3));
    // Not a table, and a cut table.
    let junk = temp("junk");
    std::fs::write(&junk, b"hello").unwrap();
    let id = |e: Result<Table, TableError>| match e {
        Err(e) => tablero_core::Localize::message(&e).id(),
        Ok(_) => panic!("opened"),
    };
    assert!(matches!(Table::open(&junk), Err(TableError::Header(_))));
    assert_eq!(id(Table::open(&junk)), "linja-table-too-short");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() - 1);
    std::fs::write(&junk, &bytes).unwrap();
    assert!(matches!(Table::open(&junk), Err(TableError::Header(_))));
    assert_eq!(id(Table::open(&junk)), "linja-table-bad-length");
    bytes[0] = b'X';
    std::fs::write(&junk, &bytes).unwrap();
    assert!(matches!(Table::open(&junk), Err(TableError::Header(_))));
    assert_eq!(id(Table::open(&junk)), "linja-table-not-a-table");
    let gone = temp("gone");
    let _ = std::fs::remove_file(&gone);
    assert_eq!(id(Table::open(&gone)), "linja-table-io");
}

#[test]
fn the_memory_map_and_the_loaded_table_agree() {
    let (path, mapped) = built("map", Rules::Publisher, 4);
    let loaded = Table::load(&path).unwrap();
    assert!(mapped.is_mapped());
    assert!(!loaded.is_mapped());
    let mut checked = 0;
    for a in distributions(4).iter().step_by(3) {
        for b in distributions(4).iter().step_by(2) {
            let (red, black) = (by_rows(Player::P1, *a), by_rows(Player::P2, *b));
            let Ok(pos) = Linja::from_rows(Rules::Publisher, red, black, Player::P1, 0) else {
                continue;
            };
            assert_eq!(mapped.value(&pos).unwrap(), loaded.value(&pos).unwrap());
            assert!(mapped.value(&pos).unwrap().is_some());
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked}");
    // Both verify alike, reading the map or memory.
    assert_eq!(
        mapped.verify(2, |_| {}).unwrap(),
        loaded.verify(2, |_| {}).unwrap()
    );
}

/// The longest and shortest perfect game from a position, by the forward
/// solver's best moves: a check of `Table::perfect_lengths`.
fn lengths_by_solver(
    pos: &Linja,
    solver: &mut Solver,
    memo: &mut std::collections::HashMap<Linja, (u32, u32)>,
) -> (u32, u32) {
    if let Some(&r) = memo.get(pos) {
        return r;
    }
    let best = solver.best_moves(pos).unwrap();
    let r = if best.is_empty() {
        (0, 0)
    } else {
        let (mut lo, mut hi) = (u32::MAX, 0);
        for m in best {
            let mut c = *pos;
            c.play_unchecked(m);
            let (a, b) = lengths_by_solver(&c, solver, memo);
            lo = lo.min(a + 1);
            hi = hi.max(b + 1);
        }
        (lo, hi)
    };
    memo.insert(*pos, r);
    r
}

#[test]
fn perfect_game_lengths_match_the_forward_solver() {
    for rules in [Rules::Publisher, Rules::Seed] {
        let (_, table) = built(&format!("lengths-{rules:?}"), rules, 3);
        let mut solver = Solver::new();
        let mut memo = std::collections::HashMap::new();
        let mut longest = 0;
        for a in distributions(3).iter().step_by(11) {
            for b in distributions(3).iter().step_by(13) {
                let (red, black) = (by_rows(Player::P1, *a), by_rows(Player::P2, *b));
                let pos = Linja::from_rows(rules, red, black, Player::P2, 0).unwrap();
                let got = table.perfect_lengths(&pos).unwrap().unwrap();
                let (lo, hi) = lengths_by_solver(&pos, &mut solver, &mut memo);
                assert_eq!(
                    (got.shortest, got.longest),
                    (lo, hi),
                    "{}",
                    pos.position_string()
                );
                assert!(got.positions >= 1);
                longest = longest.max(hi);
            }
        }
        assert!(longest >= 4, "{longest}");
    }
    let (_, table) = built("lengths-cover", Rules::Publisher, 3);
    assert_eq!(
        table
            .perfect_lengths(&Linja::start(&Rules::Publisher))
            .unwrap(),
        None
    );
}
