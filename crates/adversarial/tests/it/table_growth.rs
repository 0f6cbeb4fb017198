//! A table that uses only part of itself (`TranspositionTable::use_at_most`) grows as an
//! exact solve fills it, on one thread or more, and the values stay exact.

use std::sync::Arc;

use adversarial::{Replacement, Solver, TranspositionTable};
use games::ConnectFour;

/// The first Begin-Medium position of Pascal Pons' benchmark (about a million nodes).
fn deep() -> ConnectFour {
    "32751571231557".parse().unwrap()
}

#[test]
fn a_solve_grows_the_part_of_the_table_in_use_and_stays_exact() {
    let g = deep();
    let expected = Solver::new().with_table_mb(16).solve(&g).unwrap().score;
    for threads in [1, 2] {
        let table = Arc::new(
            TranspositionTable::with_megabytes(4)
                .unwrap()
                .with_replacement(Replacement::Always),
        );
        table.use_at_most(64 << 10);
        assert_eq!(table.slots_in_use(), 4096);
        let mut solver = Solver::new()
            .with_table(Arc::clone(&table))
            .with_threads(threads);
        let s = solver.solve(&g).unwrap();
        assert_eq!(s.score, expected, "{threads} threads");
        // About a million nodes: well past 16 per slot of the first 4,096 slots.
        assert!(s.stats.nodes > 16 * 4096 * 4, "{}", s.stats.nodes);
        assert!(table.slots_in_use() >= 4 * 4096, "{threads} threads");
        // Emptied and limited again, the next solve starts small again.
        table.clear();
        table.use_at_most(64 << 10);
        let easy: ConnectFour = "4455".parse().unwrap();
        assert!(solver.solve(&easy).unwrap().solved);
        assert_eq!(table.slots_in_use(), 4096);
    }
}

#[test]
fn a_table_in_full_use_is_left_as_it_is() {
    let table = Arc::new(TranspositionTable::with_megabytes(1).unwrap());
    let mut solver = Solver::new().with_table(Arc::clone(&table));
    solver.solve(&deep()).unwrap();
    assert_eq!(table.slots_in_use(), table.slots());
}
