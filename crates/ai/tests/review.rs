//! The game review checked position by position against the solvers and
//! searches run on their own, as `tablero solve` runs them (a fresh solve
//! of the layout, a fresh endgame solver, a fresh alpha-beta), never
//! through the review's code.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tablero_ai::alphabeta::{AlphaBeta, AlphaBetaConfig, PROVED, WIN};
use tablero_ai::review::{
    classify, expected_score, review, GameReview, Method, Review, ReviewOptions, Source, Value,
    Verdict,
};
use tablero_ai::solve::imago::{ImagoSolution, Value as ImagoValue};
use tablero_ai::solve::linja::Solver;
use tablero_ai::{Budget, Limits};
use tablero_core::{Game, History, MoveBuf, Player};
use tablero_games::dimensiones::{Dimensiones, RuleSet};
use tablero_games::imago::{Imago, Layout};
use tablero_games::jarmo::{Jarmo, Orientation};
use tablero_games::linja::{Linja, Rules};

fn reviewed<G: Review>(h: &History<G>, options: &ReviewOptions) -> GameReview {
    let mut calls = Vec::new();
    let r = review(h, options, &mut |p| calls.push(p)).expect("a review");
    // Progress: once per position, the last call all done.
    assert_eq!(calls.len(), h.moves().len());
    if let Some(last) = calls.last() {
        assert_eq!((last.done, last.total), (h.moves().len(), h.moves().len()));
    }
    assert_eq!(r.moves.len(), h.moves().len());
    // The result serialises and reads back (to the last digit JSON keeps).
    let json = serde_json::to_string(&r).unwrap();
    let back: GameReview = serde_json::from_str(&json).unwrap();
    assert_eq!(
        serde_json::to_value(&back).unwrap(),
        serde_json::from_str::<serde_json::Value>(&json).unwrap()
    );
    r
}

/// A random game of `moves` plies at most: each move the solver's best
/// with probability `best`, else a uniformly random one.
fn random_history<G: Game>(
    start: G,
    plies: usize,
    rng: &mut impl Rng,
    mut best: impl FnMut(&G) -> Option<G::Move>,
    p_best: f64,
) -> History<G> {
    let mut h = History::new(start);
    let mut moves = G::MoveList::default();
    while !h.is_over() && h.moves().len() < plies {
        h.current().legal_moves(&mut moves);
        let m = match best(h.current()) {
            Some(b) if rng.gen_bool(p_best) => b,
            _ => moves.as_slice()[rng.gen_range(0..moves.as_slice().len())],
        };
        h.play(m).unwrap();
    }
    h
}

fn imago_value(v: ImagoValue) -> Value {
    match v {
        ImagoValue::Win(plies) => Value::Win { plies },
        ImagoValue::Loss(plies) => Value::Loss { plies },
        ImagoValue::Draw => Value::Draw,
    }
}

/// The verdict an exact game's move gets, from the best value and the
/// value of the move played.
fn exact_verdict(best: Value, played: Value) -> Verdict {
    if best == played {
        Verdict::Best
    } else if best.word() != played.word() {
        Verdict::Slip
    } else if matches!(best, Value::Margin { .. }) {
        Verdict::Worse
    } else {
        Verdict::Kept
    }
}

/// Accuracy and the slipped move follow from the verdicts.
fn check_summary(r: &GameReview) {
    for p in Player::ALL {
        let mine: Vec<_> = r
            .moves
            .iter()
            .filter(|m| m.mover() == p && m.verdict != Verdict::Unknown)
            .collect();
        let kept = mine
            .iter()
            .filter(|m| matches!(m.verdict, Verdict::Best | Verdict::Kept | Verdict::Good))
            .count();
        let a = r.accuracy[p.index()];
        assert_eq!((a.judged, a.kept), (mine.len(), kept));
        if !mine.is_empty() {
            let pc = a.percent.unwrap();
            assert!((pc - 100.0 * kept as f64 / mine.len() as f64).abs() < 1e-9);
        }
    }
    if r.method == Method::Exact {
        let last_slip = r.moves.iter().rposition(|m| m.verdict == Verdict::Slip);
        assert_eq!(r.slipped, last_slip);
    }
    assert_eq!(r.chart.len(), r.moves.len() + 1);
}

