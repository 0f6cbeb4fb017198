//! [`Determinized`]: determinized search, or perfect information Monte Carlo (PIMC), for
//! any [`ImperfectInfo`] game: draw several full states consistent with what the player to
//! move knows, search each one as if everything were visible (with [`GeneralMcts`], so
//! chance and any number of players are handled), and add up the root moves' statistics.
//!
//! The algorithm is described on the engine's type.

use search_core::{
    Budget, BudgetField, ImperfectInfo, Interval, SearchError, SplitMix64, Strategy, Turn,
};

use crate::engine::GeneralMcts;
use crate::engine::result::{MoveStats, SearchResult, Value};
use crate::hidden::settings::{Settings, settings_methods};
use crate::steps::playout::{Playout, RandomPlayout};

/// How [`Determinized`] adds up its searches.
///
/// ```
/// use mcts::{Combine, Determinized};
/// let ai = Determinized::new().with_combine(Combine::Votes);
/// assert_eq!(ai.combine(), Combine::Votes);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Combine {
    /// Sum each root move's visits over the searches; play the most visited.
    #[default]
    Visits,
    /// Each search votes for the move it would play; play the move with most votes
    /// (ties: most visits).
    Votes,
}

/// Determinized search (perfect information Monte Carlo) with [`GeneralMcts`] on each
/// determinization.
///
/// It is simple and often strong in card games where most information comes out in play,
/// but it has two known flaws (Frank and Basin 1998): *strategy fusion* (each search may
/// plan to play differently in states the player cannot tell apart) and *non-locality*
/// (each search assumes the opponents know everything too). [`Ismcts`](crate::Ismcts)
/// avoids the first.
///
/// # Budget
/// Iterations (in all: split evenly among the determinizations, each getting at least
/// one), time (the time left split evenly among the determinizations still to search),
/// a stop flag and a depth (passed to every search). A node limit is refused, as by
/// [`GeneralMcts`]; the node cap ([`with_node_cap`](Determinized::with_node_cap)) bounds
/// each search's tree.
///
/// # Reproducible
/// Determinization `i` is drawn from the stream `i` of the seed and searched with the
/// seed's stream `i` too: with an iteration budget a seed gives the same result.
///
/// ```
/// use games::Kuhn;
/// use mcts::Determinized;
/// use search_core::{Budget, GeneralGame};
///
/// let mut game = Kuhn::new();
/// game.apply(0); // player 0 holds the jack
/// game.apply(2);
/// game.apply(Kuhn::BET);
/// // Player 1 faces a bet: with the king, calling wins in every determinization.
/// let ai = Determinized::new().with_determinizations(10).with_budget(Budget::iterations(2_000));
/// let result = ai.search(&game)?;
/// assert_eq!(result.best_move, Kuhn::BET);
/// assert!(result.stats.iterations <= 2_000); // each search stops once it proves the win
/// # Ok::<(), search_core::SearchError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Determinized<P = RandomPlayout> {
    determinizations: usize,
    settings: Settings,
    combine: Combine,
    playout: P,
}

impl Determinized<RandomPlayout> {
    /// 20 determinizations, 10 000 iterations in all, random playouts, the exploration
    /// constant and node cap of [`GeneralMcts`], combined by visits, seed 0.
    ///
    /// ```
    /// let ai = mcts::Determinized::new();
    /// assert_eq!(ai.determinizations(), 20);
    /// assert_eq!(ai.budget().max_iterations(), Some(10_000));
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Determinized {
            determinizations: 20,
            settings: Settings::new(GeneralMcts::<Nothing>::DEFAULT_EXPLORATION),
            combine: Combine::Visits,
            playout: RandomPlayout,
        }
    }
}

impl Default for Determinized<RandomPlayout> {
    /// The same as [`Determinized::new`].
    ///
    /// ```
    /// assert_eq!(mcts::Determinized::default().seed(), 0);
    /// ```
    fn default() -> Self {
        Self::new()
    }
}

/// A game with nothing in it, to name the engine's constants.
#[derive(Clone, Debug, PartialEq)]
struct Nothing;

impl search_core::GeneralGame for Nothing {
    type Move = u8;
    fn player_count(&self) -> usize {
        1
    }
    fn turn(&self) -> Turn {
        Turn::Over
    }
    fn moves(&self, _moves: &mut Vec<u8>) {}
    fn apply(&mut self, _mv: u8) {}
    fn rewards(&self, rewards: &mut [f64]) {
        rewards.fill(0.0);
    }
}

