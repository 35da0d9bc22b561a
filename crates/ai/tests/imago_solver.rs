//! The Imago solver checked against an independent brute-force search, and
//! its figures pinned.

use rand::{Rng, SeedableRng};
use tablero_ai::solve::imago::{ImagoSolution, Stats, Value};
use tablero_core::{Game, Player};
use tablero_games::imago::{Cell, Imago, Layout, GRID};

/// Plain depth-limited minimax over the game's own rules: `Some(value)` when
/// the result is forced within `depth` plies, `None` otherwise.
fn minimax(pos: &Imago, depth: u32) -> Option<Value> {
    if pos.natural_outcome().is_some() {
        return Some(Value::Loss(0));
    }
    if pos.rule_outcome().is_some() || depth == 0 {
        return None;
    }
    let mut moves = <Imago as Game>::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut best_win: Option<u16> = None;
    let mut all_lose = true;
    let mut slowest_loss = 0;
    for &m in moves.as_slice() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        match minimax(&next, depth - 1) {
            Some(Value::Loss(d)) => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
            Some(Value::Win(d)) => slowest_loss = slowest_loss.max(d + 1),
            _ => all_lose = false,
        }
    }
    match (best_win, all_lose) {
        (Some(d), _) => Some(Value::Win(d)),
        (None, true) => Some(Value::Loss(slowest_loss)),
        (None, false) => None,
    }
}

fn random_position(layout: &Layout, rng: &mut impl Rng) -> Imago {
    let grid: Vec<Cell> = Cell::iter_bits(GRID).collect();
    loop {
        let mut pick = || grid[rng.gen_range(0..grid.len())];
        let (a, b, c, d) = (pick(), pick(), pick(), pick());
        let bits = a.bit() | b.bit() | c.bit() | d.bit();
        if bits.count_ones() == 4 {
            let side = if rng.gen() { Player::P1 } else { Player::P2 };
            return Imago::from_parts(layout.clone(), [a, b], [c, d], side, 0);
        }
    }
}

#[test]
fn solver_agrees_with_brute_force_on_a_walled_layout() {
    let layout: Layout = "red:b2,b5 blue:g2,g5 walls:c2-d2,c3-d3,e4-f4,e5-f5,c5-c6,f1-f2,g1-h1"
        .parse()
        .unwrap();
    let sol = ImagoSolution::solve(&layout);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
    const DEPTH: u32 = 4;
    let (mut decided, mut undecided) = (0, 0);
    for _ in 0..400 {
        let pos = random_position(&layout, &mut rng);
        let exact = sol.value(&pos);
        let brute = minimax(&pos, DEPTH);
        let within = match exact {
            Value::Win(d) | Value::Loss(d) => u32::from(d) <= DEPTH,
            Value::Draw => false,
        };
        if within {
            assert_eq!(brute, Some(exact), "{}", pos.position_string());
            decided += 1;
        } else {
            assert_eq!(
                brute,
                None,
                "{} is {exact} for the solver",
                pos.position_string()
            );
            undecided += 1;
        }
    }
    assert!(
        decided > 40 && undecided > 40,
        "sample too one-sided: {decided} / {undecided}"
    );
}

#[test]
fn best_play_keeps_the_value() {
    let layout = Layout::default();
    let sol = ImagoSolution::solve(&layout);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2);
    for _ in 0..200 {
        let mut pos = random_position(&layout, &mut rng);
        let v = sol.value(&pos);
        if let Value::Win(d) = v {
            // Following the solver wins in exactly d plies, whatever the loser does.
            for ply in 0..d {
                let mover_wins = ply % 2 == 0;
                let mv = if mover_wins {
                    sol.best_moves(&pos)[0]
                } else {
                    let mut m = <Imago as Game>::MoveList::default();
                    pos.legal_moves(&mut m);
                    m[rng.gen_range(0..m.len())]
                };
                pos.play_unchecked(mv);
            }
            assert!(
                pos.natural_outcome().is_some(),
                "the win took longer than {d} plies"
            );
        }
    }
}

#[test]
fn default_layout_figures() {
    let sol = ImagoSolution::solve(&Layout::default());
    let s = sol.stats();
    assert_eq!(s.positions, 706_860);
    assert_eq!(s.wins + s.losses + s.draws, s.positions);
    assert_eq!(
        s,
        Stats {
            positions: 706_860,
            wins: 78_392,
            losses: 4_270,
            draws: 624_198,
            longest_win: 13
        }
    );
    assert_eq!(sol.start_value(Player::P1), Value::Draw);
    assert_eq!(sol.start_value(Player::P2), Value::Draw);
}

#[test]
fn claims_need_a_proved_win() {
    let layout = Layout::default();
    let sol = ImagoSolution::solve(&layout);
    // Red on g1 steps onto h1 next move.
    let won = Imago::parse_position(&layout, "c4,g1/b6,e2 r 0").unwrap();
    assert_eq!(sol.value(&won), Value::Win(1));
    assert!(sol.claim_is_valid(&won));
    // The same placement with Blue to move: Blue wins at once on a6.
    let blue = Imago::parse_position(&layout, "c4,g1/b6,e2 b 0").unwrap();
    assert!(sol.claim_is_valid(&blue));
    assert!(!sol.claim_is_valid(&Imago::start(&layout)));
}

#[test]
fn the_solver_levels_accept_a_draw_unless_they_see_a_win() {
    use tablero_ai::play::solution_for;
    use tablero_ai::Play;
    use tablero_core::History;
    let layout = Layout::default();
    let start = History::new(Imago::start(&layout));
    for me in Player::ALL {
        assert!(Imago::accepts_draw(5, &start, me), "the start is a draw");
        assert!(Imago::accepts_draw(4, &start, me));
        assert!(
            !Imago::accepts_draw(3, &start, me),
            "the MCTS levels decline"
        );
    }
    // Red to move wins at once: Red declines, Blue accepts.
    let won = History::new(Imago::parse_position(&layout, "c4,g1/b6,e2 r 0").unwrap());
    for level in [4, 5] {
        assert!(!Imago::accepts_draw(level, &won, Player::P1));
        assert!(Imago::accepts_draw(level, &won, Player::P2));
    }
    // A win 5 or more plies away: level 5 sees it and declines, whether it
    // is to move or not; level 4, which sees 3 plies, accepts.
    let sol = solution_for(&layout);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    let (far, winner) = loop {
        let pos = random_position(&layout, &mut rng);
        if pos.natural_outcome().is_some() {
            continue;
        }
        match sol.value(&pos) {
            Value::Win(d) if d >= 5 => break (pos.clone(), pos.side_to_move()),
            Value::Loss(d) if d >= 5 => break (pos.clone(), pos.side_to_move().other()),
            _ => {}
        }
    };
    let far = History::new(far);
    assert!(!Imago::accepts_draw(5, &far, winner), "{far:?}");
    assert!(Imago::accepts_draw(5, &far, winner.other()));
    assert!(Imago::accepts_draw(4, &far, winner));
}
