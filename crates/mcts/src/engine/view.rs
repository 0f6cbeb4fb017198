//! A read-only view of the tree a two-player engine ([`Mcts`](crate::Mcts)) keeps between
//! searches: per node the move, visits, mean reward and proven value, to print, draw or
//! test what the search did.

use core::fmt;

use search_core::{Game, Player, Wdl};

use crate::engine::Engine;
use crate::engine::mode::ZeroSum;
use crate::tree::zero_sum::{ZsNode, proven};

/// One node of the tree an [`Mcts`](crate::Mcts) engine kept after a search, borrowed from
/// the engine (see [`root_view`](Engine::root_view)). Cheap to copy: a reference and two integers.
///
/// Statistics are those of the node itself, from the point of view of [`player`]
/// (the player who made the move into it), as in the UCT formula: [`mean`] is that player's
/// mean reward (1 win, ½ draw, 0 loss), [`proven`] the value the solver proved for that
/// player. The children are listed in the order they were created (random unless priors
/// are on), unvisited ones included.
///
/// **Visits.** Every iteration adds a visit to each node on its path. An iteration stops at
/// a node visited for the first time (one playout from it), at a proven node, or where the
/// tree may not grow (node cap, depth limit); otherwise it continues into a child. So a
/// visited node that is not the root has at least one visit more than its children together
/// (exactly one when no iteration stopped at it since), and the root of a tree grown by one
/// search from scratch on one thread has exactly as many visits as its children together.
///
/// [`player`]: NodeView::player
/// [`mean`]: NodeView::mean
/// [`proven`]: NodeView::proven
///
/// ```
/// use games::TicTacToe;
/// use mcts::Mcts;
/// use search_core::Budget;
///
/// let mut ai = Mcts::<TicTacToe>::new().with_seed(7).with_budget(Budget::iterations(3_000));
/// let result = ai.search(&TicTacToe::new()).unwrap();
/// let root = ai.root_view().unwrap();
/// assert_eq!(root.mv(), None);
/// assert_eq!(root.num_children(), 9);
/// // A fresh single-threaded search: the root's visits are its children's.
/// let children: u32 = root.children().map(|c| c.visits()).sum();
/// assert_eq!(root.visits(), children);
/// // Below the root, a node has one visit more than its children, or more.
/// for child in root.children().filter(|c| c.visits() > 0) {
///     let below: u32 = child.children().map(|g| g.visits()).sum();
///     assert!(child.visits() >= below + 1);
///     assert_eq!(child.depth(), 1);
/// }
/// // The same numbers as the search result's, for the root's moves.
/// let best = root.children().max_by_key(|c| c.visits()).unwrap();
/// let stats = result.moves.iter().find(|m| Some(m.mv) == best.mv()).unwrap();
/// assert_eq!(u64::from(best.visits()), stats.visits);
/// assert!((best.mean() - stats.mean).abs() < 1e-9);
/// ```
#[derive(Clone, Copy)]
pub struct NodeView<'a, M> {
    tree: &'a [ZsNode<M>],
    index: usize,
    depth: u32,
}

impl<'a, M: Copy> NodeView<'a, M> {
    fn node(&self) -> &'a ZsNode<M> {
        &self.tree[self.index]
    }

    /// The move that led to this node from its parent; `None` at the root.
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// let root = ai.root_view().unwrap();
    /// assert!(root.children().all(|c| c.mv().is_some_and(|cell| cell < 9)));
    /// ```
    #[must_use]
    pub fn mv(&self) -> Option<M> {
        (self.depth > 0).then(|| self.node().mv)
    }

    /// Plies below the root (0 for the root).
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert_eq!(ai.root_view().unwrap().depth(), 0);
    /// ```
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Iterations that passed through this node (kept from earlier searches included).
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert_eq!(ai.root_view().unwrap().visits(), 100);
    /// ```
    #[must_use]
    pub fn visits(&self) -> u32 {
        self.node().visits
    }

    /// The mean reward in `[0, 1]` of [`player`](Self::player) over the visits (1 for a win,
    /// ½ for a draw, 0 for a loss; 0 before the first visit). Kept in single precision.
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(500));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// let root = ai.root_view().unwrap();
    /// assert!(root.children().all(|c| (0.0..=1.0).contains(&c.mean())));
    /// ```
    #[must_use]
    pub fn mean(&self) -> f64 {
        f64::from(self.node().mean)
    }

    /// The player who made the move into this node: whose reward [`mean`](Self::mean) is
    /// and for whom [`proven`](Self::proven) is stated. At the root, the opponent of the
    /// side to move.
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// use search_core::Player;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// let root = ai.root_view().unwrap();
    /// assert_eq!(root.player(), Player::Second); // X (first) is to move
    /// assert!(root.children().all(|c| c.player() == Player::First));
    /// ```
    #[must_use]
    pub fn player(&self) -> Player {
        if self.node().owner() == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The game value the solver proved for [`player`](Self::player), if it proved one.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use search_core::{Budget, Wdl};
    /// // X to move completes the top row at cell 2.
    /// let g: TicTacToe = "xx. oo. ...".parse().unwrap();
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(200));
    /// ai.search(&g).unwrap();
    /// let root = ai.root_view().unwrap();
    /// let win = root.children().find(|c| c.mv() == Some(2)).unwrap();
    /// assert_eq!(win.proven(), Some(Wdl::Win));
    /// assert_eq!(root.proven(), Some(Wdl::Loss)); // for O, who moved last
    /// ```
    #[must_use]
    pub fn proven(&self) -> Option<Wdl> {
        proven(self.node())
    }

    /// Whether the node was expanded: its children were created, or it was solved without
    /// them (a finished game).
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert!(ai.root_view().unwrap().is_expanded());
    /// ```
    #[must_use]
    pub fn is_expanded(&self) -> bool {
        self.node().expanded()
    }

    /// The prior the node got when it was created, in `[0, 1]` (0 without priors).
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert!(ai.root_view().unwrap().children().all(|c| c.prior() == 0.0));
    /// ```
    #[must_use]
    pub fn prior(&self) -> f32 {
        self.node().prior()
    }

    /// The number of children in the tree (0 before expansion).
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert_eq!(ai.root_view().unwrap().num_children(), 9);
    /// ```
    #[must_use]
    pub fn num_children(&self) -> usize {
        self.node().children().len()
    }

    /// The children, in the order they were created.
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(1_000));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// let root = ai.root_view().unwrap();
    /// let grandchildren: usize = root.children().map(|c| c.num_children()).sum();
    /// assert_eq!(grandchildren, 9 * 8);
    /// ```
    pub fn children(&self) -> impl ExactSizeIterator<Item = NodeView<'a, M>> + 'a {
        let (tree, depth) = (self.tree, self.depth + 1);
        self.node()
            .children()
            .map(move |index| NodeView { tree, index, depth })
    }

    /// The child reached by `mv`, if it is in the tree.
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(100));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// let centre = ai.root_view().unwrap().child(4).unwrap();
    /// assert_eq!(centre.mv(), Some(4));
    /// ```
    #[must_use]
    pub fn child(&self, mv: M) -> Option<NodeView<'a, M>>
    where
        M: PartialEq,
    {
        self.children().find(|c| c.node().mv == mv)
    }
}

