//! How a search obtains the successors of a state ([`Successors`]: straight from a closure's
//! iterator, or through a buffer), and the checks of a step cost and a heuristic value.

use search_core::{Cost, CostError};

use crate::engine::error::PathError;

/// How a search obtains the successors of a state: every algorithm takes one, so that the
/// closure interface iterates what the user's function returns directly ([`Direct`]) while
/// the problem trait and the grids fill the engine's buffer ([`Buffered`]).
pub(crate) trait Successors<N, C> {
    /// Calls `f` on each successor of `node` (with the cost of the step to it) until `f`
    /// returns `Ok(true)` (stop) or an error, which is returned. `buf` is scratch space.
    fn each<F>(&mut self, node: &N, buf: &mut Vec<(N, C)>, f: F) -> Result<(), PathError>
    where
        F: FnMut(N, C) -> Result<bool, PathError>;
}

impl<N, C, S: Successors<N, C>> Successors<N, C> for &mut S {
    #[inline(always)]
    fn each<F>(&mut self, node: &N, buf: &mut Vec<(N, C)>, f: F) -> Result<(), PathError>
    where
        F: FnMut(N, C) -> Result<bool, PathError>,
    {
        (**self).each(node, buf, f)
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
        buf.clear();
        (self.0)(node, buf);
        for (m, c) in buf.drain(..) {
            if f(m, c)? {
                break;
            }
        }
        Ok(())
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
