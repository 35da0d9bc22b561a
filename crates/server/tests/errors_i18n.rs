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
    let text = s
        .client
        .get(format!("{}/locales/{lang}/games.ftl", s.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
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
            red.clone(),
            json!({}),
            409,
            "table-claim-refused",
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
