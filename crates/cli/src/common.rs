//! What several commands share: choosing the game, reading the variant,
//! position and move list, and JSON values.

use crate::i18n::t;
use anyhow::{anyhow, bail, Context, Result};
use clap::Args as ClapArgs;
use serde_json::{json, Value};
use std::path::PathBuf;
use tablero_core::{play_move_list, Game, History, Localize, Outcome, Record};

/// The grammar of a player spec, shown by the `--help` of the commands
/// that take one.
pub const SPECS: &str = "Player specs (WHO, SPEC):
  human                       a person at this terminal (play only)
  random                      uniformly random legal moves
  ai:1 ... ai:5               the game's levels, weakest to strongest (docs/ai.md)
  solver                      the exact player (Imago)
  hint                        the hint player: the solver where the game is solved, else ai:5
  mcts[:iters=N,ms=N,c=X,threads=N,cutoff=N,reuse=0/1]
                              Monte Carlo tree search (default 1000 iterations, c 1.0)
  ab[:depth=N,ms=N,nodes=N,threads=N,q=0/1,focus=0/1]
                              alpha-beta (default depth 4, one thread, quiescence
                              and focus on)
  ugi:COMMAND                 an external engine speaking UGI (match only), e.g.
                              \"ugi:tablero engine dimensiones --player ab:ms=200\"
Example: --p2 mcts:ms=500,threads=2";

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

/// A file's text: UTF-8, a byte-order mark at its start skipped; a PDN
/// file (named `*.pdn`) that is not UTF-8 is read as Latin-1, the PDN
/// standard's encoding.
pub(crate) fn read_file(path: &str) -> Result<String> {
    let context = || t!("cannot-read-file", path = path.to_string());
    let bytes = std::fs::read(path)
        .map_err(|e| anyhow!(crate::i18n::io_reason(&e)))
        .with_context(context)?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    if path.to_ascii_lowercase().ends_with(".pdn") {
        return Ok(tablero_games::draughts::pdn::decode(bytes).into_owned());
    }
    String::from_utf8(bytes.to_vec())
        .map_err(|e| {
            let e = std::io::Error::new(std::io::ErrorKind::InvalidData, e);
            anyhow!(crate::i18n::io_reason(&e))
        })
        .with_context(context)
}

/// A record's or a PDN file's error in the language in use.
pub(crate) fn said(e: &impl Localize) -> anyhow::Error {
    anyhow!(crate::i18n::message(&e.message()))
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
        text.parse::<G::Variant>().map_err(|e| {
            anyhow!(t!(
                "bad-variant",
                game = G::NAME,
                error = crate::i18n::message(&e.message())
            ))
        })
    }

    /// The game after the position and moves given, from `first`'s start
    /// when no position is given; a record's declared result (a claim, a
    /// resignation, an agreed draw) is kept.
    pub fn history<G: tablero_ai::Play>(&self, first: tablero_core::Player) -> Result<History<G>> {
        Ok(self.load::<G>(first)?.0)
    }

    /// As [`Setup::history`], with the record read by `--moves @FILE` when
    /// the file is one (for its players and tags).
    pub fn load<G: tablero_ai::Play>(
        &self,
        first: tablero_core::Player,
    ) -> Result<(History<G>, Option<Record<G>>)> {
        let variant = self.variant::<G>()?;
        let mut start = match &self.position {
            Some(p) => Some(G::parse_position(&variant, p).map_err(|e| {
                anyhow!(t!(
                    "bad-position",
                    position = format!("{p:?}"),
                    error = crate::i18n::message(&e.message())
                ))
            })?),
            None => None,
        };
        let mut record: Option<Record<G>> = None;
        let list = match &self.moves {
            None => String::new(),
            Some(m) => match m.strip_prefix('@') {
                None => m.clone(),
                Some(path) => {
                    let text = read_file(path)?;
                    let pdn = is_pdn::<G>(path, &text);
                    if pdn || text.trim_start().starts_with('[') {
                        let r = if pdn {
                            from_pdn::<G>(&text, &variant.to_string(), path)
                        } else {
                            Record::<G>::parse(&text).map_err(|e| said(&e))
                        }
                        .with_context(|| t!("cannot-read-record", path = path.to_string()))?;
                        if start.is_none() {
                            start = Some(r.start.clone());
                        }
                        let list = tablero_core::format_move_list(&r.start, &r.moves);
                        record = Some(r);
                        list
                    } else {
                        text
                    }
                }
            },
        };
        let start = start.unwrap_or_else(|| G::start_with(&variant, first));
        let mut h = History::new(start);
        play_move_list(&mut h, &list).map_err(|e| anyhow!(crate::i18n::message(&e.message())))?;
        if let Some(result) = record.as_ref().and_then(|r| r.result) {
            // A claim stands only when the solver proves it.
            if result.reason == tablero_core::Reason::Claim && !G::claim_valid(&h) {
                let m = tablero_core::Message::of(tablero_core::id!("record-claim-unproved"));
                return Err(anyhow!(crate::i18n::message(&m))).with_context(|| {
                    t!(
                        "cannot-read-record",
                        path = self
                            .moves
                            .clone()
                            .unwrap_or_default()
                            .trim_start_matches('@')
                            .to_string()
                    )
                });
            }
            if h.outcome() != Some(result) {
                h.set_result(result);
            }
        }
        Ok((h, record))
    }
}

