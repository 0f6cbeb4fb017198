//! Bidirectional search between one start and one goal: a search forward from the start
//! over the successors and one backward from the goal over the predecessors, until they
//! meet. On many graphs each side explores far fewer states than one search would.
//!
//! [`bidirectional_bfs`] expands whole layers, the smaller side first, and takes the best
//! meeting of the layer; [`bidirectional_dijkstra`] alternates the side with the smaller
//! minimum and stops when the two minima add up to at least the best path met.
//!
//! [`bidirectional_astar`] orders each side by `f = g + h`, the forward side with an
//! estimate of the cost to the goal and the backward side with one of the cost from the
//! start, expands the side with the smaller open list, and stops by the *symmetric* rule
//! (Pohl, 1971; Kwa, 1989): as soon as the smallest `f` of either side is at least the
//! cheapest path met so far. That is exact for admissible estimates: a cheaper path would
//! have a state open on that side with an optimal `g` and an `f` below its cost. A state
//! of one side reached more cheaply after its expansion is opened again (counted in
//! `reopened`), which keeps an admissible but inconsistent estimate exact; with consistent
//! ones it never happens. The other well-known rule, stopping when the two sides' minima of
//! `g` add up to the best path (the Dijkstra rule above), would need a second order of
//! each side; the symmetric rule is the one that needs nothing but the two open lists.

use core::cmp::Reverse;
use core::hash::Hash;
use std::collections::BinaryHeap;

use search_core::{Budget, BudgetField, Cost};

use crate::engine::error::PathError;
use crate::engine::nodes::Nodes;
use crate::engine::result::{Path, SearchResult};
use crate::engine::run::Run;
use crate::engine::run::timed;
use crate::engine::slots::{HashSlots, Slots, vec_bytes};
use crate::engine::successors::{Direct, Steps, Successors, add_step, check_h, expand};
use crate::graph::context::SearchContext;

/// One direction: the states it reached (numbered by the engine's state table, with their
/// parent towards its root, their cost and whether they were expanded) and their estimates.
struct Side<N, C> {
    nodes: Nodes<N, C, HashSlots<N>>,
    /// The estimate of each state (towards the other side's root); zero without one.
    h: Vec<C>,
}

impl<N: Clone + Eq + Hash, C: Cost> Side<N, C> {
    /// The bytes the side holds, for a memory cap.
    fn bytes(&self) -> usize {
        self.nodes.bytes() + vec_bytes(&self.h)
    }

    fn new(root: N, h: C) -> Result<Self, PathError> {
        let mut nodes = Nodes::default();
        nodes.begin();
        nodes.visit(&root)?;
        Ok(Side { nodes, h: vec![h] })
    }

    /// Reaches `node` from `parent` at cost `g`: its slot, if it is new or now cheaper (a
    /// closed state reached more cheaply is opened again, counted in `reopened`); `h`
    /// gives the estimate of a new state.
    fn reach(
        &mut self,
        node: N,
        parent: u32,
        g: C,
        h: impl FnOnce(&N) -> Result<C, PathError>,
        reopened: &mut u64,
    ) -> Result<Option<u32>, PathError> {
        let (i, fresh) = self.nodes.visit_from(&node, g, parent, 0)?;
        if fresh {
            // Slots are numbered in order: the new state's estimate goes last.
            self.h.push(h(&node)?);
            return Ok(Some(i));
        }
        let d = &mut self.nodes.data[i as usize];
        if g >= d.g {
            return Ok(None);
        }
        d.g = g;
        d.parent = parent;
        if d.closed {
            d.closed = false;
            *reopened += 1;
        }
        Ok(Some(i))
    }
}

/// The best meeting so far: forward slot, backward slot, total cost.
type Meeting<C> = Option<(u32, u32, C)>;

