//! [`OutcomeMccfr`]: outcome-sampling Monte Carlo CFR (Lanctot, Waugh, Zinkevich and
//! Bowling 2009) on a [`GameTree`], seeded.

use search_core::{Budget, ImperfectInfo, SearchError, SplitMix64, Stats};

use crate::builder::builder_methods;
use crate::imperfect::best_response::exploitability_if_defined;
use crate::imperfect::tree::{GameTree, Kind};
use crate::imperfect::{CfrResult, Policy, Stopping, finish};

/// Outcome-sampling Monte Carlo counterfactual regret minimisation: each iteration plays,
/// for each player in turn (the *traverser*), one single line of play from the root to the
/// end: chance by its probabilities, the other players by their regret-matching strategies,
/// the traverser by its strategy mixed with `epsilon` of the uniform one (so every move
/// keeps being tried). On the way back every information set of the traverser met on the
/// line updates its regrets with the sampled counterfactual values, divided by the
/// probability of having sampled the line (importance sampling, no baseline), and its
/// average strategy with its reach.
///
/// An iteration touches one line per player, far less than
/// [`Mccfr`](crate::Mccfr)'s external sampling, but the estimates vary more: it needs
/// more iterations for the same exploitability. It needs no model of the game beyond the
/// line played, the setting of online learning.
///
/// Reproducible: the same seed gives the same policy after the same iterations. The tables
/// are sized by the tree; an iteration allocates nothing. The budget: iterations (one line
/// per player each), time, a stop flag, and optionally a target exploitability, as for
/// [`Cfr`](crate::Cfr); a depth or node limit is refused.
///
/// ```
/// use adversarial::{GameTree, OutcomeMccfr};
/// use games::Kuhn;
/// use search_core::Budget;
///
/// let tree = GameTree::new(&Kuhn::new()).unwrap();
/// let result = OutcomeMccfr::new(&tree)
///     .with_seed(7)
///     .with_budget(Budget::iterations(100_000))
///     .run()
///     .unwrap();
/// assert!(result.exploitability.unwrap() < 0.05);
/// ```
#[derive(Clone, Debug)]
pub struct OutcomeMccfr<'t, G: ImperfectInfo> {
    tree: &'t GameTree<G>,
    budget: Budget,
    seed: u64,
    epsilon: f64,
    target: Option<f64>,
    check_every: u64,
    rng: Option<SplitMix64>,
    regrets: Vec<f64>,
    strategy_sum: Vec<f64>,
    current: Vec<f64>,
    iterations: u64,
}

impl<'t, G: ImperfectInfo> OutcomeMccfr<'t, G> {
    /// The traverser's default share of uniform exploration.
    pub(crate) const DEFAULT_EPSILON: f64 = 0.6;

    /// How often a target exploitability is checked unless
    /// [`with_check_every`](OutcomeMccfr::with_check_every) says otherwise.
    pub(crate) const DEFAULT_CHECK_EVERY: u64 = 10_000;

    /// A solver for `tree`, seed 0, `epsilon` 0.6,
    /// with a budget of 100,000 iterations.
    ///
    /// ```
    /// let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// let m = adversarial::OutcomeMccfr::new(&tree);
    /// assert_eq!((m.seed(), m.budget().max_iterations()), (0, Some(100_000)));
    /// assert_eq!(m.epsilon(), 0.6);
    /// ```
    #[must_use]
    pub fn new(tree: &'t GameTree<G>) -> Self {
        let actions = tree.action_count();
        OutcomeMccfr {
            tree,
            budget: Budget::iterations(100_000),
            seed: 0,
            epsilon: Self::DEFAULT_EPSILON,
            target: None,
            check_every: Self::DEFAULT_CHECK_EVERY,
            rng: None,
            regrets: vec![0.0; actions],
            strategy_sum: vec![0.0; actions],
            current: vec![0.0; actions],
            iterations: 0,
        }
    }

