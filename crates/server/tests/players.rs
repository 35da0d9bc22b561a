//! Profiles and leaderboards end to end: a player's profile and games
//! (filters, pages, opponents, rating changes), the privacy switch (its
//! owner's only, same-origin only), private and deleted profiles answering
//! 404, the zip of records (PDN for draughts, read back by the project's
//! own readers), the leaderboards (no provisional, private or deleted
//! account), and finished games' public pages.

use serde_json::{json, Value};
use std::io::Read as _;
use tablero_core::{Player, Record};

mod common;
use common::Server;

/// An answer: status, body as bytes and as JSON.
struct Answer {
    status: u16,
    bytes: Vec<u8>,
    json: Value,
    headers: reqwest::header::HeaderMap,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }
}

/// How a request is sent: its session cookie and origin (`None`: the
/// server's own).
#[derive(Clone, Copy, Default)]
struct As<'a> {
    cookie: Option<&'a str>,
    origin: Option<&'a str>,
}

fn cookie(c: &str) -> As<'_> {
    As {
        cookie: Some(c),
        origin: None,
    }
}

async fn send(s: &Server, method: &str, path: &str, how: As<'_>, body: Option<Value>) -> Answer {
    let url = format!("{}{path}", s.base);
    let mut req = match method {
        "GET" => s.client.get(url),
        _ => s.client.post(url),
    };
    req = req.header("Origin", how.origin.unwrap_or(&s.base));
    if let Some(c) = how.cookie {
        req = req.header("Cookie", format!("tablero_session={c}"));
    }
    if let Some(b) = body {
        req = req
            .header("Content-Type", "application/json")
            .body(b.to_string());
    }
    let resp = req.send().await.expect("request");
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    let bytes = resp.bytes().await.unwrap().to_vec();
    Answer {
        status,
        json: serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        bytes,
        headers,
    }
}

async fn get(s: &Server, path: &str, how: As<'_>) -> Answer {
    send(s, "GET", path, how, None).await
}

/// Signs `name` up with `tokens`; its session cookie.
async fn signup(s: &Server, name: &str, tokens: &[&str]) -> String {
    let a = send(
        s,
        "POST",
        "/api/account/signup",
        As::default(),
        Some(json!({"name": name, "password": "a long password", "tokens": tokens})),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text());
    let c = a.headers["set-cookie"].to_str().unwrap();
    c.strip_prefix("tablero_session=")
        .and_then(|r| r.split(';').next())
        .unwrap()
        .to_string()
}

/// A new game of `game` made by `who` with `seats`: its id and its answer.
async fn new_game(s: &Server, who: &str, game: &str, seats: Value) -> (String, Value) {
    let a = send(
        s,
        "POST",
        "/api/games",
        cookie(who),
        Some(json!({"game": game, "seats": seats})),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text());
    (a.json["id"].as_str().unwrap().to_string(), a.json)
}

/// The token of a link seat of a new game's answer.
fn link_token(created: &Value, seat: &str) -> String {
    let link = created["links"][seat].as_str().unwrap();
    link.split_once("#token=").unwrap().1.to_string()
}

async fn store(s: &Server) -> tablero_server::Db {
    tablero_server::Db::open(&s.database).await.unwrap()
}

/// Sets the games' `updated` so that they are in this order, newest
/// first (a page's order must not hang on the same millisecond).
async fn order(s: &Server, ids: &[&str]) {
    let st = store(s).await;
    for (i, id) in ids.iter().enumerate() {
        sqlx::query("UPDATE games SET updated = $1 WHERE id = $2")
            .bind(2_000_000_000_000_i64 - i64::try_from(i).unwrap() * 1000)
            .bind(*id)
            .execute(st.pool())
            .await
            .unwrap();
    }
}

