//! The repository's documents stand alone: no file points to a document
//! outside the repository (the rule book is `docs/rulings.md`, the JSON
//! contract `docs/cli.md`), and every relative Markdown link in `README.md`
//! and `docs/` leads to a file that exists.
//!
//! Each test prints every offending `file:line` before it fails.

use std::fs;
use std::path::{Component, Path, PathBuf};

/// The repository root, two levels above this crate.
fn root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// Folders never searched: build output, installed packages, hidden folders
/// (`.git`) and the browser tests' screenshots.
fn skipped_dir(name: &str) -> bool {
    name.starts_with('.') || matches!(name, "target" | "node_modules" | "screenshots")
}

/// Every file under `dir` whose name `keep` accepts, sorted.
fn files_under(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        match entry.file_type() {
            Ok(t) if t.is_dir() && !skipped_dir(&name) => files_under(&path, keep, out),
            Ok(t) if t.is_file() && keep(&path) => out.push(path),
            _ => {}
        }
    }
}

fn has_extension(path: &Path, exts: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| exts.contains(&e))
}

/// The files whose text must not point outside the repository: `README.md`,
/// everything under `docs/`, `web/` and `tools/`, and the Rust sources,
/// Markdown, perft data and manifests under `crates/`.
fn checked_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let all = |_: &Path| true;
    for dir in ["docs", "web", "tools"] {
        files_under(&root.join(dir), &all, &mut files);
    }
    let sources = |p: &Path| has_extension(p, &["rs", "md", "perft", "toml"]);
    files_under(&root.join("crates"), &sources, &mut files);
    files
}

/// The path of `file` relative to the root, with `/` separators.
fn shown(root: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(root).unwrap_or(file);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// The names of documents that live outside the repository. They are
/// assembled at run time so that this file does not name them itself.
fn outside_documents() -> Vec<String> {
    vec![
        ["RULINGS", "md"].join("."),
        ["CLI", "md"].join("."),
        ["STYLE", "md"].join("."),
        // The Spanish texts, e.g. `jarmo` + this ending.
        ["", "es", "txt"].join("."),
    ]
}

/// Why `line` points outside the repository, if it does: it names one of
/// the outside documents, or holds a path that begins with the folder
/// named `shared`, or with that folder one level up.
fn outside_reference(line: &str, documents: &[String]) -> Option<String> {
    for doc in documents {
        if line.contains(doc.as_str()) {
            return Some(format!("names {doc}"));
        }
    }
    let folder = "shared";
    let parent = format!("../{folder}");
    if line.contains(&parent) {
        return Some(format!("has a path beginning {parent}"));
    }
    let slash = format!("{folder}/");
    for (i, _) in line.match_indices(&slash) {
        // A path begins here unless the word is part of a longer name or a
        // longer path (`crates/shared/`, `my_shared/`, `x.shared/`).
        let before = line[..i].chars().next_back();
        let inside = before.is_some_and(|c| c.is_alphanumeric() || "_-./\\".contains(c));
        if !inside {
            return Some(format!("has a path beginning {slash}"));
        }
    }
    None
}

#[test]
fn no_file_points_outside_the_repository() {
    let root = root();
    let documents = outside_documents();
    let files = checked_files(&root);
    assert!(
        files.len() > 50,
        "found only {} files under {}: is the root right?",
        files.len(),
        root.display()
    );
    let mut offences = Vec::new();
    for file in &files {
        let Ok(bytes) = fs::read(file) else {
            offences.push(format!("{}: cannot be read", shown(&root, file)));
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        for (n, line) in text.lines().enumerate() {
            if let Some(why) = outside_reference(line, &documents) {
                offences.push(format!("{}:{}: {why}", shown(&root, file), n + 1));
            }
        }
    }
    for o in &offences {
        eprintln!("{o}");
    }
    assert!(
        offences.is_empty(),
        "{} lines point outside the repository (listed above); point them to \
         docs/rulings.md or docs/cli.md instead",
        offences.len()
    );
}

/// The targets of the inline links `[text](target)` in a Markdown text,
/// each with its line number; links inside code (fenced blocks and
/// backtick spans) are not links.
fn markdown_links(text: &str) -> Vec<(usize, String)> {
    let mut links = Vec::new();
    let mut fence: Option<&str> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if let Some(f) = fence {
            if trimmed.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if let Some(f) = ["```", "~~~"].into_iter().find(|f| trimmed.starts_with(f)) {
            fence = Some(f);
            continue;
        }
        // Blank out backtick spans so that code like `a[i](x)` is skipped.
        let mut plain = String::with_capacity(line.len());
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
                plain.push(' ');
            } else {
                plain.push(if in_code { ' ' } else { c });
            }
        }
        let mut rest = plain.as_str();
        while let Some(i) = rest.find("](") {
            let after = &rest[i + 2..];
            let Some(end) = after.find(')') else {
                break;
            };
            // `path "title"`: the target is the first word.
            let target = after[..end].split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            if !target.is_empty() {
                links.push((n + 1, target.to_string()));
            }
            rest = &after[end + 1..];
        }
    }
    links
}

