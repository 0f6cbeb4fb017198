//! Breadth-first search: fewest steps first, from one or many starts, with the goal tested
//! when a state is generated. Also the distance map (steps from the nearest start to every
//! reachable state).

use search_core::Cost;

use crate::engine::buffers::Engine;
use crate::engine::error::PathError;
use crate::engine::nodes::Nodes;
use crate::engine::result::SearchResult;
use crate::engine::run::Run;
use crate::engine::slots::{NONE, Slots};
use crate::engine::successors::{Buffered, Successors, add_step};

impl<N: Clone, C: Cost, T: Slots<N>> Engine<N, C, T> {
    /// BFS from `starts` until `goal` holds. With `goal` always false it labels every
    /// reachable state (within the limits) with its depth: see [`Nodes::seen`](crate::engine::nodes::Nodes::seen).
    pub(crate) fn bfs<S, G>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        run: Run<C>,
        succ: S,
        goal: G,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        S: FnMut(&N, &mut Vec<(N, C)>),
        G: FnMut(&N) -> bool,
    {
        self.bfs_with(starts, run, Buffered(succ), goal)
    }

    /// [`bfs`](Self::bfs) over any [`Successors`].
    pub(crate) fn bfs_with<S, G>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut run: Run<C>,
        mut succ: S,
        mut goal: G,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        S: Successors<N, C>,
        G: FnMut(&N) -> bool,
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
            if run.out_of_budget() {
                return Ok(run.finish_budget());
            }
            run.stats.expanded += 1;
            // Marks the state expanded, for `GridContext::expanded_cells` (the flag is
            // otherwise unused by BFS).
            nodes.data[slot as usize].closed = true;
            let node = nodes.slots.node(slot);
            let d = nodes.data[slot as usize];
            let depth = d.depth + 1;
            let deep = run.max_depth.is_some_and(|m| depth > m);
            let mut found = NONE;
            succ.each(&node, buf, |m, c| {
                run.stats.generated += 1;
                if deep {
                    run.too_deep(depth);
                    return Ok(false);
                }
                let g = add_step(d.g, c)?;
                if run.too_costly(g) {
                    return Ok(false);
                }
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
