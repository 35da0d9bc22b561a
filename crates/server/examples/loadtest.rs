//! A load test of a running `tablero serve`: many simultaneous games between
//! two people, each seat on its own WebSocket; every move is sent on the
//! mover's socket and timed until the server's acknowledgement (the move is
//! committed) and until the opponent's socket shows it.
//!
//! ```sh
//! tablero serve --port 8080 --rate 0 --max-connections-per-address 0 --database /tmp/load.db &
//! cargo run --release -p tablero-server --example loadtest -- http://127.0.0.1:8080 200 40 jarmo
//! ```
//! Arguments: server URL, games, moves per game, game (default jarmo), a
//! pause in ms before each move (a player's thinking time; default 0), and
//! a time control for every game (`10+5`, `3d`; default: no clock).
//!
//! Ack p99 with and without clocks, 1,000 games, one move a second each:
//! `... loadtest -- URL 1000 30 jarmo 1000` and `... loadtest -- URL 1000 30 jarmo 1000 10+5`.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn open(base: &str, id: &str, token: &str) -> Socket {
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
async fn until(ws: &mut Socket, want: impl Fn(&Value) -> bool) -> Value {
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
async fn game(
    base: String,
    client: reqwest::Client,
    name: String,
    moves: usize,
    pause: Duration,
    offset: Duration,
    clock: Option<String>,
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

fn report(what: &str, mut v: Vec<u64>) {
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

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base = args
        .first()
        .cloned()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let moves: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(40);
    let name = args.get(3).cloned().unwrap_or_else(|| "jarmo".into());
    let pause = Duration::from_millis(args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0));
    let clock = args.get(5).cloned();
    let client = reqwest::Client::new();
    let t = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| {
            let offset = pause.mul_f64(i as f64 / games as f64);
            tokio::spawn(game(
                base.clone(),
                client.clone(),
                name.clone(),
                moves,
                pause,
                offset,
                clock.clone(),
            ))
        })
        .collect();
    let (mut acks, mut fanout) = (Vec::new(), Vec::new());
    for task in tasks {
        let (a, f) = task.await.expect("a game task");
        acks.extend(a);
        fanout.extend(f);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{games} simultaneous {name} games ({}), {} ms pause before each move: {} moves in {secs:.1} s ({:.0} moves/s), {} sockets",
        clock.as_deref().map_or_else(|| "no clock".to_string(), |c| format!("clock {c}")),
        pause.as_millis(),
        acks.len(),
        acks.len() as f64 / secs,
        2 * games
    );
    report("move -> ack (committed)", acks);
    report("move -> opponent's socket", fanout);
}
