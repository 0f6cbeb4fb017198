//! [`SmMcts`]: Monte Carlo tree search for games of simultaneous moves
//! ([`SimultaneousGame`]), after Lanctot, Lisý and Bošanský (2013, 2014).
//!
//! The algorithm is described on the engine's type.

use search_core::{SearchError, Sequential, SimultaneousGame, SplitMix64, Stats};

use crate::engine::rules::Rules;
use crate::hidden::settings::{Settings, settings_methods};
use crate::steps::playout::MAX_PLAYOUT_PLIES;

const NONE: u32 = u32::MAX;

/// How each player chooses at a node of [`SmMcts`].
///
/// ```
/// use mcts::{SmMcts, SmSelection};
/// let ai = SmMcts::new().with_selection(SmSelection::RegretMatching { gamma: 0.2 });
/// assert_eq!(ai.selection(), SmSelection::RegretMatching { gamma: 0.2 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SmSelection {
    /// Decoupled UCT with exploration constant `c` (finite, not negative).
    DecoupledUct {
        /// The exploration constant.
        c: f64,
    },
    /// Regret matching, mixed with `gamma` (in `(0, 1]`) of the uniform strategy.
    RegretMatching {
        /// The share of uniform exploration.
        gamma: f64,
    },
}

/// One move of one player at one node.
#[derive(Clone, Debug, Default)]
struct Slot {
    visits: u32,
    reward: f64,
    regret: f64,
    /// The sum of the regret-matching strategy's probability of this move.
    average: f64,
}

#[derive(Clone, Debug)]
struct Node {
    /// Where this node's entries of [`Run::offsets`] start: where each player's moves
    /// and slots start in [`Run::moves`] and [`Run::slots`], one more entry for the end.
    offsets: u32,
    visits: u32,
    over: bool,
    first_child: u32,
    sibling: u32,
    /// The joint move leading here, as slot indices folded into one number.
    joint: u64,
    depth: u32,
}

/// A strategy of one player at the root of a [`SmMcts`] search.
///
/// ```
/// use mcts::MixedMove;
/// let m = MixedMove { mv: 2u8, probability: 0.5, visits: 10, mean: 0.6 };
/// assert_eq!(m.mv, 2);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MixedMove<M> {
    /// The move.
    pub mv: M,
    /// Its probability in the final strategy.
    pub probability: f64,
    /// How often the search chose it at the root.
    pub visits: u64,
    /// Its mean normalised reward (in `[0, 1]`) for the player, over those visits.
    pub mean: f64,
}

/// What a [`SmMcts`] search returns: a mixed strategy for every player at the root.
///
/// See [`SmMcts`] for an example.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SmResult<M> {
    /// `strategies[p]`: player `p`'s moves at the root, in the game's order, with their
    /// probabilities (adding up to 1).
    pub strategies: Vec<Vec<MixedMove<M>>>,
    /// The counters: iterations, states entered (`nodes`, in the tree and in playouts),
    /// finished games reached (`leaves`), deepest round of the tree (`depth_reached`).
    pub stats: Stats,
    /// Nodes in the tree.
    pub tree_size: usize,
}

impl<M: Copy> SmResult<M> {
    /// Player `player`'s move drawn from its strategy with `rng` (`None` for a player
    /// that is not in the game).
    ///
    /// ```
    /// use games::Goofspiel;
    /// use mcts::SmMcts;
    /// use search_core::{Budget, SplitMix64};
    /// let r = SmMcts::new().with_budget(Budget::iterations(500)).search(&Goofspiel::new(3)?)?;
    /// let mv = r.sample(0, &mut SplitMix64::new(1)).unwrap();
    /// assert!((1..=3).contains(&mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample(&self, player: usize, rng: &mut SplitMix64) -> Option<M> {
        let moves = self.strategies.get(player)?;
        let mut u = rng.next_f64();
        for m in moves {
            if u < m.probability {
                return Some(m.mv);
            }
            u -= m.probability;
        }
        moves.last().map(|m| m.mv)
    }

    /// Player `player`'s most likely move (the first of equals).
    ///
    /// ```
    /// use games::Goofspiel;
    /// use mcts::SmMcts;
    /// use search_core::Budget;
    /// let r = SmMcts::new().with_budget(Budget::iterations(500)).search(&Goofspiel::new(3)?)?;
    /// assert!(r.most_likely(1).is_some());
    /// assert!(r.most_likely(2).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn most_likely(&self, player: usize) -> Option<M> {
        let moves = self.strategies.get(player)?;
        let mut best: Option<&MixedMove<M>> = None;
        for m in moves {
            if best.is_none_or(|b| m.probability > b.probability) {
                best = Some(m);
            }
        }
        best.map(|m| m.mv)
    }
}

