//! [`Engine`]: every buffer a search needs (the state table, the open lists, queue, stack,
//! frames and successor buffers), kept between searches.

use search_core::{Cost, FloatCost};

use crate::engine::nodes::Nodes;
use crate::engine::open_list::OpenList;
use crate::engine::slots::Slots;

/// A frame of the depth-first path of IDDFS and IDA*.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame<C> {
    pub slot: u32,
    pub g: C,
    pub depth: u32,
    /// First successor of this frame in the arena.
    pub start: usize,
    /// Next successor to try.
    pub next: usize,
    /// Whether the successors were generated.
    pub expanded: bool,
}

/// A DFS stack entry: a state to visit and how it was reached.
#[derive(Clone, Copy, Debug)]
pub(crate) struct StackEntry<C> {
    pub slot: u32,
    pub parent: u32,
    pub depth: u32,
    pub g: C,
}

/// Every buffer a search needs, kept between searches so that repeated queries reuse the
/// memory instead of allocating.
#[derive(Clone, Debug)]
pub(crate) struct Engine<N, C, T> {
    pub nodes: Nodes<N, C, T>,
    pub open: OpenList<C>,
    pub weighted_open: OpenList<FloatCost>,
    pub queue: Vec<u32>,
    pub stack: Vec<StackEntry<C>>,
    pub frames: Vec<Frame<C>>,
    pub arena: Vec<(N, C)>,
    pub succ: Vec<(N, C)>,
    pub roots: Vec<N>,
    /// Of the states a best-first search has expanded, the one with the lowest heuristic
    /// value (then the lowest cost): `(h, g, slot)`, kept as the search goes, for
    /// [`SearchResult::best_so_far`](crate::SearchResult::best_so_far).
    pub nearest: Option<(f64, C, u32)>,
}

impl<N, C: Cost, T: Slots<N> + Default> Default for Engine<N, C, T> {
    fn default() -> Self {
        Engine {
            nodes: Nodes::default(),
            open: OpenList::default(),
            weighted_open: OpenList::default(),
            queue: Vec::new(),
            stack: Vec::new(),
            frames: Vec::new(),
            arena: Vec::new(),
            succ: Vec::new(),
            roots: Vec::new(),
            nearest: None,
        }
    }
}
