//! PUCT ([`Puct`]): legal and reproducible searches, perfect play on tic-tac-toe with an
//! exact evaluator (graded by an exact solve), one-leaf batches equal to a reference PUCT
//! written here step for step, larger batches and threads legal, the evaluation cache,
//! root noise, temperature, the visit distribution, and typed errors for bad settings and
//! bad evaluator answers.

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use games::{ConnectFour, TicTacToe};
use mcts::{BatchEvaluator, Evaluations, Fpu, Puct, RootNoise, SearchResult, UniformEvaluator};
use search_core::{
    Budget, BudgetError, EvaluationError, Game, GameHash, Player, SearchError, SplitMix64,
};

/// A position reached by `plies` uniformly random moves from `start` (fewer if the game
/// ends: the last ongoing position).
fn random_position<G: Game>(start: &G, plies: usize, rng: &mut SplitMix64) -> G {
    let mut g = start.clone();
    for _ in 0..plies {
        let moves = g.legal_move_list();
        let mut next = g.clone();
        next.play(moves[rng.below(moves.len())]);
        if next.outcome().is_over() {
            break;
        }
        g = next;
    }
    g
}

/// Values that are multiples of 1/8 (sums of them are exact in any order) and uneven
/// priors, both fixed by the position's key.
struct Hashed;

impl<G: GameHash> BatchEvaluator<G> for Hashed {
    fn evaluate(
        &self,
        states: &[G],
        out: &mut Evaluations<G::Move>,
    ) -> Result<(), EvaluationError> {
        for s in states {
            let (value, priors) = hashed(s);
            out.push(value, s.legal_move_list().into_iter().zip(priors));
        }
        Ok(())
    }
}

/// [`Hashed`]'s answer for `s`: the value and a weight per legal move, in their order.
fn hashed<G: GameHash>(s: &G) -> (f32, Vec<f32>) {
    let h = SplitMix64::new(s.hash_key()).next_u64();
    let value = ((h % 17) as f32 - 8.0) / 8.0;
    let n = s.legal_move_count();
    let priors = (0..n)
        .map(|i| ((h >> (4 * i % 60)) % 5 + 1) as f32)
        .collect();
    (value, priors)
}

/// Every root move of `r` is a legal move of `g`, each once, the chosen move among them,
/// and the visits add up.
fn assert_legal<G: Game>(g: &G, r: &SearchResult<G::Move>) {
    let legal = g.legal_move_list();
    assert_eq!(r.moves.len(), legal.len());
    for m in &r.moves {
        assert!(legal.contains(&m.mv), "{:?} is not legal", m.mv);
    }
    let distinct: Vec<_> = r.moves.iter().map(|m| m.mv).collect();
    for (i, a) in distinct.iter().enumerate() {
        assert!(!distinct[i + 1..].contains(a), "{a:?} listed twice");
    }
    assert!(legal.contains(&r.best_move));
    assert_eq!(
        r.moves.iter().map(|m| m.visits).sum::<u64>() + 1,
        r.root_visits
    );
    assert_eq!(r.root_visits, r.stats.iterations);
}

/// What two results must share to be the same search.
fn summary<M: Copy>(r: &SearchResult<M>) -> (M, Vec<(M, u64, u64, u32)>) {
    let moves = r
        .moves
        .iter()
        .map(|m| (m.mv, m.visits, m.mean.to_bits(), m.prior.to_bits()))
        .collect();
    (r.best_move, moves)
}

#[test]
fn uniform_search_is_legal_and_reproducible() {
    let mut rng = SplitMix64::new(1);
    for case in 0..12 {
        let c4 = random_position(&ConnectFour::new(), rng.below(20), &mut rng);
        let ttt = random_position(&TicTacToe::new(), rng.below(6), &mut rng);
        let seed = rng.next_u64();
        let run_c4 = |batch: usize| {
            Puct::new(UniformEvaluator)
                .with_seed(seed)
                .with_batch_size(batch)
                .with_root_noise(Some(RootNoise::new(0.5, 0.25)))
                .with_temperature(1.0)
                .with_budget(Budget::iterations(300))
                .search(&c4)
                .unwrap()
        };
        let run_ttt = |batch: usize| {
            Puct::new(UniformEvaluator)
                .with_seed(seed)
                .with_batch_size(batch)
                .with_budget(Budget::iterations(200))
                .search(&ttt)
                .unwrap()
        };
        for batch in [1, 8] {
            let (a, b) = (run_c4(batch), run_c4(batch));
            assert_legal(&c4, &a);
            assert_eq!(summary(&a), summary(&b), "case {case}, batch {batch}");
            let (a, b) = (run_ttt(batch), run_ttt(batch));
            assert_legal(&ttt, &a);
            assert_eq!(summary(&a), summary(&b), "case {case}, batch {batch}");
        }
    }
}

