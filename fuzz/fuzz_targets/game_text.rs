//! Every text parser of the four games (variants, positions, moves,
//! records) on one input: `crates/games/tests/fuzz_targets`.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/games/tests/fuzz_targets/mod.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        targets::all(text);
    }
});
