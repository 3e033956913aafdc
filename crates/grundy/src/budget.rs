//! Budgets: how much a computation may take (positions, bytes of memory, time) and a flag
//! that stops it, so that no input can exhaust the machine or run forever.
//!
//! Every computation that can grow takes a [`Budget`] and checks it as it goes: exploring a
//! game's positions (one position's moves included, see [`Moves`](crate::rules::Moves)),
//! solving for play, tables. Running out is an [`Exhausted`] error that says which budget,
//! how far the work got, and how to raise the budget, in the words of the front end that set
//! it ([`Raise`]): the engine itself names no command-line option.
//!
//! The default memory budget is a share of what this process can really have
//! ([`default_memory`]): the smaller of physical memory, a cgroup's memory limit and the
//! address-space limit, so that a default never asks for more than the machine has.
//!
//! ```
//! use grundy::budget::{Budget, Resource};
//!
//! let budget = Budget::default().with_positions(1000);
//! assert!(budget.check_positions(1000).is_ok());
//! let error = budget.check_positions(1001).unwrap_err();
//! assert_eq!(error.resource, Resource::Positions);
//! assert!(error.to_string().contains("1000"));
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A flag that stops a computation from outside: set by Ctrl-C on the command line, by a
/// server that gives up on a request. Cloning shares the flag. Checking it costs one relaxed
/// atomic load.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not yet set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Sets the flag: every computation checking it stops at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is set.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How a front end tells its user to raise each budget: `--max-positions N` on the command
/// line, `limit=` in Python, "the server's limit" on the web. The engine's own words,
/// [`Raise::ENGINE`], name no front end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Raise {
    /// How to raise the position budget.
    pub positions: &'static str,
    /// How to raise the memory budget.
    pub memory: &'static str,
    /// How to raise the time budget.
    pub time: &'static str,
}

impl Raise {
    /// The engine's words, for library callers.
    pub const ENGINE: Raise = Raise {
        positions: "raise the budget's positions (Budget::with_positions)",
        memory: "raise the budget's memory (Budget::with_memory)",
        time: "raise the budget's time (Budget::with_time)",
    };
}

/// The budget a resource ran out of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Resource {
    /// More positions than allowed.
    Positions,
    /// More bytes of memory than allowed, by the computation's own estimate.
    Memory,
    /// The deadline passed.
    Time,
    /// The cancel flag was set.
    Cancelled,
}

/// A budget ran out: which, its limit, and how far the work got.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct Exhausted {
    /// The budget that ran out.
    pub resource: Resource,
    /// Its limit: positions, bytes, or milliseconds (none for a cancel).
    pub limit: u64,
    /// What the work needed when it stopped, in the same unit (bytes for memory), where known.
    pub needed: Option<u64>,
    /// The work that stopped: `exploring`, `solving`, `tabulating`.
    pub work: &'static str,
    /// Positions done (numbered, valued) when the budget ran out.
    pub positions: u64,
    /// How to raise this budget, in the front end's words.
    pub raise: &'static str,
}

impl Exhausted {
    fn describe(&self) -> String {
        let after = format!(
            "{} after {} position{}",
            self.work,
            self.positions,
            if self.positions == 1 { "" } else { "s" }
        );
        match self.resource {
            Resource::Positions => format!(
                "the position budget of {} ran out while {after}: {}",
                self.limit, self.raise
            ),
            Resource::Memory => {
                let needed = match self.needed {
                    Some(n) => format!(" (at least {} needed)", show_bytes(n)),
                    None => String::new(),
                };
                format!(
                    "the memory budget of {} ran out while {after}{needed}: {}",
                    show_bytes(self.limit),
                    self.raise
                )
            }
            Resource::Time => format!(
                "the time budget of {} s ran out while {after}: {}",
                self.limit as f64 / 1000.0,
                self.raise
            ),
            Resource::Cancelled => format!("stopped while {after}"),
        }
    }
}

