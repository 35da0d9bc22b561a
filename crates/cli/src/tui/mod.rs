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
                if let Some(action) = Action::parse(&text) {
                    self.act(&action);
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
        // With a clock there is no undo: its key is not offered.
        let keys = if self.session.clock().is_some() {
            t!("tui-keys-bar-clock")
        } else {
            t!("tui-keys-bar")
        };
        let keys_bar = Paragraph::new(keys).wrap(Wrap { trim: true });
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
        let board = self.drawing(main.height);
        // The rows of the board are never cut; the lines of text around
        // them wrap when the move list needs the room.
        let width = |lines: &mut dyn Iterator<Item = &String>| {
            lines.map(|l| l.chars().count()).max().unwrap_or(0) as u16 + 1
        };
        let rows: Vec<usize> = board.spots.iter().map(|s| s.line).collect();
        let grid_w = width(
            &mut board
                .lines
                .iter()
                .enumerate()
                .filter(|(i, _)| rows.contains(i))
                .map(|(_, l)| l),
        );
        let all_w = width(&mut board.lines.iter());
        let board_w = all_w
            .min(main.width.saturating_sub(24))
            .max(grid_w)
            .min(main.width);
        let [left, right] =
            Layout::horizontal([Constraint::Length(board_w), Constraint::Min(10)]).areas(main);
        f.render_widget(
            Paragraph::new(self.styled_board(&board)).wrap(Wrap { trim: false }),
            left,
        );
        f.render_widget(self.panel(right), right);
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

    /// The board as drawn for a main area `height` lines high (Linja's
    /// short drawing where the whole one does not fit).
    fn drawing(&self, height: u16) -> board::Drawing {
        let now = self.table().history().current();
        let whole = board::drawing(now, self.flip, false);
        if whole.lines.len() <= usize::from(height) {
            return whole;
        }
        let short = board::drawing(now, self.flip, true);
        if short.lines.len() < whole.lines.len() {
            short
        } else {
            whole
        }
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
            let row = &mut styles[s.line];
            for x in s.x.saturating_sub(1)..=s.x + 1 {
                let Some(st) = row.get_mut(x) else { continue };
                if let Some(bg) = bg {
                    *st = st.bg(bg);
                }
                if marked {
                    *st = st.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                    if st.fg.is_none() {
                        *st = st.fg(Color::Black);
                    }
                }
                if preview.contains(&s.name) {
                    *st = st.add_modifier(Modifier::UNDERLINED | Modifier::BOLD);
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
    fn panel(&self, area: Rect) -> Paragraph<'static> {
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
                spans.push(Span::raw("  "));
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
            t!("tui-help", spec = HINT_SPEC),
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

/// The background of the last move's cells.
const MARK: Color = Color::Yellow;
/// The background of the dark squares.
const DARK: Color = Color::DarkGray;
/// The background of the light squares.
const LIGHT: Color = Color::Gray;

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
