//! Each game's pages, drawn from the game's own types.

use crate::cards::{self, Face, CARD_MM};
use crate::rules;
use crate::svg::{Anchor, Page};
use crate::{Lang, Options, Say};
use tablero_core::{Game, Player};
use tablero_games::dimensiones::{Army, Dimensiones, RuleSet};
use tablero_games::draughts::{Draughts, DraughtsVariant, Square};
use tablero_games::imago::{Cell, Imago};
use tablero_games::jarmo::{Jarmo, Point, LINES};
use tablero_games::linja::{Linja, Row, POINTS};
use tablero_games::Describe;
use tablero_i18n::id;

/// Imago's cell, in millimetres.
pub const IMAGO_CELL_MM: f64 = 22.0;
/// Jarmo's distance between neighbouring points of a row or column.
pub const JARMO_STEP_MM: f64 = 40.0;
/// The height of one of Linja's rows (between two sticks).
pub const LINJA_ROW_MM: f64 = 28.0;
/// Super Dimensiones' square.
pub const DIMENSIONES_SQUARE_MM: f64 = 24.0;
/// The 8x8 draughts square.
pub const DRAUGHTS_SQUARE_MM: f64 = 22.0;

const INK: &str = "#222";
const RED: &str = "#d23c32";
const BLUE: &str = "#2f64c8";

/// A game with a print-and-play kit.
pub trait Printable: Describe {
    /// The kit's pages for `variant`.
    fn pages(variant: &Self::Variant, options: &Options) -> Vec<Page>;

    /// The one-page rules summary of `variant` in `lang`, one paragraph a
    /// line, `# ` starting a heading (`print-rules-GAME` of
    /// `locales/*/print.ftl`; see [`rules`]).
    fn summary(variant: &Self::Variant, lang: Lang) -> String;
}

fn width(o: &Options) -> f64 {
    o.paper.size_mm().0
}

/// The title and a line under it; returns the `y` below.
fn header(p: &mut Page, o: &Options, title: &str, sub: &str) -> f64 {
    let w = width(o);
    p.text(w / 2.0, 16.0, 7.0, Anchor::Middle, true, INK, title);
    p.text(w / 2.0, 23.0, 3.5, Anchor::Middle, false, "#555", sub);
    30.0
}

fn title<G: Describe>(o: &Options) -> &'static str {
    G::INFO.title.get(o.lang.code())
}

fn side<G: Describe>(o: &Options, p: Player) -> &'static str {
    G::INFO.sides[p.index()].get(o.lang.code())
}

/// The first letter of `s`.
fn initial(s: &str) -> String {
    s.chars().take(1).collect()
}

/// A disc to cut out.
struct Token {
    fill: &'static str,
    ink: &'static str,
    label: String,
    r: f64,
}

/// Discs in rows across the page from `y`, each with a dashed cutting
/// line; returns the `y` below.
fn tokens(p: &mut Page, o: &Options, y: f64, list: &[Token]) -> f64 {
    let w = width(o);
    let (mut x, mut y, mut row_h) = (15.0, y, 0.0f64);
    for t in list {
        let d = 2.0 * t.r + 4.0;
        if x + d > w - 15.0 {
            x = 15.0;
            y += row_h;
            row_h = 0.0;
        }
        let (cx, cy) = (x + d / 2.0, y + d / 2.0);
        p.circle(cx, cy, t.r + 1.0, "none", "#999", 0.2, true);
        p.circle(cx, cy, t.r, t.fill, INK, 0.4, false);
        if !t.label.is_empty() {
            p.text(
                cx,
                cy + t.r * 0.35,
                t.r * 0.9,
                Anchor::Middle,
                true,
                t.ink,
                &t.label,
            );
        }
        x += d;
        row_h = row_h.max(d);
    }
    y + row_h
}

fn cut_title(p: &mut Page, o: &Options, y: f64) -> f64 {
    let s = o.lang.say(id!("print-cut-out"));
    p.text(15.0, y, 4.0, Anchor::Start, true, INK, &s);
    y + 3.0
}

