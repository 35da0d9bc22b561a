//! A fuzz target for the API's JSON bodies, run as an ordinary test: random
//! bodies, near-valid and not, sent to every route that reads one, in
//! process (no sockets). The server must never fail (5xx) or panic, and
//! every refusal must be JSON `{"error": ...}`. `PROPTEST_CASES=N` runs N
//! cases instead of 256.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use proptest::prelude::*;
use serde_json::{json, Value};
use std::sync::OnceLock;
use tower::ServiceExt;

struct Fixture {
    rt: tokio::runtime::Runtime,
    app: axum::Router,
    game: String,
    token: String,
    _dir: tempfile::TempDir,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("t.db");
        let (app, game, token) = rt.block_on(async {
            let db = tablero_server::Db::open(db.to_str().unwrap())
                .await
                .unwrap();
            let limits = tablero_server::Limits::default();
            let state = tablero_server::AppState::new(db, &limits, None, false);
            let app = tablero_server::app(state, 0, &limits).unwrap();
            let (status, created) = call(
                &app,
                "/api/games",
                json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]})
                    .to_string()
                    .into_bytes(),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{created}");
            (
                app,
                created["id"].as_str().unwrap().to_string(),
                created["tokens"]["0"].as_str().unwrap().to_string(),
            )
        });
        Fixture {
            rt,
            app,
            game,
            token,
            _dir: dir,
        }
    })
}

async fn call(app: &axum::Router, path: &str, body: Vec<u8>) -> (StatusCode, Value) {
    let mut req = Request::post(path).header("Content-Type", "application/json");
    if let Some(f) = FIXTURE_TOKEN.get() {
        req = req.header("Authorization", format!("Bearer {f}"));
    }
    let r = app
        .clone()
        .oneshot(req.body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let status = r.status();
    let bytes = axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap();
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{status} {e}: {}", String::from_utf8_lossy(&bytes)));
    (status, v)
}

static FIXTURE_TOKEN: OnceLock<String> = OnceLock::new();

/// A JSON value of any shape, small.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
        prop::sample::select(vec![
            "imago",
            "jarmo",
            "linja",
            "dimensiones",
            "human",
            "link",
            "ai",
            "offer",
            "accept",
            "decline",
            "default",
            "pass",
            "b2-c2 g5",
            "walls:c3-d3",
        ])
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::vec(
                (
                    prop::sample::select(vec![
                        "game", "variant", "first", "seats", "kind", "level", "move", "ply",
                        "action", "tokens", "layout", "name", "x",
                    ]),
                    inner
                ),
                0..5
            )
            .prop_map(|kv| Value::Object(
                kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
            )),
        ]
    })
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        any_json().prop_map(|v| v.to_string().into_bytes()),
        prop::collection::vec(any::<u8>(), 0..64),
    ]
}

proptest! {
    #[test]
    fn json_bodies_never_fail_the_server(body in body(), route in 0usize..6) {
        let f = fixture();
        let _ = FIXTURE_TOKEN.set(f.token.clone());
        let path = match route {
            0 => "/api/games".to_string(),
            1 => format!("/api/games/{}/move", f.game),
            2 => format!("/api/games/{}/draw", f.game),
            3 => "/api/my-games".to_string(),
            4 => "/api/imago/solve".to_string(),
            _ => "/api/layouts".to_string(),
        };
        let (status, v) = f.rt.block_on(call(&f.app, &path, body));
        prop_assert!(!status.is_server_error(), "{status} {v}");
        if !status.is_success() {
            prop_assert!(v["error"].is_string(), "{status} {v}");
        }
    }
}
