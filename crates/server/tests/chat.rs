//! Chat in each game (issue #44): the players' room and the spectators'
//! room, who speaks and who reads, mutes, blocks, reports, moderators,
//! marked accounts, the length and rate limits, markup kept as text, and
//! live delivery on the chat's socket.

mod common;

use common::Server;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;
use tablero_server::accounts::names::name_key;
use tablero_server::db::Db;
use tablero_server::people::People;
use tokio_tungstenite::tungstenite::Message;

/// A game of Jarmo between `a` (seat 0, created with `a`'s cookie) and
/// `b` (seat 1: its link opened and claimed with `b`'s cookie): the id and
/// both seats' tokens.
async fn game(s: &Server, a: &str, b: &str) -> (String, String, String) {
    s.game_with_link(a, Some(b), "jarmo", None).await
}

/// Says `text` in `room` of game `id` with `cookie` and `token`.
async fn say(
    s: &Server,
    id: &str,
    cookie: Option<&str>,
    token: Option<&str>,
    room: &str,
    text: &str,
) -> (u16, Value) {
    s.call_as(
        "POST",
        &format!("/api/games/{id}/chat"),
        cookie,
        token,
        Some(json!({"room": room, "text": text})),
    )
    .await
}

/// The chat of game `id` as `cookie` and `token` see it.
async fn view(s: &Server, id: &str, cookie: Option<&str>, token: Option<&str>) -> Value {
    let (status, v) = s
        .call_as("GET", &format!("/api/games/{id}/chat"), cookie, token, None)
        .await;
    assert_eq!(status, 200, "{v}");
    v
}

