//! The conformance kit every game's tests run (feature `testing`).
//!
//! [`check`] plays seeded random games to the end and checks at every ply
//! the invariants listed on [`crate::Game`]; then it feeds malformed text to
//! every parser and checks that each answers without panicking.

use crate::{Game, History, MoveBuf, Record, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config as PropConfig, TestRunner};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::{HashMap, HashSet};

/// How much the kit does.
#[derive(Clone, Debug)]
pub struct Config {
    /// Random games played to the end.
    pub games: u32,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Malformed texts tried per parser.
    pub fuzz_cases: u32,
    /// Who moves first in the start positions: both players in turn when
    /// `true`, player one only otherwise.
    pub both_first: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 100,
            seed: 1,
            fuzz_cases: 256,
            both_first: true,
        }
    }
}

/// What the kit saw, for the caller to assert more on.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Games played.
    pub games: u32,
    /// Plies played in all.
    pub plies: u64,
    /// Longest game in plies.
    pub longest: u64,
    /// Games won by player one, by player two, drawn.
    pub results: [u32; 3],
    /// Distinct reasons seen, as words.
    pub reasons: HashSet<&'static str>,
}

/// Runs the whole kit on `variant` from its start position.
///
/// # Panics
/// On the first broken invariant, with the position and move concerned.
pub fn check<G: Game>(variant: &G::Variant, config: &Config) -> Report {
    let v_text = variant.to_string();
    let back: G::Variant =
        v_text
            .parse()
            .unwrap_or_else(|e: <G::Variant as Variant>::ParseError| {
                panic!("variant {v_text:?} does not parse back: {e}")
            });
    assert_eq!(
        &back, variant,
        "variant text {v_text:?} does not round-trip"
    );

    let mut report = Report::default();
    let mut hashes: HashMap<String, u64> = HashMap::new();
    let mut samples = Samples::default();
    samples.variants.push(v_text);
    for i in 0..config.games {
        let first = if config.both_first && i % 2 == 1 {
            crate::Player::P2
        } else {
            crate::Player::P1
        };
        let start = G::start_with(variant, first);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed.wrapping_add(u64::from(i)));
        let history = play_checked(start, &mut rng, &mut hashes, &mut samples, i < 4);
        let plies = history.moves().len() as u64;
        report.games += 1;
        report.plies += plies;
        report.longest = report.longest.max(plies);
        let outcome = history.outcome().expect("a checked game ends");
        report.results[outcome.winner.map_or(2, |p| p.index())] += 1;
        report.reasons.insert(outcome.reason.as_str());
        check_record(&history, &mut samples, i < 4);
    }
    fuzz::<G>(variant, &samples, config.fuzz_cases);
    report
}

#[derive(Default)]
struct Samples {
    positions: Vec<String>,
    moves: Vec<String>,
    records: Vec<String>,
    variants: Vec<String>,
}

fn play_checked<G: Game>(
    start: G,
    rng: &mut Xoshiro256PlusPlus,
    hashes: &mut HashMap<String, u64>,
    samples: &mut Samples,
    keep: bool,
) -> History<G> {
    use rand::Rng;
    let variant = start.variant().clone();
    let cap = G::max_plies(&variant);
    let mut history = History::new(start);
    let mut moves = G::MoveList::default();
    let mut last_move = None;
    let mut progress = history.current().progress();
    loop {
        let pos = history.current().clone();
        check_position(&pos, hashes);
        let p = pos.progress();
        assert!(
            p >= progress,
            "{}: progress fell from {progress} to {p} at {}",
            G::NAME,
            pos.position_string()
        );
        progress = p;
        if keep && samples.positions.len() < 64 {
            samples.positions.push(pos.position_string());
        }
        pos.legal_moves(&mut moves);
        let natural = pos.natural_outcome();
        assert_eq!(
            moves.as_slice().is_empty(),
            natural.is_some(),
            "{}: moves must be empty exactly when the game has a natural end, at {}",
            G::NAME,
            pos.position_string()
        );
        check_moves(&pos, moves.as_slice(), samples, keep);
        if history.is_over() {
            if natural.is_some() {
                if let Some(m) = last_move {
                    let mut copy = pos.clone();
                    assert!(copy.play(m).is_err(), "a finished game accepted a move");
                    assert_eq!(copy, pos, "a refused move changed the position");
                }
            }
            if let Some(m) = last_move {
                let mut h = history.clone();
                assert!(h.play(m).is_err(), "a finished history accepted a move");
            }
            return history;
        }
        let plies = history.moves().len() as u64;
        assert!(
            plies < cap,
            "{} game ran past its bound of {cap} plies",
            G::NAME
        );
        let mv = moves.as_slice()[rng.gen_range(0..moves.as_slice().len())];
        history.play(mv).expect("a generated move is legal");
        last_move = Some(mv);
    }
}

