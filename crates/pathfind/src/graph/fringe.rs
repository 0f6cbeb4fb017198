//! Fringe search (Björnsson, Enzenberger, Holte and Schaeffer, "Fringe Search: Beating A* at
//! Pathfinding on Game Maps", 2005): IDA*'s thresholds on `f = g + h` without its
//! re-expansions, and A*'s optimality without its priority queue.
//!
//! The frontier is one doubly linked list over the search's slots, visited from head to
//! tail once per threshold. A state whose `f` exceeds the threshold stays where it is (it
//! belongs to the next round) and the smallest such `f` becomes the next threshold; any
//! other state is expanded in place: its successors, new or reached more cheaply, are
//! unlinked from wherever they were and inserted right after it, so that they are visited
//! next in the same round, and the state leaves the list. Every state keeps its cost, parent
//! and cached heuristic value in flat per-slot arrays, so nothing is allocated per state and
//! nothing is sorted.
//!
//! The goal test happens when a state is visited within the threshold; the first goal met
//! is a cheapest one when the heuristic is admissible (the threshold never exceeds the
//! optimal cost while a cheaper path is still open, as in IDA*). A state reached more
//! cheaply after its expansion is inserted again (counted in
//! [`SearchResult::reopened`](crate::SearchResult::reopened)), so an admissible but
//! inconsistent heuristic stays correct.

use core::hash::Hash;

use search_core::{Budget, Cost, CostError};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::run::timed;
use crate::engine::slots::{NONE, Slots, vec_bytes};
use crate::engine::successors::{Direct, Successors, check_h, expand};
use crate::graph::context::SearchContext;

/// The list of the frontier: `next` and `prev` per slot ([`NONE`] at the ends), with the
/// cached heuristic value of each slot.
struct Fringe<C> {
    next: Vec<u32>,
    prev: Vec<u32>,
    h: Vec<C>,
    head: u32,
    len: usize,
}

impl<C: Cost> Fringe<C> {
    /// Makes room for `slot`.
    #[inline]
    fn ensure(&mut self, slot: u32) {
        let i = slot as usize;
        if i >= self.next.len() {
            let len = (i + 1).max(self.next.len() * 2).max(64);
            self.next.resize(len, NONE);
            self.prev.resize(len, NONE);
            self.h.resize(len, C::ZERO);
        }
    }

    /// Inserts `slot` after `at` (at the head if `at` is [`NONE`]).
    #[inline]
    fn insert_after(&mut self, at: u32, slot: u32) {
        let after = if at == NONE {
            self.head
        } else {
            self.next[at as usize]
        };
        self.prev[slot as usize] = at;
        self.next[slot as usize] = after;
        if after != NONE {
            self.prev[after as usize] = slot;
        }
        if at == NONE {
            self.head = slot;
        } else {
            self.next[at as usize] = slot;
        }
        self.len += 1;
    }

    /// Takes `slot` out of the list.
    #[inline]
    fn unlink(&mut self, slot: u32) {
        let (p, n) = (self.prev[slot as usize], self.next[slot as usize]);
        if p == NONE {
            self.head = n;
        } else {
            self.next[p as usize] = n;
        }
        if n != NONE {
            self.prev[n as usize] = p;
        }
        self.len -= 1;
    }
}

