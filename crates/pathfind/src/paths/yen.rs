//! The `k` cheapest loopless paths (Yen's algorithm): the cheapest path, then for each
//! state along each path found, the cheapest deviation from it that no path found so far
//! takes, each found with Dijkstra's algorithm.

use core::hash::Hash;

use fxhash::FxHashSet;
use search_core::{Budget, Cost, CostError, Stats};

use crate::graph::best_first::AStarKey;

use crate::engine::error::PathError;
use crate::engine::result::{Limit, Path, PathOutcome, SearchResult};
use crate::engine::run::{Timed, timed};
use crate::engine::successors::{Direct, Successors};
use crate::graph::context::SearchContext;

/// The cheapest loopless paths found by [`yen`], cheapest first.
///
/// ```
/// use pathfind::yen;
/// use search_core::Budget;
/// // Three ways from 0 to 3.
/// let succ = |&n: &u8| match n {
///     0 => vec![(1, 1u32), (2, 2), (3, 5)],
///     1 => vec![(3, 1)],
///     2 => vec![(3, 1)],
///     _ => vec![],
/// };
/// let k = yen([0u8], succ, |&n| n == 3, 5, &Budget::new()).unwrap();
/// let costs: Vec<u32> = k.paths.iter().map(|p| p.cost).collect();
/// assert_eq!(costs, [2, 3, 5]);
/// assert_eq!(k.paths[0].nodes, [0, 1, 3]);
/// assert_eq!(k.limit, None);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct KShortestPaths<N, C> {
    /// At most `k` loopless paths, by increasing cost (equal costs: fewer steps first).
    pub paths: Vec<Path<N, C>>,
    /// The bound that stopped one of the inner searches (the paths then are the cheapest
    /// found before it, possibly fewer than `k`), or `None`.
    pub limit: Option<Limit>,
    /// The inner Dijkstra searches together: `nodes` states expanded, `leaves` generated,
    /// `iterations` the number of inner searches.
    pub stats: Stats,
}