/// The rules summary page of `variant`, `extra` above the summary.
fn rules_page<G: Printable>(variant: &G::Variant, o: &Options, extra: &str) -> Page {
    let summary = G::summary(variant, o.lang);
    let mut p = Page::new();
    let heading = o.lang.say(id!("print-rules-heading"));
    let mut y = header(&mut p, o, title::<G>(o), &heading) + 6.0;
    let w = width(o) - 30.0;
    if !extra.is_empty() {
        y = p.paragraph(15.0, y, w, 3.4, false, extra) + 2.0;
    }
    for line in summary.lines() {
        if let Some(h) = line.strip_prefix("# ") {
            y += 2.0;
            y = p.paragraph(15.0, y, w, 4.2, true, h);
        } else {
            y = p.paragraph(15.0, y, w, 3.4, false, line) + 1.0;
        }
    }
    p
}

/// The line under a board's title: its cell size (`id`, one message a kind
/// of cell), and to print at 100 %.
fn size_note(o: &Options, id: tablero_i18n::Id, mm: f64) -> String {
    o.lang.say_with(id, &[("mm", &mm.to_string())])
}

impl Printable for Imago {
    fn summary(_: &Self::Variant, lang: Lang) -> String {
        lang.say(id!("print-rules-imago"))
    }

    fn pages(variant: &Self::Variant, o: &Options) -> Vec<Page> {
        let start = Imago::start(variant);
        let c = IMAGO_CELL_MM;
        let mut p = Page::new();
        header(
            &mut p,
            o,
            title::<Self>(o),
            &size_note(o, id!("print-size-cells"), c),
        );
        let x0 = (width(o) - 8.0 * c) / 2.0;
        let y0 = 40.0;
        let at = |cell: Cell| {
            (
                x0 + f64::from(cell.col()) * c,
                y0 + f64::from(5 - cell.row()) * c,
            )
        };
        let goal_owner = |cell: Cell| {
            Player::ALL
                .into_iter()
                .find(|&pl| Cell::iter_bits(Imago::goals_of(pl)).any(|g| g == cell))
        };
        for cell in Cell::all() {
            let (x, y) = at(cell);
            let fill = match goal_owner(cell) {
                Some(Player::P1) => "#f6c9c5",
                Some(Player::P2) => "#c7d6f3",
                None => "#fdfaf2",
            };
            p.raw(&format!(
                r#"<rect class="cell" data-cell="{cell}" x="{x:.3}" y="{y:.3}" width="{c:.3}" height="{c:.3}" fill="{fill}" stroke="{INK}" stroke-width="0.4"/>"#
            ));
            if let Some(pl) = goal_owner(cell) {
                let word = o.lang.say(id!("print-goal"));
                p.text(
                    x + c / 2.0,
                    y + c / 2.0 + 1.5,
                    4.0,
                    Anchor::Middle,
                    true,
                    if pl == Player::P1 { RED } else { BLUE },
                    &word,
                );
            }
            p.text(
                x + 1.5,
                y + 4.0,
                2.8,
                Anchor::Start,
                false,
                "#888",
                &cell.to_string(),
            );
        }
        for pl in Player::ALL {
            let colour = if pl == Player::P1 { RED } else { BLUE };
            for cell in start.cells(pl) {
                let (x, y) = at(cell);
                p.circle(
                    x + c / 2.0,
                    y + c / 2.0,
                    c * 0.38,
                    "none",
                    colour,
                    0.6,
                    true,
                );
            }
        }
        for wall in variant.walls() {
            let (a, b) = wall.cells();
            let (ax, ay) = at(a);
            let (x1, y1, x2, y2) = if a.row() == b.row() {
                // b is to the right of a: the wall is a's right edge.
                (ax + c, ay, ax + c, ay + c)
            } else {
                // b is above a: the wall is a's top edge.
                (ax, ay, ax + c, ay)
            };
            p.line(
                x1,
                y1,
                x2,
                y2,
                INK,
                2.2,
                &format!(r#"class="wall" data-wall="{wall}""#),
            );
        }
        let bottom = y0 + 6.0 * c;
        let layout = variant.to_string();
        let note = o
            .lang
            .say_with(id!("print-imago-note"), &[("layout", &layout)]);
        let y = p.paragraph(15.0, bottom + 8.0, width(o) - 30.0, 3.4, false, &note);
        let y = cut_title(&mut p, o, y + 6.0);
        let mut list = Vec::new();
        for (pl, colour) in [(Player::P1, RED), (Player::P2, BLUE)] {
            for _ in 0..2 {
                list.push(Token {
                    fill: colour,
                    ink: "#fff",
                    label: initial(side::<Self>(o, pl)),
                    r: c * 0.38,
                });
            }
        }
        tokens(&mut p, o, y, &list);
        vec![p, rules_page::<Self>(variant, o, "")]
    }
}

impl Printable for Jarmo {
    fn summary(_: &Self::Variant, lang: Lang) -> String {
        lang.say(id!("print-rules-jarmo"))
    }

