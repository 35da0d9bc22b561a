//! The lobby (issue 33): seeks posted, listed, cancelled by their owner
//! only and taken; two takers of one seek at once make one game; "play
//! now" pairs compatible seeks; the lobby's socket lists changes at once,
//! tells an owner that its seek was taken, and cancels the seeks of an
//! owner who leaves; on PostgreSQL a seek posted through one process is
//! seen and taken through another.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::Server;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn post_seek(s: &Server, body: Value) -> Value {
    let (status, v) = s.call("POST", "/api/lobby/seeks", None, Some(body)).await;
    assert_eq!(status, 200, "{v}");
    v
}

async fn listed(s: &Server, token: Option<&str>) -> Vec<Value> {
    let (status, v) = s.call("GET", "/api/lobby", token, None).await;
    assert_eq!(status, 200, "{v}");
    v["seeks"].as_array().unwrap().clone()
}

fn ids(seeks: &[Value]) -> Vec<&str> {
    seeks.iter().map(|s| s["id"].as_str().unwrap()).collect()
}

async fn cancel(s: &Server, id: &str, token: Option<&str>) -> (u16, Value) {
    let mut req = s.client.delete(format!("{}/api/lobby/seeks/{id}", s.base));
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let resp = req.send().await.unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap())
}

async fn accept(s: &Server, id: &str, token: Option<&str>) -> (u16, Value) {
    s.call(
        "POST",
        &format!("/api/lobby/seeks/{id}/accept"),
        token,
        None,
    )
    .await
}

async fn socket(s: &Server) -> Socket {
    let url = format!("{}/api/lobby/ws", s.base.replace("http", "ws"));
    tokio_tungstenite::connect_async(&url).await.unwrap().0
}

/// The next message of `ws` for which `want` holds, within `secs`.
async fn next_where(ws: &mut Socket, secs: u64, want: impl Fn(&Value) -> bool) -> Value {
    tokio::time::timeout(Duration::from_secs(secs), async {
        loop {
            let msg = ws.next().await.expect("the socket is open").unwrap();
            let Ok(text) = msg.to_text() else { continue };
            let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            if want(&v) {
                return v;
            }
        }
    })
    .await
    .expect("the message came in time")
}

fn lists(v: &Value, id: &str) -> bool {
    v["type"] == "seeks" && v["seeks"].as_array().unwrap().iter().any(|s| s["id"] == id)
}

