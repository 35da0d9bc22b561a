//! The terminal's language: the messages of `locales/<lang>/cli.ftl` and
//! `games.ftl` (Project Fluent), embedded and formatted by `tablero-i18n`;
//! clap's help and errors in `help.rs`. The language is chosen
//! once, before the command line is parsed: `--lang es|en`, else `LC_ALL`,
//! then `LC_MESSAGES`, then `LANG` (`es…` is Spanish, anything else English).
//! See docs/i18n.md.

use std::sync::OnceLock;

mod help;
pub use help::{exit_on_clap_error, localize_help};
pub use tablero_i18n::{number, Lang};

/// The language the environment asks for: the first of `LC_ALL`,
/// `LC_MESSAGES`, `LANG` that is set and not empty decides (Spanish for
/// `es…`, English otherwise).
pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Lang {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| get(k).filter(|v| !v.is_empty()))
        .map_or(Lang::En, |v| {
            if Lang::parse(&v) == Some(Lang::Es) {
                Lang::Es
            } else {
                Lang::En
            }
        })
}

static CHOSEN: OnceLock<Lang> = OnceLock::new();

/// Sets the language for the rest of the run (the first call wins).
pub fn set(lang: Lang) {
    let _ = CHOSEN.set(lang);
}

/// The language in use (English until [`set`] is called).
pub fn lang() -> Lang {
    CHOSEN.get().copied().unwrap_or(Lang::En)
}

/// The language the command line asks for: the value of `--lang X` or
/// `--lang=X` among `args` when it is `en` or `es`, else the environment's.
/// An unknown value is left for clap to refuse.
pub fn from_args_and_env(args: &[std::ffi::OsString]) -> Lang {
    let mut it = args.iter().skip(1);
    while let Some(a) = it.next() {
        let Some(a) = a.to_str() else { continue };
        if a == "--" {
            break;
        }
        let value = if a == "--lang" {
            it.next().and_then(|v| v.to_str()).map(str::to_string)
        } else {
            a.strip_prefix("--lang=").map(str::to_string)
        };
        if let Some(lang) = value.as_deref().and_then(Lang::parse) {
            return lang;
        }
    }
    from_env(|k| std::env::var(k).ok())
}

/// Formats message `id` (built at run time) in `lang` with `args`; `None`
/// when the catalogue has no such message.
pub(crate) fn format_in(lang: Lang, id: &str, args: Option<&tablero_i18n::Args>) -> Option<String> {
    tablero_i18n::format_str(lang, id, args)
}

/// Message `id` in the language in use (in English when only English has
/// it; the id itself when neither has: the catalogue test forbids that).
/// A side named in the arguments comes with its grammar ([`with_sides`]).
pub fn text(id: &str, args: Option<&tablero_i18n::Args>) -> String {
    let sides = args.and_then(|a| with_sides(lang(), a));
    let args = sides.as_ref().or(args);
    format_in(lang(), id, args)
        .or_else(|| format_in(Lang::En, id, args))
        .unwrap_or_else(|| id.to_string())
}

/// The arguments that name a side ([`SIDE_ARGS`]), each with two more for
/// the sentence around it: `NAME-number`, the side's grammatical number
/// in `lang` (`one` or `plural`, the catalogue's `side-number`), and
/// `NAME-lower`, the name in small letters. Spanish agrees with draughts'
/// Blancas and Negras ("Ganan las negras", "Las blancas se rinden") and
/// names every other side as one ("Gana Rojo"); docs/i18n.md. `None` when
/// no side is named.
pub fn with_sides(lang: Lang, args: &tablero_i18n::Args) -> Option<tablero_i18n::Args<'static>> {
    use tablero_i18n::Value;
    let named: Vec<(&str, String)> = args
        .iter()
        .filter(|(k, _)| SIDE_ARGS.contains(k))
        .filter_map(|(k, v)| match v {
            Value::String(s) => Some((k, s.to_string())),
            _ => None,
        })
        .collect();
    if named.is_empty() {
        return None;
    }
    let mut out = tablero_i18n::Args::new();
    for (k, v) in args.iter() {
        out.set(k.to_string(), v.into_owned());
    }
    for (k, shown) in named {
        // A coloured name (the line mode's) is looked up without its colour.
        let plain = without_colour(&shown);
        let mut one = tablero_i18n::Args::new();
        one.set("side", plain);
        let number = format_in(lang, "side-number", Some(&one)).unwrap_or_else(|| "one".into());
        out.set(format!("{k}-number"), number);
        out.set(format!("{k}-lower"), shown.to_lowercase());
    }
    Some(out)
}

