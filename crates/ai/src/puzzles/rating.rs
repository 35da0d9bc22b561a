//! Puzzle ratings that behave: the rule that turns a try of a puzzle into
//! the player's new puzzle rating and the puzzle's new difficulty.
//!
//! A counted try is a rated game between the player and the puzzle, the
//! puzzle's difficulty taken as a Glicko-2 rating of its own (as lichess
//! rates puzzles), each side's update the workspace's Glicko-2 of one game
//! as a rating period (`tablero_glicko`). The rule around it:
//!
//! 1. **A new player's puzzle rating** is 1500 with a deviation of
//!    [`NEW_PLAYER`]`.deviation` = 200, not the 350 of a new player's game
//!    rating: a puzzle says less about a player than a game, and with 350
//!    one wrong answer to an easy puzzle moved a new rating by 518 points.
//! 2. **One answer moves the player's rating by at most [`MAX_STEP`]**
//!    (100) points either way. With a deviation of 200 the plain update is
//!    about 86 points against a puzzle of the player's own rating, so the
//!    bound only cuts answers to puzzles far from the player's rating,
//!    whose surprise Glicko-2 would take at full weight.
//! 3. **A puzzle's difficulty is recalibrated** from every counted try of
//!    a player whose rating is known well enough (deviation at most
//!    [`CLUELESS`], lichess's bound of 230): the same update with the
//!    roles swapped (a solved try is a loss for the puzzle), its rating also
//!    moving by at most [`MAX_STEP`], and its deviation never below
//!    [`MIN_PUZZLE_DEVIATION`], so a puzzle keeps learning from new answers.
//!    A mined puzzle starts at its estimated difficulty with the deviation
//!    [`NEW_PUZZLE_DEVIATION`] ([`new_puzzle`]).
//!
//! Which tries count (the first of a puzzle by a player, an account or a
//! browser, before the answer is shown) is the server's business; only a
//! counted try should reach [`answered`].
//!
//! ```
//! use tablero_ai::puzzles::rating::{answered, new_puzzle, MAX_STEP, NEW_PLAYER};
//!
//! // A new player fails an easy puzzle: the rating drops by the bound,
//! // not the 500 points of a plain update from a deviation of 350.
//! let a = answered(NEW_PLAYER, new_puzzle(900), false);
//! assert_eq!(a.change, -MAX_STEP);
//! assert!(a.puzzle.rating > 900.0);
//! ```

use serde::{Deserialize, Serialize};
use tablero_glicko::{Game, Rating};

/// A new player's puzzle rating: 1500, deviation 200, volatility 0.06.
pub const NEW_PLAYER: Rating = Rating {
    rating: 1500.0,
    deviation: 200.0,
    volatility: 0.06,
};

/// The most one answer moves a rating (the player's or the puzzle's).
pub const MAX_STEP: f64 = 100.0;

/// The deviation a mined puzzle's estimated difficulty starts with.
pub const NEW_PUZZLE_DEVIATION: f64 = 250.0;

/// The least deviation of a puzzle's difficulty.
pub const MIN_PUZZLE_DEVIATION: f64 = 60.0;

/// Players with a deviation above this do not move a puzzle's difficulty
/// (lichess's "clueless" players).
pub const CLUELESS: f64 = 230.0;

/// A mined puzzle's difficulty as a rating: its estimate, deviation
/// [`NEW_PUZZLE_DEVIATION`], volatility 0.06.
#[must_use]
pub fn new_puzzle(difficulty: u32) -> Rating {
    Rating::new(f64::from(difficulty), NEW_PUZZLE_DEVIATION)
}

/// What a counted try changed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// The player's new puzzle rating.
    pub player: Rating,
    /// The puzzle's new difficulty.
    pub puzzle: Rating,
    /// The change of the player's rating (new minus old).
    pub change: f64,
}

/// `me`'s rating after one game against `opponent` (a rating period of
/// its own), its rating moving by at most [`MAX_STEP`].
fn bounded(me: Rating, opponent: Rating, score: f64) -> Rating {
    let raw = me.update(&[Game { opponent, score }]);
    Rating {
        rating: me.rating + (raw.rating - me.rating).clamp(-MAX_STEP, MAX_STEP),
        ..raw
    }
}

