//! [`Stats`]: what a tree search did, as a struct (not a formatted string).

use core::fmt;
use std::time::Duration;

/// Counters and timings of one search: every engine's result embeds one, in a field named
/// `stats`, next to what is the engine's own (a principal variation, per-move visits, a
/// path).
///
/// The counters mean the same in every engine; a counter an engine has nothing to count
/// for stays 0:
///
/// | field | alpha-beta, negamax, solver | MCTS | path searches | CFR, MCCFR (`adversarial::Cfr`, `Mccfr`) |
/// |---|---|---|---|---|
/// | `nodes` | positions searched | nodes added to the tree | states expanded | game-tree nodes visited |
/// | `leaves` | terminal or horizon positions evaluated | playouts | states generated | 0 |
/// | `depth_reached` | last fully searched depth (0 for the solver: a solve has no horizon) | deepest tree node | steps of the path found | 0 |
/// | `max_ply` | deepest ply reached | deepest tree node | steps of the path found | the game tree's depth |
/// | `iterations` | deepening iterations of `Negamax`, null-window searches of the solver (0 for the fixed-depth `Minimax` and `AlphaBeta`) | iterations | deepening iterations of IDA* and IDDFS | iterations of the run |
/// | `tt_*` | table probes, hits, cut-offs | 0 | 0 | 0 |
/// | `beta_cutoffs` | fail-high nodes | 0 | 0 | 0 |
/// | `quiescence_nodes` | positions searched beyond the horizon by a quiescence search (also counted in `nodes`) | 0 | 0 | 0 |
/// | `book_hits` | positions answered by an opening book (the solver `with_book`) | 0 | 0 | 0 |
/// | `etc_cutoffs` | nodes ended by a child's table entry before any child was searched (enhanced transposition cut-off; also counted in `tt_cutoffs`) | 0 | 0 | 0 |
///
/// `Display` gives one readable line.
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
    /// Positions visited (see the table above for what each engine counts).
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
    /// Rounds of the engine's outer loop: iterative-deepening iterations, null-window
    /// searches of a solver, MCTS iterations.
    pub iterations: u64,
    /// Positions searched beyond the depth horizon by a quiescence search (noisy moves
    /// only); they are counted in [`nodes`](Stats::nodes) too.
    pub quiescence_nodes: u64,
    /// Positions whose exact value an opening book gave, without searching them.
    pub book_hits: u64,
    /// Nodes ended by an enhanced transposition cut-off: a child's table entry already
    /// proved the node's bound, so no child was searched. They are counted in
    /// [`tt_cutoffs`](Stats::tt_cutoffs) too.
    pub etc_cutoffs: u64,
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

    /// Adds the counters of `other` (another thread or another search) to these; depths and
    /// `iterations` (rounds of the outer loop, which threads run side by side) take the
    /// maximum, and the elapsed time the longer of the two.
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
        self.quiescence_nodes += other.quiescence_nodes;
        self.book_hits += other.book_hits;
        self.etc_cutoffs += other.etc_cutoffs;
    }
}

impl fmt::Display for Stats {
    /// One line: nodes, time, speed, the depth reached (left out when it is 0, as for a
    /// solve, which has no horizon) and the deepest ply, then the iterations, the table's hit
    /// rate and the quiescence nodes and the book hits when there are any.
    ///
    /// ```
    /// use std::time::Duration;
    /// let mut s = search_core::Stats::default();
    /// assert_eq!(s.to_string(), "0 nodes in 0.000ns (0 nodes/s), max ply 0");
    /// s.nodes = 500;
    /// s.elapsed = Duration::from_millis(2);
    /// s.iterations = 3;
    /// s.tt_probes = 10;
    /// s.tt_hits = 4;
    /// s.max_ply = 12;
    /// assert_eq!(
    ///     s.to_string(),
    ///     "500 nodes in 2.000ms (250000 nodes/s), max ply 12, 3 iterations, table hits 40.0%"
    /// );
    /// s.depth_reached = 8;
    /// assert!(s.to_string().contains(", depth 8 (max ply 12)"));
    /// s.quiescence_nodes = 20;
    /// s.book_hits = 7;
    /// assert!(s.to_string().ends_with("table hits 40.0%, 20 in quiescence, 7 book hits"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} nodes in {:.3?} ({:.0} nodes/s)",
            self.nodes,
            self.elapsed,
            self.nodes_per_second(),
        )?;
        if self.depth_reached > 0 {
            write!(
                f,
                ", depth {} (max ply {})",
                self.depth_reached, self.max_ply
            )?;
        } else {
            write!(f, ", max ply {}", self.max_ply)?;
        }
        if self.iterations > 0 {
            write!(f, ", {} iterations", self.iterations)?;
        }
        if self.tt_probes > 0 {
            write!(f, ", table hits {:.1}%", 100.0 * self.tt_hit_rate())?;
        }
        if self.quiescence_nodes > 0 {
            write!(f, ", {} in quiescence", self.quiescence_nodes)?;
        }
        if self.book_hits > 0 {
            write!(f, ", {} book hits", self.book_hits)?;
        }
        Ok(())
    }
}
