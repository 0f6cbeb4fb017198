//! D* Lite replanning against a search from scratch: after every batch of random cell
//! changes (obstacles appearing and disappearing, weights changing) and moves of the
//! start, `Replanner::path` costs exactly what a fresh `GridContext::astar_costs` on the
//! same grid costs, and its path is a real walk of that cost; likewise on a MovingAI map
//! with cells of the current path blocked one after the other.

use crate::oracle;

use std::path::PathBuf;

use oracle::RefGrid;
use pathfind::movingai::{load_map, load_scen};
use pathfind::testing::grid_query;
use pathfind::{
    Budget, BudgetField, Cell, CostGrid, GridContext, Heuristic, Limit, Movement, PathError,
    PathOutcome, Replanner, SearchResult,
};
use proptest::prelude::*;

fn heuristic(movement: Movement) -> Heuristic {
    match movement {
        Movement::Four => Heuristic::Manhattan,
        _ => Heuristic::Octile,
    }
}

/// The replanner's answer equals a fresh A*'s on its grid (both errors, both no path, or
/// the same cost along a real walk).
fn same_as_fresh(planner: &mut Replanner, ctx: &mut GridContext) -> Result<(), TestCaseError> {
    let (s, t) = (planner.start(), planner.goal());
    let replanned = planner.path();
    let grid = planner.grid();
    let fresh = ctx.astar_costs(grid, [s], t, heuristic(grid.grid().movement()));
    match (&replanned, &fresh) {
        (Err(a), Err(b)) => prop_assert_eq!(a, b),
        (Ok(r), Ok(f)) => compare(grid, r, f, s, t)?,
        _ => prop_assert!(false, "replanned {replanned:?}, fresh {fresh:?}"),
    }
    Ok(())
}

fn compare(
    grid: &CostGrid,
    r: &SearchResult<Cell, pathfind::FloatCost>,
    f: &SearchResult<Cell, pathfind::FloatCost>,
    s: Cell,
    t: Cell,
) -> Result<(), TestCaseError> {
    match (r.path(), f.path()) {
        (None, None) => prop_assert_eq!(&r.outcome, &PathOutcome::NoPath),
        (Some(a), Some(b)) => {
            let walk = RefGrid::of(grid.grid()).walk(&a.nodes, s, t);
            prop_assert!(walk.is_ok(), "{walk:?}");
            prop_assert!(
                (a.cost.get() - b.cost.get()).abs() < 1e-9 * b.cost.get().max(1.0),
                "replanned {} fresh {}",
                a.cost,
                b.cost
            );
        }
        _ => prop_assert!(false, "replanned {}, fresh {}", r.outcome, f.outcome),
    }
    Ok(())
}

/// A batch of changes: (cell index, new state), and maybe a new start (cell index).
type Batch = (Vec<(u32, Option<u16>)>, Option<u32>);

fn batches() -> impl Strategy<Value = Vec<Batch>> {
    let state = prop_oneof![
        2 => Just(None),
        2 => Just(Some(1u16)),
        1 => (2u16..=6).prop_map(Some),
    ];
    proptest::collection::vec(
        (
            proptest::collection::vec((0u32..144, state), 1..5),
            proptest::option::weighted(0.3, 0u32..144),
        ),
        1..8,
    )
}

fn run_batches(
    (g, s, t): (pathfind::Grid, Cell, Cell),
    batches: Vec<Batch>,
) -> Result<(), TestCaseError> {
    run_weighted_batches((g, s, t), 1, batches)
}

