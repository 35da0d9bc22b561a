//! Puzzles checked against the solvers and searches run on their own, as
//! `tablero solve` runs them (a fresh solve of the layout, a fresh endgame
//! solver, a fresh and deeper alpha-beta), never through the miner's code.

use tablero_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tablero_ai::analysis::Exact;
use tablero_ai::puzzles::{
    generate, read_puzzles, write_puzzles, JsonWhy, MineOptions, Problem, Puzzle, SEARCH_MARGIN,
};
use tablero_ai::review::{expected_score, Review, Source, Value};
use tablero_ai::solve::imago::ImagoSolution;
use tablero_ai::solve::linja::Solver;
use tablero_ai::{Budget, Limits};
use tablero_core::{Game, History, Localize};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::imago::{Imago, Layout};
use tablero_games::jarmo::{Jarmo, Orientation};
use tablero_games::linja::{Linja, Rules};

fn mined<G: Review>(
    variant: &G::Variant,
    count: usize,
    seed: u64,
    options: &MineOptions,
) -> Vec<Puzzle> {
    let mut calls = 0;
    let found = generate::<G>(variant, &[], count, seed, 200, options, &mut |_, _| {
        calls += 1
    });
    assert_eq!(found.len(), count, "{} puzzles of {}", found.len(), G::NAME);
    assert!(calls > 0);
    for p in &found {
        p.check().unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert_eq!(p.game, G::NAME);
    }
    // No position twice.
    let mut positions: Vec<&str> = found.iter().map(|p| p.position.as_str()).collect();
    positions.sort_unstable();
    positions.dedup();
    assert_eq!(positions.len(), found.len());
    found
}

fn exact_value(v: Exact) -> Value {
    v.into()
}

#[test]
fn imago_puzzles_have_exactly_one_winning_or_saving_move_by_a_fresh_solver() {
    let layout = Layout::default();
    let found = mined::<Imago>(&layout, 12, 1, &MineOptions::default());
    let solution = ImagoSolution::solve(&layout);
    for p in &found {
        let pos: Imago = p.position_of().unwrap();
        let values = solution.move_values(&pos);
        let moves_of = |word: &str| -> Vec<String> {
            values
                .iter()
                .filter(|(_, v)| exact_value(Exact::from(*v)).word() == word)
                .map(|(m, _)| pos.format_move(*m))
                .collect()
        };
        let wins = moves_of("win");
        if p.theme == "only-draw" {
            // No move wins and every move but the answer loses.
            assert!(wins.is_empty(), "{}", p.id);
            assert_eq!(moves_of("draw"), vec![p.answer.clone()], "{}", p.id);
            assert_eq!(moves_of("loss").len(), values.len() - 1, "{}", p.id);
            assert_eq!(p.value_of(&p.answer).unwrap().value, Value::Draw);
            continue;
        }
        assert_eq!(wins, vec![p.answer.clone()], "{}", p.id);
        assert_eq!(p.source, Source::Solver);
        assert_eq!(values.len(), p.proof.len());
        for (m, v) in &values {
            let line = p.value_of(&pos.format_move(*m)).unwrap();
            assert_eq!(line.value, exact_value(Exact::from(*v)), "{}", p.id);
        }
        let Value::Win { plies } = p.value_of(&p.answer).unwrap().value else {
            panic!("{}: the answer does not win", p.id);
        };
        let n = u32::from(plies).div_ceil(2);
        assert_eq!(p.theme, format!("win-in-{n}"));
    }
}

#[test]
fn linja_puzzles_have_exactly_one_move_that_keeps_the_value_by_a_fresh_solver() {
    for rules in [Rules::Publisher, Rules::Seed] {
        let found = mined::<Linja>(&rules, 8, 3, &MineOptions::default());
        for p in &found {
            let pos: Linja = p.position_of().unwrap();
            let values = Solver::new().move_values(&pos).expect("an endgame");
            let best = values.iter().map(|v| v.1).max().unwrap();
            let keep: Vec<String> = values
                .iter()
                .filter(|v| v.1 == best)
                .map(|(m, _)| pos.format_move(*m))
                .collect();
            assert_eq!(keep, vec![p.answer.clone()], "{}", p.id);
            assert_eq!(p.source, Source::Endgame);
            assert_eq!(values.len(), p.proof.len());
            for (m, v) in &values {
                let line = p.value_of(&pos.format_move(*m)).unwrap();
                assert_eq!(line.value, Value::Margin { points: *v }, "{}", p.id);
            }
        }
    }
}

