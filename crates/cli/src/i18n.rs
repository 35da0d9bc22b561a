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
fn format_in(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
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
