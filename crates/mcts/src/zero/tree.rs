//! The PUCT tree: nodes in one arena with each node's children side by side, the PUCT
//! selection rule with first-play urgency and virtual loss, and the backup.
//!
//! Every node keeps its statistics **for the player who made the move into it** (its
//! owner), so that a parent compares its children by their own values whoever is to move
//! (a move that keeps the turn needs nothing special). Values lie in `[-1, 1]`.
//!
//! **Virtual loss.** A descent whose leaf waits for its evaluation leaves a mark on every
//! node of its path (`in_flight`), and selection counts each mark as a visit that lost
//! ([`Tree::select_child`]), so that the next descents of the same batch (or of other
//! threads) spread over other leaves. The marks are counters, never added to the value
//! sums: taking one back is an integer decrement, so a batched search's visits and value
//! sums are exactly those of the same backups made one at a time.

use search_core::Player;

/// What a node is waiting for or holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Never reached.
    New,
    /// Its evaluation was asked for and has not come back.
    Pending,
    /// Evaluated, with its children created.
    Expanded,
    /// Evaluated but not expanded (at the depth limit or the node cap): every visit backs
    /// up its evaluation again.
    Leaf,
    /// The game is over here: every visit backs up the result.
    Terminal,
}

/// One node of the tree.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Node<M> {
    /// The move that leads here (a placeholder at the root).
    pub mv: M,
    /// The prior probability of `mv` at the parent (after root noise).
    pub prior: f32,
    /// Completed visits.
    pub visits: u32,
    /// Descents through the node whose leaf waits for its evaluation.
    pub in_flight: u32,
    /// Sum of the backed-up values for the owner.
    pub value_sum: f64,
    /// The node's own value for its owner: its evaluation, or the result of the game.
    pub eval: f32,
    /// First child in the arena (meaningful when `num_children > 0`).
    pub first_child: u32,
    /// Number of children.
    pub num_children: u32,
    /// The player who made the move into the node.
    pub owner: Player,
    /// What the node holds.
    pub status: Status,
}

impl<M: Copy> Node<M> {
    pub(crate) fn new(mv: M, prior: f32, owner: Player) -> Self {
        Node {
            mv,
            prior,
            visits: 0,
            in_flight: 0,
            value_sum: 0.0,
            eval: 0.0,
            first_child: 0,
            num_children: 0,
            owner,
            status: Status::New,
        }
    }

    /// The arena range of the children.
    #[inline]
    pub(crate) fn children(&self) -> core::ops::Range<usize> {
        let f = self.first_child as usize;
        f..f + self.num_children as usize
    }

    /// Mean value for the owner over the completed visits (0 before the first).
    #[inline]
    pub(crate) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / f64::from(self.visits)
        }
    }
}

/// First-play urgency: the value selection gives a child that was never visited, for the
/// player choosing it.
///
/// ```
/// use mcts::Fpu;
/// assert_eq!(Fpu::default(), Fpu::Reduction(0.25));
/// assert_eq!(Fpu::Absolute(-1.0).to_string(), "absolute -1");
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Fpu {
    /// A fixed value in `[-1, 1]`: `-1` tries a new move only once the known ones look
    /// lost, `0` treats it as a draw, `1` tries every move before any second visit.
    Absolute(f32),
    /// The parent's mean value for the chooser minus `r · sqrt(sum of the priors of the
    /// visited children)` (Leela Chess Zero's rule): a new move is assumed a little worse
    /// than the moves tried so far, and more so the more of the policy they cover.
    Reduction(f32),
}

impl Default for Fpu {
    fn default() -> Self {
        Fpu::Reduction(0.25)
    }
}

impl core::fmt::Display for Fpu {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Fpu::Absolute(v) => write!(f, "absolute {v}"),
            Fpu::Reduction(r) => write!(f, "reduction {r}"),
        }
    }
}

/// The selection settings.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Rule {
    pub c_puct: f32,
    pub fpu: Fpu,
    /// The value a virtual loss counts as (for the owner), usually `-1`: a loss.
    pub virtual_value: f32,
}

/// The arena.
#[derive(Clone, Debug)]
pub(crate) struct Tree<M> {
    pub nodes: Vec<Node<M>>,
}

impl<M> Default for Tree<M> {
    fn default() -> Self {
        Tree { nodes: Vec::new() }
    }
}

impl<M: Copy> Tree<M> {
    /// The child of `parent` (an expanded node whose chooser is `chooser`) with the
    /// highest PUCT score,
    ///
    /// `Q + c_puct · P · sqrt(N) / (1 + n)`,
    ///
    /// where `n` is the child's visits plus its virtual visits, `N` the parent's, `P` the
    /// child's prior and `Q` its mean value for the chooser with each virtual visit counted
    /// as `virtual_value`, or the first-play urgency for a child without visits. Ties go to
    /// the first child (children are stored highest prior first).
    pub(crate) fn select_child(&self, parent: usize, chooser: Player, rule: &Rule) -> usize {
        let p = &self.nodes[parent];
        let range = p.children();
        let parent_n = f64::from(p.visits + p.in_flight);
        let sqrt_n = parent_n.sqrt() as f32;
        let fpu = match rule.fpu {
            Fpu::Absolute(v) => v,
            Fpu::Reduction(r) => {
                let mass: f32 = self.nodes[range.clone()]
                    .iter()
                    .filter(|c| c.visits + c.in_flight > 0)
                    .map(|c| c.prior)
                    .sum();
                // The parent's value for the chooser (its owner is the chooser after an
                // extra turn, the opponent otherwise).
                let parent_q = if p.visits == 0 {
                    0.0
                } else if p.owner == chooser {
                    p.mean() as f32
                } else {
                    -p.mean() as f32
                };
                parent_q - r * mass.sqrt()
            }
        };
        let mut best = range.start;
        let mut best_score = f32::NEG_INFINITY;
        for i in range {
            let c = &self.nodes[i];
            let n = c.visits + c.in_flight;
            let q = if n == 0 {
                fpu
            } else {
                ((c.value_sum + f64::from(rule.virtual_value) * f64::from(c.in_flight))
                    / f64::from(n)) as f32
            };
            let u = rule.c_puct * c.prior * sqrt_n / (1.0 + n as f32);
            let score = q + u;
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// Adds a virtual visit to every node of `path`.
    pub(crate) fn add_virtual(&mut self, path: &[u32]) {
        for &i in path {
            self.nodes[i as usize].in_flight += 1;
        }
    }

    /// Backs up `value_first` (the leaf's value for [`Player::First`]) along `path`,
    /// adding a visit to each node; `virtual_visits` when the path carries virtual visits
    /// to take back.
    pub(crate) fn backup(&mut self, path: &[u32], value_first: f32, virtual_visits: bool) {
        for &i in path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            if virtual_visits {
                n.in_flight -= 1;
            }
            n.value_sum += f64::from(match n.owner {
                Player::First => value_first,
                Player::Second => -value_first,
            });
        }
    }
}

/// A value for `player` as the value for [`Player::First`].
#[inline]
pub(crate) fn for_first(player: Player, value: f32) -> f32 {
    match player {
        Player::First => value,
        Player::Second => -value,
    }
}
