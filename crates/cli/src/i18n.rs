//! The terminal's language: the messages of `locales/<lang>/cli.ftl`
//! (Project Fluent, the same catalogue as the web app's `web.ftl`), embedded
//! at compile time and formatted with `fluent-bundle`. The language is chosen
//! once, before the command line is parsed: `--lang es|en`, else `LC_ALL`,
//! then `LC_MESSAGES`, then `LANG` (`es…` is Spanish, anything else English).
//! See docs/i18n.md.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::sync::{LazyLock, OnceLock};

/// A language of the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English (the default).
    En,
    /// Spanish.
    Es,
}

impl Lang {
    /// The language's code, as `--lang` and the games' `Text::get` take it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// `en` or `es` (a region or encoding after it ignored: `es_ES.UTF-8`).
    pub fn parse(text: &str) -> Option<Lang> {
        let base = text
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match base.as_str() {
            "es" => Some(Lang::Es),
            "en" | "c" | "posix" => Some(Lang::En),
            _ => None,
        }
    }

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
    Lang::from_env(|k| std::env::var(k).ok())
}

/// The catalogue of the terminal in one language.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let (id, text, games) = match lang {
        Lang::En => (
            "en",
            include_str!("../../../locales/en/cli.ftl"),
            include_str!("../../../locales/en/games.ftl"),
        ),
        Lang::Es => (
            "es",
            include_str!("../../../locales/es/cli.ftl"),
            include_str!("../../../locales/es/games.ftl"),
        ),
    };
    let langid: unic_langid::LanguageIdentifier = id.parse().expect("a valid language id");
    let mut bundle = FluentBundle::new_concurrent(vec![langid]);
    bundle.set_use_isolating(false);
    // The catalogue test (tests/i18n.rs) checks that the files parse.
    for text in [text, games] {
        let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
        let _ = bundle.add_resource(resource);
    }
    bundle
}

static EN: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::En));
static ES: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::Es));

/// Formats message `id` in `lang` with `args`; `None` when the catalogue
/// has no such message.
pub(crate) fn format_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle: &FluentBundle<FluentResource> = match lang {
        Lang::En => &EN,
        Lang::Es => &ES,
    };
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned(),
    )
}

/// Message `id` in the language in use (in English when only English has
/// it; the id itself when neither has: the catalogue test forbids that).
pub fn text(id: &str, args: Option<&FluentArgs>) -> String {
    format_in(lang(), id, args)
        .or_else(|| format_in(Lang::En, id, args))
        .unwrap_or_else(|| id.to_string())
}

/// A game's error (or any [`tablero_core::Message`]) in the language in
/// use: its English text in English, else its id in the catalogue
/// (`locales/<lang>/games.ftl`), the messages among its arguments formatted
/// first; the English text when the catalogue has no such id.
pub fn message(m: &tablero_core::Message) -> String {
    if lang() == Lang::En {
        return m.as_str().to_string();
    }
    message_in(lang(), m)
}

fn message_in(lang: Lang, m: &tablero_core::Message) -> String {
    use tablero_core::Arg;
    let mut args = FluentArgs::new();
    for (name, value) in m.args() {
        let value = match value {
            Arg::Text(t) => number(t),
            Arg::Number(n) => FluentValue::from(*n),
            Arg::Message(inner) => FluentValue::from(message_in(lang, inner)),
            Arg::Words(words) => {
                let mine = words.iter().find(|(l, _)| *l == lang.code());
                FluentValue::from(
                    mine.or(words.first())
                        .map_or("", |(_, t)| t.as_str())
                        .to_string(),
                )
            }
        };
        args.set(*name, value);
    }
    format_in(lang, m.id(), Some(&args)).unwrap_or_else(|| m.as_str().to_string())
}

/// A number as a Fluent value that selects plurals (`1 punto`, `2 puntos`)
/// and prints as `text` does (`0.5`, `½`, `3`): numbers in text form (the
/// points of a game) become numbers; other text stays text.
pub fn number(text: &str) -> FluentValue<'static> {
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() => FluentValue::from(n),
        _ => FluentValue::from(text.to_string()),
    }
}

/// `t!("id")` or `t!("id", name = value, ...)`: message `id` of the
/// catalogue in the language in use, with its variables (anything a
/// `FluentValue` is made from: text, numbers).
macro_rules! t {
    ($id:literal) => {
        $crate::i18n::text($id, None)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), fluent_bundle::FluentValue::from($value)); )+
        $crate::i18n::text($id, Some(&args))
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

