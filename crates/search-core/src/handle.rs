//! [`SearchHandle`]: a search running on its own thread, which the caller polls for the best
//! answer so far, waits for, or stops; and [`Progress`], how the search reports to it.

use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use crate::budget::check_threads;
use crate::budget::{Budget, StopFlag};
use crate::error::SearchError;

/// The stack of the thread [`SearchHandle::spawn`] starts: 64 MiB of address space (the
/// system commits what the search touches), enough for the deepest searches a [`Budget`]
/// allows.
const STACK_BYTES: usize = 64 << 20;

/// Where a search running under a [`SearchHandle`] leaves its latest progress report, for
/// [`SearchHandle::poll`] to read. Cloning it gives another sender to the same handle.
///
/// ```
/// use search_core::Progress;
/// let progress = Progress::new();
/// assert_eq!(progress.latest(), None);
/// progress.report(3_u32);
/// progress.report(4);
/// assert_eq!(progress.latest(), Some(4));
/// ```
#[derive(Debug)]
pub struct Progress<I> {
    latest: Arc<Mutex<Option<I>>>,
}

impl<I> Clone for Progress<I> {
    fn clone(&self) -> Self {
        Progress {
            latest: Arc::clone(&self.latest),
        }
    }
}

impl<I> Default for Progress<I> {
    fn default() -> Self {
        Progress {
            latest: Arc::new(Mutex::new(None)),
        }
    }
}

impl<I> Progress<I> {
    /// No report yet.
    ///
    /// ```
    /// assert_eq!(search_core::Progress::<u8>::new().latest(), None);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Replaces the latest report with `info`.
    ///
    /// ```
    /// let p = search_core::Progress::new();
    /// p.report("depth 1");
    /// assert_eq!(p.latest(), Some("depth 1"));
    /// ```
    pub fn report(&self, info: I) {
        *self.latest.lock().unwrap_or_else(PoisonError::into_inner) = Some(info);
    }

    /// A copy of the latest report, if any.
    ///
    /// ```
    /// let p = search_core::Progress::<u8>::new();
    /// assert!(p.latest().is_none());
    /// ```
    #[must_use]
    pub fn latest(&self) -> Option<I>
    where
        I: Clone,
    {
        self.latest
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

/// A search running on a thread of its own: the way an interactive program (a GUI, a game
/// server, a chess-style protocol) searches while it stays responsive.
///
/// [`spawn`](SearchHandle::spawn) starts `work` on a new thread with the budget it was
/// given plus a [`StopFlag`] (the budget's own flag if it has one) and a [`Progress`] to
/// report to. Then the caller may
/// * [`poll`](SearchHandle::poll) the latest report (the best answer so far, with its
///   statistics), as often as it likes;
/// * [`wait`](SearchHandle::wait) for the work to end on its own;
/// * [`stop`](SearchHandle::stop) it: set the flag and wait, which returns what the search
///   found until then;
/// * or drop the handle, which stops the search and joins its thread.
///
/// A panic in the work never reaches the caller as a panic: `wait` and `stop` return
/// [`SearchError::WorkerPanicked`] with its message. The engines' `spawn` methods
/// (`Negamax::spawn`, `Solver::spawn`, `Mcts::spawn`) move the engine into the thread
/// and give it back from `wait` and `stop` with the result (`T` is `(engine, result)`), so
/// that its tables and trees serve the next search.
///
/// ```
/// use std::time::Duration;
/// use search_core::{Budget, SearchHandle};
///
/// // Counts until stopped, reporting every thousandth number.
/// let handle = SearchHandle::spawn(Budget::new(), |budget, progress| {
///     let running = budget.start().unwrap();
///     let mut n = 0_u64;
///     while !running.out_of_time() {
///         n += 1;
///         if n % 1_000 == 0 {
///             progress.report(n);
///         }
///     }
///     n
/// })
/// .unwrap();
/// while handle.poll().is_none() {
///     std::thread::sleep(Duration::from_millis(1));
/// }
/// let seen = handle.poll().unwrap();
/// let n = handle.stop().unwrap();
/// assert!(n >= seen);
/// ```
#[derive(Debug)]
pub struct SearchHandle<T, I = ()> {
    stop: StopFlag,
    progress: Progress<I>,
    /// Where the thread hands its result over, before it drops what the work left (in a
    /// mutex so that the handle can be shared between threads, as a receiver alone cannot).
    result: Mutex<Receiver<T>>,
    thread: Option<JoinHandle<()>>,
}

impl<T, I> SearchHandle<T, I>
where
    T: Send + 'static,
    I: Send + 'static,
{
    /// Runs `work(budget, progress)` on a new thread (with a 64 MiB stack, enough for the
    /// deepest search a [`Budget`] allows), where `budget` is the given one with
    /// a stop flag: its own if it has one, else a new one. [`stop`](SearchHandle::stop)
    /// sets that flag.
    ///
    /// # Errors
    /// [`BudgetError::NoThreads`](crate::BudgetError::NoThreads) on a target without
    /// threads (WebAssembly in a browser: step the search in slices there instead), and
    /// [`SearchError::Config`] when the system cannot start a thread.
    ///
    /// ```
    /// use search_core::{Budget, SearchHandle};
    /// let handle = SearchHandle::<u32, ()>::spawn(Budget::depth(3), |b, _| b.max_depth().unwrap()).unwrap();
    /// assert_eq!(handle.wait().unwrap(), 3);
    /// ```
    pub fn spawn<F>(budget: Budget, work: F) -> Result<Self, SearchError>
    where
        F: FnOnce(Budget, Progress<I>) -> T + Send + 'static,
    {
        Self::spawn_with_leftovers(budget, move |budget, progress| (work(budget, progress), ()))
    }

    /// [`spawn`](SearchHandle::spawn) for work that returns its result and what it leaves
    /// behind (its tables, its buffers): the thread hands the result over, so that
    /// [`wait`](SearchHandle::wait) and [`stop`](SearchHandle::stop) return at once, and
    /// only then drops the leftovers. Freeing tables of millions of entries takes
    /// milliseconds, which a caller that stopped the search need not wait for. A panic in
    /// the work surfaces at `wait` and `stop` as with `spawn`; the leftovers are dropped
    /// after the result has gone, so a panic while dropping them (in a `Drop` of the
    /// caller's own types) has no one left to reach: it ends the thread.
    ///
    /// # Errors
    /// As [`spawn`](SearchHandle::spawn).
    ///
    /// ```
    /// use search_core::{Budget, SearchHandle};
    /// let handle = SearchHandle::<usize, ()>::spawn_with_leftovers(Budget::new(), |_, _| {
    ///     let table = vec![0_u64; 1 << 20];
    ///     (table.len(), table)
    /// })
    /// .unwrap();
    /// assert_eq!(handle.wait().unwrap(), 1 << 20);
    /// ```
    pub fn spawn_with_leftovers<F, L>(budget: Budget, work: F) -> Result<Self, SearchError>
    where
        F: FnOnce(Budget, Progress<I>) -> (T, L) + Send + 'static,
    {
        // The caller's thread and the search's own.
        check_threads("SearchHandle", 2)?;
        let stop = budget.stop_flag().cloned().unwrap_or_default();
        let budget = budget.with_stop(stop.clone());
        let progress = Progress::new();
        let reporter = progress.clone();
        let (sender, result) = sync_channel(1);
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let (found, leftovers) = work(budget, reporter);
                // A handle dropped meanwhile has no receiver left: nothing to hand over.
                let _ = sender.send(found);
                drop(leftovers);
            })
            .map_err(|e| SearchError::Config(format!("the search thread could not start: {e}")))?;
        Ok(SearchHandle {
            stop,
            progress,
            result: Mutex::new(result),
            thread: Some(thread),
        })
    }
}

