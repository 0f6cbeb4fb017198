//! [`GrowthPrice`]: how long the next growth of the tree should take.

use std::time::Duration;

/// The price of a table's next growth, from the time its last ones took: a search that
/// grows its tree by doubling times each growth and, when the next one is near, asks
/// [`predict`](GrowthPrice::predict) how long moving its entries will take, so that it
/// can stop before a growth that would end past its deadline instead of overshooting by
/// milliseconds.
///
/// The price per entry is the lower of the last two growths' (one growth slowed down by
/// the machine does not make the next look dearer than it is), and nothing is predicted
/// before the first growth.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct GrowthPrice {
    /// Nanoseconds per entry: the lower of the last two growths' rates.
    rate: f64,
    /// Nanoseconds per entry of the last growth.
    last: f64,
}

impl GrowthPrice {
    /// A price with no growth seen yet (it predicts 0).
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Records a growth that moved `entries` entries in `took`.
    pub(crate) fn record(&mut self, took: Duration, entries: usize) {
        let rate = took.as_nanos() as f64 / entries.max(1) as f64;
        self.rate = if self.last > 0.0 {
            rate.min(self.last)
        } else {
            rate
        };
        self.last = rate;
    }

    /// The nanoseconds a growth moving `entries` entries should take.
    pub(crate) fn predict(&self, entries: usize) -> u64 {
        (self.rate * entries as f64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_price_is_the_lower_of_the_last_two_growths() {
        let mut price = GrowthPrice::new();
        assert_eq!(
            price.predict(1_000_000),
            0,
            "nothing before the first growth"
        );
        price.record(Duration::from_micros(100), 1_000); // 100 ns an entry
        assert_eq!(price.predict(2_000), 200_000);
        price.record(Duration::from_micros(600), 2_000); // 300 ns: slowed down once
        assert_eq!(price.predict(4_000), 400_000); // still priced at 100 ns
        price.record(Duration::from_micros(800), 4_000); // 200 ns
        assert_eq!(price.predict(1_000), 200_000);
        price.record(Duration::ZERO, 0); // no entries: a rate of 0, not a division by 0
        assert_eq!(price.predict(1_000), 0);
    }
}
