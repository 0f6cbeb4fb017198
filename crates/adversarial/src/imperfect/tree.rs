//! [`GameTree`]: the whole game tree of an [`ImperfectInfo`] game, walked once and stored
//! as flat arrays, with its information sets indexed.

use std::collections::HashMap;

use search_core::{ImperfectInfo, SearchError, Turn};

/// What a node of the tree is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The game is over; `tag` is the terminal's index (its utilities start at
    /// `tag * players`).
    Terminal,
    /// Chance moves; the edges carry the probabilities.
    Chance,
    /// A player moves; `tag` is the information set.
    Player,
}

/// One node: its kind, its children (edges `first..first + count`), and its tag.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) first: u32,
    pub(crate) count: u32,
    pub(crate) tag: u32,
}

/// An information set: whose it is and where its actions are in the per-action arrays
/// (`offset..offset + count`).
#[derive(Copy, Clone, Debug)]
pub(crate) struct InfoSetData {
    pub(crate) player: u32,
    pub(crate) offset: u32,
    pub(crate) count: u32,
}

/// The number of an information set in a [`GameTree`] (`0..info_set_count()`), as
/// [`GameTree::info_sets`] and [`GameTree::find`] give it.
///
/// ```
/// use adversarial::GameTree;
/// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
/// let first = tree.info_sets().next().unwrap();
/// assert_eq!(first.index(), 0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InfoSetId(pub(crate) u32);

impl InfoSetId {
    /// The number, `0..info_set_count()`.
    ///
    /// See [`InfoSetId`] for an example.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The complete game tree of an [`ImperfectInfo`] game: every history from the start, as
/// flat arrays (nodes, edges, chance probabilities, terminal utilities), with every
/// information set numbered and its moves listed. The equilibrium solvers ([`Cfr`](crate::Cfr),
/// [`Mccfr`](crate::Mccfr)) and [`best_response`](crate::best_response) work on it, so the
/// game's code runs once, when the tree is built, and never in their loops.
///
/// Nodes are numbered in depth-first order from the root (node 0): a parent comes before
/// its children.
///
/// ```
/// use adversarial::GameTree;
/// use games::{Kuhn, Leduc};
///
/// let kuhn = GameTree::new(&Kuhn::new()).unwrap();
/// assert_eq!((kuhn.info_set_count(), kuhn.terminal_count()), (12, 30));
/// let leduc = GameTree::new(&Leduc::new()).unwrap();
/// assert_eq!(leduc.info_set_count_of(0), 468);
/// let id = kuhn.info_sets().find(|&i| kuhn.key(i).to_string() == "K b").unwrap();
/// assert_eq!((kuhn.player(id), kuhn.moves(id)), (1, &[0, 1][..]));
/// ```
#[derive(Clone, Debug)]
pub struct GameTree<G: ImperfectInfo> {
    players: usize,
    reward_range: (f64, f64),
    pub(crate) nodes: Vec<Node>,
    /// The child of each edge.
    pub(crate) child: Vec<u32>,
    /// The probability of each edge of a chance node (1 on players' edges).
    pub(crate) probability: Vec<f64>,
    /// `players` utilities per terminal.
    pub(crate) utilities: Vec<f64>,
    pub(crate) info_sets: Vec<InfoSetData>,
    /// The nodes of each information set: `members[member_offset[i]..member_offset[i + 1]]`.
    pub(crate) members: Vec<u32>,
    pub(crate) member_offset: Vec<u32>,
    keys: Vec<G::InfoKey>,
    moves: Vec<G::Move>,
    index: HashMap<(usize, G::InfoKey), u32>,
    action_count: usize,
    depth: usize,
}

/// The walk that builds a tree.
struct Builder<'a, G: ImperfectInfo> {
    tree: &'a mut GameTree<G>,
    max_nodes: usize,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, f64)>,
    rewards: Vec<f64>,
}

impl<G: ImperfectInfo> GameTree<G> {
    /// The most nodes [`new`](GameTree::new) builds before it gives up.
    pub(crate) const DEFAULT_MAX_NODES: usize = 20_000_000;

    /// The deepest history the tree follows, in moves and chance outcomes.
    pub const MAX_DEPTH: u32 = 1_000;