impl<P> Determinized<P> {
    settings_methods!("Determinized", exploration);

    search_core::builder_methods! {
        /// Searches this many determinizations (at least 1, checked by the search).
        ///
        /// ```
        /// assert_eq!(mcts::Determinized::new().with_determinizations(8).determinizations(), 8);
        /// ```
        with_determinizations(count: usize) => determinizations;

        /// The number of determinizations.
        ///
        /// ```
        /// assert_eq!(mcts::Determinized::new().determinizations(), 20);
        /// ```
        determinizations() -> usize = determinizations;

        /// How the searches are added up.
        ///
        /// See [`Combine`] for an example.
        with_combine(combine: Combine) => combine;

        /// The way the searches are added up.
        ///
        /// ```
        /// assert_eq!(mcts::Determinized::new().combine(), mcts::Combine::Visits);
        /// ```
        combine() -> Combine = combine;
    }

    /// Plays out with `playout` in every search.
    ///
    /// ```
    /// use mcts::{Determinized, RandomPlayout};
    /// let ai = Determinized::new().with_seed(2).with_playout(RandomPlayout);
    /// assert_eq!(ai.seed(), 2);
    /// ```
    #[must_use]
    pub fn with_playout<Q>(self, playout: Q) -> Determinized<Q> {
        Determinized {
            determinizations: self.determinizations,
            settings: self.settings,
            combine: self.combine,
            playout,
        }
    }

