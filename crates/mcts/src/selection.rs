//! Selection: which child an iteration descends into (unvisited children first, then UCT
//! with the optional progressive bias, skipping children the solver has settled).

use crate::tree::Node;

/// Selects the child of `tree[idx]` to descend into: an unvisited child in expansion
/// order, else the best UCT score (exploration constant `c`, prior weight `w`) among the
/// children that can still change the node's value. `None` when no child can.
#[inline]
pub(crate) fn select<M: Copy>(tree: &mut [Node<M>], idx: usize, c: f64, w: f64) -> Option<usize> {
    let node = tree[idx];
    if node.next_unvisited < node.num_children {
        tree[idx].next_unvisited += 1;
        return Some(node.first_child as usize + node.next_unvisited as usize);
    }
    let mover = tree[node.first_child as usize].owner();
    let best_pess = if mover == node.owner() {
        node.pess()
    } else {
        -node.opt()
    };
    let explore = c as f32 * node.sqrt_ln;
    let w = w as f32;
    let mut best = None;
    let mut best_score = f32::NEG_INFINITY;
    for (k, ch) in tree[node.children()].iter().enumerate() {
        if ch.opt() <= best_pess {
            continue; // proven, or cannot do better than a sibling already guarantees
        }
        let mut s = ch.mean + explore * ch.inv_sqrt;
        if w > 0.0 {
            s += w * ch.prior() / (ch.visits as f32 + 1.0);
        }
        if s > best_score {
            best_score = s;
            best = Some(node.first_child as usize + k);
        }
    }
    best
}
