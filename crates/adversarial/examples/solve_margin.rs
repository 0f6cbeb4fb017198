//! Solves the exact margin of a Kalah or Dots and Boxes board with the margin solver, and
//! prints the margin, the move, the time and the nodes: the measurements of
//! `docs/benchmarks/adversarial.md`.
//!
//! ```text
//! cargo run --release -p plysearch-adversarial --example solve_margin -- kalah 6 2 empty
//! cargo run --release -p plysearch-adversarial --example solve_margin -- kalah 4 3 common
//! cargo run --release -p plysearch-adversarial --example solve_margin -- dots 2 5
//! ```
//!
//! An optional last argument bounds the solve in seconds (`kalah 5 4 empty 600`); an
//! unfinished solve prints the bounds its probes proved. `--hooks=no-bound` hides the game's
//! bound on the margin to come, `--hooks=none` all three margin hooks (the table is then
//! keyed by the full key, stores or boxes included): what each brings.
//! `--table-entries=N` sets the table's size (default 4,194,304 entries).

use std::time::Duration;

use adversarial::MarginSolver;
use games::{DotsAndBoxes, Kalah, KalahRules};
use search_core::{Budget, Game, GameHash, Outcome, Player};

/// A game with some of its margin hooks hidden.
#[derive(Clone)]
struct Hidden<G> {
    game: G,
    /// Whether the banked margin and the unbanked key are shown.
    bank: bool,
    /// Whether the bound is shown (only with the bank).
    bound: bool,
}

impl<G: Game> Game for Hidden<G> {
    type Move = G::Move;
    fn to_move(&self) -> Player {
        self.game.to_move()
    }
    fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        self.game.legal_moves(moves);
    }
    fn play(&mut self, mv: G::Move) {
        self.game.play(mv);
    }
    fn outcome(&self) -> Outcome {
        self.game.outcome()
    }
    fn margin(&self) -> Option<i32> {
        self.game.margin()
    }
    fn move_order_hint(&self, mv: G::Move) -> i32 {
        self.game.move_order_hint(mv)
    }
}

impl<G: GameHash> GameHash for Hidden<G> {
    fn hash_key(&self) -> u64 {
        self.game.hash_key()
    }
    fn banked_margin(&self) -> i32 {
        if self.bank {
            self.game.banked_margin()
        } else {
            0
        }
    }
    fn unbanked_key(&self) -> u64 {
        if self.bank {
            self.game.unbanked_key()
        } else {
            self.game.hash_key()
        }
    }
    fn unbanked_margin_bound(&self) -> Option<u32> {
        if self.bank && self.bound {
            self.game.unbanked_margin_bound()
        } else {
            None
        }
    }
}

fn usage() -> ! {
    eprintln!("usage: solve_margin kalah PITS STONES common|empty [SECONDS] [OPTIONS]");
    eprintln!("       solve_margin dots ROWS COLS [SECONDS] [OPTIONS]");
    eprintln!("options: --hooks=all|no-bound|none, --table-entries=N");
    std::process::exit(2)
}

fn number(text: Option<&String>) -> usize {
    text.and_then(|t| t.parse().ok()).unwrap_or_else(|| usage())
}

fn report<G: GameHash>(name: &str, game: &G, seconds: Option<u64>) {
    let hooks = std::env::args()
        .find_map(|a| a.strip_prefix("--hooks=").map(str::to_owned))
        .unwrap_or_else(|| "all".into());
    let (bank, bound) = match hooks.as_str() {
        "all" => (true, true),
        "no-bound" => (true, false),
        "none" => (false, false),
        _ => usage(),
    };
    let game = Hidden {
        game: game.clone(),
        bank,
        bound,
    };
    let entries = std::env::args()
        .find_map(|a| a.strip_prefix("--table-entries=").map(str::to_owned))
        .map_or(1 << 22, |n| n.parse().unwrap_or_else(|_| usage()));
    let budget = seconds.map_or_else(Budget::new, |s| Budget::time(Duration::from_secs(s)));
    let s = MarginSolver::new()
        .with_table_entries(entries)
        .with_budget(budget)
        .solve(&game)
        .expect("a solvable game");
    println!(
        "{name} (hooks: {hooks}): {s}; {} probes, {:.1} s, {:.2} M nodes/s",
        s.stats.iterations,
        s.stats.elapsed.as_secs_f64(),
        s.stats.nodes_per_second() / 1e6
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    match args.first().map(String::as_str) {
        Some("kalah") => {
            let (pits, stones) = (number(args.get(1)), number(args.get(2)));
            let rules = match args.get(3).map(String::as_str) {
                Some("common") => KalahRules::COMMON,
                Some("empty") => KalahRules::EMPTY_CAPTURE,
                _ => usage(),
            };
            let seconds = args.get(4).map(|s| number(Some(s)) as u64);
            let game = Kalah::new(pits, u8::try_from(stones).unwrap_or_else(|_| usage()))
                .unwrap_or_else(|e| {
                    eprintln!("{e}");
                    std::process::exit(2)
                })
                .with_rules(rules);
            report(&format!("Kalah({pits}, {stones}), {rules}"), &game, seconds);
        }
        Some("dots") => {
            let (rows, cols) = (number(args.get(1)), number(args.get(2)));
            let seconds = args.get(3).map(|s| number(Some(s)) as u64);
            let game = DotsAndBoxes::new(rows, cols).unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            });
            report(&format!("Dots and Boxes {rows} x {cols}"), &game, seconds);
        }
        _ => usage(),
    }
}
