//! The tiered solver's driver: tiers from the last to the first, each written to its file.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use super::file::{self, Manifest};
use super::ranked::RankedGame;
use super::results::{Layout, Results};
use super::sweep::{reach, Later, TierTask};
use super::{io_error, TierError, TierRanking, WORK};
use super::{tier, unmoves};
use crate::budget::Budget;
use crate::progress::Progress;

/// How to solve, for [`solve_tiered`].
#[derive(Debug, Clone)]
pub struct TierOptions {
    /// Keep the remoteness of every position beside its outcome: a 16-bit record a position
    /// ([`Layout::Value16`](super::Layout::Value16)) rather than 2 bits.
    pub remoteness: bool,
    /// Misère play: a player who cannot move wins (the game's own results still apply).
    pub misere: bool,
    /// The most bytes the results held in memory at once may take (a tier and the tiers it
    /// moves into); `None` for no limit. Checked against the neediest tier before any tier
    /// is read or solved, so a run too large stops at once
    /// ([`default_memory`](crate::budget::default_memory) is a budget from what the machine
    /// has).
    pub memory: Option<u64>,
    /// The deadline and cancel flag of the run (its positions and memory are not read: the
    /// memory is [`TierOptions::memory`]), checked before each tier and between chunks of
    /// positions: a run stopped keeps its finished tiers on disk and resumes from them.
    pub budget: Budget,
    /// Where the tiers are solved: `None` for this machine's threads, or another engine
    /// (the workers of a dataflow over several processes), handed the game.
    pub engine: Option<Arc<dyn TierEngine>>,
}

impl TierOptions {
    /// The manifest of `game`'s solution under these options, in `parts` parts (one a
    /// process of the engine that writes it). O(1) beside the game's name.
    pub fn manifest(&self, game: &dyn RankedGame, parts: u32) -> Manifest {
        Manifest {
            format: file::FORMAT,
            game: game.name(),
            variant: game.variant(),
            tiers: game.tier_count(),
            layout: Layout::new(self.remoteness),
            misere: self.misere,
            parts,
        }
    }
}

/// A way of solving a tiered game other than this machine's threads (the workers of a
/// dataflow over several processes): [`TierOptions::engine`] hands it the game, and it
/// writes the same solution, answers and counts as [`solve_tiered`], its files in the layout
/// of [`file`](mod@super::file) (split into parts where it runs as several processes).
pub trait TierEngine: Send + Sync + std::fmt::Debug {
    /// Solves every tier of `game` into `dir` (resuming from the tiers finished there), under
    /// `options` (its budget's deadline and cancel flag, the layout, the memory budget).
    fn solve(
        &self,
        game: Arc<dyn RankedGame>,
        dir: &Path,
        options: &TierOptions,
        progress: &dyn Progress,
    ) -> Result<Summary, TierError>;
}

impl Default for TierOptions {
    /// Remoteness kept, normal play, no memory limit, no deadline, this machine's threads.
    fn default() -> Self {
        TierOptions {
            remoteness: true,
            misere: false,
            memory: None,
            budget: Budget::default(),
            engine: None,
        }
    }
}

/// One tier of a solution: its size, how its positions came out, and whether it was solved
/// now or found finished in the folder.
#[derive(Debug, Clone, PartialEq)]
pub struct TierSummary {
    /// The tier.
    pub tier: u32,
    /// Its positions.
    pub positions: u64,
    /// How many are wins, losses and draws for the player to move.
    pub counts: [u64; 3],
    /// Whether its file was already there (a resumed run), checked rather than solved.
    pub resumed: bool,
    /// Seconds spent on it (solving or checking).
    pub seconds: f64,
}