#[test]
fn imago_reviews_agree_with_the_solver_position_by_position() {
    let layouts: Vec<Layout> = vec![
        Layout::default(),
        "red:b2,b5 blue:g2,g5 walls:c3-d3,e4-e5".parse().unwrap(),
    ];
    let mut games = 0;
    let (mut slips, mut kept, mut best_seen) = (0, 0, 0);
    for (l, layout) in layouts.iter().enumerate() {
        // Solved here, on its own, as `tablero solve imago` does.
        let sol = ImagoSolution::solve(layout);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(35 + l as u64);
        for g in 0..100 {
            let first = if g % 2 == 0 { Player::P1 } else { Player::P2 };
            let p_best = [0.0, 0.5, 0.8, 0.95][g % 4];
            let h = random_history(
                Imago::start_with(layout, first),
                120,
                &mut rng,
                |p| sol.best_moves(p).first().copied(),
                p_best,
            );
            let r = reviewed(&h, &ReviewOptions::default());
            assert_eq!(r.method, Method::Exact);
            for (i, m) in r.moves.iter().enumerate() {
                let pos = &h.positions()[i];
                let mut next = pos.clone();
                next.play_unchecked(h.moves()[i]);
                let before = imago_value(sol.value(pos));
                let after = imago_value(sol.value(&next).back());
                assert_eq!(m.source, Source::Solver);
                assert_eq!(m.before, Some(before), "game {g} move {}", m.ply);
                assert_eq!(m.after, Some(after), "game {g} move {}", m.ply);
                let mut best: Vec<String> = sol
                    .best_moves(pos)
                    .into_iter()
                    .map(|b| pos.format_move(b))
                    .collect();
                best.sort();
                let mut got = m.best.clone();
                got.sort();
                assert_eq!(got, best);
                assert_eq!(m.verdict, exact_verdict(before, after));
                assert_eq!(m.played, pos.format_move(h.moves()[i]));
                assert_eq!(m.mover(), pos.side_to_move());
                slips += usize::from(m.verdict == Verdict::Slip);
                kept += usize::from(m.verdict == Verdict::Kept);
                best_seen += usize::from(m.verdict == Verdict::Best);
            }
            check_summary(&r);
            games += 1;
        }
    }
    assert_eq!(games, 200);
    // The games let wins slip and keep values; Imago from its start is
    // drawish (the wins seen are wins in 1), so a slower win is rare.
    assert!(slips > 50 && best_seen > 500, "{slips} {kept} {best_seen}");
}

/// A random Linja game, with the index of its first position whose
/// endgame the solver settles within `limit` positions.
fn linja_endgame(rules: Rules, seed: u64, limit: u64) -> (History<Linja>, usize) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let first = if seed % 2 == 0 {
        Player::P1
    } else {
        Player::P2
    };
    let h = random_history(
        Linja::start_with(&rules, first),
        1000,
        &mut rng,
        |_| None,
        0.0,
    );
    let n = h.positions().len();
    // From the end back to the first position beyond `limit`.
    let mut from = n - 1;
    while from > 0
        && Solver::with_limit(limit)
            .value(&h.positions()[from - 1])
            .is_some()
    {
        from -= 1;
    }
    (h, from)
}