    fn pages(variant: &Self::Variant, o: &Options) -> Vec<Page> {
        let start = Jarmo::start(variant);
        let s = JARMO_STEP_MM;
        let mut p = Page::new();
        header(
            &mut p,
            o,
            title::<Self>(o),
            &size_note(o, id!("print-size-points"), s),
        );
        let x0 = (width(o) - 4.0 * s) / 2.0;
        let y0 = 42.0;
        let at = |pt: Point| {
            (
                x0 + f64::from(pt.col()) * s,
                y0 + f64::from(4 - pt.row()) * s,
            )
        };
        for (a, b) in LINES {
            let ((x1, y1), (x2, y2)) = (at(a), at(b));
            p.line(
                x1,
                y1,
                x2,
                y2,
                "#6b5a3a",
                0.8,
                &format!(r#"class="jarmo-line" data-line="{a}-{b}""#),
            );
        }
        for pt in Point::all() {
            let (x, y) = at(pt);
            let fill = match start.archer_at(pt) {
                Some(Player::P1) => "#444",
                Some(Player::P2) => "#eee",
                None => "#fff",
            };
            p.circle(x, y, 4.0, fill, INK, 0.6, false);
            p.text(
                x + 5.0,
                y - 4.0,
                3.0,
                Anchor::Start,
                false,
                "#777",
                &pt.to_string(),
            );
        }
        let bottom = y0 + 4.0 * s;
        // The variant as the game's description names it in the kit's
        // language ("Estándar: ...", not the command line's `standard`).
        let id = variant.to_string();
        let label = Self::variants()
            .into_iter()
            .find(|v| v.id == id)
            .and_then(|v| v.label)
            .map_or(id, |l| l.get(o.lang.code()).to_string());
        let note = o
            .lang
            .say_with(id!("print-jarmo-note"), &[("variant", &label)]);
        let y = p.paragraph(15.0, bottom + 10.0, width(o) - 30.0, 3.4, false, &note);
        let y = cut_title(&mut p, o, y + 4.0);
        let mut list = Vec::new();
        for (pl, fill, ink) in [
            (Player::P1, "#333", "#fff"),
            (Player::P2, "#f2f2f2", "#222"),
        ] {
            let n = Point::all()
                .filter(|&pt| start.archer_at(pt) == Some(pl))
                .count();
            for _ in 0..n {
                list.push(Token {
                    fill,
                    ink,
                    label: initial(side::<Self>(o, pl)),
                    r: 7.5,
                });
            }
        }
        for _ in 0..6 {
            list.push(Token {
                fill: "#f0c040",
                ink: "#222",
                label: "×".into(),
                r: 3.5,
            });
        }
        let y = tokens(&mut p, o, y, &list);
        let marks = o.lang.say(id!("print-jarmo-marks"));
        p.paragraph(15.0, y + 5.0, width(o) - 30.0, 3.2, false, &marks);
        vec![p, rules_page::<Self>(variant, o, "")]
    }
}

impl Printable for Linja {
    fn summary(_: &Self::Variant, lang: Lang) -> String {
        lang.say(id!("print-rules-linja"))
    }

