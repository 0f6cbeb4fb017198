//! The type-level choice of what an [`Engine`](crate::Engine) searches: [`ZeroSum`] (a
//! two-player [`Game`](search_core::Game), with the MCTS-Solver's proofs) or [`General`]
//! (any [`GeneralGame`](search_core::GeneralGame): chance, any number of players), and what
//! each fixes of the engine's type (the data of a tree node). What the search loop asks of
//! a mode is `worker::Steps` (per iteration) and `search::Model` (per search); the modes
//! answer in `zero_sum.rs` and `general.rs`.

/// What an [`Engine`](crate::Engine) searches, chosen by its type: [`ZeroSum`] (the engine
/// [`Mcts`](crate::Mcts)) or [`General`] (the engine [`GeneralMcts`](crate::GeneralMcts)).
/// Both run the same search (one tree, one selection, playout and backup loop, one thread
/// pool); the mode decides what a node keeps, what a reward is and what can be proven.
///
/// The trait is sealed: the two modes are all there is.
///
/// ```
/// use mcts::{Engine, General, GeneralMcts, Mcts, ZeroSum};
/// let two: Engine<games::ConnectFour, mcts::RandomPlayout, ZeroSum> = Mcts::new();
/// let dice: Engine<games::EinStein, mcts::RandomPlayout, General> = GeneralMcts::new();
/// # let _ = (two, dice);
/// ```
pub trait Mode: sealed::Sealed + Send + Sync + 'static {}

/// The mode for two-player zero-sum games ([`Game`](search_core::Game)): rewards 1, ½ and
/// 0 for a win, a draw and a loss, the score-bounded MCTS-Solver (proven wins, losses and
/// draws, negamax over the bounds), tree reuse between moves, the game's
/// `winning_move` / `non_losing_moves` hooks, priors, progressive widening, RAVE,
/// transpositions, tree parallelism, and [`Strategy`](search_core::Strategy) with
/// [`analyze`](search_core::Strategy::analyze). [`Mcts`](crate::Mcts) is the engine in
/// this mode.
///
/// ```
/// use games::TicTacToe;
/// use mcts::{Mcts, Value};
/// use search_core::{Budget, Wdl};
/// let mut ai = Mcts::<TicTacToe>::new().with_budget(Budget::new());
/// assert_eq!(ai.search(&TicTacToe::new())?.value, Value::Proven(Wdl::Draw));
/// # Ok::<(), search_core::SearchError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ZeroSum;

/// The mode for any [`GeneralGame`](search_core::GeneralGame): chance nodes (each outcome a child, entered with its
/// probability), any number of players (each node backs up the reward of the player who
/// moved into it, normalised by the game's reward range), turns in any order; it proves
/// where a player can force the top of the reward range. Every search starts from an empty
/// tree; one thread, or a tree per thread. [`GeneralMcts`](crate::GeneralMcts) is the
/// engine in this mode.
///
/// ```
/// use games::{EinStein, EinSteinMove};
/// use mcts::GeneralMcts;
/// use search_core::{Budget, GeneralGame};
/// let mut dice = EinStein::new();
/// dice.apply(EinSteinMove::Roll(6));
/// let r = GeneralMcts::new().with_budget(Budget::iterations(1_000)).search(&dice)?;
/// assert_eq!(r.stats.iterations, 1_000);
/// # Ok::<(), search_core::SearchError>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct General;

impl Mode for ZeroSum {}
impl Mode for General {}

pub(crate) mod sealed {
    use crate::tree::NodeData;

    /// What a mode fixes for its engine's type: the data of a tree node. Public in a
    /// private module, so that [`Mode`](super::Mode) cannot be implemented elsewhere.
    pub trait Sealed {
        /// What each node keeps beside its statistics.
        type Data: NodeData;
        /// The engine's name, in errors and `Debug`.
        const NAME: &'static str;
    }

    impl Sealed for super::ZeroSum {
        type Data = crate::tree::zero_sum::ZeroSumData;
        const NAME: &'static str = "Mcts";
    }

    impl Sealed for super::General {
        type Data = crate::tree::general::GeneralData;
        const NAME: &'static str = "GeneralMcts";
    }
}

/// The data of a node of mode `K`.
pub(crate) type DataOf<K> = <K as sealed::Sealed>::Data;
