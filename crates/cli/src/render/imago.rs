//! Imago in the terminal: the grid with its goal cells and walls.

use super::CliGame;
use owo_colors::OwoColorize;
use tablero_core::Player;
use tablero_games::imago::{Cell, Dir, Imago};

/// Red's and Blue's letters in the language in use (`R`, `B`; `R`, `A`):
/// the pieces in capitals, their goal cells in small letters.
fn letters() -> [char; 2] {
    static LETTERS: std::sync::OnceLock<[char; 2]> = std::sync::OnceLock::new();
    *LETTERS.get_or_init(|| {
        [
            super::letter(crate::i18n::t!("letter-imago-red")),
            super::letter(crate::i18n::t!("letter-imago-blue")),
        ]
    })
}

impl CliGame for Imago {
    fn screen_cell(col: usize, row: usize, _short: bool) -> Option<(usize, usize)> {
        // Under the column letters, a line of walls between two rows.
        Cell::new(u8::try_from(col).ok()?, u8::try_from(row).ok()?)?;
        Some((1 + 2 * (5 - row), 5 + 4 * col))
    }

    fn glyph_color(&self, c: char) -> Option<ratatui::style::Color> {
        use ratatui::style::Color;
        let [red, blue] = letters();
        match c {
            '┃' | '━' => Some(Color::Yellow),
            c if c.to_uppercase().eq([red]) => Some(Color::Red),
            c if c.to_uppercase().eq([blue]) => Some(Color::Blue),
            _ => None,
        }
    }

    fn board(&self, color: bool) -> String {
        let layout = self.layout();
        let [red, blue] = letters();
        let small = |c: char| c.to_lowercase().to_string();
        let mut out = String::from("     a   b   c   d   e   f   g   h\n");
        let paint = |text: String, who: Option<Player>, bold: bool| -> String {
            if !color {
                return text;
            }
            match (who, bold) {
                (Some(Player::P1), true) => text.red().bold().to_string(),
                (Some(Player::P2), true) => text.blue().bold().to_string(),
                (Some(Player::P1), false) => text.red().to_string(),
                (Some(Player::P2), false) => text.blue().to_string(),
                (None, _) => text.yellow().bold().to_string(),
            }
        };
        for row in (0..6u8).rev() {
            out.push_str(&format!(" {}  ", row + 1));
            for col in 0..8u8 {
                let Some(cell) = Cell::new(col, row) else {
                    out.push_str("    ");
                    continue;
                };
                let piece = self.piece_at(cell);
                let goal_owner = if Imago::goals_of(Player::P1) & cell.bit() != 0 {
                    Some(Player::P1)
                } else if Imago::goals_of(Player::P2) & cell.bit() != 0 {
                    Some(Player::P2)
                } else {
                    None
                };
                let inner = match piece {
                    Some(p) => paint(
                        if p == Player::P1 { red } else { blue }.to_string(),
                        Some(p),
                        true,
                    ),
                    None if goal_owner == Some(Player::P1) => paint(small(red), goal_owner, false),
                    None if goal_owner == Some(Player::P2) => paint(small(blue), goal_owner, false),
                    None => "·".into(),
                };
                match goal_owner {
                    Some(g) => out.push_str(&format!(
                        "{}{inner}{}",
                        paint("[".into(), Some(g), false),
                        paint("]".into(), Some(g), false)
                    )),
                    None => out.push_str(&format!(" {inner} ")),
                }
                let wall = cell.step(Dir::Right).is_some() && layout.has_wall(cell, Dir::Right);
                out.push_str(&if wall {
                    paint("┃".into(), None, true)
                } else {
                    " ".into()
                });
            }
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
            if row > 0 {
                let mut line = String::from("    ");
                for col in 0..8u8 {
                    let wall = Cell::new(col, row).is_some_and(|c| {
                        c.step(Dir::Down).is_some() && layout.has_wall(c, Dir::Down)
                    });
                    line.push_str(&if wall {
                        paint("━━━".into(), None, true)
                    } else {
                        "   ".into()
                    });
                    line.push(' ');
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        out
    }

    fn legend(&self) -> String {
        let [red, blue] = letters();
        crate::i18n::t!(
            "legend-imago",
            red = red.to_string(),
            blue = blue.to_string(),
            red_goal = red.to_lowercase().to_string(),
            blue_goal = blue.to_lowercase().to_string()
        )
    }
}
