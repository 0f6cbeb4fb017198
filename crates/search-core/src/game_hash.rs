//! [`GameHash`]: the key of a game state, which every transposition-table search requires,
//! and the hooks through which a game tells a margin solver what is already banked.

use crate::game::Game;

/// A 64-bit key identifying a game state, required at compile time by every search that uses
/// a transposition table.
///
/// Equal states must have equal keys. If [`KEY_IS_EXACT`](GameHash::KEY_IS_EXACT) is `true`, the
/// key is also *unique* (different states have different keys, as Connect Four's
/// `position + mask` is), which lets a table store fewer key bits without ever confusing two
/// states; otherwise tables check the full key, verify what they know about the state for
/// free (the `adversarial` table: whose turn it is and
/// [`remaining_plies_bound`](Game::remaining_plies_bound)), and still take a stored move
/// only from the legal moves. A key that is not exact must still be a real hash of the
/// whole state: two different states sharing a key can get each other's values. The
/// conformance checker (feature `testing`, `check_hashed`) rejects a key that many
/// different states share.
///
/// ```
/// use search_core::{Game, GameHash, Outcome, Player};
///
/// #[derive(Clone)]
/// struct Nim { stones: u32, to_move: Player }
/// # impl Game for Nim {
/// #     type Move = u32;
/// #     fn to_move(&self) -> Player { self.to_move }
/// #     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.stones)) }
/// #     fn play(&mut self, t: u32) { self.stones -= t; self.to_move = self.to_move.opponent() }
/// #     fn outcome(&self) -> Outcome {
/// #         if self.stones == 0 { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
/// #     }
/// # }
/// impl GameHash for Nim {
///     const KEY_IS_EXACT: bool = true;
///     fn hash_key(&self) -> u64 {
///         (u64::from(self.stones) << 1) | self.to_move.index() as u64
///     }
/// }
/// assert_ne!(
///     Nim { stones: 3, to_move: Player::First }.hash_key(),
///     Nim { stones: 3, to_move: Player::Second }.hash_key()
/// );
/// ```
pub trait GameHash: Game {
    /// `true` if no two different states share a key.
    const KEY_IS_EXACT: bool = false;

    /// How many low bits a key can occupy: every [`hash_key`](GameHash::hash_key) and
    /// [`canonical_key`](GameHash::canonical_key) is below `2^KEY_BITS` (64, the default,
    /// promises nothing). An exact key that fits in fewer bits lets a table store only part
    /// of it and still tell every state apart (the `adversarial` crate's `CompactTable`);
    /// the conformance checker (feature `testing`) checks the promise.
    ///
    /// ```
    /// use search_core::GameHash;
    /// # #[derive(Clone)] struct Coin(bool);
    /// # impl search_core::Game for Coin {
    /// #     type Move = ();
    /// #     fn to_move(&self) -> search_core::Player { search_core::Player::First }
    /// #     fn legal_moves(&self, m: &mut Vec<()>) { if !self.0 { m.push(()) } }
    /// #     fn play(&mut self, _: ()) { self.0 = true }
    /// #     fn outcome(&self) -> search_core::Outcome {
    /// #         if self.0 { search_core::Outcome::Draw } else { search_core::Outcome::Ongoing }
    /// #     }
    /// # }
    /// impl GameHash for Coin {
    ///     const KEY_IS_EXACT: bool = true;
    ///     const KEY_BITS: u32 = 1;
    ///     fn hash_key(&self) -> u64 { u64::from(self.0) }
    /// }
    /// assert!(Coin(true).hash_key() < 1 << Coin::KEY_BITS);
    /// ```
    const KEY_BITS: u32 = 64;

    /// The state's key. Must include whose turn it is when that is not implied by the board.
    fn hash_key(&self) -> u64;

    /// `true` if [`canonical_key`](GameHash::canonical_key) gives symmetric states one key;
    /// `false` (the default): it is [`hash_key`](GameHash::hash_key), and engines skip it.
    const HAS_SYMMETRY: bool = false;

