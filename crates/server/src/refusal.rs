//! Why a concern refuses, in the words the routes need: each concern has an
//! error type of its own (made by [`concern_error!`]: its refusals, each a
//! message of the catalogue, and `Internal` for a failure), and each of its
//! refusals is of one [`Kind`]; the routes pick the answer's status from
//! the kind alone, so no concern knows HTTP. This module imports no
//! concern.

use crate::db::Fault;
use tablero_core::Message;

/// The kinds of refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Malformed or against the rules: a bad move, name, seek, layout.
    Invalid,
    /// Who asks is not known: not logged in, a login that failed.
    Unknown,
    /// Not the asker's to do: another's seat, layout or seek.
    NotYours,
    /// No such thing: game, seek, puzzle, layout.
    Missing,
    /// Not now: over, moved on, taken, changed at the same time.
    NotNow,
    /// Not ready yet, or busy: try again shortly.
    NotYet,
    /// Too many attempts: the message's `seconds` argument says how long
    /// to wait.
    TooMany,
}

/// What a concern's error tells the routes: a refusal's kind and message,
/// or the failure.
pub trait Refusal {
    /// The refusal, or the failure.
    ///
    /// # Errors
    /// The failure (the store or the server failed).
    fn refusal(self) -> Result<(Kind, Message), Fault>;
}

/// Makes a concern's error type: an enum of its refusals (each with its
/// message and its [`Kind`]) and `Internal` (a [`Fault`], logged and never
/// shown), with `From<Fault>`, [`Refusal`], and `of(kind, message)` (the
/// concern's first refusal of that kind, for another concern's refusal
/// passed on; a kind it has none of becomes a failure).
macro_rules! concern_error {
    // `passes on E, ...;` after the enum: another concern's error `E` is
    // this one's too, a refusal of the same kind or the same failure
    // ([`pass_on`]).
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident => $kind:ident,)*
        }
        passes on $($from:ty),+;
    ) => {
        $crate::refusal::concern_error! {
            $(#[$meta])*
            $vis enum $name {
                $($(#[$vmeta])* $variant => $kind,)*
            }
        }
        $(
            impl From<$from> for $name {
                fn from(e: $from) -> Self {
                    $crate::refusal::pass_on(e, $name::of)
                }
            }
        )+
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident => $kind:ident,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, thiserror::Error)]
        $vis enum $name {
            $($(#[$vmeta])* #[error("{0}")] $variant(tablero_core::Message),)*
            /// The store or the server failed; logged, never shown.
            #[error("internal error: {0}")]
            Internal($crate::db::Fault),
        }

        impl From<$crate::db::Fault> for $name {
            fn from(e: $crate::db::Fault) -> Self {
                $name::Internal(e)
            }
        }

        impl $crate::refusal::Refusal for $name {
            fn refusal(
                self,
            ) -> Result<($crate::refusal::Kind, tablero_core::Message), $crate::db::Fault> {
                match self {
                    $($name::$variant(m) => Ok(($crate::refusal::Kind::$kind, m)),)*
                    $name::Internal(f) => Err(f),
                }
            }
        }

        impl $name {
            /// The refusal's reason; `None` for a failure.
            #[allow(dead_code)]
            #[must_use]
            pub fn message(&self) -> Option<&tablero_core::Message> {
                match self {
                    $($name::$variant(m) => Some(m),)*
                    $name::Internal(_) => None,
                }
            }

            /// The refusal of `kind` saying `message`, as this concern's.
            #[allow(dead_code)]
            pub(crate) fn of(kind: $crate::refusal::Kind, message: tablero_core::Message) -> Self {
                let _ = &kind;
                $(if kind == $crate::refusal::Kind::$kind {
                    return $name::$variant(message);
                })*
                $name::Internal($crate::db::Fault::new(message))
            }
        }
    };
}

pub(crate) use concern_error;

/// Another concern's error `e` as this one's: a refusal of the same kind,
/// or the same failure.
pub fn pass_on<E: Refusal, F: From<Fault>>(e: E, of: impl FnOnce(Kind, Message) -> F) -> F {
    match e.refusal() {
        Ok((kind, message)) => of(kind, message),
        Err(fault) => F::from(fault),
    }
}

/// The seconds a [`Kind::TooMany`] refusal asks to wait: its `seconds`
/// argument (at least 1).
#[must_use]
pub fn wait_of(m: &Message) -> u64 {
    m.args()
        .iter()
        .find_map(|(name, value)| match (*name, value) {
            ("seconds", tablero_core::Arg::Number(n)) => u64::try_from(*n).ok(),
            _ => None,
        })
        .unwrap_or(1)
        .max(1)
}
