//! `tablero play`: a game in the terminal.

use crate::common::{parse_player, Setup};
use crate::render::{Cache, CliGame};
use crate::GameName;
use anyhow::{bail, Context, Result};
use owo_colors::OwoColorize;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use tablero_core::{History, MoveBuf, Outcome, Player, Reason, Record};

/// Play a game in the terminal.
///
/// Type a move in the game's notation (or its number in the list) at the
/// prompt; `help` lists the other commands (undo, claim, resign, quit).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game.
    game: GameName,
    #[command(flatten)]
    setup: Setup,
    /// Who plays player one (Imago, Linja: Red): human, random or solver.
    #[arg(
        long = "p1",
        visible_alias = "red",
        default_value = "human",
        value_name = "WHO"
    )]
    p1: String,
    /// Who plays player two (Imago: Blue, Linja: Black): human, random or solver.
    #[arg(
        long = "p2",
        visible_aliases = ["blue", "black"],
        default_value = "random",
        value_name = "WHO"
    )]
    p2: String,
    /// Who moves first: p1, p2, a colour name, or random.
    #[arg(long, default_value = "p1")]
    first: String,
    /// Seed for the computer's random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the game record to FILE when the game ends or you quit.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Draw without colours (also when NO_COLOR is set or output is not a terminal).
    #[arg(long)]
    no_color: bool,
}

/// Who makes the moves of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Human,
    Random,
    Solver,
}

impl Who {
    fn parse(text: &str) -> Result<Who> {
        Ok(match text {
            "human" => Who::Human,
            "random" => Who::Random,
            "solver" => Who::Solver,
            _ => bail!("unknown player {text:?}: use human, random or solver"),
        })
    }

    fn name(self) -> &'static str {
        match self {
            Who::Human => "human",
            Who::Random => "random",
            Who::Solver => "solver",
        }
    }
}

pub fn run(args: &Args) -> Result<()> {
    crate::with_game!(args.game, G => run_for::<G>(args))
}

