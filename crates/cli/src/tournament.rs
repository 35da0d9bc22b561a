//! `tablero tournament`: a round-robin (single or double, by FIDE's Berger
//! tables), a gauntlet (the first player against each of the others) or a
//! Swiss tournament between N players (built-in specs or UGI engines, as
//! `tablero match` takes them), as cutechess-cli's tournament mode does
//! (issue #45): games at once up to `--concurrency`, a line when each game
//! starts and ends, each game's record in `--out DIR`, and a crosstable
//! with the standings' tie-breaks at the end. The pairings are the
//! server's (`tablero_ai::pairings`).

use crate::common::Setup;
use crate::i18n::t;
use crate::render::CliGame;
use crate::ugi_player::parse_spec;
use crate::GameName;
use anyhow::{anyhow, bail, Context, Result};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use tablero_ai::arena::{play_game, random_opening};
use tablero_ai::pairings::{berger, standings, swiss, Pair};
use tablero_ai::spec_level;
use tablero_core::{History, Player, Record};

/// The kinds of tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Everyone plays everyone once (Berger tables).
    RoundRobin,
    /// Everyone plays everyone twice, the seats swapped.
    DoubleRoundRobin,
    /// The first player plays each of the others.
    Gauntlet,
    /// Rounds paired by score (`--rounds`).
    Swiss,
}

/// Run a tournament between computer players.
#[derive(clap::Args, Debug)]
#[command(after_help = crate::common::SPECS)]
pub struct Args {
    /// The game.
    game: GameName,
    /// The variant (see `tablero perft --help`); `@FILE` reads a file.
    #[arg(long, value_name = "V")]
    variant: Option<String>,
    /// A player (at least two): a SPEC as `tablero match --a` takes it
    /// (`ai:3`, `mcts:ms=200`, `ugi:CMD`); the first is the gauntlet's.
    #[arg(long = "player", value_name = "SPEC", required = true)]
    players: Vec<String>,
    /// The kind of tournament.
    #[arg(long, value_enum, default_value = "round-robin")]
    kind: Kind,
    /// Rounds of a Swiss tournament (default: enough to tell the players
    /// apart, the ceiling of log2 of their count).
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
    /// Games each pairing plays, the seats swapped in turn (1 for Swiss).
    #[arg(long, default_value_t = 1, value_name = "N")]
    games_per_pair: u32,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_name = "N")]
    concurrency: usize,
    /// Random plies played before each pairing's games.
    #[arg(long, default_value_t = 2)]
    openings: u32,
    /// Seed of the openings and the players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Save each game's record in DIR as `game-001.txt`, ... (`.pdn` for
    /// draughts; created if missing), the players' specs as tags.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) tables: crate::tables::TableArgs,
}

pub fn run(args: &Args) -> Result<()> {
    if args.players.len() < 2 {
        bail!(t!("tournament-two-players"));
    }
    if args.games_per_pair == 0 {
        bail!(t!("opt-games-at-least-one"));
    }
    if args.kind == Kind::Swiss && args.games_per_pair != 1 {
        bail!(t!("tournament-swiss-one-game"));
    }
    crate::with_game!(args.game, G => run_for::<G>(args))
}

/// One game to play: its number, the pairing (by player numbers), the
/// opening's seed.
#[derive(Clone, Copy, Debug)]
struct Scheduled {
    number: u32,
    pair: Pair,
    opening: u64,
}

/// One game played: its pairing and the first seat's half points.
#[derive(Clone, Copy, Debug)]
struct Played {
    pair: Pair,
    first_points: u32,
}

/// The players' names: their specs, a repeated one numbered (`ai:2 #2`).
fn names(specs: &[String]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let before = specs[..i].iter().filter(|x| *x == s).count();
            if before == 0 {
                s.clone()
            } else {
                format!("{s} #{}", before + 1)
            }
        })
        .collect()
}

/// The games of `pairs` (each pairing's `per_pair` games, the seats
/// swapped in turn), numbered from `next`.
fn games_of(pairs: &[Pair], per_pair: u32, next: &mut u32, seed: u64) -> Vec<Scheduled> {
    let mut out = Vec::new();
    for p in pairs {
        let opening = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(*next));
        for k in 0..per_pair {
            let pair = if k % 2 == 0 {
                *p
            } else {
                Pair {
                    first: p.second,
                    second: p.first,
                }
            };
            *next += 1;
            out.push(Scheduled {
                number: *next,
                pair,
                opening,
            });
        }
    }
    out
}

