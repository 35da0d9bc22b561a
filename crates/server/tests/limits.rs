//! The server's limits, as a slow or hostile client meets them: timeouts on
//! slow and idle connections, caps on connections, JSON error answers with
//! their statuses, WebSocket close codes, and solves that never hold up a
//! claim. A real server on a free port over a SQLite file, as in `api.rs`.
//!
//! Timings are asserted only where issue 20 names a bound (a fresh request
//! among 2,000 idle sockets within 100 ms, a claim among 100 solves within
//! 50 ms); the timeouts are checked with generous margins.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tablero_server::{Config, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

/// Slack on top of a configured timeout before a connection counts as not
/// closed: the machine running the tests may be busy.
const SLACK: Duration = Duration::from_secs(8);

mod common;
use common::Server;

async fn start(rate: u32, limits: Limits) -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
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

/// Short timeouts for the tests that wait for them.
fn short() -> Limits {
    Limits {
        header_timeout: Duration::from_secs(1),
        body_timeout: Duration::from_secs(1),
        request_timeout: Duration::from_secs(3),
        ..Limits::default()
    }
}

/// Reads until the server closes the connection; returns what it sent and
/// how long after `since` it closed, or `None` if still open after `within`.
async fn read_until_closed(
    tcp: &mut (impl tokio::io::AsyncRead + Unpin),
    since: Instant,
    within: Duration,
) -> Option<(String, Duration)> {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((since + within).into(), tcp.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => {
                return Some((String::from_utf8_lossy(&got).into_owned(), since.elapsed()))
            }
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// The status and JSON body of a raw HTTP answer.
fn parse_answer(raw: &str) -> (u16, Value, String) {
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((raw, ""));
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::Null),
        head.to_ascii_lowercase(),
    )
}

#[tokio::test]
async fn slow_headers_slow_bodies_and_idle_connections_are_closed() {
    let limits = short();
    let s = start(0, limits.clone()).await;

    // Says nothing at all.
    let t = Instant::now();
    let mut silent = TcpStream::connect(s.addr).await.unwrap();
    let (_, after) = read_until_closed(&mut silent, t, limits.header_timeout + SLACK)
        .await
        .expect("a silent connection is closed");
    println!("silent connection closed after {after:?}");

    // Sends its head a byte at a time, never finishing.
    let t = Instant::now();
    let (mut r, mut w) = TcpStream::connect(s.addr).await.unwrap().into_split();
    w.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let writer = tokio::spawn(async move {
        for _ in 0..1000 {
            if w.write_all(b"X").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    });
    let (_, after) = read_until_closed(&mut r, t, limits.header_timeout + SLACK)
        .await
        .expect("a dripping header is closed");
    writer.abort();
    println!("dripping header closed after {after:?}");

    // Kept alive after an answer, then idle.
    let mut idle = TcpStream::connect(s.addr).await.unwrap();
    idle.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = vec![0u8; 64 * 1024];
    let n = idle.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    let t = Instant::now();
    let (_, after) = read_until_closed(&mut idle, t, limits.header_timeout + SLACK)
        .await
        .expect("an idle kept-alive connection is closed");
    println!("idle kept-alive connection closed after {after:?}");

    // Declares a body and sends part of it, then nothing.
    let t = Instant::now();
    let mut stalled = TcpStream::connect(s.addr).await.unwrap();
    stalled
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"game\":")
        .await
        .unwrap();
    let (raw, after) = read_until_closed(&mut stalled, t, limits.body_timeout + SLACK)
        .await
        .expect("a stalled body is closed");
    println!("stalled body answered and closed after {after:?}");
    let (status, body, _) = parse_answer(&raw);
    assert_eq!(status, 408, "{raw}");
    assert!(body["error"].is_string(), "{raw}");

    // Sends its body a byte at a time, each within the body timeout: the
    // request timeout ends it.
    let t = Instant::now();
    let mut dripping = TcpStream::connect(s.addr).await.unwrap();
    dripping
        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n")
        .await
        .unwrap();
    let (mut r, mut w) = dripping.into_split();
    let writer = tokio::spawn(async move {
        for _ in 0..1000 {
            if w.write_all(b" ").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    });
    let mut got = Vec::new();
    let deadline = t + limits.request_timeout + SLACK;
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline.into(), r.read(&mut buf)).await {
            Err(_) => panic!("a dripping body is not closed"),
            Ok(Ok(0) | Err(_)) => break,
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
    writer.abort();
    let raw = String::from_utf8_lossy(&got);
    println!("dripping body answered and closed after {:?}", t.elapsed());
    assert_eq!(parse_answer(&raw).0, 408, "{raw}");
}

#[tokio::test]
async fn a_declared_length_over_the_limit_is_refused_at_once() {
    // Long timeouts: only an answer that does not wait for the body comes
    // back before them.
    let limits = Limits {
        body_timeout: Duration::from_secs(60),
        request_timeout: Duration::from_secs(60),
        ..Limits::default()
    };
    let s = start(0, limits).await;
    let mut tcp = TcpStream::connect(s.addr).await.unwrap();
    tcp.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 999999999\r\n\r\n{}",
    )
    .await
    .unwrap();
    let mut buf = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), tcp.read(&mut buf))
        .await
        .expect("an answer before the body timeout")
        .unwrap();
    let raw = String::from_utf8_lossy(&buf[..n]);
    let (status, body, head) = parse_answer(&raw);
    assert_eq!(status, 413, "{raw}");
    assert!(head.contains("content-type: application/json"), "{raw}");
    assert!(body["error"].as_str().unwrap().contains("16384"), "{raw}");
}

