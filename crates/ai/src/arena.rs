//! The arena: matches between two players in colour-swapped pairs from
//! seeded random openings, with the score, the Elo difference and its 95 %
//! interval, and an SPRT verdict.

use crate::bot::{Bot, Limits};
use crate::play::Play;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;
use tablero_core::{Game, History, MoveBuf, Outcome, Player, Reason};

/// Plays one game between two bots from `start`; `bots[0]` plays player
/// one. `levels` are the bots' levels where they have one: a level may claim
/// the win where the game has claims ([`Play::claims_now`]). A move the
/// game's referee refuses loses the game.
pub fn play_game<G: Play>(
    start: G,
    bots: [&mut dyn Bot<G>; 2],
    levels: [Option<u8>; 2],
) -> History<G> {
    let mut h = History::new(start);
    let limits = Limits::none();
    while !h.is_over() {
        let side = h.current().side_to_move();
        if G::claims_now(levels[side.index()], &h) {
            h.set_result(Outcome::win(side, Reason::Claim));
            break;
        }
        let mv = bots[side.index()].choose(&h, &limits);
        if h.play(mv).is_err() {
            h.set_result(Outcome::win(side.other(), Reason::Resign));
        }
    }
    h
}

/// A random opening: `plies` random moves from the start of `variant`
/// (fewer if the game ends first; then the start position itself).
pub fn random_opening<G: Game>(variant: &G::Variant, plies: u32, seed: u64) -> G {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let start = G::start(variant);
    let mut pos = start.clone();
    let mut moves = G::MoveList::default();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if pos.outcome().is_some() {
            return start;
        }
        let m = moves.as_slice();
        pos.play_unchecked(m[rng.gen_range(0..m.len())]);
    }
    if pos.outcome().is_some() {
        start
    } else {
        pos
    }
}

/// The tally of a match, from player A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games finished.
    pub games: u32,
    /// Won by A.
    pub a_wins: u32,
    /// Won by B.
    pub b_wins: u32,
    /// Drawn.
    pub draws: u32,
}

impl Tally {
    /// A's score: (wins + draws / 2) / games.
    #[must_use]
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (f64::from(self.a_wins) + f64::from(self.draws) / 2.0) / f64::from(self.games)
    }

    /// The variance of one game's result for A.
    pub(crate) fn variance(&self) -> f64 {
        let n = f64::from(self.games.max(1));
        let s = self.score();
        let sq = (f64::from(self.a_wins) + f64::from(self.draws) / 4.0) / n;
        (sq - s * s).max(0.0)
    }

    /// The Elo difference of A over B, `None` when the score is 0 or 1.
    #[must_use]
    pub fn elo(&self) -> Option<f64> {
        elo_of(self.score())
    }

    /// The 95 % interval of the Elo difference (each end `None` when it
    /// falls at a score of 0 or 1).
    #[must_use]
    pub fn elo_interval(&self) -> (Option<f64>, Option<f64>) {
        let s = self.score();
        let se = (self.variance() / f64::from(self.games.max(1))).sqrt();
        (elo_of(s - 1.96 * se), elo_of(s + 1.96 * se))
    }

    /// The log-likelihood ratio of H1 (Elo `elo1`) against H0 (`elo0`), in
    /// the normal approximation used by chess engine testing.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let var = self.variance();
        if self.games == 0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(elo0), expected_score(elo1));
        f64::from(self.games) * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }

    /// The SPRT verdict at α = β = 0.05.
    #[must_use]
    pub fn sprt(&self, elo0: f64, elo1: f64) -> Verdict {
        let bound = ((1.0 - 0.05) / 0.05f64).ln();
        let llr = self.llr(elo0, elo1);
        if llr >= bound {
            Verdict::H1
        } else if llr <= -bound {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    fn add(&mut self, a_result: f64) {
        self.games += 1;
        if a_result > 0.75 {
            self.a_wins += 1;
        } else if a_result < 0.25 {
            self.b_wins += 1;
        } else {
            self.draws += 1;
        }
    }
}

/// An SPRT verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A is not stronger by `elo1` (H0 accepted).
    H0,
    /// A is stronger by at least `elo0` (H1 accepted).
    H1,
    /// More games are needed.
    Continue,
}

impl Verdict {
    /// `H0`, `H1` or `continue`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::H0 => "H0",
            Verdict::H1 => "H1",
            Verdict::Continue => "continue",
        }
    }
}

/// The expected score of a player `elo` points stronger.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

fn elo_of(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchConfig<V> {
    /// The variant.
    pub variant: V,
    /// Games in all (rounded up to pairs).
    pub games: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// Seed of the openings and the bots.
    pub seed: u64,
    /// Random plies before each pair's games.
    pub opening_plies: u32,
    /// Stop early when the SPRT for `(elo0, elo1)` decides.
    pub sprt: Option<(f64, f64)>,
    /// A's and B's levels, where their specs name one (for claims).
    pub levels: [Option<u8>; 2],
}

/// One finished game of a match, as passed to the progress callback.
pub struct Finished<'a, G: Game> {
    /// The game's number in the match, from 1: pair `i` (from 0) holds
    /// games `2i + 1` (A is player one) and `2i + 2` (A is player two).
    pub number: u32,
    /// Whether A played player one.
    pub a_first: bool,
    /// The game, from its opening to its end.
    pub history: &'a History<G>,
}

