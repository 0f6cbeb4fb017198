//! The games with hidden cards and simultaneous bids, as `ply cards` shows them: what a
//! seat sees, moves by their names, what each move tells the other seats ([`Hidden`], for
//! Kuhn poker, Leduc hold'em, Liar's Dice, the trick-taking game and Goofspiel), and their
//! notation at the prompt ([`Cards`]). Their engines are in `crate::ai::cards`.

use std::fmt::Display;

use games::{Goofspiel, Kuhn, Leduc, LiarsDice, Tricks};
use mcts::SmMcts;
use search_core::{
    GeneralGame, ImperfectInfo, SearchError, Sequential, SimultaneousGame, SplitMix64, Turn,
};

/// Trick-taking: four players, four suits of six ranks, six cards each.
pub(crate) const TRICKS_SHAPE: (usize, usize, usize, usize) = (4, 4, 6, 6);
/// The ranks of a suit in [`TRICKS_SHAPE`].
const TRICKS_RANKS: u8 = 6;
/// The faces of Liar's Dice's dice.
pub(crate) const LIARS_DICE_FACES: u16 = 6;
/// The suit letters of the trick-taking game's cards.
const SUITS: [char; 4] = ['S', 'H', 'D', 'C'];

/// What the terminal needs from a game with hidden information.
pub(crate) trait Hidden:
    ImperfectInfo<Move: Send + Sync> + Display + Send + Sync + 'static
{
    /// The game's name.
    const NAME: &'static str;

    /// What to type for a move when there are too many to list, for the prompt.
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
    /// (By default the legal move of that name, or the only one it starts.)
    fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
        by_text(self, text)
    }

    /// A move of the player to move, by its name in this state (before it is played): a
    /// pass is a check with no bet to face and a fold facing one.
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

/// The legal moves by name.
pub(crate) fn move_list<G: Hidden>(state: &G) -> String {
    let mut moves = Vec::new();
    state.moves(&mut moves);
    let texts: Vec<String> = moves.into_iter().map(|m| state.move_text(m)).collect();
    texts.join(", ")
}

/// The seat names in messages: `player 1` and so on.
pub(crate) fn seat_name(player: usize) -> String {
    format!("player {}", player + 1)
}

/// The notation of a [`Hidden`] game at the prompt: a person sees only what their seat
/// knows, is told of each move only what it shows, and is offered the legal moves by name;
/// every hand is shown at the end.
pub(crate) struct Cards;

impl<G: Hidden> play::Notation<G> for Cards {
    fn parse_move(&self, state: &G, text: &str) -> Result<G::Move, String> {
        state.parse_move(&text.to_lowercase())
    }

    fn move_text(&self, state: &G, mv: G::Move) -> String {
        state.move_text(mv)
    }

    fn position_text(&self, state: &G, _: &[G::Move], viewer: Option<usize>) -> String {
        match viewer {
            Some(seat) if state.turn() != Turn::Over => state.view(seat),
            _ => state.showdown(),
        }
    }

    fn move_help(&self, state: &G, legal: &[G::Move]) -> String {
        if legal.len() > 5 {
            return G::MOVE_HELP.to_string();
        }
        let names: Vec<String> = legal.iter().map(|&m| state.move_text(m)).collect();
        match names.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }

    fn announce(
        &self,
        before: &G,
        mv: G::Move,
        after: &G,
        viewer: Option<usize>,
    ) -> Option<String> {
        match viewer {
            Some(seat) => G::announce(before, mv, after, seat),
            // A game between engines, watched: what the first seat is told.
            None => G::announce(before, mv, after, 0),
        }
    }
}

/// Liar's Dice for two with `dice` dice each.
pub(crate) fn liars_dice(dice: usize) -> Result<LiarsDice, String> {
    LiarsDice::new(2, dice, usize::from(LIARS_DICE_FACES)).map_err(|e| e.to_string())
}

/// The trick-taking game of [`TRICKS_SHAPE`].
pub(crate) fn tricks() -> Result<Tricks, String> {
    let (players, suits, ranks, hand) = TRICKS_SHAPE;
    Tricks::new(players, suits, ranks, hand).map_err(|e| e.to_string())
}

