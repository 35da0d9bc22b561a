//! The registry keeps "adding a game" honest (docs/architecture.md): the
//! files that serve every game name none, and every game of the registry
//! has the files the checklist names.

use std::path::{Path, PathBuf};
use tablero_games::GAMES;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `path` (a file, or a folder read recursively).
fn files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    for entry in std::fs::read_dir(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())) {
        out.extend(files(&entry.expect("a directory entry").path()));
    }
    out.sort();
    out
}

/// Where `word` stands as a word of its own in `text` (any case), as
/// `line: text` lines.
fn word_hits(text: &str, word: &str) -> Vec<String> {
    let word = word.to_lowercase();
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let lower = line.to_lowercase();
            lower.match_indices(&word).any(|(i, _)| {
                let before = lower[..i].chars().next_back();
                let after = lower[i + word.len()..].chars().next();
                let inside = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !inside(before) && !inside(after)
            })
        })
        .map(|(n, line)| format!("{}: {}", n + 1, line.trim()))
        .collect()
}

#[test]
fn the_shared_files_name_no_game() {
    let shared = [
        "web/play.js",
        "web/newgame.js",
        "crates/server/src/hub",
        "crates/cli/src/main.rs",
    ];
    let mut found = Vec::new();
    for place in shared {
        for file in files(&root().join(place)) {
            let text = read(&file);
            for g in GAMES {
                for hit in word_hits(&text, g.name) {
                    found.push(format!("{} names {}: {hit}", file.display(), g.name));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a game is named outside the registry:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_word_finder_finds_words_only() {
    assert_eq!(word_hits("let g = 'imago';", "imago").len(), 1);
    assert_eq!(word_hits("Imago's board", "imago").len(), 1);
    assert!(word_hits("imagonary images", "imago").is_empty());
    assert!(word_hits("boards_imago", "imago").is_empty());
}

#[test]
fn every_game_has_the_files_of_the_checklist() {
    let root = root();
    let mut missing = Vec::new();
    for g in GAMES {
        let name = g.name;
        let mut need: Vec<String> = [
            "mod.rs",
            "board.rs",
            "movegen.rs",
            "notation.rs",
            "error.rs",
            "eval.rs",
            "describe.rs",
        ]
        .iter()
        .map(|f| format!("crates/games/src/{name}/{f}"))
        .collect();
        need.push(format!("crates/games/tests/{name}.rs"));
        need.push(format!("crates/games/tests/data/{name}.perft"));
        need.push(format!("crates/cli/src/render/{name}.rs"));
        if g.in_app {
            need.push(format!("web/boards/{name}.js"));
            need.push(format!("docs/rules/{name}.md"));
        }
        missing.extend(need.into_iter().filter(|p| !root.join(p).is_file()));
        assert!(!g.rules.is_empty(), "{name} has no rules page");
    }
    assert!(missing.is_empty(), "missing: {missing:?}");
}
