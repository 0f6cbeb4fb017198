//! [`Mccfr`]: external-sampling Monte Carlo CFR (Lanctot, Waugh, Zinkevich and Bowling
//! 2009) on a [`GameTree`], seeded.

use search_core::{Budget, ImperfectInfo, SearchError, SplitMix64, Stats};

use crate::builder::builder_methods;
use crate::imperfect::best_response::exploitability_if_defined;
use crate::imperfect::tree::{GameTree, Kind};
use crate::imperfect::{CfrResult, Policy, Stopping, finish};

/// External-sampling Monte Carlo counterfactual regret minimisation: each iteration walks,
/// for each player in turn, one sampled part of the tree: every move of that player, one
/// chance outcome and one move of each other player, drawn with their probabilities
/// (the others' from regret matching). The traverser's regrets take the sampled
/// counterfactual values; the others' average strategies take their current strategy where
/// the walk meets them. An iteration costs a small fraction of a [`Cfr`](crate::Cfr)
/// iteration, and the average still converges to an equilibrium in two-player zero-sum
/// games, in expectation, more slowly per iteration.
///
/// Reproducible: the same seed gives the same policy after the same iterations. The tables
/// are sized by the tree; an iteration allocates nothing. The budget: iterations (one walk
/// per player each), time, a stop flag, and optionally a target exploitability, as for
/// [`Cfr`](crate::Cfr); a depth or node limit is refused.
///
/// ```
/// use adversarial::{GameTree, Mccfr};
/// use games::Kuhn;
/// use search_core::Budget;
///
/// let tree = GameTree::new(&Kuhn::new()).unwrap();
/// let result = Mccfr::new(&tree)
///     .with_seed(7)
///     .with_budget(Budget::iterations(20_000))
///     .run()
///     .unwrap();
/// assert!(result.exploitability.unwrap() < 0.02);
/// ```
#[derive(Clone, Debug)]
pub struct Mccfr<'t, G: ImperfectInfo> {
    tree: &'t GameTree<G>,
    budget: Budget,
    seed: u64,
    target: Option<f64>,
    check_every: u64,
    rng: Option<SplitMix64>,
    regrets: Vec<f64>,
    strategy_sum: Vec<f64>,
    current: Vec<f64>,
    edge_values: Vec<f64>,
    iterations: u64,
}

impl<'t, G: ImperfectInfo> Mccfr<'t, G> {
    /// How often a target exploitability is checked unless
    /// [`with_check_every`](Mccfr::with_check_every) says otherwise.
    pub(crate) const DEFAULT_CHECK_EVERY: u64 = 1000;

    /// A solver for `tree`, seed 0, with a budget of 10,000 iterations.
    ///
    /// ```
    /// let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// let m = adversarial::Mccfr::new(&tree);
    /// assert_eq!((m.seed(), m.budget().max_iterations()), (0, Some(10_000)));
    /// ```
    #[must_use]
    pub fn new(tree: &'t GameTree<G>) -> Self {
        let actions = tree.action_count();
        Mccfr {
            tree,
            budget: Budget::iterations(10_000),
            seed: 0,
            target: None,
            check_every: Self::DEFAULT_CHECK_EVERY,
            rng: None,
            regrets: vec![0.0; actions],
            strategy_sum: vec![0.0; actions],
            current: vec![0.0; actions],
            edge_values: vec![0.0; tree.child.len()],
            iterations: 0,
        }
    }

    builder_methods! {
        /// The budget of each run: iterations, time, stop flag.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// use search_core::Budget;
        /// let m = adversarial::Mccfr::new(&tree).with_budget(Budget::iterations(5));
        /// assert_eq!(m.budget().max_iterations(), Some(5));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The seed of the samples (default 0), used from the first run on.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// assert_eq!(adversarial::Mccfr::new(&tree).with_seed(3).seed(), 3);
        /// ```
        with_seed(seed: u64) => seed;

        /// How many iterations pass between two checks of the
        /// [target exploitability](Mccfr::with_target_exploitability) (default 1000).
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// let m = adversarial::Mccfr::new(&tree).with_check_every(100);
        /// # let _ = m;
        /// ```
        with_check_every(iterations: u64) => check_every;

        /// The budget of each run.
        ///
        /// See [`new`](Mccfr::new) for an example.
        budget() -> &Budget = budget;

        /// The seed.
        ///
        /// See [`new`](Mccfr::new) for an example.
        seed() -> u64 = seed;

        /// The iterations run so far, over all runs.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// assert_eq!(adversarial::Mccfr::new(&tree).iterations(), 0);
        /// ```
        iterations() -> u64 = iterations;
    }

