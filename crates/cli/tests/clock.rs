//! `tablero play --clock`: the control read or refused, both clocks shown in
//! the line mode, and a move typed after the flag refused in both languages.
//! (The full screen's clocks and its flag without a key are tested with the
//! time driven, in `src/tui/tests.rs`; the session's rules in
//! `src/session.rs`.)

mod common;
use common::{tablero, tablero_env};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_bad_or_correspondence_control_is_refused_in_the_language_in_use() {
    let (code, _, err) = tablero(&["play", "imago", "--plain", "--clock", "5"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("\"5\" is not a time control") || err.contains("5 is not a time control"),
        "{err}"
    );
    let (code, _, err) = tablero(&["play", "imago", "--plain", "--clock", "3d"], "");
    assert_eq!(code, 2);
    assert!(err.contains("live clocks only"), "{err}");
    let es = [("LANG", "es_ES.UTF-8")];
    let (code, _, err) = tablero_env(&["play", "imago", "--plain", "--clock", "x+1"], "", &es);
    assert_eq!(code, 2);
    assert!(err.contains("no es un control de tiempo"), "{err}");
    let (code, _, err) = tablero_env(&["play", "imago", "--plain", "--clock", "4d"], "", &es);
    assert_eq!(code, 2);
    assert!(err.contains("no es un control de tiempo"), "{err}");
    let (code, _, err) = tablero_env(&["play", "imago", "--plain", "--clock", "7d"], "", &es);
    assert_eq!(code, 2);
    assert!(err.contains("solo se juega con reloj en vivo"), "{err}");
    // A control that is no control suggests only what `play` takes: no
    // days per move (#50, item 6).
    let (code, _, err) = tablero(&["play", "imago", "--plain", "--clock", "0+0"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("0+0 is not a time control") && err.contains("like 5+3 or 0.5+0"),
        "{err}"
    );
    assert!(!err.contains("days"), "{err}");
    let (_, _, err) = tablero_env(&["play", "imago", "--plain", "--clock", "0+0"], "", &es);
    assert!(!err.contains("días"), "{err}");
    let (code, _, err) = tablero(
        &["play", "jarmo", "--plain", "--match", "--clock", "1+0"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--clock does not go with --match"), "{err}");
    let (code, out, _) = tablero(&["play", "--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("--clock <CONTROL>"), "{out}");
}

#[test]
fn the_line_mode_prints_both_clocks_with_every_board_and_prompt() {
    let args = [
        "play", "imago", "--plain", "--p2", "human", "--clock", "5+3",
    ];
    let (code, out, err) = tablero(&args, "1\n");
    assert_eq!(code, 0, "{err}");
    // Before the first move nothing runs.
    assert!(out.contains("Clocks: Red 5:00 · Blue 5:00"), "{out}");
    assert!(out.contains("red 5:00> "), "{out}");
    // The first move costs nothing and starts Blue's clock.
    assert!(out.contains("Clocks: Red 5:00 · ▶ Blue "), "{out}");
    assert!(
        out.contains("blue 5:00> ") || out.contains("blue 4:59> "),
        "{out}"
    );
    let (code, out, err) = tablero_env(&args, "1\n", &[("LANG", "es_ES.UTF-8")]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Relojes: Rojo 5:00 · Azul 5:00"), "{out}");
    assert!(out.contains("Relojes: Rojo 5:00 · ▶ Azul "), "{out}");
}

/// `tablero ARGS` started in `lang`, its standard streams piped.
fn spawned(args: &[&str], lang: &str) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablero runs")
}

/// Red moves at once, Blue's clock (15 s) runs out, then Blue types a move:
/// what the terminal printed, and the record.
fn late_move(lang: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("tablero-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let record = dir.join(format!("{lang}.txt"));
    let record_arg = record.to_str().expect("a path");
    let mut child = spawned(
        &[
            "play", "imago", "--plain", "--p2", "human", "--clock", "0.25+0", "--record",
            record_arg,
        ],
        lang,
    );
    let mut stdin = child.stdin.take().expect("a pipe");
    stdin.write_all(b"1\n").expect("written");
    stdin.flush().expect("flushed");
    std::thread::sleep(Duration::from_millis(15_400));
    // The game may be over and the program gone by now: the flag falls on
    // the clock's own time (#47, item 15).
    let _ = stdin.write_all(b"1\n");
    drop(stdin);
    let out = child.wait_with_output().expect("it ends");
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&record).expect("the record");
    (String::from_utf8(out.stdout).expect("UTF-8"), text)
}

/// The line of `out` that starts with `start`.
fn line_of<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start:?} in {out}"))
}

/// One of the two tests here that wait for a real clock (15 s, both
/// languages at once): a line typed after the flag is not played.
#[test]
fn a_move_typed_after_the_flag_is_not_played_and_the_game_is_lost_on_time() {
    let es = std::thread::spawn(|| late_move("es_ES.UTF-8"));
    let (en, record) = late_move("C");
    let (es, _) = es.join().expect("the Spanish game");
    assert!(
        en.contains("The clock of Blue ran out: the game is lost on time."),
        "{en}"
    );
    // The reason said once, not nested (#50, item 6).
    assert_eq!(line_of(&en, "Red wins ("), "Red wins (on time). Score 1-0.");
    assert!(
        es.contains("Se acabó el reloj de Azul: la partida está perdida por tiempo."),
        "{es}"
    );
    assert_eq!(
        line_of(&es, "Gana Rojo ("),
        "Gana Rojo (por tiempo). Resultado 1-0."
    );
    // Blue's late move is not in the record; the loss on time is.
    assert!(
        record.contains("[Result \"p1\"]") && record.contains("[Reason \"time\"]"),
        "{record}"
    );
    let moves = record
        .lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty());
    assert_eq!(moves.flat_map(|l| l.split(',')).count(), 1, "{record}");
}

/// #47, item 15: the computer moves first, then the person types nothing
/// with the input still open; the flag falls when the clock runs out
/// (15 s), not when the input ends, and the game is lost on time.
#[test]
fn a_person_who_types_nothing_loses_on_time_while_the_input_stays_open() {
    let mut child = spawned(
        &[
            "play",
            "imago",
            "--plain",
            "--clock",
            "0.25+0",
            "--first",
            "blue",
            "--blue",
            "ai:1",
            "--seed",
            "1",
            "--no-review",
        ],
        "C",
    );
    // Held open, never written to, until the program has ended.
    let stdin = child.stdin.take().expect("a pipe");
    let started = std::time::Instant::now();
    let ended = loop {
        if let Some(status) = child.try_wait().expect("a status") {
            break status;
        }
        if started.elapsed() > Duration::from_secs(90) {
            let _ = child.kill();
            panic!("the flag never fell with the input open");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    drop(stdin);
    let out = child.wait_with_output().expect("its output");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(ended.code(), Some(0), "{text}");
    assert!(started.elapsed() >= Duration::from_secs(15), "{text}");
    assert!(text.contains("Blue (ai:1) plays "), "{text}");
    assert!(
        text.contains("The clock of Red ran out: the game is lost on time."),
        "{text}"
    );
    assert_eq!(
        line_of(&text, "Blue wins ("),
        "Blue wins (on time). Score 0-1."
    );
    assert!(!text.contains("Game left unfinished"), "{text}");
}