fn check_position<G: Game>(pos: &G, hashes: &mut HashMap<String, u64>) {
    let text = pos.position_string();
    assert!(
        !text.contains('\n'),
        "position string has a newline: {text:?}"
    );
    let parsed = G::parse_position(pos.variant(), &text)
        .unwrap_or_else(|e| panic!("{}: position string {text:?} does not parse: {e}", G::NAME));
    assert_eq!(&parsed, pos, "position string {text:?} does not round-trip");
    assert_eq!(parsed.position_string(), text);
    assert_eq!(
        parsed.position_hash(),
        pos.position_hash(),
        "equal positions hash differently: {text}"
    );
    let h = *hashes.entry(text.clone()).or_insert(pos.position_hash());
    assert_eq!(
        h,
        pos.position_hash(),
        "the same position hashed differently on two visits: {text}"
    );
    assert_eq!(
        pos.outcome(),
        parsed.outcome(),
        "outcome differs after parsing {text}"
    );
}

fn check_moves<G: Game>(pos: &G, moves: &[G::Move], samples: &mut Samples, keep: bool) {
    let mut seen_moves = HashSet::new();
    let mut seen_text = HashSet::new();
    for &m in moves {
        assert!(
            seen_moves.insert(m),
            "move {m:?} generated twice at {}",
            pos.position_string()
        );
        let text = pos.format_move(m);
        assert!(
            !text.contains(','),
            "move notation must not contain a comma: {text:?}"
        );
        assert!(
            seen_text.insert(text.clone()),
            "notation {text:?} names two moves at {}",
            pos.position_string()
        );
        let parsed = pos.parse_move(&text).unwrap_or_else(|e| {
            panic!(
                "{}: move {text:?} does not parse at {}: {e}",
                G::NAME,
                pos.position_string()
            )
        });
        assert_eq!(parsed, m, "move text {text:?} does not round-trip");
        assert!(pos.is_legal(m));
        let mut a = pos.clone();
        let mut b = pos.clone();
        a.play_unchecked(m);
        b.play(m).expect("legal move refused by play");
        assert_eq!(a, b, "the same move gave two states");
        assert_eq!(a.position_hash(), b.position_hash());
        if keep && samples.moves.len() < 64 {
            samples.moves.push(text);
        }
    }
}

fn check_record<G: Game>(history: &History<G>, samples: &mut Samples, keep: bool) {
    let record = Record::from_history(history);
    let text = record.to_text();
    let back = Record::<G>::parse(&text)
        .unwrap_or_else(|e| panic!("{}: record does not parse back: {e}\n{text}", G::NAME));
    assert_eq!(back.start, record.start, "record start position changed");
    assert_eq!(back.moves, record.moves, "record moves changed");
    assert_eq!(back.result, record.result, "record result changed");
    assert_eq!(back.to_text(), text, "record text does not round-trip");
    let replay = back.replay().expect("a record replays");
    assert_eq!(replay.current(), history.current(), "replay ends elsewhere");
    assert_eq!(
        replay.outcome(),
        history.outcome(),
        "replay ends with another result"
    );
    if keep {
        samples.records.push(text);
    }
}

fn mutate(s: &str, pos: usize, c: char, op: u8) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    if chars.is_empty() {
        return c.to_string();
    }
    let i = pos % chars.len();
    match op {
        0 => {
            chars.remove(i);
        }
        1 => chars.insert(i, c),
        2 => chars[i] = c,
        _ => chars.truncate(i),
    }
    chars.into_iter().collect()
}