    /// Stops a run as soon as the average policy's exploitability is at most `target`,
    /// as [`Cfr::with_target_exploitability`](crate::Cfr::with_target_exploitability) does.
    ///
    /// ```
    /// use adversarial::{GameTree, Mccfr};
    /// use search_core::Budget;
    /// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
    /// let r = Mccfr::new(&tree)
    ///     .with_budget(Budget::iterations(1_000_000))
    ///     .with_target_exploitability(0.05)
    ///     .run()
    ///     .unwrap();
    /// assert!(r.exploitability.unwrap() <= 0.05);
    /// ```
    #[must_use]
    pub fn with_target_exploitability(mut self, target: f64) -> Self {
        self.target = Some(target);
        self
    }

    /// Runs iterations until the budget or the target exploitability stops it.
    ///
    /// # Errors
    /// As [`Cfr::run`](crate::Cfr::run).
    ///
    /// See [`Mccfr`] for an example.
    pub fn run(&mut self) -> Result<CfrResult, SearchError> {
        let stopping = Stopping::start(
            "Mccfr",
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
                let mut walk = Walk {
                    tree: self.tree,
                    current: &mut self.current,
                    regrets: &mut self.regrets,
                    strategy_sum: &mut self.strategy_sum,
                    edge_values: &mut self.edge_values,
                    rng: &mut rng,
                    traverser: player,
                    nodes: 0,
                };
                crate::stack::with_room_for(stats.max_ply as usize, || walk.walk(0));
                stats.nodes += walk.nodes;
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
    /// let m = adversarial::Mccfr::new(&tree);
    /// assert_eq!(m.average_policy(), adversarial::Policy::uniform(&tree));
    /// ```
    #[must_use]
    pub fn average_policy(&self) -> Policy {
        Policy::normalised(self.tree.offsets(), &self.strategy_sum)
    }
}

/// One sampled walk for one traverser.
struct Walk<'a, G: ImperfectInfo> {
    tree: &'a GameTree<G>,
    current: &'a mut [f64],
    regrets: &'a mut [f64],
    strategy_sum: &'a mut [f64],
    edge_values: &'a mut [f64],
    rng: &'a mut SplitMix64,
    traverser: usize,
    nodes: u64,
}

impl<G: ImperfectInfo> Walk<'_, G> {
    /// Draws an index from `probabilities` (which add up to 1).
    fn draw(rng: &mut SplitMix64, probabilities: impl Iterator<Item = f64>) -> usize {
        let x = rng.next_f64();
        let mut total = 0.0;
        let mut last = 0;
        for (i, p) in probabilities.enumerate() {
            total += p;
            last = i;
            if x < total {
                return i;
            }
        }
        last
    }

    /// The sampled counterfactual value of node `n` for the traverser.
    fn walk(&mut self, n: u32) -> f64 {
        self.nodes += 1;
        let tree = self.tree;
        let node = tree.nodes[n as usize];
        match node.kind {
            Kind::Terminal => tree.utilities_of(node)[self.traverser],
            Kind::Chance => {
                let edges = tree.edges(node);
                let pick = Self::draw(self.rng, tree.probability[edges.clone()].iter().copied());
                self.walk(tree.child[edges.start + pick])
            }
            Kind::Player => {
                let set = tree.info_set(node);
                let slots = set.offset as usize..(set.offset + set.count) as usize;
                // Regret matching, into this information set's slots of `current` (no
                // information set is met twice on one line of play).
                let regrets = &self.regrets[slots.clone()];
                let current = &mut self.current[slots.clone()];
                let positive: f64 = regrets.iter().map(|r| r.max(0.0)).sum();
                if positive > 0.0 {
                    for (c, r) in current.iter_mut().zip(regrets) {
                        *c = r.max(0.0) / positive;
                    }
                } else {
                    current.fill(1.0 / f64::from(set.count));
                }
                if set.player as usize == self.traverser {
                    let mut v = 0.0;
                    for (a, e) in tree.edges(node).enumerate() {
                        let va = self.walk(tree.child[e]);
                        self.edge_values[e] = va;
                        v += self.current[slots.start + a] * va;
                    }
                    for (a, e) in tree.edges(node).enumerate() {
                        self.regrets[slots.start + a] += self.edge_values[e] - v;
                    }
                    v
                } else {
                    for (s, c) in self.strategy_sum[slots.clone()]
                        .iter_mut()
                        .zip(&self.current[slots.clone()])
                    {
                        *s += c;
                    }
                    let pick = Self::draw(self.rng, self.current[slots].iter().copied());
                    self.walk(tree.child[node.first as usize + pick])
                }
            }
        }
    }
}