/// A solved game: every tier, first to last, and the size of the files.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The game's name.
    pub game: String,
    /// Positions in all tiers.
    pub positions: u64,
    /// Bytes of all tier files (of this process's parts, in a solution in parts).
    pub bytes: u64,
    /// The tiers, first to last.
    pub tiers: Vec<TierSummary>,
    /// The bytes of records the workers sent one another, where the engine spreads the tiers
    /// over workers ([`TierEngine`]); `None` for this machine's threads, which share memory.
    pub exchanged: Option<u64>,
}

/// Solves every position of `game` strongly, tier by tier from the last, writing each tier to
/// `dir` (see [`file`](mod@file) for the format) as soon as it is solved. Tiers whose files are
/// already in `dir` are read whole and checked (header, length, index, every block) and
/// kept, so a stopped run resumes where it stopped, and a tier whose file was deleted (damaged)
/// is solved again; the files do not depend on being resumed or on the number of threads.
/// With a memory budget, every tier's need is checked first ([`TierOptions::memory`]).
///
/// Time: every position's moves are generated and looked up once, O(Σ positions · moves) rule
/// calls, over rayon's threads. Memory: the results of the tier being solved and of the tiers
/// it moves into (2 bits a position, 16 with remoteness), plus, for a tier with moves inside
/// it, the graph solver's arrays for that tier.
///
/// With another engine ([`TierOptions::engine`]), the game is cloned once and handed to it.
pub fn solve_tiered<G>(
    game: &G,
    dir: &Path,
    options: &TierOptions,
    progress: &dyn Progress,
) -> Result<Summary, TierError>
where
    G: TierRanking + Clone + Send + Sync + 'static,
{
    if let Some(engine) = &options.engine {
        return engine.solve(Arc::new(game.clone()), dir, options, progress);
    }
    let manifest = options.manifest(game, 1);
    // The memory first: a run refused leaves nothing behind.
    if let Some(limit) = options.memory {
        check_memory(game, dir, options.remoteness, limit)?;
    }
    file::write_manifest(dir, &manifest)?;
    // Draw levels where the records keep them and the tier's pass fits the budget: without
    // them a draw's level is left none, never wrong.
    let with_draws = |tier: u32| {
        options.remoteness
            && options
                .memory
                .is_none_or(|limit| need(game, dir, true, true, tier) <= limit)
    };
    let tier_count = game.tier_count();
    let positions: u64 = (0..tier_count).map(|t| game.tier_size(t)).sum();
    let started = Instant::now();
    let mut done = 0u64;
    let mut held: BTreeMap<u32, Results> = BTreeMap::new();
    let mut tiers = Vec::with_capacity(tier_count as usize);
    for tier in (0..tier_count).rev() {
        options.budget.check_time(WORK, done)?;
        let size = game.tier_size(tier);
        let clock = Instant::now();
        progress.phase(
            &phase_name(tier, tier_count, done, positions, &started),
            Some(size),
        );
        let path = file::tier_path(dir, tier);
        let resumed = path.exists();
        let results = if resumed {
            // Later tiers are not needed to check a finished one.
            held.clear();
            let results = file::read_tier(dir, &manifest, tier, size)?;
            progress.advance(size);
            results
        } else {
            let draws = with_draws(tier);
            let range = held_range(game, tier, draws);
            held.retain(|t, _| range.contains(t));
            for t in range.clone() {
                if let std::collections::btree_map::Entry::Vacant(slot) = held.entry(t) {
                    slot.insert(file::read_tier(dir, &manifest, t, game.tier_size(t))?);
                }
            }
            let later = Later {
                first: range.start,
                tiers: range.clone().map(|t| held.get(&t)).collect(),
            };
            // The one place that chooses between the two ways of solving a tier.
            let task = TierTask {
                game,
                tier,
                later: &later,
                remoteness: options.remoteness,
                draws,
                misere: options.misere,
                budget: &options.budget,
                progress,
            };
            let results = if G::UNMOVES {
                unmoves::solve_tier(&task)?
            } else {
                tier::solve_tier(&task)?
            };
            file::write_tier(dir, &manifest, tier, &results)?;
            results
        };
        done += size;
        tiers.push(TierSummary {
            tier,
            positions: size,
            counts: results.counts(),
            resumed,
            seconds: clock.elapsed().as_secs_f64(),
        });
        held.insert(tier, results);
    }
    progress.finish();
    tiers.reverse();
    let mut bytes = 0;
    for tier in 0..tier_count {
        let path = file::tier_path(dir, tier);
        bytes += std::fs::metadata(&path).map_err(io_error(&path))?.len();
    }
    Ok(Summary {
        game: manifest.game,
        positions,
        bytes,
        tiers,
        exchanged: None,
    })
}

