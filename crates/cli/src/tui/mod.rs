//! `tablero play` in full screen (ratatui with crossterm): the board redrawn
//! in place, the move list, the players, the computer thinking on a thread
//! of its own, moves typed or chosen with the arrow keys.
//!
//! The game is the same [`Session`] as the line mode's: a typed line or a
//! key becomes an [`Action`] there, and every move, claim, draw offer,
//! resignation and undo goes through it; this module only draws what comes
//! back. The board is the game's text drawing ([`CliGame::screen_board`]),
//! with its cells where the game says it draws them and its pieces from the
//! typed board view ([`board`]): the last move marked, the squares shaded,
//! the lost pieces counted.

mod board;
mod matches;

pub use matches::MatchApp;

use crate::i18n::{t, Command};
use crate::render::CliGame;
use crate::session::{self, Action, Event, Refused, Session, Timer};
use anyhow::Result;
use ratatui::crossterm::event::{self as term, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero_ai::table::Table;
use tablero_ai::{parse_spec, Bot, Limits, Progress};
use tablero_core::{History, Player};

/// Writes the record after every change of the game.
pub type Saver<G> = Box<dyn FnMut(&History<G>) -> Result<()>>;

/// What a computer's thread sends back.
enum Done<G: CliGame> {
    /// The player (to keep what it learnt), its move, its search's info
    /// and when it was chosen.
    Move(Box<dyn Bot<G>>, G::Move, Option<String>, Instant),
    /// A suggested move for the person to move.
    Hint(G::Move),
}

/// A search running on its thread.
struct Job<G: CliGame> {
    rx: Receiver<Done<G>>,
    side: Player,
    started: Instant,
    hint: bool,
    /// What the search has found so far (alpha-beta: its best line).
    progress: Arc<Progress>,
    /// Set to stop the search (its clock ran out).
    stop: Arc<AtomicBool>,
}

/// The spec of the player that gives hints.
const HINT_SPEC: &str = tablero_ai::analysis::HINT_SPEC;

/// The longest text typed at the move line.
const MAX_INPUT: usize = 200;

/// A game in full screen: the table, the computer players and what the
/// screen shows.
pub struct App<G: CliGame> {
    session: Session<G>,
    /// The computer players (`None` for a person, or while it thinks).
    bots: [Option<Box<dyn Bot<G>>>; 2],
    /// The players as given (`human`, `ai:3`, ...).
    names: [String; 2],
    save: Saver<G>,
    seed: u64,
    /// The text at the move line.
    input: String,
    /// What was typed before the arrow keys chose from the legal moves.
    typed: String,
    /// Which of the legal moves starting with `typed` the arrows chose.
    pick: Option<usize>,
    message: String,
    flip: bool,
    /// The help shown, scrolled down so many lines.
    help: Option<u16>,
    /// F6 was pressed: the next key confirms the resignation (y) or not.
    confirm_resign: bool,
    /// Colours on the screen (off with --no-color or NO_COLOR: the last
    /// move is then marked in reverse video and bold).
    color: bool,
    job: Option<Job<G>>,
    /// The last search's info line, if its player reports one.
    info: Option<String>,
    /// The person asked to answer the other person's draw offer.
    asking: Option<Player>,
    quit: bool,
    /// In a two-game match: which game, who sits where, the points so far.
    banner: Option<Banner>,
    /// A box drawn over the side panel (a match's results).
    overlay: Option<Overlay>,
}

/// What the screen says of a two-game match around one of its games.
struct Banner {
    /// `Game 1 of 2`.
    title: String,
    /// The person in each seat (`A`, `B`), player one first.
    people: [String; 2],
    /// The points after the first game, in the second.
    total: Option<String>,
}

/// A box of text drawn over the side panel.
struct Overlay {
    title: String,
    lines: Vec<String>,
}

/// What [`run`] drives: a game ([`App`]) or a match of two ([`MatchApp`]).
pub trait Screen {
    /// Takes what the computer's threads sent and starts their searches;
    /// whether anything changed.
    fn step(&mut self) -> bool;
    /// Handles one key.
    fn key(&mut self, k: KeyEvent);
    /// Draws the whole screen.
    fn draw(&self, f: &mut Frame);
    /// Whether the screen is to be left.
    fn quitting(&self) -> bool;
    /// Asks to leave (an interrupt).
    fn stop(&mut self);
    /// Whether the computer is thinking (its move is then looked for more
    /// often than the screen is drawn).
    fn thinking(&self) -> bool {
        false
    }
}

impl<G: CliGame + Send + 'static> Screen for App<G>
where
    G::Move: Send,
{
    fn step(&mut self) -> bool {
        App::step(self)
    }
    fn key(&mut self, k: KeyEvent) {
        App::key(self, k);
    }
    fn draw(&self, f: &mut Frame) {
        App::draw(self, f);
    }
    fn quitting(&self) -> bool {
        App::quitting(self)
    }
    fn stop(&mut self) {
        App::stop(self);
    }
    fn thinking(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.hint)
    }
}