/// The texts of `room` in chat view `v`.
fn texts(v: &Value, room: &str) -> Vec<String> {
    v[room]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

/// The database of `s`, and the id of account `name`.
async fn account_id(db: &Db, name: &str) -> String {
    tablero_server::accounts::store::by_key(db, &name_key(name))
        .await
        .unwrap()
        .unwrap()
        .id
}

/// Makes `name` a moderator, as `tablero moderator grant` does.
async fn grant(s: &Server, name: &str) {
    let db = Db::open(&s.database).await.unwrap();
    let id = account_id(&db, name).await;
    tablero_server::chat::store::grant(&db, &id, name)
        .await
        .unwrap();
}

async fn resign(s: &Server, id: &str, token: &str) {
    let (status, st) = s
        .call(
            "POST",
            &format!("/api/games/{id}/resign"),
            Some(token),
            Some(json!({})),
        )
        .await;
    assert_eq!(status, 200, "{st}");
}

#[tokio::test]
async fn players_talk_in_their_room_and_spectators_in_theirs() {
    let s = common::start().await;
    let (ana, bo, cy) = (
        s.sign_up("anna").await,
        s.sign_up("boris").await,
        s.sign_up("cyril").await,
    );
    let (id, t0, t1) = game(&s, &ana, &bo).await;
    // Both ways between the players: by cookie, and by a seat's token alone.
    let (st, a) = say(&s, &id, Some(&ana), None, "players", "good luck").await;
    assert_eq!(st, 200, "{a}");
    assert_eq!(a["line"]["seat"], 0);
    assert_eq!(a["line"]["name"], "anna");
    assert_eq!(a["line"]["mine"], true);
    let (st, b) = say(&s, &id, None, Some(&t1), "players", "you too").await;
    assert_eq!(st, 200, "{b}");
    assert_eq!(b["line"]["seat"], 1);
    assert_eq!(b["line"]["name"], "boris");
    // A spectator cannot speak in the players' room, nor read it now.
    let (st, e) = say(&s, &id, Some(&cy), None, "players", "hi").await;
    assert_eq!(
        (st, e["code"].as_str()),
        (403, Some("api_chat_players_only"))
    );
    let (st, e) = say(&s, &id, None, None, "players", "hi").await;
    assert_eq!(st, 403, "{e}");
    // The spectators' room: accounts that are not players speak.
    let (st, c) = say(&s, &id, Some(&cy), None, "spectators", "nice opening").await;
    assert_eq!(st, 200, "{c}");
    assert_eq!(c["line"]["seat"], Value::Null);
    let (st, e) = say(&s, &id, None, None, "spectators", "anon").await;
    assert_eq!((st, e["code"].as_str()), (401, Some("api_chat_login")));
    let (st, e) = say(&s, &id, Some(&ana), None, "spectators", "x").await;
    assert_eq!(
        (st, e["code"].as_str()),
        (403, Some("api_chat_spectators_only"))
    );
    let (st, e) = say(&s, &id, None, Some(&t0), "spectators", "x").await;
    assert_eq!(st, 403, "{e}");
    // Who reads what during the game.
    let va = view(&s, &id, Some(&ana), None).await;
    assert_eq!(texts(&va, "players"), ["good luck", "you too"]);
    assert_eq!(va["spectators"]["reads"], false);
    assert!(texts(&va, "spectators").is_empty());
    assert_eq!(
        (va["players"]["speaks"].clone(), va["seat"].clone()),
        (json!(true), json!(0))
    );
    let vb = view(&s, &id, None, Some(&t1)).await;
    assert_eq!(texts(&vb, "players"), ["good luck", "you too"]);
    assert!(texts(&vb, "spectators").is_empty());
    for (cookie, speaks) in [(Some(cy.as_str()), true), (None, false)] {
        let v = view(&s, &id, cookie, None).await;
        assert_eq!(v["players"]["reads"], false);
        assert!(texts(&v, "players").is_empty());
        assert_eq!(texts(&v, "spectators"), ["nice opening"]);
        assert_eq!(v["spectators"]["speaks"], speaks);
    }
    // After the game anyone reads both rooms; the players still talk.
    resign(&s, &id, &t0).await;
    let va = view(&s, &id, Some(&ana), None).await;
    assert_eq!(va["over"], true);
    assert_eq!(texts(&va, "spectators"), ["nice opening"]);
    let v = view(&s, &id, None, None).await;
    assert_eq!(texts(&v, "players"), ["good luck", "you too"]);
    assert_eq!(texts(&v, "spectators"), ["nice opening"]);
    let (st, _) = say(&s, &id, Some(&bo), None, "players", "gg").await;
    assert_eq!(st, 200);
    let (st, _) = say(&s, &id, Some(&bo), None, "spectators", "gg all").await;
    assert_eq!(st, 403);
    // No such game.
    let (st, e) = s
        .call("GET", "/api/games/nosuchgame/chat", None, None)
        .await;
    assert_eq!((st, e["code"].as_str()), (404, Some("api_no_game")));
}

#[tokio::test]
async fn another_account_or_seat_cannot_chat_as_you() {
    let s = common::start().await;
    let (ana, bo, cy) = (
        s.sign_up("anna").await,
        s.sign_up("boris").await,
        s.sign_up("cyril").await,
    );
    let (id, t0, t1) = game(&s, &ana, &bo).await;
    // Another seat's token speaks as that seat, never as ana's.
    let (st, b) = say(&s, &id, None, Some(&t1), "players", "as bo").await;
    assert_eq!(st, 200);
    assert_eq!(
        (b["line"]["seat"].clone(), b["line"]["name"].clone()),
        (json!(1), json!("boris"))
    );
    // Another account's cookie holds no seat here.
    let (st, e) = say(&s, &id, Some(&cy), None, "players", "as ana?").await;
    assert_eq!(
        (st, e["code"].as_str()),
        (403, Some("api_chat_players_only"))
    );
    // A token of no seat, or of another game's seat, holds none either.
    let (other, o0, _) = game(&s, &cy, &bo).await;
    for token in ["not-a-token", o0.as_str()] {
        let (st, _) = say(&s, &id, None, Some(token), "players", "x").await;
        assert_eq!(st, 403, "{token}");
    }
    let _ = other;
    // A cookie sent from another site is refused before anything is said.
    let resp = s
        .client
        .post(format!("{}/api/games/{id}/chat", s.base))
        .header("Cookie", format!("tablero_session={ana}"))
        .header("Origin", "https://evil.example")
        .body(json!({"room": "players", "text": "forged"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 403);
    // Nothing else was said: the players' room holds bo's line alone.
    let v = view(&s, &id, None, Some(&t0)).await;
    assert_eq!(texts(&v, "players"), ["as bo"]);
    // Mutes and reports are the cookie's account's; none, none.
    let (st, _) = s
        .call(
            "POST",
            "/api/chat/mute",
            None,
            Some(json!({"name": "boris"})),
        )
        .await;
    assert_eq!(st, 401);
    let (st, _) = s
        .call(
            "POST",
            "/api/chat/reports",
            None,
            Some(json!({"player": "boris", "reason": "spam"})),
        )
        .await;
    assert_eq!(st, 401);
}

#[tokio::test]
async fn a_block_stops_chat_between_the_two() {
    let s = common::start().await;
    let (ana, bo, cy, dan) = (
        s.sign_up("anna").await,
        s.sign_up("boris").await,
        s.sign_up("cyril").await,
        s.sign_up("dania").await,
    );
    let (id, _t0, _t1) = game(&s, &ana, &bo).await;
    let (st, _) = say(&s, &id, Some(&bo), None, "players", "before").await;
    assert_eq!(st, 200);
    let (st, _) = say(&s, &id, Some(&dan), None, "spectators", "from dan").await;
    assert_eq!(st, 200);
    let db = Db::open(&s.database).await.unwrap();
    let people = People::new(db.clone());
    // ana blocks bo: neither speaks to the other in the players' room.
    people
        .block(
            &account_id(&db, "anna").await,
            &account_id(&db, "boris").await,
        )
        .await
        .unwrap();
    for who in [&ana, &bo] {
        let (st, e) = say(&s, &id, Some(who), None, "players", "hello?").await;
        assert_eq!((st, e["code"].as_str()), (403, Some("api_chat_blocked")));
    }
    // Nor reads what the other said.
    assert!(texts(&view(&s, &id, Some(&ana), None).await, "players").is_empty());
    // dan blocks cy: in the spectators' room each does not see the other.
    people
        .block(
            &account_id(&db, "dania").await,
            &account_id(&db, "cyril").await,
        )
        .await
        .unwrap();
    let (st, _) = say(&s, &id, Some(&cy), None, "spectators", "from cy").await;
    assert_eq!(st, 200);
    assert_eq!(
        texts(&view(&s, &id, Some(&cy), None).await, "spectators"),
        ["from cy"]
    );
    assert_eq!(
        texts(&view(&s, &id, Some(&dan), None).await, "spectators"),
        ["from dan"]
    );
    assert_eq!(
        texts(&view(&s, &id, None, None).await, "spectators"),
        ["from dan", "from cy"]
    );
}

#[tokio::test]
async fn a_mute_hides_the_muted_from_the_muter_alone() {
    let s = common::start().await;
    let (ana, bo, cy, dan) = (
        s.sign_up("anna").await,
        s.sign_up("boris").await,
        s.sign_up("cyril").await,
        s.sign_up("dania").await,
    );
    let (id, _, _) = game(&s, &ana, &bo).await;
    say(&s, &id, Some(&dan), None, "spectators", "loud").await;
    say(&s, &id, Some(&cy), None, "spectators", "quiet").await;
    let (st, m) = s
        .call_as(
            "POST",
            "/api/chat/mute",
            Some(&cy),
            None,
            Some(json!({"name": "DANIA"})),
        )
        .await;
    assert_eq!(st, 200, "{m}");
    let (_, list) = s
        .call_as("GET", "/api/chat/mutes", Some(&cy), None, None)
        .await;
    assert_eq!(list["muted"], json!(["dania"]));
    assert_eq!(
        texts(&view(&s, &id, Some(&cy), None).await, "spectators"),
        ["quiet"]
    );
    assert_eq!(
        texts(&view(&s, &id, Some(&ana), None).await, "spectators").len(),
        0,
        "a player does not read the spectators' room during the game"
    );
    assert_eq!(
        texts(&view(&s, &id, None, None).await, "spectators"),
        ["loud", "quiet"]
    );
    let (st, e) = s
        .call_as(
            "POST",
            "/api/chat/mute",
            Some(&cy),
            None,
            Some(json!({"name": "cyril"})),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (400, Some("api_chat_mute_self")));
    let (st, e) = s
        .call_as(
            "POST",
            "/api/chat/mute",
            Some(&cy),
            None,
            Some(json!({"name": "nobody"})),
        )
        .await;
    assert_eq!((st, e["code"].as_str()), (404, Some("api_no_player")));
    let (st, _) = s
        .call_as(
            "POST",
            "/api/chat/unmute",
            Some(&cy),
            None,
            Some(json!({"name": "dania"})),
        )
        .await;
    assert_eq!(st, 200);
    assert_eq!(
        texts(&view(&s, &id, Some(&cy), None).await, "spectators"),
        ["loud", "quiet"]
    );
}

#[tokio::test]
async fn only_moderators_see_reports_hide_lines_and_mark_accounts() {
    let s = common::start().await;
    let (ana, bo, cy, dan, mo) = (
        s.sign_up("anna").await,
        s.sign_up("boris").await,
        s.sign_up("cyril").await,
        s.sign_up("dania").await,
        s.sign_up("moder").await,
    );
    let (id, _, _) = game(&s, &ana, &bo).await;
    let (_, l) = say(&s, &id, Some(&dan), None, "spectators", "rude words").await;
    let line = l["line"]["id"].as_str().unwrap().to_string();
    // A report: a line or a player, a reason from the list.
    let report = |body: Value| {
        let s = &s;
        let cy = cy.clone();
        async move {
            s.call_as("POST", "/api/chat/reports", Some(&cy), None, Some(body))
                .await
        }
    };
    let (st, r) = report(json!({"line": line, "reason": "abuse", "note": "<i>mean</i>"})).await;
    assert_eq!(st, 200, "{r}");
    let (st, e) = report(json!({"line": line, "reason": "boring"})).await;
    assert_eq!((st, e["code"].as_str()), (400, Some("api_chat_bad_reason")));
    let (st, e) = report(json!({"reason": "spam"})).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (400, Some("api_chat_report_nothing"))
    );
    let (st, e) = report(json!({"line": "nosuchline", "reason": "spam"})).await;
    assert_eq!((st, e["code"].as_str()), (404, Some("api_chat_no_line")));
    let (st, _) = report(json!({"player": "anna", "reason": "cheat"})).await;
    assert_eq!(st, 200);
    // Not a moderator: no reports, no hiding, no marks.
    for cookie in [Some(cy.as_str()), Some(dan.as_str()), None] {
        let (st, _) = s
            .call_as("GET", "/api/moderation/reports", cookie, None, None)
            .await;
        assert_eq!(st, if cookie.is_some() { 403 } else { 401 });
        let (st, _) = s
            .call_as(
                "POST",
                &format!("/api/moderation/lines/{line}/hide"),
                cookie,
                None,
                Some(json!({})),
            )
            .await;
        assert_eq!(st, if cookie.is_some() { 403 } else { 401 });
        let (st, _) = s
            .call_as(
                "POST",
                "/api/moderation/marks",
                cookie,
                None,
                Some(json!({"name": "dania", "marked": true})),
            )
            .await;
        assert_eq!(st, if cookie.is_some() { 403 } else { 401 });
    }
    assert_eq!(
        texts(&view(&s, &id, None, None).await, "spectators"),
        ["rude words"]
    );
    // A moderator.
    grant(&s, "moder").await;
    let (st, list) = s
        .call_as("GET", "/api/moderation/reports", Some(&mo), None, None)
        .await;
    assert_eq!(st, 200, "{list}");
    let reports = list["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 2);
    let of_line = reports.iter().find(|r| r["line"] == json!(line)).unwrap();
    assert_eq!(of_line["player"], "dania");
    assert_eq!(of_line["reporter"], "cyril");
    assert_eq!(of_line["text"], "rude words");
    assert_eq!(of_line["note"], "<i>mean</i>");
    assert_eq!(of_line["game"], json!(id));
    assert!(of_line.get("reporter_id").is_none());
    // Hidden: gone for everyone, its speaker too.
    let (st, h) = s
        .call_as(
            "POST",
            &format!("/api/moderation/lines/{line}/hide"),
            Some(&mo),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(st, 200, "{h}");
    for cookie in [Some(dan.as_str()), Some(cy.as_str()), None] {
        assert!(texts(&view(&s, &id, cookie, None).await, "spectators").is_empty());
    }
    let (st, _) = s
        .call_as(
            "POST",
            &format!("/api/moderation/lines/{line}/hide"),
            Some(&mo),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(st, 404);
    // Marked: dan's lines, before and after, are dan's alone.
    say(&s, &id, Some(&dan), None, "spectators", "first").await;
    let (st, m) = s
        .call_as(
            "POST",
            "/api/moderation/marks",
            Some(&mo),
            None,
            Some(json!({"name": "Dania", "marked": true})),
        )
        .await;
    assert_eq!((st, m["name"].clone()), (200, json!("dania")));
    let (st, _) = say(&s, &id, Some(&dan), None, "spectators", "second").await;
    assert_eq!(st, 200);
    say(&s, &id, Some(&cy), None, "spectators", "from cy").await;
    assert_eq!(
        texts(&view(&s, &id, Some(&dan), None).await, "spectators"),
        ["first", "second", "from cy"]
    );
    for cookie in [Some(cy.as_str()), Some(mo.as_str()), None] {
        assert_eq!(
            texts(&view(&s, &id, cookie, None).await, "spectators"),
            ["from cy"]
        );
    }
    s.call_as(
        "POST",
        "/api/moderation/marks",
        Some(&mo),
        None,
        Some(json!({"name": "dania", "marked": false})),
    )
    .await;
    assert_eq!(
        texts(&view(&s, &id, None, None).await, "spectators"),
        ["first", "second", "from cy"]
    );
}

#[tokio::test]
async fn lines_are_limited_in_length_and_rate() {
    let s = common::start().await;
    let (ana, bo, cy) = (
        s.sign_up("anna").await,
        s.sign_up("boris").await,
        s.sign_up("cyril").await,
    );
    let (id, _, t1) = game(&s, &ana, &bo).await;
    let max = "é".repeat(140);
    let (st, l) = say(&s, &id, Some(&ana), None, "players", &format!("  {max}  ")).await;
    assert_eq!(st, 200, "{l}");
    assert_eq!(l["line"]["text"], json!(max));
    let (st, e) = say(&s, &id, Some(&ana), None, "players", &format!("{max}!")).await;
    assert_eq!((st, e["code"].as_str()), (400, Some("api_chat_too_long")));
    assert_eq!(e["args"]["max"], 140);
    for bad in ["", "   ", "one\ntwo", "bell\u{7}"] {
        let (st, _) = say(&s, &id, Some(&ana), None, "players", bad).await;
        assert_eq!(st, 400, "{bad:?}");
    }
    // A burst of five (one said already), then 429 with a wait.
    for i in 0..4 {
        let (st, _) = say(&s, &id, Some(&ana), None, "players", &format!("{i}")).await;
        assert_eq!(st, 200, "line {i}");
    }
    let resp = s
        .client
        .post(format!("{}/api/games/{id}/chat", s.base))
        .header("Cookie", format!("tablero_session={ana}"))
        .header("Origin", s.base.clone())
        .body(json!({"room": "players", "text": "one too many"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 429);
    let wait: u64 = resp.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=10).contains(&wait), "{wait}");
    let e: Value = resp.json().await.unwrap();
    assert_eq!(e["code"], "api_chat_too_fast");
    // The limit is the speaker's: the other player and a spectator speak.
    let (st, _) = say(&s, &id, None, Some(&t1), "players", "my turn").await;
    assert_eq!(st, 200);
    let (st, _) = say(&s, &id, Some(&cy), None, "spectators", "me too").await;
    assert_eq!(st, 200);
    // The refused lines were not kept.
    let v = view(&s, &id, Some(&ana), None).await;
    assert_eq!(texts(&v, "players").len(), 6);
}

#[tokio::test]
async fn markup_is_kept_as_text_and_answered_as_json_strings() {
    let s = common::start().await;
    let (ana, bo) = (s.sign_up("anna").await, s.sign_up("boris").await);
    let (id, _, _) = game(&s, &ana, &bo).await;
    let evil = r#"<script>alert("x")</script><b>bold</b> & "quotes" \ 'n'"#;
    let (st, l) = say(&s, &id, Some(&ana), None, "players", evil).await;
    assert_eq!(st, 200);
    assert_eq!(l["line"]["text"], json!(evil));
    let resp = s
        .client
        .get(format!("{}/api/games/{id}/chat", s.base))
        .header("Cookie", format!("tablero_session={bo}"))
        .send()
        .await
        .unwrap();
    assert!(resp.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let v: Value = resp.json().await.unwrap();
    assert_eq!(texts(&v, "players"), [evil]);
}

/// A chat socket of game `id` as a page of this site opens it, with
/// `cookie` and then a hello with `tokens`.
async fn socket(
    s: &Server,
    id: &str,
    cookie: Option<&str>,
    tokens: &[&str],
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let url = format!("ws://{}/api/games/{id}/chat/ws", s.addr);
    let mut req = url.into_client_request().unwrap();
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("Cookie", format!("tablero_session={c}").parse().unwrap());
    }
    req.headers_mut().insert("Origin", s.base.parse().unwrap());
    let mut ws = tokio_tungstenite::connect_async(req).await.unwrap().0;
    if !tokens.is_empty() {
        ws.send(Message::Text(
            json!({"type": "hello", "tokens": tokens})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
    }
    ws
}

/// The next message of type `kind` (others skipped), within 5 s.
async fn next_of<S>(ws: &mut S, kind: &str) -> Value
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if let Some(Ok(Message::Text(t))) = ws.next().await {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == kind {
                    return v;
                }
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no {kind} message in time"))
}

/// Whether a message of type `kind` comes within `ms`.
async fn comes<S>(ws: &mut S, kind: &str, ms: u64) -> bool
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    tokio::time::timeout(Duration::from_millis(ms), next_of(ws, kind))
        .await
        .is_ok()
}

#[tokio::test]
async fn lines_reach_the_watchers_who_read_them_live() {
    let s = common::start().await;
    let (ana, bo, cy, dan) = (
        s.sign_up("anna").await,
        s.sign_up("boris").await,
        s.sign_up("cyril").await,
        s.sign_up("dania").await,
    );
    let (id, t0, t1) = game(&s, &ana, &bo).await;
    let mut wa = socket(&s, &id, Some(&ana), &[]).await;
    let mut wb = socket(&s, &id, None, &[&t1]).await;
    let mut wc = socket(&s, &id, Some(&cy), &[]).await;
    let mut wx = socket(&s, &id, None, &[]).await;
    assert_eq!(next_of(&mut wa, "chat").await["chat"]["seat"], 0);
    // bo's hello makes a second whole chat: seat 1.
    next_of(&mut wb, "chat").await;
    assert_eq!(next_of(&mut wb, "chat").await["chat"]["seat"], 1);
    assert_eq!(
        next_of(&mut wc, "chat").await["chat"]["spectators"]["speaks"],
        true
    );
    assert_eq!(
        next_of(&mut wx, "chat").await["chat"]["spectators"]["speaks"],
        false
    );
    // A players' line reaches both players, no spectator.
    say(&s, &id, None, Some(&t1), "players", "<b>hi</b>").await;
    let l = next_of(&mut wa, "line").await;
    assert_eq!(
        (l["line"]["text"].clone(), l["line"]["mine"].clone()),
        (json!("<b>hi</b>"), json!(false))
    );
    assert_eq!(next_of(&mut wb, "line").await["line"]["mine"], true);
    // A spectators' line reaches the spectators, no player.
    say(&s, &id, Some(&dan), None, "spectators", "watching").await;
    assert_eq!(next_of(&mut wc, "line").await["line"]["text"], "watching");
    assert_eq!(next_of(&mut wx, "line").await["line"]["name"], "dania");
    assert!(!comes(&mut wa, "line", 300).await);
    assert!(!comes(&mut wb, "line", 100).await);
    assert!(!comes(&mut wc, "line", 100).await);
    // The game ends: the players' sockets get the whole chat, both rooms.
    resign(&s, &id, &t0).await;
    let c = next_of(&mut wa, "chat").await;
    assert_eq!(c["chat"]["over"], true);
    assert_eq!(texts(&c["chat"], "spectators"), ["watching"]);
    // A hidden line leaves every page.
    grant(&s, "cyril").await;
    let line = texts(&c["chat"], "players");
    assert_eq!(line, ["<b>hi</b>"]);
    let lid = c["chat"]["players"]["lines"][0]["id"].as_str().unwrap();
    let (st, _) = s
        .call_as(
            "POST",
            &format!("/api/moderation/lines/{lid}/hide"),
            Some(&cy),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(st, 200);
    assert_eq!(next_of(&mut wb, "hidden").await["id"], json!(lid));
    assert_eq!(next_of(&mut wx, "hidden").await["id"], json!(lid));
}

#[tokio::test]
async fn a_socket_from_another_site_reads_no_account_s_chat() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let s = common::start().await;
    let (ana, bo) = (s.sign_up("anna").await, s.sign_up("boris").await);
    let (id, _, _) = game(&s, &ana, &bo).await;
    say(&s, &id, Some(&ana), None, "players", "private").await;
    let mut req = format!("ws://{}/api/games/{id}/chat/ws", s.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Cookie", format!("tablero_session={ana}").parse().unwrap());
    req.headers_mut()
        .insert("Origin", "https://evil.example".parse().unwrap());
    let mut evil = tokio_tungstenite::connect_async(req).await.unwrap().0;
    let c = next_of(&mut evil, "chat").await;
    assert_eq!(c["chat"]["seat"], Value::Null);
    assert_eq!(c["chat"]["name"], Value::Null);
    assert!(texts(&c["chat"], "players").is_empty());
}

/// Two server processes on one PostgreSQL database: a line said through
/// one reaches a chat socket of the other, and so does a moderator's hide
/// (the bus's `ChatEvent` over NOTIFY). Runs when `TABLERO_TEST_POSTGRES`
/// names a database (scripts/test.sh starts one).
#[tokio::test]
async fn two_servers_carry_chat_through_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let a = common::start_on(&url).await;
    let b = common::start_on(&url).await;
    // Names of their own: the database is shared with other tests.
    let tag = &tablero_server::db::random_id(6).to_lowercase();
    let tag: String = tag.chars().filter(char::is_ascii_alphanumeric).collect();
    let (p0, p1, sp, mo) = (
        a.sign_up(&format!("p0{tag}")).await,
        a.sign_up(&format!("p1{tag}")).await,
        a.sign_up(&format!("sp{tag}")).await,
        a.sign_up(&format!("mo{tag}")).await,
    );
    let (id, _, t1) = game(&a, &p0, &p1).await;
    let mut on_b = socket(&b, &id, None, &[]).await;
    let mut player_on_b = socket(&b, &id, None, &[&t1]).await;
    next_of(&mut on_b, "chat").await;
    next_of(&mut player_on_b, "chat").await;
    next_of(&mut player_on_b, "chat").await;
    let (st, l) = say(&a, &id, Some(&sp), None, "spectators", "<i>from a</i>").await;
    assert_eq!(st, 200, "{l}");
    let heard = next_of(&mut on_b, "line").await;
    assert_eq!(heard["line"]["text"], "<i>from a</i>");
    assert_eq!(heard["line"]["name"], json!(format!("sp{tag}")));
    // The player on b is not told the spectators' line.
    assert!(!comes(&mut player_on_b, "line", 500).await);
    let (st, _) = say(&a, &id, Some(&p0), None, "players", "to you").await;
    assert_eq!(st, 200);
    assert_eq!(
        next_of(&mut player_on_b, "line").await["line"]["text"],
        "to you"
    );
    // A moderator hides a line through b: a's sockets are told.
    let db = Db::open(&url).await.unwrap();
    let mo_id = account_id(&db, &format!("mo{tag}")).await;
    tablero_server::chat::store::grant(&db, &mo_id, &format!("mo{tag}"))
        .await
        .unwrap();
    let mut on_a = socket(&a, &id, None, &[]).await;
    next_of(&mut on_a, "chat").await;
    let lid = l["line"]["id"].as_str().unwrap();
    let (st, _) = b
        .call_as(
            "POST",
            &format!("/api/moderation/lines/{lid}/hide"),
            Some(&mo),
            None,
            Some(json!({})),
        )
        .await;
    assert_eq!(st, 200);
    assert_eq!(next_of(&mut on_a, "hidden").await["id"], json!(lid));
}
