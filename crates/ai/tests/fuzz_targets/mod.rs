//! The fuzz targets of `tablero-ai`, shared by the tests in `tests/fuzz.rs`
//! and the coverage-guided `cargo fuzz` targets `ugi_line` and
//! `table_json` (`fuzz/`).

use serde::Deserialize;
use std::time::Duration;
use tablero_ai::table::{open, Seat};
use tablero_ai::ugi;
use tablero_core::Player;

/// One line of the engine protocol: no panic, and a command that is
/// accepted reads back the same from its text; the limits of a `go` are
/// computed for both sides without overflow.
pub fn ugi_line(line: &str) {
    if let Ok(command) = ugi::parse(line) {
        let again = command.to_string();
        assert_eq!(
            ugi::parse(&again),
            Ok(command.clone()),
            "{line:?} -> {again:?}"
        );
        if let ugi::Command::Go(go) = &command {
            for p1 in [true, false] {
                let limits = go.limits(p1);
                if let Some(t) = limits.movetime {
                    assert!(t <= Duration::from_millis(u64::MAX));
                }
            }
        }
    }
}

/// A position as the web API's position and analysis bodies and the engine
/// give it.
#[derive(Debug, Deserialize)]
struct Body {
    game: String,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
}

/// A JSON body `{game, variant, position, moves}` opened as a table with
/// every move played, as `POST /api/position` and `tablero engine` do: no
/// panic; the position reached reads back as the same board, and every
/// legal move there plays.
pub fn table_json(data: &[u8]) {
    let Ok(b) = serde_json::from_slice::<Body>(data) else {
        return;
    };
    let Ok(mut t) = open(
        &b.game,
        b.variant.as_deref(),
        b.position.as_deref(),
        Player::P1,
        [Seat::Person; 2],
    ) else {
        return;
    };
    for m in b.moves.iter().take(64) {
        let Some(seat) = t.to_move() else { break };
        if t.play(seat, m).is_err() {
            break;
        }
    }
    let n = t.moves().len();
    let (position, view) = t.snapshot(n);
    let variant = t.variant();
    let again = open(
        &b.game,
        Some(&variant),
        Some(&position),
        Player::P1,
        [Seat::Person; 2],
    )
    .unwrap_or_else(|e| panic!("{position:?} does not read back: {e}"));
    assert_eq!(again.snapshot(0).1, view, "{position:?}");
    if t.to_move().is_some() {
        for mv in t.legal().iter().take(8) {
            let mut c = t.boxed_clone();
            let seat = c.to_move().expect("a side to move");
            c.play(seat, &mv.text)
                .unwrap_or_else(|e| panic!("legal move {:?} refused: {e}", mv.text));
        }
    }
}