/// The ids of a games list.
fn ids(a: &Answer) -> Vec<String> {
    assert_eq!(a.status, 200, "{}", a.text());
    a.json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

/// Ana's games: against the computer (lost by resigning), against Bob (won:
/// Bob resigns), a draw with Bob, an open game against a friend without an
/// account, and a same-screen game. Answers the server, the cookies and
/// the ids in that order.
async fn ana_and_bob() -> (Server, String, String, Vec<String>) {
    ana_and_bob_on(common::start().await, "").await
}

/// [`ana_and_bob`] on server `s`, the names ending in `sfx` (a database
/// shared with other tests).
async fn ana_and_bob_on(s: Server, sfx: &str) -> (Server, String, String, Vec<String>) {
    let ana = signup(&s, &format!("Ana{sfx}"), &[]).await;
    let (computer, _) = new_game(
        &s,
        &ana,
        "jarmo",
        json!([{"kind": "human"}, {"kind": "ai", "level": 2}]),
    )
    .await;
    let r = send(
        &s,
        "POST",
        &format!("/api/games/{computer}/resign"),
        cookie(&ana),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let (won, created) = new_game(
        &s,
        &ana,
        "jarmo",
        json!([{"kind": "human"}, {"kind": "link"}]),
    )
    .await;
    let bob = signup(&s, &format!("Bob{sfx}"), &[&link_token(&created, "1")]).await;
    let r = send(
        &s,
        "POST",
        &format!("/api/games/{won}/resign"),
        cookie(&bob),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let (drawn, created) = new_game(
        &s,
        &bob,
        "linja",
        json!([{"kind": "human"}, {"kind": "link"}]),
    )
    .await;
    let t = link_token(&created, "1");
    // Ana takes the link's seat: a sign-up's tokens, here a login's
    // account taking the seat as the lead's code does on a creator's.
    sqlx::query("INSERT INTO account_seats (token, account, game_id, seat) SELECT $1, id, $2, 1 FROM accounts WHERE name_key = $3")
        .bind(&t)
        .bind(&drawn)
        .bind(format!("ana{sfx}"))
        .execute(store(&s).await.pool())
        .await
        .unwrap();
    for (who, action) in [(&bob, "offer"), (&ana, "accept")] {
        let r = send(
            &s,
            "POST",
            &format!("/api/games/{drawn}/draw"),
            cookie(who),
            Some(json!({ "action": action })),
        )
        .await;
        assert_eq!(r.status, 200, "{action}: {}", r.text());
    }
    let (open, _) = new_game(
        &s,
        &ana,
        "imago",
        json!([{"kind": "human"}, {"kind": "link"}]),
    )
    .await;
    let (same, _) = new_game(
        &s,
        &ana,
        "jarmo",
        json!([{"kind": "human"}, {"kind": "human"}]),
    )
    .await;
    let all = [&computer, &won, &drawn, &open, &same];
    order(&s, &all.map(String::as_str)).await;
    (s, ana, bob, all.map(String::clone).to_vec())
}

#[tokio::test]
async fn a_profile_lists_its_games_filtered_and_paged() {
    let (s, ana, _bob, g) = ana_and_bob().await;
    lists(&s, &ana, &g, "").await;
}

/// The same on PostgreSQL, when `TABLERO_TEST_POSTGRES` names a database
/// (scripts/test.sh starts one), with the leaderboards' query: the names
/// are new, the database may hold other tests' accounts.
#[tokio::test]
async fn profiles_and_leaderboards_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let sfx = format!("{}", std::process::id() % 100_000);
    let (s, ana, _bob, g) = ana_and_bob_on(common::start_on(&url).await, &sfx).await;
    lists(&s, &ana, &g, &sfx).await;
    // Above every other test's ratings: the two established ones lead,
    // the provisional and the private are left out.
    let names = ["Tops", "Seconds", "Shaky", "Hidden"].map(|n| format!("{n}{sfx}"));
    // (Ratings this high are this test's own, from an earlier run.)
    sqlx::query("DELETE FROM ratings WHERE rating >= 9000")
        .execute(store(&s).await.pool())
        .await
        .unwrap();
    rated(&s, &names[0], "imago", 9001.0, 60.0, false, false).await;
    rated(&s, &names[1], "imago", 9000.0, 60.0, false, false).await;
    rated(&s, &names[2], "imago", 9500.0, 300.0, false, false).await;
    rated(&s, &names[3], "imago", 9600.0, 60.0, true, false).await;
    let board = get(&s, "/api/leaderboard/imago", As::default()).await;
    assert_eq!(board.status, 200, "{}", board.text());
    assert_eq!(board.json["leaders"][0]["name"], names[0].as_str());
    assert_eq!(board.json["leaders"][1]["name"], names[1].as_str());
    let zip = get(
        &s,
        &format!("/api/players/ana{sfx}/games.zip"),
        As::default(),
    )
    .await;
    assert_eq!(unzip(&zip.bytes).len(), g.len());
}

/// Checks Ana's profile and games (see [`ana_and_bob_on`]).
async fn lists(s: &Server, ana: &str, g: &[String], sfx: &str) {
    let (computer, won, drawn, open, same) = (
        g[0].as_str(),
        g[1].as_str(),
        g[2].as_str(),
        g[3].as_str(),
        g[4].as_str(),
    );

    // The profile, public: anyone sees it, the name in any case.
    let p = get(s, &format!("/api/players/ANA{sfx}"), As::default()).await;
    assert_eq!(p.status, 200, "{}", p.text());
    assert_eq!(p.json["name"], format!("Ana{sfx}"));
    assert_eq!(p.json["private"], false);
    assert_eq!(p.json["own"], false);
    assert_eq!(
        p.json["counts"],
        json!({"games": 5, "wins": 1, "draws": 1, "losses": 1, "playing": 2})
    );
    assert_eq!(p.json["ratings"], json!([]));
    assert!(!p.text().contains("hash"), "{}", p.text());
    let own = get(s, &format!("/api/players/ana{sfx}"), cookie(ana)).await;
    assert_eq!(own.json["own"], true);

    // Every game, newest first, each from Ana's view.
    let all = get(s, &format!("/api/players/ana{sfx}/games"), As::default()).await;
    assert_eq!(ids(&all), [computer, won, drawn, open, same]);
    assert_eq!(all.json["next"], Value::Null);
    let list = all.json["games"].as_array().unwrap();
    assert_eq!(list[0]["opponent"], json!({"kind": "computer", "level": 2}));
    assert_eq!(list[0]["result"], "loss");
    assert_eq!(list[0]["reason"], "resign");
    assert_eq!(list[0]["seat"], 0);
    assert_eq!(list[0]["url"], format!("/play/{computer}"));
    assert_eq!(list[0]["game"], "jarmo");
    assert_eq!(
        list[1]["opponent"],
        json!({"kind": "player", "name": format!("Bob{sfx}")})
    );
    assert_eq!(list[1]["result"], "win");
    assert_eq!(
        list[2]["opponent"],
        json!({"kind": "player", "name": format!("Bob{sfx}")})
    );
    assert_eq!(list[2]["seat"], 1);
    assert_eq!(list[2]["result"], "draw");
    assert_eq!(list[2]["reason"], "agreed");
    assert_eq!(list[3]["opponent"], json!({"kind": "anonymous"}));
    assert_eq!(list[3]["result"], "playing");
    assert_eq!(list[3]["reason"], Value::Null);
    assert_eq!(list[4]["opponent"], json!({"kind": "self"}));
    assert_eq!(list[4]["result"], "playing");
    assert_eq!(list[4]["rated"], Value::Null);
    assert_eq!(list[4]["rating"], Value::Null);

    // Filters: by game, result and opponent, and together.
    let q = |query: &str| format!("/api/players/ana{sfx}/games?{query}");
    assert_eq!(
        ids(&get(s, &q("game=jarmo"), As::default()).await),
        [computer, won, same]
    );
    assert_eq!(ids(&get(s, &q("game=imago"), As::default()).await), [open]);
    assert_eq!(ids(&get(s, &q("result=win"), As::default()).await), [won]);
    assert_eq!(
        ids(&get(s, &q("result=loss"), As::default()).await),
        [computer]
    );
    assert_eq!(
        ids(&get(s, &q("result=draw"), As::default()).await),
        [drawn]
    );
    assert_eq!(
        ids(&get(s, &q("result=playing"), As::default()).await),
        [open, same]
    );
    assert_eq!(
        ids(&get(s, &q(&format!("opponent=BOB{sfx}")), As::default()).await),
        [won, drawn]
    );
    assert_eq!(
        ids(&get(
            s,
            &q(&format!("opponent=bob{sfx}&game=linja&result=draw")),
            As::default()
        )
        .await),
        [drawn]
    );
    assert!(ids(&get(s, &q("opponent=nobody"), As::default()).await).is_empty());
    // Bob's view of the same games.
    let bobs = get(s, &format!("/api/players/bob{sfx}/games"), As::default()).await;
    assert_eq!(ids(&bobs), [won, drawn]);
    assert_eq!(bobs.json["games"][0]["result"], "loss");
    assert_eq!(
        bobs.json["games"][0]["opponent"]["name"],
        format!("Ana{sfx}")
    );

    // Pages of two: `next` is the `before` of the following page.
    let mut seen = Vec::new();
    let mut path = q("limit=2");
    loop {
        let page = get(s, &path, As::default()).await;
        let got = ids(&page);
        assert!(got.len() <= 2);
        seen.extend(got);
        match page.json["next"].as_i64() {
            Some(before) => path = q(&format!("limit=2&before={before}")),
            None => break,
        }
    }
    assert_eq!(seen, [computer, won, drawn, open, same]);
    // Two games changed in one millisecond, where a page ends: both go to
    // the next page.
    let st = store(s).await;
    sqlx::query(
        "UPDATE games SET updated = (SELECT updated FROM games WHERE id = $1) WHERE id = $2",
    )
    .bind(won)
    .bind(drawn)
    .execute(st.pool())
    .await
    .unwrap();
    let first = get(s, &q("limit=2"), As::default()).await;
    assert_eq!(ids(&first), [computer]);
    let before = first.json["next"].as_i64().unwrap();
    let second = get(s, &q(&format!("limit=2&before={before}")), As::default()).await;
    let mut got = ids(&second);
    got.sort_unstable();
    let mut want = vec![won.to_string(), drawn.to_string()];
    want.sort_unstable();
    assert_eq!(got, want);

    // Bad parameters are refused, saying which.
    for bad in [
        "result=won",
        "limit=0",
        "limit=101",
        "limit=x",
        "before=soon",
        "game=chess",
    ] {
        let a = get(s, &q(bad), As::default()).await;
        assert_eq!(a.status, 400, "{bad}: {}", a.text());
        assert_eq!(a.json["code"], "api_bad_parameter", "{bad}");
    }
    // An unknown name: 404 as JSON.
    let a = get(s, "/api/players/nobody", As::default()).await;
    assert_eq!(a.status, 404);
    assert_eq!(a.json["code"], "api_no_player");
    assert_eq!(
        get(s, "/api/players/nobody/games", As::default())
            .await
            .status,
        404
    );
}

#[tokio::test]
async fn a_rated_game_shows_its_rating_change_and_the_profile_its_ratings() {
    let (s, _ana, _bob, g) = ana_and_bob().await;
    let st = store(&s).await;
    let ana: String = sqlx::query_scalar("SELECT id FROM accounts WHERE name_key = 'ana'")
        .fetch_one(st.pool())
        .await
        .unwrap();
    sqlx::query("UPDATE games SET rated = 'jarmo' WHERE id = $1")
        .bind(&g[1])
        .execute(st.pool())
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO rating_changes (game_id, seat, account, level, pool, n, score, \
         before_rating, before_deviation, before_volatility, after_rating, after_deviation, \
         after_volatility, at) VALUES ($1, 0, $2, NULL, 'jarmo', 1, 1.0, 1500.0, 350.0, 0.06, \
         1662.31, 290.32, 0.06, 5)",
    )
    .bind(&g[1])
    .bind(&ana)
    .execute(st.pool())
    .await
    .unwrap();
    for (pool, rating, deviation, games) in
        [("jarmo", 1662.31, 290.32, 1), ("imago", 1712.6, 64.4, 30)]
    {
        sqlx::query(
            "INSERT INTO ratings (account, pool, rating, deviation, volatility, games, updated) \
             VALUES ($1, $2, $3, $4, 0.06, $5, 1)",
        )
        .bind(&ana)
        .bind(pool)
        .bind(rating)
        .bind(deviation)
        .bind(games)
        .execute(st.pool())
        .await
        .unwrap();
    }
    let list = get(&s, "/api/players/ana/games?result=win", As::default()).await;
    let item = &list.json["games"][0];
    assert_eq!(item["rated"], "jarmo");
    assert_eq!(
        item["rating"],
        json!({"before": 1500, "after": 1662, "before_deviation": 350, "after_deviation": 290})
    );
    let p = get(&s, "/api/players/ana", As::default()).await;
    // In the pools' order: imago before jarmo.
    assert_eq!(
        p.json["ratings"],
        json!([
            {"pool": "imago", "rating": 1713, "deviation": 64, "provisional": false, "games": 30},
            {"pool": "jarmo", "rating": 1662, "deviation": 290, "provisional": true, "games": 1},
        ])
    );
}

#[tokio::test]
async fn a_private_profile_is_its_owners_only_and_only_the_owner_switches_it() {
    let (s, ana, bob, _) = ana_and_bob().await;
    let private = |c: &str, v: bool| {
        let c = c.to_string();
        let s = &s;
        async move {
            send(
                s,
                "POST",
                "/api/account/private",
                cookie(&c),
                Some(json!({ "private": v })),
            )
            .await
        }
    };
    let unknown = get(&s, "/api/players/nobody", As::default()).await;
    let a = private(&ana, true).await;
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(a.json["private"], true);
    for path in [
        "/api/players/ana",
        "/api/players/ana/games",
        "/api/players/ana/games.zip",
    ] {
        for how in [As::default(), cookie(&bob)] {
            let a = get(&s, path, how).await;
            assert_eq!(a.status, 404, "{path}");
            // The same answer as a name nobody has, but for the name.
            assert_eq!(a.json["code"], unknown.json["code"], "{path}");
            assert_eq!(a.json["args"]["name"], "ana");
        }
        assert_eq!(get(&s, path, cookie(&ana)).await.status, 200, "{path}");
    }
    let own = get(&s, "/api/players/ana", cookie(&ana)).await;
    assert_eq!(own.json["private"], true);

    // Bob's cookie changes Bob's profile, never Ana's.
    assert_eq!(private(&bob, false).await.status, 200);
    assert_eq!(get(&s, "/api/players/ana", As::default()).await.status, 404);
    assert_eq!(private(&bob, true).await.status, 200);
    assert_eq!(get(&s, "/api/players/bob", As::default()).await.status, 404);
    assert_eq!(get(&s, "/api/players/bob", cookie(&bob)).await.status, 200);

    // From another site, with Ana's cookie: refused, nothing changes.
    let evil = send(
        &s,
        "POST",
        "/api/account/private",
        As {
            cookie: Some(&ana),
            origin: Some("https://evil.example"),
        },
        Some(json!({"private": false})),
    )
    .await;
    assert_eq!(evil.status, 403, "{}", evil.text());
    assert_eq!(evil.json["code"], "api_cross_site");
    assert_eq!(get(&s, "/api/players/ana", As::default()).await.status, 404);
    // Without a session: 401; a body that is not {private}: 400.
    let anon = send(
        &s,
        "POST",
        "/api/account/private",
        As::default(),
        Some(json!({"private": false})),
    )
    .await;
    assert_eq!(anon.status, 401);
    assert_eq!(anon.json["code"], "api_not_logged_in");
    let bad = send(
        &s,
        "POST",
        "/api/account/private",
        cookie(&ana),
        Some(json!({"private": "yes"})),
    )
    .await;
    assert_eq!(bad.status, 400);
    // Public again.
    assert_eq!(private(&ana, false).await.status, 200);
    assert_eq!(get(&s, "/api/players/ana", As::default()).await.status, 200);

    // A deleted account has no profile; its games show a deleted player.
    let d = send(
        &s,
        "POST",
        "/api/account/delete",
        cookie(&bob),
        Some(json!({"password": "a long password"})),
    )
    .await;
    assert_eq!(d.status, 200, "{}", d.text());
    assert_eq!(get(&s, "/api/players/bob", As::default()).await.status, 404);
    let list = get(&s, "/api/players/ana/games?result=win", As::default()).await;
    assert_eq!(
        list.json["games"][0]["opponent"],
        json!({"kind": "deleted"})
    );
}

/// The files of a zip: name and text.
fn unzip(bytes: &[u8]) -> Vec<(String, String)> {
    let mut z = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a zip");
    let mut out = Vec::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        assert_eq!(f.compression(), zip::CompressionMethod::Deflated);
        let mut text = String::new();
        f.read_to_string(&mut text).unwrap();
        out.push((f.name().to_string(), text));
    }
    out
}

