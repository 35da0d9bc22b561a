//! Refusals carry their reason as a message id (`code`) and its `args`, and
//! the Spanish catalogue the browser fetches (`/locales/es/games.ftl`) has
//! each id: the page shows them in Spanish (docs/web-api.md, "Errors in the
//! reader's language").

mod common;

use serde_json::{json, Value};

async fn call(s: &common::Server, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut req = s.client.post(format!("{}{path}", s.base)).json(&body);
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let resp = req.send().await.expect("request");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// The ids of a catalogue file as served.
async fn served_ids(s: &common::Server, lang: &str) -> Vec<String> {
    let text = s.text(&format!("/locales/{lang}/games.ftl")).await;
    text.lines()
        .filter_map(|l| l.split_once(" = ").map(|(id, _)| id.to_string()))
        .filter(|id| !id.starts_with(['#', ' ']))
        .collect()
}

/// Every `code` in an answer, nested reasons included.
fn codes(v: &Value, out: &mut Vec<String>) {
    if let Some(c) = v["code"].as_str() {
        out.push(c.to_string());
    }
    if let Some(args) = v["args"].as_object() {
        for a in args.values() {
            codes(a, out);
        }
    }
}

#[tokio::test]
async fn refusals_carry_a_code_that_spanish_has() {
    let s = common::start().await;
    let es = served_ids(&s, "es").await;
    let en = served_ids(&s, "en").await;
    assert!(
        es.len() > 100 && es.len() == en.len(),
        "{} {}",
        es.len(),
        en.len()
    );
    let (status, created) = call(
        &s,
        "/api/games",
        None,
        json!({"game": "imago", "seats": [{"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let red = created["tokens"]["0"].as_str().map(str::to_string);
    let blue = created["tokens"]["1"].as_str().map(str::to_string);
    let path = |action: &str| format!("/api/games/{id}/{action}");
    let cases = [
        (
            path("draw"),
            red.clone(),
            json!({"action": "accept"}),
            409,
            "table-no-offer",
        ),
        (
            path("move"),
            red.clone(),
            json!({"move": "zz9"}),
            400,
            "move-syntax",
        ),
        (
            path("move"),
            red.clone(),
            json!({"move": "b2-b3"}),
            400,
            "move-illegal-why",
        ),
        (
            path("move"),
            blue.clone(),
            json!({"move": "g2-f2 b2"}),
            403,
            "table-not-your-turn",
        ),
        (
            path("claim"),
            blue.clone(),
            json!({}),
            403,
            "table-claim-own-turn",
        ),
        (
            path("undo"),
            red.clone(),
            json!({}),
            409,
            "table-undo-computer-only",
        ),
        (
            path("move"),
            red.clone(),
            json!({"move": "b2-c2 g5", "ply": 3}),
            409,
            "table-moved-on",
        ),
    ];
    let mut seen = Vec::new();
    for (p, token, body, want_status, want_code) in cases {
        let (status, answer) = call(&s, &p, token.as_deref(), body.clone()).await;
        assert_eq!(status, want_status, "{p} {body}: {answer}");
        assert_eq!(answer["code"], want_code, "{p} {body}: {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{answer}"
        );
        codes(&answer, &mut seen);
    }
    // The nested reason of a bad move, and a side's name in each language.
    let (_, answer) = call(&s, &path("move"), red.as_deref(), json!({"move": "zz9"})).await;
    assert_eq!(
        answer["args"]["reason"]["code"], "imago-move-shape",
        "{answer}"
    );
    let (_, answer) = call(
        &s,
        &path("move"),
        blue.as_deref(),
        json!({"move": "g2-f2 b2"}),
    )
    .await;
    assert_eq!(
        answer["args"]["side"],
        json!({"en": "Red", "es": "Rojo"}),
        "{answer}"
    );
    // A bad variant when creating a game.
    let (status, answer) = call(
        &s,
        "/api/games",
        None,
        json!({"game": "jarmo", "variant": "sideways", "seats": [{"kind": "human"}, {"kind": "human"}]}),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["code"], "table-bad-variant", "{answer}");
    assert_eq!(answer["args"]["error"]["code"], "jarmo-variant", "{answer}");
    codes(&answer, &mut seen);
    // Over the WebSocket's error messages the same code comes (see ws.rs);
    // every code met is in both languages.
    assert!(seen.len() >= 9, "{seen:?}");
    for c in &seen {
        assert!(es.contains(c), "es/games.ftl lacks {c}");
        assert!(en.contains(c), "en/games.ftl lacks {c}");
    }
}

// ---- the server's own errors (api_* of locales/*/web.ftl) ----

use futures_util::{SinkExt, StreamExt};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use tablero_server::{Config, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message as Ws;

/// The messages of a catalogue file: id and the variables its text uses.
fn catalogue(lang: &str, file: &str) -> BTreeMap<String, BTreeSet<String>> {
    let path = format!("{}/../../locales/{lang}/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    tablero_i18n::variables(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every message the browser has in `lang`: web.ftl and games.ftl.
fn page_catalogue(lang: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = catalogue(lang, "web.ftl");
    all.extend(catalogue(lang, "games.ftl"));
    all
}

/// Checks that `answer`'s `code` (and every nested one) is in both
/// languages with every argument its texts use; returns the code.
fn check(what: &str, answer: &Value) -> String {
    let code = answer["code"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: no code in {answer}"))
        .to_string();
    assert!(
        answer["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{what}: no English error in {answer}"
    );
    for lang in ["en", "es"] {
        let all = page_catalogue(lang);
        let vars = all
            .get(&code)
            .unwrap_or_else(|| panic!("{what}: {lang} has no {code}"));
        for v in vars {
            assert!(
                !answer["args"][v].is_null(),
                "{what}: {code} in {lang} needs ${v}: {answer}"
            );
        }
    }
    if let Some(args) = answer["args"].as_object() {
        for a in args.values() {
            if a.get("code").is_some() {
                check(what, a);
            }
        }
    }
    code
}

/// A server with a rate limit and `limits`.
async fn start_limited(rate: u32, limits: Limits) -> common::Server {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        database: dir.path().join("t.db").to_str().unwrap().to_string(),
        rate,
        limits,
        // The committed puzzle sets are loaded by tests/puzzles.rs only.
        puzzles: tablero_server::puzzles::Seeding {
            sets: None,
            ..tablero_server::puzzles::Seeding::default()
        },
        ..Config::default()
    };
    common::start_with(config, Some(dir)).await
}

async fn send(
    s: &common::Server,
    method: &str,
    path: &str,
    body: Option<&str>,
    token: Option<&str>,
) -> (u16, Value) {
    let url = format!("{}{path}", s.base);
    let mut req = match method {
        "GET" => s.client.get(url),
        "PUT" => s.client.put(url),
        _ => s.client.post(url),
    };
    if let Some(b) = body {
        req = req
            .header("Content-Type", "application/json")
            .body(b.to_string());
    }
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    let resp = req.send().await.expect("request");
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// A request and its answer: what, method, path, body, token, status,
/// code.
type Case<'a> = (
    &'a str,
    &'a str,
    String,
    Option<String>,
    Option<&'a str>,
    u16,
    &'a str,
);

#[tokio::test]
async fn the_server_s_own_errors_carry_a_code_both_languages_have() {
    let s = common::start().await;
    let (_, created) = call(
        &s,
        "/api/games",
        None,
        json!({"game": "imago", "seats": [{"kind": "human"}, {"kind": "ai", "level": 1}]}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["tokens"]["0"].as_str().unwrap().to_string();
    let big = format!("{{\"game\": \"{}\"}}", "x".repeat(20 * 1024));
    let g = |a: &str| format!("/api/games/{id}/{a}");
    let cases: Vec<Case> = vec![
        // A file of the app that does not exist.
        (
            "static: no file",
            "GET",
            "/static/no-such-file.js".into(),
            None,
            None,
            404,
            "api_no_static_file",
        ),
        // The position endpoint.
        (
            "position: no game",
            "POST",
            "/api/position".into(),
            Some(r#"{"game": "chess"}"#.into()),
            None,
            404,
            "api_no_such_game",
        ),
        (
            "position: a bad move",
            "POST",
            "/api/position".into(),
            Some(r#"{"game": "imago", "moves": ["b2-c2 g5", "zz9"]}"#.into()),
            None,
            400,
            "api_move_refused",
        ),
        (
            "position: first",
            "POST",
            "/api/position".into(),
            Some(r#"{"game": "imago", "first": 2}"#.into()),
            None,
            400,
            "api_bad_first",
        ),
        (
            "position: too many moves",
            "POST",
            "/api/position".into(),
            Some(format!(
                "{{\"game\": \"linja\", \"moves\": [{}]}}",
                vec!["\"0-1\""; 1001].join(",")
            )),
            None,
            400,
            "api_too_many_moves",
        ),
        (
            "position: bad position",
            "POST",
            "/api/position".into(),
            Some(r#"{"game": "linja", "position": "xx r 0"}"#.into()),
            None,
            400,
            "table-bad-position",
        ),
        (
            "analyse: no game",
            "POST",
            "/api/analyse".into(),
            Some(r#"{"game": "go"}"#.into()),
            None,
            404,
            "api_no_such_game",
        ),
        // Printing and the rules pages.
        (
            "print: no game",
            "GET",
            "/api/print/chess.pdf".into(),
            None,
            None,
            404,
            "api_no_such_game",
        ),
        (
            "print: no file",
            "GET",
            "/api/print/imago.txt".into(),
            None,
            None,
            404,
            "api_no_file",
        ),
        (
            "print: language",
            "GET",
            "/api/print/imago.pdf?lang=fr".into(),
            None,
            None,
            400,
            "api_bad_parameter",
        ),
        (
            "print: paper",
            "GET",
            "/api/print/imago.pdf?paper=a3".into(),
            None,
            None,
            400,
            "api_bad_parameter",
        ),
        (
            "print: variant",
            "GET",
            "/api/print/jarmo.pdf?variant=sideways".into(),
            None,
            None,
            400,
            "table-bad-variant",
        ),
        (
            "cards: no card",
            "GET",
            "/api/cards/9.svg".into(),
            None,
            None,
            404,
            "api_no_card",
        ),
        (
            "cards: face",
            "GET",
            "/api/cards/1.svg?face=green".into(),
            None,
            None,
            400,
            "api_bad_parameter",
        ),
        (
            "rules: no game",
            "GET",
            "/api/rules/chess".into(),
            None,
            None,
            404,
            "api_no_such_game",
        ),
        // Request bodies.
        (
            "body too large",
            "POST",
            "/api/games".into(),
            Some(big),
            None,
            413,
            "api_body_too_large",
        ),
        (
            "not JSON",
            "POST",
            "/api/games".into(),
            Some("{\"game\": ".into()),
            None,
            400,
            "api_bad_json",
        ),
        (
            "missing field",
            "POST",
            "/api/games".into(),
            Some("{}".into()),
            None,
            400,
            "api_bad_json",
        ),
        (
            "unknown field",
            "POST",
            g("move"),
            Some(r#"{"move": "b2-c2 g5", "colour": 1}"#.into()),
            Some(&token),
            400,
            "api_bad_json",
        ),
        (
            "unknown value",
            "POST",
            g("draw"),
            Some(r#"{"action": "maybe"}"#.into()),
            Some(&token),
            400,
            "api_bad_json",
        ),
        (
            "no body",
            "POST",
            "/api/my-games".into(),
            None,
            None,
            400,
            "api_needs_json_body",
        ),
        // Routes, methods and queries.
        (
            "no route",
            "GET",
            "/api/nothing".into(),
            None,
            None,
            404,
            "api_no_route",
        ),
        (
            "no action",
            "POST",
            g("fly"),
            Some("{}".into()),
            None,
            404,
            "api_no_action",
        ),
        (
            "a method",
            "PUT",
            "/api/games".into(),
            None,
            None,
            405,
            "api_method_not_allowed",
        ),
        (
            "a bad ply",
            "GET",
            format!("/api/games/{id}?ply=x"),
            None,
            None,
            400,
            "api_bad_request",
        ),
        (
            "a ply too far",
            "GET",
            format!("/api/games/{id}?ply=9"),
            None,
            None,
            400,
            "api_ply_beyond",
        ),
        // Games, seats and tokens.
        (
            "no such game",
            "GET",
            "/api/games/nope".into(),
            None,
            None,
            404,
            "api_no_game",
        ),
        (
            "no such game's move",
            "POST",
            "/api/games/nope/move".into(),
            Some(r#"{"move": "b2-c2 g5"}"#.into()),
            None,
            404,
            "api_no_game",
        ),
        (
            "a move without a token",
            "POST",
            g("move"),
            Some(r#"{"move": "b2-c2 g5"}"#.into()),
            None,
            403,
            "table-spectator",
        ),
        (
            "a move with a bad token",
            "POST",
            g("move"),
            Some(r#"{"move": "b2-c2 g5"}"#.into()),
            Some("forged"),
            403,
            "table-spectator",
        ),
        (
            "a hint without a token",
            "POST",
            g("hint"),
            Some("{}".into()),
            None,
            403,
            "api_hint_spectator",
        ),
        (
            "a rematch without a token",
            "POST",
            g("rematch"),
            Some("{}".into()),
            None,
            403,
            "api_rematch_spectator",
        ),
        (
            "a rematch too early",
            "POST",
            g("rematch"),
            Some("{}".into()),
            Some(&token),
            409,
            "api_rematch_not_over",
        ),
        (
            "an unknown game",
            "POST",
            "/api/games".into(),
            Some(r#"{"game": "chess", "seats": [{"kind": "human"}, {"kind": "human"}]}"#.into()),
            None,
            400,
            "api_unknown_game",
        ),
        (
            "a level",
            "POST",
            "/api/games".into(),
            Some(
                r#"{"game": "jarmo", "seats": [{"kind": "ai", "level": 9}, {"kind": "human"}]}"#
                    .into(),
            ),
            None,
            400,
            "api_bad_level",
        ),
        (
            "too many tokens",
            "POST",
            "/api/my-games".into(),
            Some(json!({"tokens": vec!["t"; 201]}).to_string()),
            None,
            400,
            "api_too_many_tokens",
        ),
        // Imago's layouts.
        (
            "a layout",
            "POST",
            "/api/imago/solve".into(),
            Some(r#"{"layout": "red: zz"}"#.into()),
            None,
            400,
            "api_bad_layout",
        ),
        (
            "a layout's name",
            "POST",
            "/api/layouts".into(),
            Some(r#"{"name": "", "layout": "default"}"#.into()),
            None,
            400,
            "api_layout_name",
        ),
    ];
    let mut seen = BTreeSet::new();
    for (what, method, path, body, token, status, code) in cases {
        let (got, answer) = send(&s, method, &path, body.as_deref(), token).await;
        assert_eq!(got, status, "{what}: {answer}");
        assert_eq!(answer["code"], code, "{what}: {answer}");
        seen.insert(check(what, &answer));
    }
    // The JSON problem is named, not only serde's English.
    let (_, answer) = send(&s, "POST", "/api/games", Some("{}"), None).await;
    assert_eq!(
        answer["args"]["error"]["code"], "api_json_missing_field",
        "{answer}"
    );
    assert_eq!(answer["args"]["error"]["args"]["field"], "game", "{answer}");
    let (_, answer) = send(&s, "POST", "/api/games", Some("{\"game\": "), None).await;
    assert_eq!(
        answer["args"]["error"]["code"], "api_json_syntax",
        "{answer}"
    );
    let (_, answer) = send(
        &s,
        "POST",
        &g("move"),
        Some(r#"{"move": "b2-c2 g5", "colour": 1}"#),
        Some(&token),
    )
    .await;
    assert_eq!(
        answer["args"]["error"]["args"]["field"], "colour",
        "{answer}"
    );
    let (_, answer) = send(
        &s,
        "POST",
        "/api/position",
        Some(r#"{"game": "imago", "moves": ["b2-c2 g5", "zz9"]}"#),
        None,
    )
    .await;
    assert_eq!(answer["args"]["n"], 2, "{answer}");
    assert_eq!(answer["args"]["error"]["code"], "move-syntax", "{answer}");
    // A body that is not JSON at all.
    let resp = s
        .client
        .post(format!("{}/api/games", s.base))
        .header("Content-Type", "text/plain")
        .body("hello")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 415);
    seen.insert(check("text/plain", &resp.json().await.unwrap()));
    assert!(seen.len() >= 25, "{seen:?}");
}

#[tokio::test]
async fn rate_limits_connection_caps_and_sockets_carry_a_code() {
    // The HTTP rate limit.
    let limited = start_limited(2, Limits::default()).await;
    let addr = limited.addr;
    let client = reqwest::Client::new();
    let mut refused = None;
    for _ in 0..40 {
        let r = client
            .get(format!("http://{addr}/api/catalog"))
            .send()
            .await
            .unwrap();
        if r.status() == 429 {
            refused = Some(r.json::<Value>().await.unwrap());
            break;
        }
    }
    let answer = refused.expect("40 requests at once pass a limit of 2/s");
    assert_eq!(check("rate", &answer), "api_too_many_requests");
    assert!(answer["args"]["seconds"].as_u64().unwrap() >= 1, "{answer}");
    drop(limited);

    // Connections from one address over the cap: answered before any
    // request is read.
    let limits = Limits {
        max_connections_per_address: 1,
        ..Limits::default()
    };
    let limited = start_limited(0, limits).await;
    let addr = limited.addr;
    let mut first = tokio::net::TcpStream::connect(addr).await.unwrap();
    first
        .write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 512];
    let _ = first.read(&mut buf).await.unwrap();
    let mut second = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut raw = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), second.read_to_end(&mut raw)).await;
    let raw = String::from_utf8_lossy(&raw);
    assert!(raw.starts_with("HTTP/1.1 429"), "{raw}");
    let body: Value = serde_json::from_str(raw.split("\r\n\r\n").nth(1).unwrap_or("")).unwrap();
    assert_eq!(check("connections", &body), "api_address_full");
    drop(first);
    drop(limited);

    // The WebSocket: a bad message, the rate, then the close.
    let limited = start_limited(5, Limits::default()).await;
    let addr = limited.addr;
    let created: Value = client
        .post(format!("http://{addr}/api/games"))
        .json(&json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(url.clone()).await.unwrap();
    ws.send(Ws::text("{\"type\": \"dance\"}")).await.unwrap();
    for i in 0..200 {
        let msg = json!({"type": "move", "move": "zz", "id": i}).to_string();
        if ws.send(Ws::text(msg)).await.is_err() {
            break;
        }
    }
    let mut codes = BTreeSet::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("an answer")
        {
            Some(Ok(Ws::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "error" {
                    codes.insert(check("socket", &v));
                }
            }
            Some(Ok(Ws::Close(_))) | Some(Err(_)) | None => break,
            Some(Ok(_)) => {}
        }
    }
    for c in [
        "api_ws_bad_message",
        "api_ws_too_many",
        "api_ws_closed_too_many",
        "table-spectator",
    ] {
        assert!(codes.contains(c), "{c} not in {codes:?}");
    }
    // A binary message: said, then closed.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    ws.send(Ws::binary(vec![1, 2, 3])).await.unwrap();
    let mut said = None;
    while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
        if let Ws::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "error" {
                said = Some(check("binary", &v));
            }
        }
    }
    assert_eq!(said.as_deref(), Some("api_ws_binary"));
    drop(limited);
}
