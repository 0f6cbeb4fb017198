//! The null-window search over the root's possible values: the exact [`Solver`](crate::Solver)'s
//! algorithm, on one thread (`two_player/parallel.rs` runs one per thread).
//!
//! The approach of Pascal Pons' Connect Four solver, made generic: the shared search loop
//! ([`Searcher`]) runs without an evaluator or horizon, in *exact mode* (table entries are
//! valid at any depth), and the root value is found by a sequence of **null-window**
//! searches — each one only answers "is the value above `s`?" and is far cheaper than a
//! full-window search — binary-searching over the values the position can still have. The
//! bounds each search proves stay in the transposition table and speed up the next one.

use search_core::{Budget, Game, Outcome, Score, SearchError, ZeroEvaluator};

use crate::tables::transpositions::Transpositions;
use crate::two_player::searcher::Searcher;

/// What the null-window loop ended with: the bounds proven (equal when solved).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    /// The value is at least this.
    pub lower: Score,
    /// The value is at most this.
    pub upper: Score,
}

impl Bounds {
    /// Nothing proven yet: any value is possible.
    pub(crate) const OPEN: Bounds = Bounds {
        lower: Score::loss_in(0),
        upper: Score::win_in(0),
    };

    /// What both bounds say (each holds, so their intersection does).
    #[must_use]
    pub(crate) fn intersect(self, other: Bounds) -> Bounds {
        Bounds {
            lower: self.lower.max(other.lower),
            upper: self.upper.min(other.upper),
        }
    }
}

/// The ladder of values a position can have, as ranks `-k..=k`: rank `m > 0` is
/// `win_in(k + 1 - m)`, rank `0` a draw, rank `m < 0` is `loss_in(k + 1 + m)`. In weak mode
/// the ladder is `-1` (some loss), `0`, `1` (some win).
struct Ladder {
    k: i64,
    weak: bool,
}

impl Ladder {
    fn score(&self, m: i64) -> Score {
        let d = |x: i64| x.clamp(0, i64::from(Score::MAX_DISTANCE)) as u32;
        match (self.weak, m.signum()) {
            (_, 0) => Score::DRAW,
            (true, 1) => Score::win_in(d(self.k)),
            (true, _) => Score::loss_in(d(self.k)),
            (false, 1) => Score::win_in(d(self.k + 1 - m)),
            (false, _) => Score::loss_in(d(self.k + 1 + m)),
        }
    }

    /// The smallest rank whose score is `>= s`.
    fn ceil(&self, s: Score) -> i64 {
        let (lo, hi) = if self.weak {
            (-1, 1)
        } else {
            (-self.k, self.k)
        };
        // Scores are monotone in rank: binary search (ladders are short).
        let (mut a, mut b) = (lo, hi + 1);
        while a < b {
            let m = a + (b - a) / 2;
            if self.score(m) >= s {
                b = m;
            } else {
                a = m + 1;
            }
        }
        a.min(hi)
    }

    /// The largest rank whose score is `<= s`.
    fn floor(&self, s: Score) -> i64 {
        let (lo, hi) = if self.weak {
            (-1, 1)
        } else {
            (-self.k, self.k)
        };
        let (mut a, mut b) = (lo - 1, hi);
        while a < b {
            let m = b - (b - a) / 2;
            if self.score(m) <= s {
                a = m;
            } else {
                b = m - 1;
            }
        }
        a.max(lo)
    }
}

/// Which rung the next probe of [`null_window_search`] tests.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum ProbeOrder {
    /// Halve the range of possible values, but probe no nearer to a draw than halfway from
    /// the draw to the range's end on the probe's side (Pons' order: a probe far from the
    /// value is cheap, and decisive when the value is extreme).
    Halve,
    /// First probe: the guessed rung (clamped into the range).
    Guess(i64),
    /// The value is above every rung probed so far: probe `step` rungs above the lowest
    /// possible value, doubling the step while the probes keep failing high.
    Up(i64),
    /// The value is below every rung probed so far: the mirror of `Up`.
    Down(i64),
}

