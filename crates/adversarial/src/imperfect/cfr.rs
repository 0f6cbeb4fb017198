//! [`Cfr`]: counterfactual regret minimisation (Zinkevich, Johanson, Bowling and Piccione
//! 2007) on a [`GameTree`], vanilla and CFR+ (Tammelin 2014; Tammelin, Burch, Johanson and
//! Bowling 2015).

use search_core::{Budget, ImperfectInfo, SearchError, Stats};

use crate::builder::builder_methods;
use crate::imperfect::best_response::exploitability_if_defined;
use crate::imperfect::tree::{GameTree, Kind};
use crate::imperfect::{CfrResult, Policy, Stopping, finish};

/// Which counterfactual regret minimisation [`Cfr`] runs.
///
/// ```
/// use adversarial::CfrVariant;
/// assert_eq!(CfrVariant::default(), CfrVariant::Plus);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CfrVariant {
    /// Vanilla CFR: regret matching on the cumulative regrets, both players updated at
    /// once from the same strategies each iteration, and the plain (uniform) average of the
    /// iterations' strategies, each weighted by the player's own probability of reaching
    /// the information set.
    Vanilla,
    /// Vanilla CFR with alternating updates: as [`Vanilla`](CfrVariant::Vanilla), but the
    /// players are updated one after the other, the second from the first's new strategy
    /// (often faster than simultaneous updates, and what OpenSpiel's `CFRSolver` runs).
    Alternating,
    /// CFR+: regret matching+ (cumulative regrets floored at 0 after every update),
    /// alternating updates (one player after the other, the second using the first's new
    /// strategy), and a linearly weighted average (iteration `t` weighs `max(t − d, 0)`, `d`
    /// the [averaging delay](Cfr::with_averaging_delay)).
    #[default]
    Plus,
}

/// Counterfactual regret minimisation on a [`GameTree`]: each iteration walks the whole
/// tree once per player, updates every information set's regrets, and plays regret
/// matching; the *average* strategy converges to a Nash equilibrium in two-player zero-sum
/// games (to a coarse correlated equilibrium otherwise). CFR+ ([`CfrVariant::Plus`], the
/// default) converges much faster in practice.
///
/// The tables (regrets, average strategy, current strategy, one value per edge) are sized
/// by the tree when the solver is created; an iteration allocates nothing.
///
/// The budget: iterations, time and a stop flag; a depth or node limit is refused
/// ([`BudgetError::Unsupported`](search_core::BudgetError::Unsupported)). A target
/// exploitability ([`with_target_exploitability`](Cfr::with_target_exploitability)) stops
/// the run as soon as the average policy is that close to an equilibrium. Each
/// [`run`](Cfr::run) continues from where the last one stopped.
///
/// ```
/// use adversarial::{Cfr, GameTree};
/// use games::Kuhn;
/// use search_core::Budget;
///
/// let tree = GameTree::new(&Kuhn::new()).unwrap();
/// let mut cfr = Cfr::new(&tree).with_budget(Budget::iterations(1000));
/// let result = cfr.run().unwrap();
/// assert!((result.values[0] + 1.0 / 18.0).abs() < 1e-3); // Kuhn's value is −1/18
/// assert!(result.exploitability.unwrap() < 1e-3);
/// ```
#[derive(Clone, Debug)]
pub struct Cfr<'t, G: ImperfectInfo> {
    tree: &'t GameTree<G>,
    variant: CfrVariant,
    budget: Budget,
    averaging_delay: u64,
    target: Option<f64>,
    check_every: u64,
    regrets: Vec<f64>,
    strategy_sum: Vec<f64>,
    current: Vec<f64>,
    edge_values: Vec<f64>,
    iterations: u64,
}

impl<'t, G: ImperfectInfo> Cfr<'t, G> {
    /// How often a target exploitability is checked unless
    /// [`with_check_every`](Cfr::with_check_every) says otherwise.
    pub(crate) const DEFAULT_CHECK_EVERY: u64 = 10;

    /// A CFR+ solver for `tree`, with a budget of 1000 iterations.
    ///
    /// ```
    /// let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// let cfr = adversarial::Cfr::new(&tree);
    /// assert_eq!(cfr.budget().max_iterations(), Some(1000));
    /// ```
    #[must_use]
    pub fn new(tree: &'t GameTree<G>) -> Self {
        let actions = tree.action_count();
        Cfr {
            tree,
            variant: CfrVariant::Plus,
            budget: Budget::iterations(1000),
            averaging_delay: 0,
            target: None,
            check_every: Self::DEFAULT_CHECK_EVERY,
            regrets: vec![0.0; actions],
            strategy_sum: vec![0.0; actions],
            current: vec![0.0; actions],
            edge_values: vec![0.0; tree.child.len()],
            iterations: 0,
        }
    }

