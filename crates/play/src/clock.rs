//! [`GameClock`]: a player's clock in a timed game, and the time it allows for one move.

use std::time::Duration;

use search_core::{Budget, BudgetError};

/// A player's clock in a timed game: the time left, the increment added after each move,
/// and optionally the number of moves to play before the next time control. It turns into
/// the [`Budget`] of one move with [`budget`](GameClock::budget).
///
/// The time-management rule ([`move_time`](GameClock::move_time)):
///
/// 1. `usable` = time left − [`margin`](GameClock::with_margin) (never below zero);
/// 2. `share` = `usable` / `moves`, where `moves` is the moves to go (at least 1) or, without
///    them, [`DEFAULT_MOVES`](GameClock::DEFAULT_MOVES);
/// 3. the move gets `share` + ¾ of the increment, at most `usable`;
/// 4. and at least the [`floor`](GameClock::with_floor), but never more than the time left
///    (and never zero: with a zero floor and nothing usable, one nanosecond, after which
///    the engines answer with the first move they look at).
///
/// With no time left at all there is nothing to give: [`BudgetError::ZeroTime`].
///
/// ```
/// use std::time::Duration;
/// use play::GameClock;
///
/// let clock = GameClock::new(Duration::from_secs(60)).with_increment(Duration::from_secs(1));
/// // (60 s − 50 ms) / 30 + ¾ s
/// assert_eq!(clock.move_time().unwrap(), Duration::from_nanos(2_748_333_333));
/// let budget = clock.budget().unwrap();
/// assert_eq!(budget.time_limit(), Some(clock.move_time().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    remaining: Duration,
    increment: Duration,
    moves_to_go: Option<u32>,
    margin: Duration,
    floor: Duration,
}

impl GameClock {
    /// How many moves the time left is shared over when the moves to go are not known.
    pub const DEFAULT_MOVES: u32 = 30;
    /// The default safety margin: time kept back for the program's own overhead.
    pub const DEFAULT_MARGIN: Duration = Duration::from_millis(50);
    /// The default floor: the least time a move is given (while there is that much left).
    pub const DEFAULT_FLOOR: Duration = Duration::from_millis(1);

    /// A clock with `remaining` time left, no increment, unknown moves to go, the default
    /// margin and floor.
    ///
    /// ```
    /// use std::time::Duration;
    /// let c = play::GameClock::new(Duration::from_secs(10));
    /// assert_eq!(c.remaining(), Duration::from_secs(10));
    /// ```
    #[must_use]
    pub fn new(remaining: Duration) -> Self {
        GameClock {
            remaining,
            increment: Duration::ZERO,
            moves_to_go: None,
            margin: Self::DEFAULT_MARGIN,
            floor: Self::DEFAULT_FLOOR,
        }
    }

