//! `POST /api/position` and `POST /api/analyse`: any position drawn as a
//! game page draws it, and analysed with the values the solvers give.

use serde_json::{json, Value};
use tablero_ai::analysis::Exact;
use tablero_core::Game;
use tablero_games::imago::{Imago, Layout};

async fn post(base: &str, path: &str, body: Value) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .body(body.to_string())
        .send()
        .await
        .expect("request");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

mod common;

/// A server and its address.
async fn server() -> (String, common::Server) {
    let s = common::start().await;
    (s.base.clone(), s)
}

fn texts(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_position_is_drawn_with_its_legal_moves_and_bad_input_is_named() {
    let (base, _dir) = server().await;
    for game in ["imago", "jarmo", "linja", "dimensiones"] {
        let (status, start) = post(&base, "/api/position", json!({ "game": game })).await;
        assert_eq!(status, 200, "{game}: {start}");
        assert_eq!(start["ply"], 0);
        assert!(start["view"].is_object(), "{game}: {start}");
        let legal = texts(&start["legal"]);
        assert!(!legal.is_empty(), "{game}");
        // Play the first legal move twice over: the answer is the position
        // after it, with the mover's turn passed on.
        let (status, after) = post(
            &base,
            "/api/position",
            json!({ "game": game, "moves": [legal[0]] }),
        )
        .await;
        assert_eq!(status, 200, "{game}: {after}");
        assert_eq!(after["ply"], 1);
        assert_eq!(after["moves"], json!([legal[0]]));
        assert_ne!(after["position"], start["position"], "{game}");
        // The same position from its string draws the same board.
        let (status, again) = post(
            &base,
            "/api/position",
            json!({ "game": game, "position": after["position"] }),
        )
        .await;
        assert_eq!(status, 200, "{game}: {again}");
        assert_eq!(again["view"], after["view"], "{game}");
        assert_eq!(again["legal"], after["legal"], "{game}");
    }
    let bad = [
        (json!({"game": "chess"}), 404, "no game"),
        (json!({"game": "jarmo", "moves": ["zz9"]}), 400, "move 1"),
        (json!({"game": "jarmo", "first": 2}), 400, "first"),
        (
            json!({"game": "linja", "variant": "nonsense"}),
            400,
            "nonsense",
        ),
        (json!({"game": "imago", "position": "?"}), 400, "position"),
        (json!({"game": "imago", "extra": 1}), 400, "extra"),
    ];
    for (body, want, words) in bad {
        let (status, answer) = post(&base, "/api/position", body.clone()).await;
        assert_eq!(status, want, "{body}: {answer}");
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.contains(words), "{body}: {error}");
    }
}

#[tokio::test]
async fn imago_analysis_gives_every_move_its_solved_value() {
    let (base, _dir) = server().await;
    // A few moves in, then every legal move's value against the solver's.
    let (_, start) = post(&base, "/api/position", json!({"game": "imago"})).await;
    let mut moves: Vec<String> = Vec::new();
    let mut legal = texts(&start["legal"]);
    for i in 0..3 {
        moves.push(legal[(7 * i + 3) % legal.len()].clone());
        let (_, s) = post(
            &base,
            "/api/position",
            json!({"game": "imago", "moves": moves}),
        )
        .await;
        legal = texts(&s["legal"]);
    }
    let (status, a) = post(
        &base,
        "/api/analyse",
        json!({"game": "imago", "moves": moves}),
    )
    .await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["method"], "exact");
    let layout = Layout::default();
    let mut pos = Imago::start_with(&layout, tablero_core::Player::P1);
    let mut judged = Vec::new();
    let sol = tablero_ai::play::solution_for(&layout);
    for m in &moves {
        let values = sol.move_values(&pos);
        let best = values.iter().map(|(_, v)| v.rank()).max().unwrap();
        let mv = pos.parse_move(m).unwrap();
        let played = values.iter().find(|(x, _)| *x == mv).unwrap().1;
        judged.push(played.rank() < best);
        pos.play_unchecked(mv);
    }
    let want: Vec<(String, String)> = sol
        .move_values(&pos)
        .into_iter()
        .map(|(m, v)| (pos.format_move(m), Exact::from(v).to_string()))
        .collect();
    let mut got: Vec<(String, String)> = a["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["value"]["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(got.len(), legal.len());
    let mut want_sorted = want.clone();
    want_sorted.sort();
    got.sort();
    assert_eq!(got, want_sorted);
    // Best first, and `best` marks exactly the moves of the best value.
    let first = &a["moves"][0]["value"]["text"];
    for m in a["moves"].as_array().unwrap() {
        assert_eq!(m["best"].as_bool().unwrap(), &m["value"]["text"] == first);
    }
    let changed: Vec<bool> = a["played"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["changed"].as_bool().unwrap())
        .collect();
    assert_eq!(changed, judged);
}

#[tokio::test]
async fn a_search_analysis_gives_a_legal_best_line() {
    let (base, _dir) = server().await;
    let (status, a) = post(&base, "/api/analyse", json!({"game": "jarmo"})).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(a["method"], "search");
    assert!(a["moves"].as_array().unwrap().is_empty());
    let line: Vec<String> = a["search"]["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    assert!(!line.is_empty(), "{a}");
    assert!(a["search"]["depth"].as_u64().unwrap() >= 1);
    // The line replays from the position.
    let (status, end) = post(
        &base,
        "/api/position",
        json!({"game": "jarmo", "moves": line}),
    )
    .await;
    assert_eq!(status, 200, "{end}");
    assert!(a["played"].as_array().unwrap().is_empty());
}
