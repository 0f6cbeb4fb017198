//! The null-window search over the root's possible values: the exact [`Solver`](crate::Solver)'s
//! algorithm, on one thread (`parallel.rs` runs one per thread).
//!
//! The approach of Pascal Pons' Connect Four solver, made generic: the shared search loop
//! ([`Searcher`]) runs without an evaluator or horizon, in *exact mode* (table entries are
//! valid at any depth), and the root value is found by a sequence of **null-window**
//! searches — each one only answers "is the value above `s`?" and is far cheaper than a
//! full-window search — binary-searching over the values the position can still have. The
//! bounds each search proves stay in the transposition table and speed up the next one.

use search_core::{Budget, Game, Outcome, Score, SearchError, ZeroEvaluator};

use crate::searcher::Searcher;
use crate::table::Transpositions;

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
    pub const OPEN: Bounds = Bounds {
        lower: Score::loss_in(0),
        upper: Score::win_in(0),
    };

    /// What both bounds say (each holds, so their intersection does).
    #[must_use]
    pub fn intersect(self, other: Bounds) -> Bounds {
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
    while min < max {
        let mut med = min + (max - min) / 2;
        if med <= 0 && min / 2 < med {
            med = min / 2;
        } else if med >= 0 && max / 2 > med {
            med = max / 2;
        }
        // A parallel solve's helper probes a nearby rung (see `parallel.rs`).
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
    use super::{Bounds, Ladder};
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