    builder_methods! {
        /// The budget of each run: iterations, time, stop flag.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// use search_core::Budget;
        /// let m = adversarial::OutcomeMccfr::new(&tree).with_budget(Budget::iterations(5));
        /// assert_eq!(m.budget().max_iterations(), Some(5));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The seed of the samples (default 0), used from the first run on.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// assert_eq!(adversarial::OutcomeMccfr::new(&tree).with_seed(3).seed(), 3);
        /// ```
        with_seed(seed: u64) => seed;

        /// The traverser's share of uniform exploration, in `(0, 1]` (checked by
        /// [`run`](OutcomeMccfr::run)).
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// assert_eq!(adversarial::OutcomeMccfr::new(&tree).with_epsilon(0.3).epsilon(), 0.3);
        /// ```
        with_epsilon(epsilon: f64) => epsilon;

        /// How many iterations pass between two checks of the
        /// [target exploitability](OutcomeMccfr::with_target_exploitability)
        /// (default 10,000).
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// let m = adversarial::OutcomeMccfr::new(&tree).with_check_every(100);
        /// # let _ = m;
        /// ```
        with_check_every(iterations: u64) => check_every;

        /// The budget of each run.
        ///
        /// See [`new`](OutcomeMccfr::new) for an example.
        budget() -> &Budget = budget;

        /// The seed.
        ///
        /// See [`new`](OutcomeMccfr::new) for an example.
        seed() -> u64 = seed;

        /// The exploration share.
        ///
        /// See [`new`](OutcomeMccfr::new) for an example.
        epsilon() -> f64 = epsilon;

        /// The iterations run so far, over all runs.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// assert_eq!(adversarial::OutcomeMccfr::new(&tree).iterations(), 0);
        /// ```
        iterations() -> u64 = iterations;
    }

    /// Stops a run as soon as the average policy's exploitability is at most `target`,
    /// as [`Cfr::with_target_exploitability`](crate::Cfr::with_target_exploitability) does.
    ///
    /// ```
    /// use adversarial::{GameTree, OutcomeMccfr};
    /// use search_core::Budget;
    /// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
    /// let r = OutcomeMccfr::new(&tree)
    ///     .with_budget(Budget::iterations(10_000_000))
    ///     .with_target_exploitability(0.1)
    ///     .run()
    ///     .unwrap();
    /// assert!(r.exploitability.unwrap() <= 0.1);
    /// ```
    #[must_use]
    pub fn with_target_exploitability(mut self, target: f64) -> Self {
        self.target = Some(target);
        self
    }

