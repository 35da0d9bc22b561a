//! Draughts (8x8 verification configurations) in the terminal.

use super::CliGame;
use owo_colors::OwoColorize;
use tablero_core::Player;
use tablero_games::draughts::{Draughts, DraughtsVariant, Square};

/// The letter of `seat`'s men in `variant`, in the language in use: its
/// colour's initial (White moves first in Russian and Turkish draughts,
/// Black in English draughts); kings in capitals.
fn men_letter(variant: &DraughtsVariant, seat: usize) -> char {
    static LETTERS: std::sync::OnceLock<[char; 2]> = std::sync::OnceLock::new();
    let [white, black] = *LETTERS.get_or_init(|| {
        [
            super::letter(crate::i18n::t!("letter-draughts-white")),
            super::letter(crate::i18n::t!("letter-draughts-black")),
        ]
    });
    if (seat == 0) != (*variant == DraughtsVariant::English) {
        white
    } else {
        black
    }
}

impl CliGame for Draughts {
    const CHECKERED: bool = true;

    fn screen_cell(col: usize, row: usize, _short: bool) -> Option<(usize, usize)> {
        (col < 8 && row < 8).then(|| (7 - row, 5 + 3 * col))
    }

    /// Player one's men red, player two's blue (as the coloured drawing).
    fn glyph_color(&self, c: char) -> Option<ratatui::style::Color> {
        use ratatui::style::Color;
        let v = tablero_core::Game::variant(self);
        let c = c.to_lowercase().next()?;
        if c == men_letter(v, 0) {
            Some(Color::Red)
        } else if c == men_letter(v, 1) {
            Some(Color::Blue)
        } else {
            None
        }
    }

    fn board(&self, color: bool) -> String {
        let v = tablero_core::Game::variant(self);
        let letters = [men_letter(v, 0), men_letter(v, 1)];
        let mut out = String::new();
        for row in (0..8u8).rev() {
            out.push_str(&format!(" {}  ", row + 1));
            for col in 0..8u8 {
                let sq = Square::new(col, row).expect("on the board");
                // The position's `w` is player one's, `b` player two's.
                let cell = match self.piece_at(sq) {
                    Some(c) => {
                        let seat = usize::from(c.eq_ignore_ascii_case(&'b'));
                        let l = letters[seat];
                        let text = if c.is_ascii_uppercase() {
                            l.to_uppercase().to_string()
                        } else {
                            l.to_string()
                        };
                        match (color, seat) {
                            (false, _) => text,
                            (true, 0) => text.red().bold().to_string(),
                            (true, _) => text.blue().bold().to_string(),
                        }
                    }
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
        // The letters and names are the variant's colours (English: Black
        // moves first), in the language in use.
        let v = tablero_core::Game::variant(self);
        crate::i18n::t!(
            "legend-draughts",
            first_letter = men_letter(v, 0).to_string(),
            first = Self::side_label_in(v, Player::P1),
            second_letter = men_letter(v, 1).to_string(),
            second = Self::side_label_in(v, Player::P2)
        )
    }
}
