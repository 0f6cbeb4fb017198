//! Playouts, for both modes: the one [`Playout`] trait (how a simulation chooses its
//! moves, and when it stops early), the shipped policies, and the one playout loop, whose
//! end (a finished game scored, or a cut-off) each mode gives through [`Rollout`].

use search_core::{Evaluator, Game, GeneralGame, SearchError, SplitMix64};

use crate::engine::context::{Scratch, Tally};
use crate::engine::rules::Rules;
use crate::steps::rave::Recorder;

/// How a playout (a simulated game from a new leaf of the tree) chooses its moves, and
/// whether it stops early: one trait for both modes of the [`Engine`](crate::Engine), for
/// any [`GeneralGame`] (every [`Game`] is one).
///
/// The engine owns the loop: it generates the legal moves into a reused buffer, asks
/// [`choose`](Playout::choose) for one, plays it, and repeats until the game ends, or until
/// [`cutoff_plies`](Playout::cutoff_plies) plies were played, where it asks
/// [`score`](Playout::score) instead. Chance outcomes are always drawn by their
/// probabilities, never asked of the policy. Implementations must return one of the moves
/// they are given.
///
/// A policy biased by your game's knowledge is a few lines:
///
/// ```
/// use mcts::Playout;
/// use search_core::{Game, SplitMix64};
///
/// /// Win at once when possible, otherwise play uniformly at random.
/// struct WinFirst;
/// impl<G: Game> Playout<G> for WinFirst {
///     fn choose(&self, state: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move {
///         state.winning_move().unwrap_or_else(|| moves[rng.below(moves.len())])
///     }
/// }
/// # let _ = WinFirst;
/// ```
pub trait Playout<G: GeneralGame> {
    /// `true` if [`choose`](Playout::choose) picks uniformly at random among the legal moves
    /// and [`next_move`](Playout::next_move) is not overridden: a two-player engine then asks
    /// the game's own [`random_move`](Game::random_move) instead, which a game may answer
    /// without listing the moves. Default: `false`.
    ///
    /// ```
    /// use mcts::{HintPlayout, Playout, RandomPlayout};
    /// assert!(<RandomPlayout as Playout<games::TicTacToe>>::UNIFORM);
    /// assert!(!<HintPlayout as Playout<games::TicTacToe>>::UNIFORM);
    /// ```
    const UNIFORM: bool = false;

    /// Chooses the next playout move among `moves` (the legal moves of the player to move
    /// in `state`, never empty).
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Playout, RandomPlayout};
    /// use search_core::SplitMix64;
    /// let mut rng = SplitMix64::new(1);
    /// let mv = RandomPlayout.choose(&TicTacToe::new(), &[2, 4, 6], &mut rng);
    /// assert!([2, 4, 6].contains(&mv));
    /// ```
    fn choose(&self, state: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move;

    /// The next playout move of the player to move in `state`, `None` when it has no legal
    /// move: what the engine calls at each of the players' plies. The default lists the legal
    /// moves into `moves` (a buffer the engine reuses) and asks [`choose`](Playout::choose).
    /// Override it only to skip the list; the choice itself belongs in `choose`. (With
    /// [`UNIFORM`](Playout::UNIFORM) a two-player engine asks the game's
    /// [`random_move`](Game::random_move) instead.)
    ///
    /// ```
    /// use games::TicTacToe;
    /// use mcts::{Playout, RandomPlayout};
    /// use search_core::{Game, SplitMix64};
    /// let (mut rng, mut moves) = (SplitMix64::new(1), Vec::new());
    /// let mv = RandomPlayout.next_move(&TicTacToe::new(), &mut moves, &mut rng);
    /// assert!(mv.is_some_and(|m| TicTacToe::new().is_legal(m)));
    /// ```
    #[inline]
    fn next_move(
        &self,
        state: &G,
        moves: &mut Vec<G::Move>,
        rng: &mut SplitMix64,
    ) -> Option<G::Move> {
        moves.clear();
        state.moves(moves);
        if moves.is_empty() {
            None
        } else {
            Some(self.choose(state, moves, rng))
        }
    }

    /// Stop the playout after this many plies and [`score`](Playout::score) the state
    /// reached. Default: `None`, play to the end of the game.
    ///
    /// ```
    /// use mcts::{Playout, RandomPlayout};
    /// use games::TicTacToe;
    /// assert_eq!(Playout::<TicTacToe>::cutoff_plies(&RandomPlayout), None);
    /// ```
    fn cutoff_plies(&self) -> Option<u32> {
        None
    }

    /// The expected reward in `[0, 1]` (1 = win, ½ = draw, 0 = loss) of the side to move
    /// in `state`, an ongoing state where the playout was cut off. Only called when
    /// [`cutoff_plies`](Playout::cutoff_plies) is `Some`, by a two-player engine
    /// ([`Mcts`](crate::Mcts)): the general mode, which has no side to move at a chance node
    /// nor one opponent among several, refuses a policy with a cut-off. Values outside
    /// `[0, 1]` are clamped; NaN counts as ½. Default: ½.
    ///
    /// ```
    /// use mcts::{Playout, RandomPlayout};
    /// use games::TicTacToe;
    /// assert_eq!(RandomPlayout.score(&TicTacToe::new()), 0.5);
    /// ```
    fn score(&self, state: &G) -> f64 {
        let _ = state;
        0.5
    }
}

