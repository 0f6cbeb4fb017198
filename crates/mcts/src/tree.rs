//! The arena tree: nodes in one `Vec`, children stored contiguously, `u32` indices.

use std::sync::OnceLock;

/// Bounds are values for the node's *owner* (the player who moved into it):
/// -1 loss, 0 draw, +1 win.
pub(crate) const LOSS: i8 = -1;
pub(crate) const WIN: i8 = 1;

/// One node of the tree: 24 bytes for a one- or two-byte move. Children of a node occupy
/// `first_child .. first_child + num_children` in the arena, allocated together when the
/// node is expanded.
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
    /// Number of children (0 before expansion, or for a solved leaf).
    pub num_children: u16,
    /// Children `0..next_unvisited` have been visited at least once.
    pub next_unvisited: u16,
    /// Bit 0: expanded; bit 1: owner (the player who moved into the node); bits 2-3 and
    /// 4-5: lower and upper bound of the game value for the owner, plus one (score-bounded
    /// MCTS: 0 loss, 1 draw, 2 win).
    flags: u8,
    /// Prior for progressive bias, in 255ths (0 without priors).
    prior: u8,
    /// The move leading here from the parent (a placeholder at the root).
    pub mv: M,
}

const EXPANDED: u8 = 1;
const OWNER: u8 = 2;

impl<M: Copy> Node<M> {
    /// An unvisited, unexpanded node with bounds `[loss, win]`.
    #[inline]
    pub fn new(mv: M, owner: u8, prior: f32) -> Self {
        Node {
            mean: 0.0,
            inv_sqrt: 1.0,
            visits: 0,
            first_child: 0,
            num_children: 0,
            next_unvisited: 0,
            flags: (owner & 1) << 1 | ((LOSS + 1) as u8) << 2 | ((WIN + 1) as u8) << 4,
            prior: (prior.clamp(0.0, 1.0) * 255.0).round() as u8,
            mv,
        }
    }

    /// A node with the given statistics and state (`prior` in 255ths, as stored): how a
    /// tree grown by several threads is written back into an arena.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn restore(
        mv: M,
        owner: u8,
        prior: u8,
        visits: u32,
        mean: f32,
        expanded: bool,
        bounds: (i8, i8),
    ) -> Self {
        let [inv_sqrt, _] = visit_terms(visits);
        let mut n = Node {
            mean,
            inv_sqrt,
            visits,
            first_child: 0,
            num_children: 0,
            next_unvisited: 0,
            flags: (owner & 1) << 1,
            prior,
            mv,
        };
        n.set_bounds(bounds.0, bounds.1);
        if expanded {
            n.set_expanded();
        }
        n
    }

    /// The prior as stored, in 255ths.
    #[inline]
    pub fn prior_raw(&self) -> u8 {
        self.prior
    }

    /// Adds one visit with reward `r` for the owner; `table` holds `[1/sqrt(n), sqrt(ln n)]`
    /// for small `n` (see [`visit_table`]).
    #[inline]
    pub fn add_visit(&mut self, r: f32, table: &[[f32; 2]]) {
        self.visits += 1;
        let [inv, _] = terms(table, self.visits);
        self.inv_sqrt = inv;
        self.mean += (r - self.mean) * (inv * inv);
    }

    /// `true` once the children were generated (or the node was solved without them).
    #[inline]
    pub fn expanded(&self) -> bool {
        self.flags & EXPANDED != 0
    }

    #[inline]
    pub fn set_expanded(&mut self) {
        self.flags |= EXPANDED;
    }

    /// Index of the player who made the move into this node.
    #[inline]
    pub fn owner(&self) -> u8 {
        (self.flags & OWNER) >> 1
    }

    /// Lower bound of the game value for the owner.
    #[inline]
    pub fn pess(&self) -> i8 {
        ((self.flags >> 2) & 3) as i8 - 1
    }

    /// Upper bound of the game value for the owner.
    #[inline]
    pub fn opt(&self) -> i8 {
        ((self.flags >> 4) & 3) as i8 - 1
    }

    /// Sets both bounds (each in `-1..=1`).
    #[inline]
    pub fn set_bounds(&mut self, pess: i8, opt: i8) {
        self.flags =
            (self.flags & (EXPANDED | OWNER)) | ((pess + 1) as u8) << 2 | ((opt + 1) as u8) << 4;
    }

    /// The prior in `[0, 1]`.
    #[inline]
    pub fn prior(&self) -> f32 {
        f32::from(self.prior) / 255.0
    }

    #[inline]
    pub fn is_solved(&self) -> bool {
        self.pess() == self.opt()
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

/// The natural logarithm of `x > 0` to about 1e-9 relative error, several times faster
/// than `f64::ln`: `x = 2^e · m` with `m` in `[√½, √2)`, then
/// `ln m = 2 atanh((m - 1) / (m + 1))` by its series to the ninth power.
#[inline]
fn fast_ln(x: f64) -> f64 {
    const LN_2: f64 = core::f64::consts::LN_2;
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > core::f64::consts::SQRT_2 {
        m *= 0.5;
        e += 1;
    }
    let z = (m - 1.0) / (m + 1.0);
    let z2 = z * z;
    let series = 1.0 + z2 * (1.0 / 3.0 + z2 * (1.0 / 5.0 + z2 * (1.0 / 7.0 + z2 * (1.0 / 9.0))));
    e as f64 * LN_2 + 2.0 * z * series
}

/// `[1 / sqrt(n), sqrt(ln n)]`, the two UCT terms that depend on a node's visits.
#[inline]
pub(crate) fn visit_terms(n: u32) -> [f32; 2] {
    let x = f64::from(n.max(1));
    [(1.0 / x.sqrt()) as f32, fast_ln(x).sqrt() as f32]
}

/// [`visit_terms`] of `n`, from `table` (see [`visit_table`]) when `n` is small.
#[inline]
pub(crate) fn terms(table: &[[f32; 2]], n: u32) -> [f32; 2] {
    match table.get(n as usize) {
        Some(&pair) => pair,
        None => visit_terms(n),
    }
}

/// How many visit counts [`visit_table`] covers: enough for the root itself in a search
/// of a quarter of a million playouts (and for its children in longer ones), whose visits
/// are added at every iteration and would otherwise cost a square root, a division and a
/// logarithm each time (twice for the root: its `sqrt(ln n)` at selection, its
/// `1/sqrt(n)` at backpropagation).
const VISIT_TABLE_LEN: u32 = 1 << 18;

/// [`visit_terms`] for `n < VISIT_TABLE_LEN`, looked up instead of computed in the hot
/// loop: built once per process (2 MB, about a millisecond and a half) and shared by every
/// search and thread.
pub(crate) fn visit_table() -> &'static [[f32; 2]] {
    static TABLE: OnceLock<Box<[[f32; 2]]>> = OnceLock::new();
    TABLE.get_or_init(|| (0..VISIT_TABLE_LEN).map(visit_terms).collect())
}

