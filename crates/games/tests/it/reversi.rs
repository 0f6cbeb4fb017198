//! 6 × 6 Reversi: the rules against an independent slow implementation, perft against
//! published counts, the conformance checker, the evaluator's symmetry, the one-ply player,
//! and the code blocks that `docs/guide-your-own-game.md` quotes (the matches are in
//! `crates/play/tests/it/reversi_engines.rs`, the crate of the match runner).

use games::perft;
use games::reversi::{Greedy, Move, ParseMoveError, Reversi, Square, Weights};
use search_core::SplitMix64;
use search_core::{Evaluator, Game, GameHash, Outcome, Player, Strategy};

/// A position from six rows of `X`, `O` and `.` (spaces ignored), with `to_move`.
fn board(rows: &str, to_move: Player) -> Reversi {
    let cells: Vec<char> = rows.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(cells.len(), 36, "a board has 36 cells: {rows}");
    let mut discs = [0u64; 2];
    for (i, c) in cells.iter().enumerate() {
        match c {
            'X' => discs[0] |= 1 << i,
            'O' => discs[1] |= 1 << i,
            '.' => {}
            other => panic!("bad cell {other:?}"),
        }
    }
    Reversi::from_discs(discs[0], discs[1], to_move).unwrap()
}

fn place(name: &str) -> Move {
    name.parse().unwrap()
}

/// The conformance test as the guide quotes it: in a module of its own, without imports,
/// so that its `use` lines are all it needs and the guide's block compiles as shown.
mod conformance_as_quoted {
    // ANCHOR: conformance
    #[test]
    fn reversi_passes_the_conformance_checker() {
        use games::reversi::Reversi;
        use search_core::testing::Conformance;

        let report = Conformance::new()
            .with_games(300)
            .with_seed(6)
            .check_hashed(&Reversi::new())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.games, 300);
        assert!(report.longest_game <= 63);
        assert!(report.transpositions > 0);
    }
    // ANCHOR_END: conformance
}

/// An independent, slow reference: cells in an array, each direction walked square by
/// square with row/column coordinates (no bitboards, no shifts, no masks).
#[derive(Clone)]
struct Slow {
    cells: [[Option<Player>; 6]; 6],
    to_move: Player,
}

const DIRS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Slow {
    fn from(r: &Reversi) -> Slow {
        let mut cells = [[None; 6]; 6];
        for (row, line) in cells.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                let bit = 1u64 << (row * 6 + col);
                if r.discs(Player::First) & bit != 0 {
                    *cell = Some(Player::First);
                } else if r.discs(Player::Second) & bit != 0 {
                    *cell = Some(Player::Second);
                }
            }
        }
        Slow {
            cells,
            to_move: r.to_move(),
        }
    }

    fn at(&self, row: i32, col: i32) -> Option<Option<Player>> {
        if (0..6).contains(&row) && (0..6).contains(&col) {
            Some(self.cells[row as usize][col as usize])
        } else {
            None
        }
    }

    /// The squares flipped if `who` places at (row, col).
    fn flips(&self, who: Player, row: i32, col: i32) -> Vec<(i32, i32)> {
        let mut all = Vec::new();
        if self.cells[row as usize][col as usize].is_some() {
            return all;
        }
        for (dr, dc) in DIRS {
            let mut line = Vec::new();
            let (mut r, mut c) = (row + dr, col + dc);
            while self.at(r, c) == Some(Some(who.opponent())) {
                line.push((r, c));
                r += dr;
                c += dc;
            }
            if !line.is_empty() && self.at(r, c) == Some(Some(who)) {
                all.extend(line);
            }
        }
        all
    }

    fn placements(&self, who: Player) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for row in 0..6 {
            for col in 0..6 {
                if !self.flips(who, row, col).is_empty() {
                    out.push((row, col));
                }
            }
        }
        out
    }

    /// Perft with passes as moves and no moves once neither side can place.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mine = self.placements(self.to_move);
        if mine.is_empty() {
            if self.placements(self.to_move.opponent()).is_empty() {
                return 0;
            }
            let mut next = self.clone();
            next.to_move = next.to_move.opponent();
            return next.perft(depth - 1);
        }
        let mut total = 0;
        for (row, col) in mine {
            let mut next = self.clone();
            for (r, c) in self.flips(self.to_move, row, col) {
                next.cells[r as usize][c as usize] = Some(self.to_move);
            }
            next.cells[row as usize][col as usize] = Some(self.to_move);
            next.to_move = self.to_move.opponent();
            total += next.perft(depth - 1);
        }
        total
    }
}