    /// Runs iterations until the budget or the target exploitability stops it.
    ///
    /// # Errors
    /// As [`Cfr::run`](crate::Cfr::run), and [`SearchError::Config`] for an `epsilon`
    /// outside `(0, 1]`.
    ///
    /// ```
    /// use adversarial::{GameTree, OutcomeMccfr};
    /// use search_core::SearchError;
    /// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
    /// let mut bad = OutcomeMccfr::new(&tree).with_epsilon(0.0);
    /// assert!(matches!(bad.run(), Err(SearchError::Config(_))));
    /// ```
    pub fn run(&mut self) -> Result<CfrResult, SearchError> {
        if !(self.epsilon > 0.0 && self.epsilon <= 1.0) {
            return Err(SearchError::Config(format!(
                "epsilon must be in (0, 1], not {}",
                self.epsilon
            )));
        }
        let stopping = Stopping::start(
            "OutcomeMccfr",
            self.tree,
            &self.budget,
            self.target,
            self.check_every,
        )?;
        let mut rng = self
            .rng
            .take()
            .unwrap_or_else(|| SplitMix64::new(self.seed));
        let mut stats = Stats {
            max_ply: self.tree.depth() as u32,
            ..Stats::default()
        };
        let mut done = 0;
        let outcome = loop {
            self.iterations += 1;
            for player in 0..self.tree.player_count() {
                let mut line = Line {
                    tree: self.tree,
                    current: &mut self.current,
                    regrets: &mut self.regrets,
                    strategy_sum: &mut self.strategy_sum,
                    rng: &mut rng,
                    traverser: player,
                    epsilon: self.epsilon,
                    nodes: 0,
                };
                crate::stack::with_room_for(stats.max_ply as usize, || line.play(0, 1.0, 1.0, 1.0));
                stats.nodes += line.nodes;
            }
            done += 1;
            let tree = self.tree;
            match stopping.done(done, || {
                exploitability_if_defined(tree, &self.average_policy())
            }) {
                Ok(false) => {}
                Ok(true) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        self.rng = Some(rng);
        outcome?;
        stats.iterations = done;
        stats.elapsed = stopping.elapsed();
        finish(self.tree, self.average_policy(), self.iterations, stats)
    }

    /// The average strategy so far (uniform in information sets not yet reached).
    ///
    /// ```
    /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// let m = adversarial::OutcomeMccfr::new(&tree);
    /// assert_eq!(m.average_policy(), adversarial::Policy::uniform(&tree));
    /// ```
    #[must_use]
    pub fn average_policy(&self) -> Policy {
        Policy::normalised(self.tree.offsets(), &self.strategy_sum)
    }
}

/// One sampled line of play for one traverser.
struct Line<'a, G: ImperfectInfo> {
    tree: &'a GameTree<G>,
    current: &'a mut [f64],
    regrets: &'a mut [f64],
    strategy_sum: &'a mut [f64],
    rng: &'a mut SplitMix64,
    traverser: usize,
    epsilon: f64,
    nodes: u64,
}

impl<G: ImperfectInfo> Line<'_, G> {
    /// Draws an index with the probabilities `weight(i)`, `i < count` (adding up to 1).
    fn draw(rng: &mut SplitMix64, count: usize, weight: impl Fn(usize) -> f64) -> usize {
        let mut x = rng.next_f64();
        for i in 0..count {
            let w = weight(i);
            if x < w {
                return i;
            }
            x -= w;
        }
        count - 1
    }

