//! The lab's errors for people: each a [`tablero_core::Failure`] whose
//! message (an id of `locales/*/cli.ftl`, where `tablero lab` shows it in
//! the reader's language) says what failed, and whose cause (the
//! operating system's, SQLite's or PostgreSQL's reason) follows as it is
//! given.

use std::path::Path;
use tablero_core::{id, Failure, Message};

/// An error said by `message`.
pub(crate) fn said(message: Message) -> anyhow::Error {
    Failure::new(message).into()
}

/// An error said by `message`, caused by `cause`.
pub(crate) fn because(
    message: Message,
    cause: impl Into<Box<dyn std::error::Error + Send + Sync + 'static>>,
) -> anyhow::Error {
    Failure::new(message).because(cause).into()
}

/// Folder `path` cannot be created.
pub(crate) fn cannot_create(path: &Path, e: std::io::Error) -> anyhow::Error {
    because(
        Message::of(id!("cannot-create")).text("path", path.display()),
        e,
    )
}

/// File `path` cannot be written.
pub(crate) fn cannot_write(
    path: &Path,
    e: impl Into<Box<dyn std::error::Error + Send + Sync + 'static>>,
) -> anyhow::Error {
    because(
        Message::of(id!("cannot-write")).text("path", path.display()),
        e,
    )
}