/// The tiers held in memory to solve `tier`: those its moves reach and, for the draw-level
/// pass (`draws`), those their moves reach (it reads the options of the options that leave
/// the tier).
fn held_range<G: TierRanking>(game: &G, tier: u32, draws: bool) -> Range<u32> {
    let mut range = reach(game, tier);
    if draws {
        let end = range.clone().map(|t| reach(game, t).end).max();
        range.end = range.end.max(end.unwrap_or(0));
    }
    range
}

/// The bytes `tier` needs: a finished tier (its file in `dir`) its own results, read back to
/// check it; a tier to solve its results, those of the tiers held ([`held_range`]), the
/// un-moves' arrays where it uses them and, with the draw-level pass, that pass's arrays of
/// a position. O(reach²) size calls.
fn need<G: TierRanking>(game: &G, dir: &Path, remoteness: bool, draws: bool, tier: u32) -> u64 {
    let bytes = |t: u32| Results::bytes_for(game.tier_size(t), remoteness);
    if file::tier_path(dir, tier).exists() {
        return bytes(tier);
    }
    let size = game.tier_size(tier);
    let range = held_range(game, tier, draws);
    let arrays = if G::UNMOVES {
        unmoves::bytes_for(size, !reach(game, tier).is_empty(), draws)
    } else if draws {
        tier::draw_pass_bytes(size)
    } else {
        0
    };
    range.map(bytes).sum::<u64>() + bytes(tier) + arrays
}

/// Checks that every tier fits in `limit` bytes before anything is allocated ([`need`],
/// without the draw-level pass: a tier whose pass does not fit is solved without it). The
/// neediest tier over the limit is [`TierError::Memory`]. O(tiers · reach²) size calls.
fn check_memory<G: TierRanking>(
    game: &G,
    dir: &Path,
    remoteness: bool,
    limit: u64,
) -> Result<(), TierError> {
    fits_memory(
        (0..game.tier_count()).map(|t| (t, need(game, dir, remoteness, false, t))),
        limit,
    )
}

/// Checks each tier's need of memory, `(tier, bytes)`, against `limit`: the neediest tier over
/// it is [`TierError::Memory`]. How every engine refuses a run too large before it starts.
/// O(tiers).
pub fn fits_memory(needs: impl Iterator<Item = (u32, u64)>, limit: u64) -> Result<(), TierError> {
    match needs.map(|(tier, needed)| (needed, tier)).max() {
        Some((needed, tier)) if needed > limit => Err(TierError::Memory {
            tier,
            needed,
            limit,
        }),
        _ => Ok(()),
    }
}

/// The name of a tier's phase of progress, with the overall share done and an estimate of the
/// time left from the pace so far.
fn phase_name(tier: u32, tiers: u32, done: u64, total: u64, started: &Instant) -> String {
    let share = if total == 0 {
        1.0
    } else {
        done as f64 / total as f64
    };
    let elapsed = started.elapsed().as_secs_f64();
    let left = if done == 0 {
        String::new()
    } else {
        format!(
            ", about {:.0} s left",
            elapsed * (total - done) as f64 / done as f64
        )
    };
    format!(
        "tier {tier} ({} of {tiers}; {:.1} % of all positions done{left})",
        tiers - tier,
        100.0 * share
    )
}
