//! AlphaZero-style search: [`Puct`](crate::Puct), Monte Carlo tree search guided by a
//! policy and a value from a [`BatchEvaluator`](crate::BatchEvaluator) (a neural network,
//! usually) instead of random playouts.
//!
//! The files, from the bottom up (none imports a file that imports it back):
//! - `evaluator.rs`: the evaluator trait, the buffer it answers in, the checks of an answer;
//! - `tree.rs`: the nodes, the PUCT rule with first-play urgency and virtual loss, backup;
//! - `cache.rs`: the evaluation cache, keyed by the position's `GameHash` key;
//! - `noise.rs`: root Dirichlet noise and the move temperature;
//! - `engine.rs`: the engine's type and options;
//! - `search.rs`: one search, on one or several threads, and its result;
//! - `strategy.rs`: the engine as a `Strategy`.

pub(crate) mod cache;
pub(crate) mod engine;
pub(crate) mod evaluator;
pub(crate) mod noise;
pub(crate) mod search;
pub(crate) mod strategy;
pub(crate) mod tree;
