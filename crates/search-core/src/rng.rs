//! [`SplitMix64`]: the one seeded pseudo-random generator of the workspace.

use core::convert::Infallible;

use rand::{SeedableRng, TryRng};

/// The golden-ratio increment of SplitMix64.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64 (Steele, Lea and Flood 2014): one add, two multiplies and three shifts per
/// 64 bits, 8 bytes of state, and a full period of 2^64. It is not cryptographic; it is
/// fast, small and reproducible, which is what playouts, random tie-breaking, random
/// movers and the arena's openings need.
///
/// Every engine and game of the workspace draws its randomness from this type, seeded from
/// the seed you give (`with_seed`), so that a search is reproducible. It implements
/// `rand`'s [`Rng`](rand::Rng) and [`SeedableRng`], so `rand`'s
/// [`RngExt`](rand::RngExt) methods work on it too.
///
/// ```
/// use rand::RngExt;
/// use search_core::SplitMix64;
///
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64()); // reproducible from the seed
/// assert!(a.below(6) < 6);
/// let x: f64 = a.next_f64();
/// assert!((0.0..1.0).contains(&x));
/// let d = b.random_range(1..=6); // rand's methods work too
/// assert!((1..=6).contains(&d));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose sequence is fixed by `seed`.
    ///
    /// ```
    /// let mut r = search_core::SplitMix64::new(0);
    /// assert_ne!(r.next_u64(), r.next_u64());
    /// ```
    #[must_use]
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// // The first output for seed 0, as published with the algorithm.
    /// assert_eq!(search_core::SplitMix64::new(0).next_u64(), 0xE220_A839_7B1D_CDAF);
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, by multiply-and-shift (bias below 2^-32 for `n < 2^32`); `0`
    /// when `n` is 0.
    ///
    /// ```
    /// let mut r = search_core::SplitMix64::new(3);
    /// assert!((0..100).all(|_| r.below(7) < 7));
    /// ```
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `[0, 1)` with 53 random bits.
    ///
    /// ```
    /// let x = search_core::SplitMix64::new(5).next_f64();
    /// assert!((0.0..1.0).contains(&x));
    /// ```
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// An independent-looking generator for stream `index` of one `seed`: per thread of a
    /// search, per game of a match. Different indices give unrelated sequences.
    ///
    /// ```
    /// use search_core::SplitMix64;
    /// let (mut a, mut b) = (SplitMix64::stream(9, 0), SplitMix64::stream(9, 1));
    /// assert_ne!(a.next_u64(), b.next_u64());
    /// assert_eq!(SplitMix64::stream(9, 1), SplitMix64::stream(9, 1));
    /// ```
    #[must_use]
    pub fn stream(seed: u64, index: u64) -> Self {
        let mut mix = SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        SplitMix64::new(mix.next_u64())
    }
}

impl TryRng for SplitMix64 {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((self.next_u64() >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

impl SeedableRng for SplitMix64 {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Self {
        SplitMix64::new(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(seed: u64) -> Self {
        SplitMix64::new(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;
    use rand::Rng;

    #[test]
    fn below_is_roughly_uniform() {
        let mut r = SplitMix64::new(11);
        let mut counts = [0u32; 7];
        for _ in 0..70_000 {
            counts[r.below(7)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn fill_bytes_uses_every_byte_of_each_draw() {
        let mut a = SplitMix64::new(4);
        let mut b = SplitMix64::new(4);
        let mut buf = [0u8; 11];
        a.fill_bytes(&mut buf);
        let first = b.next_u64().to_le_bytes();
        let second = b.next_u64().to_le_bytes();
        assert_eq!(&buf[..8], &first);
        assert_eq!(&buf[8..], &second[..3]);
    }
}
