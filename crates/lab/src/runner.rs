//! Running a survey on this machine: every core plays units, the main
//! thread stores each finished unit and writes its records, and a survey
//! that stopped resumes from its store.

use crate::fail;
use crate::games::LabGame;
use crate::store::Store;
use crate::survey::{play_unit, GameRow, SurveyConfig, UnitKey};
use anyhow::Result;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use tablero_core::{id, Localize, Message};

/// Checks that the survey's variants read and its specs make players.
///
/// # Errors
/// Says which variant or spec is wrong.
pub fn check_config<G: LabGame>(config: &SurveyConfig) -> Result<()> {
    for v in &config.variants {
        v.parse::<G::Variant>().map_err(|e| {
            fail::said(
                Message::of(id!("lab-bad-variant"))
                    .text("variant", format!("{v:?}"))
                    .text("game", G::NAME)
                    .msg("error", e.message()),
            )
        })?;
    }
    for m in &config.matchups {
        for spec in [&m.a, &m.b] {
            tablero_ai::parse_spec::<G>(spec, 0).map_err(fail::said)?;
        }
    }
    if config.variants.is_empty() || config.matchups.is_empty() || config.pairs == 0 {
        return Err(fail::said(Message::of(id!("lab-no-games"))));
    }
    Ok(())
}

/// Writes a game's record under `dir`.
///
/// # Errors
/// When the file cannot be written.
pub fn write_record(dir: &Path, row: &GameRow) -> Result<()> {
    let path = dir.join(&row.record_file);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| fail::cannot_create(parent, e))?;
    }
    std::fs::write(&path, &row.record).map_err(|e| fail::cannot_write(&path, e))
}

/// Runs the units of `config` not yet in `store` on `threads` threads,
/// storing each finished unit and writing its records under `dir`.
/// `progress(done, total)` is called at the start and after each unit,
/// counting games. Returns every stored game, in unit order.
///
/// # Errors
/// A bad configuration, a store that holds another survey, a database or
/// file error (units finished before it stay stored).
pub fn run_survey<G: LabGame>(
    config: &SurveyConfig,
    dir: &Path,
    store: &Store,
    threads: usize,
    progress: &dyn Fn(u64, u64),
) -> Result<Vec<GameRow>> {
    check_config::<G>(config)?;
    std::fs::create_dir_all(dir).map_err(|e| fail::cannot_create(dir, e))?;
    store.claim_config(config)?;
    let done = store.done_units()?;
    let units = config.units();
    let total = 2 * units.len() as u64;
    let pending: Vec<UnitKey> = units.into_iter().filter(|k| !done.contains(k)).collect();
    let mut finished = total - 2 * pending.len() as u64;
    progress(finished, total);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<Vec<GameRow>, Message>>();
    let mut first_error: Option<anyhow::Error> = None;
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, pending.len().max(1)) {
            let tx = tx.clone();
            let (next, stop, pending) = (&next, &stop, &pending);
            s.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&key) = pending.get(i) else { break };
                if tx.send(play_unit::<G>(config, key)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for result in rx {
            let stored = result.map_err(fail::said).and_then(|rows| {
                for r in &rows {
                    write_record(dir, r)?;
                }
                store.insert_unit(&rows)?;
                Ok(rows.len() as u64)
            });
            match stored {
                Ok(n) => {
                    finished += n;
                    progress(finished, total);
                }
                Err(e) => {
                    stop.store(true, Ordering::SeqCst);
                    first_error.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = first_error {
        return Err(e);
    }
    store.all_rows()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Matchup;
    use tablero_core::Failure;
    use tablero_games::jarmo::Jarmo;

    /// The message id of a lab error (a [`Failure`]) and of its nested
    /// reason, if any.
    fn ids(e: &anyhow::Error) -> (&'static str, Option<&'static str>) {
        let m = e.downcast_ref::<Failure>().expect("a Failure").message();
        let inner = m.args().iter().find_map(|(_, a)| match a {
            tablero_core::Arg::Message(inner) => Some(inner.id()),
            _ => None,
        });
        (m.id(), inner)
    }

    fn config(variant: &str, a: &str) -> SurveyConfig {
        SurveyConfig {
            game: "jarmo".into(),
            variants: vec![variant.into()],
            matchups: vec![Matchup {
                a: a.into(),
                b: "random".into(),
            }],
            pairs: 1,
            openings: 0,
            seed: 1,
            ladder: Vec::new(),
        }
    }

    #[test]
    fn a_bad_survey_is_refused_with_a_message() {
        let e = check_config::<Jarmo>(&config("standard", "ai:9")).unwrap_err();
        assert_eq!(ids(&e), ("spec-levels", None));
        let e = check_config::<Jarmo>(&config("sideways", "random")).unwrap_err();
        assert_eq!(ids(&e).0, "lab-bad-variant");
        assert!(ids(&e).1.is_some());
        let mut empty = config("standard", "random");
        empty.pairs = 0;
        let e = check_config::<Jarmo>(&empty).unwrap_err();
        assert_eq!(ids(&e), ("lab-no-games", None));
        // A file that cannot be written names its path, and keeps the
        // system's reason as its cause.
        let tmp = tempfile::tempdir().unwrap();
        let row_dir = tmp.path().join("file");
        std::fs::write(&row_dir, "").unwrap();
        let e = std::fs::create_dir_all(row_dir.join("x"))
            .map_err(|e| fail::cannot_create(&row_dir.join("x"), e))
            .unwrap_err();
        assert_eq!(ids(&e), ("cannot-create", None));
        assert_eq!(e.chain().count(), 2);
    }
}