#[test]
fn linja_endgame_reviews_agree_with_the_solver_position_by_position() {
    let mut judged = 0;
    let mut worse = 0;
    for seed in 0..50 {
        let (full, from) = linja_endgame(Rules::Publisher, seed, 3_000);
        // The game from the start of its endgame.
        let mut h = History::new(full.positions()[from]);
        for &m in &full.moves()[from..] {
            h.play(m).unwrap();
        }
        let r = reviewed(&h, &ReviewOptions::default());
        for (i, m) in r.moves.iter().enumerate() {
            let pos = h.positions()[i];
            // As `tablero solve linja` does: a fresh solver for the
            // position, its value and best move.
            let sol = Solver::new().solve(&pos).unwrap();
            let values = Solver::new().move_values(&pos).unwrap();
            let played = values.iter().find(|v| v.0 == h.moves()[i]).unwrap().1;
            assert_eq!(m.source, Source::Endgame, "seed {seed} move {}", m.ply);
            assert_eq!(
                m.before,
                Some(Value::Margin {
                    points: sol.score_diff
                })
            );
            assert_eq!(m.after, Some(Value::Margin { points: played }));
            let best: Vec<String> = values
                .iter()
                .filter(|v| v.1 == sol.score_diff)
                .map(|v| pos.format_move(v.0))
                .collect();
            assert_eq!(m.best, best);
            assert!(m.best.contains(&pos.format_move(sol.best_move.unwrap())));
            let verdict = exact_verdict(
                Value::Margin {
                    points: sol.score_diff,
                },
                Value::Margin { points: played },
            );
            assert_eq!(m.verdict, verdict);
            judged += 1;
            worse += usize::from(m.verdict == Verdict::Worse);
        }
        check_summary(&r);
    }
    assert!(judged > 300 && worse > 20, "{judged} {worse}");
}

#[test]
fn linja_beyond_the_endgame_solvers_reach_has_no_verdict() {
    let (h, from) = linja_endgame(Rules::Publisher, 7, 3_000);
    assert!(from > 0);
    let options = ReviewOptions {
        reach: 3_000,
        ..ReviewOptions::default()
    };
    let r = reviewed(&h, &options);
    // Judged from the end backwards: the verdicts are a tail of the game,
    // and the first position beyond reach stops the solver.
    let first_known = r
        .moves
        .iter()
        .position(|m| m.verdict != Verdict::Unknown)
        .expect("the end is within reach");
    assert!(first_known > 0);
    assert!(r.moves[..first_known]
        .iter()
        .all(|m| m.source == Source::None && m.before.is_none()));
    assert!(r.moves[first_known..]
        .iter()
        .all(|m| m.source == Source::Endgame));
    assert!(r.chart[0].is_none() && r.chart.last().unwrap().is_some());
    check_summary(&r);
    // No reach at all: no verdict.
    let none = reviewed(
        &h,
        &ReviewOptions {
            reach: 0,
            ..ReviewOptions::default()
        },
    );
    assert!(none.moves.iter().all(|m| m.verdict == Verdict::Unknown));
    assert_eq!(none.accuracy[0].percent, None);
}

/// A Jarmo game of at most `plies` uniformly random moves, from `seed`.
fn random_jarmo(seed: u64, plies: usize) -> History<Jarmo> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    random_history(
        Jarmo::start(&Orientation::default()),
        plies,
        &mut rng,
        |_| None,
        0.0,
    )
}

/// The alpha-beta the review uses (docs/ai.md: a fixed depth, one thread,
/// a table of 2^16 entries, fresh for every search), set up here on its
/// own.
fn fresh_search<G: Review>(h: &History<G>, depth: u32) -> (i32, G::Move) {
    let mut ab = AlphaBeta::<G>::new(AlphaBetaConfig {
        budget: Budget::Depth(depth),
        tt_entries: 1 << 16,
        ..AlphaBetaConfig::default()
    });
    let r = ab.search(h, &Limits::none());
    (r.score, r.best)
}

/// A search score for the side to move as a value for `player`, `extra`
/// plies further away.
fn as_value(score: i32, to_move: Player, player: Player, extra: i32) -> Value {
    let v = if score >= PROVED {
        Value::Win {
            plies: (WIN - score + extra) as u16,
        }
    } else if score <= -PROVED {
        Value::Loss {
            plies: (WIN + score + extra) as u16,
        }
    } else {
        Value::Eval { score }
    };
    if to_move == player {
        v
    } else {
        v.flip()
    }
}

