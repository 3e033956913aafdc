//! Strong solutions of games defined by rules, without storing a move: the tiered solver.
//!
//! [`explore`](super::explore) builds an explicit graph (about 12 bytes a position and 4 a
//! move), which caps a game near 10^9 moves. The tiered solver stores only results: the
//! game numbers its positions by a *ranking* ([`TierRanking`]): positions are grouped into
//! tiers by a quantity that every move changes in one direction (stones on the board, counters
//! left), and each tier's positions are numbered `0..tier_size` one to one. The solver goes
//! from the last tier to the first; a position's moves are generated again from the rules,
//! ranked, and their results read from the tiers already solved. Results are packed in one
//! of two layouts ([`Layout`]): a 16-bit record a position (the outcome in 2 bits, the
//! remoteness of a win or loss in 14, up to 16,382, or a draw's level), or the outcome alone
//! in 2 bits for the largest games ([`Results`]). Moves inside a tier
//! (cycles) are solved by the graph solver's retrograde counting on that tier alone, with the
//! results of the later tiers standing in as fixed positions.
//!
//! Each tier is written to its own file as soon as it is solved ([`file`](mod@file): a header
//! naming the game, its variant, the tier and the layout, an index, and the results in blocks
//! of 65,536 positions, each compressed on its own and checksummed), so a run that is
//! stopped resumes from the last finished tier and produces the same files byte for byte;
//! [`Solved`] answers queries (outcome, remoteness, best moves of one position) from the files
//! without solving again, reading one block and checking every byte it reads against its
//! checksum. Both cores work
//! on a tier at once (rayon, by chunks of positions); the result does not depend on the number
//! of threads.
//!
//! ```
//! use grundy::progress::NoProgress;
//! use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, TierRanking};
//! use grundy::rules::Impartial;
//! use grundy::Outcome;
//!
//! /// Take 1, 3 or 4 counters from a pile of at most 30; each pile size is a tier of one.
//! #[derive(Clone)]
//! struct Take134;
//!
//! impl Impartial for Take134 {
//!     type Position = u32;
//!     fn options(&self, &n: &u32, out: &mut grundy::rules::Moves<u32>) {
//!         out.extend([1, 3, 4].into_iter().filter(|&t| t <= n).map(|t| n - t));
//!     }
//! }
//!
//! impl TierRanking for Take134 {
//!     fn name(&self) -> String {
//!         "take-1-3-4 30".into()
//!     }
//!     fn tier_count(&self) -> u32 {
//!         31
//!     }
//!     // Tier t holds the pile of 30 - t: moves go to later tiers.
//!     fn tier(&self, &n: &u32) -> u32 {
//!         30 - n
//!     }
//!     fn tier_size(&self, _tier: u32) -> u64 {
//!         1
//!     }
//!     fn rank(&self, _n: &u32) -> u64 {
//!         0
//!     }
//!     fn unrank(&self, tier: u32, _rank: u64) -> u32 {
//!         30 - tier
//!     }
//! }
//!
//! let dir = std::env::temp_dir().join(format!("grundy-doc-tiered-{}", std::process::id()));
//! let summary = solve_tiered(&Take134, &dir, &TierOptions::default(), &NoProgress).unwrap();
//! assert_eq!(summary.positions, 31);
//! let solved = Solved::open(Take134, &dir).unwrap();
//! // The player to move loses exactly when n is 0 or 2 modulo 7.
//! assert_eq!(solved.value(&14).unwrap().outcome, Outcome::Loss);
//! assert_eq!(solved.value(&15).unwrap().outcome, Outcome::Win);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod file;
mod query;
mod ranked;
mod reach;
mod results;
mod solve;
mod sweep;
mod tier;
mod unmoves;

pub use query::{Solved, Step};
pub use ranked::{Expansion, RankedGame};
pub use reach::TierReach;
pub use results::{Layout, Results, Value, MAX_REMOTENESS, NO_LEVEL, PURE_LEVEL};
pub use solve::{fits_memory, solve_tiered, Summary, TierEngine, TierOptions, TierSummary};
pub use sweep::{not_later, Fold, Pulled};

