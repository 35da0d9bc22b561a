//! `tablero puzzles generate GAME`: puzzles mined from seeded self-play
//! and saved games, each with its proof (`tablero_ai::puzzles`); and
//! `tablero puzzle FILE`: solving them at the terminal, with the
//! refutation of a wrong move, a streak and a Glicko-2 puzzle rating.

use crate::common::{read_file, Setup};
use crate::i18n::t;
use crate::render::CliGame;
use crate::review::value_text;
use crate::tables::TableArgs;
use crate::GameName;
use anyhow::{anyhow, bail, Context, Result};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use tablero_ai::puzzles::rating::{answered, new_puzzle, NEW_PLAYER};
use tablero_ai::puzzles::{generate, read_puzzles, write_puzzles, MineOptions, Puzzle};
use tablero_ai::review::Review;
use tablero_core::{History, Localize, Player};
use tablero_glicko::Rating;

/// Mine puzzles with their proofs.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand, Debug)]
pub enum Action {
    /// Mine puzzles from seeded self-play (and saved games), each with the
    /// value of every legal move.
    Generate(GenerateArgs),
    /// Mine a game's whole puzzle set from its solver or table (Imago,
    /// Linja) or from self-play confirmed by deeper searches, into a
    /// compressed file and the set's manifest.
    Mine(MineArgs),
}

/// `puzzles mine`.
#[derive(clap::Args, Debug)]
pub struct MineArgs {
    /// The game.
    #[arg(value_name = "GAME")]
    game: GameName,
    /// The set's file [default: data/puzzles/GAME.jsonl.gz].
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// The manifest to record the set in [default: manifest.json next to
    /// the set's file].
    #[arg(long, value_name = "FILE")]
    manifest: Option<PathBuf>,
    /// How many puzzles to keep [default: 12000 for Imago and Linja, 1200
    /// for the others].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    count: Option<u32>,
    /// The seed of the games and of the selection.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
    /// Linja: the games walked through the table; Jarmo, Super
    /// Dimensiones, draughts: the most self-play games [default: 40000].
    #[arg(long, value_name = "N", default_value_t = 40_000)]
    games: u32,
    /// Jarmo, Super Dimensiones, draughts: the depths of the search that
    /// finds a puzzle and of the one that confirms it, at least 4 apart
    /// [default: 4,8].
    #[arg(long, value_name = "DEPTH,DEPTH")]
    depths: Option<String>,
    /// Linja: the whole table of exact values [default: the table at the
    /// default location].
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
}

/// `puzzles generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// The game.
    #[arg(value_name = "GAME")]
    game: GameName,
    /// The variant [default: the game's].
    #[arg(long, value_name = "V")]
    variant: Option<String>,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: u32,
    /// The seed of the first self-play game (the next ones count up).
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    seed: u64,
    /// Write the puzzles to FILE (JSON lines) [default: standard output, as
    /// JSON lines when it is a file or a pipe, as a list of the puzzles
    /// when it is a terminal].
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Mine the saved games of DIR first (records of this game; others are
    /// passed over).
    #[arg(long, value_name = "DIR")]
    from_records: Option<PathBuf>,
    /// Give up after this many self-play games.
    #[arg(long, value_name = "N", default_value_t = 500)]
    max_games: u32,
    /// Jarmo, Super Dimensiones, draughts: the two search depths, shallow
    /// and deep, such as 3,5 [default: the review's depth and two less;
    /// Super Dimensiones 2,4, docs/ai.md].
    #[arg(long, value_name = "DEPTH,DEPTH")]
    depths: Option<String>,
    /// Linja without a table: the most positions the endgame solver stores
    /// for one game [default: 200000].
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    #[command(flatten)]
    pub tables: TableArgs,
}

pub fn run(args: &Args) -> Result<()> {
    match &args.action {
        Action::Generate(a) => crate::with_game!(a.game, G => generated::<G>(a)),
        Action::Mine(a) => mine(a),
    }
}

