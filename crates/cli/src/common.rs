//! What several commands share: choosing the game, reading the variant,
//! position and move list, and JSON values.

use anyhow::{anyhow, bail, Context, Result};
use clap::Args as ClapArgs;
use serde_json::{json, Value};
use std::path::PathBuf;
use tablero_core::{play_move_list, Game, History, Outcome, Record};

/// Where a game starts: variant, position and moves already played.
#[derive(ClapArgs, Debug, Clone, Default)]
pub struct Setup {
    /// The variant: Imago `default` or a layout text; Jarmo `standard` or `flipped`; Linja
    /// `publisher` or `seed`; Super Dimensiones five cards like `I-C-A-W-R` (`+huff` appended
    /// for that option); draughts `russian`, `turkish` or `english`; `@FILE` reads it from a file.
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// Imago layout file (the same as `--variant @FILE`).
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub layout: Option<PathBuf>,
    /// Start from this position string instead of the start position.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,
    /// Moves to play first, in the game's notation, separated by commas;
    /// `@FILE` reads the moves of a saved record (or a plain move list).
    #[arg(long, value_name = "LIST")]
    pub moves: Option<String>,
}

fn read_file(path: &str) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))
}

impl Setup {
    /// The variant named, or the game's default.
    pub fn variant<G: Game>(&self) -> Result<G::Variant> {
        let text = match (&self.variant, &self.layout) {
            (_, Some(path)) => read_file(&path.to_string_lossy())?,
            (Some(v), None) => match v.strip_prefix('@') {
                Some(path) => read_file(path)?,
                None => v.clone(),
            },
            (None, None) => return Ok(G::Variant::default()),
        };
        text.parse::<G::Variant>()
            .map_err(|e| anyhow!("bad variant for {}: {e}", G::NAME))
    }

    /// The game after the position and moves given, from `first`'s start
    /// when no position is given.
    pub fn history<G: Game>(&self, first: tablero_core::Player) -> Result<History<G>> {
        let variant = self.variant::<G>()?;
        let mut start = match &self.position {
            Some(p) => Some(
                G::parse_position(&variant, p).map_err(|e| anyhow!("bad position {p:?}: {e}"))?,
            ),
            None => None,
        };
        let list = match &self.moves {
            None => String::new(),
            Some(m) => match m.strip_prefix('@') {
                None => m.clone(),
                Some(path) => {
                    let text = read_file(path)?;
                    if text.trim_start().starts_with('[') {
                        let record = Record::<G>::parse(&text)
                            .with_context(|| format!("cannot read the record {path}"))?;
                        if start.is_none() {
                            start = Some(record.start.clone());
                        }
                        tablero_core::format_move_list(&record.start, &record.moves)
                    } else {
                        text
                    }
                }
            },
        };
        let start = start.unwrap_or_else(|| G::start_with(&variant, first));
        let mut h = History::new(start);
        play_move_list(&mut h, &list).map_err(|e| anyhow!("{e}"))?;
        Ok(h)
    }
}

/// Reads `p1`, `p2` or a colour name of the game.
pub fn parse_player(text: &str, names: [&str; 2]) -> Result<tablero_core::Player> {
    use tablero_core::Player;
    match text {
        "p1" => Ok(Player::P1),
        "p2" => Ok(Player::P2),
        t if t == names[0] => Ok(Player::P1),
        t if t == names[1] => Ok(Player::P2),
        _ => bail!(
            "unknown player {text:?}: use p1, p2, {} or {}",
            names[0],
            names[1]
        ),
    }
}

/// The docs/cli.md JSON form of an outcome (`null` while the game goes on).
pub fn outcome_json(o: Option<Outcome>) -> Value {
    match o {
        None => Value::Null,
        Some(o) => json!({
            "winner": o.winner.map(|p| p.as_str()),
            "score": [num(o.score[0].as_f64()), num(o.score[1].as_f64())],
            "reason": o.reason.as_str(),
        }),
    }
}

/// A number as JSON: an integer when it has no fraction.
pub fn num(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// Prints one JSON value.
pub fn print_json(v: &Value) {
    println!("{v}");
}
