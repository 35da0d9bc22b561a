//! The import guard: the server's house by concern, checked on its source
//! tree (`crates/server/src`, docs/architecture.md, "The server's
//! concerns"). It fails when
//! - a concern imports another concern's `store`;
//! - a concern file knows HTTP (axum, hyper, tower, status codes, headers)
//!   or the routes' `ApiError`;
//! - the games concern imports another concern (it publishes its ends and
//!   asks its `Seating` port; it names no subscriber);
//! - the shared storage (`db/`), the events (`events.rs`) or the kinds of
//!   refusal (`refusal.rs`) import a concern;
//! - a route file imports another route file (they share `routes/http/`
//!   and `state.rs` only);
//! - SQL is written outside a concern's `store.rs` (and `db/`);
//! - a table is written (`INSERT INTO`, `UPDATE`, `DELETE FROM`) by any
//!   `store.rs` but its owner's.
//!
//! The checker is tested on made-up trees: each rule catches a bad file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The concerns: a folder each, with `mod.rs` and `store.rs`.
const CONCERNS: [&str; 21] = [
    "bots",
    "games",
    "lobby",
    "accounts",
    "ratings",
    "mail",
    "puzzles",
    "reviews",
    "explore",
    "players",
    "layouts",
    "lab",
    "challenges",
    "people",
    "online",
    "learn",
    "chat",
    "notes",
    "tournaments",
    "vacation",
    "push",
];

/// Which concern owns (and alone writes) each table.
const TABLES: [(&str, &str); 46] = [
    ("bots", "bots"),
    ("games", "games"),
    ("moves", "games"),
    ("end_counter", "games"),
    ("seeks", "lobby"),
    ("accounts", "accounts"),
    ("sessions", "accounts"),
    ("account_seats", "accounts"),
    ("held_names", "accounts"),
    ("ratings", "ratings"),
    ("rating_changes", "ratings"),
    ("rating_cursor", "ratings"),
    ("notify_addresses", "mail"),
    ("notify_tokens", "mail"),
    ("notify_sent", "mail"),
    ("notify_accounts", "mail"),
    ("puzzles", "puzzles"),
    ("puzzle_ratings", "puzzles"),
    ("puzzle_attempts", "puzzles"),
    ("reviews", "reviews"),
    ("layouts", "layouts"),
    ("challenges", "challenges"),
    ("challenge_settings", "challenges"),
    ("follows", "people"),
    ("blocks", "people"),
    ("online_processes", "online"),
    ("online_accounts", "online"),
    ("online_spectators", "online"),
    ("learn_progress", "learn"),
    ("chat_lines", "chat"),
    ("chat_mutes", "chat"),
    ("chat_reports", "chat"),
    ("moderators", "chat"),
    ("chat_marks", "chat"),
    ("game_notes", "notes"),
    ("tournaments", "tournaments"),
    ("tournament_entries", "tournaments"),
    ("tournament_pairings", "tournaments"),
    ("vacations", "vacation"),
    ("conditional_moves", "games"),
    ("notify_challenges", "mail"),
    ("push_vapid", "push"),
    ("push_subscriptions", "push"),
    ("push_kinds", "push"),
    ("push_claims", "push"),
    // The lab reads its survey's own file, never the server's tables.
    ("lab_games", "lab"),
];

/// Words that only code that speaks HTTP uses (a mail's headers are not
/// HTTP's: `lettre`'s `HeaderValue` is fine).
const HTTP_WORDS: [&str; 8] = [
    "axum",
    "hyper",
    "tower",
    "http::",
    "StatusCode",
    "IntoResponse",
    "ApiError",
    "crate::routes",
];

/// The source files under `dir`, by their path relative to it (`/`
/// separated), with their text.
fn tree(dir: &Path) -> BTreeMap<String, String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path: PathBuf = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy();
                let text = std::fs::read_to_string(&path).unwrap();
                out.insert(rel.replace('\\', "/"), text);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The code of `text`: its lines without comments (a path named in a doc
/// comment is prose, not an import).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The concern a file belongs to (`games/end.rs`: `games`), if any.
fn concern_of(path: &str) -> Option<&'static str> {
    let top = path.split('/').next()?;
    CONCERNS
        .iter()
        .copied()
        .find(|c| *c == top && path.contains('/'))
}

/// Whether `code` names the path `path` (`super::mail`), as a whole: not
/// inside a longer name (`super::mailer`, `my_super::mail`).
fn mentions(code: &str, path: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    code.match_indices(path).any(|(i, _)| {
        !word(code[..i].chars().next_back()) && !word(code[i + path.len()..].chars().next())
    })
}

/// Whether `code` names the crate's module `name` (`crate::name`).
fn names_module(code: &str, name: &str) -> bool {
    mentions(code, &format!("crate::{name}"))
}