    builder_methods! {
        /// Vanilla CFR or CFR+ (the default). Change it before the first run.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// use adversarial::{Cfr, CfrVariant};
        /// let cfr = Cfr::new(&tree).with_variant(CfrVariant::Vanilla);
        /// assert_eq!(cfr.variant(), CfrVariant::Vanilla);
        /// ```
        with_variant(variant: CfrVariant) => variant;

        /// The budget of each run: iterations, time, stop flag.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// use std::time::Duration;
        /// use search_core::Budget;
        /// let cfr = adversarial::Cfr::new(&tree).with_budget(Budget::time(Duration::from_millis(50)));
        /// assert!(cfr.budget().max_iterations().is_none());
        /// ```
        with_budget(budget: Budget) => budget;

        /// CFR+ only: the first `delay` iterations are left out of the average, and
        /// iteration `t` weighs `t − delay` after them (default 0: weight `t`).
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// let cfr = adversarial::Cfr::new(&tree).with_averaging_delay(100);
        /// assert_eq!(cfr.averaging_delay(), 100);
        /// ```
        with_averaging_delay(delay: u64) => averaging_delay;

        /// How many iterations pass between two checks of the
        /// [target exploitability](Cfr::with_target_exploitability) (default 10; a check
        /// costs about as much as an iteration).
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// let cfr = adversarial::Cfr::new(&tree).with_check_every(5);
        /// # let _ = cfr;
        /// ```
        with_check_every(iterations: u64) => check_every;

        /// The variant.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// assert_eq!(adversarial::Cfr::new(&tree).variant(), adversarial::CfrVariant::Plus);
        /// ```
        variant() -> CfrVariant = variant;

        /// The budget of each run.
        ///
        /// See [`new`](Cfr::new) for an example.
        budget() -> &Budget = budget;

        /// The averaging delay of CFR+.
        ///
        /// See [`with_averaging_delay`](Cfr::with_averaging_delay) for an example.
        averaging_delay() -> u64 = averaging_delay;

        /// The iterations run so far, over all runs.
        ///
        /// ```
        /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
        /// assert_eq!(adversarial::Cfr::new(&tree).iterations(), 0);
        /// ```
        iterations() -> u64 = iterations;
    }

    /// Stops a run as soon as the average policy's
    /// [`exploitability`](crate::exploitability) is at most `target` (checked every
    /// [`with_check_every`](Cfr::with_check_every) iterations; two-player games with a
    /// declared reward sum only: elsewhere [`run`](Cfr::run) refuses it). The budget still
    /// applies; with a target, a budget without limits is allowed.
    ///
    /// ```
    /// use adversarial::{Cfr, GameTree};
    /// use search_core::Budget;
    /// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
    /// let r = Cfr::new(&tree)
    ///     .with_budget(Budget::new())
    ///     .with_target_exploitability(1e-3)
    ///     .run()
    ///     .unwrap();
    /// assert!(r.exploitability.unwrap() <= 1e-3);
    /// ```
    #[must_use]
    pub fn with_target_exploitability(mut self, target: f64) -> Self {
        self.target = Some(target);
        self
    }

    /// Runs iterations until the budget or the target exploitability stops it, and returns
    /// the average policy with its values and exploitability.
    ///
    /// # Errors
    /// [`SearchError::Budget`]: a depth or node limit, or no limit at all without a target;
    /// [`SearchError::Config`]: a target that is not a positive number or is set for a game
    /// without two players and a declared reward sum, or a check every 0 iterations.
    ///
    /// See [`Cfr`] for an example.
    pub fn run(&mut self) -> Result<CfrResult, SearchError> {
        let stopping = Stopping::start(
            "Cfr",
            self.tree,
            &self.budget,
            self.target,
            self.check_every,
        )?;
        let mut stats = Stats {
            max_ply: self.tree.depth() as u32,
            ..Stats::default()
        };
        let mut done = 0;
        loop {
            stats.nodes += self.iterate();
            done += 1;
            let tree = self.tree;
            if stopping.done(done, || {
                exploitability_if_defined(tree, &self.average_policy())
            })? {
                break;
            }
        }
        stats.iterations = done;
        stats.elapsed = stopping.elapsed();
        finish(self.tree, self.average_policy(), self.iterations, stats)
    }

    /// The average strategy so far (uniform in information sets not yet reached).
    ///
    /// ```
    /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// let cfr = adversarial::Cfr::new(&tree);
    /// assert_eq!(cfr.average_policy(), adversarial::Policy::uniform(&tree));
    /// ```
    #[must_use]
    pub fn average_policy(&self) -> Policy {
        Policy::normalised(self.tree.offsets(), &self.strategy_sum)
    }

