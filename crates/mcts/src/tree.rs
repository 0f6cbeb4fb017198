//! The arena tree both modes grow: nodes in one `Vec`, children stored contiguously, `u32`
//! indices, and what a node holds beside its statistics ([`NodeData`]: the solver's bounds
//! for [`ZeroSum`](crate::ZeroSum), the turn and proof for [`General`](crate::General));
//! the UCT terms of a visit count, and growing an arena within the node cap.

use std::sync::OnceLock;

/// What a mode keeps in every node beside the statistics: the player who moved into it,
/// and whether its children were created.
pub trait NodeData: Copy + core::fmt::Debug + Send + Sync + 'static {
    /// Index of the player who made the move into the node (whose reward its mean is).
    fn owner(&self) -> u8;
    /// `true` once the children were created (or the node was settled without them).
    fn expanded(&self) -> bool;
}

/// One node of the tree. Children of a node occupy `first_child .. first_child +
/// num_children` in the arena, created together when the node is expanded.
#[derive(Copy, Clone, Debug)]
pub struct Node<M, D> {
    /// Mean reward in `[0, 1]` for the owner over all visits (kept incrementally).
    pub mean: f32,
    /// `1 / sqrt(visits)`, cached for the UCT exploration term (1 before the first visit).
    pub inv_sqrt: f32,
    /// Visits (iterations through this node).
    pub visits: u32,
    /// Index of the first child (meaningful when `num_children > 0`).
    pub first_child: u32,
    /// Number of children (0 before expansion, or for a settled leaf).
    pub num_children: u16,
    /// Children `0..next_unvisited` have been visited at least once.
    pub next_unvisited: u16,
    /// What the mode keeps per node.
    pub data: D,
    /// The move leading here from the parent (a placeholder at the root).
    pub mv: M,
}

impl<M: Copy, D: NodeData> Node<M, D> {
    /// An unvisited node without children.
    #[inline]
    pub fn with_data(mv: M, data: D) -> Self {
        Node {
            mean: 0.0,
            inv_sqrt: 1.0,
            visits: 0,
            first_child: 0,
            num_children: 0,
            next_unvisited: 0,
            data,
            mv,
        }
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

    /// Index of the player who made the move into this node.
    #[inline]
    pub fn owner(&self) -> u8 {
        self.data.owner()
    }

    /// `true` once the children were generated (or the node was settled without them).
    #[inline]
    pub fn expanded(&self) -> bool {
        self.data.expanded()
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

/// Makes room for `extra` more nodes without letting the arena's capacity pass `cap` nodes
/// (`len + extra <= cap` is checked by the caller): it grows by doubling, as a `Vec` does,
/// but the last step stops at the cap, so the memory a tree holds never exceeds
/// `cap × NODE_BYTES`.
#[inline]
pub(crate) fn reserve_within<M>(tree: &mut Vec<M>, extra: usize, cap: usize) {
    let len = tree.len();
    if tree.capacity() - len < extra {
        let target = (len + extra).max(tree.capacity() * 2).max(64).min(cap);
        tree.reserve_exact(target - len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_ln_matches_ln() {
        for n in (1..100_000u32).chain([1 << 20, 123_456_789, u32::MAX]) {
            let x = f64::from(n);
            let (a, b) = (fast_ln(x), x.ln());
            assert!((a - b).abs() <= 1e-8 * b.max(1.0), "{n}: {a} vs {b}");
        }
    }

    #[test]
    fn arenas_grow_by_doubling_up_to_the_cap() {
        let mut tree: Vec<u8> = Vec::new();
        reserve_within(&mut tree, 3, 100);
        assert_eq!(tree.capacity(), 64);
        tree.resize(64, 0);
        reserve_within(&mut tree, 1, 100);
        assert_eq!(tree.capacity(), 100, "the last step stops at the cap");
    }
}
