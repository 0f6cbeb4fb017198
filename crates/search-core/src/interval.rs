//! [`Interval`]: the confidence interval of a mean in `[0, 1]`, used by MCTS statistics
//! and by the arena's score.

use core::fmt;

/// A confidence interval for a mean in `[0, 1]` (a mean reward, a match score).
///
/// [`wilson`](Interval::wilson) gives the 95 % Wilson score interval (z = 1.96) of a mean
/// over `n` samples, draws counting ½: with 7 wins in 10 it is about `[0.40, 0.89]`, with
/// 70 in 100 about `[0.60, 0.78]`, which is why 7 wins of 10 is weak evidence and 70 of
/// 100 strong.
///
/// ```
/// use search_core::Interval;
/// let weak = Interval::wilson(0.7, 10);
/// let strong = Interval::wilson(0.7, 100);
/// assert!(weak.width() > 2.0 * strong.width());
/// assert!(strong.low > 0.59 && strong.high < 0.79);
/// assert_eq!(Interval::wilson(0.5, 0), Interval::UNKNOWN);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Interval {
    /// Lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

/// z for a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

impl Interval {
    /// `[0, 1]`: nothing is known.
    pub const UNKNOWN: Interval = Interval {
        low: 0.0,
        high: 1.0,
    };

    /// The 95 % Wilson score interval of mean `p` over `n` samples ([`UNKNOWN`] when
    /// `n = 0`). `p` is clamped to `[0, 1]`; always `0 <= low <= p <= high <= 1`.
    ///
    /// [`UNKNOWN`]: Interval::UNKNOWN
    ///
    /// ```
    /// let i = search_core::Interval::wilson(1.0, 5);
    /// assert!(i.low > 0.5 && i.high == 1.0);
    /// ```
    #[must_use]
    pub fn wilson(p: f64, n: u64) -> Self {
        if n == 0 {
            return Interval::UNKNOWN;
        }
        let n = n as f64;
        let p = p.clamp(0.0, 1.0);
        let z2n = Z95 * Z95 / n;
        let centre = (p + z2n / 2.0) / (1.0 + z2n);
        let half = Z95 * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
        Interval {
            // Clamped so that rounding never puts the mean outside or an end past [0, 1].
            low: (centre - half).clamp(0.0, p),
            high: (centre + half).clamp(p, 1.0),
        }
    }

    /// `high - low`.
    ///
    /// ```
    /// assert_eq!(search_core::Interval { low: 0.25, high: 0.75 }.width(), 0.5);
    /// ```
    #[must_use]
    pub fn width(&self) -> f64 {
        self.high - self.low
    }

    /// `true` when `x` lies in `[low, high]`.
    ///
    /// ```
    /// assert!(search_core::Interval::wilson(0.5, 10).contains(0.5));
    /// ```
    #[must_use]
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

impl fmt::Display for Interval {
    /// `[0.400, 0.892]`; a precision given in the format applies to both ends.
    ///
    /// ```
    /// let i = search_core::Interval { low: 0.25, high: 0.5 };
    /// assert_eq!(format!("{i:.2}"), "[0.25, 0.50]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = f.precision().unwrap_or(3);
        write!(f, "[{:.p$}, {:.p$}]", self.low, self.high)
    }
}

#[cfg(test)]
mod tests {
    use super::Interval;

    #[test]
    fn wilson_matches_hand_computed_values() {
        // 7 of 10: centre (0.7 + 0.19208) / 1.38416, half 1.96 * sqrt(0.021 + 0.0096040) / 1.38416.
        let i = Interval::wilson(0.7, 10);
        assert!((i.low - 0.3968).abs() < 1e-4, "{i:?}");
        assert!((i.high - 0.8922).abs() < 1e-4, "{i:?}");
    }

    #[test]
    fn ends_stay_in_the_unit_interval() {
        for n in 1..50u64 {
            for k in 0..=n {
                let i = Interval::wilson(k as f64 / n as f64, n);
                assert!(
                    0.0 <= i.low && i.low <= i.high && i.high <= 1.0,
                    "{k}/{n}: {i:?}"
                );
                assert!(i.contains(k as f64 / n as f64), "{k}/{n}: {i:?}");
                assert_eq!(k == 0, i.low == 0.0, "{k}/{n}: {i:?}");
                assert_eq!(k == n, i.high == 1.0, "{k}/{n}: {i:?}");
            }
        }
    }
}
