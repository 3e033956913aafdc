//! Retrograde analysis by un-moves: a tier with cycles solved from the rules alone.
//!
//! The graph route for a tier with moves inside it stores those moves (and the graph
//! solver's arrays): tens of bytes a position. A game that supplies un-moves
//! ([`TierRanking::predecessors`]) needs none of that. Each position of the tier keeps a
//! counter byte (how many of its options are not yet known to be wins for the opponent) and a
//! level (its remoteness once decided); the solve goes level by level, as the graph solver's
//! kernel does: every position decided at level r is unranked, its predecessors generated and
//! ranked, and each is either won at once (level r + 1, when the position is a loss) or has
//! its counter lowered, and is lost when the counter reaches zero. Options in later tiers
//! enter as events and counts: the fastest losing one wins the position at its own level,
//! the winning ones are one count lowered at the level of the slowest, a draw or a losing one
//! a count that never is.
//! Positions never decided are draws.
//!
//! Levels are found by a scan of the tier (sequential, 2 bytes a position a level), skipping
//! the chunks where nothing was decided at that level; counters are atomic, so both cores
//! scan and visit at once. Outcomes and remoteness are unique, so
//! the result does not depend on the order of visits or the number of threads.
//!
//! Un-moves are easy to get wrong, and a missing one turns a loss into a draw. So every move
//! `q -> p` inside the tier is hashed twice, from `q`'s moves in the counting pass and from
//! `p`'s predecessors when `p` is decided (or, for draws, at the end); sums that differ stop
//! the solve with an error before any result is written.

mod draws;

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::results::{Layout, Results, MAX_REMOTENESS};
use super::sweep::{chunk_ranges, in_batches, pull_position, Later, Pulled, TierTask, CHUNK};
use super::{TierError, TierRanking};
use crate::budget::Budget;
use crate::outcome::Outcome;

/// Counter values: below [`MOST_COUNT`], the options of an undecided position not yet known
/// to be wins for the opponent; the three above, decided positions.
const MOST_COUNT: u8 = 252;
/// Counter of a position decided a draw by its options in later tiers.
const DRAW: u8 = 253;
/// Counter of a position decided a loss for the player to move.
const LOSS: u8 = 254;
/// Counter of a position decided a win for the player to move.
const WIN: u8 = 255;
/// Level of a position not decided, or of a draw.
const NO_LEVEL: u16 = u16::MAX;

/// Bytes a position of a tier solved by un-moves takes beside its results: a counter, a
/// level, (when the tier moves into later tiers) four bytes of events, and (with the
/// draw-level pass, which reuses the others) a second level.
pub(crate) fn bytes_for(size: u64, later: bool, draws: bool) -> u64 {
    size * (3 + 4 * u64::from(later) + 2 * u64::from(draws))
}

/// A hash of the move `q -> p`, summed over every move from both ends (splitmix64's
/// finaliser of the pair).
#[inline]
fn move_hash(q: u64, p: u64) -> u64 {
    let mut z = q.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ p.wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The state of a tier being solved: a counter and a level a position, and its events.
struct Tier<'g, G> {
    game: &'g G,
    /// The run's deadline and cancel flag, checked at every chunk of a pass.
    budget: &'g Budget,
    tier: u32,
    counters: Vec<AtomicU8>,
    levels: Vec<AtomicU16>,
    /// For each position, the level + 1 of its fastest losing option in a later tier (low
    /// 16 bits) and of its slowest winning one (high 16 bits), 0 for none; empty for a tier
    /// with no later tiers.
    events: Vec<AtomicU32>,
    /// For each chunk of [`CHUNK`] positions, the levels (modulo 64) at which positions were
    /// decided by visits and not yet visited from: a level's scan skips the other chunks, so
    /// that a long tail of small levels costs little.
    marks: Vec<AtomicU64>,
    /// For each chunk, the levels of its positions decided by the counting pass and of its
    /// events, sorted, each once (a record's remoteness is below 2^14, so they fit 16 bits;
    /// a chunk usually has a handful).
    fixed: Vec<Vec<u16>>,
}

