//! [`Ismcts`]: information set Monte Carlo tree search (single observer, Cowling, Powley
//! and Whitehouse 2012) for any [`ImperfectInfo`] game: hidden cards, hidden dice, moves
//! made at once, chance, any number of players.
//!
//! The algorithm is described on the engine's type.

use search_core::{
    Budget, BudgetError, ImperfectInfo, Interval, SearchError, SplitMix64, Stats, Strategy, Turn,
};

use crate::engine::result::{MoveStats, SearchResult, Value};
use crate::engine::rules::{Rules, draw_outcome};
use crate::hidden::settings::{Settings, settings_methods};
use crate::steps::playout::{MAX_PLAYOUT_PLIES, Playout, RandomPlayout};

const NONE: u32 = u32::MAX;

/// One move of a node: its statistics for the player who chooses it.
#[derive(Clone, Debug)]
struct Edge<M> {
    mv: M,
    visits: u32,
    available: u32,
    reward: f64,
    /// The next edge of the same node.
    next: u32,
}

/// What the observer knows at one point of the walk, and the moves seen there.
#[derive(Clone, Debug)]
struct Node<K> {
    key: K,
    turn: Turn,
    depth: u32,
    first_edge: u32,
    first_child: u32,
    /// The next child of the same parent.
    sibling: u32,
}

/// Information set MCTS from the point of view of the player to move.
///
/// **The tree is the searching player's view.** The root is the searching player's (the
/// *observer's*) information set. Each iteration draws a *determinization*, a full state
/// consistent with what the observer knows ([`ImperfectInfo::sample_state`]), and walks
/// it down the tree. A node stands for what the observer knows at that point of the walk:
/// the child reached by a move or a chance outcome is found by the observer's
/// [`info_key`](ImperfectInfo::info_key) after it (and the turn). Outcomes and moves the
/// observer does not see lead to the same child, so the statistics of a node are shared by
/// every state the observer cannot tell apart: the search never acts on what it could not
/// know.
///
/// **The other players are modelled with the observer's knowledge.** Their moves are
/// chosen in the same tree, by statistics gathered over every determinization in which
/// the move was legal: the search expects them to play what does well on average given
/// what the observer knows. Their own hidden information shows only in which moves are
/// legal in each determinization, and a later choice of theirs cannot depend on an
/// earlier move of theirs the observer did not see.
///
/// **Edges are moves, counted by availability.** A node keeps one edge per move it has seen
/// legal (in different determinizations different moves may be legal, e.g. the cards an
/// opponent may hold), with its visits, its total reward for the player who chose it, and
/// its *availability*: how many times the move was legal when the node was visited. Among
/// the moves legal in this determinization, a move never tried is tried first (one at
/// random); otherwise the move maximising
///
/// `mean + c · sqrt(ln(availability) / visits)`
///
/// is chosen (availability-aware UCB, the count of the parent's visits replaced by the
/// move's availability).
///
/// **One node per iteration.** The walk stops at the first child that is not in the tree
/// yet; it is added (unless the node cap or the depth limit says no) and a playout
/// ([`Playout`], uniformly random by default) plays the determinization to the end. Every
/// edge on the path adds a visit and the normalised reward (`[0, 1]` by the game's reward
/// range) of the player who chose it.
///
/// The move played is the most visited root move.
///
/// # Budget
/// [`with_budget`](Ismcts::with_budget) takes iterations (one determinization each),
/// nodes (states entered, in the tree and in playouts: [`Stats::nodes`]), time and a
/// stop flag, any of which ends the search (checked between iterations), and a depth (the
/// tree grows no deeper, in the players' moves). A budget with only a depth, or none,
/// is refused. The tree's memory is bounded by [`with_node_cap`](Ismcts::with_node_cap):
/// at the cap the search goes on with playouts from the leaves.
///
/// # Cost
/// Nodes and edges live in two growing arrays (nothing is allocated per node beyond
/// them), but each iteration asks the game for a sampled state and each step down the
/// tree for the observer's [`info_key`](ImperfectInfo::info_key), which it keeps in the
/// node it adds: a key that holds a `Vec` costs an allocation per step. Keep keys small.
///
/// # Reproducible
/// All randomness (determinizations, the order of untried moves, playouts) comes from
/// one [`SplitMix64`] seeded by [`with_seed`](Ismcts::with_seed): with an iteration or
/// node budget, a seed gives the same result.
///
/// ```
/// use games::Kuhn;
/// use mcts::Ismcts;
/// use search_core::{Budget, GeneralGame};
///
/// let mut game = Kuhn::new();
/// game.apply(2); // player 0 holds the king
/// game.apply(0); // player 1 the jack
/// game.apply(Kuhn::PASS);
/// game.apply(Kuhn::BET);
/// // Player 0 holds the king and faces a bet: calling always wins.
/// let result = Ismcts::new().with_budget(Budget::iterations(2_000)).search(&game)?;
/// assert_eq!(result.best_move, Kuhn::BET);
/// assert_eq!(result.stats.iterations, 2_000);
/// # Ok::<(), search_core::SearchError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ismcts<P = RandomPlayout> {
    settings: Settings,
    playout: P,
}

