//! The MCTS tree: a search, then the top of its tree with visits, mean values and proofs.

use mcts::{Mcts, NodeView, Value};
use search_core::{Budget, Wdl};

use crate::Failure;

use super::{
    Args, MAX_EXPORT_NODES, PLAIN, PLAYOUTS, Position, Style, Tree, TreeGame, TreeNode, fit_levels,
    mark,
};

pub(super) fn mcts_tree<G: TreeGame>(
    args: &Args,
    position: &Position<G>,
) -> Result<(Tree, Vec<String>), Failure> {
    let start = &position.state;
    let playouts = args.playouts.unwrap_or(PLAYOUTS);
    let asked = args.levels.unwrap_or(2);
    let mut ai = Mcts::<G>::new()
        .with_seed(args.seed)
        .with_budget(Budget::iterations(playouts));
    let result = ai.search(start)?;
    let root = ai
        .root_view()
        .ok_or_else(|| Failure::run("the search kept no tree"))?;
    let to_move = start.to_move();
    let (levels, capped) = fit_levels(&nodes_per_level(root, asked), asked, "fewer --playouts");
    let mut tree = Tree {
        nodes: Vec::new(),
        levels,
        title: format!(
            "{}: MCTS, {} playouts (seed {}), {}",
            position.heading(),
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
        format!("root, {} to move", mark(to_move)),
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
    let mut report = vec![
        position.heading(),
        format!(
            "MCTS: {} playouts (seed {}): {} nodes in the tree, root visits {}, best move {} {best}, {}",
            result.stats.iterations,
            args.seed,
            result.tree_size,
            root.visits(),
            mark(to_move),
            result.value
        ),
    ];
    report.extend(capped);
    Ok((tree, report))
}

/// The nodes on each level of the tree below `root`, from the root (1) down to `levels`,
/// stopping at the first level that takes the count past [`MAX_EXPORT_NODES`].
fn nodes_per_level<M: Copy>(root: NodeView<'_, M>, levels: u32) -> Vec<u64> {
    let mut counts = vec![1u64];
    let mut total = 1u64;
    let mut frontier = vec![root];
    for _ in 0..levels {
        let next: Vec<NodeView<'_, M>> = frontier.iter().flat_map(|n| n.children()).collect();
        if next.is_empty() {
            break;
        }
        counts.push(next.len() as u64);
        total += next.len() as u64;
        if total > MAX_EXPORT_NODES {
            break;
        }
        frontier = next;
    }
    counts
}

pub(super) fn short_value(v: &Value) -> String {
    match v {
        Value::Proven(p) => format!("proven {p}"),
        Value::Estimate(r) => format!("best Q={r:.3}"),
        other => other.to_string(),
    }
}

/// Adds the children of `node` (the tree's node for `state`) under `parent`, in the order
/// of the game's legal moves, and their children down to `levels`.
pub(super) fn add_mcts_children<G: TreeGame>(
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
            edge: format!("{} {}", mark(child.player()), G::move_text(mv)),
            lines,
            style,
            children: Vec::new(),
        });
        tree.nodes[parent].children.push(id);
        add_mcts_children::<G>(tree, id, child, &next, levels);
    }
}

/// A fill colour for a mean reward: orange (0) through white (½) to blue (1), in 11 steps.
pub(super) fn q_colour(q: f64) -> &'static str {
    const SCALE: [&str; 11] = [
        "#f4a582", "#f6b596", "#f8c5aa", "#fad5bf", "#fce5d4", "#f7f7f7", "#deebf3", "#c6dfee",
        "#aed3e8", "#96c7e3", "#7fbbdd",
    ];
    SCALE[(q.clamp(0.0, 1.0) * 10.0).round() as usize]
}

pub(super) fn proven_style(p: Wdl, q: f64) -> Style {
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