#[tokio::test]
async fn the_zip_holds_one_record_per_game_and_draughts_as_pdn() {
    use tablero_games::draughts::{pdn, DraughtsVariant};
    let (s, ana, _bob, g) = ana_and_bob().await;
    // A draughts game (the lead's rated pools have them; the app's new-game
    // page does not offer draughts yet): four plies stored as the hub stores
    // them, Ana in seat 1.
    let mut t = tablero_ai::table::open(
        "draughts",
        Some("russian"),
        None,
        Player::P1,
        [tablero_ai::table::Seat::Person; 2],
    )
    .unwrap();
    for _ in 0..4 {
        let seat = t.to_move().unwrap();
        let mv = t.legal()[0].text.clone();
        t.play(seat, &mv).unwrap();
    }
    let moves = t.moves().to_vec();
    let st = store(&s).await;
    let id = "draughtsgame1";
    sqlx::query(
        "INSERT INTO games (id, game, variant, first_seat, seat0_kind, seat0_token, seat1_kind, \
         seat1_token, ply, version, created, updated) \
         VALUES ($1, 'draughts', $2, 0, 'human', 'dt0', 'human', 'dt1', 4, 1, 1700000000000, 1)",
    )
    .bind(id)
    .bind(t.variant())
    .execute(st.pool())
    .await
    .unwrap();
    for (i, m) in moves.iter().enumerate() {
        sqlx::query("INSERT INTO moves (game_id, ply, notation, at) VALUES ($1, $2, $3, 1)")
            .bind(id)
            .bind(i64::try_from(i + 1).unwrap())
            .bind(m)
            .execute(st.pool())
            .await
            .unwrap();
    }
    sqlx::query("INSERT INTO account_seats (token, account, game_id, seat) SELECT 'dt1', id, $1, 1 FROM accounts WHERE name_key = 'ana'")
        .bind(id)
        .execute(st.pool())
        .await
        .unwrap();

    let a = get(&s, "/api/players/Ana/games.zip", As::default()).await;
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(a.headers["content-type"], "application/zip");
    assert!(a.headers["content-disposition"]
        .to_str()
        .unwrap()
        .contains("Ana-games.zip"));
    let files = unzip(&a.bytes);
    let mut names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    names.sort_unstable();
    let mut want: Vec<String> = g.iter().map(|id| format!("{id}.txt")).collect();
    want.push(format!("{id}.pdn"));
    want.sort();
    assert_eq!(names, want);

    // The draughts game as PDN, read back by the project's PDN reader: the
    // same moves, the players named.
    let text = &files.iter().find(|(n, _)| n.ends_with(".pdn")).unwrap().1;
    assert!(
        text.contains("[Black \"Ana\"]") || text.contains("[White \"Ana\"]"),
        "{text}"
    );
    assert!(text.contains("[Date \"2023.11.14\"]"), "{text}");
    let r = pdn::parse(text, DraughtsVariant::default()).expect("the PDN reads back");
    let played = t
        .as_any()
        .downcast_ref::<tablero_ai::table::Table<tablero_games::draughts::Draughts>>()
        .unwrap();
    assert_eq!(r.moves, played.history().moves());
    assert_eq!(r.replay().unwrap().moves().len(), 4);
    assert_eq!(r.result, None);

    // The game lost to the computer, in the project's record format: its
    // moves, the resignation, the players by side.
    let lost = &files
        .iter()
        .find(|(n, _)| *n == format!("{}.txt", g[0]))
        .unwrap()
        .1;
    let r = Record::<tablero_games::jarmo::Jarmo>::parse(lost).expect("the record reads back");
    let o = r.result.expect("a result");
    assert_eq!(o.winner, Some(Player::P2));
    assert_eq!(o.reason, tablero_core::Reason::Resign);
    assert!(lost.contains("\"Ana\"]"), "{lost}");
    assert!(lost.contains("\"Computer, level 2\"]"), "{lost}");
    assert!(lost.contains(&format!("/play/{}\"]", g[0])), "{lost}");
    // The draw with Bob replays to its agreed draw.
    let drawn = &files
        .iter()
        .find(|(n, _)| *n == format!("{}.txt", g[2]))
        .unwrap()
        .1;
    let r = Record::<tablero_games::linja::Linja>::parse(drawn).expect("the record reads back");
    assert_eq!(r.result.unwrap().winner, None);
    let _ = ana;
}

