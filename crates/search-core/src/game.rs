//! The two-player game vocabulary: [`Player`], [`Outcome`] and the [`Game`] trait (the key
//! a transposition table needs is [`GameHash`](crate::GameHash), in `game_hash.rs`).

use core::fmt::{self, Debug};
use core::hash::Hash;

use crate::error::IllegalMoveError;
use crate::rng::SplitMix64;

/// One of the two players of a two-player game.
///
/// `First` moves first from the initial position (X in tic-tac-toe, the first stone in
/// Connect Four).
///
/// ```
/// use search_core::Player;
/// assert_eq!(Player::First.opponent(), Player::Second);
/// assert_eq!(Player::Second.index(), 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first from the initial position.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use search_core::Player;
    /// assert_eq!(Player::Second.opponent(), Player::First);
    /// ```
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `0` for [`Player::First`], `1` for [`Player::Second`]: handy to index per-player arrays.
    ///
    /// ```
    /// use search_core::Player;
    /// let stones = [3, 2];
    /// assert_eq!(stones[Player::First.index()], 3);
    /// ```
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

impl fmt::Display for Player {
    /// ```
    /// use search_core::Player;
    /// assert_eq!(Player::First.to_string(), "first player");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first player",
            Player::Second => "second player",
        })
    }
}

/// Where a game stands: still being played, won by one side, or drawn.
///
/// ```
/// use search_core::{Outcome, Player};
/// let o = Outcome::Win(Player::First);
/// assert!(o.is_over());
/// assert_eq!(o.winner(), Some(Player::First));
/// assert_eq!(o.value_for(Player::Second), Some(-1));
/// assert_eq!(Outcome::Ongoing.value_for(Player::First), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game is not over: the side to move has at least one legal move.
    Ongoing,
    /// The game is over and this player won.
    Win(Player),
    /// The game is over without a winner.
    Draw,
}

impl Outcome {
    /// `true` for [`Outcome::Win`] and [`Outcome::Draw`].
    ///
    /// ```
    /// use search_core::Outcome;
    /// assert!(Outcome::Draw.is_over());
    /// assert!(!Outcome::Ongoing.is_over());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The winner, if there is one.
    ///
    /// ```
    /// use search_core::Outcome;
    /// assert_eq!(Outcome::Draw.winner(), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            _ => None,
        }
    }

    /// The result for `player` as `+1` (won), `0` (draw) or `-1` (lost); `None` while ongoing.
    ///
    /// ```
    /// use search_core::{Outcome, Player};
    /// assert_eq!(Outcome::Win(Player::Second).value_for(Player::Second), Some(1));
    /// assert_eq!(Outcome::Draw.value_for(Player::First), Some(0));
    /// ```
    #[inline]
    #[must_use]
    pub fn value_for(self, player: Player) -> Option<i32> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(0),
            Outcome::Win(w) if w == player => Some(1),
            Outcome::Win(_) => Some(-1),
        }
    }
}