    fn pages(variant: &Self::Variant, o: &Options) -> Vec<Page> {
        let start = Linja::start(variant);
        let r = LINJA_ROW_MM;
        let bw = 150.0;
        let mut p = Page::new();
        header(
            &mut p,
            o,
            title::<Self>(o),
            &size_note(o, id!("print-size-rows"), r),
        );
        let x0 = (width(o) - bw) / 2.0;
        let y0 = 32.0;
        let row_y = |row: Row| y0 + (7.0 - f64::from(u8::try_from(row.index()).unwrap_or(0))) * r;
        for row in Row::ALL {
            let y = row_y(row);
            let fill = if row.index() == 0 || row.index() == 7 {
                "#efe6d2"
            } else {
                "#fbf8f0"
            };
            p.raw(&format!(
                r#"<rect class="row" data-row="{row}" x="{x0:.3}" y="{y:.3}" width="{bw:.3}" height="{r:.3}" fill="{fill}" stroke="none"/>"#
            ));
            p.text(
                x0 - 3.0,
                y + r / 2.0 + 2.0,
                5.0,
                Anchor::End,
                true,
                "#777",
                &row.to_string(),
            );
            let pts = |pl: Player| POINTS[row.progress(pl)];
            let mut score = Vec::new();
            for (pl, colour) in [(Player::P1, RED), (Player::P2, INK)] {
                if pts(pl) > 0 {
                    score.push((format!("{} {}", side::<Self>(o, pl), pts(pl)), colour));
                }
            }
            for (k, (s, colour)) in score.iter().enumerate() {
                #[allow(clippy::cast_precision_loss)]
                let dy = k as f64 * 4.5;
                p.text(
                    x0 + bw - 2.0,
                    y + 5.5 + dy,
                    3.4,
                    Anchor::End,
                    true,
                    colour,
                    s,
                );
            }
            let counts = [start.count(Player::P1, row), start.count(Player::P2, row)];
            let mut x = x0 + 10.0;
            for (pl, colour) in [(Player::P1, RED), (Player::P2, INK)] {
                for _ in 0..counts[pl.index()] {
                    p.circle(x, y + r / 2.0, r * 0.3, "none", colour, 0.5, true);
                    x += r * 0.7;
                }
            }
        }
        for k in 1..8 {
            let y = y0 + f64::from(k) * r;
            p.line(
                x0 - 2.0,
                y,
                x0 + bw + 2.0,
                y,
                "#7a5230",
                2.5,
                r#"class="stick""#,
            );
        }
        let note = o.lang.say(id!("print-linja-note"));
        p.paragraph(15.0, y0 + 8.0 * r + 7.0, width(o) - 30.0, 3.3, false, &note);
        let mut q = Page::new();
        header(
            &mut q,
            o,
            title::<Self>(o),
            &o.lang.say(id!("print-pieces")),
        );
        let y = cut_title(&mut q, o, 40.0);
        let mut list = Vec::new();
        for (pl, fill) in [(Player::P1, RED), (Player::P2, "#222")] {
            let n: u32 = Row::ALL.iter().map(|&row| start.count(pl, row)).sum();
            for _ in 0..n {
                list.push(Token {
                    fill,
                    ink: "#fff",
                    label: initial(side::<Self>(o, pl)),
                    r: 9.0,
                });
            }
        }
        tokens(&mut q, o, y, &list);
        vec![p, q, rules_page::<Self>(variant, o, "")]
    }
}

/// Colours of an army: fill and ink.
fn army_colour(a: Army) -> (&'static str, &'static str) {
    match a {
        Army::Red => (RED, "#fff"),
        Army::Blue => (BLUE, "#fff"),
        Army::Aqua => ("#3cc0b4", "#111"),
        Army::Orange => ("#f0922e", "#111"),
    }
}

fn army_name(a: Army, lang: Lang) -> String {
    lang.say(match a {
        Army::Red => id!("print-army-red"),
        Army::Blue => id!("print-army-blue"),
        Army::Aqua => id!("print-army-aqua"),
        Army::Orange => id!("print-army-orange"),
    })
}

/// A draughts board of `n` squares a side, `a1` dark, with the start men
/// as dashed circles; `square(col, row)` gives the start piece's colour.
fn checkers(
    p: &mut Page,
    x0: f64,
    y0: f64,
    n: u8,
    s: f64,
    start: &dyn Fn(u8, u8) -> Option<&'static str>,
) {
    for row in 0..n {
        for col in 0..n {
            let dark = (row + col) % 2 == 0;
            let x = x0 + f64::from(col) * s;
            let y = y0 + f64::from(n - 1 - row) * s;
            let fill = if dark { "#8a6a4a" } else { "#f2e6cf" };
            let name = format!("{}{}", char::from(b'a' + col), row + 1);
            p.raw(&format!(
                r#"<rect class="cell" data-cell="{name}" x="{x:.3}" y="{y:.3}" width="{s:.3}" height="{s:.3}" fill="{fill}" stroke="{INK}" stroke-width="0.3"/>"#
            ));
            if let Some(colour) = start(col, row) {
                p.circle(
                    x + s / 2.0,
                    y + s / 2.0,
                    s * 0.36,
                    "none",
                    colour,
                    0.7,
                    true,
                );
            }
        }
        p.text(
            x0 - 2.5,
            y0 + f64::from(n - 1 - row) * s + s / 2.0 + 1.5,
            4.0,
            Anchor::End,
            false,
            "#666",
            &(row + 1).to_string(),
        );
    }
    for col in 0..n {
        let s_col = char::from(b'a' + col).to_string();
        p.text(
            x0 + f64::from(col) * s + s / 2.0,
            y0 + f64::from(n) * s + 5.0,
            4.0,
            Anchor::Middle,
            false,
            "#666",
            &s_col,
        );
    }
}

/// The card pages: the ten fronts, red left and blue right, and the backs
/// mirrored for printing on both sides (flip on the long edge).
fn card_pages(o: &Options, rules: &RuleSet) -> [Page; 2] {
    let (cw, ch) = CARD_MM;
    let gap = 8.0;
    let w = width(o);
    let xl = (w - 2.0 * cw - gap) / 2.0;
    let xr = xl + cw + gap;
    let top = 14.0;
    let mut front = Page::new();
    let mut back = Page::new();
    front.text(
        w / 2.0,
        9.0,
        4.0,
        Anchor::Middle,
        true,
        INK,
        &o.lang.say(id!("print-cards-fronts")),
    );
    back.text(
        w / 2.0,
        9.0,
        4.0,
        Anchor::Middle,
        true,
        INK,
        &o.lang.say(id!("print-cards-backs")),
    );
    let picked = cards::faces(rules);
    let note = o.lang.say(id!("print-card-in-kit"));
    for (i, number) in (1..=5u8).enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let y = top + i as f64 * (ch + 2.0);
        for face in [Face::Red, Face::Blue] {
            let x = if face == Face::Red { xl } else { xr };
            let mark = if picked[i] == face { note.as_str() } else { "" };
            cards::draw_front(&mut front, x, y, number, face, o.lang, mark);
            // Mirrored: the red card's back is on the right.
            let bx = if face == Face::Red { xr } else { xl };
            cards::draw_back(&mut back, bx, y, number, o.lang);
        }
    }
    [front, back]
}

fn army_of_seat(pl: Player) -> [Army; 2] {
    let mut out = Army::ALL.into_iter().filter(|a| a.player() == pl);
    let a = out.next().unwrap_or(Army::Red);
    let b = out.next().unwrap_or(a);
    [a, b]
}

impl Printable for Dimensiones {
    fn summary(_: &Self::Variant, lang: Lang) -> String {
        lang.say(id!("print-rules-dimensiones"))
    }

