//! Retrograde analysis of position graphs on [timely dataflow](https://docs.rs/timely): the
//! same answers as `grundy::solve` in memory, computed by several worker threads, processes or
//! hosts, each holding only its share of the graph.
//!
//! - **Partition.** A position belongs to one worker, chosen by a hash of its id ([`owner`]).
//! - **Reading.** Each worker reads only its byte range of the text ([`Input`]): the file is
//!   cut into as many ranges as the run has workers, and a line belongs to the range of its
//!   first byte. What a worker reads goes to the owners: for a move `s t`, the owner of `s`
//!   counts it in `s`'s out-degree and the owner of `t` keeps `s` in `t`'s predecessor list.
//!   The workers exchange their ranges' line counts first, so that line numbers, in the
//!   listing's order and in errors, are the file's.
//! - **Rounds.** The level-by-level retrograde analysis is an iterative dataflow: round 0
//!   decides the end positions; in round r every position decided in round r − 1 sends its
//!   result to the owners of its predecessors, which decide a predecessor as a win on its first
//!   losing option (remoteness r) and as a loss when its last option turns out to be a win
//!   (remoteness r). Timely's progress tracking closes a round on every worker before the next
//!   is counted, which is what makes the remoteness exact. What is never decided is a draw;
//!   one more exchange gives each draw an option that is a draw.
//! - **Sprague–Grundy values** of acyclic graphs are the same rounds, a position taking the mex
//!   of its options' values when the last of them arrives.
//! - **Output.** Rows are sent to the worker that writes their range of the final order (integer
//!   ids ascending, names in order of first mention, as `grundy solve` lists them), so that the
//!   parts of the processes, concatenated in process order, are the whole listing.
//!
//! Costs: O((n + m) / W) memory per worker (8 bytes per move at its target's owner, about 40
//! while reading and sending, and about 60 per position) and O(n + m) messages in all: one of 16
//! bytes per move and one per position a range mentions, while reading; one of 17 bytes per
//! move into a decided position, one per draw's move into a draw, and one or two per position for the output. The
//! number of rounds is the largest remoteness plus one; each round costs one synchronisation of
//! all workers.
//!
//! ```
//! use grundy_timely::{solve, Cell, Cluster, Job, Label, Values};
//!
//! // a -> b -> c, and x <-> y round a cycle: a wins in 2, b loses in 1, x and y draw.
//! let text = "a b\nb c\nx y\ny x\n";
//! let job = Job { values: Values::Outcome, misere: false };
//! let part = solve(text.into(), "<input>", &job, &Cluster::threads(2)).unwrap();
//! assert_eq!(part.summary.counts, [1, 2, 2]);
//! let a = &part.rows[0];
//! assert_eq!(a.node, Label::Name("a".into()));
//! assert!(matches!(a.cell, Cell::Outcome { remoteness: Some(2), .. }));
//! ```

mod cluster;
mod dataflow;
mod input;
mod outcome;
mod output;
mod share;
mod tiers;
mod values;

use std::fmt;
use std::time::{Duration, Instant};

use grundy::graph::text::ReadError;
use grundy::Outcome;
use serde::{Deserialize, Serialize};

pub use input::Input;
pub use share::owner;
pub use tiers::TimelyTiers;

/// What to compute for every position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Values {
    /// Win, loss or draw for the player to move, remoteness and a best move.
    Outcome,
    /// Sprague–Grundy values; the graph must be acyclic and without attributes.
    Grundy,
}

/// The computation every process of a run must agree on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    /// What to compute.
    pub values: Values,
    /// Misère play: a player who cannot move wins (fixed results still take precedence).
    pub misere: bool,
}

/// Where the workers run: threads of this process, and the other processes if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads in each process (every process runs the same number).
    pub workers: usize,
    /// The processes of a run over the network; `None` for this process alone.
    pub network: Option<Network>,
}

impl Cluster {
    /// `workers` threads in this process alone.
    pub fn threads(workers: usize) -> Cluster {
        Cluster {
            workers,
            network: None,
        }
    }

    /// Number of processes taking part. O(1).
    pub fn processes(&self) -> usize {
        self.network.as_ref().map_or(1, |n| n.hosts.len())
    }

    /// This process's index among them. O(1).
    pub fn process(&self) -> usize {
        self.network.as_ref().map_or(0, |n| n.process)
    }
}

/// The processes of a run over the network.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Network {
    /// Index of this process in `hosts`.
    pub process: usize,
    /// `host:port` of every process, in process order; process `i` listens on `hosts[i]`.
    pub hosts: Vec<String>,
    /// How long to wait for every peer to connect (and to answer the greeting) before giving up.
    pub connect_timeout: Duration,
}

/// A position's label: an integer id or a name, as the text format has them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Label {
    /// An integer id.
    Integer(u32),
    /// A name.
    Name(Box<str>),
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::Integer(v) => write!(f, "{v}"),
            Label::Name(s) => f.write_str(s),
        }
    }
}

