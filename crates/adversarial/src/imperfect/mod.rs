//! Games with hidden information ([`ImperfectInfo`](search_core::ImperfectInfo)): the
//! game tree with its information sets indexed, equilibrium solvers, and best responses.
//!
//! | file | holds |
//! |---|---|
//! | `tree.rs` | [`GameTree`](crate::GameTree): the whole tree walked once into flat arrays, each information set numbered ([`InfoSetId`](crate::InfoSetId)) |
//! | `cfr.rs` | [`Cfr`](crate::Cfr): counterfactual regret minimisation, vanilla and CFR+ ([`CfrVariant`](crate::CfrVariant)) |
//! | `mccfr.rs` | [`Mccfr`](crate::Mccfr): external-sampling Monte Carlo CFR, seeded |
//! | `outcome.rs` | [`OutcomeMccfr`](crate::OutcomeMccfr): outcome-sampling Monte Carlo CFR, seeded |
//! | `matrix.rs` | [`solve_matrix_game`](crate::solve_matrix_game): two-player zero-sum matrix games by the simplex method |
//! | `simultaneous.rs` | [`SimultaneousSolver`](crate::SimultaneousSolver): the exact value of a [`SimultaneousGame`](search_core::SimultaneousGame), a matrix game per round |
//! | `best_response.rs` | [`best_response`](crate::best_response), [`exploitability`](crate::exploitability), [`nash_conv`](crate::nash_conv), [`expected_values`](crate::expected_values) |
//!
//! Here: [`Policy`](crate::Policy), a strategy for every information set, and
//! [`CfrResult`](crate::CfrResult), what a solver returns; and the stopping rule the
//! solvers share.

pub(crate) mod best_response;
pub(crate) mod cfr;
pub(crate) mod matrix;
pub(crate) mod mccfr;
pub(crate) mod outcome;
pub(crate) mod simultaneous;
pub(crate) mod tree;

use core::fmt;

use search_core::{
    Budget, BudgetError, BudgetField, ImperfectInfo, RunningBudget, SearchError, Stats,
};

use tree::{GameTree, InfoSetId};

/// A behaviour strategy for every information set of a [`GameTree`]: for each, one
/// probability per move, in the order of [`GameTree::moves`]. A policy belongs to the tree
/// it was made for (the functions that take both check that the sizes agree).
///
/// ```
/// use adversarial::{GameTree, Policy};
/// use games::{Kuhn, KuhnInfo};
///
/// let tree = GameTree::new(&Kuhn::new()).unwrap();
/// let mut policy = Policy::uniform(&tree);
/// let king = tree.find(0, &KuhnInfo::new(Some(2), &[]).unwrap()).unwrap();
/// assert_eq!(policy.probabilities(king), Some(&[0.5, 0.5][..]));
/// policy.set(king, &[0.0, 1.0]).unwrap(); // always bet the king
/// assert_eq!(policy.probabilities(king), Some(&[0.0, 1.0][..]));
/// assert!(policy.set(king, &[0.5, 0.6]).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    offsets: Vec<u32>,
    probabilities: Vec<f64>,
}

impl Policy {
    /// Every move of every information set equally likely.
    ///
    /// See [`Policy`] for an example.
    #[must_use]
    pub fn uniform<G: ImperfectInfo>(tree: &GameTree<G>) -> Self {
        let offsets = tree.offsets();
        let mut probabilities = vec![0.0; tree.action_count()];
        for pair in offsets.windows(2) {
            let slots = &mut probabilities[pair[0] as usize..pair[1] as usize];
            let p = 1.0 / slots.len() as f64;
            slots.fill(p);
        }
        Policy {
            offsets,
            probabilities,
        }
    }

    /// A policy from per-action weights laid out as the tree's actions (`weights` of
    /// length `offsets.last()`): each information set's weights normalised, or uniform
    /// where they add up to nothing.
    pub(crate) fn normalised(offsets: Vec<u32>, weights: &[f64]) -> Self {
        let mut probabilities = weights.to_vec();
        for pair in offsets.windows(2) {
            normalise(&mut probabilities[pair[0] as usize..pair[1] as usize]);
        }
        Policy {
            offsets,
            probabilities,
        }
    }

