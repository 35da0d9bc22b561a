//! Web Push (issue #49) against a push service started by the test: a
//! small HTTP server that takes the server's POSTs, checks their VAPID
//! `Authorization` (the JWT's ES256 signature with the key it names, its
//! audience and subject) and decrypts their aes128gcm bodies with the
//! subscription's private key. Also: one account's subscriptions can be
//! neither read nor changed with another's cookie, nor from another site;
//! the per-kind switches; a subscription answered 410 is dropped; a push
//! answered 503 is tried again.

mod common;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use common::Server;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tablero_server::push::PushConfig;
use tokio::sync::mpsc;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256PublicKey};
use web_push_native::jwt_simple::claims::NoCustomClaims;
use web_push_native::p256;

const SUBJECT: &str = "mailto:push-test@example.org";

/// A push received: its path's name, headers and body.
#[derive(Debug)]
struct Received {
    name: String,
    headers: HeaderMap,
    body: Vec<u8>,
}

/// The test's push service: `POST /push/{name}` answers 201 and hands the
/// push to the test; `gone` answers 410; `flaky` answers 503 the first
/// time, then 201.
struct PushService {
    base: String,
    rx: mpsc::UnboundedReceiver<Received>,
    _task: tokio::task::JoinHandle<()>,
}

type Seen = Arc<(mpsc::UnboundedSender<Received>, Mutex<HashMap<String, u32>>)>;

async fn take(
    State(seen): State<Seen>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> StatusCode {
    let n = {
        let mut tries = seen.1.lock().unwrap();
        let n = tries.entry(name.clone()).or_default();
        *n += 1;
        *n
    };
    let status = match name.as_str() {
        "gone" => StatusCode::GONE,
        "flaky" if n == 1 => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::CREATED,
    };
    let _ = seen.0.send(Received {
        name,
        headers,
        body: body.to_vec(),
    });
    status
}

async fn push_service() -> PushService {
    let (tx, rx) = mpsc::unbounded_channel();
    let seen: Seen = Arc::new((tx, Mutex::new(HashMap::new())));
    let app = axum::Router::new()
        .route("/push/{name}", post(take))
        .with_state(seen);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let task = tokio::spawn(async move {
        axum::serve(listener, app).await.unwrap();
    });
    PushService {
        base: format!("http://{addr}"),
        rx,
        _task: task,
    }
}

impl PushService {
    /// The next push that arrives within `secs` seconds, if any.
    async fn next(&mut self, secs: u64) -> Option<Received> {
        tokio::time::timeout(Duration::from_secs(secs), self.rx.recv())
            .await
            .ok()
            .flatten()
    }
}

/// A browser's push keys: its private key and auth secret, and the
/// subscription JSON it would send for endpoint `endpoint`.
struct Browser {
    secret: p256::SecretKey,
    auth: [u8; 16],
}

impl Browser {
    fn new() -> Browser {
        use p256::elliptic_curve::rand_core::{OsRng, RngCore};
        let mut auth = [0u8; 16];
        OsRng.fill_bytes(&mut auth);
        Browser {
            secret: p256::SecretKey::random(&mut OsRng),
            auth,
        }
    }

    fn subscription(&self, endpoint: &str, lang: &str) -> Value {
        use p256::elliptic_curve::sec1::ToEncodedPoint;
        let public = self.secret.public_key().to_encoded_point(false);
        json!({
            "endpoint": endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            },
            "lang": lang,
        })
    }

    /// The push's payload: checks the aes128gcm header (RFC 8188: salt,
    /// record size, a 65-byte key id) and decrypts the body.
    fn open(&self, body: &[u8]) -> Value {
        assert!(body.len() > 86, "an aes128gcm body has a 86-byte header");
        assert_eq!(
            body[20], 65,
            "the key id is the server's 65-byte public key"
        );
        let auth = web_push_native::Auth::clone_from_slice(&self.auth);
        let plain = web_push_native::decrypt(body.to_vec(), &self.secret, &auth)
            .expect("the push decrypts with the subscription's private key");
        serde_json::from_slice(&plain).expect("the payload is JSON")
    }
}

/// Checks a push's VAPID header: `vapid t=JWT, k=KEY`, KEY the server's
/// public key, the JWT signed by it for the push service's origin, from
/// [`SUBJECT`], not expired; and its encoding headers.
fn check_vapid(p: &Received, server_key: &str, audience: &str) {
    let h = |n: &str| p.headers.get(n).map(|v| v.to_str().unwrap().to_string());
    assert_eq!(h("content-encoding").as_deref(), Some("aes128gcm"));
    assert!(h("ttl").is_some(), "a TTL header");
    let auth = h("authorization").expect("an Authorization header");
    let rest = auth.strip_prefix("vapid ").expect("the vapid scheme");
    let mut t = None;
    let mut k = None;
    for part in rest.split(',') {
        let part = part.trim();
        if let Some(v) = part.strip_prefix("t=") {
            t = Some(v.to_string());
        }
        if let Some(v) = part.strip_prefix("k=") {
            k = Some(v.to_string());
        }
    }
    let (t, k) = (t.expect("t="), k.expect("k="));
    assert_eq!(k, server_key, "k= is the key GET /api/push/key gives");
    let public = ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(&k).unwrap()).unwrap();
    let claims = public
        .verify_token::<NoCustomClaims>(&t, None)
        .expect("the JWT is signed by the server's key");
    assert_eq!(claims.subject.as_deref(), Some(SUBJECT));
    let aud = claims
        .audiences
        .expect("an audience")
        .into_string()
        .unwrap();
    assert_eq!(aud, audience);
    assert!(claims.expires_at.is_some(), "an expiry");
}

