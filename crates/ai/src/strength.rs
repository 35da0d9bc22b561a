//! The computer levels' ratings: each game's ladder of levels as the arena
//! measured it (level k + 1 against level k, `tablero match`), turned into
//! a fixed rating for every level so that a game against the computer can
//! be rated and a new player's rating means something from the first game.
//!
//! The ladder is anchored at level 1 = [`ANCHOR`] (1000). Level k + 1 is
//! level k plus the Elo difference the arena measured between them; an
//! Elo difference is a Glicko rating difference (both use the logistic
//! curve with 400 points per factor of ten in odds, and Glicko's g(RD) is
//! the deviation's discount on top of it), so the ladder's sums are the
//! levels' Glicko ratings as they stand. A level's deviation is the
//! measurement's own uncertainty: the standard errors of the steps below
//! it added in quadrature, at least [`MIN_DEVIATION`]. A level's rating
//! never changes with the games people play against it.
//!
//! A step whose score is 1 or 0 (every game won) has no finite Elo
//! difference; it is taken as half a game short of it, (n − ½) / n, the
//! usual correction, so the step counts as large but finite.
//!
//! The measurements are listed in docs/ai.md ("The levels' ratings") with
//! the commands that made them; `tools/level-ladder.sh` repeats them.

use crate::arena::Tally;

/// Level 1's rating in every game.
pub const ANCHOR: f64 = 1000.0;

/// The smallest deviation a level's rating is given (the anchor is exact
/// by definition, but the anchor's own strength is no better known than
/// any level's).
pub const MIN_DEVIATION: f64 = 30.0;

/// The largest deviation (a new player's).
pub const MAX_DEVIATION: f64 = 350.0;

/// One step of a ladder: level k + 1 (A) against level k (B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Games won by the higher level.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games won by the lower level.
    pub losses: u32,
}

impl Step {
    const fn new(wins: u32, draws: u32, losses: u32) -> Step {
        Step {
            wins,
            draws,
            losses,
        }
    }

    fn tally(self) -> Tally {
        Tally {
            games: self.wins + self.draws + self.losses,
            a_wins: self.wins,
            b_wins: self.losses,
            draws: self.draws,
        }
    }

    /// The Elo difference of the higher level over the lower and its
    /// standard error (a score of 1 or 0 taken half a game short).
    #[must_use]
    pub fn elo(self) -> (f64, f64) {
        let t = self.tally();
        let n = f64::from(t.games.max(1));
        let half = 0.5 / n;
        let s = t.score().clamp(half, 1.0 - half);
        let variance = match t.variance() {
            v if v > 0.0 => v,
            _ => s * (1.0 - s),
        };
        let elo = 400.0 * (s / (1.0 - s)).log10();
        // d(elo)/d(score) = 400 / (ln 10 · s (1 − s)).
        let se = 400.0 / std::f64::consts::LN_10 / (s * (1.0 - s)) * (variance / n).sqrt();
        (elo, se)
    }
}

/// A game's measured ladder.
#[derive(Clone, Copy, Debug)]
pub struct Ladder {
    /// The game's name.
    pub game: &'static str,
    /// The variant it was measured on, where the ratings are per variant
    /// (8x8 draughts); `None`: every variant of the game.
    pub variant: Option<&'static str>,
    /// Levels 2 against 1, 3 against 2, 4 against 3, 5 against 4.
    pub steps: [Step; 4],
}

/// Every game's ladder. Where docs/ai.md's older measurements recorded only
/// the score, the draws are as few as the score allows (which, if
/// anything, overstates the deviation).
pub const LADDERS: [Ladder; 7] = [
    Ladder {
        game: "imago",
        variant: None,
        steps: [
            Step::new(77, 0, 23),
            Step::new(79, 0, 21),
            Step::new(62, 1, 37),
            Step::new(72, 1, 27),
        ],
    },
    Ladder {
        game: "jarmo",
        variant: None,
        steps: [
            Step::new(37, 1, 2),
            Step::new(37, 0, 3),
            Step::new(38, 0, 2),
            Step::new(36, 0, 4),
        ],
    },
    Ladder {
        game: "linja",
        variant: None,
        steps: [
            Step::new(34, 0, 6),
            Step::new(38, 0, 2),
            Step::new(30, 0, 10),
            Step::new(20, 0, 0),
        ],
    },
    Ladder {
        game: "dimensiones",
        variant: None,
        steps: [
            Step::new(39, 0, 1),
            Step::new(36, 0, 4),
            Step::new(30, 1, 9),
            Step::new(9, 0, 1),
        ],
    },
    Ladder {
        game: "draughts",
        variant: Some("russian"),
        steps: [
            Step::new(20, 0, 0),
            Step::new(20, 0, 0),
            Step::new(12, 6, 2),
            Step::new(8, 0, 0),
        ],
    },
    Ladder {
        game: "draughts",
        variant: Some("turkish"),
        steps: [
            Step::new(20, 0, 0),
            Step::new(20, 0, 0),
            Step::new(17, 2, 1),
            Step::new(7, 1, 0),
        ],
    },
    Ladder {
        game: "draughts",
        variant: Some("english"),
        steps: [
            Step::new(20, 0, 0),
            Step::new(19, 0, 1),
            Step::new(12, 6, 2),
            Step::new(7, 1, 0),
        ],
    },
];