impl fmt::Display for Outcome {
    /// ```
    /// use search_core::{Outcome, Player};
    /// assert_eq!(Outcome::Win(Player::First).to_string(), "first player wins");
    /// assert_eq!(Outcome::Draw.to_string(), "draw");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

/// A two-player, zero-sum game with perfect information: turns usually alternate, and a move
/// may keep the turn (an extra turn, see the [contract](Game#contract)).
///
/// Implement the five required items and every engine in this workspace (alpha-beta,
/// negamax, the exact solver, MCTS) can play your game. Everything else is an optional,
/// always-correct speed-up with a default.
///
/// What each engine asks of the type besides this trait, in one place:
///
/// | engine | also needs |
/// |---|---|
/// | `Minimax`, `AlphaBeta`, `Negamax` without a table, `perft` | nothing |
/// | `Negamax` with a table, `Solver` | [`GameHash`](crate::GameHash) (a key) |
/// | `Negamax` or `Solver` on several threads | `Sync` (threads read the root state) |
/// | `Mcts` | `PartialEq` (to find the kept tree's position again), `Send` and `Move: Send + Sync` (its threads share one tree) |
/// | the conformance checker (feature `testing`) | `PartialEq` (to compare clones and transpositions) and `Display` (to show a failing state) |
///
/// Deriving `Clone, PartialEq` and writing a `Display` covers them all for a
/// plain-data game type; `Send`/`Sync` come for free unless the type holds an `Rc` or a
/// `RefCell`.
///
/// | item | required? | what it is |
/// |---|---|---|
/// | [`Move`](Game::Move) | yes | a move, small and `Copy` (a cell index, a from/to pair, a pass) |
/// | [`to_move`](Game::to_move) | yes | whose turn it is |
/// | [`legal_moves`](Game::legal_moves) | yes | append the legal moves to a reusable buffer |
/// | [`play`](Game::play) | yes | apply a legal move |
/// | [`outcome`](Game::outcome) | yes | ongoing, won by a side, or drawn |
/// | [`undo`](Game::undo) + [`HAS_UNDO`](Game::HAS_UNDO) | no | take a move back, for states that are expensive to clone |
/// | [`move_order_hint`](Game::move_order_hint) | no | a cheap per-move score: higher is searched first |
/// | [`winning_move`](Game::winning_move) + [`HAS_WINNING_MOVE`](Game::HAS_WINNING_MOVE) | no | a move that wins at once, found without playing them all |
/// | [`legal_move_count`](Game::legal_move_count) + [`HAS_MOVE_COUNT`](Game::HAS_MOVE_COUNT) | no | the number of legal moves without listing them |
/// | [`non_losing_moves`](Game::non_losing_moves) + [`NON_LOSING_MOVES_EXACT`](Game::NON_LOSING_MOVES_EXACT) | no | a reduced move list that still holds an optimal move |
/// | [`MOVES_CANNOT_LOSE`](Game::MOVES_CANNOT_LOSE) | no | a promise: no move loses for the player who makes it |
/// | [`remaining_plies_bound`](Game::remaining_plies_bound) | no | an upper bound on how long the game can still last |
/// | [`margin`](Game::margin) | no | by how much the game was won (boxes, stones, points), for solving the exact margin |
/// | [`is_noisy`](Game::is_noisy) | no | moves that change the evaluation a lot (captures, a corner), extended at the horizon by a quiescence search |
///
/// # Contract
/// * `legal_moves` **appends** to `moves` (callers clear the buffer first); it appends nothing
///   exactly when [`outcome`](Game::outcome) is not [`Outcome::Ongoing`]; moves are unique.
/// * `play` is only called with a move that `legal_moves` produced for this state. Use
///   [`try_play`](Game::try_play) for untrusted input: it checks legality and returns an error.
/// * [`to_move`](Game::to_move) says whose turn it is after every move. Usually the turn
///   passes to the opponent, but a move may keep it (an extra turn: the player who closes a
///   box in Dots and Boxes, or whose last seed lands in their store in Kalah, moves again),
///   and every engine follows it (negamax negates a child's value only when the mover
///   changes). Engines score a finished game from the side to move's point of view, so any
///   side to move is fine there. Two promises assume that turns alternate and must not be
///   declared by a game with extra turns:
///   [`MOVES_CANNOT_LOSE`](Game::MOVES_CANNOT_LOSE) and
///   [`NON_LOSING_MOVES_EXACT`](Game::NON_LOSING_MOVES_EXACT); engines that meet an extra
///   turn in such a game answer
///   [`SearchError::TurnDidNotPass`](crate::SearchError::TurnDidNotPass). An
///   ongoing state without legal moves is
///   [`SearchError::NoLegalMoves`](crate::SearchError::NoLegalMoves), wherever the search
///   meets it.
/// * `Clone` must be a full, independent copy. Engines search by *copy-make* (clone, then
///   play) unless `HAS_UNDO` is `true`; for a bitboard game copying 16 bytes is as fast as
///   make/unmake, so most games should not bother with `undo`.
///
/// The [`testing`](crate#features) feature ships a conformance checker that verifies this
/// contract on seeded random games; run it from your own tests.
///
/// # Example: Nim (take 1 or 2 from a pile; who takes the last stone wins)
/// ```
/// use search_core::{Game, Outcome, Player};
///
/// #[derive(Clone, Debug, PartialEq, Eq)]
/// struct Nim { stones: u32, to_move: Player }
///
/// impl Game for Nim {
///     type Move = u32;
///     fn to_move(&self) -> Player { self.to_move }
///     fn legal_moves(&self, moves: &mut Vec<u32>) {
///         moves.extend((1..=2).filter(|&take| take <= self.stones));
///     }
///     fn play(&mut self, take: u32) {
///         self.stones -= take;
///         self.to_move = self.to_move.opponent();
///     }
///     fn outcome(&self) -> Outcome {
///         // The player who took the last stone is the one *not* to move now.
///         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
///     }
/// }
///
/// let mut nim = Nim { stones: 4, to_move: Player::First };
/// let mut moves = Vec::new();
/// nim.legal_moves(&mut moves);
/// assert_eq!(moves, [1, 2]);
/// nim.play(1);
/// assert_eq!(nim.winning_move(), None); // 3 stones: no win at once
/// nim.play(1);
/// assert_eq!(nim.winning_move(), Some(2));
/// assert!(nim.try_play(3).is_err()); // illegal input is an error, not a panic
/// ```
pub trait Game: Clone {
    /// A move. Keep it small: engines copy and compare moves in their inner loops.
    type Move: Copy + Eq + Hash + Debug;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// Appends every legal move of this state to `moves` (the caller clears it first).
    /// Appends nothing when the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays `mv`, which must be legal in this state (see [`try_play`](Game::try_play) for
    /// unchecked input). The side to move usually changes; a move may keep it (an extra
    /// turn, see the [contract](Game#contract)).
    fn play(&mut self, mv: Self::Move);

