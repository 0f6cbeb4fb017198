//! The MCTS-Solver of two-player zero-sum games ([`ZeroSum`](crate::ZeroSum)): what a node
//! keeps (its owner, and a lower and an upper bound of its game value), the bounds
//! recomputed by negamax over the children, and what a proven node or a finished game is
//! worth.

use search_core::{Outcome, Player, Wdl};

use crate::tree::{Node, NodeData, visit_terms};

/// Bounds are values for the node's *owner* (the player who moved into it):
/// -1 loss, 0 draw, +1 win.
pub(crate) const LOSS: i8 = -1;
pub(crate) const WIN: i8 = 1;

/// What a [`ZeroSum`](crate::ZeroSum) node keeps beside its statistics (a node is 24 bytes
/// for a one- or two-byte move).
#[derive(Copy, Clone, Debug)]
pub struct ZeroSumData {
    /// Bit 0: expanded; bit 1: owner (the player who moved into the node); bits 2 and 3
    /// are used by re-rooting alone ([`KEEP`], [`FIX`]); bits 4-5 and 6-7: lower and upper
    /// bound of the game value for the owner, plus one (score-bounded MCTS: 0 loss, 1
    /// draw, 2 win). The upper bound in the top bits lets selection ask "can this child
    /// still beat `v`?" as one comparison of the byte ([`open_above`]).
    pub(crate) flags: u8,
    /// Prior for progressive bias, in 255ths (0 without priors).
    prior: u8,
}

const EXPANDED: u8 = 1;
const OWNER: u8 = 2;
/// Re-rooting's mark of a node of the kept subtree (see `reuse::reroot`).
pub(crate) const KEEP: u8 = 4;
/// Re-rooting's mark of a first child whose `first_child` holds its parent's new index.
pub(crate) const FIX: u8 = 8;
const PESS_SHIFT: u32 = 4;
const OPT_SHIFT: u32 = 6;

/// The smallest `flags` byte of a node whose upper bound is above `v` (in `-1..=1`): a
/// child can change its parent's value only if its upper bound beats what a sibling
/// already guarantees, that is if `flags >= open_above(v)` (whatever the lower bits).
#[inline]
pub(crate) fn open_above(v: i8) -> u8 {
    ((v + 2) as u8) << OPT_SHIFT
}

impl NodeData for ZeroSumData {
    #[inline]
    fn owner(&self) -> u8 {
        (self.flags & OWNER) >> 1
    }

    #[inline]
    fn expanded(&self) -> bool {
        self.flags & EXPANDED != 0
    }
}

/// A node of a [`ZeroSum`](crate::ZeroSum) tree.
pub(crate) type ZsNode<M> = Node<M, ZeroSumData>;

impl<M: Copy> Node<M, ZeroSumData> {
    /// An unvisited, unexpanded node with bounds `[loss, win]`.
    #[inline]
    pub(crate) fn new(mv: M, owner: u8, prior: f32) -> Self {
        Node::with_data(
            mv,
            ZeroSumData {
                flags: (owner & 1) << 1
                    | ((LOSS + 1) as u8) << PESS_SHIFT
                    | ((WIN + 1) as u8) << OPT_SHIFT,
                prior: (prior.clamp(0.0, 1.0) * 255.0).round() as u8,
            },
        )
    }

    /// A node with the given statistics and state (`prior` in 255ths, as stored): how a
    /// tree grown by several threads is written back into an arena.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn restore(
        mv: M,
        owner: u8,
        prior: u8,
        visits: u32,
        mean: f32,
        expanded: bool,
        bounds: (i8, i8),
    ) -> Self {
        let [inv_sqrt, _] = visit_terms(visits);
        let mut n = Node::with_data(
            mv,
            ZeroSumData {
                flags: (owner & 1) << 1,
                prior,
            },
        );
        n.mean = mean;
        n.inv_sqrt = inv_sqrt;
        n.visits = visits;
        n.set_bounds(bounds.0, bounds.1);
        if expanded {
            n.set_expanded();
        }
        n
    }

    /// The prior as stored, in 255ths.
    #[inline]
    pub(crate) fn prior_raw(&self) -> u8 {
        self.data.prior
    }

    #[inline]
    pub(crate) fn set_expanded(&mut self) {
        self.data.flags |= EXPANDED;
    }

    /// Lower bound of the game value for the owner.
    #[inline]
    pub(crate) fn pess(&self) -> i8 {
        ((self.data.flags >> PESS_SHIFT) & 3) as i8 - 1
    }

    /// Upper bound of the game value for the owner.
    #[inline]
    pub(crate) fn opt(&self) -> i8 {
        (self.data.flags >> OPT_SHIFT) as i8 - 1
    }

    /// Sets both bounds (each in `-1..=1`).
    #[inline]
    pub(crate) fn set_bounds(&mut self, pess: i8, opt: i8) {
        self.data.flags = (self.data.flags & (EXPANDED | OWNER))
            | ((pess + 1) as u8) << PESS_SHIFT
            | ((opt + 1) as u8) << OPT_SHIFT;
    }

    /// The prior in `[0, 1]`.
    #[inline]
    pub(crate) fn prior(&self) -> f32 {
        f32::from(self.data.prior) / 255.0
    }

    /// The bounds met: the node's value is proven.
    #[inline]
    pub(crate) fn is_solved(&self) -> bool {
        let f = self.data.flags;
        (f ^ (f >> (OPT_SHIFT - PESS_SHIFT))) & (3 << PESS_SHIFT) == 0
    }
}

