//! `/api/lab`: the reports of a lab folder, one report's figures and plots,
//! the progress of a survey still being played, and files refused outside
//! a report.

use std::path::Path;

mod common;
use common::Server;
use tablero_games::jarmo::Jarmo;
use tablero_lab::survey::play_unit;
use tablero_lab::{run_survey, summarize, write_report, Matchup, Store, SurveyConfig, UnitKey};

fn config(pairs: u32) -> SurveyConfig {
    SurveyConfig {
        game: "jarmo".into(),
        variants: vec!["standard".into(), "flipped".into()],
        matchups: vec![Matchup {
            a: "ai:1".into(),
            b: "ai:1".into(),
        }],
        pairs,
        openings: 2,
        seed: 5,
        ladder: Vec::new(),
    }
}

/// `root/full`: a finished survey with its report; `root/half`: a survey
/// of 2 x 3 units with one unit stored, no report.json yet but a cut one;
/// `root/notes`: not a report.
fn fixture(root: &Path) {
    let full = root.join("full");
    std::fs::create_dir_all(&full).unwrap();
    let store = Store::open_dir(&full).unwrap();
    let rows = run_survey::<Jarmo>(&config(1), &full, &store, 1, &|_, _| {}).unwrap();
    write_report(&summarize(&config(1), &rows), &full).unwrap();
    drop(store);

    let half = root.join("half");
    std::fs::create_dir_all(&half).unwrap();
    let store = Store::open_dir(&half).unwrap();
    let c = config(3);
    store.claim_config(&c).unwrap();
    let key = UnitKey {
        variant: 1,
        matchup: 0,
        pair: 2,
    };
    store
        .insert_unit(&play_unit::<Jarmo>(&c, key).unwrap())
        .unwrap();
    drop(store);
    std::fs::write(half.join("report.json"), "{\"config\": {\"game\": ").unwrap();

    // A store being created: an empty file, and one that is not SQLite.
    std::fs::create_dir_all(root.join("empty")).unwrap();
    std::fs::write(root.join("empty/lab.sqlite"), "").unwrap();
    std::fs::create_dir_all(root.join("garbage")).unwrap();
    std::fs::write(root.join("garbage/lab.sqlite"), "not a database at all").unwrap();

    std::fs::create_dir_all(root.join("notes")).unwrap();
    std::fs::write(root.join("notes/a.svg"), "<svg/>").unwrap();
    std::fs::write(root.join("secret.svg"), "<svg>secret</svg>").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(root.join("secret.svg"), full.join("link.svg")).unwrap();
}

async fn start(lab: Option<&Path>) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let config = tablero_server::Config {
        database: dir.path().join("t.db").to_str().unwrap().to_string(),
        rate: 0,
        lab: lab.map(Path::to_path_buf),
        // The committed puzzle sets are loaded by tests/puzzles.rs only.
        puzzles: tablero_server::puzzles::Seeding {
            sets: None,
            ..tablero_server::puzzles::Seeding::default()
        },
        ..tablero_server::Config::default()
    };
    common::start_with(config, Some(dir)).await
}

