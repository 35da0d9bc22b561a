//! Messages for people: an error's reason as a message id of the catalogue
//! (`locales/<lang>/*.ftl`, Project Fluent) with its arguments. Its English
//! (`Display`, for logs and tests) comes from the English catalogue; the
//! front ends (the terminal, the browser) format the id in the reader's
//! language; see docs/i18n.md.

use crate::{format_str, Args, Id, Lang, Value};
use std::fmt;
use std::sync::OnceLock;

/// One argument of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Text shown as it is (a cell name, a move, a character).
    Text(String),
    /// A number (selects plurals).
    Number(i64),
    /// Another message, formatted first in the same language.
    Message(Message),
    /// A word in several languages, by language code (`en`, `es`): the
    /// reader's is shown, else the first.
    Words(Vec<(&'static str, String)>),
}

/// A text for people: a message id and its arguments. Its English text
/// (what `Display` writes) is the English catalogue's, formatted with the
/// arguments: each text is written once, in its `.ftl` file. A message is
/// made only by [`Message::of`], from an id checked at compile time
/// ([`crate::id!`]). The default message is empty (no id, no text).
#[derive(Clone, Debug, Default)]
pub struct Message(Box<Inner>);

/// A message's parts, boxed so that errors holding a message stay small.
#[derive(Clone, Debug, Default)]
struct Inner {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
    /// The English formatted from the catalogue, once asked for.
    formatted: OnceLock<String>,
}

impl PartialEq for Message {
    fn eq(&self, other: &Message) -> bool {
        self.0.id == other.0.id && self.0.args == other.0.args
    }
}

impl Eq for Message {}

impl Message {
    /// Message `id` (from [`crate::id!`], checked at compile time), its
    /// English from the English catalogue: `Message::of(id!("move-empty"))`.
    #[must_use]
    pub fn of(id: Id) -> Message {
        Message(Box::new(Inner {
            id: id.as_str(),
            ..Inner::default()
        }))
    }

    fn push(mut self, name: &'static str, arg: Arg) -> Message {
        self.0.args.push((name, arg));
        self.0.formatted = OnceLock::new();
        self
    }

    /// With argument `name` as text.
    #[must_use]
    pub fn text(self, name: &'static str, value: impl fmt::Display) -> Message {
        self.push(name, Arg::Text(value.to_string()))
    }

    /// With argument `name` as a number.
    #[must_use]
    pub fn num(self, name: &'static str, value: impl TryInto<i64>) -> Message {
        let n = value.try_into().unwrap_or(i64::MAX);
        self.push(name, Arg::Number(n))
    }

    /// With argument `name` as another message.
    #[must_use]
    pub fn msg(self, name: &'static str, value: Message) -> Message {
        self.push(name, Arg::Message(value))
    }

    /// With argument `name` as a word in several languages (language code,
    /// text), e.g. a side's name.
    #[must_use]
    pub fn words(self, name: &'static str, value: &[(&'static str, &str)]) -> Message {
        let list = value.iter().map(|(l, t)| (*l, (*t).to_string())).collect();
        self.push(name, Arg::Words(list))
    }

    /// The message id (empty for the empty message).
    #[must_use]
    pub fn id(&self) -> &'static str {
        self.0.id
    }

    /// The arguments, in the order given.
    #[must_use]
    pub fn args(&self) -> &[(&'static str, Arg)] {
        &self.0.args
    }

    /// The English text, the English catalogue's (empty for the empty
    /// message).
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.0.formatted.get_or_init(|| {
            if self.0.id.is_empty() {
                String::new()
            } else {
                self.format(Lang::En)
            }
        })
    }

    /// Whether this is the empty message (no reason given).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.id.is_empty()
    }

    /// The message in `lang`: its id in that language's catalogue, the
    /// messages among its arguments said first in the same language (in
    /// English when that catalogue lacks the id).
    #[must_use]
    pub fn in_lang(&self, lang: Lang) -> String {
        if lang == Lang::En {
            return self.as_str().to_string();
        }
        self.format(lang)
    }

    /// The catalogue's text for the message in `lang`, formatted anew (not
    /// the English kept by [`Message::as_str`]), the messages among its
    /// arguments said by [`Message::in_lang`]; in English when `lang`'s
    /// catalogue lacks the id.
    #[must_use]
    pub fn format(&self, lang: Lang) -> String {
        let mut args = Args::new();
        for (name, value) in &self.0.args {
            let value = match value {
                Arg::Text(t) => exact_number(t),
                Arg::Number(n) => Value::from(*n),
                Arg::Message(inner) => Value::from(inner.in_lang(lang)),
                Arg::Words(words) => {
                    let mine = words.iter().find(|(l, _)| *l == lang.code());
                    Value::from(
                        mine.or(words.first())
                            .map_or("", |(_, t)| t.as_str())
                            .to_string(),
                    )
                }
            };
            args.set(*name, value);
        }
        format_str(lang, self.0.id, Some(&args))
            .or_else(|| format_str(Lang::En, self.0.id, Some(&args)))
            .unwrap_or_else(|| self.0.id.to_string())
    }

    /// This message and every message nested in its arguments, outermost
    /// first (to check that the catalogue has each id).
    #[must_use]
    pub fn all(&self) -> Vec<&Message> {
        let mut out = vec![self];
        for (_, a) in &self.0.args {
            if let Arg::Message(m) = a {
                out.extend(m.all());
            }
        }
        out
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text argument as a Fluent value: a number when it reads as one and
/// prints back the same (`3`, `0.5`: it then selects plurals), else the
/// text itself, so that a message prints its arguments as given.
fn exact_number(text: &str) -> Value<'static> {
    match text.parse::<f64>() {
        Ok(n) if n.is_finite() && n.to_string() == text => Value::from(n),
        _ => Value::from(text.to_string()),
    }
}

