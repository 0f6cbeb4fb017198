//! Books built in shards: the partition covers every position once, shards built anywhere
//! and in any order merge into the book one machine builds, byte for byte; a stopped shard
//! resumes to the same bytes; and a merge refuses a missing, duplicated, foreign, corrupt
//! or unfinished shard, saying which.

use std::collections::HashSet;
use std::ops::ControlFlow;

use adversarial::{
    BookBuilder, BookError, BookPlan, BookShard, ShardId, TranspositionTable, Transpositions,
};
use games::connect4_line::parse_line;
use games::{ConnectFour, TicTacToe};
use search_core::{GameHash, SplitMix64};

/// The first position of the Middle-Easy set (Pons' `Test_L2_R1`), 15 stones.
fn middle_easy_start() -> ConnectFour {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/connect4/Test_L2_R1"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    parse_line(text.lines().next().unwrap())
        .unwrap()
        .unwrap()
        .position
}

fn key<G: GameHash>(table: &TranspositionTable, g: &G) -> u64 {
    Transpositions::<G>::class_key(table, g).0
}

/// Every position of the plan is in exactly one place: a level above the deepest, or one
/// part of the deepest; the parts, in order, are the deepest level; and a second plan is
/// the same.
fn check_partition<G: GameHash + Clone + PartialEq + std::fmt::Debug>(
    builder: &BookBuilder,
    start: &G,
    shards: u32,
) {
    let table = TranspositionTable::new(1 << 16).unwrap();
    let plan: BookPlan<G> = builder.plan(start, shards).unwrap();
    assert_eq!(plan.shards(), shards);
    let levels = builder.positions(start).unwrap();
    assert_eq!(plan.levels(), &levels[..]);
    let mut seen = HashSet::new();
    for level in &levels[..levels.len().saturating_sub(1)] {
        for g in level {
            assert!(seen.insert(key(&table, g)), "{g:?} twice");
        }
    }
    let mut concatenated = Vec::new();
    let mut count = 0;
    for (id, part) in plan.parts() {
        assert_eq!(id.count(), shards);
        count += 1;
        for g in part {
            assert!(seen.insert(key(&table, g)), "{g:?} in two places");
            concatenated.push(g.clone());
        }
    }
    assert_eq!(count, shards);
    assert_eq!(
        &concatenated[..],
        levels.last().map_or(&[][..], Vec::as_slice)
    );
    assert_eq!(seen.len(), plan.len());
    let again = builder.plan(start, shards).unwrap();
    for (id, part) in plan.parts() {
        assert_eq!(again.part(id).unwrap(), part, "the plan is deterministic");
    }
}

#[test]
fn the_partition_covers_every_position_exactly_once() {
    let mut rng = SplitMix64::new(50);
    for depth in 0..=9 {
        let builder = BookBuilder::new("tictactoe", depth);
        for _ in 0..6 {
            let shards = 1 + rng.below(40) as u32;
            check_partition(&builder, &TicTacToe::new(), shards);
        }
    }
    // From a position with a mark, and N beyond the number of positions.
    let start: TicTacToe = "X.. ... ...".parse().unwrap();
    check_partition(&BookBuilder::new("tictactoe", 2), &start, 1000);
    let start = middle_easy_start();
    for depth in 0..=4 {
        let builder = BookBuilder::new("connect4", depth);
        for _ in 0..4 {
            let shards = 1 + rng.below(64) as u32;
            check_partition(&builder, &start, shards);
        }
    }
    check_partition(&BookBuilder::new("connect4", 6), &ConnectFour::new(), 16);
}

/// Shards built in a random order and given to the merge in another merge into the book a
/// single build makes, byte for byte.
#[test]
fn merged_shards_are_the_book_one_build_makes() {
    let mut rng = SplitMix64::new(7);
    let ttt = TicTacToe::new();
    for depth in [2, 5, 9] {
        let builder = BookBuilder::new("tictactoe", depth).with_table_mb(1);
        let whole = builder.build(&ttt).unwrap().to_bytes();
        for shards in [1, 2, 3, 7, 16, 200] {
            let plan = builder.plan(&ttt, shards).unwrap();
            let mut ids: Vec<ShardId> = ShardId::all(shards).collect();
            shuffle(&mut ids, &mut rng);
            let mut built: Vec<BookShard> = ids
                .iter()
                .map(|&id| {
                    let s = builder.build_shard(&plan, id).unwrap();
                    BookShard::from_bytes(&s.to_bytes()).unwrap()
                })
                .collect();
            shuffle(&mut built, &mut rng);
            let merged = builder.merge(&plan, &built).unwrap();
            assert_eq!(merged.to_bytes(), whole, "depth {depth}, {shards} shards");
        }
    }
    let start = middle_easy_start();
    let builder = BookBuilder::new("connect4", 3).with_table_mb(2);
    let whole = builder.build(&start).unwrap().to_bytes();
    for shards in [1, 4, 16] {
        let plan = builder.plan(&start, shards).unwrap();
        let built: Vec<BookShard> = ShardId::all(shards)
            .rev()
            .map(|id| builder.build_shard(&plan, id).unwrap())
            .collect();
        assert_eq!(builder.merge(&plan, &built).unwrap().to_bytes(), whole);
    }
}

fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// A shard stopped after any number of positions (the hook standing in for a kill), saved
/// and read back, resumes to the same bytes as a run that was never stopped; so does one
/// stopped again and again.
#[test]
fn a_stopped_shard_resumes_to_the_same_bytes() {
    let start = middle_easy_start();
    let builder = BookBuilder::new("connect4", 3).with_table_mb(2);
    let plan = builder.plan(&start, 3).unwrap();
    let id: ShardId = "2/3".parse().unwrap();
    let whole = builder.build_shard(&plan, id).unwrap().to_bytes();
    let positions = plan.part(id).unwrap().len() as u64;
    assert!(positions > 20, "{positions}");
    let stop_after = |k: u64| {
        move |s: &BookShard| {
            if s.solved() >= k {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    };
    for k in [1, 2, positions / 2, positions - 1, positions] {
        let stopped = builder
            .build_shard_with(&plan, id, None, stop_after(k))
            .unwrap();
        assert_eq!(stopped.solved(), k);
        assert_eq!(stopped.is_finished(), k == positions);
        let saved = BookShard::from_bytes(&stopped.to_bytes()).unwrap();
        let resumed = builder
            .build_shard_with(&plan, id, Some(saved), |_| ControlFlow::Continue(()))
            .unwrap();
        assert_eq!(resumed.to_bytes(), whole, "stopped after {k}");
    }
    // Stopped every 7 positions, each time from the file the last run left.
    let mut file = builder
        .build_shard_with(&plan, id, None, stop_after(7))
        .unwrap()
        .to_bytes();
    let mut runs = 1;
    loop {
        let saved = BookShard::from_bytes(&file).unwrap();
        if saved.is_finished() {
            break;
        }
        let target = saved.solved() + 7;
        file = builder
            .build_shard_with(&plan, id, Some(saved), stop_after(target))
            .unwrap()
            .to_bytes();
        runs += 1;
    }
    assert_eq!(file, whole);
    assert!(runs > 3, "{runs}");
}

/// `bytes` (without their checksum) with a fresh one.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    bytes.truncate(bytes.len() - 8);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes.extend_from_slice(&h.to_le_bytes());
    bytes
}

#[test]
fn a_merge_refuses_what_does_not_belong_and_says_which_shard() {
    let ttt = TicTacToe::new();
    let builder = BookBuilder::new("tictactoe", 4).with_table_mb(1);
    let plan = builder.plan(&ttt, 4).unwrap();
    let shards: Vec<BookShard> = ShardId::all(4)
        .map(|id| builder.build_shard(&plan, id).unwrap())
        .collect();
    assert!(builder.merge(&plan, &shards).is_ok());

    // Missing: each one, and all.
    for skip in 0..4 {
        let given: Vec<BookShard> = shards
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != skip)
            .map(|(_, s)| s.clone())
            .collect();
        let e = builder.merge(&plan, &given).unwrap_err();
        assert_eq!(
            e,
            BookError::MissingShards {
                count: 4,
                missing: vec![skip as u32 + 1]
            }
        );
        assert!(e.to_string().contains(&format!("{}/4", skip + 1)), "{e}");
    }
    assert!(matches!(
        builder.merge(&plan, &[]),
        Err(BookError::MissingShards { ref missing, .. }) if missing.len() == 4
    ));

    // Duplicated: the second place is named.
    let mut twice = shards.clone();
    twice.insert(3, shards[1].clone());
    let e = builder.merge(&plan, &twice).unwrap_err();
    assert!(
        matches!(
            e,
            BookError::DuplicateShard {
                first: 1,
                second: 3,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.shard_input(), Some(3));

    // Foreign: another depth, start, game, number of shards.
    let foreign_builds = [
        (BookBuilder::new("tictactoe", 3), ttt, 4, "depth"),
        (
            BookBuilder::new("tictactoe", 4),
            "X.. ... ...".parse().unwrap(),
            4,
            "start",
        ),
        (BookBuilder::new("tic-tac-toe", 4), ttt, 4, "tic-tac-toe"),
        (BookBuilder::new("tictactoe", 4), ttt, 5, "one of 5 shards"),
    ];
    for (other, start, n, why) in foreign_builds {
        let other_plan = other.plan(&start, n).unwrap();
        let stranger = other
            .build_shard(&other_plan, ShardId::new(2, n).unwrap())
            .unwrap();
        let mut given = shards.clone();
        given[1] = stranger;
        let e = builder.merge(&plan, &given).unwrap_err();
        assert!(
            matches!(e, BookError::ForeignShard { input: 1, .. }),
            "{why}: {e:?}"
        );
        assert!(e.to_string().contains(why), "{why}: {e}");
        assert_eq!(e.shard_input(), Some(1));
    }

    // Corrupt: a changed byte fails the checksum; a value re-sealed into one its position
    // cannot have, or another position's key, is refused by the merge.
    let bytes = shards[2].to_bytes();
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x20;
        assert!(BookShard::from_bytes(&b).is_err(), "byte {i}");
    }
    let last_value = bytes.len() - 8 - 2;
    for raw in [0i16, 2, -3, 100, i16::MAX] {
        let mut b = bytes.clone();
        let old = i16::from_le_bytes([b[last_value], b[last_value + 1]]);
        if raw == old {
            continue;
        }
        b[last_value..last_value + 2].copy_from_slice(&raw.to_le_bytes());
        let read = BookShard::from_bytes(&resealed(b));
        let Ok(read) = read else { continue };
        let mut given = shards.clone();
        given[2] = read;
        match builder.merge(&plan, &given) {
            Err(e) => assert!(
                matches!(e, BookError::ForeignShard { input: 2, .. }),
                "{e:?}"
            ),
            // A value the position could have: not detectable without solving it.
            Ok(_) => assert!(raw == 0 || raw.unsigned_abs() < 10, "{raw}"),
        }
    }
    let last_key = bytes.len() - 8 - 10;
    let mut b = bytes.clone();
    b[last_key] ^= 1;
    let mut given = shards.clone();
    given[2] = BookShard::from_bytes(&resealed(b)).unwrap();
    let e = builder.merge(&plan, &given).unwrap_err();
    assert!(
        matches!(e, BookError::ForeignShard { input: 2, .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("other positions"), "{e}");

    // Unfinished.
    let id: ShardId = "3/4".parse().unwrap();
    let stopped = builder
        .build_shard_with(&plan, id, None, |_| ControlFlow::Break(()))
        .unwrap();
    let mut given = shards.clone();
    given[2] = stopped;
    let e = builder.merge(&plan, &given).unwrap_err();
    assert!(
        matches!(
            e,
            BookError::UnfinishedShard {
                input: 2,
                solved: 1,
                ..
            }
        ),
        "{e:?}"
    );
    // A shard resumed under another number is refused.
    let r = builder.build_shard_with(
        &plan,
        "4/4".parse().unwrap(),
        Some(shards[2].clone()),
        |_| ControlFlow::Continue(()),
    );
    assert!(matches!(r, Err(BookError::ForeignShard { .. })), "{r:?}");
}

#[test]
fn shard_files_are_checked_when_read() {
    let ttt = TicTacToe::new();
    let builder = BookBuilder::new("tictactoe", 3).with_start_text("the empty board");
    let plan = builder.plan(&ttt, 2).unwrap();
    let shard = builder.build_shard(&plan, "1/2".parse().unwrap()).unwrap();
    let bytes = shard.to_bytes();
    assert_eq!(BookShard::from_bytes(&bytes).unwrap(), shard);
    assert_eq!(shard.start_text(), "the empty board");
    for n in 0..bytes.len() {
        assert!(
            matches!(BookShard::from_bytes(&bytes[..n]), Err(BookError::Truncated { found, .. }) if found == n as u64),
            "cut after {n}"
        );
    }
    // A reader's limit is applied before the entries are read.
    assert!(matches!(
        BookShard::read_from(&bytes[..], 100),
        Err(BookError::TooLarge { limit: 100, .. })
    ));
    assert_eq!(
        BookShard::read_from(std::io::repeat(0), 1 << 20),
        Err(BookError::NotABook)
    );
    // A book is not a shard, nor a shard a book.
    let book = builder.build(&ttt).unwrap().to_bytes();
    assert_eq!(BookShard::from_bytes(&book), Err(BookError::NotABook));
    assert_eq!(
        adversarial::OpeningBook::from_bytes(&bytes, "tictactoe", &ttt),
        Err(BookError::NotABook)
    );
    // An endless shard header is refused within the limit.
    let mut endless = bytes[..bytes.len() - 8].to_vec();
    endless.extend(std::iter::repeat_n(0u8, 5000));
    assert!(BookShard::read_from(&endless[..], 1000).is_err());
    // Shard numbers.
    for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/4", "1/2000000"] {
        assert!(
            matches!(bad.parse::<ShardId>(), Err(BookError::ShardNumber(_))),
            "{bad}"
        );
    }
    assert!(builder.plan(&ttt, 0).is_err());
}
