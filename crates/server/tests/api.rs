//! The web API end to end, in process: a real server on a free port over a
//! SQLite file, driven over HTTP and WebSocket.

use futures_util::StreamExt;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::Server;

/// Starts the server as `tablero serve` does, on a free port.
async fn start_at(database: &str, rate: u32) -> Server {
    let config = tablero_server::Config {
        database: database.to_string(),
        rate,
        // The committed puzzle sets are loaded by tests/puzzles.rs only.
        puzzles: tablero_server::puzzles::Seeding {
            sets: None,
            ..tablero_server::puzzles::Seeding::default()
        },
        ..tablero_server::Config::default()
    };
    common::start_with(config, None).await
}

async fn start(dir: &tempfile::TempDir) -> Server {
    start_at(dir.path().join("t.db").to_str().unwrap(), 0).await
}

impl Server {
    async fn create(&self, game: &str, seats: Value) -> Value {
        let (status, body) = self
            .call(
                "POST",
                "/api/games",
                None,
                Some(json!({"game": game, "seats": seats})),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        body
    }

    /// A new game of `game` between two people (see [`human_pair`]).
    async fn pair(&self, game: &str) -> Pair {
        let created = self.create(game, human_pair()).await;
        Pair {
            id: created["id"].as_str().expect("an id").to_string(),
            t0: created["tokens"]["0"]
                .as_str()
                .expect("a token")
                .to_string(),
            t1: link_token(&created, "1"),
            created,
        }
    }

    async fn play(&self, id: &str, token: &str, mv: &str, ply: Option<u64>) -> (u16, Value) {
        let mut body = json!({"move": mv});
        if let Some(p) = ply {
            body["ply"] = json!(p);
        }
        self.call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(token),
            Some(body),
        )
        .await
    }

    async fn state(&self, id: &str, token: Option<&str>) -> Value {
        let (status, body) = self
            .call("GET", &format!("/api/games/{id}"), token, None)
            .await;
        assert_eq!(status, 200, "{body}");
        body
    }
}

