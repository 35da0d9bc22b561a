//! The store's group commit: changes sent at once are written together, each
//! answered after its commit, a stale one refused alone, and every
//! acknowledged change found after the store is reopened.

use tablero_server::db::Db;
use tablero_server::events::Bus;
use tablero_server::games::store::{Committed, EndWrite, Store};
use tablero_server::games::{Chain, GameRow, SeatRow};

fn seat(token: &str) -> SeatRow {
    SeatRow {
        kind: "human".into(),
        level: None,
        token: Some(token.into()),
    }
}

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        game: "jarmo".into(),
        variant: String::new(),
        first: 0,
        seats: [seat("a"), seat("b")],
        declared: None,
        draw_offer: None,
        takeback_offer: None,
        ply: 0,
        result: None,
        version: 0,
        created: 1,
        updated: 1,
        chain: Chain::default(),
        clock: None,
        rated: None,
        vacation: Default::default(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_changes_commit_in_groups_and_survive_a_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    let path = path.to_str().unwrap().to_string();
    let store = Store::new(Db::open(&path).await.unwrap(), Bus::new());
    let games = 64;
    for g in 0..games {
        store.create_game(&row(&format!("g{g}"))).await.unwrap();
    }
    // Every game gets 5 moves, all games at once; each change is computed
    // from the version its game had.
    let mut tasks = Vec::new();
    for g in 0..games {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut r = row(&format!("g{g}"));
            for ply in 0..5 {
                r.version += 1;
                r.ply = ply + 1;
                let text = format!("m{g}-{ply}");
                let ok = store.save(&r, ply as usize, &[text]).await.unwrap();
                assert!(ok, "game g{g} ply {ply} was refused");
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    // A change computed from an old version is refused and writes nothing.
    let mut stale = row("g0");
    stale.version = 1;
    stale.declared = Some("w0:resign".into());
    assert!(!store.save(&stale, 0, &["x".into()]).await.unwrap());
    drop(store);

    let store = Store::new(Db::open(&path).await.unwrap(), Bus::new());
    for g in 0..games {
        let (r, moves) = store.load_game(&format!("g{g}")).await.unwrap().unwrap();
        assert_eq!(r.version, 5);
        assert_eq!(r.declared, None);
        let want: Vec<String> = (0..5).map(|p| format!("m{g}-{p}")).collect();
        assert_eq!(moves, want, "game g{g}");
    }
}

/// The event of game `id`'s end, its number left to the store.
fn ended(id: &str) -> tablero_server::events::GameEnded {
    let seat = tablero_server::events::EndedSeat {
        kind: "human".into(),
        level: None,
        account: None,
    };
    tablero_server::events::GameEnded {
        game: id.into(),
        seq: 0,
        name: "jarmo".into(),
        variant: String::new(),
        result: "w0:resign".into(),
        kind: tablero_server::events::EndKind::Resign,
        winner: Some(0),
        seats: [seat.clone(), seat],
        rated: None,
        clock: None,
        plies: 0,
        at: 2,
    }
}

/// Games ending at once, in one group commit or several, on one process
/// or two: every end gets its own number, stored with the end, and an end
/// committed later a higher one; an undo that takes an end back clears
/// it.
async fn ends_are_numbered_once_in_order(stores: [Store; 2], tag: &str) {
    let games = 48;
    for g in 0..games {
        stores[0]
            .create_game(&row(&format!("{tag}{g}")))
            .await
            .unwrap();
    }
    let mut tasks = Vec::new();
    for g in 0..games {
        let store = stores[g % 2].clone();
        let id = format!("{tag}{g}");
        tasks.push(tokio::spawn(async move {
            let mut r = row(&id);
            r.version = 1;
            r.declared = Some("w0:resign".into());
            r.result = r.declared.clone();
            r.updated = 2;
            let done = store
                .save_with(
                    &r,
                    (0, 0),
                    &[],
                    None,
                    EndWrite::Ends(Box::new(ended(&id))),
                    None,
                )
                .await
                .unwrap();
            let Committed::Ended(seq) = done else {
                panic!("{id}: {done:?}");
            };
            (id, seq)
        }));
    }
    let mut seqs = Vec::new();
    for t in tasks {
        seqs.push(t.await.unwrap());
    }
    let mut numbers: Vec<i64> = seqs.iter().map(|(_, s)| *s).collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), games, "one number per end: {seqs:?}");
    let db = stores[0].db();
    for (id, seq) in &seqs {
        let stored: Option<i64> = sqlx::query_scalar("SELECT end_seq FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(db.pool())
            .await
            .unwrap();
        assert_eq!(stored, Some(*seq), "{id}");
    }
    // The end taken back: no number, until the game ends again, later.
    // The game with the highest number: a number given back must not be
    // given again.
    let (id, first) = seqs.iter().max_by_key(|(_, s)| *s).unwrap();
    let mut r = row(id);
    r.version = 2;
    assert!(
        stores[0]
            .save_with(&r, (0, 0), &[], None, EndWrite::Reopens, None)
            .await
            .unwrap()
            == Committed::Done
    );
    let stored: Option<i64> = sqlx::query_scalar("SELECT end_seq FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(stored, None);
    r.version = 3;
    r.result = Some("d:agreed".into());
    let again = stores[1]
        .save_with(
            &r,
            (0, 0),
            &[],
            None,
            EndWrite::Ends(Box::new(ended(id))),
            None,
        )
        .await
        .unwrap();
    let Committed::Ended(later) = again else {
        panic!("{again:?}");
    };
    assert!(later > *numbers.last().unwrap() && later > *first);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ends_get_strictly_increasing_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("n.db");
    let db = Db::open(path.to_str().unwrap()).await.unwrap();
    // Two stores (two committers) on one SQLite file, as two processes.
    let other = Db::open(path.to_str().unwrap()).await.unwrap();
    let stores = [Store::new(db, Bus::new()), Store::new(other, Bus::new())];
    ends_are_numbered_once_in_order(stores, "s").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn ends_get_strictly_increasing_numbers_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!("skipped: TABLERO_TEST_POSTGRES is not set");
        return;
    };
    let tag = format!("p{}", tablero_server::db::random_id(6));
    let stores = [
        Store::new(Db::open(&url).await.unwrap(), Bus::new()),
        Store::new(Db::open(&url).await.unwrap(), Bus::new()),
    ];
    ends_are_numbered_once_in_order(stores, &tag).await;
}

/// A database made before the end numbers (migrations 11 to 13 undone)
/// with three games that ended (one rated, not yet rated) and one that
/// goes on: opened again, the ended games are numbered in the order of
/// their last change, the ratings' cursor stands just before the rated
/// one, and the next end comes after them.
async fn older_ends_are_numbered_by_the_migration(url: &str, tag: &str) {
    let db = Db::open(url).await.unwrap();
    let store = Store::new(db.clone(), Bus::new());
    for (g, updated, result) in [
        ("b", 30, Some("w0:resign")),
        ("a", 10, Some("d:agreed")),
        ("c", 20, Some("w1:time")),
        ("d", 40, None),
    ] {
        let id = format!("{tag}{g}");
        store.create_game(&row(&id)).await.unwrap();
        let mut r = row(&id);
        r.version = 1;
        r.updated = updated;
        r.result = result.map(String::from);
        assert!(store.save(&r, 0, &[]).await.unwrap());
    }
    let pool = db.pool();
    let postgres = db.is_postgres();
    // Game c is rated and not yet rated: the ratings' cursor (migration
    // 13) starts just before it.
    sqlx::query("UPDATE games SET rated = 'jarmo' WHERE id = $1")
        .bind(format!("{tag}c"))
        .execute(pool)
        .await
        .unwrap();
    for sql in [
        "DELETE FROM _sqlx_migrations WHERE version IN (11, 12, 13)",
        "DROP TABLE rating_cursor",
        "DROP INDEX games_end_seq",
        "ALTER TABLE games DROP COLUMN end_seq",
        "ALTER TABLE games DROP COLUMN ended",
    ] {
        sqlx::query(sql).execute(pool).await.unwrap();
    }
    if postgres {
        sqlx::query("DROP SEQUENCE game_end_seq")
            .execute(pool)
            .await
            .unwrap();
    }
    drop(store);
    let db = Db::open(url).await.unwrap();
    let seq = |g: &'static str| {
        let db = db.clone();
        let id = format!("{tag}{g}");
        async move {
            let n: Option<i64> = sqlx::query_scalar("SELECT end_seq FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(db.pool())
                .await
                .unwrap();
            n
        }
    };
    let (a, c, b) = (
        seq("a").await.unwrap(),
        seq("c").await.unwrap(),
        seq("b").await.unwrap(),
    );
    assert!(a < c && c < b, "{a} {c} {b}: by their last change");
    assert_eq!(seq("d").await, None, "a game going on has no number");
    let cursor: i64 = sqlx::query_scalar("SELECT end_seq FROM rating_cursor")
        .fetch_one(db.pool())
        .await
        .unwrap();
    assert_eq!(cursor, c - 1, "before the first rated game not yet rated");
    let store = Store::new(db, Bus::new());
    let id = format!("{tag}d");
    let mut r = row(&id);
    r.version = 2;
    r.result = Some("w0:resign".into());
    let done = store
        .save_with(
            &r,
            (0, 0),
            &[],
            None,
            EndWrite::Ends(Box::new(ended(&id))),
            None,
        )
        .await
        .unwrap();
    assert!(
        matches!(done, Committed::Ended(n) if n > b),
        "{done:?} after {b}"
    );
}

#[tokio::test]
async fn older_ends_are_numbered_by_the_migration_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.db");
    older_ends_are_numbered_by_the_migration(path.to_str().unwrap(), "m").await;
}

#[tokio::test]
async fn older_ends_are_numbered_by_the_migration_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!("skipped: TABLERO_TEST_POSTGRES is not set");
        return;
    };
    // The other tests may use the database meanwhile: a database of its own.
    let admin = Db::open(&url).await.unwrap();
    let name = format!(
        "tablero_migration_{}",
        tablero_server::db::random_id(8).to_lowercase()
    );
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(admin.pool())
        .await
        .unwrap();
    let own = match url.rsplit_once('/') {
        Some((base, _)) => format!("{base}/{name}"),
        None => panic!("a database URL: {url}"),
    };
    older_ends_are_numbered_by_the_migration(&own, "m").await;
}