fn depths(text: &str) -> Result<(u32, u32)> {
    let bad = || anyhow!(t!("puzzles-bad-depths", text = format!("{text:?}")));
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b): (u32, u32) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a == 0 || a >= b || b > 30 {
        return Err(bad());
    }
    Ok((a, b))
}

fn generated<G: Review + CliGame>(args: &GenerateArgs) -> Result<()> {
    let setup = Setup {
        variant: args.variant.clone(),
        ..Setup::default()
    };
    let variant = setup.variant::<G>()?;
    let options = MineOptions {
        reach: args.max_positions.unwrap_or(MineOptions::default().reach),
        depths: args.depths.as_deref().map(depths).transpose()?,
    };
    let records = match &args.from_records {
        Some(dir) => records::<G>(dir, &variant.to_string())?,
        None => Vec::new(),
    };
    let count = args.count as usize;
    let show = std::io::stderr().is_terminal();
    let mut progress = |games: usize, found: usize| {
        let line = t!(
            "puzzles-progress",
            games = games,
            found = found,
            count = count
        );
        if show {
            eprint!("\r{line}");
        } else if games % 10 == 0 || found >= count {
            eprintln!("{line}");
        }
    };
    let found = generate::<G>(
        &variant,
        &records,
        count,
        args.seed,
        args.max_games as usize,
        &options,
        &mut progress,
    );
    if show {
        eprintln!();
    }
    let text = write_puzzles(&found);
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| anyhow!(crate::i18n::io_reason(&e)))
            .with_context(|| t!("cannot-write", path = path.display().to_string()))?,
        // A person at a terminal reads a list, not JSON lines.
        None if std::io::stdout().is_terminal() => print_list::<G>(&found),
        None => print!("{text}"),
    }
    eprintln!(
        "{}",
        t!(
            "puzzles-done",
            found = found.len(),
            count = count,
            game = G::INFO.title.get(crate::i18n::lang().code())
        )
    );
    Ok(())
}