impl ProbeOrder {
    /// The rung to probe when the value is known to lie in `min..=max` (`min < max`): the
    /// probe asks whether the value is above it, so it lies in `min..max`.
    fn next(self, min: i64, max: i64) -> i64 {
        match self {
            ProbeOrder::Halve => {
                let med = min + (max - min) / 2;
                if med <= 0 && min / 2 < med {
                    min / 2
                } else if med >= 0 && max / 2 > med {
                    max / 2
                } else {
                    med
                }
            }
            ProbeOrder::Guess(rung) => rung.clamp(min, max - 1),
            ProbeOrder::Up(step) => min.saturating_add(step - 1).min(max - 1),
            ProbeOrder::Down(step) => max.saturating_sub(step).max(min),
        }
    }

    /// The order after a probe that found the value above its rung (`above`) or not: the
    /// guess moves outwards in the direction the probes fail, with doubling steps, and once
    /// a probe fails the other way the value is bracketed and the range is halved.
    fn after(self, above: bool) -> ProbeOrder {
        match (self, above) {
            (ProbeOrder::Guess(_), true) => ProbeOrder::Up(1),
            (ProbeOrder::Guess(_), false) => ProbeOrder::Down(1),
            (ProbeOrder::Up(step), true) => ProbeOrder::Up(step.saturating_mul(2)),
            (ProbeOrder::Down(step), false) => ProbeOrder::Down(step.saturating_mul(2)),
            _ => ProbeOrder::Halve,
        }
    }
}

