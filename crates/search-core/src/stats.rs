//! [`Stats`]: what a tree search did, as a struct (not a formatted string).

use core::fmt;
use std::time::Duration;

/// Counters and timings of one search, returned inside every engine's result.
///
/// ```
/// use std::time::Duration;
/// use search_core::Stats;
/// let stats = Stats { nodes: 2_000_000, elapsed: Duration::from_secs(2), ..Stats::default() };
/// assert_eq!(stats.nodes_per_second(), 1_000_000.0);
/// assert!(stats.to_string().contains("2000000 nodes"));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Nodes visited (states whose moves were generated or that were evaluated).
    pub nodes: u64,
    /// Leaves: terminal states and states evaluated at the depth horizon.
    pub leaves: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// The depth of the last fully finished iteration (or the fixed depth searched).
    pub depth_reached: u32,
    /// The deepest ply any line reached.
    pub max_ply: u32,
    /// Transposition-table look-ups.
    pub tt_probes: u64,
    /// Look-ups that found an entry for the same state.
    pub tt_hits: u64,
    /// Look-ups whose entry ended the node without searching it.
    pub tt_cutoffs: u64,
    /// Nodes where a move failed high (alpha-beta cut-offs).
    pub beta_cutoffs: u64,
    /// Iterative-deepening iterations (or null-window re-searches of a solver) completed.
    pub iterations: u32,
}

impl Stats {
    /// Nodes per second of wall-clock time (0 when no time was measured).
    ///
    /// ```
    /// assert_eq!(search_core::Stats::default().nodes_per_second(), 0.0);
    /// ```
    #[must_use]
    pub fn nodes_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        }
    }

    /// Fraction of table look-ups that hit, in `0.0..=1.0`.
    ///
    /// ```
    /// let s = search_core::Stats { tt_probes: 4, tt_hits: 1, ..Default::default() };
    /// assert_eq!(s.tt_hit_rate(), 0.25);
    /// ```
    #[must_use]
    pub fn tt_hit_rate(&self) -> f64 {
        if self.tt_probes == 0 {
            0.0
        } else {
            self.tt_hits as f64 / self.tt_probes as f64
        }
    }

    /// Adds the counters of `other` (another thread or another search) to these; depths take
    /// the maximum and the elapsed time the longer of the two.
    ///
    /// ```
    /// use search_core::Stats;
    /// let mut a = Stats { nodes: 5, depth_reached: 3, ..Default::default() };
    /// a.merge(&Stats { nodes: 7, depth_reached: 4, ..Default::default() });
    /// assert_eq!((a.nodes, a.depth_reached), (12, 4));
    /// ```
    pub fn merge(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.elapsed = self.elapsed.max(other.elapsed);
        self.depth_reached = self.depth_reached.max(other.depth_reached);
        self.max_ply = self.max_ply.max(other.max_ply);
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.beta_cutoffs += other.beta_cutoffs;
        self.iterations = self.iterations.max(other.iterations);
    }
}

impl fmt::Display for Stats {
    /// One line: nodes, time, speed, depth, table hit rate.
    ///
    /// ```
    /// let s = search_core::Stats::default();
    /// assert!(s.to_string().starts_with("0 nodes"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} nodes in {:.3?} ({:.0} nodes/s), depth {} (max ply {}), tt hits {:.1}%",
            self.nodes,
            self.elapsed,
            self.nodes_per_second(),
            self.depth_reached,
            self.max_ply,
            100.0 * self.tt_hit_rate()
        )
    }
}