/// Whether level `level` is in the sorted set `levels`. O(log levels).
fn has_level(levels: &[u16], level: u32) -> bool {
    u16::try_from(level).is_ok_and(|l| levels.binary_search(&l).is_ok())
}

/// What a pass over a range of the tier found.
#[derive(Default)]
struct Found {
    /// The sum of the hashes of the moves seen.
    hash: u64,
    /// Positions decided.
    decided: u64,
    /// The highest level met.
    highest: u32,
}

impl Found {
    fn merge(mut self, other: Found) -> Found {
        self.hash = self.hash.wrapping_add(other.hash);
        self.decided += other.decided;
        self.highest = self.highest.max(other.highest);
        self
    }
}

/// Solves `tier` of `game` by retrograde analysis over its un-moves, from the later tiers.
/// Time O(positions · moves) rule calls for the counting pass and as many for the
/// predecessors, plus a scan of the tier a level; memory [`bytes_for`] beside the results.
pub(crate) fn solve_tier<G>(task: &TierTask<'_, G>) -> Result<Results, TierError>
where
    G: TierRanking + Sync,
{
    let &TierTask {
        game,
        tier,
        later,
        remoteness,
        draws: with_levels,
        misere,
        budget,
        progress,
    } = task;
    let size = game.tier_size(tier);
    let with_events = later.tiers.iter().any(Option::is_some);
    let state = Tier {
        game,
        budget,
        tier,
        counters: (0..size)
            .into_par_iter()
            .map(|_| AtomicU8::new(0))
            .collect(),
        levels: (0..size)
            .into_par_iter()
            .map(|_| AtomicU16::new(NO_LEVEL))
            .collect(),
        events: if with_events {
            (0..size)
                .into_par_iter()
                .map(|_| AtomicU32::new(0))
                .collect()
        } else {
            Vec::new()
        },
        marks: chunk_ranges(size).map(|_| AtomicU64::new(0)).collect(),
        fixed: Vec::new(),
    };
    let jobs: Vec<_> = chunk_ranges(size).map(|range| (range, ())).collect();
    let counted = in_batches(jobs, budget, progress, |(range, ())| {
        state.count(range, later, misere)
    })?;
    let mut moves = Found::default();
    let mut fixed = Vec::with_capacity(counted.len());
    for (found, levels) in counted {
        moves = moves.merge(found);
        fixed.push(levels);
    }
    let mut state = state;
    state.fixed = fixed;
    progress.phase(&format!("tier {tier}: retrograde by un-moves"), Some(size));
    progress.advance(moves.decided);
    let mut seen = 0u64;
    let mut level = 0;
    let mut highest = moves.highest;
    while level <= highest {
        let found = state.par_chunks(|chunk, range| {
            let bit = 1u64 << (level % 64);
            let marked = state.marks[chunk].fetch_and(!bit, Relaxed) & bit != 0;
            if marked || has_level(&state.fixed[chunk], level) {
                state.visit_level(range, level)
            } else {
                Ok(Found::default())
            }
        })?;
        seen = seen.wrapping_add(found.hash);
        progress.advance(found.decided);
        if found.decided > 0 {
            highest = highest.max(level + 1);
        }
        level += 1;
    }
    let draws = state.par_chunks(|_, range| state.undecided_predecessors(range))?;
    seen = seen.wrapping_add(draws.hash);
    if seen != moves.hash {
        return Err(TierError::Ranking(format!(
            "the predecessors of tier {tier} do not match its moves (a checksum over every move \
             inside the tier differs): each move q -> p inside a tier must be listed once among \
             the predecessors of p, and nothing else"
        )));
    }
    let mut results = state.results(remoteness)?;
    if with_levels && results.counts()[2] > 0 {
        state.draw_levels(&mut results, later)?;
    }
    Ok(results)
}

impl<G: TierRanking + Sync> Tier<'_, G> {
    /// Runs `pass` over the tier's chunks (index and range of positions) on rayon's threads,
    /// and sums what they found.
    fn par_chunks(
        &self,
        pass: impl Fn(usize, std::ops::Range<u64>) -> Result<Found, TierError> + Sync,
    ) -> Result<Found, TierError> {
        let size = self.counters.len() as u64;
        chunk_ranges(size)
            .enumerate()
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|(chunk, range)| {
                (self.budget.check_time(super::WORK, range.start))?;
                pass(chunk, range)
            })
            .try_reduce(Found::default, |a, b| Ok(a.merge(b)))
    }

    /// The counting pass over `range`: decides what the rules and the later tiers decide,
    /// and sets the counter and events of the rest. `hash` sums the moves inside the tier,
    /// `decided` counts decided positions, `highest` is the highest level of a decided
    /// position or an event.
    fn count(
        &self,
        range: std::ops::Range<u64>,
        later: &Later<'_>,
        misere: bool,
    ) -> Result<(Found, Vec<u16>), TierError> {
        let (game, tier) = (self.game, self.tier);
        let mut positions = Vec::with_capacity((range.end - range.start) as usize);
        game.unrank_range(tier, range.clone(), &mut positions);
        let (mut options, mut inside) = (Vec::new(), Vec::new());
        let mut found = Found::default();
        let mut levels = Vec::new();
        for (p, i) in positions.iter().zip(range) {
            let at = i as usize;
            match pull_position(game, tier, p, later, misere, &mut options, &mut inside)? {
                Pulled::Decided(outcome, r) => {
                    found.decided += 1;
                    let counter = match outcome {
                        Outcome::Win => WIN,
                        Outcome::Loss => LOSS,
                        Outcome::Draw => DRAW,
                    };
                    self.counters[at].store(counter, Relaxed);
                    if outcome != Outcome::Draw {
                        // At most 16,383: one more than a later tier's largest remoteness.
                        self.levels[at].store(r as u16, Relaxed);
                        found.highest = found.highest.max(r);
                        levels.push(r as u16);
                    }
                }
                Pulled::Inside(fold) => {
                    for &r in &inside {
                        found.hash = found.hash.wrapping_add(move_hash(i, r));
                    }
                    // Later options count as up to three: the winning ones together (down
                    // at the slowest one's level), a draw and a losing one (never down).
                    let count = inside.len()
                        + usize::from(fold.slowest_win.is_some())
                        + usize::from(fold.draw)
                        + usize::from(fold.fastest_loss != u32::MAX);
                    if count >= usize::from(MOST_COUNT) {
                        return Err(TierError::Ranking(format!(
                            "a position of tier {tier} has {count} moves; retrograde by \
                             un-moves counts at most {} in a byte",
                            MOST_COUNT - 1
                        )));
                    }
                    self.counters[at].store(count as u8, Relaxed);
                    if !self.events.is_empty() {
                        let loss = if fold.fastest_loss == u32::MAX {
                            0
                        } else {
                            fold.fastest_loss + 1
                        };
                        let win = fold.slowest_win.map_or(0, |r| r + 1);
                        found.highest = found.highest.max(loss).max(win);
                        // Both at most 16,383: one more than a remoteness.
                        self.events[at].store(loss | win << 16, Relaxed);
                        // An event fires at the scan of the level below its own.
                        for event in [loss, win].into_iter().filter(|&e| e > 0) {
                            levels.push((event - 1) as u16);
                        }
                    }
                }
            }
        }
        Ok((found, super::sweep::distinct(levels)))
    }

    /// Level `level` over `range`: the events of that level, then the predecessors of every
    /// position decided at it. `hash` sums the moves seen, `decided` counts the positions
    /// decided (at `level + 1`).
    fn visit_level(&self, range: std::ops::Range<u64>, level: u32) -> Result<Found, TierError> {
        if level + 1 >= u32::from(NO_LEVEL) {
            return Err(TierError::TooDeep { tier: self.tier });
        }
        let next = level as u16 + 1;
        let mut found = Found::default();
        let mut before = Vec::new();
        for i in range {
            let at = i as usize;
            if let Some(events) = self.events.get(at) {
                let events = events.load(Relaxed);
                if events & 0xFFFF == level + 1 {
                    found.decided += u64::from(self.visit(at, LOSS, next));
                }
                if events >> 16 == level + 1 {
                    found.decided += u64::from(self.visit(at, WIN, next));
                }
            }
            if self.levels[at].load(Relaxed) != level as u16 {
                continue;
            }
            let outcome = self.counters[at].load(Relaxed);
            if outcome != WIN && outcome != LOSS {
                continue;
            }
            found.hash = found.hash.wrapping_add(self.predecessors(i, &mut before)?);
            for &q in &before {
                found.decided += u64::from(self.visit(q as usize, outcome, next));
            }
        }
        Ok(found)
    }

    /// The last pass over `range`: the predecessors of every position never decided (the
    /// draws), for the checksum alone.
    fn undecided_predecessors(&self, range: std::ops::Range<u64>) -> Result<Found, TierError> {
        let mut found = Found::default();
        let mut before = Vec::new();
        for i in range {
            let counter = self.counters[i as usize].load(Relaxed);
            if counter != WIN && counter != LOSS {
                found.hash = found.hash.wrapping_add(self.predecessors(i, &mut before)?);
            }
        }
        Ok(found)
    }

    /// The ranks of the predecessors of position `i` in `out`, checked against the tier's
    /// size; returns the sum of their moves' hashes.
    fn predecessors(&self, i: u64, out: &mut Vec<u64>) -> Result<u64, TierError> {
        let size = self.counters.len() as u64;
        let p = self.game.unrank(self.tier, i);
        out.clear();
        self.game.ranked_predecessors(&p, self.tier, out);
        let mut hash = 0u64;
        for &q in out.iter() {
            if q >= size {
                return Err(TierError::Ranking(format!(
                    "a predecessor in tier {} has rank {q}, but the tier has {size} positions",
                    self.tier
                )));
            }
            hash = hash.wrapping_add(move_hash(q, i));
        }
        Ok(hash)
    }

    /// The visit of `q` from an option whose counter is `option` ([`WIN`] or [`LOSS`] for
    /// the opponent): `q` is won at once by a lost option, or loses one count by a won one.
    /// Returns whether it decided `q` (at `next`). Atomic, so that threads may visit the
    /// same position at once: exactly one of them decides it.
    #[inline]
    fn visit(&self, q: usize, option: u8, next: u16) -> bool {
        let counter = &self.counters[q];
        let decided = if option == LOSS {
            counter
                .fetch_update(Relaxed, Relaxed, |c| (c < MOST_COUNT).then_some(WIN))
                .is_ok()
        } else {
            matches!(
                counter.fetch_update(Relaxed, Relaxed, |c| match c {
                    1 => Some(LOSS),
                    c if c < MOST_COUNT => Some(c - 1),
                    _ => None,
                }),
                Ok(1)
            )
        };
        if decided {
            self.levels[q].store(next, Relaxed);
            let (mark, bit) = (&self.marks[q / CHUNK], 1u64 << (next % 64));
            // Most decisions find the bit set: a load keeps the line shared.
            if mark.load(Relaxed) & bit == 0 {
                mark.fetch_or(bit, Relaxed);
            }
        }
        decided
    }

    /// The packed results: outcomes from the counters (undecided positions are draws),
    /// remoteness from the levels.
    fn results(&self, remoteness: bool) -> Result<Results, TierError> {
        let size = self.counters.len() as u64;
        let mut results = Results::new(size, Layout::new(remoteness));
        let jobs = results.chunk_writers(CHUNK);
        let tier = self.tier;
        jobs.into_par_iter().try_for_each(|(range, mut writer)| {
            for (k, i) in range.enumerate() {
                let (outcome, level) = match self.counters[i as usize].load(Relaxed) {
                    WIN => (Outcome::Win, self.levels[i as usize].load(Relaxed)),
                    LOSS => (Outcome::Loss, self.levels[i as usize].load(Relaxed)),
                    _ => (Outcome::Draw, NO_LEVEL),
                };
                if outcome != Outcome::Draw
                    && u32::from(level) > MAX_REMOTENESS
                    && writer.keeps_remoteness()
                {
                    return Err(TierError::Remoteness {
                        tier,
                        remoteness: u32::from(level),
                    });
                }
                writer.set(k, outcome, u32::from(level));
            }
            Ok(())
        })?;
        Ok(results)
    }
}
