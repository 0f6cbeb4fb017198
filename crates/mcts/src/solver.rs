//! The MCTS-Solver's backups: score bounds recomputed by negamax over the children, and
//! what a proven node is worth.

use search_core::Wdl;

use crate::tree::{LOSS, Node};

/// Recomputes the bounds of `tree[idx]` from its children; returns `true` if they changed.
#[inline]
pub(crate) fn update_bounds<M: Copy>(tree: &mut [Node<M>], idx: usize) -> bool {
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
pub(crate) fn proven_first_reward<M: Copy>(node: &Node<M>) -> f64 {
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
pub(crate) fn proven<M: Copy>(node: &Node<M>) -> Option<Wdl> {
    node.is_solved().then(|| wdl(node.pess()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_follow_negamax() {
        let mut t = vec![Node::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(Node::new(1, 0, 0.0));
        t.push(Node::new(2, 0, 0.0));
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
    fn proven_rewards_are_for_the_first_player() {
        let mut n = Node::new(0u8, 1, 0.0);
        n.set_bounds(1, 1); // a win for the second player
        assert_eq!(proven_first_reward(&n), 0.0);
        assert_eq!(wdl(-1), Wdl::Loss);
    }
}