/// The move a fresh alpha-beta of `depth` plies chooses.
fn searched_best<G: Review>(pos: &G, depth: u32) -> String {
    let mut ab = AlphaBeta::<G>::new(AlphaBetaConfig {
        budget: Budget::Depth(depth),
        ..AlphaBetaConfig::default()
    });
    let r = ab.search(&History::new(pos.clone()), &Limits::none());
    pos.format_move(r.best)
}

fn searched_proof<G: Review>(p: &Puzzle) {
    let [shallow, deep] = p.depths.expect("two depths");
    assert!(shallow < deep);
    assert_eq!(p.source, Source::Search);
    assert_eq!(p.proof[0].mv, p.answer);
    let score = |v: Value| expected_score(v, G::SCALE);
    for other in &p.proof[1..] {
        let a = &p.proof[0];
        assert!(
            score(a.value) - score(other.value) >= SEARCH_MARGIN,
            "{}",
            p.id
        );
        assert!(
            score(a.deep.unwrap()) - score(other.deep.unwrap()) >= SEARCH_MARGIN,
            "{}",
            p.id
        );
    }
}

#[test]
fn jarmo_puzzles_best_move_is_reconfirmed_by_a_deeper_search() {
    let found = mined::<Jarmo>(&Orientation::Standard, 4, 1, &MineOptions::default());
    for p in &found {
        if p.source == Source::Endgame {
            // Proven by the late-game solver: a fresh one gives the same
            // values, and only the answer has the best.
            let pos: Jarmo = p.position_of().unwrap();
            let values = tablero_ai::solve::jarmo::move_values_within(&pos, 2_000_000)
                .expect("proved again");
            let best = values.iter().map(|v| v.1).max().unwrap();
            let keep: Vec<String> = values
                .iter()
                .filter(|v| v.1 == best)
                .map(|(m, _)| pos.format_move(*m))
                .collect();
            assert_eq!(keep, vec![p.answer.clone()], "{}", p.id);
            for (m, v) in &values {
                let line = p.value_of(&pos.format_move(*m)).unwrap();
                assert_eq!(line.value, Value::Margin { points: *v }, "{}", p.id);
            }
            continue;
        }
        searched_proof::<Jarmo>(p);
        let [_, deep] = p.depths.unwrap();
        let pos: Jarmo = p.position_of().unwrap();
        assert_eq!(searched_best(&pos, deep + 1), p.answer, "{}", p.id);
    }
}

#[test]
fn super_dimensiones_puzzles_agree_at_both_depths_and_deeper() {
    let options = MineOptions {
        depths: Some((2, 3)),
        ..MineOptions::default()
    };
    let found = mined::<Dimensiones>(&Default::default(), 2, 5, &options);
    for p in &found {
        searched_proof::<Dimensiones>(p);
        let pos: Dimensiones = p.position_of().unwrap();
        assert_eq!(searched_best(&pos, 4), p.answer, "{}", p.id);
    }
}

fn refused(p: &Puzzle) -> Problem {
    let text = write_puzzles(std::slice::from_ref(p));
    read_puzzles(&text).expect_err("a changed puzzle").problem
}

/// `p` with its id made to match again, as a forger would.
fn rehashed(mut p: Puzzle) -> Puzzle {
    p.id = p.content_id();
    p
}

