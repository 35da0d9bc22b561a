//! A player's tools in a game (issues #44 and #49), through the HTTP API:
//! the abort (until both sides have moved; no result, no rating, counted
//! nowhere), the takeback between people (offered by the seat that just
//! moved, accepted or declined by the other, lapsing when anyone moves;
//! the clocks as docs/rulings.md says), and private notes (read and
//! written by their writer only). Each tool is refused to a spectator,
//! to the other seat where it is not theirs, to another game's token and
//! to another account's cookie, and a cross-site request is refused.

mod common;

use common::Server;
use serde_json::{json, Value};

/// A new game of `name` between seat 0 (the creator's token) and seat 1
/// (an invite link's token), with `clock` if any, created with `cookie`'s
/// session if any: its id and the two seats' tokens.
async fn game(
    s: &Server,
    name: &str,
    clock: Option<&str>,
    cookie: Option<&str>,
) -> (String, String, String) {
    let mut body = json!({"game": name, "seats": [{"kind": "human"}, {"kind": "link"}]});
    if let Some(c) = clock {
        body["clock"] = json!(c);
    }
    let (st, created) = s
        .call_as("POST", "/api/games", cookie, None, Some(body))
        .await;
    assert_eq!(st, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let a = created["tokens"]["0"].as_str().unwrap().to_string();
    let link = created["links"]["1"].as_str().unwrap();
    let b = link.split("#token=").nth(1).unwrap().to_string();
    (id, a, b)
}

/// The game as `token` sees it.
async fn seen(s: &Server, id: &str, token: Option<&str>) -> Value {
    let (st, g) = s
        .call("GET", &format!("/api/games/{id}"), token, None)
        .await;
    assert_eq!(st, 200, "{g}");
    g
}

/// `token` plays its first legal move; answers the new state.
async fn play(s: &Server, id: &str, token: &str) -> Value {
    let g = seen(s, id, Some(token)).await;
    let mv = g["legal"][0]["move"].as_str().expect("a legal move");
    let (st, after) = s
        .call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(token),
            Some(json!({"move": mv, "ply": g["ply"]})),
        )
        .await;
    assert_eq!(st, 200, "{after}");
    after
}

/// POSTs `body` to the game's action `what` with `token`.
async fn act(s: &Server, id: &str, what: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/{what}"),
        token,
        Some(body),
    )
    .await
}

#[tokio::test]
async fn abort_until_both_sides_have_moved_and_only_by_a_seat() {
    let s = common::start().await;
    let (id, a, b) = game(&s, "jarmo", Some("5+3"), None).await;
    let (other, other_a, _) = game(&s, "jarmo", None, None).await;
    let first = seen(&s, &id, Some(&a)).await;
    assert_eq!(first["abort"], true, "a seat may abort before any move");
    assert_eq!(
        seen(&s, &id, None).await["abort"],
        false,
        "a spectator may not"
    );

    // A spectator, a stranger's token and another game's seat are refused.
    for token in [None, Some("not-a-token"), Some(other_a.as_str())] {
        let (st, e) = act(&s, &id, "abort", token, json!({})).await;
        assert_eq!(st, 403, "{token:?}: {e}");
        assert_eq!(e["code"], "table-spectator");
    }
    let _ = other;

    // Seat 0 moves: still abortable, by either seat.
    play(&s, &id, &a).await;
    assert_eq!(seen(&s, &id, Some(&b)).await["abort"], true);
    assert_eq!(seen(&s, &id, Some(&a)).await["abort"], true);
    // Seat 1 moves too: too late, for both.
    play(&s, &id, &b).await;
    assert_eq!(seen(&s, &id, Some(&a)).await["abort"], false);
    for t in [&a, &b] {
        let (st, e) = act(&s, &id, "abort", Some(t), json!({})).await;
        assert_eq!(st, 409, "{e}");
        assert_eq!(e["code"], "api_abort_too_late");
    }

    // Another game: seat 1 aborts after seat 0's first move. No result,
    // the clocks stopped, no more moves.
    let (id, a, b) = game(&s, "jarmo", Some("5+3"), None).await;
    play(&s, &id, &a).await;
    let (st, g) = act(&s, &id, "abort", Some(&b), json!({})).await;
    assert_eq!(st, 200, "{g}");
    assert_eq!(g["result"]["reason"], "aborted");
    assert_eq!(g["result"]["winner"], Value::Null);
    assert_eq!(g["clock"]["running"], Value::Null);
    assert_eq!(g["abort"], false);
    let (st, e) = act(&s, &id, "abort", Some(&a), json!({})).await;
    assert_eq!(st, 409, "{e}");
    let mv = json!({"move": "x", "ply": 1});
    let (st, _) = act(&s, &id, "move", Some(&b), mv).await;
    assert_eq!(st, 409);
}