/// Goofspiel with `cards` cards each, played as hidden sequential bids.
pub(crate) fn goofspiel(cards: usize) -> Result<Sequential<Goofspiel>, String> {
    Goofspiel::new(cards)
        .map(Sequential::new)
        .map_err(|e| e.to_string())
}

/// The one legal move whose text is `text` (or starts the way `text` does, when only one
/// does).
fn by_text<G: Hidden>(state: &G, text: &str) -> Result<G::Move, String> {
    let text = text.trim().to_lowercase();
    let mut moves = Vec::new();
    state.moves(&mut moves);
    let exact: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|&m| state.move_text(m).to_lowercase() == text)
        .collect();
    if let [mv] = exact.as_slice() {
        return Ok(*mv);
    }
    let prefix: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|&m| !text.is_empty() && state.move_text(m).to_lowercase().starts_with(&text))
        .collect();
    match prefix.as_slice() {
        [mv] => Ok(*mv),
        _ => Err(format!("the legal moves are {}", move_list(state))),
    }
}

/// Each item after the seat it belongs to, the seats taking turns from the first of
/// `players`: `player 1 check`, `player 2 bet`.
fn by_seat<T: Display>(items: impl IntoIterator<Item = T>, players: usize) -> Vec<String> {
    let named = items.into_iter().enumerate();
    named
        .map(|(i, item)| format!("{} {item}", seat_name(i % players)))
        .collect()
}

/// `items` joined by `separator`, or `empty` when there are none.
fn joined_or(items: &[String], separator: &str, empty: &str) -> String {
    if items.is_empty() {
        empty.to_string()
    } else {
        items.join(separator)
    }
}

/// The deal of a card to `dealt`, as `viewer` learns it: its own card by name.
fn deal_line(dealt: usize, viewer: usize, card: &str) -> String {
    if dealt == viewer {
        format!("You are dealt the {card}.")
    } else {
        format!("{} is dealt a card.", seat_name(dealt))
    }
}

/// A seat in a message to `viewer`: `player 2`, or `player 1 (you)`.
fn actor(player: usize, viewer: usize) -> String {
    if player == viewer {
        format!("{} (you)", seat_name(player))
    } else {
        seat_name(player)
    }
}

fn kuhn_card(card: Option<u8>) -> &'static str {
    match card {
        Some(0) => "J",
        Some(1) => "Q",
        Some(2) => "K",
        _ => "?",
    }
}

/// The names of Kuhn poker's actions in order: a pass is a check, or a fold facing a bet; a
/// bet is a call facing one.
fn kuhn_actions(actions: &[u8]) -> Vec<&'static str> {
    let mut facing = false;
    actions
        .iter()
        .map(|&a| {
            let name = match (a == Kuhn::BET, facing) {
                (true, false) => "bet",
                (true, true) => "call",
                (false, false) => "check",
                (false, true) => "fold",
            };
            facing = a == Kuhn::BET && !facing;
            name
        })
        .collect()
}

impl Hidden for Kuhn {
    const NAME: &'static str = "Kuhn poker";
    const MOVE_HELP: &'static str = "check or bet; call or fold facing a bet";
    const SOLVABLE: bool = true;

    fn view(&self, viewer: usize) -> String {
        let key = self.info_key(viewer);
        let actions = by_seat(kuhn_actions(key.actions()), 2);
        format!(
            "Your card: {}. Betting: {}.",
            kuhn_card(key.card()),
            joined_or(&actions, ", ", "none yet")
        )
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        if text.trim() == "pass" {
            return Ok(Kuhn::PASS);
        }
        by_text(self, text)
    }

    fn move_text(&self, mv: u8) -> String {
        let mut actions = self.actions().to_vec();
        actions.push(mv);
        kuhn_actions(&actions)
            .last()
            .copied()
            .unwrap_or("?")
            .to_string()
    }

    fn showdown(&self) -> String {
        let cards = by_seat([kuhn_card(self.card(0)), kuhn_card(self.card(1))], 2);
        format!("Cards: {}.", cards.join(", "))
    }

    fn announce(before: &Self, mv: u8, after: &Self, viewer: usize) -> Option<String> {
        match before.turn() {
            Turn::Chance => {
                let dealt = usize::from(before.card(0).is_some());
                Some(deal_line(dealt, viewer, kuhn_card(after.card(viewer))))
            }
            Turn::Player(p) => Some(format!("{} {}s.", actor(p, viewer), before.move_text(mv))),
            Turn::Over => None,
        }
    }
}

