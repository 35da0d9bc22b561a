//! What the server needs of each game beyond its rules: the side names, the
//! board as JSON for the browser, the cells a move is entered by, and a
//! type-erased game in progress ([`Session`]) that the rest of the server
//! handles without knowing which game it is.

mod dimensiones;
mod imago;
mod jarmo;
mod linja;

use serde::Serialize;
use serde_json::Value;
use tablero_ai::bot::{Action, Limits};
use tablero_ai::Play;
use tablero_core::{History, Outcome, Player, Reason};
use tablero_games::dimensiones::Dimensiones;
use tablero_games::imago::Imago;
use tablero_games::jarmo::Jarmo;
use tablero_games::linja::Linja;

/// A game as the web app shows it.
pub trait WebGame: Play {
    /// Player one's and player two's names (`Red`, `Blue`).
    const SIDES: [&'static str; 2];
    /// One line on what the game is.
    const SUMMARY: &'static str;
    /// The rules as implemented (`docs/rules/GAME.md`).
    const RULES: &'static str;

    /// The board as the browser draws it (see `docs/web-api.md`).
    fn view(&self) -> Value;

    /// The cells (or rows) clicked, in order, to enter the move written
    /// `text`. Default: every letter-digit cell name in the text.
    fn path(text: &str) -> Vec<String> {
        cell_names(text)
    }

    /// The variants to choose from, the default first; empty where the
    /// variant is free text (Imago's layouts).
    fn variants() -> Vec<String>;
}

/// Every `a1`-style cell name in `text`, in order: a letter and a digit,
/// not inside a word (the `x` of a capture separates).
fn cell_names(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    (0..b.len().saturating_sub(1))
        .filter(|&i| {
            b[i].is_ascii_lowercase()
                && b[i + 1].is_ascii_digit()
                && (i == 0 || !b[i - 1].is_ascii_lowercase() || b[i - 1] == b'x')
                && b.get(i + 2).is_none_or(|c| !c.is_ascii_digit())
        })
        .map(|i| text[i..i + 2].to_string())
        .collect()
}

/// The games the server offers, by name.
pub const NAMES: [&str; 4] = ["imago", "jarmo", "linja", "dimensiones"];

/// A legal move and how it is entered.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMove {
    /// The move's notation.
    #[serde(rename = "move")]
    pub text: String,
    /// The cells to click.
    pub path: Vec<String>,
}

/// What a computer player chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotChoice {
    /// This move, in notation.
    Move(String),
    /// A claim of the win.
    Claim,
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The request is not allowed now (conflict with the game's state).
    #[error("{0}")]
    Conflict(String),
    /// The request is malformed or illegal.
    #[error("{0}")]
    Bad(String),
}

/// A game in progress of any game, type-erased.
pub trait Session: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The variant's text.
    fn variant(&self) -> String;
    /// A copy to change.
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// The moves played, in notation.
    fn moves(&self) -> &[String];
    /// The seat to move (`None` when over).
    fn to_move(&self) -> Option<usize>;
    /// The seat that moved at ply `ply` (0-based).
    fn mover_at(&self, ply: usize) -> usize;
    /// The result, if over.
    fn outcome(&self) -> Option<Outcome>;
    /// The result declared from outside the board (resign, agreed, claim).
    fn declared(&self) -> Option<Outcome>;
    /// Plays a move written in notation.
    ///
    /// # Errors
    /// Says why the move is refused; the game is unchanged then.
    fn play(&mut self, text: &str) -> Result<(), Refused>;
    /// Takes back the last move.
    fn undo(&mut self) -> bool;
    /// Ends the game with `outcome`.
    fn declare(&mut self, outcome: Outcome);
    /// Whether the game has claims.
    fn has_claims(&self) -> bool;
    /// Whether the side to move may claim the win now.
    fn claim_valid(&self) -> bool;
    /// The legal moves with their paths (empty when over).
    fn legal(&self) -> Vec<LegalMove>;
    /// The position string and the board view after `ply` plies.
    fn snapshot(&self, ply: usize) -> (String, Value);
    /// The side's name.
    fn side_name(&self, seat: usize) -> &'static str;
    /// A job that chooses the computer's action at `level`; runs on a
    /// blocking thread.
    fn bot_job(&self, level: u8, seed: u64) -> Box<dyn FnOnce() -> BotChoice + Send>;
    /// Whether the computer at `level` in `seat` accepts a draw now.
    fn bot_accepts_draw(&self, level: u8, seat: usize) -> bool;
}

