//! A survey's store (`lab.sqlite`, written by `tablero lab`), opened
//! read-only: how far the survey got. The server's own database is not
//! touched.

use super::{Progress, VariantProgress};
use serde_json::Value;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection, Row};
use std::path::Path;
use std::time::Duration;

/// What a store says, or `None` when it cannot be read (missing, being
/// created, locked for longer than the wait).
pub async fn progress(path: &Path) -> Option<(Progress, Value)> {
    if !path.is_file() {
        return None;
    }
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
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
