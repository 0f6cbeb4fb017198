//! How a search obtains the successors of a state ([`Successors`]: straight from a closure's
//! iterator, or through a buffer, or from a [`SearchProblem`]), how it expands a state
//! ([`expand`]: the counting and bounds every search applies to a successor), and the checks
//! of a step cost and a heuristic value.

use search_core::{Cost, CostError, SearchProblem};

use crate::engine::error::PathError;
use crate::engine::run::Run;

/// How a search obtains the successors of a state: every algorithm takes one, so that the
/// closure interface iterates what the user's function returns directly ([`Direct`], and
/// [`Steps`] for bare states) while the problem trait and the grids fill the engine's buffer
/// ([`Buffered`]).
pub(crate) trait Successors<N, C> {
    /// Calls `f` on each successor of `node` (with the cost of the step to it) until `f`
    /// returns `Ok(true)` (stop) or an error, which is returned. `buf` is scratch space.
    fn each<F>(&mut self, node: &N, buf: &mut Vec<(N, C)>, f: F) -> Result<(), PathError>
    where
        F: FnMut(N, C) -> Result<bool, PathError>;

    /// Replaces the contents of `buf` with the successors of `node`, in order: for the
    /// searches that keep them (DFS, IDDFS, IDA*).
    fn fill(&mut self, node: &N, buf: &mut Vec<(N, C)>);
}

impl<N, C, S: Successors<N, C>> Successors<N, C> for &mut S {
    #[inline(always)]
    fn each<F>(&mut self, node: &N, buf: &mut Vec<(N, C)>, f: F) -> Result<(), PathError>
    where
        F: FnMut(N, C) -> Result<bool, PathError>,
    {
        (**self).each(node, buf, f)
    }

    #[inline(always)]
    fn fill(&mut self, node: &N, buf: &mut Vec<(N, C)>) {
        (**self).fill(node, buf);
    }
}

/// A successor function that appends to a buffer (`SearchProblem::successors`, grids).
pub(crate) struct Buffered<S>(pub S);

impl<N, C, S: FnMut(&N, &mut Vec<(N, C)>)> Successors<N, C> for Buffered<S> {
    #[inline(always)]
    fn each<F>(&mut self, node: &N, buf: &mut Vec<(N, C)>, mut f: F) -> Result<(), PathError>
    where
        F: FnMut(N, C) -> Result<bool, PathError>,
    {
        self.fill(node, buf);
        for (m, c) in buf.drain(..) {
            if f(m, c)? {
                break;
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn fill(&mut self, node: &N, buf: &mut Vec<(N, C)>) {
        buf.clear();
        (self.0)(node, buf);
    }
}

/// A successor function that returns an iterable of `(state, cost)` (the closure API):
/// its items are consumed as they come, without a copy into a buffer.
pub(crate) struct Direct<S>(pub S);

impl<N, C, S, I> Successors<N, C> for Direct<S>
where
    S: FnMut(&N) -> I,
    I: IntoIterator<Item = (N, C)>,
{
    #[inline(always)]
    fn each<F>(&mut self, node: &N, _buf: &mut Vec<(N, C)>, mut f: F) -> Result<(), PathError>
    where
        F: FnMut(N, C) -> Result<bool, PathError>,
    {
        for (m, c) in (self.0)(node) {
            if f(m, c)? {
                break;
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn fill(&mut self, node: &N, buf: &mut Vec<(N, C)>) {
        buf.clear();
        buf.extend((self.0)(node));
    }
}

/// A successor function that returns an iterable of bare states (BFS, DFS and IDDFS over
/// closures, bidirectional BFS): every step costs 1.
pub(crate) struct Steps<S>(pub S);

impl<N, S, I> Successors<N, usize> for Steps<S>
where
    S: FnMut(&N) -> I,
    I: IntoIterator<Item = N>,
{
    #[inline(always)]
    fn each<F>(&mut self, node: &N, _buf: &mut Vec<(N, usize)>, mut f: F) -> Result<(), PathError>
    where
        F: FnMut(N, usize) -> Result<bool, PathError>,
    {
        for m in (self.0)(node) {
            if f(m, 1)? {
                break;
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn fill(&mut self, node: &N, buf: &mut Vec<(N, usize)>) {
        buf.clear();
        buf.extend((self.0)(node).into_iter().map(|m| (m, 1)));
    }
}

/// Checks a step cost and adds it to `g`.
#[inline]
pub(crate) fn add_step<C: Cost>(g: C, step: C) -> Result<C, PathError> {
    if step.is_negative() {
        return Err(CostError::Negative.into());
    }
    g.checked_add_cost(step)
        .ok_or(PathError::Cost(CostError::Overflow))
}

/// Checks a heuristic value.
#[inline]
pub(crate) fn check_h<C: Cost>(h: C) -> Result<C, PathError> {
    if h.is_negative() {
        Err(CostError::Negative.into())
    } else {
        Ok(h)
    }
}

/// The successors of a [`SearchProblem`]'s states with their step costs, appended to `out`
/// (wrap it in [`Buffered`] where a [`Successors`] is wanted).
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(crate) fn problem_successors<P: SearchProblem + ?Sized>(
    problem: &P,
) -> impl FnMut(&P::State, &mut Vec<(P::State, P::Cost)>) + '_ {
    move |n: &P::State, out: &mut Vec<(P::State, P::Cost)>| problem.successors(n, out)
}

/// Generates the successors of `node`, a state whose path costs `g`, for successors
/// `depth` steps from a start: counts each one generated (`leaves`), prunes those past the
/// depth limit or the cost bound of `run` (remembering which bound pruned something), and
/// calls `relax(run, successor, its path cost, the step's cost)` on the others until it
/// returns `Ok(true)`. Every search that relaxes successors one at a time does this first.
#[inline(always)]
pub(crate) fn expand<N, C, S>(
    run: &mut Run<C>,
    succ: &mut S,
    node: &N,
    buf: &mut Vec<(N, C)>,
    g: C,
    depth: u32,
    mut relax: impl FnMut(&mut Run<C>, N, C, C) -> Result<bool, PathError>,
) -> Result<(), PathError>
where
    C: Cost,
    S: Successors<N, C>,
{
    let deep = run.max_depth.is_some_and(|m| depth > m);
    succ.each(node, buf, |m, c| {
        run.stats.generated += 1;
        if deep {
            run.too_deep(depth);
            return Ok(false);
        }
        let g = add_step(g, c)?;
        if run.too_costly(g) {
            return Ok(false);
        }
        relax(run, m, g, c)
    })
}
