//! `POST /api/explore`: every legal move of a solved game's position with
//! the value the analysis and the solvers give, and how the server's
//! finished games played it.

use serde_json::{json, Value};
use std::collections::BTreeMap;
use tablero_ai::analysis::Exact;
use tablero_ai::Play;
use tablero_core::{Game, Player};
use tablero_games::imago::{Imago, Layout};
use tablero_games::linja::{Linja, Rules};

mod common;

fn texts(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// Each move's value text, by move.
fn values(moves: &Value) -> BTreeMap<String, Value> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["value"]["text"].clone(),
            )
        })
        .collect()
}

async fn explore(s: &common::Server, body: Value) -> Value {
    let (status, answer) = s
        .call("POST", "/api/explore", None, Some(body.clone()))
        .await;
    assert_eq!(status, 200, "{body}: {answer}");
    answer
}

/// The position after `moves`.
async fn position(s: &common::Server, game: &str, moves: &[String]) -> Value {
    let (status, st) = s
        .call(
            "POST",
            "/api/position",
            None,
            Some(json!({"game": game, "moves": moves})),
        )
        .await;
    assert_eq!(status, 200, "{st}");
    st
}

/// `n` plies picked by a fixed rule from the legal moves, each one that
/// leaves the game going on (by repetition Imago may end early).
async fn line(s: &common::Server, game: &str, n: usize, seed: usize) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for i in 0..n {
        let legal = texts(&position(s, game, &moves).await["legal"]);
        let mut picked = false;
        for j in 0..legal.len() {
            moves.push(legal[(7 * i + seed + j) % legal.len()].clone());
            if position(s, game, &moves).await["result"].is_null() {
                picked = true;
                break;
            }
            moves.pop();
        }
        assert!(picked, "no move goes on after {moves:?}");
    }
    moves
}

#[tokio::test]
async fn imago_moves_have_the_values_of_the_analysis_and_the_solver() {
    let s = common::start().await;
    let layout = Layout::default();
    let sol = tablero_ai::play::solution_for(&layout);
    for (n, seed) in [(0, 0), (2, 3), (5, 1), (9, 4)] {
        let moves = line(&s, "imago", n, seed).await;
        let e = explore(&s, json!({"game": "imago", "moves": moves})).await;
        let (_, a) = s
            .call(
                "POST",
                "/api/analyse",
                None,
                Some(json!({"game": "imago", "moves": moves})),
            )
            .await;
        let (_, st) = s
            .call(
                "POST",
                "/api/position",
                None,
                Some(json!({"game": "imago", "moves": moves})),
            )
            .await;
        assert_eq!(moves.len(), n);
        assert_eq!(e["method"], "exact", "{e}");
        // The same moves in the same order (best first) as the analysis.
        assert_eq!(texts(&e["moves"]), texts(&a["moves"]), "after {moves:?}");
        assert_eq!(values(&e["moves"]), values(&a["moves"]));
        // Every legal move, each with the solver's value.
        let mut legal = texts(&st["legal"]);
        legal.sort();
        let mut listed = texts(&e["moves"]);
        listed.sort();
        assert_eq!(listed, legal, "after {moves:?}");
        let mut pos = Imago::start_with(&layout, Player::P1);
        for m in &moves {
            pos.play_unchecked(pos.parse_move(m).unwrap());
        }
        let want: BTreeMap<String, Value> = sol
            .move_values(&pos)
            .into_iter()
            .map(|(m, v)| (pos.format_move(m), json!(Exact::from(v).to_string())))
            .collect();
        assert_eq!(values(&e["moves"]), want, "after {moves:?}");
        let best = &e["moves"][0]["value"]["text"];
        for m in e["moves"].as_array().unwrap() {
            assert_eq!(m["best"].as_bool().unwrap(), &m["value"]["text"] == best);
            assert_eq!(m["played"]["games"], 0, "a fresh server has no games");
        }
        assert_eq!(e["reached"]["games"], 0);
        assert_eq!(e["state"]["moves"], json!(moves));
    }
    // A saved layout: its text is the variant, its values its own solver's.
    let (status, saved) = s
        .call(
            "POST",
            "/api/layouts",
            None,
            Some(json!({"name": "walls", "layout": "red:b2,b6 blue:g3,g5 walls:c3-d3"})),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    let text = saved["layout"].as_str().unwrap();
    let e = explore(&s, json!({"game": "imago", "variant": text, "first": 1})).await;
    assert_eq!(e["method"], "exact", "{e}");
    let layout: Layout = text.parse().unwrap();
    let pos = Imago::start_with(&layout, Player::P2);
    let want: BTreeMap<String, Value> = tablero_ai::play::solution_for(&layout)
        .move_values(&pos)
        .into_iter()
        .map(|(m, v)| (pos.format_move(m), json!(Exact::from(v).to_string())))
        .collect();
    assert_eq!(values(&e["moves"]), want);
    assert_eq!(e["state"]["to_move"], 1, "Blue moves first");
}

/// The token in a seat's link (`/play/ID#token=T`).
fn link_token(created: &Value, seat: &str) -> String {
    let link = created["links"][seat].as_str().expect("a link");
    link.split("#token=").nth(1).unwrap().to_string()
}

/// A game between two people of Imago (the standard layout) with `moves`
/// played, then ended by `end`: `resign0`, `resign1`, `draw` or nothing.
async fn play_game(s: &common::Server, moves: &[String], end: &str) {
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "imago", "seats": [{"kind": "human"}, {"kind": "link"}]})),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap();
    let tokens = [
        created["tokens"]["0"].as_str().unwrap().to_string(),
        link_token(&created, "1"),
    ];
    for (i, m) in moves.iter().enumerate() {
        let (status, body) = s
            .call(
                "POST",
                &format!("/api/games/{id}/move"),
                Some(&tokens[i % 2]),
                Some(json!({"move": m})),
            )
            .await;
        assert_eq!(status, 200, "{m}: {body}");
    }
    let call = |path: String, token: &str, body: Option<Value>| {
        let token = token.to_string();
        async move {
            let (status, b) = s.call("POST", &path, Some(&token), body).await;
            assert_eq!(status, 200, "{path}: {b}");
        }
    };
    match end {
        "resign0" => call(format!("/api/games/{id}/resign"), &tokens[0], None).await,
        "resign1" => call(format!("/api/games/{id}/resign"), &tokens[1], None).await,
        "draw" => {
            let path = format!("/api/games/{id}/draw");
            call(path.clone(), &tokens[0], Some(json!({"action": "offer"}))).await;
            call(path, &tokens[1], Some(json!({"action": "accept"}))).await;
        }
        _ => {}
    }
}

