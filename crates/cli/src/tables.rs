//! `--table FILE` of `play`, `match`, `engine` and `serve`: the tables of
//! exact values they play and show from (Linja's, Super Dimensiones'
//! endgame tables), else those found at the default location
//! (`tablero_ai::solve::linja_table::default_dir`).

use anyhow::{anyhow, Result};
use std::path::PathBuf;
use tablero_ai::solve::{dimensiones_table, linja_table::install_files};

/// The tables of exact values a command uses.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TableArgs {
    /// A table of exact values, Linja's (`tablero solve linja
    /// --build-table`) or a Super Dimensiones endgame table (`tablero solve
    /// dimensiones --build-table`), mapped into memory: level 5, `solver`,
    /// hints and reviews then play and show exact values wherever it covers
    /// the position. Give it once per rule set; `none` uses no table
    /// [default: the tables found in $XDG_DATA_HOME/tablero or
    /// ~/.local/share/tablero, named linja-publisher.tbl, linja-seed.tbl and
    /// dimensiones-M-C-N-W-R.tbl (the rule set's cards)].
    #[arg(long = "table", value_name = "FILE")]
    pub tables: Vec<PathBuf>,
}

/// Installs the tables of the command that takes them (the others use
/// none), and says on standard error which ones.
pub fn install(command: &crate::Command) -> Result<()> {
    let args = match command {
        crate::Command::Play(a) => &a.tables,
        crate::Command::Match(a) => &a.tables,
        crate::Command::Tournament(a) => &a.tables,
        crate::Command::Engine(a) => &a.tables,
        crate::Command::Serve(a) => &a.tables,
        crate::Command::Review(a) => &a.tables,
        crate::Command::Puzzles(crate::puzzles::Args {
            action: crate::puzzles::Action::Generate(a),
        }) => &a.tables,
        _ => return Ok(()),
    };
    let none = args.tables.iter().any(|p| p.as_os_str() == "none");
    let named: Vec<PathBuf> = args
        .tables
        .iter()
        .filter(|p| p.as_os_str() != "none")
        .cloned()
        .collect();
    // Super Dimensiones' tables by their file's first bytes; the rest are
    // Linja's (whose opening says what is wrong with a file of neither).
    let (dims, named): (Vec<PathBuf>, Vec<PathBuf>) =
        named.into_iter().partition(|p| is_dimensiones_table(p));
    let dims_installed = dimensiones_table::install_files(&dims, !none).map_err(|(path, e)| {
        anyhow!(crate::i18n::t!(
            "table-cannot-use",
            path = path.display().to_string(),
            error = crate::i18n::dimensiones_table_reason(&e)
        ))
    })?;
    for (rules, path) in dims_installed {
        eprintln!(
            "{}",
            crate::i18n::t!(
                "tables-installed-dimensiones",
                rules = rules.to_string(),
                path = path.display().to_string()
            )
        );
    }
    let installed = install_files(&named, !none).map_err(|(path, e)| {
        anyhow!(crate::i18n::t!(
            "table-cannot-use",
            path = path.display().to_string(),
            error = crate::i18n::table_reason(&e)
        ))
    })?;
    // A server without a table says what it falls back to and how to
    // build one (a build takes about 20 minutes and 2.5 GB).
    if installed.is_empty() && matches!(command, crate::Command::Serve(_)) {
        eprintln!("{}", crate::i18n::t!("tables-none-serve"));
    }
    for (rules, path) in installed {
        eprintln!(
            "{}",
            crate::i18n::t!(
                "tables-installed",
                rules = crate::solve::rules_label(&rules.to_string()),
                path = path.display().to_string()
            )
        );
    }
    Ok(())
}

/// Whether the file at `path` starts as a Super Dimensiones table does.
fn is_dimensiones_table(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut magic = [0u8; 8];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut magic))
        .is_ok()
        && &magic == b"TBDIMEN\0"
}