/// Whether a link target is a relative path in the repository (not a web
/// address, a mail address or an anchor on the same page).
fn is_relative_path(target: &str) -> bool {
    let scheme = target
        .split_once(':')
        .is_some_and(|(s, _)| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric()));
    !(scheme || target.starts_with('#') || target.starts_with('/'))
}

/// `base/target` with `.` and `..` resolved by name, not by the file
/// system; `None` when it climbs above the root.
fn resolve(root: &Path, base: &Path, target: &str) -> Option<PathBuf> {
    let rel = base.strip_prefix(root).ok()?.join(target);
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for c in rel.components() {
        match c {
            Component::Normal(p) => parts.push(p),
            Component::ParentDir => {
                parts.pop()?;
            }
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(
        parts
            .iter()
            .fold(root.to_path_buf(), |p, part| p.join(part)),
    )
}

#[test]
fn markdown_links_lead_to_files_in_the_repository() {
    let root = root();
    let mut files = vec![root.join("README.md")];
    files_under(
        &root.join("docs"),
        &|p: &Path| has_extension(p, &["md"]),
        &mut files,
    );
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap_or_default();
        let base = file.parent().unwrap_or(&root);
        for (line, target) in markdown_links(&text) {
            if !is_relative_path(&target) {
                continue;
            }
            checked += 1;
            let path = target.split('#').next().unwrap_or("");
            if path.is_empty() {
                continue;
            }
            let ok = resolve(&root, base, path).is_some_and(|p| p.exists());
            if !ok {
                broken.push(format!(
                    "{}:{line}: ({target}) is not a file of the repository",
                    shown(&root, file)
                ));
            }
        }
    }
    for b in &broken {
        eprintln!("{b}");
    }
    assert!(
        checked > 10,
        "only {checked} relative links found: is the root right?"
    );
    assert!(
        broken.is_empty(),
        "{} broken links (listed above)",
        broken.len()
    );
}

#[test]
fn every_reason_word_is_in_the_json_contract() {
    let root = root();
    let cli = fs::read_to_string(root.join("docs/cli.md")).unwrap_or_default();
    let rulings = fs::read_to_string(root.join("docs/rulings.md")).unwrap_or_default();
    let mut missing = Vec::new();
    for reason in tablero_core::Reason::ALL {
        let word = format!("`{}`", reason.as_str());
        for (name, text) in [("docs/cli.md", &cli), ("docs/rulings.md", &rulings)] {
            if !text.contains(&word) {
                missing.push(format!("{name}: the reason word {word} is missing"));
            }
        }
    }
    for m in &missing {
        eprintln!("{m}");
    }
    assert!(
        missing.is_empty(),
        "{} reason words undocumented",
        missing.len()
    );
}

#[test]
fn the_checks_catch_what_they_look_for() {
    let documents = outside_documents();
    let s = "shared";
    let bad = [
        format!("see {}", documents[0]),
        format!("read `{s}/seeds/x`"),
        format!("(../{s}/y)"),
        format!("{s}/z at the start"),
        format!("the {} text", documents[3]),
    ];
    for line in &bad {
        assert!(outside_reference(line, &documents).is_some(), "{line}");
    }
    let good = [
        "docs/rulings.md and docs/cli.md".to_string(),
        format!("crates/{s}/x"),
        format!("my_{s}/x"),
        format!("a {s} screen"),
    ];
    for line in &good {
        assert_eq!(outside_reference(line, &documents), None, "{line}");
    }
    let links = markdown_links(
        "[a](x.md) and `[b](y.md)` and [c](z.md#top \"t\")\n```\n[d](w.md)\n```\n[e](https://e.org)",
    );
    let targets: Vec<&str> = links.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(targets, ["x.md", "z.md#top", "https://e.org"]);
    assert!(is_relative_path("../rulings.md#imago"));
    assert!(!is_relative_path("https://e.org"));
    assert!(!is_relative_path("#imago"));
    let root = root();
    assert_eq!(
        resolve(&root, &root.join("docs/rules"), "../rulings.md"),
        Some(root.join("docs/rulings.md"))
    );
    assert_eq!(resolve(&root, &root, "../outside.md"), None);
}

/// The section of `text` under the heading `title` (`## title`), to the
/// next heading of its level.
fn section<'a>(text: &'a str, title: &str) -> &'a str {
    let start = text
        .find(&format!("\n## {title}\n"))
        .unwrap_or_else(|| panic!("README.md has no section {title:?}"));
    let rest = &text[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

/// #50, item 12: a terminal user finds in README.md how to install the
/// command and what to try first, and every terminal feature (the clock,
/// the two-game match, the review at the end and `review`, puzzles, the
/// lab); draughts' PDN records sit under draughts, not Imago.
#[test]
fn the_readme_shows_a_terminal_user_the_way_in() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let terminal = section(&readme, "In the terminal");
    for needle in [
        "cargo install --path crates/cli",
        "tablero play imago                # try this first",
        "--clock 3+2",
        "--match",
        "tablero review game.txt",
        "reviewed at its end",
        "--no-review",
        "tablero puzzles generate",
        "tablero puzzle ",
        "tablero lab ",
        "--plain",
    ] {
        assert!(
            terminal.contains(needle),
            "{needle:?} is not in the terminal section"
        );
    }
    assert!(!section(&readme, "Playing Imago in the terminal").contains("draughts"));
    assert!(section(&readme, "Draughts in the terminal").contains("--record game.pdn"));
    // The install line installs the binary the README names.
    let manifest = fs::read_to_string(root().join("crates/cli/Cargo.toml")).expect("the manifest");
    assert!(manifest.contains("name = \"tablero\""));
}

