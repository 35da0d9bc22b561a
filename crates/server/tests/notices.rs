//! The notices socket (issues #42 and #44): a move made in a game reaches
//! the notices socket of the player now to move at once, by account or by
//! seat token, on another process of the same PostgreSQL database too;
//! challenges reach the challenged account's socket; another player's
//! cookie or tokens hear nothing of it, nor does a cookie sent from
//! another site.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::Server;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A notices socket on `s` with `cookie` (sent from `origin`, this
/// server's own by default) and the seats of `tokens`; answers once its
/// hello was heard.
async fn notices(
    s: &Server,
    cookie: Option<&str>,
    origin: Option<&str>,
    tokens: &[&str],
) -> Socket {
    let url = format!("{}/api/notices/ws", s.base.replace("http", "ws"));
    let mut req = url.into_client_request().unwrap();
    let origin = origin.map_or_else(|| s.base.clone(), String::from);
    req.headers_mut().insert("Origin", origin.parse().unwrap());
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("Cookie", format!("tablero_session={c}").parse().unwrap());
    }
    let mut ws = tokio_tungstenite::connect_async(req).await.unwrap().0;
    next_where(&mut ws, 5, |v| v["type"] == "ready").await;
    ws.send(Message::Text(
        json!({"type": "hello", "tokens": tokens})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    let ready = next_where(&mut ws, 5, |v| v["type"] == "ready").await;
    assert_eq!(
        ready["seats"].as_u64(),
        Some(tokens.len() as u64),
        "{ready}"
    );
    ws
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

/// The next JSON message of `ws`, within `secs`.
async fn next(ws: &mut Socket, secs: u64) -> Value {
    next_where(ws, secs, |_| true).await
}

async fn challenge(s: &Server, cookie: &str, body: Value) -> Value {
    let (status, v) = s
        .call_as("POST", "/api/challenges", Some(cookie), None, Some(body))
        .await;
    assert_eq!(status, 200, "{v}");
    v
}

async fn first_move(s: &Server, game: &str, token: &str) -> (u16, Value) {
    let (_, state) = s
        .call("GET", &format!("/api/games/{game}"), Some(token), None)
        .await;
    let mv = state["legal"][0]["move"]
        .as_str()
        .expect("a legal move")
        .to_string();
    s.call(
        "POST",
        &format!("/api/games/{game}/move"),
        Some(token),
        Some(json!({"move": mv})),
    )
    .await
}

/// Alice challenges Bob through `a`; both listen on `b` (Alice by cookie,
/// Bob by cookie and, on a second socket, by seat token alone); Carol
/// listens on `b` with her cookie, and a page of another site with Bob's
/// cookie. A move through `a` reaches Alice's and Bob's sockets on `b`,
/// and neither Carol's nor the other site's.
async fn moves_and_challenges_reach_their_players_only(a: &Server, b: &Server) {
    // Names of their own on a database other runs may have used.
    let run = tablero_server::db::random_id(6).to_lowercase();
    let (alice_name, bob_name, carol_name) = (
        format!("alice{run}"),
        format!("bob{run}"),
        format!("carol{run}"),
    );
    let alice = a.sign_up(&alice_name).await;
    let bob = a.sign_up(&bob_name).await;
    let carol = a.sign_up(&carol_name).await;
    let mut alice_ws = notices(b, Some(&alice), None, &[]).await;
    let mut bob_ws = notices(b, Some(&bob), None, &[]).await;
    let mut carol_ws = notices(b, Some(&carol), None, &[]).await;
    // Bob's cookie, sent by a page of another site: no account.
    let mut evil_ws = notices(b, Some(&bob), Some("https://evil.example"), &[]).await;

    let started = Instant::now();
    let c = challenge(
        a,
        &alice,
        json!({"to": bob_name, "game": "jarmo", "colour": "first"}),
    )
    .await;
    let heard = next(&mut bob_ws, 5).await;
    eprintln!(
        "challenge heard on the other process in {:?}",
        started.elapsed()
    );
    assert_eq!(
        (heard["type"].as_str(), heard["what"].as_str()),
        (Some("challenge"), Some("new"))
    );
    assert_eq!(heard["id"], c["id"]);
    let id = c["id"].as_str().unwrap();
    let (status, accepted) = a
        .call_as(
            "POST",
            &format!("/api/challenges/{id}/accept"),
            Some(&bob),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{accepted}");
    let game = accepted["game_id"].as_str().unwrap().to_string();
    let heard = next(&mut alice_ws, 5).await;
    assert_eq!(
        (heard["what"].as_str(), heard["game"].as_str()),
        (Some("accepted"), Some(game.as_str()))
    );
    next_where(&mut bob_ws, 5, |v| v["what"] == "accepted").await;
    let (_, alice_view) = a
        .call_as(
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&alice),
            None,
            None,
        )
        .await;
    let alice_token = alice_view["token"].as_str().unwrap().to_string();
    let bob_token = accepted["token"].as_str().unwrap().to_string();
    // Bob's seat by its token alone, on a socket with no cookie.
    let mut bob_token_ws = notices(b, None, None, &[&bob_token]).await;

    // Alice (seat 0) moves through a: Bob's sockets on b hear it is his turn.
    let started = Instant::now();
    let (status, moved) = first_move(a, &game, &alice_token).await;
    assert_eq!(status, 200, "{moved}");
    let turn = next_where(&mut bob_ws, 5, |v| v["type"] == "turn").await;
    eprintln!(
        "a move through one process reached a notices socket on another in {:?}",
        started.elapsed()
    );
    assert_eq!(
        (turn["game"].as_str(), turn["yours"].as_bool()),
        (Some(game.as_str()), Some(true))
    );
    let turn = next_where(&mut bob_token_ws, 5, |v| v["type"] == "turn").await;
    assert_eq!(turn["yours"], true);
    let turn = next_where(&mut alice_ws, 5, |v| v["type"] == "turn").await;
    assert_eq!(turn["yours"], false);
    // Bob moves: now Alice's turn.
    let (status, _) = first_move(a, &game, &bob_token).await;
    assert_eq!(status, 200);
    let turn = next_where(&mut alice_ws, 5, |v| v["type"] == "turn").await;
    assert_eq!(turn["yours"], true);
    // Bob resigns: both hear the end.
    let (status, _) = a
        .call(
            "POST",
            &format!("/api/games/{game}/resign"),
            Some(&bob_token),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);
    let end = next_where(&mut alice_ws, 5, |v| {
        v["type"] == "turn" && v["ended"] == true
    })
    .await;
    assert_eq!(end["yours"], false);
    next_where(&mut bob_ws, 5, |v| {
        v["type"] == "turn" && v["ended"] == true
    })
    .await;

    // Carol and the other site's page heard none of it: the first thing
    // each hears is a challenge to Carol (the other site's page not even that).
    challenge(a, &alice, json!({"to": carol_name, "game": "linja"})).await;
    let first = next(&mut carol_ws, 5).await;
    assert_eq!(
        (first["type"].as_str(), first["what"].as_str()),
        (Some("challenge"), Some("new")),
        "{first}"
    );
    let nothing = tokio::time::timeout(Duration::from_millis(300), evil_ws.next()).await;
    assert!(nothing.is_err(), "the other site's page heard {nothing:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_reach_their_players_only() {
    let s = common::start().await;
    moves_and_challenges_reach_their_players_only(&s, &s).await;
}

/// Two server processes on one PostgreSQL database: a move made through
/// one reaches the notices sockets on the other. Runs when
/// `TABLERO_TEST_POSTGRES` names a database (scripts/test.sh starts one).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_one_process_reaches_a_notices_socket_on_another() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let a = common::start_on(&url).await;
    let b = common::start_on(&url).await;
    moves_and_challenges_reach_their_players_only(&a, &b).await;
}

#[tokio::test]
async fn a_token_of_no_seat_holds_nothing_and_a_bad_message_is_answered() {
    let s = common::start().await;
    let mut ws = notices(&s, None, None, &[]).await;
    ws.send(Message::Text(
        json!({"type": "hello", "tokens": ["not-a-token"]})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    let ready = next(&mut ws, 5).await;
    assert_eq!(
        (ready["type"].as_str(), ready["seats"].as_u64()),
        (Some("ready"), Some(0))
    );
    ws.send(Message::Text("{\"type\": \"shout\"}".into()))
        .await
        .unwrap();
    assert_eq!(next(&mut ws, 5).await["type"], "error");
}
