//! Opening books: a complete tic-tac-toe book checked against the solver on every reachable
//! position, Connect Four books checked against fresh solves and Pascal Pons' published
//! scores, and damaged or foreign book files rejected with the right error.

use std::collections::{HashMap, HashSet};

use adversarial::{
    BookBuilder, BookError, OpeningBook, Solver, TranspositionTable, Transpositions,
};
use games::connect4_line::{benchmark_score, parse_line};
use games::{ConnectFour, TicTacToe};
use search_core::{Game, GameHash, MoveValue, Score, SearchError, SplitMix64, Strategy};

/// Every position reachable from the empty board by legal play, finished ones included.
fn all_tictactoe_positions() -> Vec<TicTacToe> {
    let mut seen = HashSet::new();
    let mut stack = vec![TicTacToe::new()];
    let mut all = Vec::new();
    seen.insert(TicTacToe::new());
    while let Some(g) = stack.pop() {
        all.push(g);
        if g.outcome().is_over() {
            continue;
        }
        for mv in g.legal_move_list() {
            let mut child = g;
            child.play(mv);
            if seen.insert(child) {
                stack.push(child);
            }
        }
    }
    all
}

fn tictactoe_book() -> OpeningBook {
    BookBuilder::new("tictactoe", 9)
        .with_table_mb(1)
        .build(&TicTacToe::new())
        .unwrap()
}

#[test]
fn the_complete_tictactoe_book_agrees_with_the_solver_on_every_position() {
    let positions = all_tictactoe_positions();
    assert_eq!(positions.len(), 5478);
    let book = tictactoe_book();
    // Read back from its file, as a user would.
    let book = OpeningBook::from_bytes(&book.to_bytes(), "tictactoe", &TicTacToe::new()).unwrap();
    let mut plain = Solver::new().with_table_mb(1);
    let mut booked = Solver::new().with_table_mb(1).with_book(book.clone());
    let mut ongoing = 0;
    for g in &positions {
        let exact = plain.solve(g).unwrap();
        let with_book = booked.solve(g).unwrap();
        assert_eq!(with_book.score, exact.score, "{g}");
        assert_eq!(
            booked.solve_weak(g).unwrap().value,
            plain.solve_weak(g).unwrap().value
        );
        if g.outcome().is_over() {
            assert_eq!(book.value(g), None, "finished games are not stored");
            continue;
        }
        ongoing += 1;
        assert_eq!(book.value(g), exact.score, "{g}");
        // The root is answered by the book, without a search.
        assert_eq!((with_book.stats.book_hits, with_book.stats.nodes), (1, 0));
        let best = booked.best_move(g).unwrap();
        assert_eq!(Some(best.score), exact.score, "{g}");
        let mut after = *g;
        after.play(best.mv);
        let child = plain.solve(&after).unwrap().score.unwrap();
        assert_eq!(
            Some(child.to_parent()),
            exact.score,
            "{g}: the move keeps the value"
        );
        let analysis = Strategy::analyze(&mut booked, g).unwrap();
        let reference = Strategy::analyze(&mut plain, g).unwrap();
        assert_eq!(analysis, reference, "{g}");
        assert!(
            analysis
                .iter()
                .all(|m| matches!(m.value, MoveValue::Exact(_)))
        );
    }
    assert_eq!(ongoing, 4520);
    // One entry per symmetry class of the ongoing positions.
    let classes: HashSet<TicTacToe> = positions
        .iter()
        .filter(|g| !g.outcome().is_over())
        .map(TicTacToe::canonical)
        .collect();
    assert_eq!(book.len(), classes.len());
}

#[test]
fn a_shallow_book_is_used_inside_the_search() {
    // Positions with 3 marks are in the book; the empty board is not, and its search
    // reaches them.
    let book = BookBuilder::new("tictactoe", 3)
        .build(&"XO. ... ...".parse::<TicTacToe>().unwrap())
        .unwrap();
    let start = TicTacToe::new();
    assert_eq!(book.value(&start), None);
    let plain = Solver::new().with_table_mb(1).solve(&start).unwrap();
    let s = Solver::new()
        .with_table_mb(1)
        .with_book(book)
        .solve(&start)
        .unwrap();
    assert_eq!(s.score, plain.score);
    assert!(s.stats.book_hits > 0);
    assert!(s.stats.nodes < plain.stats.nodes);
}