    fn pages(variant: &Self::Variant, o: &Options) -> Vec<Page> {
        let start = Dimensiones::start(variant);
        let s = DIMENSIONES_SQUARE_MM;
        let mut p = Page::new();
        header(
            &mut p,
            o,
            title::<Self>(o),
            &size_note(o, id!("print-size-squares"), s),
        );
        let x0 = (width(o) - 6.0 * s) / 2.0;
        let y0 = 58.0;
        let start_colour = |col: u8, row: u8| {
            Square::new(col, row)
                .and_then(|sq| start.piece_at(sq))
                .map(|(a, _)| army_colour(a).0)
        };
        checkers(&mut p, x0, y0, 6, s, &start_colour);
        // The signal cells: Red and Blue on the left, Aqua and Orange on
        // the right; Red and Aqua at the bottom (South), Blue and Orange
        // at the top (North).
        let sc = 20.0;
        for a in Army::ALL {
            let left = matches!(a, Army::Red | Army::Blue);
            let bottom = a.player() == Player::P1;
            let x = if left { x0 } else { x0 + 6.0 * s - sc };
            let y = if bottom {
                y0 + 6.0 * s + 8.0
            } else {
                y0 - sc - 3.0
            };
            let (fill, ink) = army_colour(a);
            p.raw(&format!(
                r#"<rect class="signal" data-army="{}" x="{x:.3}" y="{y:.3}" width="{sc:.3}" height="{sc:.3}" fill="{fill}" stroke="{INK}" stroke-width="0.5"/>"#,
                army_name(a, Lang::En).to_lowercase()
            ));
            // The name fits inside the cell with 1.5 mm each side: a bold
            // sans-serif letter is at most about 0.65 of the size wide
            // ("Aguamarina" at 3.2 mm would spill out).
            let name = army_name(a, o.lang);
            let size = (3.2f64).min((sc - 3.0) / (0.65 * name.chars().count() as f64));
            p.text(
                x + sc / 2.0,
                y + sc / 2.0 + size * 0.375,
                size,
                Anchor::Middle,
                true,
                ink,
                &name,
            );
        }
        let south = side::<Self>(o, Player::P1);
        let north = side::<Self>(o, Player::P2);
        p.text(
            width(o) / 2.0,
            y0 - 10.0,
            4.5,
            Anchor::Middle,
            true,
            "#555",
            north,
        );
        p.text(
            width(o) / 2.0,
            y0 + 6.0 * s + 21.0,
            4.5,
            Anchor::Middle,
            true,
            "#555",
            south,
        );
        let note = o.lang.say_with(
            id!("print-dimensiones-note"),
            &[("variant", &variant.to_string())],
        );
        p.paragraph(
            15.0,
            y0 + 6.0 * s + 38.0,
            width(o) - 30.0,
            3.3,
            false,
            &note,
        );
        let mut q = Page::new();
        header(
            &mut q,
            o,
            title::<Self>(o),
            &o.lang.say(id!("print-dimensiones-pieces")),
        );
        let mut y = cut_title(&mut q, o, 40.0);
        for pl in Player::ALL {
            for a in army_of_seat(pl) {
                let (fill, ink) = army_colour(a);
                let men = start.pieces(a);
                let mut list: Vec<Token> = (0..men)
                    .map(|_| Token {
                        fill,
                        ink,
                        label: String::new(),
                        r: 8.0,
                    })
                    .collect();
                list.extend((0..3).map(|_| Token {
                    fill,
                    ink,
                    label: "♛".into(),
                    r: 8.0,
                }));
                y = tokens(&mut q, o, y, &list) + 1.0;
            }
        }
        let token = Token {
            fill: "#111",
            ink: "#fff",
            label: String::new(),
            r: 8.0,
        };
        y = tokens(&mut q, o, y, &[token]) + 5.0;
        let note = o.lang.say(id!("print-dimensiones-pieces-note"));
        q.paragraph(15.0, y, width(o) - 30.0, 3.3, false, &note);
        let [front, back] = card_pages(o, variant);
        let code = o.lang.say_with(
            id!("print-dimensiones-kit-rules"),
            &[("variant", &variant.to_string())],
        );
        vec![p, q, front, back, rules_page::<Self>(variant, o, &code)]
    }
}

impl Printable for Draughts {
    /// Each variant has its own board, men and captures.
    fn summary(variant: &DraughtsVariant, lang: Lang) -> String {
        rules::draughts_summary(*variant, lang)
    }

