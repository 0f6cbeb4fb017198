//! The equilibrium solvers and best responses on Kuhn poker and Leduc hold'em, against
//! published facts (Kuhn's value −1/18 and his one-parameter family of equilibria; Leduc's
//! value ≈ −0.0856 for the first player) and brute-force references (a best response
//! found by enumerating every pure strategy of the responder on the game itself).

use std::collections::HashMap;
use std::time::Duration;

use adversarial::{
    Cfr, CfrVariant, GameTree, Mccfr, Policy, best_response, expected_values, exploitability,
    nash_conv,
};
use games::{Kuhn, KuhnInfo, Leduc};
use search_core::{
    Budget, BudgetError, BudgetField, GeneralGame, ImperfectInfo, PerfectInfo, SearchError,
    SplitMix64, StopFlag, Turn,
};

const KUHN_VALUE: f64 = -1.0 / 18.0;

/// Kuhn's equilibrium with parameter `alpha` in `[0, 1/3]` (Kuhn 1950): the probability of
/// betting (or calling) in each information set.
fn kuhn_equilibrium_bet(key: &KuhnInfo, alpha: f64) -> f64 {
    let card = key.card().unwrap_or(0);
    match key.actions() {
        // Player 0 opens: bets the jack with alpha, never the queen, the king with 3 alpha.
        [] => [alpha, 0.0, 3.0 * alpha][usize::from(card)],
        // Player 0 after check, bet: folds the jack, calls the queen with alpha + 1/3,
        // calls the king.
        [Kuhn::PASS, Kuhn::BET] => [0.0, alpha + 1.0 / 3.0, 1.0][usize::from(card)],
        // Player 1 after a check: bets the jack with 1/3, checks the queen, bets the king.
        [Kuhn::PASS] => [1.0 / 3.0, 0.0, 1.0][usize::from(card)],
        // Player 1 facing a bet: folds the jack, calls the queen with 1/3, calls the king.
        [Kuhn::BET] => [0.0, 1.0 / 3.0, 1.0][usize::from(card)],
        _ => 0.5,
    }
}

fn kuhn_policy(tree: &GameTree<Kuhn>, bet: impl Fn(&KuhnInfo) -> f64) -> Policy {
    let mut policy = Policy::uniform(tree);
    for id in tree.info_sets() {
        let b = bet(tree.key(id));
        policy.set(id, &[1.0 - b, b]).unwrap();
    }
    policy
}

#[test]
fn kuhns_equilibrium_family_is_unexploitable_and_worth_minus_one_eighteenth() {
    let tree = GameTree::new(&Kuhn::new()).unwrap();
    for alpha in [0.0, 0.1, 1.0 / 6.0, 0.25, 1.0 / 3.0] {
        let policy = kuhn_policy(&tree, |k| kuhn_equilibrium_bet(k, alpha));
        let e = exploitability(&tree, &policy).unwrap();
        assert!(e.abs() < 1e-9, "alpha {alpha}: exploitability {e}");
        let values = expected_values(&tree, &policy).unwrap();
        assert!((values[0] - KUHN_VALUE).abs() < 1e-12, "{values:?}");
    }
    // Leaving the family is exploitable: player 0 bets the jack too often.
    let policy = kuhn_policy(&tree, |k| {
        if k.actions().is_empty() && k.card() == Some(0) {
            0.5
        } else {
            kuhn_equilibrium_bet(k, 1.0 / 6.0)
        }
    });
    assert!(exploitability(&tree, &policy).unwrap() > 1e-3);
}

/// CFR+ reaches an exploitability of 1e-4 on Kuhn poker after 277 iterations, in well
/// under a millisecond (`cargo run --release -p plysearch-adversarial --example
/// solve_poker -- kuhn 1e-4`, measured; `docs/benchmarks/imperfect.md`); the test gives it
/// 2,000.
#[test]
fn cfr_plus_solves_kuhn() {
    let tree = GameTree::new(&Kuhn::new()).unwrap();
    let result = Cfr::new(&tree)
        .with_budget(Budget::iterations(2_000))
        .run()
        .unwrap();
    let e = result.exploitability.unwrap();
    assert!(e <= 1e-4, "{result}");
    assert!((result.values[0] - KUHN_VALUE).abs() <= 1e-4, "{result}");
    assert_eq!(result.values[0], -result.values[1]);
    assert_eq!(e, exploitability(&tree, &result.average).unwrap());
    assert!(result.stats.nodes > 0 && result.stats.iterations == 2_000);
    // The solution lies in Kuhn's family: player 1's fixed part (never bluff-call, ...).
    let at = |player, card, actions: &[u8]| {
        let id = tree
            .find(player, &KuhnInfo::new(Some(card), actions).unwrap())
            .unwrap();
        result.average.probabilities(id).unwrap()[1]
    };
    assert!(at(1, 2, &[Kuhn::BET]) > 0.99); // player 1 calls with the king
    assert!(at(1, 0, &[Kuhn::BET]) < 0.01); // and folds the jack
    assert!((at(1, 1, &[Kuhn::BET]) - 1.0 / 3.0).abs() < 0.02);
    let alpha = at(0, 0, &[]);
    assert!((0.0..=1.0 / 3.0 + 0.01).contains(&alpha));
    assert!((at(0, 2, &[]) - 3.0 * alpha).abs() < 0.03);
}