#[test]
fn connect_four_book_entries_equal_fresh_solves() {
    // A position of the Middle-Easy set (Pons' `Test_L2_R1`), and a book of 4 plies from it.
    let Some(text) = middle_easy() else {
        return;
    };
    let text = text.as_str();
    let start = parse_line(text.lines().next().unwrap()).unwrap().unwrap();
    let builder = BookBuilder::new("connect4", 4).with_table_mb(4);
    let book = builder.build(&start.position).unwrap();
    let levels = builder.positions(&start.position).unwrap();
    assert_eq!(book.len(), levels.iter().map(Vec::len).sum::<usize>());
    let mut rng = SplitMix64::new(16);
    let mut checked = 0;
    while checked < 60 {
        // A random line of at most 4 plies from the start.
        let mut moves = start.moves.clone();
        let mut g = start.position;
        for _ in 0..rng.below(5) {
            if g.outcome().is_over() {
                break;
            }
            let legal = g.legal_move_list();
            let mv = legal[rng.below(legal.len())];
            g.play(mv);
            moves.push(char::from(b'1' + mv));
        }
        if g.outcome().is_over() {
            continue;
        }
        checked += 1;
        // A fresh solver for each position: nothing shared with the book's build.
        let fresh = Solver::new().with_table_mb(1).solve(&g).unwrap();
        assert_eq!(book.value(&g), fresh.score, "{moves}");
        // Its mirror image is found too (one entry for both).
        let mirrored: String = moves
            .bytes()
            .map(|c| char::from(b'8' - (c - b'0')))
            .collect();
        let mirror: ConnectFour = mirrored.parse().unwrap();
        assert_eq!(book.value(&mirror), fresh.score, "{mirrored}");
    }
}

#[test]
fn connect_four_scores_with_a_book_equal_the_published_ones() {
    // For each position P of the set and its parent Q (P without its last move): a book
    // built from P (so not holding Q) answers P at once and is reached inside Q's search.
    let Some(text) = middle_easy() else {
        return;
    };
    let text = text.as_str();
    let mut hits = 0;
    for line in text.lines().take(12) {
        let p = parse_line(line).unwrap().unwrap();
        let (moves, expected) = (p.moves, p.score.unwrap());
        let book = BookBuilder::new("connect4", 2)
            .with_table_mb(1)
            .build(&p.position)
            .unwrap();
        let mut solver = Solver::new().with_table_mb(4).with_book(book);
        let s = solver.solve(&p.position).unwrap();
        assert_eq!(
            benchmark_score(s.score.unwrap(), p.position.moves_played()),
            Some(expected),
            "{moves}"
        );
        let parent: ConnectFour = moves[..moves.len() - 1].parse().unwrap();
        let plain = Solver::new().with_table_mb(4).solve(&parent).unwrap();
        solver.clear();
        let booked = solver.solve(&parent).unwrap();
        assert_eq!(booked.score, plain.score, "{moves}");
        let two = Solver::new()
            .with_table_mb(4)
            .with_threads(2)
            .with_book(BookBuilder::new("connect4", 1).build(&p.position).unwrap())
            .solve(&parent)
            .unwrap();
        assert_eq!(two.score, plain.score, "{moves}, two threads");
        hits += booked.stats.book_hits;
    }
    assert!(hits > 0, "the searches reached the books' positions");
}

fn small_book_bytes() -> Vec<u8> {
    BookBuilder::new("tictactoe", 2)
        .build(&TicTacToe::new())
        .unwrap()
        .to_bytes()
}

/// 64-bit FNV-1a, written here again so that the test can forge well-checksummed files.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// `bytes` (without their checksum) with a fresh checksum.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    bytes.truncate(bytes.len() - 8);
    let sum = fnv1a(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn every_truncation_is_reported_as_truncated() {
    let bytes = small_book_bytes();
    for n in 0..bytes.len() {
        let r = OpeningBook::from_bytes(&bytes[..n], "tictactoe", &TicTacToe::new());
        assert!(
            matches!(r, Err(BookError::Truncated { found, .. }) if found == n as u64),
            "cut after {n} bytes: {r:?}"
        );
    }
}

#[test]
fn every_bit_flip_is_rejected_with_the_error_of_its_field() {
    let bytes = small_book_bytes();
    let header = 8 + 2 + 1 + "tictactoe".len() + 4 + 4 + 4 + 8;
    let count_field = header - 8..header;
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut b = bytes.clone();
            b[i] ^= 1 << bit;
            let r = OpeningBook::from_bytes(&b, "tictactoe", &TicTacToe::new());
            match i {
                0..8 => assert_eq!(r, Err(BookError::NotABook), "byte {i}"),
                8..10 => assert!(
                    matches!(r, Err(BookError::UnsupportedVersion { supported: 1, .. })),
                    "byte {i}: {r:?}"
                ),
                // A longer name or count announces more bytes than the file has.
                10 => assert!(
                    matches!(
                        r,
                        Err(BookError::Truncated { .. } | BookError::ChecksumMismatch { .. })
                    ),
                    "byte {i}: {r:?}"
                ),
                i if count_field.contains(&i) => assert!(
                    matches!(
                        r,
                        Err(BookError::Truncated { .. } | BookError::ChecksumMismatch { .. })
                    ),
                    "byte {i}: {r:?}"
                ),
                _ => assert!(
                    matches!(r, Err(BookError::ChecksumMismatch { .. })),
                    "byte {i} bit {bit}: {r:?}"
                ),
            }
        }
    }
}