/// Plays a match of A against B: pair `i` starts from opening `i`, A plays
/// player one in its first game and player two in the second. `make(spec,
/// seed)` builds a fresh bot per game; `progress` is called after each game
/// with the tally so far and the game just finished.
pub fn run_match<G: Play>(
    config: &MatchConfig<G::Variant>,
    make_a: &(dyn Fn(u64) -> Box<dyn Bot<G>> + Sync),
    make_b: &(dyn Fn(u64) -> Box<dyn Bot<G>> + Sync),
    progress: &(dyn Fn(&Tally, &Finished<G>) + Sync),
) -> Tally {
    let random =
        |_pair: u32, seed: u64| random_opening(&config.variant, config.opening_plies, seed);
    run_match_from(config, &random, make_a, make_b, progress)
}

/// [`run_match`] with the openings given: pair `i` (from 0) starts from
/// `opening(i, seed)`, `seed` the pair's seed (an opening book's position,
/// say; [`run_match`] draws random ones).
pub fn run_match_from<G: Play>(
    config: &MatchConfig<G::Variant>,
    opening: &(dyn Fn(u32, u64) -> G + Sync),
    make_a: &(dyn Fn(u64) -> Box<dyn Bot<G>> + Sync),
    make_b: &(dyn Fn(u64) -> Box<dyn Bot<G>> + Sync),
    progress: &(dyn Fn(&Tally, &Finished<G>) + Sync),
) -> Tally {
    run_match_watched(config, opening, make_a, make_b, &|_| {}, progress)
}

/// A game of a match about to be played, as passed to the `started`
/// callback of [`run_match_watched`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Starting {
    /// The game's number in the match, from 1 (as [`Finished::number`]).
    pub number: u32,
    /// Whether A plays player one.
    pub a_first: bool,
}

/// [`run_match_from`] that also says when each game starts: `started` is
/// called (from the thread that plays it) just before its first move, so
/// that a runner can show what is being played before any game ends.
pub fn run_match_watched<G: Play>(
    config: &MatchConfig<G::Variant>,
    opening: &(dyn Fn(u32, u64) -> G + Sync),
    make_a: &(dyn Fn(u64) -> Box<dyn Bot<G>> + Sync),
    make_b: &(dyn Fn(u64) -> Box<dyn Bot<G>> + Sync),
    started: &(dyn Fn(Starting) + Sync),
    progress: &(dyn Fn(&Tally, &Finished<G>) + Sync),
) -> Tally {
    let pairs = config.games.div_ceil(2);
    let next = AtomicU32::new(0);
    let tally = Mutex::new(Tally::default());
    let done = |t: &Tally| {
        config
            .sprt
            .is_some_and(|(e0, e1)| t.sprt(e0, e1) != Verdict::Continue)
    };
    std::thread::scope(|s| {
        for _ in 0..config.concurrency.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= pairs || done(&tally.lock().expect("tally")) {
                    break;
                }
                let seed = config
                    .seed
                    .wrapping_mul(1_000_003)
                    .wrapping_add(u64::from(i));
                let opening: G = opening(i, seed);
                for a_first in [true, false] {
                    let number = 2 * i + if a_first { 1 } else { 2 };
                    let mut a = make_a(seed.wrapping_mul(2));
                    let mut b = make_b(seed.wrapping_mul(2).wrapping_add(1));
                    started(Starting { number, a_first });
                    let h = if a_first {
                        play_game(opening.clone(), [a.as_mut(), b.as_mut()], config.levels)
                    } else {
                        let [la, lb] = config.levels;
                        play_game(opening.clone(), [b.as_mut(), a.as_mut()], [lb, la])
                    };
                    let outcome = h.outcome().expect("a finished game");
                    let a_side = if a_first { Player::P1 } else { Player::P2 };
                    let mut t = tally.lock().expect("tally");
                    t.add(outcome.result_for(a_side));
                    let finished = Finished {
                        number,
                        a_first,
                        history: &h,
                    };
                    progress(&t, &finished);
                }
            });
        }
    });
    tally.into_inner().expect("tally")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_sprt_figures() {
        let t = Tally {
            games: 100,
            a_wins: 60,
            b_wins: 20,
            draws: 20,
        };
        assert!((t.score() - 0.7).abs() < 1e-12);
        let elo = t.elo().unwrap();
        assert!((elo - 147.2).abs() < 0.1, "{elo}");
        let (lo, hi) = t.elo_interval();
        assert!(lo.unwrap() < elo && elo < hi.unwrap());
        assert_eq!(t.sprt(0.0, 50.0), Verdict::H1);
        let even = Tally {
            games: 400,
            a_wins: 100,
            b_wins: 100,
            draws: 200,
        };
        assert_eq!(even.elo(), Some(0.0));
        assert_eq!(even.sprt(0.0, 50.0), Verdict::H0);
        let all = Tally {
            games: 4,
            a_wins: 4,
            ..Tally::default()
        };
        assert_eq!(all.elo(), None);
        assert_eq!(Tally::default().sprt(0.0, 10.0), Verdict::Continue);
    }
}
