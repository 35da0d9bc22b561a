//! The analysis board and the explorer ask Super Dimensiones' endgame
//! tables where one is installed (a small one, at most 4 pieces, built
//! here): inside it every move has the table's exact points difference,
//! outside it the moves come without values.

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;
use tablero_ai::solve::dimensiones_table::{
    build, install, BuildOptions, BuildOrder, Table, TableRules,
};
use tablero_ai::Play;
use tablero_core::Game;
use tablero_games::dimensiones::{Dimensiones, RuleSet};

mod common;

fn table() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("explore-dimensiones-4.bin");
        let _ = std::fs::remove_file(&path);
        let opts = BuildOptions {
            rules: TableRules::default(),
            pieces: 4,
            threads: 2,
            stop_after: None,
            order: BuildOrder::Canonical,
        };
        build(&path, &opts, |_| {}).unwrap();
        install(Table::open(&path).unwrap()).unwrap();
    });
}

/// Positions the table covers: the Red–Blue sub-game with up to 4 pieces,
/// the Aqua–Orange one decided.
fn covered() -> Vec<String> {
    let rules = RuleSet::default();
    let mut out = Vec::new();
    for (board, army) in [
        ("6/6/3B2/6/1R4/R5", "r"),
        ("1b4/2b3/6/6/1R4/6", "b"),
        ("3b2/6/1r4/2B3/3r2/6", "r"),
        ("6/2b3/3b2/4R1/6/6", "b"),
    ] {
        for decided in ["-1", "-2"] {
            let text = format!("{board} {army} {decided} 0 rbao");
            if Dimensiones::parse_position(&rules, &text).is_ok() {
                out.push(text);
            }
        }
    }
    assert!(out.len() >= 6, "{}", out.len());
    out
}

/// The table's values of every move of `text`, by move.
fn want(text: &str) -> BTreeMap<String, Value> {
    let pos = Dimensiones::parse_position(&RuleSet::default(), text).unwrap();
    Dimensiones::exact_move_values(&pos, 0)
        .expect("covered by the table")
        .into_iter()
        .map(|(m, x)| (pos.format_move(m), json!(x.to_string())))
        .collect()
}

fn values(moves: &Value) -> BTreeMap<String, Value> {
    moves
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["move"].as_str().unwrap().to_string(),
                m["value"]["text"].clone(),
            )
        })
        .collect()
}

async fn post(s: &common::Server, path: &str, body: Value) -> Value {
    let (status, answer) = s.call("POST", path, None, Some(body.clone())).await;
    assert_eq!(status, 200, "{path} {body}: {answer}");
    answer
}

#[tokio::test]
async fn the_analysis_board_and_the_explorer_give_the_table_s_values() {
    table();
    let s = common::start().await;
    for text in covered() {
        let want = want(&text);
        let body = json!({"game": "dimensiones", "position": text});
        let a = post(&s, "/api/analyse", body.clone()).await;
        assert_eq!(a["method"], "exact", "{text}: {a}");
        assert_eq!(values(&a["moves"]), want, "{text}");
        let e = post(&s, "/api/explore", body).await;
        assert_eq!(e["method"], "exact", "{text}: {e}");
        assert_eq!(values(&e["moves"]), want, "{text}");
        assert!(e["moves"][0]["best"].as_bool().unwrap(), "{e}");
        // A set-up position has no games counted from it.
        assert!(e["reached"].is_null(), "{e}");
    }
}

#[tokio::test]
async fn outside_the_table_the_explorer_lists_the_moves_without_values() {
    table();
    let s = common::start().await;
    let e = post(&s, "/api/explore", json!({"game": "dimensiones"})).await;
    assert_eq!(e["method"], "beyond", "{e}");
    let moves = e["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m["value"].is_null()), "{e}");
    // From the start the server's games are counted (none yet).
    assert_eq!(e["reached"]["games"], 0, "{e}");
}
