//! What the benchmarks of the engine and of the catalogue share (the catalogue's name this file
//! by its `#[path]`): timing by medians, and the flag that `cargo bench` passes to every
//! benchmark binary.

use std::time::{Duration, Instant};

/// Runs `f` `reps` times (at least once): the median time, and the last run's result (so
/// that the work is used and cannot be optimised away). O(reps) runs of `f`.
pub fn timed<T>(reps: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::with_capacity(reps.max(1));
    let mut last = None;
    for _ in 0..reps.max(1) {
        let start = Instant::now();
        last = Some(f());
        times.push(start.elapsed());
    }
    (median(times), last.expect("at least one run"))
}

/// The median of some times (the upper one of an even count). O(n log n).
fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

/// The options every benchmark takes besides its own: `cargo bench` passes `--bench`.
#[derive(clap::Args, Debug)]
pub struct Cargo {
    /// Passed by `cargo bench`; ignored.
    #[arg(long, hide = true)]
    pub bench: bool,
}
