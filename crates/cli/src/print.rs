//! `tablero print`: a game's print-and-play kit (board, pieces, cards,
//! rules) as PDF or SVG, drawn by `tablero-print`.

use crate::common::Setup;
use crate::{with_game, GameName};
use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;
use std::path::PathBuf;
use tablero_print::{kit, Lang, Options, Paper};

/// Arguments of `tablero print`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The game.
    pub game: GameName,
    /// The variant (Imago: a layout text; `@FILE` reads it from a file).
    #[arg(long, value_name = "V")]
    pub variant: Option<String>,
    /// Imago layout file (the same as `--variant @FILE`).
    #[arg(long, value_name = "FILE", conflicts_with = "variant")]
    pub layout: Option<PathBuf>,
    /// Paper: `a4` or `letter`.
    #[arg(long, value_name = "P", default_value = "a4")]
    pub paper: Paper,
    /// The file to write: `.pdf` or `.svg` (every page, one below the other).
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

/// The kit's language: the terminal's (the global `--lang`, else
/// `LC_ALL`, `LC_MESSAGES`, `LANG`; see [`crate::i18n`]).
fn kit_lang() -> Lang {
    crate::i18n::lang()
}

/// Runs `tablero print`.
pub fn run(args: &Args) -> Result<()> {
    let options = Options {
        paper: args.paper,
        lang: kit_lang(),
    };
    let setup = Setup {
        variant: args.variant.clone(),
        layout: args.layout.clone(),
        ..Setup::default()
    };
    let kit = with_game!(args.game, G => kit::<G>(&setup.variant::<G>()?, &options));
    let ext = args
        .output
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let bytes = match ext.as_deref() {
        Some("pdf") => kit.to_pdf()?,
        Some("svg") => kit.to_svg().into_bytes(),
        _ => bail!(crate::i18n::t!("print-output-extension")),
    };
    std::fs::write(&args.output, bytes).with_context(|| {
        crate::i18n::t!("cannot-write", path = args.output.display().to_string())
    })?;
    eprintln!(
        "{}",
        crate::i18n::t!(
            "print-written",
            path = args.output.display().to_string(),
            pages = kit.pages.len(),
            paper = options.paper.to_string()
        )
    );
    Ok(())
}
