//! The player spec `ugi:COMMAND`: `tablero match` against an external UGI
//! engine, here the project's own binary as `tablero engine`.

use std::process::Command;

fn tablero(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .output()
        .expect("tablero runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn engine(game: &str, player: &str) -> String {
    format!(
        "ugi:{} engine {game} --player {player}",
        env!("CARGO_BIN_EXE_tablero")
    )
}

#[test]
fn a_match_against_the_engine_plays_every_move_through_it() {
    // A non-default variant: the engine must be told it, or its moves would
    // not parse here and the player would fall back (and say so).
    for (game, variant) in [("dimensiones", "I-C-A-E-R"), ("draughts", "english")] {
        let b = engine(game, "random");
        let (ok, stdout, stderr) = tablero(&[
            "match",
            game,
            "--variant",
            variant,
            "--a",
            "random",
            "--b",
            &b,
            "--games",
            "2",
            "--json",
        ]);
        assert!(ok, "{stderr}");
        assert!(!stderr.contains("failed"), "{stderr}");
        let v: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(v["games"], 2, "{stdout}");
    }
}

#[test]
fn an_engine_that_does_not_start_is_a_clear_error() {
    let (ok, _, stderr) = tablero(&[
        "match",
        "imago",
        "--a",
        "random",
        "--b",
        "ugi:/no/such/engine",
        "--games",
        "2",
    ]);
    assert!(!ok);
    assert!(stderr.contains("--b: ugi: cannot start"), "{stderr}");
    let (ok, _, stderr) = tablero(&["match", "imago", "--a", "ugi:", "--b", "random"]);
    assert!(!ok);
    assert!(stderr.contains("expected a command"), "{stderr}");
}

#[test]
fn an_engine_that_does_not_answer_is_a_clear_error() {
    // `true` starts, reads nothing and exits: no handshake. Whether our
    // `ugi` line or its exit comes first is a race, so either clear error.
    let (ok, _, stderr) = tablero(&["match", "imago", "--a", "ugi:true", "--b", "random"]);
    assert!(!ok);
    assert!(
        stderr.contains("closed its output before `ugiok`")
            || stderr.contains("ugi engine \"true\": cannot write"),
        "{stderr}"
    );
}