/// The games of a round-robin or gauntlet between `n` players.
fn fixed_schedule(kind: Kind, n: u32, per_pair: u32, seed: u64) -> Vec<Scheduled> {
    let mut next = 0;
    match kind {
        Kind::RoundRobin | Kind::DoubleRoundRobin => {
            let cycles = if kind == Kind::DoubleRoundRobin { 2 } else { 1 };
            berger::schedule(n, cycles)
                .iter()
                .flat_map(|r| games_of(&r.pairs, per_pair, &mut next, seed))
                .collect()
        }
        Kind::Gauntlet => {
            let pairs: Vec<Pair> = (1..n)
                .map(|o| Pair {
                    first: 0,
                    second: o,
                })
                .collect();
            games_of(&pairs, per_pair, &mut next, seed)
        }
        Kind::Swiss => Vec::new(),
    }
}

/// The rounds of a Swiss tournament of `n` players when none are asked.
fn swiss_rounds(n: u32) -> u32 {
    (32 - (n.max(2) - 1).leading_zeros()).max(1)
}

/// What the game threads share.
struct Shared {
    queue: VecDeque<Scheduled>,
    played: Vec<Played>,
    write_error: Option<anyhow::Error>,
}

fn run_for<G: CliGame>(args: &Args) -> Result<()> {
    let setup = Setup {
        variant: args.variant.clone(),
        ..Setup::default()
    };
    let variant = setup.variant::<G>()?;
    for (i, spec) in args.players.iter().enumerate() {
        parse_spec::<G>(spec, 0, &variant).map_err(|e| anyhow!("--player {}: {e}", i + 1))?;
    }
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir)
            .with_context(|| t!("cannot-create", path = dir.display().to_string()))?;
    }
    let n = u32::try_from(args.players.len())?;
    let names = names(&args.players);
    let total_rounds = args.rounds.unwrap_or_else(|| swiss_rounds(n));
    let fixed = fixed_schedule(args.kind, n, args.games_per_pair, args.seed);
    let total = match args.kind {
        Kind::Swiss => total_rounds * (n / 2),
        _ => u32::try_from(fixed.len())?,
    };
    println!(
        "{}",
        t!(
            "tournament-start",
            kind = kind_name(args.kind),
            game = G::INFO.title.get(crate::i18n::lang().code()),
            players = n,
            games = total
        )
    );
    let shared = Mutex::new(Shared {
        queue: VecDeque::new(),
        played: Vec::new(),
        write_error: None,
    });
    match args.kind {
        Kind::Swiss => {
            let mut next = 0;
            let mut past: Vec<Vec<swiss::Past>> = vec![Vec::new(); args.players.len()];
            for round in 1..=total_rounds {
                let players: Vec<swiss::Player> = (0..n)
                    .map(|i| swiss::Player {
                        number: i,
                        rating: 0,
                        past: past[i as usize].clone(),
                    })
                    .collect();
                let Ok(r) = swiss::pair(&players, round, total_rounds, true) else {
                    println!("{}", t!("tournament-no-pairing", round = round));
                    break;
                };
                println!(
                    "{}",
                    t!("tournament-round", round = round, rounds = total_rounds)
                );
                let games = games_of(&r.pairs, 1, &mut next, args.seed);
                let done_before = lock(&shared).played.len();
                lock(&shared).queue.extend(games);
                play_all::<G>(args, &variant, &names, &shared, total);
                let st = lock(&shared);
                for g in &st.played[done_before..] {
                    let (a, b) = (g.pair.first, g.pair.second);
                    past[a as usize].push(swiss::Past::Game {
                        opponent: b,
                        first: true,
                        points: g.first_points,
                        played: true,
                    });
                    past[b as usize].push(swiss::Past::Game {
                        opponent: a,
                        first: false,
                        points: 2 - g.first_points,
                        played: true,
                    });
                }
                drop(st);
                if let Some(bye) = r.bye {
                    println!(
                        "{}",
                        t!(
                            "tournament-bye",
                            round = round,
                            player = names[bye as usize].clone()
                        )
                    );
                    past[bye as usize].push(swiss::Past::Bye { points: 2 });
                }
            }
            print_crosstable(&names, &lock(&shared).played, &past);
        }
        _ => {
            lock(&shared).queue.extend(fixed);
            play_all::<G>(args, &variant, &names, &shared, total);
            let no_byes = vec![Vec::new(); args.players.len()];
            print_crosstable(&names, &lock(&shared).played, &no_byes);
        }
    }
    let error = lock(&shared).write_error.take();
    match error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn lock(m: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

fn kind_name(k: Kind) -> String {
    match k {
        Kind::RoundRobin => t!("tournament-kind-round-robin"),
        Kind::DoubleRoundRobin => t!("tournament-kind-double-round-robin"),
        Kind::Gauntlet => t!("tournament-kind-gauntlet"),
        Kind::Swiss => t!("tournament-kind-swiss"),
    }
}

/// Plays the queued games on `--concurrency` threads until none is left.
fn play_all<G: CliGame>(
    args: &Args,
    variant: &G::Variant,
    names: &[String],
    shared: &Mutex<Shared>,
    total: u32,
) {
    std::thread::scope(|s| {
        for _ in 0..args.concurrency.max(1) {
            s.spawn(|| loop {
                let Some(g) = lock(shared).queue.pop_front() else {
                    return;
                };
                let (a, b) = (g.pair.first as usize, g.pair.second as usize);
                println!(
                    "{}",
                    t!(
                        "match-started",
                        game = g.number,
                        total = total,
                        p1 = names[a].clone(),
                        p2 = names[b].clone()
                    )
                );
                let seed = args.seed.wrapping_add(u64::from(g.number));
                let mut pa =
                    parse_spec::<G>(&args.players[a], seed, variant).expect("checked spec");
                let mut pb = parse_spec::<G>(&args.players[b], seed ^ 0x5eed, variant)
                    .expect("checked spec");
                let start = random_opening(variant, args.openings, g.opening);
                let levels = [spec_level(&args.players[a]), spec_level(&args.players[b])];
                let h = play_game(start, [pa.as_mut(), pb.as_mut()], levels);
                let first_points = match h.outcome().and_then(|o| o.winner) {
                    Some(Player::P1) => 2,
                    Some(Player::P2) => 0,
                    None => 1,
                };
                let mut st = lock(shared);
                if let Some(dir) = &args.out {
                    if let Err(e) = save::<G>(dir, args, variant, g, &h) {
                        st.write_error.get_or_insert(e);
                    }
                }
                st.played.push(Played {
                    pair: g.pair,
                    first_points,
                });
                println!(
                    "{}",
                    t!(
                        "match-finished",
                        game = g.number,
                        p1 = names[a].clone(),
                        p2 = names[b].clone(),
                        result = crate::arena::finished_text(&h)
                    )
                );
            });
        }
    });
}

/// Writes game `g` to `dir/game-NNN.txt` (`.pdn` for draughts).
fn save<G: CliGame>(
    dir: &Path,
    args: &Args,
    variant: &G::Variant,
    g: Scheduled,
    h: &History<G>,
) -> Result<()> {
    let mut record = Record::from_history(h);
    let specs = [
        &args.players[g.pair.first as usize],
        &args.players[g.pair.second as usize],
    ];
    for (p, spec) in Player::ALL.into_iter().zip(specs) {
        record
            .tags
            .push((G::side_name_in(variant, p).to_string(), spec.clone()));
    }
    record
        .tags
        .push(("Round".to_string(), g.number.to_string()));
    let ext = if G::NAME == "draughts" { "pdn" } else { "txt" };
    let path = dir.join(format!("game-{:03}.{ext}", g.number));
    std::fs::write(&path, crate::common::record_text(&record, &path)?)
        .with_context(|| t!("cannot-write", path = path.display().to_string()))
}

/// Half points as text: `3`, `2.5`.
fn half(h: u32) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}.5", h / 2)
    }
}