/// A game in progress of game `G`.
#[derive(Clone)]
struct Live<G: WebGame> {
    history: History<G>,
    moves: Vec<String>,
}

impl<G: WebGame> Session for Live<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }
    fn variant(&self) -> String {
        self.history.start().variant().to_string()
    }
    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn moves(&self) -> &[String] {
        &self.moves
    }
    fn to_move(&self) -> Option<usize> {
        (!self.history.is_over()).then(|| self.history.current().side_to_move().index())
    }
    fn mover_at(&self, ply: usize) -> usize {
        self.history.positions()[ply].side_to_move().index()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }
    fn declared(&self) -> Option<Outcome> {
        self.history.declared_result()
    }
    fn play(&mut self, text: &str) -> Result<(), Refused> {
        if self.history.is_over() {
            return Err(Refused::Conflict("the game is over".into()));
        }
        let mv = self
            .history
            .current()
            .parse_move(text)
            .map_err(|e| Refused::Bad(e.to_string()))?;
        let canonical = self.history.current().format_move(mv);
        self.history
            .play(mv)
            .map_err(|e| Refused::Bad(e.to_string()))?;
        self.moves.push(canonical);
        Ok(())
    }
    fn undo(&mut self) -> bool {
        let undone = self.history.undo().is_some();
        if undone {
            self.moves.pop();
        }
        undone
    }
    fn declare(&mut self, outcome: Outcome) {
        self.history.set_result(outcome);
    }
    fn has_claims(&self) -> bool {
        G::CLAIMS
    }
    fn claim_valid(&self) -> bool {
        !self.history.is_over() && G::claim_valid(&self.history)
    }
    fn legal(&self) -> Vec<LegalMove> {
        if self.history.is_over() {
            return Vec::new();
        }
        self.history
            .current()
            .legal_move_strings()
            .into_iter()
            .map(|text| LegalMove {
                path: G::path(&text),
                text,
            })
            .collect()
    }
    fn snapshot(&self, ply: usize) -> (String, Value) {
        let pos = &self.history.positions()[ply.min(self.moves.len())];
        (pos.position_string(), pos.view())
    }
    fn side_name(&self, seat: usize) -> &'static str {
        G::SIDES[seat & 1]
    }
    fn bot_job(&self, level: u8, seed: u64) -> Box<dyn FnOnce() -> BotChoice + Send> {
        let history = self.history.clone();
        Box::new(move || {
            let mut bot = G::level(level, seed);
            match bot.act(&history, &Limits::none()) {
                Action::Move(mv) => BotChoice::Move(history.current().format_move(mv)),
                Action::Claim => BotChoice::Claim,
            }
        })
    }
    fn bot_accepts_draw(&self, level: u8, seat: usize) -> bool {
        G::accepts_draw(level, &self.history, Player::ALL[seat & 1])
    }
}

/// A new game of `game`, or why not.
///
/// # Errors
/// An unknown game or a variant it cannot read.
pub fn new_session(
    game: &str,
    variant: Option<&str>,
    first: usize,
) -> Result<Box<dyn Session>, String> {
    fn make<G: WebGame>(variant: Option<&str>, first: usize) -> Result<Box<dyn Session>, String> {
        let variant = match variant.map(str::trim).filter(|v| !v.is_empty()) {
            None => G::Variant::default(),
            Some(v) => v
                .parse::<G::Variant>()
                .map_err(|e| format!("{} variant {v:?}: {e}", G::NAME))?,
        };
        let first = if first == 0 { Player::P1 } else { Player::P2 };
        Ok(Box::new(Live::<G> {
            history: History::new(G::start_with(&variant, first)),
            moves: Vec::new(),
        }))
    }
    match game {
        "imago" => make::<Imago>(variant, first),
        "jarmo" => make::<Jarmo>(variant, first),
        "linja" => make::<Linja>(variant, first),
        "dimensiones" => make::<Dimensiones>(variant, first),
        _ => Err(format!(
            "unknown game {game:?}: the games are {}",
            NAMES.join(", ")
        )),
    }
}