/// `puzzles mine`: the set of one game, written with its manifest entry.
fn mine(args: &MineArgs) -> Result<()> {
    use tablero_ai::puzzles::mine::{mine_imago, mine_linja, mine_searched, Mined};
    use tablero_ai::puzzles::set;
    let game = args.game.name();
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("data/puzzles").join(set::file_name(game)));
    let manifest_path = args.manifest.clone().unwrap_or_else(|| {
        out.parent()
            .unwrap_or_else(|| Path::new("."))
            .join("manifest.json")
    });
    let exact = matches!(game, "imago" | "linja");
    let count = args
        .count
        .map_or(if exact { 12_000 } else { 1_200 }, |c| c as usize);
    let show = std::io::stderr().is_terminal();
    let say = |line: String, last: bool| {
        if show {
            eprint!("\r{line}");
            if last {
                eprintln!();
            }
        } else if last {
            eprintln!("{line}");
        }
    };
    let mined: Mined = match game {
        "imago" => {
            let layouts = tablero_ai::puzzles::imago::curated();
            mine_imago(&layouts, count, args.seed, &mut |done, of| {
                say(t!("puzzles-mine-layouts", done = done, of = of), done == of);
            })
        }
        "linja" => {
            let rules = tablero_games::linja::Rules::default();
            let path = match &args.table {
                Some(p) => p.clone(),
                None => tablero_ai::solve::linja_table::default_path(rules)
                    .ok_or_else(|| anyhow!(t!("puzzles-mine-no-table")))?,
            };
            let table = tablero_ai::solve::linja_table::Table::open(&path).map_err(|e| {
                anyhow!(t!(
                    "table-cannot-use",
                    path = path.display().to_string(),
                    error = crate::i18n::table_reason(&e)
                ))
            })?;
            let games = args.games as usize;
            mine_linja(&table, games, count, args.seed, &mut |g, found| {
                if g % 500 == 0 || g == games {
                    say(
                        t!("puzzles-mine-games", games = g, found = found),
                        g == games,
                    );
                }
            })
            .map_err(|e| anyhow!(crate::i18n::io_reason(&e)))?
        }
        _ => {
            let (a, b) = match &args.depths {
                Some(text) => depths(text)?,
                None => (4, 8),
            };
            if b < a + tablero_ai::puzzles::set::MIN_DEEPER {
                bail!(t!(
                    "puzzles-mine-shallow",
                    least = tablero_ai::puzzles::set::MIN_DEEPER
                ));
            }
            let games = args.games as usize;
            crate::with_game!(args.game, G => {
                let variant = <G as tablero_core::Game>::Variant::default();
                mine_searched::<G>(&variant, count, args.seed, games, (a, b), &mut |g, found| {
                    say(t!("puzzles-mine-games", games = g, found = found), found >= count || g == games);
                })
            })
        }
    };
    let bytes = set::encode(&mined.puzzles);
    // Checked as a reader will check it before it is written.
    set::decode(&bytes, game).map_err(|e| anyhow!(crate::i18n::message(&e.message())))?;
    write_atomically(&out, &bytes)?;
    let mut manifest: set::Manifest = match std::fs::read_to_string(&manifest_path) {
        Ok(text) => serde_json::from_str(&text).unwrap_or_default(),
        Err(_) => set::Manifest::default(),
    };
    manifest.put(set::entry(game, &bytes, &mined.puzzles));
    write_atomically(&manifest_path, manifest.to_text().as_bytes())?;
    for ((variant, theme), n) in &mined.found {
        eprintln!(
            "{}",
            t!(
                "puzzles-mine-found",
                variant = variant.clone(),
                theme = theme.clone(),
                n = *n
            )
        );
    }
    eprintln!(
        "{}",
        t!(
            "puzzles-mine-done",
            kept = mined.puzzles.len(),
            found = mined.found.values().sum::<usize>(),
            path = out.display().to_string(),
            bytes = bytes.len()
        )
    );
    Ok(())
}

/// Writes `bytes` to `path` through a temporary file in the same folder,
/// so a reader never sees half a file.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let cannot = || t!("cannot-write", path = path.display().to_string());
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow!(crate::i18n::io_reason(&e)))
            .with_context(cannot)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            anyhow!(crate::i18n::io_reason(&e))
        })
        .with_context(cannot)
}

/// The puzzles found, one line each, for a person at a terminal; and how
/// to keep them.
fn print_list<G: CliGame>(found: &[Puzzle]) {
    for (i, p) in found.iter().enumerate() {
        let side = match p.position_of::<G>() {
            Ok(pos) => G::side_label_in(pos.variant(), p.mover()).to_string(),
            Err(_) => p.side.clone(),
        };
        println!(
            "{}",
            t!(
                "puzzles-list-line",
                number = i + 1,
                id = p.id.clone(),
                theme = theme_text(&p.theme),
                difficulty = p.difficulty,
                side = side,
                position = p.position.clone()
            )
        );
    }
    println!("{}", t!("puzzles-list-save"));
}

/// The saved games of `G` in `dir` (by their `Game` tag), in the order of
/// their names, of the variant `variant`.
fn records<G: Review + CliGame>(dir: &Path, variant: &str) -> Result<Vec<History<G>>> {
    let path = dir.display().to_string();
    let entries = std::fs::read_dir(dir)
        .map_err(|e| anyhow!(crate::i18n::io_reason(&e)))
        .with_context(|| t!("cannot-read-file", path = path.clone()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let name = file.display().to_string();
        let Ok(text) = read_file(&name) else {
            continue;
        };
        if crate::review::game_of(&text, &file).as_deref() != Some(G::NAME) {
            continue;
        }
        let setup = Setup {
            moves: Some(format!("@{name}")),
            ..Setup::default()
        };
        let (h, _) = setup.load::<G>(Player::P1)?;
        if h.start().variant().to_string() == variant {
            out.push(h);
        }
    }
    Ok(out)
}

/// Solve puzzles at the terminal.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// A puzzle file (`puzzles generate`).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Only the puzzles of this game.
    #[arg(long, value_name = "GAME")]
    game: Option<GameName>,
    /// Your puzzle rating to start from [default: 1500, a new player's].
    #[arg(long, value_name = "RATING", value_parser = clap::value_parser!(u32).range(100..=4000))]
    rating: Option<u32>,
    /// Draw the board without colours (also with NO_COLOR set).
    #[arg(long)]
    no_color: bool,
}