/// Checks every move of a searched game's review against searches of its
/// own: every position searched once at `depth`, a move's value before the
/// search of the position before it, its value after the search of the
/// position after it (or the game's result).
fn check_searched<G: Review>(h: &History<G>, depth: u32) -> GameReview {
    let r = reviewed(
        h,
        &ReviewOptions {
            depth: Some(depth),
            threads: 2,
            confirm: Some(0),
            ..ReviewOptions::default()
        },
    );
    assert_eq!((r.method, r.depth), (Method::Search, Some(depth)));
    let mut prefix = History::new(h.start().clone());
    let mut searched = vec![fresh_search(&prefix, depth)];
    for &m in h.moves() {
        prefix.play(m).unwrap();
        if !prefix.is_over() {
            searched.push(fresh_search(&prefix, depth));
        }
    }
    for (i, m) in r.moves.iter().enumerate() {
        let pos = &h.positions()[i];
        let mover = pos.side_to_move();
        let (score, best) = searched[i];
        let before = as_value(score, mover, mover, 0);
        let played = h.moves()[i];
        let after = match searched.get(i + 1) {
            Some(&(s, _)) => as_value(s, h.positions()[i + 1].side_to_move(), mover, 1),
            None => match h.outcome().unwrap().winner {
                Some(w) if w == mover => Value::Win { plies: 1 },
                Some(_) => Value::Loss { plies: 1 },
                None => Value::Draw,
            },
        };
        assert_eq!(m.source, Source::Search);
        assert_eq!(m.before, Some(before), "move {}", m.ply);
        assert_eq!(m.after, Some(after), "move {}", m.ply);
        assert_eq!(m.best, vec![pos.format_move(best)]);
        let is_best = best == played || after == before;
        let loss = (expected_score(before, G::SCALE) - expected_score(after, G::SCALE)).max(0.0);
        let loss = if is_best { 0.0 } else { loss };
        assert!((m.loss.unwrap() - loss).abs() < 1e-12);
        let verdict = if is_best {
            Verdict::Best
        } else {
            classify(loss)
        };
        assert_eq!(m.verdict, verdict, "move {}", m.ply);
    }
    check_summary(&r);
    check_continuous::<G>(&r);
    assert_eq!(r.slipped, None);
    r
}

/// The values along a searched game are continuous: one move's value after
/// is the next move's value before, seen by the other side (a proved win
/// one ply nearer), and the chart is the values before, for player one.
fn check_continuous<G: Review>(r: &GameReview) {
    for pair in r.moves.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let after = a.after.unwrap();
        let before = b.before.unwrap();
        let same_side = a.mover() == b.mover();
        let seen = if same_side { before } else { before.flip() };
        let nearer = match seen {
            Value::Win { plies } => Value::Win { plies: plies + 1 },
            Value::Loss { plies } => Value::Loss { plies: plies + 1 },
            v => v,
        };
        assert_eq!(after, nearer, "moves {} and {}", a.ply, b.ply);
    }
    for (i, m) in r.moves.iter().enumerate() {
        let v = m.before.unwrap();
        let p1 = if m.mover() == Player::P1 { v } else { v.flip() };
        let want = 2.0 * expected_score(p1, G::SCALE) - 1.0;
        assert!((r.chart[i].unwrap() - want).abs() < 1e-12, "chart at {i}");
    }
}

