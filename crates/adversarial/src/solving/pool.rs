//! [`Helpers`]: the helper threads a parallel [`Solver`](crate::Solver) keeps between
//! solves, parked on a condition variable while no solve needs them.
//!
//! A parallel solve runs its main search on the calling thread and hands the helpers a job
//! that borrows the solve's data (the table, the position, the stop flag). The job is only
//! *posted* when the main search asks for it ([`Waker::wake`]), so a solve that ends before
//! then never touches the helpers: no system call, no waiting. Once posted, every helper runs
//! the job once, and [`Helpers::run`] does not return, nor unwind, before every helper has
//! finished it: that is what makes lending borrowed data to threads that outlive the solve
//! sound (`std::thread::scope` rests on the same rule). The threads end when the `Helpers`
//! are dropped, which joins them.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use crate::two_player::parallel::THREAD_STACK_BYTES;

/// The job of one solve: called once on every helper, with the helper's number (`1..=count`;
/// the calling thread is number 0).
type Job<'a> = &'a (dyn Fn(usize) + Sync + 'a);

/// What the helpers and the thread that posts their jobs share.
struct Shared {
    state: Mutex<State>,
    /// Signalled when a job is posted or the helpers are to end.
    posted: Condvar,
    /// Signalled when the last helper finishes the job.
    finished: Condvar,
}

struct State {
    /// The job posted last, while some helper may still run it.
    job: Option<Job<'static>>,
    /// How many jobs were posted so far: each helper runs each job once.
    serial: u64,
    /// Helpers that have not yet finished the job posted last.
    busy: usize,
    /// The helpers are to end.
    closing: bool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The lock is only held by this module's code, which does not panic while holding
        // it; a poisoned lock still holds consistent counters.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Helper threads, parked between jobs, joined on drop.
pub(crate) struct Helpers {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

impl core::fmt::Debug for Helpers {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Helpers")
            .field("threads", &self.threads.len())
            .finish()
    }
}

impl Helpers {
    /// Starts `count` helper threads, named `solver-helper-1`, `solver-helper-2`, ...
    ///
    /// # Errors
    /// The error of the first thread that could not be started (those started before it
    /// are ended and joined).
    pub(crate) fn start(count: usize) -> std::io::Result<Self> {
        let mut helpers = Helpers {
            shared: Arc::new(Shared {
                state: Mutex::new(State {
                    job: None,
                    serial: 0,
                    busy: 0,
                    closing: false,
                }),
                posted: Condvar::new(),
                finished: Condvar::new(),
            }),
            threads: Vec::with_capacity(count),
        };
        for index in 1..=count {
            let shared = Arc::clone(&helpers.shared);
            let thread = std::thread::Builder::new()
                .name(format!("solver-helper-{index}"))
                .stack_size(THREAD_STACK_BYTES)
                .spawn(move || helper_loop(&shared, index))?;
            helpers.threads.push(thread);
        }
        Ok(helpers)
    }

    /// The number of helper threads.
    pub(crate) fn count(&self) -> usize {
        self.threads.len()
    }

    /// Runs `main` on the calling thread; `main` may post `job` to the helpers through the
    /// [`Waker`] it is given (once: later calls do nothing). Returns `main`'s result once
    /// every helper has finished the job, if it was posted; when `main` unwinds, the unwinding
    /// waits for them too.
    ///
    /// `job` should not panic (a panic is caught on the helper and dropped); it should
    /// return soon once `main` has returned, since `run` waits for it.
    pub(crate) fn run<R>(&self, job: Job<'_>, main: impl FnOnce(&Waker<'_>) -> R) -> R {
        // SAFETY: only the lifetime changes (the two reference types are otherwise the
        // same). The `'static` reference is stored in `State::job` by `Waker::wake`, and a
        // helper calls it only between taking it (under the lock, after the post) and
        // counting itself out of `busy` (under the lock, after the call has returned or
        // unwound). A job is posted at most once per `run` (`Waker::posted`), by the
        // `Waker` that lives in this call only, and `WaitForHelpers`, dropped at the end of
        // this function whether `main` returns or unwinds, then blocks until `busy` is 0
        // and removes the job. So every call of the job happens while `job`'s borrow is
        // alive.
        #[allow(unsafe_code)]
        let job: Job<'static> = unsafe { core::mem::transmute::<Job<'_>, Job<'static>>(job) };
        let waker = Waker {
            shared: &self.shared,
            job,
            count: self.threads.len(),
            posted: Cell::new(false),
        };
        let _wait = WaitForHelpers(&waker);
        main(&waker)
    }
}

impl Drop for Helpers {
    fn drop(&mut self) {
        self.shared.lock().closing = true;
        self.shared.posted.notify_all();
        for thread in self.threads.drain(..) {
            // A helper catches the panics of its jobs: it can only end by returning.
            let _ = thread.join();
        }
    }
}

/// Posts a job to the helpers, from inside [`Helpers::run`].
pub(crate) struct Waker<'s> {
    shared: &'s Shared,
    job: Job<'static>,
    count: usize,
    posted: Cell<bool>,
}

