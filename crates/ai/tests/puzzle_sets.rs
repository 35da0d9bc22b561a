//! The committed puzzle sets (`data/puzzles/`), checked from outside the
//! miner: each loads against the manifest, holds what issue #46 asks, and
//! a seeded sample of each is proved again by a fresh solver or a deeper
//! search — Imago by a fresh solve of the layout, Linja by a fresh endgame
//! solver (the 2.5 GB table is not at hand here: the sample is drawn among
//! the puzzles the endgame solver finishes within its reach, see
//! docs/ai.md), Jarmo and Super Dimensiones by searches one and two plies
//! deeper than the confirming one. A set changed in any way is refused.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::collections::{BTreeMap, HashMap};
use tablero_ai::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tablero_ai::puzzles::set::{
    check_committed, check_listed, decode, decode_listed, encode, last_id, load_committed,
    manifest, repository_dir, sha256_hex, SetError,
};
use tablero_ai::puzzles::{searched_values, Problem, Puzzle};
use tablero_ai::review::{expected_score, Review, Value};
use tablero_ai::solve::imago::{ImagoSolution, Value as Solved};
use tablero_ai::solve::linja::Solver;
use tablero_core::Game;
use tablero_games::dimensiones::Dimensiones;
use tablero_games::imago::{Imago, Layout};
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

fn set(game: &str) -> Vec<Puzzle> {
    load_committed(&repository_dir(), game).unwrap_or_else(|e| panic!("{game}: {e}"))
}

fn sample(mut puzzles: Vec<Puzzle>, seed: u64) -> Vec<Puzzle> {
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    puzzles.shuffle(&mut rng);
    puzzles
}

#[test]
fn the_committed_sets_hold_what_the_issue_asks() {
    let m = manifest();
    for (game, least) in [
        ("imago", 10_000),
        ("linja", 10_000),
        ("jarmo", 1_000),
        ("dimensiones", 1_000),
    ] {
        let entry = m.get(game).unwrap_or_else(|| panic!("no set of {game}"));
        assert!(entry.puzzles >= least, "{game}: {}", entry.puzzles);
        assert!(entry.bytes < 5 << 20, "{game}: {} bytes", entry.bytes);
        let bytes = std::fs::read(repository_dir().join(&entry.file)).unwrap();
        assert_eq!(sha256_hex(&bytes), entry.sha256, "{game}");
        assert_eq!(entry.themes.values().sum::<usize>(), entry.puzzles);
    }
    // Wins in 5 moves and more.
    let long = m.get("imago").unwrap().themes.iter().filter(|(t, _)| {
        t.strip_prefix("win-in-")
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n >= 5)
    });
    assert!(long.map(|(_, n)| n).sum::<usize>() >= 100);
}

#[test]
fn imago_puzzles_agree_with_a_fresh_solve_of_their_layouts() {
    let puzzles = sample(set("imago"), 1);
    let mut solved: HashMap<String, ImagoSolution> = HashMap::new();
    let mut themes: BTreeMap<String, usize> = BTreeMap::new();
    for p in puzzles.iter().take(500) {
        let sol = solved.entry(p.variant.clone()).or_insert_with(|| {
            let layout: Layout = p.variant.parse().unwrap();
            ImagoSolution::solve(&layout)
        });
        let pos: Imago = p.position_of().unwrap();
        let values: HashMap<String, Value> = sol
            .move_values(&pos)
            .into_iter()
            .map(|(m, v)| {
                let v = match v {
                    Solved::Win(plies) => Value::Win { plies },
                    Solved::Loss(plies) => Value::Loss { plies },
                    Solved::Draw => Value::Draw,
                };
                (pos.format_move(m), v)
            })
            .collect();
        assert_eq!(values.len(), p.proof.len(), "{}", p.id);
        for line in &p.proof {
            assert_eq!(
                values.get(&line.mv),
                Some(&line.value),
                "{} {}",
                p.id,
                line.mv
            );
        }
        let answer = values[&p.answer];
        let others = values.iter().filter(|(m, _)| **m != p.answer);
        match answer {
            Value::Win { plies } => {
                assert_eq!(p.theme, format!("win-in-{}", plies.div_ceil(2)));
                assert!(others.clone().all(|(_, v)| !matches!(v, Value::Win { .. })));
            }
            Value::Draw => {
                assert_eq!(p.theme, "only-draw");
                assert!(others.clone().all(|(_, v)| matches!(v, Value::Loss { .. })));
            }
            Value::Loss { .. } => {
                assert_eq!(p.theme, "longest-defence");
                assert!(others.clone().all(|(_, v)| v.rank() < answer.rank()));
            }
            v => panic!("{}: {v:?}", p.id),
        }
        *themes.entry(p.theme.clone()).or_default() += 1;
    }
    // The sample spans the themes and the layouts.
    assert!(themes.len() >= 6, "{themes:?}");
    assert!(solved.len() >= 5, "{} layouts", solved.len());
}

