//! The arena tree both modes grow: nodes in one `Vec`, children stored contiguously, `u32`
//! indices, and what a node holds beside its statistics ([`NodeData`]: the solver's bounds
//! for [`ZeroSum`](crate::ZeroSum), the turn and proof for [`General`](crate::General));
//! the UCT terms of a visit count, and growing an arena within the node cap.

use std::sync::OnceLock;

pub(crate) mod general;
pub(crate) mod growth;
pub(crate) mod reroot;
pub(crate) mod zero_sum;

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
pub(crate) struct Node<M, D> {
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
    pub(crate) fn with_data(mv: M, data: D) -> Self {
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
    pub(crate) fn add_visit(&mut self, r: f32, table: &[[f32; 2]]) {
        self.visits += 1;
        let [inv, _] = terms(table, self.visits);
        self.inv_sqrt = inv;
        self.mean += (r - self.mean) * (inv * inv);
    }

    /// Index of the player who made the move into this node.
    #[inline]
    pub(crate) fn owner(&self) -> u8 {
        self.data.owner()
    }

    /// `true` once the children were generated (or the node was settled without them).
    #[inline]
    pub(crate) fn expanded(&self) -> bool {
        self.data.expanded()
    }

    /// The arena range of the children (empty, `0..0`, for a node without children, whose
    /// `first_child` may be stale).
    #[inline]
    pub(crate) fn children(&self) -> core::ops::Range<usize> {
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
/// loop: built once per process (2 MB) and shared by every
/// search and thread.
pub(crate) fn visit_table() -> &'static [[f32; 2]] {
    static TABLE: OnceLock<Box<[[f32; 2]]>> = OnceLock::new();
    TABLE.get_or_init(|| (0..VISIT_TABLE_LEN).map(visit_terms).collect())
}

/// Makes room for `extra` more nodes without letting the arena's capacity pass `cap` nodes
/// (`len + extra <= cap` is checked by the caller): it grows by doubling, as a `Vec` does,
/// but the last step goes to the cap (see [`grown_capacity`]), so the memory a tree holds
/// never exceeds `cap × NODE_BYTES`.
#[inline]
pub(crate) fn reserve_within<M>(tree: &mut Vec<M>, extra: usize, cap: usize) {
    let len = tree.len();
    if tree.capacity() - len < extra {
        tree.reserve_exact(grown_capacity(len, tree.capacity(), extra, cap) - len);
    }
}

/// The capacity [`reserve_within`] grows an arena of `len` nodes and `capacity` slots
/// to, for `extra` more nodes under `cap`: double, at least `len + extra` and 64, at most
/// `cap`, and the cap itself once doubling twice would pass it. The last step thus
/// starts from at most half the cap, so that the old buffer and the part of the new one
/// a move has written ([`move_in_parts`]), held together while it is under way, stay
/// within the cap.
#[inline]
pub(crate) fn grown_capacity(len: usize, capacity: usize, extra: usize, cap: usize) -> usize {
    if capacity.saturating_mul(4) > cap {
        return cap;
    }
    (len + extra).max(capacity * 2).max(64).min(cap)
}

/// Bytes [`move_in_parts`] copies between two calls of its `go_on`: a quarter of a
/// megabyte, a fraction of a millisecond even when the new buffer's memory has yet to be
/// mapped by the system.
const PART_BYTES: usize = 256 * 1024;

/// Moves `v` to a buffer of exactly `capacity` elements (when it has fewer), copying it
/// in parts of [`PART_BYTES`] and asking `go_on` before each part: when it answers
/// `false` the new buffer is given up and `v` is left as it was (`false` is returned).
/// A growth the caller can abandon, where `Vec::reserve` may copy a large buffer at once.
pub(crate) fn move_in_parts<T: Copy>(
    v: &mut Vec<T>,
    capacity: usize,
    go_on: &mut impl FnMut() -> bool,
) -> bool {
    if v.capacity() >= capacity {
        return true;
    }
    let part = (PART_BYTES / core::mem::size_of::<T>().max(1)).max(1);
    let mut moved = Vec::with_capacity(capacity);
    for chunk in v.chunks(part) {
        if !go_on() {
            return false;
        }
        moved.extend_from_slice(chunk);
    }
    *v = moved;
    true
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
        // Doubling twice would pass the cap: straight to it, from at most half of it.
        assert_eq!(grown_capacity(300, 300, 1, 1200), 600);
        assert_eq!(grown_capacity(300, 300, 1, 1199), 1199);
        assert_eq!(grown_capacity(251, 260, 1, 1000), 1000);
    }

    #[test]
    fn moving_in_parts_keeps_the_elements_or_gives_up() {
        let part = PART_BYTES / core::mem::size_of::<u64>();
        let original: Vec<u64> = (0..(3 * part + 5) as u64).collect();
        // Room already: nothing is asked or moved.
        let mut v = original.clone();
        let mut asked = 0;
        assert!(move_in_parts(&mut v, 10, &mut || {
            asked += 1;
            true
        }));
        assert_eq!((asked, v.capacity()), (0, original.len()));
        // Moved whole: asked once a part, exactly the capacity asked for.
        let target = grown_capacity(v.len(), v.capacity(), 1, 10 * part);
        assert!(move_in_parts(&mut v, target, &mut || {
            asked += 1;
            true
        }));
        assert_eq!(asked, 4);
        assert_eq!(v.capacity(), target);
        assert_eq!(v, original);
        // Given up after two parts: the vector is as it was.
        let mut v = original.clone();
        let (before, mut asked) = (v.as_ptr(), 0);
        assert!(!move_in_parts(&mut v, 2 * original.len(), &mut || {
            asked += 1;
            asked <= 2
        }));
        assert_eq!(asked, 3);
        assert_eq!((v.as_ptr(), v.capacity()), (before, original.len()));
        assert_eq!(v, original);
    }
}