#[test]
fn vanilla_cfr_converges_on_kuhn() {
    let tree = GameTree::new(&Kuhn::new()).unwrap();
    let mut cfr = Cfr::new(&tree)
        .with_variant(CfrVariant::Vanilla)
        .with_budget(Budget::iterations(100));
    let early = cfr.run().unwrap();
    let mut cfr = cfr.with_budget(Budget::iterations(9_900));
    let late = cfr.run().unwrap();
    assert_eq!(late.iterations, 10_000);
    let (e1, e2) = (early.exploitability.unwrap(), late.exploitability.unwrap());
    assert!(e2 < e1 / 5.0, "{e1} then {e2}");
    assert!(e2 < 5e-3, "{late}");
    assert!((late.values[0] - KUHN_VALUE).abs() < 5e-3, "{late}");
}

/// The value of `responder`'s pure strategy `choice` (bit `i`: bet in its `i`-th
/// information set of `keys`) against `bet` (the others' probability of betting), walking
/// the game itself.
fn pure_value(
    state: &Kuhn,
    responder: usize,
    keys: &[KuhnInfo],
    choice: u32,
    bet: &HashMap<KuhnInfo, f64>,
) -> f64 {
    match state.turn() {
        Turn::Over => {
            let mut r = [0.0; 2];
            state.rewards(&mut r);
            r[responder]
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes
                .iter()
                .map(|&(card, p)| {
                    let mut next = *state;
                    next.apply(card);
                    p * pure_value(&next, responder, keys, choice, bet)
                })
                .sum()
        }
        Turn::Player(p) => {
            let key = state.info_key(p);
            let b = if p == responder {
                let i = keys.iter().position(|k| *k == key).unwrap();
                f64::from((choice >> i) & 1)
            } else {
                bet[&key]
            };
            let mut v = 0.0;
            for (mv, prob) in [(Kuhn::PASS, 1.0 - b), (Kuhn::BET, b)] {
                if prob > 0.0 {
                    let mut next = *state;
                    next.apply(mv);
                    v += prob * pure_value(&next, responder, keys, choice, bet);
                }
            }
            v
        }
    }
}

#[test]
fn best_response_matches_every_pure_strategy_enumerated_on_kuhn() {
    let tree = GameTree::new(&Kuhn::new()).unwrap();
    for seed in 0..4 {
        let mut rng = SplitMix64::new(seed);
        let bet: HashMap<KuhnInfo, f64> = tree
            .info_sets()
            .map(|id| (*tree.key(id), rng.next_f64()))
            .collect();
        let policy = kuhn_policy(&tree, |k| bet[k]);
        for responder in 0..2 {
            let keys: Vec<KuhnInfo> = tree
                .info_sets()
                .filter(|&id| tree.player(id) == responder)
                .map(|id| *tree.key(id))
                .collect();
            assert_eq!(keys.len(), 6);
            let brute = (0..64u32)
                .map(|choice| pure_value(&Kuhn::new(), responder, &keys, choice, &bet))
                .fold(f64::NEG_INFINITY, f64::max);
            let br = best_response(&tree, &policy, responder).unwrap();
            assert!(
                (br.value - brute).abs() < 1e-12,
                "seed {seed}, player {responder}: {} vs {brute}",
                br.value
            );
            // The response's own policy earns what it claims.
            let values = expected_values(&tree, &br.policy).unwrap();
            assert!((values[responder] - brute).abs() < 1e-12);
        }
        let e = exploitability(&tree, &policy).unwrap();
        assert!((nash_conv(&tree, &policy).unwrap() - 2.0 * e).abs() < 1e-12);
    }
}