/// A level's fixed rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelRating {
    /// 1..=5.
    pub level: u8,
    /// The rating on the Glicko scale.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
}

impl Ladder {
    /// The five levels' ratings.
    #[must_use]
    pub fn ratings(&self) -> [LevelRating; 5] {
        let mut rating = ANCHOR;
        let mut var = 0.0;
        let mut out = [LevelRating {
            level: 1,
            rating,
            deviation: MIN_DEVIATION,
        }; 5];
        for (k, step) in self.steps.iter().enumerate() {
            let (elo, se) = step.elo();
            rating += elo;
            var += se * se;
            out[k + 1] = LevelRating {
                level: u8::try_from(k + 2).unwrap_or(5),
                rating,
                deviation: var.sqrt().clamp(MIN_DEVIATION, MAX_DEVIATION),
            };
        }
        out
    }
}

/// The ladder of `game` played in `variant` (its name: `russian`...), if
/// one was measured.
#[must_use]
pub fn ladder(game: &str, variant: &str) -> Option<&'static Ladder> {
    let name = variant.split_whitespace().next().unwrap_or("");
    LADDERS
        .iter()
        .find(|l| l.game == game && l.variant.is_none_or(|v| v == name))
}

/// The fixed rating of the computer at `level` in `game` played in
/// `variant`, if the game's ladder was measured.
#[must_use]
pub fn level_rating(game: &str, variant: &str, level: u8) -> Option<LevelRating> {
    let l = ladder(game, variant)?;
    l.ratings()
        .into_iter()
        .find(|r| r.level == level)
        .filter(|_| l.steps.iter().all(|s| s.wins + s.draws + s.losses > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_the_arenas_elo_with_a_clean_sweep_taken_half_a_game_short() {
        // 77 of 100: the arena printed +210.
        let (elo, se) = Step::new(77, 0, 23).elo();
        assert!((elo - 209.9).abs() < 0.1, "{elo}");
        assert!(se > 30.0 && se < 50.0, "{se}");
        // 20 of 20: taken as 19.5 of 20, +636.
        let (elo, _) = Step::new(20, 0, 0).elo();
        assert!((elo - 636.4).abs() < 0.1, "{elo}");
        // Drawn games make the result surer than the same score by wins.
        let (_, with_draws) = Step::new(12, 6, 2).elo();
        let (_, without) = Step::new(15, 0, 5).elo();
        assert!(with_draws < without);
    }

    #[test]
    fn a_ladder_adds_its_steps_from_the_anchor_and_its_deviations_in_quadrature() {
        let l = ladder("imago", "").unwrap();
        let r = l.ratings();
        assert_eq!(r[0].rating, ANCHOR);
        let mut sum = ANCHOR;
        let mut var = 0.0;
        for k in 0..4 {
            let (e, se) = l.steps[k].elo();
            sum += e;
            var += se * se;
            assert!((r[k + 1].rating - sum).abs() < 1e-9);
            assert!((r[k + 1].deviation - f64::sqrt(var).max(MIN_DEVIATION)).abs() < 1e-9);
            assert_eq!(r[k + 1].level as usize, k + 2);
        }
    }

    #[test]
    fn every_game_and_draughts_variant_has_a_measured_ladder() {
        for (game, variant) in [
            ("imago", ""),
            ("jarmo", ""),
            ("linja", "publisher"),
            ("dimensiones", "M-C-N-W-R"),
            ("draughts", "russian"),
            ("draughts", "turkish"),
            ("draughts", "english"),
        ] {
            for level in 1..=5 {
                let r = level_rating(game, variant, level)
                    .unwrap_or_else(|| panic!("{game} {variant} level {level}"));
                assert!(r.rating >= ANCHOR && r.deviation >= MIN_DEVIATION);
            }
        }
        assert!(level_rating("draughts", "brazilian", 1).is_none());
        assert!(level_rating("chess", "", 1).is_none());
    }
}
