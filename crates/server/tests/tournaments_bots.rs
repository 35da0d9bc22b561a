//! Bots in tournaments (issue #45): a tournament that admits bots is
//! casual (a rated one that admits bots is refused: bots play casual games
//! only); a bot joins and withdraws through the bot API with its own
//! token (`Authorization: Bearer`), never a cookie; a tournament that does
//! not admit bots refuses it; another bot's token acts for that bot only,
//! and no token, a bad one or a person's cookie is refused.

use serde_json::{json, Value};

mod common;
use common::Server;

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
    v["token"].as_str().unwrap().to_string()
}

async fn tournament(s: &Server, cookie: &str, body: Value) -> (u16, Value) {
    s.call_as("POST", "/api/tournaments", Some(cookie), None, Some(body))
        .await
}

#[tokio::test]
async fn a_bot_joins_a_tournament_that_admits_bots_with_its_own_token_only() {
    let s = common::start().await;
    let alice = s.sign_up("alice").await;
    let bob = s.sign_up("bob").await;
    let robo = make_bot(&s, &alice, "robo").await;
    let other = make_bot(&s, &bob, "otherbot").await;
    let swiss = json!({"kind": "swiss", "game": "jarmo", "clock": "5+3", "allow_bots": true});
    // Rated and open to bots: refused.
    let mut rated = swiss.clone();
    rated["rated"] = json!(true);
    let (status, v) = tournament(&s, &alice, rated).await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(v["code"], "api_tournament_bots_casual", "{v}");
    let (status, open) = tournament(&s, &alice, swiss).await;
    assert_eq!(status, 200, "{open}");
    assert_eq!(open["allow_bots"], true);
    let open = open["id"].as_str().unwrap().to_string();
    let (_, closed) = tournament(
        &s,
        &alice,
        json!({"kind": "swiss", "game": "jarmo", "clock": "5+3"}),
    )
    .await;
    let closed = closed["id"].as_str().unwrap().to_string();
    let join = |id: &str| format!("/api/bot/tournament/{id}/join");
    let withdraw = |id: &str| format!("/api/bot/tournament/{id}/withdraw");
    // A tournament that does not admit bots refuses one.
    let (status, v) = s
        .call_as("POST", &join(&closed), None, Some(&robo), Some(json!({})))
        .await;
    assert_eq!(status, 403, "{v}");
    assert_eq!(v["code"], "api_tournament_no_bots", "{v}");
    // No token, a bad one, a person's cookie: refused.
    for (cookie, token) in [
        (None, None),
        (None, Some("tbot_guess")),
        (Some(alice.as_str()), None),
    ] {
        let (status, _) = s
            .call_as("POST", &join(&open), cookie, token, Some(json!({})))
            .await;
        assert_eq!(status, 401, "cookie {cookie:?}, token {token:?}");
    }
    let (status, v) = s
        .call_as("POST", &join(&open), None, Some(&robo), Some(json!({})))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["me"]["joined"], true);
    assert_eq!(v["standings"][0]["name"], "robo");
    // Another account's token acts for its own bot only: robo stays in.
    let (status, _) = s
        .call_as(
            "POST",
            &withdraw(&open),
            None,
            Some(&other),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 404, "otherbot has no entry to withdraw");
    let (status, _) = s
        .call_as(
            "POST",
            &withdraw(&open),
            Some(&alice),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 401, "a cookie is no bot's token");
    let (_, v) = s
        .call_as("GET", &format!("/api/tournaments/{open}"), None, None, None)
        .await;
    assert_eq!(v["standings"][0]["state"], "in");
    let (status, v) = s
        .call_as("POST", &withdraw(&open), None, Some(&robo), Some(json!({})))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["standings"][0]["state"], "withdrawn");
}

/// The next line of `body` that is not empty (a keep-alive), within `secs`.
async fn next_line(body: &mut reqwest::Response, buf: &mut Vec<u8>, secs: u64) -> Value {
    loop {
        if let Some(at) = buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buf.drain(..=at).collect();
            let text = String::from_utf8(line).unwrap();
            if text.trim().is_empty() {
                continue;
            }
            return serde_json::from_str(&text).unwrap();
        }
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(secs), body.chunk())
            .await
            .expect("a line in time")
            .unwrap()
            .expect("the stream goes on");
        buf.extend_from_slice(&chunk);
    }
}

#[tokio::test]
async fn a_bot_in_a_tournament_hears_its_game_start_on_its_event_stream() {
    let s = common::start().await;
    let alice = s.sign_up("alice").await;
    let robo = make_bot(&s, &alice, "robo").await;
    let (_, t) = tournament(
        &s,
        &alice,
        json!({"kind": "swiss", "game": "jarmo", "clock": "5+3", "rounds": 1, "allow_bots": true}),
    )
    .await;
    let id = t["id"].as_str().unwrap().to_string();
    let (status, _) = s
        .call_as(
            "POST",
            &format!("/api/tournaments/{id}/join"),
            Some(&alice),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = s
        .call_as(
            "POST",
            &format!("/api/bot/tournament/{id}/join"),
            None,
            Some(&robo),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200);
    let mut events = s
        .client
        .get(format!("{}/api/bot/stream/event", s.base))
        .header("Authorization", format!("Bearer {robo}"))
        .send()
        .await
        .unwrap();
    assert_eq!(events.status().as_u16(), 200);
    let (status, v) = s
        .call_as(
            "POST",
            &format!("/api/tournaments/{id}/start"),
            Some(&alice),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{v}");
    let game = v["pairings"][0]["game"].as_str().unwrap().to_string();
    // Whichever seat it holds, no turn has been heard: the stream finds
    // the game within its look every 6 s.
    let mut buf = Vec::new();
    let line = next_line(&mut events, &mut buf, 10).await;
    assert_eq!(line["type"], "gameStart", "{line}");
    assert_eq!(line["game"]["id"], game.as_str(), "{line}");
}