#[test]
fn external_sampling_mccfr_approaches_kuhns_equilibrium_reproducibly() {
    let tree = GameTree::new(&Kuhn::new()).unwrap();
    let run = |seed| {
        Mccfr::new(&tree)
            .with_seed(seed)
            .with_budget(Budget::iterations(50_000))
            .run()
            .unwrap()
    };
    let a = run(11);
    assert!(a.exploitability.unwrap() < 0.01, "{a}");
    assert!((a.values[0] - KUHN_VALUE).abs() < 0.01, "{a}");
    let b = run(11);
    assert_eq!(a.average, b.average);
    assert_ne!(a.average, run(12).average);
    // Two runs of 25,000 are one run of 50,000.
    let mut halves = Mccfr::new(&tree)
        .with_seed(11)
        .with_budget(Budget::iterations(25_000));
    halves.run().unwrap();
    assert_eq!(halves.run().unwrap().average, a.average);
}

#[test]
fn solvers_refuse_what_they_cannot_honour() {
    let tree = GameTree::new(&Kuhn::new()).unwrap();
    let unsupported = |e: SearchError, field| matches!(e, SearchError::Budget(BudgetError::Unsupported { field: f, .. }) if f == field);
    let e = Cfr::new(&tree)
        .with_budget(Budget::depth(3))
        .run()
        .unwrap_err();
    assert!(unsupported(e, BudgetField::Depth));
    let e = Mccfr::new(&tree)
        .with_budget(Budget::nodes(3))
        .run()
        .unwrap_err();
    assert!(unsupported(e, BudgetField::Nodes));
    let e = Cfr::new(&tree)
        .with_budget(Budget::new())
        .run()
        .unwrap_err();
    assert!(matches!(
        e,
        SearchError::Budget(BudgetError::NeverStops { .. })
    ));
    for target in [0.0, -1.0, f64::NAN] {
        let e = Cfr::new(&tree)
            .with_target_exploitability(target)
            .run()
            .unwrap_err();
        assert!(matches!(e, SearchError::Config(_)), "{e}");
    }
    let e = Cfr::new(&tree)
        .with_check_every(0)
        .with_target_exploitability(0.1)
        .run()
        .unwrap_err();
    assert!(matches!(e, SearchError::Config(_)));
    // A policy of another tree.
    let leduc = GameTree::new(&Leduc::new()).unwrap();
    let e = exploitability(&tree, &Policy::uniform(&leduc)).unwrap_err();
    assert!(matches!(e, SearchError::Config(_)));
    assert!(best_response(&tree, &Policy::uniform(&tree), 2).is_err());
}

#[test]
fn a_stop_flag_and_a_time_limit_end_a_run() {
    let tree = GameTree::new(&Leduc::new()).unwrap();
    let flag = StopFlag::new();
    flag.stop();
    let r = Cfr::new(&tree)
        .with_budget(Budget::new().with_stop(flag))
        .run()
        .unwrap();
    assert_eq!(r.stats.iterations, 1);
    let r = Cfr::new(&tree)
        .with_budget(Budget::time(Duration::from_millis(200)))
        .run()
        .unwrap();
    // The time limit ended the run (an unbounded CFR never returns) after some work.
    assert!(r.stats.iterations >= 1, "{r}");
}

#[test]
fn cfr_finds_the_value_of_a_perfect_information_game() {
    /// Take 1 or 2 from 7 stones; whoever takes the last one wins: a first-player win
    /// (7 is not a multiple of 3).
    #[derive(Clone, Debug, PartialEq)]
    struct Nim(u8, usize);
    impl GeneralGame for Nim {
        type Move = u8;
        const REWARD_SUM: Option<f64> = Some(0.0);
        fn player_count(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            if self.0 == 0 {
                Turn::Over
            } else {
                Turn::Player(self.1)
            }
        }
        fn moves(&self, m: &mut Vec<u8>) {
            m.extend((1..=2).filter(|&t| t <= self.0));
        }
        fn apply(&mut self, t: u8) {
            self.0 -= t;
            self.1 = 1 - self.1;
        }
        fn rewards(&self, r: &mut [f64]) {
            // The player to move after the last stone was taken lost.
            r[self.1] = -1.0;
            r[1 - self.1] = 1.0;
        }
    }
    let tree = GameTree::new(&PerfectInfo::new(Nim(7, 0))).unwrap();
    let r = Cfr::new(&tree)
        .with_budget(Budget::iterations(500))
        .run()
        .unwrap();
    assert!((r.values[0] - 1.0).abs() < 1e-3, "{r}");
    let tree = GameTree::new(&PerfectInfo::new(Nim(6, 0))).unwrap();
    let r = Cfr::new(&tree)
        .with_budget(Budget::iterations(500))
        .run()
        .unwrap();
    assert!((r.values[0] + 1.0).abs() < 1e-3, "{r}");
}

