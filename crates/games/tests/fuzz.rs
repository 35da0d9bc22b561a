//! Fuzz targets for every text parser of the games, run as ordinary tests:
//! each game's variant (`FromStr`, Imago's layouts among them), position
//! strings, move notation and game records (`tablero_core::Record`).
//!
//! A target must never panic, and whatever it accepts must read back the
//! same after formatting. Inputs come from the seed corpus in
//! `tests/fuzz_corpus/` (one input per line, `\n` written as `\\n`), from
//! random edits of those seeds, and from random text. `PROPTEST_CASES=N`
//! runs N cases per target instead of 256 (a long run); the seeds are
//! written anew by `cargo test -p tablero-games --test fuzz -- --ignored`.

use proptest::prelude::*;
use std::fmt::Debug;
use std::path::PathBuf;
use tablero_core::{Game, MoveBuf, Player, Record};
use tablero_games::{dimensiones::Dimensiones, imago::Imago, jarmo::Jarmo, linja::Linja};

mod fuzz_targets;
use fuzz_targets::all;

fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus")
}

/// The seed corpus: every line of every file.
fn seeds() -> Vec<String> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(corpus_dir())
        .expect("the seed corpus")
        .map(|e| e.expect("a corpus file").path())
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a corpus file");
        out.extend(text.lines().map(|l| l.replace("\\n", "\n")));
    }
    out
}

#[test]
fn the_seed_corpus_reads_without_panics() {
    let seeds = seeds();
    assert!(seeds.len() > 20, "{} seeds", seeds.len());
    for s in &seeds {
        all(s);
    }
}

/// Characters the notations use, for edits that stay close to valid text.
const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'x', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0',
    '-', ',', ':', '/', ' ', '\n', '[', ']', '"', '#', '*', '.', '+', 'r', 'w', 'p', 'R', 'B', 'W',
    '\u{e9}', '\u{0}',
];

/// A seed with a few random edits: a character replaced, inserted or
/// removed, or a piece repeated.
fn edited() -> impl Strategy<Value = String> {
    let seeds = seeds();
    let n = seeds.len();
    (
        0..n,
        prop::collection::vec((0usize..4, any::<usize>(), 0..ALPHABET.len()), 1..6),
    )
        .prop_map(move |(i, edits)| {
            let mut chars: Vec<char> = seeds[i].chars().collect();
            for (kind, at, c) in edits {
                let at = if chars.is_empty() {
                    0
                } else {
                    at % chars.len()
                };
                match kind {
                    0 if !chars.is_empty() => chars[at] = ALPHABET[c],
                    1 => chars.insert(at, ALPHABET[c]),
                    2 if !chars.is_empty() => {
                        chars.remove(at);
                    }
                    _ => {
                        let piece: Vec<char> = chars[at..].iter().take(8).copied().collect();
                        chars.splice(at..at, piece);
                    }
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #[test]
    fn edited_seeds_read_without_panics(text in edited()) {
        all(&text);
    }

    #[test]
    fn random_text_reads_without_panics(text in "\\PC{0,60}") {
        all(&text);
    }

    #[test]
    fn random_notation_reads_without_panics(text in "[a-h0-9:,/ xpw\\-]{0,40}") {
        all(&text);
    }
}

/// Seeds of `G`: its variant, start position, positions and moves along
/// random games, and a record.
fn seeds_of<G: Game>(variants: &[&str]) -> Vec<String>
where
    G::Move: Debug,
{
    let mut out = Vec::new();
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    for text in variants {
        let variant: G::Variant = text.parse().unwrap_or_default();
        out.push(variant.to_string());
        let mut g = G::start_with(&variant, Player::P1);
        let start = g.clone();
        let mut moves = Vec::new();
        for _ in 0..12 {
            let mut legal = G::MoveList::default();
            g.legal_moves(&mut legal);
            let list: Vec<G::Move> = legal.as_slice().to_vec();
            if list.is_empty() {
                break;
            }
            let m = list[(next() % list.len() as u64) as usize];
            out.push(g.position_string());
            out.push(g.format_move(m));
            moves.push(m);
            g.play_unchecked(m);
        }
        let record = Record::<G> {
            start,
            moves,
            result: None,
            tags: vec![("Event".into(), "seed".into())],
        };
        out.push(record.to_text());
    }
    out
}

/// Writes the seed corpus anew (run with `--ignored`).
#[test]
#[ignore]
fn write_seed_corpus() {
    let dir = corpus_dir();
    std::fs::create_dir_all(&dir).unwrap();
    let files: [(&str, Vec<String>); 4] = [
        (
            "imago",
            seeds_of::<Imago>(&["default", "red:b2,b5 blue:g2,g5 walls:c3-d3,e4-e5"]),
        ),
        ("jarmo", seeds_of::<Jarmo>(&["default"])),
        ("linja", seeds_of::<Linja>(&["default"])),
        ("dimensiones", seeds_of::<Dimensiones>(&["default"])),
    ];
    for (name, lines) in files {
        let text: String = lines
            .iter()
            .map(|l| format!("{}\n", l.replace('\n', "\\n")))
            .collect();
        std::fs::write(dir.join(format!("{name}.txt")), text).unwrap();
    }
}
