//! The Linja endgame solver checked against a plain exhaustive minimax (no
//! table, no pruning) on positions near the end of random games.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tablero_ai::solve::linja::{best_moves_within, solve, solve_within, Solver};
use tablero_core::{Game, Player, Points};
use tablero_games::linja::{Linja, Rules};

/// The final score difference for the side to move by full minimax over
/// every move, or `None` past `budget` nodes.
fn minimax(pos: &Linja, budget: &mut u64) -> Option<i32> {
    if pos.outcome().is_some() {
        let o = pos.outcome().unwrap();
        let d = (o.score[0].as_halves() as i32 - o.score[1].as_halves() as i32) / 2;
        return Some(if pos.side_to_move() == Player::P1 {
            d
        } else {
            -d
        });
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for &m in &moves {
        let mut c = *pos;
        c.play_unchecked(m);
        best = best.max(-minimax(&c, budget)?);
    }
    Some(best)
}

/// The positions of a random game, its end last.
fn random_game(rules: Rules, seed: u64) -> Vec<Linja> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let first = if seed % 2 == 0 {
        Player::P1
    } else {
        Player::P2
    };
    let mut pos = Linja::start_with(&rules, first);
    let mut out = vec![pos];
    let mut moves = Vec::new();
    while pos.outcome().is_none() {
        pos.legal_moves(&mut moves);
        pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
        out.push(pos);
    }
    out
}

#[test]
fn the_solver_agrees_with_plain_minimax_near_the_end() {
    let mut compared = 0;
    let mut nonzero = 0;
    for rules in [Rules::Publisher, Rules::Seed] {
        for seed in 0..12 {
            let game = random_game(rules, seed);
            let mut solver = Solver::new();
            for pos in game.iter().rev().take(12) {
                let mut budget = 100_000;
                let Some(exact) = minimax(pos, &mut budget) else {
                    break;
                };
                let sol = solver.solve(pos).unwrap();
                assert_eq!(sol.score_diff, exact, "{}", pos.position_string());
                assert_eq!(solve(pos).score_diff, exact);
                match sol.best_move {
                    None => assert!(pos.outcome().is_some()),
                    Some(m) => {
                        let mut c = *pos;
                        c.play(m).unwrap();
                        let mut b = u64::MAX;
                        assert_eq!(-minimax(&c, &mut b).unwrap(), exact);
                    }
                }
                let best = best_moves_within(pos, u64::MAX).unwrap();
                for m in &best {
                    let mut c = *pos;
                    c.play(*m).unwrap();
                    let mut b = u64::MAX;
                    assert_eq!(-minimax(&c, &mut b).unwrap(), exact);
                }
                compared += 1;
                nonzero += usize::from(exact != 0);
            }
        }
    }
    assert!(compared >= 60, "only {compared} positions compared");
    assert!(
        nonzero >= 15,
        "only {nonzero} positions with a non-zero value"
    );
}

#[test]
fn a_finished_game_has_its_score_and_no_move() {
    let p = Linja::parse_position(&Rules::default(), "6b/1b/2b/3b/3r/4r/3r/2r r 0").unwrap();
    let s = solve(&p);
    assert_eq!(s.score_diff, 30 - 40);
    assert_eq!(s.best_move, None);
    assert_eq!(s.positions, 0);
    // Two passes in a row end the game too.
    let p = Linja::parse_position(&Rules::default(), "6b/6r/6b/././././6r b 2").unwrap();
    assert_eq!(solve(&p).score_diff, 42 - 30);
}

#[test]
fn a_small_endgame_is_pinned() {
    // Red's rearmost piece is on row 3, level with Black's foremost ones.
    // 3-4 would end the game at once, 33-33; 6-7 3-4 ends it 35-33; Red
    // does better still by keeping it going: +5 under perfect play. (Plain
    // minimax agrees, but needs minutes here: its tree has no transpositions.)
    let p = Linja::parse_position(&Rules::default(), "3b/3b/3b/1r3b/2r/3r/3r/3r r 0").unwrap();
    let s = solve(&p);
    assert_eq!(s.score_diff, 5);
    let mut best = p;
    best.play(s.best_move.unwrap()).unwrap();
    assert_eq!(solve(&best).score_diff, -5);
    let mut end_now = p;
    end_now.play(p.parse_move("3-4").unwrap()).unwrap();
    assert_eq!(
        end_now.outcome().unwrap().score,
        [Points::whole(33), Points::whole(33)]
    );
    let mut end_plus_two = p;
    end_plus_two.play(p.parse_move("6-7 3-4").unwrap()).unwrap();
    assert_eq!(
        end_plus_two.outcome().unwrap().score,
        [Points::whole(35), Points::whole(33)]
    );
}

#[test]
fn a_limit_gives_up_instead_of_guessing() {
    let start = Linja::start(&Rules::default());
    assert_eq!(solve_within(&start, 1000), None);
    assert_eq!(best_moves_within(&start, 1000), None);
}
