//! The full-screen game drawn on ratatui's test backend: moves typed and
//! chosen with the keys, the computer on its thread, the board read back
//! from the screen.

use super::*;
use crate::render::BoardView;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::Terminal;
use std::cell::Cell;
use std::rc::Rc;
use tablero_ai::table::Seat;
use tablero_core::Game;
use tablero_games::dimensiones::Dimensiones;
use tablero_games::draughts::Draughts;
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

/// A person (player one) against the random player; the number of times
/// the record was saved is counted.
fn game<G: CliGame + Send + 'static>(variant: &str, p2: &str) -> (App<G>, Rc<Cell<usize>>)
where
    G::Move: Send,
{
    let variant = if variant.is_empty() {
        G::Variant::default()
    } else {
        variant
            .parse::<G::Variant>()
            .unwrap_or_else(|e| panic!("variant {variant}: {e}"))
    };
    let start = G::start_with(&variant, Player::P1);
    let (seat, bot) = if p2 == "human" {
        (Seat::Person, None)
    } else {
        (
            Seat::Computer(tablero_ai::spec_level(p2)),
            Some(parse_spec::<G>(p2, 7).expect("a spec")),
        )
    };
    let table = Table::new(start, [Seat::Person, seat]);
    let saves = Rc::new(Cell::new(0));
    let count = saves.clone();
    let save: Saver<G> = Box::new(move |_| {
        count.set(count.get() + 1);
        Ok(())
    });
    let app = App::new(
        table,
        [None, bot],
        ["human".to_string(), p2.to_string()],
        save,
        3,
    );
    (app, saves)
}

fn screen<G: CliGame + Send + 'static>(app: &App<G>, w: u16, h: u16) -> Buffer
where
    G::Move: Send,
{
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    t.draw(|f| app.draw(f)).expect("drawn");
    t.backend().buffer().clone()
}

