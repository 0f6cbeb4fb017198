//! The tree the threads of a tree-parallel search share: [`SharedNode`]s of atomics in an
//! [`Arena`] of fixed-size chunks, the ranges of slots each thread reserves ([`Cursor`]),
//! the tree written back as compact [`ZsNode`]s, and how a node's bounds follow from its
//! children's ([`update_bounds`]).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, AtomicUsize, Ordering};

use crate::tree::zero_sum::{LOSS, ZsNode};

/// Fixed-point units per unit of reward.
pub(super) const UNIT: f64 = (1u64 << 24) as f64;

/// `state` flags: a thread is generating the children; the node is expanded (children
/// published, or solved without them).
pub(super) const EXPANDING: u8 = 1;
pub(super) const EXPANDED: u8 = 2;

/// Nodes per arena chunk (a power of two).
pub(super) const CHUNK_BITS: u32 = 12;
pub(super) const CHUNK: usize = 1 << CHUNK_BITS;

/// Nodes [`Arena::write_back`] writes between two calls of its `give_up` (about a
/// millisecond: writing the tree back takes 40-60 ns a node, its walk from the root
/// reading the nodes in an order the processor cannot predict).
pub(super) const WRITE_BACK_PART: usize = 1 << 14;

/// Nodes a thread reserves at a time (a divisor of `CHUNK`, so that a block never spans two
/// chunks): the threads do not touch one shared counter at every expansion. A sibling group
/// that does not fit in what is left of a block goes to a new block, so a full tree may stop
/// short of the cap by less than one sibling group per block.
pub(super) const BLOCK: usize = 256;

/// Iterations a thread takes from the shared iteration budget at a time; the time limit,
/// the stop flag and the other threads' proofs and failures are checked between batches.
pub(super) const BATCH: u64 = 16;

/// One node of the shared tree (32 bytes for a one- or two-byte move).
pub(crate) struct SharedNode<M> {
    /// The move leading here, written once by the thread that creates the node.
    pub(super) mv: OnceLock<M>,
    /// Sum of the owner's rewards, in `UNIT`s.
    pub(super) sum: AtomicU64,
    /// Visits, counted when a thread descends into the node (before its reward arrives).
    pub(super) visits: AtomicU32,
    /// Index of the first child; 0 until the children are published (0 is the root, never
    /// a child).
    pub(super) first_child: AtomicU32,
    pub(super) num_children: AtomicU16,
    /// Children `0..next_unvisited` were handed out for a first visit.
    pub(super) next_unvisited: AtomicU16,
    /// Bits 0-1: lower bound + 1; bits 2-3: 1 - upper bound (zero: `[loss, win]`).
    pub(super) bounds: AtomicU8,
    pub(super) state: AtomicU8,
    /// The player who moved into the node.
    pub(super) owner: AtomicU8,
    /// The prior, in 255ths.
    pub(super) prior: AtomicU8,
}

pub(super) fn encode(pess: i8, opt: i8) -> u8 {
    (pess + 1) as u8 | ((1 - opt) as u8) << 2
}

pub(super) fn decode(b: u8) -> (i8, i8) {
    ((b & 3) as i8 - 1, 1 - ((b >> 2) & 3) as i8)
}

impl<M: Copy> SharedNode<M> {
    pub(super) fn empty() -> Self {
        SharedNode {
            mv: OnceLock::new(),
            sum: AtomicU64::new(0),
            visits: AtomicU32::new(0),
            first_child: AtomicU32::new(0),
            num_children: AtomicU16::new(0),
            next_unvisited: AtomicU16::new(0),
            bounds: AtomicU8::new(0),
            state: AtomicU8::new(0),
            owner: AtomicU8::new(0),
            prior: AtomicU8::new(0),
        }
    }

    #[inline]
    pub(super) fn mv(&self) -> M {
        *self
            .mv
            .get()
            .expect("a published node has its move (written before publication)")
    }

    #[inline]
    pub(super) fn owner(&self) -> u8 {
        self.owner.load(Ordering::Relaxed)
    }

