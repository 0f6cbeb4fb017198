//! What a node of the [`General`](crate::General) mode keeps (who moved into it, whether a
//! player or chance moves there, the probability of an outcome, and who is proven to get
//! the top of the reward range), and how a proof follows from the children.

pub(crate) use crate::engine::rules::NOBODY;
use crate::tree::{Node, NodeData};

/// What a node is, once it was expanded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Not expanded yet.
    Leaf,
    /// A player chooses among the children.
    Player,
    /// Chance chooses among the children, by their probabilities.
    Chance,
    /// The game is over here.
    Over,
}

/// What a [`General`](crate::General) node keeps beside its statistics.
#[derive(Copy, Clone, Debug)]
pub struct GeneralData {
    /// The probability of this outcome, for a child of a chance node (else 0).
    pub(crate) prob: f32,
    /// The player whose reward the mean is: the one who moved into the node; an outcome of
    /// a chance node inherits the chance node's.
    pub(crate) owner: u8,
    /// The player proven to get the top of the reward range here, or `NOBODY`.
    pub(crate) top: u8,
    pub(crate) kind: Kind,
}

impl NodeData for GeneralData {
    #[inline]
    fn owner(&self) -> u8 {
        self.owner
    }

    #[inline]
    fn expanded(&self) -> bool {
        self.kind != Kind::Leaf
    }
}

/// A node of a [`General`](crate::General) tree.
pub(crate) type GNode<M> = Node<M, GeneralData>;

impl<M: Copy> Node<M, GeneralData> {
    /// An unvisited leaf owned by `owner`, reached with probability `prob` (0 for a
    /// player's move).
    pub(crate) fn general(mv: M, owner: u8, prob: f32) -> Self {
        Node::with_data(
            mv,
            GeneralData {
                prob,
                owner,
                top: NOBODY,
                kind: Kind::Leaf,
            },
        )
    }
}

/// Marks `tree[idx]` proven for a player if its children now prove it (see
/// [`GeneralMcts`](crate::GeneralMcts)); `true` if it became proven.
pub(crate) fn prove<M: Copy>(tree: &mut [GNode<M>], idx: usize) -> bool {
    let node = tree[idx];
    if node.data.top != NOBODY || node.num_children == 0 {
        return false;
    }
    let children = &tree[node.children()];
    let mover = children[0].data.owner;
    let top = if node.data.kind == Kind::Player && children.iter().any(|c| c.data.top == mover) {
        mover
    } else {
        let q = children[0].data.top;
        if children.iter().all(|c| c.data.top == q) {
            q
        } else {
            NOBODY
        }
    };
    tree[idx].data.top = top;
    top != NOBODY
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_follow_the_movers() {
        // A player-0 node with two children; then a chance node with two outcomes.
        let mut t = vec![GNode::general(0u8, 1, 0.0)];
        t[0].data.kind = Kind::Player;
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(GNode::general(1, 0, 0.0));
        t.push(GNode::general(2, 0, 0.0));
        assert!(!prove(&mut t, 0));
        t[2].data.top = 1; // player 1 wins after this move: not a proof for anyone at the node
        assert!(!prove(&mut t, 0));
        t[1].data.top = 0; // the mover can reach the top
        assert!(prove(&mut t, 0));
        assert_eq!(t[0].data.top, 0);
        let mut c = vec![GNode::general(0u8, 1, 0.0)];
        c[0].data.kind = Kind::Chance;
        c[0].first_child = 1;
        c[0].num_children = 2;
        c.push(GNode::general(1, 1, 0.5));
        c.push(GNode::general(2, 1, 0.5));
        c[1].data.top = 1;
        assert!(!prove(&mut c, 0), "one outcome is not enough");
        c[2].data.top = 1;
        assert!(prove(&mut c, 0));
        assert_eq!(c[0].data.top, 1);
    }

    #[test]
    fn general_nodes_are_no_larger_than_before() {
        assert_eq!(core::mem::size_of::<GNode<u8>>(), 32);
    }
}
