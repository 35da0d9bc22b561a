//! Glicko-2 ratings, as Mark Glickman describes them in "Example of the
//! Glicko-2 system" (Boston University, 2013): the steps of that paper, in
//! its order and with its names, and its worked example as the test.
//!
//! A player's rating is a [`Rating`]: the rating `r`, its deviation `RD`
//! and its volatility `σ`, on the Glicko scale (1500 / 350 / 0.06 for a new
//! player). [`Rating::update`] rates one rating period: the games the
//! player played in it, each as the opponent's rating before the period and
//! the score (1, ½ or 0). tablero rates each game as a period of its own
//! (both players' ratings before the game in, after the game out), as
//! lichess does, so a rating changes after every rated game and the games
//! alone, replayed in order, give every rating again.
//!
//! The formulas are checked against the paper's example: a 1500/200/0.06
//! player who beats a 1400/30 player and loses to 1550/100 and 1700/300 ends
//! at 1464.06 / 151.52 / 0.05999 (with τ = 0.5).
//!
//! The crate stands below the server and the terminal, as scalachess's
//! Glicko stands below lichess's server: the web app's game and puzzle
//! ratings and `tablero puzzle` at the terminal all rate through it.

use serde::{Deserialize, Serialize};

/// The factor between the Glicko scale and the Glicko-2 scale (step 2).
const SCALE: f64 = 173.7178;
/// The Glicko scale's centre.
const CENTRE: f64 = 1500.0;
/// The tolerance of the volatility's iteration (step 5).
const EPSILON: f64 = 0.000_001;

/// The system constant τ, which limits how fast the volatility changes.
/// Glickman suggests 0.3 to 1.2; the paper's example uses 0.5. tablero uses
/// 0.75, as lichess does.
pub const TAU: f64 = 0.75;

/// The deviation above which a rating is provisional (lichess's choice:
/// 110).
pub const PROVISIONAL_RD: f64 = 110.0;

/// The highest deviation a rating can have: a new player's.
pub const MAX_RD: f64 = 350.0;

/// A player's Glicko-2 rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (`r`), 1500 for a new player.
    pub rating: f64,
    /// The rating deviation (`RD`), 350 for a new player.
    pub deviation: f64,
    /// The volatility (`σ`), 0.06 for a new player.
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player: 1500 / 350 / 0.06.
    fn default() -> Self {
        Rating {
            rating: CENTRE,
            deviation: MAX_RD,
            volatility: 0.06,
        }
    }
}

/// One game of a rating period: the opponent's rating before the period
/// and the player's score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// 1 for a win, 0.5 for a draw, 0 for a loss.
    pub score: f64,
}

/// The opponent's part of the sums of steps 3 and 4: `g(φj)` and `E`.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// A rating on the Glicko scale with the default volatility.
    pub fn new(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Whether the rating is still provisional (its deviation above
    /// [`PROVISIONAL_RD`]).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_RD
    }

    /// The rating after one rating period with the system constant
    /// [`TAU`].
    pub fn update(&self, games: &[Game]) -> Rating {
        self.update_with_tau(games, TAU)
    }

    /// The rating after one rating period in which the player played
    /// `games`, with the system constant `tau` (steps 2 to 8 of the paper).
    /// A period without games only widens the deviation.
    pub fn update_with_tau(&self, games: &[Game], tau: f64) -> Rating {
        // Step 2: to the Glicko-2 scale.
        let mu = (self.rating - CENTRE) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            // The paper: "If the player does not compete during the rating
            // period, then ... φ' = φ* = sqrt(φ² + σ²)".
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                rating: self.rating,
                deviation: (phi_star * SCALE).min(MAX_RD),
                volatility: sigma,
            };
        }
        // Steps 3 and 4: the estimated variance v and improvement Δ.
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - CENTRE) / SCALE;
            let phi_j = game.opponent.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            let g_j = g(phi_j);
            v_inv += g_j * g_j * e * (1.0 - e);
            sum += g_j * (game.score - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        // Step 5: the new volatility by the Illinois algorithm.
        let sigma_new = new_volatility(phi, sigma, v, delta, tau);
        // Step 6: the pre-period deviation.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        // Step 7: the new deviation and rating.
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        Rating {
            rating: SCALE * mu_new + CENTRE,
            deviation: (SCALE * phi_new).min(MAX_RD),
            volatility: sigma_new,
        }
    }
}

/// Step 5 of the paper: σ' as `exp(A / 2)` where `A` is the root of `f`,
/// found by the Illinois variant of regula falsi.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    // The iteration converges in a handful of steps; the bound only keeps
    // a pathological input (NaN) from looping.
    for _ in 0..200 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// Both players' ratings after one game between them, each game a rating
/// period of its own: `score` is the first player's (1, ½ or 0).
pub fn rate_game(first: Rating, second: Rating, score: f64) -> (Rating, Rating) {
    let a = first.update(&[Game {
        opponent: second,
        score,
    }]);
    let b = second.update(&[Game {
        opponent: first,
        score: 1.0 - score,
    }]);
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of Glickman's paper, section "Example".
    #[test]
    fn glickmans_example() {
        let player = Rating::new(1500.0, 200.0);
        let games = [
            Game {
                opponent: Rating::new(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: Rating::new(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: Rating::new(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = player.update_with_tau(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_only() {
        let player = Rating::new(1600.0, 100.0);
        let after = player.update(&[]);
        assert_eq!(after.rating, 1600.0);
        assert_eq!(after.volatility, player.volatility);
        let expected = ((100.0f64 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!((after.deviation - expected).abs() < 1e-9);
        // A new player's deviation does not grow past 350.
        assert_eq!(Rating::default().update(&[]).deviation, MAX_RD);
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers_and_a_draw_between_equals_keeps() {
        let a = Rating::default();
        let b = Rating::default();
        let (win, loss) = rate_game(a, b, 1.0);
        assert!(win.rating > 1500.0 && loss.rating < 1500.0);
        assert!((win.rating - 1500.0 + loss.rating - 1500.0).abs() < 1e-9);
        let (d1, d2) = rate_game(a, b, 0.5);
        assert!((d1.rating - 1500.0).abs() < 1e-9 && (d2.rating - 1500.0).abs() < 1e-9);
        assert!(d1.deviation < 350.0);
        assert!(a.provisional() && !Rating::new(1500.0, 60.0).provisional());
    }
}
