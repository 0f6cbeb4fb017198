//! Playing strength of the MCTS options, measured with the match runner (`play::Arena`):
//! seeded matches from random openings, colours alternated, the score of the first-named
//! engine with its 95 % interval and the Elo difference with its interval.
//!
//! * progressive widening (`with_progressive_widening(1.0, 0.5)`) against plain UCT at
//!   equal playouts, on Connect Four and on 6 × 6 Reversi (more moves per position);
//! * tree parallelism against root parallelism, two threads each, at equal time per move
//!   and at equal playouts, on Connect Four;
//! * RAVE (`with_rave(k)`) against plain UCT at equal playouts (k = 100 and 1000) and at
//!   equal time, on Connect Four, on 6 × 6 Reversi and on 3 × 3 Dots and Boxes;
//! * transpositions (`with_transpositions(true)`) against plain UCT at equal playouts on
//!   the same games, and at equal time on Connect Four.
//!
//! `cargo bench -p benches --bench mcts_strength -- [games per match] [word]` (default 100
//! games; with a word, only the matches whose name contains it, e.g. `RAVE`).
#![forbid(unsafe_code)]

use std::time::{Duration, Instant};

use games::{ConnectFour, DotsAndBoxes, Reversi};
use mcts::{Mcts, Parallelism};
use play::Arena;
use search_core::{Budget, Game, GameHash, Strategy};

/// Plays `games` games between the engines `a` and `b` builds from a seed, and prints the
/// line of the match.
fn duel<'a, G, A, B>(
    filter: &str,
    name: &str,
    start: G,
    games: u32,
    opening: u32,
    a: impl FnMut(u64) -> A + 'a,
    b: impl FnMut(u64) -> B + 'a,
) where
    G: Game,
    A: Strategy<G> + 'a,
    B: Strategy<G> + 'a,
{
    if !name.contains(filter) {
        return;
    }
    let t = Instant::now();
    let mut arena = Arena::new(start)
        .with_engine(a)
        .with_engine(b)
        .with_games(games)
        .with_seed(2026)
        .with_opening_plies(opening);
    match arena.run() {
        Ok(report) => {
            let tally = report.tally().unwrap_or_default();
            println!(
                "{name}: {} games  {tally}  ({:.0} s)",
                tally.games(),
                t.elapsed().as_secs_f64()
            )
        }
        Err(e) => println!("{name}: the match stopped: {e}"),
    }
}

fn main() {
    let games: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(100);
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-') && a.parse::<u32>().is_err())
        .unwrap_or_default();
    let filter = filter.as_str();
    let playouts = |n| Budget::iterations(n);

    duel(
        filter,
        "Connect Four, 3 000 playouts a move: widening (1, 0.5) vs plain UCT",
        ConnectFour::new(),
        games,
        4,
        |seed| {
            Mcts::<ConnectFour>::new()
                .with_seed(seed)
                .with_progressive_widening(1.0, 0.5)
                .with_budget(playouts(3_000))
        },
        |seed| {
            Mcts::<ConnectFour>::new()
                .with_seed(seed + 1)
                .with_budget(playouts(3_000))
        },
    );
    duel(
        filter,
        "Reversi 6x6, 3 000 playouts a move: widening (1, 0.5) vs plain UCT",
        Reversi::new(),
        games,
        4,
        |seed| {
            Mcts::<Reversi>::new()
                .with_seed(seed)
                .with_progressive_widening(1.0, 0.5)
                .with_budget(playouts(3_000))
        },
        |seed| {
            Mcts::<Reversi>::new()
                .with_seed(seed + 1)
                .with_budget(playouts(3_000))
        },
    );
    let parallel = |parallelism, seed, budget: Budget| {
        Mcts::<ConnectFour>::new()
            .with_seed(seed)
            .with_threads(2)
            .with_parallelism(parallelism)
            .with_budget(budget)
    };
    duel(
        filter,
        "Connect Four, 2 threads, 20 ms a move: tree vs root parallelism",
        ConnectFour::new(),
        games,
        4,
        |seed| {
            parallel(
                Parallelism::Tree,
                seed,
                Budget::time(Duration::from_millis(20)),
            )
        },
        |seed| {
            parallel(
                Parallelism::Root,
                seed + 1,
                Budget::time(Duration::from_millis(20)),
            )
        },
    );
    duel(
        filter,
        "Connect Four, 2 threads, 6 000 playouts a move: tree vs root parallelism",
        ConnectFour::new(),
        games,
        4,
        |seed| parallel(Parallelism::Tree, seed, playouts(6_000)),
        |seed| parallel(Parallelism::Root, seed + 1, playouts(6_000)),
    );
    for k in [100.0, 1000.0] {
        let rave = format!("RAVE (k = {k})");
        let c4 = ConnectFour::new();
        option_duel(filter, "Connect Four", c4, games, &rave, |ai| {
            ai.with_rave(k)
        });
        let reversi = Reversi::new();
        option_duel(filter, "Reversi 6x6", reversi, games, &rave, |ai| {
            ai.with_rave(k)
        });
        let dots = DotsAndBoxes::default();
        option_duel(filter, "Dots and Boxes 3x3", dots, games, &rave, |ai| {
            ai.with_rave(k)
        });
    }
    let tt = "transpositions";
    let c4 = ConnectFour::new();
    option_duel(filter, "Connect Four", c4, games, tt, |ai| {
        ai.with_transpositions(true)
    });
    let reversi = Reversi::new();
    option_duel(filter, "Reversi 6x6", reversi, games, tt, |ai| {
        ai.with_transpositions(true)
    });
    let dots = DotsAndBoxes::default();
    option_duel(filter, "Dots and Boxes 3x3", dots, games, tt, |ai| {
        ai.with_transpositions(true)
    });
    duel(
        filter,
        "Connect Four, 10 ms a move: transpositions vs plain UCT",
        ConnectFour::new(),
        games,
        4,
        |seed| {
            Mcts::<ConnectFour>::new()
                .with_seed(seed)
                .with_transpositions(true)
                .with_budget(Budget::time(Duration::from_millis(10)))
        },
        |seed| {
            Mcts::<ConnectFour>::new()
                .with_seed(seed + 1)
                .with_budget(Budget::time(Duration::from_millis(10)))
        },
    );
    duel(
        filter,
        "Connect Four, 10 ms a move: RAVE (k = 1000) vs plain UCT",
        ConnectFour::new(),
        games,
        4,
        |seed| {
            Mcts::<ConnectFour>::new()
                .with_seed(seed)
                .with_rave(1000.0)
                .with_budget(Budget::time(Duration::from_millis(10)))
        },
        |seed| {
            Mcts::<ConnectFour>::new()
                .with_seed(seed + 1)
                .with_budget(Budget::time(Duration::from_millis(10)))
        },
    );
}

/// `option` (what `configure` turns on) against plain UCT, 3 000 playouts a move each.
fn option_duel<G>(
    filter: &str,
    game: &str,
    start: G,
    games: u32,
    option: &str,
    configure: impl Fn(Mcts<G>) -> Mcts<G>,
) where
    G: GameHash + PartialEq + Send + Sync,
    G::Move: Send + Sync,
{
    duel(
        filter,
        &format!("{game}, 3 000 playouts a move: {option} vs plain UCT"),
        start,
        games,
        4,
        |seed| {
            configure(
                Mcts::<G>::new()
                    .with_seed(seed)
                    .with_budget(Budget::iterations(3_000)),
            )
        },
        |seed| {
            Mcts::<G>::new()
                .with_seed(seed + 1)
                .with_budget(Budget::iterations(3_000))
        },
    );
}
