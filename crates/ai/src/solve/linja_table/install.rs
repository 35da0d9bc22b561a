//! The tables installed for the whole process, and where tablero looks for
//! them when none is named.

use super::file::{rules_words, Table, TableError};
use std::path::PathBuf;
use std::sync::OnceLock;
use tablero_core::{id, Message};
use tablero_games::linja::{Linja, Move, Rules};

/// The tables installed for the process, by rules (publisher, seed).
static INSTALLED: [OnceLock<Table>; 2] = [OnceLock::new(), OnceLock::new()];

fn slot(rules: Rules) -> usize {
    match rules {
        Rules::Publisher => 0,
        Rules::Seed => 1,
    }
}

/// Installs `table` for the whole process, for its rules: from then on
/// Linja's level 5, the exact player (`solver`) and [`exact_moves`] answer
/// from it in every position it covers. One table per rule set, for the
/// life of the process: a second one for the same rules is handed back.
///
/// # Errors
/// Gives `table` back when a table of its rules is installed already.
pub fn install(table: Table) -> Result<&'static Table, Table> {
    let cell = &INSTALLED[slot(table.rules())];
    let mut offered = Some(table);
    let got = cell.get_or_init(|| offered.take().expect("taken once"));
    match offered {
        None => Ok(got),
        Some(t) => Err(t),
    }
}

/// The table installed for `rules`, if any.
#[must_use]
pub fn installed(rules: Rules) -> Option<&'static Table> {
    INSTALLED[slot(rules)].get()
}

/// Every legal move of `pos` with the exact final score difference it
/// keeps for the side to move, best first, from the installed table of its
/// rules (the hint); `None` when no installed table covers `pos` (or the
/// game is over: then the list is empty).
#[must_use]
pub fn exact_moves(pos: &Linja) -> Option<Vec<(Move, i32)>> {
    installed(pos.rules())?.scored_moves(pos).ok().flatten()
}

/// The exact final score difference of `pos` for the side to move, from
/// the installed table of its rules; `None` when none covers it.
#[must_use]
pub fn exact_value(pos: &Linja) -> Option<i32> {
    installed(pos.rules())?.value(pos).ok().flatten()
}

/// The file name of the whole table of `rules` in [`default_dir`]:
/// `linja-publisher.tbl` or `linja-seed.tbl`.
#[must_use]
pub fn default_file_name(rules: Rules) -> &'static str {
    match rules {
        Rules::Publisher => "linja-publisher.tbl",
        Rules::Seed => "linja-seed.tbl",
    }
}

/// The folder where tablero looks for tables when none is named: the
/// user's data folder, `$XDG_DATA_HOME/tablero`, else
/// `$HOME/.local/share/tablero` (on macOS `$HOME/Library/Application
/// Support/tablero`); `None` without a home folder.
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    let non_empty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let data = if cfg!(target_os = "macos") {
        PathBuf::from(non_empty("HOME")?).join("Library/Application Support")
    } else if let Some(x) = non_empty("XDG_DATA_HOME").map(PathBuf::from) {
        if x.is_absolute() {
            x
        } else {
            PathBuf::from(non_empty("HOME")?).join(".local/share")
        }
    } else {
        PathBuf::from(non_empty("HOME")?).join(".local/share")
    };
    Some(data.join("tablero"))
}

/// The default path of the whole table of `rules`:
/// [`default_dir`]`/`[`default_file_name`].
#[must_use]
pub fn default_path(rules: Rules) -> Option<PathBuf> {
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
) -> Result<Vec<(Rules, PathBuf)>, (PathBuf, TableError)> {
    let mut out = Vec::new();
    for p in paths {
        let t = Table::open(p).map_err(|e| (p.clone(), e))?;
        let rules = t.rules();
        install(t).map_err(|_| {
            (
                p.clone(),
                TableError::Header(
                    Message::of(id!("linja-table-in-use")).words("rules", &rules_words(rules)),
                ),
            )
        })?;
        out.push((rules, p.clone()));
    }
    if defaults {
        for rules in [Rules::Publisher, Rules::Seed] {
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
                        Message::of(id!("linja-table-holds-rules"))
                            .words("rules", &rules_words(t.rules())),
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
