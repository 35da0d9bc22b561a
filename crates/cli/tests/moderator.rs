//! `tablero moderator grant|revoke|list` on a server's database (#44).

mod common;

use common::{tablero, tablero_env};
use tablero_server::accounts::store::{insert, AccountRow};
use tablero_server::Db;

/// A SQLite database with the accounts `names`.
fn database(dir: &std::path::Path, names: &[&str]) -> String {
    let path = dir.join("t.db").to_str().unwrap().to_string();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let db = Db::open(&path).await.unwrap();
            for (i, name) in names.iter().enumerate() {
                let row = AccountRow {
                    id: format!("id{i}"),
                    name: (*name).to_string(),
                    created: 0,
                    hash: String::new(),
                    private: false,
                };
                assert!(insert(&db, &row, &name.to_lowercase()).await.unwrap());
            }
            db.pool().close().await;
        });
    path
}

#[test]
fn grant_list_and_revoke_the_moderators() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path(), &["Marta", "luis"]);
    let (code, out, _) = tablero(&["moderator", "list", "--database", &db], "");
    assert_eq!((code, out.trim()), (0, "no moderators"));
    let (code, out, err) = tablero(&["moderator", "grant", "marta", "--database", &db], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "Marta is a moderator");
    // Again: no change.
    let (code, _, _) = tablero(&["moderator", "grant", "MARTA", "--database", &db], "");
    assert_eq!(code, 0);
    tablero(&["moderator", "grant", "luis", "--database", &db], "");
    let (_, out, _) = tablero(&["moderator", "list", "--database", &db], "");
    assert_eq!(out.lines().collect::<Vec<_>>(), ["Marta", "luis"]);
    let (code, out, _) = tablero(&["moderator", "revoke", "Marta", "--database", &db], "");
    assert_eq!((code, out.trim()), (0, "Marta is no longer a moderator"));
    let (_, out, _) = tablero(&["moderator", "revoke", "Marta", "--database", &db], "");
    assert_eq!(out.trim(), "Marta was not a moderator");
    let (_, out, _) = tablero(&["moderator", "list", "--database", &db], "");
    assert_eq!(out.trim(), "luis");
}

#[test]
fn an_unknown_account_or_database_is_an_error_in_the_reader_s_language() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path(), &["marta"]);
    let (code, _, err) = tablero(&["moderator", "grant", "nadie", "--database", &db], "");
    assert_ne!(code, 0);
    assert!(err.contains("no account named nadie"), "{err}");
    let missing = dir.path().join("none.db");
    let missing = missing.to_str().unwrap();
    let (code, _, err) = tablero_env(
        &["moderator", "list", "--database", missing],
        "",
        &[("LANG", "es_ES.UTF-8")],
    );
    assert_ne!(code, 0);
    assert!(err.contains("no hay ninguna base de datos"), "{err}");
    assert!(
        !std::path::Path::new(missing).exists(),
        "no database is made"
    );
}