/// The argument names that hold a side's name in the catalogue's messages.
const SIDE_ARGS: [&str; 2] = ["side", "other"];

/// `text` without its ANSI colour codes (`ESC [ ... m`).
fn without_colour(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A game's error (or any [`tablero_core::Message`]) in the language in
/// use (`Message::in_lang`: its id in the catalogue, the messages among its
/// arguments formatted first).
pub fn message(m: &tablero_core::Message) -> String {
    m.in_lang(lang())
}

/// `t!("id")` or `t!("id", name = value, ...)`: message `id` of the
/// catalogue in the language in use, with its variables (anything a
/// `FluentValue` is made from: text, numbers).
/// The id is checked at compile time (`tablero_i18n::id!`): an id that no
/// catalogue has does not compile.
macro_rules! t {
    ($id:tt) => {
        $crate::i18n::text(tablero_i18n::id!($id).as_str(), None)
    };
    ($id:tt, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = tablero_i18n::Args::new();
        $( args.set(stringify!($name), tablero_i18n::Value::from($value)); )+
        $crate::i18n::text(tablero_i18n::id!($id).as_str(), Some(&args))
    }};
}
pub(crate) use t;

/// An error with its causes, `: ` between them (as `{e:#}` writes it),
/// each in the language in use: an input or output error said by
/// [`io_reason`], a [`tablero_core::Failure`] (the lab's errors) and a Linja
/// table's error by their messages; any other cause (a database's or a
/// library's reason) as it is given.
pub fn chain(e: &anyhow::Error) -> String {
    let mut parts: Vec<String> = e.chain().map(cause).collect();
    // A cause said the same as the one before it (a library's error and
    // its source, both told as one reason) is said once.
    parts.dedup();
    parts.join(": ")
}

/// One cause of an error chain in the language in use (see [`chain`]).
pub fn cause(c: &(dyn std::error::Error + 'static)) -> String {
    use tablero_ai::solve::linja_table::TableError;
    use tablero_core::Localize;
    if let Some(e) = c.downcast_ref::<std::io::Error>() {
        return io_reason(e);
    }
    if let Some(f) = c.downcast_ref::<tablero_core::Failure>() {
        return message(&f.message());
    }
    if let Some(e) = c.downcast_ref::<TableError>() {
        return table_reason(e);
    }
    let text = c.to_string();
    // SQLite's SQLITE_CANTOPEN (the lab's store): a folder that does not
    // exist or cannot be written.
    if text.contains("(code: 14)") {
        return t!("serve-database-cannot-open-file");
    }
    text
}

/// Why a Linja table cannot be used, in the language in use.
pub fn table_reason(e: &tablero_ai::solve::linja_table::TableError) -> String {
    use tablero_ai::solve::linja_table::TableError;
    match e {
        TableError::Io(e) => io_reason(e),
        e => message(&tablero_core::Localize::message(e)),
    }
}

/// Why a Super Dimensiones table cannot be used, in the language in use.
pub fn dimensiones_table_reason(e: &tablero_ai::solve::dimensiones_table::TableError) -> String {
    use tablero_ai::solve::dimensiones_table::TableError;
    match e {
        TableError::Io(e) => io_reason(e),
        e => message(&tablero_core::Localize::message(e)),
    }
}

/// An input or output error's reason in the language in use: the common
/// kinds from the catalogue (a file not found, permission denied, an
/// address in use...), else the system's own text.
pub fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => t!("io-not-found"),
        K::PermissionDenied => t!("io-permission-denied"),
        K::IsADirectory => t!("io-is-a-directory"),
        K::InvalidData => t!("io-not-text"),
        K::AddrInUse => t!("io-address-in-use"),
        K::AddrNotAvailable => t!("io-address-not-available"),
        K::ConnectionRefused => t!("io-connection-refused"),
        _ => e.to_string(),
    }
}