    /// Whether the game is ongoing, won, or drawn.
    fn outcome(&self) -> Outcome;

    /// `true` if [`undo`](Game::undo) is implemented and cheaper than cloning the state.
    /// Engines then search by make/unmake instead of copy-make.
    const HAS_UNDO: bool = false;

    /// Takes back `mv`, the last move played, restoring the exact previous state, and returns
    /// `true`. The default returns `false` without touching the state: "not supported", and
    /// engines never call it unless [`HAS_UNDO`](Game::HAS_UNDO) is `true`.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone, Debug, PartialEq)] struct Count(u8);
    /// # impl Game for Count {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 < 3 { m.push(1) } }
    /// #   fn play(&mut self, mv: u8) { self.0 += mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 < 3 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// let mut g = Count(0);
    /// assert!(!Count::HAS_UNDO);
    /// assert!(!g.undo(1)); // default: unsupported, state unchanged
    /// assert_eq!(g, Count(0));
    /// ```
    #[inline]
    fn undo(&mut self, _mv: Self::Move) -> bool {
        false
    }

    /// A cheap ordering score for `mv` in this state: engines search higher hints first.
    /// It must never change a search's value, only its speed. Default: `0` for every move.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(G.move_order_hint(3), 0);
    /// ```
    #[inline]
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// `true` if [`winning_move`](Game::winning_move) is overridden with a test cheaper than
    /// playing every move. Engines ask `winning_move` at every interior node only when this
    /// is `true`; otherwise they find wins in one by searching the children, which costs the
    /// same as the default `winning_move` would.
    const HAS_WINNING_MOVE: bool = false;

    /// `true` if [`legal_move_count`](Game::legal_move_count) is overridden with a count that
    /// does not list the moves (a popcount). Bulk counters such as perft use it only then.
    const HAS_MOVE_COUNT: bool = false;

    /// `true` if no move ever ends the game in a loss for the player who makes it (true in
    /// Connect Four, tic-tac-toe, chess; false in misère games). Engines then know that,
    /// once [`winning_move`](Game::winning_move) finds nothing, a win is at least three plies
    /// away and a loss at least two, and prune a ply sooner. Declare it only if it holds:
    /// a wrong promise makes engines return wrong values. The three plies need the turn to
    /// pass with every move: a game with extra turns must not declare it (engines that meet
    /// an extra turn in a game that does answer
    /// [`SearchError::TurnDidNotPass`](crate::SearchError::TurnDidNotPass), and the
    /// conformance checker rejects it).
    const MOVES_CANNOT_LOSE: bool = false;

    /// `true` if [`non_losing_moves`](Game::non_losing_moves) drops *every* move after which
    /// the opponent can win at once (not only some of them), so that a non-empty list means
    /// the opponent cannot win on its next move. Engines then raise the floor of the value
    /// to a loss four plies away (three without [`MOVES_CANNOT_LOSE`](Game::MOVES_CANNOT_LOSE)).
    /// That floor needs the turn to pass with every move: a game with extra turns must not
    /// declare it (as for `MOVES_CANNOT_LOSE`).
    const NON_LOSING_MOVES_EXACT: bool = false;