    /// The key of the state's symmetry class: one key for all the states that are images of
    /// each other under a symmetry of the game (a mirror, a rotation) and therefore have the
    /// same value, so that a transposition table stores them once. It must be the
    /// [`hash_key`](GameHash::hash_key) of one member of the class (the smallest of the
    /// images' keys, say): a state whose own key equals it is the class's representative,
    /// and only the representative's moves are stored in the table (a stored move names a
    /// move of the state it was found in). With [`KEY_IS_EXACT`](GameHash::KEY_IS_EXACT),
    /// different classes must have different canonical keys (the smallest image key of an
    /// exact key has this property). The default, with
    /// [`HAS_SYMMETRY`](GameHash::HAS_SYMMETRY) `false`, is the state's own key.
    ///
    /// ```
    /// use search_core::{Game, GameHash, Outcome, Player};
    ///
    /// /// Two heaps of stones; a move takes 1 from either heap; taking the last stone wins.
    /// /// Swapping the heaps changes nothing.
    /// #[derive(Clone)]
    /// struct Heaps { heaps: [u32; 2], to_move: Player }
    /// # impl Game for Heaps {
    /// #     type Move = usize;
    /// #     fn to_move(&self) -> Player { self.to_move }
    /// #     fn legal_moves(&self, m: &mut Vec<usize>) { m.extend((0..2).filter(|&h| self.heaps[h] > 0)) }
    /// #     fn play(&mut self, h: usize) { self.heaps[h] -= 1; self.to_move = self.to_move.opponent() }
    /// #     fn outcome(&self) -> Outcome {
    /// #         if self.heaps == [0, 0] { Outcome::Win(self.to_move.opponent()) } else { Outcome::Ongoing }
    /// #     }
    /// # }
    /// impl GameHash for Heaps {
    ///     const KEY_IS_EXACT: bool = true;
    ///     fn hash_key(&self) -> u64 {
    ///         (u64::from(self.heaps[0]) << 33) | (u64::from(self.heaps[1]) << 1) | self.to_move.index() as u64
    ///     }
    ///     const HAS_SYMMETRY: bool = true;
    ///     fn canonical_key(&self) -> u64 {
    ///         let swapped = Heaps { heaps: [self.heaps[1], self.heaps[0]], to_move: self.to_move };
    ///         self.hash_key().min(swapped.hash_key())
    ///     }
    /// }
    /// let a = Heaps { heaps: [3, 5], to_move: Player::First };
    /// let b = Heaps { heaps: [5, 3], to_move: Player::First };
    /// assert_eq!(a.canonical_key(), b.canonical_key());
    /// assert_eq!(a.canonical_key(), a.hash_key()); // `a` is the representative
    /// ```
    #[inline]
    fn canonical_key(&self) -> u64 {
        self.hash_key()
    }

