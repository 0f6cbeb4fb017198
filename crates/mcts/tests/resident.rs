//! What the memory cap holds the process to: the resident memory an MCTS search adds stays
//! within `with_memory_cap`'s bytes (and 10 %), on one thread and on two, with a tree each
//! or one shared tree (whose nodes are larger and which is written back, compact, while it
//! is still held, when it is needed whole: here by a tree view), with the transposition
//! table beside the trees too. One test: it measures the whole process.

use games::ConnectFour;
use mcts::{Mcts, Parallelism};
use search_core::Budget;
use search_core::testing::peak_resident_growth;

#[test]
fn resident_memory_stays_within_the_memory_cap() {
    const CAP: u64 = 48 << 20;
    for (threads, parallelism, transpositions) in [
        (1, Parallelism::Root, false),
        (2, Parallelism::Root, false),
        (2, Parallelism::Tree, false),
        (1, Parallelism::Root, true),
        (2, Parallelism::Root, true),
    ] {
        let (r, growth) = peak_resident_growth(|| {
            // No limit but the cap: the search ends when the tree is full, on any machine.
            let mut ai = Mcts::<ConnectFour>::new()
                .with_seed(2)
                .with_threads(threads)
                .with_parallelism(parallelism)
                .with_transpositions(transpositions)
                .with_memory_cap(CAP)
                .with_tree_reuse(false)
                .with_budget(Budget::new());
            let r = ai.search(&ConnectFour::new()).unwrap();
            // The whole tree, written back from the shared one if need be.
            assert!(ai.root_view().is_some());
            r
        });
        let label = format!("{threads} threads, {parallelism:?}, transpositions {transpositions}");
        // The cap was reached: the search grew the tree as far as it may.
        let node_bytes = Mcts::<ConnectFour>::NODE_BYTES as u64;
        assert!(
            r.tree_size as u64 * node_bytes * 3 >= CAP,
            "{label}: only {} nodes",
            r.tree_size
        );
        eprintln!("{label}: {growth:?} bytes for a cap of {CAP}");
        if let Some(growth) = growth {
            assert!(
                growth * 10 <= CAP * 11,
                "{label}: {growth} bytes resident for a cap of {CAP}"
            );
        }
    }
}
