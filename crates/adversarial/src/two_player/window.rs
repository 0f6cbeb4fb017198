//! Negamax's score and window arithmetic between a node and its children: a child's value
//! seen from its parent, the parent's window seen from the child, with or without an extra
//! turn (a child whose side to move is the parent's keeps the value's sign and the window's
//! order), and the null windows of principal-variation search and of MTD(f).

use search_core::Score;

#[inline]
pub(crate) fn next_down(s: Score) -> Score {
    Score::from_raw(s.raw().saturating_sub(1))
}

#[inline]
pub(crate) fn next_up(s: Score) -> Score {
    Score::from_raw(s.raw().saturating_add(1))
}

/// The parent's value of a child's value `s`: negated when the turn passed, kept when the
/// mover moves again (`same`); a decisive score one ply further from the end either way.
#[inline]
pub(crate) fn to_parent(s: Score, same: bool) -> Score {
    if same {
        s.to_parent_same_mover()
    } else {
        s.to_parent()
    }
}

/// A score of the parent as seen from a child: the inverse of [`to_parent`].
#[inline]
pub(crate) fn to_child(s: Score, same: bool) -> Score {
    if same {
        s.to_child_same_mover()
    } else {
        s.to_child()
    }
}

/// The parent's window `(alpha, beta)` as the child's window: swapped and negated when the
/// turn passes, kept when the mover moves again (`same`).
#[inline]
pub(crate) fn child_window(alpha: Score, beta: Score, same: bool) -> (Score, Score) {
    if same {
        (alpha.to_child_same_mover(), beta.to_child_same_mover())
    } else {
        (beta.to_child(), alpha.to_child())
    }
}

/// The child's null window that answers "is the parent's value above `alpha`?".
#[inline]
pub(crate) fn null_child_window(alpha: Score, same: bool) -> (Score, Score) {
    if same {
        let a = alpha.to_child_same_mover();
        (a, next_up(a))
    } else {
        let a = alpha.to_child();
        (next_down(a), a)
    }
}
