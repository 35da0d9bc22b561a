//! Faults a real server meets (issue #43): a full disk under SQLite, and
//! two processes on one PostgreSQL database answering the same game. Each
//! test prints what it counted (`cargo test -p tablero-server --test
//! faults -- --nocapture`).

mod common;

use serde_json::json;
use std::time::Duration;
use tablero_ai::table::{self, GameTable, Seat};
use tablero_core::Player;
use tablero_server::db::{Db, PageCap};
use tablero_server::games::{Action, Actor, GameError, Hub, NewGame, SeatKind, SeatSpec};

/// A same-screen Jarmo game (both seats held by the creator).
fn jarmo() -> NewGame {
    NewGame {
        game: "jarmo".into(),
        variant: None,
        first: None,
        seats: [SeatSpec {
            kind: SeatKind::Human,
            level: None,
        }; 2],
        two_games: false,
        clock: None,
        rated: false,
        no_vacation: false,
        accounts: [None, None],
    }
}

/// Whether `e` is the refusal of a full disk (a fault the API answers
/// with 503 `api_database_full`).
fn full(e: &GameError) -> bool {
    matches!(e, GameError::Internal(f) if f.full())
}

/// Plays `game`'s next move (the first legal one, at the ply its cached
/// copy shows): `Ok(Some(move))` acknowledged, `Ok(None)` the game is over,
/// `Err` refused.
async fn play_one(
    hub: &std::sync::Arc<Hub>,
    id: &str,
    actor: &Actor,
) -> Result<Option<String>, GameError> {
    let st = serde_json::to_value(hub.state(id, actor, None).await?).unwrap();
    let Some(mv) = st["legal"][0]["move"].as_str().map(String::from) else {
        return Ok(None);
    };
    let ply = st["ply"].as_u64().and_then(|p| usize::try_from(p).ok());
    hub.act(
        id,
        actor,
        Action::Move {
            text: mv.clone(),
            ply,
        },
    )
    .await?;
    Ok(Some(mv))
}

/// The moves of game `id` as stored in the file at `path`, read by a new
/// connection (as after a restart).
async fn stored_moves(db: &Db, id: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply")
        .bind(id)
        .fetch_all(db.pool())
        .await
        .unwrap()
}

/// How the test fills the disk.
enum Filler {
    /// SQLite's file held at its size (`PRAGMA max_page_count`): a write
    /// needing a page more fails in its statement.
    Cap(PageCap),
    /// A real small filesystem, filled by a file of its own: SQLite's
    /// write-ahead log fails to grow, in a statement or in the `COMMIT`.
    Disk(std::path::PathBuf),
}

impl Filler {
    fn fill(&self, pages: u64) {
        match self {
            Filler::Cap(cap) => cap.set(pages + 1),
            Filler::Disk(path) => {
                use std::io::Write;
                let mut f = std::fs::File::create(path).unwrap();
                let block = vec![7u8; 4096];
                while f.write_all(&block).is_ok() {}
                let _ = f.sync_all();
            }
        }
    }

    fn free(&self) {
        match self {
            Filler::Cap(cap) => cap.set(1 << 30),
            Filler::Disk(path) => std::fs::remove_file(path).unwrap(),
        }
    }
}

/// The disk fills under SQLite (the page cap below), and on a real small
/// filesystem where `TABLERO_TEST_FULL_DIR` names one (`scripts/test.sh`
/// mounts an 8 MiB tmpfs there when it runs as root): see [`full_disk`].
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_never_loses_an_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let cap = PageCap::new(1 << 30);
    full_disk(dir.path(), Some(cap.clone()), Filler::Cap(cap), "page cap").await;
    match std::env::var("TABLERO_TEST_FULL_DIR") {
        Ok(small) => {
            let dir = tempfile::tempdir_in(small).unwrap();
            let filler = Filler::Disk(dir.path().join("filler"));
            full_disk(dir.path(), None, filler, "small filesystem").await;
        }
        Err(_) => eprintln!("the small filesystem skipped: TABLERO_TEST_FULL_DIR is not set"),
    }
}

