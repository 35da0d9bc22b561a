//! Jarmo's rules, text formats, perft, the two-game match and the
//! conformance kit.

use tablero_core::conformance::{check, check_perft_file, Config};
use tablero_core::{
    perft, play_move_list, Game, History, MoveError, Outcome, Person, Player, Points, Reason,
    Record, SeatSwapMatch,
};
use tablero_games::jarmo::{Jarmo, Move, Orientation, Point, PositionError, NEIGHBOURS};

const STANDARD: Orientation = Orientation::Standard;

fn pos(p: &str) -> Jarmo {
    Jarmo::parse_position(&STANDARD, p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn pt(s: &str) -> Point {
    Point::parse(s).unwrap()
}

fn after(p: &Jarmo, mv: &str) -> Jarmo {
    let mut q = p.clone();
    let m = q.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    q.play(m).unwrap();
    q
}

fn legal(p: &Jarmo) -> Vec<String> {
    p.legal_move_strings()
}

fn has(p: &Jarmo, mv: &str) -> bool {
    legal(p).iter().any(|m| m == mv)
}

fn points(o: Outcome) -> [f64; 2] {
    o.score.map(Points::as_f64)
}

/// The lines exactly as docs/rulings.md lists them, point by point.
const RULINGS_GRAPH: &str = "
a1: b3 c2        b1: a3 d2        c1: a2 d3 e2     d1: b2 c3        e1: c2 d3
a2: c1 c3        b2: b3 c2 c4 d1  c2: a1 b2 d2 e1 e3  d2: b1 b3 c2 d3  e2: c1 d4
a3: b1 b5        b3: a1 a5 b2 b4 c3 c5 d2  c3: a2 a4 b3 d1 e4  d3: b4 c1 d2 d4 e1 e5  e3: c2 d5
a4: c3 c5        b4: b3 c4 d3 d5  c4: a5 b2 b4 d4 e5  d4: b5 c4 d3 e2  e4: c3 c5
a5: b3 c4        b5: a3 d4        c5: a4 b3 e4     d5: b4 e3        e5: c4 d3
";

#[test]
fn the_board_is_the_graph_of_the_rulings() {
    let mut listed = [0u32; 25];
    let mut key = None;
    let mut points_listed = 0;
    for tok in RULINGS_GRAPH.split_whitespace() {
        if let Some(name) = tok.strip_suffix(':') {
            key = Some(pt(name));
            points_listed += 1;
        } else {
            listed[key.unwrap().index()] |= pt(tok).bit();
        }
    }
    assert_eq!(points_listed, 25);
    for p in Point::all() {
        assert_eq!(
            NEIGHBOURS[p.index()],
            listed[p.index()],
            "the lines at {p} differ from docs/rulings.md"
        );
    }
    let ends: u32 = NEIGHBOURS.iter().map(|n| n.count_ones()).sum();
    assert_eq!(ends, 2 * 39, "39 lines");
    // Lines run both ways.
    for a in Point::all() {
        for b in Point::iter_bits(a.neighbours()) {
            assert!(b.is_joined(a), "{a}-{b} one way only");
        }
    }
}

#[test]
fn perft_data() {
    let checked = check_perft_file::<Jarmo>(include_str!("data/jarmo.perft"), 3_000_000);
    assert!(checked >= 45, "only {checked} perft depths checked");
}

#[test]
fn conformance_standard() {
    let report = check::<Jarmo>(&Orientation::Standard, &Config::default());
    assert_eq!(report.games, 100);
    assert!(
        report.reasons.contains("all-arrived"),
        "{:?}",
        report.reasons
    );
}

#[test]
fn conformance_flipped() {
    let config = Config {
        games: 40,
        seed: 11,
        fuzz_cases: 128,
        both_first: true,
    };
    check::<Jarmo>(&Orientation::Flipped, &config);
}

#[test]
fn start_positions_of_both_sides() {
    let s = Jarmo::start(&Orientation::Standard);
    assert_eq!(s.position_string(), "lllll/5/5/5/ddddd d 0/0 0 -/-");
    assert_eq!(
        legal(&s),
        [
            "a1-b3", "a1-c2", "b1-a3", "b1-d2", "c1-a2", "c1-d3", "c1-e2", "d1-b2", "d1-c3",
            "e1-c2", "e1-d3"
        ]
    );
    let f = Jarmo::start(&Orientation::Flipped);
    assert_eq!(f.position_string(), "ddddd/5/5/5/lllll d 0/0 0 -/-");
    assert_eq!(
        legal(&f),
        [
            "a5-b3", "a5-c4", "b5-a3", "b5-d4", "c5-a4", "c5-b3", "c5-e4", "d5-b4", "d5-e3",
            "e5-c4", "e5-d3"
        ]
    );
    let light_first = Jarmo::start_with(&Orientation::Standard, Player::P2);
    assert_eq!(
        light_first.position_string(),
        "lllll/5/5/5/ddddd l 0/0 0 -/-"
    );
    assert_eq!("flipped".parse::<Orientation>(), Ok(Orientation::Flipped));
    assert_eq!(Orientation::Flipped.to_string(), "flipped");
    let e = "sideways".parse::<Orientation>().unwrap_err();
    assert!(e.to_string().contains("standard or flipped"), "{e}");
}

#[test]
fn archers_move_along_lines_forwards_and_backwards() {
    // A Dark archer on c3 reaches a2, a4, b3, d1 and e4: towards its own
    // first row as well as away from it.
    let p = pos("lllll/5/2d2/5/d1d1d d 0/0 0 -/-");
    for mv in ["c3-a2", "c3-a4", "c3-b3", "c3-d1", "c3-e4"] {
        assert!(has(&p, mv), "{mv}");
    }
    assert!(!has(&p, "c3-c4"), "no line joins c3 and c4");
    assert!(matches!(
        p.parse_move("c3-c4"),
        Err(MoveError::Syntax { .. })
    ));
}

#[test]
fn captures_are_optional_and_mark_the_captor_for_good() {
    // Dark on c3 can take the Light archer on b3 or walk past it.
    let p = pos("l1lll/5/1ld2/5/d1d1d d 0/0 4 -/-");
    assert!(has(&p, "c3xb3") && has(&p, "c3-a4"));
    let e = p.parse_move("c3-b3").unwrap_err();
    assert!(e.to_string().contains("write the capture c3xb3"), "{e}");
    let q = after(&p, "c3xb3");
    assert_eq!(q.position_string(), "l1lll/5/1D3/5/d1d1d l 0/0 0 c3-b3/-");
    assert_eq!(q.lost(Player::P2), 1);
    assert!(q.is_marked(pt("b3")));
    // The mark stays with the archer as it moves on.
    let r = after(&after(&q, "a5-c4"), "b3-b4");
    assert!(r.is_marked(pt("b4")) && !r.is_marked(pt("b3")));
    // A captured marked archer takes its mark off the board.
    let s = after(&r, "c4xb4");
    assert_eq!(s.archer_at(pt("b4")), Some(Player::P2));
    assert!(s.is_marked(pt("b4")));
    assert_eq!(s.lost(Player::P1), 2);
}

#[test]
fn archers_on_the_enemy_first_row_are_frozen_but_can_be_captured_backwards() {
    // Dark's archer on b5 stands on Light's first row.
    let p = pos("lD1ll/3l1/5/5/d1d1d d 0/0 0 -/-");
    assert!(!legal(&p).iter().any(|m| m.starts_with("b5")));
    let e = p.parse_move("b5-a3").unwrap_err();
    assert!(e.to_string().contains("never moves again"), "{e}");
    // Light's archer on d4 captures it by moving back onto its own first row.
    let q = after(&p, "a1-b3");
    assert!(has(&q, "d4xb5"));
    let r = after(&q, "d4xb5");
    assert_eq!(r.archer_at(pt("b5")), Some(Player::P2));
    assert!(r.is_marked(pt("b5")));
    assert_eq!(r.lost(Player::P1), 2);
}

#[test]
fn a_marked_archer_arriving_brings_a_lost_archer_back() {
    // Dark has lost one archer; its marked archer on d4 reaches b5.
    let p = pos("l1l1l/3D1/2l2/5/d1d1d d 0/0 5 -/-");
    let moves = legal(&p);
    assert!(moves.contains(&"d4-b5+b1".to_string()));
    assert!(moves.contains(&"d4-b5+d1".to_string()));
    assert!(
        !moves.contains(&"d4-b5".to_string()),
        "the return is compulsory"
    );
    let e = p.parse_move("d4-b5").unwrap_err();
    assert!(e.to_string().contains("a return is due"), "{e}");
    let q = after(&p, "d4-b5+d1");
    assert_eq!(q.position_string(), "lDl1l/5/2l2/5/d1ddd l 0/0 6 d4-b5/-");
    assert_eq!(q.lost(Player::P1), 0);
    assert!(
        !q.is_marked(pt("d1")),
        "a returned archer comes back unmarked"
    );
    // An unmarked archer arriving brings nothing back.
    let p = pos("l1l1l/3d1/2l2/5/d1d1d d 0/0 5 -/-");
    assert!(has(&p, "d4-b5"));
    assert_eq!(after(&p, "d4-b5").owed(Player::P1), 0);
    // Nothing lost, nothing to bring back.
    let p = pos("l1l1l/3D1/2l2/5/ddd1d d 0/0 5 -/-");
    assert!(has(&p, "d4-b5"));
    assert!(!legal(&p).iter().any(|m| m.contains('+')));
    let e = p.parse_move("d4-b5+d1").unwrap_err();
    assert!(e.to_string().contains("no return is due"), "{e}");
}

#[test]
fn capturing_as_it_arrives_counts_as_marked() {
    // Dark's unmarked d4 takes the Light archer on b5 (Light's first row).
    let p = pos("llll1/3d1/5/5/d1d1d d 0/0 5 -/-");
    assert!(has(&p, "d4xb5+b1") && has(&p, "d4xb5+d1"));
    let q = after(&p, "d4xb5+b1");
    assert_eq!(q.position_string(), "lDll1/5/5/5/ddd1d l 0/0 0 d4-b5/-");
}

#[test]
fn a_return_waits_while_the_first_row_is_full() {
    // Dark's first row is full (Light's frozen archers on b1 and e1), so
    // the return earned by d4-b5 waits.
    let p = pos("l1l1l/3D1/5/5/dlddl d 0/0 7 -/-");
    assert!(has(&p, "d4-b5"));
    let q = after(&p, "d4-b5");
    assert_eq!(q.owed(Player::P1), 1);
    assert_eq!(q.position_string(), "lDl1l/5/5/5/dlddl l 1/0 8 d4-b5/-");
    // As soon as a point of that row is free at the end of a Dark move, the
    // return is made there; the archer may come back where one just left.
    let r = after(&q, "a5-b3");
    let moves = legal(&r);
    assert!(moves.contains(&"a1-c2+a1".to_string()), "{moves:?}");
    assert!(moves.contains(&"d1-b2+d1".to_string()));
    assert!(!moves.contains(&"a1-c2".to_string()));
    let s = after(&r, "a1xb3+a1");
    assert_eq!(s.owed(Player::P1), 0);
    assert_eq!(s.archer_at(pt("a1")), Some(Player::P1));
    assert!(!s.is_marked(pt("a1")) && s.is_marked(pt("b3")));
}

#[test]
fn at_most_one_return_per_move() {
    // Dark is owed two returns and two points of its first row are free.
    let p = pos("l1l2/5/2l2/5/1dd1l d 2/0 7 -/-");
    assert!(legal(&p).iter().all(|m| m.contains('+')));
    let q = after(&p, "b1-a3+a1");
    assert_eq!(q.owed(Player::P1), 1);
    let r = after(&q, "c3-a2");
    // The second return is made with the next move.
    assert!(legal(&r).iter().all(|m| m.contains('+')));
    let s = after(&r, "a3-b5+d1");
    assert_eq!(s.owed(Player::P1), 0);
    assert_eq!(s.lost(Player::P1), 1);
}

#[test]
fn more_returns_are_owed_only_for_archers_lost() {
    // Dark has lost two archers and is owed one return (its row is full):
    // a marked arrival earns a second one.
    let p = pos("l1l2/3D1/5/5/dldll d 1/0 7 -/-");
    assert_eq!(p.lost(Player::P1), 2);
    let q = after(&p, "d4-b5");
    assert_eq!(q.owed(Player::P1), 2);
    // With one archer lost and already owed, it earns nothing more.
    let p = pos("l1l2/3D1/5/5/dlddl d 1/0 7 -/-");
    assert_eq!(p.lost(Player::P1), 1);
    assert_eq!(after(&p, "d4-b5").owed(Player::P1), 1);
}

#[test]
fn no_shuttling_bans_only_the_fourth_move() {
    let mut h = History::new(Jarmo::start(&STANDARD));
    play_move_list(&mut h, "b1-d2, b5-d4, d2-b1, d4-b5").unwrap();
    // The third move of the back-and-forth is still legal.
    assert!(has(h.current(), "b1-d2"));
    play_move_list(&mut h, "b1-d2, b5-d4").unwrap();
    let p = h.current();
    assert_eq!(p.shuttle_ban(), Some((pt("d2"), pt("b1"))));
    assert!(!has(p, "d2-b1"));
    assert!(has(p, "d2-c2"), "the same archer may go elsewhere");
    let e = p.parse_move("d2-b1").unwrap_err();
    assert!(e.to_string().contains("no shuttling"), "{e}");
    // Light is banned in turn after its own three moves.
    let q = after(p, "a1-c2");
    assert!(!has(&q, "d4-b5"));
    // Another move breaks the sequence: the ban is over a move later.
    let r = after(&after(&q, "a5-b3"), "c2-a1");
    assert!(has(&after(&r, "b3-a5"), "d2-b1"));
}

#[test]
fn a_player_without_moves_passes_and_a_pass_breaks_a_shuttle() {
    // Dark's only movable archer, on e3, may not go back to c2 (shuttle);
    // d5 and a5 are frozen. Dark must pass.
    let p = pos("d2d1/5/2l1d/5/1l3 d 0/0 4 c2-e3,e3-c2,c2-e3/-");
    assert_eq!(legal(&p), ["pass"]);
    let e = pos("lllll/5/5/5/ddddd d 0/0 0 -/-")
        .parse_move("pass")
        .unwrap_err();
    assert!(e.to_string().contains("only legal when no archer can move"));
    let q = after(&p, "pass");
    assert_eq!(
        q.position_string(),
        "d2d1/5/2l1d/5/1l3 l 0/0 5 e3-c2,c2-e3,pass/-"
    );
    // After Light's move the pass has broken the sequence.
    let r = after(&q, "c3-a2");
    assert!(has(&r, "e3-c2"));
    // A pass makes a due return: one pass for each free point.
    let p = pos("d2d1/5/2l1d/5/1l3 d 1/0 4 c2-e3,e3-c2,c2-e3/-");
    assert_eq!(legal(&p), ["pass+a1", "pass+c1", "pass+d1", "pass+e1"]);
    let q = after(&p, "pass+c1");
    assert_eq!(q.archer_at(pt("c1")), Some(Player::P1));
    assert_eq!(q.owed(Player::P1), 0);
}

#[test]
fn the_first_to_finish_scores_two_per_archer() {
    // Dark's last archer outside Light's first row arrives: Dark is first
    // with 3 archers (6 points); Light has b1 on Dark's first row (2) and
    // two others (1 each).
    let p = pos("d1dl1/2d2/2l2/5/1l3 d 0/0 0 -/-");
    assert_eq!(p.outcome(), None);
    let q = after(&p, "c4-e5");
    let o = q.outcome().unwrap();
    assert_eq!(o.reason, Reason::AllArrived);
    assert_eq!(points(o), [6.0, 4.0]);
    assert_eq!(o.winner, Some(Player::P1));
    assert!(legal(&q).is_empty());
    // Equal points: a draw.
    let p = pos("d1dl1/2d2/2l2/5/1l1l1 d 0/0 0 -/-");
    let o = after(&p, "c4-e5").outcome().unwrap();
    assert_eq!((points(o), o.winner), ([6.0, 6.0], None));
    // Finishing first is not always winning: Light has more points.
    let p = pos("d1dl1/2d2/2l2/5/1l1ll d 0/0 0 -/-");
    let o = after(&p, "c4-e5").outcome().unwrap();
    assert_eq!((points(o), o.winner), ([6.0, 8.0], Some(Player::P2)));
}

#[test]
fn a_side_with_no_archers_left_is_done() {
    // Light takes Dark's last archer: Dark is done first with no points.
    let p = pos("l4/5/2d2/l4/5 l 0/0 3 -/-");
    let q = after(&p, "a2xc3");
    let o = q.outcome().unwrap();
    assert_eq!(o.reason, Reason::AllArrived);
    assert_eq!(points(o), [0.0, 2.0]);
    assert_eq!(o.winner, Some(Player::P2));
    assert!(legal(&q).is_empty());
    assert_eq!(perft(&q, 2), 0);
}

#[test]
fn when_a_move_finishes_both_sides_the_mover_is_first() {
    // Dark's c4 takes Light's last archer outside Dark's first row and
    // arrives itself: both sides are done, Dark first.
    let p = pos("ddddl/2d2/5/5/llll1 d 0/0 0 -/-");
    let q = after(&p, "c4xe5");
    assert!(q.is_done(Player::P1) && q.is_done(Player::P2));
    let o = q.outcome().unwrap();
    assert_eq!((points(o), o.winner), ([10.0, 8.0], Some(Player::P1)));
}

#[test]
fn a_due_return_is_made_before_the_end_is_checked() {
    // Dark's last archer outside Light's first row is marked and arrives;
    // Dark has lost one, so an archer comes back to its first row and the
    // game goes on.
    let p = pos("dd1ll/4D/2l2/5/5 d 0/0 0 -/-");
    assert!(!has(&p, "e4-c5"));
    let q = after(&p, "e4-c5+c1");
    assert_eq!(q.outcome(), None);
    assert!(!q.is_done(Player::P1));
    // The same arrival by an unmarked archer ends the game.
    let p = pos("dd1ll/4d/2l2/5/5 d 0/0 0 -/-");
    let o = after(&p, "e4-c5").outcome().unwrap();
    assert_eq!((o.reason, points(o)), (Reason::AllArrived, [6.0, 3.0]));
}

#[test]
fn two_hundred_plies_without_a_capture_end_the_game() {
    let p = pos("lllll/5/5/5/ddddd d 0/0 199 -/-");
    assert_eq!(p.outcome(), None);
    let q = after(&p, "b1-d2");
    assert_eq!(q.quiet(), 200);
    let o = q.outcome().unwrap();
    assert_eq!(o.reason, Reason::MoveCap);
    assert_eq!((points(o), o.winner), ([5.0, 5.0], None));
    // Scored as it stands: 2 per archer on the enemy's first row, 1 per other.
    let p = pos("lDl1l/3l1/5/5/d1ddd d 0/0 199 -/-");
    let o = after(&p, "a1-c2").outcome().unwrap();
    assert_eq!((points(o), o.winner), ([6.0, 4.0], Some(Player::P1)));
    // Perft ignores the cap: moves go on.
    assert_eq!(q.natural_outcome(), None);
    assert_eq!(legal(&q).len(), 11);
    // A capture resets the count.
    let p = pos("l1lll/5/1ld2/5/d1d1d d 0/0 199 -/-");
    assert_eq!(after(&p, "c3xb3").quiet(), 0);
}

#[test]
fn a_third_repetition_ends_the_game_as_it_stands() {
    let mut h = History::new(Jarmo::start(&STANDARD));
    let cycle = "b1-d2, b5-d4, d2-b1, d4-b5, a1-c2, a5-c4, c2-a1, c4-a5";
    play_move_list(&mut h, cycle).unwrap();
    assert_eq!(h.repetitions(), 3);
    let o = h.outcome().unwrap();
    assert_eq!(o.reason, Reason::Repetition);
    assert_eq!((points(o), o.winner), ([5.0, 5.0], None));
    h.undo();
    assert_eq!(h.outcome(), None);
}

#[test]
fn move_lists_replay_to_a_pinned_position() {
    // Captures that mark, a Light return (b3xa1+a5), a Dark return (c4xe5+b1).
    let mut h = History::new(Jarmo::start(&STANDARD));
    let list = "b1-d2, a5-c4, d2-b3, c4-b2, b3xb2, c5-b3, b2-c4, b3xa1+a5, c4xe5+b1";
    play_move_list(&mut h, list).unwrap();
    assert_eq!(
        h.current().position_string(),
        "ll1lD/5/5/5/Ldddd l 0/0 0 b3-b2,b2-c4,c4-e5/c4-b2,c5-b3,b3-a1"
    );
    assert_eq!(tablero_core::format_move_list(h.start(), h.moves()), list);
}

#[test]
fn an_illegal_move_in_a_list_is_reported_by_its_number() {
    let mut h = History::new(Jarmo::start(&STANDARD));
    let err =
        play_move_list(&mut h, "b1-d2, a5-c4, d2-b1, c4-a5, b1-d2, a5-c4, d2-b1").unwrap_err();
    assert_eq!(err.index, 7);
    assert!(err.to_string().starts_with("move 7 (d2-b1)"), "{err}");
    assert!(err.to_string().contains("no shuttling"), "{err}");
    assert_eq!(h.moves().len(), 6, "the moves before stay played");
    let mut h = History::new(Jarmo::start(&STANDARD));
    let err = play_move_list(&mut h, "b1-d2, a5-c4, c1-d9").unwrap_err();
    assert_eq!(err.index, 3);
    assert!(
        matches!(err.error, MoveError::Syntax { at: 3, .. }),
        "{err}"
    );
}

#[test]
fn position_string_errors_say_where() {
    let e = |s: &str| Jarmo::parse_position(&STANDARD, s).unwrap_err();
    assert_eq!(
        e("lllll/5/5/5/ddddd d 0/0 0"),
        PositionError::FieldCount { at: 25, found: 4 }
    );
    assert_eq!(
        e("lllll/5/5/ddddd d 0/0 0 -/-"),
        PositionError::RowCount { at: 0, found: 4 }
    );
    assert_eq!(
        e("lllll/5/5/5/ddxdd d 0/0 0 -/-"),
        PositionError::BadChar { at: 14, found: 'x' }
    );
    assert_eq!(
        e("lllll/4/5/5/ddddd d 0/0 0 -/-"),
        PositionError::RowLength {
            at: 6,
            row: 4,
            found: 4
        }
    );
    assert_eq!(
        e("lllll/l4/5/5/ddddd d 0/0 0 -/-"),
        PositionError::TooManyArchers {
            at: 0,
            colour: "light",
            found: 6
        }
    );
    assert_eq!(
        e("lllll/5/5/5/ddddd x 0/0 0 -/-"),
        PositionError::BadSide {
            at: 18,
            text: "x".into()
        }
    );
    assert_eq!(
        e("lllll/5/5/5/ddddd d 0-0 0 -/-"),
        PositionError::BadOwed {
            at: 20,
            text: "0-0".into()
        }
    );
    assert_eq!(
        e("llll1/5/5/5/ddddd d 0/2 0 -/-"),
        PositionError::OwedTooMany {
            at: 22,
            colour: "light",
            owed: 2,
            lost: 1
        }
    );
    assert_eq!(
        e("lllll/5/5/5/ddddd d 0/0 201 -/-"),
        PositionError::BadQuiet {
            at: 24,
            text: "201".into()
        }
    );
    assert!(matches!(
        e("lllll/5/5/5/ddddd d 0/0 0 a1-a2/-"),
        PositionError::BadRecent { at: 26, .. }
    ));
    assert!(matches!(
        e("lllll/5/5/5/ddddd d 0/0 0 pass,pass,pass,pass/-"),
        PositionError::BadRecent { at: 41, .. }
    ));
    assert!(matches!(
        e("lllll/5/5/5/ddddd d 0/0 0 -"),
        PositionError::BadRecent { at: 26, .. }
    ));
    assert!(e("").to_string().contains("expected 5 fields"));
}

#[test]
fn move_text_errors() {
    let p = Jarmo::start(&STANDARD);
    for (text, at) in [
        ("", 0),
        ("b1d2", 0),
        ("b1-f2", 3),
        ("b1-d2+z1", 6),
        ("b1-b2", 0),
    ] {
        match p.parse_move(text) {
            Err(MoveError::Syntax { at: a, .. }) => assert_eq!(a, at, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let e = p.parse_move("c3-a2").unwrap_err();
    assert_eq!(
        e.to_string(),
        "c3-a2 is not legal here: no dark archer on c3"
    );
    let e = p.parse_move("b1xd2").unwrap_err();
    assert!(e.to_string().contains("d2 is empty: write b1-d2"), "{e}");
    let e = p.parse_move("b1-d2+a1").unwrap_err();
    assert!(e.to_string().contains("no return is due"), "{e}");
    assert_eq!(
        p.parse_move("  b1-d2 "),
        Ok(Move::Step {
            from: pt("b1"),
            to: pt("d2"),
            capture: false,
            ret: None
        })
    );
}

#[test]
fn records_round_trip() {
    let mut h = History::new(Jarmo::start(&Orientation::Flipped));
    play_move_list(&mut h, "a5-b3, b1-d2, b3-c3").unwrap();
    let text = Record::from_history(&h).to_text();
    assert!(text.contains("[Variant \"flipped\"]"), "{text}");
    let back = Record::<Jarmo>::parse(&text).unwrap();
    assert_eq!(back.replay().unwrap().current(), h.current());
}

#[test]
fn the_match_swaps_seats_and_adds_points() {
    let mut m = SeatSwapMatch::<Jarmo>::new(Orientation::Standard, Player::P1);
    assert_eq!(m.game_number(), 1);
    assert!(!m.next_game(), "the first game is not over");
    // Game 1: A (Dark) finishes with the repetition of the start: 5-5.
    let cycle = "b1-d2, b5-d4, d2-b1, d4-b5, a1-c2, a5-c4, c2-a1, c4-a5";
    play_move_list(m.current_mut(), cycle).unwrap();
    assert!(m.current().is_over());
    assert_eq!(m.points().map(Points::as_f64), [5.0, 5.0]);
    assert!(m.next_game());
    assert_eq!(m.game_number(), 2);
    assert_eq!(Person::A.seat(2), Player::P2);
    assert_eq!(m.current().current(), &Jarmo::start(&Orientation::Standard));
    // Game 2 from a finished position: B (Dark now) scores 6, A (Light) 4.
    let mut g2 = History::new(pos("d1dl1/2d2/2l2/5/1l3 d 0/0 0 -/-"));
    g2.play_text("c4-e5").unwrap();
    *m.current_mut() = g2;
    assert!(m.is_over());
    assert_eq!(m.game_points(Person::A, 2), Some(Points::whole(4)));
    assert_eq!(m.game_points(Person::B, 2), Some(Points::whole(6)));
    assert_eq!(m.points().map(Points::as_f64), [9.0, 11.0]);
    assert_eq!(m.winner(), Some(Some(Person::B)));
    assert!(!m.next_game(), "a match has two games");
}
