//! The two-game match (Jarmo's rule 11) in full screen: game 1 then game 2
//! on the same screen, the people swapping seats; the header and the side
//! panel say which game it is, who is who and the points after game 1; a
//! box between the games gives game 1's result and points and waits for a
//! key, and one at the end gives the match's result.
//!
//! Each game is an [`App`] of its own, with its record saved after every
//! move (`FILE.1`, `FILE.2`), as in the line mode.

use super::{result_sentence, App, Banner, Overlay, Saver, Screen};
use crate::i18n::t;
use crate::render::CliGame;
use crate::session::{match_end_lines, match_game_lines, match_header};
use anyhow::Result;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::Frame;
use tablero_ai::table::{Seat, Table};
use tablero_ai::Bot;
use tablero_core::{Person, Player, SeatSwapMatch};

/// Makes the record saver of game `N` (1 or 2), given the players' names
/// by seat (player one first).
pub type MakeSaver<G> = Box<dyn FnMut(usize, [String; 2]) -> Saver<G>>;

/// The computer players of the two people (`None` for a person), A first.
type Bots<G> = [Option<Box<dyn Bot<G>>>; 2];

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// A game is being played.
    Playing,
    /// Game 1 is over; a key starts game 2.
    Between,
    /// Both games are over; a key leaves.
    Over,
}

/// A two-game match in full screen.
pub struct MatchApp<G: CliGame> {
    m: SeatSwapMatch<G>,
    /// The game on the screen.
    app: App<G>,
    /// Game 2, ready while the box between the games is shown.
    next: Option<App<G>>,
    phase: Phase,
    /// The people's players as given (`human`, `ai:1`), A first.
    names: [String; 2],
    /// The people's seats at the table (a person or the computer), A first.
    seats: [Seat; 2],
    make_saver: MakeSaver<G>,
    seed: u64,
    quit: bool,
    /// Colours on the screen (every game's).
    color: bool,
    /// A record that could not be written: the match stops with it.
    error: Option<anyhow::Error>,
}

impl<G: CliGame + Send + 'static> MatchApp<G>
where
    G::Move: Send,
{
    /// A match at its first game; `bots`, `seats` and `names` are the two
    /// people's (A first). The first game's record is written at once.
    ///
    /// # Errors
    /// When the first game's record cannot be written.
    pub fn new(
        m: SeatSwapMatch<G>,
        bots: Bots<G>,
        seats: [Seat; 2],
        names: [String; 2],
        make_saver: MakeSaver<G>,
        seed: u64,
    ) -> Result<Self> {
        let mut make_saver = make_saver;
        let app = game_app(&m, 1, bots, seats, &names, &mut make_saver, seed, None)?;
        Ok(MatchApp {
            m,
            app,
            next: None,
            phase: Phase::Playing,
            names,
            seats,
            make_saver,
            seed,
            quit: false,
            color: true,
            error: None,
        })
    }

    /// Colours on the screen or not, for both games.
    pub fn set_color(&mut self, color: bool) {
        self.color = color;
        self.app.set_color(color);
    }

    /// The match so far (the game on the screen as it stands).
    pub fn matches(&self) -> &SeatSwapMatch<G> {
        &self.m
    }

    /// The error that stopped the match (a record that could not be
    /// written), once.
    pub fn take_error(&mut self) -> Option<anyhow::Error> {
        self.error.take()
    }

    /// Keeps the game on the screen in the match.
    fn sync(&mut self) {
        if self.phase == Phase::Playing {
            *self.m.current_mut() = self.app.table().history().clone();
        }
    }

    /// After a key or a computer's move: a game that ended shows its box.
    fn advance(&mut self) {
        if self.phase != Phase::Playing {
            return;
        }
        let Some(o) = self.app.table().outcome() else {
            return;
        };
        // A hint for a position that is gone.
        self.app.job = None;
        self.sync();
        let game = self.m.game_number();
        let mut lines = vec![result_sentence(self.m.current(), o)];
        lines.extend(match_game_lines(&self.m, &self.names, game));
        lines.push(String::new());
        if game == 1 {
            self.m.next_game();
            let mut by_seat = self.app.take_bots();
            let mut bots: Bots<G> = [None, None];
            for p in Player::ALL {
                bots[Person::in_seat(p, 1).index()] = by_seat[p.index()].take();
            }
            let [a, b] = self.m.points();
            let total = t!(
                "tui-match-total",
                a = crate::render::points(a),
                b = crate::render::points(b)
            );
            lines.push(match_header::<G>(self.m.variant(), &self.names, 2));
            lines.push(String::new());
            lines.push(t!("tui-match-next"));
            match game_app(
                &self.m,
                2,
                bots,
                self.seats,
                &self.names,
                &mut self.make_saver,
                self.seed,
                Some(total),
            ) {
                Ok(mut app) => {
                    app.set_color(self.color);
                    self.next = Some(app);
                }
                Err(e) => self.error = Some(e),
            }
            self.app.message = t!("tui-match-next");
            self.phase = Phase::Between;
        } else {
            lines.extend(match_end_lines(&self.m, &self.names));
            lines.push(String::new());
            lines.push(t!("tui-match-leave"));
            self.app.message = t!("tui-match-leave");
            self.phase = Phase::Over;
        }
        self.app.overlay = Some(Overlay {
            title: if game == 1 {
                t!("tui-match-game-over", game = game)
            } else {
                t!("tui-match-over")
            },
            lines,
        });
        if self.error.is_some() {
            self.quit = true;
        }
    }

    /// Waits for the computer's thread and takes its move (the tests' way
    /// of letting it play).
    #[cfg(test)]
    pub fn wait(&mut self) {
        if self.phase == Phase::Playing {
            self.app.wait();
            self.advance();
        }
    }

    /// Whether game 1 is over and the box between the games is shown.
    #[cfg(test)]
    pub fn between(&self) -> bool {
        self.phase == Phase::Between
    }

    /// Whether both games are over.
    #[cfg(test)]
    pub fn over(&self) -> bool {
        self.phase == Phase::Over
    }
}