/// The check of mistakes: every move the review at `depth` calls a
/// mistake or a blunder is searched again two plies deeper (the positions
/// before and after it) and keeps the milder verdict; nothing else
/// changes.
#[test]
fn mistakes_are_checked_two_plies_deeper() {
    let depth = 3;
    let (mut flagged, mut downgraded) = (0, 0);
    for seed in 0..4 {
        let h = random_jarmo(300 + seed, 40);
        let plain = check_searched(&h, depth);
        let checked = reviewed(
            &h,
            &ReviewOptions {
                depth: Some(depth),
                confirm: Some(2),
                ..ReviewOptions::default()
            },
        );
        for (i, (a, b)) in plain.moves.iter().zip(&checked.moves).enumerate() {
            // The values are the plain review's: the chart stays continuous.
            assert_eq!((a.before, a.after, a.loss), (b.before, b.after, b.loss));
            if !matches!(a.verdict, Verdict::Mistake | Verdict::Blunder) {
                assert_eq!(a.verdict, b.verdict);
                assert_eq!(b.deeper_loss, None);
                continue;
            }
            flagged += 1;
            // The deeper loss, from searches of our own two plies deeper.
            let mover = h.positions()[i].side_to_move();
            let prefix = |n: usize| {
                let mut p = History::new(h.start().clone());
                for &m in &h.moves()[..n] {
                    p.play(m).unwrap();
                }
                p
            };
            let (score, best) = fresh_search(&prefix(i), depth + 2);
            let before = as_value(score, mover, mover, 0);
            let after_history = prefix(i + 1);
            let after = if after_history.is_over() {
                match after_history.outcome().unwrap().winner {
                    Some(w) if w == mover => Value::Win { plies: 1 },
                    Some(_) => Value::Loss { plies: 1 },
                    None => Value::Draw,
                }
            } else {
                let (s, _) = fresh_search(&after_history, depth + 2);
                as_value(s, after_history.current().side_to_move(), mover, 1)
            };
            let deeper = if best == h.moves()[i] || after == before {
                0.0
            } else {
                (expected_score(before, Jarmo::SCALE) - expected_score(after, Jarmo::SCALE))
                    .max(0.0)
            };
            assert!(
                (b.deeper_loss.unwrap() - deeper).abs() < 1e-12,
                "move {}",
                a.ply
            );
            let milder = if deeper < a.loss.unwrap() {
                classify(deeper)
            } else {
                a.verdict
            };
            assert_eq!(b.verdict, milder, "move {}", a.ply);
            downgraded += usize::from(b.verdict != a.verdict);
        }
    }
    assert!(flagged > 5, "{flagged}");
    // Random moves' blunders are mostly real, but not all.
    assert!(downgraded < flagged, "{downgraded} of {flagged}");
}

#[test]
fn jarmo_reviews_classify_seeded_games_as_their_searches_say() {
    let mut marks = 0;
    for seed in 0..3 {
        let h = random_jarmo(100 + seed, 40);
        let r = check_searched(&h, 3);
        marks += r
            .moves
            .iter()
            .filter(|m| {
                matches!(
                    m.verdict,
                    Verdict::Inaccuracy | Verdict::Mistake | Verdict::Blunder
                )
            })
            .count();
    }
    // Random moves: many of them are marked.
    assert!(marks > 5, "{marks}");
}

/// Dark can end the game at once with `d4-b5` (all five archers on
/// Light's first row: Dark scores 10, Light 2·4 + 1 = 9); any other move
/// lets Light end it first with `b2-d1` (Light 10, Dark 9).
const JARMO_LAST_CHANCE: &str = "d1ddd/3d1/5/1l3/lll1l d 0/0 0 -/-";

#[test]
fn a_jarmo_move_that_throws_the_win_away_is_a_blunder() {
    let v = Orientation::default();
    let pos = Jarmo::parse_position(&v, JARMO_LAST_CHANCE).unwrap();
    let mut h = History::new(pos.clone());
    h.play_text("d4-c4").unwrap();
    h.play_text("b2-d1").unwrap();
    assert_eq!(h.outcome().unwrap().winner, Some(Player::P2));
    let r = check_searched(&h, 4);
    let m = &r.moves[0];
    assert_eq!(m.verdict, Verdict::Blunder);
    assert_eq!(m.best, vec!["d4-b5".to_string()]);
    assert_eq!(m.before, Some(Value::Win { plies: 1 }));
    assert_eq!(m.after, Some(Value::Loss { plies: 2 }));
    assert_eq!(m.loss, Some(1.0));
    assert_eq!(r.moves[1].verdict, Verdict::Best, "{:?}", r.moves[1]);
    assert_eq!(r.accuracy[0].percent, Some(0.0));
    assert_eq!(r.accuracy[1].percent, Some(100.0));
    // The winning move is the best.
    let mut won = History::new(pos);
    won.play_text("d4-b5").unwrap();
    assert_eq!(won.outcome().unwrap().winner, Some(Player::P1));
    let r = check_searched(&won, 4);
    assert_eq!(r.moves[0].verdict, Verdict::Best);
    assert_eq!(r.chart, vec![Some(1.0), Some(1.0)]);
}

#[test]
fn a_stopped_review_says_so() {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let h = random_jarmo(1, 10);
    let options = ReviewOptions {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..ReviewOptions::default()
    };
    assert!(review(&h, &options, &mut |_| {}).is_err());
}