/// Exact values of every tic-tac-toe position reachable in play, for the side to move.
struct Oracle {
    values: HashMap<u64, i8>,
    /// The ongoing positions, each once.
    ongoing: Vec<TicTacToe>,
}

impl Oracle {
    fn new() -> Self {
        let mut o = Oracle {
            values: HashMap::new(),
            ongoing: Vec::new(),
        };
        o.solve(&TicTacToe::new());
        o
    }

    fn solve(&mut self, g: &TicTacToe) -> i8 {
        if let Some(&v) = self.values.get(&g.hash_key()) {
            return v;
        }
        let v = match g.outcome().value_for(g.to_move()) {
            Some(v) => v as i8,
            None => {
                self.ongoing.push(*g);
                let mut best = -1;
                for mv in g.legal_move_list() {
                    let mut child = *g;
                    child.play(mv);
                    best = best.max(-self.solve(&child));
                }
                best
            }
        };
        self.values.insert(g.hash_key(), v);
        v
    }

    /// The exact value of `g` for its side to move.
    fn value(&self, g: &TicTacToe) -> i8 {
        self.values[&g.hash_key()]
    }

    /// The value of `mv` in `g` for the player making it.
    fn move_value(&self, g: &TicTacToe, mv: u8) -> i8 {
        let mut child = *g;
        child.play(mv);
        -self.value(&child)
    }
}

/// The exact value, and a policy concentrated on the optimal moves (weight 1; 1/100 for
/// the others).
struct Exact<'a>(&'a Oracle);

impl BatchEvaluator<TicTacToe> for Exact<'_> {
    fn evaluate(
        &self,
        states: &[TicTacToe],
        out: &mut Evaluations<u8>,
    ) -> Result<(), EvaluationError> {
        for s in states {
            let best = self.0.value(s);
            let policy = s.legal_move_list().into_iter().map(|mv| {
                let w = if self.0.move_value(s, mv) == best {
                    1.0
                } else {
                    0.01
                };
                (mv, w)
            });
            out.push(f32::from(best), policy);
        }
        Ok(())
    }
}

#[test]
fn the_exact_oracle_knows_every_reachable_position() {
    let o = Oracle::new();
    // 5,478 positions are reachable in play, 958 of them finished.
    assert_eq!(o.values.len(), 5_478);
    assert_eq!(o.ongoing.len(), 4_520);
    assert_eq!(o.value(&TicTacToe::new()), 0);
    let won: TicTacToe = "XX. OO. ...".parse().unwrap();
    assert_eq!(o.value(&won), 1);
}

#[test]
fn puct_with_an_exact_evaluator_never_gives_away_a_result() {
    let o = Oracle::new();
    let mut ai = Puct::new(Exact(&o)).with_budget(Budget::iterations(100));
    for g in &o.ongoing {
        let r = ai.search(g).unwrap();
        let best = o.value(g);
        let got = o.move_value(g, r.best_move);
        if best >= 0 {
            assert!(got >= 0, "{g}: {} loses\n{r}", r.best_move);
        }
        assert_eq!(got, best, "{g}: {} is not optimal\n{r}", r.best_move);
    }
}

/// A reference PUCT over a tree of boxed nodes, one simulation at a time, with the rule
/// the engine documents: `Q + c · P · sqrt(N) / (1 + n)`, `Q` the first-play urgency for
/// a child never visited, ties to the first child, children highest prior first.
struct RefNode<M> {
    mv: Option<M>,
    prior: f32,
    owner: Player,
    visits: u32,
    value_sum: f64,
    /// `Some(value for the owner)` once known to be a finished game.
    terminal: Option<f32>,
    children: Vec<RefNode<M>>,
}

