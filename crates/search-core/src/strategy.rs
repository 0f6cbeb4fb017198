//! The [`Strategy`] trait shared by every engine, and [`RandomMover`], the baseline player.

use crate::analysis::{MoveAnalysis, MoveValue};
use crate::error::{IllegalMoveError, SearchError};
use crate::general::{GeneralGame, Turn};
use crate::rng::SplitMix64;

/// Anything that chooses a move for the player to move in a state of a game: a search
/// engine, a rule-based player, a person at a prompt. It serves every game model: a
/// two-player [`Game`](crate::Game) is a [`GeneralGame`] already, and so is every
/// [`ImperfectInfo`](crate::ImperfectInfo) game, so one trait seats two-player engines,
/// engines for dice and more players, and engines for hidden information alike. The match
/// runner and the terminal loop of the `plysearch-play` crate need only this trait.
///
/// ```
/// use search_core::{Game, RandomMover, Strategy};
/// # use search_core::{Outcome, Player};
/// # #[derive(Clone)] struct G(u8);
/// # impl Game for G {
/// #   type Move = u8;
/// #   fn to_move(&self) -> Player { Player::First }
/// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.extend([1, 2, 3]) } }
/// #   fn play(&mut self, mv: u8) { self.0 = mv }
/// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
/// # }
/// let mut player = RandomMover::new(7);
/// let mv = player.choose_move(&G(0)).unwrap();
/// assert!([1, 2, 3].contains(&mv));
/// assert!(player.choose_move(&G(1)).is_err()); // game over: an error, not a panic
/// ```
pub trait Strategy<G: GeneralGame> {
    /// Chooses a move for the side to move in `state`.
    ///
    /// # Errors
    /// [`SearchError::GameOver`] when the game is over, or an engine-specific error (an
    /// invalid budget or configuration).
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError>;

    /// Chooses a move for the side to move in `state` within `budget`, the budget of this
    /// one move (a match on a game clock gives each move its share of the time left). A strategy whose effort can be
    /// bounded should search within `budget` (and within its own limits, if it has some
    /// tighter ones); the default is for strategies whose effort is fixed, such as
    /// [`RandomMover`]: it calls [`choose_move`](Strategy::choose_move) and lets the clock
    /// count what it took.
    ///
    /// # Errors
    /// As [`choose_move`](Strategy::choose_move), and an invalid budget where the strategy
    /// uses it.
    ///
    /// ```
    /// use search_core::{Budget, Game, RandomMover, Strategy};
    /// # use search_core::{Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.extend([1, 2]) } }
    /// #   fn play(&mut self, mv: u8) { self.0 = mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// let budget = Budget::time(std::time::Duration::from_millis(5));
    /// let mv = RandomMover::new(1).choose_move_within(&G(0), budget).unwrap();
    /// assert!([1, 2].contains(&mv));
    /// ```
    fn choose_move_within(
        &mut self,
        state: &G,
        budget: crate::budget::Budget,
    ) -> Result<G::Move, SearchError> {
        let _ = budget;
        self.choose_move(state)
    }

