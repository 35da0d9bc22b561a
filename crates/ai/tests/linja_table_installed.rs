//! An installed Linja table (process-wide, so in a test binary of its own):
//! the hint, level 5 and the exact player answer from it where it covers
//! the position, and a second table of the same rules is refused.

use std::path::PathBuf;
use tablero_ai::solve::linja_table::{
    build, default_file_name, exact_moves, exact_value, install, install_files, installed,
    BuildOptions, Table,
};
use tablero_ai::{parse_spec, Limits, Play};
use tablero_core::{Game, History, Player};
use tablero_games::linja::{Linja, Rules};

fn built(name: &str, rules: Rules, free: u32) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("linja-installed-{name}.bin"));
    let _ = std::fs::remove_file(&p);
    build(
        &p,
        &BuildOptions {
            rules,
            free,
            threads: 2,
            stop_after: None,
        },
        |_| {},
    )
    .unwrap();
    p
}

#[test]
fn installed_tables_answer_for_the_hint_level_5_and_the_exact_player() {
    assert!(Linja::solved_variants().is_empty());
    let path = built("seed-4", Rules::Seed, 4);
    // A missing named file is an error; the defaults are not looked at.
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-table.bin");
    assert!(install_files(&[missing], false).is_err());
    let got = install_files(std::slice::from_ref(&path), false).unwrap();
    assert_eq!(got, vec![(Rules::Seed, path.clone())]);
    assert!(installed(Rules::Seed).is_some());
    assert!(installed(Rules::Publisher).is_none());
    assert_eq!(Linja::solved_variants(), vec!["seed".to_string()]);
    // One table per rule set.
    assert!(install(Table::open(&path).unwrap()).is_err());
    assert!(install_files(std::slice::from_ref(&path), false).is_err());
    assert_eq!(default_file_name(Rules::Seed), "linja-seed.tbl");

    let table = Table::open(&path).unwrap();
    // A position of the table: 4 pieces per side off the goal line.
    let pos = Linja::from_rows(
        Rules::Seed,
        [1, 1, 1, 0, 1, 0, 0, 8],
        [8, 0, 1, 0, 1, 0, 1, 1],
        Player::P1,
        0,
    )
    .unwrap();
    assert!(table.covers(&pos));
    let moves = exact_moves(&pos).unwrap();
    assert_eq!(Some(moves.clone()), table.scored_moves(&pos).unwrap());
    let value = exact_value(&pos).unwrap();
    assert_eq!(moves[0].1, value);
    let keep: Vec<_> = moves.iter().filter(|m| m.1 == value).map(|m| m.0).collect();
    for spec in ["ai:5", "solver"] {
        for seed in 0..8 {
            let mut bot = parse_spec::<Linja>(spec, seed).unwrap();
            let m = bot.choose(&History::new(pos), &Limits::none());
            assert!(keep.contains(&m), "{spec}: {}", pos.format_move(m));
            assert!(bot.info().unwrap().contains("exact"), "{spec}");
            assert!(bot.name().starts_with("table+"), "{spec}");
        }
    }
    // The start is beyond this table, and the publisher's rules have none.
    assert_eq!(exact_moves(&Linja::start(&Rules::Seed)), None);
    assert_eq!(exact_value(&Linja::start(&Rules::Publisher)), None);
}