/// Sends a raw request and returns the answer's status, JSON body and head.
async fn raw(s: &Server, request: &str) -> (u16, Value, String) {
    let mut tcp = TcpStream::connect(s.addr).await.unwrap();
    tcp.write_all(request.as_bytes()).await.unwrap();
    let (text, _) = read_until_closed(&mut tcp, Instant::now(), Duration::from_secs(30))
        .await
        .expect("an answer");
    parse_answer(&text)
}

fn assert_json_error(what: &str, got: &(u16, Value, String), status: u16) {
    let (code, body, head) = got;
    assert_eq!(*code, status, "{what}: {body} {head}");
    assert!(
        head.contains("content-type: application/json"),
        "{what}: {head}"
    );
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{what}: {body}"
    );
}

#[tokio::test]
async fn every_error_is_json_with_its_status() {
    let s = start(0, Limits::default()).await;
    let created: Value = s
        .client
        .post(format!("{}/api/games", s.base))
        .header("Content-Type", "application/json")
        .body(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]}).to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let close = "Connection: close\r\n";
    let cases: Vec<(&str, String, u16)> = vec![
        (
            "a bad ply",
            format!("GET /api/games/{id}?ply=x HTTP/1.1\r\nHost: x\r\n{close}\r\n"),
            400,
        ),
        (
            "invalid UTF-8 in the path",
            format!("GET /api/games/%FF%FE HTTP/1.1\r\nHost: x\r\n{close}\r\n"),
            400,
        ),
        (
            "invalid UTF-8 in an action",
            format!("POST /api/games/{id}/%C3%28 HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n{close}\r\n"),
            400,
        ),
        (
            "no such game",
            format!("GET /api/games/nope HTTP/1.1\r\nHost: x\r\n{close}\r\n"),
            404,
        ),
        (
            "no such file",
            format!("GET /static/nope.js HTTP/1.1\r\nHost: x\r\n{close}\r\n"),
            404,
        ),
        (
            "a wrong method",
            format!("DELETE /api/catalog HTTP/1.1\r\nHost: x\r\n{close}\r\n"),
            405,
        ),
        (
            "a wrong method on the app",
            format!("PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n{close}\r\n"),
            405,
        ),
        (
            "a form body",
            format!(
                "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                 Content-Length: 8\r\n{close}\r\ngame=x&y"
            ),
            415,
        ),
        (
            "a text body",
            format!(
                "POST /api/games/{id}/move HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n\
                 Content-Length: 15\r\n{close}\r\n{{\"move\":\"a1\"}}  "
            ),
            415,
        ),
        (
            "a chunked body over the limit",
            format!(
                "POST /api/layouts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n{close}\r\n\
                 5000\r\n{}\r\n0\r\n\r\n",
                "x".repeat(0x5000)
            ),
            413,
        ),
        (
            "bad JSON",
            format!("POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n{close}\r\n{{"),
            400,
        ),
        (
            "no WebSocket upgrade",
            format!("GET /api/games/{id}/ws HTTP/1.1\r\nHost: x\r\n{close}\r\n"),
            400,
        ),
    ];
    for (what, request, status) in cases {
        assert_json_error(what, &raw(&s, &request).await, status);
    }
    // A JSON type with parameters is JSON.
    let r = s
        .client
        .post(format!("{}/api/games", s.base))
        .header("Content-Type", "application/json; charset=utf-8")
        .body(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test]
