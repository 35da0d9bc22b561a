//! One door for a game's end (issue #42): every way a game ends (a result
//! on the board, a resignation, an agreed draw, a fallen flag, the
//! server's forfeit and abort) is numbered in the commit that ends it
//! (`games.end_seq`, strictly increasing) and published as a `GameEnded`
//! event on the process's bus and, on PostgreSQL, to the other processes;
//! the subscribers (mail here, ratings in tests/ratings.rs) apply it and
//! catch up at start with the ends they missed. The PostgreSQL cases run
//! when `TABLERO_TEST_POSTGRES` names a database (scripts/test.sh starts
//! one).

use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tablero_server::db::{now_ms, Db};
use tablero_server::events::{EndKind, GameEnded};
use tablero_server::games::{
    Action, Actor, DrawAction, Ending, GameError, Hub, NewGame, SeatKind, SeatSpec,
};
use tablero_server::{AppState, Limits};
use tokio::sync::broadcast;

/// A new game of two people on one screen, with `clock` if any: its id
/// and the actor holding both seats.
async fn game(hub: &Arc<Hub>, name: &str, clock: Option<&str>) -> (String, Actor) {
    let person = SeatSpec {
        kind: SeatKind::Human,
        level: None,
    };
    let created = hub
        .create(NewGame {
            game: name.into(),
            variant: None,
            first: None,
            seats: [person, person],
            two_games: false,
            clock: clock.map(String::from),
            rated: false,
            no_vacation: false,
            accounts: [None, None],
        })
        .await
        .unwrap();
    let actor = Actor::Tokens(created.tokens.values().cloned().collect());
    (created.id, actor)
}

/// The state of game `id` as `actor` sees it, as JSON.
async fn seen(hub: &Arc<Hub>, id: &str, actor: &Actor) -> Value {
    serde_json::to_value(hub.state(id, actor, None).await.unwrap()).unwrap()
}

/// Plays the first legal move of the position.
async fn play_first(hub: &Arc<Hub>, id: &str, actor: &Actor) -> Value {
    let st = seen(hub, id, actor).await;
    let text = st["legal"][0]["move"].as_str().expect("a move").to_string();
    let after = hub
        .act(id, actor, Action::Move { text, ply: None })
        .await
        .unwrap();
    serde_json::to_value(after).unwrap()
}

/// The next end heard on `events`.
async fn next_end(events: &mut broadcast::Receiver<GameEnded>) -> GameEnded {
    tokio::time::timeout(Duration::from_secs(10), events.recv())
        .await
        .expect("an end in time")
        .expect("the bus is open")
}

