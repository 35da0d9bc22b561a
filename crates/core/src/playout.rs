//! Random playouts: games played to the end by uniformly random moves, under
//! every draw rule of the game.

use crate::{Game, MoveBuf, Outcome};
use rand::Rng;
use rustc_hash::FxHashMap;

/// The end of one random game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playout {
    /// How it ended.
    pub outcome: Outcome,
    /// How many moves were played.
    pub plies: u64,
}

/// Plays random games, reusing its buffers between games.
#[derive(Debug, Default)]
pub struct Playouts<G: Game> {
    moves: G::MoveList,
    seen: FxHashMap<u64, u32>,
}

impl<G: Game> Playouts<G> {
    /// A new player of random games.
    #[must_use]
    pub fn new() -> Self {
        Playouts {
            moves: G::MoveList::default(),
            seen: FxHashMap::default(),
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
        self.seen.clear();
        let mut pos = start.clone();
        if limit.is_some() {
            self.seen.insert(pos.repetition_key(), 1);
        }
        let mut plies = 0u64;
        loop {
            if let Some(outcome) = pos.outcome() {
                return Playout { outcome, plies };
            }
            assert!(
                plies < cap,
                "{} game ran past its bound of {cap} plies",
                G::NAME
            );
            pos.legal_moves(&mut self.moves);
            let moves = self.moves.as_slice();
            let mv = moves[rng.gen_range(0..moves.len())];
            pos.play_unchecked(mv);
            plies += 1;
            if let Some(limit) = limit {
                let c = self.seen.entry(pos.repetition_key()).or_insert(0);
                *c += 1;
                if *c >= limit && pos.outcome().is_none() {
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