/// A search's info line (`depth 3 score cp 12 pv a1-b2 ...`, as the
/// engine protocol writes it) for people, its words in the language in
/// use; the moves after `pv` stay as they are, and the engine's speed and
/// time (`nps N`, `time MS`) are left out (the screen shows the time
/// thought in seconds).
pub fn search_line(info: &str) -> String {
    let mut out = Vec::new();
    let mut moves = false;
    let mut words = info.split_whitespace();
    while let Some(word) = words.next() {
        if !moves && matches!(word, "nps" | "time") {
            words.next();
            continue;
        }
        let local = match word {
            _ if moves => None,
            "depth" => Some(text("search-depth", None)),
            "score" => Some(text("search-score", None)),
            "nodes" => Some(text("search-nodes", None)),
            "mate" => Some(text("search-mate", None)),
            "pv" => {
                moves = true;
                Some(text("search-pv", None))
            }
            _ => None,
        };
        out.push(local.unwrap_or_else(|| word.to_string()));
    }
    out.join(" ")
}

/// Whether `word` is one of the words for a command: the English word or
/// its Spanish aliases (both are accepted whatever the language).
pub fn is_command(word: &str, command: Command) -> bool {
    command.words().contains(&word.to_lowercase().as_str())
}

/// An in-game command of the terminal game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help` / `ayuda`.
    Help,
    /// `moves` / `jugadas`.
    Moves,
    /// `quit` / `salir`.
    Quit,
    /// `resign` / `rendirse`.
    Resign,
    /// `undo` / `deshacer`.
    Undo,
    /// `draw` / `tablas`.
    Draw,
    /// `claim` / `reclamar`.
    Claim,
    /// `go` / `sigue`.
    Go,
    /// `flip` / `girar` (full screen only).
    Flip,
    /// `hint` / `pista` (full screen only).
    Hint,
}

impl Command {
    /// Every command.
    pub const ALL: [Command; 10] = [
        Command::Help,
        Command::Moves,
        Command::Quit,
        Command::Resign,
        Command::Undo,
        Command::Draw,
        Command::Claim,
        Command::Go,
        Command::Flip,
        Command::Hint,
    ];

    /// The words that name the command, English first.
    pub fn words(self) -> &'static [&'static str] {
        match self {
            Command::Help => &["help", "?", "ayuda"],
            Command::Moves => &["moves", "jugadas"],
            Command::Quit => &["quit", "exit", "q", "salir"],
            Command::Resign => &["resign", "rendirse", "abandonar"],
            Command::Undo => &["undo", "deshacer"],
            Command::Draw => &["draw", "tablas"],
            Command::Claim => &["claim", "reclamar"],
            Command::Go => &["go", "sigue", "seguir"],
            Command::Flip => &["flip", "girar"],
            Command::Hint => &["hint", "pista"],
        }
    }

    /// The command a word names, if any (either language, any case).
    pub fn parse(word: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| is_command(word, *c))
    }
}

