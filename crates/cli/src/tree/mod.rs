//! `ply tree`: draw the top of a search tree, an MCTS tree with its statistics or a small
//! alpha-beta tree with its values, bounds and cut-offs, as Graphviz DOT or as SVG (laid out
//! here, so the picture needs no Graphviz).
//!
//! This module reads the options and runs the export; `monte_carlo` grows and reads the MCTS
//! tree, `alphabeta` records and replays the alpha-beta search, and `render` writes DOT and
//! lays out the SVG.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use games::{ConnectFour, DotsAndBoxes, Kalah, Reversi, TicTacToe};
use search_core::Player;

use crate::Failure;
use crate::games::board::{Playable, mark};
use crate::games::{board_start as start_position, dots_board, kalah_board};
use crate::grammar::{EngineKind, EngineSpec, GameKind, Strength, notice};
use crate::output::{self, OutputFile};

mod alphabeta;
mod monte_carlo;
mod render;

use alphabeta::alphabeta_tree;
use monte_carlo::mcts_tree;
use render::{dot, svg};

/// Options of `ply tree`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Searches a position and exports the top of the search tree. MCTS: every node with its visits
n and its mean reward Q for the player who made the move into it (1 a win, 0.5 a draw, 0 a
loss), and the value the MCTS-Solver proved for that player if any. Alpha-beta: the tree the
textbook alpha-beta search (no table, moves in the game's order) visits to its depth, every
node with its value for the root's side to move: exact (=), a lower bound (>=, the node was
cut off after a move refuted the opponent's choice) or an upper bound (<=), the window
(alpha, beta) it was searched with, and how many moves were pruned. The alpha-beta tree is
recorded by wrapping the game, without touching the engine: every node the engine visits,
and only those. In Dots and Boxes and Kalah a player may move twice in a row: a node is max
or min by who is to move there, not by its depth.

The engine is mcts:Np (N playouts, 2000 unless given) or alphabeta:dN (depth N, 3 unless
given). -o FILE writes a picture laid out here when FILE ends in .svg (a tidy tree: leaves
evenly spaced, each parent centred over its children; with many leaves the children of the
last level are listed in a column under their parent), and Graphviz DOT otherwise (for dot
-Tsvg tree.dot > tree.svg); -o - and no -o write DOT to standard output; -o may be given
twice. Moves are labelled as ply play
reads them: tic-tac-toe cells 1-9, Connect Four columns 1-7, Reversi squares such as c4,
Dots and Boxes lines and Kalah pits numbered from 1. `-` names standard output for either
option (the report then goes to standard error). An export holds at most 50,000 nodes: when
the levels asked for hold more, it stops at the deepest level that fits and says so.

The games with dice or more than two players (einstein, mnk) are not offered: their MCTS
does not expose its tree below the root, so an export could not show their chance nodes
and every player's values.

Examples:
  ply tree -g ttt -e mcts:3000p --levels 2 -o tree.svg
  ply tree -g c4 --start 4453 -e mcts:20000p --levels 1 -o tree.dot
  ply tree -g ttt --start 'x.. .o. ...' -e alphabeta:d3 -o ab.svg
  ply tree -g c4 -e alphabeta:d3 -o ab.dot   # then: dot -Tpng ab.dot > ab.png
  ply tree -g kalah --size 4x3 -e alphabeta:d4 -o kalah.svg")]
pub(crate) struct Args {
    /// The game.
    #[arg(long, short, value_parser = GameKind::parser(GameKind::TWO_PLAYER))]
    game: GameKind,
    /// The start position, as in `ply play`: 1-based Connect Four columns (`4453`), nine
    /// tic-tac-toe cells row by row (`x.. .o. ...`), or moves as typed at the prompt
    /// (`c2 b2` for Reversi, `1 6` for Dots and Boxes, `3 1` for Kalah).
    #[arg(long, value_name = "POSITION")]
    start: Option<String>,
    /// The board: ROWSxCOLS boxes for Dots and Boxes (3x3), PITSxSTONES for Kalah (6x4, common
    /// rules).
    #[arg(long)]
    size: Option<String>,
    /// The engine whose tree is drawn, mcts:Np or alphabeta:dN [default: mcts:2000p].
    #[arg(long, short, value_name = "ENGINE", value_parser = EngineSpec::parser(&[EngineKind::Mcts, EngineKind::Alphabeta]))]
    engine: Option<EngineSpec>,
    /// MCTS: the random seed.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Alpha-beta: stop the search after this many nodes (the tree is then partial, and
    /// says so) [default: 2000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    max_nodes: Option<u64>,
    /// Levels below the root to export [default: 2 for MCTS, the depth for alpha-beta].
    #[arg(long, short, value_name = "L", value_parser = clap::value_parser!(u32).range(0..=64))]
    levels: Option<u32>,
    /// Write the tree to FILE: an SVG picture for a name ending in .svg, Graphviz DOT
    /// otherwise (`-` for standard output). Give it twice for both.
    #[arg(long, short, value_name = "FILE")]
    output: Vec<PathBuf>,
    /// Old spelling of the strength Np of mcts.
    #[arg(long, short, hide = true, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    playouts: Option<u64>,
    /// Old spelling of the strength dN of alphabeta.
    #[arg(long, short, hide = true, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Old spelling of -o FILE.dot.
    #[arg(long, hide = true)]
    dot: Option<PathBuf>,
    /// Old spelling of -o FILE.svg.
    #[arg(long, hide = true)]
    svg: Option<PathBuf>,
    /// The SVG layout [default: down with up to 20 leaves, compact beyond].
    #[arg(long, value_enum)]
    layout: Option<Layout>,
}

/// `--layout`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Layout {
    /// Root at the top, leaves in a row.
    Down,
    /// Root on the left, leaves in a column.
    Right,
    /// Root at the top; the children of a node whose children are all leaves are listed in
    /// a column beneath it.
    Compact,
}