fn leduc_card(card: Option<u8>) -> String {
    match card {
        Some(c) if c < 6 => {
            let rank = ['J', 'Q', 'K'][usize::from(c / 2)];
            let suit = if c % 2 == 0 { 's' } else { 'h' };
            format!("{rank}{suit}")
        }
        _ => "-".into(),
    }
}

/// The names of a round of Leduc hold'em's actions in order: with no raise to face a call
/// is a check and a raise a bet.
fn leduc_actions(actions: &[u8]) -> Vec<&'static str> {
    let mut facing = false;
    actions
        .iter()
        .map(|&a| {
            let name = match (a, facing) {
                (Leduc::FOLD, _) => "fold",
                (Leduc::CALL, false) => "check",
                (Leduc::CALL, true) => "call",
                (_, false) => "bet",
                (_, true) => "raise",
            };
            facing = a == Leduc::RAISE;
            name
        })
        .collect()
}

impl Hidden for Leduc {
    const NAME: &'static str = "Leduc hold'em";
    const MOVE_HELP: &'static str = "check or bet; fold, call or raise facing a bet";
    const SOLVABLE: bool = true;

    fn view(&self, viewer: usize) -> String {
        let key = self.info_key(viewer);
        let mut rounds = Vec::new();
        for round in 0..2 {
            let actions = by_seat(leduc_actions(key.actions(round)), 2);
            if !actions.is_empty() {
                rounds.push(format!("round {}: {}", round + 1, actions.join(", ")));
            }
        }
        let public = match key.public_card() {
            Some(c) => leduc_card(Some(c)),
            None => "not dealt yet".into(),
        };
        format!(
            "Your card: {}. Public card: {public}. Betting: {}.",
            leduc_card(key.card()),
            joined_or(&rounds, "; ", "none yet")
        )
    }

    fn move_text(&self, mv: u8) -> String {
        let round = usize::from(self.public_card().is_some());
        let mut actions = self.info_key(0).actions(round).to_vec();
        actions.push(mv);
        leduc_actions(&actions)
            .last()
            .copied()
            .unwrap_or("?")
            .to_string()
    }

    fn showdown(&self) -> String {
        let cards = by_seat([leduc_card(self.card(0)), leduc_card(self.card(1))], 2);
        let public = leduc_card(self.public_card());
        format!("Cards: {}, public {public}.", cards.join(", "))
    }

    fn announce(before: &Self, mv: u8, after: &Self, viewer: usize) -> Option<String> {
        match before.turn() {
            Turn::Chance if before.card(0).is_none() || before.card(1).is_none() => {
                let dealt = usize::from(before.card(0).is_some());
                Some(deal_line(dealt, viewer, &leduc_card(after.card(viewer))))
            }
            Turn::Chance => Some(format!(
                "The public card is {}.",
                leduc_card(after.public_card())
            )),
            Turn::Player(p) => Some(format!("{} {}s.", actor(p, viewer), before.move_text(mv))),
            Turn::Over => None,
        }
    }
}

impl Hidden for LiarsDice {
    const NAME: &'static str = "Liar's Dice";
    const MOVE_HELP: &'static str =
        "a bid QUANTITYxFACE such as 2x3 (at least two threes), or liar";

    fn view(&self, viewer: usize) -> String {
        let key = self.info_key(viewer);
        let dice: Vec<String> = key.dice().iter().map(u8::to_string).collect();
        let bids = by_seat(key.bids().iter().map(|&b| self.move_text(b)), 2);
        format!(
            "Your dice: {} (6 is wild). Bids: {}.",
            dice.join(" "),
            joined_or(&bids, ", ", "none yet")
        )
    }

