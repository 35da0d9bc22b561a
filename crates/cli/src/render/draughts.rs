//! Draughts (8x8 verification configurations) in the terminal.

use super::CliGame;
use owo_colors::OwoColorize;
use tablero_games::draughts::{Draughts, Square};

impl CliGame for Draughts {
    const CHECKERED: bool = true;

    fn glyph_color(c: char) -> Option<ratatui::style::Color> {
        use ratatui::style::Color;
        match c {
            'w' | 'W' => Some(Color::Red),
            'b' | 'B' => Some(Color::Blue),
            _ => None,
        }
    }

    fn board(&self, color: bool) -> String {
        let mut out = String::new();
        for row in (0..8u8).rev() {
            out.push_str(&format!(" {}  ", row + 1));
            for col in 0..8u8 {
                let sq = Square::new(col, row).expect("on the board");
                let cell = match self.piece_at(sq) {
                    Some(c) if color && c.eq_ignore_ascii_case(&'w') => {
                        c.to_string().red().bold().to_string()
                    }
                    Some(c) if color => c.to_string().blue().bold().to_string(),
                    Some(c) => c.to_string(),
                    None if sq.is_dark() => "·".to_string(),
                    None => " ".to_string(),
                };
                out.push_str(&format!(" {cell} "));
            }
            out.push('\n');
        }
        out.push_str("     a  b  c  d  e  f  g  h\n");
        out
    }

    fn legend() -> String {
        crate::i18n::t!("legend-draughts")
    }
}