    /// Lower and upper bound of the game value for the owner.
    #[inline]
    pub(super) fn bounds(&self) -> (i8, i8) {
        decode(self.bounds.load(Ordering::Acquire))
    }

    #[inline]
    pub(super) fn is_solved(&self) -> bool {
        let (p, o) = self.bounds();
        p == o
    }

    /// Merges `[pess, opt]` into the bounds (they only tighten); `true` if they changed.
    pub(super) fn tighten(&self, pess: i8, opt: i8) -> bool {
        self.bounds
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |b| {
                let (p, o) = decode(b);
                let (np, no) = (p.max(pess), o.min(opt));
                debug_assert!(np <= no, "bounds [{np}, {no}] crossed");
                ((np, no) != (p, o)).then(|| encode(np, no.max(np)))
            })
            .is_ok()
    }

    /// The published children: (first index, count), count 0 when none.
    #[inline]
    pub(super) fn children(&self) -> (u32, u32) {
        let first = self.first_child.load(Ordering::Acquire);
        if first == 0 {
            (0, 0)
        } else {
            (first, u32::from(self.num_children.load(Ordering::Relaxed)))
        }
    }

    /// The first player's reward for a proven node.
    #[inline]
    pub(super) fn proven_first_reward(&self) -> f64 {
        let owner_reward = (f64::from(self.bounds().0) + 1.0) / 2.0;
        if self.owner() == 0 {
            owner_reward
        } else {
            1.0 - owner_reward
        }
    }

    /// Marks the node solved with value `v` for its owner, without children.
    pub(super) fn solve(&self, v: i8) {
        self.tighten(v, v);
        self.state.fetch_or(EXPANDED, Ordering::Release);
    }
}

/// One chunk of the arena's nodes.
pub(super) type Chunk<M> = Box<[SharedNode<M>]>;

/// The shared tree's storage: chunks of `CHUNK` nodes (the last one cut at the cap),
/// created by the first thread that reserves a slot in them.
pub(crate) struct Arena<M> {
    pub(super) chunks: Box<[OnceLock<Chunk<M>>]>,
    /// The most nodes the arena may hold.
    pub(super) cap: usize,
    /// Slots reserved so far (may pass `cap` by failed reservations).
    pub(super) next: AtomicUsize,
}

