//! What every search thread reads and reuses: the search's fixed settings ([`Ctx`], with
//! the expansion settings and priors of the two-player mode), the limits the threads poll,
//! and the buffers reused at every node, so that nothing is allocated per node.

use search_core::Instant;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use search_core::{ClockPacer, GeneralGame, RunningBudget};

use crate::engine::rules::Rules;
use crate::steps::selection::Widening;

/// An evaluation for the side to move, as a number.
pub(crate) type Evaluate<G> = Box<dyn Fn(&G) -> f64 + Send + Sync>;

/// Where the priors used for progressive bias come from.
pub(crate) enum PriorSource<G> {
    None,
    Hints,
    /// An [`Evaluator`](search_core::Evaluator), and its scale.
    Evaluator(Evaluate<G>, f64),
}

/// The settings expansion reads, shared by the search threads (the node cap also by the
/// general mode's).
pub(crate) struct Expansion<'a, G> {
    /// Where priors come from.
    pub prior: &'a PriorSource<G>,
    /// Use the game's `winning_move` / `non_losing_moves` hooks.
    pub hooks: bool,
    /// The most nodes this thread's tree may hold.
    pub cap: usize,
    /// Create the children best `move_order_hint` first (progressive widening without
    /// priors: the children a node may try first are the game's best guesses).
    pub by_hint: bool,
}

/// Read-only settings shared by the search threads. Past `max_depth` (and but for the
/// node cap in `expansion`, which both read) each field is read by one mode alone: the
/// two-player options by [`ZeroSum`](crate::ZeroSum), `rules` and `player` by
/// [`General`](crate::General).
pub(crate) struct Ctx<'a, G: GeneralGame, P> {
    pub playout: &'a P,
    pub exploration: f64,
    /// No node deeper than this below the root is expanded.
    pub max_depth: u32,
    /// Priors, the game's hooks and the node cap of each tree.
    pub expansion: Expansion<'a, G>,
    pub prior_weight: f64,
    /// Progressive widening, if on.
    pub widening: Option<Widening>,
    /// RAVE's equivalence parameter, if on.
    pub rave: Option<f32>,
    /// With transpositions: the game's position key.
    pub key: Option<fn(&G) -> u64>,
    /// With transpositions: the most slots each tree's position table may have.
    pub max_slots: usize,
    /// No prior, widening, RAVE or transpositions: selection takes its shorter path, and
    /// the iteration loop is compiled without them (see `Worker::iterate`).
    pub plain: bool,
    /// The player count and reward range of the searched game.
    pub rules: Rules,
    /// The player to move at the root.
    pub player: u8,
}

/// The limits every search thread polls.
pub(crate) struct Limits<'a> {
    pub running: &'a RunningBudget,
    pub proven: &'a AtomicBool,
    /// Raised when a thread fails (a panic in user code, a broken game): the others stop.
    pub halt: &'a AtomicBool,
    /// No iteration, time or stop limit: the search ends when the root is proven or the
    /// tree is full.
    pub open_ended: bool,
}

/// A search thread's looks at its budget's clock and stop flag, paced to what its work
/// costs (see [`ClockPacer`]): the work is counted in iterations and in the plies played
/// on the way down the tree and in playouts, so that a game whose moves are slow to play
/// still stops within a few of them of its deadline. Once the time is up the iteration
/// under way is abandoned (nothing of it is backed up).
pub(crate) struct Clock {
    budget: Option<RunningBudget>,
    pacer: ClockPacer,
    work: u64,
    /// The time is up or the stop flag is set.
    pub expired: bool,
}

impl Clock {
    /// A clock that never expires (no search under way).
    pub(crate) fn idle() -> Self {
        Clock {
            budget: None,
            pacer: ClockPacer::never(),
            work: 0,
            expired: false,
        }
    }

    /// The clock of a search under `budget`.
    pub(crate) fn start(budget: &RunningBudget) -> Self {
        Clock {
            pacer: budget.pacer(),
            budget: Some(budget.clone()),
            work: 0,
            expired: false,
        }
    }

    /// Counts one unit of work; `true` once the time is up or the stop flag is set.
    #[inline(always)]
    pub(crate) fn tick(&mut self) -> bool {
        self.advance(1)
    }

    /// Counts `units` of work; `true` once the time is up or the stop flag is set.
    #[inline(always)]
    pub(crate) fn advance(&mut self, units: u64) -> bool {
        self.work += units;
        if self.pacer.due(self.work) {
            self.look()
        } else {
            self.expired
        }
    }

    /// The units of work left before the next look at the clock (see
    /// [`ClockPacer::until_due`]): a loop counts its own and calls
    /// [`advance`](Self::advance) when it reaches this.
    #[inline(always)]
    pub(crate) fn until_due(&self) -> u64 {
        self.pacer.until_due(self.work)
    }

