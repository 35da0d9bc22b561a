//! `tablero review FILE`: its JSON agrees with `tablero solve` position by
//! position, its text speaks both languages, and bad files are errors.

mod common;

use common::{json, keys, tablero, tablero_env};
use serde_json::Value;
use std::path::PathBuf;
use tablero_core::{Game, History, Record};
use tablero_games::imago::{Imago, Layout};

/// A file in the test's temporary folder holding `text`.
fn file(name: &str, text: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("review-{name}"));
    std::fs::write(&p, text).unwrap();
    p
}

/// A short Imago game: the first legal move each turn, then the last.
fn imago_record(plies: usize) -> (History<Imago>, String) {
    let mut h = History::new(Imago::start(&Layout::default()));
    let mut moves = <Imago as Game>::MoveList::default();
    for i in 0..plies {
        if h.is_over() {
            break;
        }
        h.current().legal_moves(&mut moves);
        let list = moves.as_slice();
        let m = if i % 2 == 0 {
            list[0]
        } else {
            list[list.len() - 1]
        };
        h.play(m).unwrap();
    }
    let text = Record::from_history(&h).to_text();
    (h, text)
}

#[test]
fn an_imago_review_agrees_with_solve_position_by_position() {
    let (h, text) = imago_record(6);
    let path = file("imago.txt", &text);
    let r = json(&["review", path.to_str().unwrap(), "--json"]);
    assert_eq!(
        keys(&r),
        ["accuracy", "chart", "depth", "game", "method", "moves", "result", "slipped", "variant"]
    );
    assert_eq!(r["game"], "imago");
    assert_eq!(r["method"], "exact");
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), h.moves().len());
    for (i, m) in moves.iter().enumerate() {
        // `tablero solve` of the position before the move.
        let list = tablero_core::format_move_list(h.start(), &h.moves()[..i]);
        let moves_arg = format!("--moves={list}");
        let s = json(&["solve", "imago", "--json", &moves_arg]);
        let value = |v: &Value| match v["result"].as_str().unwrap() {
            "draw" => serde_json::json!({"kind": "draw"}),
            word => serde_json::json!({"kind": word, "plies": v["plies"]}),
        };
        assert_eq!(m["before"], value(&s["value"]), "move {}", i + 1);
        let played = s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["move"] == m["played"])
            .expect("the move played is legal");
        assert_eq!(m["after"], value(played), "move {}", i + 1);
        assert_eq!(m["source"], "solver");
        assert_eq!(m["ply"], i + 1);
    }
    assert_eq!(r["result"], Value::Null);
    assert_eq!(r["chart"].as_array().unwrap().len(), h.moves().len() + 1);
}

#[test]
fn the_text_review_speaks_english_and_spanish() {
    let (_, text) = imago_record(8);
    let path = file("imago-text.txt", &text);
    let (code, out, err) = tablero(&["review", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Review of Imago (default): exact values from the solver"),
        "{out}"
    );
    assert!(out.contains("Red: "), "{out}");
    assert!(out.contains("moves kept the value"), "{out}");
    assert!(
        out.contains("The value over the game for Red (8 plies):"),
        "{out}"
    );
    assert!(out.contains("   1. Red"), "{out}");
    let (code, es, err) = tablero_env(
        &["review", path.to_str().unwrap()],
        "",
        &[("LANG", "es_ES.UTF-8")],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        es.starts_with("Revisión de Imago (estándar): valores exactos del solucionador"),
        "{es}"
    );
    assert!(es.contains("jugadas mantuvieron el valor"), "{es}");
    assert!(
        es.contains("El valor a lo largo de la partida para Rojo"),
        "{es}"
    );
}

/// The lines of a text review's moves: each move's two values, as
/// printed (`+0.24`, `win in 5`, `?`).
fn value_pairs(out: &str, played: &[String]) -> Vec<(String, String)> {
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.len() > 5 && l[1..5].trim().ends_with('.'))
        .collect();
    assert_eq!(lines.len(), played.len(), "{out}");
    lines
        .iter()
        .zip(played)
        .map(|(l, mv)| {
            let rest = &l[l.find(&format!(" {mv} ")).expect("the move") + mv.len() + 2..];
            let (before, after) = rest.split_once(" → ").expect("two values");
            let after = after.split("  ").next().unwrap_or("");
            (before.trim().to_string(), after.trim().to_string())
        })
        .collect()
}