impl<M: Copy> Arena<M> {
    /// An empty arena for at most `cap` nodes (at least 1): nothing is allocated but the
    /// chunk table.
    pub(crate) fn new(cap: usize) -> Self {
        Arena {
            chunks: (0..cap.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect(),
            cap,
            next: AtomicUsize::new(0),
        }
    }

    /// The node at index `i`, which must lie in a reserved range.
    #[inline]
    pub(super) fn node(&self, i: u32) -> &SharedNode<M> {
        let i = i as usize;
        let chunk = self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("a reserved node's chunk exists");
        &chunk[i & (CHUNK - 1)]
    }

    /// The chunk holding index `i` (which must lie in a reserved range).
    #[inline]
    pub(super) fn chunk(&self, i: usize) -> &[SharedNode<M>] {
        self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("a reserved node's chunk exists")
    }

    /// Calls `f` on each node of the sibling group `first..first + count`, with one chunk
    /// look-up when the group lies in one chunk (always, but for groups larger than a
    /// block or reserved once the arena is nearly full).
    #[inline]
    pub(super) fn each(&self, first: u32, count: u32, mut f: impl FnMut(u32, &SharedNode<M>)) {
        let (a, n) = (first as usize, count as usize);
        if n > 0 && a >> CHUNK_BITS == (a + n - 1) >> CHUNK_BITS {
            let off = a & (CHUNK - 1);
            for (k, node) in self.chunk(a)[off..off + n].iter().enumerate() {
                f(first + k as u32, node);
            }
        } else {
            for i in first..first + count {
                f(i, self.node(i));
            }
        }
    }

    /// Reserves at least `count` consecutive slots, creating their chunks: whole blocks
    /// (at least `count` nodes) while they fit under the cap, then exactly `count`.
    /// Returns the reserved range, or `None` past the cap.
    pub(super) fn claim(&self, count: usize) -> Option<(usize, usize)> {
        let whole = count.div_ceil(BLOCK).max(1) * BLOCK;
        let mut range = (0, 0);
        self.next
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                let len = if n % BLOCK == 0 && n + whole <= self.cap {
                    whole
                } else if n + count <= self.cap {
                    count
                } else {
                    return None;
                };
                range = (n, n + len);
                Some(n + len)
            })
            .ok()?;
        let (start, end) = range;
        for j in start >> CHUNK_BITS..=(end - 1) >> CHUNK_BITS {
            self.chunks[j].get_or_init(|| {
                let len = (self.cap - (j << CHUNK_BITS)).min(CHUNK);
                (0..len).map(|_| SharedNode::empty()).collect()
            });
        }
        Some(range)
    }

    /// Copies a tree grown by one thread (children contiguous, the root at 0) into the
    /// empty arena, at the same indices; returns what is left of the reserved range, for
    /// the first thread.
    pub(crate) fn load(&self, tree: &[ZsNode<M>]) -> Cursor {
        let Some((start, end)) = self.claim(tree.len()) else {
            unreachable!("the kept tree fits under the cap (checked when the search starts)");
        };
        debug_assert_eq!(start, 0);
        for (i, n) in tree.iter().enumerate() {
            let s = self.node(i as u32);
            let _ = s.mv.set(n.mv);
            s.owner.store(n.owner(), Ordering::Relaxed);
            s.prior.store(n.prior_raw(), Ordering::Relaxed);
            s.bounds.store(encode(n.pess(), n.opt()), Ordering::Relaxed);
            s.visits.store(n.visits, Ordering::Relaxed);
            let sum = f64::from(n.mean) * f64::from(n.visits) * UNIT;
            s.sum.store(sum.round() as u64, Ordering::Relaxed);
            if n.expanded() {
                s.state.store(EXPANDED, Ordering::Relaxed);
            }
            if n.num_children > 0 {
                s.num_children.store(n.num_children, Ordering::Relaxed);
                s.next_unvisited.store(n.next_unvisited, Ordering::Relaxed);
                s.first_child.store(n.first_child, Ordering::Relaxed);
            }
        }
        Cursor {
            next: tree.len(),
            end,
        }
    }

    /// The tree reachable from node `from` (0: the root), breadth first, as the compact
    /// arena of [`ZsNode`]s (allocated at its exact size), `from` at index 0: children stay
    /// contiguous and follow their parent. The root's visits and mean are given (it is not
    /// written during the search). Only
    /// the first `depth` levels below the root keep their children (`u32::MAX`: the whole
    /// tree; 2: the root, its children and theirs, which is what the final choice reads).
    /// `give_up` is asked every [`WRITE_BACK_PART`] nodes: when it answers `true` the
    /// write-back stops and `None` is returned.
    pub(crate) fn write_back(
        &self,
        from: u32,
        root_visits: u32,
        root_mean: f32,
        depth: u32,
        give_up: &mut impl FnMut() -> bool,
    ) -> Option<Vec<ZsNode<M>>> {
        let mut source: Vec<u32> = vec![from];
        // Nodes from `leaves_from` on are at depth `depth`: their children stay out.
        let mut leaves_from = usize::MAX;
        let (mut k, mut level, mut level_end) = (0, 0u32, 1);
        while k < source.len() {
            if k == level_end {
                level += 1;
                level_end = source.len();
            }
            if level >= depth {
                leaves_from = k;
                break;
            }
            if k % WRITE_BACK_PART == WRITE_BACK_PART - 1 && give_up() {
                return None;
            }
            let (first, count) = self.node(source[k]).children();
            source.extend(first..first + count);
            k += 1;
        }
        let mut tree = Vec::with_capacity(source.len());
        let mut next_child = 1u32;
        for (k, &i) in source.iter().enumerate() {
            if k % WRITE_BACK_PART == WRITE_BACK_PART - 1 && give_up() {
                return None;
            }
            let s = self.node(i);
            let (visits, mean) = if i == 0 {
                (root_visits, root_mean)
            } else {
                let visits = s.visits.load(Ordering::Relaxed);
                let sum = s.sum.load(Ordering::Relaxed) as f64;
                let mean = if visits == 0 {
                    0.0
                } else {
                    (sum / UNIT / f64::from(visits)) as f32
                };
                (visits, mean)
            };
            let mut n = ZsNode::restore(
                s.mv(),
                s.owner(),
                s.prior.load(Ordering::Relaxed),
                visits,
                mean,
                s.state.load(Ordering::Relaxed) & EXPANDED != 0,
                s.bounds(),
            );
            let (_, count) = s.children();
            if count > 0 && k < leaves_from {
                n.first_child = next_child;
                n.num_children = count as u16;
                n.next_unvisited =
                    (s.next_unvisited.load(Ordering::Relaxed) as u32).min(count) as u16;
                next_child += count;
            }
            tree.push(n);
        }
        Some(tree)
    }

    /// Bytes the arena holds: its chunk table and the chunks created.
    pub(crate) fn bytes(&self) -> usize {
        let table = self.chunks.len() * core::mem::size_of::<OnceLock<Chunk<M>>>();
        let chunks: usize = self
            .chunks
            .iter()
            .filter_map(|c| c.get())
            .map(|c| c.len())
            .sum();
        table + chunks * core::mem::size_of::<SharedNode<M>>()
    }
}

