//! The draw levels of a tier solved by un-moves, by the same retrograde over un-moves as its
//! values.
//!
//! The levels ([`crate::solve::draws`]) are an attractor over the pairs (drawn position,
//! role): a defender's pair `g` is 0 where he has a losing move, else one more than the
//! largest `f` of his drawn moves; an attacker's pair `f` is one more than the smallest `g`
//! of his. Run backwards: every pair decided at level `v` is unranked and its predecessors
//! generated; an attacker's pair is decided (at `v + 1`) by its first decided option, a
//! defender's when a counter of its drawn moves inside the tier reaches zero. The moves out
//! of the tier enter as events, as for the values: the smallest `g + 1` of the drawn options
//! out decides the attacker's pair at its level, the largest `f + 1` holds the defender's
//! until then (for ever where one is a pure draw). Pairs never decided are pure draws.
//!
//! The pass reuses the values' arrays (a counter byte, a level and the events a position)
//! and adds one level a position: 2 bytes. Levels are found by scanning the tier level by
//! level, chunks where nothing was decided skipped, both cores at once; the levels are
//! unique, so the result does not depend on the order of visits or the number of threads.
//! Where a later tier's draw has no level, or a level passes what a record holds, the
//! tier's draws are left without one (none, never a wrong level).

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::{has_level, Found, Tier, NO_LEVEL};
use crate::outcome::Outcome;
use crate::rules::tiered::results::{Results, PURE_LEVEL};
use crate::rules::tiered::sweep::{chunk_ranges, Later, CHUNK};
use crate::rules::tiered::tier::{later_defence, later_value};
use crate::rules::tiered::{TierError, TierRanking};
use crate::solve::DrawLevel;

/// The high half of a draw's events where a drawn move out keeps the defender safe for ever.
const PURE_OUT: u32 = 0xFFFF;
/// In the attackers' levels, a position that is no draw (never decided, never written).
const NOT_DRAW: u16 = NO_LEVEL - 1;
/// The largest finite level a record holds (16,381).
const MOST_LEVEL: u32 = PURE_LEVEL - 1;

/// The pass over one tier: the values' state, its results, and the attackers' levels.
struct Pass<'a, 'g, G> {
    state: &'a Tier<'g, G>,
    results: &'a Results,
    /// `f` of each draw ([`NO_LEVEL`] until decided, [`NOT_DRAW`] for the others); the state's `levels` hold `g`, its
    /// counters the defenders' drawn moves inside the tier not yet decided, its events the
    /// moves out (attack level + 1 in the low 16 bits, defence level + 1 or [`PURE_OUT`] in
    /// the high 16, 0 for none).
    attack: &'a [AtomicU16],
    /// For each chunk, the levels at which its scan is due from the start: 0 for its
    /// tempting positions, the level below each event's.
    fixed: Vec<Vec<u16>>,
}

impl<G: TierRanking + Sync> Tier<'_, G> {
    /// Finds the level of every draw of the tier, whose values are in `results` (records),
    /// and records it; leaves the draws without one where a later tier's draw has none or a
    /// level passes [`MOST_LEVEL`]. Time O(draws · moves²) rule calls to seed, then as many
    /// un-moves as drawn moves inside the tier (twice: once a role) and a scan of the tier a
    /// level; 2 bytes a position beside the values' arrays.
    pub(super) fn draw_levels(
        &mut self,
        results: &mut Results,
        later: &Later<'_>,
    ) -> Result<(), TierError> {
        let size = self.counters.len() as u64;
        let attack: Vec<AtomicU16> = (0..size)
            .into_par_iter()
            .map(|_| AtomicU16::new(NO_LEVEL))
            .collect();
        for mark in &self.marks {
            mark.store(0, Relaxed);
        }
        let found = {
            let mut pass = Pass {
                state: self,
                results,
                attack: &attack,
                fixed: Vec::new(),
            };
            pass.run(later)?
        };
        if !found {
            return Ok(());
        }
        let jobs = results.chunk_writers(CHUNK);
        jobs.into_par_iter().for_each(|(range, mut writer)| {
            for (k, i) in range.enumerate() {
                let level = match attack[i as usize].load(Relaxed) {
                    NOT_DRAW => continue,
                    NO_LEVEL => DrawLevel::Pure,
                    f => DrawLevel::Plies(u32::from(f)),
                };
                writer.set_draw_level(k, level);
            }
        });
        Ok(())
    }
}

