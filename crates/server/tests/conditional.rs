//! Conditional moves (issue #49; docs/rulings.md, "Conditional moves"):
//! the player who waits leaves "if they play X, I answer Y" lines; when
//! the opponent's move matches, the answer is played at once (in the
//! answer to the opponent's move) and the line's continuation kept; when
//! it does not, the whole tree is dropped; the lines are read and written
//! by their writer only; each move is checked when entered; two
//! processes on PostgreSQL answer alike, whichever receives the move.

mod common;

use common::Server;
use serde_json::{json, Value};
use tablero_ai::table::{self, GameTable, Seat};
use tablero_core::Player;

/// A game of 3 days per move that `a` (cookie) challenged `b` to (a
/// moves first): its id and a's and b's seat tokens.
async fn game(s: &Server, a: &str, b: &str, b_name: &str, clock: &str) -> (String, String, String) {
    let (st, c) = s
        .call_as(
            "POST",
            "/api/challenges",
            Some(a),
            None,
            Some(json!({"to": b_name, "game": "jarmo", "clock": clock, "colour": "first"})),
        )
        .await;
    assert_eq!(st, 200, "{c}");
    let id = c["id"].as_str().unwrap().to_string();
    let (_, accepted) = s
        .call_as(
            "POST",
            &format!("/api/challenges/{id}/accept"),
            Some(b),
            None,
            Some(json!({})),
        )
        .await;
    let (_, mine) = s
        .call_as("GET", &format!("/api/challenges/{id}"), Some(a), None, None)
        .await;
    (
        accepted["game_id"].as_str().unwrap().to_string(),
        mine["token"].as_str().unwrap().to_string(),
        accepted["token"].as_str().unwrap().to_string(),
    )
}

/// The game's moves as stored.
async fn moves(s: &Server, id: &str, token: &str) -> Vec<String> {
    let (_, st) = s
        .call("GET", &format!("/api/games/{id}"), Some(token), None)
        .await;
    st["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            m.as_str()
                .or_else(|| m["move"].as_str())
                .or_else(|| m["text"].as_str())
                .expect("a move's text")
                .to_string()
        })
        .collect()
}

/// A jarmo table after `moves`.
fn table_after(moves: &[String]) -> Box<dyn GameTable> {
    let mut t = table::open("jarmo", None, None, Player::ALL[0], [Seat::Person; 2]).unwrap();
    for m in moves {
        let seat = t.to_move().unwrap();
        t.play(seat, m).unwrap();
    }
    t
}

/// The `i`th legal move after `moves`.
fn legal(moves: &[String], i: usize) -> String {
    table_after(moves).legal()[i].text.clone()
}

async fn mv(s: &Server, id: &str, token: &str, text: &str) -> (u16, Value) {
    s.call(
        "POST",
        &format!("/api/games/{id}/move"),
        Some(token),
        Some(json!({"move": text})),
    )
    .await
}

async fn conditional(s: &Server, id: &str, token: &str, lines: Option<Value>) -> (u16, Value) {
    match lines {
        Some(l) => {
            s.call(
                "POST",
                &format!("/api/games/{id}/conditional"),
                Some(token),
                Some(json!({"lines": l})),
            )
            .await
        }
        None => {
            s.call(
                "GET",
                &format!("/api/games/{id}/conditional"),
                Some(token),
                None,
            )
            .await
        }
    }
}

#[tokio::test]
async fn a_matched_line_is_answered_at_once_and_its_continuation_kept() {
    let s = common::start().await;
    let (alice, bob) = (s.sign_up("alice").await, s.sign_up("bob").await);
    let (g, a, b) = game(&s, &alice, &bob, "bob", "3d").await;
    let first = legal(&[], 0);
    assert_eq!(mv(&s, &g, &a, &first).await.0, 200);
    let m0 = moves(&s, &g, &a).await;
    // If bob plays x1, alice answers y1; then if x2, y2.
    let x1 = legal(&m0, 0);
    let after_x1 = [m0.clone(), vec![x1.clone()]].concat();
    let y1 = legal(&after_x1, 0);
    let after_y1 = [after_x1.clone(), vec![y1.clone()]].concat();
    let x2 = legal(&after_y1, 0);
    let y2 = legal(&[after_y1.clone(), vec![x2.clone()]].concat(), 0);
    let other = legal(&m0, 1);
    let other_answer = legal(&[m0.clone(), vec![other.clone()]].concat(), 0);
    let tree = json!([
        {"if": x1, "then": y1, "next": [{"if": x2, "then": y2}]},
        {"if": other, "then": other_answer},
    ]);
    let (st, saved) = conditional(&s, &g, &a, Some(tree)).await;
    assert_eq!(st, 200, "{saved}");
    assert_eq!(saved["seat"], 0);
    assert_eq!(saved["ply"], m0.len());
    // Private: bob reads his own (none), a stranger nothing at all.
    let (st, theirs) = conditional(&s, &g, &b, None).await;
    assert_eq!((st, theirs["lines"].clone()), (200, json!([])));
    let (st, e) = conditional(&s, &g, "not-a-token", None).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (403, Some("api_conditional_not_yours"))
    );
    let carol = s.sign_up("carol").await;
    let (st, _) = s
        .call_as(
            "GET",
            &format!("/api/games/{g}/conditional"),
            Some(&carol),
            None,
            None,
        )
        .await;
    assert_eq!(st, 403);
    // Bob cannot write alice's (his own turn: refused), nor clear them.
    let (st, e) = conditional(&s, &g, &b, Some(json!([]))).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_conditional_your_turn"))
    );
    // Bob plays x1: the answer to his move already holds alice's y1.
    let (st, after) = mv(&s, &g, &b, &x1).await;
    assert_eq!(st, 200, "{after}");
    let now = moves(&s, &g, &a).await;
    assert_eq!(now, [after_x1.clone(), vec![y1.clone()]].concat());
    assert_eq!(
        after["ply"],
        now.len(),
        "the mover's answer shows the reply"
    );
    // The continuation is kept, from the new position.
    let (_, kept) = conditional(&s, &g, &a, None).await;
    assert_eq!(kept["ply"], now.len());
    assert_eq!(kept["lines"], json!([{"if": x2, "then": y2, "next": []}]));
    // Bob plays something else: no answer, and the tree is gone.
    let not_x2 = legal(&now, 1);
    assert_ne!(not_x2, x2);
    assert_eq!(mv(&s, &g, &b, &not_x2).await.0, 200);
    assert_eq!(moves(&s, &g, &a).await.len(), now.len() + 1);
    let (_, gone) = conditional(&s, &g, &a, None).await;
    assert_eq!(
        (gone["lines"].clone(), gone["ply"].clone()),
        (json!([]), Value::Null)
    );
}

