//! Lazy reachability: [`BfsReach`] and [`DfsReach`] yield the states reachable from the
//! starts one at a time, in breadth-first or depth-first order, like `pathfinding`'s
//! `bfs_reach` and `dfs_reach`, bounded by a [`Budget`].

use core::hash::Hash;

use fxhash::FxHashSet;
use search_core::{Budget, Stats};

use crate::engine::error::PathError;
use crate::engine::result::Limit;
use crate::engine::run::Run;
use crate::engine::slots::{hash_table_bytes, vec_bytes};

/// What stops a reachability iterator early: the budget's node limit counts states
/// expanded (their successors asked for), its depth limit the steps from a start; time and
/// the stop flag are polled like a search's.
#[derive(Clone, Debug)]
struct Bounds {
    run: Run<usize>,
    limit: Option<Limit>,
}

impl Bounds {
    fn new(budget: &Budget) -> Result<Self, PathError> {
        Ok(Bounds {
            run: Run::new(budget, None)?,
            limit: None,
        })
    }

    /// Caps the bytes the iterator holds (see [`BfsReach::with_memory_cap`]).
    fn cap_memory(&mut self, bytes: u64) {
        let run = self.run.clone();
        self.run = run.with_memory_cap(Some(bytes));
    }

    /// `true` if another expansion is allowed (and counts it); `bytes` gives what the
    /// iterator holds, for a memory cap.
    fn expand(&mut self, bytes: impl FnOnce() -> usize) -> bool {
        if self.limit.is_some() {
            return false;
        }
        if self.run.out_of_budget(bytes) {
            self.limit = Some(self.run.reached());
            return false;
        }
        self.run.stats.expanded += 1;
        true
    }
}

/// The states reachable from the starts in breadth-first order (each once, the starts
/// first, then by number of steps), computed as they are asked for. Made by [`bfs_reach`].
///
/// The iterator ends when every reachable state was yielded, or when the budget stops it:
/// [`limit`](BfsReach::limit) then names the bound.
///
/// ```
/// use pathfind::bfs_reach;
/// use search_core::Budget;
/// let mut it = bfs_reach([0u32], |&n| [n + 1, n + 2].into_iter().filter(|&m| m <= 4),
///                        &Budget::new()).unwrap();
/// assert_eq!(it.by_ref().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
/// assert_eq!(it.limit(), None);
/// assert_eq!(it.depth_of(&4), Some(2));
/// ```
pub struct BfsReach<N, S> {
    successors: S,
    buf: Vec<N>,
    seen: fxhash::FxHashMap<N, u32>,
    /// Every state met, in order: `queue[..yielded]` were yielded, `queue[..head]`
    /// expanded.
    queue: Vec<(N, u32)>,
    head: usize,
    yielded: usize,
    bounds: Bounds,
}

impl<N, S> BfsReach<N, S>
where
    N: Clone + Eq + Hash,
    S: FnMut(&N, &mut Vec<N>),
{
    fn new(
        starts: impl IntoIterator<Item = N>,
        successors: S,
        budget: &Budget,
    ) -> Result<Self, PathError> {
        let mut it = BfsReach {
            successors,
            buf: Vec::new(),
            seen: fxhash::FxHashMap::default(),
            queue: Vec::new(),
            head: 0,
            yielded: 0,
            bounds: Bounds::new(budget)?,
        };
        for s in starts {
            if !it.seen.contains_key(&s) {
                it.seen.insert(s.clone(), 0);
                it.queue.push((s, 0));
            }
        }
        Ok(it)
    }

    /// The bound that ended the iteration early, if one did.
    ///
    /// ```
    /// use pathfind::{bfs_reach, Limit};
    /// use search_core::{Budget, BudgetField};
    /// let mut it = bfs_reach([0u32], |&n| [n + 1], &Budget::depth(3)).unwrap();
    /// assert_eq!(it.by_ref().count(), 4);
    /// assert_eq!(it.limit(), Some(Limit::Budget(BudgetField::Depth)));
    /// ```
    #[must_use]
    pub fn limit(&self) -> Option<Limit> {
        self.bounds.limit.or(self.bounds.run.pruned)
    }

    /// Caps the bytes the iterator holds (the states met, its queue and buffer, measured by
    /// their capacities whenever it looks at the clock): it ends, with
    /// [`limit`](Self::limit) `Some(`[`Limit::Memory`]`)`, once they hold more than half
    /// the cap, since each may double before the next look, as a search with
    /// [`SearchContext::with_memory_cap`](crate::SearchContext::with_memory_cap) does.
    ///
    /// ```
    /// use pathfind::{bfs_reach, Limit};
    /// use search_core::Budget;
    /// // An endless line of states: only a limit ends the iteration.
    /// let mut it = bfs_reach([0u64], |&n| [n + 1], &Budget::new())
    ///     .unwrap()
    ///     .with_memory_cap(1 << 20);
    /// assert!(it.by_ref().count() > 1_000);
    /// assert_eq!(it.limit(), Some(Limit::Memory));
    /// ```
    #[must_use]
    pub fn with_memory_cap(mut self, bytes: u64) -> Self {
        self.bounds.cap_memory(bytes);
        self
    }

    /// The number of steps from the nearest start to `state`, if it was met.
    ///
    /// ```
    /// use pathfind::bfs_reach;
    /// use search_core::Budget;
    /// let mut it = bfs_reach([0i32], |&n| [n - 1, n + 1], &Budget::nodes(5)).unwrap();
    /// it.by_ref().for_each(drop);
    /// assert_eq!(it.depth_of(&-2), Some(2));
    /// ```
    #[must_use]
    pub fn depth_of(&self, state: &N) -> Option<usize> {
        self.seen.get(state).map(|&d| d as usize)
    }

    /// What the iteration did so far: `nodes` states expanded, `leaves` successors
    /// generated.
    ///
    /// ```
    /// use pathfind::bfs_reach;
    /// use search_core::Budget;
    /// let mut it = bfs_reach([0u8], |&n| if n < 3 { vec![n + 1] } else { vec![] },
    ///                        &Budget::new()).unwrap();
    /// it.by_ref().for_each(drop);
    /// assert_eq!((it.stats().nodes, it.stats().leaves), (4, 3));
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.bounds.run.stats(0)
    }
}

