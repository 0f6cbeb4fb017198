//! RAVE (rapid action value estimation; Gelly and Silver 2007): all-moves-as-first
//! statistics. After each iteration every child of every node on the path whose move the
//! same player played later in that iteration (in the tree or in the playout) counts the
//! iteration's reward as if it had been played first. Selection blends a child's own mean
//! with its AMAF mean, trusting the AMAF mean less as the parent's visits grow:
//! `β = sqrt(k / (3 n + k))` with the equivalence parameter `k`.

use search_core::{Game, GeneralGame};

use crate::tree::zero_sum::ZsNode;

/// A child's all-moves-as-first statistics: visits and the mean reward for its owner.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub(crate) struct Amaf {
    pub visits: u32,
    pub mean: f32,
}

impl Amaf {
    /// Adds a reward (for the node's owner).
    #[inline]
    pub(crate) fn add(&mut self, reward: f32) {
        self.visits += 1;
        self.mean += (reward - self.mean) / self.visits as f32;
    }
}

/// Where the moves of one iteration go: nowhere (plain UCT, and the general mode), or into
/// a list of `(player, move)` for the AMAF update.
pub(crate) trait Recorder<G: GeneralGame> {
    /// `mv` is about to be played in `state`.
    fn record(&mut self, state: &G, mv: G::Move);
}

impl<G: GeneralGame> Recorder<G> for () {
    #[inline(always)]
    fn record(&mut self, _state: &G, _mv: G::Move) {}
}

impl<G: Game> Recorder<G> for Vec<(u8, G::Move)> {
    #[inline]
    fn record(&mut self, state: &G, mv: G::Move) {
        self.push((state.to_move().index() as u8, mv));
    }
}

/// The weight of the AMAF mean for the children of a node with `visits` visits.
#[inline]
pub(crate) fn beta(equivalence: f32, visits: u32) -> f32 {
    (equivalence / (3.0 * visits as f32 + equivalence)).sqrt()
}

/// A child's mean blended with its AMAF mean (its own mean alone before any AMAF visit).
#[inline]
pub(crate) fn blended(child_mean: f32, amaf: Amaf, beta: f32) -> f32 {
    if amaf.visits == 0 {
        child_mean
    } else {
        (1.0 - beta) * child_mean + beta * amaf.mean
    }
}

/// The AMAF update of one iteration: `path` holds the tree nodes from the root down,
/// `moves` every move of the iteration from the root on (`moves[k]` leads out of
/// `path[k]`), and `reward` is the first player's reward.
pub(crate) fn update<M: Copy + PartialEq>(
    tree: &[ZsNode<M>],
    amaf: &mut [Amaf],
    path: &[u32],
    moves: &[(u8, M)],
    reward: f64,
) {
    for (k, &i) in path.iter().enumerate() {
        let node = &tree[i as usize];
        if node.num_children == 0 {
            continue;
        }
        let later = moves.get(k..).unwrap_or(&[]);
        for c in node.children() {
            let child = &tree[c];
            let owner = child.owner();
            if later.iter().any(|&(p, m)| p == owner && m == child.mv) {
                let r = if owner == 0 { reward } else { 1.0 - reward };
                amaf[c].add(r as f32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_amaf_mean_is_the_mean_of_its_rewards() {
        let mut a = Amaf::default();
        for r in [1.0, 0.0, 0.5, 1.0] {
            a.add(r);
        }
        assert_eq!(a.visits, 4);
        assert!((a.mean - 0.625).abs() < 1e-6);
    }

    #[test]
    fn beta_falls_from_one_towards_zero() {
        assert_eq!(beta(1000.0, 0), 1.0);
        assert!((beta(1000.0, 1000) - 0.5).abs() < 1e-6);
        assert!(beta(1000.0, 1_000_000) < 0.02);
    }

    #[test]
    fn only_moves_of_the_same_player_played_later_count() {
        // root (owner 1) -> children a = move 1, b = move 2 (owner 0); a -> c = move 2,
        // d = move 3 (owner 1).
        let mut t = vec![ZsNode::new(0u8, 1, 0.0)];
        t[0].first_child = 1;
        t[0].num_children = 2;
        t.push(ZsNode::new(1, 0, 0.0));
        t.push(ZsNode::new(2, 0, 0.0));
        t[1].first_child = 3;
        t[1].num_children = 2;
        t.push(ZsNode::new(2, 1, 0.0));
        t.push(ZsNode::new(3, 1, 0.0));
        let mut amaf = vec![Amaf::default(); t.len()];
        // Player 0 plays 1, player 1 plays 3, then player 0 plays 2 in the playout; the
        // first player wins (reward 1).
        let moves = [(0, 1u8), (1, 3), (0, 2)];
        update(&t, &mut amaf, &[0, 1, 4], &moves, 1.0);
        // At the root (player 0 to move): a (played) and b (played later by player 0).
        assert_eq!(
            amaf[1],
            Amaf {
                visits: 1,
                mean: 1.0
            }
        );
        assert_eq!(
            amaf[2],
            Amaf {
                visits: 1,
                mean: 1.0
            }
        );
        // Below a (player 1 to move): d (played, reward 0 for player 1); c's move 2 was
        // played by player 0, not player 1, so c gets nothing.
        assert_eq!(
            amaf[4],
            Amaf {
                visits: 1,
                mean: 0.0
            }
        );
        assert_eq!(amaf[3], Amaf::default());
    }
}