impl<M: Copy> RefNode<M> {
    fn new(mv: Option<M>, prior: f32, owner: Player) -> Self {
        RefNode {
            mv,
            prior,
            owner,
            visits: 0,
            value_sum: 0.0,
            terminal: None,
            children: Vec::new(),
        }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / f64::from(self.visits)
        }
    }
}

fn first_value(owner: Player, v: f32) -> f32 {
    if owner == Player::First { v } else { -v }
}

/// One simulation from `node` (the position `g`); returns the value for the first player
/// that every node of the path adds (for its owner).
fn simulate<G: GameHash>(node: &mut RefNode<G::Move>, g: &G, c: f32, fpu: Fpu) -> f32 {
    let vf = if let Some(v) = node.terminal {
        first_value(node.owner, v)
    } else if node.visits == 0 {
        if let Some(v) = g.outcome().value_for(node.owner) {
            node.terminal = Some(v as f32);
            first_value(node.owner, v as f32)
        } else {
            let (value, weights) = hashed(g);
            let sum: f64 = weights.iter().map(|&w| f64::from(w)).sum();
            let mut children: Vec<RefNode<G::Move>> = g
                .legal_move_list()
                .into_iter()
                .zip(&weights)
                .map(|(mv, &w)| RefNode::new(Some(mv), (f64::from(w) / sum) as f32, g.to_move()))
                .collect();
            children.sort_by(|a, b| b.prior.total_cmp(&a.prior));
            node.children = children;
            first_value(g.to_move(), value)
        }
    } else {
        let chooser = g.to_move();
        let sqrt_n = f64::from(node.visits).sqrt() as f32;
        let fpu_value = match fpu {
            Fpu::Absolute(v) => v,
            Fpu::Reduction(r) => {
                let mass: f32 = node
                    .children
                    .iter()
                    .filter(|c| c.visits > 0)
                    .map(|c| c.prior)
                    .sum();
                let q = if node.owner == chooser {
                    node.mean() as f32
                } else {
                    -node.mean() as f32
                };
                q - r * mass.sqrt()
            }
            _ => unreachable!(),
        };
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, ch) in node.children.iter().enumerate() {
            let q = if ch.visits == 0 {
                fpu_value
            } else {
                (ch.value_sum / f64::from(ch.visits)) as f32
            };
            let score = q + c * ch.prior * sqrt_n / (1.0 + ch.visits as f32);
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        let child = &mut node.children[best];
        let mut next = g.clone();
        next.play(child.mv.unwrap());
        simulate(child, &next, c, fpu)
    };
    node.visits += 1;
    node.value_sum += f64::from(first_value(node.owner, vf));
    vf
}

/// The engine with one-leaf batches, stopped after each of the first `steps` simulations,
/// against the reference after as many: the same visits and mean for every root move.
fn same_as_reference<G: GameHash + Send + Sync>(g: &G, steps: u64, c: f64, fpu: Fpu)
where
    G::Move: Send + Sync,
{
    let mut reference = RefNode::new(None, 1.0, g.to_move().opponent());
    for n in 1..=steps {
        simulate(&mut reference, g, c as f32, fpu);
        let r = Puct::new(Hashed)
            .with_c_puct(c)
            .with_fpu(fpu)
            .with_budget(Budget::iterations(n))
            .search(g)
            .unwrap();
        assert_eq!(r.root_visits, u64::from(reference.visits));
        let mut expected: Vec<_> = reference
            .children
            .iter()
            .map(|ch| {
                let mean = if ch.visits == 0 {
                    0.0
                } else {
                    (ch.mean() + 1.0) / 2.0
                };
                (
                    ch.mv.unwrap(),
                    u64::from(ch.visits),
                    mean.to_bits(),
                    ch.prior.to_bits(),
                )
            })
            .collect();
        let mut got: Vec<_> = r
            .moves
            .iter()
            .map(|m| (m.mv, m.visits, m.mean.to_bits(), m.prior.to_bits()))
            .collect();
        expected.sort_by_key(|e| format!("{:?}", e.0));
        got.sort_by_key(|e| format!("{:?}", e.0));
        assert_eq!(got, expected, "after {n} simulations");
    }
}

