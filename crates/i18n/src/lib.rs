//! tablero's message catalogue: every `locales/<lang>/*.ftl` file (Project
//! Fluent) embedded at compile time, and the one formatter the terminal,
//! the server and the print kits use.
//!
//! - [`Lang`]: English or Spanish; [`format`] formats a message id in one.
//! - [`Message`]: a text for people as an id and its arguments. Made with
//!   [`Message::of`] and [`id!`], its English (`Display`) comes from the
//!   English catalogue, so each text is written once, in its `.ftl` file;
//!   [`Message::in_lang`] says it in another language.
//! - [`id!`]: a message id checked at compile time (an id that no
//!   `locales/en/*.ftl` has does not compile); `build.rs` writes it.
//! - [`display_by_message!`]: an error type's `Display` (and
//!   `std::error::Error`) from its [`Localize::message`].
//!
//! The crate sits below `tablero-core` (which re-exports [`Message`],
//! [`Arg`], [`Localize`], [`Failure`], [`id!`] and [`display_by_message!`]),
//! so every crate of the workspace can use it. See docs/i18n.md.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

pub use fluent_bundle::{FluentArgs as Args, FluentValue as Value};

// Before the modules, so that they name `id!` by its textual scope (a
// macro made by `include!` cannot be named by path inside its crate).
include!(concat!(env!("OUT_DIR"), "/ids.rs"));

mod message;
pub use message::{Arg, Failure, Localize, Message};

/// A language of the catalogue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (the default, and the language of `Display`).
    #[default]
    En,
    /// Spanish.
    Es,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    /// The language's code, `en` or `es` (the folder under `locales/`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// `en` or `es` (a region or encoding after it ignored: `es_ES.UTF-8`;
    /// `C` and `POSIX` are English).
    #[must_use]
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
}

/// A message id that the English catalogue has: made by [`id!`] only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Id(&'static str);

impl Id {
    /// Used by [`id!`], which checks the id; not for other code.
    #[doc(hidden)]
    #[must_use]
    pub const fn __checked(id: &'static str) -> Id {
        Id(id)
    }

    /// The id as written in the catalogue.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

/// Every catalogue file: (language, file name, text).
pub const FILES: [(Lang, &str, &str); 10] = [
    (
        Lang::En,
        "cli.ftl",
        include_str!("../../../locales/en/cli.ftl"),
    ),
    (
        Lang::En,
        "games.ftl",
        include_str!("../../../locales/en/games.ftl"),
    ),
    (
        Lang::En,
        "learn.ftl",
        include_str!("../../../locales/en/learn.ftl"),
    ),
    (
        Lang::En,
        "print.ftl",
        include_str!("../../../locales/en/print.ftl"),
    ),
    (
        Lang::En,
        "web.ftl",
        include_str!("../../../locales/en/web.ftl"),
    ),
    (
        Lang::Es,
        "cli.ftl",
        include_str!("../../../locales/es/cli.ftl"),
    ),
    (
        Lang::Es,
        "games.ftl",
        include_str!("../../../locales/es/games.ftl"),
    ),
    (
        Lang::Es,
        "learn.ftl",
        include_str!("../../../locales/es/learn.ftl"),
    ),
    (
        Lang::Es,
        "print.ftl",
        include_str!("../../../locales/es/print.ftl"),
    ),
    (
        Lang::Es,
        "web.ftl",
        include_str!("../../../locales/es/web.ftl"),
    ),
];

/// The text of catalogue file `name` (`web.ftl`) in `lang`.
#[must_use]
pub fn file(lang: Lang, name: &str) -> Option<&'static str> {
    FILES
        .iter()
        .find(|(l, n, _)| *l == lang && *n == name)
        .map(|(_, _, text)| *text)
}

/// Every file of one language in one bundle (the ids of the files are
/// distinct: `tests/catalogue.rs`).
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let langid: unic_langid::LanguageIdentifier = lang.code().parse().expect("a valid language id");
    let mut bundle = FluentBundle::new_concurrent(vec![langid]);
    bundle.set_use_isolating(false);
    for (l, _, text) in FILES {
        if l == lang {
            // `build.rs` and the catalogue test check that the files parse.
            let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
            let _ = bundle.add_resource(resource);
        }
    }
    bundle
}

static EN: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::En));
static ES: LazyLock<FluentBundle<FluentResource>> = LazyLock::new(|| bundle(Lang::Es));

fn bundle_of(lang: Lang) -> &'static FluentBundle<FluentResource> {
    match lang {
        Lang::En => &EN,
        Lang::Es => &ES,
    }
}

/// Formats message `id` (an id made at run time, e.g. `{command}-about`)
/// in `lang` with `args`; `None` when that language's catalogue has no
/// such message. Prefer [`format`], whose id is checked at compile time.
#[must_use]
pub fn format_str(lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = bundle_of(lang);
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned(),
    )
}

/// Message `id` in `lang` with `args`; in English when `lang`'s catalogue
/// lacks it (the catalogue test forbids that).
#[must_use]
pub fn format(lang: Lang, id: Id, args: Option<&FluentArgs>) -> String {
    format_str(lang, id.0, args)
        .or_else(|| format_str(Lang::En, id.0, args))
        .unwrap_or_else(|| id.0.to_string())
}

/// Whether `lang`'s catalogue has message `id`.
#[must_use]
pub fn has(lang: Lang, id: &str) -> bool {
    bundle_of(lang).has_message(id)
}

/// A number as a Fluent value that selects plurals (`1 punto`, `2 puntos`)
/// and prints as `text` does (`0.5`, `½`, `3`): numbers in text form (the
/// points of a game) become numbers; other text stays text.
#[must_use]
pub fn number(text: &str) -> Value<'static> {
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() => Value::from(n),
        _ => Value::from(text.to_string()),
    }
}

/// The messages of catalogue text `text` (one `.ftl` file, parsed with
/// `fluent-syntax`): each message id with the variables its value and its
/// attributes use (in placeables, selectors and their variants).
///
/// # Errors
/// The parser's errors, when the text is not valid Fluent.
pub fn variables(text: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
    fn pattern(p: &Pattern<&str>, out: &mut BTreeSet<String>) {
        for e in &p.elements {
            if let PatternElement::Placeable { expression } = e {
                expr(expression, out);
            }
        }
    }
    fn expr(e: &Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            Expression::Inline(i) => inline(i, out),
            Expression::Select { selector, variants } => {
                inline(selector, out);
                for v in variants {
                    pattern(&v.value, out);
                }
            }
        }
    }
    fn inline(i: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match i {
            InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            InlineExpression::Placeable { expression } => expr(expression, out),
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, out);
                }
            }
            _ => {}
        }
    }
    let resource = fluent_syntax::parser::parse(text).map_err(|(_, e)| format!("{e:?}"))?;
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        if let Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(v) = &m.value {
                pattern(v, &mut vars);
            }
            for a in &m.attributes {
                pattern(&a.value, &mut vars);
            }
            out.insert(m.id.name.to_string(), vars);
        }
    }
    Ok(out)
}

/// `display_by_message!(Type, ...)`: `Display` for each type from its
/// [`Localize::message`] (its English, from the English catalogue), and
/// `std::error::Error` (no source). An error type's texts are then written
/// once, in `locales/*/*.ftl`.
#[macro_export]
macro_rules! display_by_message {
    ($($t:ty),+ $(,)?) => {$(
        impl ::core::fmt::Display for $t {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&$crate::Localize::message(self), f)
            }
        }
        impl ::std::error::Error for $t {}
    )+};
}