#[test]
fn foreign_old_and_forged_files_are_rejected() {
    let bytes = small_book_bytes();
    assert_eq!(
        OpeningBook::from_bytes(&bytes, "connect4", &ConnectFour::new()),
        Err(BookError::ForeignGame {
            found: "tictactoe".into(),
            expected: "connect4".into()
        })
    );
    // A well-checksummed file of another version.
    let mut v2 = bytes.clone();
    v2[8] = 2;
    assert_eq!(
        OpeningBook::from_bytes(&resealed(v2), "tictactoe", &TicTacToe::new()),
        Err(BookError::UnsupportedVersion {
            found: 2,
            supported: 1
        })
    );
    assert_eq!(
        OpeningBook::from_bytes(
            b"PK\x03\x04 a zip file, say",
            "tictactoe",
            &TicTacToe::new()
        ),
        Err(BookError::NotABook)
    );
    // Well-checksummed but broken: entries out of order, a value no position has, bytes
    // after the last entry.
    let first = 8 + 2 + 1 + "tictactoe".len() + 4 + 4 + 4 + 8;
    let mut swapped = bytes.clone();
    let (a, b) = (first..first + 10, first + 10..first + 20);
    let entry_a = swapped[a.clone()].to_vec();
    swapped.copy_within(b.clone(), a.start);
    swapped[b].copy_from_slice(&entry_a);
    assert!(matches!(
        OpeningBook::from_bytes(&resealed(swapped), "tictactoe", &TicTacToe::new()),
        Err(BookError::Malformed(_))
    ));
    let mut bad_value = bytes.clone();
    bad_value[first + 8..first + 10].copy_from_slice(&i16::MIN.to_le_bytes());
    assert!(matches!(
        OpeningBook::from_bytes(&resealed(bad_value), "tictactoe", &TicTacToe::new()),
        Err(BookError::Malformed(_))
    ));
    // Plies left that are not a range (found by the fuzz target `book_reader`: such a file
    // was read, and written back differently).
    let plies = 8 + 2 + 1 + "tictactoe".len() + 4;
    let mut not_a_range = bytes.clone();
    not_a_range[plies..plies + 4].copy_from_slice(&228u32.to_le_bytes());
    assert!(matches!(
        OpeningBook::from_bytes(&resealed(not_a_range), "tictactoe", &TicTacToe::new()),
        Err(BookError::Malformed(_))
    ));
    let mut half_known = bytes.clone();
    half_known[plies + 4..plies + 8].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        OpeningBook::from_bytes(&resealed(half_known), "tictactoe", &TicTacToe::new()),
        Err(BookError::Malformed(_))
    ));
    let mut longer = bytes.clone();
    longer.splice(bytes.len() - 8..bytes.len() - 8, [0u8; 3]);
    assert!(matches!(
        OpeningBook::from_bytes(&resealed(longer), "tictactoe", &TicTacToe::new()),
        Err(BookError::Malformed(_))
    ));
    assert_eq!(
        OpeningBook::from_bytes(&bytes, "", &TicTacToe::new()),
        Err(BookError::GameName { len: 0 })
    );
    assert_eq!(
        BookBuilder::new("x".repeat(256), 1).build(&TicTacToe::new()),
        Err(BookError::GameName { len: 256 })
    );
}

