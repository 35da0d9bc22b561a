//! The games' fuzz target, shared by the tests in `tests/fuzz.rs` and the
//! coverage-guided `cargo fuzz` target `game_text` (`fuzz/`).

use std::str::FromStr;
use tablero_core::{Game, Record};
use tablero_games::{dimensiones::Dimensiones, imago::Imago, jarmo::Jarmo, linja::Linja};

/// Reads `text` as a variant, a position, a move (in the start position and
/// in the position read) and a record of `G`: no panic, and what is read
/// reads back the same after formatting.
pub fn target<G: Game>(text: &str) {
    if let Ok(v) = G::Variant::from_str(text) {
        let again = v.to_string();
        assert_eq!(
            G::Variant::from_str(&again).ok().as_ref(),
            Some(&v),
            "{text:?} -> {again:?}"
        );
    }
    let variant = G::Variant::default();
    let start = G::start(&variant);
    let mut positions = vec![start.clone()];
    if let Ok(p) = G::parse_position(&variant, text) {
        let again = p.position_string();
        assert_eq!(
            G::parse_position(&variant, &again).ok().as_ref(),
            Some(&p),
            "{text:?} -> {again:?}"
        );
        positions.push(p);
    }
    for p in &positions {
        if let Ok(m) = p.parse_move(text) {
            assert!(p.is_legal(m), "{text:?} read as an illegal move");
            let again = p.format_move(m);
            assert_eq!(p.parse_move(&again).ok(), Some(m), "{text:?} -> {again:?}");
        }
    }
    if let Ok(r) = Record::<G>::parse(text) {
        let again = r.to_text();
        let back =
            Record::<G>::parse(&again).unwrap_or_else(|e| panic!("{text:?} -> {again:?}: {e}"));
        assert_eq!(back.moves, r.moves, "{text:?} -> {again:?}");
        assert_eq!(back.start, r.start, "{text:?} -> {again:?}");
    }
}

/// Every target on one input.
pub fn all(text: &str) {
    target::<Imago>(text);
    target::<Jarmo>(text);
    target::<Linja>(text);
    target::<Dimensiones>(text);
}
