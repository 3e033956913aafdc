//! Ctrl-C and deadlines for the long calls: a call that runs Python code on the calling thread
//! looks for both every [`CHECK_EVERY`] calls of that code ([`look`]); a call whose work runs
//! without the GIL, or on a stack of its own, runs it on a thread of its own while the
//! calling thread looks for Ctrl-C and, on one, sets the work's cancel flag
//! ([`interruptible`]): Python runs its signal handlers only on the main thread, between its
//! own instructions, so work that holds that thread in Rust would otherwise never see one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use grundy::budget::{show_bytes, Budget, Cancel};
use pyo3::prelude::*;

use crate::errors;

/// Calls of a Python function between two looks for Ctrl-C and at the clock: a look costs a
/// clock reading and an atomic load, nothing against 64 calls of Python code, and a slow
/// function of a millisecond a call is still stopped within a tenth of a second.
pub const CHECK_EVERY: u64 = 64;

/// How often the calling thread looks for Ctrl-C while the work runs on its own thread.
const POLL: Duration = Duration::from_millis(50);

/// The stack of the thread [`interruptible`] work runs on, unless the work sizes its own:
/// the system's usual main-thread stack, which the engine's recursions are sized for.
pub const STACK_BYTES: usize = 8 << 20;

/// The time `timeout` seconds gives: `None` for none, or for a time too long for a
/// `Duration` (infinity among them), which is no limit; an `InputError` naming `timeout=`
/// for a negative number or NaN. O(1).
pub fn seconds(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    match timeout {
        Some(seconds) if seconds.is_nan() || seconds < 0.0 => Err(errors::input(format!(
            "timeout={seconds}: expected a number of seconds, at least 0"
        ))),
        Some(seconds) => Ok(Duration::try_from_secs_f64(seconds).ok()),
        None => Ok(None),
    }
}

/// The budget `budget` with a deadline `timeout` seconds from now (see [`seconds`]). O(1).
pub fn with_timeout(budget: Budget, timeout: Option<f64>) -> PyResult<Budget> {
    Ok(match seconds(timeout)? {
        Some(time) => budget.with_time(time),
        None => budget,
    })
}

/// Looks for Ctrl-C (a `KeyboardInterrupt`) and at `budget`'s deadline (a `LimitError`
/// naming `timeout=`), while doing `work`, `done` positions done. Called every
/// [`CHECK_EVERY`] calls of Python code, on the thread that holds the GIL. O(1).
pub fn look(py: Python<'_>, budget: &Budget, work: &'static str, done: u64) -> PyResult<()> {
    py.check_signals()?;
    budget.check_time(work, done).map_err(errors::limit)
}

/// Runs `work` on a thread of its own with a stack of `stack` bytes, while the calling thread
/// waits without the GIL and looks for Ctrl-C every [`POLL`]: on Ctrl-C it sets `cancel`
/// (the flag of the work's budget, which the work checks as it checks its deadline), waits
/// for the work to stop and raises the `KeyboardInterrupt`. `work` that calls Python takes
/// the GIL itself (`Python::with_gil`); its errors are its own to return. A thread that
/// cannot be started (a stack the system will not give) is a `LimitError`. O(`work`), and
/// tens of microseconds to start the thread.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    stack: usize,
    cancel: &Cancel,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let caller = std::thread::current();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("grundy".to_string())
            .stack_size(stack)
            .spawn_scoped(scope, || {
                let out = work();
                done.store(true, Ordering::Release);
                caller.unpark();
                out
            })
            .map_err(|e| {
                errors::limit(format!(
                    "no thread with a stack of {} could be started: {e}",
                    show_bytes(stack as u64)
                ))
            })?;
        let mut interrupted = None;
        while !done.load(Ordering::Acquire) {
            py.allow_threads(|| std::thread::park_timeout(POLL));
            if interrupted.is_none() {
                if let Err(e) = py.check_signals() {
                    cancel.cancel();
                    interrupted = Some(e);
                }
            }
        }
        let out = py.allow_threads(|| handle.join());
        let out = out.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        interrupted.map_or(Ok(out), Err)
    })
}
