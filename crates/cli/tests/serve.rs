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

#[test]
fn kill_dash_nine_loses_no_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("tablero-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("games.db");
    let _ = std::fs::remove_file(&db);
    let mut server = Serve::start(&db);
    let port = server.port;
    let (status, created) = http(
        port,
        "POST",
        "/api/games",
        "",
        &json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]}),
    )
    .unwrap();
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let both = format!(
        "{},{}",
        created["tokens"]["0"].as_str().unwrap(),
        created["tokens"]["1"].as_str().unwrap()
    );

    // A player makes moves as fast as the server acknowledges them, until the
    // server dies; every acknowledged move is recorded.
    let acked = Arc::new(Mutex::new(Vec::<String>::new()));
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
                    Ok((200, _)) => {
                        acked.lock().unwrap().push(mv);
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
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() >= 10);

    let server = Serve::start(&db);
    let (status, state) = http(
        server.port,
        "GET",
        &format!("/api/games/{id}"),
        &both,
        &json!({}),
    )
    .unwrap();
    assert_eq!(status, 200, "{state}");
    let stored: Vec<String> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
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