/// A position after `plies` random moves from the start (fewer if the game ends).
fn random_position(rng: &mut SplitMix64, plies: usize) -> Reversi {
    let mut s = Reversi::new();
    for _ in 0..plies {
        let moves = s.legal_move_list();
        if moves.is_empty() {
            break;
        }
        s.play(moves[rng.below(moves.len())]);
    }
    s
}

#[test]
fn perft_matches_an_independent_reference_and_published_counts() {
    let start = Reversi::new();
    let slow = Slow::from(&start);
    let counts: Vec<u64> = (1..=7).map(|d| perft(&start, d)).collect();
    for (d, &count) in (1..=7).zip(&counts) {
        assert_eq!(count, slow.perft(d), "perft({d})");
    }
    // Within three plies no disc can reach beyond the 6 × 6 board's edge from the
    // centre, so the first counts equal the published 8 × 8 Othello perft: 4, 12, 56.
    assert_eq!(&counts[..3], &[4, 12, 56]);
    // Published 8 × 8 Othello perft(5) is 1,396; on 6 × 6 some of those sequences would
    // leave the board.
    assert!(counts[4] < 1_396, "{counts:?}");
}

#[test]
fn perft_agrees_with_the_reference_from_random_midgame_positions() {
    let mut rng = SplitMix64::new(3);
    for _ in 0..20 {
        let plies = 4 + rng.below(20);
        let s = random_position(&mut rng, plies);
        assert_eq!(perft(&s, 3), Slow::from(&s).perft(3), "\n{s}");
    }
}

#[test]
fn a_player_without_placements_must_pass() {
    // X cannot place (west of d1 the O run reaches the edge); O can: e1 flips d1.
    let s = board(
        "O O O X . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .",
        Player::First,
    );
    let slow = Slow::from(&s);
    assert!(slow.placements(Player::First).is_empty());
    assert!(!slow.placements(Player::Second).is_empty());
    assert_eq!(s.legal_move_list(), vec![Move::Pass]);
    assert_eq!(s.legal_move_count(), 1);
    assert_eq!(s.outcome(), Outcome::Ongoing);
    let mut after = s;
    after.try_play(Move::Pass).unwrap();
    for player in [Player::First, Player::Second] {
        assert_eq!(
            after.discs(player),
            s.discs(player),
            "a pass changes no disc"
        );
    }
    assert_eq!(after.to_move(), Player::Second);
    assert_eq!(after.legal_move_list(), vec![place("e1")]);
    // Passing is not allowed when a placement exists.
    let mut start = Reversi::new();
    assert!(start.try_play(Move::Pass).is_err());
}

#[test]
fn the_game_ends_when_neither_side_can_place() {
    // Board not full, but no placement for anyone: O has 2 discs, X 1.
    let s = board(
        "O O . . . X
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .",
        Player::First,
    );
    assert_eq!(s.outcome(), Outcome::Win(Player::Second));
    assert!(s.legal_move_list().is_empty());
    assert_eq!(s.remaining_plies_bound(), Some(0));
    // A full board with 18 discs each is a draw.
    let full = board(&"XO".repeat(18), Player::Second);
    assert_eq!(full.outcome(), Outcome::Draw);
}

#[test]
fn one_placement_captures_in_all_eight_directions() {
    let s = board(
        "X . X . X .
         . O O O . .
         X O . O X .
         . O O O . .
         X . X . X .
         . . . . . .",
        Player::First,
    );
    let mut after = s;
    after.try_play(place("c3")).unwrap();
    let want = board(
        "X . X . X .
         . X X X . .
         X X X X X .
         . X X X . .
         X . X . X .
         . . . . . .",
        Player::Second,
    );
    assert_eq!(after, want, "\n{after}");
    assert_eq!(Slow::from(&s).flips(Player::First, 2, 2).len(), 8);
}

