//! The PostgreSQL work queue: one worker and three workers take the same
//! survey's units and store the same games; a worker that dies mid-unit
//! leaves its unit to the others. `TABLERO_TEST_POSTGRES` names the
//! database (scripts/test.sh starts a throwaway one); without it the test
//! is skipped with a message.

use tablero_games::jarmo::Jarmo;
use tablero_lab::queue::work;
use tablero_lab::{GameRow, Matchup, Store, SurveyConfig};

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
        seed: 21,
        ladder: Vec::new(),
    }
}

/// Runs the survey with `workers` workers on threads; returns its games.
fn survey(url: &str, workers: usize) -> Vec<GameRow> {
    let store = Store::open(url).unwrap();
    store.clear().unwrap();
    store.enqueue(&config()).unwrap();
    let played: u64 = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| s.spawn(|| work::<Jarmo>(url, &config()).unwrap()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(played, 6, "every unit played once");
    assert_eq!(store.queue_progress().unwrap(), (6, 6));
    store.all_rows().unwrap()
}

#[test]
fn one_and_three_workers_store_the_same_games() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!(
            "skipped: TABLERO_TEST_POSTGRES is not set (no PostgreSQL server to test against)"
        );
        return;
    };
    let one = survey(&url, 1);
    let three = survey(&url, 3);
    assert_eq!(one.len(), 12);
    assert_eq!(one, three);

    // A worker that takes a unit and dies before committing: its
    // transaction is rolled back and the unit is free again.
    let store = Store::open(&url).unwrap();
    store.clear().unwrap();
    store.enqueue(&config()).unwrap();
    let dying = Store::open(&url).unwrap();
    let held = dying.hold_unit().unwrap().expect("a free unit");
    // The others skip the unit it holds...
    assert_eq!(work::<Jarmo>(&url, &config()).unwrap(), 5);
    assert_eq!(store.queue_progress().unwrap(), (5, 6));
    // ...and take it once it dies without committing.
    dying.abandon(held).unwrap();
    assert_eq!(work::<Jarmo>(&url, &config()).unwrap(), 1);
    assert_eq!(store.all_rows().unwrap(), one);
    store.clear().unwrap();
}