fn rows(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (0..a.height)
        .map(|y| (0..a.width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

/// Where the screen draws cell `name` of a grid: the column of its letter
/// in the header line, the line labelled with its row.
fn find_cell(rows: &[String], name: &str) -> Option<(u16, u16)> {
    let letter = name.chars().next()?;
    let row: String = name.chars().skip(1).collect();
    let head = rows.iter().find(|r| {
        let t: String = r.chars().filter(|c| !c.is_whitespace()).collect();
        t.starts_with("abc")
    })?;
    let x = head.chars().position(|c| c == letter)?;
    let y = rows
        .iter()
        .position(|r| r.starts_with(&format!(" {row}  ")))?;
    Some((x as u16, y as u16))
}

/// Plays `n` moves of the person (the first chosen with the arrow keys,
/// the others typed in capitals where the game writes cells) and the
/// computer's replies; checks the move list, the mark on the last move and
/// the saves.
fn play_some<G: CliGame + Send + 'static>(variant: &str, n: usize)
where
    G::Move: Send,
{
    let (mut app, saves) = game::<G>(variant, "random");
    for i in 0..n {
        app.step();
        app.wait();
        assert!(app.table().outcome().is_none(), "{}", G::NAME);
        let before = app.table().moves().len();
        if i == 0 {
            app.key(KeyEvent::from(KeyCode::Down));
            app.key(KeyEvent::from(KeyCode::Down));
            let chosen = app.input.clone();
            assert_eq!(chosen, app.table().legal()[1].text);
            app.key(KeyEvent::from(KeyCode::Enter));
            assert_eq!(app.table().moves().last(), Some(&chosen));
        } else {
            let mv = app
                .table()
                .legal()
                .last()
                .expect("a legal move")
                .text
                .clone();
            app.type_line(&mv.to_uppercase());
            assert_eq!(app.table().moves().last(), Some(&mv), "{}", G::NAME);
        }
        assert_eq!(app.table().moves().len(), before + 1);
        let buf = screen(&app, 80, 24);
        let text = rows(&buf);
        let last = app.table().moves().last().expect("a move").clone();
        assert!(
            text.iter()
                .any(|r| r.contains(&format!("{}. ", before + 1)) && r.contains(&last)),
            "{}: the move list shows {last}:\n{}",
            G::NAME,
            text.join("\n")
        );
        // The last move is marked on the board.
        let marked = buf.content.iter().filter(|c| c.bg == MARK).count();
        assert!(marked >= 3, "{}: the last move is marked", G::NAME);
        app.step();
        app.wait();
    }
    assert!(saves.get() >= 2 * n - 1, "saved after every move");
}

#[test]
fn every_game_plays_in_full_screen() {
    play_some::<Imago>("", 3);
    play_some::<Jarmo>("", 3);
    play_some::<Linja>("", 3);
    play_some::<Dimensiones>("I-C-N-E-S", 3);
    play_some::<Dimensiones>("", 3);
    play_some::<Draughts>("", 3);
}

#[test]
fn formation_e_draws_every_square_and_marks_the_last_move() {
    let (mut app, _) = game::<Dimensiones>("I-C-N-E-S", "human");
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    let buf = screen(&app, 80, 24);
    let text = rows(&buf);
    let mut drawn = 0;
    for col in 'a'..='f' {
        for row in 1..=6 {
            let name = format!("{col}{row}");
            let (x, y) = find_cell(&text, &name).expect("the cell is on the screen");
            let cell = &buf[(x, y)];
            assert_ne!(cell.symbol(), " ", "{name} is drawn:\n{}", text.join("\n"));
            // Every square is shaded, light or dark (a1 dark), or marked.
            let dark = (col as u8 - b'a' + row) % 2 == 1;
            let cells = <Dimensiones as tablero_games::Describe>::path(&mv);
            let expect = if cells.contains(&name) {
                MARK
            } else if dark {
                DARK
            } else {
                LIGHT
            };
            assert_eq!(cell.bg, expect, "{name}");
            drawn += 1;
        }
    }
    assert_eq!(drawn, 36);
    // The move's cells are marked.
    for name in <Dimensiones as tablero_games::Describe>::path(&mv) {
        let (x, y) = find_cell(&text, &name).expect("on the screen");
        assert_eq!(buf[(x, y)].bg, MARK, "{name} of {mv} is marked");
    }
}

#[test]
fn flipping_turns_the_rows_over() {
    let (mut app, _) = game::<Jarmo>("", "human");
    let before = rows(&screen(&app, 80, 24));
    let top = |r: &[String]| r.iter().position(|l| l.starts_with(" 5  "));
    let bottom = |r: &[String]| r.iter().position(|l| l.starts_with(" 1  "));
    assert!(top(&before) < bottom(&before));
    app.key(KeyEvent::from(KeyCode::F(7)));
    let after = rows(&screen(&app, 80, 24));
    assert!(top(&after) > bottom(&after));
}

#[test]
fn two_people_agree_a_draw_and_the_record_keeps_it() {
    let (mut app, saves) = game::<Jarmo>("", "human");
    app.key(KeyEvent::from(KeyCode::F(4)));
    assert!(app.message.contains("offers a draw"), "{}", app.message);
    app.key(KeyEvent::from(KeyCode::Char('n')));
    assert!(app.table().outcome().is_none());
    app.type_line("draw");
    app.key(KeyEvent::from(KeyCode::Char('y')));
    let o = app.table().outcome().expect("drawn");
    assert_eq!(o.reason, tablero_core::Reason::Agreed);
    assert!(saves.get() >= 1);
    let text = rows(&screen(&app, 80, 24)).join("\n");
    assert!(text.contains("Draw (agreed)"), "{text}");
    // Enter leaves a finished game.
    app.key(KeyEvent::from(KeyCode::Enter));
    assert!(app.quitting());
}

#[test]
fn undo_against_the_computer_and_bad_moves() {
    let (mut app, _) = game::<Imago>("", "random");
    app.type_line("z9-z9");
    assert!(app.table().moves().is_empty());
    assert!(!app.message.is_empty());
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    app.step();
    app.wait();
    assert_eq!(app.table().moves().len(), 2);
    app.key(KeyEvent::from(KeyCode::F(3)));
    assert!(app.table().moves().is_empty(), "{}", app.message);
    // The help opens and any key closes it.
    app.key(KeyEvent::from(KeyCode::F(1)));
    let text = rows(&screen(&app, 80, 24)).join("\n");
    assert!(text.contains("F2 hint"), "{text}");
    app.key(KeyEvent::from(KeyCode::Char('x')));
    assert!(app.help.is_none());
    assert!(app.input.is_empty());
}

#[test]
fn a_hint_fills_the_move_line() {
    let (mut app, _) = game::<Linja>("", "human");
    app.key(KeyEvent::from(KeyCode::F(2)));
    app.wait();
    let legal: Vec<String> = app.table().legal().into_iter().map(|m| m.text).collect();
    assert!(legal.contains(&app.input), "{}", app.input);
    app.key(KeyEvent::from(KeyCode::Enter));
    assert_eq!(app.table().moves().len(), 1);
}

#[test]
fn small_and_resized_screens_do_not_panic() {
    let (app, _) = game::<Linja>("", "human");
    for (w, h) in [(80, 24), (20, 5), (1, 1), (200, 60)] {
        let _ = screen(&app, w, h);
    }
    let text = rows(&screen(&app, 80, 24)).join("\n");
    // Every row of Linja is drawn, with its stick.
    for r in 0..8 {
        assert!(text.contains(&format!(" {r}   ")), "row {r}:\n{text}");
    }
    assert!(text.contains("════"));
}

#[test]
fn undo_after_the_computers_first_move_waits_to_be_asked() {
    let start = Jarmo::start(&Default::default());
    let table = Table::new(start, [Seat::Computer(None), Seat::Person]);
    let bot = parse_spec::<Jarmo>("random", 5).expect("a spec");
    let mut app = App::new(
        table,
        [Some(bot), None],
        ["random".to_string(), "human".to_string()],
        Box::new(|_| Ok(())),
        1,
    );
    app.step();
    app.wait();
    assert_eq!(app.table().moves().len(), 1);
    app.key(KeyEvent::from(KeyCode::F(3)));
    assert!(app.table().moves().is_empty(), "{}", app.message);
    // The computer waits...
    assert!(!app.step());
    app.wait();
    assert!(app.table().moves().is_empty());
    assert!(app.message.contains("Enter"), "{}", app.message);
    // ...until asked.
    app.key(KeyEvent::from(KeyCode::Enter));
    app.step();
    app.wait();
    assert_eq!(app.table().moves().len(), 1);
}

#[test]
fn the_thinking_line_shows_the_search_s_best_line_so_far() {
    let (mut app, _) = game::<Jarmo>("", "ab:ms=3000");
    app.step();
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    app.step();
    let job = app.job.as_ref().expect("the computer thinks");
    let t0 = Instant::now();
    while job.progress.get().is_none() && t0.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(10));
    }
    // The search goes on while the screen is drawn: compare with a report
    // that was the latest both before and after the drawing.
    let (now, shown) = loop {
        let before = job.progress.get().expect("a report while the search runs");
        let shown = rows(&screen(&app, 100, 30));
        if job.progress.get().as_ref() == Some(&before) {
            break (before, shown);
        }
    };
    assert!(now.starts_with("depth ") && now.contains(" pv "), "{now}");
    let head: String = crate::i18n::search_line(&now).chars().take(20).collect();
    assert!(
        shown.iter().any(|r| r.contains(&head)),
        "{head:?} not on the screen:\n{}",
        shown.join("\n")
    );
    app.wait();
    assert_eq!(app.table().moves().len(), 2);
}

fn screen_text(s: &impl Screen, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
    t.draw(|f| s.draw(f)).expect("drawn");
    rows(t.backend().buffer()).join("\n")
}

/// The saves of a match: (game, moves in the record).
type SaveLog = Rc<std::cell::RefCell<Vec<(usize, usize)>>>;

/// A Jarmo match between two computers at level 1; the saves are logged.
fn jarmo_match() -> (MatchApp<Jarmo>, SaveLog) {
    let log = Rc::new(std::cell::RefCell::new(Vec::new()));
    let saves = log.clone();
    let make: matches::MakeSaver<Jarmo> = Box::new(move |game, names| {
        assert_eq!(names, ["ai:1".to_string(), "ai:1".to_string()]);
        let saves = saves.clone();
        Box::new(move |h: &History<Jarmo>| {
            saves.borrow_mut().push((game, h.moves().len()));
            Ok(())
        })
    });
    let m = tablero_core::SeatSwapMatch::<Jarmo>::new(Default::default(), Player::P1);
    let bots = [
        Some(parse_spec::<Jarmo>("ai:1", 11).expect("a spec")),
        Some(parse_spec::<Jarmo>("ai:1", 12).expect("a spec")),
    ];
    let seat = Seat::Computer(tablero_ai::spec_level("ai:1"));
    let app = MatchApp::new(
        m,
        bots,
        [seat, seat],
        ["ai:1".to_string(), "ai:1".to_string()],
        make,
        5,
    )
    .expect("a match");
    (app, log)
}

#[test]
fn a_two_game_match_plays_both_games_on_one_screen() {
    use tablero_core::Person;
    let (mut app, log) = jarmo_match();
    let s = screen_text(&app, 160, 40);
    assert!(s.contains("Game 1 of 2"), "{s}");
    assert!(s.contains("Dark: A (ai:1) · Light: B (ai:1)"), "{s}");
    for _ in 0..5000 {
        if app.between() {
            break;
        }
        Screen::step(&mut app);
        app.wait();
    }
    assert!(app.between(), "game 1 ends");
    let (a1, b1) = (
        app.matches()
            .game_points(Person::A, 1)
            .expect("game 1 over"),
        app.matches()
            .game_points(Person::B, 1)
            .expect("game 1 over"),
    );
    let s = screen_text(&app, 200, 40);
    assert!(s.contains("Game 1 is over"), "{s}");
    assert!(
        s.contains(&format!(
            "Game 1: A (ai:1, Dark) {}",
            crate::render::points(a1)
        )),
        "{s}"
    );
    assert!(s.contains("Any key starts game 2"), "{s}");
    // The record of game 2 is written before it starts, as in line mode.
    assert_eq!(log.borrow().last(), Some(&(2, 0)));
    let game1 = log.borrow().iter().filter(|(g, _)| *g == 1).count();
    assert_eq!(game1, app.matches().games()[0].moves().len() + 1);

    Screen::key(&mut app, KeyEvent::from(KeyCode::Char('x')));
    assert!(!app.between() && !app.quitting());
    let s = screen_text(&app, 160, 40);
    assert!(s.contains("Game 2 of 2"), "{s}");
    // The people swapped seats; the points of game 1 are shown.
    assert!(s.contains("Dark: B (ai:1) · Light: A (ai:1)"), "{s}");
    assert!(
        s.contains(&format!(
            "After game 1: A {}, B {}",
            crate::render::points(a1),
            crate::render::points(b1)
        )),
        "{s}"
    );
    for _ in 0..5000 {
        if app.over() {
            break;
        }
        Screen::step(&mut app);
        app.wait();
    }
    assert!(app.over(), "game 2 ends");
    let m = app.matches();
    let (a2, b2) = (
        m.game_points(Person::A, 2).expect("game 2 over"),
        m.game_points(Person::B, 2).expect("game 2 over"),
    );
    let s = screen_text(&app, 200, 40);
    assert!(s.contains("The match is over"), "{s}");
    assert!(
        s.contains(&format!(
            "Total for A (ai:1): {a1} + {a2} = {}",
            crate::render::points(a1 + a2)
        )),
        "{s}"
    );
    let result = if a1 + a2 > b1 + b2 {
        "A (ai:1) wins the match."
    } else if b1 + b2 > a1 + a2 {
        "B (ai:1) wins the match."
    } else {
        "The match is drawn."
    };
    assert!(s.contains(result), "{s}");
    assert_eq!(
        log.borrow().last(),
        Some(&(2, app.matches().games()[1].moves().len()))
    );
    Screen::key(&mut app, KeyEvent::from(KeyCode::Enter));
    assert!(app.quitting());
}

#[test]
fn leaving_between_the_games_leaves_game_two_unplayed() {
    let (mut app, _) = jarmo_match();
    // A person's key in game 1 while the computers play: F10 leaves.
    Screen::step(&mut app);
    app.wait();
    Screen::key(&mut app, KeyEvent::from(KeyCode::F(10)));
    assert!(app.quitting());
    assert!(app.matches().games()[0].outcome().is_none());
    assert_eq!(app.matches().games()[0].moves().len(), 1);

    let (mut app, _) = jarmo_match();
    while !app.between() {
        Screen::step(&mut app);
        app.wait();
    }
    Screen::key(&mut app, KeyEvent::from(KeyCode::F(10)));
    assert!(app.quitting());
    assert_eq!(app.matches().games().len(), 2);
    assert!(app.matches().games()[1].moves().is_empty());
}

/// Plays a game between two people at the keyboard, a move chosen by its
/// number each time, and after every few plies (and at the end) checks that
/// the move list shows the newest ply at 80x24 and 60x20.
fn newest_ply_always_shown<G: CliGame + Send + 'static>(variant: &str, plies: usize)
where
    G::Move: Send,
{
    let (mut app, _) = game::<G>(variant, "human");
    for i in 0..plies {
        if app.table().outcome().is_some() {
            break;
        }
        let n = app.table().legal().len();
        app.type_line(&((i * 7) % n + 1).to_string());
        assert_eq!(
            app.table().moves().len(),
            i + 1,
            "{}: {}",
            G::NAME,
            app.message
        );
        if i % 5 == 4 || app.table().outcome().is_some() || i + 1 == plies {
            for (w, h) in [(80, 24), (60, 20)] {
                let text = rows(&screen(&app, w, h)).join("\n");
                let number = format!("{:>3}. ", i + 1);
                assert!(
                    text.contains(&number),
                    "{} at {w}x{h}: ply {} not shown:\n{text}",
                    G::NAME,
                    i + 1
                );
            }
        }
    }
}

#[test]
fn the_move_list_shows_the_newest_ply_in_every_game_at_80x24_and_60x20() {
    newest_ply_always_shown::<Imago>("", 60);
    newest_ply_always_shown::<Jarmo>("", 60);
    newest_ply_always_shown::<Linja>("", 60);
    newest_ply_always_shown::<Dimensiones>("", 60);
    newest_ply_always_shown::<Draughts>("", 60);
}

#[test]
fn without_colour_the_last_move_is_marked_in_reverse_video() {
    let (mut app, _) = game::<Draughts>("", "human");
    app.set_color(false);
    app.type_line("1");
    let buf = screen(&app, 80, 24);
    assert!(
        buf.content
            .iter()
            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
        "no colour anywhere"
    );
    let text = rows(&buf);
    for name in <Draughts as tablero_games::Describe>::path(&app.table().moves()[0]) {
        let (x, y) = find_cell(&text, &name).expect("on the screen");
        assert!(
            buf[(x, y)].modifier.contains(Modifier::REVERSED),
            "{name} is marked"
        );
    }
}

#[test]
fn f6_asks_before_resigning() {
    let (mut app, _) = game::<Imago>("", "human");
    app.key(KeyEvent::from(KeyCode::F(6)));
    assert!(app.table().outcome().is_none());
    assert!(app.message.contains("Resign"), "{}", app.message);
    app.key(KeyEvent::from(KeyCode::Char('n')));
    assert!(app.table().outcome().is_none(), "a no keeps the game");
    app.key(KeyEvent::from(KeyCode::F(6)));
    app.key(KeyEvent::from(KeyCode::Char('y')));
    let o = app.table().outcome().expect("resigned");
    assert_eq!(o.reason, tablero_core::Reason::Resign);
    assert_eq!(o.winner, Some(Player::P2));
}

#[test]
fn the_moves_are_numbered_and_the_typed_one_is_previewed() {
    let (mut app, _) = game::<Draughts>("", "human");
    app.type_line("moves");
    let legal: Vec<String> = app.table().legal().into_iter().map(|m| m.text).collect();
    assert!(
        app.message.contains(&format!("2 {}", legal[1])),
        "{}",
        app.message
    );
    for c in legal[1].chars() {
        app.key(KeyEvent::from(KeyCode::Char(c)));
    }
    let buf = screen(&app, 80, 24);
    let text = rows(&buf);
    assert!(
        text.iter().any(|r| r.contains("number 2 in the list")),
        "{}",
        text.join("\n")
    );
    for name in <Draughts as tablero_games::Describe>::path(&legal[1]) {
        let (x, y) = find_cell(&text, &name).expect("on the screen");
        assert!(
            buf[(x, y)].modifier.contains(Modifier::UNDERLINED),
            "{name}"
        );
    }
    assert!(app.table().moves().is_empty(), "not played before Enter");
}

#[test]
fn at_60x20_linja_shows_every_row_and_the_keys_whole() {
    let (app, _) = game::<Linja>("", "human");
    let text = rows(&screen(&app, 60, 20)).join("\n");
    for r in 0..8 {
        assert!(text.contains(&format!(" {r}   ")), "row {r}:\n{text}");
    }
    for word in app.keys_bar().split_whitespace() {
        assert!(text.contains(word), "{word} of the keys' line:\n{text}");
    }
}

#[test]
fn the_help_scrolls_on_a_small_screen() {
    let (mut app, _) = game::<Jarmo>("", "human");
    app.key(KeyEvent::from(KeyCode::F(1)));
    let first = rows(&screen(&app, 60, 20));
    app.key(KeyEvent::from(KeyCode::PageDown));
    assert!(app.help.is_some(), "scrolling keeps the help open");
    let second = rows(&screen(&app, 60, 20));
    assert_ne!(first, second);
    app.key(KeyEvent::from(KeyCode::Char('x')));
    assert!(app.help.is_none());
}

#[test]
fn an_imago_piece_on_its_goal_is_no_lost_piece() {
    let start = Imago::parse_position(&Default::default(), "c4,f2/b6,g1 b 0").expect("a position");
    let table = Table::new(start, [Seat::Person, Seat::Person]);
    let mut app = App::new(
        table,
        [None, None],
        ["ai:1".to_string(), "human".to_string()],
        Box::new(|_| Ok(())),
        1,
    );
    app.type_line("b6-a6");
    assert!(app.table().outcome().is_some(), "{}", app.message);
    let text = rows(&screen(&app, 80, 24)).join("\n");
    assert!(text.contains("Pieces lost: none"), "{text}");
}

#[test]
fn jarmo_shows_the_lines_of_the_archers_to_move() {
    let (mut app, _) = game::<Jarmo>("", "human");
    let text = rows(&screen(&app, 80, 24)).join("\n");
    assert!(text.contains("Lines from Dark's"), "{text}");
    assert!(text.contains("e1: c2 d3"), "{text}");
    for c in "b1".chars() {
        app.key(KeyEvent::from(KeyCode::Char(c)));
    }
    let text = rows(&screen(&app, 80, 24)).join("\n");
    assert!(text.contains("b1: a3 d2"), "{text}");
    assert!(!text.contains("e1: c2 d3"), "only the point typed:\n{text}");
}

#[test]
fn a_side_without_pieces_is_said_so() {
    let none =
        Draughts::parse_position(&Default::default(), "8/8/8/8/8/8/8/w7 b 0").expect("a position");
    let o = none.outcome().expect("Black cannot move");
    assert_eq!(o.winner, Some(Player::P1));
    let text = result_sentence(&History::new(none.clone()), o);
    assert!(text.contains("Black has no pieces left"), "{text}");
    assert!(!text.contains("neither"), "{text}");
}

/// `app` on a `control` clock read at the time in the cell.
fn on_clock<G: CliGame + Send + 'static>(app: &mut App<G>, control: &str) -> Rc<Cell<i64>>
where
    G::Move: Send,
{
    let now = Rc::new(Cell::new(0));
    let read = Rc::clone(&now);
    let clock = tablero_ai::clock::Clock::new(control.parse().expect("a control"));
    app.set_timer(Timer::with_time(clock, move || read.get()));
    now
}

/// Where `text` starts on the screen (column, line).
fn find_text(rows: &[String], text: &str) -> Option<(u16, u16)> {
    rows.iter().enumerate().find_map(|(y, r)| {
        let at = r.find(text)?;
        Some((r[..at].chars().count() as u16, y as u16))
    })
}

#[test]
fn the_clocks_show_by_the_names_and_the_running_one_is_marked_and_warns() {
    let (mut app, _) = game::<Imago>("", "human");
    let now = on_clock(&mut app, "1+0");
    let buf = screen(&app, 100, 30);
    let r = rows(&buf);
    assert!(r[0].contains("clock 1+0"), "{}", r[0]);
    // No undo on a clock: its key is not offered.
    let keys = r.join("\n");
    assert!(
        keys.contains("F4 draw") && !keys.contains("F3 undo"),
        "{keys}"
    );
    let red = find_text(&r, "Red       1:00").expect("Red's clock");
    let blue = find_text(&r, "Blue      1:00").expect("Blue's clock");
    // Nothing runs before the first move.
    assert!(!buf[(blue.0 + 9, blue.1)]
        .modifier
        .contains(Modifier::REVERSED));
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    now.set(2_500);
    let buf = screen(&app, 100, 30);
    let r = rows(&buf);
    assert!(
        find_text(&r, "Red       1:00").is_some(),
        "{}",
        r.join("\n")
    );
    let (x, y) = find_text(&r, "Blue      0:57").expect("Blue's clock runs");
    assert!(buf[(x + 9, y)].modifier.contains(Modifier::REVERSED));
    assert_ne!(buf[(x + 9, y)].fg, Color::Red);
    assert!(!buf[(red.0 + 9, red.1)]
        .modifier
        .contains(Modifier::REVERSED));
    // The last ten seconds: tenths, in red.
    now.set(55_000);
    let buf = screen(&app, 100, 30);
    let r = rows(&buf);
    let (x, y) = find_text(&r, "Blue    0:05.0").expect("tenths");
    assert_eq!(buf[(x + 9, y)].fg, Color::Red);
}

#[test]
fn the_flag_falls_at_the_deadline_without_a_key() {
    let (mut app, saves) = game::<Imago>("", "human");
    let now = on_clock(&mut app, "1+0");
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    now.set(59_999);
    app.step();
    assert!(app.table().outcome().is_none());
    let saved = saves.get();
    now.set(60_000);
    assert!(app.step(), "the screen changed");
    let o = app.table().outcome().expect("lost on time");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Player::P1), tablero_core::Reason::Time)
    );
    assert_eq!(saves.get(), saved + 1, "the record keeps the loss");
    let text = screen_text(&app, 100, 30);
    assert!(text.contains("The clock of Blue ran out"), "{text}");
    assert!(text.contains(&t!("reason-time")), "{text}");
    assert!(text.contains("0:00.0"), "{text}");
    // A key after the flag plays nothing.
    let late = app.table().legal();
    assert!(late.is_empty());
    // Undo is refused on a clock.
    let (mut app, _) = game::<Imago>("", "random");
    on_clock(&mut app, "1+0");
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    app.step();
    app.wait();
    app.key(KeyEvent::from(KeyCode::F(3)));
    assert_eq!(app.table().moves().len(), 2);
    assert!(app.message.contains("no take-backs"), "{}", app.message);
}

