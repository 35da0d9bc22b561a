//! Linja's rules, text formats, perft and the conformance kit.

use tablero_core::conformance::{check, check_perft_file, Config};
use tablero_core::{
    perft, play_move_list, Game, History, MoveError, Outcome, Player, Points, Reason, Record,
};
use tablero_games::linja::{Linja, Move, PositionError, Row, Rules};

const START: &str = "6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0";

fn pos(p: &str) -> Linja {
    Linja::parse_position(&Rules::Publisher, p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn seed(p: &str) -> Linja {
    Linja::parse_position(&Rules::Seed, p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn after(mut p: Linja, mv: &str) -> Linja {
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    p.play(m).unwrap();
    p
}

fn legal(p: &Linja) -> Vec<String> {
    p.legal_move_strings()
}

fn illegal_why(p: &Linja, mv: &str) -> String {
    match p.parse_move(mv) {
        Err(MoveError::Illegal { why, .. }) => why.to_string(),
        other => panic!("{mv}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn perft_data() {
    let checked = check_perft_file::<Linja>(include_str!("data/linja.perft"), 2_000_000);
    assert!(checked >= 30, "only {checked} perft depths checked");
}

#[test]
fn conformance_publisher() {
    let report = check::<Linja>(&Rules::Publisher, &Config::default());
    assert_eq!(report.games, 100);
    assert!(report.reasons.contains("passed"));
    assert!(report.results[0] > 0 && report.results[1] > 0, "{report:?}");
}

#[test]
fn conformance_seed() {
    let config = Config {
        games: 60,
        seed: 5,
        fuzz_cases: 128,
        both_first: true,
    };
    let report = check::<Linja>(&Rules::Seed, &config);
    assert!(report.reasons.contains("passed"));
}

#[test]
fn start_position_and_first_turns() {
    let start = Linja::start(&Rules::default());
    assert_eq!(start.position_string(), START);
    assert_eq!(start.side_to_move(), Player::P1);
    assert_eq!(
        Linja::start_with(&Rules::Seed, Player::P2).position_string(),
        "6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b b 0"
    );
    let moves = legal(&start);
    assert_eq!(moves.len(), 43);
    // A first move onto a field row finds 2 pieces there: the following
    // move is 2 rows, and from row 6 it overshoots onto the goal line. A
    // first move onto the goal line (6-7) gives a following move of 1.
    assert!(moves.contains(&"0-1 0-2".to_string()));
    assert!(moves.contains(&"0-1 6-7".to_string()));
    assert!(moves.contains(&"6-7 5-6".to_string()));
    assert!(!moves.contains(&"6-7 5-7".to_string()));
    assert!(moves.iter().all(|m| m.contains(' ') && !m.contains(';')));
    // Black moves down.
    let black = Linja::start_with(&Rules::Publisher, Player::P2);
    assert!(legal(&black).contains(&"7-6 1-0".to_string()));
}

#[test]
fn the_following_move_counts_the_row_before_arrival() {
    // Row 1 holds 2 pieces before Red's piece arrives: 2 rows, not 3.
    let p = after(Linja::start(&Rules::default()), "0-1 3-5");
    assert_eq!(p.position_string(), "5r/2r1b/1r1b/1b/1r1b/2r1b/1r1b/6b b 0");
    let e = illegal_why(&Linja::start(&Rules::default()), "0-1 3-6");
    assert_eq!(e, "the following move goes 2 rows: from 3 to 5");
    // The same piece may move again.
    let p = after(Linja::start(&Rules::default()), "0-1 1-3");
    assert_eq!(
        p.position_string(),
        "5r/1r1b/1r1b/2r1b/1r1b/1r1b/1r1b/6b b 0"
    );
}

#[test]
fn a_following_move_overshooting_the_goal_line_lands_on_it() {
    // Row 4 holds 3: a following move of 3 from row 5 or 6 ends on row 7.
    let p = pos("6b/././1r/2r1b/1r/2r3b/6r2b r 0");
    let moves = legal(&p);
    assert!(moves.contains(&"3-4 5-7".to_string()), "{moves:?}");
    assert!(moves.contains(&"3-4 6-7".to_string()), "{moves:?}");
    let q = after(p, "3-4 6-7");
    assert_eq!(q.count(Player::P1, Row::try_index(7).unwrap()), 7);
}

#[test]
fn full_rows_can_be_passed_but_not_landed_on() {
    // Row 1 and row 3 are full (6 pieces).
    let p = pos("2r/3r3b/./2r4b/1r2b/2r/2r1b/2b r 0");
    let moves = legal(&p);
    // No first move onto full row 1; row 2 is empty, row 4 is not full.
    assert!(!moves.iter().any(|m| m.starts_with("0-1")), "{moves:?}");
    assert_eq!(illegal_why(&p, "0-1"), "row 1 is full");
    // 3-4: row 4 held 3, so a following move of 3: 1-4 jumps the full row 3.
    assert!(moves.contains(&"3-4 1-4".to_string()));
    // 1-2 reaches the empty row 2: no following move.
    assert!(moves.contains(&"1-2".to_string()));
    // 4-5: row 5 held 2; a following move of 2 from row 1 would land on
    // the full row 3, from row 5 it reaches the goal line.
    assert!(moves.contains(&"4-5 5-7".to_string()));
    assert!(!moves.contains(&"4-5 1-3".to_string()));
    assert_eq!(illegal_why(&p, "4-5 1-3"), "row 3 is full");
}

#[test]
fn special_case_1_the_goal_line_gives_a_following_move_of_one() {
    // Row 7 holds 2 Black pieces, but a first move onto it gives exactly 1.
    let p = pos("1b/2r1b/1r2b/2r/1r1b/2r3b/4r2b/2b r 0");
    let moves = legal(&p);
    let after_goal: Vec<&String> = moves.iter().filter(|m| m.starts_with("6-7 ")).collect();
    assert!(!after_goal.is_empty());
    for m in &after_goal {
        let s = &m[4..];
        let (a, b) = s.split_once('-').unwrap();
        let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
        assert_eq!(b, a + 1, "{m}");
    }
    // Ruling: also when the goal line is empty (no following move of 0).
    let p = pos("3b/2b/1r2b/2r2b/1r2b/3r1b/5r/. r 0");
    let moves = legal(&p);
    assert!(moves.contains(&"6-7 2-3".to_string()), "{moves:?}");
    assert!(!moves.contains(&"6-7".to_string()));
}

#[test]
fn special_case_2_a_first_move_onto_an_empty_row_has_no_following_move() {
    let p = pos("2r/3r3b/./2r4b/1r2b/2r/2r1b/2b r 0");
    assert!(legal(&p).contains(&"1-2".to_string()));
    assert!(!legal(&p).iter().any(|m| m.starts_with("1-2 ")));
    assert_eq!(
        illegal_why(&p, "1-2 4-5"),
        "row 2 was empty: no following move"
    );
}

#[test]
fn special_case_3_the_extra_turn() {
    let text = "4r/2r1b/./1r1b/./2r2b/3r/8b r 0";
    let p = pos(text);
    let moves = legal(&p);
    // 0-1 (3 pieces on row 1) then 1-4 onto the empty row 4: one more turn.
    assert!(!moves.contains(&"0-1 1-4".to_string()));
    assert!(moves.contains(&"0-1 1-4; 0-1 0-3".to_string()));
    assert!(moves.contains(&"0-1 1-4; 1-2".to_string()));
    let q = after(p, "0-1 1-4; 0-1 0-3");
    assert_eq!(q.side_to_move(), Player::P2);
    assert_eq!(q.position_string(), "1r/3r1b/./2r1b/1r/2r2b/3r/8b b 0");
    let e = illegal_why(&p, "0-1 1-4");
    assert!(e.contains("an extra turn follows"), "{e}");
    // Not onto a row with pieces: 0-1 0-3 lands on row 3 (2 pieces).
    assert_eq!(
        illegal_why(&p, "0-1 0-3; 1-2"),
        "no extra turn: row 3 was not an empty field row"
    );
    // At most once per turn: the extra turn's following move onto an empty
    // row (0-1, then 1-4 onto the again empty... ) never gives a third turn.
    assert!(moves.iter().all(|m| m.matches(';').count() <= 1));
    let twice = moves
        .iter()
        .find(|m| m.starts_with("0-1 1-4; 3-4 1-2") || m.starts_with("0-1 1-4; 1-2"))
        .unwrap();
    assert_eq!(after(p, twice).side_to_move(), Player::P2);
    // The seed has no extra turn.
    let s = seed(text);
    let moves = legal(&s);
    assert!(moves.contains(&"0-1 1-4".to_string()));
    assert!(!moves.iter().any(|m| m.contains(';')));
    assert_eq!(
        illegal_why(&s, "0-1 1-4; 0-1 0-3"),
        "the seed rules have no extra turn"
    );
    assert_eq!(legal(&p).len(), 119);
    assert_eq!(legal(&s).len(), 17);
}

#[test]
fn an_extra_turn_without_a_first_move_is_lost() {
    // Red's only free piece goes 1-2 (1 piece there) then 2-3 onto the
    // empty row 3; its extra turn has no first move (row 4 is full, the
    // rest are home): the turn ends there.
    let p = pos("./1r/1b/./6b/././11r5b r 0");
    assert_eq!(legal(&p), vec!["1-2 2-3"]);
    let q = after(p, "1-2 2-3");
    assert_eq!(q.side_to_move(), Player::P2);
    assert_eq!(q.passes(), 0);
}

#[test]
fn the_game_ends_the_moment_the_sides_have_passed_each_other() {
    // 3-4 would give a following move of 2, but after it every Red piece
    // is above every Black one: the game ends at once, scored 33-33.
    let p = pos("3b/3b/3b/1r3b/2r/3r/3r/3r r 0");
    let moves = legal(&p);
    assert!(moves.contains(&"3-4".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("3-4 ")));
    let e = illegal_why(&p, "3-4 4-6");
    assert!(e.contains("passed each other"), "{e}");
    let q = after(p, "3-4");
    let o = q.outcome().unwrap();
    assert_eq!(o, Outcome::draw(Reason::Passed).with_score_of(&q));
    assert_eq!(o.score, [Points::whole(33), Points::whole(33)]);
    assert_eq!(o.winner, None);
    assert!(legal(&q).is_empty());
    assert_eq!(perft(&q, 2), 0);
}

trait WithScore {
    fn with_score_of(self, p: &Linja) -> Outcome;
}

impl WithScore for Outcome {
    fn with_score_of(self, p: &Linja) -> Outcome {
        let s = p.scores();
        Outcome::by_points([Points::whole(s[0]), Points::whole(s[1])], self.reason)
    }
}

#[test]
fn scoring_is_5_3_2_1_and_more_points_win() {
    // Red: row 7: 2 (10), row 6: 3 (9), row 5: 4 (8), row 4: 3 (3) = 30.
    // Black: row 0: 6 (30), row 1: 1 (3), row 2: 2 (4), row 3: 3 (3) = 40.
    let p = pos("6b/1b/2b/3b/3r/4r/3r/2r r 0");
    assert_eq!(p.scores(), [30, 40]);
    let o = p.outcome().unwrap();
    assert_eq!(o.winner, Some(Player::P2));
    assert_eq!(o.reason, Reason::Passed);
    assert_eq!(o.score, [Points::whole(30), Points::whole(40)]);
    assert_eq!(p.score_diff(), -10);
    // Rows 0-3 score nothing for Red, rows 4-7 nothing for Black.
    let q = pos("3r/3r/3r/3r/3b/3b/3b/3b r 0");
    assert_eq!(q.scores(), [0, 0]);
    assert_eq!(q.outcome(), None);
}

#[test]
fn a_player_without_a_first_move_passes_and_two_passes_end_the_game() {
    // Red: row 5 is behind the full row 6, the rest is home.
    let p = pos("./././././5r/6b/7r6b r 0");
    assert_eq!(legal(&p), vec!["pass"]);
    let q = after(p, "pass");
    assert_eq!(q.position_string(), "./././././5r/6b/7r6b b 1");
    assert_eq!(q.outcome(), None);
    assert!(!legal(&q).contains(&"pass".to_string()));
    assert_eq!(
        illegal_why(&q, "pass"),
        "a pass is only legal when no first move exists"
    );
    // Both blocked: two passes end the game, scored as it stands.
    let mut h = History::new(pos("6b/6r/6b/././././6r r 0"));
    play_move_list(&mut h, "pass, pass").unwrap();
    let o = h.outcome().unwrap();
    assert_eq!(o.reason, Reason::NoMoves);
    assert_eq!(o.score, [Points::whole(30), Points::whole(42)]);
    assert_eq!(o.winner, Some(Player::P2));
    assert_eq!(h.current().natural_outcome(), None);
    // Perft ignores the rule and keeps passing.
    assert_eq!(perft(h.current(), 3), 1);
    assert_eq!(h.play_text("pass"), Err(MoveError::GameOver));
}

#[test]
fn a_move_list_replays_to_a_pinned_position() {
    let mut h = History::new(Linja::start(&Rules::default()));
    // Red: 0-1 (row 1 held 2) 3-5. Black: 7-6 (row 6 held 2) 2-0. Red: 0-1
    // (3) 1-4. Black: 6-5 (3) 4-1. Red: 2-3 (1) 1-2 onto row 2, emptied
    // by the first move: an extra turn, 0-1 (3) 3-6.
    play_move_list(
        &mut h,
        "0-1 3-5, 7-6 2-0, 0-1 1-4, 6-5 4-1, 2-3 1-2; 0-1 3-6",
    )
    .unwrap();
    assert_eq!(h.moves().len(), 5);
    assert!(h.moves()[4].has_extra_turn());
    assert_eq!(
        h.current().position_string(),
        "3r1b/2r2b/1r/1b/2r/2r2b/2r1b/5b b 0"
    );
}

#[test]
fn a_bad_move_in_a_list_is_reported_by_its_number() {
    let mut h = History::new(Linja::start(&Rules::default()));
    let e = play_move_list(&mut h, "0-1 3-5, 7-6 2-1, 0-1 1-3").unwrap_err();
    assert_eq!(e.index, 2);
    assert_eq!(e.text, "7-6 2-1");
    assert!(
        e.to_string()
            .starts_with("move 2 (7-6 2-1): 7-6 2-1 is not legal here: the following move goes 2 rows: from 2 to 0"),
        "{e}"
    );
    // The moves before it stay played.
    assert_eq!(h.moves().len(), 1);
    let mut h = History::new(Linja::start(&Rules::default()));
    let e = play_move_list(&mut h, "0-1 3-5, 7-6 2-0, 0-1 1-3 x").unwrap_err();
    assert_eq!(e.index, 3);
    assert!(matches!(e.error, MoveError::Syntax { at: 8, .. }), "{e}");
}

#[test]
fn position_string_errors_say_where() {
    let e = |s: &str| Linja::parse_position(&Rules::default(), s).unwrap_err();
    assert_eq!(
        e("6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r"),
        PositionError::FieldCount { at: 37, found: 2 }
    );
    assert_eq!(
        e("6r/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0"),
        PositionError::RowCount { at: 0, found: 7 }
    );
    assert_eq!(
        e("6r/1r1b/1r1b/1x1b/1r1b/1r1b/1r1b/6b r 0"),
        PositionError::BadRow {
            at: 13,
            text: "1x1b".into()
        }
    );
    assert!(matches!(
        e("6r/1b1r/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0"),
        PositionError::BadRow { at: 3, .. }
    ));
    assert!(matches!(
        e("6r/0r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0"),
        PositionError::BadRow { at: 3, .. }
    ));
    assert_eq!(
        e("5r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 0"),
        PositionError::PieceCount {
            at: 0,
            colour: "red",
            found: 11
        }
    );
    assert_eq!(
        e("./1r1b/1r1b/1r1b/1r1b/1r1b/7r1b/6b r 0"),
        PositionError::FullRow {
            at: 27,
            row: Row::try_index(6).unwrap(),
            found: 8
        }
    );
    assert_eq!(
        e("6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b x 0"),
        PositionError::BadSide {
            at: 36,
            text: "x".into()
        }
    );
    assert_eq!(
        e("6r/1r1b/1r1b/1r1b/1r1b/1r1b/1r1b/6b r 3"),
        PositionError::BadPasses {
            at: 38,
            text: "3".into()
        }
    );
    // A finished game has no pass pending.
    assert!(matches!(
        e("6b/1b/2b/3b/3r/4r/3r/2r r 1"),
        PositionError::BadPasses { .. }
    ));
    assert!(e("").to_string().contains("expected 3 fields"));
    // Goal lines have no limit.
    assert!(Linja::parse_position(&Rules::default(), "12r/././././././12b r 0").is_ok());
}

#[test]
fn move_text_errors() {
    let p = Linja::start(&Rules::default());
    assert!(matches!(p.parse_move(""), Err(MoveError::Syntax { .. })));
    assert!(matches!(
        p.parse_move("0-8"),
        Err(MoveError::Syntax { at: 0, .. })
    ));
    assert!(matches!(
        p.parse_move("1-1"),
        Err(MoveError::Syntax { at: 0, .. })
    ));
    assert!(matches!(
        p.parse_move("0-1 3-5 5-6"),
        Err(MoveError::Syntax { at: 8, .. })
    ));
    assert!(matches!(
        p.parse_move("0-1; 1-2"),
        Err(MoveError::Syntax { at: 3, .. })
    ));
    assert!(matches!(
        p.parse_move("0-1 3-5;"),
        Err(MoveError::Syntax { at: 8, .. })
    ));
    assert!(matches!(
        p.parse_move("0-1 3-5; 1-2 x"),
        Err(MoveError::Syntax { at: 13, .. })
    ));
    assert_eq!(illegal_why(&p, "7-6 1-0"), "no red piece on row 7");
    assert_eq!(
        illegal_why(&p, "0-2"),
        "the first move goes one row forward, from 0 to 1"
    );
    assert_eq!(
        illegal_why(&p, "0-1"),
        "a following move of 2 rows is compulsory here"
    );
    assert_eq!(
        p.parse_move("  0-1   3-5 "),
        Ok(p.parse_move("0-1 3-5").unwrap())
    );
    let e = p.parse_move("0-1 3-6").unwrap_err();
    assert_eq!(
        e.to_string(),
        "0-1 3-6 is not legal here: the following move goes 2 rows: from 3 to 5"
    );
    let q = pos("4r/2r1b/./1r1b/./2r2b/3r/8b r 0");
    assert_eq!(
        q.parse_move("0-1 1-4 ;0-1  0-3"),
        q.parse_move("0-1 1-4; 0-1 0-3")
    );
}

#[test]
fn rules_names_read_and_print() {
    assert_eq!("publisher".parse::<Rules>(), Ok(Rules::Publisher));
    assert_eq!("seed".parse::<Rules>(), Ok(Rules::Seed));
    assert_eq!(Rules::default(), Rules::Publisher);
    assert_eq!(Rules::Seed.to_string(), "seed");
    assert!("standard"
        .parse::<Rules>()
        .unwrap_err()
        .to_string()
        .contains("publisher"));
}

#[test]
fn from_rows_builds_and_checks() {
    let mut red = [0u8; 8];
    let mut black = [0u8; 8];
    red[0] = 12;
    black[7] = 12;
    let p = Linja::from_rows(Rules::Seed, red, black, Player::P2, 0).unwrap();
    assert_eq!(p.position_string(), "12r/././././././12b b 0");
    assert_eq!(p.rows(Player::P1), red);
    red[0] = 11;
    assert!(Linja::from_rows(Rules::Seed, red, black, Player::P2, 0).is_err());
    // Keys tell positions apart; the hash includes the rules.
    let q = Linja::from_rows(
        Rules::Publisher,
        [12, 0, 0, 0, 0, 0, 0, 0],
        black,
        Player::P2,
        0,
    )
    .unwrap();
    assert_eq!(p.key(), q.key());
    assert_ne!(p.position_hash(), q.position_hash());
}

#[test]
fn both_sides_follow_the_same_rules_mirrored() {
    // The extra-turn position with colours and rows swapped: the same
    // number of moves and the same perft.
    let red = pos("4r/2r1b/./1r1b/./2r2b/3r/8b r 0");
    let black = pos("8r/3b/2r2b/./1r1b/./1r2b/4b b 0");
    assert_eq!(perft(&red, 2), perft(&black, 2));
    let mirror = |m: &str| -> String {
        m.chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => char::from_digit(7 - d, 10).unwrap(),
                None => c,
            })
            .collect()
    };
    let mut a: Vec<String> = legal(&red).iter().map(|m| mirror(m)).collect();
    a.sort();
    assert_eq!(a, legal(&black));
}

#[test]
fn records_round_trip_and_refuse_bad_moves() {
    let mut h = History::new(Linja::start(&Rules::Seed));
    play_move_list(&mut h, "0-1 3-5, 7-6 2-0").unwrap();
    let r = Record::from_history(&h);
    let text = r.to_text();
    assert!(text.contains("[Variant \"seed\"]"), "{text}");
    let back = Record::<Linja>::parse(&text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.replay().unwrap().current(), h.current());
    let bad = "[Game \"linja\"]\n\n0-1 3-5, 7-6 2-1\n";
    let e = Record::<Linja>::parse(bad).unwrap_err().to_string();
    assert!(e.starts_with("move 2 (7-6 2-1)"), "{e}");
}

#[test]
fn a_pass_is_a_move_of_its_own() {
    assert!(Move::PASS.is_pass());
    assert_eq!(Move::PASS.to_string(), "pass");
    assert!(Move::PASS.steps().is_empty());
}

#[test]
fn children_are_the_positions_after_each_legal_move() {
    for text in [
        START,
        "4r/2r1b/./1r1b/./2r2b/3r/8b r 0",
        "./././././5r/6b/7r6b r 1",
        "6b/1b/2b/3b/3r/4r/3r/2r r 0",
    ] {
        for rules in [Rules::Publisher, Rules::Seed] {
            let p = Linja::parse_position(&rules, text).unwrap();
            let mut moves = Vec::new();
            p.legal_moves(&mut moves);
            let mut kids = Vec::new();
            p.children(&mut kids);
            let played: Vec<Linja> = moves
                .iter()
                .map(|&m| {
                    let mut c = p;
                    c.play_unchecked(m);
                    c
                })
                .collect();
            assert_eq!(kids, played, "{text}");
        }
    }
}
