//! The hint player (`hint`, what F2 and the web app's hint route ask):
//! in a solved game a move of the best exact value, always; elsewhere the
//! top level's move.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tablero_ai::analysis::HINT_SPEC;
use tablero_ai::solve::imago::ImagoSolution;
use tablero_ai::solve::linja::Solver;
use tablero_ai::{parse_spec, Limits, Play};
use tablero_core::{Game, History, Player};
use tablero_games::imago::{Cell, Imago, Layout, GRID};
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::{Linja, Rules};

/// A position of `layout` with the four pieces on random cells, not over.
fn random_imago(layout: &Layout, rng: &mut impl Rng) -> Imago {
    let grid: Vec<Cell> = Cell::iter_bits(GRID).collect();
    loop {
        let mut pick = || grid[rng.gen_range(0..grid.len())];
        let (a, b, c, d) = (pick(), pick(), pick(), pick());
        let bits = a.bit() | b.bit() | c.bit() | d.bit();
        if bits.count_ones() != 4 {
            continue;
        }
        let side = if rng.gen() { Player::P1 } else { Player::P2 };
        let pos = Imago::from_parts(layout.clone(), [a, b], [c, d], side, 0);
        if pos.outcome().is_none() {
            return pos;
        }
    }
}

#[test]
fn the_imago_hint_is_a_move_of_the_solvers_best_value_on_200_positions() {
    let layouts: [Layout; 2] = [
        Layout::default(),
        "red:b2,b5 blue:g2,g5 walls:c2-d2,c3-d3,e4-f4,e5-f5,c5-c6,f1-f2,g1-h1"
            .parse()
            .unwrap(),
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(36);
    let mut not_first = 0;
    for layout in &layouts {
        let sol = ImagoSolution::solve(layout);
        for i in 0..100 {
            let pos = random_imago(layout, &mut rng);
            let values = sol.move_values(&pos);
            let best = values.iter().map(|(_, v)| v.rank()).max().unwrap();
            let mut hint = parse_spec::<Imago>(HINT_SPEC, i).expect("the hint player");
            let mv = hint.choose(&History::new(pos.clone()), &Limits::none());
            let value = values
                .iter()
                .find(|(m, _)| *m == mv)
                .map(|(_, v)| *v)
                .unwrap_or_else(|| panic!("{}: the hint is not legal", pos.position_string()));
            assert_eq!(
                value.rank(),
                best,
                "{}: the hint {} is {value}",
                pos.position_string(),
                pos.format_move(mv)
            );
            // Positions where a move of another value exists: a hint
            // picked without the solver would be caught here.
            if values.iter().any(|(_, v)| v.rank() != best) {
                not_first += 1;
            }
        }
    }
    // 49 of these 200 (the seed is fixed); most random positions are
    // drawn whatever is played.
    assert!(
        not_first >= 40,
        "only {not_first} positions where the choice matters"
    );
}

/// The drawn position of the report, after `b6-a6`: the hint may not
/// lose.
#[test]
fn the_imago_hint_never_loses_a_drawn_position() {
    let layout = Layout::default();
    let pos = Imago::parse_position(&layout, "c4,f2/b6,g1 b 0").unwrap();
    let sol = ImagoSolution::solve(&layout);
    let values = sol.move_values(&pos);
    let best = values.iter().map(|(_, v)| v.rank()).max().unwrap();
    for seed in 0..5 {
        let mut hint = parse_spec::<Imago>(HINT_SPEC, seed).unwrap();
        let mv = hint.choose(&History::new(pos.clone()), &Limits::none());
        let v = values.iter().find(|(m, _)| *m == mv).unwrap().1;
        assert_eq!(v.rank(), best, "{}: {v}", pos.format_move(mv));
        assert!(hint.info().is_some_and(|i| i.contains("exact")));
    }
}

#[test]
fn the_linja_hint_comes_from_the_endgame_solver_where_it_reaches() {
    let mut checked = 0;
    for seed in 0..12u64 {
        let rules = if seed % 2 == 0 {
            Rules::Publisher
        } else {
            Rules::Seed
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pos = Linja::start_with(&rules, Player::P1);
        let mut game = vec![pos];
        let mut moves = Vec::new();
        while pos.outcome().is_none() {
            pos.legal_moves(&mut moves);
            pos.play_unchecked(moves[rng.gen_range(0..moves.len())]);
            game.push(pos);
        }
        // Positions a few turns before the end, well within reach.
        for pos in game.iter().rev().skip(2).take(8) {
            let Some(values) = Solver::with_limit(1_000_000)
                .move_values(pos)
                .filter(|v| !v.is_empty())
            else {
                continue;
            };
            let best = values.iter().map(|(_, v)| *v).max().unwrap();
            let mut hint = parse_spec::<Linja>(HINT_SPEC, seed).unwrap();
            let mv = hint.choose(&History::new(*pos), &Limits::none());
            let v = values.iter().find(|(m, _)| *m == mv).unwrap().1;
            assert_eq!(
                v,
                best,
                "{}: {}",
                pos.position_string(),
                pos.format_move(mv)
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} positions");
}

#[test]
fn elsewhere_the_hint_is_the_top_levels_move() {
    let hint = parse_spec::<Jarmo>(HINT_SPEC, 3).unwrap();
    let top = <Jarmo as Play>::level(5, 3);
    assert!(
        hint.name().ends_with(&format!("else {})", top.name())),
        "{}",
        hint.name()
    );
    // The spec takes no keys.
    assert!(parse_spec::<Jarmo>("hint:x=1", 3).is_err());
}
