//! Rematches, the two-game match, who is connected, and hints, end to end
//! over HTTP and WebSocket on a real server.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{start_on as start, Server};

impl Server {
    /// A POST when there is a body or the action needs none, else a GET.
    async fn act(&self, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
        let post = body.is_some() || path.ends_with("rematch") || path.ends_with("hint");
        self.call(if post { "POST" } else { "GET" }, path, token, body)
            .await
    }

    async fn create(&self, body: Value) -> Value {
        let (status, created) = self.act("/api/games", None, Some(body)).await;
        assert_eq!(status, 200, "{created}");
        created
    }

    async fn state(&self, id: &str, token: Option<&str>) -> Value {
        let (status, st) = self.act(&format!("/api/games/{id}"), token, None).await;
        assert_eq!(status, 200, "{st}");
        st
    }

    async fn rematch(&self, id: &str, token: Option<&str>) -> (u16, Value) {
        self.act(&format!("/api/games/{id}/rematch"), token, None)
            .await
    }

    async fn resign(&self, id: &str, token: &str) -> Value {
        let (status, st) = self
            .act(
                &format!("/api/games/{id}/resign"),
                Some(token),
                Some(json!({})),
            )
            .await;
        assert_eq!(status, 200, "{st}");
        st
    }

    async fn socket(&self, id: &str, token: &str) -> Socket {
        let url = format!("{}/api/games/{id}/ws", self.base.replace("http", "ws"));
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("ws");
        ws.send(Message::text(
            json!({"type": "hello", "tokens": [token]}).to_string(),
        ))
        .await
        .unwrap();
        ws
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The first state on `ws` for which `pred` holds (within 20 s).
async fn wait_state(ws: &mut Socket, pred: impl Fn(&Value) -> bool) -> Value {
    tokio::time::timeout(Duration::from_secs(20), async {
        while let Some(Ok(msg)) = ws.next().await {
            let Ok(text) = msg.to_text() else { continue };
            let Ok(v) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            if v["type"] == "state" && pred(&v["game"]) {
                return v["game"].clone();
            }
        }
        panic!("the socket closed");
    })
    .await
    .expect("the state came within 20 s")
}

fn link_token(created: &Value, seat: &str) -> String {
    let link = created["links"][seat].as_str().expect("a link");
    link.split("#token=").nth(1).expect("a token").to_string()
}

/// A game between the creator (seat 0) and a friend (seat 1): id and tokens.
async fn friends(s: &Server, game: &str, two_games: bool) -> (String, String, String) {
    let created = s
        .create(json!({"game": game, "seats": [{"kind": "human"}, {"kind": "link"}], "match": two_games}))
        .await;
    (
        created["id"].as_str().unwrap().to_string(),
        created["tokens"]["0"].as_str().unwrap().to_string(),
        link_token(&created, "1"),
    )
}

fn only_token(answer: &Value, seat: &str) -> String {
    let tokens = answer["tokens"].as_object().expect("tokens");
    assert_eq!(tokens.len(), 1, "one seat's token only: {answer}");
    tokens[seat].as_str().expect("a token").to_string()
}

#[tokio::test]
async fn a_rematch_between_friends_is_offered_live_and_swaps_the_seats() {
    let dir = tempfile::tempdir().unwrap();
    let s = start(dir.path().join("t.db").to_str().unwrap()).await;
    let (id, t0, t1) = friends(&s, "imago", false).await;
    // Not before the end.
    assert_eq!(s.rematch(&id, Some(&t0)).await.0, 409);
    s.resign(&id, &t0).await;
    let mut friend = s.socket(&id, &t1).await;
    // A spectator cannot ask.
    assert_eq!(s.rematch(&id, None).await.0, 403);
    assert_eq!(s.rematch(&id, Some("nonsense")).await.0, 403);
    let (status, offer) = s.rematch(&id, Some(&t0)).await;
    assert_eq!(status, 200, "{offer}");
    assert_eq!(offer["offer"], 0);
    assert!(offer["id"].is_null());
    // The friend sees the offer live.
    let seen = wait_state(&mut friend, |g| g["rematch_offer"] == 0).await;
    assert_eq!(seen["you"], json!([1]));
    // A token of seat 0 cannot accept for seat 1: asking again changes nothing.
    let (status, again) = s.rematch(&id, Some(&t0)).await;
    assert_eq!(status, 200);
    assert!(again["id"].is_null(), "{again}");
    assert!(again["tokens"].as_object().unwrap().is_empty());
    assert!(s.state(&id, None).await["next"].is_null());
    // The friend accepts: the new game, and only the friend's own token.
    let (status, accepted) = s.rematch(&id, Some(&t1)).await;
    assert_eq!(status, 200, "{accepted}");
    let new = accepted["id"].as_str().expect("the new game").to_string();
    let n1 = only_token(&accepted, "0");
    // The first page hears that the next game has started, and gets its own
    // token there.
    let old = s.state(&id, Some(&t0)).await;
    assert_eq!(old["next"], new.as_str());
    assert!(old["rematch_offer"].is_null());
    let (_, mine) = s.rematch(&id, Some(&t0)).await;
    assert_eq!(mine["id"], new.as_str());
    let n0 = only_token(&mine, "1");
    assert_ne!(n0, n1);
    assert_ne!(n0, t0);
    // The seats are swapped: the creator now plays seat 1, the friend seat 0.
    let st = s.state(&new, Some(&n0)).await;
    assert_eq!(st["you"], json!([1]));
    assert_eq!(st["prev"], id.as_str());
    assert_eq!(st["seats"][0]["kind"], "link");
    assert_eq!(st["seats"][1]["kind"], "human");
    assert_eq!(st["variant"], old["variant"]);
    assert_eq!(s.state(&new, Some(&n1)).await["you"], json!([0]));
    // The old tokens hold no seat in the new game, and the old game is closed.
    assert_eq!(s.state(&new, Some(&t0)).await["you"], json!([]));
    let (status, _) = s
        .act(&format!("/api/games/{id}/undo"), Some(&t0), Some(json!({})))
        .await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_rematch_against_the_computer_starts_at_once_with_the_seats_swapped() {
    let dir = tempfile::tempdir().unwrap();
    let s = start(dir.path().join("t.db").to_str().unwrap()).await;
    let created = s
        .create(json!({"game": "linja", "seats": [{"kind": "human"}, {"kind": "ai", "level": 2}]}))
        .await;
    let id = created["id"].as_str().unwrap();
    let t0 = created["tokens"]["0"].as_str().unwrap();
    s.resign(id, t0).await;
    let (status, answer) = s.rematch(id, Some(t0)).await;
    assert_eq!(status, 200, "{answer}");
    let new = answer["id"].as_str().expect("a new game at once");
    let n1 = only_token(&answer, "1");
    let st = s.state(new, Some(&n1)).await;
    assert_eq!(st["you"], json!([1]));
    assert_eq!(st["seats"][0]["kind"], "ai");
    assert_eq!(st["seats"][0]["level"], 2);
    assert_eq!(st["seats"][1]["kind"], "human");
    assert_eq!(st["variant"], created["game"]["variant"]);
    // Asked again, the same game.
    assert_eq!(s.rematch(id, Some(t0)).await.1["id"], new);
}

#[tokio::test]
async fn an_offer_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let db = db.to_str().unwrap();
    let s = start(db).await;
    let (id, t0, t1) = friends(&s, "jarmo", false).await;
    s.resign(&id, &t1).await;
    assert_eq!(s.rematch(&id, Some(&t1)).await.1["offer"], 1);
    drop(s);
    let s = start(db).await;
    assert_eq!(s.state(&id, None).await["rematch_offer"], 1);
    let (_, accepted) = s.rematch(&id, Some(&t0)).await;
    assert!(accepted["id"].is_string(), "{accepted}");
    only_token(&accepted, "1");
}

#[tokio::test]
async fn a_two_game_match_swaps_the_seats_and_adds_the_points() {
    let dir = tempfile::tempdir().unwrap();
    let s = start(dir.path().join("t.db").to_str().unwrap()).await;
    let (_, catalog) = s.act("/api/catalog", None, None).await;
    for g in catalog["games"].as_array().unwrap() {
        assert_eq!(g["two_game_match"], g["game"] == "jarmo", "{}", g["game"]);
    }
    // Only where the rules have one.
    let (status, body) = s
        .act(
            "/api/games",
            None,
            Some(json!({"game": "linja", "seats": [{"kind": "human"}, {"kind": "link"}], "match": true})),
        )
        .await;
    assert_eq!(status, 400, "{body}");

    let (g1, a, b) = friends(&s, "jarmo", true).await;
    let mut watcher = s.socket(&g1, &b).await;
    let st = s.state(&g1, Some(&a)).await;
    assert_eq!(st["match"]["game"], 1);
    assert_eq!(st["match"]["points"], json!([0.0, 0.0]));
    // Person A (seat 0) plays a move, then resigns game 1.
    let mv = st["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, _) = s
        .act(
            &format!("/api/games/{g1}/move"),
            Some(&a),
            Some(json!({"move": mv})),
        )
        .await;
    assert_eq!(status, 200);
    let end1 = s.resign(&g1, &a).await;
    let g2 = end1["next"]
        .as_str()
        .expect("game 2 starts at once")
        .to_string();
    let seen = wait_state(&mut watcher, |g| g["next"].is_string()).await;
    assert_eq!(seen["next"], g2.as_str());
    let score1: Vec<f64> = serde_json::from_value(end1["result"]["score"].clone()).unwrap();
    // Each gets their own seat in game 2: A is now seat 1, B seat 0.
    let a2 = only_token(&s.rematch(&g1, Some(&a)).await.1, "1");
    let b2 = only_token(&s.rematch(&g1, Some(&b)).await.1, "0");
    let st2 = s.state(&g2, Some(&a2)).await;
    assert_eq!(st2["you"], json!([1]));
    assert_eq!(st2["match"]["game"], 2);
    assert_eq!(st2["match"]["other"], g1.as_str());
    // The running total, by game 2's seats: B (seat 0) has game 1's seat-1 points.
    assert_eq!(st2["match"]["points"], json!([score1[1], score1[0]]));
    assert_eq!(st2["match"]["over"], false);
    // B resigns game 2 on the first move; the points add up.
    let end2 = s.resign(&g2, &b2).await;
    let score2: Vec<f64> = serde_json::from_value(end2["result"]["score"].clone()).unwrap();
    let total = [score2[0] + score1[1], score2[1] + score1[0]];
    assert_eq!(end2["match"]["points"], json!(total));
    assert_eq!(end2["match"]["over"], true);
    assert!(end2["next"].is_null(), "no third game starts by itself");
    // Game 1's page shows the same total, by its own seats.
    let again1 = s.state(&g1, None).await;
    assert_eq!(again1["match"]["points"], json!([total[1], total[0]]));
    assert_eq!(again1["match"]["over"], true);
}

#[tokio::test]
async fn the_players_connected_are_shown() {
    let dir = tempfile::tempdir().unwrap();
    let s = start(dir.path().join("t.db").to_str().unwrap()).await;
    let (id, t0, t1) = friends(&s, "imago", false).await;
    let st = s.state(&id, None).await;
    assert_eq!(st["seats"][0]["connected"], false);
    assert_eq!(st["seats"][1]["connected"], false);
    let mut me = s.socket(&id, &t0).await;
    wait_state(&mut me, |g| g["seats"][0]["connected"] == true).await;
    let friend = s.socket(&id, &t1).await;
    wait_state(&mut me, |g| g["seats"][1]["connected"] == true).await;
    drop(friend);
    let st = wait_state(&mut me, |g| g["seats"][1]["connected"] == false).await;
    assert_eq!(st["seats"][0]["connected"], true);
    let computer = s
        .create(json!({"game": "imago", "seats": [{"kind": "human"}, {"kind": "ai", "level": 1}]}))
        .await;
    assert!(computer["game"]["seats"][1]["connected"].is_null());
}

#[tokio::test]
async fn a_hint_is_the_top_levels_move_against_levels_one_to_three() {
    let dir = tempfile::tempdir().unwrap();
    let s = start(dir.path().join("t.db").to_str().unwrap()).await;
    let created = s
        .create(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "ai", "level": 1}]}))
        .await;
    let id = created["id"].as_str().unwrap();
    let t0 = created["tokens"]["0"].as_str().unwrap();
    assert_eq!(created["game"]["hint"], true);
    let (status, hint) = s
        .act(&format!("/api/games/{id}/hint"), Some(t0), None)
        .await;
    assert_eq!(status, 200, "{hint}");
    let legal = &created["game"]["legal"];
    let found = legal
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == hint["move"])
        .expect("the hint is a legal move");
    assert_eq!(found["path"], hint["path"]);
    assert_eq!(hint["ply"], 0);
    assert_eq!(s.rematch(id, None).await.0, 403);
    let (status, _) = s.act(&format!("/api/games/{id}/hint"), None, None).await;
    assert_eq!(status, 403, "a spectator gets no hint");
    // Not against level 4, nor between friends.
    let strong = s
        .create(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "ai", "level": 4}]}))
        .await;
    assert_eq!(strong["game"]["hint"], false);
    let (status, _) = s
        .act(
            &format!("/api/games/{}/hint", strong["id"].as_str().unwrap()),
            strong["tokens"]["0"].as_str(),
            None,
        )
        .await;
    assert_eq!(status, 403);
    let (fid, f0, _) = friends(&s, "jarmo", false).await;
    let (status, _) = s
        .act(&format!("/api/games/{fid}/hint"), Some(&f0), None)
        .await;
    assert_eq!(status, 403);
}

