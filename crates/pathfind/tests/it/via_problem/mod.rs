//! A [`SearchProblem`] run through the closure functions: its methods as the closures
//! they take (what a user does with every function that has no problem form).

use search_core::SearchProblem;

/// The successors of a state with their step costs, as the closure searches take them.
pub fn successors<P: SearchProblem>(p: &P) -> impl Fn(&P::State) -> Vec<(P::State, P::Cost)> + '_ {
    move |n| {
        let mut out = Vec::new();
        p.successors(n, &mut out);
        out
    }
}

/// The successor states, their costs dropped (for the searches that count steps or paths).
pub fn states<P: SearchProblem>(p: &P) -> impl Fn(&P::State) -> Vec<P::State> + '_ {
    move |n| successors(p)(n).into_iter().map(|(m, _)| m).collect()
}