impl Ismcts<RandomPlayout> {
    /// Random playouts, exploration constant 0.7,
    /// 10 000 iterations, node cap [`DEFAULT_NODE_CAP`](crate::DEFAULT_NODE_CAP), seed 0.
    ///
    /// ```
    /// let ai = mcts::Ismcts::new();
    /// assert_eq!(ai.budget().max_iterations(), Some(10_000));
    /// assert_eq!(ai.seed(), 0);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Ismcts {
            settings: Settings::new(Self::DEFAULT_EXPLORATION),
            playout: RandomPlayout,
        }
    }
}

impl Default for Ismcts<RandomPlayout> {
    /// The same as [`Ismcts::new`].
    ///
    /// ```
    /// assert_eq!(mcts::Ismcts::default().seed(), 0);
    /// ```
    fn default() -> Self {
        Self::new()
    }
}

/// What a search returns.
type Found<M> = Result<SearchResult<M>, SearchError>;

impl<P> Ismcts<P> {
    settings_methods!("Ismcts", exploration);

    /// The default exploration constant `c` of the UCB score (rewards are in `[0, 1]`).
    pub(crate) const DEFAULT_EXPLORATION: f64 = 0.7;

    /// The bytes one tree node and one edge take besides the information key's own heap
    /// memory, to turn a memory cap into a node cap.
    const NODE_BYTES: u64 = 96;

    /// The node cap as a number of bytes: a node and its edge take 96 bytes beside the
    /// information key's own heap memory.
    ///
    /// ```
    /// let ai = mcts::Ismcts::new().with_memory_cap(96_000);
    /// assert_eq!(ai.node_cap(), 1_000);
    /// ```
    #[must_use]
    pub fn with_memory_cap(self, bytes: u64) -> Self {
        self.with_node_cap(bytes / Self::NODE_BYTES)
    }

    /// Plays out with `playout` instead.
    ///
    /// ```
    /// use mcts::{HintPlayout, Ismcts};
    /// let ai = Ismcts::new().with_seed(4).with_playout(HintPlayout::new(0.5));
    /// assert_eq!(ai.seed(), 4);
    /// ```
    #[must_use]
    pub fn with_playout<Q>(self, playout: Q) -> Ismcts<Q> {
        Ismcts {
            settings: self.settings,
            playout,
        }
    }

