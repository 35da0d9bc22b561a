//! Puzzles through the API: a fresh server mines a small set at start-up;
//! `next` poses one without its answer; an answer is judged by the proof
//! and rates the try (an account's rating stored, once per puzzle; a
//! player not logged in gets the rating back from the one sent).

use serde_json::{json, Value};
use std::time::Duration;
use tablero_core::Game;
use tablero_games::imago::Imago;

mod common;
use common::Server;

/// A server on a new database that mines `per_game` Imago puzzles at
/// start-up.
async fn server(per_game: usize) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    common::start_with(
        tablero_server::Config {
            database: db,
            rate: 0,
            puzzles: tablero_server::puzzles::Seeding {
                per_game,
                games: Some(vec!["imago".into()]),
                sets: None,
                ..tablero_server::puzzles::Seeding::default()
            },
            ..tablero_server::Config::default()
        },
        Some(dir),
    )
    .await
}

/// As [`server`], on the PostgreSQL database `TABLERO_TEST_POSTGRES` names
/// when it is set (shared with other tests: more puzzles may be stored).
async fn server_any(per_game: usize) -> Server {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        return server(per_game).await;
    };
    common::start_with(
        tablero_server::Config {
            database: url,
            rate: 0,
            puzzles: tablero_server::puzzles::Seeding {
                per_game,
                games: Some(vec!["imago".into()]),
                sets: None,
                ..tablero_server::puzzles::Seeding::default()
            },
            ..tablero_server::Config::default()
        },
        None,
    )
    .await
}