    fn parse_move(&self, text: &str) -> Result<u16, String> {
        let text = text.trim();
        if matches!(text, "liar" | "l" | "call") {
            return by_text(self, "liar");
        }
        let parts: Vec<&str> = text
            .split(|c: char| c == 'x' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        let bad = || {
            format!(
                "type a bid QUANTITYxFACE such as 2x3, or liar; the legal moves are {}",
                move_list(self)
            )
        };
        let [q, f] = parts.as_slice() else {
            return Err(bad());
        };
        let (Ok(q), Ok(f)) = (q.parse::<usize>(), f.parse::<usize>()) else {
            return Err(bad());
        };
        let bid = self.bid(q, f).ok_or_else(bad)?;
        let mut moves = Vec::new();
        self.moves(&mut moves);
        if moves.contains(&bid) {
            Ok(bid)
        } else {
            Err(format!(
                "{q}x{f} is not higher than the last bid; legal: {}",
                move_list(self)
            ))
        }
    }

    fn move_text(&self, mv: u16) -> String {
        if mv == self.liar() {
            return "liar".into();
        }
        // Bids are numbered (quantity - 1) * faces + (face - 1).
        let faces = LIARS_DICE_FACES;
        format!("{}x{}", mv / faces + 1, mv % faces + 1)
    }

    fn showdown(&self) -> String {
        let dice = |p: usize| {
            let d: Vec<String> = self.dice_of(p).iter().map(u8::to_string).collect();
            d.join(" ")
        };
        format!("Dice: {}.", by_seat([dice(0), dice(1)], 2).join(", "))
    }

    fn announce(before: &Self, mv: u16, after: &Self, viewer: usize) -> Option<String> {
        match before.turn() {
            Turn::Chance => {
                let roller = (0..before.player_count())
                    .find(|&p| after.dice_of(p).len() > before.dice_of(p).len())?;
                Some(if roller == viewer {
                    format!("You roll a {mv}.")
                } else {
                    format!("{} rolls a die.", seat_name(roller))
                })
            }
            Turn::Player(p) if mv == before.liar() => {
                Some(format!("{} calls the last bid a lie.", actor(p, viewer)))
            }
            Turn::Player(p) => Some(format!(
                "{} bids {}.",
                actor(p, viewer),
                before.move_text(mv)
            )),
            Turn::Over => None,
        }
    }
}

fn tricks_card(card: u8) -> String {
    format!(
        "{}{}",
        SUITS[usize::from(card / TRICKS_RANKS).min(3)],
        card % TRICKS_RANKS + 1
    )
}

impl Hidden for Tricks {
    const NAME: &'static str = "Tricks";
    const MOVE_HELP: &'static str = "a card such as H4 (suit S, H, D or C, rank 1-6)";

    fn view(&self, viewer: usize) -> String {
        let key = self.info_key(viewer);
        let held: Vec<String> = key
            .hand()
            .iter()
            .filter(|c| !key.plays().contains(c))
            .map(|&c| tricks_card(c))
            .collect();
        let n = self.player_count();
        let trick = key.plays().len() % n;
        let current: Vec<String> = key.plays()[key.plays().len() - trick..]
            .iter()
            .map(|&c| tricks_card(c))
            .collect();
        format!(
            "Your hand: {}. This trick: {}. Tricks taken: {}.",
            joined_or(&held, " ", "-"),
            joined_or(&current, " ", "you lead"),
            by_seat(self.tricks_taken(), n).join(", ")
        )
    }

    fn move_text(&self, mv: u8) -> String {
        tricks_card(mv)
    }

    fn showdown(&self) -> String {
        let taken = by_seat(self.tricks_taken(), self.player_count());
        format!("Tricks taken: {}.", taken.join(", "))
    }

    fn announce(before: &Self, mv: u8, after: &Self, viewer: usize) -> Option<String> {
        match before.turn() {
            Turn::Player(p) => {
                let mut line = format!("{} plays {}.", actor(p, viewer), tricks_card(mv));
                let taker = (0..after.player_count())
                    .find(|&q| after.tricks_taken()[q] > before.tricks_taken()[q]);
                if let Some(q) = taker {
                    line.push_str(&format!(" {} takes the trick.", seat_name(q)));
                }
                Some(line)
            }
            Turn::Chance => {
                // One line when the deal is done: the viewer's hand.
                (after.turn() != Turn::Chance).then(|| {
                    let hand: Vec<String> = after
                        .info_key(viewer)
                        .hand()
                        .iter()
                        .map(|&c| tricks_card(c))
                        .collect();
                    format!("The cards are dealt. Your hand: {}.", hand.join(" "))
                })
            }
            Turn::Over => None,
        }
    }
}

/// The cards `player` holds in Goofspiel.
fn goofspiel_hand(state: &Goofspiel, player: usize) -> Vec<u8> {
    let mut hand = Vec::new();
    state.moves_of(player, &mut hand);
    hand
}

impl Hidden for Sequential<Goofspiel> {
    const NAME: &'static str = "Goofspiel";
    const MOVE_HELP: &'static str = "a card of your hand to bid, such as 3";
    const SIMULTANEOUS: bool = true;