impl<G: CliGame + Send + 'static> App<G>
where
    G::Move: Send,
{
    /// A game at `table`; `bots` are the computer players of the seats the
    /// table gives the computer.
    pub fn new(
        table: Table<G>,
        bots: [Option<Box<dyn Bot<G>>>; 2],
        names: [String; 2],
        save: Saver<G>,
        seed: u64,
    ) -> Self {
        let mut app = App {
            session: Session::new(table),
            bots,
            names,
            save,
            seed,
            input: String::new(),
            typed: String::new(),
            pick: None,
            message: String::new(),
            flip: false,
            help: None,
            confirm_resign: false,
            color: true,
            job: None,
            info: None,
            asking: None,
            quit: false,
            banner: None,
            overlay: None,
        };
        app.message = app.prompt_text();
        app
    }

    /// The game so far.
    pub fn table(&self) -> &Table<G> {
        self.session.table()
    }

    /// Colours on the screen or not.
    pub fn set_color(&mut self, color: bool) {
        self.color = color;
    }

    /// Plays the game on `timer`'s clocks.
    pub fn set_timer(&mut self, timer: Timer) {
        self.session.set_timer(timer);
        self.message = self.prompt_text();
    }

    /// Whether the player asked to leave.
    pub fn quitting(&self) -> bool {
        self.quit
    }

    /// Asks to leave (an interrupt).
    pub fn stop(&mut self) {
        self.quit = true;
    }

    /// Takes the computer players back (between the games of a match);
    /// one still thinking is not there.
    fn take_bots(&mut self) -> [Option<Box<dyn Bot<G>>>; 2] {
        [self.bots[0].take(), self.bots[1].take()]
    }

    fn changed(&mut self) {
        if self.table().outcome().is_some() {
            // The game is over: a move half typed is no move any more.
            self.input.clear();
            self.edit();
        }
        if let Err(e) = (self.save)(self.session.table().history()) {
            self.message = t!("tui-save-failed", error = format!("{e:#}"));
        }
    }

    /// The side's name in the game's variant.
    fn title(&self, p: Player) -> &'static str {
        G::side_label_in(self.table().history().start().variant(), p)
    }

    /// What the status says when nothing else happened.
    fn prompt_text(&self) -> String {
        if let Some(o) = self.table().outcome() {
            return t!("tui-enter-leaves", result = self.result_text(o));
        }
        match self.table().to_move() {
            Some(p) if self.table().seats()[p.index()].is_person() => {
                let choose = match self.table().legal().len() {
                    1 => t!("tui-choose-only"),
                    n => t!("tui-choose-one", n = n),
                };
                t!("tui-person-to-move", side = self.title(p), choose = choose)
            }
            Some(p) if self.session.paused() => t!(
                "tui-paused",
                side = self.title(p),
                name = self.names[p.index()].clone()
            ),
            Some(p) => t!(
                "tui-computer-to-move",
                side = self.title(p),
                name = self.names[p.index()].clone()
            ),
            None => String::new(),
        }
    }

    /// The result as a sentence.
    pub fn result_text(&self, o: tablero_core::Outcome) -> String {
        result_sentence(self.table().history(), o)
    }

    /// Takes what a computer's thread sent, and starts the computer's
    /// search when it is to move. Returns whether anything changed.
    pub fn step(&mut self) -> bool {
        // A move that came in time is played before the flag is looked at.
        let mut changed = false;
        if let Some(job) = &self.job {
            match job.rx.try_recv() {
                Ok(done) => {
                    let job = self.job.take().expect("a job");
                    self.finish(job, done);
                    changed = true;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => {
                    let job = self.job.take().expect("a job");
                    self.message = if job.hint {
                        t!("tui-no-hint-failed")
                    } else {
                        t!("tui-computer-failed")
                    };
                    changed = true;
                }
            }
        }
        changed |= self.flag();
        if self.job.is_none() && self.asking.is_none() && !self.quit {
            changed |= self.start_computer();
        }
        changed
    }

    /// Whether the running clock ran out just now: the game is then lost on
    /// time, at once, whoever was to move; a search under way is stopped
    /// (the computer's move, when it comes, is not played).
    fn flag(&mut self) -> bool {
        let Some(side) = self.session.flag_fell() else {
            return false;
        };
        match &self.job {
            Some(job) if job.hint => self.job = None,
            Some(job) => job.stop.store(true, Ordering::Relaxed),
            None => {}
        }
        self.asking = None;
        self.confirm_resign = false;
        self.changed();
        self.message = format!(
            "{} {}",
            session::time_up_text(self.title(side)),
            self.prompt_text()
        );
        true
    }

    /// Waits for the computer's thread (the tests' way of letting it play).
    #[cfg(test)]
    pub fn wait(&mut self) {
        while self.job.is_some() {
            if let Some(job) = &self.job {
                if let Ok(done) = job.rx.recv_timeout(Duration::from_millis(50)) {
                    let job = self.job.take().expect("a job");
                    self.finish(job, done);
                }
            }
        }
    }

    fn finish(&mut self, job: Job<G>, done: Done<G>) {
        match done {
            Done::Move(bot, mv, info, chosen) => {
                self.bots[job.side.index()] = Some(bot);
                if self.table().outcome().is_some() {
                    // Its clock ran out while it thought.
                    return;
                }
                self.info = info;
                let text = self.table().history().current().format_move(mv);
                match self.session.computer_move(mv, chosen.elapsed()) {
                    Ok(Event::TimeUp(p)) => {
                        self.changed();
                        self.message = self.event_text(&Event::TimeUp(p));
                    }
                    Ok(_) => {
                        self.changed();
                        self.message = t!(
                            "tui-played",
                            side = self.title(job.side),
                            name = self.names[job.side.index()].clone(),
                            mv = text,
                            prompt = self.prompt_text()
                        );
                    }
                    Err(e) => {
                        self.message = t!(
                            "tui-computer-refused",
                            mv = text,
                            error = session::refusal_text(&e)
                        );
                    }
                }
            }
            Done::Hint(mv) => {
                if self.table().to_move() == Some(job.side) {
                    let text = self.table().history().current().format_move(mv);
                    self.message = t!("tui-hint", spec = HINT_SPEC, mv = text.clone());
                    self.input = text;
                    self.typed.clear();
                    self.pick = None;
                }
            }
        }
    }

    fn start_computer(&mut self) -> bool {
        let Some(side) = self.table().to_move() else {
            return false;
        };
        if self.table().seats()[side.index()].is_person() || self.session.paused() {
            return false;
        }
        if self.session.computer_claims(side) {
            self.changed();
            self.message = t!(
                "tui-claims",
                side = self.title(side),
                name = self.names[side.index()].clone(),
                claim = session::claim_name::<G>(),
                prompt = self.prompt_text()
            );
            return true;
        }
        let Some(mut bot) = self.bots[side.index()].take() else {
            return false;
        };
        let history = self.table().history().clone();
        let (tx, rx) = mpsc::channel();
        let progress = Arc::new(Progress::default());
        let stop = Arc::new(AtomicBool::new(false));
        // With a clock, the computer's time comes from it.
        let limits = Limits {
            progress: Some(Arc::clone(&progress)),
            stop: Some(Arc::clone(&stop)),
            ..self.session.computer_limits(side)
        };
        std::thread::spawn(move || {
            let mv = bot.choose(&history, &limits);
            let chosen = Instant::now();
            let info = bot.info();
            let _ = tx.send(Done::Move(bot, mv, info, chosen));
        });
        self.job = Some(Job {
            rx,
            side,
            started: Instant::now(),
            hint: false,
            progress,
            stop,
        });
        true
    }

    fn start_hint(&mut self, side: Player) {
        let seed = self.seed ^ self.table().moves().len() as u64;
        let Ok(mut bot) = parse_spec::<G>(HINT_SPEC, seed) else {
            self.message = t!("tui-no-hint-game");
            return;
        };
        let history = self.table().history().clone();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mv = bot.choose(&history, &Limits::none());
            let _ = tx.send(Done::Hint(mv));
        });
        self.job = Some(Job {
            rx,
            side,
            started: Instant::now(),
            hint: true,
            progress: Arc::new(Progress::default()),
            stop: Arc::new(AtomicBool::new(false)),
        });
        self.message = t!("tui-looking");
    }

    /// The person whose commands the keys give: the person to move, or
    /// (the game over, the computer to move) the only person playing.
    fn person(&self) -> Option<Player> {
        let seats = self.table().seats();
        match self.table().to_move() {
            Some(p) if seats[p.index()].is_person() => Some(p),
            _ => {
                let people: Vec<Player> = Player::ALL
                    .into_iter()
                    .filter(|p| seats[p.index()].is_person())
                    .collect();
                (people.len() == 1).then(|| people[0])
            }
        }
    }

    /// The legal moves that start with what was typed (any case).
    fn candidates(&self) -> Vec<String> {
        let typed = self.typed.to_lowercase();
        self.table()
            .legal()
            .into_iter()
            .map(|m| m.text)
            .filter(|m| m.to_lowercase().starts_with(&typed))
            .collect()
    }

    fn choose(&mut self, forward: bool) {
        if self.pick.is_none() {
            self.typed = self.input.clone();
        }
        let list = self.candidates();
        if list.is_empty() {
            self.message = if self.typed.is_empty() {
                t!("tui-no-legal")
            } else {
                t!("tui-no-legal-start", text = format!("{:?}", self.typed))
            };
            return;
        }
        let n = list.len();
        let i = match (self.pick, forward) {
            (None, true) => 0,
            (None, false) => n - 1,
            (Some(i), true) => (i + 1) % n,
            (Some(i), false) => (i + n - 1) % n,
        };
        self.pick = Some(i);
        self.input = list[i].clone();
    }

    fn edit(&mut self) {
        self.typed = self.input.clone();
        self.pick = None;
    }

    /// Handles one key.
    pub fn key(&mut self, k: KeyEvent) {
        if k.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(k.code, KeyCode::Char('c' | 'd')) || k.code == KeyCode::F(10) {
            self.quit = true;
            return;
        }
        if let Some(top) = self.help {
            // The help scrolls with the arrows and the page keys; any other
            // key closes it.
            self.help = match k.code {
                KeyCode::Down => Some(top.saturating_add(1)),
                KeyCode::Up => Some(top.saturating_sub(1)),
                KeyCode::PageDown | KeyCode::Char(' ') => Some(top.saturating_add(10)),
                KeyCode::PageUp => Some(top.saturating_sub(10)),
                KeyCode::Home => Some(0),
                _ => None,
            };
            return;
        }
        let yes = matches!(k.code, KeyCode::Char('y' | 'Y' | 's' | 'S'));
        if self.confirm_resign {
            self.confirm_resign = false;
            if yes || k.code == KeyCode::F(6) {
                self.act(&Action::Command(Command::Resign));
            } else {
                self.message = t!("tui-resign-kept", prompt = self.prompt_text());
            }
            return;
        }
        if let Some(p) = self.asking {
            self.asking = None;
            let event = self.session.answer_draw(p, yes || k.code == KeyCode::F(4));
            self.changed();
            self.message = self.event_text(&event);
            return;
        }
        match k.code {
            KeyCode::F(1) => self.help = Some(0),
            KeyCode::F(2) => self.act(&Action::Command(Command::Hint)),
            KeyCode::F(3) => self.act(&Action::Command(Command::Undo)),
            KeyCode::F(4) => self.act(&Action::Command(Command::Draw)),
            KeyCode::F(5) => self.act(&Action::Command(Command::Claim)),
            KeyCode::F(6) => self.ask_resign(),
            KeyCode::F(7) => self.act(&Action::Command(Command::Flip)),
            KeyCode::Up | KeyCode::Left | KeyCode::BackTab => self.choose(false),
            KeyCode::Down | KeyCode::Right | KeyCode::Tab => self.choose(true),
            KeyCode::Esc if self.input.is_empty() && self.table().outcome().is_some() => {
                self.quit = true;
            }
            KeyCode::Esc => {
                self.input.clear();
                self.edit();
            }
            KeyCode::Backspace => {
                self.input.pop();
                self.edit();
            }
            KeyCode::Enter => {
                let text = self.input.trim().to_string();
                if text.is_empty() && self.table().outcome().is_some() {
                    self.quit = true;
                    return;
                }
                if text.is_empty() && self.session.paused() {
                    self.session.resume();
                    self.message = String::new();
                    return;
                }
                self.input.clear();
                self.edit();
                match Action::parse(&text) {
                    // Typed as F6 is pressed: the resignation asks first.
                    Some(Action::Command(Command::Resign)) => self.ask_resign(),
                    // A move typed after the end plays nothing.
                    Some(Action::Number(_) | Action::Move(_))
                        if self.table().outcome().is_some() =>
                    {
                        self.message = self.prompt_text();
                    }
                    Some(action) => self.act(&action),
                    None => {}
                }
            }
            KeyCode::Char('?') if self.input.is_empty() => self.help = Some(0),
            KeyCode::Char(c) if !ctrl => {
                if self.input.chars().count() < MAX_INPUT {
                    self.input.push(c);
                }
                self.edit();
            }
            _ => {}
        }
    }

    /// Types `text` and presses Enter (the tests' way of playing).
    #[cfg(test)]
    pub fn type_line(&mut self, text: &str) {
        for c in text.chars() {
            self.key(KeyEvent::from(KeyCode::Char(c)));
        }
        self.key(KeyEvent::from(KeyCode::Enter));
    }

    /// The keys that do something now, in order: no hint but for the
    /// person to move, no undo on a clock or between two people, no claim
    /// in a game without claims, and after the end no hint, undo, draw,
    /// claim or resignation.
    fn keys(&self) -> Vec<Key> {
        let on = self.table().outcome().is_none();
        let person = on && self.person().is_some();
        let to_move = self.table().to_move();
        let person_to_move = to_move.is_some_and(|p| self.table().seats()[p.index()].is_person());
        let computer = self.table().seats().iter().any(|s| !s.is_person());
        let mut keys = vec![Key::Help];
        keys.extend(
            [
                (Key::Hint, on && person_to_move),
                (
                    Key::Undo,
                    person && computer && self.session.clock().is_none(),
                ),
                (Key::Draw, person),
                (Key::Claim, person && G::INFO.claim.is_some()),
                (Key::Resign, person),
            ]
            .into_iter()
            .filter_map(|(k, shown)| shown.then_some(k)),
        );
        keys.extend([Key::Flip, Key::Quit]);
        keys
    }

    /// The keys' line: the keys in effect, then how to play a move (or,
    /// the game over, how to leave).
    fn keys_bar(&self) -> String {
        let mut words: Vec<String> = self.keys().into_iter().map(Key::bar).collect();
        words.push(if self.table().outcome().is_some() {
            t!("tui-key-leave")
        } else {
            t!("tui-key-choose")
        });
        words.join(" ")
    }

    /// The help: how to play a move, a line for each key in effect, and
    /// the words that work too.
    fn help_text(&self) -> String {
        let keys = self.keys();
        let mut out = Vec::new();
        if self.table().outcome().is_none() {
            out.push(t!("tui-help-intro"));
            out.push(String::new());
        }
        out.extend(keys.iter().map(|&k| k.help::<G>()));
        out.push(if self.table().outcome().is_some() {
            t!("tui-help-line-leave")
        } else {
            t!("tui-help-line-esc")
        });
        let words: Vec<String> = keys
            .iter()
            .filter_map(|k| k.command())
            .map(|c| t!("tui-word", command = c.words()[0]))
            .collect();
        out.push(t!("tui-help-words", words = words.join(", ")));
        out.join("\n")
    }

    /// F6: the resignation waits for a yes.
    fn ask_resign(&mut self) {
        if self.person().is_some() && self.table().outcome().is_none() {
            self.confirm_resign = true;
            self.message = t!("tui-resign-confirm");
        }
    }

    /// Does what a line or a key asked for: what only the screen answers
    /// here, the rest through the session.
    fn act(&mut self, action: &Action) {
        match action {
            Action::Command(Command::Help) => {
                self.help = Some(0);
                return;
            }
            Action::Command(Command::Flip) => {
                self.flip = !self.flip;
                self.message = t!("tui-flipped");
                return;
            }
            Action::Command(Command::Quit) => {
                self.quit = true;
                return;
            }
            Action::Command(Command::Go) if self.session.paused() => {
                self.session.resume();
                self.message = String::new();
                return;
            }
            _ => {}
        }
        if self.job.as_ref().is_some_and(|j| !j.hint) {
            self.message = t!("tui-wait");
            return;
        }
        let Some(side) = self.person() else {
            self.message = t!("tui-no-person");
            return;
        };
        match self.session.act(side, action) {
            Ok(event @ Event::DrawOffered { to, .. }) => {
                self.asking = Some(to);
                self.message = self.event_text(&event);
            }
            Ok(event) => {
                // A hint for a position that is gone.
                self.job = None;
                self.changed();
                self.message = self.event_text(&event);
            }
            Err(Refused::NotAtTable(Command::Moves)) => {
                self.message = t!("tui-legal-moves", moves = self.numbered_moves());
            }
            Err(Refused::NotAtTable(Command::Hint)) => {
                if self.table().to_move() != Some(side) {
                    self.message = t!("tui-hint-person");
                } else if self.job.is_none() {
                    self.start_hint(side);
                }
            }
            Err(refused) => self.message = Self::refused_text(&refused),
        }
    }

    /// What the status says after an action.
    fn event_text(&self, event: &Event) -> String {
        let said = match event {
            Event::Moved(_) | Event::Claimed(_) => String::new(),
            Event::TakenBack(n) => t!("tui-taken-back", n = *n),
            Event::BackToStart => t!("back-to-start"),
            Event::Resigned(p) => t!("tui-resigns", side = self.title(*p)),
            Event::DrawAgreed => return t!("tui-draw-agreed", prompt = self.prompt_text()),
            Event::DrawDeclined(p) => t!("tui-declines-draw", side = self.title(*p), prompt = ""),
            Event::TimeUp(p) => session::time_up_text(self.title(*p)),
            Event::DrawOffered { by, to } => {
                return t!(
                    "tui-offers-draw",
                    side = self.title(*by),
                    other = self.title(*to)
                )
            }
        };
        format!("{said} {}", self.prompt_text()).trim().to_string()
    }

    /// Why an action did nothing, as the status says it.
    fn refused_text(refused: &Refused) -> String {
        match refused {
            Refused::NoNumber { n, count } => t!("tui-no-number", n = *n, count = *count),
            Refused::BadMove { text, why } => t!(
                "tui-bad-move",
                why = session::refusal_text(why),
                reason = session::refusal_reason(why),
                mv = text.clone()
            ),
            Refused::NotYourTurn => t!("tui-not-your-turn"),
            Refused::Table(e) => session::refusal_text(e),
            Refused::NotAtTable(_) => String::new(),
        }
    }

    /// The legal moves with their numbers: `1 b2-c2 · 2 b2-b3`.
    fn numbered_moves(&self) -> String {
        self.table()
            .legal()
            .into_iter()
            .enumerate()
            .map(|(i, m)| format!("{} {}", i + 1, m.text))
            .collect::<Vec<_>>()
            .join(" · ")
    }

    /// Draws the whole screen.
    pub fn draw(&self, f: &mut Frame) {
        let area = f.area();
        // The message and the keys' line take the lines they need to be
        // read whole (up to three and two).
        let keys_bar = Paragraph::new(self.keys_bar()).wrap(Wrap { trim: true });
        let keys_h = (keys_bar.line_count(area.width) as u16).clamp(1, 2);
        let message_p = Paragraph::new(self.message.clone()).wrap(Wrap { trim: true });
        let message_h = (message_p.line_count(area.width) as u16).clamp(1, 3);
        let [top, main, message, input, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(message_h),
            Constraint::Length(1),
            Constraint::Length(keys_h),
        ])
        .areas(area);
        let label = |p: Player| session::player_label(&self.names[p.index()]);
        let title = match &self.banner {
            Some(b) => format!(
                " tablero · {} · {} · {}: {} ({}) · {}: {} ({})",
                G::NAME,
                b.title,
                self.title(Player::P1),
                b.people[0],
                label(Player::P1),
                self.title(Player::P2),
                b.people[1],
                label(Player::P2)
            ),
            None => format!(
                " tablero · {} · {}: {} · {}: {}",
                G::NAME,
                self.title(Player::P1),
                label(Player::P1),
                self.title(Player::P2),
                label(Player::P2)
            ),
        };
        let title = match self.session.clock() {
            Some(c) => format!(
                "{title} · {}",
                t!("tui-clock-control", control = c.control.to_string())
            ),
            None => title,
        };
        f.render_widget(
            Paragraph::new(title).style(Style::new().add_modifier(Modifier::REVERSED)),
            top,
        );
        let panel_w = self.panel_need();
        match self.fitted(main, panel_w) {
            Ok(fit) => self.draw_board(f, main, &fit),
            Err((w, h)) => {
                // Too small for every row of the board: said, not cut.
                let text = t!(
                    "tui-too-small",
                    width = area.width,
                    height = area.height,
                    need_width = w,
                    need_height = h + (area.height - main.height)
                );
                f.render_widget(
                    Paragraph::new(text)
                        .style(Style::new().add_modifier(Modifier::BOLD))
                        .wrap(Wrap { trim: true }),
                    main,
                );
            }
        }
        if let Some(o) = &self.overlay {
            // A box in the middle of the board and panel, as tall as its
            // lines wrapped to its width.
            let w = main.width.min(72);
            let inner = usize::from(w.saturating_sub(2)).max(1);
            let rows: usize = o
                .lines
                .iter()
                .map(|l| l.chars().count().max(1).div_ceil(inner))
                .sum();
            let h = (rows as u16 + 2).min(main.height);
            let area = Rect {
                x: main.x + (main.width - w) / 2,
                y: main.y + (main.height - h) / 2,
                width: w,
                height: h,
            };
            f.render_widget(Clear, area);
            f.render_widget(
                Paragraph::new(o.lines.join("\n"))
                    .block(
                        Block::bordered()
                            .title(format!(" {} ", o.title))
                            .border_style(Style::new().fg(Color::Yellow)),
                    )
                    .style(Style::new().add_modifier(Modifier::BOLD))
                    .wrap(Wrap { trim: false }),
                area,
            );
        }
        f.render_widget(message_p.style(Style::new().fg(Color::Yellow)), message);
        let prompt = match self.person().filter(|_| self.table().outcome().is_none()) {
            Some(p) => format!("{}> ", self.title(p).to_lowercase()),
            None => "> ".to_string(),
        };
        let mut spans = vec![
            Span::styled(prompt, Style::new().add_modifier(Modifier::BOLD)),
            Span::raw(self.input.clone()),
            Span::styled("█", Style::new().add_modifier(Modifier::SLOW_BLINK)),
        ];
        if let Some(i) = self.pick {
            spans.push(Span::styled(
                format!(
                    "   ({})",
                    t!("tui-pick", i = i + 1, n = self.candidates().len())
                ),
                Style::new().add_modifier(Modifier::DIM),
            ));
        }
        if let Some(n) = self.legal_number(&self.input) {
            spans.push(Span::styled(
                format!("   {}", t!("tui-move-number", n = n)),
                Style::new().add_modifier(Modifier::DIM),
            ));
        }
        f.render_widget(Paragraph::new(Line::from(spans)), input);
        f.render_widget(
            keys_bar.style(Style::new().add_modifier(Modifier::DIM)),
            keys,
        );
        if self.help.is_some() {
            self.draw_help(f, main);
        }
        if !self.color {
            // No colour anywhere (--no-color, NO_COLOR): the marks are in
            // the modifiers (reverse video, bold, underline).
            let buf = f.buffer_mut();
            let a = buf.area;
            for y in a.top()..a.bottom() {
                for x in a.left()..a.right() {
                    let cell = &mut buf[(x, y)];
                    cell.set_fg(Color::Reset).set_bg(Color::Reset);
                }
            }
        }
    }

    /// The board as big as `main` allows beside a side panel `panel`
    /// columns wide: the largest zoom (up to [`MAX_ZOOM`]) that fits, a
    /// game with lines between its cells (Jarmo) one line taller per row
    /// where there is room, its lines drawn once the rows are apart; else
    /// as the game draws it, when it fits beside a panel [`MIN_PANEL`]
    /// wide; else Linja's short drawing. `Err((width, height))`: the least
    /// area it needs.
    fn fitted(&self, main: Rect, panel: u16) -> Result<Fit, (u16, u16)> {
        let now = self.table().history().current();
        let links = G::screen_links();
        let make = |kx: usize, ky: usize, short: bool| {
            let mut d = board::zoom(board::drawing(now, self.flip, short), kx, ky);
            if ky > 1 {
                board::draw_links(&mut d, &links);
            }
            Fit::of(d)
        };
        let avail = main.width.saturating_sub(panel);
        let taller = usize::from(!links.is_empty());
        for k in (1..=MAX_ZOOM).rev() {
            for ky in [k + taller, k] {
                if (k, ky) == (1, 1) {
                    continue;
                }
                let fit = make(k, ky, false);
                if fit.width <= avail && fit.height <= main.height {
                    return Ok(fit);
                }
            }
        }
        let room = main.width.saturating_sub(MIN_PANEL);
        let mut least = (u16::MAX, u16::MAX);
        for short in [false, true] {
            let fit = make(1, 1, short);
            if fit.width <= room && fit.height <= main.height {
                return Ok(fit);
            }
            least = least.min((fit.width + MIN_PANEL, fit.height));
        }
        Err(least)
    }

    /// Draws the board `fit` in `main` and the side panel beside it, with
    /// the lines the game draws under its board (counts, notes) at the top
    /// of the panel.
    fn draw_board(&self, f: &mut Frame, main: Rect, fit: &Fit) {
        let board_w = fit.width.min(main.width);
        let [left, right] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Min(1)]).areas(main);
        let mut lines = self.styled_board(&fit.drawing);
        lines.truncate(fit.end);
        f.render_widget(Paragraph::new(lines), left);
        let under = &fit.drawing.lines[fit.end..];
        f.render_widget(self.panel(right, under), right);
    }

    /// The columns the side panel needs for each player's line whole (the
    /// mark, the side, the clock, the player) and its border, at least
    /// [`MIN_PANEL`].
    fn panel_need(&self) -> u16 {
        let width = name_column([self.title(Player::P1), self.title(Player::P2)]);
        let clock = if self.session.clock().is_some() { 9 } else { 0 };
        // The mark, the side's column, the clock and a space, the player.
        let longest = Player::ALL
            .into_iter()
            .map(|p| {
                let name = session::player_label(&self.names[p.index()])
                    .chars()
                    .count();
                let seat = self
                    .banner
                    .as_ref()
                    .map_or(0, |b| b.people[p.index()].chars().count() + 3);
                2 + width + clock + seat + name
            })
            .max()
            .unwrap_or(0);
        (longest as u16 + 1).max(MIN_PANEL)
    }

    /// The number of the legal move `text` (any case) in the list, from 1.
    fn legal_number(&self, text: &str) -> Option<usize> {
        let text = text.trim().to_lowercase();
        if text.is_empty() {
            return None;
        }
        self.table()
            .legal()
            .iter()
            .position(|m| m.text.to_lowercase() == text)
            .map(|i| i + 1)
    }

    /// The cells of the last move, and those of the move at the move line
    /// when it is a legal one (the move about to be played, previewed).
    fn marks(&self) -> (Vec<String>, Vec<String>) {
        let h = self.table().history();
        let last = match (h.moves().last(), h.positions().len()) {
            (Some(_), n) if n >= 2 => {
                let text = self.table().moves().last().cloned().unwrap_or_default();
                board::cells_of_move(&h.positions()[n - 2], h.current(), &text)
            }
            _ => Vec::new(),
        };
        let preview = match self.legal_number(&self.input) {
            Some(_) => G::path(self.input.trim()),
            None => Vec::new(),
        };
        (last, preview)
    }

    /// The board with its pieces coloured, the squares shaded, the cells
    /// of the last move marked and those of the move at the move line
    /// underlined.
    fn styled_board(&self, d: &board::Drawing) -> Vec<Line<'static>> {
        let text = &d.lines;
        let grid = d.grid;
        let (last, preview) = self.marks();
        let game = self.table().history().current();
        let paint = |c: char| {
            if board::is_braille(c) {
                return Style::new().fg(LINK);
            }
            game.glyph_color(c)
                .map_or(Style::new(), |c| Style::new().fg(c).bold())
        };
        // Lines, walls and sticks take their colour anywhere; letters only
        // where a piece stands: on a cell of a grid, in a corner token
        // (`[B●]`), or alone on a row of Linja (not in words).
        let rows: Vec<usize> = d.spots.iter().map(|s| s.line).collect();
        let mut styles: Vec<Vec<Style>> = text
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let chars: Vec<char> = l.chars().collect();
                (0..chars.len())
                    .map(|x| {
                        let c = chars[x];
                        let before = x.checked_sub(1).map(|b| chars[b]);
                        let after = chars.get(x + 1).copied();
                        let alone = !before.is_some_and(char::is_alphanumeric)
                            && !after.is_some_and(char::is_alphanumeric);
                        if !c.is_alphabetic()
                            || before == Some('[')
                            || (!grid && alone && rows.contains(&i) && x > 2)
                        {
                            paint(c)
                        } else {
                            Style::new()
                        }
                    })
                    .collect()
            })
            .collect();
        if grid {
            for s in &d.spots {
                if let Some(c) = text[s.line].chars().nth(s.x) {
                    if let Some(st) = styles[s.line].get_mut(s.x) {
                        *st = paint(c);
                    }
                }
            }
        }
        let (wide, tall) = d.half;
        for s in &d.spots {
            let marked = last.contains(&s.name);
            let bg = if marked {
                Some(MARK)
            } else if G::CHECKERED && grid && (s.col + s.row) % 2 == 1 {
                // Column a is 0 and row 1 is 0: a1 is dark.
                Some(LIGHT)
            } else if G::CHECKERED && grid {
                Some(DARK)
            } else {
                None
            };
            // The whole cell: its glyph's line and, drawn bigger, the
            // lines above and below.
            for line in s.line.saturating_sub(tall)..=s.line + tall {
                let Some(row) = styles.get_mut(line) else {
                    continue;
                };
                for x in s.x.saturating_sub(wide)..=s.x + wide {
                    let Some(st) = row.get_mut(x) else { continue };
                    if let Some(bg) = bg {
                        *st = st.bg(bg);
                        // A piece's colour in the shade that reads on it.
                        if let Some(fg) = st.fg {
                            *st = st.fg(ink(fg, bg != DARK));
                        }
                    }
                    if marked {
                        *st = st.add_modifier(Modifier::BOLD);
                        if st.fg.is_none() {
                            *st = st.fg(Color::Black);
                        }
                        if !self.color {
                            // No colour: reverse video marks it.
                            *st = st.add_modifier(Modifier::REVERSED);
                        }
                    }
                    if preview.contains(&s.name) && line == s.line {
                        *st = st.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
                    }
                }
            }
        }
        text.iter()
            .zip(styles)
            .map(|(l, st)| {
                Line::from(
                    l.chars()
                        .zip(st)
                        .map(|(c, s)| Span::styled(c.to_string(), s))
                        .collect::<Vec<_>>(),
                )
            })
            .collect()
    }

    /// The pieces each side has lost since the start, as `Blue 1`.
    fn captured(&self) -> Option<String> {
        let h = self.table().history();
        let lost = board::lost(h.start(), h.current())?;
        let gone: Vec<String> = Player::ALL
            .into_iter()
            .filter(|p| lost[p.index()] > 0)
            .map(|p| format!("{} {}", self.title(p), lost[p.index()]))
            .collect();
        Some(if gone.is_empty() {
            t!("tui-none")
        } else {
            gone.join(", ")
        })
    }

    /// The clock of `p`, when the game has clocks: the running one in
    /// reverse video, and in red in its last ten seconds.
    fn clock_span(&self, p: Player) -> Option<Span<'static>> {
        let left = self.session.time_left(p)?;
        let mut style = Style::new().add_modifier(Modifier::BOLD);
        if self.session.running() == Some(p) {
            style = style.add_modifier(Modifier::REVERSED);
            if left < LOW_TIME {
                style = style.fg(Color::Red);
            }
        } else {
            style = style.add_modifier(Modifier::DIM);
        }
        Some(Span::styled(
            format!(" {:>6} ", session::clock_text(left)),
            style,
        ))
    }

    /// The side panel: the players, the search, the lost pieces, the game's
    /// own notes and the move list, its newest ply always shown (however
    /// the lines above it wrap).
    fn panel(&self, area: Rect, under: &[String]) -> Paragraph<'static> {
        let mut out: Vec<Line> = Vec::new();
        let to_move = self.table().to_move();
        if let Some(b) = &self.banner {
            out.push(Line::styled(
                b.title.clone(),
                Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            ));
            if let Some(total) = &b.total {
                out.push(Line::raw(total.clone()));
            }
        }
        let width = name_column([self.title(Player::P1), self.title(Player::P2)]);
        for p in Player::ALL {
            let marker = if to_move == Some(p) { "▶ " } else { "  " };
            let color = if p == Player::P1 {
                Color::Red
            } else {
                Color::Blue
            };
            let name = session::player_label(&self.names[p.index()]);
            let mut spans = vec![
                Span::raw(marker),
                Span::styled(
                    format!("{:<width$}", self.title(p)),
                    Style::new().fg(color).bold(),
                ),
            ];
            if let Some(clock) = self.clock_span(p) {
                spans.push(clock);
                spans.push(Span::raw(" "));
            }
            spans.push(Span::raw(match &self.banner {
                Some(b) => format!("{} · {name}", b.people[p.index()]),
                None => name,
            }));
            out.push(Line::from(spans));
        }
        match (&self.job, self.table().outcome()) {
            (_, Some(o)) => out.push(Line::styled(
                self.result_text(o),
                Style::new().add_modifier(Modifier::BOLD),
            )),
            (Some(job), None) => {
                let t = job.started.elapsed();
                let spin = ['|', '/', '-', '\\'][(t.as_millis() / 150 % 4) as usize];
                let what = if job.hint {
                    t!("tui-hint-word")
                } else {
                    t!("tui-thinking-word")
                };
                out.push(Line::styled(
                    format!("{spin} {what}... {:.1} s", t.as_secs_f64()),
                    Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
                ));
                if let Some(now) = job.progress.get() {
                    out.push(Line::styled(
                        format!("  {}", crate::i18n::search_line(&now)),
                        Style::new().fg(Color::Magenta),
                    ));
                }
            }
            (None, None) => out.push(Line::raw("")),
        }
        // What may give way to the newest ply on a low screen.
        let head = out.len();
        // The lines the game draws under its board (its counts, notes).
        out.extend(
            under
                .iter()
                .filter(|l| !l.trim().is_empty())
                .map(|l| Line::raw(l.trim().to_string())),
        );
        if let Some(info) = &self.info {
            out.push(Line::styled(
                t!("tui-last-search", info = crate::i18n::search_line(info)),
                Style::new().add_modifier(Modifier::DIM),
            ));
        }
        if let Some(c) = self.captured() {
            out.push(Line::raw(t!("tui-captured", list = c)));
        }
        let notes = self.table().history().current().screen_notes(&self.input);
        if !notes.is_empty() {
            out.extend(
                notes
                    .into_iter()
                    .map(|n| Line::styled(n, Style::new().add_modifier(Modifier::DIM))),
            );
        }
        // The panel's text is as wide as the area less its left border; the
        // lines above the moves take what they wrap to, the moves the rest,
        // newest first.
        let inner = area.width.saturating_sub(1).max(1);
        let rows_of = |lines: Vec<Line<'static>>| {
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .line_count(inner)
        };
        let moves = self.table().moves();
        let heading = Line::styled(
            t!("tui-moves"),
            Style::new().add_modifier(Modifier::UNDERLINED),
        );
        let height = usize::from(area.height);
        if let Some(m) = moves.last() {
            // The newest ply is never left out: the notes above the list
            // give way to it, the last first.
            let newest = rows_of(vec![Line::raw(format!("{:>3}. x {m}", moves.len()))]);
            while out.len() > head && rows_of(out.clone()) + 1 + newest > height {
                out.pop();
            }
        }
        out.push(heading);
        let used = rows_of(out.clone());
        let mut room = height.saturating_sub(used);
        let mut list: Vec<Line> = Vec::new();
        for (i, m) in moves.iter().enumerate().rev() {
            let mover = self.table().history().positions()[i].side_to_move();
            let line = Line::from(vec![
                Span::raw(format!("{:>3}. ", i + 1)),
                Span::styled(
                    format!("{} ", self.title(mover).chars().next().unwrap_or(' ')),
                    Style::new().add_modifier(Modifier::DIM),
                ),
                Span::raw(m.clone()),
            ]);
            let need = rows_of(vec![line.clone()]);
            if need > room {
                break;
            }
            room -= need;
            list.push(line);
        }
        if list.is_empty() && !moves.is_empty() {
            // Not even the newest fits under the players: it takes the
            // heading's place.
            out.pop();
            if let Some(m) = moves.last() {
                list.push(Line::raw(format!("{:>3}. {m}", moves.len())));
            }
        }
        list.reverse();
        out.extend(list);
        Paragraph::new(out)
            .block(Block::new().borders(Borders::LEFT))
            .wrap(Wrap { trim: false })
    }

    fn draw_help(&self, f: &mut Frame, area: Rect) {
        let text = format!(
            "{}\n\n{}\n\n{}",
            self.help_text(),
            self.table().history().current().legend(),
            t!("tui-help-close")
        );
        let inner = area.width.saturating_sub(2).max(1);
        let p = Paragraph::new(text).wrap(Wrap { trim: false });
        let total = p.line_count(inner) as u16;
        let page = area.height.saturating_sub(2);
        let top = self.help.unwrap_or(0).min(total.saturating_sub(page));
        let title = if total > page {
            format!(
                " {} ({}) ",
                t!("tui-help-title"),
                t!(
                    "tui-help-lines",
                    from = top + 1,
                    to = (top + page).min(total),
                    total = total
                )
            )
        } else {
            format!(" {} ", t!("tui-help-title"))
        };
        f.render_widget(Clear, area);
        f.render_widget(
            p.block(Block::bordered().title(title)).scroll((top, 0)),
            area,
        );
    }
}

