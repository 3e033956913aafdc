//! Search: solving one position too large to enumerate by looking ahead from it, with a
//! transposition table, where the exhaustive solvers (graphs, tiers, canonical forms) would
//! have to visit every position first.
//!
//! - [`busy`]: the positions the threads are searching now, so that a thread leaves for
//!   later a move another is searching (ABDADA).
//! - [`table`]: the transposition table, of a fixed size chosen by the caller's memory,
//!   shared by every thread without locks, with a replacement policy.
//! - [`word`]: the `u64` or `u128` a bitboard search holds its board in, with its table.
//! - [`Halt`]: what every searching thread checks every few thousand nodes: the caller's
//!   [`Budget`] (its deadline and cancel flag) and a flag that stops helper threads when the
//!   main thread is done.
//!
//! - [`solver`]: the search any game takes through its [`Tree`](solver::Tree): negamax over
//!   win, draw and loss with a table, ordering and threads at the root. The
//!   rulesets take it with the theory's decomposition
//!   ([`partizan::search`](crate::partizan::search)), the rules games directly
//!   ([`rules::search`](crate::rules::search)).
//!
//! Connect Four has a search of its own, in the catalogue
//! (`grundy_catalogue::games::connect4::search`), for its exact score: a search is only as
//! fast as its position, and a bitboard game searched through a generic interface loses the
//! bit-parallel tricks (threat masks, move ordering by threats) that make it fast.

pub mod busy;
pub mod solver;
pub mod table;
pub mod wide_table;
pub mod word;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::budget::{Budget, Exhausted};
use crate::progress::Progress;

pub use table::{KeyTable, Table};
pub use wide_table::WideTable;
pub use word::Word;

/// Nodes a thread searches between two checks of the [`Halt`]: one clock reading and two
/// atomic operations every 4,096 nodes cost nothing measurable.
pub const CHECK_EVERY: u64 = 1 << 12;

/// When searching threads stop: the caller's budget runs out (its positions, counted as the
/// nodes of every thread, its deadline or its cancel flag; the error is kept), or the main
/// thread has its answer and the helpers are told to stop. Shared by reference between the
/// threads of one search; every check is O(1).
#[derive(Debug)]
pub struct Halt {
    budget: Budget,
    stop: AtomicBool,
    nodes: AtomicU64,
    error: Mutex<Option<Exhausted>>,
}

impl Halt {
    /// A halt that stops when `budget`'s deadline passes or its flag is set.
    pub fn new(budget: &Budget) -> Halt {
        Halt {
            budget: budget.clone(),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            error: Mutex::new(None),
        }
    }

    /// Whether the search must stop: one relaxed load.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Adds `nodes` searched by one thread since its last check and checks the budget; returns
    /// whether the search must stop.
    pub fn check(&self, nodes: u64) -> bool {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        let checked = (self.budget.check_positions(total))
            .map_err(|e| Exhausted {
                work: "searching",
                ..e
            })
            .and_then(|()| self.budget.check_time("searching", total));
        if let Err(e) = checked {
            let mut error = self.error.lock().unwrap_or_else(|p| p.into_inner());
            error.get_or_insert(e);
            self.stop.store(true, Ordering::Relaxed);
        }
        self.stopped()
    }

    /// Tells every thread to stop (the main thread is done).
    pub fn finish(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The budget's error, if it ran out.
    pub fn error(&self) -> Option<Exhausted> {
        self.error.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Nodes counted so far by every thread's checks.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

/// How often a search reports its progress.
pub const REPORT_EVERY: Duration = Duration::from_millis(100);

/// A search's progress as a [`Progress`] shows it, at most every [`REPORT_EVERY`]: what the
/// search is at, in the caller's words, then the nodes of every thread and the nodes a
/// second since the search began.
pub struct Watch<'a> {
    progress: &'a dyn Progress,
    started: Instant,
    shown: Instant,
}

impl<'a> Watch<'a> {
    /// A watch starting now, reporting to `progress`.
    pub fn new(progress: &'a dyn Progress) -> Watch<'a> {
        let now = Instant::now();
        Watch {
            progress,
            started: now,
            shown: now,
        }
    }

    /// Whether a report is due: one reading of the clock.
    pub fn due(&self) -> bool {
        self.shown.elapsed() >= REPORT_EVERY
    }

    /// The text of a report: `at`, the nodes and the nodes a second.
    pub fn text(&self, at: &str, nodes: u64) -> String {
        let rate = nodes as f64 / self.started.elapsed().as_secs_f64().max(1e-3);
        format!("{at}: {nodes} nodes, {rate:.0} a second")
    }

    /// Shows `at` with the nodes searched so far.
    pub fn show(&mut self, at: &str, nodes: u64) {
        self.progress.phase(&self.text(at, nodes), None);
        self.shown = Instant::now();
    }
}
