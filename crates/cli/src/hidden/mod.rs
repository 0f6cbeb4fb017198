//! Games with hidden information and simultaneous moves in the terminal: `ply cards` (a
//! person against the AI) and `ply cards-match` (engines against each other). A person sees
//! only what their seat knows ([`Hidden::view`], built from the seat's information set and
//! the public facts); the other hands come out when the game shows them.

pub mod matches;
pub mod play;
mod shown;

use std::fmt::Display;
use std::time::Duration;

use adversarial::{Cfr, GameTree, Policy};
use games::{Goofspiel, LiarsDice, Tricks};
use mcts::{Determinized, Ismcts, SmMcts};
use search_core::{Budget, GeneralGame, ImperfectInfo, SearchError, Sequential, SplitMix64, Turn};

use crate::Failure;

/// The games of `ply cards` and `ply cards-match`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CardGame {
    /// Kuhn poker: three cards, one bet, two players.
    Kuhn,
    /// Leduc hold'em: six cards, two betting rounds, a public card, two players.
    Leduc,
    /// Liar's Dice: two players, `--dice` dice each (default 1) of six faces.
    LiarsDice,
    /// A whist-like trick-taking game: four players, four suits of six cards, six each.
    Tricks,
    /// Goofspiel: simultaneous bids for prizes, `--cards` each (default 5).
    Goofspiel,
}

/// The engines that play these games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// Information-set MCTS: one tree of the mover's information sets.
    Ismcts,
    /// Determinized MCTS: perfect-information searches of sampled deals, root moves added up.
    Determinized,
    /// Simultaneous-move MCTS (Goofspiel only): a mixed bid from each round's statistics.
    Smmcts,
    /// The CFR+ average strategy of the whole game (Kuhn and Leduc only).
    Cfr,
    /// Uniformly random legal moves.
    Random,
}

impl Engine {
    /// The engine's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Ismcts => "ismcts",
            Engine::Determinized => "determinized",
            Engine::Smmcts => "smmcts",
            Engine::Cfr => "cfr",
            Engine::Random => "random",
        }
    }
}

/// Trick-taking: four players, four suits of six ranks, six cards each.
const TRICKS_SHAPE: (usize, usize, usize, usize) = (4, 4, 6, 6);
/// The ranks of a suit in [`TRICKS_SHAPE`].
const TRICKS_RANKS: u8 = 6;
/// The faces of Liar's Dice's dice.
const LIARS_DICE_FACES: u16 = 6;
/// The suit letters of the trick-taking game's cards.
const SUITS: [char; 4] = ['S', 'H', 'D', 'C'];

/// What the terminal needs from a game with hidden information.
pub trait Hidden: ImperfectInfo<Move: Send> + Display + Send + 'static {
    /// What to type for a move, for the prompt.
    const MOVE_HELP: &'static str;

    /// Whether CFR+ solves the whole game quickly enough to play its strategy.
    const SOLVABLE: bool = false;

    /// Whether the game is simultaneous bids underneath, played by
    /// [`simultaneous`](Hidden::simultaneous).
    const SIMULTANEOUS: bool = false;

    /// What `viewer` knows now, in words: its own cards or dice and the public play, never
    /// what another player holds.
    fn view(&self, viewer: usize) -> String;

    /// A legal move of the player to move read from what a person typed, or what is wrong.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// A move of the player to move, in words (before it is played).
    fn move_text(&self, mv: Self::Move) -> String;

    /// What `viewer` learns when `mv` takes `before` to `after` (a chance outcome or a
    /// player's move); `None` when it learns nothing worth a line.
    fn announce(before: &Self, mv: Self::Move, after: &Self, viewer: usize) -> Option<String>;

    /// The whole state at the end: every hand shown.
    fn showdown(&self) -> String {
        self.to_string()
    }

    /// A move of `seat` from simultaneous-move MCTS, for games that are simultaneous bids
    /// underneath; `None` for the others.
    fn simultaneous(
        &self,
        _seat: usize,
        _engine: &SmMcts,
        _rng: &mut SplitMix64,
    ) -> Option<Result<Self::Move, SearchError>> {
        None
    }
}

/// The legal moves in words.
pub fn move_list<G: Hidden>(state: &G) -> String {
    let mut moves = Vec::new();
    state.moves(&mut moves);
    let texts: Vec<String> = moves.into_iter().map(|m| state.move_text(m)).collect();
    texts.join(", ")
}

/// The seat names in messages: `player 1` and so on.
pub fn seat_name(player: usize) -> String {
    format!("player {}", player + 1)
}

/// Liar's Dice for two with `dice` dice each.
pub fn liars_dice(dice: usize) -> Result<LiarsDice, Failure> {
    LiarsDice::new(2, dice, usize::from(LIARS_DICE_FACES))
        .map_err(|e| Failure::input(e.to_string()))
}