impl<N, S> Iterator for BfsReach<N, S>
where
    N: Clone + Eq + Hash,
    S: FnMut(&N, &mut Vec<N>),
{
    type Item = N;

    fn next(&mut self) -> Option<N> {
        while self.yielded == self.queue.len() {
            // Everything met was yielded: expand the next state to meet more.
            let (seen, queue, buf) = (&self.seen, &self.queue, &self.buf);
            let bytes = || {
                hash_table_bytes::<(N, u32)>(seen.capacity()) + vec_bytes(queue) + vec_bytes(buf)
            };
            if self.head == self.queue.len() || !self.bounds.expand(bytes) {
                return None;
            }
            let (node, depth) = self.queue[self.head].clone();
            self.head += 1;
            let depth = depth + 1;
            self.buf.clear();
            (self.successors)(&node, &mut self.buf);
            for m in self.buf.drain(..) {
                self.bounds.run.stats.generated += 1;
                if self.bounds.run.too_deep(depth) {
                    continue;
                }
                if !self.seen.contains_key(&m) {
                    self.seen.insert(m.clone(), depth);
                    self.queue.push((m, depth));
                }
            }
        }
        self.yielded += 1;
        Some(self.queue[self.yielded - 1].0.clone())
    }
}

/// The states reachable from `starts`, lazily, in breadth-first order: see [`BfsReach`].
///
/// # Errors
/// An unusable budget ([`PathError::Budget`]).
///
/// ```
/// use pathfind::bfs_reach;
/// use search_core::Budget;
/// // Numbers reachable from 1 by *2 and *3 below 20.
/// let mut all: Vec<u32> = bfs_reach([1u32], |&n| [n * 2, n * 3].into_iter().filter(|&m| m < 20),
///                                   &Budget::new()).unwrap().collect();
/// all.sort();
/// assert_eq!(all, [1, 2, 3, 4, 6, 8, 9, 12, 16, 18]);
/// ```
#[allow(clippy::type_complexity)]
pub fn bfs_reach<N, I, FN, IN>(
    starts: I,
    mut successors: FN,
    budget: &Budget,
) -> Result<BfsReach<N, impl FnMut(&N, &mut Vec<N>) + use<N, I, FN, IN>>, PathError>
where
    N: Clone + Eq + Hash,
    I: IntoIterator<Item = N>,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    BfsReach::new(
        starts,
        move |n: &N, out: &mut Vec<N>| out.extend(successors(n)),
        budget,
    )
}

/// The states reachable from the starts in depth-first order (each once, in preorder: a
/// state, then everything reachable through its first successor, then through its
/// second...), computed as they are asked for. Made by [`dfs_reach`].
///
/// ```
/// use pathfind::dfs_reach;
/// use search_core::Budget;
/// let tree = |&n: &u32| if n < 4 { vec![2 * n, 2 * n + 1] } else { vec![] };
/// let order: Vec<u32> = dfs_reach([1u32], tree, &Budget::new()).unwrap().collect();
/// assert_eq!(order, [1, 2, 4, 5, 3, 6, 7]);
/// ```
pub struct DfsReach<N, S> {
    successors: S,
    buf: Vec<N>,
    seen: FxHashSet<N>,
    /// States to visit, with their depth; the top is next.
    stack: Vec<(N, u32)>,
    bounds: Bounds,
}