/// Simultaneous-move MCTS.
///
/// A node is a state at the start of a round; its children are the joint moves tried
/// there. At every node each player chooses *on its own* (decoupled), from statistics of
/// its own moves only, without looking at the others' choices:
///
/// * [`SmSelection::DecoupledUct`]: untried moves first (one at random), then the best
///   `mean + c · sqrt(ln N / n)` (`N` the node's visits, `n` the move's). The final
///   strategy of a player at the root is its visit counts, normalised.
/// * [`SmSelection::RegretMatching`]: the player samples from the regret-matching
///   strategy of its cumulative regrets mixed with `gamma` of the uniform strategy, and
///   updates the regrets with the importance-weighted reward of its sampled move. The
///   final strategy is the average of the regret-matching strategies used at the root;
///   in a two-player zero-sum game it converges to a Nash equilibrium.
///
/// A new joint move adds one node, from which a uniformly random playout ends the game;
/// rewards are normalised to `[0, 1]` by the game's reward range.
///
/// # Budget
/// Iterations, nodes (states entered, [`Stats::nodes`]), time and a stop flag end the
/// search (checked between iterations); a depth (in rounds) stops the tree growing. A
/// budget with only a depth, or none, is refused. The node cap
/// ([`with_node_cap`](SmMcts::with_node_cap)) bounds the tree.
///
/// # Reproducible
/// All randomness comes from one [`SplitMix64`] of the seed.
///
/// ```
/// use games::Goofspiel;
/// use mcts::{SmMcts, SmSelection};
/// use search_core::Budget;
///
/// let ai = SmMcts::new()
///     .with_selection(SmSelection::RegretMatching { gamma: 0.1 })
///     .with_budget(Budget::iterations(3_000));
/// let result = ai.search(&Goofspiel::new(4)?)?;
/// let total: f64 = result.strategies[0].iter().map(|m| m.probability).sum();
/// assert!((total - 1.0).abs() < 1e-9);
/// assert_eq!(result.stats.iterations, 3_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SmMcts {
    settings: Settings,
    selection: SmSelection,
}

impl Default for SmMcts {
    /// The same as [`SmMcts::new`].
    ///
    /// ```
    /// assert_eq!(mcts::SmMcts::default().seed(), 0);
    /// ```
    fn default() -> Self {
        Self::new()
    }
}

impl SmMcts {
    settings_methods!("SmMcts");

    /// Regret matching with `gamma = 0.1`, 10 000 iterations, node cap
    /// [`DEFAULT_NODE_CAP`](crate::DEFAULT_NODE_CAP), seed 0.
    ///
    /// ```
    /// use mcts::{SmMcts, SmSelection};
    /// assert_eq!(SmMcts::new().selection(), SmSelection::RegretMatching { gamma: 0.1 });
    /// ```
    #[must_use]
    pub fn new() -> Self {
        SmMcts {
            // The exploration constant is the selection's, not the shared setting's.
            settings: Settings::new(0.0),
            selection: SmSelection::RegretMatching { gamma: 0.1 },
        }
    }

    search_core::builder_methods! {
        /// Sets how the players choose.
        ///
        /// See [`SmSelection`] for an example.
        with_selection(selection: SmSelection) => selection;

        /// How the players choose.
        ///
        /// See [`SmSelection`] for an example.
        selection() -> SmSelection = selection;
    }