    /// Walks the whole game from `start` and indexes its information sets (at most
    /// 20,000,000 nodes).
    ///
    /// # Errors
    /// See [`with_max_nodes`](GameTree::with_max_nodes).
    ///
    /// See [`GameTree`] for an example.
    pub fn new(start: &G) -> Result<Self, SearchError> {
        Self::with_max_nodes(start, Self::DEFAULT_MAX_NODES)
    }

    /// Walks the whole game from `start`, giving up beyond `max_nodes` nodes.
    ///
    /// # Errors
    /// [`SearchError::Config`] when the tree has more than `max_nodes` nodes;
    /// [`SearchError::GameTooLong`] for a history deeper than
    /// [`MAX_DEPTH`](GameTree::MAX_DEPTH); [`SearchError::NoLegalMoves`];
    /// [`SearchError::BrokenPromise`] when two states of one information set have
    /// different moves, a chance node's probabilities are not positive or do not add up to
    /// 1, a player index is out of range, or a reward is not finite or outside the reward
    /// range.
    ///
    /// ```
    /// use adversarial::GameTree;
    /// use search_core::SearchError;
    /// let e = GameTree::with_max_nodes(&games::Leduc::new(), 1000).unwrap_err();
    /// assert!(matches!(e, SearchError::Config(_)));
    /// ```
    pub fn with_max_nodes(start: &G, max_nodes: usize) -> Result<Self, SearchError> {
        let players = start.player_count();
        if players == 0 {
            return Err(SearchError::BrokenPromise {
                what: "player_count() is 0".into(),
            });
        }
        let mut tree = GameTree {
            players,
            reward_range: start.reward_range(),
            nodes: Vec::new(),
            child: Vec::new(),
            probability: Vec::new(),
            utilities: Vec::new(),
            info_sets: Vec::new(),
            members: Vec::new(),
            member_offset: Vec::new(),
            keys: Vec::new(),
            moves: Vec::new(),
            index: HashMap::new(),
            action_count: 0,
            depth: 0,
        };
        let mut builder = Builder {
            tree: &mut tree,
            max_nodes,
            moves: Vec::new(),
            outcomes: Vec::new(),
            rewards: vec![0.0; players],
        };
        builder.visit(start, 0)?;
        tree.index_members();
        tree.action_count = tree.moves.len();
        Ok(tree)
    }

    /// Lists the nodes of each information set (a counting sort by information set).
    fn index_members(&mut self) {
        let mut offset = vec![0u32; self.info_sets.len() + 1];
        for node in &self.nodes {
            if node.kind == Kind::Player {
                offset[node.tag as usize + 1] += 1;
            }
        }
        for i in 0..self.info_sets.len() {
            offset[i + 1] += offset[i];
        }
        let mut next = offset.clone();
        self.members = vec![0; offset[self.info_sets.len()] as usize];
        for (n, node) in self.nodes.iter().enumerate() {
            if node.kind == Kind::Player {
                let slot = &mut next[node.tag as usize];
                self.members[*slot as usize] = n as u32;
                *slot += 1;
            }
        }
        self.member_offset = offset;
    }

    /// The number of players.
    ///
    /// ```
    /// let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// assert_eq!(tree.player_count(), 2);
    /// ```
    #[must_use]
    pub fn player_count(&self) -> usize {
        self.players
    }

    /// The number of nodes (histories): chance, players' and terminal nodes.
    ///
    /// ```
    /// let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// assert_eq!(tree.node_count(), 1 + 3 + 6 * 9); // two deals, then 9 betting nodes per deal
    /// ```
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of terminal histories (ways the game can end).
    ///
    /// See [`GameTree`] for an example.
    #[must_use]
    pub fn terminal_count(&self) -> usize {
        self.utilities.len() / self.players
    }

    /// The number of information sets of all players.
    ///
    /// See [`GameTree`] for an example.
    #[must_use]
    pub fn info_set_count(&self) -> usize {
        self.info_sets.len()
    }

    /// The number of information sets of `player`.
    ///
    /// See [`GameTree`] for an example.
    #[must_use]
    pub fn info_set_count_of(&self, player: usize) -> usize {
        self.info_sets
            .iter()
            .filter(|s| s.player as usize == player)
            .count()
    }