#[test]
fn linja_puzzles_agree_with_a_fresh_endgame_solver() {
    let puzzles = sample(set("linja"), 2);
    let (mut proved, mut beyond) = (0, 0);
    for p in &puzzles {
        if proved == 500 {
            break;
        }
        let pos: Linja = p.position_of().unwrap();
        let Some(values) = Solver::with_limit(REACH).move_values(&pos) else {
            beyond += 1;
            continue;
        };
        let values: HashMap<String, i32> = values
            .into_iter()
            .map(|(m, v)| (pos.format_move(m), v))
            .collect();
        assert_eq!(values.len(), p.proof.len(), "{}", p.id);
        for line in &p.proof {
            assert_eq!(
                Some(Value::Margin {
                    points: values[&line.mv]
                }),
                Some(line.value),
                "{} {}",
                p.id,
                line.mv
            );
        }
        let best = values[&p.answer];
        assert!(values.iter().all(|(m, &v)| *m == p.answer || v < best));
        proved += 1;
    }
    eprintln!("linja: {proved} proved again, {beyond} beyond {REACH} positions");
    assert_eq!(proved, 500, "{beyond} beyond the solver's reach");
}

/// The endgame solver's reach for one Linja puzzle in the test: the
/// positions it finishes within this are proved again, the others passed
/// over (each costs this many positions before it gives up).
const REACH: u64 = 5_000;

/// `n` puzzles of a searched game, searched again from outside the miner:
/// one ply deeper than the confirming search the answer is still the only
/// best move (the miner kept only such puzzles), and two plies deeper
/// (which the miner never looked at) it still is for at least 90 % of
/// them.
fn deeper<G: Review>(game: &str, n: usize, seed: u64) {
    let mut ab = AlphaBeta::<G>::new(AlphaBetaConfig {
        budget: tablero_ai::Budget::Depth(1),
        tt_entries: 1 << 16,
        ..AlphaBetaConfig::default()
    });
    let only_best = |ab: &mut AlphaBeta<G>, p: &Puzzle, pos: &G, depth: u32| {
        let values = searched_values(ab, pos, depth);
        let score = |v: Value| expected_score(v, G::SCALE);
        let answer = values
            .iter()
            .find(|(m, _)| pos.format_move(*m) == p.answer)
            .map(|&(_, v)| score(v))
            .unwrap();
        values
            .iter()
            .filter(|(m, _)| pos.format_move(*m) != p.answer)
            .all(|&(_, v)| score(v) < answer)
    };
    let mut two = 0;
    for p in sample(set(game), seed).iter().take(n) {
        let [shallow, deep] = p.depths.unwrap();
        assert!(deep >= shallow + 4, "{}", p.id);
        let pos: G = p.position_of().unwrap();
        assert!(
            only_best(&mut ab, p, &pos, deep + 1),
            "{}: depth {}",
            p.id,
            deep + 1
        );
        two += usize::from(only_best(&mut ab, p, &pos, deep + 2));
    }
    assert!(10 * two >= 9 * n, "{two} of {n} hold two plies deeper");
}

#[test]
fn jarmo_puzzles_hold_one_ply_deeper() {
    deeper::<Jarmo>("jarmo", 50, 3);
}

#[test]
fn dimensiones_puzzles_hold_one_ply_deeper() {
    deeper::<Dimensiones>("dimensiones", 20, 4);
}