/// Message `id` in the language in use (or in English), `None` when the
/// catalogue has no such message.
fn maybe(id: &str) -> Option<String> {
    format_in(lang(), id, None).or_else(|| format_in(Lang::En, id, None))
}

/// Every command's help from the catalogue: for the top command `tablero`
/// and each subcommand `X`, the about text `X-about` (and `X-long-about`,
/// `X-after-help` where the catalogue has them) and each argument's help
/// `X-opt-NAME`, else the shared `opt-NAME` (NAME: the long option's name,
/// or a positional argument's id). In Spanish clap's own words are
/// replaced too: the headings and the usage line (a help template), the
/// help and version flags, `[default: ...]`, `[possible values: ...]` and
/// `[aliases: ...]`, and the value names (`value-NAME`).
pub fn localize_help(mut command: clap::Command) -> clap::Command {
    command.build();
    let spanish = lang() != Lang::En;
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(&name, |c| localize_command(c, &name, spanish));
    }
    localize_command(command, "tablero", spanish)
}

/// The help of one command (`name`: its name, `tablero` for the top one).
fn localize_command(mut c: clap::Command, name: &str, spanish: bool) -> clap::Command {
    if name == "help" {
        // clap's own `help` subcommand.
        if spanish {
            c = c.about(text("clap-help-command", None));
        }
        return c;
    }
    if let Some(t) = maybe(&format!("{name}-about")) {
        c = c.about(clip(t));
    }
    if let Some(t) = maybe(&format!("{name}-long-about")) {
        c = c.long_about(t);
    }
    if let Some(t) = maybe(&format!("{name}-after-help")) {
        c = c.after_help(t);
    }
    let ids: Vec<String> = c
        .get_arguments()
        .map(|a| a.get_id().as_str().to_string())
        .collect();
    for id in ids {
        c = c.mut_arg(&id, |a| localize_arg(a, name, spanish));
    }
    if spanish {
        c = spanish_frame(c);
    }
    c
}

/// The catalogue's key for a value name: `value-` and the name in small
/// letters, signs as `-` (`GAME|worker`: `value-game-worker`).
fn value_key(name: &str) -> String {
    let word: String = name
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("value-{word}")
}

/// A one-line help without its final full stop, as clap writes them
/// (`Print help`); longer texts keep theirs.
fn clip(text: String) -> String {
    match text.strip_suffix('.') {
        Some(t) if !t.ends_with('.') && !text.contains('\n') => t.to_string(),
        _ => text,
    }
}

/// The catalogue's key word for an argument: its long name, or its id.
fn arg_word(a: &clap::Arg) -> String {
    a.get_long()
        .map_or_else(|| a.get_id().as_str().to_string(), str::to_string)
}

/// The catalogue's help of argument `a` of command `cmd`, if any.
pub fn arg_help(cmd: &str, a: &clap::Arg) -> Option<String> {
    let word = arg_word(a);
    maybe(&format!("{cmd}-opt-{word}")).or_else(|| maybe(&format!("opt-{word}")))
}