#[tokio::test]
async fn abort_against_the_computer_before_its_reply() {
    let s = common::start().await;
    let body = json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "ai", "level": 1}]});
    let (st, created) = s.call("POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, 200);
    let id = created["id"].as_str().unwrap();
    let a = created["tokens"]["0"].as_str().unwrap();
    let (st, g) = act(&s, id, "abort", Some(a), json!({})).await;
    assert_eq!(st, 200, "{g}");
    assert_eq!(g["result"]["reason"], "aborted");
}

#[tokio::test]
async fn an_aborted_game_is_counted_nowhere_on_the_profile() {
    let s = common::start().await;
    let ana = s.sign_up("AnaAbort").await;
    let bob = s.sign_up("BobAbort").await;
    let (id, a, _) = game(&s, "jarmo", None, Some(&ana)).await;
    play(&s, &id, &a).await;
    // Another account's cookie can neither abort nor propose a takeback.
    for (what, body) in [
        ("abort", json!({})),
        ("takeback", json!({"action": "offer"})),
    ] {
        let path = format!("/api/games/{id}/{what}");
        let (st, e) = s.call_as("POST", &path, Some(&bob), None, Some(body)).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (403, Some("table-spectator")),
            "{what}"
        );
    }
    // A cross-site request with the player's own cookie is refused.
    let resp = s
        .client
        .post(format!("{}/api/games/{id}/abort", s.base))
        .header("Origin", "https://evil.example")
        .header("Cookie", format!("tablero_session={ana}"))
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 403);
    assert_eq!(seen(&s, &id, None).await["result"], Value::Null);
    let (st, g) = s
        .call_as(
            "POST",
            &format!("/api/games/{id}/abort"),
            Some(&ana),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(st, 200, "{g}");
    let (st, p) = s.call("GET", "/api/players/AnaAbort", None, None).await;
    assert_eq!(st, 200, "{p}");
    assert_eq!(
        p["counts"],
        json!({"games": 0, "wins": 0, "draws": 0, "losses": 0, "playing": 0})
    );
    let (_, list) = s
        .call("GET", "/api/players/AnaAbort/games", None, None)
        .await;
    assert_eq!(list["games"], json!([]), "{list}");
    let (_, only) = s
        .call(
            "GET",
            "/api/players/AnaAbort/games?result=aborted",
            None,
            None,
        )
        .await;
    assert_eq!(only["games"][0]["id"], id.as_str(), "{only}");
}

