//! A crowd on a running `tablero serve` (issue #44's benchmark): thousands
//! of connected people at once, as the web app connects them, while
//! games are played and spectators chat, with three figures:
//! - a move's acknowledgement (committed) and its arrival on the
//!   opponent's socket, in every live game;
//! - presence: an account's arrival and departure reaching every home
//!   page's online count (the time until the LAST watcher saw it);
//! - chat: a spectator's line reaching every other spectator of the game
//!   (the time until the LAST one had it).
//!
//! ```sh
//! tablero serve --port 8097 --rate 0 --max-connections 12000 \
//!   --max-connections-per-address 0 --database /tmp/crowd.db &
//! cargo run --release -p tablero-server --example crowd -- http://127.0.0.1:8097 5000 1000 100
//! ```
//! Arguments: server URL, people (default 5,000), live games (1,000),
//! games with spectators who chat (100, ten spectators each), moves per
//! game (30), the pause before each move in ms (1,000: a move a second in
//! every game). The people are: two players a game (a game socket each),
//! ten spectators in each chatting game (a game socket and a chat socket
//! each; one of them logged in, who talks), and the rest split between
//! the home page (the online count's socket) and the lobby (the lobby's
//! socket and the online count's). `tools/crowd.sh` starts the server
//! and adds its CPU time and peak memory. Accounts are signed up from
//! several loopback addresses (127.0.0.2, ...), under the server's
//! sign-up limit per address.

#[path = "load/mod.rs"]
mod load;

use futures_util::{SinkExt, StreamExt};
use load::{game, report, Socket};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// Spectators in each game with chat.
const SPECTATORS: usize = 10;
/// Arrivals (then as many departures) timed for presence.
const PRESENCE_EVENTS: usize = 20;
/// Lines each talking spectator says (five in ten seconds is the limit).
const LINES: usize = 8;

/// When each message of one socket came: (what it said, when).
type Log = Arc<Mutex<Vec<(Value, Instant)>>>;