fn join<N: Clone + Eq + Hash, C: Cost>(
    fwd: &Side<N, C>,
    bwd: &Side<N, C>,
    (f, b, cost): (u32, u32, C),
) -> Path<N, C> {
    let mut nodes = fwd.nodes.path_to(f).nodes;
    let mut tail = bwd.nodes.path_to(b).nodes;
    tail.reverse();
    // The meeting state is the last of the forward chain and the first of the backward
    // one when the sides met on a state rather than across a step.
    if nodes.last() == tail.first() {
        tail.remove(0);
    }
    nodes.extend(tail);
    Path { nodes, cost }
}

/// How the two sides are ordered, chosen and stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Whole layers of equal `g`, the smaller open list first; stop when the minima of `g`
    /// add up to the best path met.
    Layers,
    /// One state at a time by `g`, the side with the smaller minimum first; same stop.
    Dijkstra,
    /// One state at a time by `f = g + h`, the side with the smaller open list first; stop
    /// when either minimum of `f` reaches the best path met.
    AStar,
}

/// An open-list entry of one side: key (`g`, or `f` for A*), `g` when pushed (equal keys:
/// the larger `g` first, the state nearer the other side), slot.
type Open<C> = BinaryHeap<Reverse<(C, Reverse<C>, u32)>>;

