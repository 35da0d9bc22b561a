//! Pairings checked against an independent implementation: the PyPI
//! package caissify-pairings 0.5.0 (pinned; `scripts/test.sh` installs it in
//! `target/pairings`), driven by tools/pairings/crosscheck.py.
//!
//! - Swiss: seeded random tournaments (7 to 40 players, 5 to 11 rounds,
//!   draws, absences) are paired round by round by caissify's FIDE Dutch
//!   engine and by `swiss::pair` (this test answers the harness's requests
//!   in-process); the rounds go on with caissify's pairing.
//! - Round-robin: `berger::schedule` equals caissify's Berger tables for
//!   n = 3..20, single and double.
//!
//! The Python used: `$TABLERO_PAIRINGS_PYTHON`, else
//! `target/pairings/bin/python` when it exists, else `python3`. Without any
//! Python the tests are skipped with the reason printed; a Python without
//! caissify-pairings fails them, saying how to install it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use tablero_ai::pairings::berger;
use tablero_ai::pairings::swiss::Request;

const PACKAGE: &str = "caissify-pairings==0.5.0";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A Python with caissify-pairings, or `None` (reason printed) without any
/// Python at all.
fn python() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("TABLERO_PAIRINGS_PYTHON").map(PathBuf::from),
        Some(root().join("target/pairings/bin/python")).filter(|p| p.exists()),
        Some(PathBuf::from("python3")),
    ];
    let Some(py) = candidates.into_iter().flatten().find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    }) else {
        eprintln!("skipped: no Python found (TABLERO_PAIRINGS_PYTHON, target/pairings, python3)");
        return None;
    };
    let import = Command::new(&py)
        .args(["-c", "import caissify_pairings"])
        .output()
        .unwrap();
    assert!(
        import.status.success(),
        "{} has no caissify_pairings: install it with `{} -m pip install {PACKAGE}` \
         (scripts/test.sh does so in target/pairings)",
        py.display(),
        py.display()
    );
    Some(py)
}

fn harness() -> PathBuf {
    root().join("tools/pairings/crosscheck.py")
}

/// Runs the harness on tournaments `first..first + count` (seed 1),
/// answering its requests with `swiss::pair`; answers its summary line
/// (the first line of its report that is a JSON object: caissify writes
/// its own warnings there too), the rounds asked and the whole report.
fn run_part(py: &Path, first: u32, count: u32) -> (serde_json::Value, u32, String, bool) {
    let mut child = Command::new(py)
        .arg(harness())
        .args(["--stdio", "--keep-going", "--seed", "1"])
        .args(["--first", &first.to_string()])
        .args(["--tournaments", &count.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to = child.stdin.take().unwrap();
    let from = BufReader::new(child.stdout.take().unwrap());
    let mut asked = 0u32;
    for line in from.lines() {
        let line = line.unwrap();
        if line.contains("\"done\"") {
            break;
        }
        let req: Request = serde_json::from_str(&line).unwrap();
        writeln!(to, "{}", req.answer()).unwrap();
        to.flush().unwrap();
        asked += 1;
    }
    drop(to);
    let out = child.wait_with_output().unwrap();
    let report = String::from_utf8_lossy(&out.stderr).into_owned();
    let summary = report
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v.get("tournaments").is_some())
        .unwrap_or_default();
    (summary, asked, report, out.status.success())
}

#[test]
fn swiss_pairings_agree_with_caissify_dutch() {
    let Some(py) = python() else { return };
    let tournaments: u32 = std::env::var("TABLERO_PAIRINGS_TOURNAMENTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(500);
    // Two halves at once, one harness each (the reference's Python is
    // the slow side: one core each).
    let half = tournaments / 2;
    let parts: Vec<_> = [(0, half), (half, tournaments - half)]
        .into_iter()
        .map(|(first, count)| {
            let py = py.clone();
            std::thread::spawn(move || run_part(&py, first, count))
        })
        .collect();
    let (mut done, mut rounds, mut asked, mut differing) = (0, 0, 0u32, 0);
    for part in parts {
        let (summary, part_asked, report, success) = part.join().unwrap();
        let filtered: String = report
            .lines()
            .filter(|l| !l.starts_with("Multiple forced byes"))
            .collect::<Vec<_>>()
            .join("\n");
        eprintln!("{filtered}");
        assert!(
            summary["tournaments"].as_u64().is_some(),
            "the harness stopped early: {filtered}"
        );
        done += summary["tournaments"].as_u64().unwrap_or(0);
        rounds += summary["rounds"].as_u64().unwrap_or(0);
        differing += summary["differing_rounds"].as_u64().unwrap_or(u64::MAX);
        asked += part_asked;
        assert!(
            success,
            "tablero's Swiss pairings differ from caissify's Dutch engine: {filtered}"
        );
    }
    assert_eq!(
        done,
        u64::from(tournaments),
        "tournaments paired to the end or to the reference's end"
    );
    assert_eq!(rounds, u64::from(asked));
    assert!(
        asked >= tournaments * 5,
        "{asked} rounds for {tournaments} tournaments"
    );
    assert_eq!(
        differing, 0,
        "tablero's Swiss pairings differ from caissify's Dutch engine"
    );
}

#[test]
fn round_robin_equals_caissify_berger_tables() {
    let Some(py) = python() else { return };
    let out = Command::new(&py)
        .arg(harness())
        .arg("--round-robin")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut checked = 0;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let n = v["n"].as_u64().unwrap() as u32;
        let cycles = v["cycles"].as_u64().unwrap() as u32;
        let ours = berger::schedule(n, cycles);
        let theirs = v["rounds"].as_array().unwrap();
        assert_eq!(
            ours.len(),
            theirs.len(),
            "n {n}, cycles {cycles}: round count"
        );
        for (i, (o, t)) in ours.iter().zip(theirs).enumerate() {
            let mut pairs: Vec<[u32; 2]> = o.pairs.iter().map(|p| [p.first, p.second]).collect();
            pairs.sort();
            let want: Vec<[u32; 2]> = serde_json::from_value(t["pairs"].clone()).unwrap();
            let bye: Option<u32> = serde_json::from_value(t["bye"].clone()).unwrap();
            assert_eq!(
                (pairs, o.bye),
                (want, bye),
                "n {n}, cycles {cycles}, round {}",
                i + 1
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 36, "n = 3..20, single and double");
}