/// What is left of a thread's reserved range of slots.
pub(crate) struct Cursor {
    pub(super) next: usize,
    pub(super) end: usize,
}

impl Cursor {
    /// Takes `count` consecutive slots from the range, or reserves a new one.
    pub(super) fn take<M: Copy>(&mut self, arena: &Arena<M>, count: usize) -> Option<usize> {
        if self.end - self.next < count {
            let (start, end) = arena.claim(count)?;
            *self = Cursor { next: start, end };
        }
        let start = self.next;
        self.next += count;
        Some(start)
    }
}

/// Recomputes the bounds of `idx` from its children (negamax over the bounds, negated
/// only where the mover changes) and merges them in; `true` if they changed.
pub(super) fn update_bounds<M: Copy>(arena: &Arena<M>, idx: u32) -> bool {
    let node = arena.node(idx);
    let (first, count) = node.children();
    if count == 0 {
        return false;
    }
    let mover = arena.node(first).owner();
    let (mut max_pess, mut max_opt) = (LOSS, LOSS);
    arena.each(first, count, |_, c| {
        let (p, o) = c.bounds();
        max_pess = max_pess.max(p);
        max_opt = max_opt.max(o);
    });
    let (pess, opt) = if mover == node.owner() {
        (max_pess, max_opt)
    } else {
        (-max_opt, -max_pess)
    };
    node.tighten(pess, opt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::zero_sum::WIN;

    #[test]
    fn bounds_round_trip_and_only_tighten() {
        for p in -1..=1 {
            for o in p..=1 {
                assert_eq!(decode(encode(p, o)), (p, o));
            }
        }
        assert_eq!(decode(0), (LOSS, WIN));
        let n = SharedNode::<u8>::empty();
        assert!(n.tighten(0, 1));
        assert!(!n.tighten(-1, 1), "a looser bound changes nothing");
        assert!(n.tighten(-1, 0));
        assert_eq!(n.bounds(), (0, 0));
        assert!(n.is_solved());
    }

    #[test]
    fn reservations_are_blocks_then_exact_and_stay_under_the_cap() {
        let arena = Arena::<u8>::new(CHUNK + 10);
        assert_eq!(arena.claim(7), Some((0, BLOCK)));
        assert_eq!(arena.claim(BLOCK + 1), Some((BLOCK, 3 * BLOCK)));
        let mut cursor = Cursor {
            next: 3 * BLOCK,
            end: 3 * BLOCK,
        };
        let mut last = 0;
        while let Some(start) = cursor.take(&arena, 7) {
            assert!(start + 7 <= CHUNK + 10);
            let _ = arena.node((start + 6) as u32); // its chunk exists
            last = start + 7;
        }
        // Whole blocks up to the first chunk's end, then exact ranges into the short
        // second chunk: the arena stops less than one group short of the cap.
        assert!(last + 7 > CHUNK + 10, "stopped at {last}");
        assert_eq!(arena.claim(1), Some((last, last + 1)));
    }

    #[test]
    fn loading_and_writing_back_keeps_the_tree() {
        // root -> a, b ; b -> c
        let mut t = vec![ZsNode::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t[0].next_unvisited = 2;
        t[0].set_expanded();
        t.push(ZsNode::new(1, 0, 0.25));
        t.push(ZsNode::new(2, 0, 0.0));
        t[2].first_child = 3;
        t[2].num_children = 1;
        t[2].set_expanded();
        t.push(ZsNode::new(3, 1, 0.0));
        t[3].set_bounds(1, 1);
        t[3].set_expanded();
        let terms = crate::tree::visit_table();
        for (i, r) in [(0, 0.5), (1, 1.0), (1, 0.0), (2, 0.5), (3, 1.0)] {
            t[i].add_visit(r, terms);
        }
        let arena = Arena::new(100);
        arena.load(&t);
        let back = arena
            .write_back(0, t[0].visits, t[0].mean, u32::MAX, &mut || false)
            .expect("not given up");
        assert_eq!(back.len(), t.len());
        for (a, b) in t.iter().zip(&back) {
            assert_eq!((a.mv, a.visits, a.owner()), (b.mv, b.visits, b.owner()));
            assert_eq!(
                (a.pess(), a.opt(), a.expanded()),
                (b.pess(), b.opt(), b.expanded())
            );
            assert_eq!(
                (a.first_child, a.num_children),
                (b.first_child, b.num_children)
            );
            assert_eq!(a.prior_raw(), b.prior_raw());
            assert!((a.mean - b.mean).abs() < 1e-6);
            assert_eq!(a.inv_sqrt, b.inv_sqrt);
        }
        // The first levels alone: the same nodes, those at the last level without their
        // children.
        let head = arena
            .write_back(0, t[0].visits, t[0].mean, 1, &mut || false)
            .expect("not given up");
        assert_eq!(head.len(), 3);
        assert_eq!((head[0].first_child, head[0].num_children), (1, 2));
        assert_eq!(head[2].num_children, 0, "its child is a level further down");
        for (a, b) in head.iter().zip(&back) {
            assert_eq!(
                (a.mv, a.visits, a.pess(), a.opt()),
                (b.mv, b.visits, b.pess(), b.opt())
            );
        }
        let whole = arena.write_back(0, t[0].visits, t[0].mean, 2, &mut || false);
        assert_eq!(whole.map(|w| w.len()), Some(4));
    }

    #[test]
    fn writing_back_asks_whether_to_give_up_and_does() {
        // A root with a chain of WRITE_BACK_PART + 10 nodes below it.
        let n = WRITE_BACK_PART + 10;
        let mut t = vec![ZsNode::new(0u8, 1, 0.0)];
        for i in 0..n {
            t[i].first_child = i as u32 + 1;
            t[i].num_children = 1;
            t[i].set_expanded();
            t.push(ZsNode::new((i % 7) as u8, (i % 2) as u8, 0.0));
        }
        let arena = Arena::new(2 * n);
        arena.load(&t);
        let mut asked = 0;
        let back = arena.write_back(0, 0, 0.0, u32::MAX, &mut || {
            asked += 1;
            false
        });
        assert_eq!(back.map(|b| b.len()), Some(n + 1));
        assert_eq!(asked, 2, "once a part, on the walk and on the copy");
        assert!(
            arena
                .write_back(0, 0, 0.0, u32::MAX, &mut || true)
                .is_none()
        );
    }
}
