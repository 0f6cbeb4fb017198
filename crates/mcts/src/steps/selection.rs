//! Selection: which child an iteration descends into. The UCT choice itself
//! ([`best_uct`]) serves both modes; the rest is the two-player mode's: unvisited children
//! first, then UCT with the optional progressive bias, RAVE and transpositions, skipping
//! children the solver has settled, among the children progressive widening admits.

use crate::steps::rave::{Amaf, beta, blended};
use crate::steps::transpositions::{Positions, child_mean};
use crate::tree::zero_sum::{ZsNode, open_above};
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
    tree: &mut [ZsNode<M>],
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

/// [`select`] with no widening, no prior, no RAVE and no transpositions (the default
/// search), with the visit terms from `table` (see [`visit_table`]): the same choice as
/// [`select`], made with less work per level, which is most of what an iteration costs
/// once the tree is a few levels deep.
#[inline]
pub(crate) fn select_plain<M: Copy>(
    tree: &mut [ZsNode<M>],
    idx: usize,
    c: f64,
    table: &[[f32; 2]],
) -> Option<usize> {
    let node = &mut tree[idx];
    let first = node.first_child as usize;
    let count = node.num_children;
    let next = node.next_unvisited;
    if next < count {
        node.next_unvisited = next + 1;
        return Some(first + next as usize);
    }
    let (owner, pess, opt, visits) = (node.owner(), node.pess(), node.opt(), node.visits);
    let children = &tree[first..first + count as usize];
    let mover = children.first()?.owner();
    let best_pess = if mover == owner { pess } else { -opt };
    let explore = c as f32 * terms(table, visits)[1];
    let open = open_above(best_pess);
    best_uct(children, |ch| ch.data.flags >= open, explore).map(|k| first + k)
}

/// [`select`] among the first `allowed` children.
#[inline]
fn select_among<M: Copy>(
    tree: &mut [ZsNode<M>],
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
        let children = &tree[first..first + allowed as usize];
        return best_uct(children, |ch| ch.opt() > best_pess, explore).map(|k| first + k);
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

/// The plain UCT choice among `children` (no prior, no RAVE, no transpositions), for both
/// modes: the index of the first child with the highest `mean + explore / sqrt(visits)`
/// among those `open` admits (the two-player mode skips the children whose upper bound
/// cannot beat what a sibling already guarantees); `None` when there is none. A child
/// without visits (an iteration through it was abandoned at a deadline) is taken at once.
///
/// Without a branch on the scores, which a processor cannot predict (which child is best
/// changes from node to node): each child's score and index make one key, and the choice
/// is the largest key. A score is never negative (a mean of rewards in `[0, 1]` plus a
/// term that is not negative), so its bits order as the scores do; the index is stored
/// inverted, so that of two equal scores the first child's key is the larger. The check
/// for a child without visits also keeps the compiler from turning the loop into vector
/// code, which is slower for a handful of children.
#[inline]
pub(crate) fn best_uct<M: Copy, D>(
    children: &[Node<M, D>],
    open: impl Fn(&Node<M, D>) -> bool,
    explore: f32,
) -> Option<usize> {
    debug_assert!(children.len() <= usize::from(u16::MAX));
    let mut best = 0u64;
    for (k, ch) in children.iter().enumerate() {
        if ch.visits == 0 {
            return Some(k);
        }
        let s = ch.mean + explore * ch.inv_sqrt;
        debug_assert!(s.is_sign_positive(), "a negative or NaN score {s}");
        let key = (u64::from(s.to_bits()) << 32) | u64::from(u32::MAX - k as u32);
        best = best.max(if open(ch) { key } else { 0 });
    }
    (best != 0).then(|| (u32::MAX - best as u32) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_core::SplitMix64;

    /// A parent with `count` children of random statistics and bounds (some children
    /// unvisited, some settled), as selection meets them.
    fn random_family(rng: &mut SplitMix64, count: usize) -> Vec<ZsNode<u8>> {
        let mut tree = vec![ZsNode::new(0u8, rng.below(2) as u8, 0.0)];
        let bound = |rng: &mut SplitMix64| rng.below(3) as i8 - 1;
        let (a, b) = (bound(rng), bound(rng));
        tree[0].set_bounds(a.min(b), a.max(b));
        tree[0].set_expanded();
        tree[0].first_child = 1;
        tree[0].num_children = count as u16;
        tree[0].next_unvisited = rng.below(count + 1) as u16;
        tree[0].visits = rng.below(70_000) as u32;
        let mover = rng.below(2) as u8;
        for k in 0..count {
            let mut ch = ZsNode::new(k as u8, mover, 0.0);
            for _ in 0..rng.below(40) {
                ch.add_visit(rng.below(3) as f32 / 2.0, visit_table());
            }
            let (a, b) = (bound(rng), bound(rng));
            if rng.below(4) == 0 {
                ch.set_bounds(a.min(b), a.max(b));
            }
            tree.push(ch);
        }
        tree
    }

    /// `best_uct` picks what the textbook loop picks: the first open child of the highest
    /// score (ties are frequent here: a few means and visit counts), or none.
    #[test]
    fn the_branch_free_choice_is_the_first_best_open_child() {
        let mut rng = SplitMix64::new(5);
        for round in 0..20_000 {
            let count = 1 + rng.below(9);
            let children: Vec<ZsNode<u8>> = (0..count)
                .map(|k| {
                    let mut ch = ZsNode::new(k as u8, 0, 0.0);
                    for _ in 0..1 + rng.below(4) {
                        ch.add_visit(rng.below(3) as f32 / 2.0, visit_table());
                    }
                    ch.set_bounds(-1, rng.below(3) as i8 - 1);
                    ch
                })
                .collect();
            let explore = [0.0, 0.5, 1.0, 1e30][rng.below(4)];
            let open = |ch: &ZsNode<u8>| ch.opt() > -1;
            let mut want = None;
            let mut best = f32::NEG_INFINITY;
            for (k, ch) in children.iter().enumerate() {
                let s = ch.mean + explore * ch.inv_sqrt;
                if open(ch) && s > best {
                    best = s;
                    want = Some(k);
                }
            }
            assert_eq!(best_uct(&children, open, explore), want, "round {round}");
        }
        // A child without visits is taken at once, open or not.
        let mut children = vec![ZsNode::new(0u8, 0, 0.0), ZsNode::new(1u8, 0, 0.0)];
        children[0].add_visit(1.0, visit_table());
        assert_eq!(best_uct(&children, |_| false, 1.0), Some(1));
    }

    #[test]
    fn the_plain_path_chooses_as_the_general_one() {
        let mut rng = SplitMix64::new(21);
        for round in 0..5_000 {
            let count = 1 + rng.below(8);
            let c = [0.0, 0.7, 1.4, 3.0][rng.below(4)];
            let mut general = random_family(&mut rng, count);
            let mut plain = general.clone();
            let want = select(&mut general, 0, c, 0.0, None, Extras::default());
            let got = select_plain(&mut plain, 0, c, visit_table());
            assert_eq!(got, want, "round {round}");
            assert_eq!(
                plain[0].next_unvisited, general[0].next_unvisited,
                "round {round}"
            );
        }
    }
}
