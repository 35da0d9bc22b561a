//! Running the `tablero` binary from the CLI tests.
#![allow(dead_code)] // each test file uses its own part of this

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `tablero ARGS` with `stdin` as standard input (colours off, in
/// English whatever the locale of the machine running the tests); returns
/// the exit code, standard output and standard error.
pub fn tablero(args: &[&str], stdin: &str) -> (i32, String, String) {
    tablero_env(args, stdin, &[("LANG", "C")])
}

/// [`tablero`] with the locale variables `LC_ALL`, `LC_MESSAGES` and
/// `LANG` removed, then `env` set.
pub fn tablero_env(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tablero"));
    for k in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(k);
    }
    let mut child = command
        .envs(env.iter().copied())
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablero runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs a command that must succeed and print one JSON value.
pub fn json(args: &[&str]) -> Value {
    let (code, out, err) = tablero(args, "");
    assert_eq!(code, 0, "{args:?} failed: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?} printed no JSON ({e}): {out}"))
}

/// The keys of a JSON object, sorted.
pub fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

/// The `nodes` of each row of `perft --json`.
pub fn nodes(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| r["nodes"].as_u64().unwrap())
        .collect()
}
