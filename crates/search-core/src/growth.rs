//! [`GrowthPrice`]: how long the next growth of a search's table should take.

use std::time::{Duration, Instant};

/// The price of a table's next growth, from the time its last ones took: a search that
/// grows an array or hash table by doubling (a tree, a state table) times each growth
/// with [`time`](GrowthPrice::time) and, when the next one is near, asks
/// [`predict`](GrowthPrice::predict) how long moving its entries will take, so that it
/// can stop before a growth that would end past its deadline instead of overshooting by
/// milliseconds.
///
/// The price per entry is the lower of the last two growths' (one growth slowed down by
/// the machine does not make the next look dearer than it is), and nothing is predicted
/// before the first growth.
///
/// ```
/// use search_core::GrowthPrice;
/// let mut price = GrowthPrice::new();
/// assert_eq!(price.predict(1_000_000), 0);
/// let mut table: Vec<u64> = (0..100_000).collect();
/// price.time(table.len(), || table.reserve_exact(table.len()));
/// // Moving a million entries costs about ten times moving a hundred thousand.
/// let _nanos = price.predict(1_000_000);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GrowthPrice {
    /// Nanoseconds per entry: the lower of the last two growths' rates.
    rate: f64,
    /// Nanoseconds per entry of the last growth.
    last: f64,
}

impl GrowthPrice {
    /// A price with no growth seen yet (it predicts 0).
    ///
    /// ```
    /// assert_eq!(search_core::GrowthPrice::new().predict(10), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs `grow`, a growth that moves `entries` entries, and records its time per entry.
    ///
    /// ```
    /// let mut price = search_core::GrowthPrice::new();
    /// let mut v = vec![0u8; 1 << 20];
    /// price.time(v.len(), || v.reserve_exact(v.len()));
    /// assert!(v.capacity() >= 2 << 20);
    /// ```
    pub fn time<R>(&mut self, entries: usize, grow: impl FnOnce() -> R) -> R {
        let started = Instant::now();
        let result = grow();
        self.record(started.elapsed(), entries);
        result
    }

    /// Records a growth that moved `entries` entries in `took`.
    ///
    /// ```
    /// use std::time::Duration;
    /// let mut price = search_core::GrowthPrice::new();
    /// price.record(Duration::from_micros(100), 1_000); // 100 ns an entry
    /// assert_eq!(price.predict(2_000), 200_000);
    /// price.record(Duration::from_micros(600), 2_000); // 300 ns: slowed down once
    /// assert_eq!(price.predict(4_000), 400_000); // still priced at 100 ns
    /// ```
    pub fn record(&mut self, took: Duration, entries: usize) {
        let rate = took.as_nanos() as f64 / entries.max(1) as f64;
        self.rate = if self.last > 0.0 {
            rate.min(self.last)
        } else {
            rate
        };
        self.last = rate;
    }

    /// The nanoseconds a growth moving `entries` entries should take.
    ///
    /// See [`record`](GrowthPrice::record) for an example.
    #[must_use]
    pub fn predict(&self, entries: usize) -> u64 {
        (self.rate * entries as f64) as u64
    }
}
