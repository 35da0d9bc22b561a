//! The tables installed for the whole process, where tablero looks for them
//! when none is named, and the questions the rest of tablero asks them:
//! the exact value of a Super Dimensiones position ([`probe`]) and of each
//! of its moves ([`exact_moves`]), and a sub-game's value
//! ([`subgame_value`]).

use super::file::{Table, TableError};
use super::sub::{Sub, TableRules};
use super::value::{Steps, Wdl, CAP};
use crate::solve::linja_table::default_dir;
use std::path::PathBuf;
use std::sync::OnceLock;
use tablero_core::{id, Game, History, Message, Player};
use tablero_games::dimensiones::{Army, Dimensiones, SubGame};
use tablero_games::draughts::Move;

/// The tables installed for the process, by rules ([`TableRules::code`]).
static INSTALLED: [OnceLock<Table>; 8] = [const { OnceLock::new() }; 8];

/// Installs `table` for the whole process, for its rules: from then on
/// Super Dimensiones' level 5, the exact player (`solver`), the hints and
/// the review answer from it in every position it covers. One table per
/// rule set, for the life of the process: a second one is handed back.
///
/// # Errors
/// Gives `table` back when a table of its rules is installed already.
pub fn install(table: Table) -> Result<&'static Table, Table> {
    let cell = &INSTALLED[usize::from(table.rules().code())];
    let mut offered = Some(table);
    let got = cell.get_or_init(|| offered.take().expect("taken once"));
    match offered {
        None => Ok(got),
        Some(t) => Err(t),
    }
}

/// The table installed for `rules`, if any.
#[must_use]
pub fn installed(rules: TableRules) -> Option<&'static Table> {
    INSTALLED[usize::from(rules.code())].get()
}

/// The file name of the table of `rules` in the default folder
/// ([`crate::solve::linja_table::default_dir`], shared with Linja's
/// tables): `dimensiones-M-C-N-W-R.tbl`.
#[must_use]
pub fn default_file_name(rules: TableRules) -> String {
    format!("dimensiones-{rules}.tbl")
}

/// The default path of the table of `rules`.
#[must_use]
pub fn default_path(rules: TableRules) -> Option<PathBuf> {
    Some(default_dir()?.join(default_file_name(rules)))
}

/// Opens the tables named in `paths` (each gives its own rules) and
/// installs them; then, unless `defaults` is false, installs for each rule
/// set still without a table the file at [`default_path`] when it exists.
/// Returns each installed table's rules and path.
///
/// # Errors
/// When a named file, or a file present at the default location, cannot
/// be opened as a finished table, or two named tables have the same rules.
pub fn install_files(
    paths: &[PathBuf],
    defaults: bool,
) -> Result<Vec<(TableRules, PathBuf)>, (PathBuf, TableError)> {
    let mut out = Vec::new();
    for p in paths {
        let t = Table::open(p).map_err(|e| (p.clone(), e))?;
        let rules = t.rules();
        install(t).map_err(|_| {
            (
                p.clone(),
                TableError::Header(
                    Message::of(id!("dimensiones-table-in-use")).text("rules", rules),
                ),
            )
        })?;
        out.push((rules, p.clone()));
    }
    if defaults {
        for rules in TableRules::ALL {
            let Some(p) = default_path(rules).filter(|p| p.exists()) else {
                continue;
            };
            if installed(rules).is_some() {
                continue;
            }
            let t = Table::open(&p).map_err(|e| (p.clone(), e))?;
            if t.rules() != rules {
                return Err((
                    p,
                    TableError::Header(
                        Message::of(id!("dimensiones-table-holds-rules")).text("rules", t.rules()),
                    ),
                ));
            }
            if install(t).is_ok() {
                out.push((rules, p));
            }
        }
    }
    Ok(out)
}

/// The exact value of a Super Dimensiones position with one sub-game
/// decided and the other within an installed table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameValue {
    /// The open sub-game's value for the side to move.
    pub subgame: Wdl,
    /// The sub-game's value for the side to move with every number of
    /// plies left before the move cap.
    pub steps: Steps,
    /// Plies left before the move cap (60 less the clock).
    pub left: u8,
    /// The game's points difference for the side to move with best play
    /// (its points less the other player's: -2 to 2).
    pub margin: i32,
}

/// The exact value of a legal move ([`exact_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// The game's points difference for the mover after it, with best
    /// play.
    pub margin: i32,
    /// The open sub-game's value for the mover after it.
    pub subgame: Wdl,
    /// How the move makes its value come true, for choosing among the
    /// moves of the best value (lower first): where the mover forces its
    /// value, the plies the other side has left to hold out (0: at once,
    /// by a capture, a man's move or the game's end); where the mover
    /// holds the value the cap gives, the plies the other side needs
    /// beyond those left, negated (the longer it needs, the better).
    pub plies: i32,
}