/// Every table `code` writes (`INSERT INTO t`, `UPDATE t`, `DELETE FROM
/// t`), with the SQL's words.
fn written_tables(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for verb in ["INSERT INTO ", "UPDATE ", "DELETE FROM "] {
        for (i, _) in code.match_indices(verb) {
            // `ON CONFLICT ... DO UPDATE SET` updates the row inserted.
            if verb == "UPDATE " && code[..i].ends_with("DO ") {
                continue;
            }
            let table: String = code[i + verb.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // `ON CONFLICT ... DO UPDATE SET`: the table of its INSERT.
            if !table.is_empty() && table != "SET" {
                out.push(table);
            }
        }
    }
    out
}

/// What is wrong with the tree `files` (paths relative to `src/`).
fn problems(files: &BTreeMap<String, String>) -> Vec<String> {
    let mut out = Vec::new();
    let route_files: Vec<String> = files
        .keys()
        .filter_map(|p| p.strip_prefix("routes/"))
        .filter(|p| !p.contains('/') && *p != "mod.rs")
        .map(|p| p.trim_end_matches(".rs").to_string())
        .collect();
    for (path, text) in files {
        let code = code(text);
        let concern = concern_of(path);
        if let Some(own) = concern {
            for other in CONCERNS.iter().filter(|c| **c != own) {
                if code.contains(&format!("{other}::store")) {
                    out.push(format!("{path}: imports {other}'s store"));
                }
            }
            for word in HTTP_WORDS {
                if code.contains(word) {
                    out.push(format!("{path}: a concern speaks HTTP ({word})"));
                }
            }
            if own == "games" {
                for other in CONCERNS.iter().filter(|c| **c != "games") {
                    if names_module(&code, other) {
                        out.push(format!("{path}: the games concern imports {other}"));
                    }
                }
                for part in ["state", "routes"] {
                    if names_module(&code, part) {
                        out.push(format!("{path}: the games concern imports {part}"));
                    }
                }
            }
        }
        if path.starts_with("db/") || path == "events.rs" || path == "refusal.rs" {
            for c in CONCERNS {
                if names_module(&code, c) {
                    out.push(format!("{path}: the shared {path} imports the concern {c}"));
                }
            }
        }
        if let Some(file) = path.strip_prefix("routes/") {
            if !file.contains('/') && file != "mod.rs" {
                let own = file.trim_end_matches(".rs");
                for other in route_files.iter().filter(|o| *o != own) {
                    for form in [format!("super::{other}"), format!("routes::{other}")] {
                        if mentions(&code, &form) {
                            out.push(format!("{path}: a route file imports {other}.rs"));
                        }
                    }
                }
            }
        }
        let store = path.ends_with("/store.rs") || path.starts_with("db/");
        if code.contains("sqlx::query") && !store {
            out.push(format!("{path}: SQL outside a store.rs"));
        }
        if store {
            for table in written_tables(&code) {
                let owner = TABLES.iter().find(|(t, _)| *t == table).map(|(_, o)| *o);
                match (owner, concern) {
                    (Some(o), Some(c)) if o == c => {}
                    (Some(o), _) => out.push(format!("{path}: writes {o}'s table {table}")),
                    (None, _) => out.push(format!("{path}: writes {table}, a table of no one")),
                }
            }
        }
    }
    out
}

#[test]
fn the_server_keeps_its_house_by_concern() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = tree(&src);
    for c in CONCERNS {
        for f in ["mod.rs", "store.rs"] {
            let path = format!("{c}/{f}");
            assert!(files.contains_key(&path), "the concern {c} lacks {path}");
        }
    }
    let found = problems(&files);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A made-up tree of `files`, each `(path, text)`.
fn made(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files
        .iter()
        .map(|(p, t)| ((*p).to_string(), (*t).to_string()))
        .collect()
}

#[test]
fn the_checker_catches_each_bad_import() {
    let good = made(&[
        (
            "games/mod.rs",
            "use crate::db::Db;\nuse crate::events::Bus;",
        ),
        (
            "ratings/mod.rs",
            "use crate::games::Hub;\n// crate::mail::store in prose is fine",
        ),
        (
            "ratings/store.rs",
            "sqlx::query(\"UPDATE ratings SET x = 1\")",
        ),
        ("routes/games.rs", "use super::http::error::ApiError;"),
        ("routes/mail.rs", "use crate::mail::Mail;"),
    ]);
    assert_eq!(problems(&good), Vec::<String>::new());
    for (path, text, want) in [
        (
            "ratings/mod.rs",
            "use crate::games::store::GameRow;",
            "imports games's store",
        ),
        ("mail/mod.rs", "use axum::Json;", "speaks HTTP (axum)"),
        (
            "lobby/mod.rs",
            "fn f() -> ApiError {}",
            "speaks HTTP (ApiError)",
        ),
        (
            "games/end.rs",
            "use crate::ratings::Ratings;",
            "the games concern imports ratings",
        ),
        (
            "games/mod.rs",
            "crate::mail::deliver();",
            "the games concern imports mail",
        ),
        (
            "db/mod.rs",
            "use crate::accounts::Accounts;",
            "imports the concern",
        ),
        (
            "routes/games.rs",
            "use super::mail::subscribe;",
            "a route file imports mail.rs",
        ),
        (
            "routes/mail.rs",
            "use crate::routes::games::catalog;",
            "a route file imports games.rs",
        ),
        (
            "accounts/mod.rs",
            "sqlx::query(\"SELECT 1\")",
            "SQL outside a store.rs",
        ),
        (
            "players/store.rs",
            "sqlx::query(\"UPDATE accounts SET private = 1\")",
            "writes accounts's table accounts",
        ),
        (
            "mail/store.rs",
            "sqlx::query(\"DELETE FROM moves WHERE game_id = $1\")",
            "writes games's table moves",
        ),
    ] {
        let mut bad = good.clone();
        bad.insert(path.to_string(), text.to_string());
        let found = problems(&bad);
        assert!(
            found.iter().any(|p| p.contains(want)),
            "{path} {text:?}: {found:?}"
        );
    }
}
