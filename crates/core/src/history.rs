//! A game in progress: the positions played, the repetition rule, and
//! results that do not come from the board (claims, resignation, agreement).

use crate::{Game, MoveBuf, MoveError, Outcome};
use rustc_hash::FxHashMap;

/// A game in progress from a start position.
///
/// It keeps every position, so [`undo`](History::undo) is exact, and counts
/// repetitions by [`Game::repetition_key`], so its
/// [`outcome`](History::outcome) includes the repetition draw that the
/// position string alone cannot know.
#[derive(Clone, Debug)]
pub struct History<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
    counts: FxHashMap<u64, u32>,
    result: Option<Outcome>,
}

impl<G: Game> History<G> {
    /// A new game from `start`.
    #[must_use]
    pub fn new(start: G) -> Self {
        let mut counts = FxHashMap::default();
        counts.insert(start.repetition_key(), 1);
        History {
            positions: vec![start],
            moves: Vec::new(),
            counts,
            result: None,
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn current(&self) -> &G {
        self.positions
            .last()
            .expect("a history always has its start")
    }

    /// Every position so far, the start first.
    #[must_use]
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// How often the current position has occurred.
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        self.counts
            .get(&self.current().repetition_key())
            .copied()
            .unwrap_or(0)
    }

    /// The result: one set by [`set_result`](History::set_result), else the
    /// position's own outcome, else the repetition draw.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if self.result.is_some() {
            return self.result;
        }
        let current = self.current();
        if let Some(o) = current.outcome() {
            return Some(o);
        }
        match G::repetition_limit() {
            Some(limit) if self.repetitions() >= limit => Some(current.repetition_outcome()),
            _ => None,
        }
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Ends the game with a result that does not come from the board: a
    /// proved claim, a resignation, an agreed draw.
    pub fn set_result(&mut self, outcome: Outcome) {
        self.result = Some(outcome);
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] when the game is over, [`MoveError::Illegal`]
    /// when `mv` is not legal; the game is unchanged then.
    pub fn play(&mut self, mv: G::Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let current = self.current();
        let mut moves = G::MoveList::default();
        current.legal_moves(&mut moves);
        if !moves.as_slice().contains(&mv) {
            return Err(MoveError::Illegal {
                text: format!("{mv:?}"),
                why: crate::Message::default(),
            });
        }
        self.push_unchecked(mv);
        Ok(())
    }

    /// Reads a move in the game's notation and plays it.
    ///
    /// # Errors
    /// As [`Game::parse_move`] and [`History::play`].
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let mv = self.current().parse_move(text)?;
        self.push_unchecked(mv);
        Ok(mv)
    }

    fn push_unchecked(&mut self, mv: G::Move) {
        let mut next = self.current().clone();
        next.play_unchecked(mv);
        *self.counts.entry(next.repetition_key()).or_insert(0) += 1;
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Takes back the last move, if any, and any result set by
    /// [`set_result`](History::set_result).
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        let last = self.positions.pop().expect("one position per move");
        let key = last.repetition_key();
        if let Some(c) = self.counts.get_mut(&key) {
            *c -= 1;
            if *c == 0 {
                self.counts.remove(&key);
            }
        }
        self.result = None;
        Some(mv)
    }

    /// The result set by [`set_result`](History::set_result), if any.
    #[must_use]
    pub fn declared_result(&self) -> Option<Outcome> {
        self.result
    }
}