#[test]
fn the_format_round_trips_and_a_tampered_puzzle_is_refused() {
    let mut all = mined::<Imago>(&Layout::default(), 2, 7, &MineOptions::default());
    all.extend(mined::<Linja>(
        &Rules::Publisher,
        2,
        7,
        &MineOptions::default(),
    ));
    all.extend(mined::<Jarmo>(
        &Orientation::Standard,
        1,
        7,
        &MineOptions {
            depths: Some((1, 3)),
            ..MineOptions::default()
        },
    ));
    let text = write_puzzles(&all);
    assert_eq!(text.lines().count(), all.len());
    assert_eq!(read_puzzles(&text).unwrap(), all);
    // Blank lines are passed over.
    assert_eq!(read_puzzles(&format!("\n{text}\n")).unwrap(), all);

    for p in &all {
        let wrong = p.proof[1].mv.clone();
        // Another answer: the id no longer matches.
        let mut t = p.clone();
        t.answer = wrong.clone();
        assert_eq!(refused(&t), Problem::Tampered);
        // ... and with the id forged, the proof refutes it.
        assert_eq!(refused(&rehashed(t)), Problem::Answer(wrong.clone()));
        // A move left out of the proof.
        let mut t = p.clone();
        t.proof.pop();
        assert_eq!(refused(&rehashed(t)), Problem::Moves);
        // A value changed so that another move is as good.
        let mut t = p.clone();
        t.proof[1].value = t.proof[0].value;
        t.proof[1].deep = t.proof[0].deep;
        assert_eq!(refused(&rehashed(t)), Problem::Answer(p.answer.clone()));
        // The other side to move.
        let mut t = p.clone();
        t.side = if t.side == "p1" { "p2" } else { "p1" }.to_string();
        assert_eq!(refused(&rehashed(t)), Problem::Side);
        // A position that does not read.
        let mut t = p.clone();
        t.position.push_str(" x");
        assert!(matches!(refused(&rehashed(t)), Problem::Position(_)));
    }
    let mut t = all[0].clone();
    t.game = "chess".to_string();
    assert_eq!(refused(&rehashed(t)), Problem::Game("chess".to_string()));
    // A searched value in an exact proof.
    let mut t = all[0].clone();
    t.proof[0].value = Value::Eval { score: 900 };
    assert_eq!(refused(&rehashed(t)), Problem::Values);
    // Not JSON; the error names the line.
    let e = read_puzzles(&format!("{text}{{\"id\": 3}}\n")).unwrap_err();
    assert_eq!(e.line, all.len() + 1);
    assert!(matches!(
        e.problem,
        Problem::Json {
            why: JsonWhy::Kind,
            column: 8
        }
    ));
    assert_eq!(e.message().id(), "puzzle-line");
    // The catalogue's words, not serde's.
    let en = e.to_string();
    assert!(en.contains("column 8") && !en.contains("expected"), "{en}");
    let e = read_puzzles("{\"id\": \"x\"}\nnot json\n").unwrap_err();
    let missing = Problem::Json {
        why: JsonWhy::Missing("game".to_string()),
        column: 11,
    };
    assert_eq!((e.line, e.problem), (1, missing));
    let e = read_puzzles("not json\n").unwrap_err();
    assert!(matches!(
        e.problem,
        Problem::Json {
            why: JsonWhy::Syntax,
            ..
        }
    ));
}

#[test]
fn an_imago_position_with_one_saving_move_is_an_only_draw_puzzle() {
    // The first position of seeded random play where no move wins and
    // exactly one does not lose (rare: docs/ai.md, "Puzzles").
    let layout = Layout::default();
    let solution = ImagoSolution::solve(&layout);
    let saving = |pos: &Imago| {
        let values = solution.move_values(pos);
        let words: Vec<&str> = values
            .iter()
            .map(|(_, v)| exact_value(Exact::from(*v)).word())
            .collect();
        values.len() >= 2
            && !words.contains(&"win")
            && words.iter().filter(|w| **w == "draw").count() == 1
    };
    let pos = (0..3000u64)
        .flat_map(|seed| (0..40).map(move |plies| (seed, plies)))
        .map(|(seed, plies)| tablero_ai::arena::random_opening::<Imago>(&layout, plies, seed))
        .find(|pos| pos.outcome().is_none() && saving(pos))
        .expect("a position with one saving move in 3,000 random games");
    let found = tablero_ai::puzzles::mine(
        &History::new(pos.clone()),
        &MineOptions::default(),
        &mut Default::default(),
    );
    assert_eq!(found.len(), 1, "{found:?}");
    let p = &found[0];
    assert_eq!(p.theme, "only-draw");
    p.check().unwrap();
    let best = solution.best_moves(&pos);
    assert_eq!(best.len(), 1);
    assert_eq!(p.answer, pos.format_move(best[0]));
    assert_eq!(p.value_of(&p.answer).unwrap().value, Value::Draw);
    // The file format keeps it.
    assert_eq!(read_puzzles(&write_puzzles(&found)).unwrap(), found);
}