#[test]
fn a_book_without_a_table_is_a_configuration_error() {
    let book = BookBuilder::new("tictactoe", 1)
        .build(&TicTacToe::new())
        .unwrap();
    let r = Solver::new()
        .without_table()
        .with_book(book)
        .solve(&TicTacToe::new());
    assert!(matches!(r, Err(SearchError::Config(_))), "{r:?}");
}

#[test]
fn a_finished_start_gives_an_empty_book() {
    let won: TicTacToe = "X.O XO. X..".parse().unwrap();
    let book = BookBuilder::new("tictactoe", 3).build(&won).unwrap();
    assert!(book.is_empty());
    let read = OpeningBook::from_bytes(&book.to_bytes(), "tictactoe", &TicTacToe::new()).unwrap();
    assert_eq!(read, book);
}

/// The Middle-Easy set, from the repository's `data/connect4` (`None` outside it).
fn middle_easy() -> Option<String> {
    let path = crate::repository::file("data/connect4/Test_L2_R1")?;
    let text = std::fs::read_to_string(&path);
    Some(text.unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())))
}

/// The book shipped in `data/connect4/opening-depth1.book`: the empty board and every
/// position one ply from it, built by `ply book build --game c4 --depth 1 --table-mb 256
/// --out data/connect4/opening-depth1.book` (minutes of solving, too long for a test). The
/// test reads it and checks that it holds those positions and no others, that its values
/// agree with each other (the empty board's is the best of its children's, seen from the
/// parent), and that they are the published ones: the first player wins, with its last
/// stone, by playing the centre (score 1), the columns next to it draw and the others
/// lose, Pascal Pons' analysis of the empty board being `-2 -1 0 1 0 -1 -2`.
#[test]
fn the_shipped_connect_four_book_holds_the_published_values() {
    let Some(path) = crate::repository::file("data/connect4/opening-depth1.book") else {
        return;
    };
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let book = OpeningBook::from_bytes(&bytes, "connect4", &ConnectFour::new()).unwrap();
    assert_eq!(book.depth(), 1);
    // The empty board, and the seven first moves in four classes under the mirror.
    assert_eq!(book.len(), 5);
    let empty = ConnectFour::new();
    let root = book.value(&empty).expect("the empty board is in the book");
    assert_eq!(benchmark_score(root, 0), Some(1));
    let mut analysis = Vec::new();
    let mut best = None;
    for col in 0..7u8 {
        let mut child = empty;
        child.play(col);
        let value = book.value(&child).expect("every first move is in the book");
        analysis.push(-benchmark_score(value, 1).unwrap());
        best = best.max(Some(value.to_parent()));
    }
    assert_eq!(analysis, [-2, -1, 0, 1, 0, -1, -2]);
    assert_eq!(best, Some(root));
    let mut two = empty;
    two.play(3);
    two.play(3);
    assert_eq!(book.value(&two), None, "two plies is beyond the book");
}

/// A well-checksummed book whose value says what no position of the board can be (a win in
/// 0 plies, further away than the header's plies left or than the board's 9 plies, or with
/// the wrong parity: in tic-tac-toe the winner makes the last move) is refused; every other
/// value is read back as written.
#[test]
fn values_a_position_cannot_have_are_rejected() {
    let bytes = small_book_bytes();
    let plies = 8 + 2 + 1 + "tictactoe".len() + 4;
    let most = u32::from_le_bytes(bytes[plies + 4..plies + 8].try_into().unwrap());
    assert!(
        (1..=9).contains(&most),
        "tic-tac-toe has at most 9 plies left: {most}"
    );
    let first = plies + 8 + 8;
    let mut tried = 0;
    for forged_most in [most, 9, 10, 40, 32766, u32::MAX - 1] {
        for raw in (-40i16..=40).chain([i16::MAX, i16::MIN + 1]) {
            let mut b = bytes.clone();
            b[plies + 4..plies + 8].copy_from_slice(&forged_most.to_le_bytes());
            b[first + 8..first + 10].copy_from_slice(&raw.to_le_bytes());
            let r = OpeningBook::from_bytes(&resealed(b), "tictactoe", &TicTacToe::new());
            // `d + 1` is a win in d plies, `-(d + 1)` a loss in d plies, 0 a draw.
            let d = u32::from(raw.unsigned_abs()).saturating_sub(1);
            let parity = (d % 2 == 1) == (raw > 0);
            let possible =
                forged_most <= 9 && (raw == 0 || ((1..=forged_most).contains(&d) && parity));
            if possible {
                assert!(r.is_ok(), "value {raw}, most {forged_most}: {r:?}");
            } else {
                assert!(
                    matches!(r, Err(BookError::Malformed(_))),
                    "value {raw}, most {forged_most}: {r:?}"
                );
            }
            tried += 1;
        }
    }
    assert_eq!(tried, 6 * 83);
}

