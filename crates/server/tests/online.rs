//! Follow and block by name, who is online and the games being played now
//! (issue #44): another account's cookie cannot change my follows or
//! blocks, a request from another site is refused, an account with a page
//! open counts as online on every process and leaves when its socket
//! closes, and the live games page lists a game with its spectators.
mod common;

use common::Server;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// `DELETE path` from this site's page with `cookie`.
async fn delete(s: &Server, path: &str, cookie: Option<&str>) -> (u16, Value) {
    let mut req = s
        .client
        .delete(format!("{}{path}", s.base))
        .header("Origin", s.base.clone());
    if let Some(c) = cookie {
        req = req.header("Cookie", format!("tablero_session={c}"));
    }
    let resp = req.send().await.unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// The names of a people list, sorted (two follows in one millisecond
/// may list either way).
fn names(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v["people"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

/// A socket at `path` with `cookie` (if any), from this site's page.
async fn socket(s: &Server, path: &str, cookie: Option<&str>) -> Ws {
    let mut req = format!("ws://{}{path}", s.addr)
        .into_client_request()
        .unwrap();
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("Cookie", format!("tablero_session={c}").parse().unwrap());
    }
    req.headers_mut().insert("Origin", s.base.parse().unwrap());
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

/// Waits (up to `within`) until `GET /api/online` on `s` says `n`.
async fn online_becomes(s: &Server, n: i64, within: Duration) {
    let start = Instant::now();
    loop {
        let (status, v) = s.call("GET", "/api/online", None, None).await;
        assert_eq!(status, 200, "{v}");
        if v["online"] == n {
            return;
        }
        assert!(
            start.elapsed() < within,
            "online stayed {} (waiting for {n})",
            v["online"]
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn follows_and_blocks_are_the_asker_s_own() {
    let s = common::start().await;
    let ana = s.sign_up("ana").await;
    let bea = s.sign_up("bea").await;
    let cai = s.sign_up("cai").await;

    // Only an account follows.
    let (status, _) = s
        .call_as("POST", "/api/people/bea/follow", None, None, None)
        .await;
    assert_eq!(status, 401);
    // A request from another site with the cookie is refused.
    let resp = s
        .client
        .post(format!("{}/api/people/bea/follow", s.base))
        .header("Origin", "https://evil.example")
        .header("Cookie", format!("tablero_session={ana}"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 403);
    let (_, v) = s
        .call_as("GET", "/api/people/following", Some(&ana), None, None)
        .await;
    assert!(names(&v).is_empty(), "{v}");

    // Ana follows Bea (by name, any case) and Cai.
    let (status, v) = s
        .call_as("POST", "/api/people/BEA/follow", Some(&ana), None, None)
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["name"], "bea");
    s.call_as("POST", "/api/people/cai/follow", Some(&ana), None, None)
        .await;
    let (_, v) = s
        .call_as("GET", "/api/people/following", Some(&ana), None, None)
        .await;
    assert_eq!(names(&v), ["bea", "cai"]);
    // Nobody follows themselves; an unknown name is 404.
    let (status, _) = s
        .call_as("POST", "/api/people/ana/follow", Some(&ana), None, None)
        .await;
    assert_eq!(status, 400);
    let (status, _) = s
        .call_as("POST", "/api/people/nobody/follow", Some(&ana), None, None)
        .await;
    assert_eq!(status, 404);

    // Cai's cookie changes Cai's relations, never Ana's: Cai unfollowing
    // Bea and blocking Ana leaves Ana's follow of Bea.
    let (status, _) = delete(&s, "/api/people/bea/follow", Some(&cai)).await;
    assert_eq!(status, 200);
    let (_, v) = s
        .call_as("GET", "/api/people/following", Some(&ana), None, None)
        .await;
    assert_eq!(names(&v), ["bea", "cai"]);
    let (status, _) = delete(&s, "/api/people/bea/follow", None).await;
    assert_eq!(status, 401);

    // Bea's relation as Ana sees it.
    let (_, v) = s
        .call_as("GET", "/api/people/bea", Some(&ana), None, None)
        .await;
    assert_eq!(v["following"], true, "{v}");
    assert_eq!(v["blocking"], false, "{v}");

    // A block ends the follows both ways and stops following again.
    let (status, _) = s
        .call_as("POST", "/api/people/ana/block", Some(&cai), None, None)
        .await;
    assert_eq!(status, 200);
    let (_, v) = s
        .call_as("GET", "/api/people/following", Some(&ana), None, None)
        .await;
    assert_eq!(names(&v), ["bea"]);
    let (_, v) = s
        .call_as("GET", "/api/people/blocks", Some(&cai), None, None)
        .await;
    assert_eq!(names(&v), ["ana"]);
    let (_, v) = s
        .call_as("GET", "/api/people/blocks", Some(&ana), None, None)
        .await;
    assert!(names(&v).is_empty(), "{v}");
    let (status, _) = s
        .call_as("POST", "/api/people/cai/follow", Some(&ana), None, None)
        .await;
    assert_eq!(status, 400);
    // Ana cannot lift Cai's block; Bea's cookie neither.
    delete(&s, "/api/people/ana/block", Some(&bea)).await;
    let (status, _) = delete(&s, "/api/people/cai/block", Some(&ana)).await;
    assert_eq!(status, 200);
    let (_, v) = s
        .call_as("GET", "/api/people/blocks", Some(&cai), None, None)
        .await;
    assert_eq!(names(&v), ["ana"]);
    // A cross-site unblock is refused; Cai's own lifts it.
    let resp = s
        .client
        .delete(format!("{}/api/people/ana/block", s.base))
        .header("Origin", "https://evil.example")
        .header("Cookie", format!("tablero_session={cai}"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 403);
    let (status, _) = delete(&s, "/api/people/ana/block", Some(&cai)).await;
    assert_eq!(status, 200);
    let (_, v) = s
        .call_as("GET", "/api/people/blocks", Some(&cai), None, None)
        .await;
    assert!(names(&v).is_empty(), "{v}");
    // Lists need an account.
    let (status, _) = s.call("GET", "/api/people/following", None, None).await;
    assert_eq!(status, 401);
}

/// A rated game between `a` (seat 0) and `b` (seat 1) through a seek (its
/// seats bound to the accounts): its id.
async fn pair(s: &Server, a: &str, b: &str) -> String {
    let seek = json!({"game": "jarmo", "clock": "5+3", "colour": "first", "rated": true});
    let (status, posted) = s
        .call_as("POST", "/api/lobby/seeks", Some(a), None, Some(seek))
        .await;
    assert_eq!(status, 200, "{posted}");
    let accept = format!("/api/lobby/seeks/{}/accept", posted["id"].as_str().unwrap());
    let (status, taken) = s
        .call_as("POST", &accept, Some(b), None, Some(json!({})))
        .await;
    assert_eq!(status, 200, "{taken}");
    taken["game"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_page_open_is_online_and_a_live_game_is_listed_with_its_spectators() {
    let s = common::start().await;
    let ana = s.sign_up("ana").await;
    let bea = s.sign_up("bea").await;
    online_becomes(&s, 0, Duration::from_secs(5)).await;
    // A socket without a session counts nobody.
    let anon = socket(&s, "/api/lobby/ws", None).await;
    let lobby = socket(&s, "/api/lobby/ws", Some(&ana)).await;
    online_becomes(&s, 1, Duration::from_secs(5)).await;
    // Two sockets of one account count once; closing one keeps it online.
    let lobby2 = socket(&s, "/api/lobby/ws", Some(&ana)).await;
    drop(lobby2);
    tokio::time::sleep(Duration::from_millis(500)).await;
    online_becomes(&s, 1, Duration::from_secs(5)).await;
    s.call_as("POST", "/api/people/ana/follow", Some(&bea), None, None)
        .await;
    let (_, v) = s
        .call_as("GET", "/api/people/following", Some(&bea), None, None)
        .await;
    assert_eq!(v["people"][0]["online"], true, "{v}");
    assert_eq!(v["people"][0]["playing"], Value::Null, "{v}");

    // A game between Ana and Bea, Ana on its page, two spectators.
    let id = pair(&s, &ana, &bea).await;
    let game = socket(&s, &format!("/api/games/{id}/ws"), Some(&ana)).await;
    let watcher = socket(&s, &format!("/api/games/{id}/ws"), None).await;
    let watcher2 = socket(&s, &format!("/api/games/{id}/ws"), Some(&bea)).await;
    let start = Instant::now();
    let listed = loop {
        let (status, v) = s.call("GET", "/api/watch", None, None).await;
        assert_eq!(status, 200, "{v}");
        // Bea's socket is a player's: her cookie holds her seat.
        if v["games"][0]["spectators"] == 1 {
            break v;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "{v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(listed["featured"], id.as_str());
    let g = &listed["games"][0];
    assert_eq!(g["url"], format!("/play/{id}"));
    assert_eq!(g["players"][0]["name"], "ana");
    assert_eq!(g["players"][1]["name"], "bea");
    assert_eq!(g["players"][0]["online"], true);
    assert_eq!(g["players"][0]["rating"], 1500);
    let (_, v) = s
        .call_as("GET", "/api/people/following", Some(&bea), None, None)
        .await;
    assert_eq!(v["people"][0]["playing"]["id"], id.as_str(), "{v}");
    let (_, v) = s.call("GET", "/api/people/ana", None, None).await;
    assert_eq!(v["playing"]["url"], format!("/play/{id}"), "{v}");

    // Everyone leaves: nobody online within a few seconds, no spectator.
    drop((anon, lobby, game, watcher, watcher2));
    online_becomes(&s, 0, Duration::from_secs(5)).await;
    let (_, v) = s
        .call_as("GET", "/api/people/following", Some(&bea), None, None)
        .await;
    assert_eq!(v["people"][0]["online"], false, "{v}");
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (_, v) = s.call("GET", "/api/watch", None, None).await;
    assert_eq!(v["games"][0]["spectators"], 0, "{v}");
}

/// Two processes on one PostgreSQL database: a player connected to B
/// counts on A, and leaves A's count within seconds of closing the socket.
/// Runs when `TABLERO_TEST_POSTGRES` names a database (scripts/test.sh).
#[tokio::test]
async fn a_player_on_one_process_is_online_on_the_other() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let a = common::start_on(&url).await;
    let b = common::start_on(&url).await;
    // The database may hold other tests' accounts: count from here.
    let name = format!("pres{}", tablero_server::db::random_id(8).to_lowercase());
    let cookie = b.sign_up(&name).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, before) = a.call("GET", "/api/online", None, None).await;
    let before = before["online"].as_i64().unwrap();
    let ws = socket(&b, "/api/lobby/ws", Some(&cookie)).await;
    // A sees it after B writes and A's next beat (two seconds).
    online_becomes(&a, before + 1, Duration::from_secs(5)).await;
    let (_, v) = a
        .call("GET", &format!("/api/people/{name}"), None, None)
        .await;
    assert_eq!(v["online"], true, "{v}");
    drop(ws);
    online_becomes(&a, before, Duration::from_secs(5)).await;
    let (_, v) = a
        .call("GET", &format!("/api/people/{name}"), None, None)
        .await;
    assert_eq!(v["online"], false, "{v}");
}

#[tokio::test]
async fn the_rating_history_has_a_point_per_rated_game_and_keeps_a_private_profile() {
    let s = common::start().await;
    let ana = s.sign_up("ana").await;
    let bea = s.sign_up("bea").await;
    let (status, v) = s.call("GET", "/api/people/ana/history", None, None).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["pools"], json!([]));
    // A rated game of four plies, then Bea resigns.
    let id = pair(&s, &ana, &bea).await;
    for ply in 0..4 {
        let mut mover = &ana;
        let (_, mut st) = s
            .call_as("GET", &format!("/api/games/{id}"), Some(&ana), None, None)
            .await;
        if st["legal"].as_array().unwrap().is_empty() {
            mover = &bea;
            st = s
                .call_as("GET", &format!("/api/games/{id}"), Some(&bea), None, None)
                .await
                .1;
        }
        let mv = st["legal"][0]["move"].clone();
        let (status, v) = s
            .call_as(
                "POST",
                &format!("/api/games/{id}/move"),
                Some(mover),
                None,
                Some(json!({"move": mv, "ply": ply})),
            )
            .await;
        assert_eq!(status, 200, "{v}");
    }
    let (status, v) = s
        .call_as(
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(&bea),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let start = Instant::now();
    let v = loop {
        let (_, v) = s.call("GET", "/api/people/bea/history", None, None).await;
        if !v["pools"].as_array().unwrap().is_empty() {
            break v;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "never rated: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let pool = &v["pools"][0];
    assert_eq!(pool["pool"], "jarmo");
    let points = pool["points"].as_array().unwrap();
    assert_eq!(points.len(), 2, "{v}");
    assert_eq!(points[0]["game"], 0);
    assert_eq!(points[0]["rating"], 1500);
    assert_eq!(points[1]["game"], 1);
    assert!(points[1]["rating"].as_i64().unwrap() < 1500, "a loss: {v}");
    // The profile's own rating agrees with the last point.
    let (_, p) = s.call("GET", "/api/players/bea", None, None).await;
    assert_eq!(p["ratings"][0]["rating"], points[1]["rating"], "{p}");
    // A private profile's history: 404 to others, shown to its owner.
    let (status, _) = s
        .call_as(
            "POST",
            "/api/account/private",
            Some(&bea),
            None,
            Some(json!({"private": true})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .call_as("GET", "/api/people/bea/history", Some(&ana), None, None)
        .await;
    assert_eq!(status, 404);
    let (status, _) = s
        .call_as("GET", "/api/people/bea/history", Some(&bea), None, None)
        .await;
    assert_eq!(status, 200);
}
