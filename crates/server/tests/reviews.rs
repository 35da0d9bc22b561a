//! Reviews of finished games through the API: asked for, made off the
//! request path with its progress readable, kept with the game and given
//! again at once; a game not over is refused.

use serde_json::{json, Value};
use std::time::Duration;

mod common;
use common::Server;

/// A game of the computer against itself at level 1, played to its end.
async fn finished(s: &Server, game: &str) -> (String, Value) {
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": game, "seats": [{"kind": "ai", "level": 1}, {"kind": "ai", "level": 1}]})),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    for _ in 0..2400 {
        let (_, st) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        if !st["result"].is_null() {
            return (id, st);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} did not end");
}

async fn reviewed(s: &Server, id: &str) -> Value {
    for _ in 0..1200 {
        let (status, v) = s
            .call(
                "POST",
                &format!("/api/games/{id}/review"),
                None,
                Some(json!({})),
            )
            .await;
        assert_eq!(status, 200, "{v}");
        match v["state"].as_str() {
            Some("done") => return v["review"].clone(),
            Some("running") => {
                let (done, total) = (v["done"].as_u64().unwrap(), v["total"].as_u64().unwrap());
                assert!(done <= total, "{v}");
            }
            other => panic!("state {other:?}: {v}"),
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id} was not reviewed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_once_and_kept() {
    let s = common::start().await;
    let (id, st) = finished(&s, "imago").await;
    let (status, v) = s
        .call("GET", &format!("/api/games/{id}/review"), None, None)
        .await;
    assert_eq!((status, v["state"].as_str()), (200, Some("none")));
    let review = reviewed(&s, &id).await;
    let plies = st["ply"].as_u64().unwrap() as usize;
    assert_eq!(review["game"], "imago");
    assert_eq!(review["method"], "exact");
    assert_eq!(review["moves"].as_array().unwrap().len(), plies);
    assert_eq!(review["chart"].as_array().unwrap().len(), plies + 1);
    for (i, m) in review["moves"].as_array().unwrap().iter().enumerate() {
        assert_eq!(m["ply"].as_u64(), Some(i as u64 + 1));
        assert_ne!(m["verdict"], "unknown", "Imago judges every move: {m}");
    }
    // Kept: given at once, also to a plain GET, and stored once.
    let (_, again) = s
        .call("GET", &format!("/api/games/{id}/review"), None, None)
        .await;
    assert_eq!(again["state"], "done");
    assert_eq!(again["review"], review);
    let store = tablero_server::Db::open(&s.database).await.unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reviews")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(n, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_searched_game_is_reviewed_with_verdicts_and_a_game_in_play_is_refused() {
    let s = common::start().await;
    let (id, _) = finished(&s, "jarmo").await;
    let review = reviewed(&s, &id).await;
    assert_eq!(review["method"], "search");
    assert!(review["accuracy"][0]["judged"].as_u64().unwrap() > 0);
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]})),
        )
        .await;
    assert_eq!(status, 200);
    let open = created["id"].as_str().unwrap();
    let (status, v) = s
        .call(
            "POST",
            &format!("/api/games/{open}/review"),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (409, Some("api_review_not_over"))
    );
    let (status, _) = s
        .call("POST", "/api/games/nope/review", None, Some(json!({})))
        .await;
    assert_eq!(status, 404);
}
