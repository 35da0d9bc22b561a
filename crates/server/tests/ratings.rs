//! Rated games end to end: which games are rated (chosen when the game is
//! created, never inferred: a rated seek, a computer game with "rated"
//! ticked), both players' Glicko-2 ratings after a rated game, the
//! computer levels' fixed ratings, a rating applied exactly once, games
//! rated in the order they ended, a game that ended unrated rated at the
//! next start, every stored rating recomputed from the stored games in
//! that order, and no hints in a rated game while it is played.

use serde_json::{json, Value};
use std::time::Duration;
use tablero_glicko::{Game as Period, Rating};
use tablero_server::db::Db;
use tablero_server::ratings::{self, Rated, Ratings};

mod common;
use common::Server;

/// A rated game of `game` with `clock` between `a` (seat 0) and `b` (seat
/// 1): `a` posts a rated seek, `b` takes it. The id and both seats' tokens
/// (`a`'s read from the store: the poster's page learns it on the lobby's
/// socket).
async fn rated_pair(
    s: &Server,
    a: &str,
    b: &str,
    game: &str,
    clock: &str,
) -> (String, String, String) {
    let seek = json!({"game": game, "clock": clock, "colour": "first", "rated": true});
    let (status, posted) = s
        .call_as("POST", "/api/lobby/seeks", Some(a), None, Some(seek))
        .await;
    assert_eq!(status, 200, "{posted}");
    let accept = format!("/api/lobby/seeks/{}/accept", posted["id"].as_str().unwrap());
    let (status, taken) = s
        .call_as("POST", &accept, Some(b), None, Some(json!({})))
        .await;
    assert_eq!(status, 200, "{taken}");
    assert_eq!(taken["seat"], 1);
    let id = taken["game"].as_str().unwrap().to_string();
    let t1 = taken["token"].as_str().unwrap().to_string();
    let t0: String =
        sqlx::query_scalar("SELECT token FROM account_seats WHERE game_id = $1 AND seat = 0")
            .bind(&id)
            .fetch_one(store_of(s).await.pool())
            .await
            .unwrap();
    (id, t0, t1)
}

/// The seat holding `token` plays its first legal move.
async fn play(s: &Server, id: &str, token: &str) -> Value {
    let (_, st) = s
        .call_as("GET", &format!("/api/games/{id}"), None, Some(token), None)
        .await;
    let mv = st["legal"][0]["move"]
        .as_str()
        .expect("a legal move")
        .to_string();
    let (status, st) = s
        .call_as(
            "POST",
            &format!("/api/games/{id}/move"),
            None,
            Some(token),
            Some(json!({"move": mv})),
        )
        .await;
    assert_eq!(status, 200, "{st}");
    st
}

async fn resign(s: &Server, id: &str, token: &str) {
    let (status, st) = s
        .call_as(
            "POST",
            &format!("/api/games/{id}/resign"),
            None,
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, 200, "{st}");
}