/// Flag bits used only while [`reroot`] runs: the node belongs to the kept subtree, and
/// (on a first child) its `first_child` field temporarily holds its parent's new index.
const KEEP: u8 = 64;
const FIX: u8 = 128;

/// Keeps only the subtree under `new_root`, which becomes index 0, compacting it in place:
/// the kept nodes keep their relative order (a child always sits after its parent, so each
/// moves to a lower index or stays), children stay contiguous, and no second buffer is
/// allocated, so re-rooting never holds more memory than the tree already does.
///
/// One forward pass from `new_root`: a kept node marks its children as kept; its
/// `first_child` is remapped when the first of them is moved (the parent's new index is
/// parked in the child's `first_child` meanwhile, and the child's own value in the parent's).
#[cfg(test)]
pub(crate) fn reroot<M: Copy>(tree: &mut Vec<Node<M>>, new_root: usize) {
    reroot_with(tree, new_root, |_, _| {});
}

/// [`reroot`], calling `moved(from, to)` for every kept node as it moves from index `from`
/// to index `to` (`to <= from`, in increasing order), so that what is kept beside the tree
/// can follow.
pub(crate) fn reroot_with<M: Copy>(
    tree: &mut Vec<Node<M>>,
    new_root: usize,
    mut moved: impl FnMut(usize, usize),
) {
    tree[new_root].flags |= KEEP;
    let mut next = 0usize;
    for i in new_root..tree.len() {
        let mut n = tree[i];
        if n.flags & KEEP == 0 {
            continue;
        }
        n.flags &= !KEEP;
        if n.flags & FIX != 0 {
            n.flags &= !FIX;
            let parent = n.first_child as usize;
            n.first_child = tree[parent].first_child;
            tree[parent].first_child = next as u32;
        }
        if n.num_children > 0 {
            let f = n.first_child as usize;
            for c in &mut tree[n.children()] {
                c.flags |= KEEP;
            }
            n.first_child = tree[f].first_child;
            tree[f].first_child = next as u32;
            tree[f].flags |= FIX;
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
    fn nodes_are_small_and_flags_round_trip() {
        assert_eq!(core::mem::size_of::<Node<u8>>(), 24);
        assert_eq!(core::mem::size_of::<Node<u16>>(), 24);
        let mut n = Node::new(3u8, 1, 0.5);
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
    fn shape(t: &[Node<u16>], i: usize) -> String {
        let n = t[i];
        let kids: Vec<String> = n.children().map(|c| shape(t, c)).collect();
        format!("({} {} {} [{}])", n.mv, n.visits, n.flags, kids.join(" "))
    }

    #[test]
    fn reroot_in_place_keeps_every_subtree_of_random_trees() {
        let mut rng = search_core::SplitMix64::new(9);
        for round in 0..300 {
            // Grow a random tree the way the search does: expand a random leaf, children
            // appended at the end.
            let mut t = vec![Node::new(0u16, 1, 0.0)];
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
                    let mut n = Node::new((t.len() * 7 + c) as u16, (round % 2) as u8, 0.0);
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
            assert!(t.iter().all(|n| n.flags & (KEEP | FIX) == 0));
        }
    }

    #[test]
    fn fast_ln_matches_ln() {
        for n in (1..100_000u32).chain([1 << 20, 123_456_789, u32::MAX]) {
            let x = f64::from(n);
            let (a, b) = (fast_ln(x), x.ln());
            assert!((a - b).abs() <= 1e-8 * b.max(1.0), "{n}: {a} vs {b}");
        }
    }
}
