//! `tablero bot` against a real `tablero serve` (issue #45): an owner makes
//! a bot account, `tablero bot` connects our own UGI engine (`tablero
//! engine`), a person challenges the bot, and the engine plays a whole
//! game to its end; the server is killed in the middle of the game and
//! started again on the same port, and the bot reconnects and goes on.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running `tablero serve` on a given port.
struct Serve(Child);

impl Serve {
    fn start(db: &std::path::Path, port: u16) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
            .args(["serve", "--rate", "0", "--port"])
            .arg(port.to_string())
            .arg("--database")
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("tablero serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(line.contains(&format!(":{port}")), "{line:?}");
        Serve(child)
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A child process that is killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The site's client: a session cookie, if any, and the site's `Origin`.
struct Site {
    base: String,
    http: reqwest::blocking::Client,
}

impl Site {
    fn call(&self, method: &str, path: &str, cookie: Option<&str>, body: Value) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "GET" => self.http.get(url),
            _ => self.http.post(url).json(&body),
        };
        req = req.header("Origin", self.base.clone());
        if let Some(c) = cookie {
            req = req.header("Cookie", format!("tablero_session={c}"));
        }
        match req.send() {
            Ok(r) => {
                let status = r.status().as_u16();
                (status, r.json().unwrap_or(Value::Null))
            }
            Err(_) => (0, Value::Null),
        }
    }

    fn sign_up(&self, name: &str) -> String {
        let r = self
            .http
            .post(format!("{}/api/account/signup", self.base))
            .header("Origin", self.base.clone())
            .json(&json!({"name": name, "password": "correct horse"}))
            .send()
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
        r.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .strip_prefix("tablero_session=")
            .and_then(|c| c.split(';').next())
            .unwrap()
            .to_string()
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn a_bot_plays_a_whole_game_with_our_engine_and_reconnects_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bots.db");
    let port = free_port();
    let mut server = Some(Serve::start(&db, port));
    let site = Site {
        base: format!("http://127.0.0.1:{port}"),
        http: reqwest::blocking::Client::builder()
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap(),
    };
    let owner = site.sign_up("owner");
    let person = site.sign_up("person");
    let (status, made) = site.call(
        "POST",
        "/api/bots",
        Some(&owner),
        json!({"name": "LinjaBot"}),
    );
    assert_eq!(status, 200, "{made}");
    let token = made["token"].as_str().unwrap().to_string();

    let engine = format!(
        "{} engine linja --player ai:1",
        env!("CARGO_BIN_EXE_tablero")
    );
    let mut bot = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args([
            "bot", "--server", &site.base, "--token", &token, "--engine", &engine,
        ])
        .args([
            "--games",
            "linja",
            "--min-minutes",
            "1",
            "--max-minutes",
            "60",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tablero bot starts");
    let said = Arc::new(Mutex::new(String::new()));
    for pipe in [
        Box::new(bot.stdout.take().unwrap()) as Box<dyn Read + Send>,
        Box::new(bot.stderr.take().unwrap()),
    ] {
        let said = Arc::clone(&said);
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                said.lock().unwrap().push_str(&format!("{line}\n"));
            }
        });
    }
    let _bot = Killed(bot);
    let log = || said.lock().unwrap().clone();

    // A challenge out of the bot's rule is declined with its reason.
    let (status, c) = site.call(
        "POST",
        "/api/challenges",
        Some(&person),
        json!({"to": "LinjaBot", "game": "imago", "clock": "10+0"}),
    );
    assert_eq!(status, 200, "{c}");
    let refused = c["id"].as_str().unwrap().to_string();
    let answered = |id: &str| {
        let end = Instant::now() + Duration::from_secs(60);
        loop {
            let (_, c) = site.call(
                "GET",
                &format!("/api/challenges/{id}"),
                Some(&person),
                Value::Null,
            );
            if c["state"] != "open" || Instant::now() > end {
                return c;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let c = answered(&refused);
    assert_eq!(
        (c["state"].as_str(), c["reason"].as_str()),
        (Some("declined"), Some("other-game")),
        "{}",
        log()
    );

    let (status, c) = site.call(
        "POST",
        "/api/challenges",
        Some(&person),
        json!({"to": "LinjaBot", "game": "linja", "clock": "10+5", "colour": "first"}),
    );
    assert_eq!(status, 200, "{c}");
    let c = answered(c["id"].as_str().unwrap());
    assert_eq!(c["state"], "accepted", "{}", log());
    let game = c["game_id"].as_str().unwrap().to_string();
    let me = c["seat"].as_u64().unwrap();
    assert_eq!(me, 0);

    // The person plays the first legal move whenever it is their turn; the
    // server is killed and started again after the person's third move.
    let path = format!("/api/games/{game}");
    let end = Instant::now() + Duration::from_secs(240);
    let (mut mine, mut restarted) = (0, false);
    let last = loop {
        assert!(
            Instant::now() < end,
            "the game did not end in time:\n{}",
            log()
        );
        let (status, st) = site.call("GET", &path, Some(&person), Value::Null);
        if status != 200 {
            std::thread::sleep(Duration::from_millis(100));
            continue;
        }
        if !st["result"].is_null() {
            break st;
        }
        if st["to_move"].as_u64() == Some(me) {
            let mv = st["legal"][0]["move"].as_str().unwrap().to_string();
            let (status, v) = site.call(
                "POST",
                &format!("{path}/move"),
                Some(&person),
                json!({"move": mv, "ply": st["ply"]}),
            );
            assert!(status == 200 || status == 409, "{status} {v}");
            if status == 200 {
                mine += 1;
            }
            if mine == 3 && !restarted {
                drop(server.take());
                std::thread::sleep(Duration::from_millis(500));
                server = Some(Serve::start(&db, port));
                restarted = true;
            }
        } else {
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    assert!(restarted);
    let moves = last["moves"].as_array().unwrap().len();
    assert!(moves > 6, "{last}");
    assert_eq!(last["seats"][1]["player"]["bot"], true);
    // The game ended by its rules (or the clock), never by the bot's
    // resignation or a failure.
    assert_ne!(last["result"]["reason"], "resign", "{}", log());
    // The bot said so, and it heard the drop and connected again.
    let end = Instant::now() + Duration::from_secs(20);
    while !log().contains(&format!("game {game} over")) && Instant::now() < end {
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = log();
    assert!(out.contains(&format!("game {game} over")), "{out}");
    assert!(out.contains("connecting again"), "{out}");
    assert!(out.contains("declined (other-game)"), "{out}");
}