    /// A [`Tally`] of work to give to this clock, with none owed yet.
    #[inline(always)]
    pub(crate) fn tally(&self) -> Tally {
        Tally {
            owed: 0,
            due: self.until_due().min(u64::from(u32::MAX)) as u32,
        }
    }

    /// Gives the clock the `owed` units of a tally that is due (it looks at the time): a
    /// fresh tally, or `None` once the time is up or the stop flag is set. (The tally is
    /// passed by value, so that the caller's stays in registers.)
    #[cold]
    #[inline(never)]
    pub(crate) fn settle(&mut self, owed: u32) -> Option<Tally> {
        (!self.advance(u64::from(owed))).then(|| self.tally())
    }

    /// `true` (and the clock expired) if work expected to take `nanos` nanoseconds, begun
    /// now, would end past the deadline (or the stop flag is set): the search stops before
    /// it instead of overshooting by its time.
    #[cold]
    #[inline(never)]
    pub(crate) fn cannot_afford(&mut self, nanos: u64) -> bool {
        if self.would_pass(nanos) {
            self.expired = true;
        }
        self.expired
    }

    /// `true` if work expected to take `nanos` nanoseconds, begun now, would end past the
    /// deadline, or the stop flag is set; unlike [`cannot_afford`](Self::cannot_afford),
    /// the clock is left as it is (the caller does the work another way).
    #[cold]
    #[inline(never)]
    pub(crate) fn would_pass(&self, nanos: u64) -> bool {
        // A year is past any deadline a budget can have that matters here, and keeps the
        // sum within the clock's range.
        const YEAR: u64 = 365 * 24 * 3600 * 1_000_000_000;
        let end = Instant::now() + Duration::from_nanos(nanos.min(YEAR));
        self.budget.as_ref().is_some_and(|b| b.out_of_time_at(end))
    }

    #[cold]
    #[inline(never)]
    fn look(&mut self) -> bool {
        let now = self.pacer.look(self.work);
        if self.budget.as_ref().is_some_and(|b| b.out_of_time_at(now)) {
            self.expired = true;
        }
        self.expired
    }
}

/// Work counted in a local and given to a [`Clock`] at the end of an iteration, or at once
/// when the clock is due: one addition and one comparison a unit.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Tally {
    /// Units done and not yet given to the clock.
    pub owed: u32,
    /// When `owed` reaches this, the clock is due ([`Clock::settle`]).
    pub due: u32,
}

impl Tally {
    /// Units that may still be done before the clock is due.
    #[inline(always)]
    pub(crate) fn left(&self) -> u32 {
        self.due.saturating_sub(self.owed)
    }
}

/// Buffers reused by every expansion and playout: nothing is allocated per node.
pub(crate) struct Scratch<M> {
    /// When to look at the clock (the playouts count their plies on it).
    pub clock: Clock,
    /// Moves of the state being expanded or played out.
    pub moves: Vec<M>,
    /// Moves with their priors, sorted at expansion when priors are on.
    pub order: Vec<(f32, M)>,
    /// A chance node's outcomes with their probabilities.
    pub outcomes: Vec<(M, f64)>,
    /// A finished game's rewards, as the game gives them.
    pub raw: Vec<f64>,
    /// The same rewards normalised to `[0, 1]` by the reward range: what is backed up.
    pub norm: Vec<f64>,
}

impl<M> Scratch<M> {
    pub(crate) fn new() -> Self {
        Scratch {
            clock: Clock::idle(),
            moves: Vec::new(),
            order: Vec::new(),
            outcomes: Vec::new(),
            raw: Vec::new(),
            norm: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use search_core::{Budget, StopFlag};

    use super::Clock;

    /// Work that would end past the deadline, or any work once the flag is set, is not
    /// begun; work that fits is, and a search without a clock can afford anything.
    #[test]
    fn work_is_begun_only_if_it_ends_before_the_deadline() {
        let hour = Budget::time(Duration::from_secs(3600)).start().unwrap();
        let mut clock = Clock::start(&hour);
        assert!(!clock.cannot_afford(1_000_000_000));
        assert!(!clock.expired);
        assert!(clock.cannot_afford(7_200_000_000_000));
        assert!(clock.expired);

        let flag = StopFlag::new();
        let flagged = Budget::new().with_stop(flag.clone()).start().unwrap();
        let mut clock = Clock::start(&flagged);
        assert!(!clock.cannot_afford(u64::MAX));
        flag.stop();
        assert!(clock.cannot_afford(0));

        assert!(!Clock::idle().cannot_afford(u64::MAX));
        assert!(!Clock::idle().would_pass(u64::MAX));
    }
}