#[test]
fn linja_reviews_answer_from_an_installed_table_where_it_covers() {
    use tablero_ai::solve::linja_table::{build, install_files, BuildOptions};
    // The seed rules' table of the positions with at most three pieces a
    // side off the goal line; the other tests use the publisher's rules.
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("review-seed-3.bin");
    let _ = std::fs::remove_file(&path);
    build(
        &path,
        &BuildOptions {
            rules: Rules::Seed,
            free: 3,
            threads: 2,
            stop_after: None,
        },
        |_| {},
    )
    .unwrap();
    install_files(std::slice::from_ref(&path), false).unwrap();
    let start = Linja::from_rows(
        Rules::Seed,
        [1, 1, 0, 0, 1, 0, 0, 9],
        [9, 0, 0, 1, 0, 1, 0, 1],
        Player::P1,
        0,
    )
    .unwrap();
    let mut tables = 0;
    for seed in 0..10 {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let h = random_history(start, 1000, &mut rng, |_| None, 0.0);
        let r = reviewed(&h, &ReviewOptions::default());
        for (i, m) in r.moves.iter().enumerate() {
            let pos = h.positions()[i];
            let sol = Solver::new().solve(&pos).unwrap();
            let values = Solver::new().move_values(&pos).unwrap();
            let played = values.iter().find(|v| v.0 == h.moves()[i]).unwrap().1;
            assert_eq!(m.source, Source::Table);
            assert_eq!(
                m.before,
                Some(Value::Margin {
                    points: sol.score_diff
                })
            );
            assert_eq!(m.after, Some(Value::Margin { points: played }));
            tables += 1;
        }
        check_summary(&r);
    }
    assert!(tables > 20, "{tables}");
}

#[test]
fn the_scale_option_sets_how_large_a_swing_makes_a_mistake() {
    let h = random_jarmo(77, 40);
    let options = |scale: Option<f64>| ReviewOptions {
        depth: Some(3),
        confirm: Some(0),
        scale,
        ..ReviewOptions::default()
    };
    let plain = reviewed(&h, &options(None));
    let wide = <Jarmo as Review>::SCALE * 3.0;
    let scaled = reviewed(&h, &options(Some(wide)));
    let mut differ = 0;
    for (a, b) in plain.moves.iter().zip(&scaled.moves) {
        // The searches are the same; only the losses and verdicts change.
        assert_eq!((a.before, a.after, &a.best), (b.before, b.after, &b.best));
        let (Some(before), Some(after)) = (b.before, b.after) else {
            continue;
        };
        if b.verdict == Verdict::Best {
            continue;
        }
        let loss = (expected_score(before, wide) - expected_score(after, wide)).max(0.0);
        assert!((b.loss.unwrap() - loss).abs() < 1e-12, "{b:?}");
        assert_eq!(b.verdict, classify(loss));
        differ += usize::from(a.verdict != b.verdict);
    }
    assert!(differ > 0, "no verdict changed with the scale");
}

#[test]
fn super_dimensiones_is_reviewed_deeper_where_its_sub_games_never_meet() {
    // Cards M and W (the default): depth 12; I or E: the whole game is
    // searched, at depth 4.
    for (rules, depth) in [("M-C-N-W-R", 12), ("I-C-A-E-S", 4)] {
        let rules: RuleSet = rules.parse().unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(46);
        let h = random_history(Dimensiones::start(&rules), 3, &mut rng, |_| None, 0.0);
        let r = reviewed(&h, &ReviewOptions::default());
        assert_eq!(
            (r.method, r.depth),
            (Method::Search, Some(depth)),
            "{rules}"
        );
        // Each position's value is a fresh search's at that depth (the node
        // bound does not bind this early).
        let mut prefix = History::new(h.start().clone());
        for (i, m) in r.moves.iter().enumerate() {
            let (score, best) = fresh_search(&prefix, depth);
            let mover = prefix.current().side_to_move();
            assert_eq!(
                m.before,
                Some(as_value(score, mover, mover, 0)),
                "{rules} {i}"
            );
            assert_eq!(m.best, vec![prefix.current().format_move(best)]);
            prefix.play(h.moves()[i]).unwrap();
        }
    }
}
