//! Linja in the terminal: the eight rows drawn as the seven sticks with the
//! pieces between them, row 7 (Black's start line) at the top.

use super::CliGame;
use crate::i18n::t;
use owo_colors::OwoColorize;
use tablero_core::Player;
use tablero_games::linja::{Linja, Row};

/// Red's and Black's letters in the language in use (`R`, `B`; `R`, `N`).
fn letters() -> [char; 2] {
    static LETTERS: std::sync::OnceLock<[char; 2]> = std::sync::OnceLock::new();
    *LETTERS.get_or_init(|| {
        [
            super::letter(t!("letter-linja-red")),
            super::letter(t!("letter-linja-black")),
        ]
    })
}

/// The drawing, with the width of the pieces' column.
trait Draw {
    fn draw(&self, color: bool, pad: usize, short: bool) -> String;
}

impl CliGame for Linja {
    fn board(&self, color: bool) -> String {
        self.draw(color, 26, false)
    }

    fn screen_cell(_col: usize, row: usize, short: bool) -> Option<(usize, usize)> {
        // Row 7 at the top, a stick between two rows (none when short).
        let from_top = 7usize.checked_sub(row)?;
        Some((if short { from_top } else { 2 * from_top }, 1))
    }

    fn screen_board(&self, short: bool) -> String {
        // As narrow as the fullest row allows, for 80 columns.
        let widest = Row::ALL
            .iter()
            .map(|r| 2 * (self.count(Player::P1, *r) + self.count(Player::P2, *r)) as usize)
            .max()
            .unwrap_or(0);
        let board = self.draw(false, widest.max(2) + 2, true);
        if !short {
            return board;
        }
        board
            .lines()
            .filter(|l| !l.contains('═'))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    fn legend(&self) -> String {
        let [red, black] = letters();
        t!(
            "legend-linja",
            red = red.to_string(),
            black = black.to_string()
        )
    }

    fn glyph_color(&self, c: char) -> Option<ratatui::style::Color> {
        use ratatui::style::Color;
        let [red, black] = letters();
        match c {
            '═' => Some(Color::Yellow),
            c if c == red => Some(Color::Red),
            c if c == black => Some(Color::Blue),
            _ => None,
        }
    }
}

impl Draw for Linja {
    /// The board with the pieces' column `pad` wide; `short` notes say
    /// only what a row scores.
    fn draw(&self, color: bool, pad: usize, short: bool) -> String {
        let stick = if color {
            "════════════════════════════════".yellow().to_string()
        } else {
            "════════════════════════════════".to_string()
        };
        let [red_letter, black_letter] = letters();
        let mut out = String::new();
        for row in Row::ALL.iter().rev() {
            let red = self.count(Player::P1, *row) as usize;
            let black = self.count(Player::P2, *row) as usize;
            let paint = |text: String, p: Player| -> String {
                match (color, p) {
                    (false, _) => text,
                    (true, Player::P1) => text.red().bold().to_string(),
                    (true, Player::P2) => text.bright_white().bold().to_string(),
                }
            };
            let pieces = format!(
                "{}{}{}",
                paint(format!("{red_letter} ").repeat(red), Player::P1),
                paint(format!("{black_letter} ").repeat(black), Player::P2),
                if red + black == 0 { "· " } else { "" }
            );
            // Pad by the visible width (colour codes have none).
            let visible = 2 * (red + black).max(1);
            let pad = " ".repeat(pad.saturating_sub(visible));
            let side = |p: Player| Linja::side_label(p);
            let note = match row.index() {
                0 if short => t!("linja-for", points = 5, side = side(Player::P2)),
                7 if short => t!("linja-for", points = 5, side = side(Player::P1)),
                0 => t!("linja-start-red"),
                7 => t!("linja-start-black"),
                6 => t!("linja-for", points = 3, side = side(Player::P1)),
                5 => t!("linja-for", points = 2, side = side(Player::P1)),
                4 => t!("linja-for", points = 1, side = side(Player::P1)),
                3 => t!("linja-for", points = 1, side = side(Player::P2)),
                2 => t!("linja-for", points = 2, side = side(Player::P2)),
                1 => t!("linja-for", points = 3, side = side(Player::P2)),
                _ => String::new(),
            };
            let full = if row.is_field() && red + black >= 6 {
                format!("{} ", t!("linja-full"))
            } else {
                String::new()
            };
            out.push_str(&format!(" {row}   {pieces}{pad}{full}{note}\n"));
            if row.index() > 0 {
                out.push_str(&format!("     {stick}\n"));
            }
        }
        let s = self.scores();
        out.push_str(&format!(
            "     {}\n",
            t!(
                "linja-scores",
                red = super::points(s[0]),
                black = super::points(s[1])
            )
        ));
        out
    }
}
