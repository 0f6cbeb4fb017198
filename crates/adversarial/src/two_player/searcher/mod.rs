//! [`Searcher`]: one thread's search loop, negamax with fail-soft alpha-beta,
//! principal-variation (null-window) search, the transposition table, move ordering and the
//! game's hooks.
//!
//! Every table-using engine of the crate runs this one loop: [`Negamax`](crate::Negamax)
//! (fixed depth or iterative deepening, one thread or Lazy SMP) and the exact
//! [`Solver`](crate::Solver). They differ only in the options they pass and in how they
//! drive the root (`two_player/deepening.rs`, `solving/null_window.rs`).
//!
//! This file holds the searcher's state and the node (`node`, steps 1 to 9 below); the rest
//! of the loop is in its submodules, each an `impl Searcher` block with the helpers it
//! calls, which see the searcher's private state and nothing outside does: `polling.rs`
//! (step 1: when to stop, waking a parallel solve's helpers, growing the table),
//! `quiescence.rs` (step 3's noisy moves), `lookahead.rs` (step 8's prefetching and
//! enhanced transposition cut-off), `ranking.rs` (step 8's ranking of the moves, killers
//! and history) and `root.rs` (the root's moves, and one root move's value). What the loop
//! takes from its family: `../window.rs` (a child's value and window seen from its parent)
//! and `../options.rs` (what the engines set, [`LoopOptions`]).
//!
//! A node, in order:
//! 1. count it and poll the budget;
//! 2. a finished game is a leaf, scored exactly (`loss_in(0)`, `draw`); after a *quiet*
//!    move (the parent found no win at once and the game declares
//!    [`MOVES_CANNOT_LOSE`](search_core::Game::MOVES_CANNOT_LOSE)) the game can only be
//!    drawn, so [`outcome`](search_core::Game::outcome) is not asked and an empty move
//!    list at step 6 is the draw;
//! 3. at the depth horizon, the evaluator scores it; with quiescence on, the side to move
//!    may instead play a noisy move ([`Game::is_noisy`]), up
//!    to a maximum number of extra plies (stand-pat search, no table, no hooks);
//! 4. with the game hooks on and a fast [`winning_move`](search_core::Game::winning_move)
//!    ([`HAS_WINNING_MOVE`](search_core::Game::HAS_WINNING_MOVE)), a win at once ends it as
//!    `win_in(1)` (not asked when the move that led here came from an exact non-losing
//!    list, which proves there is none);
//! 5. the window is clamped to what is possible ("mate-distance" bounds): no better than
//!    `win_in(1)` (`win_in(2)` once no immediate win exists, `win_in(3)` if the game declares
//!    [`MOVES_CANNOT_LOSE`](search_core::Game::MOVES_CANNOT_LOSE)), no worse than `loss_in(1)`
//!    (`loss_in(2)`); then an opening book (the solver's
//!    [`with_book`](crate::Solver::with_book)) may answer the node with its exact value;
//! 6. the moves are generated: [`non_losing_moves`](search_core::Game::non_losing_moves)
//!    with the hooks on, after the fast win check, and at least two plies left (none left: `loss_in(2)`; some left and
//!    [`NON_LOSING_MOVES_EXACT`](search_core::Game::NON_LOSING_MOVES_EXACT): the floor rises
//!    to `loss_in(4)`), else all legal moves;
//! 7. unless fewer than `min_table_plies` plies are left (a small subtree is cheaper to
//!    search than a table access that misses the cache), the table may answer (same remaining depth, or any depth in exact-solver mode) or
//!    narrow the window, and supplies its best move for ordering;
//! 8. the table's move, if any, is searched first (with the enhanced transposition
//!    cut-off, only after every child's entry was looked up); then (unless it cut the node off) the
//!    children's table slots are prefetched (when they will use the table), and the other
//!    moves are ordered and searched, the first with the full window and, with PVS,
//!    the rest with a null window first (re-searched when it fails high inside the window).
//!    A child whose side to move is the parent's (an extra turn: Dots and Boxes, Kalah) gets
//!    the window unswapped and its value is not negated; every other child is negamax's
//!    usual negated, swapped window. Telling them apart is the one comparison of the side
//!    to move per child;
//! 9. the result is stored with its bound (exact, lower, upper) and the best move's index.
//!
//! A broken game stops the search with a typed error (the engines return it): an ongoing
//! state without legal moves ([`SearchError::NoLegalMoves`]), a move after which the same
//! player is to move in a game that promised alternation by declaring
//! [`MOVES_CANNOT_LOSE`](search_core::Game::MOVES_CANNOT_LOSE) or
//! [`NON_LOSING_MOVES_EXACT`](search_core::Game::NON_LOSING_MOVES_EXACT)
//! ([`SearchError::TurnDidNotPass`]), and a hook
//! move that is not legal ([`SearchError::IllegalHookMove`], checked at the root, and at
//! every node in debug builds). Debug builds also check that `undo` restores the key and
//! the side to move ([`SearchError::KeyNotRestored`]).

