//! Imago's rules, text formats, perft and the conformance kit.

use tablero_core::conformance::{check, check_perft_file, Config};
use tablero_core::{perft, Game, History, MoveError, Outcome, Player, Reason, Record};
use tablero_games::imago::{Cell, Imago, Layout, LayoutError, LayoutProblem, Move, PositionError};

fn layout(text: &str) -> Layout {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn pos(layout_text: &str, p: &str) -> Imago {
    Imago::parse_position(&layout(layout_text), p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn cell(s: &str) -> Cell {
    Cell::parse(s).unwrap()
}

fn after(mut p: Imago, mv: &str) -> String {
    let m = p.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    p.play(m).unwrap();
    p.position_string()
}

#[test]
fn perft_data() {
    let checked = check_perft_file::<Imago>(include_str!("data/imago.perft"), 4_000_000);
    assert!(checked >= 30, "only {checked} perft depths checked");
}

#[test]
fn conformance_default_layout() {
    let report = check::<Imago>(&Layout::default(), &Config::default());
    assert_eq!(report.games, 100);
    assert!(report.reasons.contains("goal"));
}

#[test]
fn conformance_walled_layouts() {
    for text in [
        "red:b2,b5 blue:g2,g5 walls:c2-d2,c3-d3,e4-f4,e5-f5,c5-c6,f1-f2",
        "red:b1,c1 blue:g2,g5 walls:b1-b2,c1-c2,c1-d1",
    ] {
        let config = Config {
            games: 40,
            seed: 7,
            fuzz_cases: 64,
            both_first: true,
        };
        check::<Imago>(&layout(text), &config);
    }
}

#[test]
fn start_position_and_first_moves() {
    let start = Imago::start(&Layout::default());
    assert_eq!(start.position_string(), "b2,b5/g2,g5 r 0");
    assert_eq!(start.side_to_move(), Player::P1);
    let moves = start.legal_move_strings();
    assert_eq!(moves.len(), 12);
    assert!(moves.contains(&"b2-c2 g5".to_string()));
    assert!(moves.contains(&"b2-b1 g2".to_string()));
    // No step into the nonexistent a2 and no step onto a1 (Blue's goal).
    assert!(!moves.iter().any(|m| m.starts_with("b2-a")));
    let blue_first = Imago::start_with(&Layout::default(), Player::P2);
    assert_eq!(blue_first.position_string(), "b2,b5/g2,g5 b 0");
}

#[test]
fn push_moves_the_chosen_piece_the_opposite_way() {
    let p = Imago::start(&Layout::default());
    // Red up, Blue's g2 goes down.
    assert_eq!(after(p.clone(), "b2-b3 g2"), "b3,b5/g1,g5 b 0");
    // Red right, Blue's g5 goes left.
    assert_eq!(after(p.clone(), "b2-c2 g5"), "b5,c2/f5,g2 b 0");
    // Red down, Blue's g5 goes up.
    assert_eq!(after(p, "b2-b1 g5"), "b1,b5/g2,g6 b 0");
}

#[test]
fn blocked_pushes_leave_the_piece_in_place() {
    let walls = "red:b2,b5 blue:g2,g5 walls:f5-g5";
    // Through a wall: g5 would go left to f5, through the wall.
    assert_eq!(
        after(pos(walls, "b2,b5/g2,g5 r 0"), "b2-c2 g5"),
        "b5,c2/g2,g5 b 0"
    );
    // Into an occupied cell: g5 pushed left onto f5 where Red stands.
    assert_eq!(
        after(pos("default", "b2,f5/g2,g5 r 0"), "b2-c2 g5"),
        "c2,f5/g2,g5 b 0"
    );
    // Off the board: g6 pushed up.
    assert_eq!(
        after(pos("default", "c3,b5/g2,g6 r 0"), "c3-c2 g6"),
        "b5,c2/g2,g6 b 0"
    );
    // Into a goal cell: b1 pushed left to a1 (Blue's own goal) stays; Red moved right.
    assert_eq!(
        after(pos("default", "c3,d4/b1,g5 r 0"), "c3-d3 b1"),
        "d3,d4/b1,g5 b 0"
    );
    // Into the other colour's goal cell: Red's g1 pushed right to h1 stays; Blue moved left.
    assert_eq!(
        after(pos("default", "g1,c4/e2,e5 b 0"), "e2-d2 g1"),
        "c4,g1/d2,e5 r 0"
    );
    // The moved piece's new cell blocks the push.
    assert_eq!(
        after(pos("default", "b3,e4/d3,g6 r 0"), "b3-c3 d3"),
        "c3,e4/d3,g6 b 0"
    );
}

#[test]
fn winning_step_ends_the_game_without_a_push() {
    let p = pos("default", "g1,c4/b6,e2 r 0");
    let moves = p.legal_move_strings();
    assert!(moves.contains(&"g1-h1".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("g1-h1 ")));
    let mut won = p.clone();
    won.play(won.parse_move("g1-h1").unwrap()).unwrap();
    assert_eq!(won.outcome(), Some(Outcome::win(Player::P1, Reason::Goal)));
    assert_eq!(won.position_string(), "c4,h1/b6,e2 b 0");
    let mut buf = Default::default();
    won.legal_moves(&mut buf);
    assert!(buf.is_empty());
    // The push form of a winning step is refused with a reason.
    let err = p.parse_move("g1-h1 b6").unwrap_err();
    assert!(
        matches!(err, MoveError::Illegal { ref why, .. } if why.as_str().contains("wins")),
        "{err}"
    );
}

#[test]
fn only_your_own_step_reaches_a_goal() {
    // Blue on b6 could step into a6; Red may not step into a6 or a1.
    let p = pos("default", "b1,b6/g3,g4 r 0");
    assert!(p.legal_move_strings().iter().all(|m| !m.contains("-a")));
    // A Blue piece pushed towards a goal cell stays: Red steps right from b1 and pushes b... (Blue is on g3/g4 here)
    let blue = pos("default", "c3,c4/b1,g4 r 0");
    assert_eq!(after(blue, "c3-d3 b1"), "c4,d3/b1,g4 b 0");
}

#[test]
fn a_player_without_steps_passes_and_two_passes_draw() {
    let boxed = "red:b1,c1 blue:g2,g5 walls:b1-b2,c1-c2,c1-d1";
    let p = pos(boxed, "b1,c1/g2,g5 r 0");
    assert_eq!(p.legal_move_strings(), vec!["pass"]);
    let mut q = p.clone();
    q.play(Move::Pass).unwrap();
    assert_eq!(q.position_string(), "b1,c1/g2,g5 b 1");
    assert_eq!(q.outcome(), None);
    // Both boxed in: two passes in a row draw.
    let both = "red:b1,c1 blue:f1,g1 walls:b1-b2,c1-c2,c1-d1,e1-f1,f1-f2,g1-g2,g1-h1";
    let mut p = pos(both, "b1,c1/f1,g1 r 0");
    p.play(Move::Pass).unwrap();
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_move_strings(), vec!["pass"]);
    p.play(Move::Pass).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::draw(Reason::NoMoves)));
    // Perft ignores the draw rule and keeps counting passes.
    assert_eq!(perft(&p, 3), 1);
}