/// An error (or any value) that can say what it is as a [`Message`]; its
/// `Display` stays the English text.
pub trait Localize {
    /// The message for people.
    fn message(&self) -> Message;
}

impl Localize for Message {
    fn message(&self) -> Message {
        self.clone()
    }
}

/// An error whose reason for people is a [`Message`] (what failed, in the
/// reader's language), with the error that caused it where there is one (an
/// operating-system, database or library error: its own words, shown as
/// they are given after the message). `Display` is the message's English
/// text; `source` is the cause, so that `anyhow`'s chain shows both.
#[derive(Debug)]
pub struct Failure {
    message: Message,
    source: Option<Box<dyn std::error::Error + Send + Sync + 'static>>,
}

impl Failure {
    /// A failure said by `message`, with no cause.
    #[must_use]
    pub fn new(message: Message) -> Failure {
        Failure {
            message,
            source: None,
        }
    }

    /// The same failure, caused by `source`.
    #[must_use]
    pub fn because(
        mut self,
        source: impl Into<Box<dyn std::error::Error + Send + Sync + 'static>>,
    ) -> Failure {
        self.source = Some(source.into());
        self
    }
}

impl From<Message> for Failure {
    fn from(message: Message) -> Failure {
        Failure::new(message)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message.as_str())
    }
}

impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl Localize for Failure {
    fn message(&self) -> Message {
        self.message.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_and_arguments() {
        let inner = Message::of(id!("imago-cell-taken")).text("to", "b2");
        let m = Message::of(id!("move-illegal-why"))
            .text("text", "b2")
            .msg("why", inner.clone());
        assert_eq!(inner.to_string(), "b2 is taken");
        assert_eq!(m.to_string(), "b2 is not legal here: b2 is taken");
        assert_eq!(m.id(), "move-illegal-why");
        assert_eq!(m.args()[0], ("text", Arg::Text("b2".into())));
        assert_eq!(m.all(), vec![&m, &inner]);
        assert!(Message::default().is_empty());
        assert_eq!(Message::default().to_string(), "");
        assert!(!inner.is_empty());
    }

    #[test]
    fn a_failure_says_its_message_and_keeps_its_cause() {
        use std::error::Error as _;
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "gone");
        let f = Failure::new(Message::of(id!("cannot-create")).text("path", "x")).because(io);
        assert_eq!(f.to_string(), "cannot create x");
        assert_eq!(f.message().id(), "cannot-create");
        assert_eq!(f.source().map(ToString::to_string).as_deref(), Some("gone"));
        assert!(Failure::from(Message::of(id!("move-empty")))
            .source()
            .is_none());
    }
}
