//! Re-rooting the two-player tree at a child of its root, in place: what tree reuse
//! between moves and a kept shared tree do with the part of the tree a move leaves.

use crate::tree::zero_sum::{FIX, KEEP, ZsNode};

/// The index of the root's child reached by `mv`, if the tree has one.
pub(crate) fn child_index<M: Copy + PartialEq>(tree: &[ZsNode<M>], mv: M) -> Option<usize> {
    let root = tree.first()?;
    tree[root.children()]
        .iter()
        .position(|c| c.mv == mv)
        .map(|k| root.first_child as usize + k)
}

/// Keeps only the subtree under `new_root`, which becomes index 0, compacting it in place:
/// the kept nodes keep their relative order (a child always sits after its parent, so each
/// moves to a lower index or stays), children stay contiguous, and no second buffer is
/// allocated, so re-rooting never holds more memory than the tree already does.
///
/// One forward pass from `new_root`: a kept node marks its children as kept; its
/// `first_child` is remapped when the first of them is moved (the parent's new index is
/// parked in the child's `first_child` meanwhile, and the child's own value in the parent's).
pub(crate) fn reroot<M: Copy>(tree: &mut Vec<ZsNode<M>>, new_root: usize) {
    reroot_with(tree, new_root, |_, _| {});
}

/// [`reroot`], calling `moved(from, to)` for every kept node as it moves from index `from`
/// to index `to` (`to <= from`, in increasing order), so that what is kept beside the tree
/// can follow.
pub(crate) fn reroot_with<M: Copy>(
    tree: &mut Vec<ZsNode<M>>,
    new_root: usize,
    mut moved: impl FnMut(usize, usize),
) {
    tree[new_root].data.flags |= KEEP;
    let mut next = 0usize;
    for i in new_root..tree.len() {
        let mut n = tree[i];
        if n.data.flags & KEEP == 0 {
            continue;
        }
        n.data.flags &= !KEEP;
        if n.data.flags & FIX != 0 {
            n.data.flags &= !FIX;
            let parent = n.first_child as usize;
            n.first_child = tree[parent].first_child;
            tree[parent].first_child = next as u32;
        }
        if n.num_children > 0 {
            let f = n.first_child as usize;
            for c in &mut tree[n.children()] {
                c.data.flags |= KEEP;
            }
            n.first_child = tree[f].first_child;
            tree[f].first_child = next as u32;
            tree[f].data.flags |= FIX;
        }
        tree[next] = n;
        moved(i, next);
        next += 1;
    }
    tree.truncate(next);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reroot_keeps_the_subtree_and_its_statistics() {
        // root -> a, b ; a -> c, d ; d -> e
        let mut t = vec![ZsNode::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(ZsNode::new(1, 0, 0.0)); // a
        t.push(ZsNode::new(2, 0, 0.0)); // b
        t[1].first_child = 3;
        t[1].num_children = 2;
        t[1].visits = 10;
        t.push(ZsNode::new(3, 1, 0.0)); // c
        t.push(ZsNode::new(4, 1, 0.0)); // d
        t[4].first_child = 5;
        t[4].num_children = 1;
        t[4].visits = 4;
        t.push(ZsNode::new(5, 0, 0.0)); // e
        reroot(&mut t, 1);
        assert_eq!(t.len(), 4);
        assert_eq!((t[0].mv, t[0].visits), (1, 10));
        let kids: Vec<u8> = t[t[0].children()].iter().map(|n| n.mv).collect();
        assert_eq!(kids, [3, 4]);
        let d = t[t[0].first_child as usize + 1];
        assert_eq!(d.visits, 4);
        assert_eq!(t[d.children()][0].mv, 5);
    }

    /// The subtree under `i` as nested (move, visits, flags-without-marks, children).
    fn shape(t: &[ZsNode<u16>], i: usize) -> String {
        let n = t[i];
        let kids: Vec<String> = n.children().map(|c| shape(t, c)).collect();
        format!(
            "({} {} {} [{}])",
            n.mv,
            n.visits,
            n.data.flags,
            kids.join(" ")
        )
    }

    #[test]
    fn reroot_in_place_keeps_every_subtree_of_random_trees() {
        let mut rng = search_core::SplitMix64::new(9);
        for round in 0..300 {
            // Grow a random tree the way the search does: expand a random leaf, children
            // appended at the end.
            let mut t = vec![ZsNode::new(0u16, 1, 0.0)];
            let mut leaves = vec![0usize];
            for _ in 0..rng.below(40) {
                let k = rng.below(leaves.len());
                let leaf = leaves.swap_remove(k);
                let count = 1 + rng.below(4);
                t[leaf].first_child = t.len() as u32;
                t[leaf].num_children = count as u16;
                t[leaf].set_expanded();
                for c in 0..count {
                    leaves.push(t.len());
                    let mut n = ZsNode::new((t.len() * 7 + c) as u16, (round % 2) as u8, 0.0);
                    n.visits = rng.below(1000) as u32;
                    n.set_bounds(rng.below(2) as i8 - 1, 1);
                    t.push(n);
                }
            }
            let new_root = rng.below(t.len());
            let want = shape(&t, new_root);
            let size = want.matches('(').count();
            let capacity = t.capacity();
            // Every other round with statistics beside the tree (each node's own move).
            let mut side: Vec<u16> = if round % 2 == 0 {
                t.iter().map(|n| n.mv).collect()
            } else {
                Vec::new()
            };
            let with_side = !side.is_empty();
            reroot_with(&mut t, new_root, |from, to| {
                if with_side {
                    side[to] = side[from];
                }
            });
            side.truncate(t.len());
            if round % 2 == 0 {
                assert_eq!(side, t.iter().map(|n| n.mv).collect::<Vec<_>>());
            } else {
                assert!(side.is_empty());
            }
            assert_eq!(shape(&t, 0), want, "round {round}");
            assert_eq!(t.len(), size);
            assert_eq!(t.capacity(), capacity, "no reallocation");
            assert!(t.iter().all(|n| n.data.flags & (KEEP | FIX) == 0));
        }
    }
}