    /// Searches `state`, where a player is to move, from that player's point of view: it
    /// uses only what [`info_key`](ImperfectInfo::info_key) of that player holds (every
    /// iteration starts from a state drawn by [`sample_state`](ImperfectInfo::sample_state)).
    /// The result's `moves` lists every root move with its visits and mean normalised
    /// reward, most visited first.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`SearchError::Config`] for a chance
    /// node at the root, an exploration constant that is NaN or negative, or a node cap
    /// of zero; [`SearchError::Budget`] for a zero limit or a budget that never ends;
    /// [`SearchError::BrokenPromise`] when the game breaks one (a sample with another
    /// key or turn, rewards out of range, chance probabilities that do not add up to 1);
    /// [`SearchError::NoLegalMoves`] for an ongoing state without moves.
    ///
    /// # Panics
    /// A panic in the game or the playout policy unwinds to the caller.
    ///
    /// ```
    /// use games::Kuhn;
    /// use mcts::Ismcts;
    /// use search_core::{Budget, GeneralGame, SearchError};
    /// let mut game = Kuhn::new();
    /// game.apply(0);
    /// assert!(matches!(Ismcts::new().search(&game), Err(SearchError::Config(_))));
    /// game.apply(1);
    /// let zero = Ismcts::new().with_budget(Budget::iterations(0));
    /// assert!(matches!(zero.search(&game), Err(SearchError::Budget(_))));
    /// ```
    pub fn search<G>(&self, state: &G) -> Found<G::Move>
    where
        G: ImperfectInfo,
        P: Playout<G>,
    {
        let observer = match state.turn() {
            Turn::Over => return Err(SearchError::GameOver),
            Turn::Chance => {
                return Err(SearchError::Config(
                    "the position is a chance node: apply one of its outcomes first".into(),
                ));
            }
            Turn::Player(p) => p,
        };
        if !(self.settings.exploration >= 0.0 && self.settings.exploration.is_finite()) {
            return Err(SearchError::Config(format!(
                "the exploration constant must be finite and not negative, not {}",
                self.settings.exploration
            )));
        }
        if self.settings.node_cap == 0 {
            return Err(SearchError::Config(
                "the node cap must allow at least the root".into(),
            ));
        }
        check_budget(&self.settings.budget, "Ismcts")?;
        let rules = Rules::of(state)?;
        rules.mover(observer)?;
        let running = self.settings.budget.start()?;
        let mut search = Run {
            tree: vec![Node {
                key: state.info_key(observer),
                turn: state.turn(),
                depth: 0,
                first_edge: NONE,
                first_child: NONE,
                sibling: NONE,
            }],
            edges: Vec::new(),
            rules,
            observer,
            exploration: self.settings.exploration,
            cap: usize::try_from(self.settings.node_cap).unwrap_or(usize::MAX),
            max_depth: running.max_depth(),
            rng: SplitMix64::new(self.settings.seed),
            moves: Vec::new(),
            outcomes: Vec::new(),
            legal: Vec::new(),
            path: Vec::new(),
            raw: vec![0.0; rules.players],
            norm: vec![0.0; rules.players],
            stats: Stats::default(),
        };
        let mut pacer = running.pacer();
        let max_iterations = running.max_iterations();
        while search.stats.iterations < max_iterations
            && search.stats.nodes < running.max_nodes()
            && !running.out_of_time_paced(search.stats.iterations, &mut pacer)
        {
            let sample = state.sample_state(observer, &mut search.rng);
            if sample.turn() != state.turn() || sample.info_key(observer) != search.tree[0].key {
                return Err(SearchError::BrokenPromise {
                    what: format!(
                        "sample_state({observer}) returned a state with another turn or \
                         info_key({observer})"
                    ),
                });
            }
            search.iterate(sample, &self.playout)?;
        }
        search.stats.elapsed = running.elapsed();
        search.finish(state)
    }
}

/// An [`Ismcts`] is a [`Strategy`] of any [`ImperfectInfo`] game, so it plays in any match
/// runner or terminal loop (those of the `plysearch-play` crate): each move is a
/// [`search`](Ismcts::search) of the state, from the point of view of the player to move.
///
/// ```
/// use games::Kuhn;
/// use mcts::Ismcts;
/// use search_core::{Budget, GeneralGame, Strategy};
///
/// let mut state = Kuhn::new();
/// state.apply(2); // the first player is dealt the king
/// state.apply(0); // the second the jack
/// let mut ai = Ismcts::new().with_seed(1).with_budget(Budget::iterations(300));
/// assert!([Kuhn::PASS, Kuhn::BET].contains(&ai.choose_move(&state).unwrap()));
/// assert_eq!(Strategy::<Kuhn>::name(&ai), "ismcts");
/// ```
impl<G, P> Strategy<G> for Ismcts<P>
where
    G: ImperfectInfo,
    P: Playout<G>,
{
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        Ok(self.search(state)?.best_move)
    }

    fn name(&self) -> String {
        "ismcts".into()
    }
}

