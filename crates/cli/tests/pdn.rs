//! PDN records of `draughts` games: written for a `.pdn` name, read back by
//! every command, and games written by hand in the standard notation.

mod common;

use common::{json, tablero};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tablero-pdn-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn moves_json(game: &str, path: &std::path::Path) -> serde_json::Value {
    let at = format!("@{}", path.display());
    json(&["moves", game, "--moves", &at, "--json"])
}

#[test]
fn a_game_played_is_written_as_pdn_and_read_back() {
    let dir = temp_dir("played");
    let file = dir.join("game.pdn");
    let f = file.to_str().unwrap();
    let (code, out, err) = tablero(
        &[
            "play", "draughts", "--p1", "human", "--p2", "human", "--record", f,
        ],
        "c3-d4\nf6-e5\nD4XF6\ng7xe5\nresign\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("[GameType \"25,W,8,8,A0,0\"]\n"), "{text}");
    assert!(text.contains("[White \"human\"]"), "{text}");
    assert!(text.contains("[Result \"0-2\"]"), "{text}");
    assert!(text.contains("[Termination \"resign\"]"), "{text}");
    // Russian draughts' game type is algebraic.
    assert!(text.contains("1. c3-d4 f6-e5 2. d4xf6 g7xe5 0-2"), "{text}");
    let v = moves_json("draughts", &file);
    assert_eq!(v["outcome"]["winner"], "p2", "{v}");
    assert_eq!(v["outcome"]["reason"], "resign", "{v}");
    // A game resumed from the PDN record and saved again is the same.
    let again = dir.join("again.pdn");
    let at = format!("@{f}");
    let (code, out, err) = tablero(
        &[
            "play",
            "draughts",
            "--moves",
            &at,
            "--record",
            again.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

#[test]
fn a_russian_game_written_by_hand_is_read() {
    let dir = temp_dir("russian");
    let file = dir.join("hand.pdn");
    std::fs::write(
        &file,
        "[Event \"Club game\"]\n[GameType \"25\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n\
         [Result \"1-1\"]\n\n1. 22-18 11-15 {a classic} 2. 18x11! 8x15 (2... 7x16) 1-1\n",
    )
    .unwrap();
    let v = moves_json("draughts", &file);
    // c3-d4 f6-e5 d4xf6 g7xe5: a man on e5, none on f6, g7 or c3.
    let want = json(&[
        "moves",
        "draughts",
        "--moves",
        "c3-d4,f6-e5,d4xf6,g7xe5",
        "--json",
    ]);
    assert_eq!(v["position"], want["position"], "{v}");
    assert_eq!(v["outcome"]["winner"], serde_json::Value::Null, "{v}");
    assert_eq!(v["outcome"]["reason"], "agreed", "{v}");
    // The players come back under the sides' names.
    let (code, out, err) = tablero(
        &[
            "play",
            "draughts",
            "--moves",
            &format!("@{}", file.display()),
            "--record",
            dir.join("copy.txt").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    let copy = std::fs::read_to_string(dir.join("copy.txt")).unwrap();
    assert!(copy.contains("[White \"Ann\"]"), "{copy}");
    assert!(copy.contains("[Event \"Club game\"]"), "{copy}");
}

#[test]
fn an_english_game_uses_the_checkers_numbers() {
    let dir = temp_dir("english");
    let file = dir.join("checkers.pdn");
    // Black (player one here, at the bottom) moves first: 11-15 is c3-d4.
    std::fs::write(
        &file,
        "[GameType \"21\"]\n[Black \"first\"]\n[White \"second\"]\n\n1. 11-15 23-19 2. 8-11 *\n",
    )
    .unwrap();
    let v = moves_json("draughts", &file);
    let want = json(&[
        "moves",
        "draughts",
        "--variant",
        "english",
        "--moves",
        "c3-d4,d6-c5,b2-c3",
        "--json",
    ]);
    assert_eq!(v["position"], want["position"], "{v}");
    assert_eq!(v["outcome"], serde_json::Value::Null);
}

#[test]
fn bad_pdn_and_pdn_for_other_games_are_errors() {
    let dir = temp_dir("bad");
    let file = dir.join("bad.pdn");
    std::fs::write(&file, "[GameType \"25\"]\n\n1. 22-18 22-18 *\n").unwrap();
    let at = format!("@{}", file.display());
    let (code, _, err) = tablero(&["moves", "draughts", "--moves", &at], "");
    assert_ne!(code, 0);
    assert!(err.contains("move 2 (22-18)"), "{err}");
    std::fs::write(&file, "[GameType \"20\"]\n\n1. 32-28 *\n").unwrap();
    let (code, _, err) = tablero(&["moves", "draughts", "--moves", &at], "");
    assert_ne!(code, 0);
    assert!(err.contains("GameType \"20\""), "{err}");
    let (code, _, err) = tablero(
        &[
            "play",
            "imago",
            "--p2",
            "human",
            "--record",
            dir.join("imago.pdn").to_str().unwrap(),
        ],
        "quit\n",
    );
    assert_ne!(code, 0);
    assert!(err.contains("PDN records are for draughts"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn english_draughts_names_black_as_the_first_mover_everywhere() {
    let dir = temp_dir("colours");
    let file = dir.join("e.pdn");
    let (code, out, err) = tablero(
        &[
            "play",
            "draughts",
            "--variant",
            "english",
            "--p1",
            "ai:1",
            "--p2",
            "ai:1",
            "--seed",
            "7",
            "--record",
            file.to_str().unwrap(),
            "--plain",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    // The screen's last words and the PDN result agree: Black is player
    // one, whose score comes first in both.
    let end = out
        .lines()
        .rev()
        .find(|l| l.contains(" wins") || l.starts_with("Draw"))
        .unwrap_or_else(|| panic!("no result in {out}"));
    let token = if end.starts_with("Black wins") {
        "1-0"
    } else if end.starts_with("White wins") {
        "0-1"
    } else {
        "1/2-1/2"
    };
    assert!(end.contains(token.replace("1/2", "0.5").as_str()), "{end}");
    assert!(
        text.contains(&format!("[Result \"{token}\"]")),
        "{end}\n{text}"
    );
    assert!(text.contains("[Black \"ai:1\"]"), "{text}");
    // Black moves first, on the screen too.
    let first = out
        .lines()
        .find(|l| l.contains(" plays "))
        .unwrap_or_default();
    assert!(first.starts_with("Black (ai:1) plays"), "{first}");
    // After Black's first move, White is to move.
    let (code, out, err) = tablero(
        &[
            "moves",
            "draughts",
            "--variant",
            "english",
            "--moves",
            "c3-d4",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("White"), "{out}");
    // The legend names the letters' sides as the variant does.
    let (_, out, _) = tablero(
        &[
            "play",
            "draughts",
            "--variant",
            "english",
            "--p1",
            "human",
            "--p2",
            "human",
            "--plain",
        ],
        "",
    );
    assert!(
        out.contains("b: Black (player one, moving up), w: White;"),
        "{out}"
    );
    // `--first black` (`negras`) gives the first move to player one.
    for first in ["black", "white"] {
        let (code, out, err) = tablero(
            &[
                "play",
                "draughts",
                "--variant",
                "english",
                "--first",
                first,
                "--p1",
                "human",
                "--p2",
                "human",
                "--plain",
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let to_move = out
            .lines()
            .find(|l| l.contains("to move"))
            .unwrap_or_default();
        let side = if first == "black" { "Black" } else { "White" };
        assert!(to_move.starts_with(side), "{first}: {to_move}");
    }
    // `--black` and `--white` seat the players by the variant's names:
    // English draughts' Black is player one, Russian draughts' player two.
    for (variant, tag) in [
        ("english", "[Black \"ai:1\"]"),
        ("russian", "[Black \"ai:1\"]"),
    ] {
        let (code, _, err) = tablero(
            &[
                "play",
                "draughts",
                "--variant",
                variant,
                "--black",
                "ai:1",
                "--white",
                "random",
                "--seed",
                "3",
                "--record",
                file.to_str().unwrap(),
                "--plain",
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&file).unwrap();
        let black_first = text.find("[Black").unwrap() < text.find("[White").unwrap();
        assert!(text.contains(tag), "{text}");
        assert_eq!(black_first, variant == "english", "{text}");
    }
    let (code, _, err) = tablero(
        &[
            "play",
            "draughts",
            "--variant",
            "english",
            "--black",
            "ai:1",
            "--p1",
            "human",
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("--black names the same side as --p1"), "{err}");
    let (code, _, err) = tablero(&["play", "imago", "--white", "ai:1"], "");
    assert_ne!(code, 0);
    assert!(err.contains("no side of that name"), "{err}");
}

#[test]
fn multi_jumps_are_written_with_every_landing_square() {
    let dir = temp_dir("jumps");
    let file = dir.join("jumps.pdn");
    // White's man on c3 takes d4 and f6 in one capture.
    let (code, out, err) = tablero(
        &[
            "play",
            "draughts",
            "--position",
            "7b/8/5b2/8/3b4/2w5/8/8 w 0",
            "--p1",
            "human",
            "--p2",
            "human",
            "--record",
            file.to_str().unwrap(),
        ],
        "c3xg7\nresign\n",
    );
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. c3xe5xg7"), "{text}");
    let v = moves_json("draughts", &file);
    assert_eq!(v["outcome"]["reason"], "resign", "{v}");
}

#[test]
fn a_file_of_several_games_is_read_whole() {
    let dir = temp_dir("multi");
    let file = dir.join("games.pdn");
    let at = format!("@{}", file.display());
    std::fs::write(
        &file,
        "[Event \"one\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-e5 *\n\n\
         [Event \"two\"]\n[GameType \"25\"]\n\n1. c3-b4 *\n",
    )
    .unwrap();
    let (code, out, err) = tablero(&["moves", "draughts", "--moves", &at, "--json"], "");
    assert_eq!(code, 0, "{err}");
    // The first game is used, and the note says so.
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let want = json(&["moves", "draughts", "--moves", "c3-d4,f6-e5", "--json"]);
    assert_eq!(v["position"], want["position"]);
    assert!(err.contains("holds 2 games"), "{err}");
    // An illegal move in the second game is an error that names the game.
    std::fs::write(
        &file,
        "[GameType \"25\"]\n\n1. c3-d4 *\n\n[GameType \"25\"]\n\n1. c3-d4 d4-e5 *\n",
    )
    .unwrap();
    let (code, _, err) = tablero(&["moves", "draughts", "--moves", &at], "");
    assert_ne!(code, 0);
    assert!(err.contains("game 2 of the file"), "{err}");
    assert!(err.contains("move 2 (d4-e5)"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn byte_order_marks_and_latin_1_are_read() {
    let dir = temp_dir("encodings");
    let file = dir.join("enc.pdn");
    let at = format!("@{}", file.display());
    let text = "[Event \"M\u{e1}laga\"]\n[GameType \"25\"]\n[White \"Jos\u{e9}\"]\n\n1. c3-d4 *\n";
    let want = json(&["moves", "draughts", "--moves", "c3-d4", "--json"]);
    // UTF-8 with a byte-order mark.
    let mut bom = "\u{feff}".as_bytes().to_vec();
    bom.extend_from_slice(text.as_bytes());
    // Latin-1: one byte a character.
    let latin1: Vec<u8> = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    assert!(std::str::from_utf8(&latin1).is_err());
    for bytes in [bom, latin1] {
        std::fs::write(&file, &bytes).unwrap();
        let (code, out, err) = tablero(&["moves", "draughts", "--moves", &at, "--json"], "");
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["position"], want["position"]);
        // The names come back as written, in UTF-8.
        let copy = dir.join("copy.txt");
        let (code, _, err) = tablero(
            &[
                "play",
                "draughts",
                "--moves",
                &at,
                "--record",
                copy.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let copy = std::fs::read_to_string(copy).unwrap();
        assert!(copy.contains("[White \"Jos\u{e9}\"]"), "{copy}");
        assert!(copy.contains("M\u{e1}laga"), "{copy}");
    }
    // A bad PDN file with a mark: one line, the record not repeated.
    let mut bad = "\u{feff}".as_bytes().to_vec();
    bad.extend_from_slice(b"[GameType \"25\"]\n\n1. c3-d4 c3-d4 *\n");
    std::fs::write(&file, &bad).unwrap();
    let (code, _, err) = tablero(&["moves", "draughts", "--moves", &at], "");
    assert_ne!(code, 0);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!err.contains("GameType"), "{err}");
}

#[test]
fn a_draughts_match_writes_pdn_and_takes_an_opening_book() {
    let dir = temp_dir("match");
    let records = dir.join("games");
    let book = dir.join("book.pdn");
    // Two openings of Russian draughts, the second one a PDN game with a
    // comment.
    std::fs::write(
        &book,
        "[GameType \"25\"]\n\n1. c3-d4 *\n\n[GameType \"25\"]\n\n1. a3-b4 {quiet} f6-g5 *\n",
    )
    .unwrap();
    let (code, _, err) = tablero(
        &[
            "match",
            "draughts",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "4",
            "--book",
            book.to_str().unwrap(),
            "--records",
            records.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    for (n, opening) in [
        (1, "1. c3-d4"),
        (2, "1. c3-d4"),
        (3, "1. a3-b4 f6-g5"),
        (4, "1. a3-b4 f6-g5"),
    ] {
        let file = records.join(format!("game-00{n}.pdn"));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains(opening), "{text}");
        assert!(text.contains("[Opening \""), "{text}");
        let v = moves_json("draughts", &file);
        assert!(v["outcome"].is_object(), "{v}");
    }
    // A book of move lists, one a line; a bad line is an error that says
    // which.
    let list = dir.join("book.txt");
    std::fs::write(&list, "# two openings\nc3-d4, f6-e5\ne3-f4\n").unwrap();
    let (code, _, err) = tablero(
        &[
            "match",
            "draughts",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "2",
            "--book",
            list.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    std::fs::write(&list, "c3-d4\nc3-d4, c3-d4\n").unwrap();
    let (code, _, err) = tablero(
        &[
            "match",
            "draughts",
            "--a",
            "random",
            "--b",
            "random",
            "--book",
            list.to_str().unwrap(),
        ],
        "",
    );
    assert_ne!(code, 0);
    assert!(err.contains("line 2"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
