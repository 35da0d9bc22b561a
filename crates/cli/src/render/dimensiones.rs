//! Super Dimensiones in the terminal: the 6x6 board with the four army
//! colours, frozen pieces dimmed, and the signal token on the corner cell of
//! the army to move.

use super::CliGame;
use crate::i18n::t;
use owo_colors::OwoColorize;
use tablero_games::dimensiones::{Army, Dimensiones, SubGame, SubGameEnd};
use tablero_games::draughts::Square;

fn paint(text: &str, army: Army, dim: bool, color: bool) -> String {
    if !color {
        return text.to_string();
    }
    let s = match army {
        Army::Red => text.red().bold().to_string(),
        Army::Blue => text.blue().bold().to_string(),
        Army::Aqua => text.cyan().bold().to_string(),
        Army::Orange => text.yellow().bold().to_string(),
    };
    if dim {
        s.dimmed().to_string()
    } else {
        s
    }
}

/// An army's letter in the language in use (English `r b a o`, Spanish
/// `r z g n`: Rojo, aZul, aGuamarina, Naranja, as the browser's `Az`,
/// `Ag`); kings and the corner tokens in capitals.
fn army_letter(a: Army) -> char {
    static LETTERS: std::sync::OnceLock<[char; 4]> = std::sync::OnceLock::new();
    LETTERS.get_or_init(|| {
        [
            t!("letter-dim-red"),
            t!("letter-dim-blue"),
            t!("letter-dim-aqua"),
            t!("letter-dim-orange"),
        ]
        .map(super::letter)
    })[a.index()]
}

fn subgame_text(s: SubGame) -> String {
    match s {
        SubGame::Open => t!("dim-open"),
        SubGame::Won(p) => t!("dim-won", side = Dimensiones::side_label(p)),
        SubGame::Drawn => t!("dim-drawn"),
    }
}

impl CliGame for Dimensiones {
    const CHECKERED: bool = true;

    fn screen_cell(col: usize, row: usize, _short: bool) -> Option<(usize, usize)> {
        // Under the top corner tokens.
        (col < 6 && row < 6).then(|| (1 + 5 - row, 5 + 3 * col))
    }

    fn glyph_color(&self, c: char) -> Option<ratatui::style::Color> {
        use ratatui::style::Color;
        let c = c.to_lowercase().next()?;
        let army = Army::ALL.into_iter().find(|&a| army_letter(a) == c)?;
        Some(match army {
            Army::Red => Color::Red,
            Army::Blue => Color::Blue,
            Army::Aqua => Color::Cyan,
            // Orange (xterm 208): the screen gives each army a shade
            // for light and dark squares (tui::ink).
            Army::Orange => Color::Indexed(208),
        })
    }

    fn board(&self, color: bool) -> String {
        let token = |a: Army| {
            let inner = if self.army() == Some(a) { "●" } else { " " };
            paint(
                &format!("[{}{inner}]", army_letter(a).to_uppercase()),
                a,
                false,
                color,
            )
        };
        let mut out = format!("  {}{:>19}{}\n", token(Army::Blue), "", token(Army::Orange));
        for row in (0..6u8).rev() {
            out.push_str(&format!(" {}  ", row + 1));
            for col in 0..6u8 {
                let sq = Square::new(col, row).expect("on the board");
                let cell = match self.piece_at(sq) {
                    Some((a, king)) => {
                        let l = if king {
                            army_letter(a).to_uppercase().to_string()
                        } else {
                            army_letter(a).to_string()
                        };
                        paint(&l, a, self.is_frozen(sq), color)
                    }
                    // Every square is played on (W: Red and Blue on the
                    // dark squares, Aqua and Orange on the light ones; E:
                    // all of them), so every empty square shows.
                    None => "·".to_string(),
                };
                out.push_str(&format!(" {cell} "));
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "  {}{:>19}{}\n",
            token(Army::Red),
            "",
            token(Army::Aqua)
        ));
        out.push_str("     a  b  c  d  e  f\n");
        out.push_str(&format!(
            "  {}\n",
            t!(
                "dim-status",
                variant = tablero_core::Game::variant(self).to_string(),
                first = subgame_text(self.subgame(0)),
                second = subgame_text(self.subgame(1)),
                n = self.clock()
            )
        ));
        if let Some(a) = self.army() {
            out.push_str(&format!(
                "  {}\n",
                t!("dim-signal", army = super::army_label(a.name()))
            ));
        }
        out
    }

    fn legend(&self) -> String {
        let l = |a: Army| army_letter(a).to_string();
        t!(
            "legend-dimensiones",
            red = l(Army::Red),
            blue = l(Army::Blue),
            aqua = l(Army::Aqua),
            orange = l(Army::Orange)
        )
    }

    /// Both sub-games decided: what decided each (an army with no pieces
    /// left, or one that could not move), not only that they are.
    fn end_text(&self, outcome: tablero_core::Outcome) -> Option<String> {
        if outcome.reason != tablero_core::Reason::Subgames {
            return None;
        }
        // The army's name starts the clause: in capitals (`Blue`, `Azul`).
        let name = |a: Army| {
            let n = a.name();
            super::army_label(&format!("{}{}", n[..1].to_uppercase(), &n[1..]))
        };
        let why = |g: usize| match self.subgame_end(g)? {
            SubGameEnd::NoPieces(a) => Some(t!("dim-end-no-pieces", army = name(a))),
            SubGameEnd::Blocked(a) => Some(t!("dim-end-blocked", army = name(a))),
        };
        Some(t!("dim-end", first = why(0)?, second = why(1)?))
    }
}