async fn too_many_requests_get_429_with_a_real_retry_after() {
    let s = start(2, Limits::default()).await;
    let mut refused = None;
    for _ in 0..40 {
        let r = s
            .client
            .get(format!("{}/api/catalog", s.base))
            .send()
            .await
            .unwrap();
        if r.status() == 429 {
            refused = Some(r);
            break;
        }
    }
    let r = refused.expect("40 requests at once pass a limit of 2/s");
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1, "Retry-After {retry}");
    assert_eq!(r.headers()["content-type"], "application/json");
    let body: Value = r.json().await.unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("too many"),
        "{body}"
    );
}

/// The web app's own files are not counted by the rate limit (a first page
/// load fetches some forty of them); the API still is.
#[tokio::test]
async fn the_apps_own_files_do_not_count_against_the_rate_limit() {
    let s = start(2, Limits::default()).await;
    for path in ["/static/app.js", "/static/style.css", "/locales/en/web.ftl"] {
        for i in 0..20 {
            let r = s
                .client
                .get(format!("{}{path}", s.base))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 200, "{path}, request {i}");
        }
    }
    let mut statuses = Vec::new();
    for _ in 0..20 {
        let r = s
            .client
            .get(format!("{}/api/catalog", s.base))
            .send()
            .await
            .unwrap();
        statuses.push(r.status().as_u16());
    }
    assert!(
        statuses.contains(&429),
        "the API is still limited: {statuses:?}"
    );
}