#[tokio::test]
async fn takeback_offered_by_the_mover_answered_by_the_other_seat() {
    let s = common::start().await;
    let (id, a, b) = game(&s, "jarmo", None, None).await;
    let (_, other_a, other_b) = game(&s, "jarmo", None, None).await;
    let offer = json!({"action": "offer"});
    let accept = json!({"action": "accept"});
    let decline = json!({"action": "decline"});

    // Nothing to take back before a move.
    let (st, e) = act(&s, &id, "takeback", Some(&a), offer.clone()).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_takeback_nothing"))
    );
    play(&s, &id, &a).await;
    // Seat 1 has not moved: it has nothing to take back.
    let (st, e) = act(&s, &id, "takeback", Some(&b), offer.clone()).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_takeback_nothing"))
    );
    assert_eq!(seen(&s, &id, Some(&a)).await["takeback"], true);
    assert_eq!(seen(&s, &id, Some(&b)).await["takeback"], false);
    // Nobody but a seat may offer.
    for t in [None, Some("nobody"), Some(other_a.as_str())] {
        let (st, _) = act(&s, &id, "takeback", t, offer.clone()).await;
        assert_eq!(st, 403, "{t:?}");
    }
    let (st, g) = act(&s, &id, "takeback", Some(&a), offer.clone()).await;
    assert_eq!(st, 200, "{g}");
    assert_eq!(g["takeback_offer"], 0);
    assert_eq!(seen(&s, &id, None).await["takeback_offer"], 0);
    // Nobody but the other seat may answer: not the offerer, not a
    // spectator, not another game's seat.
    for (t, code) in [
        (Some(a.as_str()), 409),
        (None, 403),
        (Some(other_b.as_str()), 403),
    ] {
        let (st, e) = act(&s, &id, "takeback", t, accept.clone()).await;
        assert_eq!(st, code, "{t:?}: {e}");
        assert_eq!(seen(&s, &id, None).await["ply"], 1);
    }
    // Declined: the move stands.
    let (st, g) = act(&s, &id, "takeback", Some(&b), decline.clone()).await;
    assert_eq!(st, 200, "{g}");
    assert_eq!(
        (g["ply"].as_u64(), &g["takeback_offer"]),
        (Some(1), &Value::Null)
    );
    // Offered again and accepted: back to the start, seat 0 to move.
    act(&s, &id, "takeback", Some(&a), offer.clone()).await;
    let (st, g) = act(&s, &id, "takeback", Some(&b), accept.clone()).await;
    assert_eq!(st, 200, "{g}");
    assert_eq!(
        (g["ply"].as_u64(), g["to_move"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(g["takeback_offer"], Value::Null);
    // Stored: a fresh read after the answer agrees.
    assert_eq!(seen(&s, &id, None).await["ply"], 0);

    // An offer lapses when the other side moves instead.
    play(&s, &id, &a).await;
    act(&s, &id, "takeback", Some(&a), offer.clone()).await;
    play(&s, &id, &b).await;
    let g = seen(&s, &id, Some(&b)).await;
    assert_eq!(
        (g["ply"].as_u64(), &g["takeback_offer"]),
        (Some(2), &Value::Null)
    );
    let (st, e) = act(&s, &id, "takeback", Some(&b), accept).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_takeback_no_offer"))
    );
}

#[tokio::test]
async fn takeback_is_refused_against_the_computer() {
    let s = common::start().await;
    let body = json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "ai", "level": 1}]});
    let (_, created) = s.call("POST", "/api/games", None, Some(body)).await;
    let id = created["id"].as_str().unwrap();
    let a = created["tokens"]["0"].as_str().unwrap();
    play(&s, id, a).await;
    let (st, e) = act(&s, id, "takeback", Some(a), json!({"action": "offer"})).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_takeback_people_only"))
    );
}

#[tokio::test]
async fn a_takeback_on_the_clock_gives_back_the_turn_not_the_increment() {
    let s = common::start().await;
    let (id, a, b) = game(&s, "jarmo", Some("5+3"), None).await;
    play(&s, &id, &a).await; // the clocks start
    play(&s, &id, &b).await;
    let before = seen(&s, &id, None).await;
    let a_left = before["clock"]["left"][0].as_i64().unwrap();
    let after_move = play(&s, &id, &a).await;
    assert_eq!(after_move["clock"]["running"], 1);
    act(&s, &id, "takeback", Some(&a), json!({"action": "offer"})).await;
    let (st, g) = act(&s, &id, "takeback", Some(&b), json!({"action": "accept"})).await;
    assert_eq!(st, 200, "{g}");
    assert_eq!(g["ply"], 2);
    assert_eq!(g["clock"]["running"], 0, "the taker's clock runs again");
    let left = g["clock"]["left"][0].as_i64().unwrap();
    // What seat 0 had when its turn began, less the seconds it thought
    // (no increment kept for the move taken back).
    assert!(left <= a_left, "{left} > {a_left}");
    assert!(left > a_left - 10_000, "{left} vs {a_left}");
    // Seat 1's time stopped at the acceptance, under its full 5 minutes
    // plus one increment.
    let b_left = g["clock"]["left"][1].as_i64().unwrap();
    assert!(b_left <= 303_000 && b_left > 290_000, "{b_left}");
}