    /// Searches `state`, where a player is to move, with that player's information only.
    /// The result lists every root move with its visits summed over the searches and its
    /// mean (weighted by visits); `stats` adds up the searches' counters.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`SearchError::Config`] for a chance
    /// node at the root, no determinizations, fewer iterations than determinizations, and
    /// the settings [`GeneralMcts`] refuses; [`SearchError::Budget`] for a node limit, a
    /// zero limit or a budget that never ends; [`SearchError::BrokenPromise`] for a
    /// sample with another key or turn, or another error of a search.
    ///
    /// ```
    /// use games::Kuhn;
    /// use mcts::Determinized;
    /// use search_core::{Budget, GeneralGame, SearchError};
    /// let mut game = Kuhn::new();
    /// game.apply(0);
    /// game.apply(1);
    /// let few = Determinized::new().with_determinizations(10).with_budget(Budget::iterations(5));
    /// assert!(matches!(few.search(&game), Err(SearchError::Config(_))));
    /// ```
    pub fn search<G>(&self, state: &G) -> Result<SearchResult<G::Move>, SearchError>
    where
        G: ImperfectInfo + Send,
        G::Move: Send,
        P: Playout<G> + Sync + Clone,
    {
        let player = match state.turn() {
            Turn::Over => return Err(SearchError::GameOver),
            Turn::Chance => {
                return Err(SearchError::Config(
                    "the position is a chance node: apply one of its outcomes first".into(),
                ));
            }
            Turn::Player(p) => p,
        };
        let count = self.determinizations;
        if count == 0 {
            return Err(SearchError::Config(
                "at least one determinization is needed".into(),
            ));
        }
        self.settings.budget.refuse(
            "Determinized",
            &[BudgetField::Nodes],
            "use iterations to bound the work and with_node_cap to bound each tree",
        )?;
        let ends = self.settings.budget.max_iterations().is_some()
            || self.settings.budget.time_limit().is_some()
            || self.settings.budget.stop_flag().is_some();
        if !ends {
            return Err(search_core::BudgetError::NeverStops {
                engine: "Determinized",
                advice: "add an iterations or time limit, or a stop flag",
            }
            .into());
        }
        let running = self.settings.budget.start()?;
        if let Some(total) = self.settings.budget.max_iterations() {
            if total < count as u64 {
                return Err(SearchError::Config(format!(
                    "{total} iterations cannot be shared by {count} determinizations"
                )));
            }
        }
        let key = state.info_key(player);
        let mut legal = Vec::new();
        state.moves(&mut legal);
        let mut moves: Vec<(MoveStats<G::Move>, f64, u64)> = legal
            .iter()
            .map(|&mv| {
                let stats = MoveStats {
                    mv,
                    visits: 0,
                    mean: 0.0,
                    interval: Interval::wilson(0.0, 0),
                    proven: None,
                    prior: 0.0,
                };
                (stats, 0.0, 0)
            })
            .collect();
        let mut stats = search_core::Stats::default();
        let mut iterations = 0;
        let mut tree_size = 0;
        let mut range = state.reward_range();
        for i in 0..count {
            if running.out_of_time() {
                break;
            }
            let mut budget = Budget::new();
            if let Some(total) = self.settings.budget.max_iterations() {
                let (each, rest) = (total / count as u64, total % count as u64);
                budget = budget.with_iterations(each + u64::from((i as u64) < rest));
            }
            if let Some(limit) = self.settings.budget.time_limit() {
                let left = limit.saturating_sub(running.elapsed()) / (count - i) as u32;
                if left.is_zero() {
                    break;
                }
                budget = budget.with_time(left);
            }
            if let Some(flag) = self.settings.budget.stop_flag() {
                budget = budget.with_stop(flag.clone());
            }
            if let Some(depth) = self.settings.budget.max_depth() {
                budget = budget.with_depth(depth);
            }
            let sample = state.sample_state(
                player,
                &mut SplitMix64::stream(self.settings.seed, i as u64),
            );
            if sample.turn() != state.turn() || sample.info_key(player) != key {
                return Err(SearchError::BrokenPromise {
                    what: format!(
                        "sample_state({player}) returned a state with another turn or \
                         info_key({player})"
                    ),
                });
            }
            let mut engine = GeneralMcts::new()
                .with_playout(self.playout.clone())
                .with_seed(SplitMix64::stream(self.settings.seed, i as u64).next_u64())
                .with_exploration(self.settings.exploration)
                .with_node_cap(self.settings.node_cap)
                .with_budget(budget);
            let found = engine.search(&sample)?;
            iterations += found.stats.iterations;
            stats.merge(&found.stats);
            tree_size = tree_size.max(found.tree_size);
            range = found.reward_range;
            for m in &found.moves {
                let Some(slot) = moves.iter_mut().find(|s| s.0.mv == m.mv) else {
                    return Err(SearchError::BrokenPromise {
                        what: format!(
                            "a determinization has the move {:?}, which is not legal in the \
                             state searched",
                            m.mv
                        ),
                    });
                };
                slot.0.visits += m.visits;
                slot.1 += m.mean * m.visits as f64;
                slot.2 += u64::from(m.mv == found.best_move);
            }
        }
        stats.iterations = iterations;
        stats.elapsed = running.elapsed();
        for (m, total, _) in &mut moves {
            if m.visits > 0 {
                m.mean = *total / m.visits as f64;
                m.interval = Interval::wilson(m.mean, m.visits);
            }
        }
        let combine = self.combine;
        moves.sort_by(|a, b| {
            let votes = match combine {
                Combine::Votes => b.2.cmp(&a.2),
                Combine::Visits => core::cmp::Ordering::Equal,
            };
            votes
                .then(b.0.visits.cmp(&a.0.visits))
                .then(b.0.mean.total_cmp(&a.0.mean))
        });
        let moves: Vec<MoveStats<G::Move>> = moves.into_iter().map(|m| m.0).collect();
        let best = moves.first().ok_or(SearchError::NoLegalMoves)?;
        Ok(SearchResult {
            best_move: best.mv,
            value: Value::Estimate(best.mean),
            player,
            root_visits: moves.iter().map(|m| m.visits).sum(),
            moves,
            stats,
            tree_size,
            threads: 1,
            reward_range: range,
        })
    }
}

