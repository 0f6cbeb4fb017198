//! [`ClockPacer`]: when a search reads the clock, adapted to what its work costs.

use std::time::Duration;

use crate::platform::Instant;

/// Decides when a search looks at the clock (and its stop flag), so that the looks come
/// about [`TARGET`](ClockPacer::TARGET) apart whatever one unit of work (a node, an
/// iteration, a ply of a playout, an expansion) costs.
///
/// Reading the clock costs tens of nanoseconds, more than a node of a fast game, so a
/// search cannot read it at every node; but a fixed number of nodes between two readings
/// lets a slow evaluator or game overshoot its time limit by that many of its calls. The
/// pacer measures the time the last units took and sets the number of units until the next
/// look (a power of two between 1 and its maximum) to what fits in the target, doubling it
/// at most per look so that one cheap stretch does not make it blind to a slow one. A
/// search asks [`due`](ClockPacer::due) with its count of work done (one comparison) and,
/// when it is due, calls [`look`](ClockPacer::look), which reads the clock and plans the
/// next look.
///
/// Each thread paces its own work: a pacer is plain data, owned by one search loop.
///
/// ```
/// use search_core::ClockPacer;
/// let mut pacer = ClockPacer::new(1024);
/// assert!(pacer.due(0)); // the first look comes before any work
/// let _now = pacer.look(0);
/// assert!(pacer.interval() >= 1 && pacer.interval() <= 2);
/// ```
#[derive(Clone, Debug)]
pub struct ClockPacer {
    next: u64,
    interval: u64,
    max_interval: u64,
    last_work: u64,
    last_look: Instant,
}

impl ClockPacer {
    /// The time a pacer aims to leave between two looks at the clock: small against the
    /// few milliseconds a search may run past its limit, large against the cost of a look.
    ///
    /// ```
    /// assert_eq!(search_core::ClockPacer::TARGET.as_micros(), 250);
    /// ```
    pub const TARGET: Duration = Duration::from_micros(250);

    /// A pacer that looks before any work (a search whose flag is already set does none),
    /// then at most every `max_interval` units (rounded down to a power of two; at least 1).
    ///
    /// ```
    /// use search_core::ClockPacer;
    /// assert_eq!(ClockPacer::new(1000).max_interval(), 512);
    /// assert_eq!(ClockPacer::new(0).max_interval(), 1);
    /// ```
    #[must_use]
    pub fn new(max_interval: u64) -> Self {
        let max_interval = if max_interval <= 1 {
            1
        } else {
            1 << (63 - max_interval.leading_zeros())
        };
        ClockPacer {
            next: 0,
            interval: 1,
            max_interval,
            last_work: 0,
            last_look: Instant::now(),
        }
    }

    /// A pacer that is never due: for a search with neither a time limit nor a stop flag,
    /// which has no reason to read the clock. Its interval is 2^63.
    ///
    /// ```
    /// use search_core::ClockPacer;
    /// assert!(!ClockPacer::never().due(u64::MAX - 1));
    /// assert_eq!(ClockPacer::never().interval(), 1 << 63);
    /// ```
    #[must_use]
    pub fn never() -> Self {
        ClockPacer {
            next: u64::MAX,
            interval: 1 << 63,
            max_interval: 1 << 63,
            ..ClockPacer::new(1)
        }
    }

    /// `true` when a search that has done `work` units should [`look`](ClockPacer::look).
    ///
    /// ```
    /// use search_core::ClockPacer;
    /// let mut pacer = ClockPacer::new(64);
    /// assert!(pacer.due(0));
    /// pacer.look(0);
    /// assert!(!pacer.due(0));
    /// assert!(pacer.due(pacer.interval()));
    /// ```
    #[inline]
    #[must_use]
    pub fn due(&self, work: u64) -> bool {
        work >= self.next
    }

    /// How many units a search that has done `work` may do before it is
    /// [`due`](ClockPacer::due) (0 when it is): for a loop that counts its work in a local
    /// variable and compares it with this.
    ///
    /// ```
    /// use search_core::ClockPacer;
    /// let mut pacer = ClockPacer::new(64);
    /// assert_eq!(pacer.until_due(0), 0);
    /// pacer.look(0);
    /// assert_eq!(pacer.until_due(0), pacer.interval());
    /// assert_eq!(ClockPacer::never().until_due(5), u64::MAX - 5);
    /// ```
    #[inline]
    #[must_use]
    pub fn until_due(&self, work: u64) -> u64 {
        self.next.saturating_sub(work)
    }