/// Leduc hold'em: CFR+ until the average is within 1e-3 of an equilibrium; its value then
/// lies within 2e-3 of the game's value, published as −0.0856 for the first player (and
/// OpenSpiel's CFR+ reaches −0.085603 after 2,000 iterations).
#[test]
fn cfr_plus_solves_leduc() {
    let tree = GameTree::new(&Leduc::new()).unwrap();
    // OpenSpiel's leduc_poker: 9,457 histories, 5,520 terminal, 468 + 468 information sets.
    assert_eq!((tree.node_count(), tree.terminal_count()), (9_457, 5_520));
    assert_eq!(
        (tree.info_set_count_of(0), tree.info_set_count_of(1)),
        (468, 468)
    );
    let result = Cfr::new(&tree)
        .with_budget(Budget::iterations(5_000))
        .with_target_exploitability(1e-3)
        .run()
        .unwrap();
    let e = result.exploitability.unwrap();
    assert!(e <= 1e-3, "{result}");
    assert!((result.values[0] + 0.0856).abs() < 2e-3, "{result}");
    // Closer: within 1e-4 of an equilibrium, the value is within 2e-4 (plus the published
    // figure's rounding) of −0.0856.
    let result = Cfr::new(&tree)
        .with_budget(Budget::iterations(20_000))
        .with_target_exploitability(1e-4)
        .run()
        .unwrap();
    assert!(result.exploitability.unwrap() <= 1e-4, "{result}");
    assert!((result.values[0] + 0.0856).abs() < 2.5e-4, "{result}");
}

/// OpenSpiel (2.0.2, `pyspiel.CFRPlusSolver` and `pyspiel.CFRSolver`, the second with
/// alternating updates, and its Python CFR with simultaneous updates) as the oracle: after 100 iterations its average policies have these
/// exploitabilities and first-player values (`pyspiel.exploitability`,
/// `pyspiel.expected_returns`), and ours must have the same. The script that printed them is
/// in `docs/benchmarks/imperfect.md`. (Further on the two drift apart in the last digits,
/// so 100 iterations it is.)
#[test]
fn cfr_matches_openspiel_after_100_iterations() {
    fn check<G: ImperfectInfo>(game: &G, variant: CfrVariant, exploitability: f64, value: f64) {
        let tree = GameTree::new(game).unwrap();
        let r = Cfr::new(&tree)
            .with_variant(variant)
            .with_budget(Budget::iterations(100))
            .run()
            .unwrap();
        let e = r.exploitability.unwrap();
        assert!(
            (e - exploitability).abs() < 1e-9,
            "{variant:?}: {e} vs {exploitability}"
        );
        assert!((r.values[0] - value).abs() < 1e-9, "{variant:?}: {r}");
    }
    check(
        &Kuhn::new(),
        CfrVariant::Plus,
        0.0011944041011116846,
        -0.055584006549269316,
    );
    check(
        &Kuhn::new(),
        CfrVariant::Alternating,
        0.008225977315915206,
        -0.05614724147718669,
    );
    check(
        &Leduc::new(),
        CfrVariant::Plus,
        0.013415994970897835,
        -0.08463279890413533,
    );
    check(
        &Leduc::new(),
        CfrVariant::Alternating,
        0.09571635300459762,
        -0.11397530306764395,
    );
    // Simultaneous updates: OpenSpiel's Python `cfr._CFRSolver` with
    // `alternating_updates=False` (its C++ solvers alternate).
    check(
        &Kuhn::new(),
        CfrVariant::Vanilla,
        0.02567473584694785,
        -0.05598721160991621,
    );
    check(
        &Leduc::new(),
        CfrVariant::Vanilla,
        0.1730343119208263,
        -0.09161149820166725,
    );
}

