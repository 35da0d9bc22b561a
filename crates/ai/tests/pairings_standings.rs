//! Standings and tie-breaks on a hand-worked example with a bye, an absence
//! and a forfeit (FIDE's virtual opponent; see crates/ai/src/pairings/
//! standings.rs and docs/rulings.md). All figures in half points (Buchholz)
//! and quarter points (Sonneborn-Berger, half points × half points).

use tablero_ai::pairings::standings::{standings, Game, Line};

fn game(opponent: u32, points: u32) -> Game {
    Game {
        opponent: Some(opponent),
        points,
        played: true,
    }
}

fn unplayed(opponent: Option<u32>, points: u32) -> Game {
    Game {
        opponent,
        points,
        played: false,
    }
}

/// Five players, three rounds:
/// - R1: 0 beats 1, 2–3 drawn, 4 has the bye.
/// - R2: 0–2 drawn, 4 beats 1, 3 has the bye.
/// - R3: 0 wins by forfeit (4 did not come), 1 beats 3, 2 has the bye.
///
/// Points (half points): 0: 2+1+2 = 5; 1: 0+0+2 = 2; 2: 1+1+2 = 4;
/// 3: 1+2+0 = 3; 4: 2+2+0 = 4.
///
/// As an opponent (own unplayed rounds as draws, 1): 0: 2+1+1 = 4;
/// 1: 2; 2: 1+1+1 = 3; 3: 1+1+0 = 2; 4: 1+2+1 = 4.
///
/// Virtual opponents, Svon = S(before R) + (2 − S(R)) + (n − R), n = 3:
/// - 0 in R3 (forfeit win): 3 + 0 + 0 = 3.
/// - 2 in R3 (bye): 2 + 0 + 0 = 2.
/// - 3 in R2 (bye): 1 + 0 + 1 = 2.
/// - 4 in R1 (bye): 0 + 0 + 2 = 2; in R3 (forfeit loss): 4 + 2 + 0 = 6.
///
/// Buchholz: 0: 2 (p1) + 3 (p2) + 3 (von) = 8; 1: 4 + 4 + 2 = 10;
/// 2: 2 (p3) + 4 (p0) + 2 (von) = 8; 3: 3 (p2) + 2 (von) + 2 (p1) = 7;
/// 4: 2 (von) + 2 (p1) + 6 (von) = 10.
///
/// Sonneborn-Berger (opponent × own points): 0: 2·2 + 3·1 + 3·2 = 13;
/// 1: 4·0 + 4·0 + 2·2 = 4; 2: 2·1 + 4·1 + 2·2 = 10; 3: 3·1 + 2·2 + 2·0 = 7;
/// 4: 2·2 + 2·2 + 6·0 = 8.
///
/// Order: 0 (5); 4 and 2 tied on 4, Buchholz 10 against 8: 4 first; 3; 1.
#[test]
fn hand_worked_example_with_bye_absence_and_forfeit() {
    let records = vec![
        vec![game(1, 2), game(2, 1), unplayed(Some(4), 2)],
        vec![game(0, 0), game(4, 0), game(3, 2)],
        vec![game(3, 1), game(0, 1), unplayed(None, 2)],
        vec![game(2, 1), unplayed(None, 2), game(1, 0)],
        vec![unplayed(None, 2), game(1, 2), unplayed(Some(0), 0)],
    ];
    let line = |player, points, buchholz, sonneborn_berger| Line {
        player,
        points,
        buchholz,
        sonneborn_berger,
    };
    assert_eq!(
        standings(&records),
        vec![
            line(0, 5, 8, 13),
            line(4, 4, 10, 8),
            line(2, 4, 8, 10),
            line(3, 3, 7, 7),
            line(1, 2, 10, 4),
        ]
    );
}

#[test]
fn sonneborn_berger_breaks_a_buchholz_tie_and_the_pairing_number_the_rest() {
    // A round-robin of three, all played: 0 beats 1, 1 beats 2, 2 beats 0.
    // Each has 2 half points and Buchholz 4; SB 2·2 = 4 each: the pairing
    // number decides.
    let records = vec![
        vec![game(1, 2), game(2, 0)],
        vec![game(0, 0), game(2, 2)],
        vec![game(1, 0), game(0, 2)],
    ];
    let order: Vec<u32> = standings(&records).iter().map(|l| l.player).collect();
    assert_eq!(order, vec![0, 1, 2]);
    // A round-robin of four: R1 0 beats 2, 1 beats 3; R2 1 beats 0, 2 beats
    // 3; R3 3 beats 0, 2 beats 1. Points: 0: 2, 1: 4, 2: 4, 3: 2. In a
    // full round-robin Buchholz is 12 minus one's own points: 8 for 1 and
    // 2, 10 for 0 and 3. SB: 1 beat 3 and 0, 2·2 + 2·2 = 8; 2 beat 3 and 1,
    // 2·2 + 4·2 = 12; 0 beat 2, 4·2 = 8; 3 beat 0, 2·2 = 4.
    let records = vec![
        vec![game(2, 2), game(1, 0), game(3, 0)],
        vec![game(3, 2), game(0, 2), game(2, 0)],
        vec![game(0, 0), game(3, 2), game(1, 2)],
        vec![game(1, 0), game(2, 0), game(0, 2)],
    ];
    let lines = standings(&records);
    let got: Vec<(u32, u32, u32, u32)> = lines
        .iter()
        .map(|l| (l.player, l.points, l.buchholz, l.sonneborn_berger))
        .collect();
    assert_eq!(
        got,
        vec![(2, 4, 8, 12), (1, 4, 8, 8), (0, 2, 10, 8), (3, 2, 10, 4)]
    );
}
