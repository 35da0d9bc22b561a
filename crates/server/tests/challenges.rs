//! Challenges (issue #44): a named player challenged from their profile;
//! only the challenged account accepts or declines, only the challenger
//! cancels; who may challenge an account (everyone, people it follows,
//! nobody) and a block either way refuse a challenge; an accepted
//! challenge makes one game, rated as chosen, with the colours asked,
//! however many accepts come at once; the open challenges are capped.

use serde_json::{json, Value};

mod common;
use common::Server;
use tablero_server::db::Db;
use tablero_server::people::People;

/// The account id of `name` (for the relations, which have no route here).
async fn account_id(db: &Db, name: &str) -> String {
    tablero_server::accounts::store::by_key(db, &name.to_lowercase())
        .await
        .unwrap()
        .expect("the account exists")
        .id
}

async fn challenge(s: &Server, cookie: &str, body: Value) -> (u16, Value) {
    s.call_as("POST", "/api/challenges", Some(cookie), None, Some(body))
        .await
}

async fn act(
    s: &Server,
    cookie: Option<&str>,
    id: &str,
    action: &str,
    body: Value,
) -> (u16, Value) {
    s.call_as(
        "POST",
        &format!("/api/challenges/{id}/{action}"),
        cookie,
        None,
        Some(body),
    )
    .await
}

async fn three(s: &Server) -> (String, String, String) {
    (
        s.sign_up("alice").await,
        s.sign_up("bob").await,
        s.sign_up("carol").await,
    )
}

#[tokio::test]
async fn another_account_cannot_accept_decline_or_cancel() {
    let s = common::start().await;
    let (alice, bob, carol) = three(&s).await;
    let (status, c) = challenge(
        &s,
        &alice,
        json!({"to": "Bob", "game": "jarmo", "clock": "5+3"}),
    )
    .await;
    assert_eq!(status, 200, "{c}");
    assert_eq!(
        (c["from"].as_str(), c["to"].as_str()),
        (Some("alice"), Some("bob"))
    );
    assert_eq!(c["state"], "open");
    let id = c["id"].as_str().unwrap();
    // A stranger's cookie, the challenger's, nobody's: refused, nothing changes.
    for action in ["accept", "decline"] {
        assert_eq!(
            act(&s, Some(&carol), id, action, json!({})).await.0,
            403,
            "{action}"
        );
        assert_eq!(
            act(&s, Some(&alice), id, action, json!({})).await.0,
            403,
            "{action}"
        );
        assert_eq!(
            act(&s, None, id, action, json!({})).await.0,
            401,
            "{action}"
        );
    }
    assert_eq!(act(&s, Some(&carol), id, "cancel", json!({})).await.0, 403);
    assert_eq!(act(&s, Some(&bob), id, "cancel", json!({})).await.0, 403);
    assert_eq!(act(&s, None, id, "cancel", json!({})).await.0, 401);
    // Carol cannot even read it.
    let (status, _) = s
        .call_as(
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&carol),
            None,
            None,
        )
        .await;
    assert_eq!(status, 404);
    let (_, mine) = s
        .call_as("GET", "/api/challenges", Some(&carol), None, None)
        .await;
    assert_eq!(mine["incoming"], json!([]));
    let (_, mine) = s
        .call_as("GET", "/api/challenges", Some(&bob), None, None)
        .await;
    assert_eq!(mine["incoming"][0]["id"], id);
    assert_eq!(mine["incoming"][0]["state"], "open");
    // A request from another site with Bob's cookie: refused.
    let resp = s
        .client
        .post(format!("{}/api/challenges/{id}/accept", s.base))
        .header("Origin", "https://evil.example")
        .header("Cookie", format!("tablero_session={bob}"))
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 403);
    // Bob declines with a reason from the list; the challenger sees it.
    assert_eq!(
        act(&s, Some(&bob), id, "decline", json!({"reason": "because"}))
            .await
            .0,
        400
    );
    let (status, d) = act(&s, Some(&bob), id, "decline", json!({"reason": "too-fast"})).await;
    assert_eq!(status, 200, "{d}");
    let (_, mine) = s
        .call_as("GET", "/api/challenges", Some(&alice), None, None)
        .await;
    assert_eq!(mine["outgoing"][0]["state"], "declined");
    assert_eq!(mine["outgoing"][0]["reason"], "too-fast");
    // Answered: no more answers.
    assert_eq!(act(&s, Some(&bob), id, "accept", json!({})).await.0, 409);
    assert_eq!(act(&s, Some(&alice), id, "cancel", json!({})).await.0, 409);
    // Anonymous visitors neither challenge nor are challenged.
    let (status, _) = s
        .call(
            "POST",
            "/api/challenges",
            None,
            Some(json!({"to": "bob", "game": "jarmo"})),
        )
        .await;
    assert_eq!(status, 401);
    assert_eq!(
        challenge(&s, &alice, json!({"to": "nobody-here", "game": "jarmo"}))
            .await
            .0,
        404
    );
    assert_eq!(
        challenge(&s, &alice, json!({"to": "alice", "game": "jarmo"}))
            .await
            .0,
        400
    );
    // The challenger cancels a new one.
    let (_, c) = challenge(&s, &alice, json!({"to": "bob", "game": "linja"})).await;
    let id = c["id"].as_str().unwrap();
    let (status, v) = act(&s, Some(&alice), id, "cancel", json!({})).await;
    assert_eq!((status, v["state"].as_str()), (200, Some("cancelled")));
}

