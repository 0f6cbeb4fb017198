//! `GridContext::expanded_cells` lists exactly the cells a grid search expanded: as many as
//! the search's `stats.expanded` (every grid search below expands a cell at most once), and
//! the same cells an independent count through the successor function finds.

use pathfind::testing::grid_query;
use pathfind::{Cell, FloatCost, Grid, GridContext, Heuristic, Limits, Movement, astar, bfs};
use proptest::prelude::*;

/// The cells a closure search expanded, recorded by its successor function (called exactly
/// once per expansion).
fn recorded<T>(grid: &Grid, run: impl FnOnce(&mut dyn FnMut(Cell)) -> T) -> (T, Vec<Cell>) {
    let mut cells = Vec::new();
    let out = run(&mut |c| cells.push(c));
    cells.sort_by_key(|c| (c.y, c.x));
    let before = cells.len();
    cells.dedup();
    assert_eq!(before, cells.len(), "a cell was expanded twice");
    assert!(cells.iter().all(|&c| grid.is_passable(c)));
    (out, cells)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn octile_best_first_searches_list_what_they_expanded(
        (grid, start, goal) in grid_query(24, 24, Movement::OCTILE, 0.3),
        weight in 1.0f64..3.0,
    ) {
        let mut ctx = GridContext::new();
        let none = Limits::<FloatCost>::none();
        let h = Heuristic::Octile;
        for name in ["astar", "dijkstra", "weighted", "greedy"] {
            let r = match name {
                "astar" => ctx.astar(&grid, [start], goal, h, &none),
                "dijkstra" => ctx.dijkstra(&grid, [start], goal, &none),
                "weighted" => ctx.weighted_astar(&grid, [start], goal, h, weight, &none),
                _ => ctx.greedy_best_first(&grid, [start], goal, Heuristic::Euclidean, &none),
            }
            .unwrap();
            let listed: Vec<Cell> = ctx.expanded_cells(&grid).collect();
            prop_assert_eq!(listed.len() as u64, r.stats.expanded, "{}", name);
            for &c in &listed {
                prop_assert!(ctx.was_expanded(&grid, c));
            }
        }
    }

    #[test]
    fn bfs_and_astar_list_the_cells_their_closure_twins_expand(
        (grid, start, goal) in grid_query(24, 24, Movement::FOUR, 0.3),
    ) {
        let mut ctx = GridContext::new();
        // BFS: the same algorithm through closures expands the same cells in the same order.
        let r = ctx.bfs(&grid, [start], goal, &Limits::none()).unwrap();
        let listed: Vec<Cell> = ctx.expanded_cells(&grid).collect();
        let (twin, cells) = recorded(&grid, |seen| {
            bfs(
                [start],
                |&c: &Cell| {
                    seen(c);
                    grid.neighbors(c).map(|(n, _)| n).collect::<Vec<_>>()
                },
                |&c| c == goal,
                &Limits::none(),
            )
            .unwrap()
        });
        prop_assert_eq!(listed.len() as u64, r.stats.expanded);
        prop_assert_eq!(twin.stats.expanded, r.stats.expanded);
        prop_assert_eq!(&listed, &cells);

        // A*: the same number of cells as it reports (its tie-breaking differs from the
        // closure version's, whose costs are floats, so only the count is compared).
        let r = ctx.astar(&grid, [start], goal, Heuristic::Manhattan, &Limits::none()).unwrap();
        prop_assert_eq!(ctx.expanded_cells(&grid).count() as u64, r.stats.expanded);
        let (twin, cells) = recorded(&grid, |seen| {
            astar(
                [start],
                |&c: &Cell| {
                    seen(c);
                    grid.neighbors(c).map(|(n, _)| (n, 1u32)).collect::<Vec<_>>()
                },
                |&c| c.x.abs_diff(goal.x) + c.y.abs_diff(goal.y),
                |&c| c == goal,
                &Limits::none(),
            )
            .unwrap()
        });
        prop_assert_eq!(cells.len() as u64, twin.stats.expanded);
        // A cell outside the grid was never expanded.
        prop_assert!(!ctx.was_expanded(&grid, Cell::new(grid.width(), 0)));
    }
}

#[test]
fn a_goal_at_the_start_expands_nothing_and_limits_are_respected() {
    let grid = Grid::new(10, 10, Movement::OCTILE).unwrap();
    let mut ctx = GridContext::new();
    let c = Cell::new(3, 3);
    let r = ctx.bfs(&grid, [c], c, &Limits::none()).unwrap();
    assert_eq!(r.stats.expanded, 0);
    assert_eq!(ctx.expanded_cells(&grid).count(), 0);
    let r = ctx
        .astar(
            &grid,
            [Cell::new(0, 0)],
            Cell::new(9, 9),
            Heuristic::Zero,
            &Limits::none().expansions(7),
        )
        .unwrap();
    assert!(!r.is_found());
    assert_eq!(ctx.expanded_cells(&grid).count(), 7);
    // The next search replaces what the last one left.
    ctx.bfs(&grid, [c], Cell::new(4, 3), &Limits::none())
        .unwrap();
    assert_eq!(ctx.expanded_cells(&grid).collect::<Vec<_>>(), [c]);
}
