//! Correspondence leagues (issue #45; docs/rulings.md, "Leagues"): the
//! entrants split by rating into groups of 4 to 7, each group a double
//! round-robin whose games are all made at once; the players told once,
//! on the bus, after a process that paired the groups stopped before it
//! made the games; when every game has ended the next edition is made
//! once (two processes at once, on SQLite and on PostgreSQL when
//! `TABLERO_TEST_POSTGRES` names a database), with the groups' winners
//! promoted, their last relegated, and a new entrant in the lowest
//! division.

use serde_json::json;
use std::collections::HashMap;
use std::time::Duration;
use tablero_server::events::Notice;
use tablero_server::games::{Action, Actor};
use tablero_server::tournaments::{store, NewTournament, Tournaments, LEAGUE_BREAK_MS};
use tablero_server::{AppState, Db};

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
async fn accounts(state: &AppState, names: &[String]) -> Vec<(String, String)> {
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

/// Sets the rating `account` entered tournament `id` with.
async fn rate(db: &Db, id: &str, account: &str, rating: i64) {
    sqlx::query("UPDATE tournament_entries SET rating = $1 WHERE tournament = $2 AND account = $3")
        .bind(rating)
        .bind(id)
        .bind(account)
        .execute(db.pool())
        .await
        .unwrap();
}

/// A league of Jarmo at 3 days per move made by the first of `players`,
/// all joined, the i-th with rating 2000 - 100 i; its id.
async fn league(t: &Tournaments, db: &Db, players: &[(String, String)]) -> String {
    let req: NewTournament = serde_json::from_value(
        json!({"kind": "league", "game": "jarmo", "clock": "3d", "starts_in": 0, "name": "Winter"}),
    )
    .unwrap();
    let (id, name) = &players[0];
    let view = t.make((id, name), &req).await.unwrap();
    assert_eq!(view.cycles, 2, "a league's groups play twice by default");
    for ((account, name), i) in players.iter().zip(0..) {
        t.join(&view.id, (account, name), None).await.unwrap();
        rate(db, &view.id, account, 2000 - 100 * i).await;
    }
    view.id
}

fn names(n: usize, stem: &str) -> Vec<String> {
    (0..n).map(|i| format!("{stem}{i}")).collect()
}

async fn sqlite() -> (tempfile::TempDir, Db) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let db = Db::open(path.to_str().unwrap()).await.unwrap();
    (dir, db)
}

/// A fresh database on the PostgreSQL server, or none (skipped).
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
async fn groups_are_made_by_rating_with_all_their_games_and_each_player_told_once() {
    let (_dir, db) = sqlite().await;
    // A process pairs the groups and stops before it makes a game.
    let gone = deaf(&db);
    let players = accounts(&gone, &names(10, "lea")).await;
    let id = league(&gone.tournaments, &db, &players).await;
    let now = tablero_server::db::now_ms();
    gone.tournaments.pair_due(now).await.unwrap();
    let p = store::pairings(&db, &id).await.unwrap();
    assert_eq!(p.len(), 40, "two groups of five, each pair twice");
    assert!(p.iter().all(|x| !x.made));
    drop(gone);
    // Another makes them, and tells the players of their groups once.
    let s = process(&db);
    let mut notices = s.hub.bus().notices();
    for _ in 0..3 {
        s.tournaments.tick(now).await.unwrap();
    }
    let p = store::pairings(&db, &id).await.unwrap();
    assert_eq!(p.len(), 40, "no second pairing");
    assert!(p.iter().all(|x| x.made && x.game.is_some()));
    let entries = store::entries(&db, &id).await.unwrap();
    let group: HashMap<&str, i64> = entries
        .iter()
        .map(|e| (e.account.as_str(), e.grp.unwrap()))
        .collect();
    // The five best rated in group 1, the others in group 2.
    for ((account, _), i) in players.iter().zip(0..) {
        assert_eq!(
            group[account.as_str()],
            if i < 5 { 1 } else { 2 },
            "player {i}"
        );
    }
    // Each pair of a group meets twice, the seats swapped; none across.
    for x in &p {
        let (a, b) = (x.first.as_str(), x.second.as_deref().unwrap());
        assert_eq!(group[a], x.round);
        assert_eq!(group[b], x.round);
        assert!(p
            .iter()
            .any(|y| y.first == b && y.second.as_deref() == Some(a)));
        // Made at days per move, casual, both seats bound.
        let (row, _) = s
            .hub
            .stored(x.game.as_deref().unwrap())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.seats[0].token, x.first_token);
        assert_eq!(row.clock.as_ref().unwrap().control.to_string(), "3d");
    }
    let mut told = Vec::new();
    while let Ok(Ok(n)) = tokio::time::timeout(Duration::from_millis(300), notices.recv()).await {
        if let Notice::Group(g) = n {
            told.push(g);
        }
    }
    assert_eq!(told.len(), 2, "one notice per group, once: {told:#?}");
    for g in &told {
        assert_eq!(g.players.len(), 5);
        assert_eq!(g.name, "Winter");
        assert!(g.players.iter().all(|pl| pl.games.len() == 8));
    }
    let v = s.tournaments.view(&id, Some(&players[0].0)).await.unwrap();
    assert_eq!(
        (v.kind.as_str(), v.edition, v.state.as_str()),
        ("league", 1, "running")
    );
    assert_eq!(v.standings.len(), 10);
    assert_eq!(v.standings[0].group, Some(1));
    assert_eq!(v.standings[9].group, Some(2));
}

