//! What the memory cap of a search context holds the process to: the resident memory a
//! search adds stays within the cap (and 10 %), on one thread and on two. One test: it
//! measures the whole process.

mod plane;

use pathfind::{Algorithm, Limit, Outcome, SearchContext};
use plane::{Plane, safety};
use search_core::testing::peak_resident_growth;

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