#[test]
fn one_leaf_batches_follow_the_reference_puct_step_for_step() {
    let mut rng = SplitMix64::new(7);
    let fpus = [
        Fpu::Reduction(0.25),
        Fpu::Reduction(0.0),
        Fpu::Absolute(-1.0),
        Fpu::Absolute(1.0),
    ];
    for case in 0..16 {
        let fpu = fpus[case % fpus.len()];
        let c = [0.5, 1.25, 3.0][case % 3];
        let ttt = random_position(&TicTacToe::new(), rng.below(5), &mut rng);
        same_as_reference(&ttt, 60, c, fpu);
        let c4 = random_position(&ConnectFour::new(), rng.below(25), &mut rng);
        same_as_reference(&c4, 60, c, fpu);
    }
}

#[test]
fn larger_batches_and_threads_stay_legal() {
    let mut rng = SplitMix64::new(8);
    for case in 0..12 {
        let g = random_position(&ConnectFour::new(), rng.below(25), &mut rng);
        for (batch, threads) in [(1, 1), (8, 1), (8, 2), (3, 2)] {
            let r = Puct::new(Hashed)
                .with_batch_size(batch)
                .with_threads(threads)
                .with_budget(Budget::iterations(400))
                .search(&g)
                .unwrap();
            assert_legal(&g, &r);
            assert_eq!(r.stats.iterations, 400, "case {case}");
            assert_eq!(r.threads, threads);
        }
    }
}

/// Counts the states it is asked about.
struct Counting(AtomicU64);

impl<G: GameHash> BatchEvaluator<G> for Counting {
    fn evaluate(
        &self,
        states: &[G],
        out: &mut Evaluations<G::Move>,
    ) -> Result<(), EvaluationError> {
        self.0.fetch_add(states.len() as u64, Ordering::Relaxed);
        Hashed.evaluate(states, out)
    }
}

#[test]
fn cache_hits_are_counted_and_change_nothing_but_the_calls() {
    let g = ConnectFour::new();
    let budget = Budget::iterations(2_000);
    let plain = Puct::new(Hashed)
        .with_budget(budget.clone())
        .search(&g)
        .unwrap();
    assert_eq!((plain.stats.tt_probes, plain.stats.tt_hits), (0, 0));
    let mut ai = Puct::new(Counting(AtomicU64::new(0)))
        .with_cache(1 << 16)
        .with_budget(budget);
    let first = ai.search(&g).unwrap();
    let asked = ai.evaluator().0.load(Ordering::Relaxed);
    assert_eq!(first.stats.leaves, asked);
    assert_eq!(
        first.stats.tt_probes,
        first.stats.tt_hits + first.stats.leaves
    );
    // Transpositions inside one search already hit.
    assert!(first.stats.tt_hits > 0, "{}", first.stats);
    assert_eq!(summary(&first), summary(&plain));
    // The second search of the same position finds its evaluations in the cache (but for
    // the few that another position's entry replaced in their slot).
    let again = ai.search(&g).unwrap();
    assert!(
        again.stats.leaves * 20 < first.stats.leaves,
        "{}",
        again.stats
    );
    assert_eq!(
        ai.evaluator().0.load(Ordering::Relaxed),
        asked + again.stats.leaves
    );
    assert_eq!(
        again.stats.tt_probes,
        again.stats.tt_hits + again.stats.leaves
    );
    assert_eq!(summary(&again), summary(&plain));
    // A new evaluator empties it.
    ai.set_evaluator(Counting(AtomicU64::new(0)));
    let fresh = ai.search(&g).unwrap();
    assert_eq!(fresh.stats.leaves, first.stats.leaves);
}