/// Uniformly random playouts to the end of the game: the classic, knowledge-free default
/// of both modes (a two-player game's own [`random_move`](Game::random_move) is used when it
/// has one, see [`Playout::UNIFORM`]).
///
/// ```
/// use mcts::{Mcts, RandomPlayout};
/// use games::TicTacToe;
/// use search_core::Budget;
///
/// let mut ai = Mcts::<TicTacToe>::new().with_seed(1).with_playout(RandomPlayout).with_budget(Budget::iterations(500));
/// assert!(ai.search(&TicTacToe::new()).is_ok());
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct RandomPlayout;

impl<G: GeneralGame> Playout<G> for RandomPlayout {
    const UNIFORM: bool = true;

    #[inline]
    fn choose(&self, _state: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move {
        moves[rng.below(moves.len())]
    }
}

/// Playouts biased by the game's own knowledge: take a winning move when the game's
/// [`winning_move`](Game::winning_move) hook finds one (asked only when the game declares
/// it fast with [`HAS_WINNING_MOVE`](Game::HAS_WINNING_MOVE)); otherwise, with probability
/// `1 - epsilon`, the legal move with the highest
/// [`move_order_hint`](Game::move_order_hint) (ties broken at random), and with probability
/// `epsilon` a uniformly random move.
///
/// Stronger playouts cost more per ply; measure both on your game.
///
/// ```
/// use mcts::{HintPlayout, Mcts};
/// use games::ConnectFour;
/// use search_core::Budget;
///
/// let policy = HintPlayout::new(0.5);
/// let mut ai = Mcts::<ConnectFour, _>::new().with_seed(3).with_playout(policy).with_budget(Budget::iterations(300));
/// assert!(ai.search(&ConnectFour::new()).is_ok());
/// ```
#[derive(Copy, Clone, Debug)]
pub struct HintPlayout {
    epsilon: f64,
}

impl HintPlayout {
    /// A hint-biased policy exploring at random with probability `epsilon`, clamped into
    /// `[0, 1]` (NaN counts as 1: fully random apart from taking wins).
    ///
    /// ```
    /// assert_eq!(mcts::HintPlayout::new(2.0).epsilon(), 1.0);
    /// ```
    #[must_use]
    pub fn new(epsilon: f64) -> Self {
        let epsilon = if epsilon.is_nan() {
            1.0
        } else {
            epsilon.clamp(0.0, 1.0)
        };
        HintPlayout { epsilon }
    }

