//! Exact best responses on a [`GameTree`], and what they measure: the exploitability and
//! NashConv of a policy, and the expected rewards under a policy.

use search_core::{ImperfectInfo, SearchError};

use crate::imperfect::Policy;
use crate::imperfect::tree::{GameTree, Kind};

/// A best response of one player to the others' policy: the value it earns and the pure
/// strategy that earns it.
///
/// ```
/// use adversarial::{best_response, GameTree, Policy};
/// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
/// let br = best_response(&tree, &Policy::uniform(&tree), 1).unwrap();
/// assert!(br.value > 0.0); // uniform play loses to a best response
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct BestResponse {
    /// The responder's expected reward when it plays [`policy`](BestResponse::policy)
    /// against the others' policy.
    pub value: f64,
    /// The given policy with the responder's information sets replaced by the best
    /// response: one move with probability 1 in each (the first best one on ties).
    pub policy: Policy,
}

/// Every player's expected reward when every player follows `policy` (chance with its
/// probabilities).
///
/// # Errors
/// [`SearchError::Config`] when `policy` was not made for `tree`.
///
/// ```
/// use adversarial::{expected_values, GameTree, Policy};
/// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
/// let values = expected_values(&tree, &Policy::uniform(&tree)).unwrap();
/// assert!((values[0] + values[1]).abs() < 1e-12);
/// ```
pub fn expected_values<G: ImperfectInfo>(
    tree: &GameTree<G>,
    policy: &Policy,
) -> Result<Vec<f64>, SearchError> {
    policy.check_fits(tree)?;
    let players = tree.player_count();
    let table = policy.table();
    let mut values = vec![0.0; players];
    let mut reach = vec![0.0; tree.node_count()];
    reach[0] = 1.0;
    for (n, &node) in tree.nodes.iter().enumerate() {
        let r = reach[n];
        match node.kind {
            Kind::Terminal => {
                for (v, u) in values.iter_mut().zip(tree.utilities_of(node)) {
                    *v += r * u;
                }
            }
            Kind::Chance => {
                for e in tree.edges(node) {
                    reach[tree.child[e] as usize] = r * tree.probability[e];
                }
            }
            Kind::Player => {
                let offset = tree.info_set(node).offset as usize;
                for (a, e) in tree.edges(node).enumerate() {
                    reach[tree.child[e] as usize] = r * table[offset + a];
                }
            }
        }
    }
    Ok(values)
}

/// An exact best response of `player` to the other players' strategies in `policy`
/// (`player`'s own entries of `policy` are ignored).
///
/// Each information set of `player` chooses the move with the highest counterfactual value
/// (the values of its states weighted by the probability that chance and the others reach
/// them), the deeper information sets first; one walk over the tree.
///
/// # Errors
/// [`SearchError::Config`] when `policy` was not made for `tree` or `player` is not a
/// player of the game.
///
/// See [`BestResponse`] for an example.
pub fn best_response<G: ImperfectInfo>(
    tree: &GameTree<G>,
    policy: &Policy,
    player: usize,
) -> Result<BestResponse, SearchError> {
    policy.check_fits(tree)?;
    if player >= tree.player_count() {
        return Err(SearchError::Config(format!(
            "player {player} is not a player of this {}-player game",
            tree.player_count()
        )));
    }
    let table = policy.table();
    // The probability that chance and the other players reach each node.
    let mut reach = vec![0.0; tree.node_count()];
    reach[0] = 1.0;
    for (n, &node) in tree.nodes.iter().enumerate() {
        let r = reach[n];
        match node.kind {
            Kind::Terminal => {}
            Kind::Chance => {
                for e in tree.edges(node) {
                    reach[tree.child[e] as usize] = r * tree.probability[e];
                }
            }
            Kind::Player => {
                let set = tree.info_set(node);
                for (a, e) in tree.edges(node).enumerate() {
                    let p = if set.player as usize == player {
                        1.0
                    } else {
                        table[set.offset as usize + a]
                    };
                    reach[tree.child[e] as usize] = r * p;
                }
            }
        }
    }
    let mut walk = Responder {
        tree,
        table,
        player,
        reach,
        value: vec![f64::NAN; tree.node_count()],
        best: vec![u32::MAX; tree.info_set_count()],
    };
    let value = crate::stack::with_room_for(tree.depth(), || walk.value(0));
    let mut response = policy.clone();
    for id in tree.info_sets() {
        if tree.player(id) == player {
            let best = walk.best_move(id.0) as usize;
            let mut pure = vec![0.0; tree.moves(id).len()];
            pure[best] = 1.0;
            response.set(id, &pure)?;
        }
    }
    Ok(BestResponse {
        value,
        policy: response,
    })
}

