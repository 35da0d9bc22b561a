//! Email notices of correspondence games, against a local SMTP sink
//! started by the test: a confirmation mail first, and nothing else to an
//! address until its link is opened; local and reserved addresses refused;
//! one message when a game starts waiting for a player's move, never for the mover's own move, a digest of every game
//! waiting once the quiet period is over, an unsubscribe link that works
//! without a token; without SMTP nothing is sent and the route says why.

mod common;

use serde_json::{json, Value};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A mail the sink received: its recipients and its text.
#[derive(Clone, Debug)]
struct Mail {
    to: Vec<String>,
    data: String,
}

/// A minimal SMTP server that keeps every message it is given.
async fn sink() -> (u16, Arc<Mutex<Vec<Mail>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let mails = Arc::new(Mutex::new(Vec::new()));
    let kept = Arc::clone(&mails);
    tokio::spawn(async move {
        loop {
            let Ok((socket, _)) = listener.accept().await else {
                return;
            };
            let kept = Arc::clone(&kept);
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 sink ready\r\n").await.ok();
                let mut to = Vec::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    let upper = line.to_ascii_uppercase();
                    let reply: &[u8] = if upper.starts_with("EHLO") {
                        b"250-sink\r\n250 8BITMIME\r\n"
                    } else if upper.starts_with("RCPT TO:") {
                        to.push(line[8..].trim().trim_matches(['<', '>']).to_string());
                        b"250 ok\r\n"
                    } else if upper.starts_with("DATA") {
                        write.write_all(b"354 go on\r\n").await.ok();
                        let mut data = String::new();
                        while let Ok(Some(l)) = lines.next_line().await {
                            if l == "." {
                                break;
                            }
                            data.push_str(&l);
                            data.push('\n');
                        }
                        // Quoted-printable's soft line breaks joined.
                        kept.lock().unwrap().push(Mail {
                            to: std::mem::take(&mut to),
                            data: data.replace("=\n", ""),
                        });
                        b"250 kept\r\n"
                    } else if upper.starts_with("QUIT") {
                        write.write_all(b"221 bye\r\n").await.ok();
                        return;
                    } else {
                        b"250 ok\r\n"
                    };
                    write.write_all(reply).await.ok();
                }
            });
        }
    });
    (port, mails)
}

async fn server(smtp: Option<u16>, quiet: Duration) -> common::Server {
    let dir = tempfile::tempdir().unwrap();
    let config = tablero_server::Config {
        database: dir.path().join("m.db").to_str().unwrap().to_string(),
        rate: 0,
        mail: smtp.map(|port| tablero_server::mail::MailConfig {
            smtp: format!("smtp://127.0.0.1:{port}"),
            from: "tablero <tablero@localhost>".into(),
            public_url: "http://games.example".into(),
            quiet,
        }),
        // The committed puzzle sets are loaded by tests/puzzles.rs only.
        puzzles: tablero_server::puzzles::Seeding {
            sets: None,
            ..tablero_server::puzzles::Seeding::default()
        },
        ..tablero_server::Config::default()
    };
    common::start_with(config, Some(dir)).await
}

/// A correspondence game of Jarmo between two people: its id and the two
/// seats' tokens.
async fn game(s: &common::Server) -> (String, String, String) {
    let (status, created) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({
                "game": "jarmo",
                "seats": [{"kind": "human"}, {"kind": "link"}],
                "clock": "3d"
            })),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let link = created["links"]["1"].as_str().unwrap();
    (
        created["id"].as_str().unwrap().to_string(),
        created["tokens"]["0"].as_str().unwrap().to_string(),
        link.split("#token=").nth(1).unwrap().to_string(),
    )
}

async fn first_move(s: &common::Server, id: &str, token: &str) {
    let (_, st) = s
        .call("GET", &format!("/api/games/{id}"), Some(token), None)
        .await;
    let mv = st["legal"][0]["move"].as_str().unwrap();
    let (status, st) = s
        .call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(token),
            Some(json!({"move": mv, "ply": st["ply"]})),
        )
        .await;
    assert_eq!(status, 200, "{st}");
}