impl<N, S> DfsReach<N, S>
where
    N: Clone + Eq + Hash,
    S: FnMut(&N, &mut Vec<N>),
{
    fn new(
        starts: impl IntoIterator<Item = N>,
        successors: S,
        budget: &Budget,
    ) -> Result<Self, PathError> {
        let mut stack: Vec<(N, u32)> = starts.into_iter().map(|s| (s, 0)).collect();
        stack.reverse();
        Ok(DfsReach {
            successors,
            buf: Vec::new(),
            seen: FxHashSet::default(),
            stack,
            bounds: Bounds::new(budget)?,
        })
    }

    /// Caps the bytes the iterator holds (the states visited, its stack and buffer),
    /// as [`BfsReach::with_memory_cap`] does.
    ///
    /// ```
    /// use pathfind::{dfs_reach, Limit};
    /// use search_core::Budget;
    /// let mut it = dfs_reach([0u64], |&n| [n + 1], &Budget::new())
    ///     .unwrap()
    ///     .with_memory_cap(1 << 20);
    /// assert!(it.by_ref().count() > 1_000);
    /// assert_eq!(it.limit(), Some(Limit::Memory));
    /// ```
    #[must_use]
    pub fn with_memory_cap(mut self, bytes: u64) -> Self {
        self.bounds.cap_memory(bytes);
        self
    }

    /// The bound that ended the iteration early, if one did.
    ///
    /// ```
    /// use pathfind::{dfs_reach, Limit};
    /// use search_core::{Budget, BudgetField};
    /// let mut it = dfs_reach([0u32], |&n| [n + 1], &Budget::nodes(3)).unwrap();
    /// assert_eq!(it.by_ref().count(), 3);
    /// assert_eq!(it.limit(), Some(Limit::Budget(BudgetField::Nodes)));
    /// ```
    #[must_use]
    pub fn limit(&self) -> Option<Limit> {
        self.bounds.limit.or(self.bounds.run.pruned)
    }

    /// What the iteration did so far: `nodes` states expanded, `leaves` successors
    /// generated.
    ///
    /// ```
    /// use pathfind::dfs_reach;
    /// use search_core::Budget;
    /// let mut it = dfs_reach([0u8], |&n| if n < 3 { vec![n + 1] } else { vec![] },
    ///                        &Budget::new()).unwrap();
    /// it.by_ref().for_each(drop);
    /// assert_eq!(it.stats().nodes, 4);
    /// ```
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.bounds.run.stats(0)
    }
}

impl<N, S> Iterator for DfsReach<N, S>
where
    N: Clone + Eq + Hash,
    S: FnMut(&N, &mut Vec<N>),
{
    type Item = N;

    fn next(&mut self) -> Option<N> {
        loop {
            let (node, depth) = self.stack.pop()?;
            if self.seen.contains(&node) {
                continue;
            }
            // The successors are generated when the state is yielded, so that the budget
            // counts expansions as a search does.
            let (seen, stack, buf) = (&self.seen, &self.stack, &self.buf);
            let bytes =
                || hash_table_bytes::<N>(seen.capacity()) + vec_bytes(stack) + vec_bytes(buf);
            if !self.bounds.expand(bytes) {
                self.stack.clear();
                return None;
            }
            self.seen.insert(node.clone());
            let mark = self.stack.len();
            let depth = depth + 1;
            self.buf.clear();
            (self.successors)(&node, &mut self.buf);
            for m in self.buf.drain(..) {
                self.bounds.run.stats.generated += 1;
                if self.bounds.run.too_deep(depth) {
                    continue;
                }
                if !self.seen.contains(&m) {
                    self.stack.push((m, depth));
                }
            }
            self.stack[mark..].reverse();
            return Some(node);
        }
    }
}

/// The states reachable from `starts`, lazily, in depth-first order: see [`DfsReach`].
///
/// # Errors
/// An unusable budget ([`PathError::Budget`]).
///
/// ```
/// use pathfind::dfs_reach;
/// use search_core::Budget;
/// let n = dfs_reach([(0u8, 0u8)], |&(x, y)| [(x + 1, y), (x, y + 1)].into_iter()
///                   .filter(|&(x, y)| x < 3 && y < 3), &Budget::new()).unwrap().count();
/// assert_eq!(n, 9);
/// ```
#[allow(clippy::type_complexity)]
pub fn dfs_reach<N, I, FN, IN>(
    starts: I,
    mut successors: FN,
    budget: &Budget,
) -> Result<DfsReach<N, impl FnMut(&N, &mut Vec<N>) + use<N, I, FN, IN>>, PathError>
where
    N: Clone + Eq + Hash,
    I: IntoIterator<Item = N>,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
{
    DfsReach::new(
        starts,
        move |n: &N, out: &mut Vec<N>| out.extend(successors(n)),
        budget,
    )
}
