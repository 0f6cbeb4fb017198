//! Simultaneous-move MCTS (`sm_mcts.rs`): decoupled UCT or regret matching at every node.

pub(crate) mod sm_mcts;