#[test]
fn root_noise_is_a_distribution_drawn_from_the_seed() {
    let g = ConnectFour::new();
    let priors = |seed: u64, noise: Option<RootNoise>| -> Vec<(u8, u32)> {
        let r = Puct::new(UniformEvaluator)
            .with_seed(seed)
            .with_root_noise(noise)
            .with_budget(Budget::iterations(50))
            .search(&g)
            .unwrap();
        let sum: f64 = r.moves.iter().map(|m| f64::from(m.prior)).sum();
        assert!((sum - 1.0).abs() < 1e-5, "{sum}");
        assert!(r.moves.iter().all(|m| m.prior >= 0.0));
        let mut p: Vec<_> = r.moves.iter().map(|m| (m.mv, m.prior.to_bits())).collect();
        p.sort_unstable();
        p
    };
    let noise = Some(RootNoise::new(0.3, 0.25));
    let flat = priors(1, None);
    assert!(flat.iter().all(|&(_, p)| f32::from_bits(p) == 1.0 / 7.0));
    assert_eq!(priors(1, noise), priors(1, noise));
    assert_ne!(priors(1, noise), flat);
    assert_ne!(priors(1, noise), priors(2, noise));
    assert_eq!(priors(3, Some(RootNoise::new(0.3, 0.0))), flat);
    // Each move keeps at least 3/4 of its prior.
    for (_, p) in priors(4, noise) {
        assert!(f32::from_bits(p) >= 0.75 / 7.0 - 1e-6);
    }
}

#[test]
fn temperature_zero_plays_the_most_visited_and_one_draws_by_visits() {
    let mut rng = SplitMix64::new(9);
    for _ in 0..10 {
        let g = random_position(&ConnectFour::new(), rng.below(20), &mut rng);
        let r = Puct::new(Hashed)
            .with_budget(Budget::iterations(300))
            .search(&g)
            .unwrap();
        let most = r.moves.iter().map(|m| m.visits).max().unwrap();
        let chosen = r.moves.iter().find(|m| m.mv == r.best_move).unwrap();
        assert_eq!(chosen.visits, most);
    }
    let g = TicTacToe::new();
    let draw = |seed| {
        Puct::new(UniformEvaluator)
            .with_temperature(1.0)
            .with_seed(seed)
            .with_budget(Budget::iterations(200))
            .search(&g)
            .unwrap()
            .best_move
    };
    let picks: HashSet<u8> = (0..40).map(draw).collect();
    assert!(picks.len() > 2, "{picks:?}");
    assert_eq!(draw(5), draw(5));
}

#[test]
fn the_visit_distribution_covers_the_legal_moves_and_sums_to_one() {
    let mut rng = SplitMix64::new(10);
    for _ in 0..10 {
        let g = random_position(&ConnectFour::new(), rng.below(30), &mut rng);
        let r = Puct::new(Hashed)
            .with_batch_size(4)
            .with_budget(Budget::iterations(200))
            .search(&g)
            .unwrap();
        let d = r.visit_distribution();
        let mut moves: Vec<u8> = d.iter().map(|&(m, _)| m).collect();
        moves.sort_unstable();
        assert_eq!(moves, g.legal_move_list());
        let sum: f64 = d.iter().map(|&(_, p)| p).sum();
        assert!((sum - 1.0).abs() < 1e-12, "{sum}");
        for (m, p) in d {
            let visits = r.moves.iter().find(|s| s.mv == m).unwrap().visits;
            assert_eq!(p, visits as f64 / 199.0);
        }
    }
}

