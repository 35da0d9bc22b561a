//! Draughts (8x8 verification configurations) in the terminal.

use super::CliGame;
use owo_colors::OwoColorize;
use tablero_core::Player;
use tablero_games::draughts::{Draughts, Square};

impl CliGame for Draughts {
    const CHECKERED: bool = true;

    fn screen_cell(col: usize, row: usize, _short: bool) -> Option<(usize, usize)> {
        (col < 8 && row < 8).then(|| (7 - row, 5 + 3 * col))
    }

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

    /// A side that cannot move loses: say whether it has no pieces left
    /// or is blocked, not that neither player could move.
    fn end_text(&self, outcome: tablero_core::Outcome) -> Option<String> {
        if outcome.reason != tablero_core::Reason::NoMoves {
            return None;
        }
        let loser = outcome.winner?.other();
        let left = super::BoardView::of(self)
            .pieces
            .iter()
            .filter(|p| p.seat == loser.index())
            .count();
        let side = Self::side_label_in(tablero_core::Game::variant(self), loser);
        Some(if left == 0 {
            crate::i18n::t!("reason-no-pieces", side = side)
        } else {
            crate::i18n::t!("reason-blocked", side = side)
        })
    }

    fn legend(&self) -> String {
        // The letters are the position's (`w` player one, who moves
        // first); the names are the variant's (English: Black first).
        let v = tablero_core::Game::variant(self);
        crate::i18n::t!(
            "legend-draughts",
            first = Self::side_label_in(v, Player::P1),
            second = Self::side_label_in(v, Player::P2)
        )
    }
}
