//! `tablero` with Super Dimensiones and the 8x8 draughts configurations.

mod common;

use common::{json, tablero};
use serde_json::Value;

#[test]
fn perft_of_both_games() {
    let (code, out, _) = tablero(
        &[
            "perft",
            "dimensiones",
            "--variant",
            "I-C-A-W-R",
            "--depth",
            "4",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "1 8\n2 64\n3 600\n4 5331\n");
    let v = json(&[
        "perft",
        "draughts",
        "--variant",
        "russian",
        "--depth",
        "5",
        "--json",
    ]);
    assert_eq!(v[4]["nodes"], 7482);
    let v = json(&[
        "perft",
        "draughts",
        "--variant",
        "turkish",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(v[2]["nodes"], 708);
    // The default rule set is M-C-N-W-R.
    let v = json(&["perft", "dimensiones", "--depth", "5", "--json"]);
    assert_eq!(v[4]["nodes"], 2650);
}

#[test]
fn moves_names_the_army() {
    let v = json(&["moves", "dimensiones", "--variant", "M-C-N-E-S", "--json"]);
    assert_eq!(v["army"], "red");
    assert_eq!(v["side"], "p1");
    assert_eq!(v["legal"], serde_json::json!(["a2-a3", "b2-b3", "c2-c3"]));
    let v = json(&[
        "moves",
        "dimensiones",
        "--variant",
        "M-C-N-E-S",
        "--moves",
        "a2-a3",
        "--json",
    ]);
    assert_eq!(v["army"], "blue");
    assert_eq!(v["side"], "p2");
    assert_eq!(
        v["position"],
        "bbbooo/bbbooo/6/r5/1rraaa/rrraaa b -- 0 rbao"
    );
    let v = json(&["moves", "draughts", "--variant", "english", "--json"]);
    assert_eq!(v["army"], Value::Null);
    assert_eq!(v["legal"].as_array().unwrap().len(), 7);
}

#[test]
fn a_game_over_shows_its_subgame_score() {
    let v = json(&[
        "moves",
        "dimensiones",
        "--position",
        "6/6/6/1o4/a5/6 a 1- 0 rbao",
        "--moves",
        "a2xc4",
        "--json",
    ]);
    assert_eq!(
        v["outcome"],
        serde_json::json!({"winner": "p1", "score": [2, 0], "reason": "subgames"})
    );
    assert_eq!(v["army"], Value::Null);
    assert_eq!(v["legal"], serde_json::json!([]));
}

#[test]
fn errors_name_the_move_and_never_panic() {
    let (code, _, err) = tablero(
        &[
            "moves",
            "dimensiones",
            "--moves",
            "b2-c3, a5-b4, z9-a1",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("move 3 (z9-a1)"), "{err}");
    let (code, _, err) = tablero(
        &["moves", "dimensiones", "--moves", "b2-c3, b4-c3", "--json"],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("move 2 (b4-c3)") && err.contains("legal moves:"),
        "{err}"
    );
    let (code, _, err) = tablero(
        &[
            "perft",
            "dimensiones",
            "--variant",
            "X-C-N-W-R",
            "--depth",
            "1",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("dimension"), "{err}");
    let (code, _, err) = tablero(&["moves", "draughts", "--variant", "polish"], "");
    assert_eq!(code, 2);
    assert!(err.contains("russian"), "{err}");
}

#[test]
fn bench_prints_the_contract_keys() {
    let v = json(&[
        "bench",
        "dimensiones",
        "--variant",
        "I-D-N-E-S+huff",
        "--seconds",
        "0.2",
        "--json",
    ]);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "moves",
            "moves_per_s",
            "playouts",
            "playouts_per_s",
            "seconds"
        ]
    );
    assert!(v["playouts"].as_u64().unwrap() > 0);
    let v = json(&["bench", "draughts", "--seconds", "0.2", "--json"]);
    assert!(v["moves"].as_u64().unwrap() > 0);
}

#[test]
fn play_in_the_terminal_shows_the_signal_token() {
    let (code, out, err) = tablero(
        &[
            "play",
            "dimensiones",
            "--variant",
            "I-C-A-W-R",
            "--p2",
            "random",
            "--seed",
            "3",
        ],
        "b2-c3\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("[R●]"), "{out}");
    assert!(out.contains("South (red) to move."), "{out}");
    assert!(
        out.contains("[A●]") || out.contains("The signal token ● is on aqua"),
        "{out}"
    );
    // A game between two computer players ends with a result.
    let (code, out, err) = tablero(
        &[
            "play",
            "draughts",
            "--variant",
            "english",
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            "5",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wins") || out.contains("Draw"), "{out}");
}

/// Both sub-games decided: the end says what decided each (#36 item 4),
/// not "neither player could move" nor only that both are decided.
#[test]
fn the_end_says_which_army_has_no_pieces_left() {
    // Red takes Blue's last man; Aqua–Orange was won by North before.
    let position = "4o1/6/3b2/2r3/6/6 r -2 0 rbao";
    for (lang, want) in [
        (
            "en",
            "Draw (Blue has no pieces left; Aqua has no pieces left). Score 1-1.",
        ),
        (
            "es",
            "Tablas (Azul no tiene piezas; Aguamarina no tiene piezas). Resultado 1-1.",
        ),
    ] {
        let (code, out, err) = tablero(
            &[
                "play",
                "dimensiones",
                "--lang",
                lang,
                "--position",
                position,
                "--p1",
                "ai:1",
                "--p2",
                "ai:1",
                "--plain",
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().last(), Some(want), "{out}");
    }
}