const HELP: &str = "Commands:
  <move>       play a move in the game's notation, e.g. b2-c2 g5
  <number>     play the move with that number in the list
  moves        list the legal moves again
  undo         take back your last move (and the computer's reply)
  claim        claim a win (Imago's \"Jacke\"): accepted only when it is proved
  resign       give up the game
  help         this text
  quit         stop (the record is saved if --record was given)";

struct Session<G: CliGame> {
    history: History<G>,
    who: [Who; 2],
    rng: Xoshiro256PlusPlus,
    cache: Cache,
    color: bool,
}

fn run_for<G: CliGame>(args: &Args) -> Result<()> {
    let who = [Who::parse(&args.p1)?, Who::parse(&args.p2)?];
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let first = if args.first == "random" {
        if rng.gen() {
            Player::P1
        } else {
            Player::P2
        }
    } else {
        parse_player(&args.first, G::SIDE_WORDS)?
    };
    let history = args.setup.history::<G>(first)?;
    let color =
        !args.no_color && std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal();
    let mut s = Session {
        history,
        who,
        rng,
        cache: Cache::default(),
        color,
    };
    let quit = s.play()?;
    if let Some(path) = &args.record {
        let mut record = Record::from_history(&s.history);
        for p in Player::ALL {
            record.tags.push((
                G::side_name(p).to_string(),
                s.who[p.index()].name().to_string(),
            ));
        }
        std::fs::write(path, record.to_text())
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!("Record saved to {}.", path.display());
    }
    if quit {
        println!("Game left unfinished.");
    }
    Ok(())
}

impl<G: CliGame> Session<G> {
    fn show(&self) {
        println!();
        print!("{}", self.history.current().board(self.color));
        if self.history.moves().is_empty() {
            println!("{}", G::legend());
        }
    }

    fn title(&self, p: Player) -> String {
        let name = G::side_name(p);
        if !self.color {
            return name.to_string();
        }
        match p {
            Player::P1 => name.red().bold().to_string(),
            Player::P2 => name.blue().bold().to_string(),
        }
    }

    fn list_moves(&self) {
        let legal = self.history.current().legal_move_strings();
        let items: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, m)| format!("{:>2}. {m:<10}", i + 1))
            .collect();
        for chunk in items.chunks(5) {
            println!("  {}", chunk.join(" "));
        }
    }

    /// Plays to the end; `Ok(true)` when the player quit.
    fn play(&mut self) -> Result<bool> {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        loop {
            self.show();
            if let Some(o) = self.history.outcome() {
                self.announce(o);
                return Ok(false);
            }
            let side = self.history.current().side_to_move();
            match self.who[side.index()] {
                Who::Human => {
                    println!("{} to move. Legal moves:", self.title(side));
                    self.list_moves();
                    loop {
                        print!("{}> ", G::side_name(side).to_lowercase());
                        std::io::stdout().flush()?;
                        let Some(line) = lines.next() else {
                            println!();
                            return Ok(true);
                        };
                        match self.human_command(line?.trim(), side) {
                            Step::Again => {}
                            Step::Moved => break,
                            Step::Quit => return Ok(true),
                        }
                    }
                }
                who => self.computer_turn(side, who),
            }
        }
    }

    fn announce(&self, o: Outcome) {
        let text = match o.winner {
            Some(p) => format!("{} wins", self.title(p)),
            None => "Draw".to_string(),
        };
        let why = match o.reason {
            Reason::Goal => "a piece reached its goal",
            Reason::Jacke => "Jacke: the win was proved",
            Reason::Repetition => "the same position occurred three times",
            Reason::NoMoves => "neither player could move",
            Reason::Passed => "the two sides have passed each other",
            Reason::Resign => "resignation",
            Reason::Agreed => "agreed",
            _ => o.reason.as_str(),
        };
        println!("{text} ({why}). Score {}.", score(o));
    }

    fn computer_turn(&mut self, side: Player, who: Who) {
        let pos = self.history.current().clone();
        if who == Who::Solver && pos.claim_ok(&mut self.cache) == Some(true) {
            println!(
                "{} ({}) claims the win: Jacke.",
                self.title(side),
                who.name()
            );
            self.history.set_result(Outcome::win(side, Reason::Jacke));
            return;
        }
        let mv = match who {
            Who::Solver => pos.solver_move(&mut self.cache, &mut self.rng),
            _ => None,
        }
        .unwrap_or_else(|| {
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            let m = moves.as_slice();
            m[self.rng.gen_range(0..m.len())]
        });
        println!(
            "{} ({}) plays {}",
            self.title(side),
            who.name(),
            pos.format_move(mv)
        );
        self.history
            .play(mv)
            .expect("the computer plays legal moves");
    }

    fn human_command(&mut self, input: &str, side: Player) -> Step {
        match input {
            "" => Step::Again,
            "help" | "?" => {
                println!("{HELP}");
                println!("{}", G::legend());
                Step::Again
            }
            "moves" => {
                self.list_moves();
                Step::Again
            }
            "quit" | "exit" | "q" => Step::Quit,
            "resign" => {
                self.history
                    .set_result(Outcome::win(side.other(), Reason::Resign));
                Step::Moved
            }
            "undo" => {
                self.undo();
                Step::Moved
            }
            "claim" => {
                let pos = self.history.current().clone();
                match pos.claim_ok(&mut self.cache) {
                    None => println!("There are no claims in {}.", G::NAME),
                    Some(true) => {
                        self.history.set_result(Outcome::win(side, Reason::Jacke));
                        return Step::Moved;
                    }
                    Some(false) => println!("Claim refused: the position is not a proved win for you. The game goes on."),
                }
                Step::Again
            }
            text => {
                let pos = self.history.current().clone();
                let text = match text.parse::<usize>() {
                    Ok(n) => {
                        let legal = pos.legal_move_strings();
                        match legal.get(n.wrapping_sub(1)) {
                            Some(m) => m.clone(),
                            None => {
                                println!(
                                    "There is no move number {n}; the list has {}.",
                                    legal.len()
                                );
                                return Step::Again;
                            }
                        }
                    }
                    Err(_) => text.to_string(),
                };
                match self.history.play_text(&text) {
                    Ok(_) => Step::Moved,
                    Err(e) => {
                        println!("{e}. Type `moves` for the legal moves or `help` for commands.");
                        Step::Again
                    }
                }
            }
        }
    }

    fn undo(&mut self) {
        if self.history.undo().is_none() {
            println!("Nothing to undo.");
            return;
        }
        // Take back the computer's moves too, so that a human moves next.
        while self.who[self.history.current().side_to_move().index()] != Who::Human
            && !self.history.moves().is_empty()
        {
            self.history.undo();
        }
        println!("Move taken back.");
    }
}

enum Step {
    Again,
    Moved,
    Quit,
}

fn score(o: Outcome) -> String {
    format!(
        "{}-{}",
        tablero_core::fmt_points(o.score[0]),
        tablero_core::fmt_points(o.score[1])
    )
}