    /// Plays on from node `n`, which the traverser reaches with probability `mine`, the
    /// others and chance with `others`, and which was sampled with probability `sampled`;
    /// returns the traverser's value of `n` estimated from the line, already divided by
    /// the probability of sampling the rest of the line.
    fn play(&mut self, n: u32, mine: f64, others: f64, sampled: f64) -> f64 {
        self.nodes += 1;
        let tree = self.tree;
        let node = tree.nodes[n as usize];
        match node.kind {
            Kind::Terminal => tree.utilities_of(node)[self.traverser],
            Kind::Chance => {
                let edges = tree.edges(node);
                let start = edges.start;
                let p = &tree.probability[edges];
                let pick = Self::draw(self.rng, p.len(), |i| p[i]);
                self.play(
                    tree.child[start + pick],
                    mine,
                    others * p[pick],
                    sampled * p[pick],
                )
            }
            Kind::Player => {
                let set = tree.info_set(node);
                let slots = set.offset as usize..(set.offset + set.count) as usize;
                let count = slots.len();
                let regrets = &self.regrets[slots.clone()];
                let current = &mut self.current[slots.clone()];
                let positive: f64 = regrets.iter().map(|r| r.max(0.0)).sum();
                if positive > 0.0 {
                    for (c, r) in current.iter_mut().zip(regrets) {
                        *c = r.max(0.0) / positive;
                    }
                } else {
                    current.fill(1.0 / count as f64);
                }
                let own = set.player as usize == self.traverser;
                let (epsilon, uniform) = (self.epsilon, 1.0 / count as f64);
                let sample = |c: f64| {
                    if own {
                        epsilon * uniform + (1.0 - epsilon) * c
                    } else {
                        c
                    }
                };
                let pick = {
                    let current = &self.current[slots.clone()];
                    Self::draw(self.rng, count, |i| sample(current[i]))
                };
                let chosen = self.current[slots.start + pick];
                let q = sample(chosen);
                let (next_mine, next_others) = if own {
                    (mine * chosen, others)
                } else {
                    (mine, others * chosen)
                };
                let child = tree.child[node.first as usize + pick];
                // The sampled move's value, corrected for having been sampled; the moves
                // not sampled are estimated at 0.
                let child_value = self.play(child, next_mine, next_others, sampled * q) / q;
                // The recursion may have met other information sets only: this one's
                // strategy in `current` is unchanged.
                let value = chosen * child_value;
                if own {
                    let scale = others / sampled;
                    for a in 0..count {
                        let action = if a == pick { child_value } else { 0.0 };
                        self.regrets[slots.start + a] += (action - value) * scale;
                        self.strategy_sum[slots.start + a] +=
                            mine * self.current[slots.start + a] / sampled;
                    }
                }
                value
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::imperfect::cfr::Cfr;
    use games::{Kuhn, Leduc};

    #[test]
    fn kuhn_exploitability_falls_below_five_hundredths() {
        let tree = GameTree::new(&Kuhn::new()).unwrap();
        let uniform = crate::exploitability(&tree, &Policy::uniform(&tree)).unwrap();
        for seed in 0..3 {
            let r = OutcomeMccfr::new(&tree)
                .with_seed(seed)
                .with_budget(Budget::iterations(200_000))
                .run()
                .unwrap();
            let e = r.exploitability.unwrap();
            assert!(e < 0.05, "seed {seed}: {e} (uniform: {uniform})");
            // The game's value is -1/18 for player 0.
            assert!((r.values[0] + 1.0 / 18.0).abs() < 0.02, "{:?}", r.values);
            assert_eq!(r.stats.iterations, 200_000);
        }
    }

    #[test]
    fn runs_continue_and_seeds_reproduce() {
        let tree = GameTree::new(&Kuhn::new()).unwrap();
        let run = |seed| {
            OutcomeMccfr::new(&tree)
                .with_seed(seed)
                .with_budget(Budget::iterations(3_000))
                .run()
                .unwrap()
                .average
        };
        assert_eq!(run(1), run(1));
        assert_ne!(run(1), run(2));
        // Two runs of 1,500 are one run of 3,000.
        let mut twice = OutcomeMccfr::new(&tree)
            .with_seed(1)
            .with_budget(Budget::iterations(1_500));
        twice.run().unwrap();
        let second = twice.run().unwrap();
        assert_eq!(second.iterations, 3_000);
        assert_eq!(second.average, run(1));
    }

    #[test]
    fn leduc_improves_on_uniform_and_approaches_cfr() {
        let tree = GameTree::new(&Leduc::new()).unwrap();
        let uniform = crate::exploitability(&tree, &Policy::uniform(&tree)).unwrap();
        let r = OutcomeMccfr::new(&tree)
            .with_budget(Budget::iterations(100_000))
            .run()
            .unwrap();
        let cfr = Cfr::new(&tree)
            .with_budget(Budget::iterations(200))
            .run()
            .unwrap();
        let e = r.exploitability.unwrap();
        assert!(e < uniform / 4.0, "{e} vs uniform {uniform}");
        assert!(cfr.exploitability.unwrap() < e);
    }

    #[test]
    fn bad_settings_are_errors() {
        let tree = GameTree::new(&Kuhn::new()).unwrap();
        for epsilon in [0.0, -0.5, 1.5, f64::NAN] {
            let r = OutcomeMccfr::new(&tree).with_epsilon(epsilon).run();
            assert!(matches!(r, Err(SearchError::Config(_))));
        }
        for budget in [
            Budget::iterations(0),
            Budget::depth(3),
            Budget::nodes(9),
            Budget::new(),
        ] {
            let r = OutcomeMccfr::new(&tree).with_budget(budget).run();
            assert!(matches!(r, Err(SearchError::Budget(_))));
        }
    }
}
