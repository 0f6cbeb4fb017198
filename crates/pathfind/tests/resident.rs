//! What the memory cap of a search context holds the process to: the resident memory a
//! search adds stays within the cap (and 10 %), on one thread and on two, and so does what
//! a path count or a reachability iterator adds. One test: it measures the whole process.

#[path = "it/plane/mod.rs"]
mod plane;

use pathfind::{Algorithm, Limit, PathOutcome, SearchContext, bfs_reach, dfs_reach};
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
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Memory));
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
        assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Memory));
    }
    if let Some(growth) = growth {
        assert!(
            growth * 10 <= CAP * 11,
            "two threads: {growth} bytes for a cap of {CAP}"
        );
    }
    // A count of the paths right and up the quarter plane (no goal: every path goes on),
    // and both reachability iterators on the plane.
    let right_or_up = |&(x, y): &(i32, i32)| [(x + 1, y), (x, y + 1)];
    let (count, growth) = peak_resident_growth(|| {
        SearchContext::new()
            .with_budget(safety())
            .with_memory_cap(CAP)
            .count_paths((0, 0), right_or_up, |_| false)
            .unwrap()
    });
    assert_eq!(count.limit, Some(Limit::Memory));
    let four = |&(x, y): &(i32, i32)| [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)];
    let (bfs_limit, bfs_growth) = peak_resident_growth(|| {
        let mut it = bfs_reach([(0, 0)], four, &safety())
            .unwrap()
            .with_memory_cap(CAP);
        it.by_ref().for_each(drop);
        it.limit()
    });
    assert_eq!(bfs_limit, Some(Limit::Memory));
    let (dfs_limit, dfs_growth) = peak_resident_growth(|| {
        let mut it = dfs_reach([(0, 0)], four, &safety())
            .unwrap()
            .with_memory_cap(CAP);
        it.by_ref().for_each(drop);
        it.limit()
    });
    assert_eq!(dfs_limit, Some(Limit::Memory));
    for (name, growth) in [
        ("count_paths", growth),
        ("bfs_reach", bfs_growth),
        ("dfs_reach", dfs_growth),
    ] {
        if let Some(growth) = growth {
            assert!(
                growth * 10 <= CAP * 11,
                "{name}: {growth} bytes for a cap of {CAP}"
            );
        }
    }
}
