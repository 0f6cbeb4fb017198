//! [`Deferred`]: the shared tree of a tree-parallel search, kept as the threads left it
//! until something needs the whole tree.

use std::sync::OnceLock;

use crate::parallel::arena::Arena;
use crate::tree::reroot::{child_index, reroot};
use crate::tree::zero_sum::ZsNode;

/// A shared tree kept as the threads left it (the kept tree of a tree-parallel search):
/// copied into the compact arena of [`ZsNode`]s only when something needs the whole tree.
/// The worker that holds it has the root, its children and theirs in its own tree, for
/// the final choice.
pub(crate) struct Deferred<M> {
    arena: Arena<M>,
    root_visits: u32,
    root_mean: f32,
    /// The nodes reachable from the root: the tree's size.
    nodes: usize,
    /// The whole tree, once a tree view asked for it.
    tree: OnceLock<Vec<ZsNode<M>>>,
}

impl<M: Copy> Deferred<M> {
    /// The tree in `arena` with its root's visits and mean (the root is not written during
    /// the search) and `nodes` nodes reachable from the root.
    pub(crate) fn new(arena: Arena<M>, root_visits: u32, root_mean: f32, nodes: usize) -> Self {
        Deferred {
            arena,
            root_visits,
            root_mean,
            nodes,
            tree: OnceLock::new(),
        }
    }

    /// The nodes of the tree.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes
    }

    /// The whole tree as compact [`ZsNode`]s, written back at the first call.
    pub(crate) fn tree(&self) -> &[ZsNode<M>] {
        self.tree.get_or_init(|| {
            let tree =
                self.arena
                    .write_back(0, self.root_visits, self.root_mean, u32::MAX, &mut || false);
            let tree = tree.expect("not given up");
            debug_assert_eq!(tree.len(), self.nodes);
            tree
        })
    }

    /// The whole tree as compact [`ZsNode`]s (the shared one is dropped), or with `at`
    /// only the subtree under the root's move `at`, re-rooted (empty when the root has no
    /// such child): the part of the tree a search after that move reuses. `None` if
    /// `give_up` said so (asked about every millisecond of the write-back).
    pub(crate) fn into_tree(
        self,
        at: Option<M>,
        give_up: &mut impl FnMut() -> bool,
    ) -> Option<Vec<ZsNode<M>>>
    where
        M: PartialEq,
    {
        let Deferred {
            arena,
            root_visits,
            root_mean,
            nodes,
            tree,
        } = self;
        if let Some(mut tree) = tree.into_inner() {
            if let Some(mv) = at {
                match child_index(&tree, mv) {
                    Some(child) => reroot(&mut tree, child),
                    None => tree.clear(),
                }
            }
            return Some(tree);
        }
        let Some(mv) = at else {
            let tree = arena.write_back(0, root_visits, root_mean, u32::MAX, give_up)?;
            debug_assert_eq!(tree.len(), nodes);
            return Some(tree);
        };
        let (first, count) = arena.node(0).children();
        let mut found = None;
        arena.each(first, count, |i, c| {
            if found.is_none() && c.mv() == mv {
                found = Some(i);
            }
        });
        match found {
            // The root's visits and mean are not used: it is not the new root.
            Some(child) => arena.write_back(child, 0, 0.0, u32::MAX, give_up),
            None => Some(Vec::new()),
        }
    }

    /// Bytes held: the shared tree's, and the compact tree's once written back.
    pub(crate) fn bytes(&self) -> usize {
        self.arena.bytes()
            + self
                .tree
                .get()
                .map_or(0, |t| t.capacity() * core::mem::size_of::<ZsNode<M>>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::visit_table;

    /// root -> a, b; b -> c, d; d -> e, breadth first, with visits and a proof.
    fn small_tree() -> Vec<ZsNode<u8>> {
        let mut t = vec![ZsNode::new(0u8, 1, 0.0)];
        for (mv, owner) in [(1, 0), (2, 0), (3, 1), (4, 1), (5, 0)] {
            t.push(ZsNode::new(mv, owner, 0.0));
        }
        for (parent, first, count) in [(0, 1, 2), (2, 3, 2), (4, 5, 1)] {
            t[parent].first_child = first;
            t[parent].num_children = count;
            t[parent].next_unvisited = count;
            t[parent].set_expanded();
        }
        t[5].set_bounds(1, 1);
        t[5].set_expanded();
        let terms = visit_table();
        for (i, r) in [
            (0, 0.5),
            (1, 1.0),
            (2, 0.0),
            (2, 0.5),
            (3, 1.0),
            (4, 0.25),
            (5, 1.0),
        ] {
            t[i].add_visit(r, terms);
        }
        t
    }

    fn deferred(t: &[ZsNode<u8>]) -> Deferred<u8> {
        let arena = Arena::new(100);
        arena.load(t);
        Deferred::new(arena, t[0].visits, t[0].mean, t.len())
    }

    #[test]
    fn a_deferred_tree_followed_by_a_move_is_the_subtree_re_rooted() {
        let t = small_tree();
        for mv in [1u8, 2, 9] {
            let mut expected = t.clone();
            match child_index(&expected, mv) {
                Some(child) => reroot(&mut expected, child),
                None => expected.clear(),
            }
            // Written back from the shared arena directly, and from the whole tree a view
            // wrote back before.
            let direct = deferred(&t).into_tree(Some(mv), &mut || false).unwrap();
            let d = deferred(&t);
            assert_eq!(d.tree().len(), t.len());
            let via_whole = d.into_tree(Some(mv), &mut || false).unwrap();
            for got in [&direct, &via_whole] {
                assert_eq!(got.len(), expected.len(), "move {mv}");
                for (a, b) in got.iter().zip(&expected) {
                    assert_eq!((a.mv, a.visits, a.owner()), (b.mv, b.visits, b.owner()));
                    assert_eq!(
                        (a.first_child, a.num_children, a.next_unvisited),
                        (b.first_child, b.num_children, b.next_unvisited)
                    );
                    assert_eq!((a.pess(), a.opt()), (b.pess(), b.opt()));
                    assert!((a.mean - b.mean).abs() < 1e-6);
                }
            }
        }
        // Without a move: the whole tree, as it was loaded.
        let whole = deferred(&t).into_tree(None, &mut || false).unwrap();
        assert_eq!(whole.len(), t.len());
        assert!(whole.iter().zip(&t).all(|(a, b)| a.visits == b.visits));
    }
}