/// Every position of a build from `start` by its book key (the table's class key), each
/// with its exact value.
fn positions_by_key<G: GameHash + Sync>(
    builder: &BookBuilder,
    start: &G,
) -> HashMap<u64, (G, Score)> {
    let table = TranspositionTable::new(1 << 16).unwrap();
    let mut solver = Solver::new().with_table_mb(4);
    builder
        .positions(start)
        .unwrap()
        .into_iter()
        .flatten()
        .map(|g| {
            let key = Transpositions::<G>::class_key(&table, &g).0;
            let exact = solver.solve(&g).unwrap().score.unwrap();
            (key, (g, exact))
        })
        .collect()
}

/// Whether `value` is one `state` can have: what a reader can check without solving it (a
/// win or a loss 1 to its plies left away, the winner making the last move).
fn possible<G: Game>(state: &G, value: Score) -> bool {
    match value.plies_to_end() {
        None => true,
        Some(d) => {
            d >= 1
                && state.remaining_plies_bound().is_none_or(|left| d <= left)
                && (d % 2 == 1) == value.is_win()
        }
    }
}

/// The offsets of a book file's fields.
struct Layout {
    /// Where the header's fields end and the entries start.
    first_entry: usize,
    entries: usize,
}

impl Layout {
    fn of(bytes: &[u8]) -> Layout {
        let name = usize::from(bytes[10]);
        let first_entry = 8 + 2 + 1 + name + 4 + 4 + 4 + 8;
        Layout {
            first_entry,
            entries: (bytes.len() - 8 - first_entry) / 10,
        }
    }
}

/// The forged books of `bytes`: each byte before the checksum set to other values (its bits
/// flipped, 0 and 255), then each header field and each entry's value set to extreme values,
/// every one re-sealed with a valid checksum. Each comes with the entry it changed, if any.
fn forgeries(bytes: &[u8]) -> Vec<(Vec<u8>, Option<usize>)> {
    let layout = Layout::of(bytes);
    let entry_of = |offset: usize| {
        offset
            .checked_sub(layout.first_entry)
            .map(|o| o / 10)
            .filter(|&e| e < layout.entries)
    };
    let mut out = Vec::new();
    for offset in 0..bytes.len() - 8 {
        let b = bytes[offset];
        let mut values = vec![b ^ 1, b ^ 0x10, b ^ 0x80, 0, 0xFF];
        values.sort_unstable();
        values.dedup();
        for v in values.into_iter().filter(|&v| v != b) {
            let mut f = bytes.to_vec();
            f[offset] = v;
            out.push((resealed(f), entry_of(offset)));
        }
    }
    // Whole fields: the depth, the plies-left range, the count.
    let name = usize::from(bytes[10]);
    let depth = 8 + 2 + 1 + name;
    for (at, width) in [(depth, 4), (depth + 4, 4), (depth + 8, 4), (depth + 12, 8)] {
        for v in [
            0u64,
            1,
            8,
            9,
            10,
            42,
            43,
            32766,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let mut f = bytes.to_vec();
            f[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]);
            out.push((resealed(f), None));
        }
    }
    // Every entry's value: "win in 32766" and the like, with the header's bound forged to
    // match (or left).
    let first = layout.first_entry;
    for e in 0..layout.entries {
        let at = first + e * 10 + 8;
        for raw in [
            i16::MAX,
            i16::MIN,
            i16::MIN + 1,
            1,
            -1,
            8,
            -8,
            9,
            -9,
            10,
            -10,
            11,
            -11,
            44,
            -44,
        ] {
            for most in [None, Some(u32::MAX - 1), Some(42)] {
                let mut f = bytes.to_vec();
                f[at..at + 2].copy_from_slice(&raw.to_le_bytes());
                if let Some(most) = most {
                    f[depth + 8..depth + 12].copy_from_slice(&most.to_le_bytes());
                }
                out.push((resealed(f), Some(e)));
            }
        }
    }
    out
}

