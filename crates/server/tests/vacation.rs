//! Vacation and the time bank (issue #49; docs/rulings.md, "Vacation and
//! the time bank"): a vacation stops the clock of every correspondence
//! game of the player (the deadline kept as the time left, to the
//! millisecond) and restarts them with it on return; a game that forbids
//! vacation keeps its clock and gets no time bank, and going away is
//! refused while one does unless asked "anyway"; nobody but the account
//! itself starts or ends its vacation; a deadline that passes takes a day
//! from the time bank instead of a loss while days remain; two processes
//! on PostgreSQL take it once.

mod common;

use common::Server;
use serde_json::{json, Value};
use std::time::Duration;
use tablero_server::db::{now_ms, Db};

const DAY: i64 = 86_400_000;

/// A player: its name and session cookie.
struct Player {
    name: String,
    cookie: String,
}

async fn player(s: &Server, name: &str) -> Player {
    Player {
        name: name.to_string(),
        cookie: s.sign_up(name).await,
    }
}

/// A game of 3 days per move that `a` challenged `b` to (a moves first),
/// with `extra` in the challenge: its id and a's and b's seat tokens.
async fn game(s: &Server, a: &Player, b: &Player, extra: Value) -> (String, String, String) {
    let mut body = json!({"to": b.name, "game": "jarmo", "clock": "3d", "colour": "first"});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (st, c) = s
        .call_as("POST", "/api/challenges", Some(&a.cookie), None, Some(body))
        .await;
    assert_eq!(st, 200, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let (st, accepted) = s
        .call_as(
            "POST",
            &format!("/api/challenges/{id}/accept"),
            Some(&b.cookie),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(st, 200, "{accepted}");
    let (_, mine) = s
        .call_as(
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&a.cookie),
            None,
            None,
        )
        .await;
    let game = accepted["game_id"].as_str().unwrap().to_string();
    let ta = mine["token"].as_str().unwrap().to_string();
    let tb = accepted["token"].as_str().unwrap().to_string();
    (game, ta, tb)
}

/// Plays the first legal move for the holder of `token`.
async fn play(s: &Server, game: &str, token: &str) -> Value {
    let (_, st) = s
        .call("GET", &format!("/api/games/{game}"), Some(token), None)
        .await;
    let mv = st["legal"][0]["move"].as_str().expect("a legal move");
    let (status, after) = s
        .call(
            "POST",
            &format!("/api/games/{game}/move"),
            Some(token),
            Some(json!({"move": mv, "ply": st["ply"]})),
        )
        .await;
    assert_eq!(status, 200, "{after}");
    after
}

/// Game `id`'s stored clock: each seat's time left, the deadline, paused.
async fn stored(db: &Db, id: &str) -> ([i64; 2], Option<i64>, bool) {
    let (t0, t1, d, p): (i64, i64, Option<i64>, i64) =
        sqlx::query_as("SELECT time0, time1, deadline, paused FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(db.pool())
            .await
            .unwrap();
    ([t0, t1], d, p != 0)
}

/// Moves game `id`'s stored deadline to `at`, as if its clock had run
/// (the version bumped, so a process holding it reads it again).
async fn set_deadline(db: &Db, id: &str, at: i64) {
    sqlx::query("UPDATE games SET deadline = $1, version = version + 1 WHERE id = $2")
        .bind(at)
        .bind(id)
        .execute(db.pool())
        .await
        .unwrap();
}

async fn vacation(s: &Server, p: &Player, path: &str, body: Option<Value>) -> (u16, Value) {
    let method = if body.is_some() { "POST" } else { "GET" };
    s.call_as(method, path, Some(&p.cookie), None, body).await
}

/// Waits (at most 10 s) until `check` holds of game `id`'s stored clock.
async fn until_stored(db: &Db, id: &str, check: impl Fn(&([i64; 2], Option<i64>, bool)) -> bool) {
    for _ in 0..200 {
        if check(&stored(db, id).await) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("game {id}: {:?}", stored(db, id).await);
}

#[tokio::test]
async fn a_vacation_stops_every_correspondence_clock_and_restarts_them_with_the_time_left() {
    let s = common::start().await;
    let db = Db::open(&s.database).await.unwrap();
    let (alice, bob) = (player(&s, "alice").await, player(&s, "bob").await);
    // Bob to move in two games; in a third, alice is.
    let (g1, a1, _) = game(&s, &alice, &bob, json!({})).await;
    let (g2, a2, _) = game(&s, &alice, &bob, json!({})).await;
    let (g3, a3, b3) = game(&s, &alice, &bob, json!({})).await;
    play(&s, &g1, &a1).await;
    play(&s, &g2, &a2).await;
    play(&s, &g3, &a3).await;
    play(&s, &g3, &b3).await;
    // Bob's clock in g1 as if it had run for a while.
    let d1 = now_ms() + DAY + 12_345;
    set_deadline(&db, &g1, d1).await;
    let (_, d2, _) = stored(&db, &g2).await;
    let d2 = d2.expect("bob's clock runs in g2");

    let (st, v) = vacation(&s, &bob, "/api/vacation", Some(json!({"days": 2}))).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["away"], true);
    assert_eq!(v["days_left"], 18);
    let from = v["from"].as_i64().unwrap();
    let until = v["until"].as_i64().unwrap();
    assert_eq!(until - from, 2 * DAY);
    // Bob holds seat 1 in each game: his clocks stopped with what they
    // had left when the vacation began, to the millisecond.
    let (left1, dl1, p1) = stored(&db, &g1).await;
    assert_eq!((dl1, p1), (None, true));
    assert_eq!(left1[1], d1 - from);
    let (left2, dl2, p2) = stored(&db, &g2).await;
    assert_eq!((dl2, p2), (None, true));
    assert_eq!(left2[1], d2 - from);
    // Alice's clock in g3 runs on.
    let (_, d3, p3) = stored(&db, &g3).await;
    assert!(d3.is_some() && !p3);
    // The opponent sees it.
    let (_, view) = s
        .call("GET", &format!("/api/games/{g1}"), Some(&a1), None)
        .await;
    assert_eq!(view["clock"]["paused"], true, "{}", view["clock"]);
    assert_eq!(view["clock"]["running"], Value::Null);
    assert_eq!(view["clock"]["away"], json!([null, until]));
    assert_eq!(view["clock"]["left"][1], d1 - from);
    // Alice moves in g3: bob's turn begins on vacation, his clock stopped
    // with his full three days.
    play(&s, &g3, &a3).await;
    let (left3, dl3, p3) = stored(&db, &g3).await;
    assert_eq!((dl3, p3), (None, true));
    assert_eq!(left3[1], 3 * DAY);
    // The time keeper does not end a stopped game.
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(stored(&db, &g1).await, (left1, None, true));

    // Alice's cookie cannot end bob's vacation (it ends hers: none).
    let (st, e) = vacation(&s, &alice, "/api/vacation/back", Some(json!({}))).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_vacation_not_away"))
    );
    assert_eq!(stored(&db, &g1).await, (left1, None, true));
    // Nor can a request without a session, nor one from another site.
    let (st, _) = s
        .call_as("POST", "/api/vacation/back", None, None, Some(json!({})))
        .await;
    assert_eq!(st, 401);
    let resp = s
        .client
        .post(format!("{}/api/vacation/back", s.base))
        .header("Origin", "https://elsewhere.example")
        .header("Cookie", format!("tablero_session={}", bob.cookie))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 403);
    assert_eq!(stored(&db, &g1).await, (left1, None, true));

    // Bob comes back: each clock restarts with what it kept; of the two
    // days, the one not begun is given back.
    let t0 = now_ms();
    let (st, v) = vacation(&s, &bob, "/api/vacation/back", Some(json!({}))).await;
    let t1 = now_ms();
    assert_eq!(st, 200, "{v}");
    assert_eq!(
        (v["away"].as_bool(), v["days_left"].as_i64()),
        (Some(false), Some(19))
    );
    for (g, left) in [(&g1, left1[1]), (&g2, left2[1]), (&g3, 3 * DAY)] {
        let (l, d, p) = stored(&db, g).await;
        assert!(!p, "{g}");
        assert_eq!(l[1], left, "{g}");
        let restarted = d.expect("the clock runs again") - left;
        assert!(
            (t0..=t1).contains(&restarted),
            "{g}: {restarted} not in {t0}..{t1}"
        );
    }
}

