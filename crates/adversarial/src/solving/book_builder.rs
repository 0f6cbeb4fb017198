//! [`BookBuilder`]: builds an [`OpeningBook`] by solving every position within a number of
//! plies of a start position with the exact [`Solver`], deepest first, each level with a
//! book of the levels below it.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use fxhash::FxHasher;
use search_core::{Budget, Game, GameHash, Score, SearchError};

use crate::builder::builder_methods;
use crate::solving::book::{BookError, OpeningBook, UNKNOWN_PLIES, book_key, check_name, encode};
use crate::solving::solver::Solver;

/// Solves every position within a number of plies of a start position and collects their
/// exact values into an [`OpeningBook`].
///
/// The positions are found breadth-first (one per symmetry class, finished games left out)
/// and solved deepest first on one [`Solver`] whose table is kept, each level with a book of
/// the levels below it: a position's children are then book hits, so the cost of a book is
/// close to that of solving its deepest level.
///
/// | option | default | what |
/// |---|---|---|
/// | [`with_table_mb`](BookBuilder::with_table_mb) | 64 | the solver's table |
/// | [`with_threads`](BookBuilder::with_threads) | 1 | the solver's threads |
/// | [`with_budget`](BookBuilder::with_budget) | unlimited | the budget of each position's solve (nodes, time, stop flag) |
/// | [`with_max_positions`](BookBuilder::with_max_positions) | 10,000,000 | refuse a book with more positions |
///
/// ```
/// use adversarial::{BookBuilder, Solver};
/// use games::TicTacToe;
/// use search_core::Score;
/// // All of tic-tac-toe: every position that is not over, one per symmetry class.
/// let book = BookBuilder::new("tictactoe", 9).build(&TicTacToe::new()).unwrap();
/// assert_eq!(book.len(), 627);
/// let mut solver = Solver::new().with_table_mb(1).with_book(book);
/// let s = solver.solve(&"X.. .O. ...".parse::<TicTacToe>().unwrap()).unwrap();
/// assert_eq!((s.score, s.stats.nodes), (Some(Score::DRAW), 0));
/// ```
#[derive(Clone, Debug)]
pub struct BookBuilder {
    game: String,
    depth: u32,
    table_mb: u64,
    threads: usize,
    budget: Budget,
    max_positions: usize,
}

type FxHashSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

impl BookBuilder {
    /// A builder of books named `game` (the name a reader asks for, e.g. `"connect4"`) of
    /// the positions within `depth` plies of the start.
    ///
    /// ```
    /// let b = adversarial::BookBuilder::new("connect4", 6);
    /// # let _ = b;
    /// ```
    #[must_use]
    pub fn new(game: impl Into<String>, depth: u32) -> Self {
        BookBuilder {
            game: game.into(),
            depth,
            table_mb: Solver::DEFAULT_TABLE_MB,
            threads: 1,
            budget: Budget::new(),
            max_positions: 10_000_000,
        }
    }

    builder_methods! {
        /// The size of the solver's table in MiB (see [`Solver::with_table_mb`]).
        ///
        /// ```
        /// let b = adversarial::BookBuilder::new("connect4", 6).with_table_mb(256);
        /// # let _ = b;
        /// ```
        with_table_mb(megabytes: u64) => table_mb;

        /// The solver's threads (see [`Solver::with_threads`]).
        ///
        /// ```
        /// let b = adversarial::BookBuilder::new("connect4", 6).with_threads(2);
        /// # let _ = b;
        /// ```
        with_threads(threads: usize) => threads;

        /// The budget of each position's solve (see [`Solver::with_budget`]); a position left
        /// unsolved makes the build fail with [`SearchError::Unsolved`].
        ///
        /// ```
        /// use adversarial::{BookBuilder, BookError};
        /// use games::ConnectFour;
        /// use search_core::{Budget, SearchError};
        /// let r = BookBuilder::new("connect4", 1)
        ///     .with_table_mb(1)
        ///     .with_budget(Budget::nodes(1000))
        ///     .build(&ConnectFour::new());
        /// assert!(matches!(r, Err(BookError::Search(SearchError::Unsolved { .. }))));
        /// ```
        with_budget(budget: Budget) => budget;

        /// The most positions a book may have (default 10,000,000): a deeper book is refused
        /// with [`BookError::TooManyPositions`] before anything is solved.
        ///
        /// ```
        /// use adversarial::{BookBuilder, BookError};
        /// use games::TicTacToe;
        /// let r = BookBuilder::new("tictactoe", 9).with_max_positions(100).build(&TicTacToe::new());
        /// assert!(matches!(r, Err(BookError::TooManyPositions { limit: 100, .. })));
        /// ```
        with_max_positions(limit: usize) => max_positions;
    }

