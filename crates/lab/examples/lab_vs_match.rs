//! The lab's throughput against `tablero match`: the same number of games
//! of the same variant between the same levels, with the same opening
//! plies and seed, played
//!
//! - by the lab's runner ([`run_survey`], which also measures every move,
//!   writes a record per game and a SQLite row per pair) on 1 and on 2
//!   threads,
//! - by the arena `tablero match` plays through (its library path,
//!   [`run_match`]) with concurrency 1 and 2,
//! - and, when a `tablero` binary is found, by `tablero match` itself as a
//!   process (`--concurrency 1` and `2`), timed from start to exit.
//!
//! ```sh
//! cargo run --release -p tablero-lab --example lab_vs_match -- \
//!     [--game jarmo|dimensiones] [--games N] [--level L] [--bin target/release/tablero]
//! ```
//!
//! Prints, per run, games per second of wall time and per CPU-second (the
//! process's user + system time, children's for the binary), the plies
//! played, and the load average before and after: the figures mean
//! something only on a quiet machine. The two sides seed their openings
//! and players differently, so the games are of the same kind but not the
//! same moves; plies per second compares the work done.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use tablero_ai::arena::{run_match, MatchConfig};
use tablero_ai::parse_spec;
use tablero_games::dimensiones::Dimensiones;
use tablero_games::jarmo::Jarmo;
use tablero_lab::{run_survey, LabGame, Store, SurveyConfig};

/// CPU seconds (user + system) of this process and of its waited-for
/// children, from /proc/self/stat (0 where there is no /proc).
fn cpu_seconds() -> (f64, f64) {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return (0.0, 0.0);
    };
    // Fields after the command's closing parenthesis, from field 3 on.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    // utime, stime, cutime, cstime are fields 14-17 (index 11-14 here),
    // in clock ticks of 1/100 s on Linux.
    let tick = 100.0;
    let get = |i: usize| f.get(i).copied().unwrap_or(0.0) / tick;
    (get(11) + get(12), get(13) + get(14))
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

struct Opts {
    game: String,
    games: u32,
    level: u8,
    bin: Option<PathBuf>,
}

/// Stops with `why` and the usage line.
fn usage(why: &str) -> ! {
    eprintln!("lab_vs_match: {why}\nusage: lab_vs_match [--game jarmo|dimensiones] [--games N] [--level L] [--bin PATH]");
    std::process::exit(2)
}

fn opts() -> Opts {
    let mut o = Opts {
        game: "jarmo".into(),
        games: 40,
        level: 1,
        bin: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--game" => o.game = val,
            "--games" => {
                o.games = val
                    .parse()
                    .unwrap_or_else(|_| usage("--games takes a number"))
            }
            "--level" => {
                o.level = val
                    .parse()
                    .unwrap_or_else(|_| usage("--level takes 1 to 5"))
            }
            "--bin" => o.bin = Some(PathBuf::from(val)),
            other => usage(&format!("unknown option {other}")),
        }
        i += 2;
    }
    if o.bin.is_none() {
        let guess = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/release/tablero");
        o.bin = guess.exists().then_some(guess);
    }
    o
}

fn line(what: &str, games: u32, plies: u64, wall: f64, cpu: f64) {
    println!(
        "{what:<24} {games:>4} games {plies:>7} plies in {wall:>7.2} s wall, {cpu:>7.2} s CPU: \
         {:>6.2} games/s, {:>6.2} games/CPU-s, {:>8.0} plies/s",
        f64::from(games) / wall,
        if cpu > 0.0 {
            f64::from(games) / cpu
        } else {
            f64::NAN
        },
        plies as f64 / wall
    );
}

fn bench<G: LabGame>(o: &Opts, variant: &str) {
    let spec = format!("ai:{}", o.level);
    let pairs = o.games.div_ceil(2);
    println!(
        "{} {variant}, {spec} v {spec}, {} games, 2-ply openings, seed 1; cores {}; load before {}",
        o.game,
        2 * pairs,
        std::thread::available_parallelism().map_or(1, usize::from),
        load()
    );
    let mut lab_rate = [0.0f64; 2];
    for threads in [1usize, 2] {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        let config = SurveyConfig::self_play(&o.game, variant, &spec, pairs);
        let store = Store::open_dir(tmp.path()).expect("a store");
        let (c0, _) = cpu_seconds();
        let t = Instant::now();
        let rows = run_survey::<G>(&config, tmp.path(), &store, threads, &|_, _| {})
            .expect("the survey runs");
        let wall = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds().0 - c0;
        let plies: u64 = rows.iter().map(|r| u64::from(r.plies)).sum();
        lab_rate[threads - 1] = rows.len() as f64 / wall;
        line(
            &format!("lab --threads {threads}"),
            rows.len() as u32,
            plies,
            wall,
            cpu,
        );
    }
    let mut match_rate = 0.0;
    for threads in [1usize, 2] {
        let variant_value: G::Variant = variant
            .parse()
            .unwrap_or_else(|_| panic!("the variant {variant} does not read"));
        let config = MatchConfig {
            variant: variant_value,
            games: 2 * pairs,
            concurrency: threads,
            seed: 1,
            opening_plies: 2,
            sprt: None,
            levels: [tablero_ai::spec_level(&spec); 2],
        };
        let make = |seed: u64| parse_spec::<G>(&spec, seed).expect("a spec");
        let plies = AtomicU64::new(0);
        let (c0, _) = cpu_seconds();
        let t = Instant::now();
        let tally = run_match::<G>(&config, &make, &make, &|_, f| {
            plies.fetch_add(f.history.moves().len() as u64, Ordering::Relaxed);
        });
        let wall = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds().0 - c0;
        if threads == 1 {
            match_rate = f64::from(tally.games) / wall;
        }
        line(
            &format!("match (library) conc {threads}"),
            tally.games,
            plies.into_inner(),
            wall,
            cpu,
        );
    }
    if let Some(bin) = &o.bin {
        for threads in [1usize, 2] {
            let (_, c0) = cpu_seconds();
            let t = Instant::now();
            let out = Command::new(bin)
                .args([
                    "match",
                    &o.game,
                    "--variant",
                    variant,
                    "--a",
                    &spec,
                    "--b",
                    &spec,
                ])
                .args(["--games", &(2 * pairs).to_string(), "--openings", "2"])
                .args(["--concurrency", &threads.to_string(), "--seed", "1"])
                .output()
                .expect("tablero match runs");
            let wall = t.elapsed().as_secs_f64();
            let cpu = cpu_seconds().1 - c0;
            if !out.status.success() {
                println!(
                    "match (binary) failed: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                );
                break;
            }
            line(
                &format!("match (binary) conc {threads}"),
                2 * pairs,
                0,
                wall,
                cpu,
            );
        }
    } else {
        println!("(no tablero binary: build it with cargo build --release -p tablero-cli, or pass --bin)");
    }
    println!(
        "lab threads 1 / match: {:.2}x per game; lab threads 2 / threads 1: {:.2}x; load after {}",
        lab_rate[0] / match_rate,
        lab_rate[1] / lab_rate[0],
        load()
    );
}

fn main() {
    let o = opts();
    match o.game.as_str() {
        "jarmo" => bench::<Jarmo>(&o, "standard"),
        "dimensiones" => {
            let v = tablero_games::dimensiones::RuleSet::default().to_string();
            bench::<Dimensiones>(&o, &v);
        }
        other => usage(&format!("--game jarmo or dimensiones, not {other}")),
    }
}