/// Refuses a budget that would never end.
fn check_budget(budget: &Budget, engine: &'static str) -> Result<(), BudgetError> {
    let ends = budget.max_iterations().is_some()
        || budget.max_nodes().is_some()
        || budget.time_limit().is_some()
        || budget.stop_flag().is_some();
    if ends {
        Ok(())
    } else {
        Err(BudgetError::NeverStops {
            engine,
            advice: "add an iterations, nodes or time limit, or a stop flag",
        })
    }
}

/// One search: the tree, the settings, the buffers.
struct Run<G: ImperfectInfo> {
    tree: Vec<Node<G::InfoKey>>,
    edges: Vec<Edge<G::Move>>,
    rules: Rules,
    observer: usize,
    exploration: f64,
    cap: usize,
    max_depth: u32,
    rng: SplitMix64,
    moves: Vec<G::Move>,
    outcomes: Vec<(G::Move, f64)>,
    /// The edge of each legal move of the node being visited.
    legal: Vec<u32>,
    /// The edges of this iteration, with the player who chose each.
    path: Vec<(u32, usize)>,
    raw: Vec<f64>,
    norm: Vec<f64>,
    stats: Stats,
}

impl<G: ImperfectInfo> Run<G> {
    /// One iteration on the determinization `state`.
    fn iterate<P: Playout<G>>(&mut self, mut state: G, playout: &P) -> Result<(), SearchError> {
        self.stats.iterations += 1;
        self.path.clear();
        let mut node = 0usize;
        let mut ply = 0u32;
        loop {
            self.stats.nodes += 1;
            let turn = state.turn();
            match turn {
                Turn::Over => {
                    self.reward(&state)?;
                    break;
                }
                Turn::Chance => {
                    let outcome = draw_outcome(&state, &mut self.outcomes, &mut self.rng)?;
                    state.apply(outcome);
                }
                Turn::Player(p) => {
                    let mover = self.rules.mover(p)?;
                    let edge = self.select(node, &state)?;
                    self.path.push((edge, usize::from(mover)));
                    state.apply(self.edges[edge as usize].mv);
                    ply += 1;
                }
            }
            self.stats.max_ply = self.stats.max_ply.max(ply);
            match self.child(node, &state) {
                Some((child, false)) => node = child,
                Some((_, true)) | None => {
                    self.playout(&mut state, playout)?;
                    break;
                }
            }
        }
        self.stats.depth_reached = self.stats.depth_reached.max(ply);
        for &(edge, mover) in &self.path {
            let e = &mut self.edges[edge as usize];
            e.visits += 1;
            e.reward += self.norm[mover];
        }
        Ok(())
    }

    /// The rewards of the finished `state`, normalised into `self.norm`.
    fn reward(&mut self, state: &G) -> Result<(), SearchError> {
        state.rewards(&mut self.raw);
        self.rules.score(&self.raw, &mut self.norm)?;
        self.stats.leaves += 1;
        Ok(())
    }

