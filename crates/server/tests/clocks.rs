//! The server keeps time: clocks stored with every move survive a restart
//! within a second of their deadline, a fallen flag ends the game "lost on
//! time" exactly once (also when two processes on PostgreSQL both see it),
//! and a move sent after the flag is refused with a clear JSON error.

mod common;

use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tablero_server::db::{now_ms, Db};
use tablero_server::games::{Action, Actor, Hub, NewGame, SeatKind, SeatSpec};

fn people() -> [SeatSpec; 2] {
    [SeatSpec {
        kind: SeatKind::Human,
        level: None,
    }; 2]
}

fn new_game(game: &str, clock: &str) -> NewGame {
    NewGame {
        game: game.into(),
        variant: None,
        first: None,
        seats: people(),
        two_games: false,
        clock: Some(clock.into()),
        rated: false,
        no_vacation: false,
        accounts: [None, None],
    }
}

/// Plays the first legal move of the position for `actor`.
async fn play_first(hub: &Arc<Hub>, id: &str, actor: &Actor) -> Value {
    let st = serde_json::to_value(hub.state(id, actor, None).await.unwrap()).unwrap();
    let mv = st["legal"][0]["move"]
        .as_str()
        .expect("a legal move")
        .to_string();
    let ply = st["ply"].as_u64().map(|p| p as usize);
    let after = hub
        .act(id, actor, Action::Move { text: mv, ply })
        .await
        .unwrap();
    serde_json::to_value(after).unwrap()
}

/// Moves the stored deadline of game `id` to `at` (ms since 1970), as if
/// the clock had run that long, as a change of another process would (the
/// version is bumped, so a process holding the game reads it again).
/// Game `id`'s stored version.
async fn version(store: &Db, id: &str) -> Option<i64> {
    sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(store.pool())
        .await
        .unwrap()
}

async fn set_deadline(store: &Db, id: &str, at: i64) {
    sqlx::query("UPDATE games SET deadline = $1, version = version + 1 WHERE id = $2")
        .bind(at)
        .bind(id)
        .execute(store.pool())
        .await
        .unwrap();
}

#[tokio::test]
async fn a_restart_keeps_both_clocks_within_a_second_of_the_stored_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c.db").to_str().unwrap().to_string();
    let hub = Hub::new(Db::open(&path).await.unwrap());
    let created = hub.create(new_game("jarmo", "5+3")).await.unwrap();
    let id = created.id.clone();
    let actor = Actor::Tokens(created.tokens.values().cloned().collect());
    let c = serde_json::to_value(&created.game).unwrap()["clock"].clone();
    assert_eq!(c["control"], "5+3");
    assert_eq!(c["left"], json!([300_000, 300_000]));
    assert_eq!(
        c["running"],
        Value::Null,
        "the clocks wait for the first move"
    );
    play_first(&hub, &id, &actor).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let st = play_first(&hub, &id, &actor).await;
    let before = st["clock"].clone();
    assert_eq!(before["running"], 0);
    let left1 = before["left"][1].as_i64().unwrap();
    assert!(
        (300_000..303_000).contains(&left1) && left1 <= 303_000 - 300,
        "seat 1 thought 0.3 s and got 3 s back: {before}"
    );
    let deadline = before["deadline"].as_i64().unwrap();
    drop(hub);
    // A new process on the same file.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let hub = Hub::new(Db::open(&path).await.unwrap());
    let after =
        serde_json::to_value(hub.state(&id, &actor, None).await.unwrap()).unwrap()["clock"].clone();
    assert_eq!(
        after["deadline"].as_i64(),
        Some(deadline),
        "the deadline is stored"
    );
    assert_eq!(
        after["left"][1].as_i64(),
        Some(left1),
        "the waiting clock is unchanged"
    );
    let left0 = after["left"][0].as_i64().unwrap();
    let expected = deadline - now_ms();
    assert!(
        (left0 - expected).abs() < 1000,
        "seat 0 has {left0} ms, the deadline says {expected}"
    );
    assert!(
        left0 < 300_000 - 400,
        "the restart gave no time back: {left0}"
    );
}

#[tokio::test]
async fn the_flag_falls_without_anyone_connected_and_a_later_move_is_refused() {
    let s = common::start().await;
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({
                "game": "imago",
                "seats": [{"kind": "human"}, {"kind": "human"}],
                "clock": "1+0"
            })),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["tokens"]["0"].as_str().unwrap().to_string();
    let both = json!([created["tokens"]["0"], created["tokens"]["1"]]);
    let mv = created["game"]["legal"][0]["move"].as_str().unwrap();
    let (status, st) = s
        .call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(&token),
            Some(json!({"move": mv, "ply": 0})),
        )
        .await;
    assert_eq!(status, 200, "{st}");
    // The second seat's clock runs; its deadline is moved to just past.
    let store = Db::open(&s.database).await.unwrap();
    set_deadline(&store, &id, now_ms() - 5).await;
    // The server's own time keeper ends it (nobody is connected).
    let ended = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let (_, st) = s
                .call("GET", &format!("/api/games/{id}"), Some(&token), None)
                .await;
            if !st["result"].is_null() {
                return st;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    // The server's copy of the game still has the old deadline: the keeper
    // finds the stored deadline, reads the stored game again, and ends it.
    let st = ended.expect("the time keeper ends the game");
    assert_eq!(st["result"]["reason"], "time", "{st}");
    assert_eq!(st["result"]["winner"], 0, "seat 1 ran out of time");
    assert_eq!(st["clock"]["running"], Value::Null);
    assert_eq!(st["clock"]["left"][1], 0);
    // A move after the flag: refused, with the reason in JSON.
    let t1 = both[1].as_str().unwrap();
    let (status, err) = s
        .call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(t1),
            Some(json!({"move": "a1", "ply": 1})),
        )
        .await;
    assert_eq!(status, 409, "{err}");
    assert_eq!(err["code"], "table-time-up", "{err}");
    assert!(
        err["error"].as_str().unwrap().contains("lost on time"),
        "{err}"
    );
}