/// The result of the game `h` as a sentence: who won, why, the score.
pub fn result_sentence<G: CliGame>(h: &History<G>, o: tablero_core::Outcome) -> String {
    let v = h.start().variant();
    session::result_sentence(h, o, |p| G::side_label_in(v, p).to_string())
}

/// How often the screen is drawn when nothing happens.
const FRAME: Duration = Duration::from_millis(100);
/// How often a thinking computer's move is looked for.
const LOOK: Duration = Duration::from_millis(10);

/// Under this much time (ms) the running clock is shown in red.
const LOW_TIME: i64 = 10_000;

/// The background of the last move's cells: a pale yellow (xterm 186,
/// #d7d787), on which every piece's light-square shade reads.
const MARK: Color = Color::Indexed(186);
/// The background of the dark squares (xterm 238, #444444).
const DARK: Color = Color::Indexed(238);
/// The background of the light squares (xterm 254, #e4e4e4).
const LIGHT: Color = Color::Indexed(254);
/// The lines drawn between cells (Jarmo's).
const LINK: Color = Color::DarkGray;

/// A piece's colour on a square of the screen's own shades: on a light
/// square (or the last move's mark) the colour's dark shade, on a dark
/// square its light shade, so that every army reads on either at a
/// contrast of 3:1 at least (the WCAG's for graphics; the test computes
/// it from the xterm palette). Red, blue, cyan (Super Dimensiones' aqua)
/// and xterm 208 (its orange) have shades; any other colour is kept.
fn ink(c: Color, light: bool) -> Color {
    let [on_light, on_dark] = match c {
        Color::Red | Color::LightRed => [124, 210],
        Color::Blue | Color::LightBlue => [19, 117],
        Color::Cyan | Color::LightCyan => [23, 51],
        Color::Indexed(208) | Color::Yellow | Color::LightYellow => [130, 214],
        other => return other,
    };
    Color::Indexed(if light { on_light } else { on_dark })
}