    /// The part of the final [`margin`](Game::margin) that is already decided, counted as
    /// `margin` counts it (for [`Player::First`](crate::Player::First)): the stones in the stores of Kalah, the
    /// boxes already taken in Dots and Boxes. Default: `0`, nothing banked.
    ///
    /// With [`unbanked_key`](GameHash::unbanked_key) it lets a margin solver
    /// (`adversarial::MarginSolver`) search only the margin still to come, `margin at the
    /// end − banked_margin()`, and store a position once for every score that reaches it.
    /// The promise: the margin still to come with best play, and whether the game is over,
    /// depend only on `unbanked_key` (and so not on what is banked). The defaults, `0` and
    /// the full [`hash_key`](GameHash::hash_key), always keep it.
    ///
    /// ```
    /// use search_core::{Game, GameHash, Outcome, Player};
    ///
    /// /// Take 1 or 2 stones from a pile and score them; the larger score wins.
    /// #[derive(Clone)]
    /// struct Take { pile: u32, scores: [u32; 2], to_move: Player }
    /// impl Game for Take {
    ///     type Move = u32;
    ///     fn to_move(&self) -> Player { self.to_move }
    ///     fn legal_moves(&self, m: &mut Vec<u32>) { m.extend((1..=2).filter(|&t| t <= self.pile)) }
    ///     fn play(&mut self, t: u32) {
    ///         self.pile -= t;
    ///         self.scores[self.to_move.index()] += t;
    ///         self.to_move = self.to_move.opponent();
    ///     }
    ///     fn outcome(&self) -> Outcome {
    ///         match (self.pile, self.scores[0].cmp(&self.scores[1])) {
    ///             (1.., _) => Outcome::Ongoing,
    ///             (0, std::cmp::Ordering::Greater) => Outcome::Win(Player::First),
    ///             (0, std::cmp::Ordering::Less) => Outcome::Win(Player::Second),
    ///             (0, std::cmp::Ordering::Equal) => Outcome::Draw,
    ///         }
    ///     }
    ///     fn margin(&self) -> Option<i32> { Some(self.scores[0] as i32 - self.scores[1] as i32) }
    /// }
    /// impl GameHash for Take {
    ///     fn hash_key(&self) -> u64 {
    ///         // Everything: the pile, the scores, the side to move.
    ///         (u64::from(self.pile) << 40) | (u64::from(self.scores[0]) << 21)
    ///             | (u64::from(self.scores[1]) << 1) | self.to_move.index() as u64
    ///     }
    ///     // The scores are banked: what is still to come depends on the pile and the side
    ///     // to move only.
    ///     fn banked_margin(&self) -> i32 { self.scores[0] as i32 - self.scores[1] as i32 }
    ///     fn unbanked_key(&self) -> u64 { (u64::from(self.pile) << 1) | self.to_move.index() as u64 }
    ///     fn unbanked_margin_bound(&self) -> Option<u32> { Some(self.pile) }
    /// }
    ///
    /// let a = Take { pile: 3, scores: [2, 0], to_move: Player::First };
    /// let b = Take { pile: 3, scores: [1, 1], to_move: Player::First };
    /// assert_ne!(a.hash_key(), b.hash_key());
    /// assert_eq!(a.unbanked_key(), b.unbanked_key()); // one entry in a margin table
    /// assert_eq!((a.banked_margin(), b.banked_margin()), (2, 0));
    /// ```
    #[inline]
    fn banked_margin(&self) -> i32 {
        0
    }

    /// The key of the position without what is banked: two positions with the same key
    /// must have the same margin still to come (see
    /// [`banked_margin`](GameHash::banked_margin), whose example overrides both). It must
    /// include whose turn it is, like [`hash_key`](GameHash::hash_key), and be a real hash
    /// of the rest. Mirror images of a position may share it, as their margins to come are
    /// equal: a margin solver takes a move stored under it only as a hint, from the legal
    /// moves. Default: the full `hash_key`, which is always correct.
    ///
    /// ```
    /// # use search_core::{Game, GameHash, Outcome, Player};
    /// # #[derive(Clone)] struct G(u8);
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// # impl GameHash for G { fn hash_key(&self) -> u64 { u64::from(self.0) } }
    /// assert_eq!(G(7).unbanked_key(), G(7).hash_key());
    /// assert_eq!(G(7).banked_margin(), 0);
    /// ```
    #[inline]
    fn unbanked_key(&self) -> u64 {
        self.hash_key()
    }

    /// A bound on the margin still to come: with any play, `|margin at the end −
    /// banked_margin()|` is at most this (the stones still in the pits of Kalah, the boxes
    /// not yet taken in Dots and Boxes). A margin solver stops searching a position whose
    /// bound already decides its question. It must depend only on
    /// [`unbanked_key`](GameHash::unbanked_key). Default: `None`, no bound known.
    ///
    /// ```
    /// # use search_core::{Game, GameHash, Outcome, Player};
    /// # #[derive(Clone)] struct G;
    /// # impl Game for G {
    /// #   type Move = u8;
    /// #   fn to_move(&self) -> Player { Player::First }
    /// #   fn legal_moves(&self, _: &mut Vec<u8>) {}
    /// #   fn play(&mut self, _: u8) {}
    /// #   fn outcome(&self) -> Outcome { Outcome::Draw }
    /// # }
    /// # impl GameHash for G { fn hash_key(&self) -> u64 { 0 } }
    /// assert_eq!(G.unbanked_margin_bound(), None);
    /// ```
    #[inline]
    fn unbanked_margin_bound(&self) -> Option<u32> {
        None
    }
}
