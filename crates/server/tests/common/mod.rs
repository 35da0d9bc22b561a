//! A real server on a free port, shared by the HTTP tests.
#![allow(dead_code)]

/// A running server; it stops when dropped.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// `127.0.0.1:PORT`.
    pub addr: std::net::SocketAddr,
    /// The database it runs on (a SQLite path or a PostgreSQL URL).
    pub database: String,
    /// A client for it.
    pub client: reqwest::Client,
    task: tokio::task::JoinHandle<()>,
    _dir: Option<tempfile::TempDir>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A server on a new SQLite database in a temporary folder.
pub async fn start() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db").to_str().unwrap().to_string();
    let mut s = start_on(&db).await;
    s._dir = Some(dir);
    s
}

/// A server on `database` (a SQLite path or a PostgreSQL URL), with no
/// rate limit and no puzzles mined at start-up (tests/puzzles.rs mines
/// its own).
pub async fn start_on(database: &str) -> Server {
    start_with(
        tablero_server::Config {
            database: database.to_string(),
            rate: 0,
            puzzles: tablero_server::puzzles::Seeding {
                per_game: 0,
                sets: None,
                ..tablero_server::puzzles::Seeding::default()
            },
            ..tablero_server::Config::default()
        },
        None,
    )
    .await
}

/// A server with `config` on a free port of 127.0.0.1, keeping `dir` (its
/// database's folder) until it stops.
pub async fn start_with(config: tablero_server::Config, dir: Option<tempfile::TempDir>) -> Server {
    let config = tablero_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        ..config
    };
    let database = config.database.clone();
    let running = tablero_server::start(config, std::future::pending())
        .await
        .expect("the server starts");
    let addr = running.addr;
    let task = tokio::spawn(async move {
        running.server.await.unwrap();
    });
    Server {
        base: format!("http://{addr}"),
        addr,
        database,
        client: reqwest::Client::new(),
        task,
        _dir: dir,
    }
}

impl Server {
    /// `method` (`GET`, else POST) `path` with `token` as the bearer and
    /// `body` as JSON: the status and the answer (JSON, else its text as a
    /// JSON string).
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        self.send(method, path, false, None, token, body).await
    }

    /// Like [`Server::call`], as a browser of this site sends it: with the
    /// session cookie `cookie` (if any), `token` as the bearer, and this
    /// server's own `Origin`.
    pub async fn call_as(
        &self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        token: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        self.send(method, path, true, cookie, token, body).await
    }

    /// The request of [`Server::call`] and [`Server::call_as`]: `site`
    /// sends this server's own `Origin`, `cookie` the session cookie.
    async fn send(
        &self,
        method: &str,
        path: &str,
        site: bool,
        cookie: Option<&str>,
        token: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "GET" => self.client.get(url),
            _ => self.client.post(url),
        };
        if site {
            req = req.header("Origin", self.base.clone());
        }
        if let Some(c) = cookie {
            req = req.header("Cookie", format!("tablero_session={c}"));
        }
        if let Some(t) = token {
            req = req.header("Authorization", format!("Bearer {t}"));
        }
        if let Some(b) = body {
            req = req.body(b.to_string());
        }
        let resp = req.send().await.expect("request");
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        (
            status,
            serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text)),
        )
    }

    /// The body of `GET path` as text (a page, a catalogue, a style sheet).
    pub async fn text(&self, path: &str) -> String {
        self.client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }

    /// A request with the `Cookie` header `cookie` (none if `None`) from
    /// this server's own site: the status, the JSON body (`null` if none)
    /// and the `Set-Cookie` header, if any.
    pub async fn with_cookie(
        &self,
        method: &str,
        path: &str,
        cookie: Option<&str>,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value, Option<String>) {
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "GET" => self.client.get(url),
            _ => self.client.post(url),
        };
        req = req.header("Origin", self.base.clone());
        if let Some(c) = cookie {
            req = req.header("Cookie", c);
        }
        if let Some(b) = body {
            req = req
                .header("Content-Type", "application/json")
                .body(b.to_string());
        }
        let resp = req.send().await.expect("request");
        let status = resp.status().as_u16();
        let set = resp
            .headers()
            .get("set-cookie")
            .map(|v| v.to_str().unwrap().to_string());
        let v = resp.json().await.unwrap_or(serde_json::Value::Null);
        (status, v, set)
    }

    /// A game made by `a` (seat 0) with a friend's link for seat 1, opened by
    /// `b` while logged in, who then takes the seat for `b`'s account (the
    /// explicit claim): the id and both seats' tokens.
    pub async fn game_with_link(
        &self,
        a: &str,
        b: Option<&str>,
        game: &str,
        clock: Option<&str>,
    ) -> (String, String, String) {
        let mut body =
            serde_json::json!({"game": game, "seats": [{"kind": "human"}, {"kind": "link"}]});
        if let Some(c) = clock {
            body["clock"] = serde_json::json!(c);
        }
        let (status, created) = self
            .call_as("POST", "/api/games", Some(a), None, Some(body))
            .await;
        assert_eq!(status, 200, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let t0 = created["tokens"]["0"].as_str().unwrap().to_string();
        let link = created["links"]["1"].as_str().unwrap();
        let t1 = link.split("#token=").nth(1).unwrap().to_string();
        let (status, st) = self
            .call_as("GET", &format!("/api/games/{id}"), b, Some(&t1), None)
            .await;
        assert_eq!(status, 200, "{st}");
        assert_eq!(st["you"], serde_json::json!([1]));
        if b.is_some() {
            // Opening the link gives the seat to no account: its player says so.
            let (status, st) = self
                .call_as(
                    "POST",
                    &format!("/api/games/{id}/seats/1/claim"),
                    b,
                    Some(&t1),
                    None,
                )
                .await;
            assert_eq!(status, 200, "{st}");
        }
        (id, t0, t1)
    }

    /// Signs `name` up (password `correct horse`); answers the session
    /// cookie's value.
    pub async fn sign_up(&self, name: &str) -> String {
        let resp = self
            .client
            .post(format!("{}/api/account/signup", self.base))
            .header("Origin", self.base.clone())
            .body(serde_json::json!({"name": name, "password": "correct horse"}).to_string())
            .send()
            .await
            .expect("request");
        assert_eq!(resp.status().as_u16(), 200, "signing up {name}");
        let cookie = resp
            .headers()
            .get("set-cookie")
            .and_then(|v| v.to_str().ok())
            .and_then(|c| c.strip_prefix("tablero_session="))
            .and_then(|r| r.split(';').next())
            .expect("a session cookie")
            .to_string();
        cookie
    }
}