#[test]
fn threefold_repetition_draws() {
    let mut h = History::new(Imago::start(&Layout::default()));
    // Red steps up and pushes g5 down; Blue steps back up and pushes b3
    // down: the start position again, Red to move.
    let cycle = ["b2-b3 g5", "g4-g5 b3"];
    for mv in cycle {
        h.play_text(mv).unwrap();
    }
    assert_eq!(h.current(), &Imago::start(&Layout::default()));
    assert_eq!(h.repetitions(), 2);
    assert_eq!(h.outcome(), None);
    for mv in cycle {
        h.play_text(mv).unwrap();
    }
    assert_eq!(h.repetitions(), 3);
    assert_eq!(h.outcome(), Some(Outcome::draw(Reason::Repetition)));
    assert_eq!(h.play_text("b2-b3 g5"), Err(MoveError::GameOver));
    assert_eq!(
        Record::from_history(&h).result,
        Some(Outcome::draw(Reason::Repetition))
    );
    h.undo();
    assert_eq!(h.outcome(), None);
}

#[test]
fn position_string_errors_say_where() {
    let l = Layout::default();
    let e = |s: &str| Imago::parse_position(&l, s).unwrap_err();
    assert_eq!(
        e("b2,b5/g2,g5 r"),
        PositionError::FieldCount { at: 13, found: 2 }
    );
    assert_eq!(
        e("b2,b5/g2,g5 r 0 x"),
        PositionError::FieldCount { at: 16, found: 4 }
    );
    assert_eq!(e("b2,b5 r 0"), PositionError::MissingSlash { at: 0 });
    assert_eq!(
        e("b2,a3/g2,g5 r 0"),
        PositionError::BadCell {
            at: 3,
            text: "a3".into()
        }
    );
    assert_eq!(
        e("b2/g2,g5 r 0"),
        PositionError::PieceCount {
            at: 0,
            colour: "red",
            found: 1
        }
    );
    assert_eq!(
        e("b2,b5/g2,b5 r 0"),
        PositionError::Overlap {
            at: 9,
            cell: cell("b5")
        }
    );
    assert_eq!(
        e("a1,b5/g2,g5 r 0"),
        PositionError::ForeignGoal {
            at: 0,
            colour: "red",
            cell: cell("a1")
        }
    );
    assert_eq!(e("h1,b5/a6,g5 r 0"), PositionError::TwoGoals { at: 0 });
    assert_eq!(
        e("b2,b5/g2,g5 x 0"),
        PositionError::BadSide {
            at: 12,
            text: "x".into()
        }
    );
    assert_eq!(
        e("b2,b5/g2,g5 r 3"),
        PositionError::BadPasses {
            at: 14,
            text: "3".into()
        }
    );
    assert_eq!(
        e("h1,b5/g2,g5 b 1"),
        PositionError::BadPasses {
            at: 14,
            text: "1".into()
        }
    );
    assert!(e("").to_string().contains("expected 3 fields"));
}

