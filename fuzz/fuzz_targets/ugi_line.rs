//! The engine protocol's line parser: `crates/ai/tests/fuzz_targets`.
#![no_main]

#[allow(dead_code)]
#[path = "../../crates/ai/tests/fuzz_targets/mod.rs"]
mod targets;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(line) = std::str::from_utf8(data) {
        targets::ugi_line(line);
    }
});