    /// Every legal move of `state` with its value for the side to move, best first: the
    /// exact score from a solver, the searched score and depth from alpha-beta, visits,
    /// mean and confidence interval from MCTS (see [`MoveValue`]). It spends the
    /// strategy's budget once over all moves, as [`choose_move`](Strategy::choose_move)
    /// does for one.
    ///
    /// The default lists the legal moves as [`MoveValue::Unknown`], in the game's order:
    /// right for a strategy that has no values, such as [`RandomMover`].
    ///
    /// # Errors
    /// As [`choose_move`](Strategy::choose_move): [`SearchError::GameOver`] when the game is
    /// over, [`SearchError::NoLegalMoves`] for an ongoing state without moves.
    ///
    /// ```
    /// use search_core::{Game, MoveValue, RandomMover, Strategy};
    /// # use search_core::{Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.extend([1, 2]) } }
    /// #   fn play(&mut self, mv: u8) { self.0 = mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// let moves = RandomMover::new(0).analyze(&G(0)).unwrap();
    /// assert_eq!(moves.len(), 2);
    /// assert!(moves.iter().all(|m| m.value == MoveValue::Unknown));
    /// ```
    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        let moves = player_moves(state)?;
        Ok(moves
            .into_iter()
            .map(|mv| MoveAnalysis::new(mv, MoveValue::Unknown))
            .collect())
    }

    /// Tells the strategy that `mv` was played from `before` (by either side), so that
    /// engines that keep state between moves (an MCTS tree, a transposition table) can
    /// follow the game. The default ignores it.
    ///
    /// `before` is the position **before** the move. Passing the position after it is the
    /// usual mistake: an engine that keeps a tree then silently loses it. Builds with debug
    /// assertions check that `mv` is legal in `before` (a move that was just played
    /// usually is not: its square is taken, its stones are gone) and panic with a message
    /// that names the mistake; [`try_observe_move`](Strategy::try_observe_move) makes the
    /// same check in every build and returns an error. In a game with chance nodes the
    /// outcomes of chance are moves too, and a strategy is told of them as of the players'
    /// moves. A loop that plays the moves itself (the match runner and the terminal loop of
    /// the `plysearch-play` crate) calls this for every move, so code using them never
    /// calls it.
    ///
    /// An implementation that overrides it should keep the check: call
    /// `debug_assert!(before.is_legal(mv), ..)` first, as `mcts::Mcts` does.
    ///
    /// ```
    /// # use search_core::{Game, RandomMover, Strategy, Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.push(1) } }
    /// #   fn play(&mut self, mv: u8) { self.0 = mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// let mut p = RandomMover::new(1);
    /// p.observe_move(&G(0), 1); // no effect for a memoryless player
    /// ```
    ///
    /// The position after the move, by mistake:
    /// ```should_panic
    /// # use search_core::{Game, RandomMover, Strategy, Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.push(1) } }
    /// #   fn play(&mut self, mv: u8) { self.0 = mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// # if !cfg!(debug_assertions) { panic!("the check needs debug assertions") }
    /// let mut state = G(0);
    /// state.play(1);
    /// RandomMover::new(1).observe_move(&state, 1); // panics: 1 is not legal after it
    /// ```
    fn observe_move(&mut self, before: &G, mv: G::Move) {
        debug_assert!(
            can_be_played(before, mv),
            "Strategy::observe_move was told that {mv:?} was played from a position where it \
             is not legal: pass the position before the move, not the position after it"
        );
        let _ = (before, mv);
    }

    /// [`observe_move`](Strategy::observe_move) after checking, in every build, that `mv`
    /// can be played in `before`: for callers who report moves from their own loop and
    /// want the mistake of passing the position after the move as an error rather than
    /// a debug assertion. On an error the strategy is not told anything.
    ///
    /// The check catches the position after the move whenever the move is not legal
    /// there, which is the usual case; in a game where the same move can be played twice
    /// in a row (take one stone, then one again) only the caller can tell.
    ///
    /// # Errors
    /// [`IllegalMoveError::GameOver`] when `before` is finished,
    /// [`IllegalMoveError::NotLegal`] when `mv` is not one of its legal moves.
    ///
    /// ```
    /// use search_core::{IllegalMoveError, RandomMover, Strategy};
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 < 2 { m.extend([1, 2]) } }
    /// #   fn play(&mut self, mv: u8) { self.0 += mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 < 2 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// let mut p = RandomMover::new(1);
    /// assert_eq!(p.try_observe_move(&G(0), 2), Ok(()));
    /// // The position after the move is over: nothing can have been played from it.
    /// let after = G(2);
    /// assert!(matches!(p.try_observe_move(&after, 2), Err(IllegalMoveError::GameOver { .. })));
    /// ```
    fn try_observe_move(&mut self, before: &G, mv: G::Move) -> Result<(), IllegalMoveError> {
        if before.turn() == Turn::Over {
            return Err(IllegalMoveError::GameOver {
                mv: format!("{mv:?}"),
            });
        }
        if !can_be_played(before, mv) {
            return Err(IllegalMoveError::NotLegal {
                mv: format!("{mv:?}"),
            });
        }
        self.observe_move(before, mv);
        Ok(())
    }

    /// Tells the strategy that moves were taken back and the game goes on from
    /// `restored`, a position from earlier in the game than the moves it was told of. An
    /// engine that keeps state along the line of play (an MCTS tree rooted at the last
    /// position) must drop what belongs to the line taken back, so that it never follows
    /// it again. The terminal loop of the `plysearch-play` crate calls it after every
    /// `undo`. The
    /// default ignores it: right for strategies that keep nothing between moves, or only
    /// what holds in every position (a transposition table).
    ///
    /// ```
    /// # use search_core::{Game, RandomMover, Strategy, Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.push(1) } }
    /// #   fn play(&mut self, mv: u8) { self.0 = mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// let mut p = RandomMover::new(1);
    /// p.observe_move(&G(0), 1);
    /// p.observe_undo(&G(0)); // the move is taken back; a random mover remembers nothing
    /// ```
    fn observe_undo(&mut self, restored: &G) {
        let _ = restored;
    }

    /// What the last [`choose_move`](Strategy::choose_move),
    /// [`choose_move_within`](Strategy::choose_move_within) or
    /// [`analyze`](Strategy::analyze) found, in words for a person: the value, the depth or
    /// the playouts, what it took, how it came to its answer. The terminal loop of the
    /// `plysearch-play` crate prints it after the strategy's move and under a hint. The
    /// default says nothing.
    ///
    /// ```
    /// # use search_core::{RandomMover, Strategy, Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(Strategy::<G>::report(&RandomMover::new(0)), None);
    /// ```
    fn report(&self) -> Option<String> {
        None
    }

    /// A short name for reports and match tables.
    ///
    /// ```
    /// # use search_core::{RandomMover, Strategy, Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(Strategy::<G>::name(&RandomMover::new(0)), "random");
    /// ```
    fn name(&self) -> String {
        "strategy".to_string()
    }
}

