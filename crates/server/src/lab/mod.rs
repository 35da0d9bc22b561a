//! The designer's lab in the web app (`tablero serve --lab DIR`): the
//! reports `tablero lab` wrote under DIR, each one's figures and plots,
//! and the live progress of a survey another process is still playing
//! (docs/web-api.md, "The lab"). With no folder there is nothing to list.
//!
//! DIR is either one report folder (it holds `report.json` or
//! `lab.sqlite`) or a folder of report folders. Everything is read on each
//! request and nothing is ever written: `lab.sqlite` is opened read-only
//! ([`store`]: the survey writing it may be running), and a report that is
//! half written (no `report.json` yet, a `report.json` cut short, a store
//! with no tables yet) is shown with what can be read. Files are served
//! only by a plain name (no `/`, no `..`) from the top of a listed
//! report's folder, and only plots and JSON.

pub mod store;

use serde::Serialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tablero_core::Message;
use tablero_i18n::id;

/// The lab's folder of reports (none: the lab lists nothing).
#[derive(Clone, Default)]
pub struct LabDir(pub Arc<Option<PathBuf>>);

crate::refusal::concern_error! {
    /// Why the lab refused a request.
    pub enum LabError {
        /// A name that is not a report's or a file's.
        BadName => Invalid,
        /// No lab folder, no such report, no such file (or one not served).
        NotFound => Missing,
    }
}

/// The store's file name in a report folder (as `tablero lab` writes it).
const STORE_FILE: &str = "lab.sqlite";
/// The report's figures (written when a survey finishes).
const REPORT_FILE: &str = "report.json";
/// A survey whose store changed within this is shown as running.
const RUNNING_WITHIN: Duration = Duration::from_secs(120);
/// The longest `report.json` read.
const MAX_REPORT: u64 = 32 << 20;

/// A report's name: a folder name of letters, digits, `.`, `_` and `-`,
/// not starting with `.`.
fn good_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 200
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

fn is_report(dir: &Path) -> bool {
    dir.join(REPORT_FILE).is_file() || dir.join(STORE_FILE).is_file()
}

/// The reports under `root`: `(name, folder)`, sorted by name.
pub fn reports(root: &Path) -> Vec<(String, PathBuf)> {
    if is_report(root) {
        let name = root
            .canonicalize()
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .filter(|n| good_name(n))
            .unwrap_or_else(|| "report".to_string());
        return vec![(name, root.to_path_buf())];
    }
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(root) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path();
            if good_name(&name) && path.is_dir() && is_report(&path) {
                out.push((name, path));
            }
        }
    }
    out.sort();
    out
}

/// The folder of the report `name`, when it is one of the listed reports.
///
/// # Errors
/// A bad name, no lab folder, no such report.
pub fn find(dir: &LabDir, name: &str) -> Result<PathBuf, LabError> {
    if !good_name(name) {
        return Err(LabError::BadName(Message::of(id!("api_lab_bad_name"))));
    }
    let Some(root) = dir.0.as_ref() else {
        return Err(LabError::NotFound(Message::of(id!("api_lab_none"))));
    };
    reports(root)
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, p)| p)
        .ok_or_else(|| LabError::NotFound(Message::of(id!("api_lab_no_report"))))
}

/// The file `file` of the report `name` that may be served, and its
/// content type: a plot (`.svg`) or JSON, of a plain name, really in the
/// report's folder.
///
/// # Errors
/// A bad report or file name, no such report or file, a kind of file not
/// served.
pub fn served_file(
    dir: &LabDir,
    name: &str,
    file: &str,
) -> Result<(PathBuf, &'static str), LabError> {
    let path = find(dir, name)?;
    let kind = if file.ends_with(".svg") {
        "image/svg+xml"
    } else if file.ends_with(".json") {
        "application/json"
    } else {
        return Err(LabError::NotFound(Message::of(id!("api_lab_not_served"))));
    };
    if !good_name(file) {
        return Err(LabError::BadName(Message::of(id!("api_lab_bad_file"))));
    }
    // A name of one plain segment cannot leave the folder, but a link
    // inside it could: the file's real path must be in the report's.
    let inside = match (path.canonicalize(), path.join(file).canonicalize()) {
        (Ok(root), Ok(f)) => f.parent() == Some(root.as_path()) && f.is_file(),
        _ => false,
    };
    if !inside {
        return Err(LabError::NotFound(Message::of(id!("api_lab_no_file"))));
    }
    Ok((path.join(file), kind))
}

