//! `tablero` with Linja: perft, moves and solve in the JSON shapes of
//! docs/cli.md, errors, and a terminal game played through a pipe.

mod common;

use common::{json, keys, tablero};
use serde_json::{json, Value};

#[test]
fn perft_for_both_rule_sets_and_after_moves() {
    let (code, out, _) = tablero(&["perft", "linja", "--depth", "3"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "1 43\n2 3478\n3 248041\n");
    let v = json(&[
        "perft",
        "linja",
        "--variant",
        "seed",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(v[2]["nodes"], 51840);
    assert_eq!(keys(&v[0]), ["depth", "nodes", "seconds"]);
    let v = json(&[
        "perft",
        "linja",
        "--position",
        "4r/2r1b/./1r1b/./2r2b/3r/8b r 0",
        "--depth",
        "2",
        "--json",
    ]);
    assert_eq!(v[1]["nodes"], 6989);
    let v = json(&[
        "perft",
        "linja",
        "--moves",
        "0-1 3-5, 7-6 2-0",
        "--depth",
        "1",
        "--json",
    ]);
    assert!(v[0]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn moves_shows_the_position_after_a_list_with_an_extra_turn() {
    let v = json(&[
        "moves",
        "linja",
        "--moves",
        "0-1 3-5, 7-6 2-0, 0-1 1-4, 6-5 4-1, 2-3 1-2; 0-1 3-6",
        "--json",
    ]);
    assert_eq!(keys(&v), ["army", "legal", "outcome", "position", "side"]);
    assert_eq!(v["position"], "3r1b/2r2b/1r/1b/2r/2r2b/2r1b/5b b 0");
    assert_eq!(v["side"], "p2");
    assert_eq!(v["outcome"], Value::Null);
    let legal = v["legal"].as_array().unwrap();
    assert!(!legal.is_empty());
    let mut sorted = legal.clone();
    sorted.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
    assert_eq!(&sorted, legal);
    // The end: the sides have passed each other, 33-33.
    let v = json(&[
        "moves",
        "linja",
        "--position",
        "3b/3b/3b/1r3b/2r/3r/3r/3r r 0",
        "--moves",
        "3-4",
        "--json",
    ]);
    assert_eq!(
        v["outcome"],
        json!({"winner": null, "score": [33, 33], "reason": "passed"})
    );
    assert_eq!(v["legal"], json!([]));
}

#[test]
fn solve_prints_exactly_the_contract_keys() {
    let v = json(&[
        "solve",
        "linja",
        "--position",
        "3b/3b/3b/1r3b/2r/3r/3r/3r r 0",
        "--json",
    ]);
    assert_eq!(
        keys(&v),
        ["best_move", "positions", "score_diff", "seconds"]
    );
    assert_eq!(v["score_diff"], 5);
    assert!(v["positions"].as_u64().unwrap() > 0);
    assert!(v["seconds"].is_number());
    // The best move keeps the value: after it, -5 for Black.
    let best = v["best_move"].as_str().unwrap().to_string();
    let after = json(&[
        "solve",
        "linja",
        "--position",
        "3b/3b/3b/1r3b/2r/3r/3r/3r r 0",
        "--moves",
        &best,
        "--json",
    ]);
    assert_eq!(after["score_diff"], -5);
    // A finished game: its score difference and no move.
    let v = json(&[
        "solve",
        "linja",
        "--position",
        "6b/1b/2b/3b/3r/4r/3r/2r b 0",
        "--json",
    ]);
    assert_eq!(v["score_diff"], 10);
    assert_eq!(v["best_move"], Value::Null);
    // Out of reach within a limit: an error, never a guess.
    let (code, out, err) = tablero(&["solve", "linja", "--max-positions", "1000", "--json"], "");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("--max-positions"), "{err}");
    // Imago solves the whole layout, then gives a position's value and
    // every legal move's (the analysis board's numbers), exactly these keys.
    let v = json(&["solve", "imago", "--moves", "b2-c2 g5", "--json"]);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["position", "value", "moves"]);
    let legal = json(&["moves", "imago", "--moves", "b2-c2 g5", "--json"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), legal["legal"].as_array().unwrap().len());
    for m in moves {
        assert!(
            ["win", "loss", "draw"].contains(&m["result"].as_str().unwrap()),
            "{m}"
        );
        assert_eq!(m["plies"].is_null(), m["result"] == "draw", "{m}");
    }
    let (code, _, err) = tablero(&["solve", "imago", "--position", "zz"], "");
    assert_eq!(code, 2);
    assert!(!err.is_empty());
}

#[test]
fn bad_input_is_a_clear_error_not_a_panic() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["moves", "linja", "--moves", "0-1 3-5, 7-6 2-1"],
            "move 2 (7-6 2-1): 7-6 2-1 is not legal here: the following move goes 2 rows: from 2 to 0",
        ),
        (&["moves", "linja", "--moves", "0-1 3-9"], "move 1 (0-1 3-9)"),
        (
            &["perft", "linja", "--position", "6r/1r1b r 0", "--depth", "1"],
            "expected 8 rows",
        ),
        (
            &["perft", "linja", "--variant", "standard", "--depth", "1"],
            "use `publisher` (default) or `seed`",
        ),
        (
            &["solve", "linja", "--position", "./1r1b/1r1b/1r1b/1r1b/1r1b/7r1b/6b r 0"],
            "row 6 holds 8 pieces",
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = tablero(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_game_in_the_terminal_shows_the_sticks_and_ends_with_the_score() {
    // Red to move can end the game at once with 3-4: 33-33, a draw.
    let (code, out, err) = tablero(
        &[
            "play",
            "linja",
            "--position",
            "3b/3b/3b/1r3b/2r/3r/3r/3r r 0",
            "--black",
            "random",
        ],
        "3-5\n3-4\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("═══"), "{out}");
    assert!(out.contains("R R R"), "{out}");
    assert!(out.contains("is not legal here"), "{out}");
    assert!(
        out.contains("Draw (the two sides have passed each other). Score 33-33."),
        "{out}"
    );
    // Computer against computer runs to the end, Black moving first.
    let (code, out, _) = tablero(
        &[
            "play", "linja", "--red", "random", "--black", "ai:4", "--first", "black", "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Black (ai:4) plays"), "{out}");
    assert!(out.contains("wins (") || out.contains("Draw ("), "{out}");
}

#[test]
fn solve_builds_a_small_table_answers_from_it_and_verifies_it() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("cli-linja-table-3-seed.bin");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    let v = json(&[
        "solve",
        "linja",
        "--build-table",
        path,
        "--rules",
        "seed",
        "--free",
        "3",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(v["rules"], "seed");
    assert_eq!(v["free"], 3);
    assert_eq!(v["entries"], 120 * 120);
    assert_eq!(v["start"], Value::Null);
    // Built again: found finished, nothing to do.
    let again = json(&[
        "solve",
        "linja",
        "--build-table",
        path,
        "--rules",
        "seed",
        "--free",
        "3",
        "--json",
    ]);
    assert_eq!(again["checksum"], v["checksum"]);

    // Each side has three pieces off its goal line: the table answers as the
    // forward search does.
    for pos in [
        "9b/./1r/1r/./1b/1r1b/9r1b r 0",
        "9b/1r/./1r1b/./1b/1r/9r1b b 0",
        "9b/1b/1r/./2r/./2b/9r r 1",
    ] {
        let t = json(&[
            "solve",
            "linja",
            "--variant",
            "seed",
            "--position",
            pos,
            "--table",
            path,
            "--json",
        ]);
        let f = json(&[
            "solve",
            "linja",
            "--variant",
            "seed",
            "--position",
            pos,
            "--json",
        ]);
        assert_eq!(t["score_diff"], f["score_diff"], "{pos}");
        let best: Vec<&str> = t["best_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert!(
            best.contains(&f["best_move"].as_str().unwrap()),
            "{pos}: {best:?}"
        );
    }
    // The table's rules are the default for --table.
    let t = json(&[
        "solve",
        "linja",
        "--position",
        "9b/./1r/1r/./1b/1r1b/9r1b r 0",
        "--table",
        path,
        "--json",
    ]);
    assert!(t["score_diff"].is_i64());

    let v = json(&["solve", "linja", "--verify", "--table", path, "--json"]);
    assert_eq!(v["checksum_ok"], true);
    assert_eq!(v["mismatches"], 0);

    // Beyond the table, another rule set, a damaged table: errors.
    let (code, _, err) = tablero(&["solve", "linja", "--table", path], "");
    assert_ne!(code, 0);
    assert!(err.contains("at most 3 pieces"), "{err}");
    let (code, _, err) = tablero(
        &[
            "solve",
            "linja",
            "--variant",
            "publisher",
            "--position",
            "9b/./1r/1r/./1b/1r1b/9r1b r 0",
            "--table",
            path,
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("seed rules"), "{err}");
    let (code, _, err) = tablero(
        &[
            "solve",
            "linja",
            "--build-table",
            path,
            "--rules",
            "publisher",
            "--free",
            "3",
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("remove it"), "{err}");
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let bad = dir.join("cli-linja-table-bad.bin");
    std::fs::write(&bad, &bytes).unwrap();
    let (code, _, err) = tablero(
        &[
            "solve",
            "linja",
            "--verify",
            "--table",
            bad.to_str().unwrap(),
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("damaged"), "{err}");
}

#[test]
fn level_5_and_the_engine_play_from_a_table_given_with_table() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let file = dir.join("cli-linja-table-3-seed-engine.bin");
    let _ = std::fs::remove_file(&file);
    let path = file.to_str().unwrap();
    json(&[
        "solve",
        "linja",
        "--build-table",
        path,
        "--rules",
        "seed",
        "--free",
        "3",
        "--json",
    ]);
    let pos = "9b/./1r/1r/./1b/1r1b/9r1b r 0";
    let t = json(&[
        "solve",
        "linja",
        "--position",
        pos,
        "--table",
        path,
        "--json",
    ]);
    let best: Vec<String> = t["best_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().replace(' ', "_"))
        .collect();
    for player in ["ai:5", "solver"] {
        let (code, out, err) = tablero(
            &[
                "engine",
                "linja",
                "--variant",
                "seed",
                "--player",
                player,
                "--table",
                path,
            ],
            &format!("ugi\nposition fen {pos}\ngo movetime 100\nisready\nquit\n"),
        );
        assert_eq!(code, 0, "{err}");
        assert!(
            err.contains("Linja (seed rules): exact values from"),
            "{err}"
        );
        let info = out
            .lines()
            .find(|l| l.starts_with("info score"))
            .unwrap_or_default();
        assert!(
            info.contains(&format!("exact score difference {}", t["score_diff"])),
            "{out}"
        );
        let bm = out
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap()
            .to_string();
        assert!(best.contains(&bm), "{player}: {bm} not in {best:?}");
    }
    // A file that is not a table is an error; `none` uses no table.
    let (code, _, err) = tablero(&["engine", "linja", "--table", "Cargo.toml"], "quit\n");
    assert_eq!(code, 2);
    assert!(err.contains("--table Cargo.toml"), "{err}");
    let (code, _, err) = tablero(&["engine", "linja", "--table", "none"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("exact values"), "{err}");
}