/// A game between two people: its id, the first seat's token and the
/// friend's token, read from the link, and the creation answer.
struct Pair {
    id: String,
    t0: String,
    t1: String,
    created: Value,
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

fn human_pair() -> Value {
    json!([{"kind": "human"}, {"kind": "link"}])
}

fn link_token(created: &Value, seat: &str) -> String {
    let link = created["links"][seat].as_str().expect("a link");
    link.split("#token=")
        .nth(1)
        .expect("token in link")
        .to_string()
}

#[tokio::test]
async fn every_game_plays_to_the_end_through_the_api() {
    let dir = tmp();
    let s = start(&dir).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for game in ["imago", "jarmo", "linja", "dimensiones"] {
        let pair = s.pair(game).await;
        let (id, tokens) = (pair.id.as_str(), [pair.t0.clone(), pair.t1.clone()]);
        let mut ply = 0;
        loop {
            let to_move = s.state(id, None).await["to_move"].clone();
            let Some(seat) = to_move.as_u64() else { break };
            let state = s.state(id, Some(&tokens[seat as usize])).await;
            let legal = state["legal"].as_array().unwrap();
            assert!(!legal.is_empty(), "{game}: a side to move has moves");
            let mv = legal.choose(&mut rng).unwrap()["move"]
                .as_str()
                .unwrap()
                .to_string();
            let (status, after) = s.play(id, &tokens[seat as usize], &mv, Some(ply)).await;
            assert_eq!(status, 200, "{game}: {mv}: {after}");
            ply += 1;
            assert_eq!(after["ply"], ply);
            assert!(ply < 2000, "{game} never ended");
        }
        let end = s.state(id, None).await;
        assert!(end["result"]["reason"].is_string(), "{game}: {end}");
        assert_eq!(end["moves"].as_array().unwrap().len() as u64, ply);
    }
}

#[tokio::test]
async fn an_illegal_or_malformed_move_is_refused_and_changes_nothing() {
    let dir = tmp();
    let s = start(&dir).await;
    let pair = s.pair("imago").await;
    let (id, t0) = (pair.id.as_str(), pair.t0.as_str());
    let before = s.state(id, Some(t0)).await;
    for bad in ["b2-d2 g5", "zz", "", "pass"] {
        let (status, body) = s.play(id, t0, bad, None).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body["error"].as_str().unwrap().len() > 5, "{body}");
    }
    let (status, body) = s
        .call(
            "POST",
            &format!("/api/games/{id}/move"),
            Some(t0),
            Some(json!("not an object")),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "chess", "seats": human_pair()})),
        )
        .await;
    assert_eq!(status, 400);
    let (status, _) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(
                json!({"game": "imago", "seats": [{"kind": "ai", "level": 9}, {"kind": "human"}]}),
            ),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(s.state(id, Some(t0)).await, before);
    let (status, _) = s.call("GET", "/api/games/nosuchgame", None, None).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn seats_need_their_tokens() {
    let dir = tmp();
    let s = start(&dir).await;
    let pair = s.pair("jarmo").await;
    let (id, t0, t1) = (pair.id.as_str(), pair.t0.as_str(), pair.t1.clone());
    assert!(
        pair.created["tokens"].get("1").is_none(),
        "the friend's token is only in the link"
    );
    let legal = s.state(id, Some(t0)).await["legal"][0]["move"]
        .as_str()
        .unwrap()
        .to_string();
    // A spectator, a wrong token and the other seat are all refused.
    assert_eq!(s.play(id, "nonsense", &legal, None).await.0, 403);
    assert_eq!(s.play(id, &t1, &legal, None).await.0, 403);
    let spectator = s.state(id, None).await;
    assert_eq!(spectator["you"], json!([]));
    assert_eq!(spectator["legal"], json!([]));
    assert_eq!(s.play(id, t0, &legal, Some(0)).await.0, 200);
    // A double click: the same move again at the same ply is refused.
    assert_eq!(s.play(id, t0, &legal, Some(0)).await.0, 409);
    let friend = s.state(id, Some(&t1)).await;
    assert_eq!(friend["you"], json!([1]));
    assert!(!friend["legal"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn the_computer_answers_over_the_websocket_and_undo_takes_both_back() {
    let dir = tmp();
    let s = start(&dir).await;
    let created = s
        .create(
            "linja",
            json!([{"kind": "human"}, {"kind": "ai", "level": 1}]),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let t0 = created["tokens"]["0"].as_str().unwrap();
    let ws_url = format!("{}/api/games/{id}/ws", s.base.replace("http", "ws"));
    let (mut ws, _) = tokio_tungstenite::connect_async(ws_url).await.expect("ws");
    use futures_util::SinkExt;
    ws.send(Message::text(
        json!({"type": "hello", "tokens": [t0]}).to_string(),
    ))
    .await
    .unwrap();
    let first = created["game"]["legal"][0]["move"].as_str().unwrap();
    assert_eq!(s.play(id, t0, first, Some(0)).await.0, 200);
    let reply = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(Ok(msg)) = ws.next().await {
            let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
            if v["type"] == "state" && v["game"]["ply"] == 2 {
                return v;
            }
        }
        panic!("socket closed");
    })
    .await
    .expect("the computer moved within a minute");
    assert_eq!(reply["game"]["you"], json!([0]));
    assert_eq!(reply["game"]["to_move"], 0);
    assert!(!reply["game"]["legal"].as_array().unwrap().is_empty());
    // Undo takes back the computer's reply and my move.
    let (status, after) = s
        .call("POST", &format!("/api/games/{id}/undo"), Some(t0), None)
        .await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["ply"], 0);
    assert_eq!(after["to_move"], 0);
    // Undo is refused between two people, and with nothing to take back.
    let (status, _) = s
        .call("POST", &format!("/api/games/{id}/undo"), Some(t0), None)
        .await;
    assert_eq!(status, 409);
    let pair = s.create("linja", human_pair()).await;
    let pid = pair["id"].as_str().unwrap();
    let p0 = pair["tokens"]["0"].as_str().unwrap();
    let mv = pair["game"]["legal"][0]["move"].as_str().unwrap();
    assert_eq!(s.play(pid, p0, mv, None).await.0, 200);
    let (status, _) = s
        .call("POST", &format!("/api/games/{pid}/undo"), Some(p0), None)
        .await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_socket_can_play_and_is_told_of_the_other_sides_moves() {
    let dir = tmp();
    let s = start(&dir).await;
    let pair = s.pair("imago").await;
    let (id, t0, t1) = (pair.id.as_str(), pair.t0.as_str(), pair.t1.clone());
    let url = format!("{}/api/games/{id}/ws", s.base.replace("http", "ws"));
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    use futures_util::SinkExt;
    ws.send(Message::text(
        json!({"type": "hello", "tokens": [t0]}).to_string(),
    ))
    .await
    .unwrap();
    ws.send(Message::text(
        json!({"type": "move", "move": "b2-c2 g5", "ply": 0, "id": 1}).to_string(),
    ))
    .await
    .unwrap();
    ws.send(Message::text(
        json!({"type": "move", "move": "h9", "id": 2}).to_string(),
    ))
    .await
    .unwrap();
    let (mut acked, mut refused) = (false, false);
    while !(acked && refused) {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        acked |= v["type"] == "ack" && v["id"] == 1;
        refused |= v["type"] == "error" && v["id"] == 2;
    }
    // The friend's move by HTTP reaches this socket.
    let mv = s.state(id, Some(&t1)).await["legal"][0]["move"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(s.play(id, &t1, &mv, Some(1)).await.0, 200);
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
        if v["type"] == "state" && v["game"]["ply"] == 2 {
            assert_eq!(v["game"]["moves"][1], mv.as_str());
            break;
        }
    }
}

/// The computer answers a draw offer at once: Imago's solver levels accept
/// in a drawn position (the start is one), the MCTS levels and the other
/// games' computers decline.
#[tokio::test]
async fn the_computer_answers_a_draw_offer() {
    let dir = tmp();
    let s = start(&dir).await;
    let offer = |game: &'static str, level: u8| {
        let s = &s;
        async move {
            let created = s
                .create(
                    game,
                    json!([{"kind": "human"}, {"kind": "ai", "level": level}]),
                )
                .await;
            let id = created["id"].as_str().unwrap().to_string();
            let token = created["tokens"]["0"].as_str().unwrap().to_string();
            let answer = s
                .call(
                    "POST",
                    &format!("/api/games/{id}/draw"),
                    Some(&token),
                    Some(json!({"action": "offer"})),
                )
                .await;
            (answer, s.state(&id, None).await)
        }
    };
    let ((status, body), state) = offer("imago", 5).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"]["reason"], "agreed");
    assert_eq!(body["result"]["winner"], Value::Null);
    assert_eq!(state["result"]["reason"], "agreed", "stored");
    assert_eq!(offer("imago", 4).await.0 .0, 200);
    for (game, level) in [("imago", 3), ("jarmo", 5), ("linja", 5), ("dimensiones", 2)] {
        let ((status, body), state) = offer(game, level).await;
        assert_eq!(status, 409, "{game} {level}: {body}");
        assert!(
            body.to_string().contains("declines"),
            "{game} {level}: {body}"
        );
        assert!(state["result"].is_null(), "{game} {level}: goes on");
        assert!(
            state["draw_offer"].is_null(),
            "{game} {level}: no offer stands"
        );
    }
}

#[tokio::test]
async fn draws_resignations_and_claims() {
    let dir = tmp();
    let s = start(&dir).await;
    let pair = s.pair("imago").await;
    let (id, t0, t1) = (pair.id.as_str(), pair.t0.as_str(), pair.t1.clone());
    let draw = |t: String, action: &'static str| {
        let s = &s;
        async move {
            s.call(
                "POST",
                &format!("/api/games/{id}/draw"),
                Some(&t),
                Some(json!({"action": action})),
            )
            .await
        }
    };
    assert_eq!(draw(t1.clone(), "accept").await.0, 409, "no offer yet");
    let (status, offered) = draw(t0.to_string(), "offer").await;
    assert_eq!(status, 200);
    assert_eq!(offered["draw_offer"], 0);
    assert_eq!(
        draw(t0.to_string(), "accept").await.0,
        409,
        "one cannot accept one's own offer"
    );
    let (status, declined) = draw(t1.clone(), "decline").await;
    assert_eq!((status, declined["draw_offer"].clone()), (200, Value::Null));
    draw(t0.to_string(), "offer").await;
    let (status, agreed) = draw(t1.clone(), "accept").await;
    assert_eq!(status, 200);
    assert_eq!(agreed["result"]["reason"], "agreed");
    assert_eq!(agreed["result"]["winner"], Value::Null);
    assert_eq!(s.play(id, t0, "b2-c2 g5", None).await.0, 409, "over");

    let other = s.create("jarmo", human_pair()).await;
    let oid = other["id"].as_str().unwrap();
    let (status, resigned) = s
        .call(
            "POST",
            &format!("/api/games/{oid}/resign"),
            Some(other["tokens"]["0"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(resigned["result"]["winner"], 1);
    assert_eq!(resigned["result"]["reason"], "resign");
    let (status, _) = s
        .call(
            "POST",
            &format!("/api/games/{oid}/claim"),
            Some(other["tokens"]["0"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(status, 400, "Jarmo has no claims");
}

/// The moves from Imago's start to a position where the side to move has
/// a proved win (the top level against level 1, found by the table).
fn moves_to_a_proved_win() -> Vec<String> {
    use tablero_ai::table::{open, Seat};
    let mut t = open(
        "imago",
        None,
        None,
        tablero_core::Player::P1,
        [Seat::Computer(Some(5)); 2],
    )
    .unwrap();
    let mut players = [
        t.computer("ai:5", 1).unwrap(),
        t.computer("ai:1", 1).unwrap(),
    ];
    let limits = tablero_ai::Limits::none();
    while !t.computer_claims() {
        assert!(
            t.outcome().is_none() && t.moves().len() < 80,
            "no proved win"
        );
        let seat = t.to_move().unwrap();
        let mv = players[seat].choose(&*t, &limits).unwrap();
        t.play(seat, &mv).unwrap();
    }
    t.moves().to_vec()
}

#[tokio::test]
async fn a_claim_wins_when_proved_and_loses_when_not_and_is_offered_alike() {
    let dir = tmp();
    let s = start(&dir).await;
    // A claim at the start is not proved: the claimant loses the game.
    let lost = s.pair("imago").await;
    let offered_at_start = s.state(&lost.id, Some(&lost.t0)).await;
    let (status, st) = s
        .call(
            "POST",
            &format!("/api/games/{}/claim", lost.id),
            Some(&lost.t0),
            None,
        )
        .await;
    assert_eq!(status, 200, "{st}");
    assert_eq!(st["result"]["winner"], 1, "{st}");
    assert_eq!(st["result"]["reason"], "false-claim", "{st}");
    assert_eq!(st["claims"], true);
    assert_eq!(
        s.play(&lost.id, &lost.t1, "g2-f2 b5", None).await.0,
        409,
        "over"
    );
    // Against the computer the same rule holds.
    let computer = s
        .create(
            "imago",
            json!([{"kind": "human"}, {"kind": "ai", "level": 5}]),
        )
        .await;
    let (cid, ct) = (
        computer["id"].as_str().unwrap(),
        computer["tokens"]["0"].as_str().unwrap(),
    );
    let (status, st) = s
        .call("POST", &format!("/api/games/{cid}/claim"), Some(ct), None)
        .await;
    assert_eq!(status, 200, "{st}");
    assert_eq!(st["result"]["reason"], "false-claim", "{st}");
    let (status, st) = s
        .call("POST", &format!("/api/games/{cid}/undo"), Some(ct), None)
        .await;
    assert_eq!(
        (status, st["code"].as_str()),
        (409, Some("table-undo-false-claim"))
    );

    // A proved win: the claim wins. Before it, the seat to move is offered
    // exactly what it is offered at the start: the offer tells nothing.
    let won = s.pair("imago").await;
    let moves = moves_to_a_proved_win();
    for (i, mv) in moves.iter().enumerate() {
        let token = if i % 2 == 0 { &won.t0 } else { &won.t1 };
        assert_eq!(s.play(&won.id, token, mv, None).await.0, 200, "{mv}");
    }
    let claimant = if moves.len() % 2 == 0 {
        &won.t0
    } else {
        &won.t1
    };
    let offered = s.state(&won.id, Some(claimant)).await;
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&offered), keys(&offered_at_start));
    for field in ["claims", "undo", "hint", "thinking", "you"] {
        let you_at = |v: &Value| {
            if field == "you" {
                json!(v["you"].as_array().map(Vec::len))
            } else {
                v[field].clone()
            }
        };
        assert_eq!(you_at(&offered), you_at(&offered_at_start), "{field}");
    }
    let (status, st) = s
        .call(
            "POST",
            &format!("/api/games/{}/claim", won.id),
            Some(claimant),
            None,
        )
        .await;
    assert_eq!(status, 200, "{st}");
    assert_eq!(st["result"]["winner"], moves.len() % 2, "{st}");
    assert_eq!(st["result"]["reason"], "claim", "{st}");
}

#[tokio::test]
async fn games_survive_a_restart_and_replay_shows_each_ply() {
    let dir = tmp();
    let db = dir.path().join("t.db");
    let (id, t0, moves) = {
        let s = start(&dir).await;
        let created = s
            .create("dimensiones", json!([{"kind": "human"}, {"kind": "human"}]))
            .await;
        let id = created["id"].as_str().unwrap().to_string();
        let t0 = created["tokens"]["0"].as_str().unwrap().to_string();
        let t1 = created["tokens"]["1"].as_str().unwrap().to_string();
        let both = format!("{t0},{t1}");
        for ply in 0..6 {
            let state = s.state(&id, Some(&both)).await;
            let mv = state["legal"][0]["move"].as_str().unwrap().to_string();
            assert_eq!(s.play(&id, &both, &mv, Some(ply)).await.0, 200);
        }
        let moves = s.state(&id, None).await["moves"].clone();
        (id, t0, moves)
    };
    let s = start_at(db.to_str().unwrap(), 0).await;
    let again = s.state(&id, Some(&t0)).await;
    assert_eq!(again["moves"], moves);
    assert_eq!(again["you"], json!([0]));
    let (status, start) = s
        .call("GET", &format!("/api/games/{id}?ply=0"), None, None)
        .await;
    assert_eq!(status, 200);
    assert_eq!(start["shown_ply"], 0);
    // All four armies, six pieces each.
    assert_eq!(start["view"]["pieces"].as_array().unwrap().len(), 24);
    let (status, _) = s
        .call("GET", &format!("/api/games/{id}?ply=99"), None, None)
        .await;
    assert_eq!(status, 400);
    let (status, mine) = s
        .call("POST", "/api/my-games", None, Some(json!({"tokens": [t0]})))
        .await;
    assert_eq!(status, 200);
    assert_eq!(mine["games"][0]["id"], id.as_str());
    assert_eq!(mine["games"][0]["ply"], 6);
    assert_eq!(mine["games"][0]["to_move"], again["to_move"]);
    assert_eq!(mine["games"][0]["you"], json!([0]));
}

#[tokio::test]
async fn layouts_are_solved_and_saved() {
    let dir = tmp();
    let s = start(&dir).await;
    let layout = "red:b2,b5 blue:g2,g5 walls:c3-d3";
    let (status, solved) = s
        .call(
            "POST",
            "/api/imago/solve",
            None,
            Some(json!({"layout": layout})),
        )
        .await;
    assert_eq!(status, 200, "{solved}");
    assert_eq!(solved["value_red_first"]["result"], "draw");
    let (status, _) = s
        .call(
            "POST",
            "/api/imago/solve",
            None,
            Some(json!({"layout": "walls:z9-a1"})),
        )
        .await;
    assert_eq!(status, 400);
    // A long wall is advice, not a refusal: a message of the catalogue.
    let (status, warned) = s
        .call(
            "POST",
            "/api/imago/solve",
            None,
            Some(json!({"layout": "walls:c1-d1,c2-d2,c3-d3"})),
        )
        .await;
    assert_eq!(status, 200, "{warned}");
    assert_eq!(warned["warnings"][0]["code"], "imago-long-wall", "{warned}");
    assert_eq!(warned["warnings"][0]["args"]["len"], 3, "{warned}");
    assert!(warned["warnings"][0]["error"]
        .as_str()
        .is_some_and(|e| e.contains("c1-d1")));
    let name = "<b>walls</b> & co";
    let (status, saved) = s
        .call(
            "POST",
            "/api/layouts",
            None,
            Some(json!({"name": name, "layout": layout})),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    // The first save gives the browser its owner token; its list has it.
    let owner = saved["owner"].as_str().expect("an owner token");
    let (_, list) = s.call("GET", "/api/layouts", Some(owner), None).await;
    assert_eq!(list["layouts"][0]["name"], name, "names are kept as text");
    let game = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "imago", "variant": layout, "seats": human_pair()})),
        )
        .await
        .1;
    assert_eq!(game["game"]["view"]["walls"], json!([["c3", "d3"]]));
}

/// `method` `path` with `token` as the bearer: the status and the JSON
/// answer.
async fn send(
    s: &Server,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Value,
) -> (u16, Value) {
    let r = s
        .client
        .request(method, format!("{}{path}", s.base))
        .header("Authorization", format!("Bearer {token}"))
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test]
async fn a_layout_belongs_to_whoever_saved_it_and_is_shared_by_its_link() {
    let dir = tmp();
    let s = start(&dir).await;
    let layout = "red:b2,b5 blue:g2,g5 walls:c3-d3";
    let (status, mine) = s
        .call(
            "POST",
            "/api/layouts",
            None,
            Some(json!({"name": "mine", "layout": layout})),
        )
        .await;
    assert_eq!(status, 200, "{mine}");
    let owner = mine["owner"].as_str().expect("an owner token").to_string();
    let id = mine["id"].as_str().expect("an id").to_string();
    // A second save with the token is the same owner's.
    let (_, second) = s
        .call(
            "POST",
            "/api/layouts",
            Some(&owner),
            Some(json!({"name": "second", "layout": "default"})),
        )
        .await;
    assert_eq!(second["owner"], owner.as_str());
    // Another browser saves its own.
    let (_, theirs) = s
        .call(
            "POST",
            "/api/layouts",
            None,
            Some(json!({"name": "theirs", "layout": "default"})),
        )
        .await;
    let other = theirs["owner"].as_str().expect("a token").to_string();
    assert_ne!(other, owner);
    let names = |list: &Value| -> Vec<String> {
        list["layouts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["name"].as_str().unwrap().to_string())
            .collect()
    };
    // Each list shows only its owner's layouts, and never a token.
    let (_, list) = s.call("GET", "/api/layouts", Some(&owner), None).await;
    assert_eq!(names(&list), ["second", "mine"], "{list}");
    assert!(list["layouts"][0].get("owner").is_none(), "{list}");
    let (_, list) = s.call("GET", "/api/layouts", Some(&other), None).await;
    assert_eq!(names(&list), ["theirs"], "{list}");
    let (_, list) = s.call("GET", "/api/layouts", None, None).await;
    assert_eq!(list["layouts"], json!([]), "no token, no list");
    // The link opens it for anyone, without its owner.
    let (status, opened) = s
        .call("GET", &format!("/api/layouts/{id}"), None, None)
        .await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["layout"], layout);
    assert_eq!(opened["name"], "mine");
    assert!(opened.get("owner").is_none(), "{opened}");
    let (status, _) = s.call("GET", "/api/layouts/nosuch", None, None).await;
    assert_eq!(status, 404);
    // Another browser cannot change or delete it: 403, and it is unchanged.
    let change = json!({"name": "taken", "layout": "default"});
    let path = format!("/api/layouts/{id}");
    let (status, refused) = send(&s, reqwest::Method::POST, &path, &other, change.clone()).await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(refused["code"], "api_not_your_layout");
    let (status, refused) = send(&s, reqwest::Method::DELETE, &path, &other, json!({})).await;
    assert_eq!(status, 403, "{refused}");
    let (_, opened) = s.call("GET", &path, None, None).await;
    assert_eq!(opened["name"], "mine");
    // A copy it saves is its own.
    let (_, copy) = send(
        &s,
        reqwest::Method::POST,
        "/api/layouts",
        &other,
        json!({"name": "copy", "layout": opened["layout"]}),
    )
    .await;
    assert_eq!(copy["owner"], other.as_str());
    let (_, list) = s.call("GET", "/api/layouts", Some(&other), None).await;
    assert_eq!(names(&list), ["copy", "theirs"], "{list}");
    // The owner changes it, then deletes it.
    let (status, changed) = send(&s, reqwest::Method::POST, &path, &owner, change).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["name"], "taken");
    let (status, _) = send(&s, reqwest::Method::DELETE, &path, &owner, json!({})).await;
    assert_eq!(status, 200);
    let (status, gone) = s.call("GET", &path, None, None).await;
    assert_eq!(status, 404);
    assert_eq!(gone["code"], "api_no_layout");
    let (_, list) = s.call("GET", "/api/layouts", Some(&owner), None).await;
    assert_eq!(names(&list), ["second"], "{list}");
}

