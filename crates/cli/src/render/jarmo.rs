//! Jarmo in the terminal: the 25 points, the archers and their marks, the
//! first rows, the lost and owed archers; the lines are listed in the legend.

use super::CliGame;
use crate::i18n::t;
use owo_colors::OwoColorize;
use tablero_core::{Game, Player};
use tablero_games::jarmo::{Jarmo, Point, QUIET_CAP};

/// Dark's and Light's letters in the language in use (`d`, `l`; `o`, `c`):
/// a marked archer's in capitals.
fn letters() -> [char; 2] {
    static LETTERS: std::sync::OnceLock<[char; 2]> = std::sync::OnceLock::new();
    *LETTERS.get_or_init(|| {
        [
            super::letter(t!("letter-jarmo-dark")),
            super::letter(t!("letter-jarmo-light")),
        ]
    })
}

impl CliGame for Jarmo {
    fn screen_cell(col: usize, row: usize, _short: bool) -> Option<(usize, usize)> {
        // Under the column letters.
        (col < 5 && row < 5).then(|| (1 + 4 - row, 5 + 4 * col))
    }

    /// The game's own lines, which the printed board draws too.
    fn screen_links() -> Vec<(String, String)> {
        tablero_games::jarmo::LINES
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    fn glyph_color(&self, c: char) -> Option<ratatui::style::Color> {
        use ratatui::style::Color;
        let [dark, light] = letters();
        match c.to_lowercase().next()? {
            c if c == dark => Some(Color::Red),
            c if c == light => Some(Color::Blue),
            _ => None,
        }
    }

    /// The lines from each archer of the side to move (from the point
    /// typed, once one is), as `b1: a3 d2`.
    fn screen_notes(&self, typed: &str) -> Vec<String> {
        let mover = self.side_to_move();
        let typed = typed.trim().to_lowercase();
        // The game's own lines, not the legend's text.
        let from = |pt: &Point| {
            let mut ends: Vec<String> = tablero_games::jarmo::LINES
                .iter()
                .filter_map(|&(a, b)| match (a == *pt, b == *pt) {
                    (true, _) => Some(b.to_string()),
                    (_, true) => Some(a.to_string()),
                    _ => None,
                })
                .collect();
            ends.sort();
            (!ends.is_empty()).then(|| format!("{pt}: {}", ends.join(" ")))
        };
        let points: Vec<Point> = Point::all()
            .filter(|&pt| self.archer_at(pt) == Some(mover))
            .filter(|pt| typed.len() < 2 || typed.starts_with(&pt.to_string()))
            .collect();
        let mut out = vec![t!("jarmo-lines-title", side = Self::side_label(mover))];
        out.extend(points.iter().filter_map(from));
        if out.len() == 1 {
            return Vec::new();
        }
        out
    }

    fn end_text(&self, outcome: tablero_core::Outcome) -> Option<String> {
        if outcome.reason != tablero_core::Reason::AllArrived {
            return None;
        }
        // The game ends when a side has every archer still on the board on
        // the enemy's first row, or none left at all.
        let empty: Vec<Player> = Player::ALL
            .into_iter()
            .filter(|&p| self.archers(p) == 0)
            .collect();
        Some(match empty.as_slice() {
            [] => t!("reason-all-arrived"),
            [p] => t!("reason-no-archers", side = Self::side_label(*p)),
            _ => t!("reason-no-archers-both"),
        })
    }

    fn board(&self, color: bool) -> String {
        self.drawn(color, true)
    }

    /// The board without the notes after its first rows (they follow the
    /// board, with their row's number), so that the screen can draw the
    /// rows bigger and the lines between the points.
    fn screen_board(&self, _short: bool) -> String {
        self.drawn(false, false)
    }

    fn legend(&self) -> String {
        let [dark, light] = letters();
        format!(
            "{}\n{LINES}{}",
            t!(
                "legend-jarmo-pieces",
                dark = dark.to_string(),
                light = light.to_string(),
                dark_marked = dark.to_uppercase().to_string(),
                light_marked = light.to_uppercase().to_string()
            ),
            t!("legend-jarmo-moves")
        )
    }
}

/// Jarmo's drawing, with the notes on the first rows after them (`beside`)
/// or under the board.
trait Drawn {
    fn drawn(&self, color: bool, beside: bool) -> String;
}

impl Drawn for Jarmo {
    fn drawn(&self, color: bool, beside: bool) -> String {
        let o = self.orientation();
        let [dark, light] = letters();
        let paint = |text: &str, who: Player| -> String {
            match (color, who) {
                (false, _) => text.to_string(),
                (true, Player::P1) => text.red().bold().to_string(),
                (true, Player::P2) => text.blue().bold().to_string(),
            }
        };
        let mut out = String::from("     a   b   c   d   e\n");
        let mut under = Vec::new();
        for row in (0..5u8).rev() {
            let mut line = format!(" {}  ", row + 1);
            for col in 0..5u8 {
                let pt = Point::new(col, row).expect("on the board");
                let cell = match self.archer_at(pt) {
                    None => "·".to_string(),
                    Some(p) => {
                        let l = if p == Player::P1 { dark } else { light };
                        let letter = if self.is_marked(pt) {
                            l.to_uppercase().to_string()
                        } else {
                            l.to_string()
                        };
                        paint(&letter, p)
                    }
                };
                line.push_str(&format!(" {cell}  "));
            }
            let line = line.trim_end().to_string();
            let note = Player::ALL
                .into_iter()
                .find(|&p| o.home_row(p) == row)
                .map(|p| {
                    format!(
                        "   {}",
                        t!(
                            "jarmo-first-row",
                            side = Jarmo::side_label(p),
                            other = Jarmo::side_label(p.other())
                        )
                    )
                });
            out.push_str(&line);
            match note {
                Some(n) if beside => {
                    out.push_str(&if color { n.dimmed().to_string() } else { n });
                }
                Some(n) => under.push(format!("  {}: {}", row + 1, n.trim())),
                None => {}
            }
            out.push('\n');
        }
        for n in under {
            out.push_str(&n);
            out.push('\n');
        }
        for p in Player::ALL {
            out.push_str(&format!(
                "  {}\n",
                t!(
                    "jarmo-side-line",
                    side = paint(Jarmo::side_label(p), p),
                    board = self.archers(p).count_ones(),
                    lost = self.lost(p),
                    owed = self.owed(p),
                    points = super::points(self.points(p))
                )
            ));
        }
        out.push_str(&format!(
            "  {}\n",
            t!("jarmo-quiet", n = self.quiet(), max = QUIET_CAP)
        ));
        if let Some((from, to)) = self.shuttle_ban() {
            out.push_str(&format!(
                "  {}\n",
                t!(
                    "jarmo-shuttle",
                    side = Jarmo::side_label(self.side_to_move()),
                    mv = format!("{from}-{to}")
                )
            ));
        }
        out
    }
}

/// Where each point's lines lead (the same in every language).
const LINES: &str = "\
         a1: b3 c2        b1: a3 d2        c1: a2 d3 e2     d1: b2 c3        e1: c2 d3\n\
         a2: c1 c3        b2: b3 c2 c4 d1  c2: a1 b2 d2 e1 e3  d2: b1 b3 c2 d3  e2: c1 d4\n\
         a3: b1 b5        b3: a1 a5 b2 b4 c3 c5 d2  c3: a2 a4 b3 d1 e4  d3: b4 c1 d2 d4 e1 e5  e3: c2 d5\n\
         a4: c3 c5        b4: b3 c4 d3 d5  c4: a5 b2 b4 d4 e5  d4: b5 c4 d3 e2  e4: c3 c5\n\
         a5: b3 c4        b5: a3 d4        c5: a4 b3 e4     d5: b4 e3        e5: c4 d3\n";
