//! [`Analyzer`]: the Connect Four analysis board, the exact score of every column of a
//! position, as `ply solve --analyze` prints it, answered from an opening book where the
//! book holds the positions.

use std::sync::Arc;
use std::time::Duration;

use adversarial::{OpeningBook, Solver, TranspositionTable};
use games::ConnectFour;
use games::connect4_line::benchmark_score;
use search_core::{Budget, Game, Instant, MoveValue, SearchError};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::wasm_bindgen;

use crate::json::{self, Object};

/// The name Connect Four books are built under (`ply book build --game c4` writes it).
pub const BOOK_GAME: &str = "connect4";

/// The solver's table, in MiB.
const TABLE_MB: u64 = 64;

/// The exact score of every column of Connect Four positions: the score of the published
/// benchmarks from the side to move (0 a draw, `22 - s` for a win with the winner's `s`-th
/// stone, `s - 22` for a loss), as `ply solve --analyze` prints them, and `null` for a full
/// column. One solver and its table serve every position; an opening book
/// ([`load_book`](Analyzer::load_book)) answers the positions it holds at once.
///
/// ```
/// use plysearch_web::Analyzer;
/// let mut a = Analyzer::new().unwrap();
/// // X has three in the bottom row (columns 1-3) and wins at once in column 4 with its
/// // fourth stone (22 - 4 = 18); any other column lets X win there later, or O block it.
/// let r = a.analyze("172737", 0).unwrap();
/// assert!(r.contains(r#""scores":[null"#) || r.contains(r#""best":18"#));
/// ```
#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
pub struct Analyzer {
    table: Arc<TranspositionTable>,
    solver: Solver,
    book: Option<(usize, u32)>,
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen)]
impl Analyzer {
    /// An analyser with a 64 MiB table and no book.
    ///
    /// # Errors
    /// When the table cannot be allocated.
    ///
    /// ```
    /// assert!(plysearch_web::Analyzer::new().is_ok());
    /// ```
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen(constructor))]
    pub fn new() -> Result<Analyzer, String> {
        let table =
            Arc::new(TranspositionTable::with_megabytes(TABLE_MB).map_err(|e| e.to_string())?);
        Ok(Analyzer {
            solver: Solver::new().with_table(Arc::clone(&table)),
            table,
            book: None,
        })
    }

    /// Reads an opening book file (`ply book build --game c4`) and consults it from now on.
    /// Returns its size as JSON: `positions` and `depth` (in plies from the empty board).
    ///
    /// # Errors
    /// A file that is not a Connect Four book (the book's own checks: truncated, damaged,
    /// another game's).
    ///
    /// ```
    /// let mut a = plysearch_web::Analyzer::new().unwrap();
    /// assert!(a.load_book(b"not a book").is_err());
    /// ```
    pub fn load_book(&mut self, bytes: &[u8]) -> Result<String, String> {
        let book = OpeningBook::from_bytes(bytes, BOOK_GAME, &ConnectFour::new())
            .map_err(|e| e.to_string())?;
        let size = (book.len(), book.depth());
        self.solver = Solver::new()
            .with_table(Arc::clone(&self.table))
            .with_book(Arc::new(book));
        self.book = Some(size);
        let mut o = Object::new();
        o.num("positions", size.0).num("depth", size.1);
        Ok(o.finish())
    }

    /// The positions and depth of the book in use, as JSON (`null` without one).
    ///
    /// ```
    /// assert_eq!(plysearch_web::Analyzer::new().unwrap().book(), "null");
    /// ```
    #[must_use]
    pub fn book(&self) -> String {
        self.book.map_or_else(
            || "null".to_string(),
            |(positions, depth)| {
                let mut o = Object::new();
                o.num("positions", positions).num("depth", depth);
                o.finish()
            },
        )
    }

    /// The score of each column of the position reached by `moves` (1-based columns from the
    /// empty board, as in the benchmark files; empty or `-` for the empty board), within
    /// `millis` milliseconds (0: no limit), as JSON: `moves`, `toMove` (1 or 2), `over`,
    /// `scores` (seven numbers, `null` for a full column; all `null` once the game is over),
    /// `best` (the best score), `nodes`, `bookHits`, `ms`.
    ///
    /// # Errors
    /// Moves that are not a Connect Four game, or a time limit reached before every column
    /// was solved.
    ///
    /// ```
    /// let mut a = plysearch_web::Analyzer::new().unwrap();
    /// assert!(a.analyze("4444444", 0).is_err()); // a column holds six stones
    /// ```
    pub fn analyze(&mut self, moves: &str, millis: u32) -> Result<String, String> {
        let moves = moves.trim();
        let moves = if moves == "-" { "" } else { moves };
        let position: ConnectFour = if moves.is_empty() {
            ConnectFour::new()
        } else {
            moves.parse().map_err(|e| format!("{moves:?}: {e}"))?
        };
        let started = Instant::now();
        let mut scores: [Option<i32>; 7] = [None; 7];
        let mut nodes = 0;
        let mut book_hits = 0;
        let over = position.outcome().is_over();
        if !over {
            let budget = match millis {
                0 => Budget::new(),
                ms => Budget::time(Duration::from_millis(u64::from(ms))),
            };
            self.solver.set_budget(budget);
            self.table.clear();
            let analysis = self.solver.analysis(&position).map_err(|e| match e {
                SearchError::Unsolved { .. } => format!("not solved within {millis} ms"),
                e => e.to_string(),
            })?;
            for m in analysis.moves {
                let MoveValue::Exact(score) = m.value else {
                    return Err(format!(
                        "column {} was not solved within {millis} ms",
                        m.mv + 1
                    ));
                };
                scores[usize::from(m.mv)] = benchmark_score(score, position.moves_played());
            }
            nodes = analysis.stats.nodes;
            book_hits = analysis.stats.book_hits;
        }
        let best = scores.iter().flatten().max().copied();
        let mut o = Object::new();
        o.str("moves", moves)
            .num(
                "toMove",
                if position.moves_played() % 2 == 0 {
                    1
                } else {
                    2
                },
            )
            .bool("over", over)
            .raw(
                "scores",
                &json::list(
                    scores
                        .iter()
                        .map(|s| s.map_or("null".to_string(), |s| s.to_string())),
                ),
            )
            .raw("best", &best.map_or("null".to_string(), |b| b.to_string()))
            .num("nodes", nodes)
            .num("bookHits", book_hits)
            .num("ms", started.elapsed().as_secs_f64() * 1e3);
        Ok(o.finish())
    }
}