#[test]
fn a_computer_whose_flag_falls_while_it_thinks_stops_and_its_move_is_not_played() {
    // Its own 20 s, and 30 s from a 10-minute clock: only the stop makes
    // it come back at once.
    let (mut app, _) = game::<Imago>("", "mcts:ms=20000");
    let now = on_clock(&mut app, "10+0");
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    app.step();
    assert!(app.job.is_some(), "the computer thinks");
    now.set(600_000);
    app.step();
    let o = app.table().outcome().expect("lost on time");
    assert_eq!(o.winner, Some(Player::P1));
    let started = Instant::now();
    app.wait();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "the search stopped"
    );
    assert!(app.bots[1].is_some(), "the player came back");
    assert_eq!(app.table().moves().len(), 1);
}

#[test]
fn a_side_s_name_never_runs_into_the_player_s() {
    // Spanish draughts: "Blancaspersona" before.
    assert_eq!(name_column(["Blancas", "Negras"]), 8);
    assert_eq!(name_column(["Sur", "Norte"]), 7);
    let (app, _) = game::<Draughts>("", "human");
    let text = rows(&screen(&app, 80, 24)).join("\n");
    assert!(text.contains("▶ White  human"), "{text}");
}

/// The three sizes the screens are checked at (#50): a small terminal, the
/// usual one, a large one.
const SIZES: [(u16, u16); 3] = [(40, 12), (80, 24), (120, 40)];

