//! Counting the paths from a start to the goals of a directed acyclic graph, with a
//! depth-first search that remembers the count of every state it finished (each state's
//! successors are generated once).
//!
//! A path ends at the first goal it meets, as in the `pathfinding` crate's `count_paths`:
//! the successors of a goal are never looked at. A cycle among the states reached (found
//! when a successor is still on the depth-first path) is [`PathError::Cycle`], and a count
//! that does not fit in a `u64` is [`PathError::CountOverflow`]: never a hang, a stack
//! overflow or a wrapped number. The search is iterative, so a long chain of states does
//! not overflow the stack either.

use core::fmt;
use core::hash::Hash;

use search_core::{Budget, BudgetField, Stats};

use crate::engine::error::PathError;
use crate::engine::result::Limit;
use crate::engine::run::{Run, Timed, timed};
use crate::engine::slots::{HashSlots, Slots, vec_bytes};
use crate::graph::context::SearchContext;

/// The result of [`count_paths`]: the number of paths, unless a limit stopped the count.
///
/// ```
/// use pathfind::count_paths;
/// use search_core::Budget;
/// let r = count_paths(0u32, |&n| if n < 3 { vec![n + 1, n + 2] } else { vec![] },
///                     |&n| n == 3, &Budget::new()).unwrap();
/// assert_eq!(r.count, Some(3)); // 0-1-2-3, 0-1-3, 0-2-3
/// assert_eq!(r.limit, None);
/// assert_eq!(r.to_string().split(':').next(), Some("3 paths"));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PathCount {
    /// The number of paths from the start to a goal; `None` if a limit stopped the count.
    pub count: Option<u64>,
    /// The limit that stopped the count, or `None`.
    pub limit: Option<Limit>,
    /// `nodes` states expanded (their successors generated; each at most once), `leaves`
    /// successors generated, `depth_reached` and `max_ply` the longest chain of
    /// expanded states below the start.
    pub stats: Stats,
}

impl fmt::Display for PathCount {
    /// `<n> paths: <stats>`, or `stopped by <limit>: <stats>`.
    ///
    /// ```
    /// use pathfind::count_paths;
    /// use search_core::Budget;
    /// let r = count_paths(0u8, |&n| [n + 1], |_| false, &Budget::nodes(5)).unwrap();
    /// assert!(r.to_string().starts_with("stopped by the nodes limit: 5 nodes"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.count, self.limit) {
            (Some(n), _) => write!(f, "{n} paths: {}", self.stats),
            (None, Some(l)) => write!(f, "stopped by {l}: {}", self.stats),
            (None, None) => write!(f, "stopped: {}", self.stats),
        }
    }
}

impl Timed for PathCount {
    fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }
}

/// Where a state stands in the count.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// On the depth-first path: its successors are being counted.
    Open,
    /// Counted.
    Done(u64),
}

/// One state on the depth-first path: its slot, its successors' slots in the arena
/// (`first..end`, `next` the one to look at) and the count so far.
struct Frame {
    slot: u32,
    first: usize,
    next: usize,
    count: u64,
}

/// The slot of `node`, with a mark for it if it is new.
fn number<N: Clone + Eq + Hash>(
    slots: &mut HashSlots<N>,
    marks: &mut Vec<Option<Mark>>,
    node: &N,
) -> Result<u32, PathError> {
    let (s, new) = slots.slot(node)?;
    if new {
        marks.push(None);
    }
    Ok(s)
}

/// The count itself, numbering the states in `slots` (emptied first).
fn count<N, IN>(
    slots: &mut HashSlots<N>,
    start: N,
    mut successors: impl FnMut(&N) -> IN,
    mut success: impl FnMut(&N) -> bool,
    mut run: Run<usize>,
) -> Result<PathCount, PathError>
where
    N: Clone + Eq + Hash,
    IN: IntoIterator<Item = N>,
{
    slots.reset();
    let mut marks: Vec<Option<Mark>> = Vec::new();
    let mut arena: Vec<u32> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut buf: Vec<N> = Vec::new();
    let mut deepest = 0u32;
    let finish = |run: &Run<usize>, count, limit, deepest: u32| {
        Ok(PathCount {
            count,
            limit,
            stats: run.stats(deepest),
        })
    };
    if success(&start) {
        return finish(&run, Some(1), None, 0);
    }
    let s0 = number(slots, &mut marks, &start)?;
    // Expands a state: its successors go to the arena, its frame on the stack.
    macro_rules! expand {
        ($slot:expr, $node:expr) => {{
            let bytes = || {
                slots.bytes()
                    + vec_bytes(&marks)
                    + vec_bytes(&arena)
                    + vec_bytes(&stack)
                    + vec_bytes(&buf)
            };
            if run.out_of_budget(bytes) {
                return finish(&run, None, Some(run.reached()), deepest);
            }
            let depth = stack.len() as u32;
            if run.too_deep(depth) {
                return finish(&run, None, Some(Limit::Budget(BudgetField::Depth)), deepest);
            }
            if run.too_costly(depth as usize) {
                return finish(&run, None, Some(Limit::Cost), deepest);
            }
            deepest = deepest.max(depth);
            run.stats.expanded += 1;
            buf.clear();
            buf.extend(successors($node));
            run.stats.generated += buf.len() as u64;
            let first = arena.len();
            for m in buf.drain(..) {
                arena.push(number(slots, &mut marks, &m)?);
            }
            marks[$slot as usize] = Some(Mark::Open);
            stack.push(Frame {
                slot: $slot,
                first,
                next: first,
                count: 0,
            });
            run.frontier(stack.len());
        }};
    }
    expand!(s0, &start);
    while let Some(top) = stack.last_mut() {
        if top.next < arena.len() {
            let child = arena[top.next];
            top.next += 1;
            let add = match marks[child as usize] {
                Some(Mark::Done(n)) => n,
                Some(Mark::Open) => return Err(PathError::Cycle),
                None => {
                    let node = slots.node(child);
                    if success(&node) {
                        marks[child as usize] = Some(Mark::Done(1));
                        1
                    } else {
                        expand!(child, &node);
                        continue;
                    }
                }
            };
            top.count = top.count.checked_add(add).ok_or(PathError::CountOverflow)?;
        } else {
            let done = stack.pop().expect("the stack is not empty");
            arena.truncate(done.first);
            marks[done.slot as usize] = Some(Mark::Done(done.count));
            if let Some(parent) = stack.last_mut() {
                parent.count = parent
                    .count
                    .checked_add(done.count)
                    .ok_or(PathError::CountOverflow)?;
            } else {
                return finish(&run, Some(done.count), None, deepest);
            }
        }
    }
    finish(&run, Some(0), None, deepest)
}