/// The walk of one best response: node values and best moves, each computed once.
struct Responder<'a, G: ImperfectInfo> {
    tree: &'a GameTree<G>,
    table: &'a [f64],
    player: usize,
    reach: Vec<f64>,
    value: Vec<f64>,
    best: Vec<u32>,
}

impl<G: ImperfectInfo> Responder<'_, G> {
    /// The responder's value of node `n` when it plays its best response below.
    fn value(&mut self, n: u32) -> f64 {
        let known = self.value[n as usize];
        if !known.is_nan() {
            return known;
        }
        let tree = self.tree;
        let node = tree.nodes[n as usize];
        let v = match node.kind {
            Kind::Terminal => tree.utilities_of(node)[self.player],
            Kind::Chance => tree
                .edges(node)
                .map(|e| tree.probability[e] * self.value(tree.child[e]))
                .sum(),
            Kind::Player => {
                let set = tree.info_set(node);
                if set.player as usize == self.player {
                    let best = self.best_move(node.tag);
                    self.value(tree.child[node.first as usize + best as usize])
                } else {
                    let mut v = 0.0;
                    for (a, e) in tree.edges(node).enumerate() {
                        let p = self.table[set.offset as usize + a];
                        if p > 0.0 {
                            v += p * self.value(tree.child[e]);
                        }
                    }
                    v
                }
            }
        };
        self.value[n as usize] = v;
        v
    }

    /// The best move (its index) of the responder's information set `set`.
    fn best_move(&mut self, set: u32) -> u32 {
        if self.best[set as usize] != u32::MAX {
            return self.best[set as usize];
        }
        let tree = self.tree;
        let members = tree.member_offset[set as usize] as usize
            ..tree.member_offset[set as usize + 1] as usize;
        let count = tree.info_sets[set as usize].count;
        let mut best = (0, f64::NEG_INFINITY);
        for a in 0..count {
            let mut q = 0.0;
            for m in members.clone() {
                let h = tree.members[m];
                let node = tree.nodes[h as usize];
                let child = tree.child[(node.first + a) as usize];
                q += self.reach[h as usize] * self.value(child);
            }
            if q > best.1 {
                best = (a, q);
            }
        }
        self.best[set as usize] = best.0;
        best.0
    }
}

/// NashConv: how much all players together could gain by each deviating alone to a best
/// response, `Σ_i (BR_i − u_i)`. It is 0 exactly at a Nash equilibrium.
///
/// # Errors
/// [`SearchError::Config`] when `policy` was not made for `tree`.
///
/// ```
/// use adversarial::{nash_conv, GameTree, Policy};
/// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
/// assert!(nash_conv(&tree, &Policy::uniform(&tree)).unwrap() > 0.1);
/// ```
pub fn nash_conv<G: ImperfectInfo>(
    tree: &GameTree<G>,
    policy: &Policy,
) -> Result<f64, SearchError> {
    let values = expected_values(tree, policy)?;
    let mut total = 0.0;
    for (player, v) in values.iter().enumerate() {
        total += best_response(tree, policy, player)?.value - v;
    }
    Ok(total)
}

/// The exploitability of `policy` in a two-player game whose rewards add up to a constant
/// `c` ([`REWARD_SUM`](search_core::GeneralGame::REWARD_SUM)): `(BR_0 + BR_1 − c) / 2`, the
/// mean of what a best response wins against each side beyond the game's share. In a
/// zero-sum game it is `(BR_0 + BR_1) / 2`; it is 0 exactly at an equilibrium.
///
/// # Errors
/// [`SearchError::Config`] when `policy` was not made for `tree`, or the game does not have
/// two players with a declared reward sum (use [`nash_conv`] there).
///
/// ```
/// use adversarial::{exploitability, GameTree, Policy};
/// let tree = GameTree::new(&games::Kuhn::new()).unwrap();
/// let e = exploitability(&tree, &Policy::uniform(&tree)).unwrap();
/// assert!(e > 0.0);
/// ```
pub fn exploitability<G: ImperfectInfo>(
    tree: &GameTree<G>,
    policy: &Policy,
) -> Result<f64, SearchError> {
    exploitability_if_defined(tree, policy)?.ok_or_else(|| {
        SearchError::Config(
            "exploitability needs a two-player game with a declared REWARD_SUM; use nash_conv"
                .into(),
        )
    })
}

/// [`exploitability`], or `None` for a game where it is not defined.
pub(crate) fn exploitability_if_defined<G: ImperfectInfo>(
    tree: &GameTree<G>,
    policy: &Policy,
) -> Result<Option<f64>, SearchError> {
    policy.check_fits(tree)?;
    match G::REWARD_SUM {
        Some(sum) if tree.player_count() == 2 => {
            let first = best_response(tree, policy, 0)?.value;
            let second = best_response(tree, policy, 1)?.value;
            Ok(Some((first + second - sum) / 2.0))
        }
        _ => Ok(None),
    }
}