#[tokio::test]
async fn requests_are_bounded_in_size_and_rate() {
    let dir = tmp();
    let s = start_at(dir.path().join("t.db").to_str().unwrap(), 5).await;
    let big = "x".repeat(20 * 1024);
    let (status, _) = s
        .call(
            "POST",
            "/api/layouts",
            None,
            Some(json!({"name": big, "layout": "default"})),
        )
        .await;
    assert_eq!(status, 413);
    let mut limited = false;
    for _ in 0..40 {
        if s.call("GET", "/api/catalog", None, None).await.0 == 429 {
            limited = true;
            break;
        }
    }
    assert!(
        limited,
        "40 requests at once from one address pass a limit of 5/s"
    );
    // The lab's reports are under the same limit.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut lab_limited = false;
    for _ in 0..40 {
        if s.call("GET", "/api/lab", None, None).await.0 == 429 {
            lab_limited = true;
            break;
        }
    }
    assert!(lab_limited, "40 requests of /api/lab pass a limit of 5/s");
}

#[tokio::test]
async fn the_app_and_its_files_are_served() {
    let dir = tmp();
    let s = start(&dir).await;
    for path in ["/", "/play/abc", "/editor"] {
        let resp = s
            .client
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200, "{path}");
        let csp = resp.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(csp.contains("default-src 'self'"), "{csp}");
        assert!(
            resp.text().await.unwrap().contains("/static/app.js"),
            "{path}"
        );
    }
    let resp = s
        .client
        .get(format!("{}/static/app.js", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert!(resp.headers()["content-type"]
        .to_str()
        .unwrap()
        .contains("javascript"));
    let (status, _) = s.call("GET", "/static/nope.js", None, None).await;
    assert_eq!(status, 404);
    let (status, rules) = s.call("GET", "/api/rules/linja", None, None).await;
    assert_eq!(status, 200);
    assert!(rules["markdown"].as_str().unwrap().contains("Linja"));
}

/// Two server processes on one PostgreSQL database: a move made through one
/// reaches a socket of the other (LISTEN/NOTIFY). Runs when
/// `TABLERO_TEST_POSTGRES` names a database (scripts/test.sh starts one).
#[tokio::test]
async fn two_servers_share_games_through_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let a = start_at(&url, 0).await;
    let b = start_at(&url, 0).await;
    let pair = a.pair("jarmo").await;
    let (id, t0, t1) = (pair.id.as_str(), pair.t0.as_str(), pair.t1.clone());
    let url = format!("{}/api/games/{id}/ws", b.base.replace("http", "ws"));
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    // The first state comes at once.
    ws.next().await.unwrap().unwrap();
    let mv = pair.created["game"]["legal"][0]["move"].as_str().unwrap();
    assert_eq!(a.play(id, t0, mv, Some(0)).await.0, 200);
    let seen = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let msg = ws.next().await.unwrap().unwrap();
            let v: Value = serde_json::from_str(msg.to_text().unwrap()).unwrap();
            if v["game"]["ply"] == 1 {
                return v;
            }
        }
    })
    .await
    .expect("server b hears server a's move");
    assert_eq!(seen["game"]["moves"][0], mv);
    // Server b refereed on the fresh game: a stale ply is refused, the right one taken.
    let reply = b.state(id, Some(&t1)).await["legal"][0]["move"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(b.play(id, &t1, &reply, Some(0)).await.0, 409);
    assert_eq!(b.play(id, &t1, &reply, Some(1)).await.0, 200);
    tokio::time::timeout(Duration::from_secs(10), async {
        while a.state(id, None).await["ply"] != 2 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("server a hears server b's move");
}

/// The race of issue 20, a hundred times: two server processes on one
/// PostgreSQL database, a WebSocket watching the game on B, and the same
/// ply's move sent at once to A and to B. Exactly one move wins, and B's
/// socket sees the new state every time, whichever process won (a process
/// that lost the race announces the change it lost to). Runs when
/// `TABLERO_TEST_POSTGRES` names a database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_on_either_process_sees_every_race_won() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let a = start_at(&url, 0).await;
    let b = start_at(&url, 0).await;
    let (mut won_a, mut won_b) = (0, 0);
    for trial in 0..100 {
        let pair = a.pair("jarmo").await;
        let id = pair.id.clone();
        let ws_url = format!("{}/api/games/{id}/ws", b.base.replace("http", "ws"));
        let (mut ws, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
        ws.next().await.unwrap().unwrap(); // the first state
        let legal = &pair.created["game"]["legal"];
        let (m1, m2) = (
            legal[0]["move"].as_str().unwrap().to_string(),
            legal[1]["move"].as_str().unwrap().to_string(),
        );
        let ((sa, _), (sb, _)) = tokio::join!(
            a.play(&id, &pair.t0, &m1, Some(0)),
            b.play(&id, &pair.t0, &m2, Some(0)),
        );
        let winner = match (sa, sb) {
            (200, 409) => {
                won_a += 1;
                &m1
            }
            (409, 200) => {
                won_b += 1;
                &m2
            }
            other => panic!("trial {trial}: statuses {other:?}, not one winner"),
        };
        let seen = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                let msg = ws.next().await.unwrap().unwrap();
                let Ok(text) = msg.to_text() else { continue };
                let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
                if v["game"]["ply"] == 1 {
                    return v;
                }
            }
        })
        .await
        .unwrap_or_else(|_| panic!("trial {trial}: B's socket never saw the move"));
        assert_eq!(seen["game"]["moves"][0], winner.as_str(), "trial {trial}");
    }
    eprintln!("races won by A: {won_a}, by B: {won_b}");
}