#[test]
fn bad_settings_are_config_errors() {
    let g = TicTacToe::new();
    let base = || Puct::new(UniformEvaluator).with_budget(Budget::iterations(10));
    let bad: Vec<(&str, Puct<TicTacToe, UniformEvaluator>)> = vec![
        ("c_puct 0", base().with_c_puct(0.0)),
        ("c_puct < 0", base().with_c_puct(-1.0)),
        ("c_puct NaN", base().with_c_puct(f64::NAN)),
        ("c_puct infinite", base().with_c_puct(f64::INFINITY)),
        ("fpu > 1", base().with_fpu(Fpu::Absolute(1.5))),
        ("fpu NaN", base().with_fpu(Fpu::Absolute(f32::NAN))),
        ("fpu reduction < 0", base().with_fpu(Fpu::Reduction(-0.1))),
        ("batch 0", base().with_batch_size(0)),
        ("batch huge", base().with_batch_size(1 << 20)),
        ("threads 0", base().with_threads(0)),
        (
            "alpha 0",
            base().with_root_noise(Some(RootNoise::new(0.0, 0.25))),
        ),
        (
            "alpha NaN",
            base().with_root_noise(Some(RootNoise::new(f64::NAN, 0.25))),
        ),
        (
            "fraction > 1",
            base().with_root_noise(Some(RootNoise::new(0.3, 1.5))),
        ),
        ("temperature < 0", base().with_temperature(-1.0)),
        ("temperature NaN", base().with_temperature(f64::NAN)),
        ("node cap < root + moves", base().with_node_cap(9)),
    ];
    for (what, mut ai) in bad {
        assert!(
            matches!(ai.search(&g), Err(SearchError::Config(_))),
            "{what}"
        );
    }
    assert!(base().with_node_cap(10).search(&g).is_ok());
    let budget_error = |b: Budget| Puct::new(UniformEvaluator).with_budget(b).search(&g);
    assert!(matches!(
        budget_error(Budget::nodes(100)),
        Err(SearchError::Budget(BudgetError::Unsupported { .. }))
    ));
    assert!(matches!(
        budget_error(Budget::depth(3)),
        Err(SearchError::Budget(BudgetError::NeverStops { .. }))
    ));
    assert!(matches!(
        budget_error(Budget::iterations(0)),
        Err(SearchError::Budget(_))
    ));
    let over: TicTacToe = "XXX OO. ...".parse().unwrap();
    assert_eq!(base().search(&over).unwrap_err(), SearchError::GameOver);
}

/// Answers like [`Hashed`] but breaks the answer for states with at least `after` stones
/// (tic-tac-toe), as `how` says.
struct Broken {
    how: &'static str,
    after: usize,
}

impl BatchEvaluator<TicTacToe> for Broken {
    fn evaluate(
        &self,
        states: &[TicTacToe],
        out: &mut Evaluations<u8>,
    ) -> Result<(), EvaluationError> {
        for s in states {
            let moves = s.legal_move_list();
            let policy = || moves.iter().map(|&m| (m, 1.0));
            if 9 - moves.len() < self.after {
                out.push(0.0, policy());
                continue;
            }
            let occupied = (0..9u8).find(|m| !moves.contains(m)).unwrap_or(9);
            match self.how {
                "illegal" => out.push(0.0, policy().chain([(occupied, 1.0)])),
                "out of board" => out.push(0.0, policy().chain([(200, 1.0)])),
                "duplicate" => out.push(0.0, policy().chain([(moves[0], 1.0)])),
                "NaN value" => out.push(f32::NAN, policy()),
                "value > 1" => out.push(1.5, policy()),
                "NaN probability" => out.push(0.0, policy().map(|(m, _)| (m, f32::NAN))),
                "negative probability" => out.push(0.0, policy().map(|(m, _)| (m, -0.5))),
                "zero policy" => out.push(0.0, policy().map(|(m, _)| (m, 0.0))),
                "empty policy" => out.push(0.0, []),
                "too few" => return Ok(()),
                "too many" => {
                    out.push(0.0, policy());
                    out.push(0.0, policy());
                }
                "failed" => {
                    return Err(EvaluationError::Failed {
                        message: "backend down".into(),
                    });
                }
                "panic" => panic!("the network exploded"),
                _ => unreachable!(),
            }
        }
        Ok(())
    }
}

