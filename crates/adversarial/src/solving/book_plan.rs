//! [`BookPlan`]: the positions of a book build, level by level, and the partition of its
//! deepest level into shards of about equal expected cost.

use search_core::{Game, GameHash};

use crate::solving::book::book_key;
use crate::solving::book_error::ShardId;

/// The version of the partition a shard records: shards cut by another version of the
/// partition do not belong to the same build.
pub(crate) const PARTITION_SCHEME: u16 = 1;

/// The expected cost of a position that needs a search, in units of one that does not.
const SEARCHED_COST: u64 = 1000;

/// The positions of a book build and how its work is split into shards, from
/// [`BookBuilder::plan`](crate::BookBuilder::plan).
///
/// The positions are those the book will hold, level by level (one per symmetry class,
/// each at the first level it appears on, finished games left out). Nearly all the work of
/// a build is the deepest level: each level above is solved with a book of the levels below
/// it, so its positions' children are look-ups. The deepest level is therefore the one split
/// into shards, and the levels above are solved when the shards are merged
/// ([`BookBuilder::merge`](crate::BookBuilder::merge)).
///
/// **The partition.** The deepest level, in the order the positions were found (children of
/// one parent together, parents in their own level's order), is cut into N consecutive runs
/// of about equal expected cost: a position whose value is known at once (a win with its
/// next move, or no move that does not lose at once, from the game's
/// [`winning_move`](Game::winning_move) and [`non_losing_moves`](Game::non_losing_moves))
/// counts 1, any other 1000. Consecutive positions share much of their search trees, which a
/// shard's transposition table keeps, so runs cost little more in all than the whole level
/// on one solver; and the positions decided at once, which come in long stretches, do not
/// weigh on a shard as if they had to be searched. The partition depends only on the game,
/// the start, the depth and N: every machine computes the same one, and every position of
/// the level is in exactly one part.
///
/// ```
/// use adversarial::{BookBuilder, ShardId};
/// use games::TicTacToe;
/// let plan = BookBuilder::new("tictactoe", 3).plan(&TicTacToe::new(), 4).unwrap();
/// assert_eq!(plan.shards(), 4);
/// // The deepest level (38 classes of positions with three marks) is split in four.
/// let sizes: Vec<usize> = plan.parts().map(|(_, part)| part.len()).collect();
/// assert_eq!(sizes.iter().sum::<usize>(), 38);
/// assert_eq!(plan.levels().iter().map(Vec::len).collect::<Vec<_>>(), [1, 3, 12, 38]);
/// ```
#[derive(Debug, Clone)]
pub struct BookPlan<G> {
    pub(crate) game: String,
    pub(crate) depth: u32,
    pub(crate) start_key: u64,
    pub(crate) levels: Vec<Vec<G>>,
    /// Part `k` (from 1) is `deepest[bounds[k - 1]..bounds[k]]`.
    pub(crate) bounds: Vec<usize>,
}

impl<G: GameHash> BookPlan<G> {
    /// The plan of the build of `levels` (from `start`) in `shards` shards.
    pub(crate) fn new(
        game: String,
        depth: u32,
        start: &G,
        levels: Vec<Vec<G>>,
        shards: ShardId,
    ) -> Self {
        let deepest: &[G] = levels.last().map_or(&[], Vec::as_slice);
        let bounds = partition(deepest, shards.count());
        BookPlan {
            game,
            depth,
            start_key: book_key(start),
            levels,
            bounds,
        }
    }

    /// The number of shards.
    ///
    /// ```
    /// let plan = adversarial::BookBuilder::new("tictactoe", 2).plan(&games::TicTacToe::new(), 3).unwrap();
    /// assert_eq!(plan.shards(), 3);
    /// ```
    #[must_use]
    pub fn shards(&self) -> u32 {
        (self.bounds.len() - 1) as u32
    }

    /// The positions shard `id` solves, in the order it solves them; `None` if `id` is not
    /// one of this plan's shards (another N).
    ///
    /// ```
    /// use adversarial::ShardId;
    /// let plan = adversarial::BookBuilder::new("tictactoe", 2).plan(&games::TicTacToe::new(), 1).unwrap();
    /// assert_eq!(plan.part(ShardId::WHOLE).unwrap().len(), 12);
    /// assert!(plan.part("1/2".parse().unwrap()).is_none());
    /// ```
    #[must_use]
    pub fn part(&self, id: ShardId) -> Option<&[G]> {
        if id.count() != self.shards() {
            return None;
        }
        let k = id.number() as usize;
        Some(&self.deepest()[self.bounds[k - 1]..self.bounds[k]])
    }