#[tokio::test]
async fn a_game_that_forbids_vacation_refuses_it_keeps_its_clock_and_has_no_time_bank() {
    let s = common::start().await;
    let db = Db::open(&s.database).await.unwrap();
    let (alice, bob) = (player(&s, "alice").await, player(&s, "bob").await);
    let (strict, a1, _) = game(&s, &alice, &bob, json!({"no_vacation": true})).await;
    let (free, a2, _) = game(&s, &alice, &bob, json!({})).await;
    play(&s, &strict, &a1).await;
    play(&s, &free, &a2).await;
    let (_, view) = s
        .call("GET", &format!("/api/games/{strict}"), Some(&a1), None)
        .await;
    assert_eq!(view["clock"]["no_vacation"], true);
    let (_, v) = vacation(&s, &bob, "/api/vacation", None).await;
    assert_eq!(v["forbidden"], json!([strict]));
    // Refused, with the game named; nothing taken.
    let (st, e) = vacation(&s, &bob, "/api/vacation", Some(json!({"days": 3}))).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_vacation_forbidden")),
        "{e}"
    );
    assert!(e["error"].as_str().unwrap().contains(&strict), "{e}");
    let (_, v) = vacation(&s, &bob, "/api/vacation", None).await;
    assert_eq!(
        (v["away"].as_bool(), v["days_left"].as_i64()),
        (Some(false), Some(20))
    );
    let before = stored(&db, &strict).await;
    // Asked anyway: the other game stops, the strict one runs on.
    let (st, v) = vacation(
        &s,
        &bob,
        "/api/vacation",
        Some(json!({"days": 3, "anyway": true})),
    )
    .await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(stored(&db, &strict).await, before);
    assert!(stored(&db, &free).await.2);
    // Its deadline passes: lost on time, vacation or not.
    set_deadline(&db, &strict, now_ms() - 1).await;
    until_stored(&db, &strict, |(_, d, _)| d.is_none()).await;
    let (_, view) = s
        .call("GET", &format!("/api/games/{strict}"), Some(&a1), None)
        .await;
    assert_eq!(view["result"]["reason"], "time", "{}", view["result"]);
    let (_, v) = vacation(&s, &bob, "/api/vacation", None).await;
    assert_eq!(v["days_left"], 17);
}

