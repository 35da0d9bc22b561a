//! Records that keep everything and input that never ends a game badly:
//! declared results replay as finished, a killed game keeps its moves, bad
//! bytes and closed pipes get a message or a quiet exit, never a panic.

mod common;

use common::tablero;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tablero-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `tablero ARGS` with raw bytes as standard input.
fn tablero_bytes(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablero runs");
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    // Written from a thread: a big input must not block on a full pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What `tablero moves --json` says about a record's game.
fn replay(game: &str, record: &Path) -> serde_json::Value {
    let at = format!("@{}", record.display());
    common::json(&["moves", game, "--moves", &at, "--json"])
}

/// A finished record replays as finished (moves, perft, play) with the
/// same result and reason.
fn assert_replays_finished(record: &Path, winner: Option<&str>, reason: &str) {
    let v = replay("imago", record);
    assert_eq!(v["outcome"]["reason"], reason, "{v}");
    assert_eq!(v["outcome"]["winner"].as_str(), winner, "{v}");
    assert_eq!(v["legal"].as_array().unwrap().len(), 0, "{v}");
    let at = format!("@{}", record.display());
    let (code, out, err) = tablero(&["moves", "imago", "--moves", &at], "");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("the game goes on"), "{out}");
    assert!(out.contains(&format!("({reason})")), "{out}");
    // perft from a finished game counts nothing.
    let v = common::json(&["perft", "imago", "--moves", &at, "--depth", "1", "--json"]);
    assert_eq!(common::nodes(&v), [0], "{v}");
    // play sees the end at once and plays nothing.
    let before = std::fs::read_to_string(record).unwrap();
    let (code, out, err) = tablero(
        &[
            "play",
            "imago",
            "--moves",
            &at,
            "--record",
            record.to_str().unwrap(),
        ],
        "b2-c2 g5\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("to move"), "{out}");
    assert_eq!(std::fs::read_to_string(record).unwrap(), before);
}

#[test]
fn claimed_resigned_and_agreed_games_replay_as_finished() {
    let dir = temp_dir("declared");
    let claimed = dir.join("claimed.txt");
    let (code, out, err) = tablero(
        &[
            "play",
            "imago",
            "--position",
            "c4,g1/b6,e2 r 0",
            "--blue",
            "random",
            "--record",
            claimed.to_str().unwrap(),
        ],
        "claim\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Red wins"), "{out}");
    assert_replays_finished(&claimed, Some("p1"), "claim");

    let resigned = dir.join("resigned.txt");
    let (code, _, err) = tablero(
        &[
            "play",
            "imago",
            "--blue",
            "ai:1",
            "--seed",
            "1",
            "--record",
            resigned.to_str().unwrap(),
        ],
        "b2-c2 g5\nresign\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_replays_finished(&resigned, Some("p2"), "resign");

    let agreed = dir.join("agreed.txt");
    let (code, out, err) = tablero(
        &[
            "play",
            "imago",
            "--blue",
            "ai:5",
            "--record",
            agreed.to_str().unwrap(),
        ],
        "draw\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("accepts the draw"), "{out}");
    assert_replays_finished(&agreed, None, "agreed");
}

#[test]
fn resuming_keeps_the_records_players_and_tags() {
    let dir = temp_dir("resume");
    let record = dir.join("saved.txt");
    let r = record.to_str().unwrap();
    let (code, _, err) = tablero(
        &[
            "play", "imago", "--blue", "ai:1", "--seed", "3", "--record", r,
        ],
        "b2-c2 g5\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Blue \"ai:1\"]"), "{text}");
    std::fs::write(
        &record,
        text.replace("[Red \"human\"]", "[Red \"human\"]\n[Event \"club night\"]"),
    )
    .unwrap();
    let at = format!("@{r}");
    let (code, out, err) = tablero(
        &[
            "play", "imago", "--moves", &at, "--seed", "4", "--record", r,
        ],
        "quit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("ai:3"), "the record's Blue is ai:1: {out}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Blue \"ai:1\"]"), "{text}");
    assert!(text.contains("[Event \"club night\"]"), "{text}");
    // Naming a player overrides the record's.
    let (_, _, err) = tablero(
        &[
            "play", "imago", "--moves", &at, "--blue", "random", "--record", r,
        ],
        "quit\n",
    );
    assert!(err.is_empty(), "{err}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Blue \"random\"]"), "{text}");
}

/// #50, item 8: a record keeps its time control and its day as PGN's
/// `TimeControl` and `Date` tags do, reads them back (a resumed game goes
/// on with the record's clock, `review` says both), and refuses them when
/// they do not read.
#[test]
fn a_record_keeps_its_time_control_and_date_and_reads_them_back() {
    use tablero_core::{Period, Record, TimeControlTag};
    use tablero_games::imago::Imago;
    let dir = temp_dir("clock-tags");
    let record = dir.join("g.txt");
    let r = record.to_str().unwrap();
    // Red moves, Blue answers; the input ends with the game on.
    let (code, _, err) = tablero(
        &[
            "play", "imago", "--plain", "--clock", "3+2", "--blue", "ai:1", "--seed", "3",
            "--record", r,
        ],
        "1\n",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[TimeControl \"180+2\"]\n"), "{text}");
    let saved = Record::<Imago>::parse(&text).expect("the record reads");
    assert_eq!(
        saved.time_control().expect("it reads"),
        Some(TimeControlTag::Periods(vec![Period::Game {
            ms: 180_000,
            increment_ms: 2_000
        }]))
    );
    let date = saved.date().expect("it reads").expect("a Date tag");
    assert!(date.year.is_some_and(|y| y >= 2024), "{date}");
    // Resumed without --clock: on the record's clock again, its day kept.
    let at = format!("@{r}");
    let (code, out, err) = tablero(
        &["play", "imago", "--plain", "--moves", &at, "--record", r],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Clocks: Red 3:00 · Blue 3:00"), "{out}");
    let again = std::fs::read_to_string(&record).unwrap();
    assert!(again.contains(&format!("[Date \"{date}\"]")), "{again}");
    assert!(again.contains("[TimeControl \"180+2\"]"), "{again}");
    // A game without a clock says so: `-`.
    let untimed = dir.join("u.txt");
    let (code, _, err) = tablero(
        &[
            "play",
            "imago",
            "--plain",
            "--record",
            untimed.to_str().unwrap(),
        ],
        "resign\n",
    );
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&untimed).unwrap();
    assert!(text.contains("[TimeControl \"-\"]"), "{text}");
    // `review` says both.
    let (code, out, err) = tablero(&["review", r], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().nth(1),
        Some(format!("Played on {date} on a 3+2 clock.").as_str()),
        "{out}"
    );
    // A tag that does not read is refused, naming it.
    let bad = dir.join("bad.txt");
    std::fs::write(
        &bad,
        text.replace("[TimeControl \"-\"]", "[TimeControl \"3 min\"]"),
    )
    .unwrap();
    let at = format!("@{}", bad.display());
    let (code, _, err) = tablero(&["moves", "imago", "--moves", &at], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("bad TimeControl tag: \"3 min\" is not a time control as PGN writes it"),
        "{err}"
    );
    std::fs::write(
        &bad,
        text.replace(&format!("[Date \"{date}\"]"), "[Date \"2025.02.30\"]"),
    )
    .unwrap();
    let (code, _, err) = tablero(&["moves", "imago", "--moves", &at], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad Date tag: \"2025.02.30\""), "{err}");
}

