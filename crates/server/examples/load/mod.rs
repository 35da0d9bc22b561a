//! What the load tools share (`loadtest`, `crowd`): a game's socket opened
//! with a seat's token, reading a socket until a message, one game played
//! with every move timed, and the percentiles printed.

#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn open(base: &str, id: &str, token: &str) -> Socket {
    let url = format!("{}/api/games/{id}/ws", base.replacen("http", "ws", 1));
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("socket opens");
    ws.send(Message::text(
        json!({"type": "hello", "tokens": [token]}).to_string(),
    ))
    .await
    .unwrap();
    ws
}

/// Reads messages until `want` accepts one; returns it.
pub async fn until(ws: &mut Socket, want: impl Fn(&Value) -> bool) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .expect("an answer within a minute")
            .expect("socket open")
            .expect("message");
        if let Ok(text) = msg.to_text() {
            let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            if want(&v) {
                return v;
            }
        }
    }
}

/// Plays one game; returns (ack latencies, fan-out latencies) in µs.
#[allow(clippy::too_many_arguments)]
pub async fn game(
    base: String,
    client: reqwest::Client,
    name: String,
    moves: usize,
    pause: Duration,
    offset: Duration,
    clock: Option<String>,
    made: Option<tokio::sync::oneshot::Sender<(String, [String; 2])>>,
) -> (Vec<u64>, Vec<u64>) {
    // A busy server may answer 503 with a Retry-After: wait and try again,
    // as the web app does.
    let mut created: Value = Value::Null;
    for _ in 0..20 {
        let r = client
            .post(format!("{base}/api/games"))
            .body(
                json!({"game": name, "seats": [{"kind": "human"}, {"kind": "human"}], "clock": clock})
                    .to_string(),
            )
            .send()
            .await
            .expect("create");
        if r.status().is_success() {
            created = r.json().await.unwrap();
            break;
        }
        let wait = r
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok()?.parse().ok())
            .unwrap_or(1);
        tokio::time::sleep(Duration::from_secs(wait)).await;
    }
    let id = created["id"]
        .as_str()
        .expect("an id after 20 tries")
        .to_string();
    let tokens = [
        created["tokens"]["0"].as_str().unwrap().to_string(),
        created["tokens"]["1"].as_str().unwrap().to_string(),
    ];
    if let Some(tx) = made {
        let _ = tx.send((id.clone(), tokens.clone()));
    }
    let mut sockets = [
        open(&base, &id, &tokens[0]).await,
        open(&base, &id, &tokens[1]).await,
    ];
    // The state each socket is sent after `hello` holds its seat's moves.
    let mut states = Vec::new();
    for ws in &mut sockets {
        states.push(
            until(ws, |v| {
                v["type"] == "state" && v["game"]["you"].as_array().is_some_and(|y| !y.is_empty())
            })
            .await,
        );
    }
    // Independent players: each game makes its first move at its own
    // moment within the first pause (games started together would
    // otherwise move in lockstep, every move of every game in one burst).
    tokio::time::sleep(offset).await;
    let (mut acks, mut fanout) = (Vec::new(), Vec::new());
    let mut state = states[0]["game"].clone();
    for ply in 0..moves {
        let Some(seat) = state["to_move"].as_u64().map(|s| s as usize) else {
            break;
        };
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            // This socket's last state predates the move: read on.
            state = until(&mut sockets[seat], |v| {
                v["type"] == "state" && v["game"]["ply"] == ply
            })
            .await["game"]
                .clone();
            continue;
        }
        let mv = legal[(ply * 7) % legal.len()]["move"]
            .as_str()
            .unwrap()
            .to_string();
        tokio::time::sleep(pause).await;
        let t = Instant::now();
        sockets[seat]
            .send(Message::text(
                json!({"type": "move", "move": mv, "ply": ply, "id": ply}).to_string(),
            ))
            .await
            .unwrap();
        let ack = until(&mut sockets[seat], |v| {
            v["id"] == ply && (v["type"] == "ack" || v["type"] == "error")
        })
        .await;
        assert_eq!(ack["type"], "ack", "{ack}");
        acks.push(t.elapsed().as_micros() as u64);
        let other = until(&mut sockets[1 - seat], |v| {
            v["type"] == "state" && v["game"]["ply"] == ply + 1
        })
        .await;
        fanout.push(t.elapsed().as_micros() as u64);
        state = other["game"].clone();
    }
    (acks, fanout)
}

pub fn report(what: &str, mut v: Vec<u64>) {
    v.sort_unstable();
    let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0;
    println!(
        "{what}: n={} p50={:.2} ms p90={:.2} ms p99={:.2} ms max={:.2} ms",
        v.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        q(1.0)
    );
}
