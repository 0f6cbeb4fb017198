//! `ply tree`: draw the top of a search tree, an MCTS tree with its statistics or a small
//! alpha-beta tree with its values, bounds and cut-offs, as Graphviz DOT or as SVG (laid out
//! here, so the picture needs no Graphviz).

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use adversarial::AlphaBeta;
use games::{ConnectFour, DotsAndBoxes, Kalah, Reversi, TicTacToe};
use mcts::{Mcts, NodeView, Value};
use search_core::{Budget, Game, Outcome, Player, Score, Wdl};

use crate::Failure;
use crate::ai::{GameKind, Playable};
use crate::output::OutputFile;
use crate::play::{dots_board, kalah_board, start_position};

/// Options of `ply tree`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Searches a position and exports the top of the search tree. MCTS: every node with its visits
n and its mean reward Q for the player who made the move into it (1 a win, 0.5 a draw, 0 a
loss), and the value the MCTS-Solver proved for that player if any. Alpha-beta: the tree the
textbook alpha-beta search (no table, moves in the game's order) visits to --depth, every
node with its value for the root's side to move: exact (=), a lower bound (>=, the node was
cut off after a move refuted the opponent's choice) or an upper bound (<=), the window
(alpha, beta) it was searched with, and how many moves were pruned. The alpha-beta tree is
recorded by wrapping the game, without touching the engine: every node the engine visits,
and only those. In Dots and Boxes and Kalah a player may move twice in a row: a node is max
or min by who is to move there, not by its depth.

DOT (for Graphviz: dot -Tsvg tree.dot > tree.svg) goes to --dot FILE, or to standard output
when neither --dot nor --svg is given; --svg writes a picture laid out here (a tidy tree:
leaves evenly spaced, each parent centred over its children; with many leaves the children
of the last level are listed in a column under their parent). Moves are labelled as ply play
reads them: tic-tac-toe cells 1-9, Connect Four columns 1-7, Reversi squares such as c4,
Dots and Boxes lines and Kalah pits numbered from 1.

The games with dice or more than two players (einstein, mnk) are not offered: their MCTS
does not expose its tree below the root, so an export could not show their chance nodes
and every player's values.

Examples:
  ply tree --game ttt --engine mcts --playouts 3000 --levels 2 --svg tree.svg
  ply tree --game c4 --start 4453 --playouts 20000 --levels 1 --dot tree.dot
  ply tree --game ttt --start 'x.. .o. ...' --engine alphabeta --depth 3 --svg ab.svg
  ply tree --game c4 --engine alphabeta --depth 3 --dot ab.dot   # then: dot -Tpng ab.dot > ab.png
  ply tree --game kalah --size 4x3 --engine alphabeta --depth 4 --svg kalah.svg")]
pub struct Args {
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
    /// The engine whose tree is drawn.
    #[arg(long, short, value_enum, default_value_t = EngineArg::Mcts)]
    engine: EngineArg,
    /// MCTS: playouts (iterations) [default: 2000].
    #[arg(long, short, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    playouts: Option<u64>,
    /// MCTS: the random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Alpha-beta: the search depth in plies [default: 3].
    #[arg(long, short, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Alpha-beta: stop the search after this many nodes (the tree is then partial, and
    /// says so) [default: 2000].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    max_nodes: Option<u64>,
    /// Levels below the root to export [default: 2 for MCTS, the depth for alpha-beta].
    #[arg(long, short, value_name = "L", value_parser = clap::value_parser!(u32).range(0..=64))]
    levels: Option<u32>,
    /// Write Graphviz DOT to this file (`-` for standard output).
    #[arg(long, value_name = "FILE")]
    dot: Option<PathBuf>,
    /// Write an SVG picture to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// The SVG layout [default: down with up to 20 leaves, compact beyond].
    #[arg(long, value_enum)]
    layout: Option<Layout>,
}

/// `--engine`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
enum EngineArg {
    /// Monte Carlo tree search.
    Mcts,
    /// Alpha-beta (the textbook version).
    #[value(alias = "alpha-beta", alias = "ab")]
    Alphabeta,
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

/// The letter of a player: X moves first.
fn letter(p: Player) -> char {
    match p {
        Player::First => 'X',
        Player::Second => 'O',
    }
}

/// Runs `ply tree`.
pub fn run(args: Args) -> Result<ExitCode, Failure> {
    let size = args.size.as_deref();
    if size.is_some() && !matches!(args.game, GameKind::Dots | GameKind::Kalah) {
        return Err(Failure::input(
            "--size is for dots and kalah: the other games have one board",
        ));
    }
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
        GameKind::Einstein | GameKind::Mnk => Err(Failure::input(format!(
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

fn run_game<G: TreeGame>(args: &Args, board: G, variant: &str) -> Result<ExitCode, Failure> {
    let state = start_position(board, args.start.as_deref())?.state;
    // The output files are claimed before the search: a path that cannot be written fails
    // at once, and a failed command leaves no file.
    let svg_file = args.svg.as_deref().map(OutputFile::claim).transpose()?;
    let dot_file = match args.dot.as_deref() {
        Some(file) if file.as_os_str() != "-" => Some(OutputFile::claim(file)?),
        _ => None,
    };
    let start = Position {
        state,
        game: format!("{}{variant}", G::NAME),
        which: match &args.start {
            Some(text) => format!("start {}", text.trim()),
            None => "start position".to_string(),
        },
    };
    let (tree, report) = match args.engine {
        EngineArg::Mcts => {
            if args.depth.is_some() || args.max_nodes.is_some() {
                return Err(Failure::input(
                    "--depth and --max-nodes apply to --engine alphabeta; MCTS takes --playouts",
                ));
            }
            mcts_tree(args, &start)?
        }
        EngineArg::Alphabeta => {
            if args.playouts.is_some() {
                return Err(Failure::input(
                    "--playouts applies to --engine mcts; alpha-beta takes --depth",
                ));
            }
            alphabeta_tree(args, &start)?
        }
    };

    let dot_to_stdout = args.dot.as_deref() == Some(std::path::Path::new("-"))
        || (args.dot.is_none() && args.svg.is_none());
    // The report goes to stderr when stdout carries the DOT text.
    let mut report_lines = report;
    let mut written = Vec::new();
    let dot_text = dot(&tree);
    if let Some(output) = svg_file {
        let layout = args.layout.unwrap_or(if tree.leaves() <= DOWN_LEAVES {
            Layout::Down
        } else {
            Layout::Compact
        });
        written.push(output.path().display().to_string());
        output.write(svg(&tree, layout).as_bytes())?;
    }
    match dot_file {
        Some(output) => {
            written.push(output.path().display().to_string());
            output.write(dot_text.as_bytes())?;
        }
        None if dot_to_stdout => written.push("standard output".into()),
        None => {}
    }
    let deepest = tree.nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let shallower = if deepest < tree.levels {
        format!("; {} asked for, the tree is no deeper", tree.levels)
    } else {
        String::new()
    };
    report_lines.push(format!(
        "exported {} nodes (levels 0-{deepest} below the root{shallower}) to {}",
        tree.nodes.len(),
        written.join(" and ")
    ));
    if dot_to_stdout {
        io::stdout().lock().write_all(dot_text.as_bytes())?;
        for line in &report_lines {
            eprintln!("{line}");
        }
    } else {
        let mut out = io::stdout().lock();
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

// ---------------------------------------------------------------------------------------
// MCTS

fn mcts_tree<G: TreeGame>(
    args: &Args,
    position: &Position<G>,
) -> Result<(Tree, Vec<String>), Failure> {
    let start = &position.state;
    let playouts = args.playouts.unwrap_or(PLAYOUTS);
    let levels = args.levels.unwrap_or(2);
    let mut ai = Mcts::<G>::new()
        .with_seed(args.seed)
        .with_budget(Budget::iterations(playouts));
    let result = ai.search(start)?;
    let root = ai
        .root_view()
        .ok_or_else(|| Failure::run("the search kept no tree"))?;
    let to_move = start.to_move();
    let mut tree = Tree {
        nodes: Vec::new(),
        levels,
        title: format!(
            "{}, {}, {} to move: MCTS, {} playouts (seed {}), {}",
            position.game,
            position.which,
            letter(to_move),
            result.stats.iterations,
            args.seed,
            result.value
        ),
        subtitle: G::MOVES.to_string(),
        legend: vec![
            (
                Style {
                    fill: q_colour(1.0),
                    ..PLAIN
                },
                "n visits, Q mean reward of the player who moved: 0 orange, 1 blue".into(),
            ),
            (proven_style(Wdl::Win, 1.0), "proven win".into()),
            (proven_style(Wdl::Draw, 0.5), "proven draw".into()),
            (proven_style(Wdl::Loss, 0.0), "proven loss".into()),
        ],
    };
    let root_lines = vec![
        format!("root, {} to move", letter(to_move)),
        format!("n={} {}", root.visits(), short_value(&result.value)),
    ];
    tree.nodes.push(TreeNode {
        depth: 0,
        edge: String::new(),
        lines: root_lines,
        style: Style {
            fill: "#eeeeee",
            ..PLAIN
        },
        children: Vec::new(),
    });
    add_mcts_children::<G>(&mut tree, 0, root, start, levels);
    let best = G::move_text(result.best_move);
    let report = vec![
        format!(
            "{}, {}, {} to move",
            position.game,
            position.which,
            letter(to_move)
        ),
        format!(
            "MCTS: {} playouts (seed {}): {} nodes in the tree, root visits {}, best move {} {best}, {}",
            result.stats.iterations,
            args.seed,
            result.tree_size,
            root.visits(),
            letter(to_move),
            result.value
        ),
    ];
    Ok((tree, report))
}

fn short_value(v: &Value) -> String {
    match v {
        Value::Proven(p) => format!("proven {p}"),
        Value::Estimate(r) => format!("best Q={r:.3}"),
        other => other.to_string(),
    }
}

/// Adds the children of `node` (the tree's node for `state`) under `parent`, in the order
/// of the game's legal moves, and their children down to `levels`.
fn add_mcts_children<G: TreeGame>(
    tree: &mut Tree,
    parent: usize,
    node: NodeView<'_, G::Move>,
    state: &G,
    levels: u32,
) {
    if node.depth() >= levels {
        return;
    }
    let legal = state.legal_move_list();
    let mut children: Vec<NodeView<'_, G::Move>> = node.children().collect();
    children.sort_by_key(|c| {
        c.mv()
            .and_then(|mv| legal.iter().position(|&m| m == mv))
            .unwrap_or(legal.len())
    });
    for child in children {
        let Some(mv) = child.mv() else { continue };
        let mut next = state.clone();
        next.play(mv);
        let mut lines = vec![format!("n={} Q={:.3}", child.visits(), child.mean())];
        let style = match child.proven() {
            Some(p) => {
                lines.push(p.to_string());
                proven_style(p, child.mean())
            }
            None if child.visits() == 0 => Style {
                dashed: true,
                ..PLAIN
            },
            None => Style {
                fill: q_colour(child.mean()),
                ..PLAIN
            },
        };
        let id = tree.nodes.len();
        tree.nodes.push(TreeNode {
            depth: child.depth(),
            edge: format!("{} {}", letter(child.player()), G::move_text(mv)),
            lines,
            style,
            children: Vec::new(),
        });
        tree.nodes[parent].children.push(id);
        add_mcts_children::<G>(tree, id, child, &next, levels);
    }
}

/// A fill colour for a mean reward: orange (0) through white (½) to blue (1), in 11 steps.
fn q_colour(q: f64) -> &'static str {
    const SCALE: [&str; 11] = [
        "#f4a582", "#f6b596", "#f8c5aa", "#fad5bf", "#fce5d4", "#f7f7f7", "#deebf3", "#c6dfee",
        "#aed3e8", "#96c7e3", "#7fbbdd",
    ];
    SCALE[(q.clamp(0.0, 1.0) * 10.0).round() as usize]
}

fn proven_style(p: Wdl, q: f64) -> Style {
    let border = match p {
        Wdl::Win => "#1a7f37",
        Wdl::Draw => "#6e40c9",
        Wdl::Loss => "#cf222e",
    };
    Style {
        fill: q_colour(q),
        border,
        width: 2.5,
        dashed: false,
    }
}

// ---------------------------------------------------------------------------------------
// Alpha-beta

/// A node the alpha-beta search visited, recorded by [`Recorded::play`].
struct RecNode<G: Game> {
    mv: Option<G::Move>,
    /// Who made the move into the node.
    mover: Option<Player>,
    state: G,
    ply: u32,
    children: Vec<usize>,
}

/// A game that records every move played on it into a shared trie: the engine's copies
/// play their moves from the node they were copied at, so the trie is the tree searched.
/// `adversarial::AlphaBeta` searches by copy-make and calls nothing but `legal_moves`,
/// `play`, `outcome`, `to_move` and the evaluator; the replay below checks that the
/// recorded tree is exactly the one alpha-beta visits.
#[derive(Clone)]
struct Recorded<G: Game> {
    game: G,
    node: usize,
    log: Rc<RefCell<Vec<RecNode<G>>>>,
}

impl<G: Game> Game for Recorded<G> {
    type Move = G::Move;

    fn to_move(&self) -> Player {
        self.game.to_move()
    }

    fn legal_moves(&self, moves: &mut Vec<G::Move>) {
        self.game.legal_moves(moves);
    }

    fn play(&mut self, mv: G::Move) {
        let mover = self.game.to_move();
        self.game.play(mv);
        let mut log = self.log.borrow_mut();
        let id = log.len();
        let ply = log[self.node].ply + 1;
        log.push(RecNode {
            mv: Some(mv),
            mover: Some(mover),
            state: self.game.clone(),
            ply,
            children: Vec::new(),
        });
        log[self.node].children.push(id);
        self.node = id;
    }

    fn outcome(&self) -> Outcome {
        self.game.outcome()
    }
}

/// What the replay of alpha-beta over the recorded tree found at one node.
#[derive(Clone, Debug)]
struct Replayed {
    /// The value returned, for the root's side to move; `None` if the search stopped
    /// inside the node (node limit).
    value: Option<Score>,
    alpha: Score,
    beta: Score,
    maximizing: bool,
    kind: Kind,
    /// Moves not searched after a cut-off.
    pruned: usize,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A finished game.
    Terminal,
    /// Scored by the evaluator at the depth horizon.
    Horizon,
    /// An interior node searched to the end of its moves.
    Searched,
    /// An interior node whose search stopped at a cut-off.
    Cut,
    /// The node limit stopped the search inside this node.
    Unfinished,
}

/// Replays textbook alpha-beta (`adversarial::AlphaBeta`: fail-soft, max/min from the root
/// player's point of view) over the recorded tree, and checks that it visits exactly the
/// recorded children. Returns the node's value (`None` when unfinished).
struct Replay<'a, G: Game> {
    log: &'a [RecNode<G>],
    root_player: Player,
    /// The last node recorded when the search was stopped by its node limit.
    stopped_at: Option<usize>,
    out: Vec<Option<Replayed>>,
    moves: Vec<G::Move>,
}

impl<G: TreeGame> Replay<'_, G> {
    fn node(
        &mut self,
        id: usize,
        depth: u32,
        mut alpha: Score,
        mut beta: Score,
    ) -> Result<Option<Score>, String> {
        let n = &self.log[id];
        // A max node where the root's player is to move, as alpha-beta decides: after an
        // extra turn (Dots and Boxes, Kalah) two max or two min nodes follow each other.
        let maximizing = n.state.to_move() == self.root_player;
        let entry = (alpha, beta);
        let record = |kind, value, pruned| Replayed {
            value,
            alpha: entry.0,
            beta: entry.1,
            maximizing,
            kind,
            pruned,
        };
        if self.stopped_at == Some(id) {
            self.out[id] = Some(record(Kind::Unfinished, None, 0));
            return Ok(None);
        }
        let leaf = match n.state.outcome() {
            Outcome::Draw => Some((Kind::Terminal, Score::DRAW)),
            Outcome::Win(p) if p == self.root_player => {
                Some((Kind::Terminal, Score::win_in(n.ply)))
            }
            Outcome::Win(_) => Some((Kind::Terminal, Score::loss_in(n.ply))),
            Outcome::Ongoing if depth == 0 => {
                let v = n.state.evaluate();
                let mine = n.state.to_move() == self.root_player;
                Some((
                    Kind::Horizon,
                    Score::heuristic(if mine { v } else { v.saturating_neg() }),
                ))
            }
            Outcome::Ongoing => None,
        };
        if let Some((kind, v)) = leaf {
            if !n.children.is_empty() {
                return Err(format!("node {id} is a leaf but has recorded children"));
            }
            self.out[id] = Some(record(kind, Some(v), 0));
            return Ok(Some(v));
        }
        self.moves.clear();
        n.state.legal_moves(&mut self.moves);
        let legal = self.moves.clone();
        let children = n.children.clone();
        if children.len() > legal.len()
            || children
                .iter()
                .zip(&legal)
                .any(|(&c, &m)| self.log[c].mv != Some(m))
        {
            return Err(format!(
                "node {id}: the recorded moves are not the legal moves in order"
            ));
        }
        let mut v = if maximizing {
            Score::NEG_INFINITY
        } else {
            Score::INFINITY
        };
        for (i, &c) in children.iter().enumerate() {
            let Some(cv) = self.node(c, depth - 1, alpha, beta)? else {
                self.out[id] = Some(record(Kind::Unfinished, None, 0));
                return Ok(None);
            };
            let cut = if maximizing {
                v = v.max(cv);
                v >= beta
            } else {
                v = v.min(cv);
                v <= alpha
            };
            // The root has no beta to fail against (its window is infinite).
            if cut && id != 0 {
                if i + 1 != children.len() {
                    return Err(format!(
                        "node {id}: alpha-beta cuts off after move {} but more were recorded",
                        i + 1
                    ));
                }
                self.out[id] = Some(record(Kind::Cut, Some(v), legal.len() - children.len()));
                return Ok(Some(v));
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
        }
        if children.len() != legal.len() {
            return Err(format!(
                "node {id}: {} of {} moves recorded without a cut-off",
                children.len(),
                legal.len()
            ));
        }
        self.out[id] = Some(record(Kind::Searched, Some(v), 0));
        Ok(Some(v))
    }
}

fn alphabeta_tree<G: TreeGame>(
    args: &Args,
    position: &Position<G>,
) -> Result<(Tree, Vec<String>), Failure> {
    let start = &position.state;
    let depth = args.depth.unwrap_or(DEPTH);
    let max_nodes = args.max_nodes.unwrap_or(MAX_NODES);
    let levels = args.levels.unwrap_or(depth).min(depth);
    let log = Rc::new(RefCell::new(vec![RecNode {
        mv: None,
        mover: None,
        state: start.clone(),
        ply: 0,
        children: Vec::new(),
    }]));
    let root = Recorded {
        game: start.clone(),
        node: 0,
        log: Rc::clone(&log),
    };
    let eval = |s: &Recorded<G>| s.game.evaluate();
    let result = AlphaBeta::new(eval)
        .with_budget(Budget::depth(depth).with_nodes(max_nodes))
        .search(&root)?;
    drop(root);
    let log = log.borrow();
    if log.len() as u64 != result.stats.nodes {
        return Err(Failure::run(format!(
            "internal: {} nodes recorded, the engine counted {}",
            log.len(),
            result.stats.nodes
        )));
    }
    let stopped_at = (!result.complete).then(|| log.len() - 1);
    let mut replay = Replay {
        log: &log,
        root_player: start.to_move(),
        stopped_at,
        out: vec![None; log.len()],
        moves: Vec::new(),
    };
    let value = replay
        .node(0, depth, Score::NEG_INFINITY, Score::INFINITY)
        .map_err(|e| {
            Failure::run(format!(
                "internal: the recorded tree is not alpha-beta's: {e}"
            ))
        })?;
    if result.complete && value != result.score {
        return Err(Failure::run(format!(
            "internal: replayed root value {value:?}, the engine returned {:?}",
            result.score
        )));
    }
    let replayed = replay.out;
    let me = letter(start.to_move());
    let cutoffs = replayed
        .iter()
        .flatten()
        .filter(|r| r.kind == Kind::Cut)
        .count();
    let pruned: usize = replayed.iter().flatten().map(|r| r.pruned).sum();

    let mut tree = Tree {
        nodes: Vec::new(),
        levels,
        title: format!(
            "{}, {}, {me} to move: alpha-beta to depth {depth} ({} evaluator), values for {me}",
            position.game,
            position.which,
            G::EVALUATOR
        ),
        subtitle: G::MOVES.to_string(),
        legend: vec![
            (MAX_STYLE, format!("max node ({me} to move)")),
            (MIN_STYLE, "min node".into()),
            (CUT_STYLE, "cut off: moves pruned".into()),
            (LEAF_STYLE, "leaf: evaluator or end of game".into()),
        ],
    };
    add_ab_node::<G>(&mut tree, None, 0, &log, &replayed, levels);
    let mut report = vec![
        format!("{}, {}, {me} to move", position.game, position.which),
        format!(
            "alpha-beta to depth {depth} ({} evaluator): {} nodes, {cutoffs} cut-offs pruning {pruned} moves, {}",
            G::EVALUATOR,
            result.stats.nodes,
            match result.score {
                Some(score) if result.complete => format!(
                    "value {} for {me}, best move {me} {}",
                    show_score(score),
                    G::move_text(result.best_move)
                ),
                _ => "no value (the search did not finish)".to_string(),
            }
        ),
    ];
    if !result.complete {
        report.push(format!(
            "the search stopped at the node limit (--max-nodes {max_nodes}): the tree is partial; \
             the nodes it was inside are marked unfinished"
        ));
    }
    Ok((tree, report))
}

/// A score for a label: wins and losses with their distance, heuristic values signed
/// (`0`, not `draw`: a heuristic 0 is not a proven draw).
fn show_score(s: Score) -> String {
    if s.is_decisive() || s >= Score::INFINITY || s <= Score::NEG_INFINITY {
        s.to_string()
    } else if s.raw() == 0 {
        "0".into()
    } else {
        format!("{:+}", s.raw())
    }
}

const MAX_STYLE: Style = Style {
    fill: "#dbe9f6",
    ..PLAIN
};
const MIN_STYLE: Style = Style {
    fill: "#fde3cc",
    ..PLAIN
};
const CUT_STYLE: Style = Style {
    fill: "#ffffff",
    border: "#cf222e",
    width: 2.0,
    dashed: true,
};
const LEAF_STYLE: Style = Style {
    fill: "#f6f6f6",
    ..PLAIN
};

fn add_ab_node<G: TreeGame>(
    tree: &mut Tree,
    parent: Option<usize>,
    id: usize,
    log: &[RecNode<G>],
    replayed: &[Option<Replayed>],
    levels: u32,
) {
    let n = &log[id];
    let Some(r) = &replayed[id] else {
        return; // after the node limit: never searched
    };
    let mut lines = Vec::new();
    let value = r.value.map_or_else(|| "unfinished".to_string(), show_score);
    let mut style = if r.maximizing { MAX_STYLE } else { MIN_STYLE };
    match r.kind {
        Kind::Terminal => {
            let end = match r.value {
                Some(v) if v.is_decisive() => v.to_string(),
                _ => "draw".into(),
            };
            lines.push(format!("end: {end}"));
            style = LEAF_STYLE;
        }
        Kind::Horizon => {
            lines.push(format!("eval {value}"));
            style = LEAF_STYLE;
        }
        Kind::Unfinished => {
            lines.push(format!(
                "{} unfinished",
                if r.maximizing { "max" } else { "min" }
            ));
            style.dashed = true;
        }
        Kind::Searched | Kind::Cut => {
            let v = r.value.unwrap_or(Score::DRAW);
            // Fail-soft: a value at or beyond a bound of the window is only a bound.
            let bound = if v >= r.beta && r.beta != Score::INFINITY {
                ">="
            } else if v <= r.alpha && r.alpha != Score::NEG_INFINITY {
                "<="
            } else {
                "="
            };
            lines.push(format!(
                "{} {bound} {value}",
                if r.maximizing { "max" } else { "min" }
            ));
        }
    }
    if id != 0 || r.alpha != Score::NEG_INFINITY || r.beta != Score::INFINITY {
        lines.push(format!(
            "a={} b={}",
            show_score(r.alpha),
            show_score(r.beta)
        ));
    }
    if r.kind == Kind::Cut {
        lines.push(format!("cut: {} pruned", r.pruned));
        style.border = CUT_STYLE.border;
        style.width = CUT_STYLE.width;
        style.dashed = true;
    }
    let tid = tree.nodes.len();
    let edge = match (n.mover, n.mv) {
        (Some(p), Some(mv)) => format!("{} {}", letter(p), G::move_text(mv)),
        _ => String::new(),
    };
    tree.nodes.push(TreeNode {
        depth: n.ply,
        edge,
        lines,
        style,
        children: Vec::new(),
    });
    if let Some(p) = parent {
        tree.nodes[p].children.push(tid);
    }
    if n.ply < levels {
        for &c in &n.children {
            add_ab_node::<G>(tree, Some(tid), c, log, replayed, levels);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Output

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tree as Graphviz DOT: one `nK [label=...]` line per node, `nP -> nK [label=move]`
/// per edge, in pre-order.
fn dot(tree: &Tree) -> String {
    let mut s = String::new();
    let rankdir = if tree.leaves() > DOWN_LEAVES {
        "LR"
    } else {
        "TB"
    };
    let _ = writeln!(s, "digraph tree {{");
    let label = format!(
        "{}\\n{}",
        dot_escape(&tree.title),
        dot_escape(&tree.subtitle)
    );
    let _ = writeln!(
        s,
        "  graph [rankdir={rankdir}, labelloc=t, fontname=\"Helvetica\", label=\"{label}\"];"
    );
    let _ = writeln!(
        s,
        "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];"
    );
    let _ = writeln!(s, "  edge [fontname=\"Helvetica\", fontsize=9];");
    for (i, n) in tree.nodes.iter().enumerate() {
        let label = n
            .lines
            .iter()
            .map(|l| dot_escape(l))
            .collect::<Vec<_>>()
            .join("\\n");
        let _ = writeln!(
            s,
            "  n{i} [label=\"{label}\", fillcolor=\"{}\", color=\"{}\", penwidth={}{}];",
            n.style.fill,
            n.style.border,
            n.style.width,
            if n.style.dashed {
                ", style=\"rounded,filled,dashed\""
            } else {
                ""
            }
        );
    }
    for (i, n) in tree.nodes.iter().enumerate() {
        for &c in &n.children {
            let _ = writeln!(
                s,
                "  n{i} -> n{c} [label=\"{}\"];",
                dot_escape(&tree.nodes[c].edge)
            );
        }
    }
    s.push_str("}\n");
    s
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Pixel sizes of the SVG.
const FONT: f64 = 12.0;
/// Width of a character of the monospace font at `FONT` pixels.
const CHAR: f64 = 7.3;
const LINE: f64 = 15.0;
const MARGIN: f64 = 16.0;

/// Where each node's box goes: its top-left corner.
struct Placed {
    x: f64,
    y: f64,
    /// Listed in a column under its parent (compact layout).
    stacked: bool,
}

struct Geometry {
    /// Box width (the root's may be wider: `root_w`) and height.
    w: f64,
    root_w: f64,
    h: f64,
    placed: Vec<Placed>,
}

fn layout(tree: &Tree, kind: Layout) -> Geometry {
    let widest = |nodes: &[TreeNode]| {
        nodes
            .iter()
            .flat_map(|n| n.lines.iter())
            .map(|l| l.chars().count())
            .max()
    };
    // The root is alone on its level in the top-down layouts: it may be wider than the rest.
    let own = widest(&tree.nodes[..tree.nodes.len().min(1)]).unwrap_or(4);
    let chars = match kind {
        Layout::Down | Layout::Compact if tree.nodes.len() > 1 => widest(&tree.nodes[1..]),
        _ => widest(&tree.nodes),
    }
    .unwrap_or(4);
    let lines = tree.nodes.iter().map(|n| n.lines.len()).max().unwrap_or(1);
    let w = chars as f64 * CHAR + 14.0;
    let root_w = (own as f64 * CHAR + 14.0).max(w);
    let h = lines as f64 * LINE + 8.0;
    let edge_chars = tree
        .nodes
        .iter()
        .map(|n| n.edge.chars().count())
        .max()
        .unwrap_or(0) as f64;
    let indent = (edge_chars * CHAR * 0.9 + 22.0).max(30.0);
    let mut placed: Vec<Placed> = tree
        .nodes
        .iter()
        .map(|_| Placed {
            x: 0.0,
            y: 0.0,
            stacked: false,
        })
        .collect();
    let pitch = match kind {
        Layout::Down => (w + 18.0, h + 46.0),
        Layout::Right => (w + edge_chars * CHAR + 46.0, h + 10.0),
        Layout::Compact => (w + indent + 18.0, h + 46.0),
    };
    if !tree.nodes.is_empty() {
        let mut tidy = Tidy {
            tree,
            kind,
            slot: 0,
            placed: &mut placed,
            pitch,
            h,
            indent,
        };
        tidy.place(0);
    }
    Geometry {
        w,
        root_w,
        h,
        placed,
    }
}

/// The tidy layout: leaves take consecutive slots, parents centre on their children.
struct Tidy<'a> {
    tree: &'a Tree,
    kind: Layout,
    slot: usize,
    placed: &'a mut [Placed],
    /// Distance between slots, and between levels.
    pitch: (f64, f64),
    /// Box height.
    h: f64,
    /// How far a column of children (compact layout) is indented.
    indent: f64,
}

impl Tidy<'_> {
    /// Places the subtree of node `i` (post-order) and returns the node's slot.
    fn place(&mut self, i: usize) -> f64 {
        let tree = self.tree;
        let n = &tree.nodes[i];
        let depth = f64::from(n.depth);
        let leaf = |c: &usize| tree.nodes[*c].children.is_empty();
        let centre = if n.children.is_empty() {
            self.next_slot()
        } else if self.kind == Layout::Compact && n.children.iter().all(leaf) {
            let c = self.next_slot();
            for (k, &ch) in n.children.iter().enumerate() {
                self.placed[ch] = Placed {
                    x: c * self.pitch.0 + self.indent,
                    y: depth * self.pitch.1 + (k as f64 + 1.0) * (self.h + 8.0) + 4.0,
                    stacked: true,
                };
            }
            c
        } else {
            let first = self.place(n.children[0]);
            let mut last = first;
            for &c in &n.children[1..] {
                last = self.place(c);
            }
            (first + last) / 2.0
        };
        self.placed[i] = match self.kind {
            Layout::Right => Placed {
                x: depth * self.pitch.0,
                y: centre * self.pitch.1,
                stacked: false,
            },
            Layout::Down | Layout::Compact => Placed {
                x: centre * self.pitch.0,
                y: depth * self.pitch.1,
                stacked: false,
            },
        };
        centre
    }

    fn next_slot(&mut self) -> f64 {
        self.slot += 1;
        (self.slot - 1) as f64
    }
}

/// The tree as an SVG picture, laid out here.
fn svg(tree: &Tree, kind: Layout) -> String {
    let g = layout(tree, kind);
    let top = MARGIN + 3.0 * LINE;
    // Room on the left for a root wider than the boxes under it.
    let extra = (g.root_w - g.w) / 2.0;
    let width = g
        .placed
        .iter()
        .map(|p| p.x + g.w + extra)
        .fold(0.0, f64::max)
        .max(tree.title.chars().count() as f64 * CHAR * 1.05)
        + 2.0 * MARGIN;
    let legend_w: f64 = tree
        .legend
        .iter()
        .map(|(_, l)| l.chars().count() as f64 * CHAR + 40.0)
        .sum();
    let width = width.max(legend_w + 2.0 * MARGIN);
    let height = g.placed.iter().map(|p| p.y + g.h).fold(0.0, f64::max) + top + 3.0 * LINE + MARGIN;
    let (ox, oy) = (MARGIN + extra, top);
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="{FONT}">"#
    );
    let _ = writeln!(s, "<title>{}</title>", xml(&tree.title));
    let _ = writeln!(
        s,
        r##"<rect width="{width:.1}" height="{height:.1}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{:.1}" font-size="13" fill="#222222">{}</text>"##,
        MARGIN + LINE * 0.8,
        xml(&tree.title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="{:.1}" font-size="11" fill="#57606a">{}</text>"##,
        MARGIN + LINE * 1.9,
        xml(&tree.subtitle)
    );
    // Edges first, under the boxes.
    let _ = writeln!(
        s,
        r##"<g id="edges" stroke="#8a8a8a" stroke-width="1.2" fill="none">"##
    );
    let mut labels = String::new();
    for (i, n) in tree.nodes.iter().enumerate() {
        let p = &g.placed[i];
        let stacked: Vec<usize> = n
            .children
            .iter()
            .copied()
            .filter(|&c| g.placed[c].stacked)
            .collect();
        if let Some(&last) = stacked.last() {
            // A spine down the left of the column, a connector to each child.
            let sx = ox + p.x + 12.0;
            let ly = oy + g.placed[last].y + g.h / 2.0;
            let _ = writeln!(s, r#"<path d="M{sx:.1} {:.1}V{ly:.1}"/>"#, oy + p.y + g.h);
            for &c in &stacked {
                let cy = oy + g.placed[c].y + g.h / 2.0;
                let cx = ox + g.placed[c].x;
                let _ = writeln!(s, r#"<path d="M{sx:.1} {cy:.1}H{cx:.1}"/>"#);
                edge_label(
                    &mut labels,
                    (sx + cx) / 2.0 + 2.0,
                    cy - 3.0,
                    &tree.nodes[c].edge,
                );
            }
        }
        for &c in n.children.iter().filter(|&&c| !g.placed[c].stacked) {
            let q = &g.placed[c];
            let (x1, y1, x2, y2) = match kind {
                Layout::Right => (
                    ox + p.x + g.w,
                    oy + p.y + g.h / 2.0,
                    ox + q.x,
                    oy + q.y + g.h / 2.0,
                ),
                _ => (
                    ox + p.x + g.w / 2.0,
                    oy + p.y + g.h,
                    ox + q.x + g.w / 2.0,
                    oy + q.y,
                ),
            };
            let _ = writeln!(s, r#"<path d="M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}"/>"#);
            let (lx, ly) = match kind {
                Layout::Right => (x1 + (x2 - x1) * 0.55, y1 + (y2 - y1) * 0.55),
                // Near the child, where sibling edges are furthest apart.
                _ => (x1 + (x2 - x1) * 0.72, y1 + (y2 - y1) * 0.72),
            };
            edge_label(&mut labels, lx, ly + 4.0, &tree.nodes[c].edge);
        }
    }
    s.push_str("</g>\n");
    s.push_str(&labels);
    // Boxes.
    let _ = writeln!(s, r#"<g id="nodes">"#);
    for (i, n) in tree.nodes.iter().enumerate() {
        let p = &g.placed[i];
        // The root keeps its own width, centred where a box of the others' width would be.
        let w = if i == 0 { g.root_w } else { g.w };
        let (x, y) = (ox + p.x - (w - g.w) / 2.0, oy + p.y);
        let _ = writeln!(
            s,
            r#"<g class="node" id="n{i}"><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{:.1}" rx="5" fill="{}" stroke="{}" stroke-width="{}"{}/>"#,
            g.h,
            n.style.fill,
            n.style.border,
            n.style.width,
            if n.style.dashed {
                r#" stroke-dasharray="4 3""#
            } else {
                ""
            }
        );
        for (k, line) in n.lines.iter().enumerate() {
            let _ = writeln!(
                s,
                r##"<text x="{:.1}" y="{:.1}" fill="#1f2328">{}</text>"##,
                x + 7.0,
                y + 4.0 + LINE * (k as f64 + 0.8),
                xml(line)
            );
        }
        s.push_str("</g>\n");
    }
    s.push_str("</g>\n");
    // Legend.
    let ly = height - MARGIN - LINE;
    let mut lx = MARGIN;
    let _ = writeln!(s, r#"<g id="legend" font-size="11">"#);
    for (style, label) in &tree.legend {
        let _ = writeln!(
            s,
            r##"<rect x="{lx:.1}" y="{:.1}" width="20" height="13" rx="3" fill="{}" stroke="{}" stroke-width="{}"{}/><text x="{:.1}" y="{:.1}" fill="#1f2328">{}</text>"##,
            ly - 10.0,
            style.fill,
            style.border,
            style.width,
            if style.dashed {
                r#" stroke-dasharray="4 3""#
            } else {
                ""
            },
            lx + 26.0,
            ly,
            xml(label)
        );
        lx += label.chars().count() as f64 * 6.7 + 44.0;
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// A move label on an edge, on a white background so the edge does not cross it.
fn edge_label(s: &mut String, x: f64, y: f64, text: &str) {
    if text.is_empty() {
        return;
    }
    let w = text.chars().count() as f64 * 6.7 + 6.0;
    let x0 = x - w / 2.0;
    let _ = writeln!(
        s,
        r##"<rect x="{x0:.1}" y="{:.1}" width="{w:.1}" height="14" rx="3" fill="#ffffff"/><text x="{x:.1}" y="{y:.1}" font-size="11" text-anchor="middle" fill="#0550ae">{}</text>"##,
        y - 11.0,
        xml(text)
    );
}