/// #47, item 16: a newcomer learns from README.md's first screen what the
/// web site offers and how to start it: the status line and "The web app"
/// name the lobby, clocks, correspondence, accounts, ratings, puzzles,
/// review, explorer, profiles and leaderboards, with the pages' paths, and
/// the two commands are there; draughts is said to be off the web.
#[test]
fn the_readme_shows_a_newcomer_the_web_site() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let status = &readme[..readme.find("\n## ").expect("a first section")];
    for needle in [
        "lobby",
        "clocks",
        "correspondence",
        "accounts",
        "ratings",
        "profiles",
        "leaderboards",
        "review",
        "explorer",
        "puzzles",
    ] {
        assert!(status.contains(needle), "{needle:?} is not in the status");
    }
    assert!(status.contains("command line only"), "draughts' place");
    let commands = section(&readme, "Two commands");
    for needle in ["bash scripts/main.sh", "bash scripts/test.sh"] {
        assert!(
            commands.contains(needle),
            "{needle:?} is not in the two commands"
        );
    }
    let web = section(&readme, "The web app").to_lowercase();
    for needle in [
        "`/lobby`",
        "clocks",
        "correspondence",
        "accounts",
        "glicko-2 rating",
        "`/@/name`",
        "`/leaderboard`",
        "review",
        "`/analysis`",
        "`/explore/imago`",
        "`/puzzles`",
        "`/editor`",
        "`/lab`",
        "tablero serve",
    ] {
        assert!(web.contains(needle), "{needle:?} is not in \"The web app\"");
    }
    // One screen: the status and the web app's section together are short.
    let lines = status.lines().count() + web.lines().count();
    assert!(lines <= 80, "the status and the web app take {lines} lines");
}