#[test]
fn bad_evaluator_answers_are_typed_errors() {
    let g = TicTacToe::new();
    type Expected = fn(&EvaluationError) -> bool;
    let cases: [(&str, Expected); 12] = [
        ("illegal", |e| {
            matches!(e, EvaluationError::IllegalMove { .. })
        }),
        ("out of board", |e| {
            matches!(e, EvaluationError::IllegalMove { .. })
        }),
        ("duplicate", |e| {
            matches!(e, EvaluationError::DuplicateMove { .. })
        }),
        ("NaN value", |e| {
            matches!(e, EvaluationError::NotFinite { .. })
        }),
        ("value > 1", |e| {
            matches!(e, EvaluationError::OutOfRange { .. })
        }),
        ("NaN probability", |e| {
            matches!(e, EvaluationError::NotFinite { .. })
        }),
        ("negative probability", |e| {
            matches!(e, EvaluationError::OutOfRange { .. })
        }),
        ("zero policy", |e| matches!(e, EvaluationError::EmptyPolicy)),
        ("empty policy", |e| {
            matches!(e, EvaluationError::EmptyPolicy)
        }),
        ("too few", |e| {
            matches!(e, EvaluationError::WrongCount { .. })
        }),
        ("too many", |e| {
            matches!(e, EvaluationError::WrongCount { .. })
        }),
        (
            "failed",
            |e| matches!(e, EvaluationError::Failed { message } if message == "backend down"),
        ),
    ];
    for (how, expected) in cases {
        // At the root, and deep in the tree (a batch of several, on two threads).
        for (after, batch, threads) in [(0, 1, 1), (2, 1, 1), (2, 8, 1), (3, 4, 2)] {
            let mut ai = Puct::new(Broken { how, after })
                .with_batch_size(batch)
                .with_threads(threads)
                .with_budget(Budget::iterations(500));
            match ai.search(&g) {
                Err(SearchError::Evaluation(e)) => assert!(expected(&e), "{how}: {e}"),
                other => panic!("{how} at {after}: {other:?}"),
            }
            // The engine searches again afterwards.
            ai.set_evaluator(Broken { how, after: 10 });
            assert!(ai.search(&g).is_ok(), "{how}");
        }
    }
}

#[test]
fn a_panicking_evaluator_surfaces() {
    let g = TicTacToe::new();
    // On the calling thread, the panic unwinds to the caller.
    let mut ai = Puct::new(Broken {
        how: "panic",
        after: 2,
    })
    .with_budget(Budget::iterations(200));
    let payload = catch_unwind(AssertUnwindSafe(|| ai.search(&g))).unwrap_err();
    assert_eq!(
        payload.downcast_ref::<&str>(),
        Some(&"the network exploded")
    );
    ai.set_evaluator(Broken {
        how: "panic",
        after: 10,
    });
    assert!(ai.search(&g).is_ok());
    // On the engine's threads, it is an error.
    let mut ai = Puct::new(Broken {
        how: "panic",
        after: 2,
    })
    .with_threads(2)
    .with_batch_size(2)
    .with_budget(Budget::iterations(200));
    match ai.search(&g) {
        Err(SearchError::WorkerPanicked { message }) => {
            assert!(message.contains("the network exploded"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// Stops the search through its flag after a number of batches.
struct Stopper {
    flag: search_core::StopFlag,
    calls: AtomicU64,
    stopped: AtomicBool,
}

impl BatchEvaluator<ConnectFour> for Stopper {
    fn evaluate(
        &self,
        states: &[ConnectFour],
        out: &mut Evaluations<u8>,
    ) -> Result<(), EvaluationError> {
        if self.calls.fetch_add(1, Ordering::Relaxed) == 20 {
            self.flag.stop();
            self.stopped.store(true, Ordering::Relaxed);
        }
        UniformEvaluator.evaluate(states, out)
    }
}

#[test]
fn a_stop_flag_ends_the_search_and_the_node_cap_bounds_the_tree() {
    let flag = search_core::StopFlag::new();
    let mut ai = Puct::new(Stopper {
        flag: flag.clone(),
        calls: AtomicU64::new(0),
        stopped: AtomicBool::new(false),
    })
    .with_batch_size(4)
    .with_budget(Budget::new().with_stop(flag));
    let r = ai.search(&ConnectFour::new()).unwrap();
    assert!(ai.evaluator().stopped.load(Ordering::Relaxed));
    // The batch under way when the flag rose is finished, no other.
    assert!(r.stats.iterations <= 21 * 4, "{}", r.stats);
    assert_legal(&ConnectFour::new(), &r);
    for cap in [8, 50, 1_000] {
        let r = Puct::new(Hashed)
            .with_node_cap(cap)
            .with_budget(Budget::iterations(3_000))
            .search(&ConnectFour::new())
            .unwrap();
        assert!(r.tree_size as u64 <= cap, "{cap}: {}", r.tree_size);
        assert_eq!(r.stats.iterations, 3_000);
        assert_eq!(r.stats.nodes, r.tree_size as u64);
    }
}