/// Inserts an account with a rating in `pool` (no password: it never logs
/// in), made in rated games against three other accounts.
async fn rated(
    s: &Server,
    name: &str,
    pool: &str,
    rating: f64,
    deviation: f64,
    private: bool,
    deleted: bool,
) {
    let three = [Some("other-1"), Some("other-2"), Some("other-3")];
    rated_against(
        s,
        name,
        pool,
        (rating, deviation),
        (private, deleted),
        &three,
    )
    .await;
}

/// Inserts an account with a rating in `pool`, made in one rated game
/// against each of `opponents` (an account id, or the computer for
/// `None`).
async fn rated_against(
    s: &Server,
    name: &str,
    pool: &str,
    (rating, deviation): (f64, f64),
    (private, deleted): (bool, bool),
    opponents: &[Option<&str>],
) {
    let st = store(s).await;
    let id = format!("id-{name}");
    sqlx::query(
        "INSERT INTO accounts (id, name, name_key, hash, created, deleted, private) \
         VALUES ($1, $2, $3, '', 1, $4, $5)",
    )
    .bind(&id)
    .bind(name)
    .bind((!deleted).then(|| name.to_lowercase()))
    .bind(i64::from(deleted))
    .bind(i64::from(private))
    .execute(st.pool())
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO ratings (account, pool, rating, deviation, volatility, games, updated) \
         VALUES ($1, $2, $3, $4, 0.06, 12, 1)",
    )
    .bind(&id)
    .bind(pool)
    .bind(rating)
    .bind(deviation)
    .execute(st.pool())
    .await
    .unwrap();
    for (k, opponent) in opponents.iter().enumerate() {
        let game = format!("game-{name}-{pool}-{k}");
        for (seat, account, level) in [(0, Some(id.as_str()), None), (1, *opponent, Some(2))] {
            sqlx::query(
                "INSERT INTO rating_changes (game_id, seat, account, level, pool, n, score, \
                 before_rating, before_deviation, before_volatility, after_rating, \
                 after_deviation, after_volatility, at) \
                 VALUES ($1, $2, $3, $4, $5, 0, 0.5, 1500.0, 350.0, 0.06, 1500.0, 300.0, 0.06, 1)",
            )
            .bind(&game)
            .bind(seat)
            .bind(account)
            .bind(account.map_or(level, |_| None))
            .bind(pool)
            .execute(st.pool())
            .await
            .unwrap();
        }
    }
}