    /// The total number of actions over all information sets: the length of a policy's
    /// table of probabilities.
    ///
    /// ```
    /// let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// assert_eq!(tree.action_count(), 24);
    /// ```
    #[must_use]
    pub fn action_count(&self) -> usize {
        self.action_count
    }

    /// The longest history, in moves and chance outcomes.
    ///
    /// ```
    /// let tree = adversarial::GameTree::new(&games::Kuhn::new()).unwrap();
    /// assert_eq!(tree.depth(), 5); // two deals, three actions
    /// ```
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Every information set, in the order they were first reached.
    ///
    /// See [`GameTree`] for an example.
    pub fn info_sets(&self) -> impl Iterator<Item = InfoSetId> + '_ {
        (0..self.info_sets.len() as u32).map(InfoSetId)
    }

    /// The information set of `player` with key `key`, if the game has it.
    ///
    /// ```
    /// use games::{Kuhn, KuhnInfo};
    /// let tree = adversarial::GameTree::new(&Kuhn::new()).unwrap();
    /// let key = KuhnInfo::new(Some(2), &[Kuhn::PASS]).unwrap();
    /// assert!(tree.find(1, &key).is_some());
    /// assert!(tree.find(0, &key).is_none()); // player 0 does not move after one pass
    /// ```
    #[must_use]
    pub fn find(&self, player: usize, key: &G::InfoKey) -> Option<InfoSetId> {
        self.index
            .get(&(player, key.clone()))
            .map(|&i| InfoSetId(i))
    }

    /// The player whose information set `id` is.
    ///
    /// See [`GameTree`] for an example.
    #[must_use]
    pub fn player(&self, id: InfoSetId) -> usize {
        self.info_sets[id.index()].player as usize
    }

    /// The key of information set `id`.
    ///
    /// See [`GameTree`] for an example.
    #[must_use]
    pub fn key(&self, id: InfoSetId) -> &G::InfoKey {
        &self.keys[id.index()]
    }

    /// The moves of information set `id`, in the order of a policy's probabilities.
    ///
    /// See [`GameTree`] for an example.
    #[must_use]
    pub fn moves(&self, id: InfoSetId) -> &[G::Move] {
        let s = self.info_sets[id.index()];
        &self.moves[s.offset as usize..(s.offset + s.count) as usize]
    }

    /// The edges of node `n`.
    #[inline]
    pub(crate) fn edges(&self, node: Node) -> core::ops::Range<usize> {
        node.first as usize..(node.first + node.count) as usize
    }

    /// The information set of a player's node.
    #[inline]
    pub(crate) fn info_set(&self, node: Node) -> InfoSetData {
        self.info_sets[node.tag as usize]
    }

    /// The utilities of a terminal node.
    #[inline]
    pub(crate) fn utilities_of(&self, node: Node) -> &[f64] {
        let at = node.tag as usize * self.players;
        &self.utilities[at..at + self.players]
    }

    /// The offsets of the information sets' actions, for a policy (`info_set_count() + 1`
    /// entries).
    pub(crate) fn offsets(&self) -> Vec<u32> {
        let mut offsets: Vec<u32> = self.info_sets.iter().map(|s| s.offset).collect();
        offsets.push(self.action_count as u32);
        offsets
    }
}