/// The trick-taking game of [`TRICKS_SHAPE`].
pub fn tricks() -> Result<Tricks, Failure> {
    let (players, suits, ranks, hand) = TRICKS_SHAPE;
    Tricks::new(players, suits, ranks, hand).map_err(|e| Failure::input(e.to_string()))
}

/// Goofspiel with `cards` cards each, played as hidden sequential bids.
pub fn goofspiel(cards: usize) -> Result<Sequential<Goofspiel>, Failure> {
    Goofspiel::new(cards)
        .map(Sequential::new)
        .map_err(|e| Failure::input(e.to_string()))
}

/// How much an engine may think per move.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Strength {
    /// Iterations (playouts) per move.
    Playouts(u64),
    /// Time per move.
    Time(Duration),
}

impl Strength {
    fn budget(self) -> Budget {
        match self {
            Strength::Playouts(n) => Budget::iterations(n),
            Strength::Time(t) => Budget::time(t),
        }
    }
}

/// A seat's engine, ready to move in any state of one game.
pub struct Player<G: ImperfectInfo> {
    engine: Engine,
    strength: Strength,
    /// The game tree and the CFR+ average strategy, for [`Engine::Cfr`].
    cfr: Option<(GameTree<G>, Policy)>,
}

impl<G: Hidden> Player<G> {
    /// An `engine` for games starting at `start`; `cfr_iterations` of CFR+ for
    /// [`Engine::Cfr`], which plays only the games CFR+ solves ([`Hidden::SOLVABLE`]).
    pub fn new(
        engine: Engine,
        strength: Strength,
        start: &G,
        cfr_iterations: u64,
    ) -> Result<Self, Failure> {
        let cfr = if engine == Engine::Cfr {
            if !G::SOLVABLE {
                return Err(Failure::input(
                    "cfr plays kuhn and leduc only (the other games' trees are too big to solve)",
                ));
            }
            let tree = GameTree::new(start)?;
            let result = Cfr::new(&tree)
                .with_budget(Budget::iterations(cfr_iterations))
                .run()?;
            Some((tree, result.average))
        } else {
            None
        };
        if engine == Engine::Smmcts && !G::SIMULTANEOUS {
            return Err(Failure::input(
                "smmcts plays goofspiel only (a game of simultaneous bids)",
            ));
        }
        Ok(Player {
            engine,
            strength,
            cfr,
        })
    }

    /// The engine's name.
    pub fn name(&self) -> &'static str {
        self.engine.name()
    }

    /// A move for the player to move in `state`: searches seeded by `seed`, random choices
    /// (the random engine, mixed strategies) drawn from `rng`.
    pub fn choose(
        &self,
        state: &G,
        seed: u64,
        rng: &mut SplitMix64,
    ) -> Result<G::Move, SearchError> {
        let Turn::Player(mover) = state.turn() else {
            return Err(SearchError::GameOver);
        };
        let budget = self.strength.budget();
        match self.engine {
            Engine::Ismcts => Ok(Ismcts::new()
                .with_seed(seed)
                .with_budget(budget)
                .search(state)?
                .best_move),
            Engine::Determinized => Ok(Determinized::new()
                .with_seed(seed)
                .with_budget(budget)
                .search(state)?
                .best_move),
            Engine::Smmcts => {
                let engine = SmMcts::new().with_seed(seed).with_budget(budget);
                state
                    .simultaneous(mover, &engine, rng)
                    .unwrap_or(Err(SearchError::NoLegalMoves))
            }
            Engine::Cfr => {
                let (tree, policy) = self.cfr.as_ref().ok_or(SearchError::NoLegalMoves)?;
                let id = tree
                    .find(mover, &state.info_key(mover))
                    .ok_or(SearchError::NoLegalMoves)?;
                let moves = tree.moves(id);
                let probabilities = policy.probabilities(id).unwrap_or(&[]);
                let mut u = rng.next_f64();
                for (mv, p) in moves.iter().zip(probabilities) {
                    if u < *p {
                        return Ok(*mv);
                    }
                    u -= p;
                }
                moves.last().copied().ok_or(SearchError::NoLegalMoves)
            }
            Engine::Random => {
                let mut moves = Vec::new();
                state.moves(&mut moves);
                if moves.is_empty() {
                    return Err(SearchError::NoLegalMoves);
                }
                Ok(moves[rng.below(moves.len())])
            }
        }
    }
}

/// Plays one chance outcome of `state`, drawn from `rng`.
pub fn deal<G: GeneralGame>(state: &G, rng: &mut SplitMix64) -> Option<G::Move> {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let mut u = rng.next_f64();
    for &(mv, p) in &outcomes {
        if u < p {
            return Some(mv);
        }
        u -= p;
    }
    outcomes.last().map(|&(mv, _)| mv)
}