/// The stored end sequence number of game `id` and when it ended.
async fn stored_end(db: &Db, id: &str) -> (Option<i64>, Option<i64>) {
    sqlx::query_as("SELECT end_seq, ended FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(db.pool())
        .await
        .unwrap()
}

/// Ends one game each way on `state`'s hub and checks each end's event and
/// stored number: strictly increasing, one event per end, its kind and
/// result.
async fn every_way_through_the_door(state: &AppState) {
    let hub = &state.hub;
    let mut events = state.bus.subscribe();
    let mut ends = Vec::new();

    // A resignation.
    let (id, who) = game(hub, "jarmo", None).await;
    play_first(hub, &id, &who).await;
    hub.act(&id, &who, Action::Resign).await.unwrap();
    ends.push((id, EndKind::Resign, None));

    // An agreed draw.
    let (id, who) = game(hub, "jarmo", None).await;
    play_first(hub, &id, &who).await;
    hub.act(&id, &who, Action::Draw(DrawAction::Offer))
        .await
        .unwrap();
    hub.act(&id, &who, Action::Draw(DrawAction::Accept))
        .await
        .unwrap();
    ends.push((id, EndKind::Agreed, Some("d:agreed")));

    // A result on the board: the first legal move, again and again.
    let (id, who) = game(hub, "jarmo", None).await;
    let mut plies = 0;
    while seen(hub, &id, &who).await["result"].is_null() {
        play_first(hub, &id, &who).await;
        plies += 1;
        assert!(plies < 2000, "the game never ended");
    }
    ends.push((id, EndKind::Board, None));

    // A fallen flag: the deadline passed (as another process would have
    // stored it), the time keeper's call.
    let (id, who) = game(hub, "jarmo", Some("1+0")).await;
    play_first(hub, &id, &who).await;
    sqlx::query("UPDATE games SET deadline = $1, version = version + 1 WHERE id = $2")
        .bind(now_ms() - 1)
        .bind(&id)
        .execute(state.db.pool())
        .await
        .unwrap();
    assert!(hub.flag(&id).await.unwrap());
    ends.push((id, EndKind::Flag, None));

    // The server's own ends: a forfeit (seat 0 loses) and an abort.
    let (id, _) = game(hub, "jarmo", Some("5+3")).await;
    hub.end(&id, Ending::Forfeit(0)).await.unwrap();
    ends.push((id, EndKind::Forfeit, Some("w1:forfeit")));
    let (id, who) = game(hub, "linja", None).await;
    play_first(hub, &id, &who).await;
    hub.end(&id, Ending::Abort).await.unwrap();
    let st = seen(hub, &id, &who).await;
    assert_eq!(st["to_move"], Value::Null, "an aborted game is over");
    assert_eq!(st["result"]["winner"], Value::Null);
    assert_eq!(st["result"]["score"], json!([0.0, 0.0]));
    assert_eq!(st["result"]["reason"], "aborted");
    ends.push((id.clone(), EndKind::Abort, Some("x:aborted")));
    // Ended once: a second end is refused, and nothing more is heard.
    let again = hub.end(&id, Ending::Forfeit(1)).await.unwrap_err();
    assert!(matches!(again, GameError::NotNow(_)), "{again}");
    let moved = hub.act(&id, &who, Action::Resign).await.unwrap_err();
    assert!(matches!(moved, GameError::NotNow(_)), "{moved}");

    let mut last = 0;
    for (id, kind, result) in &ends {
        let e = next_end(&mut events).await;
        assert_eq!((&e.game, e.kind), (id, *kind), "{e:?}");
        if let Some(r) = result {
            assert_eq!(e.result, *r);
        }
        assert!(e.seq > last, "{} after {last}", e.seq);
        last = e.seq;
        let (seq, ended) = stored_end(&state.db, id).await;
        assert_eq!(seq, Some(e.seq), "stored with the end");
        assert_eq!(ended, Some(e.at));
        assert_eq!(
            e.name,
            if *kind == EndKind::Abort {
                "linja"
            } else {
                "jarmo"
            }
        );
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(events.try_recv().is_err(), "one event per end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_end_goes_through_one_door_numbered_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("e.db").to_str().unwrap())
        .await
        .unwrap();
    let state = AppState::new(db, &Limits::default(), None, false);
    every_way_through_the_door(&state).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_end_goes_through_one_door_numbered_in_order_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!("skipped: TABLERO_TEST_POSTGRES is not set");
        return;
    };
    let state = AppState::new(
        Db::open(&url).await.unwrap(),
        &Limits::default(),
        None,
        false,
    );
    every_way_through_the_door(&state).await;
}

/// Two processes on one PostgreSQL database: a game ended by one is heard
/// by the other (once, with the same number), and the one that ended it
/// does not hear its own end twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn another_process_hears_an_end_through_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!("skipped: TABLERO_TEST_POSTGRES is not set");
        return;
    };
    let open = || async {
        let state = AppState::new(
            Db::open(&url).await.unwrap(),
            &Limits::default(),
            None,
            false,
        );
        tablero_server::listen(&state, &url).await.unwrap();
        state
    };
    let (a, b) = (open().await, open().await);
    let (mut here, mut there) = (a.bus.subscribe(), b.bus.subscribe());
    for _ in 0..3 {
        let (id, who) = game(&a.hub, "jarmo", Some("3+2")).await;
        play_first(&a.hub, &id, &who).await;
        a.hub.act(&id, &who, Action::Resign).await.unwrap();
        let mine = next_end(&mut here).await;
        let theirs = next_end(&mut there).await;
        assert_eq!(mine, theirs);
        assert_eq!(
            (mine.game.as_str(), mine.kind),
            (id.as_str(), EndKind::Resign)
        );
        assert_eq!(mine.clock.as_deref(), Some("3+2"));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        here.try_recv().is_err(),
        "the echo of one's own end is dropped"
    );
    assert!(there.try_recv().is_err());
}

/// The turns the mail concern remembers of a game are forgotten when the
/// game ends: as the end is heard, and at start for the ends it missed
/// (a process that stopped in between).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscriber_applies_each_end_and_catches_up_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.db");
    let db = Db::open(path.to_str().unwrap()).await.unwrap();
    let told = |id: String| {
        let db = db.clone();
        async move {
            sqlx::query("INSERT INTO notify_sent (address, game_id, ply) VALUES ('k', $1, 1)")
                .bind(id)
                .execute(db.pool())
                .await
                .unwrap();
        }
    };
    let remembered = |id: String| {
        let db = db.clone();
        async move {
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notify_sent WHERE game_id = $1")
                .bind(id)
                .fetch_one(db.pool())
                .await
                .unwrap();
            n
        }
    };
    // A process with no subscriber ends a game (as one that stops before
    // its subscribers ran).
    let alone = AppState::new(db.clone(), &Limits::default(), None, false);
    let (missed, who) = game(&alone.hub, "jarmo", None).await;
    told(missed.clone()).await;
    alone.hub.act(&missed, &who, Action::Resign).await.unwrap();
    let (playing, _) = game(&alone.hub, "jarmo", None).await;
    told(playing.clone()).await;
    assert_eq!(remembered(missed.clone()).await, 1);
    // The next start catches up: the ended game's turns go, not the others.
    let started = AppState::new(db.clone(), &Limits::default(), None, false);
    started.subscribe();
    let mut waited = 0;
    while remembered(missed.clone()).await > 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += 1;
        assert!(waited < 250, "not caught up");
    }
    assert_eq!(remembered(playing.clone()).await, 1);
    // From then on each end is applied as it is heard.
    let (id, who) = game(&started.hub, "jarmo", None).await;
    told(id.clone()).await;
    started.hub.act(&id, &who, Action::Resign).await.unwrap();
    let mut waited = 0;
    while remembered(id.clone()).await > 0 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        waited += 1;
        assert!(waited < 250, "the end was not applied");
    }
}
