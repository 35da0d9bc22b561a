//! The rules around the board through `tablero play`: the same scenarios as
//! the table's and the web API's tests (crates/ai/tests/common), each
//! played at one terminal and judged by the game's saved record.

mod common;
#[path = "../../ai/tests/common/table_scenarios.rs"]
mod scenarios;

use common::tablero;
use scenarios::{Act, End, Who, SCENARIOS};
use tablero_core::Record;

fn spec(w: Who) -> String {
    match w {
        Who::Person => "human".into(),
        Who::Computer(level) => format!("ai:{level}"),
    }
}

/// What a person types for `a`; at one terminal an offer is answered at
/// the prompt that follows it.
fn typed(a: Act) -> &'static str {
    match a {
        Act::Move(m) => m,
        Act::Claim => "claim",
        Act::Resign => "resign",
        Act::Offer | Act::Accept => "draw",
        Act::Decline => "no",
        Act::Undo => "undo",
    }
}

#[test]
fn the_shared_scenarios_hold_at_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    for (n, sc) in SCENARIOS.iter().enumerate().filter(|(_, s)| s.terminal) {
        let record = dir.path().join(format!("{n}.txt"));
        let input: String = sc
            .steps
            .iter()
            .map(|&(_, a, _)| format!("{}\n", typed(a)))
            .chain(["quit\n".to_string()])
            .collect();
        let (code, out, err) = tablero(
            &[
                "play",
                sc.game,
                "--p1",
                &spec(sc.seats[0]),
                "--p2",
                &spec(sc.seats[1]),
                "--seed",
                "1",
                "--record",
                record.to_str().unwrap(),
            ],
            &input,
        );
        assert_eq!(code, 0, "{}: {err}\n{out}", sc.name);
        let text = std::fs::read_to_string(&record).unwrap();
        let (plies, result) = tablero_games::with_game!(sc.game, G => {
            let r = Record::<G>::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", sc.name));
            (r.moves.len(), r.result)
        }, else unreachable!());
        match sc.end {
            End::GoesOn(p) => {
                assert_eq!(result, None, "{}\n{out}", sc.name);
                assert_eq!(plies, p, "{}\n{out}", sc.name);
            }
            End::Over(winner, reason) => {
                let o = result.unwrap_or_else(|| panic!("{}: over\n{out}", sc.name));
                assert_eq!(o.winner.map(|p| p.index()), winner, "{}\n{out}", sc.name);
                assert_eq!(o.reason.as_str(), reason, "{}\n{out}", sc.name);
            }
        }
    }
}