fn localize_arg(mut a: clap::Arg, cmd: &str, spanish: bool) -> clap::Arg {
    let id = a.get_id().as_str().to_string();
    if id == "help" || id == "version" {
        if !spanish {
            return a;
        }
        let long = a.get_long_help().is_some();
        return match (id.as_str(), long) {
            ("help", true) => a
                .help(text("clap-help-more", None))
                .long_help(text("clap-help-summary", None)),
            ("help", false) => a.help(text("clap-help", None)),
            _ => a.help(text("clap-version", None)),
        };
    }
    let mut help = match arg_help(cmd, &a) {
        Some(t) => clip(t),
        None => a.get_help().map(ToString::to_string).unwrap_or_default(),
    };
    let mut long_help = None;
    if spanish && a.get_action().takes_values() {
        let aliases: Vec<String> = a
            .get_visible_aliases()
            .unwrap_or_default()
            .into_iter()
            .map(str::to_string)
            .collect();
        if !aliases.is_empty() {
            let list: Vec<String> = aliases.iter().map(|x| format!("--{x}")).collect();
            help.push_str(&format!(
                " [{}]",
                t!("clap-aliases", list = list.join(", "))
            ));
            // clap keeps names as `&'static str`: the few help texts of one
            // run are leaked.
            a = a
                .alias(None)
                .aliases(aliases.into_iter().map(|x| &*x.leak()));
        }
        let defaults: Vec<String> = a
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        if !defaults.is_empty() && !a.is_hide_default_value_set() {
            help.push_str(&format!(
                " [{}]",
                t!("clap-default", value = defaults.join(", "))
            ));
            a = a.hide_default_value(true);
        }
        let values = a.get_possible_values();
        if !values.is_empty() && !a.is_hide_possible_values_set() {
            let names: Vec<&str> = values.iter().map(|v| v.get_name()).collect();
            let short = format!(" [{}]", t!("clap-possible", list = names.join(", ")));
            if values.iter().any(|v| v.get_help().is_some()) {
                // `-h` lists the names, `--help` each with its help.
                let mut long = format!("{help}\n\n{}", t!("clap-possible-heading"));
                for v in &values {
                    long.push_str(&format!("\n- {}", v.get_name()));
                    if let Some(h) = v.get_help() {
                        long.push_str(&format!(": {h}"));
                    }
                }
                help.push_str(&short);
                long_help = Some(long);
            } else {
                help.push_str(&short);
            }
            a = a.hide_possible_values(true);
        }
        let names: Vec<String> = match a.get_value_names() {
            Some(names) => names.iter().map(ToString::to_string).collect(),
            None if a.is_positional() => vec![id.to_uppercase()],
            None => vec![id.to_uppercase()],
        };
        let local: Vec<String> = names
            .iter()
            .map(|n| maybe(&value_key(n)).unwrap_or_else(|| n.clone()))
            .collect();
        if local != names {
            a = a.value_names(local.into_iter().map(|x| &*x.leak()));
        }
    }
    let a = a.help(help);
    match long_help {
        Some(long) => a.long_help(long),
        None => a.long_help(clap::builder::Resettable::<clap::builder::StyledStr>::Reset),
    }
}

/// The headings and the usage line of a command's help in the language in
/// use (clap writes them in English).
fn spanish_frame(mut c: clap::Command) -> clap::Command {
    let usage = c.render_usage().to_string();
    let usage = usage
        .trim_start()
        .strip_prefix("Usage:")
        .unwrap_or(&usage)
        .trim()
        .to_string();
    c = c.override_usage(clap_placeholders(&usage));
    let mut template = format!(
        "{{before-help}}{{about-with-newline}}\n{} {{usage}}",
        text("clap-usage", None)
    );
    if c.get_positionals().any(|a| !a.is_hide_set()) {
        template.push_str(&format!(
            "\n\n{}\n{{positionals}}",
            text("clap-arguments", None)
        ));
    }
    template.push_str(&format!("\n\n{}\n{{options}}", text("clap-options", None)));
    if c.has_subcommands() {
        template.push_str(&format!(
            "\n\n{}\n{{subcommands}}",
            text("clap-commands", None)
        ));
    }
    template.push_str("{after-help}");
    c.help_template(template)
}

/// clap's placeholders in a usage line (`[OPTIONS]`, `<COMMAND>`) in the
/// language in use.
fn clap_placeholders(usage: &str) -> String {
    usage
        .replace("[OPTIONS]", &text("clap-options-placeholder", None))
        .replace("<COMMAND>", &text("clap-command-placeholder", None))
        .replace("[COMMAND]", &text("clap-command-placeholder", None))
}

/// A command-line error from clap in the language in use: in English
/// clap's own message, in Spanish the catalogue's sentence for its kind
/// (the argument and value named), clap's suggestion, the usage line and
/// where to find more. Ends the program (exit code 2; 0 for `--help` and
/// `--version`).
pub fn exit_on_clap_error(e: &clap::Error) -> ! {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let quiet = matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if lang() == Lang::En || quiet {
        e.exit()
    }
    let get = |k: ContextKind| -> String {
        match e.get(k) {
            Some(ContextValue::String(s)) => s.clone(),
            Some(ContextValue::Strings(v)) => v.join(", "),
            Some(ContextValue::StyledStr(s)) => s.to_string(),
            Some(ContextValue::StyledStrs(v)) => v
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            Some(ContextValue::Number(n)) => n.to_string(),
            _ => String::new(),
        }
    };
    let message = match e.kind() {
        ErrorKind::UnknownArgument => t!("clap-error-unknown", arg = get(ContextKind::InvalidArg)),
        ErrorKind::InvalidSubcommand => t!(
            "clap-error-subcommand",
            name = get(ContextKind::InvalidSubcommand)
        ),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => t!(
            "clap-error-value",
            value = get(ContextKind::InvalidValue),
            arg = get(ContextKind::InvalidArg)
        ),
        ErrorKind::MissingRequiredArgument => {
            t!("clap-error-missing", args = get(ContextKind::InvalidArg))
        }
        ErrorKind::ArgumentConflict => t!(
            "clap-error-conflict",
            arg = get(ContextKind::InvalidArg),
            other = get(ContextKind::PriorArg)
        ),
        ErrorKind::MissingSubcommand => t!("clap-error-no-subcommand"),
        ErrorKind::NoEquals
        | ErrorKind::TooManyValues
        | ErrorKind::TooFewValues
        | ErrorKind::WrongNumberOfValues => {
            t!("clap-error-count", arg = get(ContextKind::InvalidArg))
        }
        _ => t!("clap-error-other"),
    };
    eprintln!("{}", t!("error-prefix", error = message));
    let valid = get(ContextKind::ValidValue);
    if !valid.is_empty() {
        eprintln!("  {}", t!("clap-possible", list = valid));
    }
    let suggested = get(ContextKind::SuggestedArg);
    if !suggested.is_empty() {
        eprintln!("  {}", t!("clap-error-tip", arg = suggested));
    }
    let suggested = get(ContextKind::SuggestedSubcommand);
    if !suggested.is_empty() {
        eprintln!("  {}", t!("clap-error-tip", arg = suggested));
    }
    let rendered = e.render().to_string();
    if let Some(usage) = rendered
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("Usage:"))
    {
        eprintln!();
        eprintln!(
            "{} {}",
            text("clap-usage", None),
            clap_placeholders(usage.trim())
        );
    }
    eprintln!();
    eprintln!("{}", t!("clap-error-more"));
    std::process::exit(2)
}