mod lookahead;
pub(crate) mod polling;
mod quiescence;
mod ranking;
pub(crate) mod root;

use std::sync::atomic::AtomicBool;

use search_core::{ClockPacer, Evaluator, Game, Outcome, RunningBudget, Score, SearchError, Stats};

use crate::tables::entry::{Bound, TableEntry};
use crate::tables::transpositions::Transpositions;
use crate::two_player::options::LoopOptions;
use crate::two_player::window::{child_window, null_child_window, to_parent};
use polling::Wake;
use ranking::HISTORY_BUCKETS;

/// What a ply keeps between the nodes searched at it: its killers and principal variation
/// (neither allocates unless used). The nodes' move lists live on the searcher's stacks.
struct Ply<M> {
    killers: [Option<M>; 2],
    pv: Vec<M>,
}

impl<M> Ply<M> {
    fn new() -> Self {
        Ply {
            killers: [None, None],
            pv: Vec::new(),
        }
    }
}

/// How many entries the searcher's stacks (moves, ranking, children's keys) and ply records
/// hold before they first grow: a search allocates a handful of small buffers once (each
/// grows a few times at most) instead of several per ply.
const STACK_CAPACITY: usize = 64;
const PLY_CAPACITY: usize = 32;

/// What a node's parent already proved about it, so that the node need not test it again.
#[derive(Copy, Clone, Default)]
struct Entry {
    /// The move that led here neither won nor lost at once: the parent found no win at
    /// once, and the game declares [`MOVES_CANNOT_LOSE`](Game::MOVES_CANNOT_LOSE). The game
    /// can then only be drawn or ongoing, and it is over exactly when no move is legal
    /// (the contract of [`legal_moves`](Game::legal_moves)): the node skips
    /// [`outcome`](Game::outcome) and reads an empty move list as a draw.
    quiet: bool,
    /// The side to move has no win at once: the move that led here came from an exact
    /// [`non_losing_moves`](Game::non_losing_moves) list
    /// ([`NON_LOSING_MOVES_EXACT`](Game::NON_LOSING_MOVES_EXACT)), so the node skips
    /// [`winning_move`](Game::winning_move).
    no_win: bool,
}

/// Where a node's part of the searcher's stacks starts: its moves, their ranking and its
/// children's keys are the entries from these indices up to the first child's.
#[derive(Copy, Clone)]
struct Frame {
    moves: usize,
    order: usize,
    keys: usize,
}

