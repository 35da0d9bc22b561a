//! A position given as JSON, opened and played as the web API's position
//! bodies are: `crates/ai/tests/fuzz_targets`.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/ai/tests/fuzz_targets/mod.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    targets::table_json(data);
});
