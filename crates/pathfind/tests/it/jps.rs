//! Jump point search (`GridContext::jps`) and its precomputed form (`JpsPlus`,
//! `GridContext::jps_plus`) against exact references: the `.scen` optima of the MovingAI maps
//! (every scenario of four maps, every fourth of random512-10-0 and every 60th of
//! maze512-1-0, where a query takes milliseconds), the grid A* of this crate (every tenth
//! of those), and
//! on random grids the `pathfinding` crate's A* over moves rebuilt from the bitmap
//! (`oracle::RefGrid`) with exact costs. Every path returned is walked move by move.

use crate::oracle;

use std::path::PathBuf;

use oracle::{Exact, RefGrid};
use pathfind::movingai::{load_map, load_scen};
use pathfind::testing::grid_query;
use pathfind::{
    Algorithm, Budget, BudgetField, Cell, FloatCost, Grid, GridContext, Heuristic, JpsPlus, Limit,
    Movement, PathError, PathOutcome,
};
use proptest::prelude::*;

const MAPS: [(&str, usize); 6] = [
    ("arena", 1),
    ("den312d", 1),
    ("Boston_0_256", 1),
    ("Berlin_0_512", 1),
    ("random512-10-0", 4),
    ("maze512-1-0", 60),
];

/// The MovingAI maps, `data/movingai`; `None` outside the repository, where the tests that
/// read them skip.
fn maps() -> Option<PathBuf> {
    crate::repository::file("data/movingai")
}

fn data_dir() -> PathBuf {
    maps().expect("the tests that read the maps skip outside the repository")
}

/// The exact optimum between two cells by `pathfinding`'s A* (octile estimate rounded
/// down to a straight count, which keeps it admissible in exact costs).
fn oracle_optimum(g: &RefGrid, s: Cell, t: Cell) -> Option<Exact> {
    pathfinding::prelude::astar(
        &s,
        |&c| g.moves(c),
        |&c| {
            let (dx, dy) = (i64::from(c.x.abs_diff(t.x)), i64::from(c.y.abs_diff(t.y)));
            Exact::new(dx.max(dy) - dx.min(dy), dx.min(dy))
        },
        |&c| c == t,
    )
    .map(|(_, cost)| cost)
}

#[test]
fn jps_matches_astar_and_the_scen_optimum_on_the_movingai_maps() {
    if maps().is_none() {
        return;
    }
    let mut ctx = GridContext::new();
    for (name, stride) in MAPS {
        let grid = load_map(data_dir().join(format!("{name}.map")))
            .unwrap()
            .to_grid(Movement::OCTILE)
            .unwrap();
        let reference = RefGrid::of(&grid);
        let table = JpsPlus::new(grid.clone()).unwrap();
        let scen = load_scen(data_dir().join(format!("{name}.map.scen"))).unwrap();
        assert!(scen.len() > 100, "{name}: {} scenarios", scen.len());
        for (k, s) in scen.iter().step_by(stride).enumerate() {
            let jps = ctx.jps(&grid, [s.start], s.goal).unwrap();
            let path = jps
                .path()
                .unwrap_or_else(|| panic!("{name} line {}: {}", s.line, jps.outcome));
            let cost = path.cost.get();
            assert!(
                s.is_optimal(cost),
                "{name} line {}: jps {cost}, optimum {}",
                s.line,
                s.optimal
            );
            let walked = reference
                .walk(&path.nodes, s.start, s.goal)
                .unwrap_or_else(|e| panic!("{name} line {}: {e}", s.line));
            assert!((walked.get() - cost).abs() < 1e-9, "{name} line {}", s.line);
            assert_eq!(jps.stats.depth_reached as usize, path.steps());
            let plus = ctx.jps_plus(&table, [s.start], s.goal).unwrap();
            let plus_path = plus.path().unwrap();
            let plus_walked = reference
                .walk(&plus_path.nodes, s.start, s.goal)
                .unwrap_or_else(|e| panic!("{name} line {}: jps+ {e}", s.line));
            assert_eq!(plus_walked, walked, "{name} line {}: jps+", s.line);
            assert!((plus_path.cost.get() - cost).abs() < 1e-9);
            if k % 10 != 0 {
                continue;
            }
            let astar = ctx
                .solve(
                    &grid,
                    [s.start],
                    s.goal,
                    Algorithm::AStar,
                    Heuristic::Octile,
                )
                .unwrap();
            let astar_path = astar.path().unwrap();
            // Equal exact costs: the same numbers of straight and diagonal moves.
            let a = reference.walk(&astar_path.nodes, s.start, s.goal).unwrap();
            assert_eq!(walked, a, "{name} line {}", s.line);
        }
    }
}