/// How far apart columns a and b are drawn, when the board is on the
/// screen.
fn column_gap(text: &[String]) -> Option<u16> {
    let (a, _) = find_cell(text, "a1")?;
    let (b, _) = find_cell(text, "b1")?;
    Some(b.abs_diff(a))
}

/// #50, item 3: the board grows with the window and the side panel keeps
/// each player's line whole; a terminal too small for every row says so
/// instead of cutting the board.
fn grows<G: CliGame + Send + 'static>(variant: &str)
where
    G::Move: Send,
{
    let (mut app, _) = game::<G>(variant, "ai:1");
    on_clock(&mut app, "3+2");
    let mut gaps = Vec::new();
    for (w, h) in SIZES {
        let text = rows(&screen(&app, w, h));
        let all = text.join("\n");
        let labels: Vec<usize> = (1..=8)
            .filter(|r| text.iter().any(|l| l.starts_with(&format!(" {r}  "))))
            .collect();
        if all.contains("too small") {
            // Said whole, with the size it needs; no row of the board.
            assert!(all.contains(&format!("({w}x{h})")), "{all}");
            assert!(labels.is_empty(), "{} at {w}x{h}:\n{all}", G::NAME);
            gaps.push(0);
            continue;
        }
        // Every row of the board, or none: never a board cut short.
        let view = BoardView::of(app.table().history().current());
        assert_eq!(labels.len(), view.rows, "{} at {w}x{h}:\n{all}", G::NAME);
        let gap = column_gap(&text).expect("the columns");
        gaps.push(gap);
        if G::CHECKERED {
            // Every square shaded whole, the last column's too.
            let buf = screen(&app, w, h);
            let last = char::from(b'a' + view.cols as u8 - 1);
            for name in [format!("{last}1"), format!("{last}{}", view.rows)] {
                let (x, y) = find_cell(&text, &name).expect("on the screen");
                for dx in 0..=(gap - 1) / 2 {
                    assert!(
                        [LIGHT, DARK].contains(&buf[(x + dx, y)].bg)
                            && [LIGHT, DARK].contains(&buf[(x - dx, y)].bg),
                        "{} at {w}x{h}: {name} cut at {dx}:\n{all}",
                        G::NAME
                    );
                }
            }
        }
        if w >= 80 {
            // Each player's line whole on one line of the panel.
            for (side, player) in [
                (
                    G::side_label_in(app.table().history().start().variant(), Player::P1),
                    "human",
                ),
                (
                    G::side_label_in(app.table().history().start().variant(), Player::P2),
                    "ai:1",
                ),
            ] {
                let line = text
                    .iter()
                    .find(|l| l.contains(&format!("{side} ")) && l.contains("3:00"))
                    .unwrap_or_else(|| panic!("{side}'s line at {w}x{h}:\n{all}"));
                assert!(
                    line.trim_end().ends_with(&format!("3:00  {player}")),
                    "{} at {w}x{h}: {line}",
                    G::NAME
                );
            }
        }
    }
    // Bigger at 120x40 than at 80x24.
    assert!(gaps[2] > gaps[1], "{}: {gaps:?}", G::NAME);
}