/// Prints the standings (points, Buchholz, Sonneborn-Berger, games) and
/// the crosstable: each row's points against each column's player.
fn print_crosstable(names: &[String], played: &[Played], byes: &[Vec<swiss::Past>]) {
    let n = names.len();
    let mut records: Vec<Vec<standings::Game>> = vec![Vec::new(); n];
    let mut against = vec![vec![None::<u32>; n]; n];
    let mut games = vec![0u32; n];
    for g in played {
        let (a, b) = (g.pair.first as usize, g.pair.second as usize);
        let pts = [g.first_points, 2 - g.first_points];
        for (me, other, p) in [(a, b, pts[0]), (b, a, pts[1])] {
            records[me].push(standings::Game {
                opponent: Some(u32::try_from(other).unwrap_or(0)),
                points: p,
                played: true,
            });
            *against[me][other].get_or_insert(0) += p;
            games[me] += 1;
        }
    }
    for (i, past) in byes.iter().enumerate() {
        for p in past {
            if let swiss::Past::Bye { points } = p {
                records[i].push(standings::Game {
                    opponent: None,
                    points: *points,
                    played: false,
                });
            }
        }
    }
    let lines = standings::standings(&records);
    let width = names.iter().map(String::len).max().unwrap_or(4).max(4);
    println!();
    println!(
        "{:>4}  {:<width$}  {:>6}  {:>5}  {:>8}  {:>7}  | {}",
        t!("tournament-col-rank"),
        t!("tournament-col-name"),
        t!("tournament-col-points"),
        t!("tournament-col-games"),
        t!("tournament-col-buchholz"),
        t!("tournament-col-sb"),
        (1..=n)
            .map(|i| format!("{i:>4}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    // Columns by rank, as cutechess-cli and the FIDE crosstables do.
    let order: Vec<usize> = lines.iter().map(|l| l.player as usize).collect();
    for (rank, l) in lines.iter().enumerate() {
        let me = l.player as usize;
        let cells: Vec<String> = order
            .iter()
            .map(|&o| {
                if o == me {
                    format!("{:>4}", "*")
                } else {
                    format!(
                        "{:>4}",
                        against[me][o].map_or_else(|| "-".to_string(), half)
                    )
                }
            })
            .collect();
        let sb = l.sonneborn_berger;
        let sb_text = format!("{}.{:02}", sb / 4, (sb % 4) * 25);
        println!(
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>8}  {:>7}  | {}",
            rank + 1,
            names[me],
            half(l.points),
            games[me],
            half(l.buchholz),
            sb_text,
            cells.join(" ")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_robin_of_four_plays_each_pair_once_and_the_double_swaps_seats() {
        let single = fixed_schedule(Kind::RoundRobin, 4, 1, 1);
        assert_eq!(single.len(), 6);
        let mut met: Vec<(u32, u32)> = single
            .iter()
            .map(|g| {
                (
                    g.pair.first.min(g.pair.second),
                    g.pair.first.max(g.pair.second),
                )
            })
            .collect();
        met.sort_unstable();
        met.dedup();
        assert_eq!(met.len(), 6);
        let double = fixed_schedule(Kind::DoubleRoundRobin, 4, 1, 1);
        assert_eq!(double.len(), 12);
        for g in &single {
            assert!(double
                .iter()
                .any(|d| d.pair.first == g.pair.second && d.pair.second == g.pair.first));
        }
        let numbers: Vec<u32> = double.iter().map(|g| g.number).collect();
        assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
    }

    #[test]
    fn a_gauntlet_plays_the_first_against_each_other_with_the_seats_in_turn() {
        let g = fixed_schedule(Kind::Gauntlet, 4, 2, 1);
        assert_eq!(g.len(), 6);
        for (i, s) in g.iter().enumerate() {
            let o = u32::try_from(i / 2 + 1).unwrap();
            let want = if i % 2 == 0 { (0, o) } else { (o, 0) };
            assert_eq!((s.pair.first, s.pair.second), want);
        }
        // A pairing's two games open alike.
        assert_eq!(g[0].opening, g[1].opening);
        assert_ne!(g[0].opening, g[2].opening);
    }

    #[test]
    fn repeated_specs_are_told_apart_and_swiss_rounds_fit_the_field() {
        let specs = vec!["ai:1".to_string(), "ai:2".into(), "ai:1".into()];
        assert_eq!(names(&specs), ["ai:1", "ai:2", "ai:1 #2"]);
        assert_eq!([2, 3, 4, 5, 8, 9].map(swiss_rounds), [1, 2, 2, 3, 3, 4]);
    }
}
