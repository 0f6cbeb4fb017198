//! [`FastRng`]: the small, inline, seedable generator every playout uses.

/// A SplitMix64 pseudo-random generator: one add, two multiplies and three shifts per
/// number, no allocation, fully determined by its seed.
///
/// The engine owns one per search thread, seeded from the user's seed, so a single-threaded
/// search is reproducible. Playout policies receive it to make their random choices.
///
/// ```
/// use mcts::FastRng;
/// let mut a = FastRng::new(7);
/// let mut b = FastRng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// let i = a.below(6);
/// assert!(i < 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastRng {
    state: u64,
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

impl FastRng {
    /// A generator whose whole sequence is fixed by `seed`.
    ///
    /// ```
    /// let mut r = mcts::FastRng::new(0);
    /// assert_ne!(r.next_u64(), r.next_u64());
    /// ```
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        FastRng { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut r = mcts::FastRng::new(1);
    /// let _bits: u64 = r.next_u64();
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index in `0..n` (multiply-shift; `n` must be at least 1, and `0` returns
    /// `0`).
    ///
    /// ```
    /// let mut r = mcts::FastRng::new(3);
    /// assert!((0..100).all(|_| r.below(7) < 7));
    /// assert_eq!(r.below(1), 0);
    /// ```
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniform number in `[0, 1)`.
    ///
    /// ```
    /// let mut r = mcts::FastRng::new(5);
    /// let x = r.next_f64();
    /// assert!((0.0..1.0).contains(&x));
    /// ```
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A generator for search thread `index`, derived from `seed` so that threads draw
    /// independent sequences.
    ///
    /// ```
    /// use mcts::FastRng;
    /// assert_ne!(FastRng::for_thread(9, 0), FastRng::for_thread(9, 1));
    /// ```
    #[must_use]
    pub fn for_thread(seed: u64, index: usize) -> Self {
        let mut mix = FastRng::new(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        FastRng::new(mix.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::FastRng;

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = FastRng::new(11);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[r.below(7)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }
}
