//! Bidirectional search between one start and one goal: a search forward from the start
//! over the successors and one backward from the goal over the predecessors, until they
//! meet. On many graphs each side explores far fewer states than one search would.
//!
//! [`bidirectional_bfs`] expands whole layers, the smaller side first, and takes the best
//! meeting of the layer; [`bidirectional_dijkstra`] alternates the side with the smaller
//! minimum and stops when the two minima add up to at least the best path met.

use core::cmp::Reverse;
use core::hash::Hash;
use std::collections::BinaryHeap;

use fxhash::FxHashMap;
use search_core::{Budget, BudgetField, Cost, SearchProblem};

use crate::context::SearchContext;
use crate::engine::{Buffered, Direct, NONE, Run, Successors, add_step};
use crate::error::PathError;
use crate::result::{Path, SearchResult};

/// One direction: the states it reached, with their parent (towards its root) and cost.
struct Side<N, C> {
    index: FxHashMap<N, u32>,
    nodes: Vec<N>,
    parent: Vec<u32>,
    g: Vec<C>,
    closed: Vec<bool>,
}

impl<N: Clone + Eq + Hash, C: Cost> Side<N, C> {
    fn new(root: N) -> Self {
        let mut index = FxHashMap::default();
        index.insert(root.clone(), 0);
        Side {
            index,
            nodes: vec![root],
            parent: vec![NONE],
            g: vec![C::ZERO],
            closed: vec![false],
        }
    }

    /// Reaches `node` from `parent` at cost `g`: its slot, if it is new or now cheaper.
    fn reach(&mut self, node: N, parent: u32, g: C) -> Result<Option<u32>, PathError> {
        match self.index.get(&node) {
            Some(&i) => {
                if g < self.g[i as usize] && !self.closed[i as usize] {
                    self.g[i as usize] = g;
                    self.parent[i as usize] = parent;
                    Ok(Some(i))
                } else {
                    Ok(None)
                }
            }
            None => {
                let i = u32::try_from(self.nodes.len())
                    .ok()
                    .filter(|&i| i < NONE)
                    .ok_or(PathError::TooManyStates(NONE - 1))?;
                self.index.insert(node.clone(), i);
                self.nodes.push(node);
                self.parent.push(parent);
                self.g.push(g);
                self.closed.push(false);
                Ok(Some(i))
            }
        }
    }

    /// The states from the root to `i`.
    fn chain(&self, mut i: u32) -> Vec<N> {
        let mut out = Vec::new();
        while i != NONE {
            out.push(self.nodes[i as usize].clone());
            i = self.parent[i as usize];
        }
        out
    }
}

/// The best meeting so far: forward slot, backward slot, total cost.
type Meeting<C> = Option<(u32, u32, C)>;

fn join<N: Clone + Eq + Hash, C: Cost>(
    fwd: &Side<N, C>,
    bwd: &Side<N, C>,
    (f, b, cost): (u32, u32, C),
) -> Path<N, C> {
    let mut nodes = fwd.chain(f);
    nodes.reverse();
    let mut tail = bwd.chain(b);
    // The meeting state is the last of the forward chain and the first of the backward
    // one when the sides met on a state rather than across a step.
    if fwd.nodes[f as usize] == bwd.nodes[b as usize] {
        tail.remove(0);
    }
    nodes.extend(tail);
    Path { nodes, cost }
}