#[test]
fn runs_do_not_wrap_around_the_board_edges() {
    // In bit order a3 follows f2 and f3 sits five bits after a3 (one "north-east" step):
    // without the edge masks, X could play e2 (east over f2 onto a3) or e4 (north-east
    // over f3 onto a3), and O could play b3 (west over a3 onto f2).
    let s = board(
        ". . . . . .
         . . . . . O
         X . . . . O
         . . . . . .
         . . . . . .
         . . . . . .",
        Player::First,
    );
    let slow = Slow::from(&s);
    assert!(slow.placements(Player::First).is_empty());
    assert!(slow.placements(Player::Second).is_empty());
    assert!(s.legal_move_list().is_empty(), "{:?}", s.legal_move_list());
    assert_eq!(s.outcome(), Outcome::Win(Player::Second));
}

#[test]
fn captures_stop_at_gaps_and_need_an_own_disc_at_the_end() {
    let s = board(
        ". O O X . .
         . . . . . .
         . O . X . .
         . . . . . .
         . O O . . .
         . . . . . .",
        Player::First,
    );
    let moves = s.legal_move_list();
    assert!(moves.contains(&place("a1")), "a1 flips b1 and c1");
    assert!(
        !moves.contains(&place("a3")),
        "b3 then a gap: nothing to flip"
    );
    assert!(
        !moves.contains(&place("a5")),
        "b5, c5 then empty: nothing to flip"
    );
    let mut after = s;
    after.play(place("a1"));
    assert_eq!(after.count(Player::First), 5);
    assert_eq!(after.count(Player::Second), 3);
}