    /// Searches `state` and returns every player's mixed strategy at the root.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] for a finished game; [`SearchError::Config`] for a
    /// selection parameter out of range or a node cap of zero; [`SearchError::Budget`]
    /// for a zero limit or a budget that never ends; [`SearchError::BrokenPromise`] for
    /// rewards out of range, a player without moves, or too many moves to number.
    ///
    /// ```
    /// use games::Goofspiel;
    /// use mcts::{SmMcts, SmSelection};
    /// use search_core::SearchError;
    /// let bad = SmMcts::new().with_selection(SmSelection::RegretMatching { gamma: 0.0 });
    /// assert!(matches!(bad.search(&Goofspiel::new(3)?), Err(SearchError::Config(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search<G: SimultaneousGame>(&self, state: &G) -> Result<SmResult<G::Move>, SearchError> {
        if state.is_over() {
            return Err(SearchError::GameOver);
        }
        match self.selection {
            SmSelection::DecoupledUct { c } if !(c >= 0.0 && c.is_finite()) => {
                return Err(SearchError::Config(format!(
                    "the exploration constant must be finite and not negative, not {c}"
                )));
            }
            SmSelection::RegretMatching { gamma } if !(gamma > 0.0 && gamma <= 1.0) => {
                return Err(SearchError::Config(format!(
                    "gamma must be in (0, 1], not {gamma}"
                )));
            }
            _ => {}
        }
        if self.settings.node_cap == 0 {
            return Err(SearchError::Config(
                "the node cap must allow at least the root".into(),
            ));
        }
        let b = &self.settings.budget;
        let ends = b.max_iterations().is_some()
            || b.max_nodes().is_some()
            || b.time_limit().is_some()
            || b.stop_flag().is_some();
        if !ends {
            return Err(search_core::BudgetError::NeverStops {
                engine: "SmMcts",
                advice: "add an iterations, nodes or time limit, or a stop flag",
            }
            .into());
        }
        let rules = Rules::of(&Sequential::new(state.clone()))?;
        let running = b.start()?;
        let mut run = Run {
            tree: Vec::new(),
            offsets: Vec::new(),
            moves: Vec::new(),
            slots: Vec::new(),
            rules,
            selection: self.selection,
            cap: usize::try_from(self.settings.node_cap).unwrap_or(usize::MAX),
            max_depth: running.max_depth(),
            rng: SplitMix64::new(self.settings.seed),
            buffer: Vec::new(),
            joint: Vec::new(),
            path: Vec::new(),
            chosen: Vec::new(),
            raw: vec![0.0; rules.players],
            norm: vec![0.0; rules.players],
            strategy: Vec::new(),
            stats: Stats::default(),
        };
        run.add(state, 0, 0)?;
        let mut pacer = running.pacer();
        while run.stats.iterations < running.max_iterations()
            && run.stats.nodes < running.max_nodes()
            && !running.out_of_time_paced(run.stats.iterations, &mut pacer)
        {
            run.iterate(state.clone())?;
        }
        run.stats.elapsed = running.elapsed();
        Ok(run.finish())
    }
}

struct Run<G: SimultaneousGame> {
    tree: Vec<Node>,
    /// Every node's `players + 1` offsets into `moves` and `slots`.
    offsets: Vec<u32>,
    /// Every node's moves, player by player.
    moves: Vec<G::Move>,
    /// The statistics of every node's moves, as `moves`.
    slots: Vec<Slot>,
    rules: Rules,
    selection: SmSelection,
    cap: usize,
    max_depth: u32,
    rng: SplitMix64,
    buffer: Vec<G::Move>,
    joint: Vec<G::Move>,
    /// The nodes of this iteration where the players chose.
    path: Vec<u32>,
    /// For every node of the path, each player's slot and the probability it had.
    chosen: Vec<(u32, f64)>,
    raw: Vec<f64>,
    norm: Vec<f64>,
    strategy: Vec<f64>,
    stats: Stats,
}