    /// The number of information sets.
    ///
    /// ```
    /// # use adversarial::{GameTree, Policy};
    /// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
    /// assert_eq!(Policy::uniform(&tree).info_set_count(), 12);
    /// ```
    #[must_use]
    pub fn info_set_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The probabilities of the moves of information set `id`, or `None` when the policy
    /// has no such information set (an id from another tree).
    ///
    /// ```
    /// # use adversarial::{GameTree, Policy};
    /// let kuhn = GameTree::new(&games::Kuhn::new()).unwrap();
    /// let leduc = GameTree::new(&games::Leduc::new()).unwrap();
    /// let last = leduc.info_sets().last().unwrap();
    /// assert!(Policy::uniform(&kuhn).probabilities(last).is_none());
    /// ```
    #[must_use]
    pub fn probabilities(&self, id: InfoSetId) -> Option<&[f64]> {
        let i = id.index();
        let (&start, &end) = (self.offsets.get(i)?, self.offsets.get(i + 1)?);
        Some(&self.probabilities[start as usize..end as usize])
    }

    /// Sets the probabilities of information set `id`.
    ///
    /// # Errors
    /// [`SearchError::Config`] when `id` is not in the policy's tree, or `probabilities`
    /// has the wrong length, a negative or non-finite entry, or does not add up to 1
    /// within `1e-9`.
    ///
    /// See [`Policy`] for an example.
    pub fn set(&mut self, id: InfoSetId, probabilities: &[f64]) -> Result<(), SearchError> {
        let i = id.index();
        let (Some(&start), Some(&end)) = (self.offsets.get(i), self.offsets.get(i + 1)) else {
            return Err(SearchError::Config(format!(
                "information set {i} is not in this policy's tree"
            )));
        };
        let slots = &mut self.probabilities[start as usize..end as usize];
        let total: f64 = probabilities.iter().sum();
        if probabilities.len() != slots.len()
            || probabilities.iter().any(|p| !(p.is_finite() && *p >= 0.0))
            || (total - 1.0).abs() > 1e-9
        {
            return Err(SearchError::Config(format!(
                "information set {i} needs {} probabilities that are not negative and add up to 1, not {probabilities:?}",
                slots.len()
            )));
        }
        slots.copy_from_slice(probabilities);
        Ok(())
    }

    /// The whole table: every information set's probabilities one after the other.
    pub(crate) fn table(&self) -> &[f64] {
        &self.probabilities
    }

    /// Whether the policy has the layout of `tree`.
    pub(crate) fn check_fits<G: ImperfectInfo>(
        &self,
        tree: &GameTree<G>,
    ) -> Result<(), SearchError> {
        if self.offsets.len() != tree.info_set_count() + 1
            || self.probabilities.len() != tree.action_count()
        {
            return Err(SearchError::Config(format!(
                "the policy has {} information sets and {} actions; the tree has {} and {}",
                self.info_set_count(),
                self.probabilities.len(),
                tree.info_set_count(),
                tree.action_count()
            )));
        }
        Ok(())
    }
}

/// Scales `weights` to add up to 1, or makes them uniform when they add up to nothing.
pub(crate) fn normalise(weights: &mut [f64]) {
    let total: f64 = weights.iter().sum();
    if total > 0.0 {
        for w in weights.iter_mut() {
            *w /= total;
        }
    } else {
        let p = 1.0 / weights.len() as f64;
        weights.fill(p);
    }
}