impl<M: Copy + fmt::Debug> fmt::Debug for NodeView<'_, M> {
    /// The node's own statistics (not its subtree).
    ///
    /// ```
    /// # use games::TicTacToe;
    /// # use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(1).with_budget(Budget::iterations(10));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert!(format!("{:?}", ai.root_view().unwrap()).contains("visits: 10"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NodeView")
            .field("mv", &self.mv())
            .field("depth", &self.depth)
            .field("visits", &self.visits())
            .field("mean", &self.mean())
            .field("player", &self.player())
            .field("proven", &self.proven())
            .field("children", &self.num_children())
            .finish()
    }
}

impl<G: Game, P> Engine<G, P, ZeroSum> {
    /// The root of the tree kept by the first search thread, to read what the last search
    /// did; `None` before the first search and after [`reset`](Engine::reset). With root
    /// parallelism each thread keeps its own tree: see [`root_views`](Engine::root_views). See
    /// [`NodeView`] for what a node tells and the invariants of the visit counts.
    ///
    /// ```
    /// use games::ConnectFour;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<ConnectFour>::new().with_seed(3).with_budget(Budget::iterations(2_000));
    /// assert!(ai.root_view().is_none());
    /// ai.search(&ConnectFour::new()).unwrap();
    /// let root = ai.root_view().unwrap();
    /// // Walk the most visited line.
    /// let mut line = Vec::new();
    /// let mut node = root;
    /// while let Some(next) = node.children().max_by_key(|c| c.visits()) {
    ///     line.push(next.mv().unwrap() + 1);
    ///     node = next;
    /// }
    /// assert!(!line.is_empty() && line.iter().all(|&col| (1..=7).contains(&col)));
    /// ```
    #[must_use]
    pub fn root_view(&self) -> Option<NodeView<'_, G::Move>> {
        self.root_views().next()
    }

    /// The roots of the trees of every search thread: one tree per thread with root
    /// parallelism (the default), one tree with tree parallelism (see
    /// [`with_parallelism`](Engine::with_parallelism)); empty before the first search.
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::Parallelism;
    /// use search_core::Budget;
    /// let mut ai = mcts::Mcts::<TicTacToe>::new().with_seed(3)
    ///     .with_threads(2)
    ///     .with_parallelism(Parallelism::Tree)
    ///     .with_budget(Budget::iterations(1_000));
    /// ai.search(&TicTacToe::new()).unwrap();
    /// assert_eq!(ai.root_views().count(), 1); // one shared tree
    /// let mut ai = ai.with_parallelism(Parallelism::Root);
    /// let r = ai.search(&TicTacToe::new()).unwrap();
    /// let total: u64 = ai.root_views().map(|root| u64::from(root.visits())).sum();
    /// assert_eq!(ai.root_views().count(), 2);
    /// assert_eq!(total, r.root_visits);
    /// ```
    pub fn root_views(&self) -> impl Iterator<Item = NodeView<'_, G::Move>> + '_ {
        self.workers
            .iter()
            .map(|w| match &w.deferred {
                // A tree-parallel search's tree, written back at the first look.
                Some(shared) => shared.tree(),
                None => w.tree.as_slice(),
            })
            .filter(|tree| !tree.is_empty())
            .map(|tree| NodeView {
                tree,
                index: 0,
                depth: 0,
            })
    }
}