#[tokio::test]
async fn notes_are_read_and_written_by_their_writer_only() {
    let s = common::start().await;
    let ana = s.sign_up("AnaNotes").await;
    let bob = s.sign_up("BobNotes").await;
    let (id, a, b) = game(&s, "jarmo", None, Some(&ana)).await;
    let (_, other_a, _) = game(&s, "jarmo", None, None).await;
    let path = format!("/api/games/{id}/notes");

    // Seat 0 writes (by its token); the answer comes after the commit.
    let (st, n) = s
        .call(
            "POST",
            &path,
            Some(&a),
            Some(json!({"text": "plan: <b>centre</b>"})),
        )
        .await;
    assert_eq!(st, 200, "{n}");
    assert_eq!(n["seat"], 0);
    // Its account reads it, with its cookie alone, from another device.
    let (st, n) = s.call_as("GET", &path, Some(&ana), None, None).await;
    assert_eq!(st, 200, "{n}");
    assert_eq!(n["text"], "plan: <b>centre</b>");
    assert!(n["updated"].is_i64());

    // The other seat reads its own notes (none), never seat 0's.
    let (st, n) = s.call("GET", &path, Some(&b), None).await;
    assert_eq!(st, 200);
    assert_eq!(
        (n["seat"].as_u64(), n["text"].as_str()),
        (Some(1), Some(""))
    );
    s.call("POST", &path, Some(&b), Some(json!({"text": "seat 1's"})))
        .await;
    let (_, n) = s.call("GET", &path, Some(&a), None).await;
    assert_eq!(
        n["text"], "plan: <b>centre</b>",
        "seat 1 did not overwrite seat 0's"
    );

    // A spectator, a stranger's token, another game's seat and another
    // account's cookie can neither read nor write.
    for (cookie, token) in [
        (None, None),
        (None, Some("nobody")),
        (None, Some(other_a.as_str())),
        (Some(bob.as_str()), None),
    ] {
        let (st, e) = s.call_as("GET", &path, cookie, token, None).await;
        assert_eq!(st, 403, "{cookie:?} {token:?}: {e}");
        assert_eq!(e["code"], "api_notes_not_yours");
        let (st, _) = s
            .call_as(
                "POST",
                &path,
                cookie,
                token,
                Some(json!({"text": "mine now"})),
            )
            .await;
        assert_eq!(st, 403);
    }
    let (_, n) = s.call("GET", &path, Some(&a), None).await;
    assert_eq!(n["text"], "plan: <b>centre</b>");

    // A cross-site request with the writer's cookie is refused.
    let resp = s
        .client
        .post(format!("{}{path}", s.base))
        .header("Origin", "https://evil.example")
        .header("Cookie", format!("tablero_session={ana}"))
        .body(json!({"text": "forged"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 403);

    // Too long: refused, the note kept.
    let long = "x".repeat(tablero_server::notes::MAX_NOTE + 1);
    let (st, e) = s
        .call("POST", &path, Some(&a), Some(json!({"text": long})))
        .await;
    assert_eq!((st, e["code"].as_str()), (400, Some("api_notes_too_long")));
    // An empty text deletes it.
    s.call("POST", &path, Some(&a), Some(json!({"text": ""})))
        .await;
    let (_, n) = s.call("GET", &path, Some(&a), None).await;
    assert_eq!(
        (n["text"].as_str(), &n["updated"]),
        (Some(""), &Value::Null)
    );
    // No such game: 404.
    let (st, _) = s
        .call("GET", "/api/games/nosuchgame/notes", Some(&a), None)
        .await;
    assert_eq!(st, 404);
}

#[tokio::test]
async fn a_game_s_record_downloads_from_its_page() {
    let s = common::start().await;
    let (id, a, b) = game(&s, "jarmo", None, None).await;
    let m1 = play(&s, &id, &a).await["moves"][0]
        .as_str()
        .unwrap()
        .to_string();
    play(&s, &id, &b).await;
    act(&s, &id, "resign", Some(&a), json!({})).await;
    let resp = s
        .client
        .get(format!("{}/api/games/{id}/record", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    let disposition = resp.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(disposition, format!("attachment; filename=\"{id}.txt\""));
    let text = resp.text().await.unwrap();
    assert!(text.contains(&m1), "{text}");
    assert!(text.contains("Anonymous"), "{text}");
    let (st, _) = s
        .call("GET", "/api/games/nosuchgame/record", None, None)
        .await;
    assert_eq!(st, 404);
}

/// The PNG `bytes` decoded: its width and height.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("its pixels decode");
    (info.width, info.height)
}

#[tokio::test]
async fn a_ply_s_board_as_a_png_of_the_board_s_size() {
    let s = common::start().await;
    for (name, size) in [("jarmo", (352, 352)), ("imago", (544, 416))] {
        let (id, a, b) = game(&s, name, None, None).await;
        play(&s, &id, &a).await;
        play(&s, &id, &b).await;
        for ply in ["?ply=1", "?ply=0", ""] {
            let resp = s
                .client
                .get(format!("{}/api/games/{id}/board.png{ply}", s.base))
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status().as_u16(), 200, "{name}{ply}");
            assert_eq!(resp.headers()["content-type"], "image/png");
            let bytes = resp.bytes().await.unwrap();
            assert_eq!(png_size(&bytes), size, "{name}{ply}");
        }
        let (st, e) = s
            .call(
                "GET",
                &format!("/api/games/{id}/board.png?ply=9"),
                None,
                None,
            )
            .await;
        assert_eq!((st, e["code"].as_str()), (400, Some("api_ply_beyond")));
    }
    let (st, _) = s
        .call("GET", "/api/games/nosuchgame/board.png", None, None)
        .await;
    assert_eq!(st, 404);
}
