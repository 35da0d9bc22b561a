//! The registry keeps "adding a game" honest (docs/architecture.md): the
//! files that serve every game name none, and every game of the registry
//! is in every place the checklist names: its files, its lines in shared
//! files, its traits (a game without one does not compile here), the
//! ratings of its computer levels and its rating pool.

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
        "web/play",
        "web/newgame.js",
        "crates/server/src/games",
        "crates/cli/src/main.rs",
    ];
    // The server's games concern names no game, but for its catalog,
    // whose tests say the catalog's order.
    let catalog = root().join("crates/server/src/games/catalog.rs");
    let mut found = Vec::new();
    for place in shared {
        for file in files(&root().join(place))
            .into_iter()
            .filter(|f| *f != catalog)
        {
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

/// The files of the checklist (docs/architecture.md, "Adding a game") that
/// `game` needs: its own files, and the lines of shared files that name
/// it.
fn places(game: &tablero_games::GameInfo) -> Vec<(String, Option<String>)> {
    let name = game.name;
    let mut need: Vec<(String, Option<String>)> = [
        "mod.rs",
        "board.rs",
        "movegen.rs",
        "notation.rs",
        "error.rs",
        "eval.rs",
        "describe.rs",
    ]
    .iter()
    .map(|f| (format!("crates/games/src/{name}/{f}"), None))
    .collect();
    let mut file = |path: String| need.push((path, None));
    file(format!("crates/games/tests/{name}.rs"));
    file(format!("crates/games/tests/data/{name}.perft"));
    file(format!("crates/ai/src/play/{name}.rs"));
    file(format!("crates/cli/src/render/{name}.rs"));
    file(format!("docs/rules/{name}.md"));
    file(format!("docs/rules/{name}.play.en.md"));
    file(format!("docs/rules/{name}.play.es.md"));
    if game.in_app {
        file(format!("web/boards/{name}.js"));
    }
    let mut line = |path: &str, text: String| need.push((path.to_string(), Some(text)));
    line("crates/games/src/lib.rs", format!("pub mod {name};"));
    line("crates/ai/src/play/mod.rs", format!("mod {name};"));
    line("crates/cli/src/render/mod.rs", format!("mod {name};"));
    if game.in_app {
        // The home page's card for the game.
        line("web/style.css", format!(".card-{name} {{"));
    }
    need
}

#[test]
fn every_game_has_the_files_and_lines_of_the_checklist() {
    let root = root();
    let mut missing = Vec::new();
    for g in GAMES {
        for (path, text) in places(g) {
            let at = root.join(&path);
            match text {
                None if !at.is_file() => missing.push(path),
                Some(text)
                    if !at.is_file()
                        || !read(&at).lines().any(|l| l.trim_start().starts_with(&text)) =>
                {
                    missing.push(format!("{path}: {text}"));
                }
                _ => {}
            }
        }
        // The rulings have a section on the game, under its title.
        let rulings = read(&root.join("docs/rulings.md"));
        let title = g.title.en;
        if !rulings.lines().any(|l| {
            l.starts_with('#') && (l.contains(title) || l.contains(&format!("`{}`", g.name)))
        }) {
            missing.push(format!("docs/rulings.md: a heading naming {title}"));
        }
        assert!(!g.rules.is_empty(), "{} has no rules page", g.name);
    }
    assert!(missing.is_empty(), "missing: {missing:#?}");
}

/// The traits a game of the registry implements beyond its rules: its
/// computer players (`Play`), its review (`Review`), the lab's survey
/// (`LabGame`) and its print-and-play kit (`Printable`; the terminal's
/// `CliGame` is the binary's own, required in the same way by its
/// `with_game!`). A game without one of them does not compile here.
fn implements_every_trait<G>() -> &'static str
where
    G: tablero_ai::Play
        + tablero_ai::review::Review
        + tablero_lab::LabGame
        + tablero_print::Printable,
{
    G::NAME
}

#[test]
fn every_game_implements_the_traits_of_the_checklist() {
    for g in GAMES {
        let name = tablero_games::with_game!(g.name, G => implements_every_trait::<G>(), else "");
        assert_eq!(name, g.name);
    }
}

/// The variants a game offers, as their texts (`""` for the default one of
/// a game whose variants are free text).
fn variant_ids(name: &str) -> Vec<String> {
    let ids: Vec<String> = tablero_games::with_game!(name, G => {
        <G as tablero_games::Describe>::variants().into_iter().map(|v| v.id).collect()
    }, else Vec::new());
    if ids.is_empty() {
        vec![String::new()]
    } else {
        ids
    }
}

#[test]
fn every_game_has_the_data_of_the_checklist() {
    let mut missing = Vec::new();
    let pools = tablero_server::ratings::pools();
    for g in GAMES {
        // The computer's levels are rated (strength.rs's `LADDERS`), in
        // every variant the game offers.
        for variant in variant_ids(g.name) {
            for level in 1..=5 {
                if tablero_ai::strength::level_rating(g.name, &variant, level).is_none() {
                    missing.push(format!("LADDERS: {} {variant:?} level {level}", g.name));
                }
            }
        }
        // People's games are rated in a pool (ratings/mod.rs's `pools`).
        if !pools.iter().any(|p| p.game == g.name) {
            missing.push(format!("ratings::pools: {}", g.name));
        }
    }
    assert!(missing.is_empty(), "missing: {missing:#?}");
}
