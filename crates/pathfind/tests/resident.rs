//! What the memory cap of a search context holds the process to: the resident memory a
//! search adds stays within the cap (and 10 %), on one thread and on two. One test: it
//! measures the whole process.

use std::time::Duration;

use pathfind::{Algorithm, Limit, Outcome, SearchContext};
use search_core::testing::peak_resident_growth;
use search_core::{Budget, SearchProblem};

/// An unbounded plane of four-connected cells, and a goal off it: only a limit ends a
/// search.
#[derive(Clone, Debug)]
struct Plane;

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
fn safety() -> Budget {
    Budget::time(Duration::from_secs(60))
}

#[test]
fn resident_memory_stays_within_the_cap_on_one_and_two_threads() {
    const CAP: u64 = 64 << 20;
    // One closure A* on the plane, with nothing but the cap to stop it.
    let (r, growth) = peak_resident_growth(|| {
        SearchContext::new()
            .with_budget(safety())
            .with_memory_cap(CAP)
            .solve(&Plane, Algorithm::AStar)
            .unwrap()
    });
    assert_eq!(r.outcome, Outcome::LimitReached(Limit::Memory));
    if let Some(growth) = growth {
        assert!(
            growth * 10 <= CAP * 11,
            "one thread: {growth} bytes for a cap of {CAP}"
        );
    }
    // Two problems on two threads share the cap.
    let (rs, growth) = peak_resident_growth(|| {
        SearchContext::new()
            .with_budget(safety())
            .with_memory_cap(CAP)
            .with_threads(2)
            .solve_all(&[Plane, Plane], Algorithm::AStar)
            .unwrap()
    });
    for r in &rs {
        assert_eq!(r.outcome, Outcome::LimitReached(Limit::Memory));
    }
    if let Some(growth) = growth {
        assert!(
            growth * 10 <= CAP * 11,
            "two threads: {growth} bytes for a cap of {CAP}"
        );
    }
}