/// Whether a typed answer accepts an offer (`draw`, `yes`, `y`, `tablas`,
/// `sí`, `si`, `s`).
pub fn is_yes(answer: &str) -> bool {
    matches!(
        answer.trim().to_lowercase().as_str(),
        "draw" | "yes" | "y" | "tablas" | "sí" | "si" | "s"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Message `id` in `lang` with one side named `side` (coloured or not)
    /// and `other`, as [`text`] formats it.
    fn said(lang: Lang, id: &str, side: &str) -> String {
        let mut args = tablero_i18n::Args::new();
        args.set("side", side.to_string());
        args.set("other", "Rojo");
        args.set("name", "ai:3");
        args.set("mv", "c3-d4");
        args.set("prompt", "");
        args.set("theme", "x");
        let args = with_sides(lang, &args).expect("a side is named");
        format_in(lang, id, Some(&args)).expect("a message")
    }

    #[test]
    fn spanish_verbs_agree_with_the_side() {
        let es = |id, side| said(Lang::Es, id, side);
        assert_eq!(es("wins", "Negras"), "Ganan las negras");
        assert_eq!(es("wins", "Rojo"), "Gana Rojo");
        assert_eq!(es("tui-resigns", "Blancas"), "Las blancas se rinden.");
        assert_eq!(es("tui-resigns", "Oscuro"), "Oscuro se rinde.");
        assert!(es("tui-played", "Blancas").starts_with("Las blancas (ai:3) jugaron c3-d4."));
        assert!(es("puzzle-task", "Azul").starts_with("Juega Azul:"));
        assert!(es("puzzle-task", "Negras").starts_with("Juegan las negras:"));
        // The line mode's coloured name: its colour kept, its number read
        // without it.
        let coloured = "\u{1b}[1m\u{1b}[34mNegras\u{1b}[0m";
        assert_eq!(
            es("wins", coloured),
            "Ganan las \u{1b}[1m\u{1b}[34mnegras\u{1b}[0m"
        );
        // English has one form.
        assert_eq!(said(Lang::En, "wins", "Black"), "Black wins");
        assert_eq!(without_colour(coloured), "Negras");
    }

    #[test]
    fn variant_names_in_spanish() {
        let label = |lang, v: &str| {
            let mut args = tablero_i18n::Args::new();
            args.set("variant", v.to_string());
            format_in(lang, "variant-label", Some(&args)).expect("a message")
        };
        assert_eq!(label(Lang::Es, "standard"), "estándar");
        assert_eq!(label(Lang::Es, "default"), "estándar");
        assert_eq!(label(Lang::Es, "russian"), "rusas");
        assert_eq!(label(Lang::Es, "publisher"), "editorial");
        assert_eq!(label(Lang::Es, "M-C-N-W-R"), "M-C-N-W-R");
        assert_eq!(label(Lang::En, "standard"), "standard");
    }

    #[test]
    fn the_environment_decides_in_order() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(from_env(env(&[("LANG", "es_ES.UTF-8")])), Lang::Es);
        assert_eq!(from_env(env(&[("LANG", "en_GB.UTF-8")])), Lang::En);
        assert_eq!(
            from_env(env(&[("LC_ALL", "C"), ("LANG", "es_ES.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            from_env(env(&[
                ("LC_ALL", ""),
                ("LC_MESSAGES", "es_MX"),
                ("LANG", "en_US")
            ])),
            Lang::Es
        );
        assert_eq!(from_env(env(&[])), Lang::En);
        assert_eq!(Lang::parse("es-419"), Some(Lang::Es));
        assert_eq!(Lang::parse("fr"), None);
    }

    #[test]
    fn spanish_words_name_the_same_commands() {
        assert_eq!(Command::parse("ayuda"), Some(Command::Help));
        assert_eq!(Command::parse("Deshacer"), Some(Command::Undo));
        assert_eq!(Command::parse("rendirse"), Some(Command::Resign));
        assert_eq!(Command::parse("tablas"), Some(Command::Draw));
        assert_eq!(Command::parse("undo"), Some(Command::Undo));
        assert_eq!(Command::parse("b2-c2"), None);
        assert!(is_yes("sí") && is_yes("y") && !is_yes("no"));
    }

    #[test]
    fn the_search_line_speaks_the_language_but_keeps_its_moves() {
        assert_eq!(
            search_line("depth 3 score cp 12 pv a1-b2 depth"),
            "depth 3 score cp 12 line a1-b2 depth"
        );
        assert_eq!(
            search_line("depth 3 score cp 12 nodes 50 nps 9000 time 5 pv time"),
            "depth 3 score cp 12 nodes 50 line time"
        );
        assert_eq!(
            format_in(Lang::Es, "search-depth", None).as_deref(),
            Some("profundidad")
        );
    }

    #[test]
    fn both_catalogues_format_with_plurals() {
        let one = {
            let mut a = tablero_i18n::Args::new();
            a.set("n", number("1"));
            a
        };
        let two = {
            let mut a = tablero_i18n::Args::new();
            a.set("n", number("2"));
            a
        };
        assert_eq!(
            format_in(Lang::En, "points", Some(&one)).unwrap(),
            "1 point"
        );
        assert_eq!(
            format_in(Lang::En, "points", Some(&two)).unwrap(),
            "2 points"
        );
        assert_eq!(
            format_in(Lang::Es, "points", Some(&one)).unwrap(),
            "1 punto"
        );
        assert_eq!(
            format_in(Lang::Es, "points", Some(&two)).unwrap(),
            "2 puntos"
        );
        let mut half = tablero_i18n::Args::new();
        half.set("n", number("0.5"));
        assert_eq!(
            format_in(Lang::Es, "points", Some(&half)).unwrap(),
            "0.5 puntos"
        );
    }
}