/// The [`App`] of game `game`: each person in their seat for that game,
/// with their computer player; its record written at once (as the line
/// mode does), then after every move.
#[allow(clippy::too_many_arguments)]
fn game_app<G: CliGame + Send + 'static>(
    m: &SeatSwapMatch<G>,
    game: usize,
    mut bots: Bots<G>,
    seats: [Seat; 2],
    names: &[String; 2],
    make_saver: &mut MakeSaver<G>,
    seed: u64,
    total: Option<String>,
) -> Result<App<G>>
where
    G::Move: Send,
{
    let person = |p: Player| Person::in_seat(p, game);
    let seat_names = Player::ALL.map(|p| names[person(p).index()].clone());
    let table = Table::from_history(
        m.current().clone(),
        Player::ALL.map(|p| seats[person(p).index()]),
    );
    let seat_bots = Player::ALL.map(|p| bots[person(p).index()].take());
    let mut save = make_saver(game, seat_names.clone());
    save(table.history())?;
    let mut app = App::new(
        table,
        seat_bots,
        seat_names,
        save,
        seed.wrapping_add(game as u64),
    );
    app.banner = Some(Banner {
        title: t!("tui-match-game", game = game),
        people: Player::ALL.map(|p| person(p).to_string()),
        total,
    });
    Ok(app)
}

impl<G: CliGame + Send + 'static> Screen for MatchApp<G>
where
    G::Move: Send,
{
    fn step(&mut self) -> bool {
        if self.phase != Phase::Playing {
            return false;
        }
        let changed = self.app.step();
        self.advance();
        changed
    }

    fn key(&mut self, k: KeyEvent) {
        if k.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        let leave = ctrl && matches!(k.code, KeyCode::Char('c' | 'd')) || k.code == KeyCode::F(10);
        match self.phase {
            Phase::Playing => {
                self.app.key(k);
                self.advance();
                if self.phase == Phase::Playing && self.app.quitting() {
                    self.sync();
                    self.quit = true;
                }
            }
            Phase::Between if leave => self.quit = true,
            Phase::Between => match self.next.take() {
                Some(app) => {
                    self.app = app;
                    self.phase = Phase::Playing;
                }
                None => self.quit = true,
            },
            Phase::Over => self.quit = true,
        }
    }

    fn draw(&self, f: &mut Frame) {
        self.app.draw(f);
    }

    fn quitting(&self) -> bool {
        self.quit
    }

    fn stop(&mut self) {
        self.sync();
        self.quit = true;
    }

    fn thinking(&self) -> bool {
        Screen::thinking(&self.app)
    }
}
