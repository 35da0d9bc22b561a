//! Super Dimensiones: perft on all 32 rule sets and special positions, the
//! conformance kit, and the rules that decide results.

use tablero_core::conformance::{check, check_perft_file, Config};
use tablero_core::{play_move_list, Game, History, MoveError, Outcome, Player, Points, Reason};
use tablero_games::dimensiones::{Army, Dimensiones, RuleSet, SubGame};
use tablero_games::draughts::PositionError;

fn rules(text: &str) -> RuleSet {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn pos(r: &str, text: &str) -> Dimensiones {
    Dimensiones::parse_position(&rules(r), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn after(p: &Dimensiones, mv: &str) -> Dimensiones {
    let mut q = p.clone();
    q.play(q.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}")))
        .unwrap();
    q
}

#[test]
fn perft_data() {
    let checked = check_perft_file::<Dimensiones>(include_str!("data/dimensiones.perft"), 60_000);
    assert!(checked >= 200, "only {checked} perft depths checked");
}

#[test]
fn conformance_all_32_rule_sets() {
    assert_eq!(RuleSet::all().len(), 32);
    for rs in RuleSet::all() {
        let config = Config {
            games: 4,
            seed: 5,
            fuzz_cases: 16,
            both_first: true,
        };
        let report = check::<Dimensiones>(&rs, &config);
        assert_eq!(report.games, 4);
    }
}

#[test]
fn conformance_huff() {
    for text in [
        "M-C-N-W-R+huff",
        "I-D-N-E-S+huff",
        "M-D-N-W-S+huff",
        "I-C-N-E-R+huff",
    ] {
        let config = Config {
            games: 6,
            seed: 9,
            fuzz_cases: 16,
            both_first: true,
        };
        check::<Dimensiones>(&rules(text), &config);
    }
}

#[test]
fn rule_set_names() {
    assert_eq!(RuleSet::default().to_string(), "M-C-N-W-R");
    assert_eq!(rules("i-c-a-w-r").to_string(), "I-C-A-W-R");
    assert_eq!(rules("M-D-N-E-S+huff").to_string(), "M-D-N-E-S+huff");
    let e = "M-C-A-W-R+huff".parse::<RuleSet>().unwrap_err();
    assert!(e.reason.as_str().contains("only with tactics N"), "{e}");
    let e = "M-C-X-W-R".parse::<RuleSet>().unwrap_err();
    assert_eq!(e.at, 4);
    assert!(e.to_string().contains("tactics"), "{e}");
    assert!("M-C-N-W".parse::<RuleSet>().is_err());
    assert!("M-C-N-W-R+fast".parse::<RuleSet>().unwrap_err().at == 9);
}

#[test]
fn start_positions_and_cycle() {
    let w = Dimensiones::start(&rules("M-C-N-W-R"));
    assert_eq!(
        w.position_string(),
        "obobob/bobobo/6/6/ararar/rarara r -- 0 rbao"
    );
    let e = Dimensiones::start(&rules("M-C-N-E-R"));
    assert_eq!(
        e.position_string(),
        "bbbooo/bbbooo/6/6/rrraaa/rrraaa r -- 0 rbao"
    );
    // Red, Blue, Aqua, Orange, Red.
    let mut h = History::new(w.clone());
    let mut armies = vec![h.current().mover_label().unwrap()];
    play_move_list(&mut h, "b2-c3, a5-b4, a2-b3, b5-a4").unwrap();
    for p in h.positions().iter().skip(1) {
        armies.push(p.mover_label().unwrap());
    }
    assert_eq!(armies, ["red", "blue", "aqua", "orange", "red"]);
    // Player two first: Blue, Red, Orange, Aqua.
    let b = Dimensiones::start_with(&rules("M-C-N-W-R"), Player::P2);
    assert_eq!(b.mover_label(), Some("blue"));
    assert!(b.position_string().ends_with(" b -- 0 broa"));
    let b = after(&b, "a5-b4");
    assert_eq!(b.mover_label(), Some("red"));
    let b = after(&b, "b2-c3");
    assert_eq!(b.mover_label(), Some("orange"));
}

#[test]
fn move_list_replays_and_illegal_move_is_numbered() {
    let mut h = History::new(Dimensiones::start(&rules("I-C-N-W-R")));
    play_move_list(&mut h, "a1-a3, a5-b4, b1-b3, b5-c4, b2-c3").unwrap();
    assert_eq!(
        h.current().position_string(),
        "obobob/2bobo/1bo3/rar3/a1arar/2rara b -- 0 rbao"
    );
    let mut h = History::new(Dimensiones::start(&rules("I-C-N-W-R")));
    let e = play_move_list(&mut h, "a1-a3, a5-b4, b1-b4").unwrap_err();
    assert_eq!(e.index, 3);
    assert!(!e.legal.is_empty());
    assert!(e.to_string().starts_with("move 3 (b1-b4)"), "{e}");
}

#[test]
fn capturing_the_last_piece_decides_a_subgame_and_the_other_goes_on() {
    let p = pos("M-C-N-W-R", "4o1/6/6/6/1b4/ra4 r -- 0 rbao");
    let q = after(&p, "a1xc3");
    assert_eq!(q.subgame(0), SubGame::Won(Player::P1));
    assert_eq!(q.subgame(1), SubGame::Open);
    // Blue's sub-game is over: Orange moves.
    assert_eq!(q.army(), Some(Army::Orange));
    assert_eq!(q.position_string(), "4o1/6/6/2r3/6/1a4 o 1- 0 rbao");
    // In D the army left without pieces wins its sub-game.
    let d = after(&pos("M-D-N-W-R", "4o1/6/6/6/1b4/ra4 r -- 0 rbao"), "a1xc3");
    assert_eq!(d.subgame(0), SubGame::Won(Player::P2));
}

#[test]
fn frozen_pieces_block_and_are_never_captured() {
    // Red-Blue decided; Aqua moves. The frozen Red and Blue men stay.
    let p = pos("I-C-N-W-R", "4o1/6/3b2/6/1b1b2/ra2r1 a 1- 0 rbao");
    assert!(p.is_frozen(tablero_games::draughts::Square::parse("a1", 6).unwrap()));
    assert_eq!(p.legal_move_strings(), ["b1-a2", "b1-c2"]);
    let q = after(&p, "b1-c2");
    assert_eq!(q.army(), Some(Army::Orange));
    let r = after(&q, "e6-f5");
    // Aqua again (Red is frozen).
    assert_eq!(r.army(), Some(Army::Aqua));
}

#[test]
fn a_blocked_army_loses_in_c_and_wins_in_d_without_losing_the_turn() {
    for (r, winner) in [("M-C-N-W-R", Player::P1), ("M-D-N-W-R", Player::P2)] {
        let p = pos(r, "4o1/6/6/r1r3/1b4/rar1r1 r -- 0 rbao");
        let q = after(&p, "e1-f2");
        // Blue on b2 cannot move: its sub-game is decided and Orange moves.
        assert_eq!(q.subgame(0), SubGame::Won(winner), "{r}");
        assert_eq!(q.army(), Some(Army::Orange));
    }
}

#[test]
fn the_game_ends_when_both_subgames_are_decided() {
    // Red takes Blue's last man: one sub-game decided, the game goes on.
    let p = pos("M-C-N-W-R", "6/6/6/6/1b2o1/ra1a2 r -- 0 rbao");
    let q = after(&p, "a1xc3");
    assert_eq!(q.army(), Some(Army::Orange));
    assert_eq!(q.outcome(), None);
    // Aqua takes Orange's last man: both decided, 2-0 for South.
    let end = pos("M-C-N-W-R", "6/6/6/1o4/a5/6 a 1- 0 rbao");
    let last = after(&end, "a2xc4");
    assert_eq!(
        last.outcome(),
        Some(Outcome::by_points(
            [Points::halves(4), Points::halves(0)],
            Reason::Subgames
        ))
    );
    assert_eq!(last.position_string(), "6/6/2a3/6/6/6 - 11 0 rbao");
    let mut buf = Vec::new();
    last.legal_moves(&mut buf);
    assert!(buf.is_empty());
}

#[test]
fn sixty_quiet_plies_score_open_subgames_by_value() {
    // Kings only: Red king 2 vs Blue man 1 (C: Red wins that sub-game),
    // Aqua–Orange equal (draw).
    let p = pos("M-C-N-W-S", "1b4/6/o5/6/6/R4a r -- 59 rbao");
    assert_eq!(p.outcome(), None);
    let q = after(&p, "a1-b2");
    assert_eq!(
        q.outcome(),
        Some(Outcome::by_points(
            [Points::halves(3), Points::halves(1)],
            Reason::MoveCap
        ))
    );
    // In D the lower value wins.
    let d = after(&pos("M-D-N-W-S", "1b4/6/o5/6/6/R4a r -- 59 rbao"), "a1-b2");
    assert_eq!(
        d.outcome(),
        Some(Outcome::by_points(
            [Points::halves(1), Points::halves(3)],
            Reason::MoveCap
        ))
    );
}

#[test]
fn huff_penalties() {
    // C: a non-capture while a capture exists costs the piece that could
    // have captured; both a1 and c1 could (two pieces each).
    let p = pos("M-C-N-W-R+huff", "4o1/6/1b4/4b1/1b3r/rar3 r -- 0 rbao");
    assert_eq!(
        p.legal_move_strings(),
        ["a1xa5", "c1-d2!a1", "c1-d2!d2", "c1xc5"]
    );
    let q = after(&p, "c1-d2!a1");
    assert_eq!(q.position_string(), "4o1/6/1b4/4b1/1b1r1r/1a4 b -- 0 rbao");
    // Without huff the capture is compulsory.
    let n = pos("M-C-N-W-R", "4o1/6/1b4/4b1/1b3r/rar3 r -- 0 rbao");
    let e = n.parse_move("c1-d2").unwrap_err();
    assert!(e.to_string().contains("compulsory"), "{e}");
    // D: a lost man comes back on an empty start square of the army.
    let d = pos("M-D-N-W-R+huff", "4o1/6/1b4/4b1/1b3r/rar3 r -- 0 rbao");
    let q = after(&d, "c1-d2!+e1");
    assert_eq!(
        q.position_string(),
        "4o1/6/1b4/4b1/1b1r1r/ra2r1 b -- 0 rbao"
    );
    // D with no man lost: a man of the mover's back row is crowned.
    let full = pos("M-D-N-E-R+huff", "3o2/6/2b3/2r3/rr1a2/rrr3 r -- 0 rbao");
    let moves = full.legal_move_strings();
    assert_eq!(moves.len(), 21);
    assert!(moves.contains(&"a2-a3!=b1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"a2-a3".to_string()), "{moves:?}");
    let q = after(&full, "a2-a3!=b1");
    assert_eq!(q.position_string(), "3o2/6/2b3/r1r3/1r1a2/rRr3 b -- 0 rbao");
    // No man on the back row and none lost: no penalty.
    let none = pos("M-D-N-E-R+huff", "3o2/6/2b3/rrr3/rr1a2/1R4 r -- 0 rbao");
    let moves = none.legal_move_strings();
    assert!(moves.contains(&"c3xc5".to_string()), "{moves:?}");
    assert!(moves.contains(&"a3-a4".to_string()), "{moves:?}");
    assert!(moves.iter().all(|m| !m.contains('!')), "{moves:?}");
    // The penalty must be one of the choices.
    let e = d.parse_move("c1-d2!+a3").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { .. }), "{e}");
}

#[test]
fn position_errors_say_where() {
    let r = rules("M-C-N-W-R");
    let e = |s: &str| Dimensiones::parse_position(&r, s).unwrap_err();
    assert!(matches!(
        e("6/6/6/6/6/6 r --"),
        PositionError::FieldCount { .. }
    ));
    assert!(matches!(
        e("6/6/6/6/6 r -- 0 rbao"),
        PositionError::RowCount { .. }
    ));
    assert!(matches!(
        e("4o1/6/6/6/1b4/ra4 x -- 0 rbao"),
        PositionError::BadMover { at: 18, .. }
    ));
    assert!(matches!(
        e("4o1/6/6/6/1b4/ra4 r -- 61 rbao"),
        PositionError::BadClock { at: 23, .. }
    ));
    assert!(matches!(
        e("4o1/6/6/6/1b4/ra4 r -- 0 abcd"),
        PositionError::Inconsistent { at: 25, .. }
    ));
    // A red piece on a light square in formation W.
    assert!(matches!(
        e("4o1/6/6/6/1b4/1r1a2 r -- 0 rbao"),
        PositionError::BadPiece { .. }
    ));
    // Blue has no pieces but its sub-game is open.
    assert!(matches!(
        e("4o1/6/6/6/6/ra4 r -- 0 rbao"),
        PositionError::Inconsistent { .. }
    ));
    // The army to move is blocked: its sub-game would be decided.
    assert!(matches!(
        e("4o1/6/6/r1r3/1b4/rar1r1 b -- 0 rbao"),
        PositionError::Inconsistent { .. }
    ));
}

#[test]
fn threefold_repetition_scores_open_subgames_by_value() {
    // Kings shuffle; Red (king + man, value 3) against Blue (king, value 2)
    // wins its sub-game by value in C; Aqua and Orange (one king each) draw.
    let start = pos("M-C-N-W-S", "1B4/6/O5/6/6/R1r2A r -- 0 rbao");
    let mut h = History::new(start.clone());
    let cycle = "a1-b2, b6-c5, f1-e2, a4-b5, b2-a1, c5-b6, e2-f1, b5-a4";
    play_move_list(&mut h, cycle).unwrap();
    assert_eq!(h.outcome(), None);
    play_move_list(&mut h, cycle).unwrap();
    assert_eq!(h.repetitions(), 3);
    assert_eq!(
        h.outcome(),
        Some(Outcome::by_points(
            [Points::halves(3), Points::halves(1)],
            Reason::Repetition
        ))
    );
    // In D the same material gives that sub-game to North.
    let mut h = History::new(pos("M-D-N-W-S", "1B4/6/O5/6/6/R1r2A r -- 0 rbao"));
    play_move_list(&mut h, cycle).unwrap();
    play_move_list(&mut h, cycle).unwrap();
    assert_eq!(
        h.outcome(),
        Some(Outcome::by_points(
            [Points::halves(1), Points::halves(3)],
            Reason::Repetition
        ))
    );
}

/// The search's focus (cards M and W): the sub-game to move, alone, has the
/// same legal moves, and a move does the same to that sub-game's armies.
#[test]
fn focus_has_the_same_moves_and_plays_them_the_same() {
    use tablero_core::Evaluate;
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    let mut focused = 0;
    for text in ["M-C-N-W-R", "M-D-A-W-S"] {
        for _ in 0..10 {
            let mut p = Dimensiones::start(&rules(text));
            while p.outcome().is_none() {
                let mut moves = Vec::new();
                p.legal_moves(&mut moves);
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let mv = moves[(x >> 33) as usize % moves.len()];
                if let Some(f) = p.focus() {
                    focused += 1;
                    let mut there = Vec::new();
                    f.legal_moves(&mut there);
                    assert_eq!(moves, there, "{}", p.position_string());
                    let army = p.army().expect("open");
                    let (mut a, mut b) = (p.clone(), f.clone());
                    a.play_unchecked(mv);
                    b.play_unchecked(mv);
                    for side in [army, army.facing()] {
                        assert_eq!(a.men(side), b.men(side));
                        assert_eq!(a.kings(side), b.kings(side));
                    }
                    // The sub-game goes on alone; once it is decided the
                    // other resumes as in the game. (An army blocked is
                    // found so at once in focus, in the game at its turn.)
                    let g = army.subgame();
                    if b.subgame(g) == SubGame::Open {
                        assert_eq!(b.army(), Some(army.facing()));
                    } else if a.subgame(g) != SubGame::Open {
                        assert_eq!(b.army(), a.army());
                        assert_eq!([b.subgame(0), b.subgame(1)], [a.subgame(0), a.subgame(1)]);
                    }
                } else {
                    // Focus is for two open sub-games, the one to move not
                    // near its end.
                    let army = p.army().expect("open");
                    let near_end = p.pieces(army).min(p.pieces(army.facing())) <= 2;
                    assert!(
                        near_end || p.subgame(0) != SubGame::Open || p.subgame(1) != SubGame::Open
                    );
                }
                p.play_unchecked(mv);
            }
        }
    }
    assert!(focused > 100, "{focused}");
}

/// A tempo handed over: when a sub-game is decided right after a move by
/// the player who moved first, the other player moves next, in the other
/// sub-game, although its army there moved last. The search's focus plays
/// the sub-game to move alone, then resumes the other one the same way.
#[test]
fn deciding_a_sub_game_first_hands_over_a_tempo_in_the_game_and_in_focus() {
    use tablero_core::{Evaluate, Player};
    // Captures optional (card A). Red's c3xe5 takes Blue's man on d4 and
    // leaves its men on b2 and f2 with no move: Red wins the sub-game.
    let pos =
        Dimensiones::parse_position(&rules("M-C-A-W-R"), "6/6/2ob2/r1R3/1b3b/rar1r1 r -- 0 rbao")
            .expect("position");
    let mut real = pos.clone();
    real.play(real.parse_move("c3xe5").expect("move"))
        .expect("legal");
    assert_eq!(real.subgame(0), SubGame::Won(Player::P1));
    // Aqua moved last of the two, yet Orange moves next,
    assert_eq!(real.army(), Some(Army::Orange));
    // and after Orange, Aqua: Orange is a move up.
    let mut next = real.clone();
    next.play(next.parse_move("c4-b3").expect("move"))
        .expect("legal");
    assert_eq!(next.army(), Some(Army::Aqua));
    // In focus, Blue answers Red while Aqua-Orange waits ...
    let focus = pos.focus().expect("both sub-games open");
    let mut wait = focus.clone();
    wait.play(wait.parse_move("a3-b4").expect("move"))
        .expect("legal");
    assert_eq!(wait.army(), Some(Army::Blue));
    // ... and once Red-Blue is decided it resumes with Orange, as in the game.
    let mut f = focus.clone();
    f.play(f.parse_move("c3xe5").expect("move")).expect("legal");
    assert_eq!(f.subgame(0), SubGame::Won(Player::P1));
    assert_eq!(f.army(), Some(Army::Orange));
    let (mut real_moves, mut focus_moves) = (Vec::new(), Vec::new());
    real.legal_moves(&mut real_moves);
    f.legal_moves(&mut focus_moves);
    assert_eq!(real_moves, focus_moves);
    // Blue, the second player, decides without handing anything over.
    let blue = Dimensiones::parse_position(&rules("M-C-A-W-R"), "6/6/2ob2/2r3/6/1a4 b -- 0 rbao")
        .expect("position");
    let mut taken = blue.clone();
    taken
        .play(taken.parse_move("d4xb2").expect("move"))
        .expect("legal");
    assert_eq!(taken.subgame(0), SubGame::Won(Player::P2));
    assert_eq!(taken.army(), Some(Army::Aqua));
    // Near its end (an army down to two pieces) a sub-game is not focused.
    assert!(blue.focus().is_none());
    assert!(real.focus().is_none());
}

/// What decided a won sub-game: the army with no pieces left, else the
/// one that could not move (in conquest the loser's, in distraction the
/// winner's); nothing for an open sub-game.
#[test]
fn subgame_end_names_the_army_that_decided_it() {
    use tablero_games::dimensiones::SubGameEnd;
    // Red takes Blue's last man.
    let p = after(&pos("M-C-N-W-R", "4o1/6/3b2/2r3/6/6 r -2 0 rbao"), "c3xe5");
    assert_eq!(p.subgame_end(0), Some(SubGameEnd::NoPieces(Army::Blue)));
    // Won by North before, Aqua gone: conquest, the loser's army.
    assert_eq!(p.subgame_end(1), Some(SubGameEnd::NoPieces(Army::Aqua)));
    // Won by South while Blue still has a man: Blue could not move.
    let q = pos("M-C-N-W-R", "4o1/6/3b2/2r3/6/1a4 a 1- 0 rbao");
    assert_eq!(q.subgame_end(0), Some(SubGameEnd::Blocked(Army::Blue)));
    assert_eq!(q.subgame_end(1), None);
    // Distraction: the winner's army decided it (it got rid of its pieces).
    let d = pos("M-D-N-W-R", "4o1/6/3b2/6/6/1a4 a 1- 0 rbao");
    assert_eq!(d.subgame_end(0), Some(SubGameEnd::NoPieces(Army::Red)));
}

/// A multiple capture is written (and clicked in the browser: its path is
/// the cells of its text) as its start and last square when no other
/// capture shares both (#36: entered by its last square).
#[test]
fn a_multiple_capture_is_entered_by_its_start_and_last_square() {
    use tablero_games::Describe;
    let p = pos("M-C-N-W-R", "4o1/6/3b2/6/1b4/ra4 r -- 0 rbao");
    assert_eq!(p.legal_move_strings(), ["a1xe5"]);
    assert_eq!(Dimensiones::path("a1xe5"), ["a1", "e5"]);
    let q = after(&p, "a1xe5");
    assert_eq!(q.pieces(Army::Blue), 0);
}