/// The first schema alone, as a database made before rematches has it.
#[derive(Debug)]
struct FirstSchema;

impl<'s> sqlx::migrate::MigrationSource<'s> for FirstSchema {
    fn resolve(
        self,
    ) -> futures_util::future::BoxFuture<
        's,
        Result<Vec<sqlx::migrate::Migration>, sqlx::error::BoxDynError>,
    > {
        Box::pin(async {
            Ok(vec![sqlx::migrate::Migration::new(
                1,
                "init".into(),
                sqlx::migrate::MigrationType::Simple,
                include_str!("../migrations/0001_init.sql").into(),
                false,
            )])
        })
    }
}

#[tokio::test]
async fn a_database_of_the_first_schema_is_brought_up_to_date() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&format!("sqlite://{}?mode=rwc", path.display()))
        .await
        .unwrap();
    sqlx::migrate::Migrator::new(FirstSchema)
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO games (id, game, variant, first_seat, seat0_kind, seat0_level, seat0_token, \
         seat1_kind, seat1_level, seat1_token, declared, draw_offer, ply, result, version, \
         created, updated) VALUES ('old1', 'jarmo', 'standard', 0, 'human', NULL, 'ta', \
         'link', NULL, 'tb', 'w1:resign', NULL, 0, 'w1:resign', 1, 1, 1)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let s = start(path.to_str().unwrap()).await;
    let st = s.state("old1", Some("ta")).await;
    assert_eq!(st["result"]["winner"], 1, "{st}");
    assert!(st["rematch_offer"].is_null() && st["next"].is_null() && st["match"].is_null());
    assert_eq!(s.rematch("old1", Some("ta")).await.1["offer"], 0);
    let (_, accepted) = s.rematch("old1", Some("tb")).await;
    assert_eq!(
        s.state(
            accepted["id"].as_str().unwrap(),
            Some(&only_token(&accepted, "0"))
        )
        .await["you"],
        json!([0])
    );
}

/// With `TABLERO_TEST_POSTGRES` set (scripts/test.sh), the same on
/// PostgreSQL: its schema brought up to date, an offer kept across a
/// restart, and a match's second game created with the first's end.
#[tokio::test]
async fn rematches_and_matches_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!("TABLERO_TEST_POSTGRES is not set: skipped");
        return;
    };
    let s = start(&url).await;
    let (id, t0, t1) = friends(&s, "jarmo", true).await;
    let end = s.resign(&id, &t0).await;
    let g2 = end["next"].as_str().expect("game 2").to_string();
    drop(s);
    let s = start(&url).await;
    let b2 = only_token(&s.rematch(&id, Some(&t1)).await.1, "0");
    let end2 = s.resign(&g2, &b2).await;
    assert_eq!(end2["match"]["over"], true, "{end2}");
    let (_, offer) = s.rematch(&g2, Some(&b2)).await;
    assert_eq!(offer["offer"], 0, "{offer}");
    drop(s);
    let s = start(&url).await;
    assert_eq!(s.state(&g2, None).await["rematch_offer"], 0);
}