#[tokio::test]
async fn an_unmatched_move_drops_the_tree_and_bad_lines_are_refused() {
    let s = common::start().await;
    let (alice, bob) = (s.sign_up("alice").await, s.sign_up("bob").await);
    let (g, a, b) = game(&s, &alice, &bob, "bob", "3d").await;
    let first = legal(&[], 0);
    // Alice's own turn: refused.
    let (st, _) = conditional(&s, &g, &a, Some(json!([]))).await;
    assert_eq!(st, 409);
    assert_eq!(mv(&s, &g, &a, &first).await.0, 200);
    let m0 = moves(&s, &g, &a).await;
    // An illegal move, and an answer illegal after its move, are refused.
    let (st, e) = conditional(&s, &g, &a, Some(json!([{"if": "zz99", "then": "a1"}]))).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (400, Some("api_conditional_illegal")),
        "{e}"
    );
    let x = legal(&m0, 0);
    let (st, e) = conditional(&s, &g, &a, Some(json!([{"if": x, "then": "zz99"}]))).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (400, Some("api_conditional_illegal")),
        "{e}"
    );
    let y = legal(&[m0.clone(), vec![x.clone()]].concat(), 0);
    let (st, _) = conditional(&s, &g, &a, Some(json!([{"if": x, "then": y}]))).await;
    assert_eq!(st, 200);
    let unmatched = legal(&m0, 1);
    assert_eq!(mv(&s, &g, &b, &unmatched).await.0, 200);
    let now = moves(&s, &g, &a).await;
    assert_eq!(
        now,
        [m0.clone(), vec![unmatched]].concat(),
        "no answer played"
    );
    let (_, gone) = conditional(&s, &g, &a, None).await;
    assert_eq!(gone["lines"], json!([]));
    // A live game has none.
    let (g2, a2, _) = game(&s, &alice, &bob, "bob", "5+3").await;
    assert_eq!(mv(&s, &g2, &a2, &first).await.0, 200);
    let (st, e) = conditional(&s, &g2, &a2, Some(json!([]))).await;
    assert_eq!(
        (st, e["code"].as_str()),
        (409, Some("api_conditional_correspondence"))
    );
}

/// Two processes on one PostgreSQL database: lines written through one
/// are answered when the opponent's move reaches the other. Runs when
/// `TABLERO_TEST_POSTGRES` names a database (scripts/test.sh starts one).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn on_postgres_the_process_that_receives_the_move_answers_it() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let one = common::start_on(&url).await;
    let two = common::start_on(&url).await;
    let tag = tablero_server::db::random_id(6).to_lowercase();
    let alice = one.sign_up(&format!("a{tag}")).await;
    let bob_name = format!("b{tag}");
    let bob = one.sign_up(&bob_name).await;
    let (g, a, b) = game(&one, &alice, &bob, &bob_name, "3d").await;
    assert_eq!(mv(&one, &g, &a, &legal(&[], 0)).await.0, 200);
    // Each process holds the game.
    moves(&two, &g, &b).await;
    for round in 0..3 {
        let m = moves(&one, &g, &a).await;
        let x = legal(&m, round);
        let y = legal(&[m.clone(), vec![x.clone()]].concat(), 0);
        let (st, _) = conditional(&one, &g, &a, Some(json!([{"if": x, "then": y}]))).await;
        assert_eq!(st, 200);
        let (st, after) = mv(&two, &g, &b, &x).await;
        assert_eq!(st, 200, "{after}");
        assert_eq!(after["ply"], m.len() + 2, "round {round}: answered at once");
        assert_eq!(
            moves(&one, &g, &a).await,
            [m, vec![x, y]].concat(),
            "round {round}"
        );
    }
}
