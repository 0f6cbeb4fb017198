//! Two-player zero-sum matrix games solved exactly by linear programming: the simplex
//! method on a dense tableau, with Bland's rule (which cannot cycle).

use search_core::SearchError;

/// Entries this close to 0 count as 0 in the simplex method.
const EPS: f64 = 1e-12;

/// The solution of a matrix game: its value for the row player and an optimal mixed
/// strategy of each player. The row player maximises, the column player minimises.
///
/// ```
/// use adversarial::solve_matrix_game;
/// // Matching pennies: the row player wins 1 when the coins match.
/// let s = solve_matrix_game(&[1.0, -1.0, -1.0, 1.0], 2, 2).unwrap();
/// assert!(s.value.abs() < 1e-12);
/// assert!((s.row[0] - 0.5).abs() < 1e-12 && (s.column[1] - 0.5).abs() < 1e-12);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixSolution {
    /// What the row player gets with optimal play of both.
    pub value: f64,
    /// An optimal mixed strategy of the row player (one probability per row).
    pub row: Vec<f64>,
    /// An optimal mixed strategy of the column player (one probability per column).
    pub column: Vec<f64>,
}

/// Solves the zero-sum matrix game whose payoffs to the row player are `payoffs`, `rows`
/// rows of `columns` entries each (row-major), by linear programming.
///
/// # Errors
/// [`SearchError::Config`] when the sizes do not match the payoffs, a size is 0, or a
/// payoff is not finite.
///
/// ```
/// use adversarial::solve_matrix_game;
/// // Rock, paper, scissors: 0, with each move a third of the time.
/// let rps = [0.0, -1.0, 1.0, 1.0, 0.0, -1.0, -1.0, 1.0, 0.0];
/// let s = solve_matrix_game(&rps, 3, 3).unwrap();
/// assert!(s.value.abs() < 1e-12);
/// assert!(s.row.iter().all(|p| (p - 1.0 / 3.0).abs() < 1e-12));
/// ```
pub fn solve_matrix_game(
    payoffs: &[f64],
    rows: usize,
    columns: usize,
) -> Result<MatrixSolution, SearchError> {
    if rows == 0 || columns == 0 || rows.checked_mul(columns) != Some(payoffs.len()) {
        return Err(SearchError::Config(format!(
            "{} payoffs do not make a {rows} × {columns} matrix game",
            payoffs.len()
        )));
    }
    if payoffs.iter().any(|p| !p.is_finite()) {
        return Err(SearchError::Config(
            "every payoff of a matrix game must be a finite number".into(),
        ));
    }
    let mut lp = Simplex::default();
    let mut solution = MatrixSolution {
        value: 0.0,
        row: vec![0.0; rows],
        column: vec![0.0; columns],
    };
    solution.value = lp.solve(
        payoffs,
        rows,
        columns,
        Some((&mut solution.row, &mut solution.column)),
    )?;
    Ok(solution)
}

/// The simplex method's tableau, kept between solves so that a solver of many matrix games
/// allocates only when a game is larger than every one before.
#[derive(Clone, Debug, Default)]
pub(crate) struct Simplex {
    tableau: Vec<f64>,
    basis: Vec<usize>,
}

impl Simplex {
    /// The value of the matrix game (payoffs to the row player, row-major, finite), and
    /// when asked the optimal strategies, written into `strategies` (`rows` and `columns`
    /// long).
    ///
    /// The payoffs are shifted to be at least 1 (the value shifts by the same amount); then
    /// the column player's program, maximise `Σ w` subject to `A w ≤ 1`, `w ≥ 0`, starts
    /// feasible at `w = 0`. At the optimum `Σ w = 1 / value`, `w · value` is the column
    /// player's strategy, and the row player's is read from the duals (the objective row
    /// under the slack columns).
    pub(crate) fn solve(
        &mut self,
        payoffs: &[f64],
        rows: usize,
        columns: usize,
        strategies: Option<(&mut [f64], &mut [f64])>,
    ) -> Result<f64, SearchError> {
        let low = payoffs.iter().copied().fold(f64::INFINITY, f64::min);
        let shift = 1.0 - low;
        let width = columns + rows + 1;
        let rhs = width - 1;
        self.tableau.clear();
        self.tableau.resize((rows + 1) * width, 0.0);
        self.basis.clear();
        let t = &mut self.tableau;
        for i in 0..rows {
            for j in 0..columns {
                t[i * width + j] = payoffs[i * columns + j] + shift;
            }
            t[i * width + columns + i] = 1.0;
            t[i * width + rhs] = 1.0;
            self.basis.push(columns + i);
        }
        let objective = rows * width;
        for j in 0..columns {
            t[objective + j] = -1.0;
        }
        // Bland's rule terminates; the cap only guards against a numerical accident.
        let cap = 50 * (rows + columns) + 1000;
        for _ in 0..cap {
            let Some(enter) = (0..rhs).find(|&j| t[objective + j] < -EPS) else {
                return Ok(self.read(rows, columns, shift, strategies));
            };
            let mut leave: Option<(usize, f64)> = None;
            for i in 0..rows {
                let a = t[i * width + enter];
                if a > EPS {
                    let ratio = t[i * width + rhs] / a;
                    let better = match leave {
                        None => true,
                        Some((l, best)) => {
                            ratio < best - EPS
                                || (ratio <= best + EPS && self.basis[i] < self.basis[l])
                        }
                    };
                    if better {
                        leave = Some((i, ratio));
                    }
                }
            }
            let Some((pivot_row, _)) = leave else {
                return Err(SearchError::Config(
                    "the matrix game's linear program is unbounded".into(),
                ));
            };
            let pivot = t[pivot_row * width + enter];
            for x in &mut t[pivot_row * width..(pivot_row + 1) * width] {
                *x /= pivot;
            }
            for i in 0..=rows {
                if i != pivot_row {
                    let factor = t[i * width + enter];
                    if factor != 0.0 {
                        for j in 0..width {
                            t[i * width + j] -= factor * t[pivot_row * width + j];
                        }
                    }
                }
            }
            self.basis[pivot_row] = enter;
        }
        Err(SearchError::Config(
            "the simplex method did not finish within its iteration cap".into(),
        ))
    }

    /// The value and strategies at the optimum.
    fn read(
        &self,
        rows: usize,
        columns: usize,
        shift: f64,
        strategies: Option<(&mut [f64], &mut [f64])>,
    ) -> f64 {
        let width = columns + rows + 1;
        let t = &self.tableau;
        let total = t[rows * width + width - 1];
        let value = 1.0 / total;
        if let Some((row, column)) = strategies {
            column.fill(0.0);
            for (i, &b) in self.basis.iter().enumerate() {
                if b < columns {
                    column[b] = (t[i * width + width - 1] * value).max(0.0);
                }
            }
            for (i, x) in row.iter_mut().enumerate() {
                *x = (t[rows * width + columns + i] * value).max(0.0);
            }
            for s in [row, column] {
                let sum: f64 = s.iter().sum();
                if sum > 0.0 {
                    for x in s.iter_mut() {
                        *x /= sum;
                    }
                }
            }
        }
        value - shift
    }
}
