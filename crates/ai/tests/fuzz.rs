//! Fuzz targets run as ordinary tests: the engine protocol's line parser
//! (`tablero_ai::ugi`) and positions given as JSON (the web API's
//! position bodies, opened as tables with their moves played). The same
//! targets run coverage-guided under `cargo fuzz` (`fuzz/`, see
//! docs/fuzzing.md).
//!
//! Inputs: the seed corpus in `tests/fuzz_corpus/` (one input per line),
//! random edits of the seeds, and random text. `PROPTEST_CASES=N` runs N
//! cases per target instead of 256.

use proptest::prelude::*;
use std::path::PathBuf;

mod fuzz_targets;
use fuzz_targets::{table_json, ugi_line};

fn seeds(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_corpus")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_seed_corpus_runs_without_panics() {
    let ugi = seeds("ugi.txt");
    assert!(ugi.len() >= 20, "{} ugi seeds", ugi.len());
    for s in &ugi {
        ugi_line(s);
    }
    let json = seeds("table_json.txt");
    assert!(json.len() >= 8, "{} json seeds", json.len());
    for s in &json {
        table_json(s.as_bytes());
    }
}

/// Characters of the protocol and of positions, for edits close to valid
/// input.
const ALPHABET: &[char] = &[
    ' ', '\t', '_', '-', ':', '/', ',', '"', '{', '}', '[', ']', '0', '1', '5', '9', 'a', 'c', 'e',
    'm', 'v', 'x', '\u{e9}', '\u{0}',
];

fn edited(name: &'static str) -> impl Strategy<Value = String> {
    let seeds = seeds(name);
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
    fn edited_protocol_lines_parse_without_panics(line in edited("ugi.txt")) {
        ugi_line(&line);
    }

    #[test]
    fn random_protocol_lines_parse_without_panics(line in "(go|setoption|position|query|ugi)( [a-z0-9_]{0,12}){0,8}") {
        ugi_line(&line);
    }

    #[test]
    fn random_text_lines_parse_without_panics(line in "\\PC{0,80}") {
        ugi_line(&line);
    }

    #[test]
    fn edited_json_positions_open_without_panics(body in edited("table_json.txt")) {
        table_json(body.as_bytes());
    }
}