impl<N, C> Timed for KShortestPaths<N, C> {
    fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// The `k` cheapest loopless paths: see [`yen`]. The context's budget and cost bound
    /// apply to each inner search.
    ///
    /// # Errors
    /// A negative step cost, a cost overflow, too many states or an unusable budget.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// // On a ring of 6, from 0 to 3: clockwise and counter-clockwise.
    /// let k = ctx.yen([0u8], |&n| [((n + 1) % 6, 1u32), ((n + 5) % 6, 1)], |&n| n == 3, 3)
    ///     .unwrap();
    /// assert_eq!(k.paths.len(), 2);
    /// assert!(k.paths.iter().all(|p| p.cost == 3));
    /// ```
    pub fn yen<IN>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        successors: impl FnMut(&N) -> IN,
        success: impl FnMut(&N) -> bool,
        k: usize,
    ) -> Result<KShortestPaths<N, C>, PathError>
    where
        IN: IntoIterator<Item = (N, C)>,
    {
        timed(|| self.yen_untimed(starts, Direct(successors), success, k))
    }

    /// Yen's algorithm over any [`Successors`].
    fn yen_untimed<S>(
        &mut self,
        starts: impl IntoIterator<Item = N>,
        mut succ: S,
        mut success: impl FnMut(&N) -> bool,
        k: usize,
    ) -> Result<KShortestPaths<N, C>, PathError>
    where
        S: Successors<N, C>,
    {
        let mut out = KShortestPaths {
            paths: Vec::new(),
            limit: None,
            stats: Stats::default(),
        };
        self.run()?;
        if k == 0 {
            return Ok(out);
        }
        // The cost from the start to each state of each path (parallel to `out.paths`).
        let mut prefix_costs: Vec<Vec<C>> = Vec::new();
        let r = self.engine.best_first(
            AStarKey,
            starts,
            self.run()?,
            &mut succ,
            |_: &N| C::ZERO,
            &mut success,
        )?;
        let Some(first) = absorb(&mut out, r) else {
            return Ok(out);
        };
        prefix_costs.push(self.prefix_costs(&first.nodes, C::ZERO)?);
        out.paths.push(first);
        // Candidates not taken yet (with their prefix costs), and every path seen.
        let mut candidates: Vec<(Path<N, C>, Vec<C>)> = Vec::new();
        let mut seen: FxHashSet<Vec<N>> = FxHashSet::default();
        seen.insert(out.paths[0].nodes.clone());
        let mut banned_nodes: FxHashSet<N> = FxHashSet::default();
        let mut banned_edges: FxHashSet<(N, N)> = FxHashSet::default();
        while out.paths.len() < k {
            let last = out.paths.len() - 1;
            for i in 0..out.paths[last].nodes.len() - 1 {
                let root = &out.paths[last].nodes[..=i];
                let root_cost = prefix_costs[last][i];
                banned_edges.clear();
                for p in &out.paths {
                    if p.nodes.len() > i + 1 && p.nodes[..=i] == *root {
                        banned_edges.insert((p.nodes[i].clone(), p.nodes[i + 1].clone()));
                    }
                }
                banned_nodes.clear();
                banned_nodes.extend(root[..i].iter().cloned());
                let spur = root[i].clone();
                let avoiding = Avoiding {
                    inner: &mut succ,
                    spur: &spur,
                    nodes: &banned_nodes,
                    edges: &banned_edges,
                };
                let r = self.engine.best_first(
                    AStarKey,
                    [spur.clone()],
                    self.run()?,
                    avoiding,
                    |_: &N| C::ZERO,
                    &mut success,
                )?;
                if let Some(spur_path) = absorb(&mut out, r) {
                    let root = &out.paths[last].nodes[..i];
                    let mut nodes = root.to_vec();
                    nodes.extend(spur_path.nodes);
                    if seen.insert(nodes.clone()) {
                        let mut costs = prefix_costs[last][..i].to_vec();
                        costs.extend(self.prefix_costs(&nodes[i..], root_cost)?);
                        let cost = *costs.last().expect("a path has a state");
                        candidates.push((Path { nodes, cost }, costs));
                    }
                }
                if out.limit.is_some() {
                    break;
                }
            }
            if out.limit.is_some() {
                break;
            }
            // The cheapest candidate (then the fewest steps) is the next path.
            let Some(best) = (0..candidates.len()).min_by(|&a, &b| {
                let (a, b) = (&candidates[a].0, &candidates[b].0);
                a.cost.cmp(&b.cost).then(a.nodes.len().cmp(&b.nodes.len()))
            }) else {
                break;
            };
            let (path, costs) = candidates.swap_remove(best);
            out.paths.push(path);
            prefix_costs.push(costs);
        }
        Ok(out)
    }

    /// The cost from the start of the last search to each state of `nodes` (a path it
    /// found), plus `offset`.
    fn prefix_costs(&self, nodes: &[N], offset: C) -> Result<Vec<C>, PathError> {
        let table = self.nodes();
        nodes
            .iter()
            .map(|n| {
                let g = table
                    .slots
                    .find(n)
                    .and_then(|s| table.seen(s as usize))
                    .map_or(C::ZERO, |d| d.g);
                offset
                    .checked_add_cost(g)
                    .ok_or(PathError::Cost(CostError::Overflow))
            })
            .collect()
    }
}

/// The successors of a spur search: no banned state, and from the spur state no banned
/// step.
struct Avoiding<'a, N, S> {
    inner: &'a mut S,
    spur: &'a N,
    nodes: &'a FxHashSet<N>,
    edges: &'a FxHashSet<(N, N)>,
}

impl<N: Clone + Eq + Hash, S> Avoiding<'_, N, S> {
    /// Whether the step from `node` (the spur state if `from_spur`) to `m` may be taken.
    fn allows(
        nodes: &FxHashSet<N>,
        edges: &FxHashSet<(N, N)>,
        from_spur: bool,
        node: &N,
        m: &N,
    ) -> bool {
        !(nodes.contains(m) || (from_spur && edges.contains(&(node.clone(), m.clone()))))
    }
}