async fn subscribe(s: &common::Server, email: &str, lang: &str, tokens: &[&str]) -> Value {
    let (status, answer) = s
        .call(
            "POST",
            "/api/notify",
            None,
            Some(json!({"email": email, "lang": lang, "tokens": tokens})),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    answer
}

/// The confirmation link's key in the confirmation mail to `email`, once
/// it has come (within 10 s).
async fn confirmation_key(mails: &Arc<Mutex<Vec<Mail>>>, email: &str) -> String {
    let found = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let got = mails.lock().unwrap().clone();
            if let Some(m) = got
                .iter()
                .find(|m| m.to == [email] && m.data.contains("/confirm/"))
            {
                return m.data.clone();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no confirmation mail to {email}"));
    found
        .split("http://games.example/confirm/")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

/// Opens the mail's link `path` as a person does: the page (with its
/// form), then its button; answers what the button's page says.
async fn page_then_button(s: &common::Server, path: &str) -> String {
    let page = s
        .client
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("<form method=\"post\">"));
    let done = s
        .client
        .post(format!("{}{path}", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(done.status(), 200);
    done.text().await.unwrap()
}

/// Opens the confirmation link `key` as a person does: the page, then its
/// button.
async fn confirm(s: &common::Server, key: &str) {
    let text = page_then_button(s, &format!("/confirm/{key}")).await;
    assert!(
        text.contains("will come to this address") || text.contains("llegarán a esta dirección"),
        "{text}"
    );
}

/// Waits until the sink holds `n` mails (at most `within`).
async fn wait_for(mails: &Arc<Mutex<Vec<Mail>>>, n: usize, within: Duration) -> Vec<Mail> {
    let _ = tokio::time::timeout(within, async {
        while mails.lock().unwrap().len() < n {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    mails.lock().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_notice_for_the_player_to_move_a_digest_after_the_quiet_time_and_a_working_unsubscribe()
{
    let (port, mails) = sink().await;
    let quiet = Duration::from_secs(4);
    let s = server(Some(port), quiet).await;
    let (g1, a1, b1) = game(&s).await;
    let (g2, a2, b2) = game(&s).await;
    let (g3, a3, b3) = game(&s).await;
    assert_eq!(
        subscribe(&s, "Ana@Example.org", "en", &[&a1, &a2, &a3]).await["email"],
        "ana@example.org"
    );
    subscribe(&s, "bea@example.org", "es", &[&b1, &b2, &b3]).await;
    let status = |t: String| {
        let s = &s;
        async move {
            s.call(
                "POST",
                "/api/notify/status",
                None,
                Some(json!({ "tokens": [t] })),
            )
            .await
            .1
        }
    };
    assert_eq!(
        status(b1.clone()).await,
        json!({"mail": true, "email": "bea@example.org", "confirmed": false})
    );
    for email in ["ana@example.org", "bea@example.org"] {
        let key = confirmation_key(&mails, email).await;
        confirm(&s, &key).await;
    }
    assert_eq!(
        status(b1.clone()).await,
        json!({"mail": true, "email": "bea@example.org", "confirmed": true})
    );
    // The two confirmation mails are this test's past.
    mails.lock().unwrap().clear();

    // Ana moves in game 1: Bea is told, once; Ana never.
    first_move(&s, &g1, &a1).await;
    let got = wait_for(&mails, 1, Duration::from_secs(10)).await;
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0].to, ["bea@example.org"]);
    let text = &got[0].data;
    assert!(text.contains("Subject: Te toca en Jarmo"), "{text}");
    assert!(
        text.contains(&format!("http://games.example/play/{g1}")),
        "{text}"
    );
    assert!(text.contains("quedan 2 d 23 h"), "{text}");
    let key = text
        .split("http://games.example/unsubscribe/")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches('>')
        .to_string();
    assert!(
        text.contains("List-Unsubscribe: <http://games.example/unsubscribe/"),
        "{text}"
    );

    // Two more games wait for Bea within the quiet time: one digest after it.
    first_move(&s, &g2, &a2).await;
    first_move(&s, &g3, &a3).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        mails.lock().unwrap().len(),
        1,
        "nothing before the quiet time is over"
    );
    let got = wait_for(&mails, 2, quiet + Duration::from_secs(6)).await;
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[1].to, ["bea@example.org"]);
    assert!(
        got[1].data.contains("Subject: Te toca en 3 partidas"),
        "{}",
        got[1].data
    );
    for g in [&g1, &g2, &g3] {
        assert!(got[1].data.contains(g.as_str()), "the digest lists {g}");
    }
    // Bea moves in game 1: Ana's turn, Ana told (once); Bea not for her move.
    first_move(&s, &g1, &b1).await;
    let got = wait_for(&mails, 3, Duration::from_secs(10)).await;
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[2].to, ["ana@example.org"]);
    assert!(
        got[2].data.contains("Subject: Your move in Jarmo"),
        "{}",
        got[2].data
    );
    assert!(
        got.iter()
            .all(|m| !(m.to == ["ana@example.org"] && m.data.contains(&g2))),
        "Ana is never told of her own moves"
    );

    // The unsubscribe link, with no token: a page, then a button.
    let text = page_then_button(&s, &format!("/unsubscribe/{key}")).await;
    assert!(text.contains("no recibirá más mensajes"));
    assert_eq!(status(b1.clone()).await["email"], Value::Null);
    // Ana moves again in game 1: Bea, unsubscribed, gets nothing.
    first_move(&s, &g1, &a1).await;
    tokio::time::sleep(quiet + Duration::from_secs(2)).await;
    let got = mails.lock().unwrap().clone();
    assert_eq!(got.len(), 3, "no mail after the unsubscribe: {got:?}");
}

#[tokio::test]
async fn without_smtp_nothing_is_sent_and_the_route_says_why() {
    let s = server(None, Duration::from_secs(3600)).await;
    let (id, a, _) = game(&s).await;
    let (status, err) = s
        .call(
            "POST",
            "/api/notify",
            None,
            Some(json!({"email": "ana@example.org", "tokens": [a]})),
        )
        .await;
    assert_eq!(status, 409, "{err}");
    assert_eq!(err["code"], "api_no_mail");
    let (_, status) = s
        .call(
            "POST",
            "/api/notify/status",
            None,
            Some(json!({"tokens": [a]})),
        )
        .await;
    assert_eq!(
        status,
        json!({"mail": false, "email": null, "confirmed": false})
    );
    first_move(&s, &id, &a).await;
}

#[tokio::test]
async fn a_bad_address_is_refused_with_a_reason() {
    let (port, _) = sink().await;
    let s = server(Some(port), Duration::from_secs(3600)).await;
    let (status, err) = s
        .call(
            "POST",
            "/api/notify",
            None,
            Some(json!({"email": "not an address", "tokens": ["x"]})),
        )
        .await;
    assert_eq!(status, 400, "{err}");
    assert_eq!(err["code"], "api_bad_email");
    assert_eq!(err["args"]["email"], "not an address");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_notice_before_the_address_is_confirmed_by_its_link() {
    // Issue #47 item 7 and #42: notices went to any address typed.
    let (port, mails) = sink().await;
    let quiet = Duration::from_secs(2);
    let s = server(Some(port), quiet).await;
    let (g, a, b) = game(&s).await;
    let answer = subscribe(&s, "Bea@Example.org", "en", &[&b]).await;
    assert_eq!(
        answer,
        json!({"mail": true, "email": "bea@example.org", "confirmed": false})
    );
    // The confirmation mail comes at once, in the address's language,
    // with its link; it is the only mail.
    let key = confirmation_key(&mails, "bea@example.org").await;
    let got = mails.lock().unwrap().clone();
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(
        got[0].data.contains("Subject: Confirm your address"),
        "{}",
        got[0].data
    );
    // Left again within the quiet time: its second confirmation mail (the
    // same link) waits for the quiet time's end.
    subscribe(&s, "bea@example.org", "en", &[&b]).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(mails.lock().unwrap().len(), 1);
    let got = wait_for(&mails, 2, quiet + Duration::from_secs(5)).await;
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(
        got[1].data.contains(&format!("/confirm/{key}")),
        "{}",
        got[1].data
    );
    // Bea's turn comes: no notice to an address not confirmed.
    first_move(&s, &g, &a).await;
    tokio::time::sleep(quiet + Duration::from_secs(2)).await;
    let got = mails.lock().unwrap().clone();
    assert_eq!(got.len(), 2, "no notice before the link is opened: {got:?}");
    // A link opened by a scanner (GET) confirms nothing; a wrong key
    // confirms nothing.
    let scanned = s
        .client
        .get(format!("{}/confirm/{key}", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(scanned.status(), 200);
    let wrong = s
        .client
        .post(format!("{}/confirm/not{key}", s.base))
        .send()
        .await
        .unwrap();
    assert!(wrong
        .text()
        .await
        .unwrap()
        .contains("confirmation link is not valid"));
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(mails.lock().unwrap().len(), 2);
    // Opened: the turn waiting is told.
    confirm(&s, &key).await;
    let got = wait_for(&mails, 3, Duration::from_secs(10)).await;
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[2].to, ["bea@example.org"]);
    assert!(
        got[2].data.contains("Subject: Your move in Jarmo"),
        "{}",
        got[2].data
    );
    assert!(got[2].data.contains(&g), "{}", got[2].data);
}

#[tokio::test]
async fn local_and_reserved_addresses_are_refused_in_both_languages() {
    let (port, mails) = sink().await;
    let s = server(Some(port), Duration::from_secs(3600)).await;
    for email in [
        "a@localhost",
        "a@[127.0.0.1]",
        "a@[IPv6:::1]",
        "a@example",
        "a@mail.localhost",
        "a@printer.local",
        "a@x.invalid",
        "a@x.test",
        "a@x.example",
        "a@Printer.LOCAL",
        "a@10.0.0.1",
    ] {
        let resp = s
            .client
            .post(format!("{}/api/notify", s.base))
            .body(json!({"email": email, "lang": "es", "tokens": ["x"]}).to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 400, "{email}");
        let err: Value = resp.json().await.unwrap();
        assert_eq!(err["code"], "api_email_unroutable", "{email}: {err}");
        assert_eq!(err["args"]["email"], email);
        assert!(
            err["error"]
                .as_str()
                .unwrap()
                .contains("cannot get mail from the internet"),
            "{email}: {err}"
        );
    }
    // The page says it in Spanish from the catalogue it fetches.
    let es = s.text("/locales/es/web.ftl").await;
    assert!(
        es.contains("api_email_unroutable = «{ $email }» no puede recibir correo desde internet"),
        "the Spanish message"
    );
    // A real-looking address passes (and gets its confirmation mail).
    let ok = subscribe(&s, "someone@mail.example.org", "en", &["x"]).await;
    assert_eq!(ok["confirmed"], false);
    confirmation_key(&mails, "someone@mail.example.org").await;
    assert!(mails
        .lock()
        .unwrap()
        .iter()
        .all(|m| m.to == ["someone@mail.example.org"]));
}

/// A correspondence game of Jarmo made by the account of `cookie`: its
/// seat 1 is the account's from the game's creation, seat 0 (to move) is
/// held by a link; answers the game's id and the link's token.
async fn accounts_game(s: &common::Server, cookie: &str) -> (String, String) {
    let (status, created) = s
        .call_as(
            "POST",
            "/api/games",
            Some(cookie),
            None,
            Some(json!({
                "game": "jarmo",
                "seats": [{"kind": "link"}, {"kind": "human"}],
                "clock": "3d"
            })),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let link = created["links"]["0"].as_str().unwrap();
    (
        created["id"].as_str().unwrap().to_string(),
        link.split("#token=").nth(1).unwrap().to_string(),
    )
}

/// Issue #42, problem 4: a logged-in player's address follows the account.
/// Left once (on one device, with no seat), it reaches a correspondence
/// game's seat the account takes later on another device, with no browser
/// ever passing that seat's token on (the tab closed); another account
/// does not see it; stopping from the account stops it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accounts_address_reaches_every_seat_it_takes_later_without_a_browser() {
    let (port, mails) = sink().await;
    let quiet = Duration::from_secs(2);
    let s = server(Some(port), quiet).await;
    let ana = s.sign_up("ana_mail").await;
    let bo = s.sign_up("bo_mail").await;
    // Device 1: the address is left with no seat at all, and confirmed.
    let (status, answer) = s
        .call_as(
            "POST",
            "/api/notify",
            Some(&ana),
            None,
            Some(json!({"email": "ana@example.org", "lang": "en", "tokens": []})),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let key = confirmation_key(&mails, "ana@example.org").await;
    confirm(&s, &key).await;
    // Device 2 (no tokens, the cookie alone) sees the account's address;
    // another account and a stranger do not.
    let status_of = |cookie: Option<String>| {
        let s = &s;
        async move {
            s.call_as(
                "POST",
                "/api/notify/status",
                cookie.as_deref(),
                None,
                Some(json!({"tokens": []})),
            )
            .await
            .1
        }
    };
    assert_eq!(
        status_of(Some(ana.clone())).await,
        json!({"mail": true, "email": "ana@example.org", "confirmed": true})
    );
    for other in [Some(bo.clone()), None] {
        assert_eq!(status_of(other).await["email"], Value::Null);
    }
    // Device 2 makes a correspondence game; Ana closes the tab; the
    // opponent moves: Ana is told, once.
    let (g, opponent) = accounts_game(&s, &ana).await;
    first_move(&s, &g, &opponent).await;
    let got = wait_for(&mails, 2, Duration::from_secs(10)).await;
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[1].to, ["ana@example.org"]);
    assert!(
        got[1].data.contains("Subject: Your move in Jarmo"),
        "{}",
        got[1].data
    );
    assert!(got[1].data.contains(&g), "{}", got[1].data);
    // Another account's cookie cannot stop Ana's notices.
    let stop = |cookie: String| {
        let s = &s;
        async move {
            s.call_as(
                "POST",
                "/api/notify/stop",
                Some(&cookie),
                None,
                Some(json!({"tokens": []})),
            )
            .await
            .0
        }
    };
    assert_eq!(stop(bo.clone()).await, 200);
    assert_eq!(
        status_of(Some(ana.clone())).await["email"],
        "ana@example.org"
    );
    // Ana stops them from any device: her next turn is not told.
    assert_eq!(stop(ana.clone()).await, 200);
    assert_eq!(status_of(Some(ana.clone())).await["email"], Value::Null);
    let (g2, opponent2) = accounts_game(&s, &ana).await;
    first_move(&s, &g2, &opponent2).await;
    tokio::time::sleep(quiet + Duration::from_secs(2)).await;
    assert_eq!(mails.lock().unwrap().len(), 2, "nothing after stopping");
}

/// Issue #44: a correspondence challenge reaches the challenged player by
/// mail (their account's confirmed address), once, naming who, the game
/// and the days per move, in the address's language; a live challenge is
/// not mailed; an account with no address gets nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_challenge_is_mailed_to_the_challenged_a_live_one_is_not() {
    let (port, mails) = sink().await;
    let s = server(Some(port), Duration::from_secs(3600)).await;
    let rosa = s.sign_up("rosa_mail").await;
    let tomas = s.sign_up("tomas_mail").await;
    let (status, answer) = s
        .call_as(
            "POST",
            "/api/notify",
            Some(&rosa),
            None,
            Some(json!({"email": "rosa@example.org", "lang": "es", "tokens": []})),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let key = confirmation_key(&mails, "rosa@example.org").await;
    confirm(&s, &key).await;
    assert_eq!(mails.lock().unwrap().len(), 1);
    let challenge = |from: String, body: Value| {
        let s = &s;
        async move {
            let (status, c) = s
                .call_as("POST", "/api/challenges", Some(&from), None, Some(body))
                .await;
            assert_eq!(status, 200, "{c}");
            c
        }
    };
    // A live challenge: nothing is mailed (then cancelled: one open
    // challenge between two players at a time).
    let live = challenge(
        tomas.clone(),
        json!({"to": "rosa_mail", "game": "linja", "clock": "5+3"}),
    )
    .await;
    let (status, answer) = s
        .call_as(
            "POST",
            &format!("/api/challenges/{}/cancel", live["id"].as_str().unwrap()),
            Some(&tomas),
            None,
            None,
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    // A correspondence one: one mail, in Spanish, at once (not held back
    // by the hour of quiet after the confirmation).
    challenge(
        tomas.clone(),
        json!({"to": "rosa_mail", "game": "jarmo", "clock": "3d"}),
    )
    .await;
    let got = wait_for(&mails, 2, Duration::from_secs(10)).await;
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[1].to, ["rosa@example.org"]);
    // The body's quoted-printable accents aside: who, the game, the days.
    let body = got[1].data.replace("=C3=AD", "í");
    assert!(
        body.contains("tomas_mail te desafía a una partida por correspondencia de Jarmo, 3 días"),
        "{body}"
    );
    assert!(body.contains("http://games.example/"), "{body}");
    assert!(got[1].data.contains("/unsubscribe/"), "{}", got[1].data);
    // Rosa challenges Tomás, who left no address: nothing more is sent.
    challenge(
        rosa.clone(),
        json!({"to": "tomas_mail", "game": "jarmo", "clock": "2d"}),
    )
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        mails.lock().unwrap().len(),
        2,
        "{:?}",
        mails.lock().unwrap()
    );
}
