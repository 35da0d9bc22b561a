//! Bot accounts and the bot API (issue #45): an owner makes a bot and its
//! token (shown once, regenerated, revoked); a bot has no password; every
//! bot route takes the bot's token only (never a person's cookie) and
//! refuses another bot's token; rated challenges to bots are refused; the
//! event stream tells a challenge and the game's start, the game stream
//! its full state then each change, and the bot's move is committed
//! before it is answered.

use serde_json::{json, Value};
use std::time::Duration;

mod common;
use common::Server;

/// `name`'s bot made by `owner` (a cookie): its token.
async fn make_bot(s: &Server, owner: &str, name: &str) -> String {
    let (status, v) = s
        .call_as(
            "POST",
            "/api/bots",
            Some(owner),
            None,
            Some(json!({"name": name})),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["bot"]["name"], name);
    let token = v["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("tbot_"), "{token}");
    token
}

/// A stream of lines of JSON from `path` with `token`.
struct Lines {
    body: reqwest::Response,
    buf: Vec<u8>,
}

async fn open(s: &Server, path: &str, token: &str) -> (u16, Option<Lines>) {
    let r = s
        .client
        .get(format!("{}{path}", s.base))
        .header("Authorization", format!("Bearer {token}"))
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    if status != 200 {
        return (status, None);
    }
    assert_eq!(
        r.headers()["content-type"].to_str().unwrap(),
        "application/x-ndjson"
    );
    (
        status,
        Some(Lines {
            body: r,
            buf: Vec::new(),
        }),
    )
}

impl Lines {
    /// The next line that is not empty (a keep-alive), within 10 s.
    async fn next(&mut self) -> Value {
        loop {
            if let Some(at) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=at).collect();
                let text = String::from_utf8(line).unwrap();
                if text.trim().is_empty() {
                    continue;
                }
                return serde_json::from_str(&text).unwrap();
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.body.chunk())
                .await
                .expect("a line within 10 s")
                .unwrap()
                .expect("the stream goes on");
            self.buf.extend_from_slice(&chunk);
        }
    }

    /// The next line of type `kind`, skipping others.
    async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }
}