impl<N: Clone + Eq + Hash, C, S: Successors<N, C>> Successors<N, C> for Avoiding<'_, N, S> {
    fn each<F>(&mut self, node: &N, buf: &mut Vec<(N, C)>, mut f: F) -> Result<(), PathError>
    where
        F: FnMut(N, C) -> Result<bool, PathError>,
    {
        let from_spur = node == self.spur;
        let (nodes, edges) = (self.nodes, self.edges);
        self.inner.each(node, buf, |m, c| {
            if Self::allows(nodes, edges, from_spur, node, &m) {
                f(m, c)
            } else {
                Ok(false)
            }
        })
    }

    fn fill(&mut self, node: &N, buf: &mut Vec<(N, C)>) {
        let from_spur = node == self.spur;
        self.inner.fill(node, buf);
        buf.retain(|(m, _)| Self::allows(self.nodes, self.edges, from_spur, node, m));
    }
}

/// Adds an inner search's counters to `out`; returns its path, or records the limit that
/// stopped it.
fn absorb<N, C: Cost>(out: &mut KShortestPaths<N, C>, r: SearchResult<N, C>) -> Option<Path<N, C>> {
    out.stats.nodes += r.stats.nodes;
    out.stats.leaves += r.stats.leaves;
    out.stats.iterations += 1;
    match r.outcome {
        PathOutcome::Found(p) => Some(p),
        PathOutcome::LimitReached(l) => {
            out.limit = Some(l);
            None
        }
        _ => None,
    }
}

/// The `k` cheapest loopless paths from one of `starts` to a state where `success` holds,
/// cheapest first, with a fresh [`SearchContext`] (Yen's algorithm, like `pathfinding`'s
/// `yen`). Each inner Dijkstra search is bounded by `budget`.
///
/// # Errors
/// A negative step cost, a cost overflow, too many states or an unusable budget.
///
/// ```
/// use pathfind::yen;
/// use search_core::Budget;
/// // A 3 x 2 grid of right and down moves: 3 paths of cost 3 from (0, 0) to (2, 1).
/// let succ = |&(x, y): &(u8, u8)| {
///     let mut v = Vec::new();
///     if x < 2 { v.push(((x + 1, y), 1u32)) }
///     if y < 1 { v.push(((x, y + 1), 1)) }
///     v
/// };
/// let k = yen([(0u8, 0u8)], succ, |&p| p == (2, 1), 10, &Budget::new()).unwrap();
/// assert_eq!(k.paths.len(), 3);
/// ```
pub fn yen<N, C, IN>(
    starts: impl IntoIterator<Item = N>,
    successors: impl FnMut(&N) -> IN,
    success: impl FnMut(&N) -> bool,
    k: usize,
    budget: &Budget,
) -> Result<KShortestPaths<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IN: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).yen(starts, successors, success, k)
}

#[cfg(test)]
mod tests {
    use fxhash::FxHashSet;

    use super::Avoiding;
    use crate::engine::successors::{Direct, Successors};

    /// A spur search's successors are the same whether they are taken one at a time or
    /// collected in a buffer: no banned state, and no banned step from the spur state.
    #[test]
    fn a_spur_search_avoids_the_same_steps_one_at_a_time_and_in_a_buffer() {
        let mut inner = Direct(|&n: &u8| [(n + 1, 1u32), (n + 2, 2), (n + 3, 3)]);
        let nodes: FxHashSet<u8> = [2].into_iter().collect();
        let edges: FxHashSet<(u8, u8)> = [(0, 3), (1, 4)].into_iter().collect();
        let mut avoiding = Avoiding {
            inner: &mut inner,
            spur: &0,
            nodes: &nodes,
            edges: &edges,
        };
        let mut buf = Vec::new();
        // From the spur state 0: not 2 (banned), not 3 (a banned step). From 1: not 2,
        // but 4, a banned step only from the spur state.
        for (node, expected) in [(0u8, vec![(1u8, 1u32)]), (1, vec![(3, 2), (4, 3)])] {
            let mut one_at_a_time = Vec::new();
            avoiding
                .each(&node, &mut buf, |m, c| {
                    one_at_a_time.push((m, c));
                    Ok(false)
                })
                .unwrap();
            assert_eq!(one_at_a_time, expected, "from {node}");
            avoiding.fill(&node, &mut buf);
            assert_eq!(buf, expected, "from {node}");
        }
    }
}
