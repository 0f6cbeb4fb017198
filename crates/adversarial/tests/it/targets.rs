//! What differs between targets: table sizes beyond a 32-bit address space, and thread
//! counts where no thread can be started. Each test states what every target must do, so
//! the same test checks the 64-bit build, the 32-bit one (`i686-unknown-linux-gnu`) and
//! WebAssembly.

use adversarial::{
    CompactTable, MAX_TABLE_BYTES, Negamax, Solver, TableSizeError, TranspositionTable,
};
use games::{ConnectFour, OpenLines, TicTacToe};
use search_core::{Budget, BudgetError, SearchError, threads_available};

/// The first size one allocation cannot hold on this target: 2 GiB on a 32-bit one.
fn beyond_address_space() -> u64 {
    isize::MAX as u64 + 1
}

/// A size the address space cannot hold is a typed error, not an overflow or a wrong size:
/// `BeyondAddressSpace` where it is below `MAX_TABLE_BYTES` (32-bit targets), `TooLarge`
/// where it is not (64-bit ones). Nothing is allocated either way.
#[test]
fn a_table_beyond_the_address_space_is_a_typed_error() {
    let bytes = beyond_address_space();
    let expected = if bytes <= MAX_TABLE_BYTES {
        TableSizeError::BeyondAddressSpace {
            bytes,
            max: isize::MAX as u64,
        }
    } else {
        TableSizeError::TooLarge {
            bytes,
            max: MAX_TABLE_BYTES,
        }
    };
    assert_eq!(TranspositionTable::new(bytes).err(), Some(expected));
    assert_eq!(
        CompactTable::<ConnectFour>::new(bytes).err(),
        Some(expected)
    );
    // The same size in megabytes, through the engines' builders: the search reports it.
    let megabytes = bytes >> 20;
    assert_eq!(
        TranspositionTable::with_megabytes(megabytes).err(),
        Some(expected)
    );
    let message = match Solver::new()
        .with_table_mb(megabytes)
        .solve(&TicTacToe::new())
    {
        Err(SearchError::Config(message)) => message,
        other => panic!("a table of {megabytes} MiB: {other:?}"),
    };
    assert!(message.contains(&expected.to_string()), "{message}");
    assert!(matches!(
        Negamax::new(OpenLines)
            .with_table_mb(megabytes)
            .with_budget(Budget::depth(2))
            .search(&TicTacToe::new()),
        Err(SearchError::Config(_))
    ));
}

/// 4 GiB and more wrap around to small sizes in a 32-bit `usize`: as `u64` they stay what
/// they are, refused on a 32-bit target and accepted (not allocated here) on a 64-bit one.
#[test]
fn sizes_do_not_wrap_around_on_32_bit_targets() {
    for bytes in [4 << 30, (4 << 30) + 4096, (8 << 30) + 16] {
        let got = TranspositionTable::new(bytes);
        if usize::BITS == 32 {
            assert!(
                matches!(got, Err(TableSizeError::BeyondAddressSpace { bytes: b, .. }) if b == bytes),
                "{bytes}: {got:?}"
            );
        } else {
            // Only the size's arithmetic: a 64-bit target may hold it, this machine need not.
            assert!(
                !matches!(got, Err(TableSizeError::BeyondAddressSpace { .. })),
                "{bytes}"
            );
        }
    }
}

/// More than one thread is refused with `BudgetError::NoThreads` exactly where no thread
/// can be started (WebAssembly in a browser), and searches as asked everywhere else.
#[test]
fn several_threads_are_refused_only_where_none_can_start() {
    let game = TicTacToe::new();
    let refused = |engine: &'static str| {
        Err::<(), _>(SearchError::Budget(BudgetError::NoThreads {
            engine,
            threads: 2,
        }))
    };
    let negamax = Negamax::new(OpenLines)
        .with_threads(2)
        .with_budget(Budget::depth(4))
        .search(&game)
        .map(|_| ());
    let solver = Solver::new()
        .with_threads(2)
        .with_table_mb(1)
        .solve(&game)
        .map(|_| ());
    if threads_available() {
        assert_eq!(negamax, Ok(()));
        assert_eq!(solver, Ok(()));
    } else {
        assert_eq!(negamax, refused("Negamax"));
        assert_eq!(solver, refused("Solver"));
    }
}