#[tokio::test]
async fn an_owner_makes_a_bot_whose_token_is_shown_once_regenerated_and_revoked() {
    let s = common::start().await;
    let owner = s.sign_up("owner").await;
    let other = s.sign_up("other").await;
    let token = make_bot(&s, &owner, "EngineOne").await;
    let (status, me) = s.call("GET", "/api/bot/account", Some(&token), None).await;
    assert_eq!((status, me["name"].as_str()), (200, Some("EngineOne")));
    // The list shows the bot, never its token.
    let (_, list) = s
        .call_as("GET", "/api/bots", Some(&owner), None, None)
        .await;
    assert_eq!(list["bots"][0]["name"], "EngineOne");
    assert_eq!(list["bots"][0]["token"], true);
    assert!(!list.to_string().contains(&token));
    // The other person's list is empty; they cannot touch the token.
    let (_, theirs) = s
        .call_as("GET", "/api/bots", Some(&other), None, None)
        .await;
    assert_eq!(theirs["bots"], json!([]));
    let (status, _) = s
        .call_as(
            "POST",
            "/api/bots/EngineOne/token",
            Some(&other),
            None,
            None,
        )
        .await;
    assert_eq!(status, 403);
    assert_eq!(
        s.call("GET", "/api/bot/account", Some(&token), None)
            .await
            .0,
        200
    );
    // Nobody logged in: 401; another site: 403.
    assert_eq!(
        s.call("POST", "/api/bots", None, Some(json!({"name": "Nope"})))
            .await
            .0,
        401
    );
    let (status, _) = s
        .call("POST", "/api/bots/EngineOne/token", None, None)
        .await;
    assert_eq!(status, 401);
    // A new token: the old one stops working.
    let (status, v) = s
        .call_as(
            "POST",
            "/api/bots/EngineOne/token",
            Some(&owner),
            None,
            None,
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let fresh = v["token"].as_str().unwrap().to_string();
    assert_ne!(fresh, token);
    assert_eq!(
        s.call("GET", "/api/bot/account", Some(&token), None)
            .await
            .0,
        401
    );
    assert_eq!(
        s.call("GET", "/api/bot/account", Some(&fresh), None)
            .await
            .0,
        200
    );
    // Revoked: none works.
    let r = s
        .client
        .delete(format!("{}/api/bots/EngineOne/token", s.base))
        .header("Origin", s.base.clone())
        .header("Cookie", format!("tablero_session={owner}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(
        s.call("GET", "/api/bot/account", Some(&fresh), None)
            .await
            .0,
        401
    );
    let (_, list) = s
        .call_as("GET", "/api/bots", Some(&owner), None, None)
        .await;
    assert_eq!(list["bots"][0]["token"], false);
    // A bot has no password: no login opens it, whatever is tried.
    for password in ["", "correct horse"] {
        let (status, _) = s
            .call_as(
                "POST",
                "/api/account/login",
                None,
                None,
                Some(json!({"name": "EngineOne", "password": password})),
            )
            .await;
        assert_eq!(status, 401, "{password:?}");
    }
    // Its name is taken as any account's is.
    let (status, _) = s
        .call_as(
            "POST",
            "/api/bots",
            Some(&other),
            None,
            Some(json!({"name": "engineone"})),
        )
        .await;
    assert_eq!(status, 409);
    let (status, _) = s
        .call_as(
            "POST",
            "/api/account/signup",
            None,
            None,
            Some(json!({"name": "EngineOne", "password": "correct horse"})),
        )
        .await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn an_owner_has_at_most_five_bots() {
    let s = common::start().await;
    let owner = s.sign_up("owner").await;
    for i in 0..tablero_server::bots::MAX_BOTS {
        make_bot(&s, &owner, &format!("Engine{i}")).await;
    }
    let (status, v) = s
        .call_as(
            "POST",
            "/api/bots",
            Some(&owner),
            None,
            Some(json!({"name": "OneMore"})),
        )
        .await;
    assert_eq!(status, 409, "{v}");
    // The refused bot's name was not taken.
    let other = s.sign_up("other").await;
    make_bot(&s, &other, "OneMore").await;
}

#[tokio::test]
async fn a_person_challenges_a_bot_which_hears_it_accepts_and_plays_through_its_streams() {
    let s = common::start().await;
    let owner = s.sign_up("owner").await;
    let person = s.sign_up("person").await;
    let token = make_bot(&s, &owner, "Linjabot").await;
    let other_bot = make_bot(&s, &owner, "Otherbot").await;
    let (status, mut events) = open(&s, "/api/bot/stream/event", &token).await;
    assert_eq!(status, 200);
    let mut events = events.take().unwrap();
    // Bots play casual games only.
    let (status, v) = s
        .call_as(
            "POST",
            "/api/challenges",
            Some(&person),
            None,
            Some(json!({"to": "Linjabot", "game": "linja", "clock": "5+3", "rated": true})),
        )
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["code"], "api_bot_casual_only");
    let (status, c) = s
        .call_as(
            "POST",
            "/api/challenges",
            Some(&person),
            None,
            Some(json!({"to": "Linjabot", "game": "linja", "clock": "5+3", "colour": "first"})),
        )
        .await;
    assert_eq!(status, 200, "{c}");
    let cid = c["id"].as_str().unwrap().to_string();
    let heard = events.next_of("challenge").await;
    assert_eq!(heard["challenge"]["id"], cid.as_str());
    assert_eq!(heard["challenge"]["from"], "person");
    // Another bot's token, a person's cookie: not theirs to accept.
    let accept = format!("/api/bot/challenge/{cid}/accept");
    assert_eq!(s.call("POST", &accept, Some(&other_bot), None).await.0, 403);
    assert_eq!(
        s.call_as("POST", &accept, Some(&owner), None, None).await.0,
        401
    );
    let (status, v) = s.call("POST", &accept, Some(&token), None).await;
    assert_eq!(status, 200, "{v}");
    let game = v["game_id"].as_str().unwrap().to_string();
    assert_eq!(v["seat"], 1);
    let seat = v["token"].as_str().unwrap().to_string();
    let start = events.next_of("gameStart").await;
    assert_eq!(start["game"]["id"], game.as_str());
    assert_eq!(start["game"]["seat"], 1);
    // The players' bars: the bot is drawn BOT, the person is not.
    let (_, st) = s
        .call_as(
            "GET",
            &format!("/api/games/{game}"),
            Some(&person),
            None,
            None,
        )
        .await;
    assert_eq!(st["seats"][1]["player"]["name"], "Linjabot");
    assert_eq!(st["seats"][1]["player"]["bot"], true);
    assert_eq!(st["seats"][0]["player"]["bot"], false);
    // Another bot's token cannot open the game's stream, nor move.
    let path = format!("/api/bot/game/stream/{game}");
    assert_eq!(open(&s, &path, &other_bot).await.0, 403);
    assert_eq!(
        open(&s, "/api/bot/game/stream/nosuchgame", &token).await.0,
        404
    );
    let (status, mut feed) = open(&s, &path, &token).await;
    assert_eq!(status, 200);
    let mut feed = feed.take().unwrap();
    let full = feed.next().await;
    assert_eq!(full["type"], "gameFull");
    assert_eq!(full["seat"], 1);
    assert_eq!(full["players"][1]["bot"], true);
    assert_eq!(full["clock"], "5+3");
    assert_eq!(full["state"]["my_turn"], false);
    assert!(full["initial_position"]
        .as_str()
        .is_some_and(|p| !p.is_empty()));
    // The person moves; the bot hears it, with the clocks, and answers.
    let first = st["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, v) = s
        .call_as(
            "POST",
            &format!("/api/games/{game}/move"),
            Some(&person),
            None,
            Some(json!({"move": first})),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let mut state = feed.next_of("gameState").await;
    while state["ply"].as_u64() == Some(0) {
        state = feed.next_of("gameState").await;
    }
    assert_eq!(state["moves"][0], first.as_str());
    assert!(state["clock"]["left"][1].as_i64().unwrap() > 0);
    // Linja's turn may take more than one move: the bot plays while it is its turn.
    let mut bot_moves = Vec::new();
    while state["my_turn"] == true {
        // The legal moves, read with the bot's seat token (which the
        // accept answered): the engine's choice stands in for it here.
        let (_, seen) = s
            .call("GET", &format!("/api/games/{game}"), Some(&seat), None)
            .await;
        let mv = seen["legal"][0]["move"].as_str().unwrap().to_string();
        let url = format!("/api/bot/game/{game}/move/{}", urlencoding(&mv));
        // A person's cookie and another bot's token cannot move for it.
        assert_eq!(
            s.call_as("POST", &url, Some(&owner), None, None).await.0,
            401
        );
        assert_eq!(s.call("POST", &url, Some(&other_bot), None).await.0, 403);
        let (status, v) = s.call("POST", &url, Some(&token), None).await;
        assert_eq!(status, 200, "{v}");
        bot_moves.push(mv);
        // Committed before answered: a read at once shows it.
        let (_, now) = s
            .call("GET", &format!("/api/games/{game}"), None, None)
            .await;
        assert_eq!(
            now["moves"].as_array().unwrap().last().unwrap(),
            bot_moves.last().unwrap().as_str()
        );
        state = feed.next_of("gameState").await;
    }
    assert!(!bot_moves.is_empty());
    // A move out of turn is refused.
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/bot/game/{game}/move/{}", urlencoding(&bot_moves[0])),
            Some(&token),
            None,
        )
        .await;
    assert!(status == 400 || status == 403 || status == 409, "{status}");
    // The bot resigns: its game stream ends with the result, the event
    // stream says the game finished.
    let resign = format!("/api/bot/game/{game}/resign");
    assert_eq!(s.call("POST", &resign, Some(&other_bot), None).await.0, 403);
    assert_eq!(
        s.call_as("POST", &resign, Some(&person), None, None)
            .await
            .0,
        401
    );
    assert_eq!(s.call("POST", &resign, Some(&token), None).await.0, 200);
    let over = feed.next_of("gameState").await;
    assert_eq!(over["status"], "over");
    assert_eq!(over["result"]["winner"], 0);
    let finish = events.next_of("gameFinish").await;
    assert_eq!(finish["game"]["id"], game.as_str());
}

/// `text` for a path segment.
fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn the_bot_routes_refuse_a_missing_or_unknown_token() {
    let s = common::start().await;
    let person = s.sign_up("person").await;
    for (method, path) in [
        ("GET", "/api/bot/account"),
        ("GET", "/api/bot/stream/event"),
        ("GET", "/api/bot/game/stream/g1"),
        ("POST", "/api/bot/game/g1/move/a1"),
        ("POST", "/api/bot/game/g1/resign"),
        ("POST", "/api/bot/challenge/c1/accept"),
        ("POST", "/api/bot/challenge/c1/decline"),
    ] {
        assert_eq!(s.call(method, path, None, None).await.0, 401, "{path}");
        assert_eq!(
            s.call(method, path, Some("tbot_nosuchtoken"), None).await.0,
            401,
            "{path}"
        );
        // A person's session cookie is no bot's token.
        assert_eq!(
            s.call_as(method, path, Some(&person), None, None).await.0,
            401,
            "{path}"
        );
    }
}
