//! Move lists: moves in a game's notation separated by commas, e.g.
//! `b2-c2 g5, g2-f2 b5`.

use crate::{Game, History, Localize, Message, MoveError};
use tablero_i18n::id;

/// Splits a move list into its items with their byte offsets. Whitespace
/// (newlines included) around commas is ignored; an empty text is an empty
/// list.
///
/// # Errors
/// The byte offset of an empty item (`a,,b` or a trailing comma).
pub fn split_move_list(text: &str) -> Result<Vec<(usize, &str)>, usize> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split(',') {
        let trimmed = piece.trim();
        let lead = piece.len() - piece.trim_start().len();
        if trimmed.is_empty() {
            return Err(start + lead);
        }
        out.push((start + lead, trimmed));
        start += piece.len() + 1;
    }
    Ok(out)
}

/// A move of a list that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveListError {
    /// The move's number in the list, from 1.
    pub index: usize,
    /// The move's text (empty for an empty item).
    pub text: String,
    /// Why it failed.
    pub error: MoveError,
    /// The legal moves at that point, in canonical notation, sorted.
    pub legal: Vec<String>,
}

impl Localize for MoveListError {
    fn message(&self) -> Message {
        let item = if self.text.is_empty() {
            Message::of(id!("move-list-empty-item")).num("index", self.index)
        } else {
            Message::of(id!("move-list-item"))
                .num("index", self.index)
                .text("text", &self.text)
                .msg("error", self.error.message())
        };
        if !self.legal.is_empty() && !matches!(self.error, MoveError::GameOver) {
            Message::of(id!("move-list-legal"))
                .msg("error", item)
                .text("legal", self.legal.join(", "))
        } else {
            item
        }
    }
}

/// Plays a move list on `history`. On error the moves before the failing one
/// stay played.
///
/// # Errors
/// The first move that is empty, unreadable or illegal, by its number.
pub fn play_move_list<G: Game>(history: &mut History<G>, list: &str) -> Result<(), MoveListError> {
    let items = split_move_list(list).map_err(|at| {
        let index = list[..at].matches(',').count() + 1;
        MoveListError {
            index,
            text: String::new(),
            error: MoveError::Syntax {
                text: String::new(),
                at,
                reason: Message::of(id!("move-empty")),
            },
            legal: history.current().legal_move_strings(),
        }
    })?;
    for (i, (_, text)) in items.into_iter().enumerate() {
        history.play_text(text).map_err(|error| MoveListError {
            index: i + 1,
            text: text.to_string(),
            error,
            legal: if history.is_over() {
                Vec::new()
            } else {
                history.current().legal_move_strings()
            },
        })?;
    }
    Ok(())
}

/// Formats moves as a list, `, ` between moves.
#[must_use]
pub fn format_move_list<G: Game>(start: &G, moves: &[G::Move]) -> String {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        out.push(pos.format_move(m));
        pos.play_unchecked(m);
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_and_trims() {
        assert_eq!(split_move_list(""), Ok(vec![]));
        assert_eq!(split_move_list("  \n"), Ok(vec![]));
        assert_eq!(
            split_move_list("a b, c ,d"),
            Ok(vec![(0, "a b"), (5, "c"), (8, "d")])
        );
        assert_eq!(split_move_list("a,\n  b"), Ok(vec![(0, "a"), (5, "b")]));
    }

    #[test]
    fn empty_items_are_errors() {
        assert_eq!(split_move_list("a,,b"), Err(2));
        assert_eq!(split_move_list("a, "), Err(3));
        assert_eq!(split_move_list(",a"), Err(0));
    }
}

tablero_i18n::display_by_message!(MoveListError);