impl<T, I> SearchHandle<T, I> {
    /// The latest progress report of the search (`None` before the first).
    ///
    /// ```
    /// use search_core::{Budget, SearchHandle};
    /// let h = SearchHandle::spawn(Budget::new(), |_, p| p.report(7_u8)).unwrap();
    /// while !h.is_finished() { std::thread::yield_now(); }
    /// assert_eq!(h.poll(), Some(7));
    /// h.wait().unwrap();
    /// ```
    #[must_use]
    pub fn poll(&self) -> Option<I>
    where
        I: Clone,
    {
        self.progress.latest()
    }

    /// `true` once the work has returned (or panicked): [`wait`](SearchHandle::wait) will
    /// not block.
    ///
    /// ```
    /// use search_core::{Budget, SearchHandle};
    /// let h = SearchHandle::<(), ()>::spawn(Budget::new(), |_, _| ()).unwrap();
    /// while !h.is_finished() { std::thread::yield_now(); }
    /// h.wait().unwrap();
    /// ```
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// The flag [`stop`](SearchHandle::stop) sets: give a clone to whatever should be able
    /// to stop the search (a button, a signal handler).
    ///
    /// ```
    /// use search_core::{Budget, SearchHandle, StopFlag};
    /// let flag = StopFlag::new();
    /// let h = SearchHandle::<(), ()>::spawn(Budget::new().with_stop(flag.clone()), |_, _| ()).unwrap();
    /// assert_eq!(h.stop_flag(), &flag);
    /// ```
    #[must_use]
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }

    /// Waits for the work to end and returns what it returned.
    ///
    /// # Errors
    /// [`SearchError::WorkerPanicked`] when the work panicked.
    ///
    /// ```
    /// use search_core::{Budget, SearchError, SearchHandle};
    /// let h = SearchHandle::<(), ()>::spawn(Budget::new(), |_, _| panic!("broken game")).unwrap();
    /// assert_eq!(h.wait(), Err(SearchError::WorkerPanicked { message: "broken game".into() }));
    /// ```
    pub fn wait(mut self) -> Result<T, SearchError> {
        self.join()
    }

    /// Sets the stop flag, then waits: the search returns the best it found so far.
    ///
    /// # Errors
    /// [`SearchError::WorkerPanicked`] when the work panicked.
    ///
    /// ```
    /// use search_core::{Budget, SearchHandle};
    /// let h = SearchHandle::<u32, ()>::spawn(Budget::new(), |b, _| {
    ///     let running = b.start().unwrap();
    ///     while !running.out_of_time() { std::thread::yield_now(); }
    ///     42
    /// })
    /// .unwrap();
    /// assert_eq!(h.stop().unwrap(), 42);
    /// ```
    pub fn stop(mut self) -> Result<T, SearchError> {
        self.stop.stop();
        self.join()
    }

    /// The result, once the thread has handed it over (the thread then goes on to drop what
    /// the work left and ends on its own), or the thread's panic.
    fn join(&mut self) -> Result<T, SearchError> {
        let Some(thread) = self.thread.take() else {
            return Err(SearchError::Config(
                "the search was already waited for".into(),
            ));
        };
        let result = self
            .result
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        match result.recv() {
            Ok(found) => Ok(found),
            // The sender is gone without a result: the work panicked.
            Err(_) => match thread.join() {
                Err(panic) => Err(SearchError::from_panic(&*panic)),
                Ok(()) => Err(SearchError::Config(
                    "the search thread ended without a result".into(),
                )),
            },
        }
    }
}