/// The game's state once its ratings after it are shown.
async fn rated_state(s: &Server, id: &str) -> Value {
    for _ in 0..200 {
        let (_, st) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        if !st["rated"]["seats"][0]["after"].is_null() {
            return st;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("game {id} was not rated");
}

fn rating(v: &Value) -> (f64, f64) {
    (
        v["rating"].as_f64().unwrap(),
        v["deviation"].as_f64().unwrap(),
    )
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

/// The ratings concern over `db` (with a hub of its own to read games).
fn rater(db: &Db) -> Ratings {
    Ratings::new(db.clone(), tablero_server::Hub::new(db.clone()))
}

async fn store_of(s: &Server) -> Db {
    Db::open(&s.database).await.unwrap()
}

async fn count(store: &Db, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(store.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn a_rated_game_between_two_accounts_changes_both_ratings_by_glicko2() {
    let s = common::start().await;
    two_rated_games(&s, "").await;
    let check = ratings::recompute(&store_of(&s).await).await.unwrap();
    assert_eq!(check.differences, Vec::<String>::new());
    assert_eq!((check.games, check.ratings), (2, 2));
}

/// The same on PostgreSQL (the accounts' and ratings' SQL on it), when
/// `TABLERO_TEST_POSTGRES` names a database.
#[tokio::test]
async fn a_rated_game_between_two_accounts_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let s = common::start_on(&url).await;
    // (Other tests share the database and rate at the same time, so the
    // whole-database recomputation runs on SQLite only.)
    two_rated_games(&s, &unique()).await;
}

/// A name suffix no earlier run on a shared database used.
fn unique() -> String {
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros();
    format!("{}", micros % 100_000_000)
}

/// Two new accounts play two rated Jarmo games; checks the ratings shown
/// before and after each against the formulas.
async fn two_rated_games(s: &Server, tag: &str) {
    let (ana, bea) = (
        s.sign_up(&format!("Ana{tag}")).await,
        s.sign_up(&format!("Bea{tag}")).await,
    );
    let (id, t0, t1) = rated_pair(s, &ana, &bea, "jarmo", "5+3").await;
    let (_, st) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(st["rated"]["pool"], "jarmo", "rated from its creation");
    let st = play(s, &id, &t0).await;
    assert_eq!(st["rated"]["pool"], "jarmo");
    for seat in 0..2 {
        assert_eq!(rating(&st["rated"]["seats"][seat]), (1500.0, 350.0));
        assert_eq!(st["rated"]["seats"][seat]["provisional"], true);
    }
    play(s, &id, &t1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    play(s, &id, &t0).await;
    play(s, &id, &t1).await;
    resign(s, &id, &t0).await;
    let st = rated_state(s, &id).await;
    let new = Rating::default();
    for (seat, score) in [(0, 0.0), (1, 1.0)] {
        let want = new.update(&[Period {
            opponent: new,
            score,
        }]);
        let seen = &st["rated"]["seats"][seat];
        assert_eq!(rating(seen), (1500.0, 350.0), "before");
        assert!(near(seen["after"].as_f64().unwrap(), want.rating), "{seen}");
        assert!(near(
            seen["after_deviation"].as_f64().unwrap(),
            want.deviation
        ));
    }
    // Bea won: up; Ana lost: down by as much (equal ratings and deviations).
    let a = st["rated"]["seats"][0]["after"].as_f64().unwrap();
    let b = st["rated"]["seats"][1]["after"].as_f64().unwrap();
    assert!(b > 1500.0 && a < 1500.0 && near(b - 1500.0, 1500.0 - a));
    // The next game starts from the ratings after this one.
    let (id2, u0, u1) = rated_pair(s, &ana, &bea, "jarmo", "3d").await;
    let st = play(s, &id2, &u0).await;
    assert!(near(rating(&st["rated"]["seats"][0]).0, a));
    assert!(near(rating(&st["rated"]["seats"][1]).0, b));
    play(s, &id2, &u1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    play(s, &id2, &u0).await;
    play(s, &id2, &u1).await;
    resign(s, &id2, &u1).await;
    rated_state(s, &id2).await;
}

#[tokio::test]
async fn an_account_against_a_computer_level_is_rated_against_its_fixed_rating() {
    let s = common::start().await;
    let ana = s.sign_up("Ana").await;
    let (status, created) = s
        .call_as(
            "POST",
            "/api/games",
            Some(&ana),
            None,
            Some(json!({"game": "imago", "clock": "10+5", "rated": true,
                        "seats": [{"kind": "human"}, {"kind": "ai", "level": 2}]})),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = created["tokens"]["0"].as_str().unwrap().to_string();
    // Two moves each (the computer answers each); then Ana resigns.
    play(&s, &id, &t0).await;
    wait_ply(&s, &id, 2).await;
    play(&s, &id, &t0).await;
    wait_ply(&s, &id, 4).await;
    resign(&s, &id, &t0).await;
    let st = rated_state(&s, &id).await;
    let level = tablero_ai::strength::level_rating("imago", "", 2).unwrap();
    let fixed = Rating::new(level.rating, level.deviation);
    let want = Rating::default().update(&[Period {
        opponent: fixed,
        score: 0.0,
    }]);
    let seats = &st["rated"]["seats"];
    assert_eq!(seats[1]["level"], 2);
    assert!(near(seats[1]["rating"].as_f64().unwrap(), fixed.rating));
    assert!(
        near(seats[1]["after"].as_f64().unwrap(), fixed.rating),
        "fixed"
    );
    assert!(near(seats[0]["after"].as_f64().unwrap(), want.rating));
    // A level rated below 1500 beat a new player: the player loses less
    // than against an equal.
    let even = Rating::default().update(&[Period {
        opponent: Rating::default(),
        score: 0.0,
    }]);
    assert!(want.rating < even.rating);
    let store = store_of(&s).await;
    assert_eq!(count(&store, "SELECT COUNT(*) FROM ratings").await, 1);
    let check = ratings::recompute(&store).await.unwrap();
    assert_eq!(check.differences, Vec::<String>::new());
}

#[tokio::test]
async fn casual_games_change_no_rating() {
    let s = common::start().await;
    let (ana, bea) = (s.sign_up("Ana").await, s.sign_up("Bea").await);
    let mut ended = Vec::new();
    // No clock.
    let (id, t0, t1) = s.game_with_link(&ana, Some(&bea), "jarmo", None).await;
    let st = play(&s, &id, &t0).await;
    assert!(st["rated"].is_null(), "untimed: {}", st["rated"]);
    play(&s, &id, &t1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    play(&s, &id, &t0).await;
    play(&s, &id, &t1).await;
    resign(&s, &id, &t0).await;
    ended.push(id);
    // The friend's seat taken by an account only after the first move.
    let (id, t0, t1) = s.game_with_link(&ana, None, "jarmo", Some("5+3")).await;
    let st = play(&s, &id, &t0).await;
    assert!(st["rated"].is_null(), "anonymous seat: {}", st["rated"]);
    let (_, st) = s
        .call_as(
            "POST",
            &format!("/api/games/{id}/seats/1/claim"),
            Some(&bea),
            Some(&t1),
            None,
        )
        .await;
    assert_eq!(st["seats"][1]["player"]["name"], "Bea", "taken now");
    play(&s, &id, &t1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    play(&s, &id, &t0).await;
    play(&s, &id, &t1).await;
    resign(&s, &id, &t0).await;
    ended.push(id);
    // Both seats one account's (one screen).
    let (status, created) = s
        .call_as(
            "POST",
            "/api/games",
            Some(&ana),
            None,
            Some(json!({"game": "jarmo", "clock": "5+3",
                        "seats": [{"kind": "human"}, {"kind": "human"}]})),
        )
        .await;
    assert_eq!(status, 200);
    let id = created["id"].as_str().unwrap().to_string();
    let t0 = created["tokens"]["0"].as_str().unwrap().to_string();
    let t1 = created["tokens"]["1"].as_str().unwrap().to_string();
    let st = play(&s, &id, &t0).await;
    assert!(st["rated"].is_null(), "one account: {}", st["rated"]);
    play(&s, &id, &t1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    play(&s, &id, &t0).await;
    play(&s, &id, &t1).await;
    resign(&s, &id, &t1).await;
    ended.push(id);
    // A casual seek taken by two logged-in players (issue #42, problem 1).
    let seek = json!({"game": "jarmo", "clock": "5+3", "colour": "first"});
    let (status, posted) = s
        .call_as("POST", "/api/lobby/seeks", Some(&ana), None, Some(seek))
        .await;
    assert_eq!(status, 200, "{posted}");
    assert_eq!(posted["seek"]["rated"], false);
    let accept = format!("/api/lobby/seeks/{}/accept", posted["id"].as_str().unwrap());
    let (status, taken) = s
        .call_as("POST", &accept, Some(&bea), None, Some(json!({})))
        .await;
    assert_eq!(status, 200, "{taken}");
    let id = taken["game"].as_str().unwrap().to_string();
    let t1 = taken["token"].as_str().unwrap().to_string();
    let t0 = link_owner_token(&s, &ana, &id).await;
    let st = play(&s, &id, &t0).await;
    assert!(st["rated"].is_null(), "casual seek: {}", st["rated"]);
    play(&s, &id, &t1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    play(&s, &id, &t0).await;
    play(&s, &id, &t1).await;
    resign(&s, &id, &t0).await;
    ended.push(id);
    // A computer game not ticked rated, with a clock and an account.
    let (status, created) = s
        .call_as(
            "POST",
            "/api/games",
            Some(&ana),
            None,
            Some(json!({"game": "imago", "clock": "10+5",
                        "seats": [{"kind": "ai", "level": 2}, {"kind": "human"}]})),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    assert!(created["game"]["rated"].is_null(), "unticked");
    let id = created["id"].as_str().unwrap().to_string();
    let t1 = created["tokens"]["1"].as_str().unwrap().to_string();
    wait_ply(&s, &id, 1).await;
    let st = play(&s, &id, &t1).await;
    assert!(st["rated"].is_null(), "unticked: {}", st["rated"]);
    wait_ply(&s, &id, 3).await;
    play(&s, &id, &t1).await;
    resign(&s, &id, &t1).await;
    ended.push(id);
    // Rated, but over before each side has moved twice (one, two and
    // three plies): not rated (as an aborted game).
    for plies in 1..=3 {
        let (id, t0, t1) = rated_pair(&s, &ana, &bea, "jarmo", "5+3").await;
        for p in 0..plies {
            let st = play(&s, &id, if p % 2 == 0 { &t0 } else { &t1 }).await;
            assert_eq!(st["rated"]["pool"], "jarmo");
        }
        resign(&s, &id, &t1).await;
        ended.push(id);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let store = store_of(&s).await;
    assert_eq!(
        count(&store, "SELECT COUNT(*) FROM rating_changes").await,
        0
    );
    assert_eq!(count(&store, "SELECT COUNT(*) FROM ratings").await, 0);
    assert!(rater(&store).unrated(10).await.unwrap().is_empty());
    for id in &ended {
        assert_eq!(rater(&store).rate(id).await.unwrap(), Rated::No, "{id}");
    }
}

/// Two accounts of one person trading two-ply wins (issue #47) move no
/// rating: a rated game is rated only from the fourth ply on (two moves
/// by each side), and recomputing every rating agrees; the same pair's
/// game of four plies is rated.
#[tokio::test]
async fn a_two_ply_rated_game_changes_nobodys_rating() {
    let s = common::start().await;
    let (ana, bea) = (s.sign_up("Ana").await, s.sign_up("Bea").await);
    let mut short = Vec::new();
    for _ in 0..5 {
        let (id, t0, t1) = rated_pair(&s, &ana, &bea, "jarmo", "5+3").await;
        play(&s, &id, &t0).await;
        play(&s, &id, &t1).await;
        resign(&s, &id, &t1).await;
        short.push(id);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let store = store_of(&s).await;
    for id in &short {
        assert_eq!(rater(&store).rate(id).await.unwrap(), Rated::No, "{id}");
        let (_, st) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        assert!(st["rated"]["seats"][0]["after"].is_null(), "{st}");
    }
    assert_eq!(count(&store, "SELECT COUNT(*) FROM ratings").await, 0);
    let check = ratings::recompute(&store).await.unwrap();
    assert_eq!((check.games, check.ratings), (0, 0));
    assert_eq!(check.differences, Vec::<String>::new());
    // Four plies: rated.
    let (id, t0, t1) = rated_pair(&s, &ana, &bea, "jarmo", "5+3").await;
    for _ in 0..2 {
        play(&s, &id, &t0).await;
        play(&s, &id, &t1).await;
    }
    resign(&s, &id, &t1).await;
    let st = rated_state(&s, &id).await;
    assert!(st["rated"]["seats"][0]["after"].as_f64().unwrap() > 1500.0);
    let check = ratings::recompute(&store).await.unwrap();
    assert_eq!((check.games, check.ratings), (1, 2));
    assert_eq!(check.differences, Vec::<String>::new());
}

#[tokio::test]
async fn a_game_that_ended_unrated_is_rated_once_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    let s = common::start_on(&db).await;
    let (ana, bea) = (s.sign_up("Ana").await, s.sign_up("Bea").await);
    let (id, t0, t1) = rated_pair(&s, &ana, &bea, "jarmo", "5+3").await;
    play(&s, &id, &t0).await;
    play(&s, &id, &t1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    play(&s, &id, &t0).await;
    play(&s, &id, &t1).await;
    resign(&s, &id, &t1).await;
    let before = rated_state(&s, &id).await["rated"].clone();
    drop(s);
    // As if the server had stopped between the game's end and its rating.
    let store = Db::open(&db).await.unwrap();
    sqlx::query("DELETE FROM rating_changes")
        .execute(store.pool())
        .await
        .unwrap();
    sqlx::query("DELETE FROM ratings")
        .execute(store.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE rating_cursor SET end_seq = 0")
        .execute(store.pool())
        .await
        .unwrap();
    assert_eq!(rater(&store).unrated(10).await.unwrap(), vec![id.clone()]);
    let s = common::start_on(&db).await;
    // The game is in the new server's memory before it is rated.
    let (_, st) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(st["result"]["winner"], 0);
    let after = rated_state(&s, &id).await["rated"].clone();
    assert_eq!(before, after);
    // Rating it again changes nothing.
    assert_eq!(rater(&store).rate(&id).await.unwrap(), Rated::No);
    assert_eq!(
        count(&store, "SELECT COUNT(*) FROM rating_changes").await,
        2
    );
}

/// Three accounts play rated games of two pools, some at the same time,
/// and against the computer; then every stored rating is recomputed from
/// the stored games, and a rating changed by hand is found.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn recomputing_every_rating_from_the_stored_games_gives_the_stored_ratings() {
    let s = common::start().await;
    let names = ["Ana", "Bea", "Cai"];
    let mut cookies = Vec::new();
    for n in names {
        cookies.push(s.sign_up(n).await);
    }
    let pairs = [(0, 1), (1, 2), (2, 0), (0, 1), (1, 0), (2, 1)];
    for (round, (x, y)) in pairs.into_iter().enumerate() {
        let game = if round % 2 == 0 { "jarmo" } else { "imago" };
        // Two games at once: x against y, and y against the third.
        let z = 3 - x - y;
        let mut games = Vec::new();
        for (p, q) in [(x, y), (y, z)] {
            games.push(rated_pair(&s, &cookies[p], &cookies[q], game, "5+3").await);
        }
        for (id, t0, t1) in &games {
            for _ in 0..2 {
                play(&s, id, t0).await;
                play(&s, id, t1).await;
            }
        }
        let loser = |i: usize, g: &(String, String, String)| {
            if (round + i) % 2 == 0 {
                g.1.clone()
            } else {
                g.2.clone()
            }
        };
        let (a, b) = (&games[0], &games[1]);
        let (la, lb) = (loser(0, a), loser(1, b));
        tokio::join!(resign(&s, &a.0, &la), resign(&s, &b.0, &lb));
        for (id, ..) in &games {
            rated_state(&s, id).await;
        }
    }
    let store = store_of(&s).await;
    let check = ratings::recompute(&store).await.unwrap();
    assert_eq!(check.differences, Vec::<String>::new());
    assert_eq!(check.games, 12);
    assert_eq!(check.ratings, 6, "three accounts in two pools");
    let games: i64 = count(&store, "SELECT SUM(games) FROM ratings").await;
    assert_eq!(games, 24);
    // A stored rating that the games do not give is found.
    sqlx::query("UPDATE ratings SET rating = rating + 1 WHERE pool = 'imago'")
        .execute(store.pool())
        .await
        .unwrap();
    let check = ratings::recompute(&store).await.unwrap();
    assert_eq!(check.differences.len(), 3, "{:?}", check.differences);
}

/// On one PostgreSQL database, a finished game rated by two processes at
/// once is rated once. Runs when `TABLERO_TEST_POSTGRES` names a database
/// (scripts/test.sh starts one).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_on_postgres_rate_a_game_once() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let s = common::start_on(&url).await;
    let tag = &unique();
    let (ana, bea) = (
        s.sign_up(&format!("Ana{tag}")).await,
        s.sign_up(&format!("Bea{tag}")).await,
    );
    let a = Db::open(&url).await.unwrap();
    let b = Db::open(&url).await.unwrap();
    let (ra, rb) = (rater(&a), rater(&b));
    for _ in 0..5 {
        let (id, t0, t1) = rated_pair(&s, &ana, &bea, "jarmo", "5+3").await;
        play(&s, &id, &t0).await;
        play(&s, &id, &t1).await;
        // Two moves each: a rated game is rated from the fourth ply on.
        play(&s, &id, &t0).await;
        play(&s, &id, &t1).await;
        resign(&s, &id, &t0).await;
        // The server rates it too, at the same time.
        let (x, y) = tokio::join!(ra.rate(&id), rb.rate(&id));
        let now = [x.unwrap(), y.unwrap()];
        assert!(now.iter().filter(|r| **r == Rated::Now).count() <= 1);
        rated_state(&s, &id).await;
        let rows: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes WHERE game_id = $1")
                .bind(&id)
                .fetch_one(a.pool())
                .await
                .unwrap();
        assert_eq!(rows, 2);
    }
    let games: Vec<i64> = sqlx::query_scalar(
        "SELECT r.games FROM ratings r JOIN accounts c ON c.id = r.account \
         WHERE c.name IN ($1, $2)",
    )
    .bind(format!("Ana{tag}"))
    .bind(format!("Bea{tag}"))
    .fetch_all(a.pool())
    .await
    .unwrap();
    assert_eq!(games, vec![5, 5]);
}

/// A rated seek: posted and taken by two logged-in players, its game's
/// seats are theirs and it is rated from its creation; anonymous takers,
/// the poster's own account and a seek with no clock are refused.
#[tokio::test]
async fn a_rated_seek_makes_a_rated_game_between_the_two_accounts() {
    let s = common::start().await;
    let (ana, bea) = (s.sign_up("Ana").await, s.sign_up("Bea").await);
    let seek = json!({"game": "jarmo", "clock": "5+3", "colour": "first", "rated": true});
    let (status, v) = s
        .call_as(
            "POST",
            "/api/lobby/seeks",
            Some(&ana),
            None,
            Some(json!({"game": "jarmo", "rated": true})),
        )
        .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (400, Some("api_seek_rated_clock"))
    );
    let (status, posted) = s
        .call_as("POST", "/api/lobby/seeks", Some(&ana), None, Some(seek))
        .await;
    assert_eq!(status, 200, "{posted}");
    assert_eq!(posted["seek"]["rated"], true);
    let id = posted["id"].as_str().unwrap();
    let accept = format!("/api/lobby/seeks/{id}/accept");
    let (status, v) = s
        .call_as("POST", &accept, None, None, Some(json!({})))
        .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (403, Some("api_seek_rated_login"))
    );
    let (status, v) = s
        .call_as("POST", &accept, Some(&ana), None, Some(json!({})))
        .await;
    assert_eq!((status, v["code"].as_str()), (409, Some("api_seek_own")));
    let (status, taken) = s
        .call_as("POST", &accept, Some(&bea), None, Some(json!({})))
        .await;
    assert_eq!(status, 200, "{taken}");
    let game = taken["game"].as_str().unwrap();
    let (_, st) = s
        .call_as("GET", &format!("/api/games/{game}"), Some(&ana), None, None)
        .await;
    assert_eq!(st["you"], json!([0]), "Ana's seat through her account");
    assert_eq!(st["rated"]["pool"], "jarmo", "before any move");
    assert_eq!(st["seats"][0]["player"]["name"], "Ana");
    assert_eq!(st["seats"][1]["player"]["name"], "Bea");
    let t1 = taken["token"].as_str().unwrap();
    let (_, st) = s
        .call_as("GET", &format!("/api/games/{game}"), Some(&ana), None, None)
        .await;
    let mv = st["legal"][0]["move"].as_str().unwrap();
    let (status, st) = s
        .call_as(
            "POST",
            &format!("/api/games/{game}/move"),
            Some(&ana),
            None,
            Some(json!({"move": mv})),
        )
        .await;
    assert_eq!(status, 200, "{st}");
    assert_eq!(st["rated"]["pool"], "jarmo");
    play(&s, game, t1).await;
    // Two moves each: a rated game is rated from the fourth ply on.
    let t0 = link_owner_token(&s, &ana, game).await;
    play(&s, game, &t0).await;
    play(&s, game, t1).await;
    resign(&s, game, t1).await;
    let st = rated_state(&s, game).await;
    assert!(st["rated"]["seats"][0]["after"].as_f64().unwrap() > 1500.0);
}

/// The token of the seat `cookie`'s account holds in game `id` (a seek's
/// poster learns it on the lobby's socket; here from the store).
async fn link_owner_token(s: &Server, _cookie: &str, id: &str) -> String {
    let store = store_of(s).await;
    let taker: Vec<String> = sqlx::query_scalar("SELECT owner_token FROM seeks WHERE game_id = $1")
        .bind(id)
        .fetch_all(store.pool())
        .await
        .unwrap();
    taker.into_iter().next().expect("the seek's owner token")
}

/// Waits until game `id` has `ply` plies (the computer has moved).
async fn wait_ply(s: &Server, id: &str, ply: u64) -> Value {
    for _ in 0..400 {
        let (_, st) = s.call("GET", &format!("/api/games/{id}"), None, None).await;
        if st["ply"].as_u64() >= Some(ply) {
            return st;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("game {id} did not reach ply {ply}");
}

/// Issue #42, problem 2: a logged-in player's clocked game against a
/// computer that moves first, ticked rated, is rated: its seat is the
/// account's from the creation, before the computer's first move, and the
/// result changes the player's rating against the level's fixed one.
async fn computer_first_rated(s: &Server, tag: &str) {
    let ana = s.sign_up(&format!("Ana{tag}")).await;
    let (status, created) = s
        .call_as(
            "POST",
            "/api/games",
            Some(&ana),
            None,
            Some(json!({"game": "imago", "clock": "10+5", "rated": true,
                        "seats": [{"kind": "ai", "level": 2}, {"kind": "human"}]})),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(
        created["game"]["rated"]["pool"], "imago",
        "rated from the creation"
    );
    let id = created["id"].as_str().unwrap().to_string();
    let t1 = created["tokens"]["1"].as_str().unwrap().to_string();
    let st = wait_ply(s, &id, 1).await;
    assert_eq!(st["rated"]["pool"], "imago", "after the computer's move");
    assert_eq!(st["seats"][1]["player"]["name"], format!("Ana{tag}"));
    play(s, &id, &t1).await;
    wait_ply(s, &id, 3).await;
    play(s, &id, &t1).await;
    resign(s, &id, &t1).await;
    let st = rated_state(s, &id).await;
    let seats = &st["rated"]["seats"];
    assert_eq!(seats[0]["level"], 2);
    assert!(seats[1]["after"].as_f64().unwrap() < 1500.0, "{seats}");
}

#[tokio::test]
async fn a_rated_computer_game_where_the_computer_moves_first_is_rated() {
    let s = common::start().await;
    computer_first_rated(&s, "").await;
    let check = ratings::recompute(&store_of(&s).await).await.unwrap();
    assert_eq!(check.differences, Vec::<String>::new());
}

#[tokio::test]
async fn a_rated_computer_game_where_the_computer_moves_first_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let s = common::start_on(&url).await;
    computer_first_rated(&s, &unique()).await;
}

/// A game asked rated that cannot be is refused when it is created, with
/// the reason; nothing is stored.
#[tokio::test]
async fn a_game_that_cannot_be_rated_is_refused_when_asked_rated() {
    let s = common::start().await;
    let ana = s.sign_up("Ana").await;
    let ai = json!({"kind": "ai", "level": 2});
    let human = json!({"kind": "human"});
    let link = json!({"kind": "link"});
    for (cookie, body, code) in [
        (
            None,
            json!({"game": "imago", "clock": "5+3", "seats": [human, ai]}),
            "api_seek_rated_login",
        ),
        (
            Some(&ana),
            json!({"game": "imago", "seats": [human, ai]}),
            "api_seek_rated_clock",
        ),
        (
            Some(&ana),
            json!({"game": "imago", "clock": "5+3", "seats": [human, human]}),
            "api_rated_same_account",
        ),
        (
            Some(&ana),
            json!({"game": "imago", "clock": "5+3", "seats": [human, link]}),
            "api_seek_rated_login",
        ),
        (
            Some(&ana),
            json!({"game": "imago", "clock": "5+3", "seats": [ai, ai]}),
            "api_rated_two_computers",
        ),
        (
            Some(&ana),
            json!({"game": "jarmo", "clock": "5+3", "match": true, "seats": [human, ai]}),
            "api_rated_match",
        ),
    ] {
        let mut body = body;
        body["rated"] = json!(true);
        let (status, v) = s
            .call_as(
                "POST",
                "/api/games",
                cookie.map(String::as_str),
                None,
                Some(body.clone()),
            )
            .await;
        assert_eq!(
            (status, v["code"].as_str()),
            (400, Some(code)),
            "{body}: {v}"
        );
    }
    let store = store_of(&s).await;
    assert_eq!(count(&store, "SELECT COUNT(*) FROM games").await, 0);
}

/// 24 back-to-back rated games between the same two accounts, each ended
/// as soon as the one before it (issue #42, problem 3): each is rated from
/// the ratings as of its end, in the order the games ended, and the
/// recomputation in that order gives the stored ratings.
async fn rated_in_end_order(s: &Server, tag: &str) {
    let (ana, bea) = (
        s.sign_up(&format!("Ana{tag}")).await,
        s.sign_up(&format!("Bea{tag}")).await,
    );
    let mut games = Vec::new();
    for _ in 0..24 {
        let (id, t0, t1) = rated_pair(s, &ana, &bea, "jarmo", "5+3").await;
        for _ in 0..2 {
            play(s, &id, &t0).await;
            play(s, &id, &t1).await;
        }
        games.push((id, t0, t1));
    }
    // Ended back to back, a few at once, the loser varying.
    for (round, chunk) in games.chunks(4).enumerate() {
        let ends = chunk.iter().enumerate().map(|(i, (id, t0, t1))| {
            let loser = if (round + i) % 3 == 0 { t1 } else { t0 };
            resign(s, id, loser)
        });
        futures_util::future::join_all(ends).await;
    }
    for (id, ..) in &games {
        rated_state(s, id).await;
    }
    let store = store_of(s).await;
    let ids: Vec<String> = games.iter().map(|g| g.0.clone()).collect();
    // Each account's changes: its count of games before each one follows
    // the games' end order, and each starts from the one before it.
    for seat in 0..2i64 {
        let rows: Vec<(i64, i64, f64, f64)> = {
            let mut out = Vec::new();
            for id in &ids {
                let r = sqlx::query(
                    "SELECT g.end_seq, c.n, c.before_rating, c.after_rating \
                     FROM rating_changes c JOIN games g ON g.id = c.game_id \
                     WHERE c.game_id = $1 AND c.seat = $2",
                )
                .bind(id)
                .bind(seat)
                .fetch_one(store.pool())
                .await
                .unwrap();
                use sqlx::Row;
                out.push((r.get(0), r.get(1), r.get(2), r.get(3)));
            }
            out.sort_by_key(|r| r.0);
            out
        };
        for (k, r) in rows.iter().enumerate() {
            assert_eq!(
                r.1,
                i64::try_from(k).unwrap(),
                "seat {seat}: rated out of end order"
            );
            if k > 0 {
                assert!(
                    near(r.2, rows[k - 1].3),
                    "seat {seat}, game {k}: from the rating as of its end"
                );
            }
        }
        assert_eq!(rows.len(), 24);
    }
    let check = ratings::recompute(&store).await.unwrap();
    let ours: Vec<&String> = check
        .differences
        .iter()
        .filter(|d| ids.iter().any(|id| d.contains(id.as_str())))
        .collect();
    assert!(ours.is_empty(), "{ours:?}");
    if tag.is_empty() {
        assert_eq!(check.differences, Vec::<String>::new());
        assert_eq!((check.games, check.ratings), (24, 2));
    }
    // The stored ratings are the last games' after.
    let games: Vec<i64> = sqlx::query_scalar(
        "SELECT r.games FROM ratings r JOIN accounts c ON c.id = r.account \
         WHERE c.name IN ($1, $2)",
    )
    .bind(format!("Ana{tag}"))
    .bind(format!("Bea{tag}"))
    .fetch_all(store.pool())
    .await
    .unwrap();
    assert_eq!(games, vec![24, 24]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_four_back_to_back_rated_games_are_rated_in_end_order() {
    let s = common::start().await;
    rated_in_end_order(&s, "").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_four_back_to_back_rated_games_in_end_order_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let s = common::start_on(&url).await;
    rated_in_end_order(&s, &unique()).await;
}

/// Issue #47, item 1: no engine help in rated play. A rated game against
/// level 1 offers no hint and refuses one; a casual one gives it; the
/// rated game once over can be reviewed.
#[tokio::test]
async fn no_hint_in_a_rated_game_while_it_is_played() {
    let s = common::start().await;
    let ana = s.sign_up("Ana").await;
    let mut ids = Vec::new();
    for rated in [true, false] {
        let (status, created) = s
            .call_as(
                "POST",
                "/api/games",
                Some(&ana),
                None,
                Some(json!({"game": "jarmo", "clock": "10+5", "rated": rated,
                            "seats": [{"kind": "human"}, {"kind": "ai", "level": 1}]})),
            )
            .await;
        assert_eq!(status, 200, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let t0 = created["tokens"]["0"].as_str().unwrap().to_string();
        assert_eq!(created["game"]["hint"], !rated, "the hint offered");
        let (status, v) = s
            .call_as(
                "POST",
                &format!("/api/games/{id}/hint"),
                None,
                Some(&t0),
                None,
            )
            .await;
        if rated {
            assert_eq!(
                (status, v["code"].as_str()),
                (403, Some("api_hint_rated")),
                "{v}"
            );
            assert!(v["error"].as_str().unwrap().contains("rated"), "{v}");
        } else {
            assert_eq!(status, 200, "{v}");
            assert!(v["move"].is_string(), "{v}");
        }
        ids.push((id, t0));
    }
    // The rated game over: its review (the engine's analysis) is given.
    let (id, t0) = &ids[0];
    play(&s, id, t0).await;
    wait_ply(&s, id, 2).await;
    resign(&s, id, t0).await;
    let (status, v) = s
        .call_as(
            "POST",
            &format!("/api/games/{id}/review"),
            None,
            Some(t0),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    assert!(v["state"].is_string(), "{v}");
}

/// Two rated games that ended one after the other, found unrated (the
/// server stopped before rating them): asked to rate the later one first,
/// the ratings concern rates the earlier one first, and each from the
/// ratings as of its end.
#[tokio::test]
async fn a_later_game_is_never_rated_before_an_earlier_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    let s = common::start_on(&db).await;
    let (ana, bea) = (s.sign_up("Ana").await, s.sign_up("Bea").await);
    let mut ids = Vec::new();
    for loser in [0, 1] {
        let (id, t0, t1) = rated_pair(&s, &ana, &bea, "jarmo", "5+3").await;
        play(&s, &id, &t0).await;
        play(&s, &id, &t1).await;
        // Two moves each: a rated game is rated from the fourth ply on.
        play(&s, &id, &t0).await;
        play(&s, &id, &t1).await;
        resign(&s, &id, if loser == 0 { &t0 } else { &t1 }).await;
        rated_state(&s, &id).await;
        ids.push(id);
    }
    drop(s);
    let store = Db::open(&db).await.unwrap();
    for sql in [
        "DELETE FROM rating_changes",
        "DELETE FROM ratings",
        "UPDATE rating_cursor SET end_seq = 0",
    ] {
        sqlx::query(sql).execute(store.pool()).await.unwrap();
    }
    assert_eq!(rater(&store).unrated(10).await.unwrap(), ids);
    // The later game asked first: the earlier is rated with it, first.
    assert_eq!(rater(&store).rate(&ids[1]).await.unwrap(), Rated::Now);
    for (k, id) in ids.iter().enumerate() {
        let n: Vec<i64> =
            sqlx::query_scalar("SELECT n FROM rating_changes WHERE game_id = $1 ORDER BY seat")
                .bind(id)
                .fetch_all(store.pool())
                .await
                .unwrap();
        assert_eq!(n, vec![k as i64; 2], "game {k} rated after {k} games");
    }
    assert_eq!(
        rater(&store).rate(&ids[0]).await.unwrap(),
        Rated::No,
        "once"
    );
    let check = ratings::recompute(&store).await.unwrap();
    assert_eq!(check.differences, Vec::<String>::new());
    assert_eq!(check.games, 2);
}