pub fn play(args: &PlayArgs) -> Result<()> {
    let path = args.file.display().to_string();
    let text = read_file(&path)?;
    let mut puzzles = read_puzzles(&text)
        .map_err(|e| anyhow!(crate::i18n::message(&e.message())))
        .with_context(|| t!("puzzle-cannot-read", path = path.clone()))?;
    if let Some(g) = args.game {
        puzzles.retain(|p| p.game == g.name());
    }
    if puzzles.is_empty() {
        bail!(t!("puzzle-none", path = path));
    }
    let color =
        !args.no_color && std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    let mut s = Solving {
        rating: args.rating.map_or(NEW_PLAYER, |r| {
            Rating::new(f64::from(r), NEW_PLAYER.deviation)
        }),
        streak: 0,
        best_streak: 0,
        right: 0,
        tried: 0,
        color,
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock();
    let total = puzzles.len();
    let mut left = puzzles;
    while !left.is_empty() {
        // The puzzle nearest the player's rating.
        let at = (0..left.len())
            .min_by_key(|&i| (f64::from(left[i].difficulty) - s.rating.rating).abs() as i64)
            .unwrap_or(0);
        let p = left.remove(at);
        let number = total - left.len();
        let step = tablero_games::with_game!(p.game.as_str(), G => s.pose::<G>(&p, number, total, &mut lines)?,
            else Step::Quit);
        if step == Step::Quit {
            break;
        }
    }
    println!(
        "{}",
        t!(
            "puzzle-summary",
            right = s.right,
            tried = s.tried,
            streak = s.best_streak,
            rating = format!("{:.0}", s.rating.rating)
        )
    );
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Next,
    Quit,
}

struct Solving {
    rating: Rating,
    streak: u32,
    best_streak: u32,
    right: u32,
    tried: u32,
    color: bool,
}

/// A typed word: a command in either language, else a move.
fn command(word: &str) -> Option<&'static str> {
    match word.to_lowercase().as_str() {
        "quit" | "q" | "exit" | "salir" => Some("quit"),
        "skip" | "next" | "saltar" | "siguiente" => Some("skip"),
        "moves" | "jugadas" | "movimientos" => Some("moves"),
        "help" | "?" | "ayuda" => Some("help"),
        _ => None,
    }
}