async fn start() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    common::start_with(
        tablero_server::Config {
            database: db,
            rate: 0,
            puzzles: tablero_server::puzzles::Seeding {
                per_game: 0,
                sets: None,
                ..tablero_server::puzzles::Seeding::default()
            },
            push: PushConfig {
                subject: SUBJECT.into(),
                allow_http: true,
            },
            ..tablero_server::Config::default()
        },
        Some(dir),
    )
    .await
}

/// `DELETE path` with `cookie` from this server's site (or `origin`).
async fn delete(s: &Server, path: &str, cookie: Option<&str>, origin: &str) -> u16 {
    let mut req = s
        .client
        .delete(format!("{}{path}", s.base))
        .header("Origin", origin);
    if let Some(c) = cookie {
        req = req.header("Cookie", format!("tablero_session={c}"));
    }
    req.send().await.unwrap().status().as_u16()
}

/// Plays the first legal move of the seat of `token` in game `id`.
async fn first_move(s: &Server, id: &str, token: &str) {
    let (status, st) = s
        .call("GET", &format!("/api/games/{id}"), Some(token), None)
        .await;
    assert_eq!(status, 200, "{st}");
    let mv = st["legal"][0]["move"].as_str().unwrap().to_string();
    let (status, st) = s
        .call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(token),
            Some(json!({"move": mv, "ply": st["ply"]})),
        )
        .await;
    assert_eq!(status, 200, "{st}");
}

#[tokio::test]
async fn a_subscription_is_its_owner_s_alone() {
    let s = start().await;
    let ana = s.sign_up("ana").await;
    let bea = s.sign_up("bea").await;
    let browser = Browser::new();
    let sub = browser.subscription("http://127.0.0.1:9/push/ana", "en");

    // Without an account: 401; the key is public.
    let (status, _) = s
        .call_as(
            "POST",
            "/api/push/subscriptions",
            None,
            None,
            Some(sub.clone()),
        )
        .await;
    assert_eq!(status, 401);
    let (status, key) = s.call("GET", "/api/push/key", None, None).await;
    assert_eq!(status, 200);
    let key = key["key"].as_str().unwrap().to_string();
    assert_eq!(URL_SAFE_NO_PAD.decode(&key).unwrap().len(), 65);

    let (status, made) = s
        .call_as(
            "POST",
            "/api/push/subscriptions",
            Some(&ana),
            None,
            Some(sub),
        )
        .await;
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();

    // Bea reads only her own (none), and cannot delete Ana's.
    let (_, hers) = s
        .call_as("GET", "/api/push/subscriptions", Some(&bea), None, None)
        .await;
    assert_eq!(hers["subscriptions"], json!([]));
    let path = format!("/api/push/subscriptions/{id}");
    assert_eq!(delete(&s, &path, Some(&bea), &s.base).await, 404);
    assert_eq!(delete(&s, &path, None, &s.base).await, 401);
    // Nor can another site, with Ana's own cookie.
    assert_eq!(
        delete(&s, &path, Some(&ana), "https://evil.example").await,
        403
    );
    let (status, _, _) = s
        .with_cookie(
            "GET",
            "/api/push/subscriptions",
            Some(&format!("tablero_session={ana}")),
            None,
        )
        .await;
    assert_eq!(status, 200);
    // Bea's switches are hers: Ana's stay as they were.
    let (status, _) = s
        .call_as(
            "POST",
            "/api/push/kinds",
            Some(&bea),
            None,
            Some(json!({"turn": false, "challenge": false, "tournament": false})),
        )
        .await;
    assert_eq!(status, 200);
    let (_, mine) = s
        .call_as("GET", "/api/push/subscriptions", Some(&ana), None, None)
        .await;
    assert_eq!(mine["subscriptions"][0]["id"], json!(id));
    assert_eq!(
        mine["kinds"],
        json!({"turn": true, "challenge": true, "tournament": true})
    );
    // Ana deletes hers.
    assert_eq!(delete(&s, &path, Some(&ana), &s.base).await, 200);
    let (_, mine) = s
        .call_as("GET", "/api/push/subscriptions", Some(&ana), None, None)
        .await;
    assert_eq!(mine["subscriptions"], json!([]));
}