    /// Every shard with its positions, in order.
    ///
    /// ```
    /// let plan = adversarial::BookBuilder::new("tictactoe", 2).plan(&games::TicTacToe::new(), 5).unwrap();
    /// assert_eq!(plan.parts().count(), 5);
    /// ```
    pub fn parts(&self) -> impl Iterator<Item = (ShardId, &[G])> + '_ {
        ShardId::all(self.shards()).map(|id| (id, self.part(id).unwrap_or(&[])))
    }

    /// The positions of the book, level by level: element `d` holds those `d` plies from
    /// the start (see [`BookBuilder::positions`](crate::BookBuilder::positions)). The last
    /// level is the one split into shards.
    ///
    /// ```
    /// let plan = adversarial::BookBuilder::new("tictactoe", 1).plan(&games::TicTacToe::new(), 2).unwrap();
    /// assert_eq!(plan.levels().len(), 2);
    /// ```
    #[must_use]
    pub fn levels(&self) -> &[Vec<G>] {
        &self.levels
    }

    /// The number of positions of the book.
    ///
    /// ```
    /// let plan = adversarial::BookBuilder::new("tictactoe", 2).plan(&games::TicTacToe::new(), 2).unwrap();
    /// assert_eq!(plan.len(), 16);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.levels.iter().map(Vec::len).sum()
    }

    /// Whether the book holds no position (its start is a finished game).
    ///
    /// ```
    /// let plan = adversarial::BookBuilder::new("tictactoe", 2).plan(&games::TicTacToe::new(), 2).unwrap();
    /// assert!(!plan.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }

    /// The level split into shards (empty for a finished start).
    pub(crate) fn deepest(&self) -> &[G] {
        self.levels.last().map_or(&[], Vec::as_slice)
    }
}

/// The expected cost of solving `state`: 1 if its value is known at once, else
/// [`SEARCHED_COST`].
fn expected_cost<G: Game>(state: &G, moves: &mut Vec<G::Move>) -> u64 {
    if state.winning_move().is_some() {
        return 1;
    }
    moves.clear();
    state.non_losing_moves(moves);
    if moves.is_empty() { 1 } else { SEARCHED_COST }
}

/// The bounds of `shards` consecutive runs of `positions` of about equal expected cost:
/// run `k` (from 1) is `bounds[k - 1]..bounds[k]`, and it starts at the first position
/// before which at least `(k - 1) / shards` of the total cost lies.
pub(crate) fn partition<G: Game>(positions: &[G], shards: u32) -> Vec<usize> {
    let mut moves = Vec::new();
    let costs: Vec<u64> = positions
        .iter()
        .map(|p| expected_cost(p, &mut moves))
        .collect();
    partition_costs(&costs, shards)
}

/// [`partition`] of positions with these expected costs.
fn partition_costs(costs: &[u64], shards: u32) -> Vec<usize> {
    let total: u128 = costs.iter().map(|&c| u128::from(c)).sum();
    let n = u128::from(shards);
    let mut bounds = Vec::with_capacity(shards as usize + 1);
    bounds.push(0);
    let mut before: u128 = 0;
    let mut k: u128 = 1;
    for (i, &cost) in costs.iter().enumerate() {
        // Shard k + 1 starts at the first position with at least k / n of the cost
        // before it.
        while k < n && before * n >= total * k {
            bounds.push(i);
            k += 1;
        }
        before += u128::from(cost);
    }
    while bounds.len() < shards as usize + 1 {
        bounds.push(costs.len());
    }
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_the_positions_in_order_with_about_equal_cost() {
        let mut rng = search_core::SplitMix64::new(3);
        for _ in 0..300 {
            let len = rng.below(200);
            let costs: Vec<u64> = (0..len)
                .map(|_| if rng.below(3) == 0 { 1 } else { 1000 })
                .collect();
            let n = 1 + rng.below(20) as u32;
            let bounds = partition_costs(&costs, n);
            assert_eq!(bounds.len(), n as usize + 1);
            assert_eq!((bounds[0], bounds[n as usize]), (0, len));
            assert!(bounds.windows(2).all(|w| w[0] <= w[1]), "{bounds:?}");
            // No run costs more than its share and one position.
            let total: u64 = costs.iter().sum();
            for w in bounds.windows(2) {
                let cost: u64 = costs[w[0]..w[1]].iter().sum();
                assert!(
                    cost * u64::from(n) <= total + 1000 * u64::from(n),
                    "{cost} of {total}"
                );
            }
        }
        assert_eq!(partition_costs(&[], 3), [0, 0, 0, 0]);
        assert_eq!(partition_costs(&[5], 1), [0, 1]);
        assert_eq!(partition_costs(&[1, 1, 1, 1], 2), [0, 2, 4]);
        assert_eq!(partition_costs(&[1000, 1, 1, 1000], 2), [0, 2, 4]);
    }
}