/// An amount of memory in words a person reads: `512 B`, `3.2 MiB`, `4.0 GiB`.
pub fn show_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut value = n as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// What a computation may take: positions, bytes (by its own estimate of what it holds),
/// a deadline, and a cancel flag. Cheap to clone (the flag is shared).
///
/// Checks are O(1); computations check every few thousand positions, so a budget costs
/// nothing measurable.
#[derive(Debug, Clone)]
pub struct Budget {
    positions: u64,
    memory: u64,
    time: Option<(Instant, Duration)>,
    cancel: Cancel,
    raise: Raise,
}

impl Default for Budget {
    /// 2^32 − 2 positions (what a `u32` position id numbers), [`default_memory`] bytes, no
    /// deadline, a flag nobody sets, the engine's words.
    fn default() -> Budget {
        Budget {
            positions: u64::from(u32::MAX - 1),
            memory: default_memory(),
            time: None,
            cancel: Cancel::new(),
            raise: Raise::ENGINE,
        }
    }
}

impl Budget {
    /// The same budget with at most `positions` positions.
    pub fn with_positions(mut self, positions: u64) -> Budget {
        self.positions = positions;
        self
    }

    /// The same budget with at most `bytes` bytes of memory.
    pub fn with_memory(mut self, bytes: u64) -> Budget {
        self.memory = bytes;
        self
    }

    /// The same budget with a deadline `time` from now.
    pub fn with_time(mut self, time: Duration) -> Budget {
        self.time = Some((Instant::now() + time, time));
        self
    }

    /// The same budget stopped by `cancel`.
    pub fn with_cancel(mut self, cancel: Cancel) -> Budget {
        self.cancel = cancel;
        self
    }

    /// The same budget, its errors saying how to raise it in `raise`'s words.
    pub fn named(mut self, raise: Raise) -> Budget {
        self.raise = raise;
        self
    }

    /// The most positions.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The most bytes of memory.
    pub fn memory(&self) -> u64 {
        self.memory
    }

    /// The cancel flag.
    pub fn cancel(&self) -> &Cancel {
        &self.cancel
    }

    /// The time left before the deadline, if there is one.
    pub fn time_left(&self) -> Option<Duration> {
        self.time
            .map(|(deadline, _)| deadline.saturating_duration_since(Instant::now()))
    }

    /// An error for `resource` that ran out while doing `work` after `positions` positions.
    pub fn exhausted(
        &self,
        resource: Resource,
        needed: Option<u64>,
        work: &'static str,
        positions: u64,
    ) -> Exhausted {
        let (limit, raise) = match resource {
            Resource::Positions => (self.positions, self.raise.positions),
            Resource::Memory => (self.memory, self.raise.memory),
            Resource::Time => (
                self.time.map_or(0, |(_, d)| d.as_millis() as u64),
                self.raise.time,
            ),
            Resource::Cancelled => (0, ""),
        };
        Exhausted {
            resource,
            limit,
            needed,
            work,
            positions,
            raise,
        }
    }

    /// Whether `count` positions fit: an error if they are more than the budget. O(1).
    pub fn check_positions(&self, count: u64) -> Result<(), Exhausted> {
        if count > self.positions {
            return Err(self.exhausted(Resource::Positions, Some(count), "working", count));
        }
        Ok(())
    }

    /// Whether `bytes` bytes fit while doing `work`, `positions` positions done: an error if
    /// they are more than the budget. Called before allocating. O(1).
    pub fn check_memory(
        &self,
        bytes: u64,
        work: &'static str,
        positions: u64,
    ) -> Result<(), Exhausted> {
        if bytes > self.memory {
            return Err(self.exhausted(Resource::Memory, Some(bytes), work, positions));
        }
        Ok(())
    }

    /// Whether the deadline has passed or the flag is set, while doing `work`, `positions`
    /// positions done. O(1): one atomic load and, with a deadline, one clock reading.
    pub fn check_time(&self, work: &'static str, positions: u64) -> Result<(), Exhausted> {
        if self.cancel.is_cancelled() {
            return Err(self.exhausted(Resource::Cancelled, None, work, positions));
        }
        if let Some((deadline, _)) = self.time {
            if Instant::now() >= deadline {
                return Err(self.exhausted(Resource::Time, None, work, positions));
            }
        }
        Ok(())
    }