#[test]
fn move_text_errors() {
    let p = Imago::start(&Layout::default());
    assert!(matches!(p.parse_move(""), Err(MoveError::Syntax { .. })));
    assert!(matches!(
        p.parse_move("b2c2"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        p.parse_move("b2-d2 g5"),
        Err(MoveError::Syntax { at: 0, .. })
    ));
    assert!(matches!(
        p.parse_move("b2-c2 z9"),
        Err(MoveError::Syntax { at: 6, .. })
    ));
    assert!(matches!(
        p.parse_move("b2-c2 g5 x"),
        Err(MoveError::Syntax { at: 9, .. })
    ));
    let e = p.parse_move("c2-d2 g5").unwrap_err();
    assert_eq!(
        e.to_string(),
        "c2-d2 g5 is not legal here: no red piece on c2"
    );
    let e = p.parse_move("b2-c2 b5").unwrap_err();
    assert!(e.to_string().contains("no blue piece on b5"), "{e}");
    let e = p.parse_move("b2-c2").unwrap_err();
    assert!(e.to_string().contains("name the opponent piece"), "{e}");
    assert!(p
        .parse_move("pass")
        .unwrap_err()
        .to_string()
        .contains("only legal when no step"));
    assert_eq!(
        p.parse_move("  b2-c2   g5 "),
        Ok(p.parse_move("b2-c2 g5").unwrap())
    );
}

#[test]
fn walls_block_steps() {
    let l = layout("red:b2,b5 blue:g2,g5 walls:b2-c2,b2-b3");
    let p = Imago::start(&l);
    let moves = p.legal_move_strings();
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("b2-c2") || m.starts_with("b2-b3")));
    assert!(moves.contains(&"b2-b1 g2".to_string()));
    let e = p.parse_move("b2-c2 g5").unwrap_err();
    assert!(e.to_string().contains("wall"), "{e}");
}