/// Two processes hear every end and tick at once: the edition ends once
/// and its next edition is made once, with promotion and relegation; a
/// new entrant starts in the lowest division.
async fn the_next_edition_is_made_once_with_promotion_and_relegation(db: &Db) {
    let (a, b) = (process(db), process(db));
    let players = accounts(&a, &names(8, "pro")).await;
    let id = league(&a.tournaments, db, &players).await;
    let now = tablero_server::db::now_ms();
    let (x, y) = tokio::join!(a.tournaments.tick(now), b.tournaments.tick(now));
    x.unwrap();
    y.unwrap();
    let p = store::pairings(db, &id).await.unwrap();
    assert_eq!(p.len(), 24, "two groups of four, each pair twice");
    // The better rated wins every game (the loser resigns).
    let rank: HashMap<&str, usize> = players
        .iter()
        .enumerate()
        .map(|(i, (a, _))| (a.as_str(), i))
        .collect();
    for (x, i) in p.iter().zip(0..) {
        let loser_seat = usize::from(rank[x.first.as_str()] < rank[x.second.as_deref().unwrap()]);
        let token = if loser_seat == 0 {
            &x.first_token
        } else {
            &x.second_token
        };
        let by = if i % 2 == 0 { &a } else { &b };
        by.hub
            .act(
                x.game.as_deref().unwrap(),
                &Actor::Tokens(vec![token.clone().unwrap()]),
                Action::Resign,
            )
            .await
            .unwrap();
    }
    let league_id = store::get(db, &id).await.unwrap().unwrap().league.unwrap();
    let mut next = None;
    for _ in 0..300 {
        let (x, y) = tokio::join!(
            a.tournaments.tick(tablero_server::db::now_ms()),
            b.tournaments.tick(tablero_server::db::now_ms())
        );
        x.unwrap();
        y.unwrap();
        next = store::edition(db, &league_id, 2).await.unwrap();
        if next.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let next = next.expect("the next edition is made");
    let first = store::get(db, &id).await.unwrap().unwrap();
    assert_eq!(first.state, "finished");
    let editions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tournaments WHERE league = $1")
        .bind(&league_id)
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(editions, 2, "one next edition");
    assert_eq!(next.state, "upcoming");
    assert_eq!(
        (next.kind.as_str(), next.clock.as_deref(), next.cycles),
        ("league", Some("3d"), 2)
    );
    assert_eq!(next.starts_at, first.finished.unwrap() + LEAGUE_BREAK_MS);
    // Promotion and relegation: group 1's last (the 4th) goes down, group
    // 2's winner (the 5th) goes up; the top's winner and the bottom's last
    // stay.
    let carried = store::entries(db, &next.id).await.unwrap();
    assert_eq!(carried.len(), 8);
    let division = |i: usize| {
        carried
            .iter()
            .find(|e| e.account == players[i].0)
            .unwrap()
            .division
    };
    let divisions: Vec<Option<i64>> = (0..8).map(division).collect();
    assert_eq!(
        divisions,
        [1, 1, 1, 2, 1, 2, 2, 2].map(Some).to_vec(),
        "the divisions carried"
    );
    let v = a.tournaments.view(&id, None).await.unwrap();
    assert_eq!(v.next.as_deref(), Some(next.id.as_str()));
    let moves: Vec<(String, Option<String>)> = v
        .standings
        .iter()
        .map(|s| (s.name.clone(), s.moves.clone()))
        .collect();
    assert_eq!(moves[3], (players[3].1.clone(), Some("down".into())));
    assert_eq!(moves[4], (players[4].1.clone(), Some("up".into())));
    // A new entrant, however well rated, starts in the lowest division.
    let new = accounts(&a, &["nu".to_string()]).await.remove(0);
    a.tournaments
        .join(&next.id, (&new.0, &new.1), None)
        .await
        .unwrap();
    rate(db, &next.id, &new.0, 2500).await;
    let later = next.starts_at;
    let (x, y) = tokio::join!(a.tournaments.tick(later), b.tournaments.tick(later));
    x.unwrap();
    y.unwrap();
    let entries = store::entries(db, &next.id).await.unwrap();
    let order: Vec<&str> = entries.iter().map(|e| e.account.as_str()).collect();
    // Numbered by division: the division 1 players first (0, 1, 2, 4 in
    // some order), then division 2's, the newcomer last.
    let top: Vec<&str> = [0, 1, 2, 4]
        .iter()
        .map(|&i| players[i].0.as_str())
        .collect();
    assert!(order[..4].iter().all(|a| top.contains(a)), "{order:?}");
    assert_eq!(order[8], new.0);
    let sizes: Vec<usize> = (1..=2)
        .map(|g| entries.iter().filter(|e| e.grp == Some(g)).count())
        .collect();
    assert_eq!(sizes, [5, 4], "nine players: groups of five and four");
    let p2 = store::pairings(db, &next.id).await.unwrap();
    assert_eq!(p2.len(), 20 + 12);
    let v2 = a.tournaments.view(&next.id, None).await.unwrap();
    assert_eq!((v2.edition, v2.previous.as_deref()), (2, Some(id.as_str())));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_sqlite_make_the_next_edition_once_with_promotion_and_relegation() {
    let (_dir, db) = sqlite().await;
    the_next_edition_is_made_once_with_promotion_and_relegation(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_postgres_make_the_next_edition_once_with_promotion_and_relegation() {
    if let Some(db) = postgres().await {
        the_next_edition_is_made_once_with_promotion_and_relegation(&db).await;
    }
}
