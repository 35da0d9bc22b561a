//! Messages for people: an error's reason as a message id of the catalogue
//! (`locales/<lang>/games.ftl`, Project Fluent) with its arguments, and its
//! English text for logs and tests. The front ends (the terminal, the
//! browser) format the id in the reader's language; see docs/i18n.md.

use std::fmt;

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

/// A text for people: a message id, its arguments, and the English text
/// (what `Display` writes). The default message is empty (no id, no text).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Message(Box<Inner>);

/// A message's parts, boxed so that errors holding a message stay small.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Inner {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
    english: String,
}

impl Message {
    /// Message `id` whose English text is `english`.
    #[must_use]
    pub fn new(id: &'static str, english: impl Into<String>) -> Message {
        Message(Box::new(Inner {
            id,
            args: Vec::new(),
            english: english.into(),
        }))
    }

    /// With argument `name` as text.
    #[must_use]
    pub fn text(mut self, name: &'static str, value: impl fmt::Display) -> Message {
        self.0.args.push((name, Arg::Text(value.to_string())));
        self
    }

    /// With argument `name` as a number.
    #[must_use]
    pub fn num(mut self, name: &'static str, value: impl TryInto<i64>) -> Message {
        let n = value.try_into().unwrap_or(i64::MAX);
        self.0.args.push((name, Arg::Number(n)));
        self
    }

    /// With argument `name` as another message.
    #[must_use]
    pub fn msg(mut self, name: &'static str, value: Message) -> Message {
        self.0.args.push((name, Arg::Message(value)));
        self
    }

    /// With argument `name` as a word in several languages (language code,
    /// text), e.g. a side's name.
    #[must_use]
    pub fn words(mut self, name: &'static str, value: &[(&'static str, &str)]) -> Message {
        let list = value.iter().map(|(l, t)| (*l, (*t).to_string())).collect();
        self.0.args.push((name, Arg::Words(list)));
        self
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

    /// The English text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0.english
    }

    /// Whether this is the empty message (no reason given).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.id.is_empty() && self.0.english.is_empty()
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
        f.write_str(&self.0.english)
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
        let inner = Message::new("inner", "b2 is taken").text("cell", "b2");
        let m = Message::new("outer", "no: b2 is taken")
            .num("at", 3usize)
            .msg("why", inner.clone());
        assert_eq!(m.to_string(), "no: b2 is taken");
        assert_eq!(m.id(), "outer");
        assert_eq!(m.args()[0], ("at", Arg::Number(3)));
        assert_eq!(m.all(), vec![&m, &inner]);
        assert!(Message::default().is_empty());
        assert!(!inner.is_empty());
    }

    #[test]
    fn a_failure_says_its_message_and_keeps_its_cause() {
        use std::error::Error as _;
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "gone");
        let f = Failure::new(Message::new("outer", "cannot open x").text("path", "x")).because(io);
        assert_eq!(f.to_string(), "cannot open x");
        assert_eq!(f.message().id(), "outer");
        assert_eq!(f.source().map(ToString::to_string).as_deref(), Some("gone"));
        assert!(Failure::from(Message::new("inner", "b")).source().is_none());
    }
}