#[tokio::test]
async fn a_passing_deadline_takes_a_day_from_the_time_bank_until_none_is_left() {
    let s = common::start().await;
    let db = Db::open(&s.database).await.unwrap();
    let (alice, bob) = (player(&s, "alice").await, player(&s, "bob").await);
    let (g1, a1, _) = game(&s, &alice, &bob, json!({})).await;
    let (g2, a2, _) = game(&s, &alice, &bob, json!({})).await;
    play(&s, &g1, &a1).await;
    play(&s, &g2, &a2).await;
    let (_, d2, _) = stored(&db, &g2).await;
    let d2 = d2.unwrap();
    let deadline = now_ms() - 10;
    set_deadline(&db, &g1, deadline).await;
    // The time keeper finds the deadline: a day of vacation from it, not
    // a loss; the clock stops with nothing left.
    until_stored(&db, &g1, |(_, _, p)| *p).await;
    let (left, d, _) = stored(&db, &g1).await;
    assert_eq!((left[1], d), (0, None));
    let (_, v) = vacation(&s, &bob, "/api/vacation", None).await;
    assert_eq!(v["auto"], true, "{v}");
    assert_eq!(v["days_left"], 19);
    assert_eq!(v["from"].as_i64(), Some(deadline));
    assert_eq!(v["until"].as_i64(), Some(deadline + DAY));
    // Bob's other game stops too (the watch applies the vacation).
    until_stored(&db, &g2, |(_, _, p)| *p).await;
    // It keeps what it had when the vacation began (or its whole turn, if
    // that began after).
    let kept = d2 - deadline.max(d2 - 3 * DAY);
    assert_eq!(stored(&db, &g2).await.0[1], kept);
    let (_, view) = s
        .call("GET", &format!("/api/games/{g1}"), Some(&a1), None)
        .await;
    assert_eq!(view["result"], Value::Null);
    assert_eq!(view["clock"]["paused"], true);

    // An account with no day left loses on time.
    let carol = player(&s, "carol").await;
    let (g3, a3, _) = game(&s, &alice, &carol, json!({})).await;
    play(&s, &g3, &a3).await;
    let (_, v) = vacation(&s, &carol, "/api/vacation", None).await;
    assert_eq!(v["days_left"], 20);
    sqlx::query("UPDATE vacations SET used = 20")
        .execute(db.pool())
        .await
        .unwrap();
    set_deadline(&db, &g3, now_ms() - 1).await;
    until_stored(&db, &g3, |(_, d, _)| d.is_none()).await;
    let (_, view) = s
        .call("GET", &format!("/api/games/{g3}"), Some(&a3), None)
        .await;
    assert_eq!(view["result"]["reason"], "time", "{}", view["result"]);
}