fn fuzz<G: Game>(variant: &G::Variant, samples: &Samples, cases: u32) {
    let start = G::start(variant);
    let mut all: Vec<String> = Vec::new();
    all.extend(samples.positions.iter().cloned());
    all.extend(samples.moves.iter().cloned());
    all.extend(samples.records.iter().take(2).cloned());
    all.extend(samples.variants.iter().cloned());
    all.push(String::new());
    let positions: Vec<G> = samples
        .positions
        .iter()
        .filter_map(|p| G::parse_position(variant, p).ok())
        .collect();
    let positions = if positions.is_empty() {
        vec![start]
    } else {
        positions
    };

    let try_all = |text: &str, which: usize| {
        if let Ok(p) = G::parse_position(variant, text) {
            let again = G::parse_position(variant, &p.position_string())
                .expect("a parsed position formats to a valid string");
            assert_eq!(again, p, "a parsed position does not round-trip: {text:?}");
        }
        let pos = &positions[which % positions.len()];
        if let Ok(m) = pos.parse_move(text) {
            assert!(
                pos.is_legal(m),
                "parse_move returned an illegal move for {text:?}"
            );
        }
        let _ = Record::<G>::parse(text);
        let _ = text.parse::<G::Variant>();
    };

    let mut runner = TestRunner::new(PropConfig {
        cases,
        failure_persistence: None,
        ..PropConfig::default()
    });
    runner
        .run(&(".{0,60}", any::<usize>()), |(text, which)| {
            try_all(&text, which);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{}: a parser failed on random text: {e}", G::NAME));
    let n = all.len();
    runner
        .run(
            &(0..n, any::<usize>(), any::<char>(), 0u8..4, any::<usize>()),
            |(i, at, c, op, which)| {
                let text = mutate(&all[i], at, c, op);
                try_all(&text, which);
                Ok(())
            },
        )
        .unwrap_or_else(|e| panic!("{}: a parser failed on mutated text: {e}", G::NAME));
}

/// One position of a perft data file.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// The case's name.
    pub id: String,
    /// The variant text (`variant` line; default when absent).
    pub variant: String,
    /// The position string (`pos` line; `startpos` or absent for the start).
    pub pos: Option<String>,
    /// Moves played from there first (`moves` line, a move list).
    pub moves: String,
    /// `(depth, nodes)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft data file: blocks of `id NAME`, optional `variant TEXT`,
/// `pos TEXT` and `moves LIST` lines, then `perft DEPTH NODES` lines; `#`
/// starts a comment line.
///
/// # Panics
/// On a malformed line (the file is test data).
#[must_use]
pub fn read_perft_file(text: &str) -> Vec<PerftCase> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if key == "id" {
            cases.push(PerftCase {
                id: rest.to_string(),
                variant: String::new(),
                pos: None,
                moves: String::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("line {}: data before the first id", n + 1));
        match key {
            "variant" => case.variant = rest.to_string(),
            "pos" => case.pos = (rest != "startpos").then(|| rest.to_string()),
            "moves" => case.moves = rest.to_string(),
            "perft" => {
                let (d, nodes) = rest
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("line {}: perft DEPTH NODES", n + 1));
                case.counts.push((
                    d.parse().expect("depth"),
                    nodes.trim().parse().expect("nodes"),
                ));
            }
            _ => panic!("line {}: unknown key {key:?}", n + 1),
        }
    }
    cases
}

/// Checks every case of a perft data file, skipping depths whose node count
/// exceeds `node_limit`. Returns the number of depths checked.
///
/// # Panics
/// On a count that differs, naming the case and depth.
pub fn check_perft_file<G: Game>(text: &str, node_limit: u64) -> usize {
    let mut checked = 0;
    for case in read_perft_file(text) {
        let variant: G::Variant = if case.variant.is_empty() {
            G::Variant::default()
        } else {
            case.variant
                .parse()
                .unwrap_or_else(|e: <G::Variant as Variant>::ParseError| {
                    panic!("{}: bad variant: {e}", case.id)
                })
        };
        let start = match &case.pos {
            None => G::start(&variant),
            Some(p) => G::parse_position(&variant, p)
                .unwrap_or_else(|e| panic!("{}: bad position: {e}", case.id)),
        };
        let mut h = History::new(start);
        crate::play_move_list(&mut h, &case.moves)
            .unwrap_or_else(|e| panic!("{}: bad moves: {e}", case.id));
        for &(depth, nodes) in &case.counts {
            if nodes > node_limit {
                continue;
            }
            assert_eq!(
                crate::perft(h.current(), depth),
                nodes,
                "{}: perft {depth}",
                case.id
            );
            checked += 1;
        }
    }
    checked
}
