//! Running the chosen algorithm on each query of `ply path`, reusing its buffers, and
//! recording which cells it expanded for a picture.

use pathfind::{
    Algorithm, Budget, Cell, FloatCost, Grid, GridContext, GridProblem, Heuristic, JpsPlus,
    PathError, PathOutcome, SearchContext, SearchProblem, SearchResult,
};

use super::{Alg, Setup};

/// How one query ended.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Found {
    Path(f64),
    NoPath,
    Limit,
}

/// One query's result.
pub(super) struct Query {
    pub(super) found: Found,
    pub(super) expanded: u64,
    pub(super) path: Option<Vec<Cell>>,
}

/// Runs the chosen algorithm, reusing its buffers from one query to the next.
pub(super) struct Runner {
    pub(super) alg: Alg,
    pub(super) heuristic: Heuristic,
    pub(super) weight: f64,
    pub(super) grid_ctx: GridContext,
    pub(super) ctx: SearchContext<Cell, FloatCost>,
    /// The JPS+ distances of the grid last searched, built on its first query.
    pub(super) jps_plus: Option<JpsPlus>,
}

impl Runner {
    pub(super) fn new(setup: &Setup) -> Self {
        let budget = match setup.max_expansions {
            Some(n) => Budget::nodes(n),
            None => Budget::new(),
        };
        Runner {
            alg: setup.alg,
            heuristic: setup.heuristic.to_heuristic(),
            weight: setup.weight,
            grid_ctx: GridContext::new().with_budget(budget.clone()),
            ctx: SearchContext::new().with_budget(budget),
            jps_plus: None,
        }
    }

    pub(super) fn run(&mut self, grid: &Grid, start: Cell, goal: Cell) -> Result<Query, PathError> {
        let h = self.heuristic;
        let ctx = &mut self.grid_ctx;
        let on_grid = match self.alg {
            Alg::Astar => Some(Algorithm::AStar),
            Alg::Dijkstra => Some(Algorithm::Dijkstra),
            Alg::Wastar => Some(Algorithm::WeightedAStar(self.weight)),
            Alg::Greedy => Some(Algorithm::GreedyBestFirst),
            Alg::Bfs => Some(Algorithm::Bfs),
            _ => None,
        };
        if let Some(algorithm) = on_grid {
            return Ok(query(ctx.solve(grid, [start], goal, algorithm, h)?));
        }
        Ok(match self.alg {
            Alg::Jps => query(ctx.jps(grid, [start], goal)?),
            Alg::JpsPlus => {
                if self.jps_plus.as_ref().is_none_or(|t| t.grid() != grid) {
                    self.jps_plus = Some(JpsPlus::new(grid.clone())?);
                }
                let table = self
                    .jps_plus
                    .as_ref()
                    .ok_or(PathError::UnsupportedMovement {
                        algorithm: "JPS+",
                        movement: grid.movement(),
                    })?;
                query(ctx.jps_plus(table, [start], goal)?)
            }
            _ => {
                let algorithm = self.alg.generic().unwrap_or(Algorithm::IdaStar);
                let problem = grid.problem(start, goal, h);
                query(self.ctx.solve(&problem, algorithm)?)
            }
        })
    }

    /// Runs a query and also returns which cells it expanded (row by row).
    pub(super) fn run_recorded(
        &mut self,
        grid: &Grid,
        start: Cell,
        goal: Cell,
    ) -> Result<(Query, Vec<bool>), PathError> {
        let w = grid.width() as usize;
        let mut expanded = vec![false; w * grid.height() as usize];
        let q = match self.alg.generic() {
            None => {
                let q = self.run(grid, start, goal)?;
                for c in self.grid_ctx.expanded_cells(grid) {
                    expanded[c.y as usize * w + c.x as usize] = true;
                }
                q
            }
            Some(algorithm) => {
                let problem = Recording {
                    inner: grid.problem(start, goal, self.heuristic),
                    expanded: std::cell::RefCell::new(std::mem::take(&mut expanded)),
                };
                let q = query(self.ctx.solve(&problem, algorithm)?);
                expanded = problem.expanded.into_inner();
                q
            }
        };
        Ok((q, expanded))
    }
}

/// A grid problem that marks every cell whose successors are asked for: the cells a search
/// through the problem interface expands.
pub(super) struct Recording<'g> {
    pub(super) inner: GridProblem<'g>,
    pub(super) expanded: std::cell::RefCell<Vec<bool>>,
}

impl SearchProblem for Recording<'_> {
    type State = Cell;
    type Cost = FloatCost;

    fn start(&self) -> Cell {
        self.inner.start()
    }

    fn successors(&self, state: &Cell, out: &mut Vec<(Cell, FloatCost)>) {
        let w = self.inner.grid.width() as usize;
        if let Some(e) = self
            .expanded
            .borrow_mut()
            .get_mut(state.y as usize * w + state.x as usize)
        {
            *e = true;
        }
        self.inner.successors(state, out);
    }

    fn is_goal(&self, state: &Cell) -> bool {
        self.inner.is_goal(state)
    }

    fn heuristic(&self, state: &Cell) -> FloatCost {
        self.inner.heuristic(state)
    }
}

pub(super) fn query(r: SearchResult<Cell, FloatCost>) -> Query {
    let found = match &r.outcome {
        PathOutcome::Found(p) => Found::Path(p.cost.get()),
        PathOutcome::NoPath => Found::NoPath,
        // A limit stopped the search.
        _ => Found::Limit,
    };
    Query {
        found,
        expanded: r.stats.nodes,
        path: r.into_path().map(|p| p.nodes),
    }
}
