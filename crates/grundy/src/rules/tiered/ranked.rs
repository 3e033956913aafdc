//! A tiered game seen through its ranks alone, for a solver that runs elsewhere: on the
//! workers of a dataflow, in other processes ([`TierEngine`](super::TierEngine)).
//!
//! Such a solver cannot name the game's type (its workers are started before any game is
//! known, and the engine that runs them does not know the catalogue), so it takes the game as
//! a [`RankedGame`]: the tiers and their sizes, and [`RankedGame::expand`], the first half of
//! the pull that [`solve_tiered`](super::solve_tiered) makes of every position (the game over
//! there, or its moves ranked). The second half, [`Expansion::decide`], folds the options'
//! values as the pull here does; the solver only says where a value comes from. So both
//! solvers apply the rules and the retrograde rule through the same code.

use std::ops::Range;

use super::sweep::{check_rank, ended, fold_options, reach, Pulled};
use super::{TierError, TierRanking, Value};
use crate::outcome::Outcome;

/// A tiered game through its ranks: what a solver needs that never holds a position. Every
/// [`TierRanking`] that can be shared between threads is one.
pub trait RankedGame: Send + Sync {
    /// The game's name with its parameters ([`TierRanking::name`]).
    fn name(&self) -> String;
    /// The rules' variant ([`TierRanking::variant`]).
    fn variant(&self) -> String;
    /// The number of tiers.
    fn tier_count(&self) -> u32;
    /// The positions of `tier`.
    fn tier_size(&self, tier: u32) -> u64;
    /// The tiers that moves from `tier` reach besides `tier` itself, within the game's tiers.
    fn reach(&self, tier: u32) -> Range<u32>;
    /// The positions `ranks` of `tier`, each decided by the rules or with its moves ranked,
    /// into `out` (emptied first). Every option's rank is checked against its tier's size.
    /// O(positions · moves) rule calls.
    fn expand(
        &self,
        tier: u32,
        ranks: Range<u64>,
        misere: bool,
        out: &mut Expansion,
    ) -> Result<(), TierError>;
}

impl<G: TierRanking + Send + Sync> RankedGame for G {
    fn name(&self) -> String {
        TierRanking::name(self)
    }

    fn variant(&self) -> String {
        TierRanking::variant(self)
    }

    fn tier_count(&self) -> u32 {
        TierRanking::tier_count(self)
    }

    fn tier_size(&self, tier: u32) -> u64 {
        TierRanking::tier_size(self, tier)
    }

    fn reach(&self, tier: u32) -> Range<u32> {
        reach(self, tier)
    }

    fn expand(
        &self,
        tier: u32,
        ranks: Range<u64>,
        misere: bool,
        out: &mut Expansion,
    ) -> Result<(), TierError> {
        out.tier = tier;
        out.positions.clear();
        out.options.clear();
        let mut positions = Vec::with_capacity((ranks.end - ranks.start) as usize);
        self.unrank_range(tier, ranks, &mut positions);
        let mut options = Vec::new();
        for p in &positions {
            let entry = match ended(self, p, misere, &mut options) {
                Some((o, r)) => Expanded::Decided(o, r),
                None => {
                    for &(t, r) in &options {
                        check_rank(self, t, r)?;
                    }
                    let start = out.options.len();
                    out.options.extend_from_slice(&options);
                    Expanded::Options(start..out.options.len())
                }
            };
            out.positions.push(entry);
        }
        Ok(())
    }
}

/// One position of an [`Expansion`].
#[derive(Debug, Clone)]
enum Expanded {
    /// Decided by the rules: the outcome and remoteness (`u32::MAX` for a draw).
    Decided(Outcome, u32),
    /// Its options, a range of [`Expansion::options`].
    Options(Range<usize>),
}

/// Consecutive positions of a tier expanded ([`RankedGame::expand`]): each decided by the
/// rules or with its options as (tier, rank). About 16 bytes a position and 16 an option.
#[derive(Debug, Clone, Default)]
pub struct Expansion {
    tier: u32,
    positions: Vec<Expanded>,
    options: Vec<(u32, u64)>,
}

impl Expansion {
    /// The positions expanded.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position was expanded.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The number of options of every position, inside the tier or not: one past the last
    /// index [`Expansion::later_options`] gives.
    pub fn option_count(&self) -> usize {
        self.options.len()
    }

    /// The options of every position that leave its tier, as (index, tier, rank), in order
    /// and with repeats: the values a solver must fetch before [`Expansion::decide`], which
    /// asks for each by the same index (below [`Expansion::option_count`]), so that a solver
    /// can keep them in a list rather than search for them. O(options).
    pub fn later_options(&self) -> impl Iterator<Item = (usize, u32, u64)> + '_ {
        let tier = self.tier;
        self.options
            .iter()
            .enumerate()
            .filter(move |&(_, &(t, _))| t != tier)
            .map(|(at, &(t, r))| (at, t, r))
    }

    /// The `i`-th position's value, from its options' values (`value_of` of the option's
    /// index, tier and rank, asked for each option that leaves the tier), or what its moves
    /// inside the tier leave to decide: their ranks in `inside` (cleared first) and the fold
    /// of the others. O(options).
    pub fn decide(
        &self,
        i: usize,
        inside: &mut Vec<u64>,
        mut value_of: impl FnMut(usize, u32, u64) -> Result<Value, TierError>,
    ) -> Result<Pulled, TierError> {
        inside.clear();
        match &self.positions[i] {
            Expanded::Decided(o, r) => Ok(Pulled::Decided(*o, *r)),
            Expanded::Options(range) => {
                let start = range.start;
                fold_options(
                    self.tier,
                    &self.options[range.clone()],
                    inside,
                    |at, t, r| value_of(start + at, t, r),
                )
            }
        }
    }
}
