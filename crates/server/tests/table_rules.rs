//! The rules around the board through the web API: the same scenarios as
//! the table's and `tablero play`'s tests (crates/ai/tests/common), each
//! seat acting with its own token.

#[path = "../../ai/tests/common/table_scenarios.rs"]
mod scenarios;

use scenarios::{Act, Answer, End, Who, SCENARIOS};
use serde_json::{json, Value};

async fn call(base: &str, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut req = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .body(body.to_string());
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let resp = req.send().await.expect("request");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_shared_scenarios_hold_in_the_web_api() {
    let dir = tempfile::tempdir().unwrap();
    let config = tablero_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: dir.path().join("t.db").to_str().unwrap().to_string(),
        rate: 0,
        // The committed puzzle sets are loaded by tests/puzzles.rs only.
        puzzles: tablero_server::puzzles::Seeding {
            sets: None,
            ..tablero_server::puzzles::Seeding::default()
        },
        ..tablero_server::Config::default()
    };
    let running = tablero_server::start(config, std::future::pending())
        .await
        .expect("the server starts");
    let base = format!("http://{}", running.addr);
    let task = tokio::spawn(running.server);
    for sc in SCENARIOS {
        let seats: Vec<Value> = sc
            .seats
            .iter()
            .map(|w| match w {
                Who::Person => json!({"kind": "human"}),
                Who::Computer(level) => json!({"kind": "ai", "level": level}),
            })
            .collect();
        let (status, created) = call(
            &base,
            "/api/games",
            None,
            json!({"game": sc.game, "seats": seats}),
        )
        .await;
        assert_eq!(status, 200, "{}: {created}", sc.name);
        let id = created["id"].as_str().unwrap();
        for (i, &(seat, act, want)) in sc.steps.iter().enumerate() {
            let token = created["tokens"][seat.to_string()].as_str();
            let (action, body) = match act {
                Act::Move(m) => ("move", json!({"move": m})),
                Act::Claim => ("claim", json!({})),
                Act::Resign => ("resign", json!({})),
                Act::Offer => ("draw", json!({"action": "offer"})),
                Act::Accept => ("draw", json!({"action": "accept"})),
                Act::Decline => ("draw", json!({"action": "decline"})),
                Act::Undo => ("undo", json!({})),
            };
            let (status, answer) =
                call(&base, &format!("/api/games/{id}/{action}"), token, body).await;
            match want {
                Answer::Done => assert_eq!(status, 200, "{}: step {i}: {answer}", sc.name),
                Answer::Refused => {
                    assert!(
                        (400..500).contains(&status),
                        "{}: step {i}: {status}",
                        sc.name
                    );
                    assert!(answer["error"].is_string(), "{}: {answer}", sc.name);
                }
            }
        }
        let state: Value = reqwest::get(format!("{base}/api/games/{id}"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        match sc.end {
            End::GoesOn(plies) => {
                assert!(state["result"].is_null(), "{}: {state}", sc.name);
                assert_eq!(state["ply"], plies, "{}", sc.name);
            }
            End::Over(winner, reason) => {
                assert_eq!(state["result"]["winner"], json!(winner), "{}", sc.name);
                assert_eq!(state["result"]["reason"], reason, "{}", sc.name);
            }
        }
    }
    task.abort();
}