/// Whether the full-screen game can run: both the input and the output are
/// terminals.
pub fn available() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// Plays `app` in full screen until the game is left; the terminal is
/// restored afterwards (also after an error).
pub fn run(app: &mut impl Screen) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    // A kill or a closed terminal: leave the loop, restore the terminal
    // (Ctrl-C itself comes as a key in raw mode).
    // When the terminal is gone, crossterm's `poll` can spin without
    // returning, so the loop would never see the flag: the record is saved
    // after every change already, so after two seconds the process ends.
    let _ = ctrlc::set_handler(move || {
        flag.store(true, Ordering::SeqCst);
        std::thread::sleep(Duration::from_secs(2));
        std::process::exit(130);
    });
    let mut terminal = ratatui::try_init()?;
    let result = (|| -> Result<()> {
        // Drawn ten times a second (a clock counts down smoothly, the
        // thinking line turns), and at once after a key or a move; while
        // the computer thinks its move is looked for every 10 ms, so that
        // it is shown (and the other clock starts) without a wait.
        let mut drawn: Option<Instant> = None;
        let mut key = true;
        loop {
            let changed = app.step();
            if key || changed || drawn.is_none_or(|d| d.elapsed() >= FRAME) {
                terminal.draw(|f| app.draw(f))?;
                drawn = Some(Instant::now());
            }
            if app.quitting() || stop.load(Ordering::SeqCst) {
                app.stop();
                return Ok(());
            }
            let wait = if app.thinking() { LOOK } else { FRAME };
            key = term::poll(wait)?;
            if key {
                if let term::Event::Key(k) = term::read()? {
                    app.key(k);
                }
            }
        }
    })();
    ratatui::restore();
    result
}

