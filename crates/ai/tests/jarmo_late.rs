//! Jarmo's exact late-game solver against a plain alpha-beta to the end
//! (no table, no move ordering but game-ending moves first), on the last positions of seeded games; and
//! the solver's moves, played by both sides in the game's own `History`
//! (its repetition rule, its move cap, its end), reach the value it gave.

use rustc_hash::FxHashMap;
use tablero_ai::arena::{play_game, random_opening};
use tablero_ai::solve::jarmo::Solver;
use tablero_ai::Play;
use tablero_core::{Game, History, Player};
use tablero_games::jarmo::Jarmo;

/// The points difference of a finished game for `me`.
fn diff(h: &History<Jarmo>, me: Player) -> i32 {
    let o = h.outcome().expect("over");
    (o.score[me.index()].as_halves() as i32 - o.score[me.other().index()].as_halves() as i32) / 2
}

/// Plain alpha-beta to the end (the moves that end the game first, then
/// generation order; no table), the repetition rule kept by counts of the positions
/// before and on the path, giving up beyond `budget` nodes: the value for
/// the side to move.
fn alphabeta(
    pos: &Jarmo,
    counts: &mut FxHashMap<u64, u32>,
    mut alpha: i32,
    beta: i32,
    budget: &mut u64,
) -> Option<i32> {
    let me = pos.side_to_move();
    let mut moves = <Jarmo as Game>::MoveList::default();
    pos.legal_moves(&mut moves);
    // Moves that end the game first (stable: generation order otherwise).
    moves.sort_by_key(|&m| {
        let mut c = pos.clone();
        c.play_unchecked(m);
        c.outcome().is_none()
    });
    let mut best = i32::MIN;
    for &mv in &moves {
        *budget = budget.checked_sub(1)?;
        let mut c = pos.clone();
        c.play_unchecked(mv);
        let key = c.repetition_key();
        let seen = counts.get(&key).copied().unwrap_or(0) + 1;
        let v = if let Some(o) = c.outcome() {
            outcome_diff(&o, me)
        } else if seen >= 3 {
            outcome_diff(&c.repetition_outcome(), me)
        } else {
            counts.insert(key, seen);
            let v = alphabeta(&c, counts, -beta, -alpha, budget);
            counts.insert(key, seen - 1);
            -v?
        };
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

fn outcome_diff(o: &tablero_core::Outcome, me: Player) -> i32 {
    (o.score[me.index()].as_halves() as i32 - o.score[me.other().index()].as_halves() as i32) / 2
}

/// The plain search of `h`'s position with the game's counts.
fn plain(h: &History<Jarmo>, budget: u64) -> Option<i32> {
    let mut counts = FxHashMap::default();
    for p in h.positions() {
        *counts.entry(p.repetition_key()).or_insert(0) += 1;
    }
    let mut b = budget;
    alphabeta(h.current(), &mut counts, -100, 100, &mut b)
}

/// The last positions of a few seeded games, each with its history.
fn endings() -> Vec<History<Jarmo>> {
    let mut out = Vec::new();
    for seed in 0..30 {
        let start = random_opening::<Jarmo>(&Default::default(), 2, seed);
        let mut a = Jarmo::level(2, 2 * seed + 1);
        let mut b = Jarmo::level(2, 2 * seed + 2);
        let game = play_game(start, [a.as_mut(), b.as_mut()], [Some(2), Some(2)]);
        let n = game.moves().len();
        for k in 1..=n.min(4) {
            let mut h = History::new(game.positions()[0].clone());
            for &m in &game.moves()[..n - k] {
                h.play(m).expect("legal");
            }
            out.push(h);
        }
    }
    out
}

/// Runs `f` on a thread with room for the plain search's deep recursion.
fn deep(f: fn()) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn the_solver_equals_a_plain_search_over_the_game_s_history() {
    deep(compare);
}

fn compare() {
    let (mut compared, mut every) = (0, 0);
    for h in endings() {
        let Some(want) = plain(&h, 1_000_000) else {
            continue;
        };
        // Another move order may need more positions: then no comparison.
        let Some((_, best)) = Solver::with_limit(2_000_000).best_in(&h) else {
            continue;
        };
        assert_eq!(best, want, "{}", h.current().position_string());
        compared += 1;
        // Where every move's value is proved too: each is the plain
        // search's of the position after it.
        let Some(values) = Solver::with_limit(1_000_000).move_values_in(&h) else {
            continue;
        };
        assert_eq!(values[0].1, want);
        for &(mv, v) in &values {
            let mut c = h.clone();
            c.play(mv).unwrap();
            let me = h.current().side_to_move();
            let got = if c.is_over() {
                diff(&c, me)
            } else {
                match plain(&c, 300_000) {
                    Some(w) => -w,
                    None => continue,
                }
            };
            assert_eq!(got, v);
            every += 1;
        }
    }
    assert!(compared >= 8 && every > 0, "{compared} {every}");
}

#[test]
fn the_solver_s_moves_reach_its_value() {
    let mut played = 0;
    for h in endings() {
        let Some((_, want)) = Solver::with_limit(200_000).best_in(&h) else {
            continue;
        };
        let me = h.current().side_to_move();
        let mut g = h.clone();
        while !g.is_over() {
            let (mv, _) = Solver::with_limit(2_000_000)
                .best_in(&g)
                .expect("still proved");
            g.play(mv).unwrap();
        }
        assert_eq!(diff(&g, me), want, "{}", h.current().position_string());
        played += 1;
    }
    assert!(played >= 10, "{played}");
}