#[tokio::test]
async fn a_move_that_arrives_after_the_deadline_ends_the_game_on_time_first() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.db").to_str().unwrap().to_string();
    let store = Db::open(&path).await.unwrap();
    let hub = Hub::new(store.clone());
    let created = hub.create(new_game("linja", "3+2")).await.unwrap();
    let actor = Actor::Tokens(created.tokens.values().cloned().collect());
    play_first(&hub, &created.id, &actor).await;
    drop(hub);
    set_deadline(&store, &created.id, now_ms() - 1).await;
    // A fresh process with no time keeper running: the move itself sees
    // the flag.
    let hub = Hub::new(Db::open(&path).await.unwrap());
    let st = serde_json::to_value(hub.state(&created.id, &actor, None).await.unwrap()).unwrap();
    let mv = st["legal"][0]["move"].as_str().unwrap().to_string();
    let e = hub
        .act(
            &created.id,
            &actor,
            Action::Move {
                text: mv,
                ply: Some(1),
            },
        )
        .await
        .unwrap_err();
    assert_eq!(e.message().unwrap().id(), "table-time-up", "{e}");
    let st = serde_json::to_value(hub.state(&created.id, &actor, None).await.unwrap()).unwrap();
    assert_eq!(st["result"]["reason"], "time");
    assert_eq!(st["ply"], 1, "the late move was not played");
    // No second ending: the flag has nothing left to do.
    assert!(!hub.flag(&created.id).await.unwrap());
}

#[tokio::test]
async fn undo_is_refused_with_a_clock() {
    let dir = tempfile::tempdir().unwrap();
    let hub = Hub::new(
        Db::open(dir.path().join("u.db").to_str().unwrap())
            .await
            .unwrap(),
    );
    let mut req = new_game("jarmo", "10+5");
    req.seats[1] = SeatSpec {
        kind: SeatKind::Ai,
        level: Some(1),
    };
    let created = hub.create(req).await.unwrap();
    let actor = Actor::Tokens(created.tokens.values().cloned().collect());
    let st = play_first(&hub, &created.id, &actor).await;
    assert_eq!(st["undo"], false, "the page offers no undo");
    let e = hub
        .act(&created.id, &actor, Action::Undo)
        .await
        .unwrap_err();
    assert_eq!(e.message().unwrap().id(), "table-clock-no-undo", "{e}");
}

#[tokio::test]
async fn a_bad_time_control_is_refused_with_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let hub = Hub::new(
        Db::open(dir.path().join("b.db").to_str().unwrap())
            .await
            .unwrap(),
    );
    let e = hub.create(new_game("imago", "4d")).await.unwrap_err();
    assert_eq!(e.message().unwrap().id(), "clock-bad-control");
    assert!(e.to_string().contains("days per move"), "{e}");
}

/// Two processes on one PostgreSQL database both see a fallen flag: the
/// game ends on time once. Runs when `TABLERO_TEST_POSTGRES` names a
/// database (scripts/test.sh starts one).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_on_postgres_end_a_game_on_time_exactly_once() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    for round in 0..10 {
        let store = Db::open(&url).await.unwrap();
        let maker = Hub::new(store.clone());
        let created = maker.create(new_game("jarmo", "1+0")).await.unwrap();
        let actor = Actor::Tokens(created.tokens.values().cloned().collect());
        play_first(&maker, &created.id, &actor).await;
        set_deadline(&store, &created.id, now_ms() - 1).await;
        let before = version(&store, &created.id).await.unwrap();
        let a = Hub::new(Db::open(&url).await.unwrap());
        let b = Hub::new(Db::open(&url).await.unwrap());
        let id = created.id.clone();
        let (ra, rb) = tokio::join!(a.flag(&id), b.flag(&id));
        let ended = [ra.unwrap(), rb.unwrap()];
        assert_eq!(
            ended.iter().filter(|&&e| e).count(),
            1,
            "round {round}: {ended:?}"
        );
        assert_eq!(
            version(&store, &id).await,
            Some(before + 1),
            "round {round}: one change only"
        );
        let st = serde_json::to_value(a.state(&id, &actor, None).await.unwrap()).unwrap();
        assert_eq!(st["result"]["reason"], "time");
        let st = serde_json::to_value(b.state(&id, &actor, None).await.unwrap()).unwrap();
        assert_eq!(st["result"]["reason"], "time");
    }
}
