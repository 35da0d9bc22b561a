//! Follows and blocks between accounts (issue #44): the relations' store,
//! on SQLite and, when `TABLERO_TEST_POSTGRES` names a server, PostgreSQL.

use tablero_server::db::Db;
use tablero_server::people::{People, MAX_RELATIONS};

async fn people() -> (People, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("t.db").to_str().unwrap())
        .await
        .unwrap();
    (People::new(db), dir)
}

#[tokio::test]
async fn a_follow_is_one_way_and_kept_once() {
    let (p, _dir) = people().await;
    assert!(p.follow("ana", "bo").await.unwrap());
    assert!(p.follow("ana", "bo").await.unwrap());
    assert!(p.follow("ana", "cy").await.unwrap());
    assert_eq!(p.following("ana").await.unwrap(), ["bo", "cy"]);
    assert!(p.follows("ana", "bo").await.unwrap());
    assert!(!p.follows("bo", "ana").await.unwrap());
    assert!(p.following("bo").await.unwrap().is_empty());
    p.unfollow("ana", "bo").await.unwrap();
    assert_eq!(p.following("ana").await.unwrap(), ["cy"]);
}

#[tokio::test]
async fn nobody_follows_or_blocks_themselves() {
    let (p, _dir) = people().await;
    assert!(!p.follow("ana", "ana").await.unwrap());
    assert!(!p.block("ana", "ana").await.unwrap());
    assert!(p.following("ana").await.unwrap().is_empty());
    assert!(!p.blocked_between("ana", "ana").await.unwrap());
}

#[tokio::test]
async fn a_block_works_both_ways_and_ends_the_follows() {
    let (p, _dir) = people().await;
    p.follow("ana", "bo").await.unwrap();
    p.follow("bo", "ana").await.unwrap();
    p.follow("ana", "cy").await.unwrap();
    assert!(!p.blocked_between("ana", "bo").await.unwrap());
    assert!(p.block("bo", "ana").await.unwrap());
    assert!(p.blocked_between("ana", "bo").await.unwrap());
    assert!(p.blocked_between("bo", "ana").await.unwrap());
    assert!(!p.blocked_between("ana", "cy").await.unwrap());
    assert_eq!(p.following("ana").await.unwrap(), ["cy"]);
    assert!(p.following("bo").await.unwrap().is_empty());
    assert_eq!(p.blocking("bo").await.unwrap(), ["ana"]);
    assert!(p.blocking("ana").await.unwrap().is_empty());
    // The one blocked cannot undo the block.
    p.unblock("ana", "bo").await.unwrap();
    assert!(p.blocked_between("ana", "bo").await.unwrap());
    p.unblock("bo", "ana").await.unwrap();
    assert!(!p.blocked_between("ana", "bo").await.unwrap());
}

#[tokio::test]
async fn follows_stop_at_the_cap() {
    let (p, _dir) = people().await;
    for i in 0..MAX_RELATIONS {
        assert!(p.follow("ana", &format!("p{i}")).await.unwrap());
    }
    assert!(!p.follow("ana", "one-more").await.unwrap());
    assert_eq!(p.following("ana").await.unwrap().len(), MAX_RELATIONS);
    // Following again someone already followed is fine at the cap.
    assert!(p.follow("ana", "p0").await.unwrap());
    assert_eq!(p.following("ana").await.unwrap().len(), MAX_RELATIONS);
}
