//! Breadth-first search: fewest steps first, from one or many starts, with the goal tested
//! when a state is generated. Also the distance map (steps from the nearest start to every
//! reachable state).

use search_core::Cost;

use crate::engine::{Engine, Run, Slots, add_step};
use crate::error::PathError;
use crate::result::SearchResult;

impl<N: Clone, C: Cost, T: Slots<N>> Engine<N, C, T> {
    /// BFS from `starts` until `goal` holds. With `goal` always false it labels every
    /// reachable state (within the limits) with its depth: see [`Nodes::seen`](crate::engine::Nodes::seen).
    pub(crate) fn bfs<S, G>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut goal: G,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        S: FnMut(&N, &mut Vec<(N, C)>),
        G: FnMut(&N) -> bool,
    {
        let nodes = &mut self.nodes;
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
            queue.push_back(slot);
        }
        run.frontier(queue.len());
        while let Some(slot) = queue.pop_front() {
            if run.out_of_budget() {
                return Ok(run.finish_budget());
            }
            run.stats.expanded += 1;
            // Marks the state expanded, for `GridContext::expanded_cells` (the flag is
            // otherwise unused by BFS).
            nodes.data[slot as usize].closed = true;
            let node = nodes.slots.node(slot);
            buf.clear();
            succ(&node, buf);
            run.stats.generated += buf.len() as u64;
            let d = nodes.data[slot as usize];
            let depth = d.depth + 1;
            if buf.is_empty() || run.too_deep(depth) {
                continue;
            }
            for (m, c) in buf.drain(..) {
                let g = add_step(d.g, c)?;
                if run.too_costly(g) {
                    continue;
                }
                let (ms, fresh) = nodes.visit(&m)?;
                if !fresh {
                    continue;
                }
                let md = &mut nodes.data[ms as usize];
                md.g = g;
                md.parent = slot;
                md.depth = depth;
                if goal(&m) {
                    let path = nodes.path_to(ms);
                    return Ok(run.finish_found(path));
                }
                queue.push_back(ms);
            }
            run.frontier(queue.len());
        }
        Ok(run.finish_exhausted())
    }
}