    /// A move with which the side to move wins at once, if there is one.
    ///
    /// The default plays each legal move on a copy and looks at the outcome (it allocates a
    /// move list). A game that can answer faster (Connect Four: one bitboard expression)
    /// should override it and set [`HAS_WINNING_MOVE`](Game::HAS_WINNING_MOVE), so that
    /// engines ask it at every interior node. It returns `None` when the game is over.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct Race(u8);
    /// # impl Game for Race {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 < 10 { m.extend([1, 2]) } }
    /// #   fn play(&mut self, mv: u8) { self.0 += mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 >= 10 { Outcome::Win(Player::First) } else { Outcome::Ongoing } }
    /// # }
    /// assert_eq!(Race(8).winning_move(), Some(2));
    /// assert_eq!(Race(5).winning_move(), None);
    /// ```
    fn winning_move(&self) -> Option<Self::Move> {
        let me = self.to_move();
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().find(|&mv| {
            let mut child = self.clone();
            child.play(mv);
            child.outcome() == Outcome::Win(me)
        })
    }

    /// Appends to `moves` a subset of the legal moves that still contains an optimal move,
    /// for a state whose side to move has **no** [`winning_move`](Game::winning_move).
    ///
    /// A game may drop moves that lose at once (Connect Four: never play under the
    /// opponent's winning cell), keep only the forced block when the opponent threatens once,
    /// and append **nothing** when every move loses at the opponent's next turn (the opponent
    /// threatens twice). Engines read an empty list from an ongoing state as "lost in two
    /// plies". Default: all legal moves, which is always correct.
    ///
    /// Engines call it only when [`HAS_WINNING_MOVE`](Game::HAS_WINNING_MOVE) is `true`,
    /// after [`winning_move`](Game::winning_move) returned `None`: a game without a fast
    /// `winning_move` never sees its `non_losing_moves` called, so it may rely on that
    /// precondition. Its moves must be legal (engines check this at the root, and at every
    /// node in debug builds: [`SearchError::IllegalHookMove`](crate::SearchError::IllegalHookMove)).
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { m.extend([0, 1, 2]) }
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Ongoing }
    /// # }
    /// let mut moves = Vec::new();
    /// G.non_losing_moves(&mut moves);
    /// assert_eq!(moves, [0, 1, 2]);
    /// ```
    #[inline]
    fn non_losing_moves(&self, moves: &mut Vec<Self::Move>) {
        self.legal_moves(moves);
    }

    /// An upper bound on the number of plies the game can still last from this state, if the
    /// game knows one (Connect Four: the empty cells). It must shrink by at least one with
    /// each move and be `0` only when the game is over. Engines use it to bound win/loss
    /// distances and the conformance checker to detect games that never end. Default: `None`.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(G.remaining_plies_bound(), None);
    /// ```
    #[inline]
    fn remaining_plies_bound(&self) -> Option<u32> {
        None
    }

    /// At a finished position, by how much [`Player::First`] won: boxes in Dots and Boxes,
    /// stones in Kalah, points in Go; negative when `Second` won, `0` for a tie. The sign
    /// must agree with [`outcome`](Game::outcome) (positive exactly when `First` wins).
    /// `None` (the default) for games that are only won, drawn or lost; the margin solver
    /// (`adversarial::MarginSolver`) needs it at every finished position.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// assert_eq!(G.margin(), None);
    /// ```
    #[inline]
    fn margin(&self) -> Option<i32> {
        None
    }

