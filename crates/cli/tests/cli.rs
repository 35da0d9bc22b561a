//! The `tablero` binary as scripts and people use it: the JSON shapes of
//! docs/cli.md, errors, and a terminal game played through a pipe.

mod common;

use common::{json, keys, tablero};
use serde_json::Value;

#[test]
fn perft_prints_each_depth() {
    let (code, out, _) = tablero(&["perft", "imago", "--depth", "3"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "1 12\n2 144\n3 1720\n");
    let v = json(&["perft", "imago", "--depth", "2", "--json"]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(keys(&rows[0]), ["depth", "nodes", "seconds"]);
    assert_eq!(rows[1]["nodes"], 144);
    assert!(rows[1]["seconds"].is_number());
}

/// A record that cannot be written names the record the player gave, not
/// the temporary file it is written through (#50, item 6).
#[test]
fn a_record_that_cannot_be_written_names_the_record() {
    let (code, out, err) = tablero(
        &["play", "imago", "--plain", "--record", "/nonexistent/x.txt"],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("cannot write /nonexistent/x.txt:"), "{err}");
    assert!(!err.contains(".tmp"), "{err}");
}

/// Depth 0 counts the one path of no move (#50, item 11); `--divide`
/// needs a first move and refuses it.
#[test]
fn perft_at_depth_zero_counts_the_position() {
    let (code, out, _) = tablero(&["perft", "jarmo", "--depth", "0"], "");
    assert_eq!((code, out.as_str()), (0, "0 1\n"));
    let v = json(&["perft", "linja", "--depth", "0", "--json"]);
    assert_eq!(v[0]["depth"], 0);
    assert_eq!(common::nodes(&v), [1]);
    let (code, out, err) = tablero(&["perft", "imago", "--depth", "0", "--divide"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--depth 1 or more"), "{err}");
}

#[test]
fn perft_from_a_position_and_moves_on_a_layout() {
    let dir = std::env::temp_dir().join(format!("tablero-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let layout = dir.join("walls.layout");
    std::fs::write(
        &layout,
        "# walls-a\nwalls: c2-d2 c3-d3 e4-f4 e5-f5 c5-c6 f1-f2\n",
    )
    .unwrap();
    let l = layout.to_str().unwrap();
    let v = json(&["perft", "imago", "--layout", l, "--depth", "4", "--json"]);
    assert_eq!(v[3]["nodes"], 17088);
    let at = format!("@{l}");
    let v = json(&["perft", "imago", "--variant", &at, "--depth", "2", "--json"]);
    assert_eq!(v[1]["nodes"], 136);
    let v = json(&[
        "perft",
        "imago",
        "--position",
        "f1,c4/b6,e2 r 0",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(v[2]["nodes"], 2099);
    // Perft after a move list equals perft from the position it reaches.
    let nodes = |v: Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r["nodes"].as_u64().unwrap())
            .collect::<Vec<_>>()
    };
    let after_moves = nodes(json(&[
        "perft",
        "imago",
        "--moves",
        "b2-c2 g5,g2-f2 b5",
        "--depth",
        "3",
        "--json",
    ]));
    let from_position = nodes(json(&[
        "perft",
        "imago",
        "--position",
        "c2,c5/f2,f5 r 0",
        "--depth",
        "3",
        "--json",
    ]));
    assert_eq!(after_moves, from_position);
    assert_eq!(after_moves[0], 16);
}

#[test]
fn solve_has_exactly_the_contract_keys() {
    let v = json(&["solve", "imago", "--json"]);
    assert_eq!(keys(&v), ["draws", "losses", "positions", "start", "wins"]);
    assert_eq!(v["positions"], 706_860);
    assert_eq!(v["wins"], 78_392);
    assert_eq!(v["losses"], 4_270);
    assert_eq!(v["draws"], 624_198);
    assert_eq!(
        v["start"],
        serde_json::json!({"red": "draw", "blue": "draw"})
    );
}

#[test]
fn moves_lists_position_side_outcome_and_legal_moves() {
    let v = json(&["moves", "imago", "--moves", "b2-c2 g5, g2-f2 b5", "--json"]);
    assert_eq!(keys(&v), ["army", "legal", "outcome", "position", "side"]);
    assert_eq!(v["position"], "c2,c5/f2,f5 r 0");
    assert_eq!(v["side"], "p1");
    assert_eq!(v["army"], Value::Null);
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["legal"].as_array().unwrap().len(), 16);
    let v = json(&[
        "moves",
        "imago",
        "--position",
        "c4,g1/b6,e2 r 0",
        "--moves",
        "g1-h1",
        "--json",
    ]);
    assert_eq!(
        v["outcome"],
        serde_json::json!({"winner": "p1", "score": [1, 0], "reason": "goal"})
    );
    assert_eq!(v["legal"], serde_json::json!([]));
}

#[test]
fn bad_input_is_a_clear_error_not_a_panic() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["moves", "imago", "--moves", "b2-c2 g5, g2-f2 b9"],
            "move 2 (g2-f2 b9)",
        ),
        (
            &["moves", "imago", "--moves", "b2-c2 g5, b2-c2 g5"],
            "move 2 (b2-c2 g5): b2-c2 g5 is not legal here",
        ),
        (
            &["moves", "imago", "--moves", "b2-c2 g5,,g2-f2 b5"],
            "move 2 of the list is empty",
        ),
        (
            &[
                "perft",
                "imago",
                "--position",
                "b2,b5/g2 r 0",
                "--depth",
                "1",
            ],
            "blue needs 2 pieces",
        ),
        (
            &["perft", "imago", "--variant", "walls:c3-e3", "--depth", "1"],
            "neighbouring",
        ),
        (
            &["solve", "imago", "--layout", "/nonexistent/layout"],
            "cannot read",
        ),
    ];
    for (args, message) in cases {
        let (code, out, err) = tablero(args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // An illegal move lists the legal ones.
    let (_, _, err) = tablero(&["moves", "imago", "--moves", "c2-c3 g5"], "");
    assert!(err.contains("legal moves: b2-b1 g2"), "{err}");
}

#[test]
fn a_person_can_play_to_the_end_and_reload_the_record() {
    let dir = std::env::temp_dir().join(format!("tablero-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    let r = record.to_str().unwrap();
    // Red needs one step to win; bad input first gets a message and the prompt again.
    let (code, out, err) = tablero(
        &[
            "play",
            "imago",
            "--position",
            "c4,g1/b6,e2 r 0",
            "--blue",
            "random",
            "--record",
            r,
        ],
        "hello\n99\nclaim\ng1-h1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"hello\" is not a move"), "{out}");
    assert!(out.contains("no move number 99"), "{out}");
    assert!(
        out.contains("Red wins (Jacke: the win was proved)"),
        "claim of a won position: {out}"
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.contains("[Result \"p1\"]") && text.contains("[Reason \"claim\"]"),
        "{text}"
    );
    // A claim the solver does not prove loses the game (#47).
    let (_, out, _) = tablero(
        &[
            "play", "imago", "--blue", "random", "--seed", "5", "--record", r,
        ],
        "b2-c2 g5\nclaim\nquit\n",
    );
    assert!(
        out.contains("Blue wins (Jacke not proved: a false claim loses)"),
        "{out}"
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.contains("[Result \"p2\"]") && text.contains("[Reason \"false-claim\"]"),
        "{text}"
    );
    // The saved moves replay with --moves @FILE.
    let at = format!("@{r}");
    let v = json(&["moves", "imago", "--moves", &at, "--json"]);
    let (_, body) = text.split_once("\n\n").unwrap();
    assert_eq!(body.trim().split(", ").count(), 2, "{text}");
    assert_eq!(v["side"], "p1");
    // Computer against computer runs to the end.
    let (code, out, _) = tablero(
        &[
            "play", "imago", "--red", "solver", "--blue", "random", "--seed", "2",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Red wins") || out.contains("Draw"), "{out}");
}

#[test]
fn a_draw_offer_is_answered_by_the_computer_or_the_other_person() {
    // Imago's start is a solved draw: level 5 accepts, level 3 declines.
    let (code, out, err) = tablero(
        &["play", "imago", "--blue", "ai:5", "--seed", "1"],
        "draw\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Blue (ai:5) accepts the draw."), "{out}");
    assert!(out.contains("Draw (agreed)"), "{out}");
    // The plain exact player answers as level 5, under either name.
    for spec in ["solver", "exact"] {
        let (_, out, _) = tablero(&["play", "imago", "--blue", spec], "draw\n");
        assert!(
            out.contains(&format!("Blue ({spec}) accepts the draw.")),
            "{out}"
        );
    }
    let (_, out, _) = tablero(
        &["play", "imago", "--blue", "ai:3", "--seed", "1"],
        "draw\nquit\n",
    );
    assert!(out.contains("Blue (ai:3) declines the draw."), "{out}");
    assert!(out.contains("Game left unfinished."), "{out}");
    // At one terminal the other person is asked at once, as the web app
    // lets them answer before the next move: draw accepts.
    let (_, out, _) = tablero(&["play", "imago", "--blue", "human"], "draw\ndraw\n");
    assert!(out.contains("Red offers a draw"), "{out}");
    assert!(out.contains("Draw (agreed)"), "{out}");
    // Anything else declines, and the offerer moves on.
    let (_, out, _) = tablero(
        &["play", "imago", "--blue", "human"],
        "draw\nno\nb2-c2 g5\ndraw\nno\nquit\n",
    );
    assert_eq!(out.matches("Red offers a draw").count(), 1, "{out}");
    assert_eq!(out.matches("Blue offers a draw").count(), 1, "{out}");
    assert_eq!(out.matches("declines the draw").count(), 2, "{out}");
    assert!(!out.contains("Draw (agreed)"), "{out}");
}

#[test]
fn bench_reports_rates() {
    let v = json(&[
        "bench",
        "imago",
        "--seconds",
        "0.2",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(
        keys(&v),
        [
            "moves",
            "moves_per_s",
            "playouts",
            "playouts_per_s",
            "seconds"
        ]
    );
    assert!(v["playouts"].as_u64().unwrap() > 0);
    let (code, _, err) = tablero(&["bench", "imago", "--seconds", "0"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--seconds"));
}

#[test]
fn a_short_match_reports_the_contract_keys() {
    let v = json(&[
        "match",
        "imago",
        "--a",
        "ai:5",
        "--b",
        "random",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--json",
    ]);
    assert_eq!(
        keys(&v),
        ["a_wins", "b_wins", "draws", "elo", "elo_high", "elo_low", "games", "score", "sprt"]
    );
    assert_eq!(v["games"], 4);
    let total = v["a_wins"].as_u64().unwrap()
        + v["b_wins"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(total, 4);
    // The perfect player never loses to random moves.
    assert_eq!(v["b_wins"], 0);
    assert_eq!(v["sprt"], Value::Null);
    // Away from a terminal each finished game writes a progress line;
    // --records saves every game, A's seat swapping between the two.
    let dir = std::env::temp_dir().join(format!("tablero-match-{}", std::process::id()));
    let records = dir.join("records");
    let (code, out, err) = tablero(
        &[
            "match",
            "imago",
            "--a",
            "ai:4",
            "--b",
            "random",
            "--games",
            "2",
            "--records",
            records.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    // As cutechess-cli: the match first, each game as it starts and ends,
    // the score after each (#50, item 1).
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "Match of ai:4 (A) against random (B) at Imago (default), 2 games",
            "Started game 1 of 2 (ai:4 vs random)"
        ],
        "{out}"
    );
    assert!(
        lines[2].starts_with("Finished game 1 (ai:4 vs random): 1-0 {"),
        "{out}"
    );
    assert_eq!(
        lines[3], "Score of ai:4 vs random: 1 - 0 - 0  [1.000] 1",
        "{out}"
    );
    assert_eq!(lines[4], "Started game 2 of 2 (random vs ai:4)", "{out}");
    let mut a_wins = 0;
    for (n, (p1, p2, a_won)) in [
        ("ai:4", "random", "[Result \"p1\"]"),
        ("random", "ai:4", "[Result \"p2\"]"),
    ]
    .into_iter()
    .enumerate()
    {
        let path = records.join(format!("game-00{}.txt", n + 1));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&format!("[Red \"{p1}\"]")), "{text}");
        assert!(text.contains(&format!("[Blue \"{p2}\"]")), "{text}");
        assert!(!text.contains("[Result \"*\"]"), "{text}");
        a_wins += usize::from(text.contains(a_won));
        // The record replays from its own start (after the random
        // opening); the game may have ended on a claim, not on a move.
        let at = format!("@{}", path.display());
        let (code, _, err) = tablero(&["moves", "imago", "--moves", &at, "--json"], "");
        assert_eq!(code, 0, "{err}");
    }
    assert!(out.contains(&format!("A wins {a_wins},")), "{out}");
    // A directory that cannot be made is refused before any game.
    let blocker = dir.join("file");
    std::fs::write(&blocker, "").unwrap();
    let (code, _, err) = tablero(
        &[
            "match",
            "imago",
            "--a",
            "random",
            "--b",
            "random",
            "--records",
            blocker.join("sub").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot create"), "{err}");
    let (code, _, err) = tablero(&["match", "imago", "--a", "ai:9", "--b", "random"], "");
    assert_eq!(code, 2);
    assert!(err.contains("ai:1 to ai:5"), "{err}");
}

/// `match` with its standard output read as it comes, then a signal once
/// the first game is over: what it printed and how it ended.
fn interrupted_match(signal: &str, json: bool) -> (Vec<(std::time::Instant, String)>, i32) {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let mut args = vec![
        "match",
        "jarmo",
        "--a",
        "ab:ms=150",
        "--b",
        "ab:ms=150",
        "--games",
        "40",
    ];
    if json {
        args.push("--json");
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(&args)
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablero runs");
    // With --json the games' lines are on standard error.
    let lines: Box<dyn std::io::Read + Send> = if json {
        Box::new(child.stderr.take().expect("a pipe"))
    } else {
        Box::new(child.stdout.take().expect("a pipe"))
    };
    let mut seen = Vec::new();
    let mut reader = std::io::BufReader::new(lines);
    let mut line = String::new();
    while reader.read_line(&mut line).expect("a line") > 0 {
        seen.push((std::time::Instant::now(), line.trim_end().to_string()));
        if line.starts_with("Score of ") {
            break;
        }
        line.clear();
    }
    let killed = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut reader, &mut rest).expect("the rest");
    let out = child.wait_with_output().expect("it ends");
    let code = out.status.code().unwrap_or(-1);
    let after = if json {
        String::from_utf8(out.stdout).expect("UTF-8")
    } else {
        rest
    };
    let now = std::time::Instant::now();
    seen.extend(after.lines().map(|l| (now, l.to_string())));
    (seen, code)
}

/// #50, item 1: "Started game 1" comes before the first game ends (a move
/// of 150 ms at least lies between), and Ctrl-C or SIGTERM prints the score
/// of the games finished so far.
#[test]
fn a_match_says_each_game_as_it_starts_and_its_score_when_interrupted() {
    let (lines, code) = interrupted_match("-INT", false);
    let text: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(code, 130, "{text:?}");
    assert!(text[0].starts_with("Match of ab:ms=150 (A) against ab:ms=150 (B) at Jarmo"));
    assert_eq!(text[1], "Started game 1 of 40 (ab:ms=150 vs ab:ms=150)");
    let finished = text
        .iter()
        .position(|l| l.starts_with("Finished game 1 "))
        .expect("game 1 finished");
    assert!(lines[finished].0 - lines[1].0 >= std::time::Duration::from_millis(150));
    let at = text
        .iter()
        .position(|l| l.starts_with("Interrupted: "))
        .expect("the interrupt is said");
    let games: u32 = text[at + 1]
        .strip_prefix("games ")
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text:?}"));
    assert!(games >= 1, "{text:?}");
    assert!(text[at + 2].starts_with("score "), "{text:?}");
    // SIGTERM with --json: the one JSON value says it was cut short.
    let (lines, code) = interrupted_match("-TERM", true);
    assert_eq!(code, 130);
    let last = &lines.last().expect("a line").1;
    let v: Value = serde_json::from_str(last).unwrap_or_else(|e| panic!("{e}: {last}"));
    assert_eq!(v["interrupted"], true);
    assert!(v["games"].as_u64().unwrap() >= 1, "{v}");
}

#[test]
fn help_reads_well() {
    let (code, out, _) = tablero(&["--help"], "");
    assert_eq!(code, 0);
    for cmd in [
        "play", "perft", "moves", "solve", "bench", "match", "engine",
    ] {
        assert!(out.contains(cmd), "{out}");
    }
    let (_, out, _) = tablero(&["play", "--help"], "");
    assert!(out.contains("--red") && out.contains("--record"), "{out}");
}
