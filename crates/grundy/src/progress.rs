//! Progress reporting for long jobs, without tying the engine to a terminal.
//!
//! The engine never prints; a caller that wants a progress bar passes an implementation of
//! [`Progress`]. Calls are made once per chunk of work (megabytes of input, thousands of
//! positions), never per position, so the cost is negligible.

/// Receives progress of a long-running job, phase by phase.
pub trait Progress {
    /// A new phase begins; `total` is its size in the phase's unit (bytes or positions), if known.
    fn phase(&self, name: &str, total: Option<u64>);
    /// `done` more units of the current phase are complete.
    fn advance(&self, done: u64);
    /// The job is over; any display may be cleared.
    fn finish(&self);
}

/// Progress that goes nowhere: the default for library calls.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn phase(&self, _name: &str, _total: Option<u64>) {}
    fn advance(&self, _done: u64) {}
    fn finish(&self) {}
}