impl<G: SimultaneousGame> Run<G> {
    /// Adds the node of `state` (reached by the folded joint move `joint`).
    fn add(&mut self, state: &G, joint: u64, depth: u32) -> Result<u32, SearchError> {
        let players = self.rules.players;
        let first = self.offsets.len() as u32;
        let over = state.is_over();
        self.offsets.push(self.moves.len() as u32);
        for p in 0..players {
            if !over {
                let before = self.moves.len();
                state.moves_of(p, &mut self.moves);
                if self.moves.len() == before {
                    return Err(SearchError::BrokenPromise {
                        what: format!("player {p} has no move in a round of a game not over"),
                    });
                }
            }
            self.offsets.push(self.moves.len() as u32);
        }
        self.slots.resize(self.moves.len(), Slot::default());
        let index = self.tree.len() as u32;
        self.tree.push(Node {
            offsets: first,
            visits: 0,
            over,
            first_child: NONE,
            sibling: NONE,
            joint,
            depth,
        });
        Ok(index)
    }

    fn iterate(&mut self, mut state: G) -> Result<(), SearchError> {
        self.stats.iterations += 1;
        self.path.clear();
        self.chosen.clear();
        let mut node = 0u32;
        loop {
            self.stats.nodes += 1;
            if self.tree[node as usize].over {
                state.rewards(&mut self.raw);
                self.rules.score(&self.raw, &mut self.norm)?;
                self.stats.leaves += 1;
                break;
            }
            self.path.push(node);
            let joint = self.choose(node)?;
            state.apply_joint(&self.joint);
            let (depth, mut c) = {
                let n = &self.tree[node as usize];
                (n.depth + 1, n.first_child)
            };
            self.stats.depth_reached = self.stats.depth_reached.max(depth);
            while c != NONE && self.tree[c as usize].joint != joint {
                c = self.tree[c as usize].sibling;
            }
            if c != NONE {
                node = c;
                continue;
            }
            if self.tree.len() < self.cap && depth <= self.max_depth {
                let child = self.add(&state, joint, depth)?;
                self.tree[child as usize].sibling = self.tree[node as usize].first_child;
                self.tree[node as usize].first_child = child;
            }
            self.playout(&mut state)?;
            break;
        }
        let players = self.rules.players;
        for (k, &n) in self.path.iter().enumerate() {
            let node = &mut self.tree[n as usize];
            node.visits += 1;
            let first = node.offsets as usize;
            for p in 0..players {
                let (slot, probability) = self.chosen[k * players + p];
                let (lo, hi) = (
                    self.offsets[first + p] as usize,
                    self.offsets[first + p + 1] as usize,
                );
                let u = self.norm[p];
                let chosen = &mut self.slots[slot as usize];
                chosen.visits += 1;
                chosen.reward += u;
                if let SmSelection::RegretMatching { .. } = self.selection {
                    for (i, s) in self.slots[lo..hi].iter_mut().enumerate() {
                        let estimate = if lo + i == slot as usize {
                            u / probability
                        } else {
                            0.0
                        };
                        s.regret += estimate - u;
                    }
                }
            }
        }
        Ok(())
    }