/// Whether a record of game `G` read from `path` is PDN: a `draughts`
/// record named `*.pdn`, or one that is not the project's own format.
pub(crate) fn is_pdn<G: Game>(path: &str, text: &str) -> bool {
    G::NAME == "draughts"
        && (path.to_ascii_lowercase().ends_with(".pdn")
            || tablero_games::draughts::pdn::looks_like_pdn(text))
}

/// Reads a PDN file as a record of `G` (which is `draughts`), in `variant`
/// when the text names no game type. Every game of the file is read (an
/// error in any is an error); a command that takes one game takes the
/// first, and says so on standard error when the file holds several.
fn from_pdn<G: Game>(text: &str, variant: &str, path: &str) -> Result<Record<G>> {
    let mut games = pdn_records::<G>(text, variant)?;
    if games.len() > 1 {
        eprintln!(
            "{}",
            t!(
                "pdn-first-game",
                path = path.to_string(),
                count = games.len()
            )
        );
    }
    Ok(games.swap_remove(0))
}

/// Every game of a PDN text as records of `G` (which is `draughts`), in
/// `variant` when a game names no game type.
pub(crate) fn pdn_records<G: Game>(text: &str, variant: &str) -> Result<Vec<Record<G>>> {
    use tablero_games::draughts::{pdn, DraughtsVariant};
    let v: DraughtsVariant = variant.parse().unwrap_or_default();
    let games = pdn::parse_all(text, v).map_err(|e| said(&e))?;
    // The same records in the project's format, read as the game's.
    games
        .iter()
        .map(|r| Record::<G>::parse(&r.to_text()).map_err(|e| said(&e)))
        .collect()
}

/// The text of a record saved to `path`: PDN for a `draughts` record named
/// `*.pdn`, the project's own format otherwise.
pub fn record_text<G: Game>(record: &Record<G>, path: &std::path::Path) -> Result<String> {
    let pdn = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("pdn"));
    if !pdn {
        return Ok(record.to_text());
    }
    if G::NAME != "draughts" {
        bail!(t!(
            "pdn-only-draughts",
            path = path.display().to_string(),
            game = G::NAME
        ));
    }
    let own = Record::<tablero_games::draughts::Draughts>::parse(&record.to_text())
        .map_err(|e| said(&e))?;
    Ok(tablero_games::draughts::pdn::write(&own))
}

/// Reads `p1`, `p2` or a colour name of the game.
pub fn parse_player(text: &str, names: [&str; 2]) -> Result<tablero_core::Player> {
    use tablero_core::Player;
    match text {
        "p1" => Ok(Player::P1),
        "p2" => Ok(Player::P2),
        t if t == names[0] => Ok(Player::P1),
        t if t == names[1] => Ok(Player::P2),
        _ => bail!(t!(
            "unknown-player",
            text = format!("{text:?}"),
            first = names[0].to_string(),
            second = names[1].to_string()
        )),
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
