//! Running many queries on several threads, each with its own buffers: what `with_threads`
//! means for the path searches ([`SearchContext::solve_all`](crate::SearchContext::solve_all),
//! [`GridContext::solve_all`](crate::GridContext::solve_all)).

use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::engine::error::PathError;

/// Runs `run` on every query with `threads` workers and returns the results in query order,
/// or the error of the first query (in query order) that failed; more than one thread on a
/// target without threads is [`PathError::Budget`] with
/// [`BudgetError::NoThreads`](search_core::BudgetError::NoThreads).
///
/// With one worker (or at most one query) every query runs on the calling thread with
/// `first`, one after the other, stopping at the first error. Otherwise each worker thread
/// makes its own state with `make` and takes the next query not yet taken; every query
/// runs, so the first error in query order is the one a sequential run would meet.
pub(crate) fn run_batch<Q, R, W>(
    threads: usize,
    queries: &[Q],
    first: &mut W,
    make: impl Fn() -> W + Sync,
    run: impl Fn(&mut W, &Q) -> Result<R, PathError> + Sync,
) -> Result<Vec<R>, PathError>
where
    Q: Sync,
    R: Send,
{
    if threads == 0 {
        return Err(PathError::ZeroThreads);
    }
    // More than one thread where none can be started (WebAssembly in a browser).
    search_core::check_threads("a batch of path searches", threads)?;
    let workers = threads.min(queries.len());
    if workers <= 1 {
        return queries.iter().map(|q| run(first, q)).collect();
    }
    let next = AtomicUsize::new(0);
    let joined: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut state = make();
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(q) = queries.get(i) else {
                            break done;
                        };
                        done.push((i, run(&mut state, q)));
                    }
                })
            })
            .collect();
        // Joined here, so a panic comes back as a value instead of unwinding the scope.
        handles.into_iter().map(|h| h.join()).collect()
    });
    let mut slots: Vec<Option<Result<R, PathError>>> = Vec::new();
    slots.resize_with(queries.len(), || None);
    for worker in joined {
        let done = worker.map_err(|payload| PathError::WorkerPanicked {
            message: panic_message(payload.as_ref()),
        })?;
        for (i, r) in done {
            slots[i] = Some(r);
        }
    }
    slots
        .into_iter()
        .map(|r| r.expect("every query was taken by a worker"))
        .collect()
}

/// The message of a panic payload (`&str` or `String`), or a placeholder.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}
