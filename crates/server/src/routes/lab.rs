//! The designer's lab in the web app (`tablero serve --lab DIR`):
//! `GET /api/lab` lists the reports `tablero lab` wrote under DIR,
//! `GET /api/lab/{name}` gives one report's figures and plots and the live
//! progress of a survey another process is still playing, and
//! `GET /api/lab/{name}/files/{file}` one of its files (docs/web-api.md,
//! "The lab"). With no folder they answer an empty list and 404s.
//!
//! DIR is either one report folder (it holds `report.json` or
//! `lab.sqlite`) or a folder of report folders. Everything is read on each
//! request and nothing is ever written: `lab.sqlite` is opened read-only
//! (the survey writing it may be running), and a report that is half
//! written (no `report.json` yet, a `report.json` cut short, a store with
//! no tables yet) is shown with what can be read. Files are served only by
//! a plain name (no `/`, no `..`) from the top of a listed report's folder,
//! and only plots and JSON.

use crate::state::LabDir;
use axum::extract::{Path as UrlPath, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tablero_i18n::{id, Id};

/// The store's file name in a report folder (as `tablero lab` writes it).
const STORE_FILE: &str = "lab.sqlite";
/// The report's figures (written when a survey finishes).
const REPORT_FILE: &str = "report.json";
/// A survey whose store changed within this is shown as running.
const RUNNING_WITHIN: Duration = Duration::from_secs(120);
/// The longest `report.json` read.
const MAX_REPORT: u64 = 32 << 20;

type Dir = LabDir;

/// An error answer with its message id of `locales/*/web.ftl` (as every
/// error answer, docs/web-api.md, "Errors").
fn error(status: StatusCode, id: Id) -> Response {
    let said = tablero_core::Message::of(id);
    (status, Json(crate::error::message_body(&said))).into_response()
}

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
fn reports(root: &Path) -> Vec<(String, PathBuf)> {
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
fn find(dir: &Dir, name: &str) -> Result<PathBuf, (StatusCode, Id)> {
    if !good_name(name) {
        return Err((StatusCode::BAD_REQUEST, id!("api_lab_bad_name")));
    }
    let Some(root) = dir.0.as_ref() else {
        return Err((StatusCode::NOT_FOUND, id!("api_lab_none")));
    };
    reports(root)
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, p)| p)
        .ok_or((StatusCode::NOT_FOUND, id!("api_lab_no_report")))
}

/// How far a survey got, from its store.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
struct Progress {
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

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
struct VariantProgress {
    variant: String,
    games_done: u64,
    games_total: u64,
    first: u64,
    second: u64,
    draws: u64,
}

/// What a store says, or `None` when it cannot be read (missing, being
/// created, locked for longer than the wait).
async fn progress(dir: &Path) -> Option<(Progress, Value)> {
    let path = dir.join(STORE_FILE);
    if !path.is_file() {
        return None;
    }
    let mut conn = SqliteConnectOptions::new()
        .filename(&path)
        .read_only(true)
        .busy_timeout(Duration::from_secs(2))
        .connect()
        .await
        .ok()?;
    let config: Value = sqlx::query("SELECT value FROM lab_meta WHERE key = 'config'")
        .fetch_optional(&mut conn)
        .await
        .ok()
        .flatten()
        .and_then(|r| serde_json::from_str(&r.get::<String, _>(0)).ok())?;
    let variants: Vec<String> = config["variants"]
        .as_array()
        .map(|v| {
            v.iter()
                .map(|s| s.as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default();
    let matchups = config["matchups"].as_array().map_or(0, Vec::len) as u64;
    let pairs = config["pairs"].as_u64().unwrap_or(0);
    let units_total = variants.len() as u64 * matchups * pairs;
    let units_done: i64 = sqlx::query(
        "SELECT COUNT(*) FROM (SELECT 1 FROM lab_games GROUP BY variant, matchup, pair \
         HAVING COUNT(*) = 2)",
    )
    .fetch_one(&mut conn)
    .await
    .ok()
    .map_or(0, |r| r.get(0));
    let rows = sqlx::query(
        "SELECT variant, json_extract(stats, '$.result'), COUNT(*) FROM lab_games GROUP BY 1, 2",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap_or_default();
    let mut per: Vec<VariantProgress> = variants
        .iter()
        .map(|v| VariantProgress {
            variant: v.clone(),
            games_total: 2 * matchups * pairs,
            ..VariantProgress::default()
        })
        .collect();
    let mut games_done = 0;
    for r in rows {
        let v: i64 = r.get(0);
        let result: Option<String> = r.try_get(1).ok().flatten();
        let n: i64 = r.get(2);
        let n = n.max(0) as u64;
        games_done += n;
        if let Some(p) = usize::try_from(v).ok().and_then(|v| per.get_mut(v)) {
            p.games_done += n;
            match result.as_deref() {
                Some("first") => p.first += n,
                Some("second") => p.second += n,
                Some("draw") => p.draws += n,
                _ => {}
            }
        }
    }
    let _ = conn.close().await;
    Some((
        Progress {
            units_done: units_done.max(0) as u64,
            units_total,
            games_done,
            games_total: 2 * units_total,
            variants: per,
        },
        config,
    ))
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
fn plots(dir: &Path) -> Vec<String> {
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
async fn summary(name: &str, dir: &Path) -> (Value, Option<Progress>, Option<Value>) {
    let prog = progress(dir).await;
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

pub(super) async fn list(State(dir): State<Dir>) -> Response {
    let Some(root) = dir.0.as_ref() else {
        return Json(json!({ "reports": [] })).into_response();
    };
    let mut out = Vec::new();
    for (name, path) in reports(root) {
        out.push(summary(&name, &path).await.0);
    }
    Json(json!({ "reports": out })).into_response()
}

pub(super) async fn one(State(dir): State<Dir>, UrlPath(name): UrlPath<String>) -> Response {
    let path = match find(&dir, &name) {
        Ok(p) => p,
        Err((status, text)) => return error(status, text),
    };
    let (mut value, progress, report) = summary(&name, &path).await;
    value["progress"] = serde_json::to_value(progress).unwrap_or(Value::Null);
    value["report"] = report.unwrap_or(Value::Null);
    value["plots"] = json!(plots(&path));
    let mut res = Json(value).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    res
}

pub(super) async fn file(
    State(dir): State<Dir>,
    UrlPath((name, file)): UrlPath<(String, String)>,
) -> Response {
    let path = match find(&dir, &name) {
        Ok(p) => p,
        Err((status, text)) => return error(status, text),
    };
    let kind = if file.ends_with(".svg") {
        "image/svg+xml"
    } else if file.ends_with(".json") {
        "application/json"
    } else {
        return error(StatusCode::NOT_FOUND, id!("api_lab_not_served"));
    };
    if !good_name(&file) {
        return error(StatusCode::BAD_REQUEST, id!("api_lab_bad_file"));
    }
    // A name of one plain segment cannot leave the folder, but a link
    // inside it could: the file's real path must be in the report's.
    let inside = match (path.canonicalize(), path.join(&file).canonicalize()) {
        (Ok(root), Ok(f)) => f.parent() == Some(root.as_path()) && f.is_file(),
        _ => false,
    };
    if !inside {
        return error(StatusCode::NOT_FOUND, id!("api_lab_no_file"));
    }
    match tokio::fs::read(path.join(&file)).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (
                    header::CONTENT_SECURITY_POLICY,
                    "default-src 'none'; style-src 'unsafe-inline'",
                ),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        Err(_) => error(StatusCode::NOT_FOUND, id!("api_lab_no_file")),
    }
}