/// A full disk under SQLite: moves and new games are refused with the full
/// disk's 503 and none is acknowledged unless its commit succeeded; the
/// cached games stay as stored; when space returns every move is stored
/// and acknowledged again, without a restart; reopened, the file holds
/// every acknowledged move, in order, and nothing else.
async fn full_disk(dir: &std::path::Path, cap: Option<PageCap>, filler: Filler, how: &str) {
    let path = dir.join("full.db").to_str().unwrap().to_string();
    let db = Db::open_capped(&path, Duration::from_secs(2), cap)
        .await
        .unwrap();
    let hub = Hub::new(db.clone());
    let mut games = Vec::new();
    for _ in 0..6 {
        let c = hub.create(jarmo()).await.unwrap();
        let actor = Actor::Tokens(c.tokens.values().cloned().collect());
        games.push((c.id, actor, Vec::<String>::new()));
    }
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
        .fetch_one(db.pool())
        .await
        .unwrap();
    filler.fill(u64::try_from(pages).unwrap());

    let (mut acked_full, mut refused_full) = (0, 0);
    for round in 0..40 {
        for (id, actor, acked) in &mut games {
            match play_one(&hub, id, actor).await {
                Ok(Some(mv)) => {
                    acked.push(mv);
                    acked_full += 1;
                }
                Ok(None) => {}
                Err(e) => {
                    assert!(full(&e), "round {round}: refused for another reason: {e:?}");
                    refused_full += 1;
                }
            }
        }
    }
    // A new game is not answered unless it is stored.
    let created_full = match hub.create(jarmo()).await {
        Ok(c) => {
            assert!(hub.stored(&c.id).await.unwrap().is_some());
            1
        }
        Err(e) => {
            assert!(full(&e), "{e:?}");
            0
        }
    };
    assert!(
        refused_full > 0,
        "the cap never filled the file ({acked_full} acknowledged)"
    );
    // Every cached game shows what is stored, not a refused move.
    for (id, actor, acked) in &games {
        let st = serde_json::to_value(hub.state(id, actor, None).await.unwrap()).unwrap();
        assert_eq!(st["ply"], json!(acked.len()), "game {id}");
    }

    // Space returns: the same server stores and acknowledges again.
    filler.free();
    let mut acked_after = 0;
    for _ in 0..10 {
        for (id, actor, acked) in &mut games {
            if let Some(mv) = play_one(&hub, id, actor).await.unwrap() {
                acked.push(mv);
                acked_after += 1;
            }
        }
    }
    let created_after = hub.create(jarmo()).await.unwrap();
    assert!(acked_after > 0);

    // A restart: the hub and its pool gone, the file opened again.
    drop(hub);
    db.pool().close().await;
    let reopened = Db::open(&path).await.unwrap();
    let (mut found, mut acked_total) = (0, 0);
    for (id, _, acked) in &games {
        let stored = stored_moves(&reopened, id).await;
        assert_eq!(
            &stored, acked,
            "game {id}: stored moves differ from acknowledged ones"
        );
        found += stored.len();
        acked_total += acked.len();
    }
    let reopened_hub = Hub::new(reopened);
    assert!(reopened_hub
        .stored(&created_after.id)
        .await
        .unwrap()
        .is_some());
    println!(
        "full disk (SQLite, {how}): {acked_full} moves acknowledged after the disk filled (in space the file already had), \
         {refused_full} refused (503 api_database_full), {created_full} game created while full; \
         {acked_after} acknowledged after space returned; after a restart {found} of \
         {acked_total} acknowledged moves found"
    );
    assert_eq!(found, acked_total);
}

/// How many replies the two-process test sends (issue #43: 1,000).
const REPLIES: usize = 1000;

/// Two server processes on one PostgreSQL database, a game played by
/// replies sent alternately to each, every reply sent to the other process
/// right after the last move was acknowledged (half of them with the
/// position read there first): no correct reply is refused, and no read
/// shows a position older than the one acknowledged.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn replies_to_the_other_process_right_after_an_ack_are_never_refused() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!("skipped: TABLERO_TEST_POSTGRES is not set");
        return;
    };
    let servers = [common::start_on(&url).await, common::start_on(&url).await];
    let (mut replies, mut refused, mut stale, mut games, mut reads) = (0, 0, 0, 0, 0);
    let mut game: Option<(String, [String; 2], Box<dyn GameTable>)> = None;
    while replies < REPLIES {
        let (id, tokens, mirror) = match &mut game {
            Some((id, tokens, mirror)) if mirror.outcome().is_none() => (id, tokens, mirror),
            _ => {
                let (status, created) = servers[replies % 2]
                    .call(
                        "POST",
                        "/api/games",
                        None,
                        Some(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]})),
                    )
                    .await;
                assert_eq!(status, 200, "{created}");
                let tokens = [0, 1].map(|s| {
                    created["tokens"][s.to_string()]
                        .as_str()
                        .unwrap()
                        .to_string()
                });
                let mirror =
                    table::open("jarmo", None, None, Player::ALL[0], [Seat::Person; 2]).unwrap();
                games += 1;
                let g = game.insert((created["id"].as_str().unwrap().to_string(), tokens, mirror));
                (&mut g.0, &mut g.1, &mut g.2)
            }
        };
        let server = &servers[replies % 2];
        let seat = mirror.to_move().unwrap();
        let ply = mirror.moves().len();
        // Every other reply, the position is read on this process first
        // (right after the other process's ack): never older than it.
        if replies % 2 == 1 {
            reads += 1;
            let (status, seen) = server
                .call(
                    "GET",
                    &format!("/api/games/{id}"),
                    Some(&tokens[seat]),
                    None,
                )
                .await;
            assert_eq!(status, 200, "{seen}");
            if seen["ply"] != json!(ply) {
                stale += 1;
                eprintln!("stale read: ply {} after an ack at ply {ply}", seen["ply"]);
            }
        }
        let legal = mirror.legal();
        let mv = legal[replies % legal.len()].text.clone();
        let (status, answer) = server
            .call(
                "POST",
                &format!("/api/games/{id}/move"),
                Some(&tokens[seat]),
                Some(json!({"move": mv, "ply": ply})),
            )
            .await;
        if status == 200 {
            mirror.play(seat, &mv).unwrap();
        } else {
            refused += 1;
            eprintln!("refused {mv} at ply {ply}: {status} {answer}");
            // Where the game really is (the next reply goes on from there).
            let (_, now) = servers[0]
                .call(
                    "GET",
                    &format!("/api/games/{id}"),
                    Some(&tokens[seat]),
                    None,
                )
                .await;
            if now["ply"] == json!(ply + 1) {
                mirror.play(seat, &mv).unwrap();
            }
        }
        replies += 1;
    }
    println!(
        "two processes on PostgreSQL: {replies} replies in {games} games, each sent to the \
         other process right after the last ack: {refused} refused; {reads} reads there \
         first, {stale} stale"
    );
    assert_eq!((refused, stale), (0, 0));
}