#[test]
fn moves_parse_and_print_with_typed_errors() {
    for i in 0..36 {
        let mv = Move::Place(Square::from_index(i).unwrap());
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    assert_eq!(
        " C4 ".parse::<Move>(),
        Ok(Move::Place(Square::new(3, 2).unwrap()))
    );
    assert_eq!("PASS".parse::<Move>(), Ok(Move::Pass));
    assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
    assert_eq!("g1".parse::<Move>(), Err(ParseMoveError::BadColumn('g')));
    assert_eq!("4c".parse::<Move>(), Err(ParseMoveError::BadColumn('4')));
    for bad in ["a", "a0", "a7", "a12", "a+1", "ab"] {
        assert!(
            matches!(bad.parse::<Move>(), Err(ParseMoveError::BadRow(_))),
            "{bad}"
        );
    }
    let text = Reversi::new().to_string();
    assert!(text.contains(" 3 . . O X . ."), "{text}");
    assert!(text.contains(" 4 . . X O . ."), "{text}");
    assert!(text.ends_with("X 2 - O 2, X to move"), "{text}");
}

/// What a prompt shows: the parse errors' messages and the legal moves as typed.
#[test]
fn errors_and_move_lists_read_as_a_prompt_shows_them() {
    let err = |text: &str| text.parse::<Move>().unwrap_err().to_string();
    assert!(err("zz").contains("'z' is not a column"), "{}", err("zz"));
    assert!(err("g9").contains("'g' is not a column"), "{}", err("g9"));
    assert_eq!(err("c9"), "\"9\" is not a row: rows are the numbers 1 to 6");
    assert_eq!(err("  "), "no move given: type a square like c4, or pass");
    let start = Reversi::new();
    let list: Vec<String> = start
        .legal_move_list()
        .iter()
        .map(Move::to_string)
        .collect();
    assert_eq!(list.join(" "), "c2 b3 e4 d5");
    // c3 is occupied and d2 flips nothing: both parse, neither is legal.
    for text in ["c3", "d2"] {
        let mut s = start;
        assert!(s.try_play(place(text)).is_err(), "{text}");
        assert!(!start.is_legal(place(text)), "{text}");
    }
    assert!(start.is_legal(place("c2")));
}

#[test]
fn squares_and_positions_are_built_and_read_back() {
    for sq in Square::all() {
        assert_eq!(Square::new(sq.row(), sq.col()), Some(sq));
        assert_eq!(Square::from_index(sq.index()), Some(sq));
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(sq.bit(), 1 << sq.index());
    }
    assert_eq!(Square::all().count(), 36);
    assert_eq!(Square::new(0, 6), None);
    assert_eq!(Square::new(6, 0), None);
    assert_eq!(Square::from_index(36), None);
    assert_eq!(
        "pass".parse::<Square>(),
        Err(ParseMoveError::BadColumn('p'))
    );

    let start = Reversi::new();
    assert_eq!(start, Reversi::default());
    assert_eq!(
        Reversi::from_discs(
            start.discs(Player::First),
            start.discs(Player::Second),
            Player::First
        ),
        Some(start)
    );
    assert_eq!(start.at(Square::new(2, 3).unwrap()), Some(Player::First));
    assert_eq!(start.at(Square::new(2, 2).unwrap()), Some(Player::Second));
    assert_eq!(start.at(Square::new(0, 0).unwrap()), None);
    assert_eq!(Reversi::from_discs(1, 1, Player::First), None, "overlap");
    assert_eq!(
        Reversi::from_discs(0, 1 << 36, Player::First),
        None,
        "off the board"
    );
    let o_to_move = start.with_to_move(Player::Second);
    assert_eq!(o_to_move.to_move(), Player::Second);
    assert_eq!(o_to_move.discs(Player::First), start.discs(Player::First));
    assert_eq!(o_to_move.discs(Player::Second), start.discs(Player::Second));
}

#[test]
fn the_key_tells_apart_the_side_to_move_and_every_cell() {
    let s = Reversi::new();
    let other = s.with_to_move(Player::Second);
    assert_ne!(s.hash_key(), other.hash_key());
    // Every single-disc board has its own key, X and O apart.
    let mut keys = std::collections::HashSet::new();
    for i in 0..36 {
        for who in 0..2 {
            let mut discs = [0; 2];
            discs[who] = 1 << i;
            let p = Reversi::from_discs(discs[0], discs[1], Player::First).unwrap();
            assert!(keys.insert(p.hash_key()));
        }
    }
    let full_o = Reversi::from_discs(0, (1 << 36) - 1, Player::Second).unwrap();
    assert_eq!(full_o.hash_key(), 2 * 3u64.pow(36) - 1, "the largest key");
}

#[test]
fn the_evaluator_is_antisymmetric() {
    let mut rng = SplitMix64::new(11);
    for _ in 0..200 {
        let plies = rng.below(30);
        let s = random_position(&mut rng, plies);
        // The same discs seen by the other side: its value is the negation.
        let flipped = s.with_to_move(s.to_move().opponent());
        let w = Weights::DEFAULT;
        assert_eq!(w.evaluate(&flipped), -w.evaluate(&s), "\n{s}");
        // Swapping the colours of the discs as well gives back the same value.
        let swapped = Reversi::from_discs(
            s.discs(Player::Second),
            s.discs(Player::First),
            flipped.to_move(),
        )
        .unwrap();
        assert_eq!(w.evaluate(&swapped), w.evaluate(&s), "\n{s}");
    }
    // A corner is worth more to its owner than the centre discs.
    let corner = board(
        "X . . . . .
         . . . . . .
         . . O X . .
         . . X O . .
         . . . . . .
         . . . . . .",
        Player::First,
    );
    assert!(Weights::DEFAULT.evaluate(&corner) > Weights::DEFAULT.evaluate(&Reversi::new()));
    assert_eq!(Weights::default(), Weights::DEFAULT);
}

#[test]
fn the_one_ply_player_takes_a_win_and_names_itself() {
    // X to move has a1 (flips b1 and b2: O has no disc left, X wins) and a3 (flips b2).
    let s = board(
        ". O X . . .
         . O . . . .
         . . X . . .
         . . . . . .
         . . . . . .
         . . . . . .",
        Player::First,
    );
    assert_eq!(s.legal_move_list(), vec![place("a1"), place("a3")]);
    for seed in 0..10 {
        let mut ai = Greedy::new(Weights::DEFAULT, seed);
        assert_eq!(ai.choose_move(&s), Ok(place("a1")), "seed {seed}");
    }
    let ai = Greedy::new(Weights::MATERIAL, 1);
    assert_eq!(ai.name(), "greedy");
    assert_eq!(ai.with_name("material").name(), "material");
    let mut over = s;
    over.play(place("a1"));
    assert_eq!(over.outcome(), Outcome::Win(Player::First));
    assert!(Greedy::new(Weights::DEFAULT, 1).choose_move(&over).is_err());
}

/// The text between `// ANCHOR: name` and `// ANCHOR_END: name` in `source`, with the
/// common indentation removed.
fn anchor(source: &str, name: &str) -> Option<String> {
    let start = format!("// ANCHOR: {name}");
    let end = format!("// ANCHOR_END: {name}");
    let lines: Vec<&str> = source.lines().collect();
    let from = lines.iter().position(|l| l.trim() == start)? + 1;
    let to = from + lines[from..].iter().position(|l| l.trim() == end)?;
    let body = &lines[from..to];
    let indent = body
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let text: Vec<&str> = body.iter().map(|l| l.get(indent..).unwrap_or("")).collect();
    Some(text.join("\n"))
}

/// Every Rust block of the guide is marked `<!-- path#name -->` (a path from the workspace
/// root) and is exactly the code between that anchor's markers in that file, so the guide
/// shows code that compiles and runs. A block quoted from a library's `src/` may be an
/// excerpt that does not compile alone, fenced `rust,ignore` (the doctests of `benches`
/// skip it); every other Rust block is complete and fenced `rust` (those doctests compile
/// it as shown). Every block says what it is: no fence without a language.
#[test]
fn the_guide_quotes_the_code_exactly() {
    let Some(path) = crate::repository::file("docs/guide-your-own-game.md") else {
        return;
    };
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let path = path.display().to_string();
    let guide = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> = guide.lines().collect();
    let mut quoted = 0;
    let mut excerpts = 0;
    let mut files = std::collections::BTreeSet::new();
    let mut in_block = false;
    for (i, line) in lines.iter().enumerate() {
        let Some(info) = line.trim().strip_prefix("```") else {
            continue;
        };
        if in_block {
            assert_eq!(info, "", "line {}: a block ends with a bare fence", i + 1);
            in_block = false;
            continue;
        }
        in_block = true;
        assert!(
            !info.is_empty(),
            "line {}: a block without a language",
            i + 1
        );
        if info.starts_with("rust") {
            let marker = i.checked_sub(1).map(|m| lines[m].trim()).unwrap_or("");
            assert!(
                marker.starts_with("<!-- ") && marker.ends_with(" -->"),
                "line {}: a Rust block that quotes nothing",
                i + 1
            );
        }
    }
    assert!(!in_block, "the guide ends inside a block");
    for (i, line) in lines.iter().enumerate() {
        let Some((file, name)) = line
            .trim()
            .strip_prefix("<!-- ")
            .and_then(|rest| rest.strip_suffix(" -->"))
            .and_then(|marker| marker.split_once('#'))
        else {
            continue;
        };
        assert!(
            file.starts_with("crates/") && file.ends_with(".rs"),
            "a quote marker names a Rust file from the workspace root: {line}"
        );
        let source_path = format!("{root}/{file}");
        let source = std::fs::read_to_string(&source_path)
            .unwrap_or_else(|e| panic!("{line}: {source_path}: {e}"));
        let fence = lines.get(i + 1).map(|l| l.trim());
        match fence {
            Some("```rust") => {}
            Some("```rust,ignore") if file.contains("/src/") => excerpts += 1,
            other => panic!(
                "block after {line}: {other:?} (`rust`, or `rust,ignore` for an excerpt of a src/ file)"
            ),
        }
        let len = lines[i + 2..]
            .iter()
            .position(|l| l.trim() == "```")
            .unwrap_or_else(|| panic!("unclosed block after {line}"));
        let block = lines[i + 2..i + 2 + len].join("\n");
        let code = anchor(&source, name).unwrap_or_else(|| panic!("no anchor {name} in {file}"));
        assert_eq!(block, code, "the guide's {name} block differs from {file}");
        quoted += 1;
        files.insert(file.to_string());
    }
    assert!(quoted >= 14, "only {quoted} quoted blocks found in {path}");
    assert!(
        excerpts < quoted / 2,
        "{excerpts} of {quoted} blocks are excerpts"
    );
    for file in [
        "crates/games/src/reversi/mod.rs",
        "crates/games/src/reversi/players.rs",
        "crates/games/tests/it/reversi.rs",
        "crates/play/tests/it/reversi_engines.rs",
        "crates/play/examples/play_in_terminal.rs",
        "crates/adversarial/examples/dice_and_players.rs",
        "crates/adversarial/examples/card_game_cfr.rs",
        "crates/mcts/examples/general_mcts.rs",
    ] {
        assert!(files.contains(file), "the guide quotes nothing from {file}");
    }
}
