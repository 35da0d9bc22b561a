//! A real server on a free port, shared by the HTTP tests.
#![allow(dead_code)]

/// A running server; it stops when dropped.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
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
/// rate limit.
pub async fn start_on(database: &str) -> Server {
    let config = tablero_server::Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: database.to_string(),
        rate: 0,
        ..tablero_server::Config::default()
    };
    let running = tablero_server::start(config, std::future::pending())
        .await
        .expect("the server starts");
    let task = tokio::spawn(async move {
        running.server.await.unwrap();
    });
    Server {
        base: format!("http://{}", running.addr),
        client: reqwest::Client::new(),
        task,
        _dir: None,
    }
}