impl<G: TierRanking + Sync> Pass<'_, '_, G> {
    /// Seeds the pairs and runs the levels; `false` where the levels are left none.
    fn run(&mut self, later: &Later<'_>) -> Result<bool, TierError> {
        let state = self.state;
        let size = state.counters.len() as u64;
        let seeded = chunk_ranges(size)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|range| {
                state.budget.check_time(super::super::WORK, range.start)?;
                self.seed(range, later)
            })
            .collect::<Result<Vec<_>, TierError>>()?;
        let Some(fixed) = seeded.into_iter().collect::<Option<Vec<_>>>() else {
            return Ok(false);
        };
        let mut highest = fixed
            .iter()
            .filter_map(|l| l.last())
            .max()
            .map_or(0, |&l| l);
        self.fixed = fixed;
        let mut level = 0u32;
        while level <= u32::from(highest) {
            if level + 1 > MOST_LEVEL {
                return Ok(false);
            }
            let found = state.par_chunks(|chunk, range| {
                let bit = 1u64 << (level % 64);
                let marked = state.marks[chunk].fetch_and(!bit, Relaxed) & bit != 0;
                if marked || has_level(&self.fixed[chunk], level) {
                    self.scan(range, level)
                } else {
                    Ok(Found::default())
                }
            })?;
            if found.decided > 0 {
                highest = highest.max(level as u16 + 1);
            }
            level += 1;
        }
        Ok(true)
    }

    /// Seeds the draws of `range`: each one's counter of drawn moves inside the tier, `g = 0`
    /// where it is tempting, and the events of its moves out. Returns the levels at which
    /// the chunk's scan is due, or `None` where a later draw has no level.
    fn seed(
        &self,
        range: std::ops::Range<u64>,
        later: &Later<'_>,
    ) -> Result<Option<Vec<u16>>, TierError> {
        let (state, tier) = (self.state, self.state.tier);
        let game = state.game;
        let (mut options, mut scratch) = (Vec::new(), Vec::new());
        let mut due = Vec::new();
        for i in range {
            let at = i as usize;
            state.levels[at].store(NO_LEVEL, Relaxed);
            state.counters[at].store(0, Relaxed);
            if let Some(events) = state.events.get(at) {
                events.store(0, Relaxed);
            }
            if self.results.get(i).outcome != Outcome::Draw {
                self.attack[at].store(NOT_DRAW, Relaxed);
                continue;
            }
            let p = game.unrank(tier, i);
            // A drawn end of the game: a pure draw, both pairs never decided.
            if game.result(&p).is_some() {
                continue;
            }
            options.clear();
            game.ranked_moves(&p, &mut options);
            let (mut tempting, mut drawn) = (false, 0u8);
            let (mut attack, mut defence): (Option<u32>, Option<DrawLevel>) = (None, None);
            for &(t, r) in &options {
                let value = if t == tier {
                    self.results.get(r)
                } else {
                    match later_value(later, t, r) {
                        Some(value) => value,
                        None => return Ok(None),
                    }
                };
                match value.outcome {
                    Outcome::Win => tempting = true,
                    Outcome::Loss => {}
                    // At most 251 moves: the values' counting checked it.
                    Outcome::Draw if t == tier => drawn += 1,
                    Outcome::Draw => {
                        let y = game.unrank(t, r);
                        let (Some(f), Some(g)) = (
                            value.draw_level,
                            later_defence(game, later, &y, &mut scratch),
                        ) else {
                            return Ok(None);
                        };
                        if let DrawLevel::Plies(k) = g.after_move() {
                            attack = Some(attack.map_or(k, |a| a.min(k)));
                        }
                        defence = defence.max(Some(f.after_move()));
                    }
                }
            }
            state.counters[at].store(drawn, Relaxed);
            if tempting {
                state.levels[at].store(0, Relaxed);
                due.push(0);
            }
            let low = attack.map_or(0, |k| k.min(MOST_LEVEL + 1) + 1);
            let high = match defence {
                None => 0,
                Some(DrawLevel::Pure) => PURE_OUT,
                Some(DrawLevel::Plies(k)) => k.min(MOST_LEVEL + 1) + 1,
            };
            if low | high != 0 {
                // A draw with moves out is in a tier with later tiers: its events are kept.
                state.events[at].store(low | high << 16, Relaxed);
                // An event fires at the scan of the level below its own.
                for event in [low, high].into_iter().filter(|&e| e != 0 && e != PURE_OUT) {
                    due.push((event - 2) as u16);
                }
            }
        }
        Ok(Some(super::super::sweep::distinct(due)))
    }

    /// Level `level` over `range`: the events due, then the predecessors of every pair
    /// decided at it (a defender's at `level` decides its predecessors' attackers; an
    /// attacker's lowers its predecessors' defenders' counters). `decided` counts the pairs
    /// decided (at `level + 1`).
    fn scan(&self, range: std::ops::Range<u64>, level: u32) -> Result<Found, TierError> {
        let state = self.state;
        let next = level as u16 + 1;
        let mut found = Found::default();
        let mut before = Vec::new();
        for i in range {
            let at = i as usize;
            if let Some(events) = state.events.get(at) {
                let events = events.load(Relaxed);
                let (low, high) = (events & 0xFFFF, events >> 16);
                if low == level + 2 {
                    found.decided += u64::from(self.decide(&self.attack[at], at, next));
                }
                if high == level + 2 && state.counters[at].load(Relaxed) == 0 {
                    found.decided += u64::from(self.decide(&state.levels[at], at, next));
                }
            }
            let defended = state.levels[at].load(Relaxed) == level as u16;
            let attacked = self.attack[at].load(Relaxed) == level as u16;
            if !defended && !attacked {
                continue;
            }
            state.predecessors(i, &mut before)?;
            for &q in &before {
                let q = q as usize;
                if self.results.get(q as u64).outcome != Outcome::Draw {
                    continue;
                }
                if defended {
                    found.decided += u64::from(self.decide(&self.attack[q], q, next));
                }
                if attacked {
                    found.decided += u64::from(self.defend(q, next));
                }
            }
        }
        Ok(found)
    }

    /// A drawn move of the defender at `q` is decided (its option's `f` at `next - 1`): its
    /// counter lowered, and its `g` decided at `next` when that was the last one inside the
    /// tier and no move out keeps him safe longer. Returns whether it decided `g`.
    fn defend(&self, q: usize, next: u16) -> bool {
        let state = self.state;
        if state.levels[q].load(Relaxed) != NO_LEVEL {
            return false;
        }
        if state.counters[q].fetch_sub(1, Relaxed) != 1 {
            return false;
        }
        let out = state.events.get(q).map_or(0, |e| e.load(Relaxed) >> 16);
        // A later move out fires its own event; one out for ever leaves the pair undecided.
        if out == PURE_OUT || out > u32::from(next) + 1 {
            return false;
        }
        self.decide(&state.levels[q], q, next)
    }

    /// Decides the pair whose level is `slot` (of position `at`) at `next` if it is not yet
    /// decided, and marks its chunk for the scan of `next`. Atomic: of threads deciding the
    /// same pair at once, exactly one does.
    fn decide(&self, slot: &AtomicU16, at: usize, next: u16) -> bool {
        let decided = slot
            .compare_exchange(NO_LEVEL, next, Relaxed, Relaxed)
            .is_ok();
        if decided {
            let (mark, bit): (&AtomicU64, u64) = (&self.state.marks[at / CHUNK], 1 << (next % 64));
            if mark.load(Relaxed) & bit == 0 {
                mark.fetch_or(bit, Relaxed);
            }
        }
        decided
    }
}