/// A key of the full screen, as its line and its help name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Help,
    Hint,
    Undo,
    Draw,
    Claim,
    Resign,
    Flip,
    Quit,
}

impl Key {
    /// Its words in the keys' line (`F2 hint`).
    fn bar(self) -> String {
        match self {
            Key::Help => t!("tui-key-help"),
            Key::Hint => t!("tui-key-hint"),
            Key::Undo => t!("tui-key-undo"),
            Key::Draw => t!("tui-key-draw"),
            Key::Claim => t!("tui-key-claim"),
            Key::Resign => t!("tui-key-resign"),
            Key::Flip => t!("tui-key-flip"),
            Key::Quit => t!("tui-key-quit"),
        }
    }

    /// Its line in the help.
    fn help<G: CliGame>(self) -> String {
        match self {
            Key::Help => t!("tui-help-line-help"),
            Key::Hint => t!("tui-help-line-hint"),
            Key::Undo => t!("tui-help-line-undo"),
            Key::Draw => t!("tui-help-line-draw"),
            Key::Claim => t!("tui-help-line-claim", claim = session::claim_name::<G>()),
            Key::Resign => t!("tui-help-line-resign"),
            Key::Flip => t!("tui-help-line-flip"),
            Key::Quit => t!("tui-help-line-quit"),
        }
    }

