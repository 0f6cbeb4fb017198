//! The alpha-beta tree: a textbook alpha-beta search recorded node by node, then replayed
//! to label each node with its window, value and cut-offs.

use std::cell::RefCell;
use std::rc::Rc;

use adversarial::AlphaBeta;
use search_core::{Budget, Game, Outcome, Player, Score};

use crate::Failure;

use super::{
    Args, DEPTH, MAX_NODES, PLAIN, Position, Style, Tree, TreeGame, TreeNode, fit_levels, mark,
};

/// A node the alpha-beta search visited, recorded by [`Recorded::play`].
pub(super) struct RecNode<G: Game> {
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
pub(super) struct Recorded<G: Game> {
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
pub(super) struct Replayed {
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
pub(super) enum Kind {
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
pub(super) struct Replay<'a, G: Game> {
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

pub(super) fn alphabeta_tree<G: TreeGame>(
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
    // The nodes searched on each level, up to the levels asked for.
    let mut per_level = vec![0u64; levels as usize + 1];
    for (n, r) in log.iter().zip(&replayed) {
        if r.is_some() && n.ply <= levels {
            per_level[n.ply as usize] += 1;
        }
    }
    while per_level.len() > 1 && per_level.last() == Some(&0) {
        per_level.pop();
    }
    let asked = levels;
    let (levels, capped) = fit_levels(&per_level, asked, "a smaller --max-nodes");
    let me = mark(start.to_move());
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
            "{}: alpha-beta to depth {depth} ({} evaluator), values for {me}",
            position.heading(),
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
        position.heading(),
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
    report.extend(capped);
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
pub(super) fn show_score(s: Score) -> String {
    if s.is_decisive() || s >= Score::INFINITY || s <= Score::NEG_INFINITY {
        s.to_string()
    } else if s.raw() == 0 {
        "0".into()
    } else {
        format!("{:+}", s.raw())
    }
}

pub(super) const MAX_STYLE: Style = Style {
    fill: "#dbe9f6",
    ..PLAIN
};
pub(super) const MIN_STYLE: Style = Style {
    fill: "#fde3cc",
    ..PLAIN
};
pub(super) const CUT_STYLE: Style = Style {
    fill: "#ffffff",
    border: "#cf222e",
    width: 2.0,
    dashed: true,
};
pub(super) const LEAF_STYLE: Style = Style {
    fill: "#f6f6f6",
    ..PLAIN
};

pub(super) fn add_ab_node<G: TreeGame>(
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
        (Some(p), Some(mv)) => format!("{} {}", mark(p), G::move_text(mv)),
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
