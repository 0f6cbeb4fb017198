//! The unbounded plane the memory-cap tests search: no goal can be reached, so only a
//! limit ends a search.

use std::time::Duration;

use search_core::{Budget, SearchProblem};

/// An unbounded plane of four-connected cells, and a goal off it: only a limit ends a
/// search.
#[derive(Clone, Debug)]
pub struct Plane;

impl SearchProblem for Plane {
    type State = (i32, i32);
    type Cost = u32;
    fn start(&self) -> (i32, i32) {
        (0, 0)
    }
    fn successors(&self, &(x, y): &(i32, i32), out: &mut Vec<((i32, i32), u32)>) {
        out.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)].map(|c| (c, 1)));
    }
    fn is_goal(&self, _: &(i32, i32)) -> bool {
        false
    }
}

/// A generous time limit, so that a cap that failed to stop a search fails the test
/// instead of hanging it.
pub fn safety() -> Budget {
    Budget::time(Duration::from_secs(60))
}