#[test]
fn lab_reports_progress_and_files() {
    let tmp = tempfile::tempdir().unwrap();
    fixture(tmp.path());
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let s = start(Some(tmp.path())).await;
            let (status, list) = s.call("GET", "/api/lab", None, None).await;
            assert_eq!(status, 200);
            let reports = list["reports"].as_array().unwrap();
            let names: Vec<&str> = reports
                .iter()
                .map(|r| r["name"].as_str().unwrap())
                .collect();
            assert_eq!(names, ["empty", "full", "garbage", "half"]);
            for i in [0, 2] {
                assert!(reports[i]["games_done"].is_null(), "{}", reports[i]);
                assert_eq!(reports[i]["state"], "stopped");
            }
            let (status, empty) = s.call("GET", "/api/lab/garbage", None, None).await;
            assert_eq!(status, 200);
            assert!(empty["progress"].is_null() && empty["report"].is_null());
            let full = &reports[1];
            assert_eq!(full["game"], "jarmo");
            assert_eq!(full["variants"], serde_json::json!(["standard", "flipped"]));
            assert_eq!(
                (full["games_done"].as_u64(), full["games_total"].as_u64()),
                (Some(4), Some(4))
            );
            assert_eq!(full["state"], "finished");
            assert!(full["updated"].as_u64().unwrap() > 0);
            let half = &reports[3];
            assert_eq!(
                (half["games_done"].as_u64(), half["games_total"].as_u64()),
                (Some(2), Some(12))
            );
            assert_eq!(half["state"], "running");

            let (status, one) = s.call("GET", "/api/lab/full", None, None).await;
            assert_eq!(status, 200);
            assert_eq!(one["progress"]["units_done"], 2);
            assert_eq!(one["progress"]["units_total"], 2);
            let groups = one["report"]["groups"].as_array().unwrap();
            assert_eq!(groups.len(), 2);
            assert_eq!(groups[1]["variant"], "flipped");
            assert_eq!(groups[0]["games"], 2);
            let plots: Vec<&str> = one["plots"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect();
            assert!(
                plots.contains(&"first-player.svg") && plots.contains(&"lengths.svg"),
                "{plots:?}"
            );
            let res = s
                .client
                .get(format!("{}/api/lab/full/files/first-player.svg", s.base))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200);
            assert_eq!(res.headers()["content-type"], "image/svg+xml");
            assert!(res.text().await.unwrap().contains("<svg"));

            // The half-written survey: counts from its store, per variant
            // too, and its cut report.json read as none.
            let (status, half) = s.call("GET", "/api/lab/half", None, None).await;
            assert_eq!(status, 200);
            let p = &half["progress"];
            assert_eq!(
                (p["units_done"].as_u64(), p["units_total"].as_u64()),
                (Some(1), Some(6))
            );
            assert_eq!(
                (p["games_done"].as_u64(), p["games_total"].as_u64()),
                (Some(2), Some(12))
            );
            assert_eq!(p["variants"][0]["games_done"], 0);
            assert_eq!(p["variants"][1]["games_done"], 2);
            let v1 = &p["variants"][1];
            let sum = v1["first"].as_u64().unwrap()
                + v1["second"].as_u64().unwrap()
                + v1["draws"].as_u64().unwrap();
            assert_eq!(sum, 2);
            assert!(half["report"].is_null());

            // Refused: unknown reports, names that climb, files that are
            // not a report's plots or JSON, links out of the folder.
            for (path, want) in [
                ("/api/lab/nope", 404),
                ("/api/lab/notes", 404),
                ("/api/lab/..%2F..%2Fetc", 400),
                ("/api/lab/full/files/..%2Fsecret.svg", 400),
                ("/api/lab/full/files/.hidden.svg", 400),
                ("/api/lab/full/files/lab.sqlite", 404),
                ("/api/lab/full/files/records", 404),
                ("/api/lab/full/files/nothing.svg", 404),
                ("/api/lab/notes/files/a.svg", 404),
                ("/api/lab/..%2Fsecret.svg/files/x.svg", 400),
            ] {
                let (status, body) = s.call("GET", path, None, None).await;
                assert_eq!(status, want, "{path}");
                assert!(body["error"].is_string(), "{path}: {body}");
            }
            #[cfg(unix)]
            {
                let (status, body) = s
                    .call("GET", "/api/lab/full/files/link.svg", None, None)
                    .await;
                assert_eq!(status, 404, "{body}");
            }

            // One report served alone is listed under its folder's name.
            let one_dir = tmp.path().join("full");
            let s2 = start(Some(&one_dir)).await;
            let (_, list) = s2.call("GET", "/api/lab", None, None).await;
            assert_eq!(list["reports"][0]["name"], "full");
            assert_eq!(list["reports"].as_array().unwrap().len(), 1);
        });
}

#[tokio::test]
async fn without_a_lab_folder_the_list_is_empty() {
    let s = start(None).await;
    let (status, list) = s.call("GET", "/api/lab", None, None).await;
    assert_eq!(status, 200);
    assert_eq!(list["reports"], serde_json::json!([]));
    let (status, body) = s.call("GET", "/api/lab/x", None, None).await;
    assert_eq!(status, 404);
    assert!(body["error"].is_string());
}