/// `next` for Imago (with the session `cookie`, and `query` added), once
/// the start-up's mining has stored some.
async fn next(s: &Server, cookie: Option<&str>, query: &str) -> Value {
    for _ in 0..1200 {
        let (status, v) = s
            .call_as(
                "GET",
                &format!("/api/puzzles/next?game=imago{query}"),
                cookie,
                None,
                None,
            )
            .await;
        match status {
            200 => return v,
            503 => assert_eq!(v["code"], "api_puzzles_none", "{v}"),
            _ => panic!("{status}: {v}"),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no puzzle was mined");
}

async fn answer(s: &Server, cookie: Option<&str>, id: &str, body: Value) -> (u16, Value) {
    s.call_as(
        "POST",
        &format!("/api/puzzles/{id}/answer"),
        cookie,
        None,
        Some(body),
    )
    .await
}

/// A new browser's `tablero_browser` cookie value (any 32 letters and
/// digits name a browser).
fn browser() -> String {
    use rand::distributions::{Alphanumeric, DistString};
    Alphanumeric.sample_string(&mut rand::thread_rng(), 32)
}

/// An answer from the browser `b`.
async fn browse(s: &Server, b: &str, id: &str, body: Value) -> (u16, Value) {
    let (status, v, _) = s
        .with_cookie(
            "POST",
            &format!("/api/puzzles/{id}/answer"),
            Some(&format!("tablero_browser={b}")),
            Some(body),
        )
        .await;
    (status, v)
}

/// `next` for Imago from the browser `b`.
async fn next_of(s: &Server, b: &str, query: &str) -> Value {
    let (status, v, _) = s
        .with_cookie(
            "GET",
            &format!("/api/puzzles/next?game=imago{query}"),
            Some(&format!("tablero_browser={b}")),
            None,
        )
        .await;
    assert_eq!(status, 200, "{v}");
    v
}

/// The legal moves of a posed Imago puzzle, in notation.
fn legal(posed: &Value) -> Vec<String> {
    let variant = posed["variant"].as_str().unwrap().parse().unwrap();
    let pos = Imago::parse_position(&variant, posed["position"].as_str().unwrap()).unwrap();
    pos.legal_move_strings()
}

/// The value's rank: a win beats a draw beats a loss.
fn kind(v: &Value) -> &str {
    v["kind"].as_str().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fresh_server_mines_puzzles_and_next_never_tells_the_answer() {
    let s = server(3).await;
    let posed = next(&s, None, "").await;
    let mut keys: Vec<&str> = posed
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "difficulty",
            "game",
            "id",
            "position",
            "rating",
            "side",
            "theme",
            "variant"
        ],
        "{posed}"
    );
    assert_eq!(posed["game"], "imago");
    assert!(posed["theme"].as_str().unwrap().starts_with("win-in-"));
    assert!(legal(&posed).len() >= 2);
    assert_eq!(posed["rating"]["rating"], 1500.0);
    // All three are mined, in time, and each is posed without its answer.
    let mut ids = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let p = next(&s, None, "").await;
        assert!(p.get("answer").is_none() && p.get("proof").is_none(), "{p}");
        ids.insert(p["id"].as_str().unwrap().to_string());
        if ids.len() == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(ids.len(), 3, "{ids:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_s_try_is_counted_before_the_answer_is_told() {
    let s = server_any(2).await;
    let posed = next(&s, None, "&rating=1700").await;
    let id = posed["id"].as_str().unwrap().to_string();
    let id = id.as_str();
    let moves = legal(&posed);
    // Neither an account nor a browser: refused, and nothing told.
    let (status, none) = answer(&s, None, id, json!({"move": moves[0], "rating": 1700})).await;
    assert_eq!(
        (status, none["code"].as_str()),
        (400, Some("api_puzzle_no_player")),
        "{none}"
    );
    assert!(none.get("answer").is_none() && none.get("proof").is_none());
    // A cookie that is no browser's name counts as none.
    let (status, _) = browse(&s, "short", id, json!({"move": moves[0]})).await;
    assert_eq!(status, 400);

    // `next` without a cookie names the browser: HttpOnly, SameSite=Strict.
    let (status, _, set) = s
        .with_cookie("GET", "/api/puzzles/next?game=imago", None, None)
        .await;
    assert_eq!(status, 200);
    let set = set.expect("a browser cookie");
    assert!(set.starts_with("tablero_browser="), "{set}");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );
    let named = &set["tablero_browser=".len()..set.find(';').unwrap()];
    assert_eq!(named.len(), 32, "{set}");
    // With a cookie, none is set again.
    let (_, _, again) = s
        .with_cookie(
            "GET",
            "/api/puzzles/next?game=imago",
            Some(&format!("tablero_browser={named}")),
            None,
        )
        .await;
    assert!(again.is_none(), "{again:?}");

    // Browser A's first try, wrong: counted and rated, the answer told.
    let a = browser();
    let (status, first) = browse(&s, &a, id, json!({"move": moves[0]})).await;
    assert_eq!(status, 200, "{first}");
    let right_move = first["answer"].as_str().unwrap().to_string();
    assert!(moves.contains(&right_move));
    assert_eq!(first["proof"].as_array().unwrap().len(), moves.len());
    let wrong_move = moves.iter().find(|m| **m != right_move).unwrap().clone();
    let (status, wrong) = if moves[0] == right_move {
        // moves[0] was right: a second browser tries the wrong move first.
        let a2 = browser();
        let w = browse(&s, &a2, id, json!({"move": wrong_move})).await;
        // And A's first (right) try was rated up.
        assert_eq!(first["rated"], true);
        assert!(first["change"].as_f64().unwrap() > 0.0, "{first}");
        w
    } else {
        (status, first.clone())
    };
    assert_eq!(status, 200, "{wrong}");
    assert_eq!(wrong["right"], false);
    assert_eq!(wrong["rated"], true);
    assert_eq!(wrong["answer"], right_move.as_str());
    assert_ne!(wrong["played"], wrong["best"], "the refutation: {wrong}");
    if posed["theme"].as_str().unwrap().starts_with("win-in-") {
        assert_ne!(kind(&wrong["played"]), "win", "the refutation: {wrong}");
        assert_eq!(kind(&wrong["best"]), "win");
    }
    // A new player's first wrong answer: down, by at most the rule's bound.
    let change = wrong["change"].as_f64().unwrap();
    assert!(
        (-tablero_ai::puzzles::rating::MAX_STEP..0.0).contains(&change),
        "{wrong}"
    );
    assert_eq!(wrong["rating"]["games"], 1);

    // A's second try of the puzzle, right now: judged, never rated.
    let (_, second) = browse(&s, &a, id, json!({"move": right_move})).await;
    assert_eq!(
        (second["right"].as_bool(), second["rated"].as_bool()),
        (Some(true), Some(false)),
        "{second}"
    );
    assert_eq!(second["change"], 0.0);
    assert_eq!(second["rating"], first["rating"]);
    // A's rating is stored: the next puzzle is picked for it, not the
    // rating of the query.
    let kept = next_of(&s, &a, "&rating=2500").await;
    assert_eq!(kept["rating"], first["rating"]);

    // Browser B's first try, right: B's rating moves, A's does not.
    let b = browser();
    let (_, bs) = browse(&s, &b, id, json!({"move": right_move})).await;
    assert_eq!(
        (bs["right"].as_bool(), bs["rated"].as_bool()),
        (Some(true), Some(true)),
        "{bs}"
    );
    assert!(bs["rating"]["rating"].as_f64().unwrap() > 1500.0, "{bs}");
    assert!(bs["change"].as_f64().unwrap() <= tablero_ai::puzzles::rating::MAX_STEP);
    assert_eq!(next_of(&s, &a, "").await["rating"], first["rating"]);
    assert_eq!(next_of(&s, &b, "").await["rating"], bs["rating"]);
    // A session cookie that is no session's is no player either.
    let (status, _) = answer(&s, Some("forged"), id, json!({"move": right_move})).await;
    assert!(status == 400 || status == 401, "{status}");

    // Bad input is said, not panicked on.
    let (status, bad) = browse(&s, &browser(), id, json!({"move": "zz9"})).await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (400, Some("api_puzzle_bad_move")),
        "{bad}"
    );
    let (status, bad) = browse(
        &s,
        &browser(),
        id,
        json!({"move": moves[0], "rating": 99999}),
    )
    .await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (400, Some("api_puzzle_bad_rating")),
        "{bad}"
    );
    let (status, bad) = s
        .call(
            "GET",
            "/api/puzzles/next?game=imago&rating=high",
            None,
            None,
        )
        .await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (400, Some("api_puzzle_bad_number")),
        "{bad}"
    );
    let (status, bad) = s.call("GET", "/api/puzzles/next", None, None).await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (400, Some("api_puzzle_no_game")),
        "{bad}"
    );
    let (status, bad) = s
        .call("GET", "/api/puzzles/next?game=chess", None, None)
        .await;
    assert_eq!(
        (status, bad["code"].as_str()),
        (404, Some("api_no_such_game")),
        "{bad}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_s_rating_is_stored_its_own_and_rated_once_per_puzzle() {
    let s = server_any(2).await;
    // Names of their own (a PostgreSQL database is shared between runs).
    let tag: u32 = rand::random::<u32>() % 1_000_000;
    let ann = s.sign_up(&format!("ann{tag}")).await;
    let bob = s.sign_up(&format!("bob{tag}")).await;
    let posed = next(&s, Some(&ann), "&rating=2500").await;
    // Logged in, the account's rating counts, not the one in the query.
    assert_eq!(posed["rating"]["rating"], 1500.0);
    assert_eq!(posed["rating"]["games"], 0);
    let id = posed["id"].as_str().unwrap();
    let moves = legal(&posed);
    // From a browser first, to learn the answer (that browser's try).
    let (_, peek) = browse(&s, &browser(), id, json!({"move": moves[0]})).await;
    let right_move = peek["answer"].as_str().unwrap().to_string();
    let wrong_move = moves.iter().find(|m| **m != right_move).unwrap();

    let (status, judged) = answer(&s, Some(&ann), id, json!({"move": wrong_move})).await;
    assert_eq!(status, 200, "{judged}");
    assert_eq!(
        (judged["right"].as_bool(), judged["rated"].as_bool()),
        (Some(false), Some(true))
    );
    let stored = judged["rating"]["rating"].as_f64().unwrap();
    assert!(stored < 1500.0, "{judged}");
    assert_eq!(judged["rating"]["games"], 1);
    // Stored: the next puzzle is picked for it.
    let again = next(&s, Some(&ann), "").await;
    assert_eq!(again["rating"]["rating"].as_f64(), Some(stored));
    assert_eq!(again["rating"]["games"], 1);
    // A second try of the same puzzle is judged but not rated.
    let (_, second) = answer(&s, Some(&ann), id, json!({"move": right_move})).await;
    assert_eq!(
        (second["right"].as_bool(), second["rated"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(second["rating"]["rating"].as_f64(), Some(stored));
    assert_eq!(second["change"], 0.0);
    // Bob's cookie changes Bob's rating only.
    let (_, bobs) = answer(&s, Some(&bob), id, json!({"move": right_move})).await;
    assert_eq!(
        (bobs["right"].as_bool(), bobs["rated"].as_bool()),
        (Some(true), Some(true))
    );
    assert!(
        bobs["rating"]["rating"].as_f64().unwrap() > 1500.0,
        "{bobs}"
    );
    let ann_now = next(&s, Some(&ann), "").await;
    assert_eq!(ann_now["rating"]["rating"].as_f64(), Some(stored));
    assert_eq!(ann_now["rating"]["games"], 1);
    let bob_now = next(&s, Some(&bob), "").await;
    assert_eq!(bob_now["rating"]["rating"], bobs["rating"]["rating"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_puzzle_is_404() {
    let s = server(0).await;
    let (status, v) = browse(
        &s,
        &browser(),
        "imago-0000000000000000",
        json!({"move": "a1"}),
    )
    .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (404, Some("api_no_puzzle")),
        "{v}"
    );
    // Nothing is mined when the server is told to mine none.
    let (status, v) = s
        .call("GET", "/api/puzzles/next?game=imago", None, None)
        .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (503, Some("api_puzzles_none")),
        "{v}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_offered_game_gets_puzzles_and_judges_their_answers() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    let s = common::start_with(
        tablero_server::Config {
            database: db,
            rate: 0,
            puzzles: tablero_server::puzzles::Seeding {
                per_game: 2,
                sets: None,
                ..tablero_server::puzzles::Seeding::default()
            },
            ..tablero_server::Config::default()
        },
        Some(dir),
    )
    .await;
    let (_, catalog) = s.call("GET", "/api/catalog", None, None).await;
    let games: Vec<String> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap().to_string())
        .collect();
    assert!(games.len() >= 4, "{games:?}");
    for game in &games {
        let mut posed = Value::Null;
        for _ in 0..1200 {
            let (status, v) = s
                .call("GET", &format!("/api/puzzles/next?game={game}"), None, None)
                .await;
            if status == 200 {
                posed = v;
                break;
            }
            assert_eq!(
                (status, v["code"].as_str()),
                (503, Some("api_puzzles_none"))
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(posed["game"], game.as_str(), "no {game} puzzle was mined");
        assert!(posed.get("answer").is_none() && posed.get("proof").is_none());
        let id = posed["id"].as_str().unwrap();
        let b = browser();
        let (status, bad) = browse(&s, &b, id, json!({"move": "?"})).await;
        assert_eq!(
            (status, bad["code"].as_str()),
            (400, Some("api_puzzle_bad_move"))
        );
        assert!(bad.get("answer").is_none(), "{bad}");
        // A legal move, from the position's board.
        let (status, board) = s
            .call(
                "POST",
                "/api/position",
                None,
                Some(json!({"game": game, "variant": posed["variant"], "position": posed["position"]})),
            )
            .await;
        assert_eq!(status, 200, "{board}");
        let legal = board["legal"].as_array().unwrap();
        assert!(legal.len() >= 2, "{board}");
        let any = legal[0]["move"].as_str().unwrap();
        let (status, tried) = browse(&s, &b, id, json!({"move": any})).await;
        assert_eq!(status, 200, "{tried}");
        let right_move = tried["answer"].as_str().unwrap().to_string();
        assert_eq!(tried["proof"][0]["move"], right_move.as_str());
        let (_, right) = browse(&s, &b, id, json!({"move": right_move})).await;
        assert_eq!(right["right"], true, "{game}: {right}");
        let worst = tried["proof"].as_array().unwrap().last().unwrap()["move"]
            .as_str()
            .unwrap()
            .to_string();
        let (_, wrong) = browse(&s, &b, id, json!({"move": worst})).await;
        assert_eq!(wrong["right"], false, "{game}: {wrong}");
    }
}

/// The puzzles of `game` stored in `database`.
async fn stored(database: &str, game: &str) -> i64 {
    let store = tablero_server::Db::open(database).await.unwrap();
    sqlx::Row::get(
        &sqlx::query("SELECT COUNT(*) FROM puzzles WHERE game = $1")
            .bind(game)
            .fetch_one(store.pool())
            .await
            .unwrap(),
        0,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_mines_only_what_its_database_lacks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    let config = |per_game| tablero_server::Config {
        database: db.clone(),
        rate: 0,
        puzzles: tablero_server::puzzles::Seeding {
            per_game,
            games: Some(vec!["imago".into()]),
            sets: None,
            ..tablero_server::puzzles::Seeding::default()
        },
        ..tablero_server::Config::default()
    };
    let wait_for = |n: i64| {
        let db = db.clone();
        async move {
            for _ in 0..600 {
                if stored(&db, "imago").await >= n {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            panic!("{n} puzzles were not mined");
        }
    };
    let s = common::start_with(config(2), None).await;
    wait_for(2).await;
    drop(s);
    // Enough already: none more.
    let s = common::start_with(config(2), None).await;
    let _ = next(&s, None, "").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(stored(&db, "imago").await, 2);
    drop(s);
    // Asked for more: the ones lacking, different ones.
    let s = common::start_with(config(4), None).await;
    wait_for(4).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(stored(&db, "imago").await, 4);
    drop(s);
    drop(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn themes_count_the_puzzles_and_next_keeps_to_the_choice() {
    let s = server(3).await;
    next(&s, None, "").await;
    // The three mined puzzles, counted by theme once all are stored.
    let mut themes = Value::Null;
    for _ in 0..600 {
        let (status, v) = s
            .call_as("GET", "/api/puzzles/themes", None, None, None)
            .await;
        assert_eq!(status, 200, "{v}");
        let total: i64 = v
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["count"].as_i64().unwrap())
            .sum();
        themes = v;
        if total == 3 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let list = themes.as_array().unwrap();
    assert_eq!(
        list.iter()
            .map(|t| t["count"].as_i64().unwrap())
            .sum::<i64>(),
        3,
        "{themes}"
    );
    for t in list {
        assert_eq!(t["game"], "imago", "{t}");
        assert_eq!(
            t["variant"],
            Imago::start(&Default::default()).variant().to_string()
        );
        let theme = t["theme"].as_str().unwrap();
        assert!(theme.starts_with("win-in-") || theme == "only-draw", "{t}");
    }
    // A theme chosen: only its puzzles.
    let theme = list[0]["theme"].as_str().unwrap();
    for _ in 0..6 {
        let p = next(&s, None, &format!("&theme={theme}")).await;
        assert_eq!(p["theme"], theme, "{p}");
    }
    let (status, none) = s
        .call_as(
            "GET",
            "/api/puzzles/next?game=imago&theme=no-such",
            None,
            None,
            None,
        )
        .await;
    assert_eq!(
        (status, none["code"].as_str()),
        (404, Some("api_puzzles_none_chosen")),
        "{none}"
    );
    // Every id, then `skip` leaves out the ones named.
    let mut ids = std::collections::BTreeSet::new();
    for _ in 0..200 {
        ids.insert(next(&s, None, "").await["id"].as_str().unwrap().to_string());
        if ids.len() == 3 {
            break;
        }
    }
    let ids: Vec<String> = ids.into_iter().collect();
    assert_eq!(ids.len(), 3);
    let skip = format!("&skip={},{}", ids[0], ids[1]);
    for _ in 0..8 {
        assert_eq!(next(&s, None, &skip).await["id"], ids[2].as_str());
    }
    // Every one skipped: they are posed again rather than none.
    let all = format!("&skip={}", ids.join(","));
    assert!(ids.contains(
        &next(&s, None, &all).await["id"]
            .as_str()
            .unwrap()
            .to_string()
    ));
    // An account is not posed again a puzzle it has tried while others remain.
    let ann = s.sign_up("ann").await;
    let (status, _) = answer(&s, Some(&ann), &ids[0], json!({"move": "x"})).await;
    assert_eq!(status, 400);
    let tried = next(&s, Some(&ann), "").await;
    let id = tried["id"].as_str().unwrap().to_string();
    let (status, judged) = answer(&s, Some(&ann), &id, json!({"move": legal(&tried)[0]})).await;
    assert_eq!(status, 200, "{judged}");
    for _ in 0..8 {
        assert_ne!(next(&s, Some(&ann), "").await["id"], id.as_str());
    }
}

/// Puzzles of `game` counted by `GET /api/puzzles/themes`, and its themes.
async fn counted(s: &Server, game: &str) -> (i64, Vec<String>) {
    let (status, v) = s.call("GET", "/api/puzzles/themes", None, None).await;
    assert_eq!(status, 200, "{v}");
    let mut n = 0;
    let mut themes = Vec::new();
    for t in v.as_array().unwrap() {
        if t["game"] == game {
            n += t["count"].as_i64().unwrap();
            themes.push(t["theme"].as_str().unwrap().to_string());
        }
    }
    (n, themes)
}

/// A server on `database` that loads the committed sets (and mines
/// nothing).
async fn with_sets(database: &str, dir: Option<tempfile::TempDir>) -> Server {
    common::start_with(
        tablero_server::Config {
            database: database.to_string(),
            rate: 0,
            puzzles: tablero_server::puzzles::Seeding {
                per_game: 0,
                ..tablero_server::puzzles::Seeding::default()
            },
            ..tablero_server::Config::default()
        },
        dir,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fresh_server_offers_the_committed_sets_once() {
    let dir = tempfile::tempdir().unwrap();
    // On PostgreSQL (`TABLERO_TEST_POSTGRES`) the database is shared with
    // other tests, which may have stored puzzles of their own: counts are
    // then at least the sets'.
    let postgres = std::env::var("TABLERO_TEST_POSTGRES").ok();
    let exact = postgres.is_none();
    let db = postgres.unwrap_or_else(|| dir.path().join("t.db").to_str().unwrap().to_string());
    let manifest = tablero_ai::puzzles::set::manifest();
    let want = |game: &str| i64::try_from(manifest.get(game).unwrap().puzzles).unwrap();
    // Two servers on the same database at once: each loads, neither twice.
    let s = with_sets(&db, Some(dir)).await;
    let other = with_sets(&db, None).await;
    let mut done = false;
    for _ in 0..3000 {
        let mut all = true;
        for e in &manifest.sets {
            if counted(&s, &e.game).await.0 < want(&e.game) {
                all = false;
            }
        }
        if all {
            done = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(done, "the sets were not loaded in 10 minutes");
    // Both servers' loading has ended once a third one starts and finds
    // nothing to add; then every count is the manifest's, exactly.
    drop(other);
    let third = with_sets(&db, None).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    for e in &manifest.sets {
        let (n, themes) = counted(&third, &e.game).await;
        if exact {
            assert_eq!(n, want(&e.game), "{}", e.game);
        } else {
            assert!(n >= want(&e.game), "{}", e.game);
        }
        for t in e.themes.keys() {
            assert!(themes.contains(t), "{}: {t} in {themes:?}", e.game);
        }
    }
    assert!(want("imago") >= 10_000 && want("linja") >= 10_000);
    // Themes of win in 5 and more, and the page can pose a win in 3+.
    let (_, imago) = counted(&third, "imago").await;
    assert!(
        imago
            .iter()
            .filter_map(|t| t.strip_prefix("win-in-"))
            .any(|n| n.parse::<u32>().unwrap() >= 5),
        "{imago:?}"
    );
    for theme in ["win-in-3", "win-in-5"] {
        let posed = next(&third, None, &format!("&theme={theme}")).await;
        assert_eq!(posed["theme"], theme, "{posed}");
        assert!(posed.get("answer").is_none() && posed.get("proof").is_none());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_sent_at_once_by_one_player_are_rated_once() {
    let s = server_any(2).await;
    let posed = next(&s, None, "").await;
    let id = posed["id"].as_str().unwrap().to_string();
    let moves = legal(&posed);
    let b = browser();
    let tries = moves.iter().take(8).map(|m| {
        let (s, b, id) = (&s, b.clone(), id.clone());
        async move { browse(s, &b, &id, json!({ "move": m })).await }
    });
    let answers = futures_util::future::join_all(tries).await;
    let mut rated = 0;
    for (status, v) in &answers {
        assert_eq!(*status, 200, "{v}");
        // Every answer tells the answer: each came after the counted try.
        assert!(v["answer"].is_string(), "{v}");
        if v["rated"] == true {
            rated += 1;
        }
    }
    assert_eq!(rated, 1, "{answers:?}");
    assert_eq!(next_of(&s, &b, "").await["rating"]["games"], 1);
}