    /// `true` if `mv` is a *noisy* move in this state: one after which the evaluation is not
    /// to be trusted (a capture, a corner in Reversi, a move that makes or blocks an
    /// immediate win). A depth-limited search with quiescence (`adversarial::Negamax::with_quiescence`)
    /// does not stop at its horizon while noisy moves are available: it lets the side to
    /// move either take the evaluation ("stand pat") or play a noisy move, up to a maximum
    /// number of extra plies. Engines without quiescence never call it. Default: `false` for
    /// every move (no move is noisy, and quiescence is just the evaluation).
    ///
    /// It is an item of the game rather than of the evaluator because what a move does is
    /// a fact of the rules; a game with a cheap test (a bitboard `and`) keeps it cheap.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { m.extend([0, 1]) }
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Ongoing }
    /// # }
    /// assert!(!G.is_noisy(0));
    /// ```
    #[inline]
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The legal moves as a new `Vec`: convenient outside hot loops (engines reuse a buffer
    /// with [`legal_moves`](Game::legal_moves) instead).
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { m.extend([4, 5]) }
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Ongoing }
    /// # }
    /// assert_eq!(G.legal_move_list(), [4, 5]);
    /// ```
    fn legal_move_list(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// The number of legal moves, `0` when the game is over. The default generates them (it
    /// allocates a move list); a game that can count faster (a bitboard popcount) may
    /// override it and set [`HAS_MOVE_COUNT`](Game::HAS_MOVE_COUNT).
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { m.extend([4, 5]) }
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Ongoing }
    /// # }
    /// assert_eq!(G.legal_move_count(), 2);
    /// ```
    fn legal_move_count(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// A uniformly random legal move, `None` when there is none: what a random playout
    /// plays at each ply. The default lists the legal moves into `moves` (a buffer the
    /// caller reuses, so nothing is allocated once it has grown) and returns
    /// `moves[rng.below(moves.len())]`.
    ///
    /// A game that can pick without listing (a bitboard: the `k`-th set bit) may override
    /// it. An override should draw exactly as the default does, one `rng.below(n)` over
    /// the `n` legal moves in [`legal_moves`](Game::legal_moves) order, so that a seeded
    /// search gives the same result with either.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player, SplitMix64};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { m.extend([4, 5]) }
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Ongoing }
    /// # }
    /// let mut rng = SplitMix64::new(7);
    /// let mut moves = Vec::new();
    /// let mv = G.random_move(&mut rng, &mut moves);
    /// assert!(mv == Some(4) || mv == Some(5));
    /// ```
    #[inline]
    fn random_move(&self, rng: &mut SplitMix64, moves: &mut Vec<Self::Move>) -> Option<Self::Move> {
        moves.clear();
        self.legal_moves(moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len())])
        }
    }

    /// `true` if `mv` is legal here. The default generates the legal moves and searches them.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { m.extend([0, 1]) }
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Ongoing }
    /// # }
    /// assert!(G.is_legal(1));
    /// assert!(!G.is_legal(7));
    /// ```
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv` after checking that it is legal; an illegal move (or any move once the game
    /// is over) is an [`IllegalMoveError`] and leaves the state unchanged. Use it for human
    /// input and other untrusted moves.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { if self.0 == 0 { m.push(1) } }
    /// #   fn play(&mut self, mv: u8) { self.0 = mv }
    /// #   fn outcome(&self) -> Outcome { if self.0 == 0 { Outcome::Ongoing } else { Outcome::Draw } }
    /// # }
    /// let mut g = G(0);
    /// assert!(g.try_play(5).is_err());
    /// assert!(g.try_play(1).is_ok());
    /// let err = g.try_play(1).unwrap_err();
    /// assert!(err.to_string().contains("game is over"));
    /// ```
    fn try_play(&mut self, mv: Self::Move) -> Result<(), IllegalMoveError> {
        if self.outcome().is_over() {
            return Err(IllegalMoveError::GameOver {
                mv: format!("{mv:?}"),
            });
        }
        if !self.is_legal(mv) {
            return Err(IllegalMoveError::NotLegal {
                mv: format!("{mv:?}"),
            });
        }
        self.play(mv);
        Ok(())
    }

    /// Plays `mv` on `self` and runs `f` on the resulting state, leaving `self` as it was:
    /// by make/unmake when [`HAS_UNDO`](Game::HAS_UNDO) is `true`, by copy-make otherwise.
    /// Engines use it so that one search loop serves both kinds of game.
    ///
    /// ```
    /// # use search_core::{Game, Outcome, Player};
    /// # #[derive(Clone, PartialEq, Debug)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, m: &mut Vec<u8>) { m.push(1) }
    /// #   fn play(&mut self, mv: u8) { self.0 += mv }
    /// #   fn outcome(&self) -> Outcome { Outcome::Ongoing }
    /// # }
    /// let mut g = G(0);
    /// let seen = g.with_move(1, |child| child.0);
    /// assert_eq!((seen, g), (1, G(0)));
    /// ```
    #[inline]
    fn with_move<R>(&mut self, mv: Self::Move, f: impl FnOnce(&mut Self) -> R) -> R {
        if Self::HAS_UNDO {
            self.play(mv);
            let r = f(self);
            let undone = self.undo(mv);
            debug_assert!(undone, "HAS_UNDO is true but undo() returned false");
            r
        } else {
            let mut child = self.clone();
            child.play(mv);
            f(&mut child)
        }
    }
}