use std::path::PathBuf;

use super::Game;

/// A game whose positions are numbered tier by tier, for [`solve_tiered`].
///
/// Tiers are numbered `0..tier_count()`; every move goes from a tier to the same tier or a
/// later one (a move within a tier may close a cycle; moves to earlier tiers are an error).
/// Within a tier, [`rank`](TierRanking::rank) and [`unrank`](TierRanking::unrank) are
/// inverse bijections between the tier's positions and `0..tier_size(tier)`. A ranking may
/// number positions that no game reaches (a combinatorial ranking usually does): they are
/// solved too, by the rules, and cost their record. Every move passes the turn, as in the
/// graph solver for the player to move.
pub trait TierRanking: Game {
    /// The game's name with its parameters (`connect4 7x4`): written in every file of a
    /// solution and checked when a solution is resumed or queried.
    fn name(&self) -> String;
    /// The rules' variant where the game has several (`flying, misère`), written and checked
    /// beside the name: empty by default. At most 65,535 bytes, as the name.
    fn variant(&self) -> String {
        String::new()
    }
    /// The number of tiers.
    fn tier_count(&self) -> u32;
    /// The tier of a position.
    fn tier(&self, p: &Self::Position) -> u32;
    /// The number of positions of `tier`.
    fn tier_size(&self, tier: u32) -> u64;
    /// The rank of `p` within its tier, below `tier_size(tier(p))`.
    fn rank(&self, p: &Self::Position) -> u64;
    /// The position of `tier` with rank `rank`.
    fn unrank(&self, tier: u32, rank: u64) -> Self::Position;
    /// The positions of `tier` with the ranks `ranks`, in order, appended to `out`. The
    /// default unranks each; a ranking that can step from a position to the next (a
    /// combinatorial one) makes the solver's sweep of a tier cheaper by overriding it.
    fn unrank_range(&self, tier: u32, ranks: std::ops::Range<u64>, out: &mut Vec<Self::Position>) {
        out.extend(ranks.map(|r| self.unrank(tier, r)));
    }
    /// The options of `p` as (tier, rank) pairs, appended to `out`: by default its moves,
    /// each ranked. A ranking that can rank an option from its position's own numbering
    /// (one stone added) may override it. Not called where the game is over at `p`.
    fn ranked_moves(&self, p: &Self::Position, out: &mut Vec<(u32, u64)>) {
        let mut options = crate::rules::Moves::new();
        self.moves(p, &mut options);
        out.extend(options.iter().map(|q| (self.tier(q), self.rank(q))));
    }
    /// The tiers that moves from `tier` can reach besides `tier` itself, as a range: all
    /// later tiers by default. A narrower range (Connect Four: the next tier only) lets the
    /// solver keep fewer tiers in memory.
    fn later_tiers(&self, tier: u32) -> std::ops::Range<u32> {
        tier + 1..self.tier_count()
    }
    /// Whether the game supplies un-moves ([`predecessors`](TierRanking::predecessors)).
    /// Then a tier with moves inside it is solved by retrograde analysis over the rules, in
    /// 3 bytes a position and no stored move, instead of as a graph of its own (about 40
    /// bytes a position and 12 a move): the way to solve a game whose cycles fill one huge
    /// tier.
    const UNMOVES: bool = false;
    /// Appends to `out` the positions of `p`'s tier with a move to `p`, once for each such
    /// move (a position with two moves to `p` twice): the un-moves. Positions of other tiers
    /// may be listed too (they are ignored); positions where the game is over have no moves
    /// and must not be listed. Only called when [`UNMOVES`](TierRanking::UNMOVES) is true.
    /// The solver checks the lists against the moves (a checksum over every move of the tier)
    /// and stops with [`TierError::Ranking`] where they differ, so a mistake here is an error,
    /// never a wrong result.
    fn predecessors(&self, _p: &Self::Position, _out: &mut Vec<Self::Position>) {}
    /// The ranks of the predecessors of `p` within `tier` (`p`'s tier), appended to `out`:
    /// by default [`predecessors`](TierRanking::predecessors) filtered to the tier and
    /// ranked. A game that can rank them from `p`'s own numbering may override it.
    fn ranked_predecessors(&self, p: &Self::Position, tier: u32, out: &mut Vec<u64>) {
        let mut before = Vec::new();
        self.predecessors(p, &mut before);
        out.extend(
            before
                .iter()
                .filter(|q| self.tier(q) == tier)
                .map(|q| self.rank(q)),
        );
    }
}