/// The number of moves in a record, read back by `tablero moves`.
fn moves_in(record: &Path) -> usize {
    let text = std::fs::read_to_string(record).unwrap_or_default();
    let body = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    body.split(',').filter(|m| !m.trim().is_empty()).count()
}

/// Starts `play --record`, plays one move, waits until the record holds
/// it and the computer's reply, and stops the game with `signal`.
fn killed_game_keeps_its_moves(signal: &str) -> (PathBuf, Option<i32>, String) {
    let dir = temp_dir(&format!("kill-{signal}"));
    let record = dir.join("game.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["play", "imago", "--blue", "ai:1", "--seed", "2", "--record"])
        .arg(&record)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"b2-c2 g5\n").unwrap();
    stdin.flush().unwrap();
    let start = Instant::now();
    while moves_in(&record) < 2 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no record written"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // The game waits for Red's next move now, the input still open.
    std::thread::sleep(Duration::from_millis(200));
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    drop(stdin);
    (record, status.code(), err)
}

#[test]
fn a_killed_game_leaves_a_record_of_every_move() {
    for signal in ["-INT", "-KILL"] {
        let (record, code, err) = killed_game_keeps_its_moves(signal);
        assert_eq!(moves_in(&record), 2, "{signal}");
        let v = replay("imago", &record);
        assert!(v["outcome"].is_null(), "{v}");
        if signal == "-INT" {
            assert_eq!(code, Some(130), "{err}");
            assert!(err.contains("Interrupted"), "{err}");
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

#[test]
fn bad_bytes_and_huge_lines_get_a_message_and_the_game_goes_on() {
    let dir = temp_dir("bytes");
    let record = dir.join("r.txt");
    let mut input = b"b2-c2 g5\n\xff\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend(b"\nB5\n".iter());
    let (code, out, err) = tablero_bytes(
        &[
            "play",
            "imago",
            "--blue",
            "ai:1",
            "--seed",
            "1",
            "--record",
            record.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("not valid UTF-8"), "{out}");
    assert!(out.contains("bytes long"), "{out}");
    assert!(out.contains("Game left unfinished"), "{out}");
    assert!(moves_in(&record) >= 2, "{out}");
}

#[test]
fn uppercase_moves_are_read() {
    let (code, out, err) = tablero(&["play", "imago", "--blue", "human"], "B2-C2 G5\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Blue to move"), "{out}");
}

#[test]
fn the_engine_answers_bad_lines_and_stays_up() {
    let (code, out, err) = tablero_bytes(
        &["engine"],
        b"\xff\xfe\nisready\nsetoption value x name\nisready\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.iter().filter(|l| **l == "readyok").count(),
        2,
        "{out}"
    );
    assert!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .count()
            >= 2,
        "{out}"
    );
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // The reader is gone before the first line: the first write fails.
    for args in [
        &["perft", "imago", "--depth", "3"][..],
        &["perft", "imago", "--depth", "2", "--divide"][..],
        &["moves", "imago"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let script = format!(
        "set -o pipefail; '{}' perft imago --depth 6 | head -1",
        env!("CARGO_BIN_EXE_tablero")
    );
    let out = Command::new("bash").args(["-c", &script]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
}

/// Undo when the computer moved first and the person has not moved: back
/// to the start, and the computer moves again only when asked.
#[test]
fn undo_after_the_computers_first_move_returns_to_the_start() {
    let (code, out, err) = tablero(
        &[
            "play", "jarmo", "--p1", "random", "--p2", "human", "--seed", "4",
        ],
        "undo\nmoves\ngo\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Back to the start."), "{out}");
    assert!(out.contains("type `go`"), "{out}");
    // Dark played once, was taken back, and played again when asked.
    assert_eq!(out.matches("Dark (random) plays").count(), 2, "{out}");
    assert!(out.contains("\"moves\": type `go`"), "{out}");
}

/// Match records start from the start position with the opening's random
/// plies, and replay to the game's end.
#[test]
fn match_records_include_their_opening_plies() {
    let dir = temp_dir("match-openings");
    let d = dir.to_str().unwrap();
    let (code, _, err) = tablero(
        &[
            "match",
            "jarmo",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "2",
            "--openings",
            "3",
            "--records",
            d,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let start = common::json(&["moves", "jarmo", "--json"]);
    for n in 1..=2 {
        let file = dir.join(format!("game-00{n}.txt"));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("[Opening \"3 random plies\"]"), "{text}");
        let pos = start["position"].as_str().unwrap();
        assert!(text.contains(&format!("[Position \"{pos}\"]")), "{text}");
        let v = replay("jarmo", &file);
        assert!(v["outcome"].is_object(), "{v}");
    }
}

#[test]
fn forged_results_are_refused_with_one_line() {
    let dir = temp_dir("forged");
    let file = dir.join("forged.txt");
    let at = format!("@{}", file.display());
    let head = "[Game \"imago\"]\n[Variant \"default\"]\n";
    for (tags, moves, says) in [
        // A goal after two moves: no piece is on its goal.
        (
            "[Result \"p1\"]\n[Reason \"goal\"]\n",
            "b2-c2 g5, g2-f2 b5",
            "game is not over",
        ),
        // An agreed draw scores ½–½, not 7–0.
        (
            "[Result \"draw\"]\n[Reason \"agreed\"]\n[Score \"7 0\"]\n",
            "b2-c2 g5",
            "scores \"0.5 0.5\"",
        ),
        // Only the side to move claims.
        (
            "[Result \"p2\"]\n[Reason \"claim\"]\n",
            "b2-c2 g5, g2-f2 b5",
            "game is not over",
        ),
        // A resignation is a win, never a draw.
        (
            "[Result \"draw\"]\n[Reason \"resign\"]\n",
            "",
            "game is not over",
        ),
    ] {
        std::fs::write(&file, format!("{head}{tags}\n{moves}\n")).unwrap();
        let (code, out, err) = tablero(&["moves", "imago", "--moves", &at], "");
        assert_ne!(code, 0, "{tags}: {out}");
        assert!(err.contains(says), "{tags}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{tags}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A claim the solver does not prove (the start of Imago is a draw).
    std::fs::write(
        &file,
        format!("{head}[Result \"p1\"]\n[Reason \"claim\"]\n\n\n"),
    )
    .unwrap();
    let (code, _, err) = tablero(&["moves", "imago", "--moves", &at], "");
    assert_ne!(code, 0);
    assert!(err.contains("not a proved win"), "{err}");
    // The same refusal in Spanish.
    std::fs::write(
        &file,
        format!("{head}[Result \"p1\"]\n[Reason \"goal\"]\n\nb2-c2 g5\n"),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["--lang", "es", "moves", "imago", "--moves", &at])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("la partida no ha terminado"), "{err}");
}

#[test]
fn a_record_with_a_byte_order_mark_is_read() {
    let dir = temp_dir("bom");
    let file = dir.join("bom.txt");
    let at = format!("@{}", file.display());
    std::fs::write(
        &file,
        "\u{feff}[Game \"imago\"]\n[Variant \"default\"]\n[Result \"*\"]\n\nb2-c2 g5\n",
    )
    .unwrap();
    let v = replay("imago", &file);
    assert_eq!(v["outcome"], serde_json::Value::Null, "{v}");
    // A bad record's error is one line that does not repeat the record.
    std::fs::write(
        &file,
        "\u{feff}[Game \"imago\"]\n[Variant \"default\"]\n[Result \"*\"]\n\nb2-c2 zz\n",
    )
    .unwrap();
    let (code, _, err) = tablero(&["moves", "imago", "--moves", &at], "");
    assert_ne!(code, 0);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(!err.contains("[Game"), "{err}");
}