/// Recomputes the bounds of `tree[idx]` from its children; returns `true` if they changed.
#[inline]
pub(crate) fn update_bounds<M: Copy>(tree: &mut [ZsNode<M>], idx: usize) -> bool {
    let node = tree[idx];
    if node.num_children == 0 {
        return false;
    }
    let mover = tree[node.first_child as usize].owner();
    let (mut max_pess, mut max_opt) = (LOSS, LOSS);
    for c in &tree[node.children()] {
        max_pess = max_pess.max(c.pess());
        max_opt = max_opt.max(c.opt());
    }
    let (pess, opt) = if mover == node.owner() {
        (max_pess, max_opt)
    } else {
        (-max_opt, -max_pess)
    };
    let n = &mut tree[idx];
    if (n.pess(), n.opt()) == (pess, opt) {
        false
    } else {
        n.set_bounds(pess, opt);
        true
    }
}

/// The first player's reward for a proven node.
#[inline]
pub(crate) fn proven_first_reward<M: Copy>(node: &ZsNode<M>) -> f64 {
    let owner_reward = (f64::from(node.pess()) + 1.0) / 2.0;
    if node.owner() == 0 {
        owner_reward
    } else {
        1.0 - owner_reward
    }
}

/// A bound (`-1`, `0` or `+1`, for some player) as a [`Wdl`] for the same player.
#[inline]
pub(crate) fn wdl(bound: i8) -> Wdl {
    Wdl::from_sign(i64::from(bound))
}

/// The value the solver proved for the node's owner, if its bounds met.
#[inline]
pub(crate) fn proven<M: Copy>(node: &ZsNode<M>) -> Option<Wdl> {
    node.is_solved().then(|| wdl(node.pess()))
}

/// The reward in `[0, 1]` of the first player for a finished game (1 win, ½ draw, 0 loss;
/// an ongoing state, which only a broken game reports at its end, counts as ½).
#[inline]
pub(crate) fn first_player_reward(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win(Player::First) => 1.0,
        Outcome::Win(Player::Second) => 0.0,
        Outcome::Draw | Outcome::Ongoing => 0.5,
    }
}

/// The value of a finished game for `owner`.
#[inline]
pub(crate) fn terminal_value(outcome: Outcome, owner: u8) -> i8 {
    finished_value(first_player_reward(outcome), owner)
}

/// The value for `owner` of a finished game whose first player's reward (see
/// [`first_player_reward`]) is `reward`: 1, ½ or 0 become a win, a draw or a loss.
#[inline]
pub(crate) fn finished_value(reward: f64, owner: u8) -> i8 {
    let own = if owner == 0 { reward } else { 1.0 - reward };
    if own > 0.5 {
        WIN
    } else if own < 0.5 {
        LOSS
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_small_and_flags_round_trip() {
        assert_eq!(core::mem::size_of::<ZsNode<u8>>(), 24);
        assert_eq!(core::mem::size_of::<ZsNode<u16>>(), 24);
        let mut n = ZsNode::new(3u8, 1, 0.5);
        assert_eq!(
            (n.owner(), n.pess(), n.opt(), n.expanded()),
            (1, -1, 1, false)
        );
        n.set_expanded();
        n.set_bounds(0, 1);
        assert_eq!(
            (n.owner(), n.pess(), n.opt(), n.expanded()),
            (1, 0, 1, true)
        );
        assert!((n.prior() - 0.5).abs() < 0.01);
    }

    #[test]
    fn bounds_follow_negamax() {
        let mut t = vec![ZsNode::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(ZsNode::new(1, 0, 0.0));
        t.push(ZsNode::new(2, 0, 0.0));
        t[1].set_bounds(0, 0); // a proven draw for the mover
        assert!(update_bounds(&mut t, 0));
        // Mover gets at least a draw, so the root's owner gets at most a draw.
        assert_eq!((t[0].pess(), t[0].opt()), (-1, 0));
        assert_eq!(proven(&t[0]), None);
        t[2].set_bounds(-1, -1);
        assert!(update_bounds(&mut t, 0));
        assert_eq!((t[0].pess(), t[0].opt()), (0, 0));
        assert_eq!(proven(&t[0]), Some(Wdl::Draw));
        assert!(!update_bounds(&mut t, 0));
    }

    #[test]
    fn a_finished_games_value_follows_from_its_reward() {
        for outcome in [
            Outcome::Win(Player::First),
            Outcome::Win(Player::Second),
            Outcome::Draw,
        ] {
            for owner in 0..2u8 {
                let expected = match outcome.winner() {
                    None => 0,
                    Some(p) if p.index() == usize::from(owner) => WIN,
                    Some(_) => LOSS,
                };
                let reward = first_player_reward(outcome);
                assert_eq!(
                    finished_value(reward, owner),
                    expected,
                    "{outcome:?} {owner}"
                );
                assert_eq!(terminal_value(outcome, owner), expected);
            }
        }
    }

    #[test]
    fn proven_rewards_are_for_the_first_player() {
        let mut n = ZsNode::new(0u8, 1, 0.0);
        n.set_bounds(1, 1); // a win for the second player
        assert_eq!(proven_first_reward(&n), 0.0);
        assert_eq!(wdl(-1), Wdl::Loss);
    }
}