    /// The edge to follow from `node` in `state`: every legal move gets an edge and one
    /// more availability; an untried one at random, else the best UCB score.
    fn select(&mut self, node: usize, state: &G) -> Result<u32, SearchError> {
        self.moves.clear();
        state.moves(&mut self.moves);
        if self.moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        self.legal.clear();
        let mut untried = 0usize;
        for &mv in &self.moves {
            let mut e = self.tree[node].first_edge;
            while e != NONE && self.edges[e as usize].mv != mv {
                e = self.edges[e as usize].next;
            }
            if e == NONE {
                e = self.edges.len() as u32;
                self.edges.push(Edge {
                    mv,
                    visits: 0,
                    available: 0,
                    reward: 0.0,
                    next: self.tree[node].first_edge,
                });
                self.tree[node].first_edge = e;
            }
            let edge = &mut self.edges[e as usize];
            edge.available += 1;
            if edge.visits == 0 {
                untried += 1;
            }
            self.legal.push(e);
        }
        if untried > 0 {
            let mut pick = self.rng.below(untried);
            for &e in &self.legal {
                if self.edges[e as usize].visits == 0 {
                    if pick == 0 {
                        return Ok(e);
                    }
                    pick -= 1;
                }
            }
        }
        let mut best = self.legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for &e in &self.legal {
            let edge = &self.edges[e as usize];
            let n = f64::from(edge.visits);
            let score =
                edge.reward / n + self.exploration * (f64::from(edge.available).ln() / n).sqrt();
            if score > best_score {
                best_score = score;
                best = e;
            }
        }
        Ok(best)
    }

    /// The child of `node` for the observer's view of `state`: `(index, false)` if it was
    /// in the tree, `(index, true)` if it was added now, `None` if it may not be added.
    fn child(&mut self, node: usize, state: &G) -> Option<(usize, bool)> {
        let key = state.info_key(self.observer);
        let turn = state.turn();
        let mut c = self.tree[node].first_child;
        while c != NONE {
            let child = &self.tree[c as usize];
            if child.turn == turn && child.key == key {
                return Some((c as usize, false));
            }
            c = child.sibling;
        }
        let depth =
            self.tree[node].depth + u32::from(matches!(self.tree[node].turn, Turn::Player(_)));
        if self.tree.len() >= self.cap || depth > self.max_depth {
            return None;
        }
        let index = self.tree.len();
        self.tree.push(Node {
            key,
            turn,
            depth,
            first_edge: NONE,
            first_child: NONE,
            sibling: self.tree[node].first_child,
        });
        self.tree[node].first_child = index as u32;
        Some((index, true))
    }

    /// Plays `state` to the end with `policy`; the normalised rewards in `self.norm`.
    fn playout<P: Playout<G>>(&mut self, state: &mut G, policy: &P) -> Result<(), SearchError> {
        for _ in 0..MAX_PLAYOUT_PLIES {
            match state.turn() {
                Turn::Over => return self.reward(state),
                Turn::Player(p) => {
                    self.rules.mover(p)?;
                    self.moves.clear();
                    state.moves(&mut self.moves);
                    if self.moves.is_empty() {
                        return Err(SearchError::NoLegalMoves);
                    }
                    let mv = policy.choose(state, &self.moves, &mut self.rng);
                    state.apply(mv);
                }
                Turn::Chance => {
                    let outcome = draw_outcome(&*state, &mut self.outcomes, &mut self.rng)?;
                    state.apply(outcome);
                }
            }
            self.stats.nodes += 1;
        }
        // A game longer than any playout may be: every player gets the middle.
        self.norm.fill(0.5);
        Ok(())
    }

