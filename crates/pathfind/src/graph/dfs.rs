//! Depth-first search (graph search: each state visited once), with an explicit stack.
//! It finds *a* path quickly with little memory on deep problems; the path is not the
//! shortest. Here are the loop, the [`SearchContext`] method `dfs` and the one-query
//! function [`dfs`].

use core::hash::Hash;

use search_core::{Budget, Cost};

use crate::engine::buffers::{Engine, StackEntry};
use crate::engine::error::PathError;
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::run::timed;
use crate::engine::slots::{NONE, Slots, vec_bytes};
use crate::engine::successors::{Steps, Successors, add_step};
use crate::graph::context::SearchContext;

impl<N: Clone, C: Cost, T: Slots<N>> Engine<N, C, T> {
    /// DFS from `starts` (the first start is searched first, and the first successor of a
    /// state before the second).
    pub(crate) fn dfs<S>(
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
        let stack = &mut self.stack;
        let buf = &mut self.succ;
        nodes.begin();
        stack.clear();
        for s in starts {
            let (slot, _) = nodes.visit(&s)?;
            stack.push(StackEntry {
                slot,
                parent: NONE,
                depth: 0,
                g: C::ZERO,
            });
        }
        stack.reverse();
        run.frontier(stack.len());
        while let Some(e) = stack.pop() {
            let d = &mut nodes.data[e.slot as usize];
            if d.closed {
                continue;
            }
            d.closed = true;
            d.parent = e.parent;
            d.depth = e.depth;
            d.g = e.g;
            let node = nodes.slots.node(e.slot);
            if goal(&node) {
                let path = nodes.path_to(e.slot);
                return Ok(run.finish_found(path));
            }
            if run.out_of_budget(|| nodes.bytes() + vec_bytes(stack) + vec_bytes(buf))
                || nodes.growth_stops(&mut run)
            {
                return Ok(run.finish_budget());
            }
            run.stats.expanded += 1;
            succ.fill(&node, buf);
            run.stats.generated += buf.len() as u64;
            let depth = e.depth + 1;
            if buf.is_empty() || run.too_deep(depth) {
                continue;
            }
            for (m, c) in buf.drain(..).rev() {
                let g = add_step(e.g, c)?;
                if run.too_costly(g) {
                    continue;
                }
                let (ms, _) = nodes.visit(&m)?;
                if !nodes.data[ms as usize].closed {
                    stack.push(StackEntry {
                        slot: ms,
                        parent: e.slot,
                        depth,
                        g,
                    });
                }
            }
            run.frontier(stack.len());
        }
        Ok(run.finish_exhausted())
    }
}

impl<N: Clone + Eq + Hash> SearchContext<N, usize> {
    /// Depth-first search: some path, found with little memory, not the shortest. See
    /// [`dfs`](crate::dfs).
    ///
    /// # Errors
    /// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
    /// limit, or an iteration limit, which path searches refuse).
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.dfs([0u32], |&n| [n + 1, n + 2], |&n| n == 3).unwrap();
    /// assert_eq!(r.path().unwrap().nodes, [0, 1, 2, 3]);
    /// ```
    pub fn dfs<IN>(
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
            self.engine.dfs(starts, run, Steps(successors), success)
        })
    }
}

/// Depth-first search with a fresh [`SearchContext`]: some path (not the shortest).
///
/// # Errors
/// [`PathError::TooManyStates`], or [`PathError::Budget`] for an unusable budget (a zero
/// limit, or an iteration limit, which path searches refuse).
///
/// ```
/// use pathfind::dfs;
/// use search_core::Budget;
/// let r = dfs([0u32], |&n| if n < 5 { vec![n + 1] } else { vec![] }, |&n| n == 5, &Budget::new());
/// assert_eq!(r.unwrap().cost(), Some(5));
/// ```
pub fn dfs<N, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    IN: IntoIterator<Item = N>,
{
    SearchContext::bounded(budget).dfs(starts, successors, success)
}
