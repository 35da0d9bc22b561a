//! `tablero serve` as a process: it starts on a free port, and `kill -9` in
//! the middle of a game loses no acknowledged move.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A running `tablero serve` and its port.
struct Serve {
    child: Child,
    port: u16,
}

impl Serve {
    fn start(db: &std::path::Path) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
            .args(["serve", "--port", "0", "--rate", "0", "--database"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("tablero serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Serve { child, port }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request; the status and the JSON body, or an error when the
/// server is gone.
fn http(
    port: u16,
    method: &str,
    path: &str,
    token: &str,
    body: &Value,
) -> std::io::Result<(u16, Value)> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(30)))?;
    let body = body.to_string();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
         Authorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    let mut text = String::new();
    s.read_to_string(&mut text)?;
    let status = text
        .get(9..12)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {text:?}")))?;
    let json = text
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    Ok((status, json))
}

/// What a player saw acknowledged before the server died: the moves, and
/// the game's state answered with the last of them.
#[derive(Default)]
struct Acked {
    moves: Vec<String>,
    last: Value,
}

/// Creates a Jarmo game between two people (`clock`: its time control, if
/// any) and plays it as fast as the server acknowledges, in a thread, until
/// the server dies or the game ends; answers the game's id, both tokens
/// and what was acknowledged, once at least ten moves were.
fn play_until_killed(server: &mut Serve, clock: Option<&str>) -> (String, String, Acked) {
    let port = server.port;
    let mut new = json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]});
    if let Some(c) = clock {
        new["clock"] = json!(c);
    }
    let (status, created) = http(port, "POST", "/api/games", "", &new).unwrap();
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let both = format!(
        "{},{}",
        created["tokens"]["0"].as_str().unwrap(),
        created["tokens"]["1"].as_str().unwrap()
    );

    // A player makes moves as fast as the server acknowledges them, until the
    // server dies; every acknowledged move is recorded.
    let acked = Arc::new(Mutex::new(Acked::default()));
    let ten_done = Arc::new(AtomicBool::new(false));
    let player = {
        let (acked, ten_done, id, both) = (
            Arc::clone(&acked),
            Arc::clone(&ten_done),
            id.clone(),
            both.clone(),
        );
        std::thread::spawn(move || {
            let mut n = 0u64;
            loop {
                let Ok((200, state)) =
                    http(port, "GET", &format!("/api/games/{id}"), &both, &json!({}))
                else {
                    return;
                };
                let Some(mv) = state["legal"]
                    .as_array()
                    .and_then(|l| l.get(n as usize % l.len().max(1)))
                else {
                    return; // the game ended
                };
                let mv = mv["move"].as_str().unwrap().to_string();
                match http(
                    port,
                    "POST",
                    &format!("/api/games/{id}/move"),
                    &both,
                    &json!({"move": mv, "ply": n}),
                ) {
                    Ok((200, state)) => {
                        let mut a = acked.lock().unwrap();
                        a.moves.push(mv);
                        a.last = state;
                        n += 1;
                        if n == 10 {
                            ten_done.store(true, Ordering::SeqCst);
                        }
                    }
                    _ => return,
                }
            }
        })
    };
    while !ten_done.load(Ordering::SeqCst) && !player.is_finished() {
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(37));
    // SIGKILL: no shutdown code runs.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    player.join().unwrap();
    let acked = std::mem::take(&mut *acked.lock().unwrap());
    assert!(acked.moves.len() >= 10);
    (id, both, acked)
}

/// Game `id` as the holder of both seats (`both`) reads it from `server`.
fn state_of(server: &Serve, id: &str, both: &str) -> Value {
    let (status, state) = http(
        server.port,
        "GET",
        &format!("/api/games/{id}"),
        both,
        &json!({}),
    )
    .unwrap();
    assert_eq!(status, 200, "{state}");
    state
}

/// The moves of a game's state.
fn moves_of(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn kill_dash_nine_loses_no_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("tablero-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let mut server = Serve::start(&db);
    let (id, both, acked) = play_until_killed(&mut server, None);
    let acked = acked.moves;

    let server = Serve::start(&db);
    let state = state_of(&server, &id, &both);
    let stored = moves_of(&state);
    // Every acknowledged move is there, in order; at most the one move in
    // flight at the kill may be there unacknowledged.
    assert!(
        stored.len() >= acked.len(),
        "lost moves: acknowledged {acked:?}, stored {stored:?}"
    );
    assert!(stored.len() <= acked.len() + 1);
    assert_eq!(&stored[..acked.len()], &acked[..]);
    // And the game goes on.
    let mv = state["legal"][0]["move"].as_str().unwrap();
    let ply = stored.len();
    let (status, after) = http(
        server.port,
        "POST",
        &format!("/api/games/{id}/move"),
        &both,
        &json!({"move": mv, "ply": ply}),
    )
    .unwrap();
    assert_eq!(status, 200, "{after}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `kill -9` in the middle of clocked games, three times: no acknowledged
/// move is lost, and the clocks read after the restart are the ones the
/// last acknowledged move stored, to the millisecond (the waiting seat's
/// time left, the running seat's deadline).
#[test]
fn kill_dash_nine_keeps_every_clock_to_the_millisecond() {
    let dir = std::env::temp_dir().join(format!("tablero-kill-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let (mut acked_total, mut exact, mut in_flight) = (0, 0, 0);
    let mut server = Serve::start(&db);
    for _ in 0..3 {
        let (id, both, acked) = play_until_killed(&mut server, Some("15+10"));
        server = Serve::start(&db);
        let state = state_of(&server, &id, &both);
        let stored = moves_of(&state);
        assert_eq!(&stored[..acked.moves.len()], &acked.moves[..], "lost moves");
        acked_total += acked.moves.len();
        if stored.len() > acked.moves.len() {
            // The move in flight at the kill was stored but never answered:
            // its clocks were never shown to anyone.
            assert_eq!(stored.len(), acked.moves.len() + 1);
            in_flight += 1;
            continue;
        }
        let (was, now) = (&acked.last["clock"], &state["clock"]);
        let running = was["running"].as_u64().expect("a running clock") as usize;
        assert_eq!(now["running"], was["running"], "{now} after {was}");
        assert_eq!(now["deadline"], was["deadline"], "{now} after {was}");
        assert_eq!(
            now["left"][1 - running],
            was["left"][1 - running],
            "{now} after {was}"
        );
        exact += 1;
    }
    println!(
        "kill -9 with clocks: 3 kills, {acked_total} moves acknowledged, 0 lost; \
         {exact} clocks read back exact to the millisecond, {in_flight} kills with a \
         move in flight (stored, never acknowledged)"
    );
    assert!(exact >= 1, "no kill left a clock to compare");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