#[tokio::test]
async fn subscriptions_that_cannot_be_used_are_refused() {
    let s = start().await;
    let ana = s.sign_up("ana").await;
    let b = Browser::new();
    let mut bad_key = b.subscription("https://push.example/x", "en");
    bad_key["keys"]["p256dh"] = json!("AAAA");
    let mut bad_auth = b.subscription("https://push.example/x", "en");
    bad_auth["keys"]["auth"] = json!(URL_SAFE_NO_PAD.encode([1u8; 8]));
    for body in [
        b.subscription("ftp://push.example/x", "en"),
        b.subscription("not a url", "en"),
        b.subscription(&format!("https://push.example/{}", "x".repeat(3000)), "en"),
        bad_key,
        bad_auth,
    ] {
        let (status, answer) = s
            .call_as(
                "POST",
                "/api/push/subscriptions",
                Some(&ana),
                None,
                Some(body),
            )
            .await;
        assert_eq!(status, 400, "{answer}");
    }
}

#[tokio::test]
async fn plain_http_endpoints_are_refused_unless_allowed() {
    let s = common::start().await;
    let ana = s.sign_up("ana").await;
    let body = Browser::new().subscription("http://127.0.0.1:9/push/x", "en");
    let (status, _) = s
        .call_as(
            "POST",
            "/api/push/subscriptions",
            Some(&ana),
            None,
            Some(body),
        )
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_push_arrives_signed_and_encrypted_after_the_opponent_s_move() {
    let mut service = push_service().await;
    let s = start().await;
    let ana = s.sign_up("ana").await;
    let bea = s.sign_up("bea").await;
    let (_, key) = s.call("GET", "/api/push/key", None, None).await;
    let key = key["key"].as_str().unwrap().to_string();
    let browser = Browser::new();
    let gone = Browser::new();
    for (b, name) in [(&browser, "ana"), (&gone, "gone")] {
        let sub = b.subscription(&format!("{}/push/{name}", service.base), "es");
        let (status, made) = s
            .call_as(
                "POST",
                "/api/push/subscriptions",
                Some(&ana),
                None,
                Some(sub),
            )
            .await;
        assert_eq!(status, 201, "{made}");
    }

    // Ana (seat 0) and Bea (seat 1): Ana moves (Bea has no browser), then
    // Bea moves: Ana's turn is pushed to both of Ana's browsers.
    let (game, t0, t1) = s.game_with_link(&ana, Some(&bea), "jarmo", None).await;
    first_move(&s, &game, &t0).await;
    first_move(&s, &game, &t1).await;
    let mut got = HashMap::new();
    while got.len() < 2 {
        let p = service.next(10).await.expect("a push within 10 s");
        got.insert(p.name.clone(), p);
    }
    let p = &got["ana"];
    check_vapid(p, &key, &service.base);
    let payload = browser.open(&p.body);
    assert_eq!(payload["kind"], "turn");
    assert_eq!(payload["url"], json!(format!("/play/{game}")));
    // In the language the browser subscribed with.
    assert_eq!(payload["title"], "Te toca");
    // The subscription answered 410 is dropped.
    let mut left = Vec::new();
    for _ in 0..50 {
        let (_, mine) = s
            .call_as("GET", "/api/push/subscriptions", Some(&ana), None, None)
            .await;
        left = mine["subscriptions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["endpoint"].as_str().unwrap().to_string())
            .collect();
        if left.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(left, vec![format!("{}/push/ana", service.base)]);

    // Turns switched off: Ana's next turn is not pushed; a challenge is.
    let (status, _) = s
        .call_as(
            "POST",
            "/api/push/kinds",
            Some(&ana),
            None,
            Some(json!({"turn": false, "challenge": true, "tournament": true})),
        )
        .await;
    assert_eq!(status, 200);
    first_move(&s, &game, &t0).await;
    first_move(&s, &game, &t1).await;
    let (status, c) = s
        .call_as(
            "POST",
            "/api/challenges",
            Some(&bea),
            None,
            Some(json!({"to": "ana", "game": "linja"})),
        )
        .await;
    assert_eq!(status, 200, "{c}");
    let p = service.next(10).await.expect("the challenge's push");
    let payload = browser.open(&p.body);
    assert_eq!(payload["kind"], "challenge", "no turn was pushed first");
    assert_eq!(payload["title"], "Nuevo desafío");
}

#[tokio::test]
async fn a_push_the_service_refuses_for_a_while_is_tried_again() {
    let mut service = push_service().await;
    let s = start().await;
    let ana = s.sign_up("ana").await;
    let bea = s.sign_up("bea").await;
    let browser = Browser::new();
    let sub = browser.subscription(&format!("{}/push/flaky", service.base), "en");
    let (status, _) = s
        .call_as(
            "POST",
            "/api/push/subscriptions",
            Some(&bea),
            None,
            Some(sub),
        )
        .await;
    assert_eq!(status, 201);
    let (status, _) = s
        .call_as(
            "POST",
            "/api/challenges",
            Some(&ana),
            None,
            Some(json!({"to": "bea", "game": "jarmo"})),
        )
        .await;
    assert_eq!(status, 200);
    let first = service.next(10).await.expect("the first try (503)");
    let second = service.next(10).await.expect("the second try");
    assert_eq!(
        (first.name.as_str(), second.name.as_str()),
        ("flaky", "flaky")
    );
    let payload = browser.open(&second.body);
    assert_eq!(payload["title"], "New challenge");
    // Taken: no third try.
    assert!(service.next(3).await.is_none());
}
