//! The native side of the page's speed comparison: the same two workloads the browser test
//! runs in the page ([`plysearch_web::bench_solve`] and [`plysearch_web::bench_mcts`]),
//! built from the same crate for this machine, printed as JSON lines.
//!
//! ```sh
//! cargo run --release --manifest-path crates/web/Cargo.toml --example native_bench -- data/connect4/Test_L2_R1 200 2000
//! ```
//!
//! Arguments: the benchmark file, how many of its positions to solve (default 200), and
//! the milliseconds of MCTS (default 2000).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: native_bench FILE [POSITIONS] [MCTS_MILLIS]");
        return ExitCode::from(2);
    };
    let count: u32 = args.get(1).map_or(Ok(200), |s| s.parse()).unwrap_or(200);
    let millis: u32 = args.get(2).map_or(Ok(2000), |s| s.parse()).unwrap_or(2000);
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    match plysearch_web::bench_solve(&text, count) {
        Ok(r) => println!("solve {r}"),
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::FAILURE;
        }
    }
    match plysearch_web::bench_mcts(millis, 1) {
        Ok(r) => println!("mcts {r}"),
        Err(e) => {
            eprintln!("mcts: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