    /// The strategy regret matching plays next.
    ///
    /// ```
    /// # let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// let cfr = adversarial::Cfr::new(&tree);
    /// assert_eq!(cfr.current_policy(), adversarial::Policy::uniform(&tree));
    /// ```
    #[must_use]
    pub fn current_policy(&self) -> Policy {
        let positive: Vec<f64> = self.regrets.iter().map(|r| r.max(0.0)).collect();
        Policy::normalised(self.tree.offsets(), &positive)
    }

    /// One iteration; returns the nodes visited.
    fn iterate(&mut self) -> u64 {
        self.iterations += 1;
        let players = self.tree.player_count();
        let mut nodes = 0;
        match self.variant {
            CfrVariant::Vanilla => {
                self.match_regrets();
                for player in 0..players {
                    nodes += self.pass(player, 1.0);
                }
            }
            CfrVariant::Alternating => {
                for player in 0..players {
                    self.match_regrets();
                    nodes += self.pass(player, 1.0);
                }
            }
            CfrVariant::Plus => {
                let weight = self.iterations.saturating_sub(self.averaging_delay) as f64;
                for player in 0..players {
                    self.match_regrets();
                    nodes += self.pass(player, weight);
                    for set in &self.tree.info_sets {
                        if set.player as usize == player {
                            let slots = set.offset as usize..(set.offset + set.count) as usize;
                            for r in &mut self.regrets[slots] {
                                *r = r.max(0.0);
                            }
                        }
                    }
                }
            }
        }
        nodes
    }

    /// Regret matching: the current strategy of every information set from its regrets.
    fn match_regrets(&mut self) {
        for set in &self.tree.info_sets {
            let slots = set.offset as usize..(set.offset + set.count) as usize;
            let regrets = &self.regrets[slots.clone()];
            let current = &mut self.current[slots];
            let positive: f64 = regrets.iter().map(|r| r.max(0.0)).sum();
            if positive > 0.0 {
                for (c, r) in current.iter_mut().zip(regrets) {
                    *c = r.max(0.0) / positive;
                }
            } else {
                current.fill(1.0 / f64::from(set.count));
            }
        }
    }

    /// One walk of the tree updating `traverser`'s regrets and average; returns the nodes.
    fn pass(&mut self, traverser: usize, weight: f64) -> u64 {
        let mut pass = Pass {
            tree: self.tree,
            current: &self.current,
            regrets: &mut self.regrets,
            strategy_sum: &mut self.strategy_sum,
            edge_values: &mut self.edge_values,
            traverser,
            weight,
            nodes: 0,
        };
        let depth = self.tree.depth();
        crate::stack::with_room_for(depth, || pass.walk(0, 1.0, 1.0));
        pass.nodes
    }
}

/// The state of one walk.
struct Pass<'a, G: ImperfectInfo> {
    tree: &'a GameTree<G>,
    current: &'a [f64],
    regrets: &'a mut [f64],
    strategy_sum: &'a mut [f64],
    edge_values: &'a mut [f64],
    traverser: usize,
    weight: f64,
    nodes: u64,
}

impl<G: ImperfectInfo> Pass<'_, G> {
    /// The traverser's expected reward at node `n`, given the probability that the
    /// traverser (`mine`) and chance and the others (`theirs`) reach it.
    fn walk(&mut self, n: u32, mine: f64, theirs: f64) -> f64 {
        self.nodes += 1;
        let tree = self.tree;
        let node = tree.nodes[n as usize];
        match node.kind {
            Kind::Terminal => tree.utilities_of(node)[self.traverser],
            Kind::Chance => {
                let mut v = 0.0;
                for e in tree.edges(node) {
                    let p = tree.probability[e];
                    v += p * self.walk(tree.child[e], mine, theirs * p);
                }
                v
            }
            Kind::Player => {
                if mine == 0.0 && theirs == 0.0 {
                    // Nothing below changes a regret or the average.
                    return 0.0;
                }
                let set = tree.info_set(node);
                let offset = set.offset as usize;
                let mut v = 0.0;
                if set.player as usize == self.traverser {
                    for (a, e) in tree.edges(node).enumerate() {
                        let s = self.current[offset + a];
                        let va = self.walk(tree.child[e], mine * s, theirs);
                        self.edge_values[e] = va;
                        v += s * va;
                    }
                    for (a, e) in tree.edges(node).enumerate() {
                        self.regrets[offset + a] += theirs * (self.edge_values[e] - v);
                        self.strategy_sum[offset + a] +=
                            self.weight * mine * self.current[offset + a];
                    }
                } else {
                    for (a, e) in tree.edges(node).enumerate() {
                        let s = self.current[offset + a];
                        v += s * self.walk(tree.child[e], mine, theirs * s);
                    }
                }
                v
            }
        }
    }
}
