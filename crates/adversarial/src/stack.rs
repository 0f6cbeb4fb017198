//! Recursion as deep as a budget allows, on whatever stack the caller has.
//!
//! The searches recurse once per ply, and a game of `Budget::MAX_DEPTH` plies needs
//! megabytes of stack: more than the 2 MiB a spawned thread gets by default. Every
//! [`CHECK_EVERY`] plies a search asks how much of its stack is left; below [`RED_ZONE`]
//! it goes on in a new segment of [`SEGMENT`] bytes, allocated for that subtree and freed
//! when the subtree returns (the `stacker` crate, which the Rust compiler uses for the same
//! purpose; a panic unwinds through the segment to the caller as it would without it).
//! Games of ordinary length never leave the caller's stack: the check costs a comparison
//! every few plies.

/// Plies between two checks of the stack left.
pub(crate) const CHECK_EVERY: usize = 16;

/// The stack a search keeps free for [`CHECK_EVERY`] plies and the user code they call
/// (evaluators, move generators).
pub(crate) const RED_ZONE: usize = 256 << 10;

/// The size of a new segment: thousands of plies.
pub(crate) const SEGMENT: usize = 8 << 20;

/// Runs `f`, the search of a node `ply` plies from the root, on the current stack or, if
/// that is running low, on a new segment.
#[inline(always)]
pub(crate) fn grow_if_low<R>(ply: usize, f: impl FnOnce() -> R) -> R {
    if is_low(ply) { on_new_segment(f) } else { f() }
}

/// `true` if a node `ply` plies from the root is one where the stack is checked, and
/// less than [`RED_ZONE`] of it is left. Where the platform does not tell how much is
/// left, never: the negamax searcher calls itself again on the new segment, and would
/// otherwise grow one at every check.
#[inline(always)]
pub(crate) fn is_low(ply: usize) -> bool {
    ply % CHECK_EVERY == 0 && stacker::remaining_stack().is_some_and(|left| left < RED_ZONE)
}

/// Runs `f` on a new stack segment of [`SEGMENT`] bytes. Out of line: the hot paths only
/// test [`is_low`].
#[cold]
#[inline(never)]
pub(crate) fn on_new_segment<R>(f: impl FnOnce() -> R) -> R {
    stacker::grow(SEGMENT, f)
}

/// The stack a walk over a built tree may take per ply (its frames are small when
/// optimised, four times larger without).
pub(crate) const WALK_PLY_BYTES: usize = if cfg!(debug_assertions) { 2048 } else { 512 };

/// Runs `f`, a walk over a tree `depth` plies deep, on the current stack if it has room for
/// the whole walk, else on a new segment that has: one check per walk, none inside it.
#[inline]
pub(crate) fn with_room_for<R>(depth: usize, f: impl FnOnce() -> R) -> R {
    let room = depth
        .saturating_mul(WALK_PLY_BYTES)
        .saturating_add(RED_ZONE);
    stacker::maybe_grow(room, room.saturating_add(SEGMENT), f)
}
