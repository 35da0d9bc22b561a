//! A small survey end to end: it runs, writes its report, its figures agree
//! with its saved records, it plays the same games on 1 and 2 threads, and
//! it resumes after part of its results is lost.

use std::path::Path;
use tablero_core::{Game, Record};
use tablero_games::jarmo::Jarmo;
use tablero_lab::survey::Result3;
use tablero_lab::{run_survey, summarize, write_report, GameRow, Matchup, Store, SurveyConfig};

fn config() -> SurveyConfig {
    SurveyConfig {
        game: "jarmo".into(),
        variants: vec!["standard".into(), "flipped".into()],
        matchups: vec![Matchup {
            a: "ai:1".into(),
            b: "ai:1".into(),
        }],
        pairs: 3,
        openings: 2,
        seed: 11,
        ladder: Vec::new(),
    }
}

fn run(dir: &Path, threads: usize) -> Vec<GameRow> {
    let store = Store::open_dir(dir).unwrap();
    run_survey::<Jarmo>(&config(), dir, &store, threads, &|_, _| {}).unwrap()
}

#[test]
fn survey_report_agrees_with_its_records() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let rows = run(dir, 2);
    assert_eq!(rows.len(), 12);
    let report = summarize(&config(), &rows);
    write_report(&report, dir).unwrap();
    for f in [
        "index.html",
        "report.json",
        "first-player.svg",
        "draws.svg",
        "lengths.svg",
    ] {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        assert!(text.len() > 200, "{f} is too short");
    }
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("flipped"));
    // Recompute first-player wins and the mean length of each variant from
    // the record files alone.
    assert_eq!(report.groups.len(), 2);
    for (v, g) in report.groups.iter().enumerate() {
        let mut first_wins = 0.0;
        let mut plies = Vec::new();
        let mut games = 0;
        for r in rows.iter().filter(|r| r.unit.variant as usize == v) {
            let text = std::fs::read_to_string(dir.join(&r.record_file)).unwrap();
            let record: Record<Jarmo> = Record::parse(&text).unwrap();
            let h = record.replay().unwrap();
            let first = h.start().side_to_move();
            let outcome = h.outcome().expect("a finished game");
            if outcome.winner == Some(first) {
                first_wins += 1.0;
            }
            // The record starts at the variant's start, its opening included.
            assert_eq!(h.start(), &Jarmo::start(h.start().variant()));
            let opening: usize = record
                .tags
                .iter()
                .find(|(k, _)| k == "Opening")
                .map(|(_, v)| v.parse().unwrap())
                .unwrap();
            assert_eq!(opening, 2);
            assert_eq!(
                r.result == Result3::First,
                outcome.winner == Some(first),
                "{}",
                r.record_file
            );
            plies.push(h.moves().len() as f64);
            games += 1;
        }
        assert_eq!(g.games, games);
        assert_eq!(g.first_wins.count, first_wins, "variant {v}");
        let mean = plies.iter().sum::<f64>() / plies.len() as f64;
        assert!((g.length.mean.value.unwrap() - mean).abs() < 1e-9);
        let rate = g.first_wins.rate;
        assert!(g.first_wins.low <= rate && rate <= g.first_wins.high);
        let total = g.first_wins.count + g.second_wins.count + g.draws.count;
        assert_eq!(total, f64::from(g.games));
    }
}

#[test]
fn same_games_on_one_and_two_threads() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let one = run(a.path(), 1);
    let two = run(b.path(), 2);
    assert_eq!(one, two);
    let (ra, rb) = (summarize(&config(), &one), summarize(&config(), &two));
    assert_eq!(
        serde_json::to_string(&ra).unwrap(),
        serde_json::to_string(&rb).unwrap()
    );
}

#[test]
fn resumes_after_losing_part_of_the_results() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let full = run(dir, 2);
    let store = Store::open_dir(dir).unwrap();
    // Pairs 1 and 2 of both variants: 8 games.
    assert_eq!(store.forget_from_pair(1).unwrap(), 8);
    assert_eq!(store.done_units().unwrap().len(), 2);
    let starts = std::sync::Mutex::new(Vec::new());
    let again = run_survey::<Jarmo>(&config(), dir, &store, 2, &|done, total| {
        starts.lock().unwrap().push((done, total));
    })
    .unwrap();
    // It started from the 4 games kept and played only the rest.
    assert_eq!(starts.lock().unwrap()[0], (4, 12));
    assert_eq!(again, full);
    // Other options in the same folder are refused.
    let mut other = config();
    other.seed = 12;
    assert!(run_survey::<Jarmo>(&other, dir, &store, 1, &|_, _| {}).is_err());
}

#[test]
fn ladder_reports_each_rung_from_the_stronger_side() {
    let tmp = tempfile::tempdir().unwrap();
    let config = SurveyConfig {
        game: "jarmo".into(),
        variants: vec!["standard".into()],
        matchups: vec![
            Matchup {
                a: "random".into(),
                b: "ai:1".into(),
            },
            Matchup {
                a: "ai:1".into(),
                b: "ai:2".into(),
            },
        ],
        pairs: 2,
        openings: 2,
        seed: 3,
        ladder: vec![1, 2],
    };
    let store = Store::open_dir(tmp.path()).unwrap();
    let rows = run_survey::<Jarmo>(&config, tmp.path(), &store, 2, &|_, _| {}).unwrap();
    let report = summarize(&config, &rows);
    write_report(&report, tmp.path()).unwrap();
    assert!(tmp.path().join("ladder.svg").exists());
    // In another language every text comes from its words: here each id
    // in brackets, so none of the built-in English is left.
    let other = tmp.path().join("other");
    let words = |id: &str, _: &[(&str, String)]| format!("[{id}]");
    tablero_lab::write_report_in(&report, &other, &words, "xx").unwrap();
    let mut all = String::new();
    for file in [
        "index.html",
        "first-player.svg",
        "draws.svg",
        "lengths.svg",
        "ladder.svg",
    ] {
        all.push_str(&std::fs::read_to_string(other.join(file)).unwrap());
    }
    assert!(all.contains("<html lang=\"xx\">"));
    for (id, _) in tablero_lab::report::WORDS {
        // A draw's reason shows only where games were drawn.
        if *id != "lab-report-draw-reason" {
            assert!(all.contains(&format!("[{id}]")), "{id} unused");
        }
    }
    for english in [
        ">Results<",
        ">Plots<",
        ">variant<",
        ">games<",
        ">first player wins<",
        "raw data",
        ">plies<",
    ] {
        assert!(!all.contains(english), "{english} left");
    }
    assert_eq!(report.ladder.len(), 2);
    for (rung, g) in report.ladder.iter().zip(&report.groups) {
        assert_eq!(rung.stronger, g.b);
        assert_eq!(rung.stronger_wins + rung.draws + rung.weaker_wins, 4);
        // The stronger's score is one minus A's (the weaker's).
        assert!((rung.stronger_score.rate - (1.0 - g.a_score.rate)).abs() < 1e-12);
        let mine: Vec<&GameRow> = rows
            .iter()
            .filter(|r| config.matchups[r.unit.matchup as usize].b == rung.stronger)
            .collect();
        // B sits first in game 1 of each pair.
        let b_wins = mine
            .iter()
            .filter(|r| {
                matches!(
                    (r.game, r.result),
                    (0, Result3::Second) | (1, Result3::First)
                )
            })
            .count() as u32;
        assert_eq!(rung.stronger_wins, b_wins);
    }
}