/// Default MCTS playouts.
const PLAYOUTS: u64 = 2_000;
/// Default alpha-beta depth.
const DEPTH: u32 = 3;
/// Default alpha-beta node limit.
const MAX_NODES: u64 = 2_000;
/// Leaves up to which the default layout is `down`.
const DOWN_LEAVES: usize = 20;
/// The most nodes an export holds: about 45 MB of SVG. Beyond it a picture is unreadable
/// and its text grows by a kilobyte a node (a million playouts drawn to 64 levels made an
/// 883 MB SVG); an export that would pass it stops at the deepest level that fits, and says
/// so.
pub(crate) const MAX_EXPORT_NODES: u64 = 50_000;

/// The levels an export holds: `asked`, or the deepest level whose nodes and those above
/// it fit in [`MAX_EXPORT_NODES`], given the nodes on each level from the root down
/// (`per_level[0]` is 1, the root; it may end before `asked` when the tree is shallower, or
/// at the first level past the cap). With a line for the report when levels were left out,
/// which ends with `smaller` (what else makes the tree smaller).
fn fit_levels(per_level: &[u64], asked: u32, smaller: &str) -> (u32, Option<String>) {
    let mut total = 0u64;
    for (level, &count) in per_level.iter().enumerate() {
        total = total.saturating_add(count);
        if level > 0 && total > MAX_EXPORT_NODES {
            let fits = level as u32 - 1;
            let line = format!(
                "levels {level}-{asked} left out: with level {level} the export would hold \
                 {total} nodes, over its cap of {MAX_EXPORT_NODES} (ask for --levels {fits} \
                 or fewer, or {smaller})"
            );
            return (fits, Some(line));
        }
    }
    (asked, None)
}

/// What the tree command needs from a game beyond [`Playable`]: the evaluator's name and
/// how the moves on the edges are written (as [`Playable::move_text`] writes them).
trait TreeGame: Playable {
    /// The name of the evaluator alpha-beta uses at its horizon ([`Playable::evaluate`]).
    const EVALUATOR: &'static str;
    /// How moves are written on the edges.
    const MOVES: &'static str;
}

impl TreeGame for TicTacToe {
    const EVALUATOR: &'static str = "open lines";
    const MOVES: &'static str = "X 5 = X plays cell 5 (cells 1-9 row by row from the top left)";
}

impl TreeGame for ConnectFour {
    const EVALUATOR: &'static str = "threat counting";
    const MOVES: &'static str = "X 4 = X plays column 4 (columns 1-7 from the left)";
}

impl TreeGame for Reversi {
    const EVALUATOR: &'static str = "discs, mobility and corners";
    const MOVES: &'static str =
        "X c4 = X plays c4 (columns a-f from the left, rows 1-6 from the top); pass when X cannot";
}

impl TreeGame for DotsAndBoxes {
    const EVALUATOR: &'static str = "boxes ahead";
    const MOVES: &'static str = "X 5 = X draws line 5 (numbered as ply play shows them: the horizontal lines row by row, then the vertical ones); closing a box gives another move";
}

impl TreeGame for Kalah {
    const EVALUATOR: &'static str = "stones ahead in the stores";
    const MOVES: &'static str = "X 3 = X sows its pit 3 (pits 1-6 from each player's left, as ply play shows them); ending in the own store gives another move";
}

