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
//! ([`default_memory`]): the least of physical memory, a cgroup's memory limit and the
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

impl Resource {
    /// What happened, in words, for a note on what was not computed: `the time budget ran
    /// out`, `it was stopped` for a cancel. O(1).
    pub fn ran_out(self) -> &'static str {
        match self {
            Resource::Positions => "the position budget ran out",
            Resource::Memory => "the memory budget ran out",
            Resource::Time => "the time budget ran out",
            Resource::Cancelled => "it was stopped",
        }
    }
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
        // A time past what the clock can count is no deadline.
        self.time = Instant::now()
            .checked_add(time)
            .map(|deadline| (deadline, time));
        self
    }

    /// The same budget with the deadline `deadline`, the end of a time budget of `time` that
    /// began earlier (a block of calls that share one deadline): errors name `time`.
    pub fn with_deadline(mut self, deadline: Instant, time: Duration) -> Budget {
        self.time = Some((deadline, time));
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

/// The bytes of a growing vector or hash table of `len` entries of `entry` bytes with room
/// for `capacity`: its capacity, and, when it is within `headroom` entries of full, the twice
/// as large allocation it makes when it grows (old and new are both held while the entries
/// move). A computation that checks its memory every `headroom` insertions then counts the
/// growth before it happens, not after the peak. O(1).
///
/// ```
/// use grundy::budget::growing_bytes;
///
/// assert_eq!(growing_bytes(10, 1000, 4, 100), 4000); // far from full
/// assert_eq!(growing_bytes(950, 1000, 4, 100), 12_000); // about to double
/// ```
pub fn growing_bytes(len: usize, capacity: usize, entry: u64, headroom: usize) -> u64 {
    let now = (capacity as u64).saturating_mul(entry);
    if len.saturating_add(headroom) >= capacity {
        now.saturating_mul(3)
    } else {
        now
    }
}

/// The default memory budget: three quarters of the least of the machine's physical memory
/// (`MemTotal` in `/proc/meminfo`), the limit of the cgroup (v2) the process runs in and of
/// its ancestors (`memory.max` under `/sys/fs/cgroup`), and the process's address-space limit
/// (`RLIMIT_AS`, as `ulimit -v` sets). Those that cannot be read are left out; 4 GiB where
/// none is known. Read once (a handful of small file reads and a system call); O(1) after.
pub fn default_memory() -> u64 {
    static MEMORY: OnceLock<u64> = OnceLock::new();
    *MEMORY.get_or_init(|| available_memory().map_or(4 << 30, |bytes| bytes / 4 * 3))
}

/// The least of the limits this process can read, if any.
fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let physical = read("/proc/meminfo").and_then(|text| mem_total(&text));
    let cgroup = read("/proc/self/cgroup").and_then(|text| {
        cgroup_dirs(&text)
            .filter_map(|dir| read(&format!("/sys/fs/cgroup{dir}/memory.max")))
            .filter_map(|text| memory_max(&text))
            .min()
    });
    [physical, cgroup, address_space()]
        .into_iter()
        .flatten()
        .min()
}

/// The bytes of `MemTotal` in the text of `/proc/meminfo` (given there in kB).
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The folders of the cgroup (v2) named in the text of `/proc/self/cgroup` (its line
/// `0::/path`) and of its ancestors, from the cgroup up to the root (`""`).
fn cgroup_dirs(cgroup: &str) -> impl Iterator<Item = &str> {
    let path = cgroup
        .lines()
        .find_map(|l| l.strip_prefix("0::"))
        .map(|p| p.trim_end_matches('/'));
    path.into_iter()
        .flat_map(|p| std::iter::successors(Some(p), |p| p.rfind('/').map(|at| &p[..at])))
}

/// The limit in the text of a cgroup's `memory.max`: bytes, or `max` for none.
fn memory_max(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// The process's address-space limit (`RLIMIT_AS`), if one is set.
#[cfg(unix)]
fn address_space() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into the struct it is given, which lives here.
    let status = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) };
    // `rlim_t` is 64 bits on Linux and macOS, not on every Unix.
    #[allow(clippy::unnecessary_cast)]
    let current = limit.rlim_cur as u64;
    (status == 0 && limit.rlim_cur != libc::RLIM_INFINITY).then_some(current)
}

/// The process's address-space limit: not known on this system.
#[cfg(not(unix))]
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
    fn reads_meminfo_cgroups_and_limits() {
        let meminfo = "MemFree:  100 kB\nMemTotal:       24684096 kB\nBuffers: 1 kB\n";
        assert_eq!(mem_total(meminfo), Some(24_684_096 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
        let dirs: Vec<_> = cgroup_dirs("1:cpu:/x\n0::/user.slice/run-1.scope\n").collect();
        assert_eq!(dirs, ["/user.slice/run-1.scope", "/user.slice", ""]);
        assert_eq!(cgroup_dirs("0::/\n").collect::<Vec<_>>(), [""]);
        assert_eq!(cgroup_dirs("4:memory:/a\n").count(), 0, "cgroup v1 only");
        assert_eq!(memory_max("max\n"), None);
        assert_eq!(memory_max("4294967296\n"), Some(1 << 32));
        // The budget is a share of something real here, and never 0.
        let budget = default_memory();
        assert!(budget > 0);
        if let Some(total) = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|t| mem_total(&t))
        {
            assert!(budget <= total / 4 * 3 + 3, "{budget} of {total}");
        }
    }

    #[test]
    fn bytes_are_shown_in_binary_units() {
        assert_eq!(show_bytes(512), "512 B");
        assert_eq!(show_bytes(3 << 20), "3.0 MiB");
        assert_eq!(show_bytes(u64::MAX), "16384.0 PiB");
    }
}