/// A search's info line (`depth 3 score cp 12 pv a1-b2 ...`, as the
/// engine protocol writes it) for people, its words in the language in
/// use; the moves after `pv` stay as they are.
pub fn search_line(info: &str) -> String {
    let mut out = Vec::new();
    let mut moves = false;
    for word in info.split_whitespace() {
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
        assert_eq!(Lang::from_env(env(&[("LANG", "es_ES.UTF-8")])), Lang::Es);
        assert_eq!(Lang::from_env(env(&[("LANG", "en_GB.UTF-8")])), Lang::En);
        assert_eq!(
            Lang::from_env(env(&[("LC_ALL", "C"), ("LANG", "es_ES.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_env(env(&[
                ("LC_ALL", ""),
                ("LC_MESSAGES", "es_MX"),
                ("LANG", "en_US")
            ])),
            Lang::Es
        );
        assert_eq!(Lang::from_env(env(&[])), Lang::En);
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

    /// Every command and every argument of `tablero` has its help in both
    /// catalogues (so no help text is left in English in Spanish).
    #[test]
    fn every_command_and_argument_has_its_help_in_both_languages() {
        use clap::CommandFactory;
        let mut missing = Vec::new();
        let mut cli = crate::Cli::command();
        cli.build();
        let mut check = |name: &str, c: &clap::Command| {
            if name == "help" {
                return;
            }
            for lang in [Lang::En, Lang::Es] {
                if format_in(lang, &format!("{name}-about"), None).is_none() {
                    missing.push(format!("{lang:?} {name}-about"));
                }
                for a in c.get_arguments() {
                    let id = a.get_id().as_str();
                    if id == "help" || id == "version" || a.is_hide_set() {
                        continue;
                    }
                    let word = arg_word(a);
                    let found = [format!("{name}-opt-{word}"), format!("opt-{word}")]
                        .iter()
                        .any(|k| format_in(lang, k, None).is_some());
                    if !found {
                        missing.push(format!("{lang:?} {name}-opt-{word}"));
                    }
                }
            }
        };
        check("tablero", &cli);
        for sub in cli.get_subcommands() {
            check(sub.get_name(), sub);
        }
        assert!(
            missing.is_empty(),
            "help missing from the catalogue: {missing:?}"
        );
    }

    #[test]
    fn the_search_line_speaks_the_language_but_keeps_its_moves() {
        assert_eq!(
            search_line("depth 3 score cp 12 pv a1-b2 depth"),
            "depth 3 score cp 12 line a1-b2 depth"
        );
        assert_eq!(
            format_in(Lang::Es, "search-depth", None).as_deref(),
            Some("profundidad")
        );
    }

    #[test]
    fn both_catalogues_format_with_plurals() {
        let one = {
            let mut a = FluentArgs::new();
            a.set("n", number("1"));
            a
        };
        let two = {
            let mut a = FluentArgs::new();
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
        let mut half = FluentArgs::new();
        half.set("n", number("0.5"));
        assert_eq!(
            format_in(Lang::Es, "points", Some(&half)).unwrap(),
            "0.5 puntos"
        );
    }
}