    /// All three checks at once: `positions` done, `bytes` held, the clock and the flag.
    pub fn check(&self, work: &'static str, positions: u64, bytes: u64) -> Result<(), Exhausted> {
        if positions > self.positions {
            return Err(self.exhausted(Resource::Positions, None, work, positions));
        }
        self.check_memory(bytes, work, positions)?;
        self.check_time(work, positions)
    }
}

/// The default memory budget: three quarters of what this process can have, the smaller of
/// physical memory, the cgroup's limit (`memory.max`) and half the address-space limit
/// (`RLIMIT_AS`, which also counts code, stacks and reservations). Read once; O(1) after.
/// 4 GiB where none of them can be read.
pub fn default_memory() -> u64 {
    static MEMORY: OnceLock<u64> = OnceLock::new();
    *MEMORY.get_or_init(|| available_memory().map_or(4 << 30, |bytes| bytes / 4 * 3))
}

/// The smallest of the limits this process can read, if any.
fn available_memory() -> Option<u64> {
    [
        physical_memory(),
        cgroup_memory(),
        address_space().map(|a| a / 2),
    ]
    .into_iter()
    .flatten()
    .min()
}

/// `MemTotal` of `/proc/meminfo`, in bytes.
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// The cgroup v2 limit of this process (`memory.max`), if one is set.
fn cgroup_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/sys/fs/cgroup/memory.max").ok()?;
    text.trim().parse().ok()
}

/// The soft address-space limit (`ulimit -v`), if one is set.
#[cfg(unix)]
#[allow(clippy::unnecessary_cast)]
fn address_space() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given and nothing else.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0 {
        return None;
    }
    (limit.rlim_cur != libc::RLIM_INFINITY).then_some(limit.rlim_cur)
}

#[cfg(not(unix))]
#[allow(clippy::unnecessary_cast)]
fn address_space() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_budget_names_itself_and_how_far_the_work_got() {
        let budget = Budget::default()
            .with_positions(10)
            .with_memory(1 << 20)
            .named(Raise {
                positions: "use --max-positions",
                memory: "use --memory",
                time: "use --time",
            });
        let e = budget.check("exploring", 11, 0).unwrap_err();
        assert_eq!(e.resource, Resource::Positions);
        assert_eq!(
            e.to_string(),
            "the position budget of 10 ran out while exploring after 11 positions: use --max-positions"
        );
        let e = budget.check("exploring", 5, 2 << 20).unwrap_err();
        assert_eq!(e.resource, Resource::Memory);
        assert_eq!(
            e.to_string(),
            "the memory budget of 1.0 MiB ran out while exploring after 5 positions \
             (at least 2.0 MiB needed): use --memory"
        );
        assert!(budget.check("exploring", 10, 1 << 20).is_ok());
    }

    #[test]
    fn a_deadline_and_a_cancel_stop_the_work() {
        let budget = Budget::default().with_time(Duration::ZERO);
        let e = budget.check_time("solving", 3).unwrap_err();
        assert_eq!(e.resource, Resource::Time);
        let cancel = Cancel::new();
        let budget = Budget::default().with_cancel(cancel.clone());
        assert!(budget.check_time("solving", 0).is_ok());
        cancel.cancel();
        let e = budget.clone().check_time("solving", 7).unwrap_err();
        assert_eq!(e.resource, Resource::Cancelled);
        assert_eq!(e.to_string(), "stopped while solving after 7 positions");
    }

    #[test]
    fn the_default_memory_is_below_what_the_machine_has() {
        let memory = default_memory();
        assert!(memory > 0);
        if let Some(physical) = physical_memory() {
            assert!(memory <= physical);
        }
    }

    #[test]
    fn bytes_are_shown_in_binary_units() {
        assert_eq!(show_bytes(512), "512 B");
        assert_eq!(show_bytes(3 << 20), "3.0 MiB");
        assert_eq!(show_bytes(u64::MAX), "16384.0 PiB");
    }
}