    fn pages(variant: &Self::Variant, o: &Options) -> Vec<Page> {
        let start = Draughts::start(variant);
        let s = DRAUGHTS_SQUARE_MM;
        let mut p = Page::new();
        header(
            &mut p,
            o,
            title::<Self>(o),
            &size_note(o, id!("print-size-squares"), s),
        );
        let x0 = (width(o) - 8.0 * s) / 2.0;
        // The side named Black is drawn dark: player two in Russian and
        // Turkish draughts, player one (who moves first) in English.
        let names = Draughts::side_names(variant);
        let dark = |pl: Player| names[pl.index()].en == "Black";
        let colour = |c: char| {
            let seat = usize::from(c.eq_ignore_ascii_case(&'b'));
            if dark(Player::ALL[seat]) {
                "#111"
            } else {
                "#c9a36b"
            }
        };
        let start_colour = |col: u8, row: u8| {
            Square::new(col, row)
                .and_then(|sq| start.piece_at(sq))
                .map(colour)
        };
        checkers(&mut p, x0, 36.0, 8, s, &start_colour);
        let mut q = Page::new();
        header(
            &mut q,
            o,
            title::<Self>(o),
            &o.lang.say(id!("print-pieces")),
        );
        let mut y = cut_title(&mut q, o, 40.0);
        for pl in Player::ALL {
            let (fill, ink) = if dark(pl) {
                ("#111", "#fff")
            } else {
                ("#f4ecd8", "#111")
            };
            let men = (0..8u8)
                .flat_map(|row| (0..8u8).filter_map(move |col| Square::new(col, row)))
                .filter(|&sq| {
                    start
                        .piece_at(sq)
                        .is_some_and(|c| usize::from(c.eq_ignore_ascii_case(&'b')) == pl.index())
                })
                .count();
            let mut list: Vec<Token> = (0..men)
                .map(|_| Token {
                    fill,
                    ink,
                    label: String::new(),
                    r: 8.0,
                })
                .collect();
            list.extend((0..4).map(|_| Token {
                fill,
                ink,
                label: "♛".into(),
                r: 8.0,
            }));
            y = tokens(&mut q, o, y, &list) + 2.0;
        }
        vec![p, q, rules_page::<Self>(variant, o, "")]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Paper;

    /// The draughts kit's rules page and pieces for `variant` in `lang`.
    fn draughts_pages(variant: DraughtsVariant, lang: Lang) -> Vec<Page> {
        let o = Options {
            paper: Paper::A4,
            lang,
        };
        Draughts::pages(&variant, &o)
    }

    #[test]
    fn the_draughts_rules_name_the_variants_first_mover() {
        for (variant, en, es) in [
            (
                DraughtsVariant::English,
                "Black moves first",
                "Empiezan las negras",
            ),
            (
                DraughtsVariant::Russian,
                "White moves first",
                "Empiezan las blancas",
            ),
            (
                DraughtsVariant::Turkish,
                "White moves first",
                "Empiezan las blancas",
            ),
        ] {
            let rules = |lang| {
                draughts_pages(variant, lang)
                    .last()
                    .expect("a rules page")
                    .body()
                    .to_string()
            };
            assert!(rules(Lang::En).contains(en), "{variant:?}");
            assert!(rules(Lang::Es).contains(es), "{variant:?}");
        }
    }

    #[test]
    fn english_draughts_first_mover_is_printed_dark() {
        // The board's bottom rows (player one, who moves first) hold dark
        // men in English draughts (Black) and light ones in Russian.
        let board = |v| draughts_pages(v, Lang::En)[0].body().to_string();
        let (english, russian) = (
            board(DraughtsVariant::English),
            board(DraughtsVariant::Russian),
        );
        assert_eq!(
            english.matches("#111").count(),
            russian.matches("#111").count()
        );
        assert_ne!(english, russian);
    }
}
