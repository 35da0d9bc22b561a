//! The courses through the API (issue #46): every game's course in both
//! languages, an exercise played move by move against the coach, the
//! stars kept for the browser or the account that earned them and for
//! nobody else, bad moves and unknown exercises refused.

mod common;

use serde_json::{json, Value};
use tablero_ai::course;

/// A request to the learn routes with this `cookie` header (if any):
/// the status, the body and the `Set-Cookie` header's `name=value`.
async fn call(
    s: &common::Server,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    body: Option<Value>,
) -> (u16, Value, Option<String>) {
    let (status, v, set) = s.with_cookie(method, path, cookie, body).await;
    let set = set.map(|c| c.split(';').next().unwrap_or("").to_string());
    (status, v, set)
}

/// The stars shown for exercise `n` of `stage` in a `GET /api/learn`.
fn stars_of(courses: &Value, game: &str, stage: &str, n: usize) -> Value {
    courses["courses"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["game"] == game)
        .and_then(|c| {
            c["stages"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["id"] == stage)
        })
        .map(|s| s["exercises"][n]["stars"].clone())
        .unwrap()
}

#[tokio::test]
async fn every_course_in_both_languages_without_its_solutions() {
    let s = common::start().await;
    let (status, en, _) = call(&s, "GET", "/api/learn?lang=en", None, None).await;
    assert_eq!(status, 200, "{en}");
    let (_, es, _) = call(&s, "GET", "/api/learn?lang=es", None, None).await;
    let games: Vec<&str> = en["courses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["imago", "jarmo", "linja", "dimensiones"]);
    for (c_en, c_es) in en["courses"]
        .as_array()
        .unwrap()
        .iter()
        .zip(es["courses"].as_array().unwrap())
    {
        let stages = c_en["stages"].as_array().unwrap();
        assert!((6..=10).contains(&stages.len()), "{}", c_en["game"]);
        for (st_en, st_es) in stages.iter().zip(c_es["stages"].as_array().unwrap()) {
            assert!(!st_en["title"].as_str().unwrap().starts_with("learn-"));
            // A title may be a name ("Jacke"); the lesson is words.
            assert!(!st_es["title"].as_str().unwrap().is_empty());
            assert_ne!(st_en["intro"], st_es["intro"], "{}", st_en["id"]);
            for e in st_en["exercises"].as_array().unwrap() {
                assert!(e["goal_text"].as_str().unwrap().len() > 3, "{e}");
                assert!(e.get("solution").is_none(), "a solution given away: {e}");
                assert_eq!(e["stars"], Value::Null);
            }
        }
    }
}

#[tokio::test]
async fn an_exercise_played_to_its_goal_keeps_its_stars_for_that_learner_only() {
    let s = common::start().await;
    let stage = course::course("imago")
        .unwrap()
        .stage("imago-step")
        .unwrap();
    let solution: Vec<String> = stage.exercises[0]
        .solution
        .iter()
        .map(|m| (*m).to_string())
        .collect();
    let path = "/api/learn/imago/imago-step/0";
    // The first move: not there yet; a browser cookie is set.
    let (status, first, set) = call(
        &s,
        "POST",
        path,
        None,
        Some(json!({"moves": &solution[..1]})),
    )
    .await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["reached"], false);
    assert_eq!(first["stars"], Value::Null);
    assert_eq!(
        first["moves"].as_array().unwrap().len(),
        2,
        "with the coach's answer"
    );
    let browser = set.expect("a browser cookie");
    assert!(browser.starts_with("tablero_browser="), "{browser}");
    // Every move: reached at par, three stars, kept for this browser.
    let (status, done, _) = call(
        &s,
        "POST",
        path,
        Some(&browser),
        Some(json!({"moves": solution})),
    )
    .await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["reached"], true, "{done}");
    assert_eq!(done["stars"], 3);
    assert_eq!(done["best"], 3);
    let (_, mine, _) = call(&s, "GET", "/api/learn", Some(&browser), None).await;
    assert_eq!(stars_of(&mine, "imago", "imago-step", 0), 3);
    assert_eq!(stars_of(&mine, "imago", "imago-step", 1), Value::Null);
    // Another browser, and a stranger, see none.
    let (_, other, _) = call(
        &s,
        "GET",
        "/api/learn",
        Some("tablero_browser=abcdefghijklmnopqrstuvwxyz012345"),
        None,
    )
    .await;
    assert_eq!(stars_of(&other, "imago", "imago-step", 0), Value::Null);
    // An account keeps its own progress, apart from the browser's.
    let ana = s.sign_up("ana_learns").await;
    let bo = s.sign_up("bo_learns").await;
    let ana_cookie = format!("tablero_session={ana}");
    let (_, before, _) = call(&s, "GET", "/api/learn", Some(&ana_cookie), None).await;
    assert_eq!(stars_of(&before, "imago", "imago-step", 0), Value::Null);
    let (status, done, _) = call(
        &s,
        "POST",
        path,
        Some(&ana_cookie),
        Some(json!({"moves": solution})),
    )
    .await;
    assert_eq!((status, done["best"].clone()), (200, json!(3)));
    let (_, after, _) = call(&s, "GET", "/api/learn", Some(&ana_cookie), None).await;
    assert_eq!(stars_of(&after, "imago", "imago-step", 0), 3);
    let bo_cookie = format!("tablero_session={bo}");
    let (_, bos, _) = call(&s, "GET", "/api/learn", Some(&bo_cookie), None).await;
    assert_eq!(stars_of(&bos, "imago", "imago-step", 0), Value::Null);
}

#[tokio::test]
async fn bad_moves_and_unknown_exercises_are_refused_and_record_nothing() {
    let s = common::start().await;
    let browser = "tablero_browser=abcdefghijklmnopqrstuvwxyz543210";
    let (status, bad, _) = call(
        &s,
        "POST",
        "/api/learn/imago/imago-step/0",
        Some(browser),
        Some(json!({"moves": ["a1-a2 h8"]})),
    )
    .await;
    assert_eq!(status, 400, "{bad}");
    for path in [
        "/api/learn/imago/no-such-stage/0",
        "/api/learn/imago/imago-step/99",
        "/api/learn/chess/imago-step/0",
    ] {
        let (status, body, _) =
            call(&s, "POST", path, Some(browser), Some(json!({"moves": []}))).await;
        assert_eq!(status, 404, "{path}: {body}");
    }
    let many = vec!["b5-c5 g2"; 61];
    let (status, body, _) = call(
        &s,
        "POST",
        "/api/learn/imago/imago-step/0",
        Some(browser),
        Some(json!({"moves": many})),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (_, mine, _) = call(&s, "GET", "/api/learn", Some(browser), None).await;
    assert_eq!(stars_of(&mine, "imago", "imago-step", 0), Value::Null);
}