/// A move out of turn is refused saying the ply the game is at, like a
/// move made on a position gone (`table-moved-on`).
#[tokio::test]
async fn a_move_out_of_turn_says_the_ply() {
    let server = common::start().await;
    let (status, created) = server
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]})),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap();
    let second = created["tokens"]["1"].as_str().unwrap();
    let mirror = table::open("jarmo", None, None, Player::ALL[0], [Seat::Person; 2]).unwrap();
    let mv = mirror.legal()[0].text.clone();
    let (status, refused) = server
        .call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(second),
            Some(json!({"move": mv, "ply": 0})),
        )
        .await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(refused["code"], "table-not-your-turn");
    assert_eq!(refused["args"]["ply"], 0);
}

/// Bad input never reaches the database: a NUL character (U+0000) in a
/// path, a query or a JSON body, and a body that is JSON but not an object,
/// are refused with 400 before any query (on PostgreSQL too, which cannot
/// store a NUL in text and once answered 503); a 413 closes the
/// connection.
#[tokio::test]
async fn bad_input_is_refused_before_the_database() {
    let sqlite = common::start().await;
    bad_input(&sqlite).await;
    match std::env::var("TABLERO_TEST_POSTGRES") {
        Ok(url) => bad_input(&common::start_on(&url).await).await,
        Err(_) => eprintln!("PostgreSQL skipped: TABLERO_TEST_POSTGRES is not set"),
    }
    too_large_closes(&sqlite).await;
}

async fn bad_input(server: &common::Server) {
    let (status, created) = server
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]})),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap();
    for path in [
        "/api/games/ab%00cd".to_string(),
        format!("/api/games/{id}?ply=%00"),
        "/api/players/x%00y".to_string(),
        "/api/players/x%00y/games".to_string(),
    ] {
        let (status, body) = server.call("GET", &path, None, None).await;
        assert_eq!(
            (status, &body["code"]),
            (400, &json!("api_nul_byte")),
            "{path}: {body}"
        );
    }
    for (path, body) in [
        (
            "/api/account/signup",
            json!({"name": "a\u{0}b", "password": "correct horse"}),
        ),
        (
            "/api/games",
            json!({"game": "jarmo\u{0}", "seats": [{"kind": "human"}, {"kind": "human"}]}),
        ),
        ("/api/lobby/seeks", json!({"game": "jar\u{0}mo"})),
    ] {
        let (status, answer) = server.call_as("POST", path, None, None, Some(body)).await;
        assert_eq!(
            (status, &answer["code"]),
            (400, &json!("api_nul_byte")),
            "{path}: {answer}"
        );
    }
    for path in [
        "/api/games".to_string(),
        format!("/api/games/{id}/resign"),
        "/api/lobby/seeks/abc/accept".to_string(),
    ] {
        for body in [json!([]), json!("x"), json!(null)] {
            let (status, answer) = server.call("POST", &path, None, Some(body.clone())).await;
            assert_eq!(
                (status, &answer["code"]),
                (400, &json!("api_body_not_object")),
                "{path} {body}: {answer}"
            );
        }
    }
    // The game was not touched by any of it.
    let (_, st) = server
        .call("GET", &format!("/api/games/{id}"), None, None)
        .await;
    assert_eq!(st["ply"], 0);
    assert!(st["result"].is_null(), "{st}");
}

/// A body declared over the limit is answered 413 with `Connection: close`,
/// and the server closes the connection (the body's rest is never read).
async fn too_large_closes(server: &common::Server) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100000\r\nConnection: keep-alive\r\n\r\n",
        server.addr
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut answer))
        .await
        .expect("the server closes the connection")
        .unwrap();
    let text = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    assert!(text.starts_with("http/1.1 413"), "{text}");
    assert!(text.contains("connection: close"), "{text}");
}