    /// Every player's move at `node`, into `self.joint` and `self.chosen`; the joint move
    /// folded into one number.
    fn choose(&mut self, n: u32) -> Result<u64, SearchError> {
        let players = self.rules.players;
        self.joint.clear();
        let mut folded = 0u64;
        let (first, visits) = {
            let node = &self.tree[n as usize];
            (node.offsets as usize, node.visits)
        };
        for p in 0..players {
            let (lo, hi) = (
                self.offsets[first + p] as usize,
                self.offsets[first + p + 1] as usize,
            );
            let count = hi - lo;
            let (slot, probability) = match self.selection {
                SmSelection::DecoupledUct { c } => {
                    let slots = &self.slots[lo..hi];
                    let untried = slots.iter().filter(|s| s.visits == 0).count();
                    let pick = if untried > 0 {
                        let mut k = self.rng.below(untried);
                        let mut pick = 0;
                        for (i, s) in slots.iter().enumerate() {
                            if s.visits == 0 {
                                if k == 0 {
                                    pick = i;
                                    break;
                                }
                                k -= 1;
                            }
                        }
                        pick
                    } else {
                        let log = f64::from(visits.max(1)).ln();
                        let mut best = 0;
                        let mut best_score = f64::NEG_INFINITY;
                        for (i, s) in slots.iter().enumerate() {
                            let v = f64::from(s.visits);
                            let score = s.reward / v + c * (log / v).sqrt();
                            if score > best_score {
                                best_score = score;
                                best = i;
                            }
                        }
                        best
                    };
                    (lo + pick, 1.0)
                }
                SmSelection::RegretMatching { gamma } => {
                    let slots = &mut self.slots[lo..hi];
                    self.strategy.clear();
                    self.strategy
                        .extend(slots.iter().map(|s| s.regret.max(0.0)));
                    let total: f64 = self.strategy.iter().sum();
                    let uniform = 1.0 / count as f64;
                    for (x, s) in self.strategy.iter_mut().zip(slots.iter_mut()) {
                        *x = if total > 0.0 { *x / total } else { uniform };
                        s.average += *x;
                        *x = (1.0 - gamma) * *x + gamma * uniform;
                    }
                    let mut u = self.rng.next_f64();
                    let mut pick = count - 1;
                    for (i, &x) in self.strategy.iter().enumerate() {
                        if u < x {
                            pick = i;
                            break;
                        }
                        u -= x;
                    }
                    (lo + pick, self.strategy[pick])
                }
            };
            self.chosen.push((slot as u32, probability));
            self.joint.push(self.moves[slot]);
            folded = folded
                .checked_mul(count as u64)
                .and_then(|f| f.checked_add((slot - lo) as u64))
                .ok_or(SearchError::TooManyMoves {
                    count,
                    max: usize::MAX,
                })?;
        }
        Ok(folded)
    }

    /// Plays `state` to the end with uniformly random joint moves; rewards into `norm`.
    fn playout(&mut self, state: &mut G) -> Result<(), SearchError> {
        for _ in 0..MAX_PLAYOUT_PLIES {
            if state.is_over() {
                state.rewards(&mut self.raw);
                self.rules.score(&self.raw, &mut self.norm)?;
                self.stats.leaves += 1;
                return Ok(());
            }
            self.joint.clear();
            for p in 0..self.rules.players {
                self.buffer.clear();
                state.moves_of(p, &mut self.buffer);
                if self.buffer.is_empty() {
                    return Err(SearchError::BrokenPromise {
                        what: format!("player {p} has no move in a round of a game not over"),
                    });
                }
                self.joint
                    .push(self.buffer[self.rng.below(self.buffer.len())]);
            }
            state.apply_joint(&self.joint);
            self.stats.nodes += 1;
        }
        self.norm.fill(0.5);
        Ok(())
    }

    fn finish(self) -> SmResult<G::Move> {
        let first = self.tree[0].offsets as usize;
        let strategies = (0..self.rules.players)
            .map(|p| {
                let (lo, hi) = (
                    self.offsets[first + p] as usize,
                    self.offsets[first + p + 1] as usize,
                );
                let slots = &self.slots[lo..hi];
                let weight = |s: &Slot| match self.selection {
                    SmSelection::DecoupledUct { .. } => f64::from(s.visits),
                    SmSelection::RegretMatching { .. } => s.average,
                };
                let total: f64 = slots.iter().map(weight).sum();
                slots
                    .iter()
                    .zip(&self.moves[lo..hi])
                    .map(|(s, &mv)| MixedMove {
                        mv,
                        probability: if total > 0.0 {
                            weight(s) / total
                        } else {
                            1.0 / (hi - lo) as f64
                        },
                        visits: u64::from(s.visits),
                        mean: if s.visits > 0 {
                            s.reward / f64::from(s.visits)
                        } else {
                            0.0
                        },
                    })
                    .collect()
            })
            .collect();
        SmResult {
            strategies,
            stats: self.stats,
            tree_size: self.tree.len(),
        }
    }
}