/// The counts of a move in an answer: games, wins, draws, losses.
fn counts(e: &Value, mv: &str) -> [u64; 4] {
    let m = e["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == mv)
        .unwrap_or_else(|| panic!("{mv} is not listed: {e}"));
    ["games", "wins", "draws", "losses"].map(|k| m["played"][k].as_u64().unwrap())
}

fn reached(e: &Value) -> u64 {
    e["reached"]["games"].as_u64().unwrap()
}

/// Plays a few games through the API and checks the explorer's counts
/// (as differences, so that a shared PostgreSQL database's other games do
/// not count).
async fn games_are_counted_on(s: &common::Server) {
    let (_, st) = s
        .call(
            "POST",
            "/api/position",
            None,
            Some(json!({"game": "imago"})),
        )
        .await;
    let first = texts(&st["legal"]);
    let a = first[3].clone();
    let (_, st) = s
        .call(
            "POST",
            "/api/position",
            None,
            Some(json!({"game": "imago", "moves": [a]})),
        )
        .await;
    let second = texts(&st["legal"]);
    let (b, c) = (second[0].clone(), second[1].clone());
    let at_start = json!({"game": "imago"});
    let after_a = json!({"game": "imago", "moves": [a]});
    let after_ab = json!({"game": "imago", "moves": [a, b]});
    let before = [
        explore(s, at_start.clone()).await,
        explore(s, after_a.clone()).await,
        explore(s, after_ab.clone()).await,
    ];
    // Red (seat 0) resigns after a b; Blue resigns after a c; a b drawn;
    // a b unfinished (not counted); a resigned at once by Red.
    play_game(s, &[a.clone(), b.clone()], "resign0").await;
    play_game(s, &[a.clone(), c.clone()], "resign1").await;
    play_game(s, &[a.clone(), b.clone()], "draw").await;
    play_game(s, &[a.clone(), b.clone()], "").await;
    play_game(s, std::slice::from_ref(&a), "resign0").await;
    let after = [
        explore(s, at_start).await,
        explore(s, after_a).await,
        explore(s, after_ab).await,
    ];
    let diff = |i: usize, mv: &str| {
        let (x, y) = (counts(&after[i], mv), counts(&before[i], mv));
        [0, 1, 2, 3].map(|k| x[k] - y[k])
    };
    // At the start Red moves: a was played in four finished games, Red
    // won one (Blue resigned), drew one and lost two.
    assert_eq!(diff(0, &a), [4, 1, 1, 2]);
    assert_eq!(reached(&after[0]) - reached(&before[0]), 4);
    // After a Blue moves: b twice (a win, Red resigned; a draw), c once
    // (a loss); the game resigned after a reached the position too.
    assert_eq!(diff(1, &b), [2, 1, 1, 0]);
    assert_eq!(diff(1, &c), [1, 0, 0, 1]);
    assert_eq!(reached(&after[1]) - reached(&before[1]), 4);
    // After a b: two games reached it, both ended there.
    assert_eq!(reached(&after[2]) - reached(&before[2]), 2);
    let played: u64 = after[2]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .zip(before[2]["moves"].as_array().unwrap())
        .map(|(x, y)| {
            x["played"]["games"].as_u64().unwrap() - y["played"]["games"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(played, 0);
    // Another layout's games are its own.
    let other = explore(
        s,
        json!({"game": "imago", "variant": "red:b2,b6 blue:g3,g5 walls:c3-d3"}),
    )
    .await;
    assert_eq!(other["method"], "exact", "{other}");
    assert_eq!(
        other["state"]["variant"],
        "red:b2,b6 blue:g3,g5 walls:c3-d3"
    );
}

#[tokio::test]
async fn finished_games_are_counted_by_their_first_moves() {
    let s = common::start().await;
    games_are_counted_on(&s).await;
}

/// The same on PostgreSQL, when `TABLERO_TEST_POSTGRES` names a database
/// (scripts/test.sh starts one).
#[tokio::test]
async fn finished_games_are_counted_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let s = common::start_on(&url).await;
    games_are_counted_on(&s).await;
}

#[tokio::test]
async fn linja_gives_the_endgame_solver_s_values_where_it_reaches() {
    let s = common::start().await;
    let table = tablero_ai::solve::linja_table::installed(Rules::Publisher).is_some();
    let mut moves: Vec<String> = Vec::new();
    let mut pos = Linja::start_with(&Rules::default(), Player::P1);
    let mut exact_seen = false;
    for i in 0..80 {
        let e = explore(&s, json!({"game": "linja", "moves": moves})).await;
        let (_, st) = s
            .call(
                "POST",
                "/api/position",
                None,
                Some(json!({"game": "linja", "moves": moves})),
            )
            .await;
        let legal = texts(&st["legal"]);
        if legal.is_empty() {
            assert_eq!(e["method"], "over", "{e}");
            break;
        }
        let mut listed = texts(&e["moves"]);
        listed.sort();
        let mut sorted = legal.clone();
        sorted.sort();
        assert_eq!(listed, sorted, "ply {i}: every legal move");
        match Linja::exact_move_values(&pos, tablero_server::explore::position::REACH) {
            Some(v) => {
                assert_eq!(e["method"], "exact", "ply {i}: {e}");
                let want: BTreeMap<String, Value> = v
                    .into_iter()
                    .map(|(m, x)| (pos.format_move(m), json!(x.to_string())))
                    .collect();
                assert_eq!(values(&e["moves"]), want, "ply {i}");
                assert!(e["moves"][0]["value"]["margin"].is_i64(), "{e}");
                exact_seen = true;
                if !table {
                    break;
                }
            }
            None => {
                assert_eq!(e["method"], "beyond", "ply {i}: {e}");
                for m in e["moves"].as_array().unwrap() {
                    assert!(m["value"].is_null(), "{m}");
                }
            }
        }
        if i == 0 && !table {
            assert_eq!(
                e["method"], "beyond",
                "the start is beyond the solver's reach"
            );
        }
        let mv = legal[(7 * i + 2) % legal.len()].clone();
        pos.play_unchecked(pos.parse_move(&mv).unwrap());
        moves.push(mv);
    }
    assert!(exact_seen, "the game came within the solver's reach");
}

#[tokio::test]
async fn bad_explorations_are_refused_in_the_reader_s_language() {
    let s = common::start().await;
    let long: Vec<String> = vec!["x".to_string(); 1001];
    let bad = [
        (json!({"game": "chess"}), 404, "api_no_such_game"),
        (json!({"game": "jarmo"}), 400, "api_explore_not_exact"),
        (
            json!({"game": "imago", "moves": ["zz9"]}),
            400,
            "api_move_refused",
        ),
        (json!({"game": "imago", "first": 2}), 400, ""),
        (json!({"game": "imago", "variant": "red:"}), 400, ""),
        (json!({"game": "imago", "position": "x"}), 400, ""),
        (
            json!({"game": "imago", "moves": long}),
            400,
            "api_too_many_moves",
        ),
    ];
    for (body, want, code) in bad {
        let (status, answer) = s
            .call("POST", "/api/explore", None, Some(body.clone()))
            .await;
        assert_eq!(status, want, "{body}: {answer}");
        if !code.is_empty() {
            assert_eq!(answer["code"], code, "{body}: {answer}");
        }
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{answer}"
        );
    }
    // The browser shows the code in the reader's language: both
    // catalogues have it, with the game named.
    for lang in ["en", "es"] {
        let ftl = s.text(&format!("/locales/{lang}/web.ftl")).await;
        let line = ftl
            .lines()
            .find(|l| l.starts_with("api_explore_not_exact ="))
            .unwrap_or_else(|| panic!("{lang}: no api_explore_not_exact"));
        assert!(line.contains("{ $game }"), "{lang}: {line}");
    }
}