#[tokio::test]
async fn leaderboards_list_established_public_ratings_only() {
    let s = common::start().await;
    rated(&s, "Ana", "imago", 1700.4, 80.2, false, false).await;
    rated(&s, "Eve", "imago", 1650.0, 110.0, false, false).await;
    rated(&s, "Bob", "imago", 1800.0, 200.0, false, false).await; // provisional
    rated(&s, "Cara", "imago", 1900.0, 60.0, true, false).await; // private
    rated(&s, "Dan", "imago", 2000.0, 50.0, false, true).await; // deleted
    rated(&s, "Fay", "draughts-russian", 1550.0, 70.0, false, false).await;
    let a = get(&s, "/api/leaderboard/imago", As::default()).await;
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(a.json["pool"], "imago");
    assert_eq!(
        a.json["leaders"],
        json!([
            {"name": "Ana", "rating": 1700, "deviation": 80, "games": 12},
            {"name": "Eve", "rating": 1650, "deviation": 110, "games": 12},
        ])
    );
    // Rated games against fewer than three other accounts (issue #47:
    // two accounts of one person, or the computer alone): not ranked,
    // however established the rating.
    let (top, est) = ((2500.0, 50.0), (false, false));
    let computer = [None, None, None, None];
    let two = [Some("id-Ana"), Some("id-Eve"), Some("id-Ana"), None];
    let three = [Some("id-Ana"), Some("id-Eve"), Some("id-Bob")];
    rated_against(&s, "Sybil", "imago", top, est, &two).await;
    rated_against(&s, "Solo", "imago", top, est, &computer).await;
    let b = get(&s, "/api/leaderboard/imago", As::default()).await;
    assert_eq!(b.json["leaders"], a.json["leaders"], "{}", b.text());
    let all = get(&s, "/api/leaderboard", As::default()).await;
    assert_eq!(all.json["pools"][0]["leaders"], a.json["leaders"]);
    // A third other account: ranked.
    rated_against(&s, "Trio", "imago", top, est, &three).await;
    let b = get(&s, "/api/leaderboard/imago", As::default()).await;
    assert_eq!(b.json["leaders"][0]["name"], "Trio", "{}", b.text());
    sqlx::query("DELETE FROM ratings WHERE account = 'id-Trio'")
        .execute(store(&s).await.pool())
        .await
        .unwrap();
    let d = get(&s, "/api/leaderboard/draughts-russian", As::default()).await;
    assert_eq!(d.json["game"], "draughts");
    assert_eq!(d.json["variant"], "russian");
    assert_eq!(d.json["leaders"][0]["name"], "Fay");
    let all = get(&s, "/api/leaderboard", As::default()).await;
    let pools = all.json["pools"].as_array().unwrap();
    let ids: Vec<&str> = pools.iter().map(|p| p["pool"].as_str().unwrap()).collect();
    // Only the games the web app offers (#47): not 8x8 draughts, though
    // Fay has a rating in one of its pools (read above by its own route).
    assert_eq!(ids, ["imago", "jarmo", "linja", "dimensiones"]);
    let catalog = get(&s, "/api/catalog", As::default()).await.json;
    let offered: Vec<&str> = catalog["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    assert_eq!(ids, offered, "one pool per game of the catalogue");
    assert_eq!(pools[0]["leaders"], a.json["leaders"]);
    assert_eq!(pools[1]["leaders"], json!([]));

    // The top 50 only.
    for i in 0..55 {
        rated(
            &s,
            &format!("p{i:02}"),
            "linja",
            1000.0 + f64::from(i),
            50.0,
            false,
            false,
        )
        .await;
    }
    let l = get(&s, "/api/leaderboard/linja", As::default()).await;
    let leaders = l.json["leaders"].as_array().unwrap();
    assert_eq!(leaders.len(), 50);
    assert_eq!(leaders[0]["name"], "p54");
    assert_eq!(leaders[49]["name"], "p05");
    let short = get(&s, "/api/leaderboard", As::default()).await;
    let linja = short.json["pools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["pool"] == "linja")
        .unwrap()
        .clone();
    assert_eq!(linja["leaders"].as_array().unwrap().len(), 10);

    // An unknown pool: 404 as JSON, its code in both catalogues.
    let u = get(&s, "/api/leaderboard/chess", As::default()).await;
    assert_eq!(u.status, 404);
    assert_eq!(u.json["code"], "api_no_pool");
    assert_eq!(u.json["args"]["pool"], "chess");
    for lang in ["en", "es"] {
        let cat = get(&s, &format!("/locales/{lang}/web.ftl"), As::default()).await;
        assert!(cat.text().contains("\napi_no_pool = "), "{lang}");
        assert!(cat.text().contains("\napi_no_player = "), "{lang}");
    }
    let es = get(&s, "/locales/es/web.ftl", As::default()).await.text();
    assert!(es.contains("no hay ninguna clasificación { $pool }"));
}

#[tokio::test]
async fn a_finished_game_page_is_public_and_so_are_the_profile_pages() {
    let (s, _ana, _bob, g) = ana_and_bob().await;
    // A spectator (no token, no cookie) reads the finished game and its
    // page: the profile's links are the games' public addresses.
    let state = get(&s, &format!("/api/games/{}", g[0]), As::default()).await;
    assert_eq!(state.status, 200, "{}", state.text());
    assert_eq!(state.json["result"]["reason"], "resign");
    let page = get(&s, &format!("/play/{}", g[0]), As::default()).await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains(&g[0]), "the page carries the game");
    for path in ["/@/Ana", "/leaderboard"] {
        let p = get(&s, path, As::default()).await;
        assert_eq!(p.status, 200, "{path}");
        assert!(
            p.text().contains("profile.js"),
            "{path} preloads its module"
        );
    }
}

/// A private player (issue #47) is hidden by every route that would show
/// it to someone who did not play it: another player's games list (its
/// name, and the `opponent=` filter), that player's zip, and a game's state
/// for a spectator (the API, the page, the socket), name and rating alike;
/// the players of a game still see each other.
#[tokio::test]
async fn a_private_player_is_hidden_from_spectators_and_other_players_lists() {
    use futures_util::StreamExt;
    let (s, ana, bob, g) = ana_and_bob().await;
    let (won, drawn) = (g[1].as_str(), g[2].as_str());
    // The game Ana won against Bob was rated: both seats' changes.
    let st = store(&s).await;
    sqlx::query("UPDATE games SET rated = 'jarmo' WHERE id = $1")
        .bind(won)
        .execute(st.pool())
        .await
        .unwrap();
    for (seat, account, after, deviation) in
        [(0, "ana", 1662.31, 290.32), (1, "bob", 1337.69, 280.5)]
    {
        sqlx::query(
            "INSERT INTO rating_changes (game_id, seat, account, level, pool, n, score, \
             before_rating, before_deviation, before_volatility, after_rating, after_deviation, \
             after_volatility, at) SELECT $1, $2, id, NULL, 'jarmo', 0, 1.0, 1500.0, 350.0, \
             0.06, $3, $5, 0.06, 5 FROM accounts WHERE name_key = $4",
        )
        .bind(won)
        .bind(seat)
        .bind(after)
        .bind(account)
        .bind(deviation)
        .execute(st.pool())
        .await
        .unwrap();
    }
    // A server on the same database reads the games as now stored.
    let s = common::start_on(&s.database).await;
    let spectator = get(&s, &format!("/api/games/{won}"), As::default()).await;
    assert_eq!(
        spectator.json["seats"][0]["player"]["name"], "Ana",
        "public yet"
    );
    assert!(spectator.text().contains("1662.31"), "{}", spectator.text());

    let a = send(
        &s,
        "POST",
        "/api/account/private",
        cookie(&ana),
        Some(json!({"private": true})),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text());

    // Bob's games, to anyone else: Ana is a private player, and no name
    // finds her games, as no name finds nobody's.
    for how in [As::default(), cookie(&signup(&s, "Cyd", &[]).await)] {
        let list = get(&s, "/api/players/bob/games", how).await;
        assert_eq!(ids(&list), [won, drawn]);
        for item in list.json["games"].as_array().unwrap() {
            assert_eq!(item["opponent"], json!({"kind": "private"}), "{item}");
        }
        assert!(!list.text().contains("Ana"), "{}", list.text());
        for name in ["ana", "ANA"] {
            let found = get(&s, &format!("/api/players/bob/games?opponent={name}"), how).await;
            assert!(ids(&found).is_empty(), "{}", found.text());
        }
        let zip = get(&s, "/api/players/bob/games.zip", how).await;
        let files = unzip(&zip.bytes);
        assert_eq!(files.len(), 2);
        for (name, text) in &files {
            assert!(!text.contains("Ana"), "{name}: {text}");
            assert!(text.contains("\"private player\"]"), "{name}: {text}");
        }
    }
    // Bob (his own list) and Ana (the opponent) played those games: named.
    for how in [cookie(&bob), cookie(&ana)] {
        let list = get(&s, "/api/players/bob/games?opponent=ana", how).await;
        assert_eq!(ids(&list), [won, drawn]);
        assert_eq!(list.json["games"][0]["opponent"]["name"], "Ana");
    }
    let zip = get(&s, "/api/players/bob/games.zip", cookie(&bob)).await;
    assert!(unzip(&zip.bytes)
        .iter()
        .all(|(_, t)| t.contains("\"Ana\"]")));

    // A spectator of the game: no name, no rating for Ana's seat; Bob's
    // seat as before.
    let spectator = get(&s, &format!("/api/games/{won}"), As::default()).await;
    let seats = &spectator.json["seats"];
    assert_eq!(seats[0]["player"], Value::Null, "{seats}");
    assert_eq!(seats[0]["private"], true);
    assert_eq!(seats[1]["player"]["name"], "Bob");
    assert_eq!(seats[1]["private"], false);
    let rated = &spectator.json["rated"]["seats"];
    assert_eq!(rated[0]["rating"], Value::Null, "{rated}");
    assert_eq!(rated[0]["after"], Value::Null, "{rated}");
    assert_eq!(rated[0]["private"], true);
    assert!(rated[1]["after"].as_f64().is_some(), "{rated}");
    for hidden in ["Ana", "1662.31", "290.32"] {
        assert!(
            !spectator.text().contains(hidden),
            "{hidden}: {}",
            spectator.text()
        );
    }
    // The page carries the spectator's state, so the same.
    let page = get(&s, &format!("/play/{won}"), As::default()).await;
    assert_eq!(page.status, 200);
    assert!(page.text().contains(won));
    for hidden in ["\"Ana\"", "1662.31"] {
        assert!(!page.text().contains(hidden), "{hidden} on the page");
    }
    // The socket's first state, to a spectator.
    let url = format!("{}/api/games/{won}/ws", s.base.replacen("http", "ws", 1));
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("opens");
    let first = loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(10), ws.next())
            .await
            .expect("a message")
            .expect("open")
            .expect("a frame");
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "state" {
                break v;
            }
        }
    };
    let text = first.to_string();
    assert!(!text.contains("Ana") && !text.contains("1662.31"), "{text}");
    // The players of the game see each other, ratings too.
    for how in [cookie(&bob), cookie(&ana)] {
        let st = get(&s, &format!("/api/games/{won}"), how).await;
        assert_eq!(
            st.json["seats"][0]["player"]["name"],
            "Ana",
            "{}",
            st.text()
        );
        assert!(st.text().contains("1662.31"));
    }
    // Public again: shown again, to everyone.
    let a = send(
        &s,
        "POST",
        "/api/account/private",
        cookie(&ana),
        Some(json!({"private": false})),
    )
    .await;
    assert_eq!(a.status, 200);
    let spectator = get(&s, &format!("/api/games/{won}"), As::default()).await;
    assert_eq!(spectator.json["seats"][0]["player"]["name"], "Ana");
    let list = get(&s, "/api/players/bob/games?opponent=ana", As::default()).await;
    assert_eq!(ids(&list), [won, drawn]);
}