    /// The probability of a uniformly random move.
    ///
    /// ```
    /// assert_eq!(mcts::HintPlayout::new(0.25).epsilon(), 0.25);
    /// ```
    #[must_use]
    pub fn epsilon(&self) -> f64 {
        self.epsilon
    }
}

impl<G: Game> Playout<G> for HintPlayout {
    fn choose(&self, state: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move {
        if G::HAS_WINNING_MOVE {
            if let Some(win) = state.winning_move() {
                return win;
            }
        }
        if rng.next_f64() < self.epsilon {
            return moves[rng.below(moves.len())];
        }
        let mut best = moves[0];
        let mut best_hint = state.move_order_hint(best);
        let mut ties = 1usize;
        for &mv in &moves[1..] {
            let h = state.move_order_hint(mv);
            if h > best_hint {
                best = mv;
                best_hint = h;
                ties = 1;
            } else if h == best_hint {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = mv;
                }
            }
        }
        best
    }
}

/// Early playout cut-off, a classic MCTS enhancement: play `inner`'s moves for at most
/// `plies` plies, then score the state with an [`Evaluator`] instead of playing on.
///
/// The evaluation `v` (for the side to move, as every evaluator of the workspace returns
/// it) becomes a win probability `p = 1 / (1 + e^(-v / scale))`. If `p >= threshold` the
/// playout counts as a win for the side to move, if `p <= 1 - threshold` as a loss, and
/// otherwise as the fractional reward `p`: a confident evaluation is trusted like a result,
/// an uncertain one only as an estimate. `threshold = 1` never rounds.
///
/// ```
/// use games::{ConnectFour, ThreatEvaluator};
/// use mcts::{EvalCutoff, Mcts, RandomPlayout};
/// use search_core::Budget;
///
/// let policy = EvalCutoff::new(RandomPlayout, ThreatEvaluator, 8, 32.0, 0.9).unwrap();
/// let mut ai = Mcts::<ConnectFour, _>::new().with_seed(5).with_playout(policy).with_budget(Budget::iterations(300));
/// assert!(ai.search(&ConnectFour::new()).is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct EvalCutoff<P, E> {
    inner: P,
    evaluator: E,
    plies: u32,
    scale: f64,
    threshold: f64,
}

impl<P, E> EvalCutoff<P, E> {
    /// Cut playouts of `inner` after `plies` plies (at least 1) and score them with
    /// `evaluator`; `scale` (finite, > 0) is the evaluation worth odds of e : 1;
    /// `threshold` (in `[0.5, 1]`) is the confidence from which a score counts as a result.
    ///
    /// # Errors
    /// [`SearchError::Config`](search_core::SearchError::Config) for zero plies, a scale
    /// that is not finite and positive, or a threshold outside `[0.5, 1]` (NaN included).
    ///
    /// ```
    /// use games::ThreatEvaluator;
    /// use mcts::{EvalCutoff, RandomPlayout};
    /// assert!(EvalCutoff::new(RandomPlayout, ThreatEvaluator, 0, 10.0, 0.9).is_err());
    /// assert!(EvalCutoff::new(RandomPlayout, ThreatEvaluator, 4, f64::NAN, 0.9).is_err());
    /// assert!(EvalCutoff::new(RandomPlayout, ThreatEvaluator, 4, 10.0, 0.2).is_err());
    /// ```
    pub fn new(
        inner: P,
        evaluator: E,
        plies: u32,
        scale: f64,
        threshold: f64,
    ) -> Result<Self, search_core::SearchError> {
        use search_core::SearchError::Config;
        if plies == 0 {
            return Err(Config("the playout cut-off needs at least 1 ply".into()));
        }
        if !(scale.is_finite() && scale > 0.0) {
            return Err(Config(format!(
                "the evaluation scale must be finite and positive, got {scale}"
            )));
        }
        if !(0.5..=1.0).contains(&threshold) {
            return Err(Config(format!(
                "the confidence threshold must lie in [0.5, 1], got {threshold}"
            )));
        }
        Ok(EvalCutoff {
            inner,
            evaluator,
            plies,
            scale,
            threshold,
        })
    }
}

impl<G: Game, P: Playout<G>, E: Evaluator<G>> Playout<G> for EvalCutoff<P, E> {
    const UNIFORM: bool = P::UNIFORM;