#[test]
fn the_board_grows_with_the_window_and_the_panel_keeps_its_lines_whole() {
    grows::<Jarmo>("");
    grows::<Dimensiones>("");
    grows::<Imago>("");
    grows::<Draughts>("");
    // At 40x12 Super Dimensiones' eight lines of board do not fit: said.
    let (app, _) = game::<Dimensiones>("", "human");
    let text = rows(&screen(&app, 40, 12)).join("\n");
    assert!(text.contains("too small"), "{text}");
    assert!(text.contains("--plain"), "{text}");
}

/// #50, item 4: Jarmo's lines are drawn between the points that they join
/// once the rows are apart (80x24 and 120x40): the character halfway
/// along each line is one of its dots; at 40x12 the rows touch and the
/// panel lists the lines instead.
#[test]
fn jarmo_draws_its_lines_between_the_points() {
    let (app, _) = game::<Jarmo>("", "human");
    for (w, h) in SIZES {
        let buf = screen(&app, w, h);
        let text = rows(&buf);
        let all = text.join("\n");
        let braille = all.chars().filter(|&c| board::is_braille(c)).count();
        if (w, h) == (40, 12) {
            assert_eq!(braille, 0, "{all}");
            assert!(all.contains("5: Light's"), "{all}");
            continue;
        }
        for (a, b) in tablero_games::jarmo::LINES {
            let (xa, ya) = find_cell(&text, &a.to_string()).expect("on the screen");
            let (xb, yb) = find_cell(&text, &b.to_string()).expect("on the screen");
            // The dot halfway from the middle of one point to the other's,
            // a character holding 2 x 4 dots.
            let (x0, y0) = (2 * i64::from(xa) + 1, 4 * i64::from(ya) + 2);
            let (x1, y1) = (2 * i64::from(xb) + 1, 4 * i64::from(yb) + 2);
            let steps = (x1 - x0).abs().max((y1 - y0).abs());
            let (px, py) = (
                x0 + (x1 - x0) * (steps / 2) / steps,
                y0 + (y1 - y0) * (steps / 2) / steps,
            );
            let (x, y) = ((px / 2) as u16, (py / 4) as u16);
            let c = buf[(x, y)].symbol().chars().next().unwrap_or(' ');
            let dot = board::DOTS[(py % 4) as usize][(px % 2) as usize];
            let bits = u32::from(c).wrapping_sub(0x2800);
            assert!(
                board::is_braille(c) && bits & u32::from(dot) != 0,
                "{a}-{b} at {w}x{h}: {c:?} halfway, at ({x}, {y}):\n{all}"
            );
            assert_eq!(buf[(x, y)].fg, LINK, "{a}-{b}: drawn dim");
        }
        // The points stay points: no dot on a point.
        for name in ["a1", "c3", "e5"] {
            let (x, y) = find_cell(&text, name).expect("on the screen");
            let c = buf[(x, y)].symbol().chars().next().unwrap_or(' ');
            assert!(!board::is_braille(c), "{name}: {c:?}");
        }
    }
}