    /// The number of units between the last look and the next (a power of two).
    ///
    /// ```
    /// assert_eq!(search_core::ClockPacer::new(8).interval(), 1);
    /// ```
    #[must_use]
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// The largest interval this pacer uses.
    ///
    /// ```
    /// assert_eq!(search_core::ClockPacer::new(8).max_interval(), 8);
    /// ```
    #[must_use]
    pub fn max_interval(&self) -> u64 {
        self.max_interval
    }

    /// Reads the clock after `work` units and plans the next look: the interval becomes the
    /// largest power of two of units that the last ones say fit in
    /// [`TARGET`](ClockPacer::TARGET), at most twice the last interval and at most the
    /// maximum. Returns the time read, for the search to compare with its deadline.
    ///
    /// ```
    /// use search_core::{ClockPacer, Instant};
    /// use std::time::Duration;
    /// let mut pacer = ClockPacer::new(1024);
    /// // Cheap work: the interval doubles at each look.
    /// let mut work = 0;
    /// for _ in 0..4 {
    ///     work = work.max(1) * 2;
    ///     pacer.look(work);
    /// }
    /// assert!(pacer.interval() <= 16);
    /// // Work that costs a millisecond a unit: a look after every unit.
    /// let slow = Instant::now();
    /// while slow.elapsed() < Duration::from_millis(1) {}
    /// pacer.look(work + 1);
    /// assert_eq!(pacer.interval(), 1);
    /// assert!(pacer.due(work + 2));
    /// ```
    pub fn look(&mut self, work: u64) -> Instant {
        let now = Instant::now();
        let units = work.saturating_sub(self.last_work).max(1);
        let spent = now.saturating_duration_since(self.last_look).as_nanos();
        let fits = if spent == 0 {
            u64::MAX
        } else {
            let per_unit = (spent / u128::from(units)).max(1);
            u64::try_from(Self::TARGET.as_nanos() / per_unit).unwrap_or(u64::MAX)
        };
        let wanted = fits
            .min(self.interval.saturating_mul(2))
            .min(self.max_interval)
            .max(1);
        self.interval = 1 << (63 - wanted.leading_zeros());
        self.next = (work / self.interval)
            .saturating_add(1)
            .saturating_mul(self.interval);
        self.last_work = work;
        self.last_look = now;
        now
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin(d: Duration) {
        let t = Instant::now();
        while t.elapsed() < d {}
    }

    #[test]
    fn slow_work_is_looked_at_after_every_unit_and_fast_work_rarely() {
        let mut pacer = ClockPacer::new(1024);
        let mut work = 0u64;
        let mut looks = 0;
        // Units of 100 µs: at most 2 units between looks (250 µs target).
        while work < 50 {
            work += 1;
            spin(Duration::from_micros(100));
            if pacer.due(work) {
                pacer.look(work);
                looks += 1;
            }
        }
        assert!(pacer.interval() <= 2, "interval {}", pacer.interval());
        assert!(looks >= 25, "{looks} looks in 50 slow units");
        // Free units: the interval grows to the maximum.
        for _ in 0..10_000_000u64 {
            work += 1;
            if pacer.due(work) {
                pacer.look(work);
            }
            if pacer.interval() == 1024 {
                break;
            }
        }
        assert_eq!(pacer.interval(), 1024);
    }

    #[test]
    fn looks_fall_on_multiples_of_the_interval() {
        let mut pacer = ClockPacer::new(64);
        for work in 1..5000u64 {
            if pacer.due(work) {
                assert_eq!(work % pacer.interval(), 0, "look at {work}");
                pacer.look(work);
            }
        }
    }

    #[test]
    fn a_jump_in_the_count_is_still_due() {
        let mut pacer = ClockPacer::new(1024);
        pacer.look(1);
        assert!(pacer.due(1_000_000));
        pacer.look(1_000_000);
        assert!(pacer.next > 1_000_000);
    }
}
