//! Breadth-first search: fewest steps first, from one or many starts, with the goal tested
//! when a state is generated. Here are the loop (which also labels every reachable state
//! with its depth, for the distance map of a grid), the [`SearchContext`] method `bfs` and
//! the one-query function [`bfs`].

use core::hash::Hash;

use search_core::{Budget, Cost};

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::nodes::Nodes;
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::run::timed;
use crate::engine::slots::{NONE, Slots, vec_bytes};
use crate::engine::successors::{Steps, Successors, expand};
use crate::graph::context::SearchContext;

impl<N: Clone, C: Cost, T: Slots<N>> Engine<N, C, T> {
    /// BFS from `starts` until `goal` holds. With `goal` always false it labels every
    /// reachable state (within the limits) with its depth: see [`Nodes::seen`].
    pub(crate) fn bfs<S>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut goal: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        S: Successors<N, C>,
    {
        let nodes = &mut self.nodes;
        // A first-in first-out queue: `queue[head..]` waits. A slot table that numbers
        // states in the order they are met needs none: every state numbered is queued at
        // once, so slots `head..count` wait.
        let queue = &mut self.queue;
        let buf = &mut self.succ;
        nodes.begin();
        queue.clear();
        for s in starts {
            let (slot, fresh) = nodes.visit(&s)?;
            if !fresh {
                continue;
            }
            if goal(&s) {
                let path = nodes.path_to(slot);
                return Ok(run.finish_found(path));
            }
            if !T::IN_ORDER {
                queue.push(slot);
            }
        }
        let tail = |nodes: &Nodes<N, C, T>, queue: &Vec<u32>| {
            if T::IN_ORDER {
                nodes.slots.count()
            } else {
                queue.len()
            }
        };
        run.frontier(tail(nodes, queue));
        let mut head = 0;
        loop {
            let slot = if T::IN_ORDER {
                if head == nodes.slots.count() {
                    break;
                }
                head as u32
            } else {
                match queue.get(head) {
                    Some(&slot) => slot,
                    None => break,
                }
            };
            head += 1;
            if run.out_of_budget(|| nodes.bytes() + vec_bytes(queue) + vec_bytes(buf))
                || nodes.growth_stops(&mut run)
            {
                return Ok(run.finish_budget());
            }
            run.stats.expanded += 1;
            // Marks the state expanded, for `GridContext::expanded_cells` (the flag is
            // otherwise unused by BFS).
            nodes.data[slot as usize].closed = true;
            let node = nodes.slots.node(slot);
            let d = nodes.data[slot as usize];
            let depth = d.depth + 1;
            let mut found = NONE;
            expand(&mut run, &mut succ, &node, buf, d.g, depth, |_, m, g, _| {
                let (ms, fresh) = nodes.visit_from(&m, g, slot, depth)?;
                if !fresh {
                    return Ok(false);
                }
                if goal(&m) {
                    found = ms;
                    return Ok(true);
                }
                if !T::IN_ORDER {
                    queue.push(ms);
                }
                Ok(false)
            })?;
            if found != NONE {
                let path = nodes.path_to(found);
                return Ok(run.finish_found(path));
            }
            run.frontier(tail(nodes, queue) - head);
        }
        Ok(run.finish_exhausted())
    }
}

impl<N: Clone + Eq + Hash> SearchContext<N, usize> {
    /// Breadth-first search: the path with the fewest steps; its cost is the number of
    /// steps. The goal is tested when a state is first generated. See [`bfs`](crate::bfs).
    ///
    /// # Errors
    /// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
    /// limit, or an iteration limit, which path searches refuse).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.bfs([(0i32, 0i32)], |&(x, y)| [(x + 1, y), (x, y + 1)], |&p| p == (2, 3));
    /// assert_eq!(r.unwrap().cost(), Some(5));
    /// ```
    pub fn bfs<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        success: impl FnMut(&N) -> bool,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        IN: IntoIterator<Item = N>,
    {
        timed(|| {
            let run = self.run()?;
            self.engine.bfs(starts, run, Steps(successors), success)
        })
    }
}

/// Breadth-first search with a fresh [`SearchContext`]: the path with the fewest steps from
/// any of `starts` to a state where `success` holds; its cost is the number of steps.
///
/// # Errors
/// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
/// limit, or an iteration limit, which path searches refuse).
///
/// ```
/// use pathfind::bfs;
/// use search_core::Budget;
/// let r = bfs([1u32], |&n| [n + 1, n * 3], |&n| n == 10, &Budget::new()).unwrap();
/// assert_eq!(r.path().unwrap().nodes, [1, 3, 9, 10]);
/// ```
pub fn bfs<N, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    IN: IntoIterator<Item = N>,
{
    SearchContext::bounded(budget).bfs(starts, successors, success)
}
