//! PDN checked by an independent reader: pydraughts 0.6.7 (pinned;
//! `scripts/test.sh` installs it in `target/pydraughts`). Seeded random
//! games of English, Russian and Turkish draughts, written by tablero into
//! one file of many games, are read and replayed by pydraughts, whose final
//! positions must be tablero's; pydraughts then writes them back (its own
//! move texts and FEN) in UTF-8, UTF-8 with a byte-order mark, and
//! Latin-1, and tablero must read every game back as it was.
//!
//! The Python used: `$TABLERO_PYTHON`, else `target/pydraughts/bin/python`
//! when it exists, else `python3`. Without any Python the test is skipped
//! with the reason printed; a Python without pydraughts fails it, saying how
//! to install it.

use std::path::{Path, PathBuf};
use std::process::Command;

use tablero_core::{Game, History, Outcome, Player, Reason, Record};
use tablero_games::draughts::{pdn, Draughts, DraughtsVariant};
use tablero_games::Describe;

const PYDRAUGHTS: &str = "pydraughts==0.6.7";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn python() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("TABLERO_PYTHON").map(PathBuf::from),
        Some(root().join("target/pydraughts/bin/python")).filter(|p| p.exists()),
        Some(PathBuf::from("python3")),
    ];
    candidates.into_iter().flatten().find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// A game of up to `plies` pseudo-random moves from the start; an
/// unfinished game is sometimes resigned or agreed drawn.
fn random_game(v: DraughtsVariant, plies: usize, seed: u64) -> Record<Draughts> {
    let mut h = History::new(Draughts::start(&v));
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for _ in 0..plies {
        if h.is_over() {
            break;
        }
        let legal = h.current().legal_move_strings();
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = h
            .current()
            .parse_move(&legal[(x >> 33) as usize % legal.len()])
            .unwrap();
        h.play(mv).unwrap();
    }
    if !h.is_over() {
        match seed % 3 {
            0 => h.set_result(Outcome::win(
                h.current().side_to_move().other(),
                Reason::Resign,
            )),
            1 => h.set_result(Outcome::draw(Reason::Agreed)),
            _ => {}
        }
    }
    let mut r = Record::from_history(&h);
    r.tags.push(("White".into(), format!("seed {seed}")));
    r
}

/// The pieces and the side to move (PDN has no count of quiet moves).
fn board(p: &Draughts) -> String {
    let s = p.position_string();
    s.rsplit_once(' ').map(|(a, _)| a.to_string()).unwrap()
}

#[test]
fn pydraughts_reads_and_writes_our_pdn() {
    let Some(py) = python() else {
        eprintln!("skipped: no Python found (TABLERO_PYTHON, target/pydraughts, python3)");
        return;
    };
    let import = Command::new(&py)
        .args(["-c", "import draughts.PDN"])
        .output()
        .unwrap();
    assert!(
        import.status.success(),
        "{} has no pydraughts: install it with `{} -m pip install {PYDRAUGHTS}` \
         (scripts/test.sh does so in target/pydraughts)",
        py.display(),
        py.display()
    );
    let dir = std::env::temp_dir().join(format!("tablero-pdn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut records = Vec::new();
    for v in [
        DraughtsVariant::English,
        DraughtsVariant::Russian,
        DraughtsVariant::Turkish,
    ] {
        let mut multi_jumps = 0;
        for seed in 0..5u64 {
            let r = random_game(v, 30 + 30 * seed as usize, seed + 7 * v as u64);
            let text = pdn::write(&r);
            multi_jumps += text
                .split_whitespace()
                .filter(|w| w.matches('x').count() >= 2)
                .count();
            records.push(r);
        }
        assert!(multi_jumps > 0, "{v}: no capture of two pieces or more");
    }
    let file: String = records
        .iter()
        .map(pdn::write)
        .collect::<Vec<_>>()
        .join("\n");
    let input = dir.join("tablero.pdn");
    std::fs::write(&input, &file).unwrap();
    let out = Command::new(&py)
        .arg(root().join("crates/games/tests/pydraughts/check.py"))
        .arg(&input)
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "pydraughts refused tablero's PDN: {}\n{file}",
        String::from_utf8_lossy(&out.stderr)
    );
    // pydraughts's final positions are ours.
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), records.len(), "games read by pydraughts");
    for (r, line) in records.iter().zip(&lines) {
        let v = *r.start.variant();
        assert_eq!(line["variant"], v.name(), "{line}");
        assert_eq!(line["moves"], r.moves.len(), "{line}");
        let end = r.replay().unwrap().current().clone();
        let theirs = pdn::read_fen(v, line["fen"].as_str().unwrap()).unwrap();
        assert_eq!(board(&theirs), board(&end), "{v}: {line}");
    }
    // pydraughts's PDN, in three encodings, read back whole.
    for name in ["out-utf8.pdn", "out-bom.pdn", "out-latin1.pdn"] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let text = pdn::decode(&bytes);
        let back = pdn::parse_all(&text, DraughtsVariant::Russian)
            .unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(back.len(), records.len(), "{name}");
        for (i, (b, r)) in back.iter().zip(&records).enumerate() {
            assert_eq!(
                b.start.variant(),
                r.start.variant(),
                "{name} game {}",
                i + 1
            );
            assert_eq!(b.moves, r.moves, "{name} game {}", i + 1);
            assert_eq!(b.result, r.result, "{name} game {}", i + 1);
            let event = b.tags.iter().find(|(k, _)| k == "Event");
            assert_eq!(event.map(|(_, v)| v.as_str()), Some("Málaga"), "{name}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn english_colours_and_results_follow_pdn() {
    // Black moves first in checkers: player one, drawn at the bottom, is
    // PDN's Black (squares 1-12 seen from the board's top, `c3` is 11),
    // and a result gives the first mover's score first.
    let v = DraughtsVariant::English;
    let mut h = History::new(Draughts::start(&v));
    assert_eq!(h.current().side_to_move(), Player::P1);
    h.play_text("c3-d4").unwrap();
    h.set_result(Outcome::win(Player::P1, Reason::Resign));
    let mut r = Record::from_history(&h);
    // Player one's tag is the side's name in English draughts: Black.
    assert_eq!(Draughts::side_names(&v)[0].en, "Black");
    r.tags.push(("Black".into(), "ann".into()));
    let text = pdn::write(&r);
    assert!(text.contains("[GameType \"21,B,8,8,N1,0\"]"), "{text}");
    assert!(text.contains("[Black \"ann\"]"), "{text}");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("1. 11-15 1-0"), "{text}");
    // Russian: White first, algebraic squares, `2-0` for White.
    let v = DraughtsVariant::Russian;
    let mut h = History::new(Draughts::start(&v));
    h.play_text("c3-d4").unwrap();
    h.set_result(Outcome::win(Player::P2, Reason::Resign));
    let text = pdn::write(&Record::from_history(&h));
    assert!(text.contains("[GameType \"25,W,8,8,A0,0\"]"), "{text}");
    assert!(text.contains("1. c3-d4 0-2"), "{text}");
}
