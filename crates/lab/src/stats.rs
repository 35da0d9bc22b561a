//! The statistics of the report: Wilson intervals for rates, bootstrap
//! intervals for means and other figures of a sample, quartiles and
//! histograms. Every interval is a 95 % interval.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Resamples drawn by [`bootstrap`].
pub const BOOTSTRAP_RESAMPLES: usize = 1000;

/// A rate `count / n` with its Wilson 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// Events counted (may be fractional: a score counts draws as ½).
    pub count: f64,
    /// Trials.
    pub n: u32,
    /// `count / n` (0 when `n` is 0).
    pub rate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

impl Rate {
    /// `count` of `n`, with its Wilson interval.
    #[must_use]
    pub fn new(count: f64, n: u32) -> Rate {
        let (low, high) = wilson(count, n);
        Rate {
            count,
            n,
            rate: if n == 0 { 0.0 } else { count / f64::from(n) },
            low,
            high,
        }
    }
}

/// The Wilson score interval of `k` successes in `n` trials:
/// `(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)` with `p = k/n`.
/// `(0, 1)` when `n` is 0.
#[must_use]
pub fn wilson(k: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(n);
    let p = (k / n).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let centre = p + z2 / (2.0 * n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let d = 1.0 + z2 / n;
    (
        ((centre - half) / d).clamp(0.0, 1.0),
        ((centre + half) / d).clamp(0.0, 1.0),
    )
}

/// A figure computed from a sample, with its bootstrap 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The figure on the whole sample (`None` for an empty sample).
    pub value: Option<f64>,
    /// Sample size.
    pub n: u32,
    /// Lower end of the interval.
    pub low: Option<f64>,
    /// Upper end of the interval.
    pub high: Option<f64>,
}

/// The mean of `xs` with a percentile-bootstrap interval.
#[must_use]
pub fn mean_estimate(xs: &[f64], seed: u64) -> Estimate {
    bootstrap(xs, seed, mean)
}

/// `stat` of `xs` with the percentile-bootstrap interval: `stat` of
/// [`BOOTSTRAP_RESAMPLES`] resamples of `xs` drawn with replacement by a
/// generator seeded with `seed`; the interval runs from the 2.5th to the
/// 97.5th percentile of those values.
#[must_use]
pub fn bootstrap<T: Copy>(xs: &[T], seed: u64, stat: impl Fn(&[T]) -> f64) -> Estimate {
    if xs.is_empty() {
        return Estimate {
            value: None,
            n: 0,
            low: None,
            high: None,
        };
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut buf = Vec::with_capacity(xs.len());
    let mut values = Vec::with_capacity(BOOTSTRAP_RESAMPLES);
    for _ in 0..BOOTSTRAP_RESAMPLES {
        buf.clear();
        buf.extend((0..xs.len()).map(|_| xs[rng.gen_range(0..xs.len())]));
        values.push(stat(&buf));
    }
    values.sort_by(f64::total_cmp);
    Estimate {
        value: Some(stat(xs)),
        n: xs.len() as u32,
        low: Some(quantile_sorted(&values, 0.025)),
        high: Some(quantile_sorted(&values, 0.975)),
    }
}

/// The arithmetic mean (0 for an empty slice).
#[must_use]
pub fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        0.0
    } else {
        xs.iter().sum::<f64>() / xs.len() as f64
    }
}

/// The `q` quantile of sorted data by linear interpolation between order
/// statistics (type 7: position `q·(n-1)`). 0 for empty data.
#[must_use]
pub fn quantile_sorted(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let pos = q.clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

/// The distribution of a whole-number figure (game lengths).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// The mean with its bootstrap interval.
    pub mean: Estimate,
    /// The median.
    pub median: f64,
    /// The first quartile.
    pub q1: f64,
    /// The third quartile.
    pub q3: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// Histogram bins: `[from, to)` (the last one closed) and the count.
    pub histogram: Vec<Bin>,
}

/// One histogram bin.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    /// Lower end (included).
    pub from: f64,
    /// Upper end (excluded, except for the last bin).
    pub to: f64,
    /// Values in the bin.
    pub count: u32,
}

/// The distribution of `xs` with `bins` equal-width histogram bins whose
/// width is a whole number.
#[must_use]
pub fn distribution(xs: &[f64], bins: usize, seed: u64) -> Distribution {
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    let min = sorted.first().copied().unwrap_or(0.0);
    let max = sorted.last().copied().unwrap_or(0.0);
    let width = ((max - min) / bins.max(1) as f64).ceil().max(1.0);
    let nbins = (((max - min) / width).floor() as usize + 1).min(bins.max(1));
    let mut histogram: Vec<Bin> = (0..nbins)
        .map(|i| Bin {
            from: min + width * i as f64,
            to: min + width * (i + 1) as f64,
            count: 0,
        })
        .collect();
    for &x in &sorted {
        let i = (((x - min) / width).floor() as usize).min(nbins - 1);
        histogram[i].count += 1;
    }
    if sorted.is_empty() {
        histogram.clear();
    }
    Distribution {
        mean: mean_estimate(xs, seed),
        median: quantile_sorted(&sorted, 0.5),
        q1: quantile_sorted(&sorted, 0.25),
        q3: quantile_sorted(&sorted, 0.75),
        min,
        max,
        histogram,
    }
}

/// The Elo difference that a score (0..1) means; `None` at 0 or 1.
#[must_use]
pub fn elo_of(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_values() {
        // 5 of 10: 0.2366 .. 0.7634.
        let (lo, hi) = wilson(5.0, 10);
        assert!((lo - 0.2366).abs() < 1e-4, "{lo}");
        assert!((hi - 0.7634).abs() < 1e-4, "{hi}");
        // 0 of 20: 0 .. 0.1611.
        let (lo, hi) = wilson(0.0, 20);
        assert!(lo.abs() < 1e-12);
        assert!((hi - 0.1611).abs() < 1e-4, "{hi}");
        assert_eq!(wilson(0.0, 0), (0.0, 1.0));
    }

    #[test]
    fn quantiles_and_histogram() {
        let xs: Vec<f64> = (1..=9).map(f64::from).collect();
        let d = distribution(&xs, 4, 1);
        assert_eq!(d.median, 5.0);
        assert_eq!(d.q1, 3.0);
        assert_eq!(d.q3, 7.0);
        assert_eq!(d.mean.value, Some(5.0));
        let total: u32 = d.histogram.iter().map(|b| b.count).sum();
        assert_eq!(total, 9);
        let (lo, hi) = (d.mean.low.unwrap(), d.mean.high.unwrap());
        assert!(lo < 5.0 && 5.0 < hi && lo >= 1.0 && hi <= 9.0);
        let one = distribution(&[4.0], 10, 1);
        assert_eq!(one.histogram.len(), 1);
        assert_eq!(one.histogram[0].count, 1);
        assert!(distribution(&[], 5, 1).histogram.is_empty());
    }

    #[test]
    fn bootstrap_is_seeded() {
        let xs = [1.0, 2.0, 2.0, 8.0, 3.0];
        assert_eq!(mean_estimate(&xs, 7), mean_estimate(&xs, 7));
        assert_eq!(mean_estimate(&[], 7).value, None);
    }
}