impl Waker<'_> {
    /// Has every helper start the job (the first call only).
    pub(crate) fn wake(&self) {
        if self.posted.replace(true) || self.count == 0 {
            return;
        }
        {
            let mut state = self.shared.lock();
            state.job = Some(self.job);
            state.serial += 1;
            state.busy = self.count;
        }
        self.shared.posted.notify_all();
    }
}

/// Blocks, when dropped, until no helper runs the job the waker posted (if it did), then
/// removes it. A job that was never posted needs nothing: no helper can have it.
struct WaitForHelpers<'w, 's>(&'w Waker<'s>);

impl Drop for WaitForHelpers<'_, '_> {
    fn drop(&mut self) {
        if !self.0.posted.get() {
            return;
        }
        let shared = self.0.shared;
        let mut state = shared.lock();
        while state.busy > 0 {
            state = shared
                .finished
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.job = None;
    }
}

/// A helper's life: wait for a job (or the end), run it, count itself out, again.
fn helper_loop(shared: &Shared, index: usize) {
    let mut done = 0;
    loop {
        let job = {
            let mut state = shared.lock();
            while state.serial == done && !state.closing {
                state = shared
                    .posted
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            if state.serial == done {
                return; // closing, and no job left to run
            }
            done = state.serial;
            state
                .job
                .expect("a posted job stays until every helper has run it")
        };
        if let Err(payload) = catch_unwind(AssertUnwindSafe(|| job(index))) {
            // The solver's jobs catch their own panics; should another one escape, the
            // helper survives it and drops its payload. Only if dropping the payload panics
            // in turn is that second payload leaked, so that nothing unwinds out of here.
            if let Err(again) = catch_unwind(AssertUnwindSafe(move || drop(payload))) {
                core::mem::forget(again);
            }
        }
        let mut state = shared.lock();
        state.busy -= 1;
        if state.busy == 0 {
            shared.finished.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Helpers;
    use std::collections::HashSet;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_job_runs_once_on_every_helper_and_only_when_woken() {
        let helpers = Helpers::start(3).unwrap();
        assert_eq!(helpers.count(), 3);
        let seen = Mutex::new(Vec::new());
        let job = |k: usize| seen.lock().unwrap().push(k);
        // Not woken: the helpers never run it.
        assert_eq!(helpers.run(&job, |_| 7), 7);
        assert!(seen.lock().unwrap().is_empty());
        for round in 1..=3 {
            helpers.run(&job, |waker| {
                waker.wake();
                waker.wake(); // a second call posts nothing more
            });
            // `run` returned: every helper has finished.
            let mut got = seen.lock().unwrap().clone();
            got.sort_unstable();
            let expected: Vec<usize> = (1..=3).flat_map(|k| vec![k; round]).collect();
            assert_eq!(got, expected);
        }
    }

    #[test]
    fn the_same_threads_serve_every_job() {
        let helpers = Helpers::start(2).unwrap();
        let ids = Mutex::new(HashSet::new());
        let job = |_| {
            ids.lock().unwrap().insert(std::thread::current().id());
        };
        for _ in 0..20 {
            helpers.run(&job, |waker| waker.wake());
        }
        let ids = ids.into_inner().unwrap();
        assert_eq!(ids.len(), 2);
        assert!(!ids.contains(&std::thread::current().id()));
    }

    #[test]
    fn a_panicking_job_leaves_the_helpers_usable() {
        let helpers = Helpers::start(2).unwrap();
        let calls = AtomicUsize::new(0);
        let job = |k: usize| {
            if calls.fetch_add(1, Ordering::Relaxed) < 2 && k == 1 {
                panic!("helper {k}");
            }
        };
        for _ in 0..3 {
            helpers.run(&job, |waker| waker.wake());
        }
        assert_eq!(calls.load(Ordering::Relaxed), 6);
    }

    #[test]
    fn run_waits_for_the_helpers_even_when_main_unwinds() {
        let helpers = Helpers::start(1).unwrap();
        let finished = AtomicUsize::new(0);
        let job = |_| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            finished.fetch_add(1, Ordering::Relaxed);
        };
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            helpers.run(&job, |waker| {
                waker.wake();
                panic!("main");
            })
        }));
        assert!(r.is_err());
        assert_eq!(finished.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn dropping_the_helpers_joins_them() {
        let helpers = Helpers::start(2).unwrap();
        let shared = std::sync::Arc::clone(&helpers.shared);
        assert_eq!(std::sync::Arc::strong_count(&shared), 4);
        drop(helpers);
        // Each thread held a reference to the shared state until it ended.
        assert_eq!(std::sync::Arc::strong_count(&shared), 1);
    }
}
