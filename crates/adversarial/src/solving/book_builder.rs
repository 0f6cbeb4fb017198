//! [`BookBuilder`]: builds an [`OpeningBook`] by solving every position within a number of
//! plies of a start position with the exact [`Solver`], deepest first, each level with a
//! book of the levels below it; on one machine, or in shards ([`BookPlan`],
//! [`BookShard`]) merged afterwards.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::ops::ControlFlow;
use std::sync::Arc;

use fxhash::FxHasher;
use search_core::{Budget, Game, GameHash, Score, SearchError};

use crate::builder::builder_methods;
use crate::solving::book::{OpeningBook, UNKNOWN_PLIES, book_key, check_name, encode, possible_at};
use crate::solving::book_error::BookError;
use crate::solving::book_error::ShardId;
use crate::solving::book_plan::{BookPlan, PARTITION_SCHEME};
use crate::solving::book_shard::{BookShard, ShardHeader};
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
/// | [`with_start_text`](BookBuilder::with_start_text) | empty | the start as a program writes it, recorded in shards |
///
/// **In shards.** A build can be split over machines or processes that share nothing:
/// [`plan`](BookBuilder::plan) lists the positions and cuts the deepest level (nearly all
/// the work) into N parts, the same on every machine; [`build_shard`](BookBuilder::build_shard)
/// solves one part into a [`BookShard`], which can be saved and resumed
/// ([`build_shard_with`](BookBuilder::build_shard_with)); [`merge`](BookBuilder::merge)
/// checks the shards, solves the levels above, and gives the book [`build`](BookBuilder::build)
/// gives, byte for byte (exact values do not depend on who solved them).
///
/// ```
/// use adversarial::{BookBuilder, ShardId};
/// use games::TicTacToe;
/// let builder = BookBuilder::new("tictactoe", 4);
/// let plan = builder.plan(&TicTacToe::new(), 3).unwrap();
/// let shards: Vec<_> = ShardId::all(3)
///     .map(|id| builder.build_shard(&plan, id).unwrap()) // anywhere, in any order
///     .collect();
/// let merged = builder.merge(&plan, &shards).unwrap();
/// assert_eq!(merged.to_bytes(), builder.build(&TicTacToe::new()).unwrap().to_bytes());
/// ```
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
    start_text: String,
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
            start_text: String::new(),
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

    /// The start position as the program that builds the book writes it (at most 255
    /// bytes; default empty), recorded in every shard
    /// ([`BookShard::start_text`]) so that whoever merges them can rebuild the start. A
    /// merge checks the start by its key, not by this text.
    ///
    /// ```
    /// let b = adversarial::BookBuilder::new("connect4", 6).with_start_text("4453");
    /// # let _ = b;
    /// ```
    #[must_use]
    pub fn with_start_text(mut self, text: impl Into<String>) -> Self {
        self.start_text = text.into();
        self
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
        let plan = self.plan(start, 1)?;
        let total = plan.len();
        progress(0, total);
        let shard = self.build_shard_with(&plan, ShardId::WHOLE, None, |shard| {
            progress(shard.entries.len(), total);
            ControlFlow::Continue(())
        })?;
        let below = shard.entries.len();
        self.merge_with_progress(&plan, &[shard], |done, _| {
            if done > 0 {
                progress(below + done, total);
            }
        })
    }

    /// The positions of the book from `start` and their partition into `shards` parts of
    /// about equal expected cost (see [`BookPlan`]). Every machine that builds a shard or
    /// merges them computes the same plan.
    ///
    /// # Errors
    /// [`BookError::GameName`] for an empty name or one longer than 255 bytes,
    /// [`BookError::ShardNumber`] for 0 shards or more than 2^20,
    /// [`BookError::Malformed`] for a start text longer than 255 bytes,
    /// [`BookError::TooManyPositions`].
    ///
    /// ```
    /// use adversarial::BookBuilder;
    /// use games::TicTacToe;
    /// let plan = BookBuilder::new("tictactoe", 9).plan(&TicTacToe::new(), 16).unwrap();
    /// assert_eq!(plan.len(), 627);
    /// assert_eq!(plan.parts().map(|(_, p)| p.len()).sum::<usize>(), plan.levels().last().unwrap().len());
    /// ```
    pub fn plan<G: GameHash>(&self, start: &G, shards: u32) -> Result<BookPlan<G>, BookError> {
        check_name(&self.game)?;
        let all = ShardId::new(shards, shards)?;
        if self.start_text.len() > 255 {
            return Err(BookError::Malformed(format!(
                "a start text of {} bytes: a shard records at most 255",
                self.start_text.len()
            )));
        }
        let levels = self.positions(start)?;
        Ok(BookPlan::new(
            self.game.clone(),
            self.depth,
            start,
            levels,
            all,
        ))
    }

    /// Solves the part of shard `id` of `plan` (from [`plan`](BookBuilder::plan) with this
    /// builder's game and depth).
    ///
    /// # Errors
    /// [`BookError::ForeignShard`] when `id` is not one of the plan's shards or the plan is
    /// another builder's; the errors of [`build`](BookBuilder::build) when a solve fails.
    ///
    /// ```
    /// use adversarial::{BookBuilder, ShardId};
    /// use games::TicTacToe;
    /// let builder = BookBuilder::new("tictactoe", 2);
    /// let plan = builder.plan(&TicTacToe::new(), 2).unwrap();
    /// let first = builder.build_shard(&plan, "1/2".parse().unwrap()).unwrap();
    /// let second = builder.build_shard(&plan, "2/2".parse().unwrap()).unwrap();
    /// assert_eq!(first.solved() + second.solved(), 12);
    /// ```
    pub fn build_shard<G>(&self, plan: &BookPlan<G>, id: ShardId) -> Result<BookShard, BookError>
    where
        G: GameHash + Sync,
    {
        self.build_shard_with(plan, id, None, |_| ControlFlow::Continue(()))
    }

    /// [`build_shard`](BookBuilder::build_shard), going on from `resume` (a shard this
    /// build stopped earlier, as read back from its file) and calling `after_each` with the
    /// shard so far after each position it solves: return [`ControlFlow::Break`] to stop
    /// there (the shard is returned unfinished, to be saved and resumed later). Save the
    /// shard from `after_each` now and then, and a build that is killed goes on from there:
    /// the finished shard is the same, byte for byte, however often it was stopped.
    ///
    /// # Errors
    /// As [`build_shard`](BookBuilder::build_shard), and [`BookError::ForeignShard`] when
    /// `resume` is not a shard of this build and number (another game, start, depth, N or
    /// K, or other positions), or holds a value its position cannot have.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use adversarial::{BookBuilder, BookShard, ShardId};
    /// use games::TicTacToe;
    /// let builder = BookBuilder::new("tictactoe", 3);
    /// let plan = builder.plan(&TicTacToe::new(), 1).unwrap();
    /// // Stopped after 10 positions, saved, read back and resumed.
    /// let stopped = builder
    ///     .build_shard_with(&plan, ShardId::WHOLE, None, |s| {
    ///         if s.solved() == 10 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    ///     })
    ///     .unwrap();
    /// assert_eq!((stopped.solved(), stopped.is_finished()), (10, false));
    /// let saved = BookShard::from_bytes(&stopped.to_bytes()).unwrap();
    /// let resumed = builder
    ///     .build_shard_with(&plan, ShardId::WHOLE, Some(saved), |_| ControlFlow::Continue(()))
    ///     .unwrap();
    /// assert_eq!(resumed, builder.build_shard(&plan, ShardId::WHOLE).unwrap());
    /// ```
    pub fn build_shard_with<G>(
        &self,
        plan: &BookPlan<G>,
        id: ShardId,
        resume: Option<BookShard>,
        mut after_each: impl FnMut(&BookShard) -> ControlFlow<()>,
    ) -> Result<BookShard, BookError>
    where
        G: GameHash + Sync,
    {
        let header = self.shard_header(plan, id)?;
        let part = plan.part(id).unwrap_or(&[]);
        let mut shard = match resume {
            Some(saved) => {
                check_shard(plan, &saved, 0)?;
                if saved.id() != id {
                    return Err(BookError::ForeignShard {
                        input: 0,
                        shard: saved.id(),
                        what: format!("it is not shard {id}"),
                    });
                }
                saved
            }
            None => BookShard {
                header: header.clone(),
                entries: Vec::new(),
            },
        };
        // The settings of this run are those the shard records.
        shard.header = header;
        let mut solver = Solver::new()
            .with_table_mb(self.table_mb)
            .with_threads(self.threads)
            .with_budget(self.budget.clone());
        for state in &part[shard.entries.len()..] {
            let value = solve(&mut solver, state)?;
            shard.entries.push((book_key(state), value));
            if after_each(&shard).is_break() {
                break;
            }
        }
        Ok(shard)
    }

    /// Checks `shards` (one of each of the plan's N, finished, of this build) and makes
    /// them the book: their values, and those of the levels above theirs, solved here with
    /// a book of the levels below. The book is the one [`build`](BookBuilder::build) makes,
    /// byte for byte.
    ///
    /// # Errors
    /// [`BookError::ForeignShard`] for a shard of another build (game, start, depth, N,
    /// partition, positions) or with a value its position cannot have,
    /// [`BookError::DuplicateShard`], [`BookError::UnfinishedShard`],
    /// [`BookError::MissingShards`] (checked in that order, shard by shard;
    /// [`BookError::shard_input`] says which shard); the errors of
    /// [`build`](BookBuilder::build) when a solve fails.
    ///
    /// ```
    /// use adversarial::{BookBuilder, BookError, ShardId};
    /// use games::TicTacToe;
    /// let builder = BookBuilder::new("tictactoe", 2);
    /// let plan = builder.plan(&TicTacToe::new(), 2).unwrap();
    /// let one = builder.build_shard(&plan, "1/2".parse().unwrap()).unwrap();
    /// let two = builder.build_shard(&plan, "2/2".parse().unwrap()).unwrap();
    /// assert!(matches!(builder.merge(&plan, &[one.clone()]), Err(BookError::MissingShards { .. })));
    /// assert!(matches!(
    ///     builder.merge(&plan, &[one.clone(), one.clone()]),
    ///     Err(BookError::DuplicateShard { .. })
    /// ));
    /// assert_eq!(builder.merge(&plan, &[two, one]).unwrap().len(), 16);
    /// ```
    pub fn merge<G>(
        &self,
        plan: &BookPlan<G>,
        shards: &[BookShard],
    ) -> Result<OpeningBook, BookError>
    where
        G: GameHash + Sync,
    {
        self.merge_with_progress(plan, shards, |_, _| {})
    }

    /// [`merge`](BookBuilder::merge), calling `progress(solved, total)` after each position
    /// of the levels above the shards' is solved (and once with `(0, total)` before the
    /// first), `total` being the number of those positions.
    ///
    /// # Errors
    /// As [`merge`](BookBuilder::merge).
    ///
    /// ```
    /// use adversarial::{BookBuilder, ShardId};
    /// use games::TicTacToe;
    /// let builder = BookBuilder::new("tictactoe", 1);
    /// let plan = builder.plan(&TicTacToe::new(), 1).unwrap();
    /// let shard = builder.build_shard(&plan, ShardId::WHOLE).unwrap();
    /// let mut calls = Vec::new();
    /// builder.merge_with_progress(&plan, &[shard], |done, total| calls.push((done, total))).unwrap();
    /// assert_eq!(calls, [(0, 1), (1, 1)]);
    /// ```
    pub fn merge_with_progress<G>(
        &self,
        plan: &BookPlan<G>,
        shards: &[BookShard],
        mut progress: impl FnMut(usize, usize),
    ) -> Result<OpeningBook, BookError>
    where
        G: GameHash + Sync,
    {
        let count = plan.shards();
        let mut given: Vec<Option<usize>> = vec![None; count as usize];
        for (input, shard) in shards.iter().enumerate() {
            check_shard(plan, shard, input)?;
            let id = shard.id();
            let slot = &mut given[id.number() as usize - 1];
            if let Some(first) = *slot {
                return Err(BookError::DuplicateShard {
                    shard: id,
                    first,
                    second: input,
                });
            }
            *slot = Some(input);
            if !shard.is_finished() {
                return Err(BookError::UnfinishedShard {
                    input,
                    shard: id,
                    solved: shard.solved(),
                    positions: shard.positions(),
                });
            }
        }
        let missing: Vec<u32> = ShardId::all(count)
            .filter(|id| given[id.number() as usize - 1].is_none())
            .map(ShardId::number)
            .collect();
        if !missing.is_empty() {
            return Err(BookError::MissingShards { count, missing });
        }
        let levels = plan.levels();
        let plies_left = levels
            .iter()
            .flatten()
            .map(Game::remaining_plies_bound)
            .try_fold((UNKNOWN_PLIES, 0), |(fewest, most), left| {
                let left = left?;
                Some((fewest.min(left), most.max(left)))
            })
            .filter(|&(fewest, most)| fewest <= most && most != UNKNOWN_PLIES);
        let mut entries: Vec<(u64, Score)> = Vec::with_capacity(plan.len());
        for slot in given.iter().flatten() {
            entries.extend_from_slice(&shards[*slot].entries);
        }
        let above = levels.len().saturating_sub(1);
        let total: usize = levels[..above].iter().map(Vec::len).sum();
        progress(0, total);
        let mut solver = Solver::new()
            .with_table_mb(self.table_mb)
            .with_threads(self.threads)
            .with_budget(self.budget.clone());
        let mut done = 0;
        for level in levels[..above].iter().rev() {
            let below = OpeningBook::from_entries(
                self.game.clone(),
                self.depth,
                plies_left,
                entries.clone(),
            );
            solver = solver.with_book(Arc::new(below));
            for state in level {
                let value = solve(&mut solver, state)?;
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

    /// The header of shard `id` of `plan` built by this builder.
    fn shard_header<G: GameHash>(
        &self,
        plan: &BookPlan<G>,
        id: ShardId,
    ) -> Result<ShardHeader, BookError> {
        let Some(part) = plan.part(id) else {
            return Err(BookError::ForeignShard {
                input: 0,
                shard: id,
                what: format!("the plan has {} shards", plan.shards()),
            });
        };
        if plan.game != self.game || plan.depth != self.depth {
            return Err(BookError::ForeignShard {
                input: 0,
                shard: id,
                what: format!(
                    "the plan is for {} to depth {}, this builder's book for {} to depth {}",
                    crate::solving::book_error::quoted(&plan.game),
                    plan.depth,
                    crate::solving::book_error::quoted(&self.game),
                    self.depth
                ),
            });
        }
        Ok(ShardHeader {
            game: self.game.clone(),
            depth: self.depth,
            start_key: plan.start_key,
            start_text: self.start_text.clone(),
            id,
            scheme: PARTITION_SCHEME,
            level_len: plan.deepest().len() as u64,
            part_len: part.len() as u64,
            table_mb: self.table_mb,
            threads: self.threads as u32,
            max_positions: self.max_positions as u64,
        })
    }
}

/// The exact value of `state`, which the file can store.
fn solve<G, T>(solver: &mut Solver<T>, state: &G) -> Result<Score, BookError>
where
    G: GameHash + Sync,
    T: crate::Transpositions<G> + Sync,
{
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
    Ok(value)
}

/// Checks that `shard` (the `input`-th given) belongs to `plan`: the same game, depth,
/// start, number of shards and partition; the keys of its part's positions, in order, as
/// far as it got; and a value each of those positions can have.
fn check_shard<G: GameHash>(
    plan: &BookPlan<G>,
    shard: &BookShard,
    input: usize,
) -> Result<(), BookError> {
    let h = &shard.header;
    let foreign = |what: String| BookError::ForeignShard {
        input,
        shard: h.id,
        what,
    };
    let q = crate::solving::book_error::quoted;
    if h.game != plan.game {
        return Err(foreign(format!(
            "it is a shard of a book of {}, not of {}",
            q(&h.game),
            q(&plan.game)
        )));
    }
    if h.depth != plan.depth {
        return Err(foreign(format!(
            "it is a shard of a book to depth {}, not {}",
            h.depth, plan.depth
        )));
    }
    if h.start_key != plan.start_key {
        return Err(foreign(format!(
            "it is a shard of a book from another start{}",
            if h.start_text.is_empty() {
                String::new()
            } else {
                format!(" ({})", q(&h.start_text))
            }
        )));
    }
    if h.id.count() != plan.shards() {
        return Err(foreign(format!(
            "it is one of {} shards, not of {}",
            h.id.count(),
            plan.shards()
        )));
    }
    if h.scheme != PARTITION_SCHEME {
        return Err(foreign(format!(
            "its positions were split by version {} of the partition, not {PARTITION_SCHEME}",
            h.scheme
        )));
    }
    let part = plan.part(h.id).unwrap_or(&[]);
    if h.level_len != plan.deepest().len() as u64 || h.part_len != part.len() as u64 {
        return Err(foreign(format!(
            "its part has {} of {} positions, where this build's has {} of {}",
            h.part_len,
            h.level_len,
            part.len(),
            plan.deepest().len()
        )));
    }
    for (i, (state, &(key, value))) in part.iter().zip(&shard.entries).enumerate() {
        if book_key(state) != key {
            return Err(foreign(format!(
                "its entry {i} is not its part's position {i}: the shard was built from other positions"
            )));
        }
        if !possible_at(state, value) {
            return Err(foreign(format!(
                "its entry {i} says {value}, which its position cannot be"
            )));
        }
    }
    Ok(())
}