/// One thread's search state: stacks of move lists (allocated once, reused at every node:
/// a node appends its moves, their ranking and its children's keys, and its children append
/// theirs above them), per-ply killers, history, counters.
pub(crate) struct Searcher<'a, G: Game, E, T> {
    eval: &'a E,
    table: &'a T,
    budget: &'a RunningBudget,
    /// The node limit this thread stops at: the budget's, or in a parallel solve this
    /// thread's share of it (which changes when the helpers are woken).
    max_nodes: u64,
    halt: Option<&'a AtomicBool>,
    /// A parallel solve's main thread: the helper threads to wake once the search has run
    /// for a while (see [`Searcher::wake_helpers_at`]).
    wake: Option<Wake<'a>>,
    /// [`every_interval`](Searcher::every_interval) runs when the node count is a multiple
    /// of this plus one: every [`CHECK_INTERVAL`] nodes with `halt` or `wake`, else every
    /// [`POLL_INTERVAL`](RunningBudget::POLL_INTERVAL) nodes, or more often when `pacer`
    /// asks for the clock sooner (nodes that run slow user code).
    check_mask: u64,
    /// When to read the clock: see [`ClockPacer`].
    pacer: ClockPacer,
    /// The nodes `every_interval` has accounted for (the node count itself is set back
    /// and forth by the solves that reuse a searcher; this only grows), the pacer's count.
    ticks: u64,
    opts: LoopOptions,
    plies: Vec<Ply<G::Move>>,
    /// The moves of the nodes on the current line, each node's above its parent's.
    moves: Vec<G::Move>,
    /// Each node's ranking of its moves: `(key, index into the node's moves)`, best first.
    order: Vec<(i64, u32)>,
    /// The children's table keys, and whether each child has the same side to move (an
    /// extra turn), in the order of the node's moves (filled for the enhanced
    /// transposition cut-off).
    child_keys: Vec<(u64, bool)>,
    history: Vec<u32>,
    pub(crate) stats: Stats,
    pub(crate) aborted: bool,
    pub(crate) horizon_reached: bool,
    /// Why the search stopped early, if the game broke its contract (then `aborted` is
    /// set too, and every value is meaningless).
    pub(crate) fault: Option<SearchError>,
    /// Whether the root's `non_losing_moves` answer was checked against the legal moves.
    /// Release builds check it once per searcher (a solve runs many null-window searches
    /// from the same root), debug builds at every node.
    root_hooks_checked: bool,
}

/// The first of the moves `stack[start..]` (from a game hook) that is not a legal move of
/// `state`, formatted: checked where it is cheap (the root; every node in debug builds).
/// The legal moves are listed on the stack above them, and removed again.
#[cold]
#[inline(never)]
fn first_illegal<G: Game>(state: &G, stack: &mut Vec<G::Move>, start: usize) -> Option<String> {
    let end = stack.len();
    state.legal_moves(stack);
    let (hooked, legal) = stack[start..].split_at(end - start);
    let bad = hooked
        .iter()
        .find(|m| !legal.contains(m))
        .map(|m| format!("{m:?}"));
    stack.truncate(end);
    bad
}

