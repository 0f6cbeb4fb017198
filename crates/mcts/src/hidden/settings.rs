//! The settings the engines for hidden information and simultaneous moves share, and the
//! `with_*` builders that read and set them, written once.

use search_core::Budget;

/// What [`Ismcts`](crate::Ismcts), [`Determinized`](crate::Determinized) and
/// [`SmMcts`](crate::SmMcts) all have: a budget, a seed, an exploration constant (which
/// `SmMcts`'s regret matching does not read) and a node cap.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub budget: Budget,
    pub seed: u64,
    pub exploration: f64,
    pub node_cap: u64,
}

impl Settings {
    /// 10,000 iterations, seed 0, the given exploration constant, the engines' node cap.
    pub(crate) fn new(exploration: f64) -> Self {
        Settings {
            budget: Budget::iterations(10_000),
            seed: 0,
            exploration,
            node_cap: crate::DEFAULT_NODE_CAP,
        }
    }
}

/// The builders of the shared [`Settings`] (in a field `settings`) of the engine named
/// `$name` (a string, for the examples): `with_seed`/`seed`, `with_budget`/`budget`,
/// `with_node_cap`/`node_cap`, and with `exploration` also
/// `with_exploration`/`exploration`.
macro_rules! settings_methods {
    ($name:literal) => {
        /// Sets the seed of the search's random numbers.
        ///
        /// ```
        #[doc = concat!("assert_eq!(mcts::", $name, "::new().with_seed(9).seed(), 9);")]
        /// ```
        #[must_use]
        pub fn with_seed(mut self, seed: u64) -> Self {
            self.settings.seed = seed;
            self
        }

        /// The seed (0 unless set).
        ///
        /// ```
        #[doc = concat!("assert_eq!(mcts::", $name, "::new().seed(), 0);")]
        /// ```
        #[must_use]
        pub fn seed(&self) -> u64 {
            self.settings.seed
        }

        /// Sets the budget of each search (10,000 iterations unless set).
        ///
        /// ```
        /// use search_core::Budget;
        #[doc = concat!("let ai = mcts::", $name, "::new().with_budget(Budget::iterations(500));")]
        /// assert_eq!(ai.budget().max_iterations(), Some(500));
        /// ```
        #[must_use]
        pub fn with_budget(mut self, budget: search_core::Budget) -> Self {
            self.settings.budget = budget;
            self
        }

        /// The budget.
        ///
        /// ```
        #[doc = concat!("assert_eq!(mcts::", $name, "::new().budget().max_iterations(), Some(10_000));")]
        /// ```
        #[must_use]
        pub fn budget(&self) -> &search_core::Budget {
            &self.settings.budget
        }

        /// The most tree nodes a search keeps (at least 1, checked by the search); at the
        /// cap it adds no node and keeps playing out from the leaves.
        ///
        /// ```
        #[doc = concat!("assert_eq!(mcts::", $name, "::new().with_node_cap(1_000).node_cap(), 1_000);")]
        /// ```
        #[must_use]
        pub fn with_node_cap(mut self, nodes: u64) -> Self {
            self.settings.node_cap = nodes;
            self
        }

        /// The node cap.
        ///
        /// ```
        #[doc = concat!("assert_eq!(mcts::", $name, "::new().node_cap(), mcts::DEFAULT_NODE_CAP);")]
        /// ```
        #[must_use]
        pub fn node_cap(&self) -> u64 {
            self.settings.node_cap
        }
    };
    ($name:literal, exploration) => {
        $crate::hidden::settings::settings_methods!($name);

        /// Sets the exploration constant `c` of the UCB score (finite, not negative;
        /// checked by the search).
        ///
        /// ```
        #[doc = concat!("assert_eq!(mcts::", $name, "::new().with_exploration(1.4).exploration(), 1.4);")]
        /// ```
        #[must_use]
        pub fn with_exploration(mut self, c: f64) -> Self {
            self.settings.exploration = c;
            self
        }

        /// The exploration constant.
        ///
        /// ```
        #[doc = concat!("assert!(mcts::", $name, "::new().exploration() > 0.0);")]
        /// ```
        #[must_use]
        pub fn exploration(&self) -> f64 {
            self.settings.exploration
        }
    };
}

pub(crate) use settings_methods;