    /// Every hand is public in Goofspiel (the bids are shown after each round); this
    /// round's bid of the other player is not.
    fn view(&self, viewer: usize) -> String {
        let game = self.state();
        let points = game.points();
        let prize = game
            .prize()
            .map_or_else(|| "none".to_string(), |p| p.to_string());
        format!(
            "Prize: {prize}. Points: you {}, the other {}. Your hand: {:?}; the other's: {:?}.",
            points[viewer],
            points[1 - viewer],
            goofspiel_hand(game, viewer),
            goofspiel_hand(game, 1 - viewer)
        )
    }

    fn parse_move(&self, text: &str) -> Result<u8, String> {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        match text.trim().parse::<u8>() {
            Ok(card) if moves.contains(&card) => Ok(card),
            _ => Err(format!("bid a card of your hand: {moves:?}")),
        }
    }

    fn move_text(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn announce(before: &Self, _mv: u8, after: &Self, viewer: usize) -> Option<String> {
        let Turn::Player(p) = before.turn() else {
            return None;
        };
        if before.state() == after.state() {
            return Some(format!("{} has chosen a bid.", actor(p, viewer)));
        }
        let bids: Vec<u8> = (0..2)
            .map(|q| {
                let was = goofspiel_hand(before.state(), q);
                let now = goofspiel_hand(after.state(), q);
                was.into_iter().find(|c| !now.contains(c)).unwrap_or(0)
            })
            .collect();
        let prize = before.state().prize().unwrap_or(0);
        let winner = match bids[0].cmp(&bids[1]) {
            std::cmp::Ordering::Greater => format!("{} wins {prize}", seat_name(0)),
            std::cmp::Ordering::Less => format!("{} wins {prize}", seat_name(1)),
            std::cmp::Ordering::Equal => format!("nobody wins {prize}"),
        };
        let bids = by_seat(bids, 2).join(", ");
        Some(format!("Bids for the prize {prize}: {bids}: {winner}."))
    }

    fn showdown(&self) -> String {
        format!("Points: {}.", by_seat(self.state().points(), 2).join(", "))
    }

    fn simultaneous(
        &self,
        seat: usize,
        engine: &SmMcts,
        rng: &mut SplitMix64,
    ) -> Option<Result<u8, SearchError>> {
        Some(
            engine
                .search(self.state())
                .and_then(|found| found.sample(seat, rng).ok_or(SearchError::NoLegalMoves)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use super::{goofspiel, liars_dice, tricks};

    /// A chance outcome of `state`, drawn from `rng`.
    fn deal<G: GeneralGame>(state: &G, rng: &mut SplitMix64) -> Option<G::Move> {
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

    /// Plays `games` random games from `start`; at every state, for every seat, the view
    /// is the same in every state the seat cannot tell from this one (drawn with
    /// `sample_state`), so it shows nothing the seat does not know, and so is what it is
    /// told of each move ([`check_announcements`]); every legal move reads back from its
    /// text.
    fn check<G: Hidden + Clone>(start: &G, games: u64) {
        let mut moves = Vec::new();
        for g in 0..games {
            let mut rng = SplitMix64::stream(99, g);
            let mut state = start.clone();
            loop {
                for viewer in 0..state.player_count() {
                    let view = state.view(viewer);
                    for _ in 0..8 {
                        let other = state.sample_state(viewer, &mut rng);
                        assert_eq!(other.view(viewer), view, "{state}");
                    }
                }
                let mv = match state.turn() {
                    Turn::Over => break,
                    Turn::Chance => deal(&state, &mut rng).unwrap(),
                    Turn::Player(_) => {
                        moves.clear();
                        state.moves(&mut moves);
                        for &m in &moves {
                            let text = state.move_text(m);
                            assert_eq!(state.parse_move(&text.to_lowercase()), Ok(m), "{text}");
                        }
                        moves[rng.below(moves.len())]
                    }
                };
                check_announcements(&state, mv, &mut rng);
                state.apply(mv);
            }
        }
    }

    /// What a seat is told of a move is the same whatever the seat cannot see: for every
    /// chance outcome or move of `before` (and for `mv` played in states the seat cannot
    /// tell from `before`) that leaves the seat with the same information, the announcement
    /// is the same.
    fn check_announcements<G: Hidden + Clone>(before: &G, mv: G::Move, rng: &mut SplitMix64) {
        let mut after = before.clone();
        after.apply(mv);
        let mut outcomes = Vec::new();
        before.chance_outcomes(&mut outcomes);
        let mut legal = Vec::new();
        for viewer in 0..before.player_count() {
            let told = G::announce(before, mv, &after, viewer);
            let key = after.info_key(viewer);
            let mut others: Vec<(G, G::Move)> =
                outcomes.iter().map(|&(o, _)| (before.clone(), o)).collect();
            if before.turn() != Turn::Chance {
                // Every other move of the mover (a hidden bid must not show), and the same
                // move in states the viewer cannot tell from this one.
                legal.clear();
                before.moves(&mut legal);
                others.extend(legal.iter().map(|&m| (before.clone(), m)));
                for _ in 0..8 {
                    others.push((before.sample_state(viewer, rng), mv));
                }
            }
            for (other, m) in others {
                legal.clear();
                other.moves(&mut legal);
                if before.turn() != Turn::Chance && !legal.contains(&m) {
                    continue;
                }
                let mut next = other.clone();
                next.apply(m);
                if next.info_key(viewer) == key {
                    assert_eq!(G::announce(&other, m, &next, viewer), told, "{before}");
                }
            }
        }
    }

    #[test]
    fn views_show_only_what_the_seat_knows_and_moves_read_back() {
        check(&Kuhn::new(), 50);
        check(&Leduc::new(), 50);
        check(&liars_dice(2).unwrap(), 30);
        check(&tricks().unwrap(), 10);
        check(&goofspiel(5).unwrap(), 20);
    }

    #[test]
    fn announcements_name_only_the_viewers_own_deal() {
        let mut game = Kuhn::new();
        let before = game;
        game.apply(2);
        let to_0 = Kuhn::announce(&before, 2, &game, 0).unwrap();
        let to_1 = Kuhn::announce(&before, 2, &game, 1).unwrap();
        assert_eq!(to_0, "You are dealt the K.");
        game.apply(0);
        assert_eq!(game.move_text(Kuhn::PASS), "check");
        let checked = {
            let mut g = game;
            g.apply(Kuhn::PASS);
            g
        };
        assert_eq!(checked.move_text(Kuhn::BET), "bet");
        game.apply(Kuhn::BET);
        assert_eq!(game.move_text(Kuhn::PASS), "fold");
        assert_eq!(game.move_text(Kuhn::BET), "call");
        assert_eq!(game.parse_move("c"), Ok(Kuhn::BET));
        assert!(game.parse_move("check").is_err());
        assert_eq!(to_1, "player 1 is dealt a card.");
    }

    #[test]
    fn typing_errors_say_what_to_type() {
        let mut game = LiarsDice::new(2, 1, 6).unwrap();
        game.apply(3);
        game.apply(4);
        assert!(game.parse_move("liar").is_err(), "no bid to call yet");
        assert!(game.parse_move("9x9").unwrap_err().contains("type a bid"));
        assert_eq!(game.parse_move("2 3"), Ok(game.bid(2, 3).unwrap()));
        game.apply(game.bid(2, 3).unwrap());
        assert!(game.parse_move("1x6").unwrap_err().contains("not higher"));
        let mut leduc = Leduc::new();
        leduc.apply(0);
        leduc.apply(3);
        assert!(
            leduc
                .parse_move("bluff")
                .unwrap_err()
                .contains("are check, bet")
        );
        assert_eq!(leduc.parse_move("c"), Ok(Leduc::CALL));
        assert_eq!(leduc.move_text(Leduc::CALL), "check");
        leduc.apply(Leduc::RAISE);
        assert_eq!(leduc.move_text(Leduc::CALL), "call");
        assert_eq!(leduc.move_text(Leduc::RAISE), "raise");
        assert_eq!(leduc.parse_move("f"), Ok(Leduc::FOLD));
        assert!(leduc.parse_move("check").is_err());
    }
}