/// A boxed strategy plays as the strategy inside, so engines of different types can be
/// chosen at run time (`Box<dyn Strategy<G>>`) and still seated anywhere a strategy is.
///
/// ```
/// use search_core::{RandomMover, Strategy};
/// # use search_core::{Game, Outcome, Player};
/// # #[derive(Clone)] struct G(u8);
/// # impl Game for G {
/// #   type Move = u8;
/// #   fn to_move(&self) -> Player { Player::First }
/// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.extend([1, 2]) } }
/// #   fn play(&mut self, mv: u8) { self.0 = mv }
/// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
/// # }
/// let mut boxed: Box<dyn Strategy<G>> = Box::new(RandomMover::new(1));
/// assert!([1, 2].contains(&boxed.choose_move(&G(0)).unwrap()));
/// assert_eq!(boxed.name(), "random");
/// ```
impl<G: GeneralGame, S: Strategy<G> + ?Sized> Strategy<G> for Box<S> {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        (**self).choose_move(state)
    }

    fn choose_move_within(
        &mut self,
        state: &G,
        budget: crate::budget::Budget,
    ) -> Result<G::Move, SearchError> {
        (**self).choose_move_within(state, budget)
    }

    fn analyze(&mut self, state: &G) -> Result<Vec<MoveAnalysis<G::Move>>, SearchError> {
        (**self).analyze(state)
    }

    fn observe_move(&mut self, before: &G, mv: G::Move) {
        (**self).observe_move(before, mv);
    }

    fn try_observe_move(&mut self, before: &G, mv: G::Move) -> Result<(), IllegalMoveError> {
        (**self).try_observe_move(before, mv)
    }

    fn observe_undo(&mut self, restored: &G) {
        (**self).observe_undo(restored);
    }

    fn report(&self) -> Option<String> {
        (**self).report()
    }

    fn name(&self) -> String {
        (**self).name()
    }
}

/// Plays a uniformly random legal move, reproducibly from a seed: the baseline every engine
/// must beat.
///
/// ```
/// use search_core::RandomMover;
/// let a = RandomMover::new(42);
/// let b = RandomMover::new(42);
/// assert_eq!(format!("{a:?}"), format!("{b:?}"));
/// ```
#[derive(Clone, Debug)]
pub struct RandomMover {
    rng: SplitMix64,
}

impl RandomMover {
    /// A random player whose choices are fixed by `seed`.
    ///
    /// ```
    /// let _p = search_core::RandomMover::new(3);
    /// ```
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomMover {
            rng: SplitMix64::new(seed),
        }
    }
}

impl<G: GeneralGame> Strategy<G> for RandomMover {
    fn choose_move(&mut self, state: &G) -> Result<G::Move, SearchError> {
        let moves = player_moves(state)?;
        let i = self.rng.below(moves.len());
        Ok(moves[i])
    }

    fn name(&self) -> String {
        "random".to_string()
    }
}

/// The moves of the player to move in `state`, or why there is no player to choose one:
/// [`SearchError::GameOver`] at the end, [`SearchError::Config`] at a chance node (chance
/// chooses there, not a player), [`SearchError::NoLegalMoves`] for a player without moves.
fn player_moves<G: GeneralGame>(state: &G) -> Result<Vec<G::Move>, SearchError> {
    match state.turn() {
        Turn::Over => Err(SearchError::GameOver),
        Turn::Chance => Err(SearchError::Config(
            "a strategy was asked to move at a chance node, where chance chooses".to_string(),
        )),
        Turn::Player(_) => {
            let mut moves = Vec::new();
            state.moves(&mut moves);
            if moves.is_empty() {
                Err(SearchError::NoLegalMoves)
            } else {
                Ok(moves)
            }
        }
    }
}

/// Whether `mv` can be played in `state`: a legal move of the player to move, or an
/// outcome of a chance node.
fn can_be_played<G: GeneralGame>(state: &G, mv: G::Move) -> bool {
    match state.turn() {
        Turn::Over => false,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes.iter().any(|&(o, _)| o == mv)
        }
        Turn::Player(_) => {
            let mut moves = Vec::new();
            state.moves(&mut moves);
            moves.contains(&mv)
        }
    }
}
