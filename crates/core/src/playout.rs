//! Random playouts: games played to the end by uniformly random moves, under
//! every draw rule of the game.

use crate::{Game, MoveBuf, Outcome};
use rand::Rng;

/// The end of one random game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playout {
    /// How it ended.
    pub outcome: Outcome,
    /// How many moves were played.
    pub plies: u64,
}

/// Plays random games, reusing its buffers between games.
///
/// The repetition rule is applied with a stack of the repetition keys of
/// the positions since the last growth of [`Game::progress`] (no earlier
/// position can come back), scanned at each ply: no hash map, and nothing
/// allocated once the buffers have grown. While there are fewer such
/// positions than a repetition needs, they are kept as they are and hashed
/// only when the stack reaches that length.
#[derive(Debug, Default)]
pub struct Playouts<G: Game> {
    moves: G::MoveList,
    /// The repetition keys of the positions since the last growth of
    /// progress, once there are enough of them for a repetition.
    keys: Vec<u64>,
    /// Before that, the positions themselves, hashed only if needed.
    pending: Vec<G>,
}

impl<G: Game> Playouts<G> {
    /// A new player of random games.
    #[must_use]
    pub fn new() -> Self {
        Playouts {
            moves: G::MoveList::default(),
            keys: Vec::new(),
            pending: Vec::new(),
        }
    }

    /// Plays one random game from `start` to its end, repetition rule
    /// included.
    ///
    /// # Panics
    /// If the game runs past [`Game::max_plies`], which would break the
    /// game's termination guarantee.
    pub fn run<R: Rng + ?Sized>(&mut self, start: &G, rng: &mut R) -> Playout {
        let limit = G::repetition_limit();
        let cap = G::max_plies(start.variant());
        self.keys.clear();
        self.pending.clear();
        let mut pos = start.clone();
        let mut progress = 0;
        if limit.is_some() {
            progress = pos.progress();
            self.pending.push(pos.clone());
        }
        let mut plies = 0u64;
        loop {
            // A game has a natural end exactly when no move is legal (the
            // conformance kit checks it), and that end comes before the
            // draw rules'.
            if let Some(outcome) = pos.rule_outcome() {
                pos.legal_moves(&mut self.moves);
                let outcome = if self.moves.as_slice().is_empty() {
                    pos.outcome().expect("a position without moves has ended")
                } else {
                    outcome
                };
                return Playout { outcome, plies };
            }
            let Some(mv) = pos.choose_move(&mut self.moves, |n| rng.gen_range(0..n)) else {
                let outcome = pos.outcome().expect("a position without moves has ended");
                return Playout { outcome, plies };
            };
            assert!(
                plies < cap,
                "{} game ran past its bound of {cap} plies",
                G::NAME
            );
            pos.play_unchecked(mv);
            plies += 1;
            if let Some(limit) = limit {
                let p = pos.progress();
                if p != progress {
                    progress = p;
                    self.keys.clear();
                    self.pending.clear();
                }
                if self.keys.is_empty() && self.pending.len() + 1 < limit as usize {
                    // Too few positions for a repetition yet.
                    self.pending.push(pos.clone());
                    continue;
                }
                for q in self.pending.drain(..) {
                    self.keys.push(q.repetition_key());
                }
                let key = pos.repetition_key();
                self.keys.push(key);
                let seen = self.keys.iter().filter(|&&k| k == key).count();
                if seen >= limit as usize && pos.outcome().is_none() {
                    return Playout {
                        outcome: pos.repetition_outcome(),
                        plies,
                    };
                }
            }
        }
    }
}

/// Plays one random game from `start` (see [`Playouts::run`]).
pub fn random_playout<G: Game, R: Rng + ?Sized>(start: &G, rng: &mut R) -> Playout {
    Playouts::new().run(start, rng)
}