#[test]
fn a_changed_set_is_refused() {
    let m = manifest();
    let bytes = std::fs::read(repository_dir().join("jarmo.jsonl.gz")).unwrap();
    let puzzles = decode_listed(&bytes, "jarmo", &m).unwrap();
    // A byte changed: the digest (and the gzip checksum) disagree.
    let mut flipped = bytes.clone();
    let at = flipped.len() / 2;
    flipped[at] ^= 0x20;
    assert!(matches!(
        decode_listed(&flipped, "jarmo", &m),
        Err(SetError::Digest { .. })
    ));
    assert!(decode(&flipped, "jarmo").is_err());
    // A puzzle's answer changed: its id no longer matches.
    let mut changed = puzzles.clone();
    changed[0].answer = changed[0].proof.last().unwrap().mv.clone();
    assert!(matches!(
        decode(&encode(&changed), "jarmo"),
        Err(SetError::Line(e)) if e.problem == Problem::Tampered
    ));
    // ... and with the id forged, the proof does not make it the answer.
    changed[0].id = changed[0].content_id();
    assert!(matches!(
        decode(&encode(&changed), "jarmo"),
        Err(SetError::Line(e)) if matches!(e.problem, Problem::Answer(_))
    ));
    // A set that reads but is not the committed one: the digest refuses it.
    let fewer = encode(&puzzles[1..]);
    assert!(decode(&fewer, "jarmo").is_ok());
    assert!(matches!(
        decode_listed(&fewer, "jarmo", &m),
        Err(SetError::Digest { .. })
    ));
    // A puzzle twice, a puzzle of another game, a shallow confirmation.
    let twice: Vec<Puzzle> = vec![puzzles[0].clone(), puzzles[0].clone()];
    assert!(matches!(
        decode(&encode(&twice), "jarmo"),
        Err(SetError::Duplicate { line: 2, .. })
    ));
    assert!(matches!(
        decode(&encode(&puzzles[..1]), "dimensiones"),
        Err(SetError::WrongGame { line: 1, .. })
    ));
    let mut shallow = puzzles[0].clone();
    let [a, _] = shallow.depths.unwrap();
    shallow.depths = Some([a, a + 2]);
    shallow.id = shallow.content_id();
    assert!(matches!(
        decode(&encode(&[shallow]), "jarmo"),
        Err(SetError::Shallow { deeper: 2, .. })
    ));
    assert!(matches!(
        decode_listed(&bytes, "chess", &m),
        Err(SetError::Unknown(_))
    ));
}

#[test]
fn a_checked_set_reads_again_as_loaded() {
    let m = manifest();
    let dir = repository_dir();
    for game in ["jarmo", "dimensiones"] {
        let whole = set(game);
        let checked = check_committed(&dir, game).unwrap();
        assert_eq!(checked.len(), whole.len());
        let mut again = Vec::new();
        let handed = checked
            .each(|p| {
                again.push(p);
                true
            })
            .unwrap();
        assert_eq!((handed, &again), (whole.len(), &whole), "{game}");
        // Stopped by its reader.
        let mut first = Vec::new();
        assert_eq!(
            checked.each(|p| {
                first.push(p);
                first.len() < 3
            }),
            Ok(3)
        );
        assert_eq!(first, whole[..3]);
        assert_eq!(last_id(&dir, game), Some(whole.last().unwrap().id.clone()));
    }
    // Refused as decode_listed refuses.
    let bytes = std::fs::read(dir.join("jarmo.jsonl.gz")).unwrap();
    let mut flipped = bytes.clone();
    let at = flipped.len() / 2;
    flipped[at] ^= 0x20;
    assert!(matches!(
        check_listed(flipped, "jarmo", &m),
        Err(SetError::Digest { .. })
    ));
    let puzzles = decode_listed(&bytes, "jarmo", &m).unwrap();
    let mut fewer = m.clone();
    let other = encode(&puzzles[1..]);
    let mut entry = fewer.get("jarmo").unwrap().clone();
    entry.sha256 = sha256_hex(&other);
    fewer.put(entry);
    assert!(matches!(
        check_listed(other, "jarmo", &fewer),
        Err(SetError::Count { found, .. }) if found == puzzles.len() - 1
    ));
    let twice = vec![puzzles[0].clone(), puzzles[0].clone()];
    let twice = encode(&twice);
    let mut listed = m.clone();
    let mut entry = listed.get("jarmo").unwrap().clone();
    entry.sha256 = sha256_hex(&twice);
    entry.puzzles = 2;
    listed.put(entry);
    assert!(matches!(
        check_listed(twice, "jarmo", &listed),
        Err(SetError::Duplicate { line: 2, .. })
    ));
    assert!(matches!(
        check_listed(bytes, "chess", &m),
        Err(SetError::Unknown(_))
    ));
}