/// #50, item 9: the values along a reviewed game are player one's and
/// continuous: a move's value after is the next move's value before, in a
/// searched game (one search a position; the text says why a verdict may
/// differ from the change) as in an exact one.
#[test]
fn the_values_along_a_game_are_continuous_in_player_one_s_view() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review-continuous");
    let (code, _, err) = tablero(
        &[
            "match",
            "jarmo",
            "--a",
            "ai:2",
            "--b",
            "ai:3",
            "--games",
            "2",
            "--records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let game = dir.join("game-001.txt");
    let path = game.to_str().unwrap();
    let r = json(&["review", path, "--json", "--depth", "3"]);
    let played: Vec<String> = r["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["played"].as_str().unwrap().to_string())
        .collect();
    let (code, out, err) = tablero(&["review", path, "--depth", "3"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Values for Dark (player one)"), "{out}");
    assert!(out.contains("it can differ from the change"), "{out}");
    let pairs = value_pairs(&out, &played);
    assert!(pairs.len() > 4, "{out}");
    for (i, w) in pairs.windows(2).enumerate() {
        assert_eq!(
            w[0].1,
            w[1].0,
            "after move {} and before move {}:\n{out}",
            i + 1,
            i + 2
        );
    }
    // The first value is the search's for Dark, who moves first.
    let first = &r["moves"][0]["before"];
    assert_eq!(
        pairs[0].0,
        format!("{:+.2}", first["score"].as_f64().unwrap() / 100.0)
    );
    // An exact game: the same in its JSON, each move's value after (for
    // its mover) the next position's value before (for its mover).
    let (_, text) = imago_record(10);
    let imago = file("imago-continuous.txt", &text);
    let r = json(&["review", imago.to_str().unwrap(), "--json"]);
    let moves = r["moves"].as_array().unwrap();
    let flip = |v: &Value| match v["kind"].as_str() {
        Some("win") => serde_json::json!({"kind": "loss", "plies": v["plies"]}),
        Some("loss") => serde_json::json!({"kind": "win", "plies": v["plies"]}),
        _ => v.clone(),
    };
    for w in moves.windows(2) {
        let after = if w[0]["player"] == w[1]["player"] {
            w[0]["after"].clone()
        } else {
            flip(&w[0]["after"])
        };
        assert_eq!(after, w[1]["before"], "{w:?}");
    }
    let (_, out, _) = tablero(&["review", imago.to_str().unwrap()], "");
    let played: Vec<String> = moves
        .iter()
        .map(|m| m["played"].as_str().unwrap().to_string())
        .collect();
    for w in value_pairs(&out, &played).windows(2) {
        assert_eq!(w[0].1, w[1].0, "{out}");
    }
}

/// A Linja game early on, with no table: nothing is judged, and the
/// review says so instead of naming no source and no slip (#50, item 9).
#[test]
fn a_review_that_judges_nothing_says_so() {
    let (code, _, err) = tablero(
        &[
            "play",
            "linja",
            "--plain",
            "--p2",
            "random",
            "--seed",
            "2",
            "--no-review",
            "--table",
            "none",
            "--record",
            file("linja-early.txt", "").to_str().unwrap(),
        ],
        "1\n2\n3\n",
    );
    assert_eq!(code, 0, "{err}");
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review-linja-early.txt");
    let (code, out, err) = tablero(&["review", path.to_str().unwrap(), "--table", "none"], "");
    assert_eq!(code, 0, "{err}");
    let title = out.lines().next().unwrap();
    assert!(title.contains("no move could be judged"), "{out}");
    assert!(!title.ends_with("from "), "{out}");
    assert!(out.contains("No move was judged"), "{out}");
    assert!(!out.contains("No move changed the result"), "{out}");
}

/// Dark throws away the win (`d4-c4` instead of `d4-b5`), and Light ends
/// the game first.
const JARMO_BLUNDER: &str = "[Game \"jarmo\"]
[Variant \"standard\"]
[Position \"d1ddd/3d1/5/1l3/lll1l d 0/0 0 -/-\"]
[Result \"p2\"]
[Reason \"all-arrived\"]
[Score \"9 10\"]

d4-c4, b2-d1
";

#[test]
fn a_jarmo_blunder_is_marked_and_named_in_both_languages() {
    let path = file("jarmo.txt", JARMO_BLUNDER);
    let r = json(&["review", path.to_str().unwrap(), "--json", "--depth", "3"]);
    assert_eq!(
        (r["method"].as_str(), r["depth"].as_u64()),
        (Some("search"), Some(3))
    );
    assert_eq!(r["moves"][0]["verdict"], "blunder");
    assert_eq!(r["moves"][0]["best"], serde_json::json!(["d4-b5"]));
    assert_eq!(r["moves"][1]["verdict"], "best");
    assert_eq!(r["result"]["winner"], "p2");
    let (code, out, _) = tablero(&["review", path.to_str().unwrap(), "--depth", "3"], "");
    assert_eq!(code, 0);
    assert!(out.contains("BLUNDER  best: d4-b5"), "{out}");
    assert!(out.contains("alpha-beta at depth 3"), "{out}");
    let (_, es, _) = tablero(
        &[
            "review",
            path.to_str().unwrap(),
            "--depth",
            "3",
            "--lang",
            "es",
        ],
        "",
    );
    assert!(es.contains("ERROR GRAVE  mejor: d4-b5"), "{es}");
}

#[test]
fn files_that_are_no_game_record_are_errors() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review-no-such-file");
    let (code, out, err) = tablero(&["review", missing.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.starts_with("error: cannot read"), "{err}");
    let untagged = file("untagged.txt", "[Variant \"default\"]\n\nb2-c2\n");
    let (code, _, err) = tablero(&["review", untagged.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("[Game"), "{err}");
    let chess = file("chess.txt", "[Game \"chess\"]\n\ne4\n");
    let (code, _, err) = tablero(&["review", chess.to_str().unwrap(), "--json"], "");
    assert_eq!(code, 2);
    assert!(err.contains("\"chess\"") && err.contains("imago"), "{err}");
    let illegal = file("illegal.txt", "[Game \"jarmo\"]\n\na1-a5\n");
    let (code, _, err) = tablero(&["review", illegal.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("a1-a5"), "{err}");
    let (code, _, err) = tablero_env(
        &["review", chess.to_str().unwrap()],
        "",
        &[("LANG", "es_ES.UTF-8")],
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: no se puede leer el registro") && err.contains("juego desconocido"),
        "{err}"
    );
}

/// A game played to its end at the terminal by a person is reviewed there:
/// the slipped move (if any) and each side's accuracy, in the language in
/// use; `--no-review` leaves it out, and a game with no person has none.
#[test]
fn a_game_played_in_the_terminal_is_reviewed_at_its_end() {
    let (h, _) = imago_record(6);
    let mut input = String::new();
    let mut pos = h.start().clone();
    for &m in h.moves() {
        input.push_str(&pos.format_move(m));
        input.push('\n');
        pos.play_unchecked(m);
    }
    input.push_str("resign\n");
    let args = [
        "play", "imago", "--red", "human", "--blue", "human", "--plain",
    ];
    let (code, out, err) = tablero(&args, &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Review of Imago"), "{out}");
    assert!(
        out.contains("Red: ") && out.contains("% accuracy ("),
        "{out}"
    );
    let es = [&["--lang", "es"][..], &args[..]].concat();
    let (_, out, _) = tablero(&es, &input);
    assert!(
        out.contains("Revisión de Imago") && out.contains("% de precisión"),
        "{out}"
    );
    let quiet = [&args[..], &["--no-review"][..]].concat();
    let (_, out, _) = tablero(&quiet, &input);
    assert!(!out.contains("Review of"), "{out}");
    let (_, out, _) = tablero(
        &[
            "play", "imago", "--red", "ai:1", "--blue", "ai:1", "--plain", "--seed", "3",
        ],
        "",
    );
    assert!(!out.contains("Review of"), "no person at the board: {out}");
}