/// Reads every forgery of `book` (built by `builder` from `start`, on `board`) and checks the
/// answers of a solver with each accepted one: the book's value and the solve of every
/// position the forgery touched (every position of the book when it changed the header),
/// and of `outside`, positions not in the book whose searches pass through it. A wrong
/// answer is allowed only where the forged value is one its position could have: no reader
/// can tell such a value from a true one without solving the position again. Returns
/// (forgeries, refused, accepted, wrong answers from possible values).
fn check_forgeries<G: GameHash + Sync>(
    builder: &BookBuilder,
    start: &G,
    board: &G,
    name: &str,
    outside: &[G],
) -> (usize, usize, usize, usize) {
    let book = builder.build(start).unwrap();
    let bytes = book.to_bytes();
    let by_key = positions_by_key(builder, start);
    let keys: Vec<u64> = book.entries().map(|(k, _)| k).collect();
    let mut plain = Solver::new().with_table_mb(4);
    let outside: Vec<(G, Option<Score>)> = outside
        .iter()
        .map(|g| (g.clone(), plain.solve(g).unwrap().score))
        .collect();
    let (mut refused, mut accepted, mut undetectable) = (0, 0, 0);
    let all = forgeries(&bytes);
    for (forged, entry) in &all {
        let Ok(read) = OpeningBook::from_bytes(forged, name, board) else {
            refused += 1;
            continue;
        };
        accepted += 1;
        // The positions to ask about: the forged entry's (under its old key and its new
        // one), or all of them.
        let touched: Vec<&(G, Score)> = match entry {
            Some(e) => {
                let new_key = read.entries().nth(*e).map(|(k, _)| k);
                [Some(keys[*e]), new_key]
                    .into_iter()
                    .flatten()
                    .filter_map(|k| by_key.get(&k))
                    .collect()
            }
            None => by_key.values().collect(),
        };
        let mut solver = Solver::new().with_table_mb(1).with_book(read.clone());
        for (g, exact) in touched {
            let answer = solver.solve(g).unwrap().score.unwrap();
            let looked_up = read.value(g);
            if answer == *exact && looked_up.is_none_or(|v| v == *exact) {
                continue;
            }
            let given = looked_up.unwrap_or(answer);
            assert!(
                entry.is_some() && possible(g, given),
                "a forged book gave {answer} (book: {looked_up:?}) where the value is {exact}, \
                 a value its position cannot have"
            );
            undetectable += 1;
        }
        for (g, exact) in &outside {
            solver.clear();
            let answer = solver.solve(g).unwrap().score;
            if answer != *exact {
                assert!(entry.is_some(), "a forged header changed an answer");
                undetectable += 1;
            }
        }
    }
    (all.len(), refused, accepted, undetectable)
}

/// Forged books (every field of the file changed, re-sealed with a valid checksum) give a
/// typed error or right answers, except where a value was changed to another its position
/// could have (which no reader can tell from a true one without solving it again): no
/// impossible value ("win in 32766", a win further away than the board or the position
/// allows, a win an even number of plies away in tic-tac-toe) ever reaches an answer.
#[test]
fn forged_books_never_give_an_impossible_answer() {
    // The whole of tic-tac-toe.
    let ttt = BookBuilder::new("tictactoe", 9).with_table_mb(1);
    let (forged, refused, accepted, undetectable) =
        check_forgeries(&ttt, &TicTacToe::new(), &TicTacToe::new(), "tictactoe", &[]);
    assert!(
        refused > 0 && accepted > 0,
        "{refused} refused, {accepted} accepted"
    );
    assert_eq!(forged, refused + accepted);
    println!(
        "tic-tac-toe: {forged} forgeries, {refused} refused, {accepted} accepted, \
         {undetectable} answers changed by possible values"
    );
    // Connect Four from a Middle-Easy position, two plies deep; its parent and grandparent
    // are searched through the book.
    let Some(text) = middle_easy() else {
        return;
    };
    let line = parse_line(text.lines().next().unwrap()).unwrap().unwrap();
    let moves = line.moves.as_str();
    let parents: Vec<ConnectFour> = [1, 2]
        .iter()
        .map(|cut| moves[..moves.len() - cut].parse().unwrap())
        .collect();
    let c4 = BookBuilder::new("connect4", 2).with_table_mb(1);
    let (forged, refused, accepted, undetectable) = check_forgeries(
        &c4,
        &line.position,
        &ConnectFour::new(),
        "connect4",
        &parents,
    );
    assert!(
        refused > 0 && accepted > 0,
        "{refused} refused, {accepted} accepted"
    );
    println!(
        "Connect Four: {forged} forgeries, {refused} refused, {accepted} accepted, \
         {undetectable} answers changed by possible values"
    );
}