fn check_against_oracle(grid: &Grid, s: Cell, t: Cell) -> Result<(), TestCaseError> {
    let reference = RefGrid::of(grid);
    let best = oracle_optimum(&reference, s, t);
    let mut ctx = GridContext::new();
    let jps = ctx.jps(grid, [s], t).unwrap();
    let astar = ctx
        .solve(grid, [s], t, Algorithm::AStar, Heuristic::Octile)
        .unwrap();
    let plus = ctx
        .jps_plus(&JpsPlus::new(grid.clone()).unwrap(), [s], t)
        .unwrap();
    match best {
        None => {
            prop_assert_eq!(&jps.outcome, &PathOutcome::NoPath);
            prop_assert_eq!(&astar.outcome, &PathOutcome::NoPath);
            prop_assert_eq!(&plus.outcome, &PathOutcome::NoPath);
        }
        Some(best) => {
            let plus_path = plus.path().expect("a path exists");
            prop_assert_eq!(reference.walk(&plus_path.nodes, s, t), Ok(best));
            let path = jps.path().expect("a path exists");
            let walked = reference.walk(&path.nodes, s, t);
            prop_assert_eq!(walked, Ok(best));
            prop_assert!((path.cost.get() - best.get()).abs() < 1e-9);
            prop_assert!((astar.cost().unwrap().get() - best.get()).abs() < 1e-9);
            prop_assert!(jps.stats.nodes <= astar.stats.nodes.max(1) * 8);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn jps_equals_pathfinding_astar_on_random_grids(
        (grid, s, t) in grid_query(14, 14, Movement::OCTILE, 0.3)
    ) {
        check_against_oracle(&grid, s, t)?;
    }

    #[test]
    fn jps_equals_pathfinding_astar_on_sparse_wide_grids(
        (grid, s, t) in grid_query(40, 8, Movement::OCTILE, 0.1)
    ) {
        check_against_oracle(&grid, s, t)?;
    }

    #[test]
    fn jps_from_many_starts_reaches_the_nearest(
        (grid, s, t) in grid_query(12, 12, Movement::OCTILE, 0.25),
        (x, y) in (0u32..12, 0u32..12),
    ) {
        let other = Cell::new(x % grid.width(), y % grid.height());
        prop_assume!(grid.is_passable(other));
        let mut ctx = GridContext::new();
        let both = ctx.jps(&grid, [s, other], t).unwrap();
        let reference = RefGrid::of(&grid);
        let best = [s, other].iter().filter_map(|&a| oracle_optimum(&reference, a, t)).min();
        match best {
            None => prop_assert_eq!(&both.outcome, &PathOutcome::NoPath),
            Some(best) => {
                let path = both.path().unwrap();
                prop_assert!((path.cost.get() - best.get()).abs() < 1e-9);
                prop_assert!(path.nodes[0] == s || path.nodes[0] == other);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Rows and columns longer than 64 cells: the scans cross words of obstacle bits;
    /// then cells changed by `set_passable`, whose bits the scans must see.
    #[test]
    fn jps_equals_pathfinding_astar_across_words_and_after_cell_changes(
        (mut grid, s, t) in prop_oneof![
            grid_query(150, 5, Movement::OCTILE, 0.15),
            grid_query(5, 150, Movement::OCTILE, 0.15),
        ],
        changes in proptest::collection::vec((0u32..150, 0u32..150, any::<bool>()), 0..40),
    ) {
        check_against_oracle(&grid, s, t)?;
        for (x, y, passable) in changes {
            let c = Cell::new(x % grid.width(), y % grid.height());
            if c != s && c != t {
                grid.set_passable(c, passable).unwrap();
            }
        }
        check_against_oracle(&grid, s, t)?;
    }
}

/// The grid's rows as text, for rebuilding it from scratch.
fn rows_of(grid: &Grid) -> Vec<String> {
    (0..grid.height())
        .map(|y| {
            (0..grid.width())
                .map(|x| {
                    if grid.is_passable(Cell::new(x, y)) {
                        '.'
                    } else {
                        '@'
                    }
                })
                .collect()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The scan data a grid derives from its obstacles (obstacle bits and the stop bits of
    /// jump point search, by row and by column) follow `set_passable`: the changed grid
    /// equals the grid built from its final rows, field by field.
    #[test]
    fn a_grid_changed_cell_by_cell_equals_the_grid_built_from_its_rows(
        (mut grid, _, _) in prop_oneof![
            grid_query(70, 6, Movement::OCTILE, 0.2),
            grid_query(6, 70, Movement::OCTILE, 0.2),
        ],
        changes in proptest::collection::vec((0u32..70, 0u32..70, any::<bool>()), 1..30),
    ) {
        for (x, y, passable) in changes {
            let c = Cell::new(x % grid.width(), y % grid.height());
            grid.set_passable(c, passable).unwrap();
        }
        let rebuilt = Grid::from_rows(&rows_of(&grid), Movement::OCTILE).unwrap();
        prop_assert!(grid == rebuilt, "derived scan data differ from a fresh grid's");
    }

    /// One context answering a sequence of queries (with A* runs in between, which use
    /// other per-cell arrays) answers each as a fresh context does: the jump points of an
    /// earlier search never leak into a later one.
    #[test]
    fn one_context_answers_a_sequence_of_jps_queries_like_fresh_contexts(
        (grid, s, t) in grid_query(20, 20, Movement::OCTILE, 0.25),
        others in proptest::collection::vec((0u32..20, 0u32..20, 0u32..20, 0u32..20), 1..6),
    ) {
        let mut ctx = GridContext::new();
        let queries = core::iter::once((s, t)).chain(others.into_iter().map(|(a, b, c, d)| {
            (
                Cell::new(a % grid.width(), b % grid.height()),
                Cell::new(c % grid.width(), d % grid.height()),
            )
        }));
        for (a, b) in queries {
            if !(grid.is_passable(a) && grid.is_passable(b)) {
                continue;
            }
            let reused = ctx.jps(&grid, [a], b).unwrap();
            let reused_expanded: Vec<Cell> = ctx.expanded_cells(&grid).collect();
            let mut fresh_ctx = GridContext::new();
            let fresh = fresh_ctx.jps(&grid, [a], b).unwrap();
            prop_assert_eq!(&reused.outcome, &fresh.outcome);
            prop_assert_eq!(reused.stats.nodes, fresh.stats.nodes);
            prop_assert_eq!(reused_expanded, fresh_ctx.expanded_cells(&grid).collect::<Vec<_>>());
            ctx.solve(&grid, [b], a, Algorithm::AStar, Heuristic::Octile).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn jps_plus_after_updates_equals_a_fresh_table_and_the_oracle(
        (grid, s, t) in grid_query(14, 14, Movement::OCTILE, 0.2),
        changes in proptest::collection::vec(
            proptest::collection::vec((0u32..14, 0u32..14, proptest::bool::weighted(0.4)), 1..6),
            1..4,
        ),
    ) {
        let mut table = JpsPlus::new(grid.clone()).unwrap();
        let mut ctx = GridContext::new();
        for batch in changes {
            let batch: Vec<(Cell, bool)> = batch
                .into_iter()
                .map(|(x, y, open)| (Cell::new(x % grid.width(), y % grid.height()), open))
                .filter(|&(c, _)| c != s && c != t)
                .collect();
            table.update(&batch).unwrap();
            let fresh = JpsPlus::new(table.grid().clone()).unwrap();
            prop_assert!(table == fresh, "rebuilt distances differ from a fresh table");
            let reference = RefGrid::of(table.grid());
            let best = oracle_optimum(&reference, s, t);
            let r = ctx.jps_plus(&table, [s], t).unwrap();
            match best {
                None => prop_assert_eq!(&r.outcome, &PathOutcome::NoPath),
                Some(best) => {
                    let path = r.path().expect("a path exists");
                    prop_assert_eq!(reference.walk(&path.nodes, s, t), Ok(best));
                }
            }
        }
    }
}

#[test]
fn jps_plus_refuses_other_movements_and_bad_updates() {
    let four = Grid::new(5, 5, Movement::Four).unwrap();
    assert_eq!(
        JpsPlus::new(four),
        Err(PathError::UnsupportedMovement {
            algorithm: "JPS+",
            movement: Movement::Four
        })
    );
    let mut table = JpsPlus::new(Grid::new(5, 5, Movement::OCTILE).unwrap()).unwrap();
    let before = table.clone();
    assert!(matches!(
        table.update(&[(Cell::new(1, 1), false), (Cell::new(5, 0), false)]),
        Err(PathError::OutOfGrid { .. })
    ));
    assert_eq!(table, before);
    let mut ctx = GridContext::new();
    table.update(&[(Cell::new(4, 4), false)]).unwrap();
    assert_eq!(
        ctx.jps_plus(&table, [Cell::new(0, 0)], Cell::new(4, 4)),
        Err(PathError::Blocked { x: 4, y: 4 })
    );
    let mut limited = GridContext::new().with_budget(Budget::nodes(1));
    let r = limited
        .jps_plus(&table, [Cell::new(0, 0)], Cell::new(4, 3))
        .unwrap();
    // The start's expansion reaches (3, 3) on the diagonal, not the goal: one more is needed.
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
    assert_eq!(r.stats.nodes, 1);
}

#[test]
fn jps_refuses_other_movements_and_bad_endpoints() {
    let mut ctx = GridContext::new();
    for movement in [
        Movement::Four,
        Movement::Eight {
            corner_cutting: true,
        },
    ] {
        let grid = Grid::new(5, 5, movement).unwrap();
        assert_eq!(
            ctx.jps(&grid, [Cell::new(0, 0)], Cell::new(4, 4)),
            Err(PathError::UnsupportedMovement {
                algorithm: "jump point search",
                movement
            })
        );
    }
    let grid = Grid::from_rows(&["..", ".@"], Movement::OCTILE).unwrap();
    assert_eq!(
        ctx.jps(&grid, [Cell::new(0, 0)], Cell::new(1, 1)),
        Err(PathError::Blocked { x: 1, y: 1 })
    );
    assert!(matches!(
        ctx.jps(&grid, [Cell::new(0, 0)], Cell::new(2, 0)),
        Err(PathError::OutOfGrid { .. })
    ));
}

#[test]
fn jps_obeys_the_budget_and_the_cost_bound() {
    let grid = Grid::from_rows(
        &[
            "..........",
            ".@.@@.@.@.",
            ".@......@.",
            ".@.@@.@.@.",
            ".@.@..@.@.",
            "...@..@...",
        ],
        Movement::OCTILE,
    )
    .unwrap();
    let (s, t) = (Cell::new(4, 4), Cell::new(0, 5));
    let mut ctx = GridContext::new();
    let full = ctx.jps(&grid, [s], t).unwrap();
    let cost = full.cost().unwrap().get();
    assert!(full.stats.nodes > 2);

    let mut limited = GridContext::new().with_budget(Budget::nodes(2));
    let r = limited.jps(&grid, [s], t).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
    assert_eq!(r.stats.nodes, 2);

    let mut bounded = GridContext::new().with_max_cost(FloatCost::new(cost - 0.5).unwrap());
    let r = bounded.jps(&grid, [s], t).unwrap();
    assert_eq!(r.outcome, PathOutcome::LimitReached(Limit::Cost));
    let mut enough = GridContext::new().with_max_cost(FloatCost::new(cost).unwrap());
    assert_eq!(enough.jps(&grid, [s], t).unwrap().cost(), full.cost());

    let steps = full.path().unwrap().steps() as u32;
    let mut shallow = GridContext::new().with_budget(Budget::depth(steps - 1));
    let r = shallow.jps(&grid, [s], t).unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Depth))
    );
    let mut deep = GridContext::new().with_budget(Budget::depth(steps));
    assert_eq!(deep.jps(&grid, [s], t).unwrap().cost(), full.cost());

    assert!(matches!(
        GridContext::new()
            .with_budget(Budget::iterations(3))
            .jps(&grid, [s], t),
        Err(PathError::Budget(_))
    ));
}

#[test]
fn jps_start_equal_to_goal_and_expanded_cells() {
    let grid = Grid::new(6, 6, Movement::OCTILE).unwrap();
    let mut ctx = GridContext::new();
    let r = ctx.jps(&grid, [Cell::new(2, 2)], Cell::new(2, 2)).unwrap();
    assert_eq!(r.path().unwrap().nodes, [Cell::new(2, 2)]);
    assert_eq!(r.stats.nodes, 0);
    let r = ctx.jps(&grid, [Cell::new(0, 0)], Cell::new(5, 3)).unwrap();
    assert_eq!(ctx.expanded_cells(&grid).count() as u64, r.stats.nodes);
}

/// A goal that a diagonal scan reaches by turning into a straight run is found by the
/// start's expansion alone: the turning cell is not expanded as a jump point, and the path
/// still runs through it, diagonal moves first.
#[test]
fn jps_turning_towards_the_goal_expands_only_the_start() {
    let grid = Grid::from_rows(
        &[
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..@.......",
        ],
        Movement::OCTILE,
    )
    .unwrap();
    let mut ctx = GridContext::new();
    for (goal, turn) in [
        (Cell::new(8, 4), Cell::new(4, 4)),
        (Cell::new(3, 5), Cell::new(3, 3)),
    ] {
        let r = ctx.jps(&grid, [Cell::new(0, 0)], goal).unwrap();
        assert_eq!(r.stats.nodes, 1, "goal {goal:?}");
        let expanded: Vec<Cell> = ctx.expanded_cells(&grid).collect();
        assert_eq!(expanded, [Cell::new(0, 0)]);
        let path = r.path().unwrap();
        let astar = ctx
            .solve(
                &grid,
                [Cell::new(0, 0)],
                goal,
                Algorithm::AStar,
                Heuristic::Octile,
            )
            .unwrap();
        assert_eq!(r.cost(), astar.cost());
        assert!(path.nodes.contains(&turn), "{:?}", path.nodes);
        assert_eq!(
            path.steps() as u32,
            turn.x.max(turn.y) + goal.x.abs_diff(turn.x) + goal.y.abs_diff(turn.y)
        );
    }
}