#[tokio::test]
async fn nobody_following_and_blocks_refuse_a_challenge() {
    let s = common::start().await;
    let (alice, bob, carol) = three(&s).await;
    let db = Db::open(&s.database).await.unwrap();
    let people = People::new(db.clone());
    let (a, b, c) = (
        account_id(&db, "alice").await,
        account_id(&db, "bob").await,
        account_id(&db, "carol").await,
    );
    let body = json!({"to": "bob", "game": "jarmo"});
    let settings = |who: &str| json!({ "who": who });
    // Nobody.
    let (status, v) = s
        .call_as(
            "POST",
            "/api/challenges/settings",
            Some(&bob),
            None,
            Some(settings("nobody")),
        )
        .await;
    assert_eq!((status, v["who"].as_str()), (200, Some("nobody")));
    assert_eq!(challenge(&s, &alice, body.clone()).await.0, 403);
    // People Bob follows: Carol, not Alice.
    s.call_as(
        "POST",
        "/api/challenges/settings",
        Some(&bob),
        None,
        Some(settings("following")),
    )
    .await;
    let (_, v) = s
        .call_as("GET", "/api/challenges/settings", Some(&bob), None, None)
        .await;
    assert_eq!(v["who"], "following");
    assert!(people.follow(&b, &c).await.unwrap());
    assert_eq!(challenge(&s, &alice, body.clone()).await.0, 403);
    let (status, v) = challenge(&s, &carol, body.clone()).await;
    assert_eq!(status, 200, "{v}");
    // Alice following Bob does not let her challenge him; Bob following her does.
    assert!(people.follow(&a, &b).await.unwrap());
    assert_eq!(challenge(&s, &alice, body.clone()).await.0, 403);
    assert!(people.follow(&b, &a).await.unwrap());
    let (status, open) = challenge(&s, &alice, body.clone()).await;
    assert_eq!(status, 200, "{open}");
    // A block either way refuses: the challenge, and the acceptance of
    // one made before the block.
    s.call_as(
        "POST",
        "/api/challenges/settings",
        Some(&bob),
        None,
        Some(settings("everyone")),
    )
    .await;
    assert!(people.block(&a, &b).await.unwrap());
    let id = open["id"].as_str().unwrap();
    assert_eq!(act(&s, Some(&bob), id, "accept", json!({})).await.0, 403);
    assert_eq!(
        challenge(&s, &bob, json!({"to": "alice", "game": "jarmo"}))
            .await
            .0,
        403
    );
    people.unblock(&a, &b).await.unwrap();
    assert!(people.block(&b, &a).await.unwrap());
    assert_eq!(
        challenge(&s, &carol, json!({"to": "alice", "game": "jarmo"}))
            .await
            .0,
        200
    );
    assert_eq!(
        challenge(&s, &bob, json!({"to": "alice", "game": "linja"}))
            .await
            .0,
        403
    );
    // A bad setting is refused.
    let (status, _) = s
        .call_as(
            "POST",
            "/api/challenges/settings",
            Some(&bob),
            None,
            Some(settings("friends")),
        )
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn an_accepted_challenge_makes_one_game_rated_as_chosen_with_the_colours_asked() {
    let s = common::start().await;
    let (alice, bob, _) = three(&s).await;
    let (status, c) = challenge(
        &s,
        &alice,
        json!({"to": "bob", "game": "jarmo", "clock": "5+3", "colour": "second", "rated": true}),
    )
    .await;
    assert_eq!(status, 200, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    // Five accepts at once: one game.
    let accepts = futures_util::future::join_all(
        (0..5).map(|_| act(&s, Some(&bob), &id, "accept", json!({}))),
    )
    .await;
    let games: std::collections::BTreeSet<String> = accepts
        .iter()
        .filter(|(st, _)| *st == 200)
        .map(|(_, v)| v["game_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(games.len(), 1, "{accepts:?}");
    assert!(
        accepts.iter().all(|(st, _)| *st == 200 || *st == 409),
        "{accepts:?}"
    );
    let game = games.into_iter().next().unwrap();
    // Once more afterwards: the same game.
    let (status, again) = act(&s, Some(&bob), &id, "accept", json!({})).await;
    assert_eq!(
        (status, again["game_id"].as_str()),
        (200, Some(game.as_str()))
    );
    // Alice asked to move second: Bob holds seat 0, Alice seat 1.
    assert_eq!(again["seat"], 0);
    let (_, mine) = s
        .call_as(
            "GET",
            &format!("/api/challenges/{id}"),
            Some(&alice),
            None,
            None,
        )
        .await;
    assert_eq!(
        (mine["seat"].as_u64(), mine["state"].as_str()),
        (Some(1), Some("accepted"))
    );
    let (_, state) = s
        .call(
            "GET",
            &format!("/api/games/{game}"),
            again["token"].as_str(),
            None,
        )
        .await;
    assert_eq!(state["you"], json!([0]));
    assert_eq!(state["seats"][0]["player"]["name"], "bob");
    assert_eq!(state["seats"][1]["player"]["name"], "alice");
    assert!(state["rated"].is_object(), "rated as chosen: {state}");
    let (_, state) = s
        .call(
            "GET",
            &format!("/api/games/{game}"),
            mine["token"].as_str(),
            None,
        )
        .await;
    assert_eq!(state["you"], json!([1]));
    // One game on each profile.
    let (_, list) = s.call("GET", "/api/players/bob/games", None, None).await;
    assert_eq!(list["games"].as_array().map(Vec::len), Some(1), "{list}");
    // A casual challenge makes a casual game, with its seats the accounts'.
    let (_, c) = challenge(
        &s,
        &alice,
        json!({"to": "bob", "game": "linja", "colour": "first"}),
    )
    .await;
    let (status, v) = act(
        &s,
        Some(&bob),
        c["id"].as_str().unwrap(),
        "accept",
        json!({}),
    )
    .await;
    assert_eq!((status, v["seat"].as_u64()), (200, Some(1)), "{v}");
    let (_, state) = s
        .call(
            "GET",
            &format!("/api/games/{}", v["game_id"].as_str().unwrap()),
            v["token"].as_str(),
            None,
        )
        .await;
    assert_eq!(state["rated"], Value::Null, "{state}");
    assert_eq!(state["seats"][0]["player"]["name"], "alice");
    // A rated challenge needs a clock.
    assert_eq!(
        challenge(
            &s,
            &alice,
            json!({"to": "bob", "game": "jarmo", "rated": true})
        )
        .await
        .0,
        400
    );
}

#[tokio::test]
async fn open_challenges_are_capped() {
    let s = common::start().await;
    let alice = s.sign_up("alice").await;
    for n in 0..6 {
        s.sign_up(&format!("player{n}")).await;
    }
    // One open challenge to the same player at a time.
    assert_eq!(
        challenge(&s, &alice, json!({"to": "player0", "game": "jarmo"}))
            .await
            .0,
        200
    );
    let (status, v) = challenge(&s, &alice, json!({"to": "player0", "game": "linja"})).await;
    assert_eq!(status, 409, "{v}");
    for n in 1..5 {
        let to = format!("player{n}");
        assert_eq!(
            challenge(&s, &alice, json!({"to": to, "game": "jarmo"}))
                .await
                .0,
            200
        );
    }
    // A sixth open one: refused, with a clear reason.
    let (status, v) = challenge(&s, &alice, json!({"to": "player5", "game": "jarmo"})).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap_or_default().contains('5'), "{v}");
    // One cancelled: room for another.
    let (_, mine) = s
        .call_as("GET", "/api/challenges", Some(&alice), None, None)
        .await;
    let id = mine["outgoing"][0]["id"].as_str().unwrap().to_string();
    assert_eq!(act(&s, Some(&alice), &id, "cancel", json!({})).await.0, 200);
    assert_eq!(
        challenge(&s, &alice, json!({"to": "player5", "game": "jarmo"}))
            .await
            .0,
        200
    );
}