impl<'a, G, E, T> Searcher<'a, G, E, T>
where
    G: Game,
    E: Evaluator<G>,
    T: Transpositions<G>,
{
    pub(crate) fn new(
        eval: &'a E,
        table: &'a T,
        budget: &'a RunningBudget,
        halt: Option<&'a AtomicBool>,
        opts: LoopOptions,
    ) -> Self {
        let mut searcher = Searcher {
            eval,
            table,
            budget,
            max_nodes: budget.max_nodes(),
            halt,
            wake: None,
            check_mask: 0,
            pacer: budget.pacer(),
            ticks: 0,
            opts,
            plies: Vec::with_capacity(PLY_CAPACITY),
            moves: Vec::with_capacity(STACK_CAPACITY),
            order: Vec::with_capacity(STACK_CAPACITY),
            child_keys: if opts.etc {
                Vec::with_capacity(STACK_CAPACITY)
            } else {
                Vec::new()
            },
            history: if opts.ordering.history {
                vec![0; 2 * HISTORY_BUCKETS]
            } else {
                Vec::new()
            },
            stats: Stats::default(),
            aborted: false,
            horizon_reached: false,
            fault: None,
            root_hooks_checked: false,
        };
        searcher.plan_checks();
        searcher
    }

    /// Stops the search because the game broke its contract (the first fault is kept).
    #[cold]
    #[inline(never)]
    pub(crate) fn fail(&mut self, fault: SearchError) {
        if self.fault.is_none() {
            self.fault = Some(fault);
        }
        self.aborted = true;
    }

    /// The fault as an error, if there was one.
    pub(crate) fn take_fault(&mut self) -> Result<(), SearchError> {
        self.fault.take().map_or(Ok(()), Err)
    }

    /// Plays `mv` on `state`, runs `f` on the child, and restores `state` (see
    /// [`Game::with_move`]). `f` is told whether the child has the same side to move as
    /// `state` (`mover`): an extra turn, whose value is not negated and whose window is not
    /// swapped ([`to_parent`], [`child_window`]). A game that declares
    /// [`MOVES_CANNOT_LOSE`](Game::MOVES_CANNOT_LOSE) or
    /// [`NON_LOSING_MOVES_EXACT`](Game::NON_LOSING_MOVES_EXACT) promises that turns
    /// alternate (the bounds the loop draws from them need it), so an extra turn there stops
    /// the search with [`SearchError::TurnDidNotPass`]. Stops with
    /// [`SearchError::KeyNotRestored`] when `undo` does not restore the side to move, and
    /// in debug builds the key too. After a stop the score is meaningless: callers check
    /// `aborted`.
    #[inline]
    fn child(
        &mut self,
        state: &mut G,
        mover: search_core::Player,
        mv: G::Move,
        f: impl FnOnce(&mut Self, &mut G, bool) -> Score,
    ) -> Score {
        #[cfg(debug_assertions)]
        let before = G::HAS_UNDO.then(|| (self.table.key(state), state.to_move()));
        let score = state.with_move(mv, |child| {
            let same = child.to_move() == mover;
            if same && (G::MOVES_CANNOT_LOSE || G::NON_LOSING_MOVES_EXACT) {
                self.fail(SearchError::TurnDidNotPass {
                    mv: format!("{mv:?}"),
                });
                return Score::DRAW;
            }
            f(self, child, same)
        });
        #[cfg(debug_assertions)]
        if let Some(before) = before {
            if (self.table.key(state), state.to_move()) != before {
                self.fail(SearchError::KeyNotRestored {
                    mv: format!("{mv:?}"),
                });
            }
        }
        // The side to move, in every build: a comparison per undo, and a wrong one would
        // turn every value above it around.
        #[cfg(not(debug_assertions))]
        if G::HAS_UNDO && state.to_move() != mover {
            self.fail(SearchError::KeyNotRestored {
                mv: format!("{mv:?}"),
            });
        }
        score
    }

    /// Whether the game hooks are on.
    pub(crate) fn hooks(&self) -> bool {
        self.opts.hooks
    }

    /// The value a null-window solve's first probe tests (see [`LoopOptions::first_guess`]).
    pub(crate) fn first_guess(&self) -> Option<Score> {
        self.opts.first_guess
    }

    #[inline]
    fn ensure_ply(&mut self, ply: usize) {
        while self.plies.len() <= ply {
            self.plies.push(Ply::new());
        }
    }

    /// Searches `state` to `depth` plies within `(alpha, beta)`; the value is fail-soft
    /// (a bound beyond the window when it falls outside). Meaningless if `self.aborted`.
    pub(crate) fn negamax(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.search(state, depth, ply, alpha, beta, Entry::default())
    }

    /// [`negamax`](Self::negamax), told what the parent already proved about the node
    /// (`entry`). The node's entries on the stacks are removed before it returns. Every few
    /// plies the stack left is checked, and the node searched on a new segment if it runs
    /// low (see `crate::stack`).
    fn search(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        entry: Entry,
    ) -> Score {
        if crate::stack::is_low(ply) {
            // The same node on a new segment, where the stack is not low. (Calling `node`
            // here instead would give it a second call site, and it would no longer be
            // inlined below: a call more per node.)
            return crate::stack::on_new_segment(|| {
                self.search(state, depth, ply, alpha, beta, entry)
            });
        }
        let frame = Frame {
            moves: self.moves.len(),
            order: self.order.len(),
            keys: self.child_keys.len(),
        };
        let score = self.node(state, depth, ply, alpha, beta, entry, frame);
        self.moves.truncate(frame.moves);
        self.order.truncate(frame.order);
        self.child_keys.truncate(frame.keys);
        score
    }

    /// The body of [`search`](Self::search): the node's moves go on the stacks from `frame`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        entry: Entry,
        frame: Frame,
    ) -> Score {
        self.stats.nodes += 1;
        if self.should_stop() {
            return Score::DRAW;
        }
        self.ensure_ply(ply);
        if self.opts.track_pv {
            self.plies[ply].pv.clear();
        }
        self.stats.max_ply = self.stats.max_ply.max(ply as u32);
        // After a quiet move, the game can only be over by a draw, which the empty move
        // list below tells (at the horizon, where no moves are listed, it is asked).
        let outcome = if entry.quiet && depth > 0 {
            debug_assert!(
                !matches!(state.outcome(), Outcome::Win(_)),
                "the game declares MOVES_CANNOT_LOSE and its winning_move found nothing, but a move ended the game with a win"
            );
            Outcome::Ongoing
        } else {
            state.outcome()
        };
        match outcome {
            Outcome::Ongoing => {}
            Outcome::Draw => {
                self.stats.leaves += 1;
                return Score::DRAW;
            }
            Outcome::Win(p) => {
                self.stats.leaves += 1;
                debug_assert!(
                    !(G::MOVES_CANNOT_LOSE && p == state.to_move() && ply > 0),
                    "the game declares MOVES_CANNOT_LOSE, but a move lost at once"
                );
                return if p == state.to_move() {
                    Score::win_in(0)
                } else {
                    Score::loss_in(0)
                };
            }
        }
        if depth == 0 {
            if self.opts.quiescence > 0 {
                return self.quiesce(state, ply, alpha, beta, self.opts.quiescence);
            }
            self.stats.leaves += 1;
            if self.opts.exact {
                self.horizon_reached = true;
            }
            return Score::heuristic(self.eval.evaluate(state));
        }
        // Read the table slot now; it is decoded after the hooks, so that the memory access
        // overlaps with their work.
        // Nodes close to the end skip the table: their subtree costs less than a miss.
        let left = state
            .remaining_plies_bound()
            .map_or(depth, |r| r.min(depth));
        let use_tt = T::ENABLED && left >= self.opts.min_table_plies;
        let (key, oriented) = if !use_tt {
            (0, true)
        } else if self.opts.symmetry {
            self.table.class_key(state)
        } else {
            (self.table.key(state), true)
        };
        let raw = if use_tt {
            self.table.fetch(key)
        } else {
            [0, 0]
        };
        let mut hi = Score::win_in(1);
        // Only a fast override of `winning_move` pays at every node (the default lists and
        // plays every move, which searching the children does anyway).
        if self.opts.hooks && G::HAS_WINNING_MOVE {
            let win = if entry.no_win {
                debug_assert!(
                    state.winning_move().is_none(),
                    "the game declares NON_LOSING_MOVES_EXACT, but non_losing_moves kept a move after which the opponent wins at once"
                );
                None
            } else {
                state.winning_move()
            };
            if let Some(mv) = win {
                if (ply == 0 || cfg!(debug_assertions)) && !state.is_legal(mv) {
                    self.fail(SearchError::IllegalHookMove {
                        hook: "winning_move",
                        mv: format!("{mv:?}"),
                    });
                    return Score::DRAW;
                }
                self.stats.leaves += 1;
                if self.opts.track_pv {
                    self.plies[ply].pv.push(mv);
                }
                return Score::win_in(1);
            }
            // No win at once, so the fastest win is two plies away -- three when moves
            // never hand the win to the opponent (`Game::MOVES_CANNOT_LOSE`).
            let soonest = if G::MOVES_CANNOT_LOSE { 3 } else { 2 };
            hi = Score::win_in(soonest);
            // And if the game ends sooner (searched to the end), no win at all.
            if let Some(left) = state.remaining_plies_bound() {
                if left < soonest && depth >= left {
                    hi = Score::DRAW;
                }
            }
        }
        // The fastest loss: the opponent's next move, or (in games where a move can lose
        // for its player) this one.
        let lo = Score::loss_in(if G::MOVES_CANNOT_LOSE { 2 } else { 1 });
        if hi <= alpha {
            return hi;
        }
        if lo >= beta {
            return lo;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        // An opening book's exact value ends the node (after the cheaper checks above).
        if T::HAS_KNOWN_VALUES {
            if let Some(score) = self.table.known_value(state) {
                self.stats.book_hits += 1;
                return score;
            }
        }

        // `non_losing_moves` is only valid once no win at once exists, i.e. after the
        // (fast) `winning_move` check above.
        let non_losing = self.opts.hooks && G::HAS_WINNING_MOVE && depth >= 2;
        let fault = 'generate: {
            let moves = &mut self.moves;
            if non_losing {
                state.non_losing_moves(moves);
                if cfg!(debug_assertions) || (ply == 0 && !self.root_hooks_checked) {
                    self.root_hooks_checked = ply == 0;
                    if let Some(bad) = first_illegal(state, moves, frame.moves) {
                        break 'generate Some(SearchError::IllegalHookMove {
                            hook: "non_losing_moves",
                            mv: bad,
                        });
                    }
                }
                if moves.len() == frame.moves {
                    // Every move loses at once -- or there is none: a draw after a quiet
                    // move, else a broken game.
                    if state.legal_move_count() == 0 {
                        if entry.quiet {
                            self.stats.leaves += 1;
                            return Score::DRAW;
                        }
                        break 'generate Some(SearchError::NoLegalMoves);
                    }
                    return Score::loss_in(2);
                }
                if G::NON_LOSING_MOVES_EXACT {
                    // The opponent cannot win on its next move: the fastest loss is on its
                    // move after that (or on our own next move, in games where it can lose).
                    let floor = Score::loss_in(if G::MOVES_CANNOT_LOSE { 4 } else { 3 });
                    if floor >= beta {
                        return floor;
                    }
                    alpha = alpha.max(floor);
                }
            } else {
                state.legal_moves(moves);
                if moves.len() == frame.moves {
                    if entry.quiet {
                        self.stats.leaves += 1;
                        return Score::DRAW;
                    }
                    break 'generate Some(SearchError::NoLegalMoves);
                }
            }
            None
        };
        // No move here wins at once (checked above), nor, if the game says so, loses at
        // once; after a move of an exact non-losing list, the opponent has no win at once.
        let children = Entry {
            quiet: self.opts.hooks && G::HAS_WINNING_MOVE && G::MOVES_CANNOT_LOSE,
            no_win: non_losing && G::NON_LOSING_MOVES_EXACT,
        };
        if let Some(fault) = fault {
            self.fail(fault);
            return Score::DRAW;
        }
        let mut table_move = None;
        if use_tt {
            self.stats.tt_probes += 1;
            if let Some(e) = self.table.decode(key, raw) {
                self.stats.tt_hits += 1;
                if oriented {
                    table_move = e.move_index;
                }
                if ply > 0 && (self.opts.exact || u32::from(e.depth) == depth.min(0xffff)) {
                    match e.bound {
                        Bound::Exact => {
                            self.stats.tt_cutoffs += 1;
                            return e.score;
                        }
                        Bound::Lower => alpha = alpha.max(e.score),
                        Bound::Upper => beta = beta.min(e.score),
                    }
                    if alpha >= beta {
                        self.stats.tt_cutoffs += 1;
                        return e.score;
                    }
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        // The depth an entry records: an exact solver ignores it when reading, so it records
        // the plies left, which tells a bucketed table's replacement which subtrees cost most.
        let stored_depth = if self.opts.exact { left } else { depth }.min(0xffff) as u16;
        // Children that will read the table: start loading their slots now, so that the
        // memory accesses overlap with each other and with the ordering work; keep their
        // keys for the enhanced transposition cut-off below.
        let children_use_tt = use_tt && left > self.opts.min_table_plies;
        let etc = self.opts.etc && children_use_tt;
        let prefetch = children_use_tt && (self.opts.prefetch || etc);
        let n = self.moves.len() - frame.moves;
        // The table's move is searched before the other moves are ranked and their slots
        // prefetched: when it cuts the node off, that work is saved. (The enhanced
        // transposition cut-off needs every child's key first.)
        let deferred = match table_move {
            Some(t) if !etc && n > 1 && self.opts.ordering.table_move && usize::from(t) < n => {
                self.order.push((i64::MAX, u32::from(t)));
                Some(usize::from(t))
            }
            _ => None,
        };
        if deferred.is_none() {
            if prefetch {
                self.prefetch_children(state, frame, etc, usize::MAX);
                if self.aborted {
                    return Score::DRAW;
                }
            }
            self.order_moves(state, ply, table_move, frame);
        }
        if etc {
            if let Some((score, index)) = self.transposition_cutoff(depth, beta, frame) {
                self.stats.tt_cutoffs += 1;
                self.stats.etc_cutoffs += 1;
                self.table.store(
                    key,
                    TableEntry {
                        score,
                        depth: stored_depth,
                        bound: Bound::Lower,
                        move_index: u8::try_from(index).ok().filter(|_| oriented),
                    },
                );
                return score;
            }
        }

        let mover = state.to_move();
        let mut best = Score::NEG_INFINITY;
        let mut best_index = None;
        let nw = children;
        for i in 0..n {
            if let (1, Some(first)) = (i, deferred) {
                // The table's move did not cut the node off: rank the others.
                if prefetch {
                    self.prefetch_children(state, frame, false, first);
                    if self.aborted {
                        return Score::DRAW;
                    }
                }
                self.order_moves(state, ply, table_move, frame);
            }
            let idx = self.order[frame.order + i].1 as usize;
            let mv = self.moves[frame.moves + idx];
            let score = self.child(state, mover, mv, |this, child, same| {
                if this.opts.pvs && i > 0 {
                    let (na, nb) = null_child_window(alpha, same);
                    let s = to_parent(this.search(child, depth - 1, ply + 1, na, nb, nw), same);
                    if s > alpha && s < beta && !this.aborted {
                        let (ca, cb) = child_window(alpha, beta, same);
                        to_parent(this.search(child, depth - 1, ply + 1, ca, cb, nw), same)
                    } else {
                        s
                    }
                } else {
                    let (ca, cb) = child_window(alpha, beta, same);
                    to_parent(this.search(child, depth - 1, ply + 1, ca, cb, nw), same)
                }
            });
            if self.aborted {
                return best;
            }
            if score > best {
                best = score;
                best_index = Some(idx);
                if score > alpha {
                    alpha = score;
                    if self.opts.track_pv {
                        let (head, tail) = self.plies.split_at_mut(ply + 1);
                        let pv = &mut head[ply].pv;
                        pv.clear();
                        pv.push(mv);
                        pv.extend_from_slice(&tail[0].pv);
                    }
                    if alpha >= beta {
                        self.stats.beta_cutoffs += 1;
                        self.reward(state, ply, mv, depth);
                        break;
                    }
                }
            }
        }

        if use_tt {
            let bound = if best <= alpha0 {
                Bound::Upper
            } else if best >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(
                key,
                TableEntry {
                    score: best,
                    depth: stored_depth,
                    bound,
                    move_index: best_index
                        .filter(|_| oriented)
                        .and_then(|i| u8::try_from(i).ok()),
                },
            );
        }
        best
    }
}
