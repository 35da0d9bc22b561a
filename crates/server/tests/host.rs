//! A host's view (issue #47): the client's address behind a trusted proxy
//! keys every per-client limit, and the header is believed from nobody
//! else; the unsubscribe page is styled by the web app's style sheet.
//! A real server on a free port of 127.0.0.1; clients come from other
//! loopback addresses (127.0.0.2, ...), the proxy from 127.0.0.1. (nginx
//! itself, as shipped, is in `crates/cli/tests/nginx.rs`.)

use serde_json::json;
use std::net::IpAddr;
use tablero_server::{Config, Limits};

mod common;
use common::Server;

/// A server trusting the proxy at 127.0.0.1, with `rate` requests a
/// second per client and `limits`.
async fn behind_proxy(rate: u32, limits: Limits) -> Server {
    let dir = tempfile::tempdir().unwrap();
    common::start_with(
        Config {
            database: dir.path().join("t.db").to_str().unwrap().to_string(),
            rate,
            limits,
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            puzzles: tablero_server::puzzles::Seeding {
                per_game: 0,
                sets: None,
                ..tablero_server::puzzles::Seeding::default()
            },
            ..Config::default()
        },
        Some(dir),
    )
    .await
}

/// A client whose connections come from `from`.
fn client_from(from: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(from.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

/// A wrong login for `name` from `from`, forwarding `forwarded` (if any):
/// its status.
async fn login(s: &Server, from: &str, forwarded: Option<&str>, name: &str) -> u16 {
    let mut r = client_from(from)
        .post(format!("{}/api/account/login", s.base))
        .header("Origin", s.base.clone())
        .body(json!({"name": name, "password": "guess guess"}).to_string());
    if let Some(f) = forwarded {
        r = r.header("X-Forwarded-For", f);
    }
    r.send().await.unwrap().status().as_u16()
}

#[tokio::test]
async fn the_login_limit_counts_forwarded_clients_apart_and_forgers_together() {
    let s = behind_proxy(
        0,
        Limits {
            logins_per_name_and_address: 100,
            logins_per_address: 3,
            ..Limits::default()
        },
    )
    .await;
    let proxy = "127.0.0.1";
    // One client behind the proxy spends its three.
    for i in 0..3 {
        let status = login(&s, proxy, Some("198.51.100.1"), &format!("a{i}")).await;
        assert_eq!(status, 401, "{i}");
    }
    assert_eq!(login(&s, proxy, Some("198.51.100.1"), "a3").await, 429);
    // What the client itself wrote before the proxy's entry does not count.
    let spoofed = "198.51.100.2, 198.51.100.1";
    assert_eq!(login(&s, proxy, Some(spoofed), "a4").await, 429);
    // Another client behind the same proxy has its own three.
    assert_eq!(login(&s, proxy, Some("198.51.100.2"), "b0").await, 401);
    // A client that is not the proxy is counted by its own address,
    // whatever address it claims to forward.
    for i in 0..3 {
        let forged = format!("203.0.113.{i}");
        assert_eq!(
            login(&s, "127.0.0.2", Some(&forged), &format!("c{i}")).await,
            401
        );
    }
    assert_eq!(login(&s, "127.0.0.2", Some("203.0.113.9"), "c3").await, 429);
    assert_eq!(login(&s, "127.0.0.2", None, "c4").await, 429);
}

/// `GET /api/catalog` from `from` forwarding `forwarded` until refused
/// (at most 40 times): whether it was.
async fn until_refused(s: &Server, from: &str, forwarded: impl Fn(usize) -> String) -> bool {
    let client = client_from(from);
    for i in 0..40 {
        let r = client
            .get(format!("{}/api/catalog", s.base))
            .header("X-Forwarded-For", forwarded(i))
            .send()
            .await
            .unwrap();
        if r.status() == 429 {
            return true;
        }
    }
    false
}

#[tokio::test]
async fn the_request_rate_counts_forwarded_clients_apart_and_forgers_together() {
    let s = behind_proxy(2, Limits::default()).await;
    // A client behind the proxy runs out of requests...
    assert!(until_refused(&s, "127.0.0.1", |_| "198.51.100.1".into()).await);
    // ...and another behind it at once still has its own.
    let other = client_from("127.0.0.1")
        .get(format!("{}/api/catalog", s.base))
        .header("X-Forwarded-For", "198.51.100.2")
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
    // A direct client forging a new address each time is refused all the
    // same.
    assert!(until_refused(&s, "127.0.0.2", |i| format!("203.0.113.{i}")).await);
}

#[tokio::test]
async fn the_unsubscribe_page_links_the_apps_style_sheet() {
    let s = common::start().await;
    let page = s.text("/unsubscribe/some-key").await;
    let href = page
        .split("<link rel=\"stylesheet\" href=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_else(|| panic!("a style sheet in {page}"));
    let css = s
        .client
        .get(format!("{}{href}", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(css.status(), 200, "{href}");
    let kind = css.headers()["content-type"].to_str().unwrap().to_string();
    assert!(kind.starts_with("text/css"), "{href}: {kind}");
    let text = css.text().await.unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/style.css"))
            .unwrap(),
        "{href} is web/style.css"
    );
    // By its current version, so a browser may keep it.
    assert!(href.starts_with("/static/style.css?v="), "{href}");
}
