//! The table's rules (docs/rulings.md, "Around the board"), on the table
//! itself: the shared scenarios, and undo against the computer.

mod common;

use common::table_scenarios::{Act, Answer, End, Who, SCENARIOS};
use tablero_ai::table::{open, GameTable, Seat};
use tablero_core::Player;

fn seat(w: Who) -> Seat {
    match w {
        Who::Person => Seat::Person,
        Who::Computer(level) => Seat::Computer(Some(level)),
    }
}

fn act(t: &mut dyn GameTable, s: usize, a: Act) -> bool {
    match a {
        Act::Move(m) => t.play(s, m).is_ok(),
        Act::Claim => t.claim(s).is_ok(),
        Act::Resign => t.resign(s).is_ok(),
        Act::Offer => t.offer_draw(s).is_ok(),
        Act::Accept => t.answer_draw(s, true).is_ok(),
        Act::Decline => t.answer_draw(s, false).is_ok(),
        Act::Undo => t.undo(s).is_ok(),
    }
}

#[test]
fn the_shared_scenarios_hold_on_the_table() {
    for sc in SCENARIOS {
        let mut t = open(sc.game, None, None, Player::P1, sc.seats.map(seat)).unwrap();
        for (i, &(s, a, want)) in sc.steps.iter().enumerate() {
            let before = (t.moves().to_vec(), t.outcome(), t.draw_offer());
            let done = act(&mut *t, s, a);
            assert_eq!(done, want == Answer::Done, "{}: step {i} {a:?}", sc.name);
            if !done {
                let after = (t.moves().to_vec(), t.outcome(), t.draw_offer());
                assert_eq!(before, after, "{}: a refusal changes nothing", sc.name);
            }
        }
        match sc.end {
            End::GoesOn(plies) => {
                assert!(t.outcome().is_none(), "{}", sc.name);
                assert_eq!(t.moves().len(), plies, "{}", sc.name);
            }
            End::Over(winner, reason) => {
                let o = t.outcome().unwrap_or_else(|| panic!("{}: over", sc.name));
                assert_eq!(o.winner.map(Player::index), winner, "{}", sc.name);
                assert_eq!(o.reason.as_str(), reason, "{}", sc.name);
                assert_eq!(t.declared(), Some(o), "{}: declared", sc.name);
            }
        }
    }
}

#[test]
fn undo_takes_back_the_computers_reply_too() {
    let mut t = open(
        "imago",
        None,
        None,
        Player::P1,
        [Seat::Person, Seat::Computer(Some(1))],
    )
    .unwrap();
    t.play(0, "b2-c2 g5").unwrap();
    t.play(1, "g2-f2 b5").unwrap();
    t.offer_draw(0).unwrap_err();
    assert_eq!(t.undo(0), Ok(2));
    assert!(t.moves().is_empty());
    assert_eq!(t.to_move(), Some(0));
    // The computer's seat cannot undo.
    t.play(0, "b2-c2 g5").unwrap();
    assert!(t.undo(1).is_err());
}

#[test]
fn a_computer_claims_a_proved_win_through_the_table() {
    // Red to move has a proved win here (see imago_solver.rs).
    let mut t = open(
        "imago",
        None,
        Some("c4,g1/b6,e2 r 0"),
        Player::P1,
        [Seat::Computer(Some(5)), Seat::Person],
    )
    .unwrap();
    assert!(t.computer_claims());
    t.claim(0).unwrap();
    let o = t.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (Some(Player::P1), "claim"));
    // A lower level does not claim, and a person is never claimed for.
    let t = open(
        "imago",
        None,
        Some("c4,g1/b6,e2 r 0"),
        Player::P1,
        [Seat::Computer(Some(3)), Seat::Person],
    )
    .unwrap();
    assert!(!t.computer_claims());
}

#[test]
fn a_claim_ends_the_game_won_when_proved_and_lost_when_not() {
    // Red to move has a proved win here (see imago_solver.rs): a person's
    // claim wins.
    let mut t = open(
        "imago",
        None,
        Some("c4,g1/b6,e2 r 0"),
        Player::P1,
        [Seat::Person, Seat::Person],
    )
    .unwrap();
    t.claim(0).unwrap();
    let o = t.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (Some(Player::P1), "claim"));
    // At the start nobody has a proved win: the claimant loses, against a
    // person and against the computer alike.
    for other in [Seat::Person, Seat::Computer(Some(5))] {
        let mut t = open("imago", None, None, Player::P1, [Seat::Person, other]).unwrap();
        t.claim(0).unwrap();
        let o = t.outcome().unwrap();
        assert_eq!(
            (o.winner, o.reason.as_str()),
            (Some(Player::P2), "false-claim")
        );
        assert_eq!(t.declared(), Some(o));
        assert!(t.play(0, "b2-c2 g5").is_err(), "the game is over");
    }
    // Against the computer, undo does not take a false claim back (else
    // claim and undo would ask the solver for free).
    let mut t = open(
        "imago",
        None,
        None,
        Player::P1,
        [Seat::Person, Seat::Computer(Some(1))],
    )
    .unwrap();
    t.play(0, "b2-c2 g5").unwrap();
    t.play(1, "g2-f2 b5").unwrap();
    t.claim(0).unwrap();
    let lost = t.outcome();
    let e = t.undo(0).unwrap_err();
    assert_eq!(
        tablero_core::Localize::message(&e).id(),
        "table-undo-false-claim"
    );
    assert_eq!((t.outcome(), t.moves().len()), (lost, 2));
    // A resignation can still be taken back, as before.
    let mut t = open(
        "imago",
        None,
        None,
        Player::P1,
        [Seat::Person, Seat::Computer(Some(1))],
    )
    .unwrap();
    t.play(0, "b2-c2 g5").unwrap();
    t.play(1, "g2-f2 b5").unwrap();
    t.resign(0).unwrap();
    assert_eq!(t.undo(0), Ok(2));
    assert!(t.outcome().is_none());
}

#[test]
fn unknown_games_and_bad_variants_are_refused_in_words() {
    let e = open("chess", None, None, Player::P1, [Seat::Person; 2])
        .err()
        .unwrap();
    assert!(e.contains("unknown game") && e.contains("imago"), "{e}");
    let e = open(
        "jarmo",
        Some("sideways"),
        None,
        Player::P1,
        [Seat::Person; 2],
    )
    .err()
    .unwrap();
    assert!(e.contains("Jarmo variant"), "{e}");
}

#[test]
fn not_your_turn_names_the_variants_side() {
    // English draughts' player one, who moves first, is Black: player
    // two playing first is told it is Black's turn (Russian: White's).
    for (variant, side) in [("english", "Black"), ("russian", "White")] {
        let mut t = open(
            "draughts",
            Some(variant),
            None,
            Player::P1,
            [Seat::Person, Seat::Person],
        )
        .unwrap();
        let refused = t.play(1, "f6-e5").unwrap_err().to_string();
        assert!(
            refused.contains(&format!("it is {side}'s turn")),
            "{variant}: {refused}"
        );
    }
}