#[test]
fn layouts_read_validate_and_print() {
    assert_eq!(layout("default"), Layout::default());
    assert_eq!(Layout::default().to_string(), "default");
    let text = "# a file\nred: b2 b5   # Red\nblue: g2,g5\nwalls: d3-c3, c4-d4\n";
    let l = layout(text);
    assert_eq!(l.to_string(), "red:b2,b5 blue:g2,g5 walls:c3-d3,c4-d4");
    assert_eq!(layout(&l.to_string()), l);
    assert_eq!(
        layout("walls:c3-d3").to_string(),
        "red:b2,b5 blue:g2,g5 walls:c3-d3"
    );
    assert!(l.warnings().is_empty());
    // Every problem is reported at once.
    let err = "red:b2 blue:g2,a1 walls:c3-e3,c3-d3,d3-c3"
        .parse::<Layout>()
        .unwrap_err();
    assert_eq!(
        err,
        LayoutError::Invalid(vec![
            LayoutProblem::StartCount {
                colour: "red",
                found: 1
            },
            LayoutProblem::StartOnGoal(cell("a1")),
            LayoutProblem::WallNotAdjacent(cell("c3"), cell("e3")),
            LayoutProblem::DuplicateWall(cell("c3"), cell("d3")),
        ])
    );
    assert!(
        matches!("red:b2,b2 blue:g2,g5".parse::<Layout>(), Err(LayoutError::Invalid(ref v)) if v == &[LayoutProblem::StartOverlap(cell("b2"))])
    );
    assert!(matches!(
        "colour:b2".parse::<Layout>(),
        Err(LayoutError::Syntax { at: 0, .. })
    ));
    assert!(matches!(
        "red:b2,z5".parse::<Layout>(),
        Err(LayoutError::Syntax { at: 7, .. })
    ));
    assert!(matches!(
        "b2".parse::<Layout>(),
        Err(LayoutError::Syntax { at: 0, .. })
    ));
    assert!(matches!(
        "walls:c3d3".parse::<Layout>(),
        Err(LayoutError::Syntax { at: 6, .. })
    ));
    assert!(matches!(
        "".parse::<Layout>(),
        Err(LayoutError::Syntax { .. })
    ));
    // Walls next to goal cells are allowed.
    assert!("walls:g1-h1,a6-b6".parse::<Layout>().is_ok());
}

#[test]
fn long_walls_are_warned_about_not_refused() {
    let l = layout("walls:c1-d1,c2-d2,c3-d3,b5-b6,c5-c6");
    let w = l.warnings();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].as_str().contains("c1-d1") && w[0].as_str().contains("3 cells"),
        "{w:?}"
    );
    let l = layout("walls:b4-b5,c4-c5,d4-d5,e4-e5");
    assert!(l.warnings()[0].as_str().contains("4 cells"));
    assert_eq!(l.warnings()[0].id(), "imago-long-wall");
}

#[test]
fn records_replay_with_claims_and_tags() {
    let mut h = History::new(Imago::start(&Layout::default()));
    h.play_text("b2-c2 g5").unwrap();
    h.set_result(Outcome::win(Player::P2, Reason::Claim));
    let mut r = Record::from_history(&h);
    r.tags.push(("Red".into(), "Ana \"la roja\"".into()));
    let text = r.to_text();
    assert!(
        text.contains("[Result \"p2\"]") && text.contains("[Reason \"claim\"]"),
        "{text}"
    );
    let back = Record::<Imago>::parse(&text).unwrap();
    assert_eq!(back, r);
    let replayed = back.replay().unwrap();
    assert_eq!(
        replayed.outcome(),
        Some(Outcome::win(Player::P2, Reason::Claim))
    );
    // A false claim by the side to move (Blue, after one move) is its loss,
    // and reads back; the same claim written as Blue's win is refused.
    let mut h = History::new(Imago::start(&Layout::default()));
    h.play_text("b2-c2 g5").unwrap();
    h.set_result(Outcome::win(Player::P1, Reason::FalseClaim));
    let text = Record::from_history(&h).to_text();
    assert!(text.contains("[Reason \"false-claim\"]"), "{text}");
    let back = Record::<Imago>::parse(&text).unwrap();
    assert_eq!(
        back.replay().unwrap().outcome(),
        Some(Outcome::win(Player::P1, Reason::FalseClaim))
    );
    let wrong = text
        .replace("[Result \"p1\"]", "[Result \"p2\"]")
        .replace("[Score \"1 0\"]", "[Score \"0 1\"]");
    assert!(wrong.contains("[Result \"p2\"]"), "{wrong}");
    assert!(Record::<Imago>::parse(&wrong).is_err(), "{wrong}");
    // A record of another game, or with an illegal move, is refused clearly.
    assert!(Record::<Imago>::parse("[Game \"linja\"]\n")
        .unwrap_err()
        .to_string()
        .contains("linja"));
    let bad = "[Game \"imago\"]\n\nb2-c2 g5, b5-b6 g2\n";
    let e = Record::<Imago>::parse(bad).unwrap_err().to_string();
    assert!(e.starts_with("move 2 (b5-b6 g2)"), "{e}");
}