/// As [`run_batches`] on a grid whose cells all weigh `base` at first, with
/// [`CostGrid::min_weight`] raised to it: a change to a lighter cell lowers the weight of
/// the estimate, and the replanner recomputes its keys.
fn run_weighted_batches(
    (g, s, t): (pathfind::Grid, Cell, Cell),
    base: u16,
    batches: Vec<Batch>,
) -> Result<(), TestCaseError> {
    let (w, h) = (g.width(), g.height());
    let at = |i: u32| Cell::new(i % 12 % w, i / 12 % h);
    let mut grid = CostGrid::new(g);
    for y in 0..h {
        for x in 0..w {
            grid.set_weight(Cell::new(x, y), base).unwrap();
        }
    }
    grid.recompute_min_weight();
    let mut planner = Replanner::new(grid, s, t).unwrap();
    let mut ctx = GridContext::new();
    same_as_fresh(&mut planner, &mut ctx)?;
    for (changes, new_start) in batches {
        let changes: Vec<(Cell, Option<u16>)> =
            changes.into_iter().map(|(i, st)| (at(i), st)).collect();
        planner.update(&changes).unwrap();
        if let Some(i) = new_start {
            planner.set_start(at(i)).unwrap();
        }
        same_as_fresh(&mut planner, &mut ctx)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn replanning_octile_equals_a_fresh_astar(
        q in grid_query(12, 12, Movement::OCTILE, 0.25),
        b in batches(),
    ) {
        run_batches(q, b)?;
    }

    #[test]
    fn replanning_after_the_estimate_weight_falls_equals_a_fresh_astar(
        q in grid_query(12, 12, Movement::OCTILE, 0.25),
        base in 2u16..=7,
        b in batches(),
    ) {
        run_weighted_batches(q, base, b)?;
    }

    #[test]
    fn replanning_four_connected_equals_a_fresh_astar(
        q in grid_query(12, 12, Movement::Four, 0.25),
        b in batches(),
    ) {
        run_batches(q, b)?;
    }
}

/// The MovingAI maps, `data/movingai`; `None` outside the repository, where the tests that
/// read them skip.
fn maps() -> Option<PathBuf> {
    crate::repository::file("data/movingai")
}

fn data_dir() -> PathBuf {
    maps().expect("the tests that read the maps skip outside the repository")
}

#[test]
fn replanning_on_a_movingai_map_equals_a_fresh_astar() {
    if maps().is_none() {
        return;
    }
    let grid = load_map(data_dir().join("den312d.map"))
        .unwrap()
        .to_grid(Movement::OCTILE)
        .unwrap();
    let scen = load_scen(data_dir().join("den312d.map.scen")).unwrap();
    let mut ctx = GridContext::new();
    for s in scen.iter().rev().step_by(29) {
        let mut planner = Replanner::new(CostGrid::new(grid.clone()), s.start, s.goal).unwrap();
        let first = planner.path().unwrap();
        assert!(s.is_optimal(first.cost().unwrap().get()), "line {}", s.line);
        let mut blocked = Vec::new();
        for round in 0..6 {
            let Some(path) = planner.path().unwrap().into_path() else {
                break;
            };
            // Block a cell in the middle of the current path, reopen an older one.
            let cell = path.nodes[path.nodes.len() / 2];
            if cell == s.start || cell == s.goal {
                break;
            }
            let mut changes = vec![(cell, None)];
            blocked.push(cell);
            if round % 3 == 2 {
                changes.push((blocked.remove(0), Some(1)));
            }
            planner.update(&changes).unwrap();
            let r = planner.path().unwrap();
            let f = ctx
                .astar_costs(planner.grid(), [s.start], s.goal, Heuristic::Octile)
                .unwrap();
            compare(planner.grid(), &r, &f, s.start, s.goal).unwrap();
        }
        // Walk two thirds of the way and replan from there.
        if let Some(path) = planner.path().unwrap().into_path() {
            let here = path.nodes[path.nodes.len() * 2 / 3];
            planner.set_start(here).unwrap();
            let r = planner.path().unwrap();
            let f = ctx
                .astar_costs(planner.grid(), [here], s.goal, Heuristic::Octile)
                .unwrap();
            compare(planner.grid(), &r, &f, here, s.goal).unwrap();
        }
    }
}

#[test]
fn replanner_budget_and_errors() {
    let grid = CostGrid::new(pathfind::Grid::new(20, 20, Movement::OCTILE).unwrap());
    let (s, t) = (Cell::new(0, 0), Cell::new(19, 19));
    let mut planner = Replanner::new(grid.clone(), s, t)
        .unwrap()
        .with_budget(Budget::nodes(3));
    let r = planner.path().unwrap();
    assert_eq!(
        r.outcome,
        PathOutcome::LimitReached(Limit::Budget(BudgetField::Nodes))
    );
    assert_eq!(r.stats.nodes, 3);
    let mut found = None;
    for _ in 0..100 {
        let r = planner.path().unwrap();
        if r.is_found() {
            found = r.cost();
            break;
        }
    }
    let fresh = GridContext::new()
        .astar_costs(&grid, [s], t, Heuristic::Octile)
        .unwrap();
    assert_eq!(found, fresh.cost());

    let mut deep = Replanner::new(grid.clone(), s, t)
        .unwrap()
        .with_budget(Budget::depth(5));
    assert!(matches!(deep.path(), Err(PathError::Budget(_))));

    let mut planner = Replanner::new(grid, s, t).unwrap();
    assert_eq!(
        planner.update(&[(Cell::new(1, 1), None), (Cell::new(20, 0), None)]),
        Err(PathError::OutOfGrid {
            x: 20,
            y: 0,
            width: 20,
            height: 20
        })
    );
    // Nothing was applied.
    assert_eq!(planner.grid().weight(Cell::new(1, 1)), Some(1));
    planner.update(&[(t, None)]).unwrap();
    assert_eq!(planner.path(), Err(PathError::Blocked { x: 19, y: 19 }));
    planner.update(&[(t, Some(2))]).unwrap();
    assert!(planner.path().unwrap().is_found());
}

/// One step of [`ties_and_path_cells`]: block the cell at this fraction (in 1/8) of the
/// current path, reopen the oldest blocked cell, or move the start this fraction along the
/// path.
#[derive(Clone, Copy, Debug)]
enum Step {
    BlockOnPath(usize),
    Reopen,
    Walk(usize),
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    proptest::collection::vec(
        prop_oneof![
            4 => (1usize..8).prop_map(Step::BlockOnPath),
            2 => Just(Step::Reopen),
            1 => (1usize..8).prop_map(Step::Walk),
        ],
        1..10,
    )
}

/// The replanner's path on a unit-weight grid: a real walk whose exact cost (straight and
/// diagonal moves counted apart) is `pathfinding`'s Dijkstra optimum, or no path when
/// Dijkstra reaches no goal.
fn exact_as_dijkstra(planner: &mut Replanner) -> Result<Option<Vec<Cell>>, TestCaseError> {
    let (s, t) = (planner.start(), planner.goal());
    let r = planner.path().unwrap();
    let reference = RefGrid::of(planner.grid().grid());
    let optimum = reference.pathfinding_costs(s).get(&t).copied();
    match (r.into_path(), optimum) {
        (None, None) => Ok(None),
        (Some(p), Some(best)) => {
            let walked = reference.walk(&p.nodes, s, t);
            prop_assert_eq!(walked.clone(), Ok(best), "start {:?} goal {:?}", s, t);
            prop_assert!((p.cost.get() - best.get()).abs() < 1e-9 * best.get().max(1.0));
            Ok(Some(p.nodes))
        }
        (p, best) => {
            prop_assert!(
                false,
                "replanned {:?}, Dijkstra {:?}",
                p.map(|p| p.cost),
                best
            );
            unreachable!()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Open grids have many paths of equal cost, so the order in which the replanner
    /// breaks ties between equal keys matters; cells on the current path are blocked and
    /// reopened (as in the replanning benchmark) and the start walks along the path.
    #[test]
    fn ties_and_path_cells(
        q in grid_query(24, 24, Movement::OCTILE, 0.08),
        steps in steps(),
    ) {
        let (g, s, t) = q;
        let mut planner = Replanner::new(CostGrid::new(g), s, t).unwrap();
        let mut path = exact_as_dijkstra(&mut planner)?;
        let mut blocked: Vec<Cell> = Vec::new();
        for step in steps {
            let along = |nodes: &Vec<Cell>, eighths: usize| nodes[(nodes.len() - 1) * eighths / 8];
            match (step, &path) {
                (Step::BlockOnPath(f), Some(nodes)) => {
                    let c = along(nodes, f);
                    if c != planner.start() && c != planner.goal() {
                        planner.update(&[(c, None)]).unwrap();
                        blocked.push(c);
                    }
                }
                (Step::Walk(f), Some(nodes)) => planner.set_start(along(nodes, f)).unwrap(),
                (Step::Reopen, _) if !blocked.is_empty() => {
                    planner.update(&[(blocked.remove(0), Some(1))]).unwrap();
                }
                _ => {}
            }
            path = exact_as_dijkstra(&mut planner)?;
        }
    }
}