#[tokio::test]
async fn a_locked_database_answers_503_within_two_seconds_without_internals() {
    let s = start(0, Limits::default()).await;
    let created: Value = s
        .client
        .post(format!("{}/api/games", s.base))
        .body(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]}).to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["tokens"]["0"].as_str().unwrap().to_string();
    let mv = created["game"]["legal"][0]["move"]
        .as_str()
        .unwrap()
        .to_string();
    // Another process holds the write lock.
    let url = format!("sqlite://{}", s.database);
    let mut other = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut other)
        .await
        .unwrap();
    let t = Instant::now();
    let r = s
        .client
        .post(format!("{}/api/games/{id}/move", s.base))
        .header("Authorization", format!("Bearer {token}"))
        .body(json!({"move": mv}).to_string())
        .send()
        .await
        .unwrap();
    let took = t.elapsed();
    let status = r.status().as_u16();
    let retry = r.headers().get("retry-after").cloned();
    let body: Value = r.json().await.unwrap();
    println!("answered {status} after {took:?}: {body}");
    assert_eq!(status, 503, "{body}");
    assert!(retry.is_some());
    assert_eq!(
        body,
        json!({
            "error": "the database is unavailable; try again shortly",
            "code": "api_database_unavailable",
            "args": {},
        })
    );
    assert!(took < Duration::from_secs(2), "took {took:?}");
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    // Once the lock is gone the move goes through.
    let r = s
        .client
        .post(format!("{}/api/games/{id}/move", s.base))
        .header("Authorization", format!("Bearer {token}"))
        .body(json!({"move": mv}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

/// Opens a socket from the loopback address `127.0.0.N` to `addr`.
async fn connect_from(n: u8, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from(([127, 0, 0, n], 0)))?;
    socket.connect(addr).await
}

/// Times `GET /api/catalog` on a fresh connection from 127.0.0.1.
async fn fresh_catalog(addr: SocketAddr) -> Duration {
    let t = Instant::now();
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    tcp.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (text, took) = read_until_closed(&mut tcp, t, Duration::from_secs(30))
        .await
        .expect("the catalog answers");
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    took
}

fn median(mut d: Vec<Duration>) -> Duration {
    d.sort();
    d[d.len() / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_thousand_idle_sockets_do_not_stop_a_fresh_request() {
    // Client and server share this process: 2,000 sockets each side.
    let limit = rlimit::increase_nofile_limit(16_384).unwrap_or(0);
    if limit < 4_600 {
        println!("skipped: the open-file limit is {limit}, and the test needs 4,600");
        return;
    }
    let limits = Limits {
        header_timeout: Duration::from_secs(120),
        max_connections: 4_096,
        max_connections_per_address: 256,
        ..Limits::default()
    };
    let s = start(0, limits).await;

    // 2,000 from one address: 256 are held, the rest turned away with 429.
    let mut flood = Vec::new();
    for _ in 0..2_000 {
        flood.push(connect_from(2, s.addr).await.unwrap());
    }
    let answers = futures_util::future::join_all(flood.iter_mut().map(|tcp| async {
        let mut buf = [0u8; 512];
        match tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => Some(parse_answer(&String::from_utf8_lossy(&buf[..n]))),
            _ => None,
        }
    }))
    .await;
    let mut held = Vec::new();
    let mut turned_away = 0;
    for (tcp, answer) in flood.into_iter().zip(answers) {
        match answer {
            Some((status, body, _)) => {
                assert_eq!(status, 429, "{body}");
                assert!(body["error"].is_string());
                turned_away += 1;
            }
            None => held.push(tcp),
        }
    }
    println!(
        "one address: {} held, {turned_away} turned away",
        held.len()
    );
    assert!(turned_away >= 2_000 - 256, "{turned_away} turned away");
    let times: Vec<Duration> = {
        let mut v = Vec::new();
        for _ in 0..5 {
            v.push(fresh_catalog(s.addr).await);
        }
        v
    };
    println!("fresh requests beside one address's 2,000: {times:?}");
    assert!(median(times) < Duration::from_millis(100));
    drop(held);

    // 2,000 from 20 addresses, all held at once.
    let mut idle = Vec::new();
    for i in 0..2_000 {
        idle.push(connect_from(10 + (i % 20) as u8, s.addr).await.unwrap());
    }
    // Let the server take them all before timing.
    tokio::time::sleep(Duration::from_millis(500)).await;
    fresh_catalog(s.addr).await;
    let mut times = Vec::new();
    for _ in 0..5 {
        times.push(fresh_catalog(s.addr).await);
    }
    println!("fresh requests beside 2,000 idle sockets: {times:?}");
    assert!(median(times) < Duration::from_millis(100));
    let still_open = futures_util::future::join_all(idle.iter_mut().map(|t| async {
        let mut buf = [0u8; 1];
        tokio::time::timeout(Duration::from_millis(1), t.peek(&mut buf))
            .await
            .is_err()
    }))
    .await
    .into_iter()
    .filter(|open| *open)
    .count();
    println!("{still_open} of 2,000 idle sockets held");
    assert_eq!(still_open, 2_000, "all are under both caps");
}

/// 100 layouts with different walls.
fn layouts(n: usize) -> Vec<String> {
    let cols = ['b', 'c', 'd', 'e', 'f', 'g'];
    let mut walls = Vec::new();
    for (i, c) in cols.iter().enumerate() {
        for row in 1..=6 {
            if i + 1 < cols.len() {
                walls.push(format!("{c}{row}-{}{row}", cols[i + 1]));
            }
            if row < 6 {
                walls.push(format!("{c}{row}-{c}{}", row + 1));
            }
        }
    }
    let mut out = Vec::new();
    'all: for a in 0..walls.len() {
        for b in a + 1..walls.len() {
            let text = format!("walls:{},{}", walls[a], walls[b]);
            if text.parse::<tablero_games::imago::Layout>().is_ok() {
                out.push(text);
                if out.len() == n {
                    break 'all;
                }
            }
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_solves_do_not_delay_a_claim() {
    let limits = Limits {
        solves_per_minute: 0,
        ..Limits::default()
    };
    let s = start(0, limits).await;
    // A claim ends its game (lost: nothing is proved at the start), so
    // each claim is made in a new game; only the claim is timed.
    let claim = || async {
        let created: Value = s
            .client
            .post(format!("{}/api/games", s.base))
            .body(
                json!({"game": "imago", "seats": [{"kind": "human"}, {"kind": "human"}]})
                    .to_string(),
            )
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = created["id"].as_str().unwrap().to_string();
        let token = created["tokens"]["0"].as_str().unwrap().to_string();
        let t = Instant::now();
        let r = s
            .client
            .post(format!("{}/api/games/{id}/claim", s.base))
            .header("Authorization", format!("Bearer {token}"))
            .send()
            .await
            .unwrap();
        let took = t.elapsed();
        assert_eq!(r.status(), 200);
        let st: Value = r.json().await.unwrap();
        assert_eq!(st["result"]["reason"], "false-claim", "{st}");
        took
    };
    // The game's own layout is solved once, here.
    claim().await;

    let solves: Vec<_> = layouts(100)
        .into_iter()
        .map(|layout| {
            let client = s.client.clone();
            let url = format!("{}/api/imago/solve", s.base);
            tokio::spawn(async move {
                let r = client
                    .post(url)
                    .body(json!({ "layout": layout }).to_string())
                    .send()
                    .await
                    .unwrap();
                let status = r.status().as_u16();
                let body: Value = r.json().await.unwrap();
                (status, body)
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut times = Vec::new();
    for _ in 0..10 {
        times.push(claim().await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut solved = 0;
    let mut busy = 0;
    for h in solves {
        let (status, body) = h.await.unwrap();
        match status {
            200 => solved += 1,
            503 => {
                assert!(body["error"].is_string(), "{body}");
                busy += 1;
            }
            other => panic!("{other}: {body}"),
        }
    }
    println!("claims during 100 solves: {times:?}; {solved} solved, {busy} told busy");
    assert!(solved > 0);
    assert!(median(times) < Duration::from_millis(50));
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn socket(s: &Server) -> (Socket, String) {
    let created: Value = s
        .client
        .post(format!("{}/api/games", s.base))
        .body(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]}).to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    let url = format!("ws://{}/api/games/{id}/ws", s.addr);
    let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("opens");
    (ws, created["tokens"]["0"].as_str().unwrap().to_string())
}

/// Reads until the server closes; returns the close code, if it sent one.
async fn close_code(ws: &mut Socket) -> Option<CloseCode> {
    loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("closed within 30 s")
        {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| f.code),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => return None,
        }
    }
}

#[tokio::test]
async fn an_oversize_websocket_message_closes_with_1009() {
    let s = start(0, Limits::default()).await;
    let (mut ws, _) = socket(&s).await;
    let big = json!({"type": "hello", "tokens": ["x".repeat(20 * 1024)]}).to_string();
    ws.send(Message::text(big)).await.unwrap();
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Size));
}

#[tokio::test]
async fn a_websocket_over_the_rate_is_refused_then_closed_with_1008() {
    let s = start(5, Limits::default()).await;
    let (mut ws, token) = socket(&s).await;
    ws.send(Message::text(
        json!({"type": "hello", "tokens": [token]}).to_string(),
    ))
    .await
    .unwrap();
    for i in 0..200 {
        let msg = json!({"type": "move", "move": "zz", "id": i}).to_string();
        if ws.send(Message::text(msg)).await.is_err() {
            break;
        }
    }
    let mut refused = 0;
    let code = loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("an answer within 30 s")
        {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                // The last error says why the socket closes: no retry.
                if v["error"].as_str().is_some_and(|e| e.contains("too many"))
                    && v["close"].is_null()
                {
                    assert!(v["retry_after_ms"].as_u64().unwrap() >= 1, "{v}");
                    refused += 1;
                }
            }
            Some(Ok(Message::Close(frame))) => break frame.map(|f| f.code),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break None,
        }
    };
    println!("{refused} messages refused before the close");
    assert!(refused > 0);
    assert_eq!(code, Some(CloseCode::Policy));
}

#[tokio::test]
async fn a_websocket_that_does_not_answer_pings_is_dropped() {
    let limits = Limits {
        ws_ping: Duration::from_millis(300),
        ..Limits::default()
    };
    let s = start(0, limits).await;
    // This one reads, and so answers every ping: it stays.
    let (mut alive, token) = socket(&s).await;
    // This one never reads, so never answers.
    let (mut dead, _) = socket(&s).await;
    let t = Instant::now();
    let mut pings = 0;
    while t.elapsed() < Duration::from_secs(3) {
        if let Ok(Some(Ok(Message::Ping(_)))) =
            tokio::time::timeout(Duration::from_millis(100), alive.next()).await
        {
            pings += 1;
        }
    }
    assert!(pings >= 2, "{pings} pings");
    alive
        .send(Message::text(
            json!({"type": "hello", "tokens": [token]}).to_string(),
        ))
        .await
        .expect("the reading socket is still open");
    let state = loop {
        match alive.next().await.expect("open").expect("a message") {
            Message::Text(t) => break serde_json::from_str::<Value>(&t).unwrap(),
            _ => continue,
        }
    };
    assert_eq!(state["type"], "state");
    // The silent one was dropped: after its state and pings, the stream ends.
    let mut ended = false;
    while let Ok(next) = tokio::time::timeout(Duration::from_secs(10), dead.next()).await {
        match next {
            Some(Ok(Message::Close(_)) | Err(_)) | None => {
                ended = true;
                break;
            }
            Some(Ok(_)) => {}
        }
    }
    assert!(ended, "a socket that answers no ping is dropped");
}

/// The lobby's socket keeps the limits of a game's (one socket helper
/// serves both): a binary message closes it with 1003, one over 16 KiB
/// with 1009, and messages over the rate are refused (their `id` echoed)
/// until the socket closes with 1008.
#[tokio::test]
async fn the_lobby_socket_has_the_limits_of_a_game_socket() {
    async fn lobby(s: &Server) -> Socket {
        let url = format!("ws://{}/api/lobby/ws", s.addr);
        tokio_tungstenite::connect_async(url)
            .await
            .expect("opens")
            .0
    }
    let s = start(5, Limits::default()).await;

    let mut ws = lobby(&s).await;
    ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Unsupported));

    let mut ws = lobby(&s).await;
    let big = json!({"type": "hello", "secrets": ["x".repeat(20 * 1024)]}).to_string();
    ws.send(Message::text(big)).await.unwrap();
    assert_eq!(close_code(&mut ws).await, Some(CloseCode::Size));

    let mut ws = lobby(&s).await;
    for i in 0..200 {
        let msg = json!({"type": "hello", "secrets": [], "id": i}).to_string();
        if ws.send(Message::text(msg)).await.is_err() {
            break;
        }
    }
    let mut refused = 0;
    let code = loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("an answer within 30 s")
        {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["code"] == "api_ws_too_many" {
                    assert!(v["retry_after_ms"].as_u64().unwrap() >= 1, "{v}");
                    assert!(v["id"].is_u64(), "{v}");
                    refused += 1;
                }
            }
            Some(Ok(Message::Close(frame))) => break frame.map(|f| f.code),
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break None,
        }
    };
    assert!(refused > 0);
    assert_eq!(code, Some(CloseCode::Policy));
}