/// WCAG's relative luminance of an xterm-256 colour.
fn luminance(c: Color) -> f64 {
    let Color::Indexed(n) = c else {
        panic!("{c:?} is no xterm colour")
    };
    let (r, g, b) = match n {
        16..=231 => {
            let level = [0u8, 95, 135, 175, 215, 255];
            let n = n - 16;
            (
                level[usize::from(n / 36)],
                level[usize::from(n / 6 % 6)],
                level[usize::from(n % 6)],
            )
        }
        232..=255 => {
            let g = 8 + 10 * (n - 232);
            (g, g, g)
        }
        _ => panic!("the 16 colours depend on the terminal"),
    };
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG's contrast ratio of two colours.
fn contrast(a: Color, b: Color) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// #50, item 5: every army's colour reads on the light and the dark
/// squares and on the last move's mark at 3:1 at least (WCAG 1.4.11, for
/// graphics), computed from the xterm palette; and the screen paints the
/// pieces in those shades, not the bright yellow and cyan of before.
#[test]
fn every_army_reads_on_every_square() {
    let board = Dimensiones::start(&Default::default());
    let armies: Vec<Color> = [
        t!("letter-dim-red"),
        t!("letter-dim-blue"),
        t!("letter-dim-aqua"),
        t!("letter-dim-orange"),
    ]
    .into_iter()
    .map(|word| {
        let letter = crate::render::letter(word);
        board.glyph_color(letter).expect("an army's colour")
    })
    .collect();
    for &army in &armies {
        for (square, light) in [(LIGHT, true), (MARK, true), (DARK, false)] {
            let ratio = contrast(ink(army, light), square);
            assert!(ratio >= 3.0, "{army:?} on {square:?}: {ratio:.2}");
        }
    }
    assert!(contrast(LIGHT, DARK) >= 3.0, "the squares themselves");
    // On the screen, at each size the board is drawn at.
    let (mut app, _) = game::<Dimensiones>("", "human");
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    for (w, h) in SIZES {
        let buf = screen(&app, w, h);
        let text = rows(&buf);
        if text.join("\n").contains("too small") {
            continue;
        }
        let mut seen = 0;
        for p in BoardView::of(app.table().history().current()).pieces {
            let (x, y) = find_cell(&text, &p.cell).expect("on the screen");
            let cell = &buf[(x, y)];
            assert!(
                [LIGHT, DARK, MARK].contains(&cell.bg),
                "{} at {w}x{h}: {:?}",
                p.cell,
                cell.bg
            );
            assert!(
                contrast(cell.fg, cell.bg) >= 3.0,
                "{} at {w}x{h}: {:?} on {:?}",
                p.cell,
                cell.fg,
                cell.bg
            );
            seen += 1;
        }
        assert_eq!(seen, 24, "every piece at {w}x{h}");
    }
}

/// #50, item 7: the keys' line and the help offer only what does
/// something: no claim in a game without claims, no undo on a clock,
/// nothing but help, flip and leaving once the game is over; `resign`
/// typed asks first as F6 does; a move half typed when the flag falls is
/// cleared, and Enter then leaves.
#[test]
fn the_keys_offered_are_the_keys_in_effect() {
    let bar = |app: &App<Jarmo>, w, h| {
        let text = rows(&screen(app, w, h));
        let lines = text[text.len() - if w < 60 { 2 } else { 1 }..].join(" ");
        lines.split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let (mut app, _) = game::<Jarmo>("", "ai:1");
    for (w, h) in SIZES {
        let keys = bar(&app, w, h);
        assert!(
            keys.contains("F3 undo") && keys.contains("F6 resign"),
            "{keys}"
        );
        assert!(!keys.contains("F5"), "Jarmo has no claim: {keys}");
    }
    app.key(KeyEvent::from(KeyCode::F(1)));
    let help = rows(&screen(&app, 120, 40)).join("\n");
    assert!(!help.contains("F5") && help.contains("F3 "), "{help}");
    app.key(KeyEvent::from(KeyCode::Esc));
    // Imago has its claim.
    let (imago, _) = game::<Imago>("", "human");
    assert!(
        imago.keys_bar().contains("F5 claim"),
        "{}",
        imago.keys_bar()
    );
    // On a clock: no undo, in the line and in the help.
    let now = on_clock(&mut app, "1+0");
    for (w, h) in SIZES {
        assert!(!bar(&app, w, h).contains("F3"), "{}", bar(&app, w, h));
    }
    app.key(KeyEvent::from(KeyCode::F(1)));
    let help = rows(&screen(&app, 120, 40)).join("\n");
    assert!(!help.contains("F3 ") && help.contains("F4 "), "{help}");
    app.key(KeyEvent::from(KeyCode::Esc));
    // `resign` typed waits for a yes, as F6 does.
    app.type_line("resign");
    assert!(app.table().outcome().is_none(), "{}", app.message);
    assert!(app.message.contains("Resign this game?"), "{}", app.message);
    app.key(KeyEvent::from(KeyCode::Char('n')));
    assert!(app.table().outcome().is_none());
    // The flag falls while a move is half typed.
    let mv = app.table().legal()[0].text.clone();
    app.type_line(&mv);
    app.step();
    app.wait();
    for c in "b1-".chars() {
        app.key(KeyEvent::from(KeyCode::Char(c)));
    }
    now.set(120_000);
    app.step();
    assert_eq!(
        app.table().outcome().map(|o| o.reason),
        Some(tablero_core::Reason::Time)
    );
    assert!(app.input.is_empty(), "the half move is gone: {}", app.input);
    for (w, h) in SIZES {
        let keys = bar(&app, w, h);
        for gone in ["F2", "F3", "F4", "F5", "F6"] {
            assert!(!keys.contains(gone), "{gone} after the end: {keys}");
        }
        assert!(keys.contains("Enter or Esc leaves"), "{keys}");
    }
    let text = rows(&screen(&app, 80, 24)).join("\n");
    assert!(!text.contains("not your turn"), "{text}");
    app.key(KeyEvent::from(KeyCode::Enter));
    assert!(app.quitting(), "Enter leaves the finished game");
}