/// The catalog entry of each game: names, sides, variants, levels.
#[must_use]
pub fn catalog() -> Vec<Value> {
    fn entry<G: WebGame>() -> Value {
        serde_json::json!({
            "game": G::NAME,
            "summary": G::SUMMARY,
            "sides": G::SIDES,
            "variants": G::variants(),
            "default_variant": G::Variant::default().to_string(),
            "claims": G::CLAIMS,
            "levels": G::levels().iter().map(|l| serde_json::json!({"level": l.level, "recipe": l.recipe})).collect::<Vec<_>>(),
        })
    }
    vec![
        entry::<Imago>(),
        entry::<Jarmo>(),
        entry::<Linja>(),
        entry::<Dimensiones>(),
    ]
}

/// The rules text of `game`.
#[must_use]
pub fn rules(game: &str) -> Option<&'static str> {
    match game {
        "imago" => Some(Imago::RULES),
        "jarmo" => Some(Jarmo::RULES),
        "linja" => Some(Linja::RULES),
        "dimensiones" => Some(Dimensiones::RULES),
        _ => None,
    }
}

/// A declared result as stored: `w0:resign`, `w1:jacke`, `d:agreed`.
#[must_use]
pub fn outcome_code(o: &Outcome) -> String {
    match o.winner {
        Some(p) => format!("w{}:{}", p.index(), o.reason.as_str()),
        None => format!("d:{}", o.reason.as_str()),
    }
}

/// Reads [`outcome_code`]'s text back.
#[must_use]
pub fn parse_outcome_code(code: &str) -> Option<Outcome> {
    let (who, reason) = code.split_once(':')?;
    let reason = Reason::try_from_str(reason)?;
    match who {
        "w0" => Some(Outcome::win(Player::P1, reason)),
        "w1" => Some(Outcome::win(Player::P2, reason)),
        "d" => Some(Outcome::draw(reason)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_in_notation() {
        assert_eq!(cell_names("b2-c2 g5"), ["b2", "c2", "g5"]);
        assert_eq!(cell_names("b1xd2"), ["b1", "d2"]);
        assert_eq!(cell_names("c2-e3+b1"), ["c2", "e3", "b1"]);
        assert_eq!(cell_names("a1xc3xe5"), ["a1", "c3", "e5"]);
        assert_eq!(cell_names("c3-d4!b2"), ["c3", "d4", "b2"]);
        assert_eq!(cell_names("pass"), Vec::<String>::new());
        assert_eq!(cell_names("pass+b1"), ["b1"]);
    }

    #[test]
    fn outcome_codes_round_trip() {
        for o in [
            Outcome::win(Player::P1, Reason::Resign),
            Outcome::win(Player::P2, Reason::Jacke),
            Outcome::draw(Reason::Agreed),
        ] {
            assert_eq!(parse_outcome_code(&outcome_code(&o)), Some(o));
        }
        assert_eq!(parse_outcome_code("x:resign"), None);
        assert_eq!(parse_outcome_code("w0:nonsense"), None);
    }

    #[test]
    fn every_legal_move_has_its_own_path() {
        for game in NAMES {
            let s = new_session(game, None, 0).unwrap();
            let legal = s.legal();
            assert!(!legal.is_empty(), "{game}");
            for (i, a) in legal.iter().enumerate() {
                for b in &legal[i + 1..] {
                    assert_ne!(a.path, b.path, "{game}: {} and {}", a.text, b.text);
                }
            }
        }
    }
}