/// What an equilibrium solver ([`Cfr`](crate::Cfr), [`Mccfr`](crate::Mccfr)) returns:
/// the average policy (which converges to an equilibrium in two-player zero-sum games),
/// its value, how exploitable it is, and the statistics.
///
/// ```
/// use adversarial::{Cfr, GameTree};
/// use search_core::Budget;
///
/// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
/// let r = Cfr::new(&tree).with_budget(Budget::iterations(200)).run().unwrap();
/// assert_eq!((r.iterations, r.stats.iterations), (200, 200));
/// assert!((r.values[0] + 1.0 / 18.0).abs() < 0.01);
/// println!("{r}");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CfrResult {
    /// The average strategy of every information set.
    pub average: Policy,
    /// Every player's expected reward when all play [`average`](CfrResult::average).
    pub values: Vec<f64>,
    /// The exploitability of the average policy (see [`exploitability`](crate::exploitability)):
    /// `Some` for a two-player game with a constant reward sum, `None` otherwise.
    pub exploitability: Option<f64>,
    /// The iterations run by the solver since it was created (over all its runs).
    pub iterations: u64,
    /// Nodes visited in this run, its iterations, and its time.
    pub stats: Stats,
}

impl fmt::Display for CfrResult {
    /// One line: the iterations, the values, the exploitability, the statistics.
    ///
    /// See [`CfrResult`] for an example.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} iterations, values {:?}",
            self.iterations, self.values
        )?;
        if let Some(e) = self.exploitability {
            write!(f, ", exploitability {e:.3e}")?;
        }
        write!(f, "; {}", self.stats)
    }
}

/// When a solver stops: the budget (iterations, time, stop flag) or a target
/// exploitability, checked every so many iterations.
pub(crate) struct Stopping {
    running: RunningBudget,
    target: Option<f64>,
    check_every: u64,
}

impl Stopping {
    /// Validates the budget and the target for `engine` on `tree` and starts the clock.
    pub(crate) fn start<G: ImperfectInfo>(
        engine: &'static str,
        tree: &GameTree<G>,
        budget: &Budget,
        target: Option<f64>,
        check_every: u64,
    ) -> Result<Self, SearchError> {
        budget.refuse(
            engine,
            &[BudgetField::Depth, BudgetField::Nodes],
            "bound the solver by iterations, time or a target exploitability",
        )?;
        if let Some(t) = target {
            if !(t.is_finite() && t > 0.0) {
                return Err(SearchError::Config(format!(
                    "the target exploitability must be a positive number, not {t}"
                )));
            }
            if tree.player_count() != 2 || G::REWARD_SUM.is_none() {
                return Err(SearchError::Config(
                    "a target exploitability needs a two-player game with a declared REWARD_SUM"
                        .into(),
                ));
            }
        }
        if check_every == 0 {
            return Err(SearchError::Config(
                "the exploitability must be checked every 1 or more iterations".into(),
            ));
        }
        if target.is_none()
            && !budget.has(BudgetField::Iterations)
            && !budget.has(BudgetField::Time)
            && !budget.has(BudgetField::Stop)
        {
            return Err(BudgetError::NeverStops {
                engine,
                advice: "give an iteration or time limit, a stop flag, or a target exploitability",
            }
            .into());
        }
        Ok(Stopping {
            running: budget.start()?,
            target,
            check_every,
        })
    }

    /// `true` when the solver must stop after `done` iterations of this run; `exploitability`
    /// computes the current exploitability when the target asks for it.
    pub(crate) fn done(
        &self,
        done: u64,
        exploitability: impl FnOnce() -> Result<Option<f64>, SearchError>,
    ) -> Result<bool, SearchError> {
        if self.running.iterations_done(done) {
            return Ok(true);
        }
        match self.target {
            Some(target) if done % self.check_every == 0 => {
                Ok(exploitability()?.is_some_and(|e| e <= target))
            }
            _ => Ok(false),
        }
    }

    /// Time since the start.
    pub(crate) fn elapsed(&self) -> std::time::Duration {
        self.running.elapsed()
    }
}

/// The result of a run: the average policy's values and exploitability.
pub(crate) fn finish<G: ImperfectInfo>(
    tree: &GameTree<G>,
    average: Policy,
    iterations: u64,
    stats: Stats,
) -> Result<CfrResult, SearchError> {
    let values = best_response::expected_values(tree, &average)?;
    let exploitability = best_response::exploitability_if_defined::<G>(tree, &average)?;
    Ok(CfrResult {
        average,
        values,
        exploitability,
        iterations,
        stats,
    })
}