/// Dropping a handle stops its search and joins the thread (a panic there is dropped).
impl<T, I> Drop for SearchHandle<T, I> {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.stop.stop();
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[test]
    fn dropping_the_handle_stops_and_joins() {
        let done = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&done);
        let handle = SearchHandle::<(), ()>::spawn(Budget::new(), move |b, _| {
            let running = b.start().unwrap();
            while !running.out_of_time() {
                std::thread::sleep(Duration::from_micros(100));
            }
            seen.store(true, Ordering::SeqCst);
        })
        .unwrap();
        drop(handle);
        assert!(
            done.load(Ordering::SeqCst),
            "the thread ended before drop returned"
        );
    }

    /// What a search leaves behind is dropped after its result is handed over: `wait`
    /// returns while the drop is still blocked (until the test lets it go).
    #[test]
    fn the_result_is_handed_over_before_the_leftovers_are_dropped() {
        struct Blocker {
            release: std::sync::mpsc::Receiver<()>,
            released: Arc<AtomicBool>,
        }
        impl Drop for Blocker {
            fn drop(&mut self) {
                let ok = self.release.recv_timeout(Duration::from_secs(20)).is_ok();
                self.released.store(ok, Ordering::SeqCst);
            }
        }
        let (let_go, release) = std::sync::mpsc::channel();
        let released = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&released);
        let handle = SearchHandle::<u32, ()>::spawn_with_leftovers(Budget::new(), |_, _| {
            (
                7,
                Blocker {
                    release,
                    released: seen,
                },
            )
        })
        .unwrap();
        assert_eq!(handle.wait(), Ok(7));
        let_go.send(()).unwrap();
        for _ in 0..2_000 {
            if released.load(Ordering::SeqCst) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(
            released.load(Ordering::SeqCst),
            "the drop was let go by the test, after wait returned"
        );
    }

    /// A handle can be moved to and shared with other threads (a GUI polling it from one
    /// thread while another stops it).
    #[test]
    fn a_handle_is_send_and_sync() {
        fn shareable<H: Send + Sync>(_: &H) {}
        let handle = SearchHandle::<u32, u8>::spawn(Budget::new(), |_, _| 1).unwrap();
        shareable(&handle);
        std::thread::scope(|s| {
            s.spawn(|| handle.poll());
        });
        assert_eq!(handle.wait(), Ok(1));
    }

    #[test]
    fn a_panic_is_an_error_at_stop_too() {
        let h = SearchHandle::<(), u8>::spawn(Budget::new(), |_, p| {
            p.report(1);
            panic!("at depth {}", 2)
        })
        .unwrap();
        while !h.is_finished() {
            std::thread::yield_now();
        }
        assert_eq!(h.poll(), Some(1), "the reports before the panic stay");
        assert_eq!(
            h.stop(),
            Err(SearchError::WorkerPanicked {
                message: "at depth 2".into()
            })
        );
    }

    #[test]
    fn the_budget_keeps_its_limits_and_its_own_flag() {
        let flag = StopFlag::new();
        let h =
            SearchHandle::<Budget, ()>::spawn(Budget::depth(4).with_stop(flag.clone()), |b, _| b)
                .unwrap();
        let b = h.wait().unwrap();
        assert_eq!(b.max_depth(), Some(4));
        assert_eq!(b.stop_flag(), Some(&flag));
    }
}