/// Bidirectional search: BFS, Dijkstra or A* by `mode`; `hs` are the estimates of the
/// forward side (to the goal) and of the backward side (from the start), zero but for A*.
#[allow(clippy::too_many_arguments)]
fn search<N, C, S, P>(
    start: N,
    goal: N,
    mut successors: S,
    mut predecessors: P,
    mut h_forward: impl FnMut(&N) -> C,
    mut h_backward: impl FnMut(&N) -> C,
    mut run: Run<C>,
    mode: Mode,
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
    let h0 = check_h(h_forward(&start))?;
    let h1 = check_h(h_backward(&goal))?;
    let mut sides = [Side::new(start, h0)?, Side::new(goal, h1)?];
    let mut open: [Open<C>; 2] = [BinaryHeap::new(), BinaryHeap::new()];
    open[0].push(Reverse((h0, Reverse(C::ZERO), 0)));
    open[1].push(Reverse((h1, Reverse(C::ZERO), 0)));
    let mut best: Meeting<C> = None;
    let mut layer: Vec<u32> = Vec::new();
    let mut buf = Vec::new();
    loop {
        let tops = [open[0].peek().map(|e| e.0.0), open[1].peek().map(|e| e.0.0)];
        let (Some(t0), Some(t1)) = (tops[0], tops[1]) else {
            break;
        };
        if let Some((_, _, mu)) = best {
            let done = if mode == Mode::AStar {
                t0 >= mu || t1 >= mu
            } else {
                t0.checked_add_cost(t1)
                    .ok_or(PathError::Cost(search_core::CostError::Overflow))?
                    >= mu
            };
            if done {
                break;
            }
        }
        // The side with the smaller frontier (BFS, A*) or the smaller minimum (Dijkstra).
        let layers = mode == Mode::Layers;
        let s = if mode == Mode::Dijkstra {
            usize::from(t1 < t0)
        } else {
            usize::from(open[1].len() < open[0].len())
        };
        // BFS takes the whole layer at the minimum; Dijkstra one state.
        layer.clear();
        let level = open[s].peek().map(|e| e.0.0);
        while let Some(&Reverse((k, Reverse(g), i))) = open[s].peek() {
            if Some(k) != level || (!layers && !layer.is_empty()) {
                break;
            }
            open[s].pop();
            let d = &mut sides[s].nodes.data[i as usize];
            if !d.closed && d.g == g {
                d.closed = true;
                layer.push(i);
            }
        }
        for &i in &layer {
            let bytes = || {
                sides.iter().map(Side::bytes).sum::<usize>()
                    + open
                        .iter()
                        .map(|o| o.capacity() * size_of::<Reverse<(C, Reverse<C>, u32)>>())
                        .sum::<usize>()
                    + vec_bytes(&layer)
            };
            if run.out_of_budget(bytes) {
                return Ok(run.finish_budget());
            }
            run.stats.expanded += 1;
            let node = sides[s].nodes.slots.node(i);
            let g = sides[s].nodes.data[i as usize].g;
            // The searches of both sides track no depth: they refuse a depth limit.
            let relax = |run: &mut Run<C>, m: N, gm: C, _| -> Result<bool, PathError> {
                let [a, b] = &mut sides;
                let (this, other) = if s == 0 { (a, b) } else { (b, a) };
                // A meeting: the other side reached `m` already.
                if let Some(o) = other.nodes.slots.find(&m) {
                    let total = add_step(gm, other.nodes.data[o as usize].g)?;
                    if !run.too_costly(total) && best.is_none_or(|b| total < b.2) {
                        best = Some(if s == 0 { (i, o, total) } else { (o, i, total) });
                    }
                }
                let estimate = |n: &N| check_h(if s == 0 { h_forward(n) } else { h_backward(n) });
                if let Some(slot) = this.reach(m, i, gm, estimate, &mut run.stats.reopened)? {
                    let key = add_step(gm, this.h[slot as usize])?;
                    open[s].push(Reverse((key, Reverse(gm), slot)));
                }
                Ok(false)
            };
            if s == 0 {
                expand(&mut run, &mut successors, &node, &mut buf, g, 0, relax)?;
            } else {
                expand(&mut run, &mut predecessors, &node, &mut buf, g, 0, relax)?;
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

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// Checks the budget and starts the clock of a bidirectional search: a depth limit is
    /// refused (each side's depth says little about the path's).
    fn bidirectional_run(&self) -> Result<Run<C>, PathError> {
        self.settings.budget.refuse(
            "bidirectional search",
            &[BudgetField::Depth],
            "bound a bidirectional search with nodes, time, a stop flag or a cost bound",
        )?;
        self.run()
    }
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
    pub fn bidirectional_dijkstra<IS, IP>(
        &mut self,
        start: N,
        goal: N,
        successors: impl FnMut(&N) -> IS,
        predecessors: impl FnMut(&N) -> IP,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        IS: IntoIterator<Item = (N, C)>,
        IP: IntoIterator<Item = (N, C)>,
    {
        timed(|| {
            let run = self.bidirectional_run()?;
            search(
                start,
                goal,
                Direct(successors),
                Direct(predecessors),
                |_: &N| C::ZERO,
                |_: &N| C::ZERO,
                run,
                Mode::Dijkstra,
            )
        })
    }
}

impl<N: Clone + Eq + Hash, C: Cost> SearchContext<N, C> {
    /// Bidirectional A* from `start` to `goal`: see [`bidirectional_astar`]. The context's
    /// budget (without a depth limit) and cost bound apply.
    ///
    /// # Errors
    /// A negative step cost or estimate, a cost overflow, too many states, an unusable
    /// budget or a depth limit.
    ///
    /// ```
    /// use pathfind::SearchContext;
    /// let mut ctx = SearchContext::new();
    /// let (start, goal) = (0i32, 10i32);
    /// let r = ctx
    ///     .bidirectional_astar(start, goal,
    ///         |&n| [(n + 1, 1u32), (n + 3, 4)], |&n| [(n - 1, 1u32), (n - 3, 4)],
    ///         |&n| (goal - n).unsigned_abs(), |&n| (n - start).unsigned_abs())
    ///     .unwrap();
    /// assert_eq!(r.cost(), Some(10));
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn bidirectional_astar<IS, IP>(
        &mut self,
        start: N,
        goal: N,
        successors: impl FnMut(&N) -> IS,
        predecessors: impl FnMut(&N) -> IP,
        heuristic_to_goal: impl FnMut(&N) -> C,
        heuristic_from_start: impl FnMut(&N) -> C,
    ) -> Result<SearchResult<N, C>, PathError>
    where
        IS: IntoIterator<Item = (N, C)>,
        IP: IntoIterator<Item = (N, C)>,
    {
        timed(|| {
            let run = self.bidirectional_run()?;
            search(
                start,
                goal,
                Direct(successors),
                Direct(predecessors),
                heuristic_to_goal,
                heuristic_from_start,
                run,
                Mode::AStar,
            )
        })
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
    pub fn bidirectional_bfs<IS, IP>(
        &mut self,
        start: N,
        goal: N,
        successors: impl FnMut(&N) -> IS,
        predecessors: impl FnMut(&N) -> IP,
    ) -> Result<SearchResult<N, usize>, PathError>
    where
        IS: IntoIterator<Item = N>,
        IP: IntoIterator<Item = N>,
    {
        timed(|| {
            let run = self.bidirectional_run()?;
            search(
                start,
                goal,
                Steps(successors),
                Steps(predecessors),
                |_: &N| 0,
                |_: &N| 0,
                run,
                Mode::Layers,
            )
        })
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
pub fn bidirectional_bfs<N, IS, IP>(
    start: N,
    goal: N,
    successors: impl FnMut(&N) -> IS,
    predecessors: impl FnMut(&N) -> IP,
    budget: &Budget,
) -> Result<SearchResult<N, usize>, PathError>
where
    N: Clone + Eq + Hash,
    IS: IntoIterator<Item = N>,
    IP: IntoIterator<Item = N>,
{
    SearchContext::bounded(budget).bidirectional_bfs(start, goal, successors, predecessors)
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
pub fn bidirectional_dijkstra<N, C, IS, IP>(
    start: N,
    goal: N,
    successors: impl FnMut(&N) -> IS,
    predecessors: impl FnMut(&N) -> IP,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IS: IntoIterator<Item = (N, C)>,
    IP: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).bidirectional_dijkstra(start, goal, successors, predecessors)
}

/// The cheapest path from `start` to `goal` by bidirectional A*: A* forward over
/// `successors`, guided by `heuristic_to_goal` (a lower bound of the cost from a state to
/// the goal), and backward over `predecessors` (each with the cost of its step *to* the
/// state), guided by `heuristic_from_start` (a lower bound of the cost from the start to a
/// state), the side with the smaller open list first. It stops by the symmetric rule (see
/// the module documentation): when the smallest `f = g + h` of either side is at least the
/// cheapest path met. The path is the cheapest when both estimates are admissible; with
/// consistent ones no state is expanded twice. Zero estimates make it a bidirectional
/// Dijkstra with a weaker stop than [`bidirectional_dijkstra`]'s. The budget's depth limit
/// is refused.
///
/// # Errors
/// A negative step cost or estimate, a cost overflow, too many states, an unusable budget
/// or a depth limit.
///
/// ```
/// use pathfind::bidirectional_astar;
/// use search_core::Budget;
/// // 4-connected moves on an open plane from (0, 0) to (6, -4): Manhattan distances to
/// // either end are admissible and consistent.
/// let moves = |&(x, y): &(i32, i32)| [((x + 1, y), 1u32), ((x - 1, y), 1), ((x, y + 1), 1), ((x, y - 1), 1)];
/// let (start, goal) = ((0i32, 0i32), (6i32, -4i32));
/// let manhattan = |a: (i32, i32), b: (i32, i32)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1);
/// let r = bidirectional_astar(start, goal, moves, moves,
///     |&p| manhattan(p, goal), |&p| manhattan(start, p), &Budget::nodes(10_000)).unwrap();
/// assert_eq!(r.cost(), Some(10));
/// let path = r.path().unwrap();
/// assert_eq!((path.nodes[0], path.nodes[10]), (start, goal));
/// ```
#[allow(clippy::too_many_arguments)]
pub fn bidirectional_astar<N, C, IS, IP>(
    start: N,
    goal: N,
    successors: impl FnMut(&N) -> IS,
    predecessors: impl FnMut(&N) -> IP,
    heuristic_to_goal: impl FnMut(&N) -> C,
    heuristic_from_start: impl FnMut(&N) -> C,
    budget: &Budget,
) -> Result<SearchResult<N, C>, PathError>
where
    N: Clone + Eq + Hash,
    C: Cost,
    IS: IntoIterator<Item = (N, C)>,
    IP: IntoIterator<Item = (N, C)>,
{
    SearchContext::bounded(budget).bidirectional_astar(
        start,
        goal,
        successors,
        predecessors,
        heuristic_to_goal,
        heuristic_from_start,
    )
}
