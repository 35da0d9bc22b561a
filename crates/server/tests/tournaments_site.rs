//! Site tournaments from a schedule (issue #45; docs/deploy.md "Site
//! tournaments"): a weekly arena's tournament is made once its advance
//! begins, once even when two processes look at the same moment (on
//! SQLite, and on PostgreSQL when `TABLERO_TEST_POSTGRES` names a
//! database), listed as made by the site, starting at the slot's time; the
//! next week's is another; a schedule that does not read is refused.

use tablero_server::tournaments::schedule::{Schedule, SITE};
use tablero_server::tournaments::store;
use tablero_server::{AppState, Db};

fn process(db: &Db) -> AppState {
    AppState::new(db.clone(), &tablero_server::Limits::default(), None, false)
}

const WEEK: i64 = 7 * 24 * 3600 * 1000;

fn schedule(key: &str) -> Schedule {
    Schedule::parse(&format!(
        r#"{{"tournaments": [
            {{"key": "{key}", "every": "week", "weekday": "sat", "at": "18:00", "ahead_hours": 48,
              "tournament": {{"kind": "arena", "game": "jarmo", "clock": "3+2", "minutes": 60,
                              "name": "Weekly Jarmo Arena", "rated": true}}}}
        ]}}"#
    ))
    .unwrap()
}

async fn each_slot_is_made_once(db: &Db) {
    let (a, b) = (process(db), process(db));
    // Unique per run: a PostgreSQL database outlives a run.
    let key = format!("weekly-{}", tablero_server::db::random_id(6).to_lowercase());
    let s = schedule(&key);
    // 2026-12-06, a Sunday, 22:00 UTC: the next Saturday 18:00 is 5 days
    // 20 hours away, beyond the 48 hours' advance.
    let sunday = 1_796_594_400_000_i64;
    let saturday = sunday + 6 * 24 * 3600 * 1000 - 4 * 3600 * 1000;
    assert_eq!(a.tournaments.schedule_due(&s, sunday).await.unwrap(), 0);
    // Thursday 20:00: 46 hours before; both processes look at once.
    let thursday = saturday - 46 * 3600 * 1000;
    let (x, y) = tokio::join!(
        a.tournaments.schedule_due(&s, thursday),
        b.tournaments.schedule_due(&s, thursday)
    );
    assert_eq!(x.unwrap() + y.unwrap(), 1, "made once");
    for _ in 0..3 {
        assert_eq!(
            a.tournaments
                .schedule_due(&s, thursday + 1000)
                .await
                .unwrap(),
            0
        );
    }
    let t = store::by_schedule_key(db, &format!("{key}:{saturday}"))
        .await
        .unwrap()
        .expect("the slot's tournament");
    assert_eq!(t.starts_at, saturday);
    assert_eq!(
        (t.kind.as_str(), t.name.as_str(), t.rated),
        ("arena", "Weekly Jarmo Arena", true)
    );
    assert_eq!((t.creator.as_str(), t.creator_name.as_str()), (SITE, SITE));
    assert_eq!(t.duration_ms, Some(60 * 60 * 1000));
    // It is listed, public.
    let lists = a.tournaments.lists().await.unwrap();
    assert!(lists.upcoming.iter().any(|l| l.id == t.id));
    // The next week's slot is another tournament.
    assert_eq!(
        a.tournaments
            .schedule_due(&s, thursday + WEEK)
            .await
            .unwrap(),
        1
    );
    assert!(
        store::by_schedule_key(db, &format!("{key}:{}", saturday + WEEK))
            .await
            .unwrap()
            .is_some()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_site_tournament_is_made_once_per_slot_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::open(dir.path().join("t.db").to_str().unwrap())
        .await
        .unwrap();
    each_slot_is_made_once(&db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_site_tournament_is_made_once_per_slot_on_postgres() {
    let Ok(url) = std::env::var("TABLERO_TEST_POSTGRES") else {
        eprintln!("skipped: TABLERO_TEST_POSTGRES is not set");
        return;
    };
    each_slot_is_made_once(&Db::open(&url).await.unwrap()).await;
}

#[test]
fn a_schedule_that_does_not_read_is_refused() {
    let t = r#""tournament": {"kind": "arena", "game": "jarmo", "clock": "3+2"}"#;
    for bad in [
        "not json".to_string(),
        format!(r#"{{"tournaments": [{{"key": "a b", "every": "day", "at": "18:00", {t}}}]}}"#),
        format!(r#"{{"tournaments": [{{"key": "a", "every": "week", "at": "18:00", {t}}}]}}"#),
        format!(r#"{{"tournaments": [{{"key": "a", "every": "day", "at": "7pm", {t}}}]}}"#),
        format!(
            r#"{{"tournaments": [{{"key": "a", "every": "day", "at": "18:00", "ahead_hours": 9999, {t}}}]}}"#
        ),
        format!(
            r#"{{"tournaments": [{{"key": "a", "every": "day", "at": "18:00", {t}}}, {{"key": "a", "every": "day", "at": "19:00", {t}}}]}}"#
        ),
        format!(
            r#"{{"tournaments": [{{"key": "a", "every": "day", "at": "18:00", "surprise": 1, {t}}}]}}"#
        ),
    ] {
        assert!(Schedule::parse(&bad).is_err(), "{bad}");
    }
}