impl Label {
    /// The borrowed form the library's writers take. O(1).
    pub fn as_label(&self) -> grundy::graph::Label<'_> {
        match self {
            Label::Integer(v) => grundy::graph::Label::Integer(*v),
            Label::Name(s) => grundy::graph::Label::Name(s),
        }
    }
}

/// One position's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    /// Outcome for the player to move, remoteness (`None` for a draw), a best move (`None`
    /// where the game ends).
    Outcome {
        /// Win, loss or draw.
        outcome: Outcome,
        /// Moves until the end under best play.
        remoteness: Option<u32>,
        /// A best move: to a loss of remoteness r − 1 from a win, to a win of remoteness r − 1
        /// from a loss, to a draw from a draw.
        best: Option<Label>,
    },
    /// A Sprague–Grundy value.
    Value(u32),
}

/// One row of the listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The position.
    pub node: Label,
    /// Its answer.
    pub cell: Cell,
}

/// Counts over the whole graph, the same in every process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    /// Positions of the graph.
    pub positions: u64,
    /// Moves of the graph.
    pub moves: u64,
    /// Wins, losses and draws (outcomes), or all zero (values).
    pub counts: [u64; 3],
    /// The largest Sprague–Grundy value (values; `None` for an empty graph or outcomes).
    pub max_value: Option<u32>,
    /// Rounds of the retrograde analysis: the largest remoteness (or value depth) plus one.
    pub rounds: u64,
}

/// What this process computed: its rows, a contiguous range of the listing in its final
/// order, and the counts of the whole graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// This process's rows; the parts of processes 0, 1, ... in turn make the whole listing.
    pub rows: Vec<Row>,
    /// Counts over the whole graph.
    pub summary: Summary,
    /// Where this process's time went.
    pub timings: Timings,
}

/// Wall time of the phases of a solve in this process (its first worker's, for the phases the
/// workers run), for seeing where the time goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Timings {
    /// Connecting to the other processes and starting the workers.
    pub start: Duration,
    /// Reading the worker's range of the file and sending what it read to the owners.
    pub read: Duration,
    /// The rounds, and the draws' moves to draws.
    pub rounds: Duration,
    /// Sending the rows to their writers, and the counts to every worker.
    pub output: Duration,
}

/// Why a distributed solve failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The graph file could not be read or is not in the format.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The processes could not connect, disagree, or one of them was lost.
    #[error("{0}")]
    Cluster(String),
    /// Sprague–Grundy values were asked for a graph with a cycle.
    #[error(
        "Sprague–Grundy values need an acyclic game here: position {position} lies on a cycle \
         or leads to one (solve the graph in memory for loopy values)"
    )]
    NotAcyclic {
        /// A position that was never valued.
        position: String,
    },
}

/// Solves the graph whose text is `input` (`origin` names it in error messages) with the
/// workers of `cluster`, and returns this process's part. Every process of a run calls this
/// with the same file (at the same size), `job` and `cluster` (but its own
/// `cluster.network.process`).
///
/// Each worker reads only its byte range of the text, so the file is read once in all, in
/// parallel. An error in the text (the first in the file's order among those the ranges
/// hold) is reported by every process alike, at the file's line and column. A peer that does
/// not connect within the timeout, or disappears during the run, is an [`Error::Cluster`]
/// rather than a hang.
///
/// O((n + m) / W) memory per worker and O(n + m) work in all; rounds as in the crate's
/// documentation.
pub fn solve(input: Input, origin: &str, job: &Job, cluster: &Cluster) -> Result<Part, Error> {
    if cluster.workers == 0 {
        return Err(Error::Cluster("at least one worker is needed".into()));
    }
    let clock = Instant::now();
    let (job, workers) = (*job, cluster.workers);
    let origin: Box<str> = origin.into();
    let results = cluster::run(
        cluster,
        &format!("{job:?}"),
        vec![(); workers],
        move |worker, ()| {
            let started = clock.elapsed();
            share::read(worker, &input, &origin, &job, workers).and_then(|share| {
                let read = clock.elapsed() - started;
                let answer = match job.values {
                    Values::Outcome => outcome::solve(worker, share, job.misere),
                    Values::Grundy => values::solve(worker, share),
                };
                answer.map(|(rows, summary, [rounds, output])| {
                    let timings = Timings {
                        start: started,
                        read,
                        rounds,
                        output,
                    };
                    (rows, summary, timings)
                })
            })
        },
        // The graph's solve has no bar of its own to move.
        &|| {},
    )?;
    let mut rows = Vec::new();
    let mut summary = None;
    let mut timings = None;
    for result in results {
        let (part_rows, part_summary, part_timings) = result?;
        rows.extend(part_rows);
        summary = Some(part_summary);
        timings.get_or_insert(part_timings);
    }
    Ok(Part {
        rows,
        summary: summary.expect("at least one worker"),
        timings: timings.expect("at least one worker"),
    })
}