impl Solving {
    fn pose<G: CliGame>(
        &mut self,
        p: &Puzzle,
        number: usize,
        total: usize,
        lines: &mut impl BufRead,
    ) -> Result<Step> {
        // Checked when the file was read.
        let pos: G = p
            .position_of()
            .map_err(|e| anyhow!(crate::i18n::message(&e.message())))?;
        let variant = pos.variant().clone();
        let side = G::side_label_in(&variant, p.mover());
        println!();
        println!(
            "{}",
            t!(
                "puzzle-title",
                number = number,
                total = total,
                game = G::INFO.title.get(crate::i18n::lang().code()),
                variant = crate::render::variant_label(&p.variant),
                theme = theme_text(&p.theme),
                difficulty = p.difficulty,
                rating = format!("{:.0}", self.rating.rating)
            )
        );
        print!("{}", pos.board(self.color));
        println!("{}", pos.legend());
        println!(
            "{}",
            t!("puzzle-task", side = side, theme = theme_text(&p.theme))
        );
        let prompt = format!("{}> ", side.to_lowercase());
        loop {
            print!("{prompt}");
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            if lines.read_line(&mut line).unwrap_or(0) == 0 {
                println!();
                return Ok(Step::Quit);
            }
            let typed = line.trim();
            if typed.is_empty() {
                continue;
            }
            match command(typed) {
                Some("quit") => return Ok(Step::Quit),
                Some("skip") => {
                    println!(
                        "{}",
                        t!("puzzle-skipped", answer = answer_text(p, &p.answer))
                    );
                    return Ok(Step::Next);
                }
                Some("moves") => {
                    let legal = pos.legal_move_strings();
                    let width = legal.iter().map(|m| m.chars().count()).max().unwrap_or(0);
                    let items: Vec<String> = legal
                        .iter()
                        .enumerate()
                        .map(|(i, m)| format!("{:>2}. {m:<width$}", i + 1))
                        .collect();
                    let per = (72 / (width + 6)).max(1);
                    for chunk in items.chunks(per) {
                        println!("  {}", chunk.join("  ").trim_end());
                    }
                    continue;
                }
                Some(_) => {
                    println!("{}", t!("puzzle-help"));
                    continue;
                }
                None => {}
            }
            // A number from the list of `moves`.
            let legal = pos.legal_move_strings();
            let typed = match typed.parse::<usize>() {
                Ok(n) if (1..=legal.len()).contains(&n) => legal[n - 1].as_str(),
                Ok(n) => {
                    println!("{}", t!("no-move-number", n = n, count = legal.len()));
                    continue;
                }
                Err(_) => typed,
            };
            let mv = match pos.parse_move(typed) {
                Ok(m) => m,
                Err(e) => {
                    println!(
                        "{}",
                        t!(
                            "bad-move",
                            error = crate::i18n::message(&e.message()),
                            mv = typed.to_string()
                        )
                    );
                    continue;
                }
            };
            let played = pos.format_move(mv);
            let right = played == p.answer;
            self.tried += 1;
            // The web app's rule (docs/ai.md, "Puzzle ratings").
            let answer = answered(self.rating, new_puzzle(p.difficulty), right);
            self.rating = answer.player;
            let change = format!("{:+.0}", answer.change);
            let rating = format!("{:.0}", self.rating.rating);
            if right {
                self.right += 1;
                self.streak += 1;
                self.best_streak = self.best_streak.max(self.streak);
                println!(
                    "{}",
                    t!(
                        "puzzle-right",
                        answer = answer_text(p, &played),
                        streak = self.streak,
                        rating = rating,
                        change = change
                    )
                );
            } else {
                let ended = std::mem::take(&mut self.streak);
                println!(
                    "{}",
                    t!(
                        "puzzle-wrong",
                        played = answer_text(p, &played),
                        answer = answer_text(p, &p.answer),
                        ended = ended,
                        rating = rating,
                        change = change
                    )
                );
            }
            return Ok(Step::Next);
        }
    }
}

/// A move and its proven value: `b2-c2 (win in 3)`; searched games both
/// searches' values.
fn answer_text(p: &Puzzle, mv: &str) -> String {
    match p.value_of(mv) {
        Some(v) => match (v.deep, p.depths) {
            (Some(d), Some([a, b])) => t!(
                "puzzle-move-searched",
                mv = mv.to_string(),
                shallow = value_text(Some(v.value)),
                deep = value_text(Some(d)),
                a = a,
                b = b
            ),
            _ => t!(
                "puzzle-move-exact",
                mv = mv.to_string(),
                value = value_text(Some(v.value))
            ),
        },
        None => mv.to_string(),
    }
}

/// A theme in the language in use (`win-in-3`: "win in 3").
fn theme_text(theme: &str) -> String {
    if let Some(n) = theme.strip_prefix("win-in-") {
        return t!("puzzle-theme-win-in", n = n.parse::<u32>().unwrap_or(0));
    }
    t!("puzzle-theme", theme = theme.to_string())
}