impl<G: ImperfectInfo> Builder<'_, G> {
    fn too_big(&self) -> SearchError {
        SearchError::Config(format!(
            "the game tree has more than {} nodes (GameTree::with_max_nodes raises the limit)",
            self.max_nodes
        ))
    }

    /// Adds the node of `state` and, depth first, its subtree; returns its number.
    fn visit(&mut self, state: &G, depth: u32) -> Result<u32, SearchError> {
        if self.tree.nodes.len() >= self.max_nodes {
            return Err(self.too_big());
        }
        if depth > GameTree::<G>::MAX_DEPTH {
            return Err(SearchError::GameTooLong {
                max_plies: GameTree::<G>::MAX_DEPTH,
            });
        }
        self.tree.depth = self.tree.depth.max(depth as usize);
        let index = self.tree.nodes.len() as u32;
        let first = self.tree.child.len() as u32;
        match state.turn() {
            Turn::Over => {
                self.rewards.fill(f64::NAN);
                state.rewards(&mut self.rewards);
                let (low, high) = self.tree.reward_range;
                if let Some(r) = self.rewards.iter().find(|r| !(**r >= low && **r <= high)) {
                    return Err(SearchError::BrokenPromise {
                        what: format!(
                            "a reward {r} is not a number within reward_range() = ({low}, {high})"
                        ),
                    });
                }
                let tag = (self.tree.utilities.len() / self.tree.players) as u32;
                self.tree.utilities.extend_from_slice(&self.rewards);
                self.tree.nodes.push(Node {
                    kind: Kind::Terminal,
                    first,
                    count: 0,
                    tag,
                });
            }
            Turn::Chance => {
                self.outcomes.clear();
                state.chance_outcomes(&mut self.outcomes);
                let total: f64 = self.outcomes.iter().map(|(_, p)| p).sum();
                if self.outcomes.is_empty()
                    || self
                        .outcomes
                        .iter()
                        .any(|(_, p)| !(p.is_finite() && *p > 0.0))
                    || (total - 1.0).abs() > 1e-9
                {
                    return Err(SearchError::BrokenPromise {
                        what: format!(
                            "a chance node's probabilities must be positive and add up to 1, but they are {:?}",
                            self.outcomes.iter().map(|(_, p)| p).collect::<Vec<_>>()
                        ),
                    });
                }
                let outcomes = std::mem::take(&mut self.outcomes);
                self.push_inner(Kind::Chance, first, outcomes.len(), 0);
                for (&(_, p), edge) in outcomes.iter().zip(first as usize..) {
                    self.tree.probability[edge] = p;
                }
                for (k, &(outcome, _)) in outcomes.iter().enumerate() {
                    let mut next = state.clone();
                    next.apply(outcome);
                    let child = crate::stack::grow_if_low(depth as usize + 1, || {
                        self.visit(&next, depth + 1)
                    })?;
                    self.tree.child[first as usize + k] = child;
                }
                self.outcomes = outcomes;
            }
            Turn::Player(player) => {
                if player >= self.tree.players {
                    return Err(SearchError::BrokenPromise {
                        what: format!(
                            "turn() is Player({player}) but the game has {} players",
                            self.tree.players
                        ),
                    });
                }
                self.moves.clear();
                state.moves(&mut self.moves);
                if self.moves.is_empty() {
                    return Err(SearchError::NoLegalMoves);
                }
                let key = state.info_key(player);
                let set = match self.tree.index.get(&(player, key.clone())) {
                    Some(&set) => {
                        let known = self.tree.moves(InfoSetId(set));
                        if known != self.moves.as_slice() {
                            return Err(SearchError::BrokenPromise {
                                what: format!(
                                    "player {player}'s information set {key:?} has the moves {known:?} in one state and {:?} in another",
                                    self.moves
                                ),
                            });
                        }
                        set
                    }
                    None => {
                        let set = self.tree.info_sets.len() as u32;
                        self.tree.info_sets.push(InfoSetData {
                            player: player as u32,
                            offset: self.tree.moves.len() as u32,
                            count: self.moves.len() as u32,
                        });
                        self.tree.moves.extend_from_slice(&self.moves);
                        self.tree.keys.push(key.clone());
                        self.tree.index.insert((player, key), set);
                        set
                    }
                };
                let moves = std::mem::take(&mut self.moves);
                self.push_inner(Kind::Player, first, moves.len(), set);
                for (k, &mv) in moves.iter().enumerate() {
                    let mut next = state.clone();
                    next.apply(mv);
                    let child = crate::stack::grow_if_low(depth as usize + 1, || {
                        self.visit(&next, depth + 1)
                    })?;
                    self.tree.child[first as usize + k] = child;
                }
                self.moves = moves;
            }
        }
        Ok(index)
    }

    /// Adds an inner node with `count` edges, to be filled in.
    fn push_inner(&mut self, kind: Kind, first: u32, count: usize, tag: u32) {
        self.tree.nodes.push(Node {
            kind,
            first,
            count: count as u32,
            tag,
        });
        self.tree.child.resize(self.tree.child.len() + count, 0);
        self.tree
            .probability
            .resize(self.tree.probability.len() + count, 1.0);
    }
}