    #[inline]
    fn choose(&self, state: &G, moves: &[G::Move], rng: &mut SplitMix64) -> G::Move {
        self.inner.choose(state, moves, rng)
    }

    #[inline]
    fn next_move(
        &self,
        state: &G,
        moves: &mut Vec<G::Move>,
        rng: &mut SplitMix64,
    ) -> Option<G::Move> {
        self.inner.next_move(state, moves, rng)
    }

    fn cutoff_plies(&self) -> Option<u32> {
        Some(self.plies)
    }

    fn score(&self, state: &G) -> f64 {
        let v = f64::from(self.evaluator.evaluate(state));
        let p = 1.0 / (1.0 + (-v / self.scale).exp());
        if p >= self.threshold {
            1.0
        } else if p <= 1.0 - self.threshold {
            0.0
        } else {
            p
        }
    }
}

/// The longest playout the engine plays before scoring it a draw: a guard against games
/// that never end (cycles), not a limit any finite board game reaches.
pub(crate) const MAX_PLAYOUT_PLIES: u32 = 100_000;

/// How a playout of a mode moves and ends: the playout loop ([`run_playout`]) is the same
/// for both modes.
pub(crate) trait Rollout<G: GeneralGame, P> {
    /// What a playout yields (see [`Steps::Reward`](crate::parallel::worker::Steps::Reward)).
    type Reward;

    /// The most plies a playout plays before [`cut_off`](Rollout::cut_off).
    fn limit(policy: &P) -> u32;

    /// The next move (a player's, or a chance outcome) in `state`; `None` when the game is
    /// over.
    fn next(
        policy: &P,
        state: &G,
        rng: &mut SplitMix64,
        s: &mut Scratch<G::Move>,
        rules: &Rules,
    ) -> Result<Option<G::Move>, SearchError>;

    /// The reward of the finished game `state`.
    fn finished(
        state: &G,
        s: &mut Scratch<G::Move>,
        rules: &Rules,
    ) -> Result<Self::Reward, SearchError>;

    /// The reward of a playout stopped after `plies` plies at `state`.
    fn cut_off(
        policy: &P,
        state: G,
        s: &mut Scratch<G::Move>,
        rules: &Rules,
        plies: u32,
    ) -> Result<Self::Reward, SearchError>;
}

/// What a playout ([`run_playout`]) came to.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) enum Played<R> {
    /// The state was a finished game (no ply was played): its reward.
    Over(R),
    /// A playout of one ply or more: its reward.
    Ran(R),
    /// Abandoned when the search's time ran out or its stop flag was set: nothing to back
    /// up.
    Abandoned,
}