    /// The command word that does the same at the move line.
    fn command(self) -> Option<Command> {
        Some(match self {
            Key::Help => Command::Help,
            Key::Hint => Command::Hint,
            Key::Undo => Command::Undo,
            Key::Draw => Command::Draw,
            Key::Claim => Command::Claim,
            Key::Resign => Command::Resign,
            Key::Flip => Command::Flip,
            Key::Quit => Command::Quit,
        })
    }
}

/// A drawing of the board with the measures the screen's layout needs.
struct Fit {
    drawing: board::Drawing,
    /// The first line under the board itself (the counts and notes, which
    /// the side panel shows).
    end: usize,
    /// The columns of the board's widest line, and one to spare.
    width: u16,
    /// The lines down to the end of the board.
    height: u16,
}

impl Fit {
    fn of(drawing: board::Drawing) -> Fit {
        let end = board::block(&drawing)
            .map_or(drawing.lines.len(), |(_, b)| b + 1)
            .min(drawing.lines.len());
        // The text, and the last column's cells as far as they reach.
        let cells = drawing
            .spots
            .iter()
            .map(|s| s.x + drawing.half.0 + 1)
            .max()
            .unwrap_or(0);
        let width = drawing.lines[..end]
            .iter()
            .map(|l| l.trim_end().chars().count())
            .max()
            .unwrap_or(0)
            .max(cells);
        Fit {
            end,
            width: width as u16 + 1,
            height: end as u16,
            drawing,
        }
    }
}

/// The largest zoom of a board ([`board::zoom`]).
const MAX_ZOOM: usize = 4;
/// The narrowest side panel beside a board drawn as the game draws it.
const MIN_PANEL: u16 = 14;

/// The width of the side panel's names column: 7, or the longer name and
/// a space (Spanish `Blancas` is 7 letters long).
fn name_column(names: [&str; 2]) -> usize {
    names
        .iter()
        .map(|n| n.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(7)
}

#[cfg(test)]
mod tests;
