//! Selection: which child an iteration descends into (unvisited children first, then UCT
//! with the optional progressive bias, skipping children the solver has settled).

use crate::rave::{Amaf, beta, blended};
use crate::transpositions::{Positions, child_mean};
use crate::tree::{Node, terms, visit_table};

/// What selection may consult beside the tree: RAVE's AMAF statistics with the
/// equivalence parameter, and the nodes' position keys with the position table.
#[derive(Copy, Clone, Default)]
pub(crate) struct Extras<'a> {
    pub rave: Option<(&'a [Amaf], f32)>,
    pub positions: Option<(&'a [u64], &'a Positions)>,
}

/// Progressive widening: a node with `n` visits may select among its first
/// `max(1, floor(coefficient · n^exponent))` children (in creation order).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Widening {
    pub coefficient: f32,
    pub exponent: f32,
}

impl Widening {
    /// How many of `count` children a node with `visits` visits may select among.
    #[inline]
    pub(crate) fn allowed(self, visits: u32, count: u32) -> u32 {
        let k = self.coefficient * (visits.max(1) as f32).powf(self.exponent);
        (k as u32).clamp(1, count.max(1))
    }
}

/// Selects the child of `tree[idx]` to descend into: an unvisited child in expansion
/// order, else the best UCT score (exploration constant `c`, prior weight `w`) among the
/// children that can still change the node's value. `None` when no child can. With
/// progressive widening only the first [`Widening::allowed`] children are considered, unless
/// none of them can change the node's value.
///
/// With transpositions a child's mean is its position's ([`child_mean`]); with RAVE that
/// mean is blended with the child's AMAF mean ([`blended`]).
#[inline]
pub(crate) fn select<M: Copy>(
    tree: &mut [Node<M>],
    idx: usize,
    c: f64,
    w: f64,
    widening: Option<Widening>,
    extras: Extras<'_>,
) -> Option<usize> {
    let node = tree[idx];
    let Some(widening) = widening else {
        return select_among(tree, idx, c, w, node.num_children, extras);
    };
    let allowed = widening.allowed(node.visits, u32::from(node.num_children)) as u16;
    select_among(tree, idx, c, w, allowed, extras).or_else(|| {
        // Every allowed child is settled: the others may still change the value.
        (allowed < node.num_children)
            .then(|| select_among(tree, idx, c, w, node.num_children, extras))
            .flatten()
    })
}

/// [`select`] among the first `allowed` children.
#[inline]
fn select_among<M: Copy>(
    tree: &mut [Node<M>],
    idx: usize,
    c: f64,
    w: f64,
    allowed: u16,
    extras: Extras<'_>,
) -> Option<usize> {
    let node = tree[idx];
    if node.next_unvisited < allowed {
        tree[idx].next_unvisited += 1;
        return Some(node.first_child as usize + node.next_unvisited as usize);
    }
    let mover = tree[node.first_child as usize].owner();
    let best_pess = if mover == node.owner() {
        node.pess()
    } else {
        -node.opt()
    };
    // `sqrt(ln visits)` of the parent: looked up once per selection rather than kept in
    // every node, which keeps nodes (and the child blocks selection reads) smaller.
    let explore = c as f32 * terms(visit_table(), node.visits)[1];
    let w = w as f32;
    let first = node.first_child as usize;
    let with_prior = w > 0.0;
    if extras.rave.is_none() && extras.positions.is_none() && !with_prior {
        return best_uct(&tree[first..first + allowed as usize], best_pess, explore)
            .map(|k| first + k);
    }
    let mut best = None;
    let mut best_score = f32::NEG_INFINITY;
    let amaf = extras.rave.map(|(amaf, k)| (amaf, beta(k, node.visits)));
    for (k, ch) in tree[first..first + allowed as usize].iter().enumerate() {
        if ch.opt() <= best_pess {
            continue; // proven, or cannot do better than a sibling already guarantees
        }
        let own = match extras.positions {
            None => ch.mean,
            Some((keys, positions)) => child_mean(ch, keys[first + k], positions),
        };
        let mean = match amaf {
            None => own,
            Some((amaf, beta)) => blended(own, amaf[first + k], beta),
        };
        let mut s = mean + explore * ch.inv_sqrt;
        if with_prior {
            s += w * ch.prior() / (ch.visits as f32 + 1.0);
        }
        if s > best_score {
            best_score = s;
            best = Some(node.first_child as usize + k);
        }
    }
    best
}

/// The plain UCT choice among `children` (no prior, no RAVE, no transpositions): the index
/// of the first child with the highest `mean + explore / sqrt(visits)` among those whose
/// upper bound is above `best_pess`; `None` when there is none.
#[inline]
fn best_uct<M: Copy>(children: &[Node<M>], best_pess: i8, explore: f32) -> Option<usize> {
    let mut best = usize::MAX;
    let mut best_score = f32::NEG_INFINITY;
    for (k, ch) in children.iter().enumerate() {
        if ch.opt() <= best_pess {
            continue;
        }
        let s = ch.mean + explore * ch.inv_sqrt;
        if s > best_score {
            best_score = s;
            best = k;
        }
    }
    (best != usize::MAX).then_some(best)
}
