//! [`GrowthPrice`]: how long the next growth of a search thread's tree should take.

use std::time::Duration;

/// The price of a tree's next growth, from the time its last ones took: a worker times
/// each growth of its tree and, before the next one, asks [`predict`](GrowthPrice::predict)
/// how long moving its nodes will take, so that it can stop before a growth that would end
/// past its deadline instead of overshooting it.
///
/// The price per node is the lower of the last two growths' (one growth slowed down by the
/// machine does not make the next look dearer than it is), and nothing is predicted before
/// the first growth.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct GrowthPrice {
    /// Nanoseconds per entry: the lower of the last two growths' rates.
    rate: f64,
    /// Nanoseconds per entry of the last growth.
    last: f64,
}

impl GrowthPrice {
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
    fn a_growth_is_priced_from_the_cheaper_of_the_last_two() {
        let mut price = GrowthPrice::default();
        assert_eq!(
            price.predict(1_000_000),
            0,
            "nothing before the first growth"
        );
        price.record(Duration::from_micros(100), 1_000); // 100 ns an entry
        assert_eq!(price.predict(2_000), 200_000);
        price.record(Duration::from_micros(600), 2_000); // 300 ns: slowed down once
        assert_eq!(price.predict(4_000), 400_000, "still priced at 100 ns");
        price.record(Duration::from_micros(800), 4_000); // 200 ns
        assert_eq!(
            price.predict(1_000),
            200_000,
            "the cheaper of 300 and 200 ns"
        );
    }
}
