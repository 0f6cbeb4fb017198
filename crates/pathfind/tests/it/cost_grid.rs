//! Weighted cells against the `pathfinding` crate: on random grids with random cell
//! weights, `GridContext::astar_costs` (with a heuristic, and with `Heuristic::Zero`:
//! Dijkstra) costs exactly what `pathfinding::dijkstra` finds over moves rebuilt from the
//! bitmap (`oracle::RefGrid`),
//! each move costing the weight of the cell entered times its exact length, and their
//! paths are real walks of that cost.

use crate::oracle;

use oracle::{Exact, RefGrid};
use pathfind::testing::grid_query;
use pathfind::{
    Algorithm, Cell, CostGrid, Grid, GridContext, Heuristic, Movement, PathError, PathOutcome,
};
use proptest::prelude::*;

fn scaled(e: Exact, w: u16) -> Exact {
    Exact::new(e.straight * i64::from(w), e.diagonal * i64::from(w))
}

/// The exact cost of walking `nodes` on `grid`, or why it is not a walk from `s` to `t`.
fn weighted_walk(grid: &CostGrid, nodes: &[Cell], s: Cell, t: Cell) -> Result<Exact, String> {
    let reference = RefGrid::of(grid.grid());
    reference.walk(nodes, s, t)?;
    Ok(nodes.windows(2).fold(Exact::default(), |acc, w| {
        let step = reference.move_cost(w[0], w[1]).unwrap();
        acc + scaled(step, grid.weight(w[1]).unwrap())
    }))
}

fn oracle(grid: &CostGrid, s: Cell, t: Cell) -> Option<Exact> {
    let reference = RefGrid::of(grid.grid());
    pathfinding::prelude::dijkstra(
        &s,
        |&c| {
            reference
                .moves(c)
                .into_iter()
                .map(|(n, e)| (n, scaled(e, grid.weight(n).unwrap())))
                .collect::<Vec<_>>()
        },
        |&c| c == t,
    )
    .map(|(_, cost)| cost)
}

fn weighted(movement: Movement, density: f64) -> impl Strategy<Value = (CostGrid, Cell, Cell)> {
    (
        grid_query(12, 12, movement, density),
        proptest::collection::vec(1u16..=9, 144),
    )
        .prop_map(|((g, s, t), weights)| {
            let mut grid = CostGrid::new(g);
            for (i, w) in weights.into_iter().enumerate() {
                let c = Cell::new(i as u32 % 12, i as u32 / 12);
                if grid.grid().contains(c) {
                    grid.set_weight(c, w).unwrap();
                }
            }
            grid.recompute_min_weight();
            (grid, s, t)
        })
}

fn check(grid: &CostGrid, s: Cell, t: Cell, heuristic: Heuristic) -> Result<(), TestCaseError> {
    let best = oracle(grid, s, t);
    let mut ctx = GridContext::new();
    for r in [
        ctx.astar_costs(grid, [s], t, heuristic).unwrap(),
        ctx.astar_costs(grid, [s], t, Heuristic::Zero).unwrap(),
    ] {
        match best {
            None => prop_assert_eq!(&r.outcome, &PathOutcome::NoPath),
            Some(best) => {
                let path = r.path().expect("a path exists");
                prop_assert_eq!(weighted_walk(grid, &path.nodes, s, t), Ok(best));
                prop_assert!((path.cost.get() - best.get()).abs() < 1e-9 * best.get().max(1.0));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn weighted_octile_equals_pathfinding_dijkstra((grid, s, t) in weighted(Movement::OCTILE, 0.25)) {
        check(&grid, s, t, Heuristic::Octile)?;
    }

    #[test]
    fn weighted_four_equals_pathfinding_dijkstra((grid, s, t) in weighted(Movement::Four, 0.25)) {
        check(&grid, s, t, Heuristic::Manhattan)?;
    }

    #[test]
    fn weighted_corner_cutting_equals_pathfinding_dijkstra(
        (grid, s, t) in weighted(Movement::Eight { corner_cutting: true }, 0.25)
    ) {
        check(&grid, s, t, Heuristic::Euclidean)?;
    }
}

#[test]
fn unit_weights_cost_what_the_plain_grid_costs() {
    let grid =
        Grid::from_rows(&["......", ".@@@@.", "....@.", "@@..@."], Movement::OCTILE).unwrap();
    let (s, t) = (Cell::new(0, 2), Cell::new(5, 3));
    let mut ctx = GridContext::new();
    let plain = ctx
        .solve(&grid, [s], t, Algorithm::AStar, Heuristic::Octile)
        .unwrap();
    let weighted = ctx
        .astar_costs(&CostGrid::new(grid), [s], t, Heuristic::Octile)
        .unwrap();
    assert_eq!(plain.cost(), weighted.cost());
    assert_eq!(plain.stats.nodes, weighted.stats.nodes);
}

#[test]
fn a_lowered_weight_lowers_the_estimate_factor() {
    let mut grid = CostGrid::from_rows(&["55555", "55555"], Movement::Four).unwrap();
    grid.recompute_min_weight();
    assert_eq!(grid.min_weight(), 5);
    grid.set_weight(Cell::new(2, 1), 2).unwrap();
    assert_eq!(grid.min_weight(), 2);
    let r = GridContext::new()
        .astar_costs(
            &grid,
            [Cell::new(0, 0)],
            Cell::new(4, 0),
            Heuristic::Manhattan,
        )
        .unwrap();
    // The straight row costs 4 × 5, less than any detour through the cheap cell.
    assert_eq!(r.cost().unwrap().get(), 20.0);
}

#[test]
fn weighted_bad_input_is_an_error() {
    let mut grid = CostGrid::from_rows(&["..", ".@"], Movement::OCTILE).unwrap();
    assert_eq!(
        grid.set_weight(Cell::new(0, 0), 0),
        Err(PathError::ZeroWeight { x: 0, y: 0 })
    );
    assert!(matches!(
        grid.set_weight(Cell::new(2, 0), 1),
        Err(PathError::OutOfGrid { .. })
    ));
    assert!(matches!(
        CostGrid::from_rows(&[".x"], Movement::OCTILE),
        Err(PathError::MapChar { .. })
    ));
    let mut ctx = GridContext::new();
    assert_eq!(
        ctx.astar_costs(&grid, [Cell::new(0, 0)], Cell::new(1, 1), Heuristic::Octile),
        Err(PathError::Blocked { x: 1, y: 1 })
    );
}
