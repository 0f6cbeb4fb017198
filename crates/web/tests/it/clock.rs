//! A time budget ends a search in the browser: the engines read `performance.now()`
//! through `search_core::Instant` on `wasm32-unknown-unknown`, where
//! `std::time::Instant::now` would panic.
//!
//! ```sh
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!   CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test it
//! ```

use std::time::Duration;

use adversarial::{Negamax, Solver};
use games::ConnectFour;
use search_core::{Budget, Game, Instant};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// The clock moves: two readings a busy loop apart differ.
#[wasm_bindgen_test]
fn the_clock_reads_the_browser_time() {
    let start = Instant::now();
    let mut x = 0u64;
    while start.elapsed() == Duration::ZERO {
        x = x.wrapping_add(1);
    }
    assert!(start.elapsed() > Duration::ZERO, "{x}");
}

/// The exact solver cannot solve the empty Connect Four board in 100 ms: with that budget
/// it stops with the bounds it proved and no score, instead of panicking on the clock or
/// running on.
#[wasm_bindgen_test]
fn a_time_budget_ends_the_solver() {
    let mut solver = Solver::new()
        .with_table_mb(16)
        .with_budget(Budget::time(Duration::from_millis(100)));
    let started = Instant::now();
    let r = solver.solve(&ConnectFour::new()).unwrap();
    assert!(!r.solved && r.score.is_none(), "{r:?}");
    assert!(r.stats.nodes > 0);
    // The search ended because of the clock: it ran at least its budget.
    assert!(started.elapsed() >= Duration::from_millis(100));
}

/// Iterative deepening with a time budget returns its deepest finished iteration.
#[wasm_bindgen_test]
fn a_time_budget_ends_alpha_beta() {
    let flat: fn(&ConnectFour) -> i32 = |_| 0;
    let r = Negamax::new(flat)
        .with_table_mb(4)
        .with_budget(Budget::time(Duration::from_millis(100)))
        .search(&ConnectFour::new())
        .unwrap();
    assert!(ConnectFour::new().legal_move_list().contains(&r.best_move));
    assert!(r.stats.elapsed >= Duration::from_millis(100) || r.stats.depth_reached >= 42);
}