    /// The result: the root's legal moves, most visited first.
    fn finish(self, state: &G) -> Found<G::Move> {
        let mut legal = Vec::new();
        state.moves(&mut legal);
        let mut moves: Vec<MoveStats<G::Move>> = legal
            .iter()
            .map(|&mv| {
                let mut e = self.tree[0].first_edge;
                while e != NONE && self.edges[e as usize].mv != mv {
                    e = self.edges[e as usize].next;
                }
                let (visits, reward) = match self.edges.get(e as usize) {
                    Some(edge) => (u64::from(edge.visits), edge.reward),
                    None => (0, 0.0),
                };
                let mean = if visits > 0 {
                    reward / visits as f64
                } else {
                    0.0
                };
                MoveStats {
                    mv,
                    visits,
                    mean,
                    interval: Interval::wilson(mean, visits),
                    proven: None,
                    prior: 0.0,
                }
            })
            .collect();
        moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean)));
        let best = moves.first().ok_or(SearchError::NoLegalMoves)?;
        Ok(SearchResult {
            best_move: best.mv,
            value: Value::Estimate(best.mean),
            player: self.observer,
            root_visits: moves.iter().map(|m| m.visits).sum(),
            moves,
            stats: self.stats,
            tree_size: self.tree.len(),
            threads: 1,
            reward_range: (self.rules.low, self.rules.high),
        })
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

    fn ai(iterations: u64, seed: u64) -> Ismcts {
        Ismcts::new()
            .with_seed(seed)
            .with_budget(Budget::iterations(iterations))
    }

    #[test]
    fn finds_a_forced_win_in_a_perfect_information_game() {
        // X: 0 1 . / O: 3 4 . / . . .  X to move wins at 2; O threatens 5.
        let mut game = PerfectInfo::new(TicTacToe::new());
        for mv in [0, 3, 1, 4] {
            game.apply(mv);
        }
        for seed in 0..4 {
            let r = ai(3_000, seed).search(&game).unwrap();
            assert_eq!(r.best_move, 2, "seed {seed}: {r}");
        }
        // O to move must block 2 (a forced line: everything else loses at once).
        let mut block = PerfectInfo::new(TicTacToe::new());
        for mv in [0, 4, 1] {
            block.apply(mv);
        }
        for seed in 0..4 {
            assert_eq!(ai(5_000, seed).search(&block).unwrap().best_move, 2);
        }
    }

    #[test]
    fn never_folds_the_king_and_never_calls_with_the_jack() {
        for seed in 0..6 {
            for other in [0, 1] {
                // Player 1 holds the king and faces a bet; player 0 with the king facing
                // pass-bet. The searching player's own card is all it may use.
                let k1 = kuhn([other, 2], &[Kuhn::BET]);
                assert_eq!(ai(2_000, seed).search(&k1).unwrap().best_move, Kuhn::BET);
                let k0 = kuhn([2, other], &[Kuhn::PASS, Kuhn::BET]);
                assert_eq!(ai(2_000, seed).search(&k0).unwrap().best_move, Kuhn::BET);
            }
            let jack = kuhn([1, 0], &[Kuhn::BET]);
            assert_eq!(ai(2_000, seed).search(&jack).unwrap().best_move, Kuhn::PASS);
        }
    }

    #[test]
    fn calls_a_bid_that_cannot_hold_with_two_or_three_players() {
        use games::LiarsDice;
        // Two players: player 1 holds a 1 and faces "two fives": at most one die (player
        // 0's) can count, so calling wins for sure whatever player 0 holds.
        let mut two = LiarsDice::new(2, 1, 6).unwrap();
        two.apply(4);
        two.apply(1);
        two.apply(two.bid(2, 5).unwrap());
        // Three players: player 2 holds a 1 and faces "three fives".
        let mut three = LiarsDice::new(3, 1, 6).unwrap();
        for face in [2, 5, 1] {
            three.apply(face);
        }
        three.apply(three.bid(1, 1).unwrap());
        three.apply(three.bid(3, 5).unwrap());
        for seed in 0..4 {
            let r = ai(3_000, seed).search(&two).unwrap();
            assert_eq!(r.best_move, two.liar(), "{r}");
            let r = ai(3_000, seed).search(&three).unwrap();
            assert_eq!(r.best_move, three.liar(), "{r}");
            assert_eq!(r.player, 2);
        }
    }

    #[test]
    fn uses_only_the_searching_players_information() {
        // Player 1's view is the same whatever player 0 holds: the same seed gives the
        // same search, move for move.
        let a = ai(1_500, 3).search(&kuhn([0, 1], &[Kuhn::BET])).unwrap();
        let b = ai(1_500, 3).search(&kuhn([2, 1], &[Kuhn::BET])).unwrap();
        assert_eq!(a.moves, b.moves);
    }

    #[test]
    fn a_seed_gives_the_same_search() {
        let game = kuhn([1, 2], &[]);
        let a = ai(3_000, 11).search(&game).unwrap();
        let b = ai(3_000, 11).search(&game).unwrap();
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.tree_size, b.tree_size);
        assert_eq!(a.stats.nodes, b.stats.nodes);
        let c = ai(3_000, 12).search(&game).unwrap();
        assert_ne!(a.moves, c.moves, "another seed should explore differently");
    }

    #[test]
    fn budgets_are_honoured() {
        let game = PerfectInfo::new(TicTacToe::new());
        let r = ai(777, 0).search(&game).unwrap();
        assert_eq!(r.stats.iterations, 777);
        assert_eq!(r.root_visits, 777);
        let nodes = Ismcts::new()
            .with_budget(Budget::nodes(5_000))
            .search(&game)
            .unwrap();
        // Checked between iterations: at most one game of 9 plies (plus the root) over.
        assert!(
            nodes.stats.nodes >= 5_000 && nodes.stats.nodes < 5_000 + 11,
            "{}",
            nodes.stats.nodes
        );
        let capped = ai(2_000, 0).with_node_cap(50).search(&game).unwrap();
        assert_eq!(capped.tree_size, 50);
        assert_eq!(capped.stats.iterations, 2_000);
        let shallow = Ismcts::new()
            .with_budget(Budget::iterations(2_000).with_depth(1))
            .search(&game)
            .unwrap();
        assert_eq!(shallow.tree_size, 10); // the root and its nine moves
        let flag = StopFlag::new();
        flag.stop();
        let stopped = Ismcts::new()
            .with_budget(Budget::new().with_stop(flag))
            .search(&game)
            .unwrap();
        assert_eq!(stopped.stats.iterations, 0);
        let timed = Ismcts::new()
            .with_budget(Budget::time(std::time::Duration::from_millis(30)))
            .search(&game)
            .unwrap();
        assert!(timed.stats.iterations > 0);
    }

    #[test]
    fn bad_settings_are_typed_errors() {
        let game = kuhn([0, 1], &[]);
        for budget in [
            Budget::iterations(0),
            Budget::nodes(0),
            Budget::time(std::time::Duration::ZERO),
            Budget::new(),
            Budget::depth(3),
        ] {
            let r = Ismcts::new().with_budget(budget.clone()).search(&game);
            assert!(matches!(r, Err(SearchError::Budget(_))), "{budget:?}");
        }
        for c in [f64::NAN, -1.0, f64::INFINITY] {
            let r = Ismcts::new().with_exploration(c).search(&game);
            assert!(matches!(r, Err(SearchError::Config(_))));
        }
        let r = Ismcts::new().with_node_cap(0).search(&game);
        assert!(matches!(r, Err(SearchError::Config(_))));
        let over = kuhn([0, 1], &[Kuhn::BET, Kuhn::PASS]);
        assert_eq!(
            Ismcts::new().search(&over).unwrap_err(),
            SearchError::GameOver
        );
    }

    /// A game whose sample breaks the contract: another key.
    #[derive(Clone, Debug, PartialEq)]
    struct Liar(Kuhn);

    impl GeneralGame for Liar {
        type Move = u8;
        fn player_count(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn moves(&self, m: &mut Vec<u8>) {
            self.0.moves(m);
        }
        fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
            self.0.chance_outcomes(o);
        }
        fn apply(&mut self, mv: u8) {
            self.0.apply(mv);
        }
        fn rewards(&self, r: &mut [f64]) {
            self.0.rewards(r);
        }
        fn reward_range(&self) -> (f64, f64) {
            (-2.0, 2.0)
        }
    }

    impl ImperfectInfo for Liar {
        type InfoKey = games::KuhnInfo;
        fn info_key(&self, p: usize) -> games::KuhnInfo {
            self.0.info_key(p)
        }
        fn sample_state(&self, _p: usize, _rng: &mut SplitMix64) -> Self {
            let mut other = Kuhn::new();
            other.apply(2);
            other.apply(1);
            Liar(other)
        }
    }

    #[test]
    fn a_broken_sample_is_reported() {
        let r = Ismcts::new().search(&Liar(kuhn([0, 1], &[])));
        assert!(matches!(r, Err(SearchError::BrokenPromise { .. })), "{r:?}");
    }
}
