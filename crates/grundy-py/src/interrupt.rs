//! Ctrl-C and deadlines for the long calls: a call that runs Python code on the calling thread
//! looks for both every [`CHECK_EVERY`] calls of that code ([`look`]); a call whose work runs
//! without the GIL, or on a stack of its own, runs it on a thread of its own while the
//! calling thread looks for Ctrl-C and, on one, sets the work's cancel flag
//! ([`interruptible`]): Python runs its signal handlers only on the main thread, between its
//! own instructions, so work that holds that thread in Rust would otherwise never see one.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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

thread_local! {
    /// The deadline of the innermost `with grundy.timeout(seconds):` block open on this
    /// thread, if any: it bounds the operations on the shared stores (`Cgt`, `MisereGame`),
    /// which, being operators and properties, take no `timeout=` of their own.
    static DEADLINE: Cell<Option<(Instant, Duration)>> = const { Cell::new(None) };
}

/// How long an operation on a shared store runs on the calling thread before it is started
/// again on a thread of its own ([`shared`]): nearly every operation on games is done
/// sooner, and is spared the thread; a longer one has done the work it will find again in the
/// store's tables, and is stopped at Ctrl-C within this time and [`POLL`] after.
const ON_CALLER: Duration = Duration::from_millis(20);

/// `with grundy.timeout(seconds):` bounds every operation on canonical forms and misère
/// forms in the block (sums, comparisons, thermographs, genera, the census), on this thread,
/// to `seconds` from the block's start: an operation still running then stops with a
/// `LimitError`, the forms it made kept. Blocks nest; on leaving one, the outer deadline
/// holds again. Calls that take `timeout=` keep their own.
#[pyclass(module = "grundy", name = "timeout")]
pub struct Timeout {
    /// The seconds given.
    time: Option<Duration>,
    /// The deadline (and seconds) of the block this one is inside, restored at its end.
    outer: Option<Option<(Instant, Duration)>>,
}

#[pymethods]
impl Timeout {
    /// A block of `seconds` (`None`: no deadline inside it, not even an outer one's). An
    /// `InputError` for a negative number or NaN.
    #[new]
    #[pyo3(signature = (seconds))]
    fn new(seconds: Option<f64>) -> PyResult<Timeout> {
        let time = match seconds {
            Some(_) => Some(self::seconds(seconds)?.unwrap_or(Duration::MAX)),
            None => None,
        };
        Ok(Timeout { time, outer: None })
    }

    fn __enter__(mut slf: PyRefMut<'_, Self>) -> PyRefMut<'_, Self> {
        let deadline = (slf.time).and_then(|t| Some((Instant::now().checked_add(t)?, t)));
        slf.outer = Some(DEADLINE.with(|d| d.replace(deadline)));
        slf
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&mut self, _exc: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        if let Some(outer) = self.outer.take() {
            DEADLINE.with(|d| d.set(outer));
        }
        false
    }

    fn __repr__(&self) -> String {
        match self.time {
            Some(t) if t == Duration::MAX => "timeout(inf)".to_string(),
            Some(t) => format!("timeout({})", t.as_secs_f64()),
            None => "timeout(None)".to_string(),
        }
    }
}

/// Runs `work` on a shared store within `usual` (the store's own budget), the deadline of
/// the enclosing `with grundy.timeout(...)` block and Ctrl-C: first on the calling thread
/// for at most [`ON_CALLER`] (no thread to start, for the many quick operations), then, if
/// that ran out, again on a thread of its own ([`interruptible`]) until the block's
/// deadline. `work` gets the budget to set on the store; `ran_out_of_time` tells its errors
/// for a passed deadline, so that the first one is told from the block's. Without the GIL
/// throughout. O(`work`).
pub fn shared<T: Send, E: Send>(
    py: Python<'_>,
    usual: &Budget,
    ran_out_of_time: impl Fn(&E) -> bool,
    work: impl Fn(Budget) -> Result<T, E> + Send + Sync,
) -> PyResult<Result<T, E>> {
    let deadline = DEADLINE.with(Cell::get);
    let left = |now: Instant| deadline.map(|(d, _)| d.saturating_duration_since(now));
    let quick = match deadline {
        Some((at, time)) if left(Instant::now()) <= Some(ON_CALLER) => {
            usual.clone().with_deadline(at, time)
        }
        _ => usual.clone().with_time(ON_CALLER),
    };
    match py.allow_threads(|| work(quick)) {
        Err(e) if ran_out_of_time(&e) && left(Instant::now()) != Some(Duration::ZERO) => {
            let cancel = Cancel::new();
            let mut budget = usual.clone().with_cancel(cancel.clone());
            if let Some((at, time)) = deadline {
                budget = budget.with_deadline(at, time);
            }
            interruptible(py, STACK_BYTES, &cancel, || work(budget))
        }
        done => Ok(done),
    }
}
