//! The store's group commit: changes sent at once are written together, each
//! answered after its commit, a stale one refused alone, and every
//! acknowledged change found after the store is reopened.

use tablero_server::db::Db;
use tablero_server::events::Bus;
use tablero_server::games::store::Store;
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
        ply: 0,
        result: None,
        version: 0,
        created: 1,
        updated: 1,
        chain: Chain::default(),
        clock: None,
        rated: None,
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
