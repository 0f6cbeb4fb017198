//! A textbook path-finding exercise: a 7 x 9 grid, 4-connected, start (5, 3), goal (6, 9),
//! 15 obstacles, given with 1-based (row, column) coordinates as in the text. The text prints
//! the BFS distance from the start to every cell and finds an A* path (Euclidean heuristic)
//! of cost 15; these tests check both, and that every algorithm agrees on the optimum.

use pathfind::{Algorithm, Budget, Cell, Grid, GridContext, Heuristic, Movement, solve};

const OBSTACLES: [(u32, u32); 15] = [
    (3, 4),
    (3, 5),
    (3, 6),
    (3, 7),
    (3, 8),
    (4, 5),
    (5, 5),
    (5, 7),
    (5, 9),
    (6, 2),
    (6, 3),
    (6, 4),
    (6, 5),
    (6, 7),
    (7, 7),
];

/// The BFS cost matrix printed in the textbook (-1 = inf).
const EXPECTED: [[i32; 9]; 7] = [
    [6, 5, 4, 5, 6, 7, 8, 9, 10],
    [5, 4, 3, 4, 5, 6, 7, 8, 9],
    [4, 3, 2, -1, -1, -1, -1, -1, 10],
    [3, 2, 1, 2, -1, 12, 13, 12, 11],
    [2, 1, 0, 1, -1, 11, -1, 13, -1],
    [3, -1, -1, -1, -1, 10, -1, 14, 15],
    [4, 5, 6, 7, 8, 9, -1, 15, 16],
];

fn cell((row, col): (u32, u32)) -> Cell {
    Cell::new(col - 1, row - 1)
}

fn textbook() -> (Grid, Cell, Cell) {
    let mut grid = Grid::new(9, 7, Movement::Four).unwrap();
    for o in OBSTACLES {
        grid.set_passable(cell(o), false).unwrap();
    }
    (grid, cell((5, 3)), cell((6, 9)))
}

#[test]
fn bfs_cost_matrix_matches_the_textbook() {
    let (grid, start, _) = textbook();
    let d = GridContext::new().bfs_distances(&grid, [start]).unwrap();
    for (y, row) in EXPECTED.iter().enumerate() {
        for (x, &want) in row.iter().enumerate() {
            let got = d
                .get(Cell::new(x as u32, y as u32))
                .map_or(-1, |v| v as i32);
            assert_eq!(got, want, "cell (row {}, col {})", y + 1, x + 1);
        }
    }
}

#[test]
fn astar_euclidean_finds_cost_15_with_16_cells() {
    let (grid, start, goal) = textbook();
    let r = GridContext::new()
        .solve(&grid, [start], goal, Algorithm::AStar, Heuristic::Euclidean)
        .unwrap();
    let p = r.path().unwrap();
    assert_eq!(p.cost.get(), 15.0);
    assert_eq!(p.nodes.len(), 16);
    assert_eq!(p.nodes.first(), Some(&start));
    assert_eq!(p.nodes.last(), Some(&goal));
    for w in p.nodes.windows(2) {
        assert!(grid.is_passable(w[1]));
        assert_eq!(
            w[0].x.abs_diff(w[1].x) + w[0].y.abs_diff(w[1].y),
            1,
            "{w:?}"
        );
    }
    // The end of every shortest path is forced: (4,9) (4,8) (5,8) (6,8) (6,9).
    let tail: Vec<Cell> = [(4, 9), (4, 8), (5, 8), (6, 8), (6, 9)].map(cell).to_vec();
    assert_eq!(&p.nodes[11..], &tail[..]);
    assert!(r.stats.nodes > 0 && r.stats.leaves >= r.stats.nodes);
}

#[test]
fn every_algorithm_agrees_on_the_textbook_grid() {
    let (grid, start, goal) = textbook();
    let p = grid.problem(start, goal, Heuristic::Manhattan);
    for alg in [
        Algorithm::Bfs,
        Algorithm::Iddfs,
        Algorithm::Dijkstra,
        Algorithm::AStar,
        Algorithm::IdaStar,
    ] {
        let r = solve(&p, alg, &Budget::new()).unwrap();
        assert_eq!(r.cost().unwrap().get(), 15.0, "{alg:?}");
        assert_eq!(r.path().unwrap().nodes.len(), 16, "{alg:?}");
    }
    for alg in [
        Algorithm::Dfs,
        Algorithm::GreedyBestFirst,
        Algorithm::WeightedAStar(2.0),
    ] {
        let r = solve(&p, alg, &Budget::new()).unwrap();
        assert!(r.cost().unwrap().get() >= 15.0, "{alg:?}");
    }
    let mut ctx = GridContext::new();
    let r = ctx
        .solve(&grid, [start], goal, Algorithm::Bfs, Heuristic::Zero)
        .unwrap();
    assert_eq!(r.cost().unwrap().get(), 15.0);
    let r = ctx
        .solve(&grid, [start], goal, Algorithm::Dijkstra, Heuristic::Zero)
        .unwrap();
    assert_eq!(r.cost().unwrap().get(), 15.0);
}
