//! Expansion in the two-player mode: creating a node's children at once (shrunk by the
//! game's hooks where it has them), in a random order or ordered by priors, within the
//! tree's node cap. (The general mode's expansion, by turn, is in `general.rs`.)

use search_core::{Game, Outcome, SearchError, SplitMix64};

use crate::engine::context::{Expansion, PriorSource, Scratch};
use crate::tree::reserve_within;
use crate::tree::zero_sum::{LOSS, WIN, ZsNode, update_bounds};

/// The most children a node can have (the tree stores the count in 16 bits).
pub(crate) const MAX_CHILDREN: usize = u16::MAX as usize;

/// What move generation found for a node about to be expanded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Generated {
    /// `scratch.moves` holds the children's moves.
    Moves,
    /// `scratch.moves` holds one move that wins at once (the `winning_move` hook).
    Win,
    /// Every move loses at once (the `non_losing_moves` hook found none): no children.
    Lost,
}

/// Fills `scratch.moves` with the moves of `state` that become children (shrunk by the
/// game's hooks where it has them), checking the hooks and the move count.
pub(crate) fn generate<G: Game>(
    scratch: &mut Scratch<G::Move>,
    state: &G,
    opts: &Expansion<'_, G>,
    is_root: bool,
) -> Result<Generated, SearchError> {
    let moves = &mut scratch.moves;
    moves.clear();
    let mut found = Generated::Moves;
    // The hooks go together: `non_losing_moves` is only defined once `winning_move` has
    // found nothing, and only a game with a fast `winning_move` (`HAS_WINNING_MOVE`) is
    // asked (a game without one would pay a full move generation per child here; the
    // tree then finds wins in one by visiting the children instead).
    // The hooks' moves are checked against the legal ones at the root, and at every
    // node in debug builds.
    let check_hooks = is_root || cfg!(debug_assertions);
    if opts.hooks && G::HAS_WINNING_MOVE {
        if let Some(w) = state.winning_move() {
            if check_hooks && !state.is_legal(w) {
                return Err(SearchError::IllegalHookMove {
                    hook: "winning_move",
                    mv: format!("{w:?}"),
                });
            }
            moves.push(w);
            found = Generated::Win;
        } else {
            state.non_losing_moves(moves);
            if check_hooks {
                let legal = state.legal_move_list();
                if let Some(bad) = moves.iter().find(|m| !legal.contains(m)) {
                    return Err(SearchError::IllegalHookMove {
                        hook: "non_losing_moves",
                        mv: format!("{bad:?}"),
                    });
                }
            }
            if moves.is_empty() {
                state.legal_moves(moves);
                if moves.is_empty() {
                    return Err(SearchError::NoLegalMoves);
                }
                if !is_root {
                    moves.clear();
                    found = Generated::Lost;
                }
            }
        }
    } else {
        state.legal_moves(moves);
        if moves.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
    }
    let count = moves.len();
    if count > MAX_CHILDREN {
        return Err(SearchError::TooManyMoves {
            count,
            max: MAX_CHILDREN,
        });
    }
    Ok(found)
}

/// The error for a root that does not fit under the node cap.
pub(crate) fn root_too_big(cap: usize, count: usize) -> SearchError {
    SearchError::Config(format!(
        "the node cap ({cap} per tree, with_node_cap or with_memory_cap) is too small to expand the root ({} nodes needed)",
        count + 1
    ))
}

/// Puts the generated moves (`scratch.moves`) into the order their nodes are created:
/// shuffled (trying unvisited children in this order is a uniform choice), then, with
/// priors, sorted highest prior first, or with `by_hint` (and no priors) best
/// `move_order_hint` first. Returns `true` when the order, with each move's prior (0
/// without priors), is in `scratch.order`, `false` when it is `scratch.moves`.
pub(crate) fn order<G: Game>(
    scratch: &mut Scratch<G::Move>,
    rng: &mut SplitMix64,
    state: &G,
    opts: &Expansion<'_, G>,
) -> bool {
    let prior = opts.prior;
    let moves = &mut scratch.moves;
    let count = moves.len();
    for i in (1..count).rev() {
        let j = rng.below(i + 1);
        moves.swap(i, j);
    }
    if matches!(prior, PriorSource::None) {
        if !opts.by_hint {
            return false;
        }
        // Best hint first; the shuffle decides among equal hints (a stable sort).
        let order = &mut scratch.order;
        order.clear();
        order.extend(moves.iter().map(|&mv| (0.0, mv)));
        order.sort_by_key(|&(_, mv)| core::cmp::Reverse(state.move_order_hint(mv)));
        return true;
    }
    let order = &mut scratch.order;
    order.clear();
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for &mv in moves.iter() {
        let raw = match prior {
            PriorSource::Evaluator(e, scale) => {
                let mut child = state.clone();
                child.play(mv);
                match child.outcome() {
                    Outcome::Ongoing => {
                        // The evaluation is for the side to move in the child: the mover's
                        // opponent, or the mover again after an extra turn.
                        let e = e(&child);
                        let v = if child.to_move() == state.to_move() {
                            e
                        } else {
                            -e
                        };
                        1.0 / (1.0 + (-v / scale).exp())
                    }
                    o => o
                        .value_for(state.to_move())
                        .map_or(0.5, |v| (f64::from(v) + 1.0) / 2.0),
                }
            }
            _ => f64::from(state.move_order_hint(mv)),
        };
        lo = lo.min(raw);
        hi = hi.max(raw);
        order.push((raw as f32, mv));
    }
    if matches!(prior, PriorSource::Hints) {
        // Hints are only an order: map them onto [0, 1] within the siblings.
        for entry in order.iter_mut() {
            entry.0 = if hi > lo {
                ((f64::from(entry.0) - lo) / (hi - lo)) as f32
            } else {
                0.5
            };
        }
    }
    order.sort_by(|a, b| b.0.total_cmp(&a.0));
    true
}

/// Generates the children of `tree[idx]`, the node of `state`. `Ok(false)`: not expanded
/// because the tree is full (never at the root, where a full tree is an error).
pub(crate) fn expand<G: Game>(
    tree: &mut Vec<ZsNode<G::Move>>,
    scratch: &mut Scratch<G::Move>,
    rng: &mut SplitMix64,
    idx: usize,
    state: &G,
    opts: &Expansion<'_, G>,
    is_root: bool,
) -> Result<bool, SearchError> {
    let mover = state.to_move().index() as u8;
    let found = generate(scratch, state, opts, is_root)?;
    let count = scratch.moves.len();
    if tree.len() + count > opts.cap {
        if is_root {
            return Err(root_too_big(opts.cap, count));
        }
        return Ok(false);
    }
    reserve_within(tree, count, opts.cap);
    let first = tree.len();
    if order(scratch, rng, state, opts) {
        for &(p, mv) in scratch.order.iter() {
            tree.push(ZsNode::new(mv, mover, p));
        }
    } else {
        for &mv in scratch.moves.iter() {
            tree.push(ZsNode::new(mv, mover, 0.0));
        }
    }
    let node = &mut tree[idx];
    node.first_child = first as u32;
    node.num_children = count as u16;
    node.next_unvisited = 0;
    node.set_expanded();
    match found {
        Generated::Win => {
            let child = &mut tree[first];
            child.set_bounds(WIN, WIN);
            child.set_expanded();
            update_bounds(tree, idx);
        }
        Generated::Lost => {
            let node = &mut tree[idx];
            let v = if node.owner() == mover { LOSS } else { WIN };
            node.set_bounds(v, v);
        }
        Generated::Moves => {}
    }
    Ok(true)
}
