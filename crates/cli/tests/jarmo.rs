//! `tablero` with Jarmo: perft, moves and the terminal game (one game and
//! the two-game match), as scripts and people use them.

mod common;

use common::{json, nodes, tablero};
use serde_json::json;

const LIST: &str = "b1-d2, a5-c4, d2-b3, c4-b2, b3xb2, c5-b3, b2-c4, b3xa1+a5, c4xe5+b1";
const AFTER_LIST: &str = "ll1lD/5/5/5/Ldddd l 0/0 0 b3-b2,b2-c4,c4-e5/c4-b2,c5-b3,b3-a1";

#[test]
fn perft_from_both_sides_of_the_board() {
    let (code, out, _) = tablero(&["perft", "jarmo", "--depth", "3"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "1 11\n2 121\n3 1472\n");
    let v = json(&[
        "perft",
        "jarmo",
        "--variant",
        "flipped",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(nodes(&v), [11, 121, 1450]);
}

#[test]
fn perft_after_moves_equals_perft_from_the_position_reached() {
    let after = json(&["perft", "jarmo", "--moves", LIST, "--depth", "3", "--json"]);
    let from = json(&[
        "perft",
        "jarmo",
        "--position",
        AFTER_LIST,
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(nodes(&after), nodes(&from));
    assert_eq!(nodes(&after), [6, 54, 428]);
}

#[test]
fn moves_json_after_a_move_list() {
    let v = json(&["moves", "jarmo", "--moves", LIST, "--json"]);
    assert_eq!(
        v,
        json!({
            "position": AFTER_LIST,
            "side": "p2",
            "army": null,
            "outcome": null,
            "legal": ["a5-b3", "a5-c4", "b5-a3", "b5-d4", "d5-b4", "d5-e3"],
        })
    );
    // A finished game: points, winner and reason.
    let v = json(&[
        "moves",
        "jarmo",
        "--position",
        "d1dl1/2d2/2l2/5/1l3 d 0/0 0 -/-",
        "--moves",
        "c4-e5",
        "--json",
    ]);
    assert_eq!(
        v["outcome"],
        json!({"winner": "p1", "score": [6, 4], "reason": "all-arrived"})
    );
    assert_eq!(v["legal"], json!([]));
}

#[test]
fn bad_input_is_a_clear_error() {
    let cases: [(&[&str], &str); 4] = [
        (
            &[
                "moves",
                "jarmo",
                "--moves",
                "b1-d2, a5-c4, d2-b1, c4-a5, b1-d2, a5-c4, d2-b1",
            ],
            "move 7 (d2-b1): d2-b1 is not legal here: no shuttling",
        ),
        (
            &["moves", "jarmo", "--moves", "b1-d2, a5-c4, b1-d2"],
            "move 3 (b1-d2): b1-d2 is not legal here: no dark archer on b1",
        ),
        (
            &[
                "perft",
                "jarmo",
                "--position",
                "lllll/5/5/5/ddddd d 0/0 0",
                "--depth",
                "1",
            ],
            "expected 5 fields",
        ),
        (
            &["perft", "jarmo", "--variant", "sideways", "--depth", "1"],
            "standard or flipped",
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
fn a_person_plays_a_whole_game_to_the_end() {
    let dir = std::env::temp_dir().join(format!("tablero-jarmo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    let r = record.to_str().unwrap();
    // Always the first move of the list, until the game ends.
    let input = "b1-b2\nclaim\n".to_string() + &"1\n".repeat(2000);
    let (code, out, err) = tablero(
        &[
            "play", "jarmo", "--dark", "human", "--light", "random", "--seed", "9", "--record", r,
        ],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Dark to move. Legal moves:"), "{out}");
    assert!(out.contains("no line joins b1 and b2"), "{out}");
    assert!(out.contains("There are no claims in Jarmo"), "{out}");
    assert!(
        out.contains(" wins (") || out.contains("Draw ("),
        "the game did not end: {out}"
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Game \"jarmo\"]") && text.contains("[Dark \"human\"]"));
    assert!(!text.contains("[Result \"*\"]"), "{text}");
    // The record replays.
    let at = format!("@{r}");
    let v = json(&["moves", "jarmo", "--moves", &at, "--json"]);
    assert!(v["outcome"].is_object(), "{v}");
}

#[test]
fn a_finishing_move_ends_the_game_with_points() {
    let (code, out, err) = tablero(
        &[
            "play",
            "jarmo",
            "--position",
            "d1dl1/2d2/2l2/5/1l3 d 0/0 0 -/-",
            "--p1",
            "human",
            "--p2",
            "random",
        ],
        "c4-e5\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Dark wins (a side has all its archers on the enemy's first row). Score 6-4."),
        "{out}"
    );
}

#[test]
fn the_match_swaps_seats_and_adds_up_points() {
    let (code, out, err) = tablero(
        &[
            "play", "jarmo", "--match", "--dark", "random", "--light", "random", "--seed", "4",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Match, game 1 of 2: A (random) plays Dark, B (random) plays Light."));
    assert!(out.contains("Match, game 2 of 2: B (random) plays Dark, A (random) plays Light."));
    let points = |game: u32, person: &str| -> u32 {
        let prefix = format!("Game {game}: {person} (random, ");
        let line = out
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no {prefix}: {out}"));
        line.split(") ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (a, b) = (
        points(1, "A") + points(2, "A"),
        points(1, "B") + points(2, "B"),
    );
    assert!(
        out.contains(&format!(
            "Total for A (random): {} + {} = {a} point{}.",
            points(1, "A"),
            points(2, "A"),
            if a == 1 { "" } else { "s" }
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "Total for B (random): {} + {} = {b} point{}.",
            points(1, "B"),
            points(2, "B"),
            if b == 1 { "" } else { "s" }
        )),
        "{out}"
    );
    let verdict = match a.cmp(&b) {
        std::cmp::Ordering::Greater => "A (random) wins the match.",
        std::cmp::Ordering::Less => "B (random) wins the match.",
        std::cmp::Ordering::Equal => "The match is drawn.",
    };
    assert!(out.contains(verdict), "{out}");
    // A match starts from the start position only.
    let (code, _, err) = tablero(&["play", "jarmo", "--match", "--moves", "b1-d2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--match plays two games"), "{err}");
}

#[test]
fn the_match_in_spanish_keeps_both_records() {
    let dir = std::env::temp_dir().join(format!("tablero-jarmo-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let record = dir.join("m.txt");
    let record_arg = record.to_string_lossy().to_string();
    // `--plain` (and a pipe) keep the line mode.
    let (code, out, err) = common::tablero_env(
        &[
            "play",
            "jarmo",
            "--match",
            "--plain",
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            "4",
            "--record",
            &record_arg,
        ],
        "",
        &[("LANG", "es_ES.UTF-8")],
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Match, partida 1 de 2: A (random) juega con Oscuro"),
        "{out}"
    );
    assert!(
        out.contains("Match, partida 2 de 2: B (random) juega con Oscuro"),
        "{out}"
    );
    assert!(out.contains("Partida 2: A (random, Claro) "), "{out}");
    assert!(out.contains("Total de A (random): "), "{out}");
    assert!(
        out.contains("gana el match.") || out.contains("El match queda en tablas."),
        "{out}"
    );
    for game in 1..=2 {
        let text =
            std::fs::read_to_string(dir.join(format!("m.txt.{game}"))).expect("each game's record");
        assert!(!text.contains("[Result \"*\"]"), "game {game}: {text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