/// A [`Determinized`] is a [`Strategy`] of any [`ImperfectInfo`] game, so it plays in any
/// match runner or terminal loop (those of the `plysearch-play` crate): each move is a
/// [`search`](Determinized::search) of the state, from the point of view of the player to
/// move. See the example of [`Ismcts`](crate::Ismcts)'s implementation.
///
/// ```
/// use mcts::Determinized;
/// use search_core::Strategy;
/// let ai = Determinized::new();
/// assert_eq!(Strategy::<games::Kuhn>::name(&ai), "determinized");
/// ```
impl<G, P> Strategy<G> for Determinized<P>
where
    G: ImperfectInfo + Send,
    G::Move: Send,
    P: Playout<G> + Sync + Clone,
{
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        Ok(self.search(state)?.best_move)
    }

    fn name(&self) -> String {
        "determinized".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use games::{Kuhn, TicTacToe};
    use search_core::{GeneralGame, PerfectInfo, StopFlag};

    fn kuhn(cards: [u8; 2], actions: &[u8]) -> Kuhn {
        let mut game = Kuhn::new();
        game.apply(cards[0]);
        game.apply(cards[1]);
        for &a in actions {
            game.apply(a);
        }
        game
    }

    fn ai(iterations: u64, seed: u64) -> Determinized {
        Determinized::new()
            .with_determinizations(8)
            .with_seed(seed)
            .with_budget(Budget::iterations(iterations))
    }

    #[test]
    fn finds_a_forced_win_and_sums_the_visits() {
        let mut game = PerfectInfo::new(TicTacToe::new());
        for mv in [0, 3, 1, 4] {
            game.apply(mv);
        }
        let r = ai(4_000, 1).search(&game).unwrap();
        assert_eq!(r.best_move, 2);
        // Each search stops once it proves the win.
        assert!(r.stats.iterations > 0 && r.stats.iterations <= 4_000);
        assert_eq!(r.root_visits, r.moves.iter().map(|m| m.visits).sum::<u64>());
        let votes = ai(4_000, 1)
            .with_combine(Combine::Votes)
            .search(&game)
            .unwrap();
        assert_eq!(votes.best_move, 2);
    }

    #[test]
    fn calls_with_the_king_and_folds_the_jack() {
        for seed in 0..4 {
            for other in [0, 1] {
                let k = kuhn([other, 2], &[Kuhn::BET]);
                assert_eq!(ai(1_600, seed).search(&k).unwrap().best_move, Kuhn::BET);
            }
            let j = kuhn([2, 0], &[Kuhn::BET]);
            assert_eq!(ai(1_600, seed).search(&j).unwrap().best_move, Kuhn::PASS);
        }
    }

    #[test]
    fn calls_a_bid_that_cannot_hold_with_three_players() {
        use games::LiarsDice;
        let mut three = LiarsDice::new(3, 1, 6).unwrap();
        for face in [2, 5, 1] {
            three.apply(face);
        }
        three.apply(three.bid(1, 1).unwrap());
        three.apply(three.bid(3, 5).unwrap());
        for seed in 0..3 {
            let r = ai(2_000, seed).search(&three).unwrap();
            assert_eq!(r.best_move, three.liar());
        }
    }

    #[test]
    fn looks_only_at_the_players_information() {
        let a = ai(1_600, 5).search(&kuhn([0, 1], &[Kuhn::BET])).unwrap();
        let b = ai(1_600, 5).search(&kuhn([2, 1], &[Kuhn::BET])).unwrap();
        assert_eq!(a.moves, b.moves);
    }

    #[test]
    fn a_seed_gives_the_same_search() {
        let game = kuhn([1, 0], &[]);
        let a = ai(2_000, 3).search(&game).unwrap();
        assert_eq!(a.stats.iterations, 2_000); // nothing to prove: every search runs out
        assert_eq!(a.moves, ai(2_000, 3).search(&game).unwrap().moves);
        assert_ne!(a.moves, ai(2_000, 4).search(&game).unwrap().moves);
    }

    #[test]
    fn budgets_and_settings_are_checked() {
        let game = kuhn([1, 0], &[]);
        for budget in [
            Budget::iterations(0),
            Budget::nodes(100),
            Budget::new(),
            Budget::depth(2),
        ] {
            let r = Determinized::new()
                .with_budget(budget.clone())
                .search(&game);
            assert!(matches!(r, Err(SearchError::Budget(_))), "{budget:?}");
        }
        let none = Determinized::new().with_determinizations(0).search(&game);
        assert!(matches!(none, Err(SearchError::Config(_))));
        let bad_c = Determinized::new().with_exploration(f64::NAN).search(&game);
        assert!(matches!(bad_c, Err(SearchError::Config(_))));
        let flag = StopFlag::new();
        flag.stop();
        let stopped = Determinized::new()
            .with_budget(Budget::new().with_stop(flag))
            .search(&game)
            .unwrap();
        assert_eq!(stopped.stats.iterations, 0);
        let timed = Determinized::new()
            .with_budget(Budget::time(std::time::Duration::from_millis(40)))
            .search(&game)
            .unwrap();
        assert!(timed.stats.iterations > 0);
        let over = kuhn([0, 1], &[Kuhn::PASS, Kuhn::PASS]);
        assert_eq!(
            Determinized::new().search(&over).unwrap_err(),
            SearchError::GameOver
        );
    }
}