#[tokio::test]
async fn the_seat_on_vacation_may_move_and_its_clock_runs_again_for_that_move() {
    let s = common::start().await;
    let db = Db::open(&s.database).await.unwrap();
    let (alice, bob) = (player(&s, "alice").await, player(&s, "bob").await);
    let (g, a, b) = game(&s, &alice, &bob, json!({})).await;
    play(&s, &g, &a).await;
    let (st, _) = vacation(&s, &bob, "/api/vacation", Some(json!({"days": 1}))).await;
    assert_eq!(st, 200);
    assert!(stored(&db, &g).await.2);
    play(&s, &g, &b).await;
    // Alice to move: her clock runs with three days, bob's is full again.
    let (left, d, p) = stored(&db, &g).await;
    assert!(!p && d.is_some());
    assert_eq!(left[1], 3 * DAY);
    // Alice moves: bob, still away, has his clock stopped at once.
    play(&s, &g, &a).await;
    let (left, d, p) = stored(&db, &g).await;
    assert_eq!((left[1], d, p), (3 * DAY, None, true));
}

/// Two processes on one PostgreSQL database: a vacation begun on one
/// stops the clock when the opponent moves on the other, and a deadline
/// both processes see takes one day of the time bank, once. Runs when
/// `TABLERO_TEST_POSTGRES` names a database (scripts/test.sh starts one).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_on_postgres_respect_a_vacation_and_take_the_time_bank_once() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let one = common::start_on(&url).await;
    let two = common::start_on(&url).await;
    let db = Db::open(&url).await.unwrap();
    let tag = tablero_server::db::random_id(6).to_lowercase();
    let alice = player(&one, &format!("a{tag}")).await;
    let bob = player(&one, &format!("b{tag}")).await;
    let (g1, a1, b1) = game(&one, &alice, &bob, json!({})).await;
    let (g2, a2, _) = game(&one, &alice, &bob, json!({})).await;
    play(&one, &g1, &a1).await;
    play(&two, &g1, &b1).await;
    play(&one, &g2, &a2).await;
    // Both processes hold g1 (alice to move) in their caches.
    two.call("GET", &format!("/api/games/{g1}"), Some(&a1), None)
        .await;
    let (st, _) = vacation(&one, &bob, "/api/vacation", Some(json!({"days": 1}))).await;
    assert_eq!(st, 200);
    assert!(stored(&db, &g2).await.2);
    // Alice moves on the other process: bob's clock stops there too.
    play(&two, &g1, &a1).await;
    let (left, d, p) = stored(&db, &g1).await;
    assert_eq!((left[1], d, p), (3 * DAY, None, true));
    // Bob comes back on the other process; then g2's deadline passes,
    // seen by both time keepers: one day of the time bank, taken once.
    let (st, v) = vacation(&two, &bob, "/api/vacation/back", Some(json!({}))).await;
    assert_eq!((st, v["days_left"].as_i64()), (200, Some(19)), "{v}");
    until_stored(&db, &g2, |(_, d, p)| d.is_some() && !p).await;
    set_deadline(&db, &g2, now_ms() - 5).await;
    until_stored(&db, &g2, |(_, _, p)| *p).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let (_, v) = vacation(&two, &bob, "/api/vacation", None).await;
    assert_eq!(
        (v["days_left"].as_i64(), v["auto"].as_bool()),
        (Some(18), Some(true)),
        "{v}"
    );
    let (_, view) = one
        .call("GET", &format!("/api/games/{g2}"), Some(&a2), None)
        .await;
    assert_eq!(view["result"], Value::Null);
}