/// The points difference for `me` of a decided (or drawn) sub-game.
pub(crate) fn decided_margin(s: SubGame, me: Player) -> i32 {
    match s {
        SubGame::Won(p) if p == me => 1,
        SubGame::Won(_) => -1,
        SubGame::Open | SubGame::Drawn => 0,
    }
}

/// The exact value of `pos` for its side to move, from the installed
/// table of its rules: where one sub-game is decided, the other is open
/// with at most the table's pieces, and the game is not over. The value is
/// of the position alone: earlier positions (repetitions) do not count.
#[must_use]
pub fn probe(pos: &Dimensiones) -> Option<GameValue> {
    if pos.outcome().is_some() {
        return None;
    }
    let (sub, g, army) = Sub::of_game(pos)?;
    let table = installed(TableRules::of(pos.variant())?)?;
    let steps = table.steps(&sub)?;
    let left = CAP.saturating_sub(pos.clock()).max(1);
    let v = steps.at(left);
    let me = army.player();
    Some(GameValue {
        subgame: v,
        steps,
        left,
        margin: decided_margin(pos.subgame(1 - g), me) + i32::from(v.sign()),
    })
}

/// The points difference for `me` of a finished game.
pub(crate) fn outcome_margin(pos: &Dimensiones, me: Player) -> Option<i32> {
    let o = pos.outcome()?;
    let mine = o.score[me.index()].as_halves() as i32;
    let theirs = o.score[me.other().index()].as_halves() as i32;
    Some((mine - theirs) / 2)
}

/// Every legal move of `pos` with its exact value for the mover, best
/// first (and among equals the quickest to make its value come true),
/// where [`probe`] answers for `pos`; `None` elsewhere.
#[must_use]
pub fn exact_moves(pos: &Dimensiones) -> Option<Vec<MoveValue>> {
    exact_moves_after(pos, None)
}

/// [`exact_moves`] with the game's history: a move that repeats a
/// position for the third time ends the game (scored by value) and is
/// valued so.
#[must_use]
pub fn exact_moves_in(history: &History<Dimensiones>) -> Option<Vec<MoveValue>> {
    exact_moves_after(history.current(), Some(history))
}

fn exact_moves_after(
    pos: &Dimensiones,
    history: Option<&History<Dimensiones>>,
) -> Option<Vec<MoveValue>> {
    let here = probe(pos)?;
    let me = pos.side_to_move();
    let (_, g, _) = Sub::of_game(pos)?;
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let repeated = history.is_some_and(|h| {
            let key = child.repetition_key();
            h.positions()
                .iter()
                .filter(|p| p.repetition_key() == key)
                .count()
                >= 2
        });
        let (margin, subgame, plies) = if let Some(m) = outcome_margin(&child, me) {
            let sub = m - decided_margin(pos.subgame(1 - g), me);
            (m, Wdl::of_sign(sub.signum() as i8), 0)
        } else if repeated {
            let o = child.repetition_outcome();
            let mine = o.score[me.index()].as_halves() as i32;
            let theirs = o.score[me.other().index()].as_halves() as i32;
            let m = (mine - theirs) / 2;
            let sub = m - decided_margin(pos.subgame(1 - g), me);
            (m, Wdl::of_sign(sub.signum() as i8), 0)
        } else {
            let c = probe(&child)?;
            let v = c.subgame.flip();
            let plies = if child.clock() == 0 {
                0
            } else if v != here.steps.cap {
                // The mover forces v: the other side holds out while it
                // has enough plies left for its value.
                i32::from(first_left(&c.steps, c.subgame).unwrap_or(0))
            } else {
                // The mover holds the cap's value: the other side would
                // need this many plies to change it.
                -i32::from(first_left(&c.steps, better(c.subgame)).unwrap_or(CAP + 1))
            };
            (-c.margin, v, plies)
        };
        out.push(MoveValue {
            mv,
            margin,
            subgame,
            plies,
        });
    }
    out.sort_by_key(|m| (std::cmp::Reverse(m.margin), m.plies));
    Some(out)
}

/// The fewest plies left (1..=60) with which `steps` is worth `v`.
fn first_left(steps: &Steps, v: Wdl) -> Option<u8> {
    (1..=CAP).find(|&h| steps.at(h) == v)
}

/// The next better value (a loss's is a draw); a win stays a win.
fn better(v: Wdl) -> Wdl {
    match v {
        Wdl::Loss => Wdl::Draw,
        Wdl::Draw | Wdl::Win => Wdl::Win,
    }
}

/// The value of the open sub-game of `army` for `army` as if it were to
/// move, from the installed table of the rule set, with every number of
/// plies left; `None` when no installed table covers it (or the sub-game
/// is decided). Exact for the whole game only where the other sub-game is
/// decided (then [`probe`] says it); with both open it is the sub-game's
/// value alone.
#[must_use]
pub fn subgame_value(pos: &Dimensiones, army: Army) -> Option<Steps> {
    if pos.subgame(army.subgame()) != SubGame::Open {
        return None;
    }
    let table = installed(TableRules::of(pos.variant())?)?;
    table.steps(&Sub::of_army(pos, army))
}
