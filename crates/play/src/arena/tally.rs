//! [`Tally`]: wins, draws and losses, the score's interval and the Elo difference.

use core::fmt;

use search_core::{Interval, Wdl};

/// Wins, draws and losses of strategy `A`, and what they say about its strength.
///
/// # Formulas
/// With `n = wins + draws + losses` games, `A`'s **score** is `s = (wins + draws/2) / n`.
///
/// The **95 % confidence interval of the score** is the Wilson score interval with
/// `z = 1.96` ([`Interval::wilson`]):
///
/// ```text
/// centre = (s + z²/(2n)) / (1 + z²/n)
/// half   = z · sqrt(s(1 − s)/n + z²/(4n²)) / (1 + z²/n)
/// [low, high] = [centre − half, centre + half]
/// ```
///
/// Unlike the textbook `s ± z·sqrt(s(1−s)/n)`, it stays inside `[0, 1]`, is never empty at
/// a 0 % or 100 % score, and is well-behaved for small `n`. It treats each game as a
/// win-or-loss trial; draws make the true variance smaller than `s(1 − s)`, so with draws
/// the interval is conservative (a little wider than it needs to be).
///
/// The **Elo difference** of `A` over `B` is the logistic rating model solved for the
/// score: `elo(s) = 400 · log10(s / (1 − s))`, so 64 % ≈ +100, 76 % ≈ +200. Its 95 %
/// interval is `[elo(low), elo(high)]` (the map is increasing). A 100 % score has no finite
/// estimate and no finite upper bound, a 0 % score no finite estimate and no finite lower
/// bound: [`EloEstimate`] reports those as `None` rather than as infinities.
///
/// ```
/// use play::Tally;
/// let weak = Tally::new(7, 0, 3);    // 7 wins of 10
/// let strong = Tally::new(70, 0, 30); // 70 wins of 100
/// assert!(weak.score_interval().low < 0.5);   // could still be a coin flip
/// assert!(strong.score_interval().low > 0.5); // clearly better
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Games `A` won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games `A` lost.
    pub losses: u32,
}

impl Tally {
    /// A tally of `wins`, `draws` and `losses` for `A`.
    ///
    /// ```
    /// assert_eq!(play::Tally::new(1, 2, 3).games(), 6);
    /// ```
    #[must_use]
    pub const fn new(wins: u32, draws: u32, losses: u32) -> Self {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    /// The number of games.
    ///
    /// ```
    /// assert_eq!(play::Tally::default().games(), 0);
    /// ```
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.wins as u64 + self.draws as u64 + self.losses as u64
    }

    /// Adds one game's result.
    ///
    /// ```
    /// use play::Tally;
    /// use search_core::Wdl;
    /// let mut t = Tally::default();
    /// t.record(Wdl::Draw);
    /// assert_eq!(t, Tally::new(0, 1, 0));
    /// ```
    pub fn record(&mut self, result: Wdl) {
        match result {
            Wdl::Win => self.wins += 1,
            Wdl::Draw => self.draws += 1,
            Wdl::Loss => self.losses += 1,
        }
    }

    /// `A`'s score, `(wins + draws/2) / games`, in `[0, 1]`; `0.5` (no information) when no
    /// game was played.
    ///
    /// ```
    /// assert_eq!(play::Tally::new(3, 2, 5).score(), 0.4);
    /// ```
    #[must_use]
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The 95 % Wilson confidence interval of the score ([`Interval::wilson`], see the
    /// [type docs](Tally) for the formula); [`Interval::UNKNOWN`] when no game was played.
    /// Always finite, `0 <= low <= score <= high <= 1`, and exactly 0 (1) when `A` never
    /// scored (never dropped a point).
    ///
    /// ```
    /// let i = play::Tally::new(7, 0, 3).score_interval();
    /// assert!((i.low - 0.397).abs() < 1e-3 && (i.high - 0.892).abs() < 1e-3);
    /// ```
    #[must_use]
    pub fn score_interval(&self) -> Interval {
        Interval::wilson(self.score(), self.games())
    }

    /// The Elo difference of `A` over `B` with its 95 % interval (see the
    /// [type docs](Tally) for the formula).
    ///
    /// ```
    /// use play::Tally;
    /// let e = Tally::new(3, 0, 1).elo();
    /// assert!((e.difference.unwrap() - 190.8).abs() < 0.1); // 75 % ≈ +191
    /// let perfect = Tally::new(10, 0, 0).elo();
    /// assert_eq!((perfect.difference, perfect.high), (None, None));
    /// assert!(perfect.low.unwrap() > 0.0);
    /// ```
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        if self.games() == 0 {
            return EloEstimate {
                difference: None,
                low: None,
                high: None,
            };
        }
        let interval = self.score_interval();
        EloEstimate {
            difference: elo_of(self.score()),
            low: elo_of(interval.low),
            high: elo_of(interval.high),
        }
    }
}

/// `400 · log10(s / (1 − s))`, `None` where it is infinite (`s` of 0 or 1).
fn elo_of(s: f64) -> Option<f64> {
    if s <= 0.0 || s >= 1.0 || s.is_nan() {
        None
    } else {
        Some(400.0 * (s / (1.0 - s)).log10())
    }
}

impl fmt::Display for Tally {
    /// `+W =D -L  score S% [L%, H%]  Elo E [L, H]`.
    ///
    /// ```
    /// let t = play::Tally::new(6, 2, 2);
    /// assert!(t.to_string().starts_with("+6 =2 -2  score 70.0% [39.7%, 89.2%]"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Interval { low, high } = self.score_interval();
        write!(
            f,
            "+{} ={} -{}  score {:.1}% [{:.1}%, {:.1}%]  {}",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            100.0 * low,
            100.0 * high,
            self.elo()
        )
    }
}

/// An Elo difference estimate with its 95 % interval. `None` marks an end with no finite
/// value: a 100 % score has no finite estimate and no upper bound, a 0 % score no finite
/// estimate and no lower bound.
///
/// ```
/// use play::Tally;
/// let e = Tally::new(0, 0, 12).elo();
/// assert_eq!((e.difference, e.low), (None, None));
/// assert!(e.high.unwrap() < -150.0); // 0 of 12: at best about -198
/// assert!(e.to_string().starts_with("Elo <= -"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// The point estimate, `None` at a 0 % or 100 % score.
    pub difference: Option<f64>,
    /// The lower end of the 95 % interval, `None` if unbounded below (0 % score).
    pub low: Option<f64>,
    /// The upper end of the 95 % interval, `None` if unbounded above (100 % score).
    pub high: Option<f64>,
}

impl fmt::Display for EloEstimate {
    /// `Elo +0 [-393, +393]`, or a one-sided bound when the score is 0 % or 100 %.
    ///
    /// ```
    /// use play::Tally;
    /// assert!(Tally::new(10, 0, 0).elo().to_string().starts_with("Elo >= +"));
    /// assert_eq!(Tally::new(1, 0, 1).elo().to_string(), "Elo +0 [-393, +393]");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.difference, self.low, self.high) {
            (Some(d), Some(l), Some(h)) => write!(f, "Elo {d:+.0} [{l:+.0}, {h:+.0}]"),
            (_, Some(l), None) => write!(f, "Elo >= {l:+.0} (no losses or draws: 95% lower bound)"),
            (_, None, Some(h)) => write!(f, "Elo <= {h:+.0} (no wins or draws: 95% upper bound)"),
            _ => f.write_str("Elo unknown (no games)"),
        }
    }
}