/// Runs one playout from `state`, telling `recorder` every move played (for RAVE), and
/// counting its plies in `tally` (given to the clock when it is due).
///
/// # Errors
/// [`SearchError::NoLegalMoves`] when the playout meets an ongoing state without legal
/// moves, and the broken promises the mode checks.
///
/// Always inlined, so that the game's moves inline into the loop; and the state is taken
/// by value, a local of the loop that no call sees while it runs, so that the compiler
/// may keep it in registers rather than store it at every ply.
#[inline(always)]
pub(crate) fn run_playout<G, P, K, R>(
    policy: &P,
    mut state: G,
    rng: &mut SplitMix64,
    s: &mut Scratch<G::Move>,
    rules: &Rules,
    recorder: &mut R,
    tally: &mut Tally,
) -> Result<Played<K::Reward>, SearchError>
where
    G: GeneralGame,
    K: Rollout<G, P>,
    R: Recorder<G>,
{
    let limit = K::limit(policy);
    let mut plies = 0u32;
    // The generator's state in a local for the loop, written back once: through `rng` it
    // is stored and reloaded at every ply, which lengthens the chain of draws.
    let mut local = rng.clone();
    // `counted` plies are in the tally; the loop runs to `stop`, the cut-off or the
    // clock's next look, whichever comes first, with one comparison a ply.
    let mut counted = 0u32;
    let mut stop = limit.min(tally.left());
    let ended = 'playout: loop {
        // Nothing but the moves in this loop (no call that could see the state), counted
        // down from the plies it may play (`stop >= plies` always).
        let mut left = stop - plies;
        while left > 0 {
            let Some(mv) = K::next(policy, &state, &mut local, s, rules)? else {
                plies = stop - left;
                break 'playout true;
            };
            recorder.record(&state, mv);
            state.apply(mv);
            left -= 1;
        }
        plies = stop;
        if plies >= limit {
            break false;
        }
        let Some(fresh) = s.clock.settle(tally.owed + plies - counted) else {
            *rng = local;
            return Ok(Played::Abandoned);
        };
        *tally = fresh;
        counted = plies;
        stop = limit.min(plies.saturating_add(tally.left()));
    };
    tally.owed += plies - counted;
    *rng = local;
    Ok(if !ended {
        Played::Ran(K::cut_off(policy, state, s, rules, plies)?)
    } else if plies == 0 {
        Played::Over(K::finished(&state, s, rules)?)
    } else {
        Played::Ran(K::finished(&state, s, rules)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::mode::ZeroSum;
    use crate::tree::zero_sum::first_player_reward;
    use games::{ConnectFour, TicTacToe};

    /// A two-player playout from `state`: what it came to, and the state it ended in
    /// (the moves it played, recorded, replayed on `state`).
    fn two_player<G: Game, P: Playout<G>>(
        policy: &P,
        state: &G,
        rng: &mut SplitMix64,
    ) -> (Played<f64>, G) {
        let rules = Rules::two_player();
        let (mut played, mut scratch) = (Vec::new(), Scratch::new());
        let mut tally = scratch.clock.tally();
        let result = run_playout::<G, P, ZeroSum, _>(
            policy,
            state.clone(),
            rng,
            &mut scratch,
            &rules,
            &mut played,
            &mut tally,
        )
        .unwrap();
        assert_eq!(
            tally.owed as usize,
            played.len(),
            "every ply is in the tally"
        );
        let mut end = state.clone();
        for &(player, mv) in &played {
            assert_eq!(usize::from(player), end.to_move().index());
            end.play(mv);
        }
        (result, end)
    }

    #[test]
    fn cut_off_scores_follow_the_threshold() {
        let big = |s: &TicTacToe| if s.stones() == 0 { 1_000 } else { -1_000 };
        let policy = EvalCutoff::new(RandomPlayout, big, 1, 100.0, 0.9).unwrap();
        assert_eq!(policy.score(&TicTacToe::new()), 1.0); // confident win
        let mut g = TicTacToe::new();
        g.play(4);
        assert_eq!(policy.score(&g), 0.0); // confident loss
        let small = |_: &TicTacToe| 50;
        let policy = EvalCutoff::new(RandomPlayout, small, 1, 100.0, 0.9).unwrap();
        let p = policy.score(&TicTacToe::new());
        assert!((p - 1.0 / (1.0 + (-0.5f64).exp())).abs() < 1e-12, "{p}");
    }

    #[test]
    fn a_cut_off_playout_reports_the_first_players_reward() {
        // After one ply O is to move; the evaluator says O is winning, so X's reward is 0.
        let o_wins = |s: &TicTacToe| if s.stones() % 2 == 1 { 1_000 } else { -1_000 };
        let policy = EvalCutoff::new(RandomPlayout, o_wins, 1, 10.0, 0.9).unwrap();
        let (result, end) = two_player(&policy, &TicTacToe::new(), &mut SplitMix64::new(1));
        assert_eq!((result, end.stones()), (Played::Ran(0.0), 1));
    }

    #[test]
    fn playouts_end_the_game_and_score_it() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..100 {
            let (result, end) = two_player(&RandomPlayout, &ConnectFour::new(), &mut rng);
            assert!(end.outcome().is_over());
            assert_eq!(result, Played::Ran(first_player_reward(end.outcome())));
        }
        let over: TicTacToe = "xxx oo. ...".parse().unwrap();
        let (result, end) = two_player(&HintPlayout::new(0.0), &over, &mut rng);
        assert_eq!((result, end), (Played::Over(1.0), over));
    }
}