/// The number of paths from `start` to a state where `success` holds, in a graph without
/// cycles (the `pathfinding` crate's `count_paths`, with its semantics: a path ends at the
/// first goal it meets; a start that is a goal counts one path). Every state reachable from
/// the start without passing through a goal is expanded once.
///
/// The budget's `nodes` count expansions and `depth` bounds the length of the depth-first
/// chain (the count then stops: a count of shorter paths only would be another number);
/// `time` and a stop flag apply. A limit that stops the count leaves
/// [`PathCount::count`] `None`.
///
/// # Errors
/// [`PathError::Cycle`] if a cycle is reachable from the start without passing through a
/// goal, [`PathError::CountOverflow`] if the count exceeds `u64::MAX`, too many states or
/// an unusable budget.
///
/// ```
/// use pathfind::{count_paths, PathError};
/// use search_core::Budget;
/// // Right or up on an 8 x 8 board, corner to corner: C(14, 7).
/// let moves = |&(x, y): &(u8, u8)| {
///     [(x + 1, y), (x, y + 1)].into_iter().filter(|&(x, y)| x < 8 && y < 8)
/// };
/// let r = count_paths((0, 0), moves, |&c| c == (7, 7), &Budget::new()).unwrap();
/// assert_eq!(r.count, Some(3432));
/// // A cycle is an error, not a hang.
/// let cyclic = count_paths(0u8, |&n| [(n + 1) % 3], |&n| n == 5, &Budget::new());
/// assert_eq!(cyclic.unwrap_err(), PathError::Cycle);
/// // So is a count beyond u64::MAX. By steps of 1 or 2, the ways from 0 to n are the
/// // Fibonacci number F(n + 1): F(93) fits in a u64, F(94) does not.
/// let steps = |goal: u32| move |&n: &u32| if n < goal { vec![n + 1, n + 2] } else { vec![] };
/// let r = count_paths(0u32, steps(92), |&n| n == 92, &Budget::new()).unwrap();
/// assert_eq!(r.count, Some(12_200_160_415_121_876_738));
/// let err = count_paths(0u32, steps(93), |&n| n == 93, &Budget::new()).unwrap_err();
/// assert_eq!(err, PathError::CountOverflow);
/// ```
pub fn count_paths<N, IN>(
    start: N,
    successors: impl FnMut(&N) -> IN,
    success: impl FnMut(&N) -> bool,
    budget: &Budget,
) -> Result<PathCount, PathError>
where
    N: Clone + Eq + Hash,
    IN: IntoIterator<Item = N>,
{
    SearchContext::bounded(budget).count_paths(start, successors, success)
}

impl<N: Clone + Eq + Hash> SearchContext<N, usize> {
    /// Counts the paths from `start` to a state where `success` holds, as [`count_paths`]
    /// does, within the context's budget, memory cap (the states numbered, their marks and
    /// the stacks) and cost bound: a cost bound counts steps, and like the depth limit it
    /// stops the count (with [`Limit::Cost`]) when a chain of states grows past it.
    ///
    /// # Errors
    /// As [`count_paths`].
    ///
    /// ```
    /// use pathfind::{Limit, SearchContext};
    /// // Two ways from each number to the next two, without end: no count fits in 1 MiB.
    /// let mut ctx = SearchContext::new().with_memory_cap(1 << 20);
    /// let r = ctx.count_paths(0u64, |&n| [n + 1, n + 2], |_| false).unwrap();
    /// assert_eq!((r.count, r.limit), (None, Some(Limit::Memory)));
    /// // Within the cap, the count of `count_paths`: F(11) ways from 0 to 10.
    /// let small = |&n: &u64| if n < 10 { vec![n + 1, n + 2] } else { vec![] };
    /// assert_eq!(ctx.count_paths(0u64, small, |&n| n == 10).unwrap().count, Some(89));
    /// ```
    pub fn count_paths<IN>(
        &mut self,
        start: N,
        successors: impl FnMut(&N) -> IN,
        success: impl FnMut(&N) -> bool,
    ) -> Result<PathCount, PathError>
    where
        IN: IntoIterator<Item = N>,
    {
        timed(|| {
            let run = self.run()?;
            count(
                &mut self.engine.nodes.slots,
                start,
                successors,
                success,
                run,
            )
        })
    }
}
