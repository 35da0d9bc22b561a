//! Tournaments (issue #45): the routes act for the session's account only
//! (another account's cookie is refused); a round is paired once by two
//! processes at once, and a restart in the middle of a round neither
//! loses nor repeats a pairing (SQLite here, and PostgreSQL when
//! `TABLERO_TEST_POSTGRES` names a database); a no-show loses by forfeit;
//! a Swiss and a round-robin run to their end; the standings and their
//! tie-breaks on a hand-worked example; an arena pairs again at once and
//! scores its streaks.

use serde_json::{json, Value};
use std::time::Duration;
use tablero_server::games::{Action, Actor, DrawAction};
use tablero_server::tournaments::{store, NewTournament, Tournaments, LIVE_GRACE_MS};
use tablero_server::{AppState, Db};

mod common;

// ---------------------------------------------------------------- routes

async fn post(s: &common::Server, cookie: Option<&str>, path: &str, body: Value) -> (u16, Value) {
    s.call_as("POST", path, cookie, None, Some(body)).await
}

#[tokio::test]
async fn another_account_cannot_start_leave_or_join_without_the_link() {
    let s = common::start().await;
    let alice = s.sign_up("alice").await;
    let bob = s.sign_up("bob").await;
    let carol = s.sign_up("carol").await;
    let (status, _) = post(
        &s,
        None,
        "/api/tournaments",
        json!({"kind": "swiss", "game": "jarmo", "clock": "5+3"}),
    )
    .await;
    assert_eq!(status, 401, "only accounts make tournaments");
    let (status, t) = post(
        &s,
        Some(&alice),
        "/api/tournaments",
        json!({"kind": "swiss", "game": "jarmo", "clock": "5+3", "rounds": 3,
               "private": true, "name": "Friday"}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let id = t["id"].as_str().unwrap().to_string();
    let link = t["link"]
        .as_str()
        .expect("its creator sees the link")
        .to_string();
    // Others see no link, and the private tournament is not listed.
    let (_, seen) = s
        .call_as(
            "GET",
            &format!("/api/tournaments/{id}"),
            Some(&bob),
            None,
            None,
        )
        .await;
    assert!(seen["link"].is_null());
    let (_, lists) = s.call_as("GET", "/api/tournaments", None, None, None).await;
    assert_eq!(lists["upcoming"], json!([]));
    let path = |a: &str| format!("/api/tournaments/{id}/{a}");
    assert_eq!(post(&s, Some(&bob), &path("join"), json!({})).await.0, 403);
    assert_eq!(
        post(&s, Some(&bob), &path("join"), json!({"link": "guess"}))
            .await
            .0,
        403
    );
    assert_eq!(
        post(&s, None, &path("join"), json!({"link": link})).await.0,
        401
    );
    let (status, joined) = post(&s, Some(&bob), &path("join"), json!({"link": link})).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["me"]["joined"], true);
    assert_eq!(joined["standings"][0]["name"], "bob");
    // Carol has no entry to pause or withdraw: bob's stays as it was.
    assert_eq!(
        post(&s, Some(&carol), &path("withdraw"), json!({})).await.0,
        404
    );
    assert_eq!(
        post(&s, Some(&carol), &path("pause"), json!({})).await.0,
        404
    );
    // Only the creator starts it.
    assert_eq!(post(&s, Some(&bob), &path("start"), json!({})).await.0, 403);
    assert_eq!(post(&s, None, &path("start"), json!({})).await.0, 401);
    let (_, seen) = s
        .call_as("GET", &format!("/api/tournaments/{id}"), None, None, None)
        .await;
    assert_eq!(seen["state"], "upcoming");
    assert_eq!(seen["standings"][0]["state"], "in");
    // One player: it cannot start yet.
    assert_eq!(
        post(&s, Some(&alice), &path("start"), json!({})).await.0,
        409
    );
    let (status, _) = post(&s, Some(&bob), &path("withdraw"), json!({})).await;
    assert_eq!(status, 200);
    let (_, seen) = s
        .call_as("GET", &format!("/api/tournaments/{id}"), None, None, None)
        .await;
    assert_eq!(seen["standings"][0]["state"], "withdrawn");
}

#[tokio::test]
async fn a_tournament_that_cannot_be_is_refused() {
    let s = common::start().await;
    let alice = s.sign_up("alice").await;
    for body in [
        json!({"kind": "league", "game": "jarmo", "clock": "5+3"}),
        json!({"kind": "swiss", "game": "chess", "clock": "5+3"}),
        json!({"kind": "swiss", "game": "jarmo", "clock": "none"}),
        json!({"kind": "arena", "game": "jarmo", "clock": "3d"}),
        json!({"kind": "swiss", "game": "jarmo", "clock": "5+3", "rounds": 0}),
        json!({"kind": "round_robin", "game": "jarmo", "clock": "5+3", "cycles": 3}),
        json!({"kind": "round_robin", "game": "jarmo", "clock": "5+3", "max_players": 31}),
        json!({"kind": "swiss", "game": "jarmo", "clock": "5+3", "surprise": 1}),
    ] {
        let (status, answer) = post(&s, Some(&alice), "/api/tournaments", body.clone()).await;
        assert!(
            (400..500).contains(&status) && status != 404,
            "{body}: {status} {answer}"
        );
    }
    let (status, t) = post(
        &s,
        Some(&alice),
        "/api/tournaments",
        json!({"kind": "arena", "game": "jarmo", "clock": "3+2", "minutes": 30}),
    )
    .await;
    assert_eq!(status, 200, "{t}");
    let (_, lists) = s.call_as("GET", "/api/tournaments", None, None, None).await;
    assert_eq!(lists["upcoming"][0]["id"], t["id"]);
    assert_eq!(lists["upcoming"][0]["creator"], "alice");
}

// ------------------------------------------------------- the concern

/// A server's state on `db` with its subscribers running, as one process.
fn process(db: &Db) -> AppState {
    let state = AppState::new(db.clone(), &tablero_server::Limits::default(), None, false);
    state.subscribe();
    state
}

/// A process whose subscribers do not run (its ends are not heard).
fn deaf(db: &Db) -> AppState {
    AppState::new(db.clone(), &tablero_server::Limits::default(), None, false)
}

/// Accounts `names`, signed up: (id, name).
async fn accounts(state: &AppState, names: &[&str]) -> Vec<(String, String)> {
    // Names of their own: a PostgreSQL database outlives a run.
    let run = tablero_server::db::random_id(4).to_lowercase();
    let mut out = Vec::new();
    for name in names {
        let name = format!("{name}{run}");
        let (_, secret) = state
            .accounts
            .sign_up(None, &name, "a long enough password".into(), &[], None)
            .await
            .unwrap();
        let session = state.accounts.session(&secret).await.unwrap().unwrap();
        out.push((session.account, name));
    }
    out
}

/// A tournament of `kind` made by the first of `players`, all of them
/// joined; its id.
async fn made(t: &Tournaments, kind: &str, players: &[(String, String)], extra: Value) -> String {
    let mut req = json!({"kind": kind, "game": "jarmo", "clock": "5+3", "starts_in": 0});
    for (k, v) in extra.as_object().unwrap() {
        req[k] = v.clone();
    }
    let req: NewTournament = serde_json::from_value(req).unwrap();
    let (id, name) = &players[0];
    let view = t.make((id, name), &req).await.unwrap();
    for (id, name) in players {
        t.join(&view.id, (id, name), None).await.unwrap();
    }
    view.id
}

/// Waits until `done` holds for the pairings of `id` (a few seconds).
async fn until(db: &Db, id: &str, done: impl Fn(&[store::PairingRow]) -> bool) {
    for _ in 0..300 {
        if done(&store::pairings(db, id).await.unwrap()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("not in time: {:#?}", store::pairings(db, id).await.unwrap());
}

fn round(p: &[store::PairingRow], r: i64) -> Vec<&store::PairingRow> {
    p.iter().filter(|x| x.round == r).collect()
}

/// Seat `seat` of pairing `p`'s game does `action`.
async fn act(state: &AppState, p: &store::PairingRow, seat: usize, action: Action) {
    let token = if seat == 0 {
        p.first_token.clone()
    } else {
        p.second_token.clone()
    };
    let game = p.game.as_deref().unwrap();
    state
        .hub
        .act(game, &Actor::Tokens(vec![token.unwrap()]), action)
        .await
        .unwrap_or_else(|e| panic!("{game}: {e:?}"));
}

/// The game of `p` ends: `winner` by resignation of the other, or a draw.
async fn finish(state: &AppState, p: &store::PairingRow, winner: Option<usize>) {
    match winner {
        Some(w) => act(state, p, 1 - w, Action::Resign).await,
        None => {
            act(state, p, 0, Action::Draw(DrawAction::Offer)).await;
            act(state, p, 1, Action::Draw(DrawAction::Accept)).await;
        }
    }
}

async fn sqlite() -> (tempfile::TempDir, Db) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let db = Db::open(path.to_str().unwrap()).await.unwrap();
    (dir, db)
}

/// Two processes tick at once, again and again: each round is written
/// once, each game made once.
async fn two_processes_pair_each_round_once(db: &Db) {
    let (a, b) = (process(db), process(db));
    let players = accounts(&a, &["ann", "ben", "cid", "dee", "eve"]).await;
    let id = made(&a.tournaments, "swiss", &players, json!({"rounds": 3})).await;
    let now = tablero_server::db::now_ms();
    for _ in 0..5 {
        let (x, y) = tokio::join!(a.tournaments.tick(now), b.tournaments.tick(now));
        x.unwrap();
        y.unwrap();
    }
    let t = store::get(db, &id).await.unwrap().unwrap();
    assert_eq!((t.state.as_str(), t.round), ("running", 1));
    let p = store::pairings(db, &id).await.unwrap();
    assert_eq!(p.len(), 3, "two boards and a bye: {p:#?}");
    assert_eq!(
        p.iter()
            .filter(|x| x.result.as_deref() == Some("bye"))
            .count(),
        1
    );
    for x in p.iter().filter(|x| x.game.is_some()) {
        assert!(x.made);
        let (row, _) = a
            .hub
            .stored(x.game.as_deref().unwrap())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.seats[0].token, x.first_token);
        assert_eq!(row.seats[1].token, x.second_token);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_sqlite_file_pair_a_round_once() {
    let (_dir, db) = sqlite().await;
    two_processes_pair_each_round_once(&db).await;
}

/// A fresh PostgreSQL schema for one test, or none (skipped).
async fn postgres() -> Option<Db> {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return None;
    };
    Some(Db::open(&url).await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_postgres_pair_a_round_once() {
    if let Some(db) = postgres().await {
        two_processes_pair_each_round_once(&db).await;
    }
}

/// A process pairs a round and stops before it makes the games; another
/// starts, makes them (the same pairings, no second round); games end
/// while no process hears them; a restarted process catches up and pairs
/// the next round, once.
async fn a_restart_mid_round_loses_and_repeats_nothing(db: &Db) {
    let first = deaf(db);
    let players = accounts(&first, &["amy", "bea", "cal", "don"]).await;
    let id = made(&first.tournaments, "swiss", &players, json!({"rounds": 2})).await;
    let now = tablero_server::db::now_ms();
    first.tournaments.pair_due(now).await.unwrap();
    let written = store::pairings(db, &id).await.unwrap();
    assert_eq!(written.len(), 2);
    assert!(written.iter().all(|p| !p.made && p.game.is_some()));
    drop(first);
    // The second process: the games of the pairings written, and no more.
    let second = deaf(db);
    second.tournaments.tick(now).await.unwrap();
    second.tournaments.tick(now).await.unwrap();
    let p = store::pairings(db, &id).await.unwrap();
    assert_eq!(p.len(), 2);
    for (was, is) in written.iter().zip(&p) {
        assert_eq!(
            (&was.game, &was.first, &was.second),
            (&is.game, &is.first, &is.second)
        );
        assert!(is.made);
    }
    // Both games end; nobody hears it (the process is deaf).
    finish(&second, &p[0], Some(0)).await;
    finish(&second, &p[1], Some(1)).await;
    second.tournaments.tick(now).await.unwrap();
    assert_eq!(store::pairings(db, &id).await.unwrap().len(), 2);
    drop(second);
    // A restarted process catches up: the results, then round 2, once.
    let third = process(db);
    until(db, &id, |p| p.iter().filter(|x| x.round == 2).count() == 2).await;
    third.tournaments.tick(now).await.unwrap();
    let p = store::pairings(db, &id).await.unwrap();
    assert_eq!(p.len(), 4, "{p:#?}");
    assert_eq!(round(&p, 1)[0].result.as_deref(), Some("1-0"));
    assert_eq!(round(&p, 1)[1].result.as_deref(), Some("0-1"));
    assert!(round(&p, 2).iter().all(|x| x.made));
    assert_eq!(store::get(db, &id).await.unwrap().unwrap().round, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_on_sqlite_loses_and_repeats_nothing() {
    let (_dir, db) = sqlite().await;
    a_restart_mid_round_loses_and_repeats_nothing(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_on_postgres_loses_and_repeats_nothing() {
    if let Some(db) = postgres().await {
        a_restart_mid_round_loses_and_repeats_nothing(&db).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_no_show_loses_by_forfeit() {
    let (_dir, db) = sqlite().await;
    let s = process(&db);
    let players = accounts(&s, &["ada", "bob"]).await;
    let id = made(&s.tournaments, "swiss", &players, json!({"rounds": 1})).await;
    let now = tablero_server::db::now_ms();
    s.tournaments.tick(now).await.unwrap();
    let p = store::pairings(&db, &id).await.unwrap();
    let game = p[0].game.clone().unwrap();
    // Within the grace nothing happens.
    s.tournaments
        .tick(now + LIVE_GRACE_MS - 1000)
        .await
        .unwrap();
    assert!(store::pairings(&db, &id).await.unwrap()[0].result.is_none());
    // After it, the first seat, which never moved, loses by forfeit
    // through the games' one door.
    s.tournaments
        .tick(now + LIVE_GRACE_MS + 1000)
        .await
        .unwrap();
    let (row, _) = s.hub.stored(&game).await.unwrap().unwrap();
    assert_eq!(row.result.as_deref(), Some("w1:forfeit"));
    until(&db, &id, |p| p[0].result.as_deref() == Some("-+")).await;
    s.tournaments
        .tick(now + LIVE_GRACE_MS + 2000)
        .await
        .unwrap();
    let v = s.tournaments.view(&id, None).await.unwrap();
    assert_eq!(v.state, "finished");
    let second = p[0].second.clone().unwrap();
    let winner = players.iter().find(|(a, _)| *a == second).unwrap();
    assert_eq!(v.standings[0].name, winner.1);
    assert_eq!((v.standings[0].points, v.standings[1].points), (2, 0));
    // A forfeit is no game played: each meets FIDE's virtual opponent
    // (docs/rulings.md), whose score is the player's before the round
    // (0), plus what the player did not score in it, plus nothing after
    // (the last round): 0 for the winner, 1 point (2 half points) for the
    // loser.
    assert_eq!((v.standings[0].buchholz, v.standings[1].buchholz), (0, 2));
}

/// A round-robin of three (FIDE's Berger table: a bye each round; R1 P0
/// has the bye and P1 meets P2, R2 P2 has it and P0 meets P1, R3 P1 has
/// it and P2 meets P0): the first rated wins against the second and draws
/// the third, the second beats the third. By hand, in points, with the
/// tie-breaks of docs/rulings.md (an opponent's bye counts as a draw in
/// their score; one's own bye meets a virtual opponent scoring what one
/// had before the round, plus what one did not score in it, plus a draw a
/// round after it; the bye a win against it):
/// - scores: P0 1 + ½ + bye 1 = 2½, P1 1 + 0 + bye 1 = 2, P2 0 + ½ + bye 1
///   = 1½; for the tie-breaks, byes as draws: P0 2, P1 1½, P2 1;
/// - P0: Buchholz P1 1½ + P2 1 + virtual (R1: 0 + 0 + 1) 1 = 3½;
///   Sonneborn-Berger P1 1½ + ½×P2 1 + virtual 1 = 3;
/// - P1: Buchholz P2 1 + P0 2 + virtual (R3: 1 + 0 + 0) 1 = 4; SB P2 1 +
///   virtual 1 = 2;
/// - P2: Buchholz P1 1½ + P0 2 + virtual (R2: 0 + 0 + ½) ½ = 4; SB
///   ½×P0 2 + virtual ½ = 1½.
///
/// In half points (points, Buchholz) and quarter points (SB): (5, 7, 12),
/// (4, 8, 8), (3, 8, 6).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_runs_to_its_end_with_the_hand_worked_standings() {
    let (_dir, db) = sqlite().await;
    let s = process(&db);
    let players = accounts(&s, &["pia", "quin", "rex"]).await;
    let id = made(&s.tournaments, "round_robin", &players, json!({})).await;
    let now = tablero_server::db::now_ms();
    s.tournaments.tick(now).await.unwrap();
    let entries = store::entries(&db, &id).await.unwrap();
    let number = |a: &str| entries.iter().find(|e| e.account == a).unwrap().number;
    let name = |n: i64| entries.iter().find(|e| e.number == n).unwrap().name.clone();
    for r in 1..=3 {
        until(&db, &id, |p| {
            round(p, r).iter().all(|x| x.made) && !round(p, r).is_empty()
        })
        .await;
        let p = store::pairings(&db, &id).await.unwrap();
        let game = round(&p, r)
            .into_iter()
            .find(|x| x.second.is_some())
            .unwrap()
            .clone();
        let (a, b) = (number(&game.first), number(game.second.as_deref().unwrap()));
        let winner = match (a.min(b), a.max(b)) {
            (0, 1) => Some(if a == 0 { 0 } else { 1 }),
            (1, 2) => Some(if a == 1 { 0 } else { 1 }),
            _ => None,
        };
        finish(&s, &game, winner).await;
        until(&db, &id, |p| round(p, r).iter().all(|x| x.result.is_some())).await;
    }
    s.tournaments
        .tick(tablero_server::db::now_ms())
        .await
        .unwrap();
    let v = s.tournaments.view(&id, None).await.unwrap();
    assert_eq!(v.state, "finished");
    assert_eq!(v.rounds, 3);
    let got: Vec<(String, i64, i64, i64)> = v
        .standings
        .iter()
        .map(|l| (l.name.clone(), l.points, l.buchholz, l.sonneborn_berger))
        .collect();
    assert_eq!(
        got,
        vec![(name(0), 5, 7, 12), (name(1), 4, 8, 8), (name(2), 3, 8, 6)]
    );
    // Each pair met once; every player had one bye.
    let p = store::pairings(&db, &id).await.unwrap();
    assert_eq!(
        p.iter()
            .filter(|x| x.result.as_deref() == Some("bye"))
            .count(),
        3
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_again_at_once_scores_streaks_and_stops_at_its_end() {
    let (_dir, db) = sqlite().await;
    let s = process(&db);
    let players = accounts(&s, &["ike", "jon", "kai"]).await;
    let id = made(&s.tournaments, "arena", &players, json!({"minutes": 30})).await;
    let now = tablero_server::db::now_ms();
    s.tournaments.tick(now).await.unwrap();
    let p = store::pairings(&db, &id).await.unwrap();
    assert_eq!(p.len(), 1, "three players: one game, one waits");
    let (a, b) = (p[0].first.clone(), p[0].second.clone().unwrap());
    let waiting = players
        .iter()
        .find(|(x, _)| *x != a && *x != b)
        .unwrap()
        .0
        .clone();
    // The game ends: its winner is paired at once with the one waiting.
    finish(&s, &p[0], Some(0)).await;
    until(&db, &id, |p| p.len() == 2 && p[1].made).await;
    let p = store::pairings(&db, &id).await.unwrap();
    assert_eq!(p[0].first_points, Some(2));
    let pair = [p[1].first.clone(), p[1].second.clone().unwrap()];
    assert!(pair.contains(&waiting), "{pair:?}");
    // The same player wins three in a row: the third counts double.
    let star = a.clone();
    let mut wins = 1;
    while wins < 3 {
        let p = store::pairings(&db, &id).await.unwrap();
        let open = p
            .iter()
            .filter(|x| x.result.is_none() && x.made)
            .cloned()
            .collect::<Vec<_>>();
        for g in &open {
            let (row, _) = s
                .hub
                .stored(g.game.as_deref().unwrap())
                .await
                .unwrap()
                .unwrap();
            if row.result.is_some() {
                continue; // ended, its result on its way
            }
            let w = if g.first == star {
                0
            } else if g.second.as_deref() == Some(&star) {
                1
            } else {
                0
            };
            let mine = g.first == star || g.second.as_deref() == Some(&star);
            finish(&s, g, Some(w)).await;
            if mine {
                wins += 1;
            }
        }
        let n = p.len();
        until(&db, &id, |p| {
            p.len() > n || p.iter().all(|x| x.result.is_some())
        })
        .await;
        s.tournaments.tick(now).await.unwrap();
    }
    until(&db, &id, |p| {
        p.iter()
            .filter(|x| {
                x.result.is_some() && (x.first == star || x.second.as_deref() == Some(&star))
            })
            .count()
            >= 3
    })
    .await;
    let v = s.tournaments.view(&id, None).await.unwrap();
    let line = v
        .standings
        .iter()
        .find(|l| l.name == players.iter().find(|x| x.0 == star).unwrap().1)
        .unwrap();
    assert_eq!(line.points, 2 + 2 + 4, "{v:#?}");
    assert_eq!(line.streak, 3);
    // Its time up: finished, and no new pairing, though players wait.
    let before = store::pairings(&db, &id).await.unwrap().len();
    // (Its pairing and ending only: a whole tick this late would also
    // find the open game unstarted past its grace.)
    s.tournaments.pair_due(now + 31 * 60 * 1000).await.unwrap();
    let t = store::get(&db, &id).await.unwrap().unwrap();
    assert_eq!(t.state, "finished");
    let open: Vec<store::PairingRow> = store::pairings(&db, &id)
        .await
        .unwrap()
        .into_iter()
        .filter(|x| x.result.is_none())
        .collect();
    // The last games still count.
    for g in &open {
        finish(&s, g, Some(0)).await;
    }
    until(&db, &id, |p| p.iter().all(|x| x.result.is_some())).await;
    let p = store::pairings(&db, &id).await.unwrap();
    assert_eq!(p.len(), before);
    assert!(!open.is_empty());
    for g in &open {
        let now = p.iter().find(|x| x.game == g.game).unwrap();
        assert_eq!(now.result.as_deref(), Some("1-0"));
        assert!(now.first_points >= Some(2));
    }
}