impl<N: Clone, C: Cost, T: Slots<N>> Engine<N, C, T> {
    /// Fringe search from `starts` (see the module documentation). A closed slot is one
    /// out of the list.
    pub(crate) fn fringe_with<S>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut h: impl FnMut(&N) -> C,
        mut goal: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        S: Successors<N, C>,
    {
        let nodes = &mut self.nodes;
        let buf = &mut self.succ;
        nodes.begin();
        let mut list = Fringe {
            next: Vec::new(),
            prev: Vec::new(),
            h: Vec::new(),
            head: NONE,
            len: 0,
        };
        let mut tail = NONE;
        let mut limit: Option<C> = None;
        for s in starts {
            let (slot, fresh) = nodes.visit(&s)?;
            if !fresh {
                continue;
            }
            let hv = check_h(h(&s))?;
            list.ensure(slot);
            list.h[slot as usize] = hv;
            // Starts keep the order given.
            list.insert_after(tail, slot);
            tail = slot;
            limit = Some(limit.map_or(hv, |l| if hv < l { hv } else { l }));
        }
        run.frontier(list.len);
        let Some(mut limit) = limit else {
            return Ok(run.finish_exhausted());
        };
        loop {
            run.stats.iterations += 1;
            let mut next_limit: Option<C> = None;
            let mut cur = list.head;
            while cur != NONE {
                let d = nodes.data[cur as usize];
                let f =
                    d.g.checked_add_cost(list.h[cur as usize])
                        .ok_or(PathError::Cost(CostError::Overflow))?;
                if f > limit {
                    if next_limit.is_none_or(|l| f < l) {
                        next_limit = Some(f);
                    }
                    cur = list.next[cur as usize];
                    continue;
                }
                let node = nodes.slots.node(cur);
                if goal(&node) {
                    return Ok(run.finish_found(nodes.path_to(cur)));
                }
                let bytes = || {
                    nodes.bytes()
                        + vec_bytes(&list.next)
                        + vec_bytes(&list.prev)
                        + vec_bytes(&list.h)
                };
                if run.out_of_budget(bytes) || nodes.growth_stops(&mut run) {
                    return Ok(run.finish_budget());
                }
                run.stats.expanded += 1;
                let depth = d.depth + 1;
                expand(
                    &mut run,
                    &mut succ,
                    &node,
                    buf,
                    d.g,
                    depth,
                    |run, m, g, _| {
                        let (ms, fresh) = nodes.visit(&m)?;
                        if fresh {
                            list.ensure(ms);
                            list.h[ms as usize] = check_h(h(&m))?;
                        } else {
                            let md = &mut nodes.data[ms as usize];
                            if g >= md.g {
                                return Ok(false);
                            }
                            if md.closed {
                                md.closed = false;
                                run.stats.reopened += 1;
                            } else {
                                list.unlink(ms);
                            }
                        }
                        let md = &mut nodes.data[ms as usize];
                        md.g = g;
                        md.parent = cur;
                        md.depth = depth;
                        list.insert_after(cur, ms);
                        Ok(false)
                    },
                )?;
                run.frontier(list.len);
                let after = list.next[cur as usize];
                list.unlink(cur);
                nodes.data[cur as usize].closed = true;
                cur = after;
            }
            match next_limit {
                Some(l) => limit = l,
                None => return Ok(run.finish_exhausted()),
            }
        }
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// Fringe search: the cheapest path with an admissible heuristic, visiting the frontier
    /// in rounds of increasing `f` thresholds instead of keeping it sorted. See [`fringe`].
    /// The context's budget (its `nodes` count expansions) and cost bound apply; the result's
    /// `stats.iterations` is the number of rounds.
    ///
    /// # Errors
    /// A negative step cost or heuristic value, a cost overflow, too many states or an
    /// unusable budget.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx
    ///     .fringe([0i32], |&n| [(n + 1, 1u32), (n + 4, 3)], |&n| (10 - n).unsigned_abs() / 2,
    ///             |&n| n == 10)
    ///     .unwrap();
    /// assert_eq!(r.cost(), Some(8)); // +4, +4, +1, +1
    /// ```
    pub fn fringe<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        heuristic: impl FnMut(&N) -> C,
        success: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        timed(|| {
            let run = self.run()?;
            self.engine
                .fringe_with(starts, run, Direct(successors), heuristic, success)
        })
    }
}

/// Fringe search with a fresh [`SearchContext`]: the cheapest path from the nearest of
/// `starts` to a state where `success` holds when `heuristic` never overestimates the
/// remaining cost. It expands the states A* would, in rounds of increasing `f = g + h`
/// thresholds over an unsorted list (see [`SearchContext::fringe`]); on a graph where many
/// states share each `f` (grids) that skips the priority queue's work. The budget's
/// `nodes` count expansions; `stats.iterations` counts the rounds.
///
/// # Errors
/// A negative step cost or heuristic value, a cost overflow, too many states or an
/// unusable budget.
///
/// ```
/// use pathfind::fringe;
/// use search_core::Budget;
/// // 4-connected moves on an open plane, around a wall at x = 2 from y = -3 to 3.
/// let wall = |(x, y): (i32, i32)| x == 2 && (-3..=3).contains(&y);
/// let goal = (4i32, 0i32);
/// let r = fringe(
///     [(0i32, 0i32)],
///     |&(x, y)| {
///         [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
///             .into_iter()
///             .filter(|&p| !wall(p))
///             .map(|p| (p, 1u32))
///     },
///     |&(x, y)| (goal.0 - x).unsigned_abs() + (goal.1 - y).unsigned_abs(),
///     |&p| p == goal,
///     &Budget::nodes(10_000),
/// )
/// .unwrap();
/// assert_eq!(r.cost(), Some(12)); // 4 across, 4 up and 4 down around the wall
/// assert!(r.stats.iterations > 1);
/// ```
pub fn fringe<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    heuristic: impl FnMut(&N) -> C,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).fringe(starts, successors, heuristic, success)
}