/// What a budget's error says a run was doing (the driver and both ways of solving a tier).
const WORK: &str = "solving tiers";

impl From<crate::budget::Exhausted> for TierError {
    /// The budget's error, its message part of this one's (not a source printed again).
    fn from(e: crate::budget::Exhausted) -> TierError {
        TierError::Budget(e)
    }
}

/// Why a tiered solve or a query failed.
#[derive(Debug, thiserror::Error)]
pub enum TierError {
    /// The run's deadline passed or it was cancelled ([`TierOptions::budget`]); the tiers
    /// finished are on disk, and a run into the same folder resumes from them.
    #[error("{0}; the finished tiers are kept, and solving into the same folder resumes")]
    Budget(crate::budget::Exhausted),
    /// Reading or writing a file failed.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said (in the message, not a source of its own: printed once).
        error: std::io::Error,
    },
    /// A file of the solution does not belong to it: of another game, tier, size or options,
    /// or not a solution's file at all.
    #[error("{path}: {what}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong, and what was expected.
        what: String,
    },
    /// A file of the solution is damaged: a checksum (header, index or block) does not
    /// match, a block does not decompress, or its length is wrong. The answer it would give cannot be trusted, so none is given.
    #[error(
        "{path}: {what}: the file is damaged; rebuild the solution (delete the damaged tier \
         files and solve again: the solve keeps the finished tiers and does the deleted ones \
         again)"
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is damaged, and where.
        what: String,
    },
    /// A file written by an older version of grundy, in a format this one does not read.
    #[error(
        "{path}: written by an older version of grundy (format {format}; this version reads \
         format {}): rebuild the solution by solving again into a fresh folder",
        file::FORMAT
    )]
    OldFormat {
        /// The file (a tier file or the manifest).
        path: PathBuf,
        /// The format found.
        format: u32,
    },
    /// The ranking broke its contract.
    #[error("the game's ranking is inconsistent: {0}")]
    Ranking(String),
    /// A remoteness does not fit in the 14 bits of a record.
    #[error(
        "tier {tier} has a position of remoteness {remoteness}, more than the 16,382 a record \
         holds: solve without remoteness"
    )]
    Remoteness {
        /// The tier.
        tier: u32,
        /// The remoteness found.
        remoteness: u32,
    },
    /// A tier does not fit in the memory budget.
    #[error(
        "tier {tier} needs about {needed} bytes ({}) of memory with the tiers it moves into, \
         more than the memory budget of {limit} bytes ({}): the memory budget can be raised",
        crate::budget::show_bytes(*needed),
        crate::budget::show_bytes(*limit)
    )]
    Memory {
        /// The tier.
        tier: u32,
        /// The estimate.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// A tier with moves inside it is too large for the in-tier graph.
    #[error(
        "tier {tier} has {positions} positions and moves within itself: the in-tier graph \
         holds fewer than 2^31 positions (split the tier by a finer ranking)"
    )]
    TierTooLarge {
        /// The tier.
        tier: u32,
        /// Its size.
        positions: u64,
    },
    /// Retrograde by un-moves went deeper than its levels count.
    #[error(
        "tier {tier}: a position's remoteness passes 65,534, the most that retrograde by \
         un-moves counts"
    )]
    TooDeep {
        /// The tier.
        tier: u32,
    },
    /// A position asked about is not one of the game's.
    #[error("{0}")]
    Position(String),
    /// The engine the tiers were handed to ([`TierEngine`]) failed: its processes could not
    /// connect, or one of them stopped.
    #[error("{0}")]
    Engine(String),
}

/// An I/O error on `path`.
fn io_error(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> TierError + '_ {
    move |error| TierError::Io {
        path: path.to_path_buf(),
        error,
    }
}