#[tokio::test]
async fn a_seek_is_posted_listed_cancelled_by_its_owner_only_and_taken() {
    let s = common::start().await;
    let a = post_seek(
        &s,
        json!({"game": "jarmo", "clock": "5+3", "colour": "first"}),
    )
    .await;
    let (id, secret) = (a["id"].as_str().unwrap(), a["secret"].as_str().unwrap());
    assert_eq!(a["seek"]["clock"], "5+3");
    assert_eq!(a["seek"]["rated"], false);
    assert_eq!(a["seek"]["colour"], "first");
    let seeks = listed(&s, None).await;
    assert_eq!(ids(&seeks), [id]);
    assert_eq!(seeks[0]["yours"], false);
    assert_eq!(listed(&s, Some(secret)).await[0]["yours"], true);

    // Another browser's secret, or none, cannot cancel it.
    let b = post_seek(&s, json!({"game": "linja"})).await;
    let other = b["secret"].as_str().unwrap();
    let (status, v) = cancel(&s, id, Some(other)).await;
    assert_eq!(status, 403, "{v}");
    assert_eq!(v["code"], "api_seek_not_yours");
    assert_eq!(cancel(&s, id, None).await.0, 403);
    assert_eq!(listed(&s, None).await.len(), 2);
    // Its owner can.
    let (status, v) = cancel(&s, id, Some(secret)).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(ids(&listed(&s, None).await), [b["id"].as_str().unwrap()]);
    let (status, v) = cancel(&s, id, Some(secret)).await;
    assert_eq!((status, v["code"].as_str()), (404, Some("api_no_seek")));

    // Posted again and taken: the owner moves first (seat 0), the taker
    // plays seat 1, the game has the seek's clock.
    let a = post_seek(
        &s,
        json!({"game": "jarmo", "clock": "5+3", "colour": "first"}),
    )
    .await;
    let (id, secret) = (a["id"].as_str().unwrap(), a["secret"].as_str().unwrap());
    let (status, own) = accept(&s, id, Some(secret)).await;
    assert_eq!((status, own["code"].as_str()), (409, Some("api_seek_own")));
    let mut owner = socket(&s).await;
    owner
        .send(Message::Text(
            json!({"type": "hello", "secrets": [secret]})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
    next_where(&mut owner, 5, |v| {
        v["type"] == "seeks"
            && v["seeks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["id"] == id && s["yours"] == true)
    })
    .await;
    let (status, taken) = accept(&s, id, None).await;
    assert_eq!(status, 200, "{taken}");
    assert_eq!(taken["seat"], 1);
    let game = taken["game"].as_str().unwrap();
    let state = s
        .call(
            "GET",
            &format!("/api/games/{game}"),
            taken["token"].as_str(),
            None,
        )
        .await
        .1;
    assert_eq!(state["you"], json!([1]));
    assert_eq!(state["to_move"], 0);
    assert_eq!(state["clock"]["control"], "5+3", "{}", state["clock"]);
    // The owner hears it on its socket, with its own seat's token.
    let start = next_where(&mut owner, 5, |v| v["type"] == "start").await;
    assert_eq!(start["game"], game);
    assert_eq!(start["seek"], id);
    assert_eq!(start["seat"], 0);
    let state = s
        .call(
            "GET",
            &format!("/api/games/{game}"),
            start["token"].as_str(),
            None,
        )
        .await
        .1;
    assert_eq!(state["you"], json!([0]));
    // Taken: no longer listed, no second game, no cancelling it.
    assert!(!ids(&listed(&s, None).await).contains(&id));
    let (status, v) = accept(&s, id, None).await;
    assert_eq!((status, v["code"].as_str()), (409, Some("api_seek_gone")));
    assert_eq!(cancel(&s, id, Some(secret)).await.0, 409);
    assert_eq!(accept(&s, "nope", None).await.0, 404);
}

#[tokio::test]
async fn bad_seeks_are_refused_with_a_reason() {
    let s = common::start().await;
    for (body, code) in [
        (json!({"game": "chess"}), "api_unknown_game"),
        (json!({"game": "jarmo", "clock": "5 minutes"}), ""),
        (json!({"game": "jarmo", "colour": "purple"}), "api_bad_json"),
        (json!({"game": "jarmo", "variant": "no such variant"}), ""),
    ] {
        let (status, v) = s
            .call("POST", "/api/lobby/seeks", None, Some(body.clone()))
            .await;
        assert_eq!(status, 400, "{body}: {v}");
        assert!(v["code"].is_string(), "{body}: {v}");
        if !code.is_empty() {
            assert_eq!(v["code"], code, "{body}: {v}");
        }
    }
    // A rated seek needs an account (see tests/ratings.rs for the rest).
    let (status, v) = s
        .call(
            "POST",
            "/api/lobby/seeks",
            None,
            Some(json!({"game": "jarmo", "clock": "5+3", "rated": true})),
        )
        .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (403, Some("api_seek_rated_login"))
    );
    assert!(listed(&s, None).await.is_empty());
}

/// The race: takers of one seek at once get one game between
/// them, every time; the others are told it was taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn takers_of_one_seek_at_once_make_one_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    let s = common::start_on(&db).await;
    let trials = 20;
    for trial in 0..trials {
        let a = post_seek(&s, json!({"game": "jarmo", "colour": "random"})).await;
        let id = a["id"].as_str().unwrap();
        let answers = futures_util::future::join_all((0..4).map(|_| accept(&s, id, None))).await;
        let won: Vec<&Value> = answers
            .iter()
            .filter(|(st, _)| *st == 200)
            .map(|(_, v)| v)
            .collect();
        assert_eq!(won.len(), 1, "trial {trial}: {answers:?}");
        for (status, v) in &answers {
            assert!(
                *status == 200 || (*status == 409 && v["code"] == "api_seek_gone"),
                "trial {trial}: {status} {v}"
            );
        }
    }
    let store = tablero_server::Db::open(&db).await.unwrap();
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(store.pool())
        .await
        .unwrap();
    assert_eq!(games, trials);
}

#[tokio::test]
async fn play_now_joins_the_oldest_compatible_seek_or_posts_one() {
    let s = common::start().await;
    let s = &s;
    // Each seek posted by a player of its own (one client has at most a
    // few open seeks); joined by a visitor.
    let mut cookies = Vec::new();
    for n in 0..5 {
        cookies.push(s.sign_up(&format!("poster{n}")).await);
    }
    let play_as = |cookie: Option<String>, body: Value| async move {
        let (status, v) = s
            .call_as(
                "POST",
                "/api/lobby/play-now",
                cookie.as_deref(),
                None,
                Some(body),
            )
            .await;
        assert_eq!(status, 200, "{v}");
        v
    };
    let play = |body: Value| play_as(None, body);
    // Nothing to join: posted.
    let first = play_as(
        Some(cookies[0].clone()),
        json!({"game": "jarmo", "clock": "3+2", "colour": "first"}),
    )
    .await;
    assert_eq!(first["result"], "seek", "{first}");
    // Another clock, another game, the same side: not compatible, posted.
    for (n, body) in [
        json!({"game": "jarmo", "clock": "5+3", "colour": "second"}),
        json!({"game": "jarmo", "colour": "second"}),
        json!({"game": "linja", "clock": "3+2", "colour": "second"}),
        json!({"game": "jarmo", "clock": "3+2", "colour": "first"}),
    ]
    .into_iter()
    .enumerate()
    {
        let posted = play_as(Some(cookies[n + 1].clone()), body.clone()).await;
        assert_eq!(posted["result"], "seek", "{body}");
    }
    // "3 + 2" is the same clock: joins the oldest fitting seek (the first).
    let joined = play(json!({"game": "jarmo", "clock": " 3+2 ", "colour": "random"})).await;
    assert_eq!(joined["result"], "game", "{joined}");
    assert_eq!(joined["seek"], first["id"]);
    assert_eq!(joined["seat"], 1);
    // The second "first" seek is next in line for a "second" player.
    let again = play(json!({"game": "jarmo", "clock": "3+2", "colour": "second"})).await;
    assert_eq!(again["result"], "game", "{again}");
    assert_ne!(again["seek"], first["id"]);
    assert_eq!(again["seat"], 1);
    // Three seeks left; none is one's own to join.
    let left = listed(s, None).await;
    assert_eq!(left.len(), 3);
    let mine = play(json!({"game": "linja", "colour": "random"})).await;
    let secret = mine["secret"].as_str().unwrap();
    let (_, v) = s
        .call(
            "POST",
            "/api/lobby/play-now",
            Some(secret),
            Some(json!({"game": "linja", "colour": "random"})),
        )
        .await;
    assert_eq!(v["result"], "seek", "{v}");
}

#[tokio::test]
async fn the_lobby_socket_shows_changes_at_once_and_an_owner_who_leaves_cancels() {
    let s = common::start().await;
    let mut watcher = socket(&s).await;
    let first = next_where(&mut watcher, 5, |v| v["type"] == "seeks").await;
    assert_eq!(first["seeks"], json!([]));
    let a = post_seek(&s, json!({"game": "jarmo", "clock": "2d"})).await;
    let id = a["id"].as_str().unwrap();
    let started = std::time::Instant::now();
    let seen = next_where(&mut watcher, 5, |v| lists(v, id)).await;
    eprintln!(
        "a posted seek reached the watcher in {:?}",
        started.elapsed()
    );
    assert_eq!(seen["seeks"][0]["clock"], "2d");
    assert_eq!(seen["seeks"][0]["yours"], false);

    let mut owner = socket(&s).await;
    owner
        .send(Message::Text(
            json!({"type": "hello", "secrets": [a["secret"]]})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
    next_where(&mut owner, 5, |v| {
        lists(v, id) && v["seeks"][0]["yours"] == true
    })
    .await;
    // A bad message is answered, not fatal.
    owner
        .send(Message::Text("{\"type\":\"post\"}".into()))
        .await
        .unwrap();
    let e = next_where(&mut owner, 5, |v| v["type"] == "error").await;
    assert_eq!(e["code"], "api_ws_bad_message");
    // The owner leaves: the seek goes, and the watcher sees it go.
    owner.close(None).await.unwrap();
    drop(owner);
    next_where(&mut watcher, 5, |v| v["type"] == "seeks" && !lists(v, id)).await;
    assert!(listed(&s, None).await.is_empty());
    assert_eq!(accept(&s, id, None).await.0, 404);
}

#[tokio::test]
async fn lapsed_seeks_and_seeks_taken_without_a_game_are_gone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    let s = common::start_on(&db).await;
    let store = tablero_server::Db::open(&db).await.unwrap();
    let lapsed = post_seek(&s, json!({"game": "jarmo"})).await;
    let orphan = post_seek(&s, json!({"game": "jarmo"})).await;
    let kept = post_seek(&s, json!({"game": "jarmo"})).await;
    let now = tablero_server::db::now_ms();
    // No heartbeat for 61 s (its process stopped).
    sqlx::query("UPDATE seeks SET alive = $1 WHERE id = $2")
        .bind(now - 61_000)
        .bind(lapsed["id"].as_str().unwrap())
        .execute(store.pool())
        .await
        .unwrap();
    // Claimed 20 s ago by a process that stopped before making the game.
    sqlx::query("UPDATE seeks SET game_id = 'never', owner_seat = 0, taken = $1 WHERE id = $2")
        .bind(now - 20_000)
        .bind(orphan["id"].as_str().unwrap())
        .execute(store.pool())
        .await
        .unwrap();
    assert_eq!(ids(&listed(&s, None).await), [kept["id"].as_str().unwrap()]);
    assert_eq!(
        accept(&s, lapsed["id"].as_str().unwrap(), None).await.0,
        409
    );
    assert_eq!(
        accept(&s, orphan["id"].as_str().unwrap(), None).await.0,
        409
    );
    // Their owners are told on the socket.
    let mut owner = socket(&s).await;
    owner
        .send(Message::Text(
            json!({"type": "hello", "secrets": [lapsed["secret"], orphan["secret"], kept["secret"]]})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
    let mut gone = Vec::new();
    for _ in 0..2 {
        let v = next_where(&mut owner, 5, |v| v["type"] == "gone").await;
        gone.push(v["seek"].as_str().unwrap().to_string());
    }
    gone.sort();
    let mut want = vec![
        lapsed["id"].as_str().unwrap().to_string(),
        orphan["id"].as_str().unwrap().to_string(),
    ];
    want.sort();
    assert_eq!(gone, want);
}

/// Two server processes on one PostgreSQL database: a seek posted through
/// one is listed on the other's socket, taken through the other, and its
/// owner, on the first, hears the start. Runs when
/// `TABLERO_TEST_POSTGRES` names a database (scripts/test.sh starts one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_posted_on_one_process_is_seen_and_taken_on_another() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let a = common::start_on(&url).await;
    let b = common::start_on(&url).await;
    let mut watcher = socket(&b).await;
    next_where(&mut watcher, 5, |v| v["type"] == "seeks").await;
    let started = std::time::Instant::now();
    let posted = post_seek(
        &a,
        json!({"game": "jarmo", "clock": "1+0", "colour": "second"}),
    )
    .await;
    let id = posted["id"].as_str().unwrap();
    let mut owner = socket(&a).await;
    owner
        .send(Message::Text(
            json!({"type": "hello", "secrets": [posted["secret"]]})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
    next_where(&mut watcher, 5, |v| lists(v, id)).await;
    eprintln!("process b listed a's seek in {:?}", started.elapsed());
    assert!(ids(&listed(&b, None).await).contains(&id));
    // Taken through b by two at once: one game.
    let (x, y) = tokio::join!(accept(&b, id, None), accept(&a, id, None));
    let (status, taken) = match (x, y) {
        ((200, v), (409, _)) | ((409, _), (200, v)) => (200, v),
        other => panic!("not one winner: {other:?}"),
    };
    assert_eq!(status, 200);
    assert_eq!(taken["seat"], 0);
    let start = next_where(&mut owner, 10, |v| v["type"] == "start").await;
    assert_eq!(start["game"], taken["game"]);
    assert_eq!(start["seat"], 1);
    let game = taken["game"].as_str().unwrap();
    let state = b
        .call(
            "GET",
            &format!("/api/games/{game}"),
            start["token"].as_str(),
            None,
        )
        .await
        .1;
    assert_eq!(state["you"], json!([1]));
    next_where(&mut watcher, 5, |v| v["type"] == "seeks" && !lists(v, id)).await;
    // Twenty more races, two takers on each process: one game each time.
    for trial in 0..20 {
        let posted = post_seek(&a, json!({"game": "linja"})).await;
        let id = posted["id"].as_str().unwrap();
        let (w, x, y, z) = tokio::join!(
            accept(&a, id, None),
            accept(&b, id, None),
            accept(&a, id, None),
            accept(&b, id, None)
        );
        let won = [&w, &x, &y, &z].iter().filter(|(st, _)| *st == 200).count();
        assert_eq!(won, 1, "trial {trial}: {w:?} {x:?} {y:?} {z:?}");
    }
}

/// The account id of `name`, for the relations (their routes are another
/// concern's).
async fn account_id(db: &tablero_server::Db, name: &str) -> String {
    tablero_server::accounts::store::by_key(db, &name.to_lowercase())
        .await
        .unwrap()
        .expect("the account exists")
        .id
}

/// Seeks with faces (issue #44): the poster's name and rating in the
/// seek's pool, or none for a visitor; at most three open seeks per client
/// (an account, else an address), with a clear error past it; a rating
/// range that keeps out takers outside it (and visitors); and no game
/// between two accounts with a block between them, by accept or play now.
#[tokio::test]
async fn seeks_have_faces_a_cap_per_client_a_range_and_no_match_across_a_block() {
    let s = common::start().await;
    let ana = s.sign_up("ana").await;
    let bob = s.sign_up("bob").await;
    let cy = s.sign_up("cyra").await;
    let post_as = |cookie: Option<&str>, body: Value| {
        let s = &s;
        let cookie = cookie.map(String::from);
        async move {
            s.call_as(
                "POST",
                "/api/lobby/seeks",
                cookie.as_deref(),
                None,
                Some(body),
            )
            .await
        }
    };
    // Faces.
    let (status, a1) = post_as(Some(&ana), json!({"game": "jarmo", "clock": "3+2"})).await;
    assert_eq!(status, 200, "{a1}");
    assert_eq!(a1["seek"]["player"], "ana");
    assert_eq!(a1["seek"]["rating"], 1500);
    assert_eq!(a1["seek"]["provisional"], true);
    let (_, v1) = post_as(None, json!({"game": "linja"})).await;
    assert_eq!(v1["seek"]["player"], Value::Null);
    let seen = listed(&s, None).await;
    let ana_seek = seen.iter().find(|x| x["id"] == a1["id"]).unwrap();
    assert_eq!(
        (ana_seek["player"].as_str(), ana_seek["rating"].as_i64()),
        (Some("ana"), Some(1500))
    );
    // The cap: three open seeks per account, and per address for visitors.
    for _ in 0..2 {
        assert_eq!(post_as(Some(&ana), json!({"game": "linja"})).await.0, 200);
        assert_eq!(post_as(None, json!({"game": "jarmo"})).await.0, 200);
    }
    let (status, v) = post_as(Some(&ana), json!({"game": "imago"})).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (409, Some("api_seek_cap")),
        "{v}"
    );
    let (status, v) = post_as(None, json!({"game": "imago"})).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (409, Some("api_seek_cap")),
        "{v}"
    );
    // Another account is another client: its seeks are listed beside them.
    assert_eq!(post_as(Some(&cy), json!({"game": "imago"})).await.0, 200);
    assert_eq!(listed(&s, None).await.len(), 7);
    // One cancelled: room for another.
    let (status, _) = cancel(&s, a1["id"].as_str().unwrap(), a1["secret"].as_str()).await;
    assert_eq!(status, 200);
    assert_eq!(post_as(Some(&ana), json!({"game": "imago"})).await.0, 200);

    // A range: Bob's seek is for 1550 to 1700; Ana (1500) and a visitor
    // are refused, and it shows in the list.
    let (status, ranged) = post_as(
        Some(&bob),
        json!({"game": "jarmo", "clock": "5+0", "min_rating": 1550, "max_rating": 1700}),
    )
    .await;
    assert_eq!(status, 200, "{ranged}");
    assert_eq!(
        (
            ranged["seek"]["min_rating"].as_i64(),
            ranged["seek"]["max_rating"].as_i64()
        ),
        (Some(1550), Some(1700))
    );
    let rid = ranged["id"].as_str().unwrap();
    let path = format!("/api/lobby/seeks/{rid}/accept");
    let (status, v) = s.call_as("POST", &path, Some(&ana), None, None).await;
    assert_eq!(
        (status, v["code"].as_str()),
        (403, Some("api_seek_out_of_range")),
        "{v}"
    );
    let (status, _) = s.call("POST", &path, None, None).await;
    assert_eq!(status, 403);
    // "Play now" with the same choices does not join it either: posts.
    let (status, v) = s
        .call_as(
            "POST",
            "/api/lobby/play-now",
            Some(&cy),
            None,
            Some(json!({"game": "jarmo", "clock": "5+0"})),
        )
        .await;
    assert_eq!((status, v["result"].as_str()), (200, Some("seek")), "{v}");
    let (status, _) = post_as(
        Some(&bob),
        json!({"game": "jarmo", "min_rating": 1700, "max_rating": 1600}),
    )
    .await;
    assert_eq!(status, 400);
    // Within the range: taken.
    let (_, wide) = post_as(
        Some(&bob),
        json!({"game": "linja", "clock": "5+0", "min_rating": 1400, "max_rating": 1600}),
    )
    .await;
    let (status, v) = s
        .call_as(
            "POST",
            &format!("/api/lobby/seeks/{}/accept", wide["id"].as_str().unwrap()),
            Some(&ana),
            None,
            None,
        )
        .await;
    assert_eq!(status, 200, "{v}");

    // A block: Cy blocked Ana. Ana cannot take Cy's seek, and her "play
    // now" with its very choices posts a seek of her own instead.
    let db = tablero_server::Db::open(&s.database).await.unwrap();
    let people = tablero_server::people::People::new(db.clone());
    let (a, c) = (account_id(&db, "ana").await, account_id(&db, "cyra").await);
    assert!(people.block(&c, &a).await.unwrap());
    let cy_seek = listed(&s, None)
        .await
        .into_iter()
        .find(|x| x["player"] == "cyra" && x["game"] == "jarmo")
        .unwrap();
    let (status, v) = s
        .call_as(
            "POST",
            &format!(
                "/api/lobby/seeks/{}/accept",
                cy_seek["id"].as_str().unwrap()
            ),
            Some(&ana),
            None,
            None,
        )
        .await;
    assert_eq!(
        (status, v["code"].as_str()),
        (403, Some("api_seek_blocked")),
        "{v}"
    );
    // Ana has room for one more seek after cancelling one.
    let mine: Vec<Value> = listed(&s, None)
        .await
        .into_iter()
        .filter(|x| x["player"] == "ana")
        .collect();
    assert_eq!(mine.len(), 3);
    let (status, v) = s
        .call_as(
            "POST",
            "/api/lobby/play-now",
            Some(&ana),
            None,
            Some(json!({"game": "jarmo", "clock": "5+0"})),
        )
        .await;
    // Her cap is full: refused, but not paired with Cy.
    assert_eq!(
        (status, v["code"].as_str()),
        (409, Some("api_seek_cap")),
        "{v}"
    );
    // Bob's "play now" joins Cy's seek.
    let (status, v) = s
        .call_as(
            "POST",
            "/api/lobby/play-now",
            Some(&bob),
            None,
            Some(json!({"game": "jarmo", "clock": "5+0"})),
        )
        .await;
    assert_eq!(
        (status, v["result"].as_str(), v["seek"].as_str()),
        (200, Some("game"), cy_seek["id"].as_str()),
        "{v}"
    );
}