    search_core::builder_methods! {
        /// The time added to the clock after each move.
        ///
        /// ```
        /// use std::time::Duration;
        /// let c = play::GameClock::new(Duration::ZERO).with_increment(Duration::from_secs(2));
        /// assert_eq!(c.increment(), Duration::from_secs(2));
        /// ```
        with_increment(increment: Duration) => increment;

        /// The moves to play before the next time control (`None`: sudden death or unknown).
        /// Zero is read as one: the time left is for this move.
        ///
        /// ```
        /// use std::time::Duration;
        /// use play::GameClock;
        /// let c = GameClock::new(Duration::from_secs(10)).with_margin(Duration::ZERO);
        /// assert_eq!(c.with_moves_to_go(Some(5)).move_time().unwrap(), Duration::from_secs(2));
        /// ```
        with_moves_to_go(moves: Option<u32>) => moves_to_go;

        /// The safety margin kept back from the time left (default
        /// [`DEFAULT_MARGIN`](GameClock::DEFAULT_MARGIN)).
        ///
        /// ```
        /// use std::time::Duration;
        /// use play::GameClock;
        /// let c = GameClock::new(Duration::from_secs(1)).with_moves_to_go(Some(1));
        /// let c = c.with_margin(Duration::from_millis(100));
        /// assert_eq!(c.move_time().unwrap(), Duration::from_millis(900));
        /// ```
        with_margin(margin: Duration) => margin;

        /// The least time a move is given, while the clock has that much left (default
        /// [`DEFAULT_FLOOR`](GameClock::DEFAULT_FLOOR)).
        ///
        /// ```
        /// use std::time::Duration;
        /// use play::GameClock;
        /// let c = GameClock::new(Duration::from_millis(60)).with_floor(Duration::from_millis(20));
        /// assert_eq!(c.move_time().unwrap(), Duration::from_millis(20));
        /// ```
        with_floor(floor: Duration) => floor;

        /// The same clock with `remaining` time left: what a match runner keeps up to date
        /// after every move.
        ///
        /// ```
        /// use std::time::Duration;
        /// use play::GameClock;
        /// let c = GameClock::new(Duration::from_secs(60)).with_increment(Duration::from_secs(1));
        /// let later = c.with_remaining(Duration::from_secs(42));
        /// assert_eq!((later.remaining(), later.increment()), (Duration::from_secs(42), c.increment()));
        /// ```
        with_remaining(remaining: Duration) => remaining;

        /// The time left.
        ///
        /// ```
        /// use std::time::Duration;
        /// assert_eq!(play::GameClock::new(Duration::ZERO).remaining(), Duration::ZERO);
        /// ```
        remaining() -> Duration = remaining;

        /// The increment.
        ///
        /// ```
        /// use std::time::Duration;
        /// assert_eq!(play::GameClock::new(Duration::ZERO).increment(), Duration::ZERO);
        /// ```
        increment() -> Duration = increment;

        /// The moves to go, if known.
        ///
        /// ```
        /// use std::time::Duration;
        /// assert_eq!(play::GameClock::new(Duration::ZERO).moves_to_go(), None);
        /// ```
        moves_to_go() -> Option<u32> = moves_to_go;
    }

    /// The time for this move, by the rule in the type's documentation: never more than the
    /// time left, never zero.
    ///
    /// # Errors
    /// [`BudgetError::ZeroTime`] when no time is left.
    ///
    /// ```
    /// use std::time::Duration;
    /// use play::GameClock;
    /// use search_core::BudgetError;
    /// assert_eq!(GameClock::new(Duration::ZERO).move_time(), Err(BudgetError::ZeroTime));
    /// // 10 ms left, less than the margin: the floor (1 ms).
    /// let c = GameClock::new(Duration::from_millis(10));
    /// assert_eq!(c.move_time().unwrap(), Duration::from_millis(1));
    /// ```
    pub fn move_time(&self) -> Result<Duration, BudgetError> {
        if self.remaining.is_zero() {
            return Err(BudgetError::ZeroTime);
        }
        let usable = self.remaining.saturating_sub(self.margin);
        let moves = self.moves_to_go.unwrap_or(Self::DEFAULT_MOVES).max(1);
        let share = usable / moves;
        let time = share
            .saturating_add(self.increment / 4 * 3)
            .min(usable)
            .max(self.floor)
            .min(self.remaining);
        // A floor of zero with nothing usable: the shortest time there is.
        Ok(time.max(Duration::from_nanos(1)))
    }