/// Bidirectional Dijkstra (a BFS when every step costs 1 and `layers` is set).
fn search<N, C, S, P>(
    start: N,
    goal: N,
    mut successors: S,
    mut predecessors: P,
    mut run: Run<C>,
    layers: bool,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    S: Successors<N, C>,
    P: Successors<N, C>,
{
    if start == goal {
        return Ok(run.finish_found(Path {
            nodes: vec![start],
            cost: C::ZERO,
        }));
    }
    let mut sides = [Side::new(start), Side::new(goal)];
    let mut open: [BinaryHeap<Reverse<(C, u32)>>; 2] = [BinaryHeap::new(), BinaryHeap::new()];
    open[0].push(Reverse((C::ZERO, 0)));
    open[1].push(Reverse((C::ZERO, 0)));
    let mut best: Meeting<C> = None;
    let mut layer: Vec<u32> = Vec::new();
    let mut buf = Vec::new();
    loop {
        let tops = [open[0].peek().map(|e| e.0.0), open[1].peek().map(|e| e.0.0)];
        let (Some(t0), Some(t1)) = (tops[0], tops[1]) else {
            break;
        };
        if let Some((_, _, mu)) = best {
            let bound = t0
                .checked_add_cost(t1)
                .ok_or(PathError::Cost(search_core::CostError::Overflow))?;
            if bound >= mu {
                break;
            }
        }
        // The side with the smaller frontier (BFS) or the smaller minimum (Dijkstra).
        let s = if layers {
            usize::from(open[1].len() < open[0].len())
        } else {
            usize::from(t1 < t0)
        };
        // BFS takes the whole layer at the minimum; Dijkstra one state.
        layer.clear();
        let level = open[s].peek().map(|e| e.0.0);
        while let Some(&Reverse((k, i))) = open[s].peek() {
            if Some(k) != level || (!layers && !layer.is_empty()) {
                break;
            }
            open[s].pop();
            if !sides[s].closed[i as usize] && sides[s].g[i as usize] == k {
                sides[s].closed[i as usize] = true;
                layer.push(i);
            }
        }
        for &i in &layer {
            if run.out_of_budget() {
                return Ok(run.finish_budget());
            }
            run.stats.expanded += 1;
            let node = sides[s].nodes[i as usize].clone();
            let g = sides[s].g[i as usize];
            let relax = |m: N, c: C| -> Result<bool, PathError> {
                run.stats.generated += 1;
                let gm = add_step(g, c)?;
                if run.too_costly(gm) {
                    return Ok(false);
                }
                let [a, b] = &mut sides;
                let (this, other) = if s == 0 { (a, b) } else { (b, a) };
                // A meeting: the other side reached `m` already.
                if let Some(&o) = other.index.get(&m) {
                    let total = add_step(gm, other.g[o as usize])?;
                    if !run.too_costly(total) && best.is_none_or(|b| total < b.2) {
                        best = Some(if s == 0 { (i, o, total) } else { (o, i, total) });
                    }
                }
                if let Some(slot) = this.reach(m, i, gm)? {
                    open[s].push(Reverse((gm, slot)));
                }
                Ok(false)
            };
            if s == 0 {
                successors.each(&node, &mut buf, relax)?;
            } else {
                predecessors.each(&node, &mut buf, relax)?;
            }
            run.frontier(open[0].len() + open[1].len());
        }
    }
    Ok(match best {
        Some(meet) => {
            let [fwd, bwd] = &sides;
            run.finish_found(join(fwd, bwd, meet))
        }
        None => run.finish_exhausted(),
    })
}

/// The budget of a bidirectional search: a depth limit is refused (each side's depth says
/// little about the path's).
fn bidirectional_run<C: Cost>(budget: &Budget, max_cost: Option<C>) -> Result<Run<C>, PathError> {
    budget.refuse(
        "bidirectional search",
        &[BudgetField::Depth],
        "bound a bidirectional search with nodes, time, a stop flag or a cost bound",
    )?;
    Run::new(budget, max_cost)
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// Bidirectional Dijkstra from `start` to `goal`: see [`bidirectional_dijkstra`]. The
    /// context's budget (without a depth limit) and cost bound apply.
    ///
    /// # Errors
    /// A negative step cost, a cost overflow, too many states, an unusable budget or a
    /// depth limit.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx
    ///     .bidirectional_dijkstra(0i32, 10, |&n| [(n + 1, 1u32), (n + 3, 4)], |&n| [(n - 1, 1u32), (n - 3, 4)])
    ///     .unwrap();
    /// assert_eq!(r.cost(), Some(10));
    /// ```
    pub fn bidirectional_dijkstra<FS, IS, FP, IP>(
        &mut self,
        start: N,
        goal: N,
        successors: FS,
        predecessors: FP,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        FS: FnMut(&N) -> IS,
        IS: IntoIterator<Item = (N, C)>,
        FP: FnMut(&N) -> IP,
        IP: IntoIterator<Item = (N, C)>,
    {
        let started = std::time::Instant::now();
        let run = bidirectional_run(self.budget(), self.max_cost())?;
        let mut r = search(
            start,
            goal,
            Direct(successors),
            Direct(predecessors),
            run,
            false,
        )?;
        r.stats.elapsed = started.elapsed();
        Ok(r)
    }
}

impl<N: Clone + Eq + Hash> SearchContext<N, usize> {
    /// Bidirectional BFS from `start` to `goal`: see [`bidirectional_bfs`].
    ///
    /// # Errors
    /// Too many states, an unusable budget or a depth limit.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let r = ctx.bidirectional_bfs((0i32, 0i32), (3, 4),
    ///     |&(x, y)| [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)],
    ///     |&(x, y)| [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]).unwrap();
    /// assert_eq!(r.cost(), Some(7));
    /// ```
    pub fn bidirectional_bfs<FS, IS, FP, IP>(
        &mut self,
        start: N,
        goal: N,
        mut successors: FS,
        mut predecessors: FP,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        FS: FnMut(&N) -> IS,
        IS: IntoIterator<Item = N>,
        FP: FnMut(&N) -> IP,
        IP: IntoIterator<Item = N>,
    {
        let started = std::time::Instant::now();
        let run = bidirectional_run(self.budget(), self.max_cost())?;
        let mut r = search(
            start,
            goal,
            Direct(|n: &N| successors(n).into_iter().map(|m| (m, 1usize))),
            Direct(|n: &N| predecessors(n).into_iter().map(|m| (m, 1usize))),
            run,
            true,
        )?;
        r.stats.elapsed = started.elapsed();
        Ok(r)
    }
}

/// The fewest steps from `start` to `goal`, searching forward over `successors` and
/// backward over `predecessors` (the states from which a state is one step away) in turn,
/// a whole layer at a time; the cost is the number of steps. The budget's depth limit is
/// refused.
///
/// # Errors
/// Too many states, an unusable budget or a depth limit.
///
/// ```
/// use pathfind::bidirectional_bfs;
/// use search_core::Budget;
/// // +1 or *2 forward; -1 or /2 (from even numbers) backward.
/// let r = bidirectional_bfs(1u64, 1000, |&n| [n + 1, n * 2],
///     |&n| { let mut v = vec![n - 1]; if n % 2 == 0 { v.push(n / 2) } v },
///     &Budget::new()).unwrap();
/// assert_eq!(r.cost(), Some(14));
/// ```
pub fn bidirectional_bfs<N, FS, IS, FP, IP>(
    start: N,
    goal: N,
    successors: FS,
    predecessors: FP,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    FS: FnMut(&N) -> IS,
    IS: IntoIterator<Item = N>,
    FP: FnMut(&N) -> IP,
    IP: IntoIterator<Item = N>,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .bidirectional_bfs(start, goal, successors, predecessors)
}

/// The cheapest path from `start` to `goal`, with Dijkstra's algorithm run forward over
/// `successors` and backward over `predecessors` (each predecessor with the cost of its
/// step *to* the state), the side with the smaller minimum first. The budget's depth limit
/// is refused.
///
/// # Errors
/// A negative step cost, a cost overflow, too many states, an unusable budget or a depth
/// limit.
///
/// ```
/// use pathfind::bidirectional_dijkstra;
/// use search_core::Budget;
/// let edges = [(0u8, 1u8, 7u32), (0, 2, 2), (2, 1, 3), (1, 3, 1)];
/// let r = bidirectional_dijkstra(0u8, 3,
///     |&n| edges.iter().filter(move |e| e.0 == n).map(|e| (e.1, e.2)),
///     |&n| edges.iter().filter(move |e| e.1 == n).map(|e| (e.0, e.2)),
///     &Budget::new()).unwrap();
/// assert_eq!(r.path().unwrap().nodes, [0, 2, 1, 3]);
/// assert_eq!(r.cost(), Some(6));
/// ```
pub fn bidirectional_dijkstra<N, C, FS, IS, FP, IP>(
    start: N,
    goal: N,
    successors: FS,
    predecessors: FP,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FS: FnMut(&N) -> IS,
    IS: IntoIterator<Item = (N, C)>,
    FP: FnMut(&N) -> IP,
    IP: IntoIterator<Item = (N, C)>,
{
    SearchContext::new()
        .with_budget(budget.clone())
        .bidirectional_dijkstra(start, goal, successors, predecessors)
}

/// A [`SearchProblem`] that can also be searched backward: one goal state and the
/// predecessors of a state, for [`bidirectional_dijkstra_problem`].
///
/// ```
/// use pathfind::{bidirectional_dijkstra_problem, ReversibleProblem, SearchProblem};
/// use search_core::Budget;
/// struct Line;
/// impl SearchProblem for Line {
///     type State = i32;
///     type Cost = u32;
///     fn start(&self) -> i32 { 0 }
///     fn successors(&self, &n: &i32, out: &mut Vec<(i32, u32)>) { out.push((n + 1, 2)) }
///     fn is_goal(&self, &n: &i32) -> bool { n == 5 }
/// }
/// impl ReversibleProblem for Line {
///     fn goal_state(&self) -> i32 { 5 }
///     fn predecessors(&self, &n: &i32, out: &mut Vec<(i32, u32)>) { out.push((n - 1, 2)) }
/// }
/// let r = bidirectional_dijkstra_problem(&Line, &Budget::new()).unwrap();
/// assert_eq!(r.cost(), Some(10));
/// ```
pub trait ReversibleProblem: SearchProblem {
    /// The one goal state (where [`is_goal`](SearchProblem::is_goal) holds).
    fn goal_state(&self) -> Self::State;
    /// Appends every state from which `state` is one step away, with the cost of that
    /// step, to `out` (the caller clears it first).
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::State, Self::Cost)>);
}

/// [`bidirectional_dijkstra`] on a [`ReversibleProblem`], from its start to its goal state.
///
/// # Errors
/// As [`bidirectional_dijkstra`].
///
/// ```
/// use pathfind::{bidirectional_dijkstra_problem, ReversibleProblem, SearchProblem};
/// use search_core::Budget;
/// struct Ring;
/// impl SearchProblem for Ring {
///     type State = u8;
///     type Cost = u32;
///     fn start(&self) -> u8 { 0 }
///     fn successors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) { out.push(((n + 1) % 10, 1)) }
///     fn is_goal(&self, &n: &u8) -> bool { n == 9 }
/// }
/// impl ReversibleProblem for Ring {
///     fn goal_state(&self) -> u8 { 9 }
///     fn predecessors(&self, &n: &u8, out: &mut Vec<(u8, u32)>) { out.push(((n + 9) % 10, 1)) }
/// }
/// assert_eq!(bidirectional_dijkstra_problem(&Ring, &Budget::new()).unwrap().cost(), Some(9));
/// ```
pub fn bidirectional_dijkstra_problem<P: ReversibleProblem + ?Sized>(
    problem: &P,
    budget: &Budget,
) -> Result<SearchResult<P::State, P::Cost>, PathError> {
    let started = std::time::Instant::now();
    let run = bidirectional_run(budget, None)?;
    let mut r = search(
        problem.start(),
        problem.goal_state(),
        Buffered(|n: &P::State, out: &mut Vec<(P::State, P::Cost)>| problem.successors(n, out)),
        Buffered(|n: &P::State, out: &mut Vec<(P::State, P::Cost)>| problem.predecessors(n, out)),
        run,
        false,
    )?;
    r.stats.elapsed = started.elapsed();
    Ok(r)
}