/// Reads the new spellings into the fields the export reads (the strength into
/// `playouts` or `depth`, the outputs into `svg` and `dot`), and the old ones with their
/// notices.
fn settle(args: &mut Args) -> Result<(), Failure> {
    let old: Vec<String> = [
        args.playouts.map(|n| format!("--playouts {n}")),
        args.depth.map(|d| format!("--depth {d}")),
        args.svg.as_ref().map(|f| format!("--svg {}", f.display())),
        args.dot.as_ref().map(|f| format!("--dot {}", f.display())),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut spec = args.engine.unwrap_or(EngineSpec {
        kind: EngineKind::Mcts,
        strength: None,
    });
    match spec.strength {
        Some(Strength::Playouts(n)) if spec.kind == EngineKind::Mcts => args.playouts = Some(n),
        Some(Strength::Depth(d)) if spec.kind == EngineKind::Alphabeta => args.depth = Some(d),
        Some(s) => {
            return Err(Failure::input(format!(
                "{} draws its tree by {}, not {s}",
                spec.kind,
                if spec.kind == EngineKind::Mcts {
                    "playouts (mcts:2000p)"
                } else {
                    "depth (alphabeta:d3)"
                }
            )));
        }
        None => {}
    }
    let mut outputs = Vec::new();
    for file in std::mem::take(&mut args.output) {
        let svg = file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
        let slot = if svg { &mut args.svg } else { &mut args.dot };
        if slot.is_some() {
            return Err(Failure::input("-o: one SVG file and one DOT file at most"));
        }
        *slot = Some(file.clone());
        outputs.push(format!("-o {}", file.display()));
    }
    if !old.is_empty() {
        if args.playouts.is_some() || args.depth.is_some() {
            spec.strength = args
                .playouts
                .map(Strength::Playouts)
                .or(args.depth.map(Strength::Depth));
        }
        let mut new = vec![format!("-e {spec}")];
        new.extend(
            args.svg
                .iter()
                .chain(&args.dot)
                .map(|f| format!("-o {}", f.display())),
        );
        notice(&old.join(" "), &new.join(" "));
    }
    args.engine = Some(spec);
    Ok(())
}

/// Runs `ply tree`.
pub(crate) fn run(mut args: Args) -> Result<ExitCode, Failure> {
    settle(&mut args)?;
    let size = args.size.as_deref();
    crate::book::check_size(args.game, size)?;
    match args.game {
        GameKind::Ttt => run_game(&args, TicTacToe::new(), ""),
        GameKind::C4 => run_game(&args, ConnectFour::new(), ""),
        GameKind::Reversi => run_game(&args, Reversi::new(), ""),
        GameKind::Dots => {
            let board = dots_board(size)?;
            let (rows, cols) = board.size();
            run_game(&args, board, &format!(" ({rows} x {cols} boxes)"))
        }
        GameKind::Kalah => {
            let board = kalah_board(size)?;
            let variant = format!(
                " ({} pits of {} stones)",
                board.pits(),
                board.stones(Player::First, 0)
            );
            run_game(&args, board, &variant)
        }
        _ => Err(Failure::input(format!(
            "ply tree does not draw {:?}: it shows the trees of two-player games without dice",
            args.game
        ))),
    }
}

/// The searched position and how the exports name it.
struct Position<G> {
    state: G,
    /// The game, with its board when it has several sizes.
    game: String,
    /// Which position: the start, or the one `--start` gives.
    which: String,
}

impl<G: Playable> Position<G> {
    /// `Connect Four, start position, X to move`.
    fn heading(&self) -> String {
        let me = mark(self.state.to_move());
        format!("{}, {}, {me} to move", self.game, self.which)
    }
}

fn run_game<G: TreeGame>(args: &Args, board: G, variant: &str) -> Result<ExitCode, Failure> {
    let state = start_position(board, args.start.as_deref())?.state;
    // The outputs are claimed before the search: a path that cannot be written fails at
    // once. DOT goes to standard output when no output is named.
    let svg_file = args.svg.as_deref().map(OutputFile::claim).transpose()?;
    let dot_file = match (&args.dot, &args.svg) {
        (Some(file), _) => Some(OutputFile::claim(file)?),
        (None, None) => Some(OutputFile::claim(std::path::Path::new("-"))?),
        (None, Some(_)) => None,
    };
    if let (Some(svg), Some(dot)) = (&svg_file, &dot_file) {
        if svg.is_stdout() && dot.is_stdout() {
            return Err(Failure::input(
                "both -o go to standard output: name a file for one of them",
            ));
        }
        if svg.path() == dot.path() {
            return Err(Failure::input(format!(
                "both -o name the same file {}",
                svg.name()
            )));
        }
    }
    let start = Position {
        state,
        game: format!("{}{variant}", G::NAME),
        which: match &args.start {
            Some(text) => format!("start {}", text.trim()),
            None => "start position".to_string(),
        },
    };
    let kind = args.engine.map_or(EngineKind::Mcts, |e| e.kind);
    let (tree, report) = match kind {
        EngineKind::Alphabeta => {
            if args.playouts.is_some() {
                return Err(Failure::input(
                    "playouts are for mcts; alphabeta draws its tree to a depth (alphabeta:d3)",
                ));
            }
            alphabeta_tree(args, &start)?
        }
        _ => {
            if args.depth.is_some() || args.max_nodes.is_some() {
                return Err(Failure::input(
                    "a depth and --max-nodes are for alphabeta; mcts draws its tree by playouts (mcts:2000p)",
                ));
            }
            mcts_tree(args, &start)?
        }
    };

    // The report goes to stderr when stdout carries the DOT text or the picture.
    let to_stdout = [&svg_file, &dot_file]
        .into_iter()
        .flatten()
        .any(|o| o.is_stdout());
    let mut report_lines = report;
    let names: Vec<String> = [&svg_file, &dot_file]
        .into_iter()
        .flatten()
        .map(OutputFile::name)
        .collect();
    let deepest = tree.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let shallower = if deepest < tree.levels {
        format!("; {} asked for, the tree is no deeper", tree.levels)
    } else {
        String::new()
    };
    report_lines.push(format!(
        "exported {} nodes (levels 0-{deepest} below the root{shallower}) to {}",
        tree.nodes.len(),
        names.join(" and ")
    ));
    let svg_text = svg_file.as_ref().map(|_| {
        let layout = args.layout.unwrap_or(if tree.leaves() <= DOWN_LEAVES {
            Layout::Down
        } else {
            Layout::Compact
        });
        svg(&tree, layout)
    });
    let dot_text = dot_file.as_ref().map(|_| dot(&tree));
    drop(tree);
    // Both files appear together, after everything was written.
    let mut outputs = Vec::new();
    if let (Some(file), Some(text)) = (svg_file, &svg_text) {
        outputs.push((file, text.as_bytes()));
    }
    if let (Some(file), Some(text)) = (dot_file, &dot_text) {
        outputs.push((file, text.as_bytes()));
    }
    output::write_together(outputs)?;
    if to_stdout {
        for line in &report_lines {
            eprintln!("{line}");
        }
    } else {
        let mut out = output::stdout();
        for line in &report_lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A tree ready to draw: nodes in pre-order, the root first.
struct Tree {
    nodes: Vec<TreeNode>,
    /// Levels below the root exported.
    levels: u32,
    /// A title line.
    title: String,
    /// A second line: how moves are written.
    subtitle: String,
    /// What the colours and labels mean.
    legend: Vec<(Style, String)>,
}

impl Tree {
    fn leaves(&self) -> usize {
        self.nodes.iter().filter(|n| n.children.is_empty()).count()
    }
}

/// One node to draw.
struct TreeNode {
    depth: u32,
    /// The move into the node (empty at the root), for the edge label.
    edge: String,
    /// The label's lines.
    lines: Vec<String>,
    style: Style,
    children: Vec<usize>,
}

/// How a node is drawn.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Style {
    fill: &'static str,
    border: &'static str,
    /// Border width in pixels.
    width: f64,
    dashed: bool,
}

const PLAIN: Style = Style {
    fill: "#ffffff",
    border: "#555555",
    width: 1.0,
    dashed: false,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_keeps_the_deepest_levels_that_fit() {
        assert_eq!(fit_levels(&[1, 7, 49], 2, "x"), (2, None));
        // A tree shallower than asked.
        assert_eq!(fit_levels(&[1, 7], 5, "x"), (5, None));
        let cap = MAX_EXPORT_NODES;
        assert_eq!(fit_levels(&[1, 7, cap - 8], 2, "x"), (2, None));
        let (levels, line) = fit_levels(&[1, 7, cap - 7, 10], 3, "fewer playouts");
        assert_eq!(levels, 1);
        let line = line.unwrap();
        assert!(line.starts_with("levels 2-3 left out"), "{line}");
        assert!(line.contains(&format!("hold {} nodes", cap + 1)), "{line}");
        assert!(line.ends_with("or fewer playouts)"), "{line}");
        // The root alone always fits.
        assert_eq!(fit_levels(&[1, u64::MAX], 64, "x").0, 0);
    }
}