    /// The budget of this move: [`Budget::time`] of [`move_time`](GameClock::move_time).
    /// Add a stop flag or other limits with the `with_*` methods of [`Budget`].
    ///
    /// # Errors
    /// [`BudgetError::ZeroTime`] when no time is left.
    ///
    /// ```
    /// use std::time::Duration;
    /// use play::GameClock;
    /// use search_core::StopFlag;
    /// let budget = GameClock::new(Duration::from_secs(3)).budget().unwrap().with_stop(StopFlag::new());
    /// assert!(budget.time_limit().unwrap() < Duration::from_secs(3));
    /// ```
    pub fn budget(&self) -> Result<Budget, BudgetError> {
        self.move_time().map(Budget::time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_move_time_never_exceeds_the_time_left() {
        let lefts = [1, 2, 10, 49, 50, 51, 100, 1_000, 60_000, 3_600_000];
        let incs = [0, 1, 100, 2_000, 10_000, 100_000];
        let margins = [0, 1, 50, 500, 5_000];
        let floors = [0, 1, 10, 1_000];
        let mtgs = [None, Some(0), Some(1), Some(2), Some(40)];
        for &l in &lefts {
            for &i in &incs {
                for &m in &margins {
                    for &f in &floors {
                        for &g in &mtgs {
                            let c = GameClock::new(ms(l))
                                .with_increment(ms(i))
                                .with_margin(ms(m))
                                .with_floor(ms(f))
                                .with_moves_to_go(g);
                            let t = c.move_time().unwrap();
                            assert!(!t.is_zero(), "{c:?}");
                            assert!(t <= ms(l), "{c:?} gave {t:?}");
                            if l >= m + f {
                                assert!(
                                    t <= ms(l - m) || t == ms(f).max(Duration::from_nanos(1)),
                                    "{c:?} gave {t:?}"
                                );
                            }
                            assert!(t >= ms(f).min(ms(l)), "{c:?} gave {t:?} under the floor");
                            assert_eq!(c.budget().unwrap().time_limit(), Some(t));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_move_time_grows_with_the_increment() {
        let mut last = Duration::ZERO;
        for inc in [0, 10, 100, 1_000, 5_000] {
            let t = GameClock::new(ms(60_000))
                .with_increment(ms(inc))
                .move_time()
                .unwrap();
            assert!(
                t > last,
                "increment {inc} ms gave {t:?}, not more than {last:?}"
            );
            last = t;
        }
        // ... until the time left caps it.
        let capped = GameClock::new(ms(1_000)).with_increment(ms(100_000));
        assert_eq!(capped.move_time().unwrap(), ms(950));
    }

    #[test]
    fn moves_to_go_share_the_time_left() {
        let c = GameClock::new(ms(10_050));
        assert_eq!(c.with_moves_to_go(Some(10)).move_time().unwrap(), ms(1_000));
        assert_eq!(c.with_moves_to_go(Some(1)).move_time().unwrap(), ms(10_000));
        assert_eq!(c.with_moves_to_go(Some(0)).move_time().unwrap(), ms(10_000));
        assert_eq!(c.move_time().unwrap(), Duration::from_nanos(333_333_333));
        // Fewer moves to go, more time for each.
        let times: Vec<_> = (1..=40)
            .rev()
            .map(|n| c.with_moves_to_go(Some(n)).move_time().unwrap())
            .collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn a_capped_budget_keeps_the_tighter_of_each_limit() {
        use search_core::StopFlag;
        let limits = [None, Some(1u64), Some(7), Some(1_000)];
        for &a in &limits {
            for &b in &limits {
                let build = |l: Option<u64>| {
                    let mut budget = Budget::new();
                    if let Some(n) = l {
                        budget = budget
                            .with_depth(n as u32)
                            .with_nodes(n)
                            .with_iterations(n)
                            .with_time(ms(n));
                    }
                    budget
                };
                let c = build(a).capped_by(&build(b));
                let want = match (a, b) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                assert_eq!(c.max_depth(), want.map(|n| n as u32));
                assert_eq!(c.max_nodes(), want);
                assert_eq!(c.max_iterations(), want);
                assert_eq!(c.time_limit(), want.map(ms));
            }
        }
        let (own, other) = (StopFlag::new(), StopFlag::new());
        let mine = Budget::new().with_stop(own.clone());
        let theirs = Budget::new().with_stop(other.clone());
        own.stop();
        assert!(mine.capped_by(&theirs).stop_flag().unwrap().is_set());
        assert!(
            !Budget::new()
                .capped_by(&theirs)
                .stop_flag()
                .unwrap()
                .is_set()
        );
        assert!(Budget::new().capped_by(&Budget::new()).is_unlimited());
    }

    #[test]
    fn tiny_and_zero_time() {
        assert_eq!(
            GameClock::new(Duration::ZERO).budget().unwrap_err(),
            BudgetError::ZeroTime
        );
        let one_ns = GameClock::new(Duration::from_nanos(1));
        assert_eq!(one_ns.move_time().unwrap(), Duration::from_nanos(1));
        let no_floor = GameClock::new(ms(20)).with_floor(Duration::ZERO);
        assert_eq!(
            no_floor.move_time().unwrap(),
            Duration::from_nanos(1),
            "never zero"
        );
        assert_eq!(GameClock::new(ms(30)).move_time().unwrap(), ms(1));
    }
}
