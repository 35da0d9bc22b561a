//! The 8x8 verification configurations of the draughts core: perft against
//! pydraughts, the conformance kit, and the rules that set them apart.

use tablero_core::conformance::{check, check_perft_file, Config};
use tablero_core::{Game, History, MoveError, Outcome, Player, Reason};
use tablero_games::draughts::{Draughts, DraughtsVariant, PositionError};

fn pos(v: DraughtsVariant, text: &str) -> Draughts {
    Draughts::parse_position(&v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_move_is_sixteen_bytes() {
    assert_eq!(std::mem::size_of::<tablero_games::draughts::Move>(), 16);
}

#[test]
fn perft_data() {
    let checked = check_perft_file::<Draughts>(include_str!("data/draughts.perft"), 200_000);
    assert!(checked >= 15, "only {checked} perft depths checked");
}

#[test]
fn conformance_all_three() {
    for v in DraughtsVariant::ALL {
        let config = Config {
            games: 30,
            seed: 11,
            fuzz_cases: 64,
            both_first: true,
        };
        let report = check::<Draughts>(&v, &config);
        assert_eq!(report.games, 30);
    }
}

#[test]
fn russian_men_capture_backwards_and_kings_fly() {
    // White man on d4, black men on c5 (forward) and e3 (backward).
    let p = pos(DraughtsVariant::Russian, "8/8/8/2b5/3w4/4b3/8/8 w 0");
    let mut moves = p.legal_move_strings();
    moves.sort();
    assert_eq!(moves, ["d4xb6", "d4xf2"]);
    // English: men capture forward only.
    let p = pos(DraughtsVariant::English, "8/8/8/2b5/3w4/4b3/8/8 w 0");
    assert_eq!(p.legal_move_strings(), ["d4xb6"]);
    // A flying king takes from a distance and lands on any square behind.
    let p = pos(DraughtsVariant::Russian, "8/8/8/8/8/2b5/8/W7 w 0");
    assert_eq!(
        p.legal_move_strings(),
        ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]
    );
}

#[test]
fn russian_man_crowned_mid_capture_goes_on_as_king() {
    // The man on b6 takes c7 landing on d8, is crowned there and goes on
    // as a king, taking f6 on the d8-h4 diagonal.
    let p = pos(DraughtsVariant::Russian, "8/2b5/1w3b2/8/8/8/8/8 w 0");
    assert_eq!(p.legal_move_strings(), ["b6xg5", "b6xh4"]);
    let full = p.parse_move("b6xd8xg5").unwrap();
    assert_eq!(p.parse_move("b6xg5").unwrap(), full);
    assert!(full.promote);
    // English: crowned on d8, the move ends there.
    let p = pos(DraughtsVariant::English, "8/2b5/1w3b2/8/8/8/8/8 w 0");
    assert_eq!(p.legal_move_strings(), ["b6xd8"]);
    let mut q = p.clone();
    q.play(q.parse_move("b6xd8").unwrap()).unwrap();
    assert_eq!(q.position_string(), "3W4/8/5b2/8/8/8/8/8 b 0");
}

#[test]
fn turkish_takes_the_most_and_removes_at_once() {
    // White man d4: left takes c4 (one piece); up takes d5 then d7 (two).
    let p = pos(DraughtsVariant::Turkish, "8/3b4/8/3b4/2bw4/8/8/8 w 0");
    // Removed at once: d5 is gone before the jump over d7.
    assert_eq!(p.legal_move_strings(), ["d4xd8"]);
    let m = p.parse_move("d4xd6xd8").unwrap();
    assert_eq!(m.captured.count_ones(), 2);
}

#[test]
fn captures_are_compulsory_and_no_moves_loses() {
    let p = pos(DraughtsVariant::Russian, "8/8/8/2b5/3w4/8/7w/8 w 0");
    assert_eq!(p.legal_move_strings(), ["d4xb6"]);
    let e = p.parse_move("h2-g3").unwrap_err();
    assert!(e.to_string().contains("compulsory"), "{e}");
    // White's man on a1 is blocked by Black's men on b2 and c3.
    let blocked = pos(DraughtsVariant::English, "8/8/8/8/8/2b5/1b6/w7 w 0");
    assert_eq!(
        blocked.outcome(),
        Some(Outcome::win(Player::P2, Reason::NoMoves))
    );
    let lone = pos(DraughtsVariant::Russian, "8/8/8/8/8/8/8/w7 b 0");
    assert_eq!(
        lone.outcome(),
        Some(Outcome::win(Player::P1, Reason::NoMoves))
    );
}

#[test]
fn the_clock_draws_after_eighty_plies() {
    let p = pos(DraughtsVariant::Russian, "8/8/8/8/8/8/8/W5B1 w 79");
    assert_eq!(p.outcome(), None);
    let mut q = p.clone();
    q.play(q.parse_move("a1-b2").unwrap()).unwrap();
    assert_eq!(q.outcome(), Some(Outcome::draw(Reason::MoveCap)));
}

#[test]
fn position_errors_say_where() {
    let v = DraughtsVariant::Russian;
    let e = |s: &str| Draughts::parse_position(&v, s).unwrap_err();
    assert!(matches!(
        e("8/8/8/8/8/8/8/8 w"),
        PositionError::FieldCount { at: 17, .. }
    ));
    assert!(matches!(
        e("8/8/8/8/8/8/8 w 0"),
        PositionError::RowCount { at: 0, .. }
    ));
    assert!(matches!(
        e("8/8/8/8/8/8/8/7 w 0"),
        PositionError::RowLength {
            at: 14,
            rank: 1,
            ..
        }
    ));
    assert!(matches!(
        e("8/8/8/8/8/8/8/x7 w 0"),
        PositionError::BadChar {
            at: 14,
            ch: 'x',
            ..
        }
    ));
    assert!(matches!(
        e("8/8/8/8/8/8/8/1w6 w 0"),
        PositionError::BadPiece { .. }
    ));
    assert!(matches!(
        e("8/8/8/8/8/8/8/w7 x 0"),
        PositionError::BadMover { at: 17, .. }
    ));
    assert!(matches!(
        e("8/8/8/8/8/8/8/w7 w 81"),
        PositionError::BadClock { at: 19, .. }
    ));
}

#[test]
fn move_lists_replay_and_errors_name_the_move() {
    let mut h = History::new(Draughts::start(&DraughtsVariant::Russian));
    tablero_core::play_move_list(&mut h, "c3-d4, f6-e5, d4xf6, g7xe5").unwrap();
    assert_eq!(
        h.current().position_string(),
        "1b1b1b1b/b1b1b3/1b1b3b/4b3/8/w3w1w1/1w1w1w1w/w1w1w1w1 w 0"
    );
    let mut h = History::new(Draughts::start(&DraughtsVariant::Russian));
    let e = tablero_core::play_move_list(&mut h, "c3-d4, f6-e5, d4-c5").unwrap_err();
    assert_eq!(e.index, 3);
    assert!(matches!(e.error, MoveError::Illegal { .. }));
    assert_eq!(e.legal, ["d4xf6"]);
}

#[test]
fn choose_move_picks_the_legal_move_at_the_index() {
    // Along random games of each configuration (kings, captures, blocked
    // sides), every index picks the move `legal_moves` lists there.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = 0;
    for v in DraughtsVariant::ALL {
        for _ in 0..80 {
            let mut p = Draughts::start(&v);
            for _ in 0..300 {
                let mut legal = Vec::new();
                p.legal_moves(&mut legal);
                let mut scratch = Vec::new();
                for (k, &m) in legal.iter().enumerate() {
                    let got = p.choose_move(&mut scratch, |n| {
                        assert_eq!(n, legal.len());
                        k
                    });
                    assert_eq!(got, Some(m), "{}", p.position_string());
                }
                positions += 1;
                if legal.is_empty() {
                    assert_eq!(p.choose_move(&mut scratch, |_| unreachable!()), None);
                    break;
                }
                p.play_unchecked(legal[(next() % legal.len() as u64) as usize]);
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}