    /// The positions the book will hold, one per symmetry class, level by level: element
    /// `d` holds those `d` plies from `start` (each class at the first level it appears
    /// on; finished games left out).
    ///
    /// # Errors
    /// [`BookError::TooManyPositions`] beyond [`with_max_positions`](BookBuilder::with_max_positions).
    ///
    /// ```
    /// use adversarial::BookBuilder;
    /// use games::TicTacToe;
    /// let levels = BookBuilder::new("tictactoe", 2).positions(&TicTacToe::new()).unwrap();
    /// let sizes: Vec<usize> = levels.iter().map(Vec::len).collect();
    /// assert_eq!(sizes, [1, 3, 12]);
    /// ```
    pub fn positions<G: GameHash>(&self, start: &G) -> Result<Vec<Vec<G>>, BookError> {
        let mut levels: Vec<Vec<G>> = Vec::new();
        if start.outcome().is_over() {
            return Ok(levels);
        }
        let mut seen = FxHashSet::default();
        seen.insert(book_key(start));
        levels.push(vec![start.clone()]);
        let mut moves = Vec::new();
        for _ in 0..self.depth {
            let mut next = Vec::new();
            for state in levels.last().into_iter().flatten() {
                moves.clear();
                state.legal_moves(&mut moves);
                for &mv in &moves {
                    let mut child = state.clone();
                    child.play(mv);
                    if child.outcome().is_over() || !seen.insert(book_key(&child)) {
                        continue;
                    }
                    if seen.len() > self.max_positions {
                        return Err(BookError::TooManyPositions {
                            limit: self.max_positions,
                            depth: self.depth,
                        });
                    }
                    next.push(child);
                }
            }
            if next.is_empty() {
                break;
            }
            levels.push(next);
        }
        Ok(levels)
    }

    /// Builds the book of the positions within the depth of `start`.
    ///
    /// # Errors
    /// [`BookError::GameName`] for an empty name or one longer than 255 bytes,
    /// [`BookError::TooManyPositions`], [`BookError::Search`] when a solve fails (the
    /// errors of [`Solver::solve`], or [`SearchError::Unsolved`] when the budget ran out),
    /// [`BookError::Unstorable`] for a value the file cannot hold.
    ///
    /// ```
    /// use adversarial::BookBuilder;
    /// use games::TicTacToe;
    /// let book = BookBuilder::new("tictactoe", 3).build(&TicTacToe::new()).unwrap();
    /// assert_eq!(book.len(), 1 + 3 + 12 + 38);
    /// ```
    pub fn build<G>(&self, start: &G) -> Result<OpeningBook, BookError>
    where
        G: GameHash + Sync,
    {
        self.build_with_progress(start, |_, _| {})
    }

    /// [`build`](BookBuilder::build), calling `progress(solved, total)` after each position
    /// is solved (and once with `(0, total)` before the first).
    ///
    /// # Errors
    /// As [`build`](BookBuilder::build).
    ///
    /// ```
    /// use adversarial::BookBuilder;
    /// use games::TicTacToe;
    /// let mut calls = Vec::new();
    /// BookBuilder::new("tictactoe", 1)
    ///     .build_with_progress(&TicTacToe::new(), |done, total| calls.push((done, total)))
    ///     .unwrap();
    /// assert_eq!(calls, [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]);
    /// ```
    pub fn build_with_progress<G>(
        &self,
        start: &G,
        mut progress: impl FnMut(usize, usize),
    ) -> Result<OpeningBook, BookError>
    where
        G: GameHash + Sync,
    {
        check_name(&self.game)?;
        let levels = self.positions(start)?;
        let total: usize = levels.iter().map(Vec::len).sum();
        progress(0, total);
        let plies_left = levels
            .iter()
            .flatten()
            .map(Game::remaining_plies_bound)
            .try_fold((UNKNOWN_PLIES, 0), |(fewest, most), left| {
                let left = left?;
                Some((fewest.min(left), most.max(left)))
            })
            .filter(|&(fewest, most)| fewest <= most && most != UNKNOWN_PLIES);
        let mut solver = Solver::new()
            .with_table_mb(self.table_mb)
            .with_threads(self.threads)
            .with_budget(self.budget.clone());
        let mut entries: Vec<(u64, Score)> = Vec::with_capacity(total);
        let mut done = 0;
        for level in levels.iter().rev() {
            if !entries.is_empty() {
                let below = OpeningBook::from_entries(
                    self.game.clone(),
                    self.depth,
                    plies_left,
                    entries.clone(),
                );
                solver = solver.with_book(Arc::new(below));
            }
            for state in level {
                let s = solver.solve(state)?;
                let Some(value) = s.score else {
                    return Err(SearchError::Unsolved {
                        lower: s.lower,
                        upper: s.upper,
                    }
                    .into());
                };
                if encode(value).is_none() {
                    return Err(BookError::Unstorable(value));
                }
                entries.push((book_key(state), value));
                done += 1;
                progress(done, total);
            }
        }
        Ok(OpeningBook::from_entries(
            self.game.clone(),
            self.depth,
            plies_left,
            entries,
        ))
    }
}