/// The null-window binary search over the root's possible values. `probe_offset` moves each
/// probe that many rungs away from the usual choice (0 for a serial solve; parallel helpers
/// use other values so that the threads do not repeat each other's searches). `known` holds
/// bounds already proven for the value (from an earlier search; [`Bounds::OPEN`] when none):
/// the search only probes the values between them.
pub(crate) fn null_window_search<G, T>(
    searcher: &mut Searcher<'_, G, ZeroEvaluator, T>,
    state: &G,
    weak: bool,
    probe_offset: i64,
    known: Bounds,
) -> Bounds
where
    G: Game,
    T: Transpositions<G>,
{
    match state.outcome() {
        Outcome::Ongoing => {}
        Outcome::Draw => {
            return Bounds {
                lower: Score::DRAW,
                upper: Score::DRAW,
            };
        }
        Outcome::Win(p) => {
            let s = if p == state.to_move() {
                Score::win_in(0)
            } else {
                Score::loss_in(0)
            };
            return Bounds { lower: s, upper: s };
        }
    }
    let fast_win = searcher.hooks() && G::HAS_WINNING_MOVE;
    if fast_win {
        if let Some(mv) = state.winning_move() {
            if !state.is_legal(mv) {
                searcher.fail(SearchError::IllegalHookMove {
                    hook: "winning_move",
                    mv: format!("{mv:?}"),
                });
            }
            let s = Score::win_in(1);
            return Bounds { lower: s, upper: s };
        }
    }
    let k = state
        .remaining_plies_bound()
        .unwrap_or(Budget::MAX_DEPTH)
        .min(Budget::MAX_DEPTH);
    let ladder = Ladder {
        k: i64::from(k),
        weak,
    };
    let (mut min, mut max) = if weak { (-1, 1) } else { (-ladder.k, ladder.k) };
    if fast_win && !weak {
        // No immediate win: a win takes at least 2 plies (3 if moves cannot lose).
        let soonest = if G::MOVES_CANNOT_LOSE { 3 } else { 2 };
        max = max.min(ladder.floor(Score::win_in(soonest)));
    }
    // What is already known narrows the ladder (never past its ends, nor to an empty range:
    // bounds that were proven hold, so they overlap what is possible).
    if !weak {
        min = min.max(ladder.ceil(known.lower)).min(max);
        max = max.min(ladder.floor(known.upper)).max(min);
    }
    let mut root = state.clone();
    let mut order = match searcher.first_guess() {
        // A win beyond the ladder's slowest one rounds to it, as a loss does.
        Some(guess) if guess.is_win() => ProbeOrder::Guess(ladder.ceil(guess)),
        Some(guess) => ProbeOrder::Guess(ladder.floor(guess)),
        None => ProbeOrder::Halve,
    };
    while min < max {
        let mut med = order.next(min, max);
        // A parallel solve's helper probes a nearby rung (see `two_player/parallel.rs`).
        if min <= med + probe_offset && med + probe_offset < max {
            med += probe_offset;
        }
        let s = ladder.score(med);
        let above = Score::from_raw(s.raw() + 1);
        let r = searcher.negamax(&mut root, Budget::MAX_DEPTH, 0, s, above);
        if searcher.aborted {
            break;
        }
        searcher.stats.iterations += 1;
        order = order.after(r > s);
        if r <= s {
            max = ladder.floor(r).min(med);
        } else {
            min = ladder.ceil(r).max(med + 1);
        }
    }
    Bounds {
        lower: ladder.score(min),
        upper: ladder.score(max),
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounds, Ladder, ProbeOrder};
    use search_core::Score;

    #[test]
    fn ladders_are_strictly_increasing_and_invertible() {
        for k in 0..60 {
            for weak in [false, true] {
                let l = Ladder { k, weak };
                let (lo, hi) = if weak { (-1, 1) } else { (-k, k) };
                let rungs: Vec<Score> = (lo..=hi).map(|m| l.score(m)).collect();
                assert!(rungs.windows(2).all(|w| w[0] < w[1]), "k {k} weak {weak}");
                for m in lo..=hi {
                    assert_eq!(l.ceil(l.score(m)), m);
                    assert_eq!(l.floor(l.score(m)), m);
                }
            }
        }
        let l = Ladder { k: 4, weak: false };
        let all: Vec<Score> = (-4..=4).map(|m| l.score(m)).collect();
        let expected: Vec<Score> = (1..=4)
            .map(Score::loss_in)
            .chain([Score::DRAW])
            .chain((1..=4).rev().map(Score::win_in))
            .collect();
        assert_eq!(all, expected);
    }

    /// Runs the probe loop's choices against a hidden value `v` in `lo..=hi` (each probe
    /// answered exactly, as a fail-hard search would), returning the probes made.
    fn probes(lo: i64, hi: i64, v: i64, first: ProbeOrder) -> Vec<i64> {
        let (mut min, mut max, mut order) = (lo, hi, first);
        let mut made = Vec::new();
        while min < max {
            let med = order.next(min, max);
            assert!(min <= med && med < max, "probe {med} outside {min}..{max}");
            made.push(med);
            assert!(made.len() <= 64, "no end: {made:?}");
            let above = v > med;
            order = order.after(above);
            if above {
                min = med + 1;
            } else {
                max = med;
            }
        }
        assert_eq!(min, v, "{made:?}");
        made
    }

    #[test]
    fn every_probe_order_finds_the_value_and_a_right_guess_takes_two_probes() {
        for lo in -9..=0 {
            for hi in 0..=9 {
                for v in lo..=hi {
                    let halving = probes(lo, hi, v, ProbeOrder::Halve).len();
                    for guess in lo - 2..=hi + 2 {
                        let made = probes(lo, hi, v, ProbeOrder::Guess(guess));
                        if guess == v {
                            assert!(made.len() <= 2, "{lo}..={hi} v {v}: {made:?}");
                        }
                        // Galloping then halving: at most about twice halving's count.
                        assert!(
                            made.len() <= 2 * halving + 2,
                            "{lo}..={hi} v {v} guess {guess}: {made:?}"
                        );
                    }
                }
            }
        }
        // From a guessed draw, a value two rungs up: the steps double while the probes
        // fail high (is it above 0, above 1, above 3?), then the bracket 2..=3 is halved.
        // Two rungs down mirrors it.
        assert_eq!(probes(-9, 9, 2, ProbeOrder::Guess(0)), vec![0, 1, 3, 2]);
        assert_eq!(probes(-9, 9, -2, ProbeOrder::Guess(0)), vec![0, -1, -3, -2]);
    }

    #[test]
    fn intersected_bounds_keep_what_both_prove() {
        let a = Bounds {
            lower: Score::DRAW,
            upper: Score::win_in(9),
        };
        // A slower win is a lower score: at most a win in 12 plies is the tighter bound.
        let b = Bounds {
            lower: Score::loss_in(5),
            upper: Score::win_in(12),
        };
        let both = Bounds {
            lower: Score::DRAW,
            upper: Score::win_in(12),
        };
        assert_eq!(a.intersect(b), both);
        assert_eq!(Bounds::OPEN.intersect(a), a);
    }
}