#[test]
fn a_target_exploitability_needs_two_players_and_a_reward_sum() {
    /// One player rolls a die and keeps it or rolls again (no exploitability to speak of).
    #[derive(Clone, Debug, PartialEq)]
    struct Reroll(Vec<u8>, bool);
    impl GeneralGame for Reroll {
        type Move = u8;
        fn player_count(&self) -> usize {
            1
        }
        fn turn(&self) -> Turn {
            match (self.0.len(), self.1) {
                (0, _) | (1, true) => Turn::Chance,
                (1, false) => Turn::Player(0),
                _ => Turn::Over,
            }
        }
        fn moves(&self, m: &mut Vec<u8>) {
            if self.turn() == Turn::Player(0) {
                m.extend([0, 1]);
            }
        }
        fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
            if self.turn() == Turn::Chance {
                o.extend((1..=6).map(|f| (f, 1.0 / 6.0)));
            }
        }
        fn apply(&mut self, mv: u8) {
            match self.turn() {
                Turn::Chance => self.0.push(mv),
                _ if mv == 1 => self.1 = true,
                _ => self.0.push(0),
            }
        }
        fn rewards(&self, r: &mut [f64]) {
            r[0] = f64::from(*self.0.iter().rev().find(|&&f| f > 0).unwrap_or(&0)) / 6.0;
        }
        fn reward_range(&self) -> (f64, f64) {
            (0.0, 1.0)
        }
    }
    let tree = GameTree::new(&PerfectInfo::new(Reroll(vec![], false))).unwrap();
    let e = Cfr::new(&tree)
        .with_budget(Budget::new())
        .with_target_exploitability(0.01)
        .run()
        .unwrap_err();
    assert!(matches!(e, SearchError::Config(_)), "{e}");
    // Without a target: the one player learns to roll again below 4 (3.5 is the mean of a
    // second roll), so the value is (4 + 5 + 6) / 36 + (3 / 6) (3.5 / 6) = 17 / 24.
    let r = Cfr::new(&tree)
        .with_budget(Budget::iterations(200))
        .run()
        .unwrap();
    assert_eq!(r.exploitability, None);
    assert!((r.values[0] - 17.0 / 24.0).abs() < 5e-3, "{r}");
}

#[test]
fn a_game_tree_refuses_a_broken_game() {
    /// A coin only player 0 sees; player 1 then moves, with `moves` depending on the coin
    /// when `leak` (its key does not show the coin), or with none at all when `stuck`; the
    /// coin's probabilities are `coin_odds`.
    #[derive(Clone, Debug, PartialEq)]
    struct Coin {
        coin: Option<u8>,
        done: bool,
        leak: bool,
        stuck: bool,
        coin_odds: [f64; 2],
    }
    impl GeneralGame for Coin {
        type Move = u8;
        const REWARD_SUM: Option<f64> = Some(0.0);
        fn player_count(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            match (self.coin, self.done) {
                (None, _) => Turn::Chance,
                (Some(_), false) => Turn::Player(1),
                _ => Turn::Over,
            }
        }
        fn moves(&self, m: &mut Vec<u8>) {
            if self.turn() == Turn::Player(1) && !self.stuck {
                m.push(0);
                if !(self.leak && self.coin == Some(1)) {
                    m.push(1);
                }
            }
        }
        fn chance_outcomes(&self, o: &mut Vec<(u8, f64)>) {
            if self.turn() == Turn::Chance {
                o.extend([(0, self.coin_odds[0]), (1, self.coin_odds[1])]);
            }
        }
        fn apply(&mut self, mv: u8) {
            if self.coin.is_none() {
                self.coin = Some(mv);
            } else {
                self.done = true;
            }
        }
        fn rewards(&self, r: &mut [f64]) {
            r[0] = 0.0;
            r[1] = 0.0;
        }
    }
    impl ImperfectInfo for Coin {
        type InfoKey = (Option<u8>, bool);
        fn info_key(&self, player: usize) -> Self::InfoKey {
            (if player == 0 { self.coin } else { None }, self.done)
        }
        fn sample_state(&self, _: usize, _: &mut SplitMix64) -> Self {
            self.clone()
        }
    }
    let fair = Coin {
        coin: None,
        done: false,
        leak: false,
        stuck: false,
        coin_odds: [0.5, 0.5],
    };
    let tree = GameTree::new(&fair).unwrap();
    assert_eq!((tree.info_set_count(), tree.terminal_count()), (1, 4));
    let broken = |game: Coin| GameTree::new(&game).unwrap_err();
    let e = broken(Coin {
        leak: true,
        ..fair.clone()
    });
    assert!(
        matches!(&e, SearchError::BrokenPromise { what } if what.contains("moves")),
        "{e}"
    );
    let e = broken(Coin {
        stuck: true,
        ..fair.clone()
    });
    assert_eq!(e, SearchError::NoLegalMoves);
    let e = broken(Coin {
        coin_odds: [0.5, 0.6],
        ..fair.clone()
    });
    assert!(matches!(e, SearchError::BrokenPromise { .. }), "{e}");
    let e = GameTree::with_max_nodes(&fair, 3).unwrap_err();
    assert!(matches!(e, SearchError::Config(_)), "{e}");
}
