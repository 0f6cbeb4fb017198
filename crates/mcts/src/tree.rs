//! The arena tree: nodes in one `Vec`, children stored contiguously, `u32` indices.

/// Bounds are values for the node's *owner* (the player who moved into it):
/// -1 loss, 0 draw, +1 win.
pub(crate) const LOSS: i8 = -1;
pub(crate) const WIN: i8 = 1;

/// One node of the tree. Children of a node occupy `first_child .. first_child +
/// num_children` in the arena, allocated together when the node is expanded.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Node<M> {
    /// Mean reward in `[0, 1]` for the owner over all visits (kept incrementally).
    pub mean: f32,
    /// `1 / sqrt(visits)`, cached for the UCT exploration term (1 before the first visit).
    pub inv_sqrt: f32,
    /// Visits (playouts through this node).
    pub visits: u32,
    /// Index of the first child (meaningful when `num_children > 0`).
    pub first_child: u32,
    /// Prior in `[0, 1]` for progressive bias (0 without priors).
    pub prior: f32,
    /// Number of children (0 before expansion, or for a solved leaf).
    pub num_children: u16,
    /// Children `0..next_unvisited` have been visited at least once.
    pub next_unvisited: u16,
    /// `true` once the children were generated (or the node was solved without them).
    pub expanded: bool,
    /// Index of the player who made the move into this node.
    pub owner: u8,
    /// Lower bound of the game value for the owner (score-bounded MCTS).
    pub pess: i8,
    /// Upper bound of the game value for the owner.
    pub opt: i8,
    /// The move leading here from the parent (unused at the root).
    pub mv: M,
}

impl<M: Copy> Node<M> {
    #[inline]
    pub fn new(mv: M, owner: u8, prior: f32) -> Self {
        Node {
            mean: 0.0,
            inv_sqrt: 1.0,
            visits: 0,
            first_child: 0,
            prior,
            num_children: 0,
            next_unvisited: 0,
            expanded: false,
            owner,
            pess: LOSS,
            opt: WIN,
            mv,
        }
    }

    /// Adds one visit with reward `r` for the owner.
    #[inline]
    pub fn add_visit(&mut self, r: f32) {
        self.visits += 1;
        let inv = 1.0 / (self.visits as f32).sqrt();
        self.inv_sqrt = inv;
        self.mean += (r - self.mean) * (inv * inv);
    }

    #[inline]
    pub fn is_solved(&self) -> bool {
        self.pess == self.opt
    }

    /// The arena range of the children (empty, `0..0`, for a node without children, whose
    /// `first_child` may be stale).
    #[inline]
    pub fn children(&self) -> core::ops::Range<usize> {
        if self.num_children == 0 {
            return 0..0;
        }
        let f = self.first_child as usize;
        f..f + self.num_children as usize
    }
}

/// Recomputes the bounds of `tree[idx]` from its children; returns `true` if they changed.
#[inline]
pub(crate) fn update_bounds<M: Copy>(tree: &mut [Node<M>], idx: usize) -> bool {
    let node = tree[idx];
    if node.num_children == 0 {
        return false;
    }
    let mover = tree[node.first_child as usize].owner;
    let (mut max_pess, mut max_opt) = (LOSS, LOSS);
    for c in &tree[node.children()] {
        max_pess = max_pess.max(c.pess);
        max_opt = max_opt.max(c.opt);
    }
    let (pess, opt) = if mover == node.owner {
        (max_pess, max_opt)
    } else {
        (-max_opt, -max_pess)
    };
    let n = &mut tree[idx];
    if (n.pess, n.opt) == (pess, opt) {
        false
    } else {
        n.pess = pess;
        n.opt = opt;
        true
    }
}

/// Copies the subtree under `new_root` of `tree` into `spare` (breadth first, so each
/// node's children stay contiguous), then swaps the two: the discarded branches' memory is
/// reused by the next search.
pub(crate) fn reroot<M: Copy>(tree: &mut Vec<Node<M>>, spare: &mut Vec<Node<M>>, new_root: usize) {
    spare.clear();
    spare.push(tree[new_root]);
    let mut i = 0;
    while i < spare.len() {
        let n = spare[i];
        if n.num_children > 0 {
            let start = spare.len();
            spare[i].first_child = start as u32;
            spare.extend_from_slice(&tree[n.children()]);
        }
        i += 1;
    }
    core::mem::swap(tree, spare);
    spare.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reroot_keeps_the_subtree_and_its_statistics() {
        // root -> a, b ; a -> c, d ; d -> e
        let mut t = vec![Node::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(Node::new(1, 0, 0.0)); // a
        t.push(Node::new(2, 0, 0.0)); // b
        t[1].first_child = 3;
        t[1].num_children = 2;
        t[1].visits = 10;
        t.push(Node::new(3, 1, 0.0)); // c
        t.push(Node::new(4, 1, 0.0)); // d
        t[4].first_child = 5;
        t[4].num_children = 1;
        t[4].visits = 4;
        t.push(Node::new(5, 0, 0.0)); // e
        let mut spare = Vec::new();
        reroot(&mut t, &mut spare, 1);
        assert_eq!(t.len(), 4);
        assert_eq!((t[0].mv, t[0].visits), (1, 10));
        let kids: Vec<u8> = t[t[0].children()].iter().map(|n| n.mv).collect();
        assert_eq!(kids, [3, 4]);
        let d = t[t[0].first_child as usize + 1];
        assert_eq!(d.visits, 4);
        assert_eq!(t[d.children()][0].mv, 5);
    }

    #[test]
    fn bounds_follow_negamax() {
        let mut t = vec![Node::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(Node::new(1, 0, 0.0));
        t.push(Node::new(2, 0, 0.0));
        t[1].pess = 0;
        t[1].opt = 0; // a proven draw for the mover
        assert!(update_bounds(&mut t, 0));
        // Mover gets at least a draw, so the root's owner gets at most a draw.
        assert_eq!((t[0].pess, t[0].opt), (-1, 0));
        t[2].pess = -1;
        t[2].opt = -1;
        assert!(update_bounds(&mut t, 0));
        assert_eq!((t[0].pess, t[0].opt), (0, 0));
        assert!(!update_bounds(&mut t, 0));
    }
}