/// Opens `path` as a WebSocket, with `cookie` if any, and sends `hello`.
async fn socket(base: &str, path: &str, cookie: Option<&str>, hello: Option<Value>) -> Socket {
    let url = format!("{}{path}", base.replacen("http", "ws", 1));
    let mut req = url.into_client_request().expect("a socket URL");
    req.headers_mut()
        .insert("origin", base.parse().expect("an origin"));
    if let Some(c) = cookie {
        req.headers_mut()
            .insert("cookie", c.parse().expect("a cookie"));
    }
    let mut tries = 0;
    let (mut ws, _) = loop {
        match tokio_tungstenite::connect_async(req.clone()).await {
            Ok(x) => break x,
            Err(e) if tries < 20 => {
                tries += 1;
                let _ = e;
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Err(e) => panic!("{path}: {e}"),
        }
    };
    if let Some(h) = hello {
        ws.send(Message::text(h.to_string())).await.unwrap();
    }
    ws
}

/// Reads `ws` until it closes, logging every JSON message it hears.
async fn listen(mut ws: Socket, log: Log) {
    while let Some(Ok(msg)) = ws.next().await {
        if let Ok(text) = msg.to_text() {
            if let Ok(v) = serde_json::from_str::<Value>(text) {
                log.lock().unwrap().push((v, Instant::now()));
            }
        }
    }
}

/// Signs up account `n` from loopback address `from`; answers its
/// session cookie (`tablero_session=...`).
async fn sign_up(base: &str, from: IpAddr, name: &str) -> String {
    let client = reqwest::Client::builder()
        .local_address(from)
        .build()
        .unwrap();
    for _ in 0..30 {
        let r = client
            .post(format!("{base}/api/account/signup"))
            .header("origin", base)
            .header("content-type", "application/json")
            .body(json!({"name": name, "password": "a long password for a crowd"}).to_string())
            .send()
            .await
            .expect("sign-up");
        if r.status().is_success() {
            let cookie = r
                .headers()
                .get_all("set-cookie")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .find(|v| v.starts_with("tablero_session="))
                .expect("a session cookie");
            return cookie.split(';').next().unwrap().to_string();
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    panic!("{name} could not sign up");
}

/// The loopback address for the `i`th account (15 accounts an address,
/// under the server's 20 sign-ups a minute per address).
fn address(i: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(
        127,
        0,
        (2 + i / 15 / 250) as u8,
        (2 + (i / 15) % 250) as u8,
    ))
}

/// The first message in `log` after `t` that `want` accepts: its time.
fn first_after(log: &Log, t: Instant, want: impl Fn(&Value) -> bool) -> Option<Instant> {
    log.lock()
        .unwrap()
        .iter()
        .find(|(v, at)| *at >= t && want(v))
        .map(|(_, at)| *at)
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base = args
        .first()
        .cloned()
        .unwrap_or_else(|| "http://127.0.0.1:8097".into());
    let arg = |i: usize, d: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (people, games, chat_games, moves, pause_ms) = (
        arg(1, 5000),
        arg(2, 1000),
        arg(3, 100),
        arg(4, 30),
        arg(5, 1000),
    );
    let pause = Duration::from_millis(pause_ms as u64);
    let run = std::process::id();
    let spectators = chat_games * SPECTATORS;
    let others = people.saturating_sub(2 * games + spectators);
    let (home, lobby) = (others / 2, others - others / 2);
    println!(
        "{people} people: {} players in {games} games, {spectators} spectators in {chat_games} of them, {home} on the home page, {lobby} in the lobby",
        2 * games
    );

    // Accounts: the talking spectators and the arrivals timed.
    let t = Instant::now();
    let mut cookies = Vec::new();
    let names: Vec<String> = (0..chat_games + PRESENCE_EVENTS)
        .map(|i| format!("crowd{run}x{i}"))
        .collect();
    let tasks: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let (base, n) = (base.clone(), n.clone());
            tokio::spawn(async move { sign_up(&base, address(i), &n).await })
        })
        .collect();
    for task in tasks {
        cookies.push(task.await.unwrap());
    }
    println!(
        "{} accounts signed up in {:.1} s",
        cookies.len(),
        t.elapsed().as_secs_f64()
    );

    // The home page's and the lobby's people, at most 200 connecting at once.
    let gate = Arc::new(Semaphore::new(200));
    let t = Instant::now();
    let mut watchers: Vec<Log> = Vec::new();
    let mut opening = Vec::new();
    for i in 0..home + lobby {
        let log: Log = Arc::default();
        if i < home {
            watchers.push(log.clone());
        }
        let (base, gate) = (base.clone(), gate.clone());
        opening.push(tokio::spawn(async move {
            let permit = gate.acquire_owned().await.unwrap();
            let online = socket(&base, "/api/online/ws", None, None).await;
            let lobby_ws = if i >= home {
                Some(socket(&base, "/api/lobby/ws", None, None).await)
            } else {
                None
            };
            drop(permit);
            if let Some(l) = lobby_ws {
                tokio::spawn(listen(l, Arc::default()));
            }
            listen(online, log).await;
        }));
    }
    // Wait until every home socket heard its first count.
    loop {
        let ready = watchers
            .iter()
            .filter(|l| !l.lock().unwrap().is_empty())
            .count();
        if ready == watchers.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "{} home and lobby people connected in {:.1} s",
        home + lobby,
        t.elapsed().as_secs_f64()
    );

    // The games; the first `chat_games` get spectators.
    let client = reqwest::Client::new();
    let t_games = Instant::now();
    let mut playing = Vec::new();
    let mut made = Vec::new();
    for i in 0..games {
        let offset = pause.mul_f64(i as f64 / games as f64);
        let (tx, rx) = tokio::sync::oneshot::channel();
        if i < chat_games {
            made.push(rx);
        }
        playing.push(tokio::spawn(game(
            base.clone(),
            client.clone(),
            "jarmo".into(),
            moves,
            pause,
            offset,
            Some("30+0".into()),
            (i < chat_games).then_some(tx),
        )));
    }
    // Spectators: a game socket and a chat socket each; the first of each
    // game is logged in and talks, the others listen.
    let mut rooms = Vec::new();
    for (g, rx) in made.into_iter().enumerate() {
        let (id, _tokens) = rx.await.expect("a chat game made");
        let mut listeners = Vec::new();
        for s in 0..SPECTATORS {
            let cookie = (s == 0).then(|| cookies[g].clone());
            let game_ws = socket(
                &base,
                &format!("/api/games/{id}/ws"),
                cookie.as_deref(),
                Some(json!({"type": "hello", "tokens": []})),
            )
            .await;
            tokio::spawn(listen(game_ws, Arc::default()));
            let chat_ws = socket(
                &base,
                &format!("/api/games/{id}/chat/ws"),
                cookie.as_deref(),
                Some(json!({"type": "hello", "tokens": []})),
            )
            .await;
            let log: Log = Arc::default();
            if s > 0 {
                listeners.push(log.clone());
            }
            tokio::spawn(listen(chat_ws, log));
        }
        rooms.push((id, cookies[g].clone(), listeners));
    }
    println!(
        "{} spectators connected {:.1} s after the games began",
        spectators,
        t_games.elapsed().as_secs_f64()
    );

    // Chat: each talker says LINES lines, two seconds apart, while the
    // games go on; each line timed until the last listener had it.
    let talk: Vec<_> = rooms
        .iter()
        .enumerate()
        .map(|(g, (id, cookie, _))| {
            let (base, id, cookie) = (base.clone(), id.clone(), cookie.clone());
            tokio::spawn(async move {
                let client = reqwest::Client::new();
                tokio::time::sleep(Duration::from_millis(20 * g as u64)).await;
                let mut said = Vec::new();
                for n in 0..LINES {
                    let text = format!("line {n} in room {g}");
                    let t = Instant::now();
                    let r = client
                        .post(format!("{base}/api/games/{id}/chat"))
                        .header("origin", &base)
                        .header("cookie", &cookie)
                        .header("content-type", "application/json")
                        .body(json!({"room": "spectators", "text": text}).to_string())
                        .send()
                        .await
                        .expect("a chat line");
                    if r.status().is_success() {
                        said.push((text, t));
                    } else {
                        eprintln!("room {g}: line {n} answered {}", r.status());
                    }
                    tokio::time::sleep(Duration::from_secs(2)).await;
                }
                said
            })
        })
        .collect();

    // Presence, meanwhile: accounts arrive one by one, then leave one by
    // one, each timed until the last home page heard the new count.
    let mut arrivals = Vec::new();
    let mut departures = Vec::new();
    let mut here = Vec::new();
    for c in cookies.iter().skip(chat_games) {
        let t = Instant::now();
        let ws = socket(&base, "/api/online/ws", Some(c), None).await;
        here.push(tokio::spawn(listen(ws, Arc::default())));
        arrivals.push(last_heard(&watchers, t, Duration::from_secs(10)).await);
    }
    for task in here {
        let t = Instant::now();
        task.abort();
        departures.push(last_heard(&watchers, t, Duration::from_secs(10)).await);
    }

    let mut lines = Vec::new();
    let mut missed = 0;
    for (task, (_, _, listeners)) in talk.into_iter().zip(&rooms) {
        for (text, t) in task.await.unwrap() {
            let want = |v: &Value| v["type"] == "line" && v["line"]["text"] == text.as_str();
            let mut last = Duration::ZERO;
            for l in listeners {
                // The line may still be on its way: look again for a while.
                let mut at = first_after(l, t, want);
                for _ in 0..50 {
                    if at.is_some() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    at = first_after(l, t, want);
                }
                match at {
                    Some(at) => last = last.max(at - t),
                    None => missed += 1,
                }
            }
            lines.push(last.as_micros() as u64);
        }
    }
    let (mut acks, mut fanout) = (Vec::new(), Vec::new());
    for task in playing {
        let (a, f) = task.await.expect("a game task");
        acks.extend(a);
        fanout.extend(f);
    }
    let secs = t_games.elapsed().as_secs_f64();
    println!(
        "{games} games (clock 30+0), {pause_ms} ms before each move: {} moves in {secs:.1} s ({:.0} moves/s)",
        acks.len(),
        acks.len() as f64 / secs
    );
    report("move -> ack (committed)", acks);
    report("move -> opponent's socket", fanout);
    report(
        &format!("an arrival -> the last of {home} home pages' counts"),
        arrivals.into_iter().flatten().collect(),
    );
    report(
        &format!("a departure -> the last of {home} home pages' counts"),
        departures.into_iter().flatten().collect(),
    );
    report(
        &format!(
            "a spectator's line -> the last of the other {} spectators",
            SPECTATORS - 1
        ),
        lines,
    );
    println!("chat lines missed by a listener within 5 s: {missed}");
}

/// How long after `t` the last of `watchers` heard a changed count
/// (`None`: some watcher heard nothing new within `limit`), in µs.
async fn last_heard(watchers: &[Log], t: Instant, limit: Duration) -> Option<u64> {
    let changed = |v: &Value| v["type"] == "online";
    loop {
        let heard: Vec<Option<Instant>> = watchers
            .iter()
            .map(|l| first_after(l, t, changed))
            .collect();
        if heard.iter().all(Option::is_some) {
            let last = heard.into_iter().flatten().max().unwrap_or(t);
            // Let the count settle before the next event.
            tokio::time::sleep(Duration::from_millis(300)).await;
            return Some((last - t).as_micros() as u64);
        }
        if t.elapsed() > limit {
            eprintln!(
                "presence: {} of {} home pages heard nothing within {limit:?}",
                heard.iter().filter(|h| h.is_none()).count(),
                watchers.len()
            );
            return None;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
