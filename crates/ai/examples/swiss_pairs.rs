//! tablero's Swiss pairer for tools/pairings/crosscheck.py: one request a
//! line on stdin (`swiss::Request` as JSON), one answer a line on stdout (a
//! `Round`, or `{"error": "..."}`).
//!
//! ```text
//! cargo build -p tablero-ai --example swiss_pairs
//! python tools/pairings/crosscheck.py --pairer target/debug/examples/swiss_pairs
//! ```

use std::io::{BufRead, Write};

use tablero_ai::pairings::swiss::Request;

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = match serde_json::from_str::<Request>(&line) {
            Ok(r) => r.answer(),
            Err(e) => serde_json::json!({ "error": format!("bad request: {e}") }),
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(())
}
