//! Reads every English catalogue file (`locales/en/*.ftl`) and writes
//! `ids.rs`: the `id!` macro with one arm per message id, so that a
//! message id that is in no catalogue fails to compile.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // The manifest's directory as cargo gives it to this run (not as it
    // was when the script was compiled: a target directory moved with its
    // build must still read this checkout's catalogues).
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("../../locales/en");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("locales/en")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    names.sort();
    let mut ids = Vec::new();
    for path in &names {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(path).expect("a catalogue file");
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(r) => r,
            Err((_, errors)) => panic!("{}: {errors:?}", path.display()),
        };
        for entry in resource.body {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                ids.push(m.id.name.to_string());
            }
        }
    }
    ids.sort();
    let mut out = String::new();
    out.push_str(
        "/// `id!(\"some-id\")`: the [`Id`] of a message of the catalogue; an id\n\
         /// that no `locales/en/*.ftl` file has fails to compile (\"no rules\n\
         /// expected this token\"). Written by `build.rs` from the catalogue.\n\
         #[macro_export]\nmacro_rules! id {\n",
    );
    for id in &ids {
        let _ = writeln!(out, "    ({id:?}) => {{ $crate::Id::__checked({id:?}) }};");
    }
    out.push_str("}\n");
    let _ = writeln!(
        out,
        "\n/// How many message ids the English catalogue has.\npub const ID_COUNT: usize = {};",
        ids.len()
    );
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("ids.rs");
    std::fs::write(target, out).expect("ids.rs written");
}