/// How far a survey got, from its store.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Progress {
    /// Units (pairs of games) stored whole.
    units_done: u64,
    /// Units the survey plays.
    units_total: u64,
    /// Games stored.
    games_done: u64,
    /// Games the survey plays.
    games_total: u64,
    /// Per variant, in the survey's order: games stored and their results
    /// so far.
    variants: Vec<VariantProgress>,
}

/// How far a survey got in one variant.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct VariantProgress {
    variant: String,
    games_done: u64,
    games_total: u64,
    first: u64,
    second: u64,
    draws: u64,
}

/// `report.json`, or `None` when missing or not (yet) whole JSON.
fn read_report(dir: &Path) -> Option<Value> {
    let path = dir.join(REPORT_FILE);
    let meta = std::fs::metadata(&path).ok()?;
    if meta.len() > MAX_REPORT {
        return None;
    }
    serde_json::from_slice(&std::fs::read(&path).ok()?).ok()
}

/// The last change to the report's files, in ms since 1970.
fn updated(dir: &Path) -> Option<u64> {
    [
        "lab.sqlite",
        "lab.sqlite-wal",
        "lab.sqlite-journal",
        REPORT_FILE,
    ]
    .iter()
    .filter_map(|f| std::fs::metadata(dir.join(f)).ok()?.modified().ok())
    .max()
    .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
    .map(|d| d.as_millis() as u64)
}

/// `finished` (every game stored, or an exact report), `running` (games
/// missing, the store changed lately) or `stopped`.
fn state(
    progress: Option<&Progress>,
    report: Option<&Value>,
    updated: Option<u64>,
) -> &'static str {
    match progress {
        Some(p) if p.games_total > 0 && p.games_done >= p.games_total => "finished",
        Some(_) => {
            let now = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64);
            if updated.is_some_and(|u| now.saturating_sub(u) < RUNNING_WITHIN.as_millis() as u64) {
                "running"
            } else {
                "stopped"
            }
        }
        None if report.is_some() => "finished",
        None => "stopped",
    }
}

/// The plots of a report: its top-level `.svg` files, sorted.
pub fn plots(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| good_name(n) && n.ends_with(".svg"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// The summary of one report, as listed.
pub async fn summary(name: &str, dir: &Path) -> (Value, Option<Progress>, Option<Value>) {
    let prog = store::progress(&dir.join(STORE_FILE)).await;
    let report = read_report(dir);
    let config = prog
        .as_ref()
        .map(|(_, c)| c.clone())
        .or_else(|| report.as_ref().map(|r| r["config"].clone()))
        .filter(|c| c.is_object());
    let exact = report
        .as_ref()
        .is_some_and(|r| r.get("layouts").is_some() || r.get("exact").is_some());
    let game = config
        .as_ref()
        .and_then(|c| c["game"].as_str().map(str::to_string))
        .or_else(|| {
            report
                .as_ref()
                .and_then(|r| r["game"].as_str().map(str::to_string))
        })
        .or_else(|| exact.then(|| "imago".to_string()));
    let variants: Vec<Value> = config
        .as_ref()
        .and_then(|c| c["variants"].as_array().cloned())
        .unwrap_or_default();
    let progress = prog.map(|(p, _)| p);
    let (done, total) = match (&progress, &report) {
        (Some(p), _) => (Some(p.games_done), Some(p.games_total)),
        (None, Some(r)) if !exact => (r["games"].as_u64(), r["games"].as_u64()),
        _ => (None, None),
    };
    let updated = updated(dir);
    let value = json!({
        "name": name,
        "game": game,
        "kind": if exact { "exact" } else { "survey" },
        "variants": variants,
        "games_done": done,
        "games_total": total,
        "state": state(progress.as_ref(), report.as_ref(), updated),
        "updated": updated,
    });
    (value, progress, report)
}