/// A counted try: `player` tried `puzzle` and `solved` it or not.
#[must_use]
pub fn answered(player: Rating, puzzle: Rating, solved: bool) -> Answer {
    let score = if solved { 1.0 } else { 0.0 };
    let new_player = bounded(player, puzzle, score);
    let new_puzzle = if player.deviation > CLUELESS {
        puzzle
    } else {
        let raw = bounded(puzzle, player, 1.0 - score);
        Rating {
            deviation: raw.deviation.max(MIN_PUZZLE_DEVIATION),
            ..raw
        }
    };
    Answer {
        player: new_player,
        puzzle: new_puzzle,
        change: new_player.rating - player.rating,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The plain Glicko-2 update, without the rule.
    fn plain(me: Rating, opponent: Rating, score: f64) -> Rating {
        me.update(&[Game { opponent, score }])
    }

    #[test]
    fn a_new_players_first_answer_moves_the_rating_by_at_most_the_bound() {
        let mut cut = 0;
        for difficulty in (300..=3000).step_by(25) {
            for deviation in [MIN_PUZZLE_DEVIATION, 80.0, NEW_PUZZLE_DEVIATION] {
                let puzzle = Rating::new(f64::from(difficulty), deviation);
                for solved in [false, true] {
                    let a = answered(NEW_PLAYER, puzzle, solved);
                    assert!(a.change.abs() <= MAX_STEP + 1e-9, "{difficulty} {solved}");
                    // Right answers raise, wrong ones lower.
                    assert_eq!(a.change > 0.0, solved, "{difficulty}");
                    let raw = plain(NEW_PLAYER, puzzle, if solved { 1.0 } else { 0.0 });
                    if (raw.rating - NEW_PLAYER.rating).abs() > MAX_STEP {
                        cut += 1;
                    } else {
                        assert_eq!(a.player, raw);
                    }
                }
            }
        }
        assert!(cut > 0);
        // The issue's case: a new game rating (deviation 350) failing an
        // easy puzzle (900 ± 80) lost about 500 points.
        let old = plain(Rating::default(), Rating::new(900.0, 80.0), 0.0);
        assert!(old.rating < 1100.0, "{}", old.rating);
        let now = answered(NEW_PLAYER, Rating::new(900.0, 80.0), false);
        assert_eq!(now.change, -MAX_STEP);
        // A puzzle of the player's own rating: the plain update, under 100.
        let even = answered(NEW_PLAYER, new_puzzle(1500), false);
        assert!(
            even.change < -50.0 && even.change > -MAX_STEP,
            "{}",
            even.change
        );
    }

    #[test]
    fn clueless_players_do_not_move_a_puzzle() {
        let clueless = Rating::new(1500.0, 300.0);
        let p = new_puzzle(1700);
        assert_eq!(answered(clueless, p, true).puzzle, p);
        let moved = answered(NEW_PLAYER, p, true).puzzle;
        // Solved by a weaker player: the puzzle was easier than thought.
        assert!(moved.rating < p.rating);
        assert!(moved.deviation < p.deviation && moved.deviation >= MIN_PUZZLE_DEVIATION);
    }

    /// Players of known ratings (1100 to 2300, deviations 50 to 150)
    /// answer a puzzle whose true difficulty is `truth`, each solving it
    /// with the Elo probability; the difficulty starts at `start`.
    fn recalibrated(truth: f64, start: u32, answers: usize, seed: u64) -> Rating {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut puzzle = new_puzzle(start);
        for _ in 0..answers {
            let player = Rating::new(rng.gen_range(1100.0..2300.0), rng.gen_range(50.0..150.0));
            let p_solve = 1.0 / (1.0 + 10f64.powf((truth - player.rating) / 400.0));
            puzzle = answered(player, puzzle, rng.gen_bool(p_solve)).puzzle;
        }
        puzzle
    }

    #[test]
    fn recalibration_converges_to_the_true_difficulty() {
        for (truth, start) in [(1800.0, 900), (1300.0, 2600), (1650.0, 1650)] {
            for seed in 0..5 {
                let p = recalibrated(truth, start, 500, seed);
                assert!(
                    (p.rating - truth).abs() < 100.0,
                    "truth {truth}, from {start}, seed {seed}: {}",
                    p.rating
                );
                assert!(p.deviation >= MIN_PUZZLE_DEVIATION);
            }
            // And it is on its way long before: the error halves.
            let early = recalibrated(truth, start, 40, 9);
            let far = (f64::from(start) - truth).abs();
            if far > 0.0 {
                assert!((early.rating - truth).abs() < far / 2.0, "{}", early.rating);
            }
        }
    }
}
