//! The randomness of self-play: Dirichlet noise on the root's priors and the choice of the
//! move played in proportion to a power of the visits (the move temperature), both drawn
//! from a seeded [`SplitMix64`].

use search_core::SplitMix64;

/// Dirichlet noise mixed into the root's priors, `P ← (1 − fraction) · P + fraction · η`
/// with `η ~ Dir(alpha, …, alpha)`, as AlphaZero's self-play does so that every move of
/// the root gets tried now and then (AlphaZero used `alpha` 0.3 for chess, 0.03 for Go,
/// roughly `10 / moves`; `fraction` 0.25).
///
/// ```
/// use mcts::RootNoise;
/// let noise = RootNoise::new(0.3, 0.25);
/// assert_eq!((noise.alpha, noise.fraction), (0.3, 0.25));
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct RootNoise {
    /// The concentration of the Dirichlet distribution (`> 0`; small: the noise falls on
    /// few moves).
    pub alpha: f64,
    /// The weight of the noise, in `[0, 1]`.
    pub fraction: f64,
}

impl RootNoise {
    /// Noise of concentration `alpha` and weight `fraction` (checked when a search starts:
    /// `alpha` must be finite and `> 0`, `fraction` in `[0, 1]`).
    ///
    /// ```
    /// let n = mcts::RootNoise::new(1.0, 0.5);
    /// assert_eq!(n.fraction, 0.5);
    /// ```
    #[must_use]
    pub fn new(alpha: f64, fraction: f64) -> Self {
        RootNoise { alpha, fraction }
    }

    /// `true` when the parameters are usable.
    pub(crate) fn is_valid(&self) -> bool {
        self.alpha.is_finite() && self.alpha > 0.0 && (0.0..=1.0).contains(&self.fraction)
    }

    /// Mixes a draw of the noise into `priors` (which add up to 1).
    pub(crate) fn apply(&self, priors: &mut [f32], rng: &mut SplitMix64) {
        let mut eta: Vec<f64> = (0..priors.len()).map(|_| gamma(self.alpha, rng)).collect();
        let sum: f64 = eta.iter().sum();
        if sum > 0.0 && sum.is_finite() {
            for e in &mut eta {
                *e /= sum;
            }
        } else {
            // Every draw underflowed (tiny alpha): the noise falls on one move.
            let k = rng.below(eta.len());
            eta.iter_mut()
                .enumerate()
                .for_each(|(i, e)| *e = f64::from(u8::from(i == k)));
        }
        for (p, e) in priors.iter_mut().zip(eta) {
            *p = ((1.0 - self.fraction) * f64::from(*p) + self.fraction * e) as f32;
        }
    }
}

/// A uniform number in `(0, 1)`.
fn open_unit(rng: &mut SplitMix64) -> f64 {
    loop {
        let u = rng.next_f64();
        if u > 0.0 {
            return u;
        }
    }
}

/// A standard normal number (Box–Muller).
fn normal(rng: &mut SplitMix64) -> f64 {
    let (u, v) = (open_unit(rng), rng.next_f64());
    (-2.0 * u.ln()).sqrt() * (core::f64::consts::TAU * v).cos()
}

/// A draw of the Gamma(`alpha`, 1) distribution (Marsaglia and Tsang 2000; for
/// `alpha < 1`, a draw for `alpha + 1` times `U^(1/alpha)`).
pub(crate) fn gamma(alpha: f64, rng: &mut SplitMix64) -> f64 {
    if alpha < 1.0 {
        let u = open_unit(rng);
        return gamma(alpha + 1.0, rng) * u.powf(1.0 / alpha);
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = open_unit(rng);
        if u < 1.0 - 0.0331 * x * x * x * x || u.ln() < 0.5 * x * x + d * (1.0 - v + v.ln()) {
            return d * v;
        }
    }
}

/// The index drawn in proportion to `visits[i]^(1/temperature)` (`temperature > 0`), or,
/// when every weight is zero, the first most-visited index.
pub(crate) fn by_temperature(visits: &[u64], temperature: f64, rng: &mut SplitMix64) -> usize {
    let most = visits.iter().copied().max().unwrap_or(0);
    if most == 0 {
        return 0;
    }
    // Scaled by the largest count so that high powers do not overflow.
    let weights: Vec<f64> = visits
        .iter()
        .map(|&n| (n as f64 / most as f64).powf(1.0 / temperature))
        .collect();
    let total: f64 = weights.iter().sum();
    let mut x = rng.next_f64() * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    // Rounding left `x` past the last weight: the last index with any weight.
    weights.iter().rposition(|&w| w > 0.0).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_draws_have_the_right_mean_and_variance() {
        for alpha in [0.03, 0.3, 1.0, 2.5, 10.0] {
            let mut rng = SplitMix64::new(11);
            let n = 200_000;
            let draws: Vec<f64> = (0..n).map(|_| gamma(alpha, &mut rng)).collect();
            let mean = draws.iter().sum::<f64>() / n as f64;
            let var = draws.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n as f64;
            // Gamma(alpha, 1): mean alpha, variance alpha; the standard error of the mean is
            // sqrt(alpha / n).
            assert!(
                (mean - alpha).abs() < 5.0 * (alpha / n as f64).sqrt(),
                "{alpha}: {mean}"
            );
            assert!((var - alpha).abs() < 0.05 * alpha + 0.01, "{alpha}: {var}");
            assert!(draws.iter().all(|&x| x >= 0.0 && x.is_finite()));
        }
    }

    #[test]
    fn noise_keeps_a_distribution() {
        let mut rng = SplitMix64::new(3);
        let mut p = vec![0.5f32, 0.25, 0.25, 0.0];
        RootNoise::new(0.3, 0.25).apply(&mut p, &mut rng);
        let sum: f32 = p.iter().sum();
        assert!((sum - 1.0).abs() < 1e-5, "{p:?}");
        assert!(p.iter().all(|&x| x >= 0.0));
        assert!(
            p[0] >= 0.375 - 1e-6,
            "the prior keeps 3/4 of its weight: {p:?}"
        );
    }

    #[test]
    fn temperature_draws_in_proportion_to_visits() {
        let mut rng = SplitMix64::new(5);
        let visits = [30u64, 10, 0, 60];
        let mut counts = [0u32; 4];
        for _ in 0..100_000 {
            counts[by_temperature(&visits, 1.0, &mut rng)] += 1;
        }
        assert_eq!(counts[2], 0);
        for (c, v) in counts.iter().zip(visits) {
            let expected = v as f64 / 100.0;
            assert!(
                (f64::from(*c) / 100_000.0 - expected).abs() < 0.01,
                "{counts:?}"
            );
        }
        // A low temperature all but always takes the most visited.
        let cold = (0..1000)
            .filter(|_| by_temperature(&visits, 0.05, &mut rng) == 3)
            .count();
        assert!(cold > 990, "{cold}");
    }
}
