//! What the two ways of solving a tier share: the chunks of positions the parallel passes work
//! on and their progress, the later tiers a tier moves into, and the pull of one position (its
//! moves ranked and looked up in the later tiers, folded into what the retrograde rule needs).

use rayon::prelude::*;

use super::results::{Results, Value};
use super::{TierError, TierRanking};
use crate::budget::Budget;
use crate::outcome::Outcome;
use crate::progress::Progress;

/// Positions a task of the parallel pass works on: the later tiers' look-ups of a chunk stay
/// near each other when the ranking is local.
pub(super) const CHUNK: usize = 1 << 14;
/// Chunks between two reports of progress.
const CHUNKS_PER_REPORT: usize = 64;

/// The tiers a tier moves into, by tier number.
pub(crate) struct Later<'a> {
    /// The first tier held.
    pub first: u32,
    /// Tiers `first, first + 1, ...`; `None` for a tier the game says it never moves into.
    pub tiers: Vec<Option<&'a Results>>,
}

/// A tier to solve, as both ways of solving take it ([`super::tier`], [`super::unmoves`]):
/// the game, the tier, the later tiers it moves into, whether remoteness and draw levels are
/// kept, the convention, and the budget and progress the work reports to.
pub(crate) struct TierTask<'a, G> {
    pub game: &'a G,
    pub tier: u32,
    pub later: &'a Later<'a>,
    pub remoteness: bool,
    /// Whether to find the draws' levels after the values (records kept, and the memory
    /// budget has room for the pass and the tiers two moves away).
    pub draws: bool,
    pub misere: bool,
    pub budget: &'a Budget,
    pub progress: &'a dyn Progress,
}

/// What the options of a position leaving the tier amount to, for the retrograde rule: all
/// that a position with moves inside its tier needs of its other options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fold {
    /// Smallest remoteness of an option that is a loss (for its mover), or `u32::MAX`.
    pub fastest_loss: u32,
    /// Largest remoteness of an option that is a win, or `None`.
    pub slowest_win: Option<u32>,
    /// Whether an option is a draw.
    pub draw: bool,
}

impl Fold {
    /// No option yet.
    pub const EMPTY: Fold = Fold {
        fastest_loss: u32::MAX,
        slowest_win: None,
        draw: false,
    };

    /// Adds an option of this outcome (for the player to move there) and remoteness. O(1).
    pub fn add(&mut self, outcome: Outcome, remoteness: u32) {
        match outcome {
            Outcome::Loss => self.fastest_loss = self.fastest_loss.min(remoteness),
            Outcome::Win => {
                self.slowest_win = Some(self.slowest_win.map_or(remoteness, |r| r.max(remoteness)))
            }
            Outcome::Draw => self.draw = true,
        }
    }

    /// The value of a position whose options are exactly these (at least one): the outcome
    /// and remoteness (`u32::MAX` for a draw). O(1).
    pub fn decide(&self) -> (Outcome, u32) {
        if self.fastest_loss != u32::MAX {
            (Outcome::Win, self.fastest_loss + 1)
        } else if self.draw {
            (Outcome::Draw, u32::MAX)
        } else {
            (Outcome::Loss, self.slowest_win.map_or(0, |r| r + 1))
        }
    }
}

/// The distinct levels of `levels`, in order, in a vector no larger than they need: a chunk
/// keeps its list for the whole pass, so the room its pushes grew to (up to 2 bytes a
/// position of the chunk) is given back. O(n log n).
pub(super) fn distinct(mut levels: Vec<u16>) -> Vec<u16> {
    levels.sort_unstable();
    levels.dedup();
    levels.shrink_to_fit();
    levels
}

/// The ranges of positions `0..size` a task works on, [`CHUNK`] each.
pub(super) fn chunk_ranges(size: u64) -> impl Iterator<Item = std::ops::Range<u64>> {
    (0..size)
        .step_by(CHUNK)
        .map(move |start| start..(start + CHUNK as u64).min(size))
}

/// Runs `work` on every job, `(range of positions, data)`, over rayon's threads,
/// [`CHUNKS_PER_REPORT`] jobs at a time, reporting their positions done after each batch
/// and checking `budget`'s deadline and cancel flag before it; the results in job order, or
/// the first error.
pub(super) fn in_batches<J, T>(
    jobs: Vec<(std::ops::Range<u64>, J)>,
    budget: &Budget,
    progress: &dyn Progress,
    work: impl Fn((std::ops::Range<u64>, J)) -> Result<T, TierError> + Sync,
) -> Result<Vec<T>, TierError>
where
    J: Send,
    T: Send,
{
    let mut results = Vec::with_capacity(jobs.len());
    let mut jobs = jobs.into_iter().peekable();
    let mut done_so_far = 0;
    while jobs.peek().is_some() {
        budget.check_time(super::WORK, done_so_far)?;
        let batch: Vec<_> = jobs.by_ref().take(CHUNKS_PER_REPORT).collect();
        let done: u64 = batch.iter().map(|(r, _)| r.end - r.start).sum();
        let parts = batch
            .into_par_iter()
            .map(&work)
            .collect::<Result<Vec<T>, TierError>>()?;
        results.extend(parts);
        progress.advance(done);
        done_so_far += done;
    }
    Ok(results)
}

/// What the pull makes of one position.
#[derive(Debug, Clone, Copy)]
pub enum Pulled {
    /// Decided by the rules and the later tiers: the outcome and remoteness (`u32::MAX` for a
    /// draw).
    Decided(Outcome, u32),
    /// Moves inside the tier remain (their ranks are left in the caller's list); the fold of
    /// its other options.
    Inside(Fold),
}

/// The value of `p` where the rules end the game there (its result, or no move: a loss, a
/// win in misère play), else `None` with its moves ranked in `options` (cleared first): the
/// first half of the pull, which both the pull here and a solver elsewhere
/// ([`super::Expansion`]) take. O(moves).
pub(super) fn ended<G: TierRanking>(
    game: &G,
    p: &G::Position,
    misere: bool,
    options: &mut Vec<(u32, u64)>,
) -> Option<(Outcome, u32)> {
    if let Some(o) = game.result(p) {
        return Some((o, if o == Outcome::Draw { u32::MAX } else { 0 }));
    }
    options.clear();
    game.ranked_moves(p, options);
    if options.is_empty() {
        let o = if misere { Outcome::Win } else { Outcome::Loss };
        return Some((o, 0));
    }
    None
}

/// The second half of the pull: the options of a position of `tier` (at least one), those
/// inside the tier left in `inside` (cleared first) and the others folded by their values
/// (`value_of` of the option's index in `options`, its tier and rank; it says what holds a
/// tier it cannot answer). O(options).
pub(super) fn fold_options(
    tier: u32,
    options: &[(u32, u64)],
    inside: &mut Vec<u64>,
    mut value_of: impl FnMut(usize, u32, u64) -> Result<Value, TierError>,
) -> Result<Pulled, TierError> {
    inside.clear();
    let mut fold = Fold::EMPTY;
    for (at, &(t, r)) in options.iter().enumerate() {
        if t == tier {
            inside.push(r);
            continue;
        }
        let value = value_of(at, t, r)?;
        fold.add(value.outcome, value.remoteness.unwrap_or(0));
    }
    Ok(if inside.is_empty() {
        let (o, r) = fold.decide();
        Pulled::Decided(o, r)
    } else {
        Pulled::Inside(fold)
    })
}

/// The pull of one position `p` of `tier`: its result, or its moves ranked and looked up in
/// the later tiers. `options` is scratch; the ranks of the moves inside the tier are left in
/// `inside` (cleared first). O(moves).
pub(super) fn pull_position<G: TierRanking>(
    game: &G,
    tier: u32,
    p: &G::Position,
    later: &Later<'_>,
    misere: bool,
    options: &mut Vec<(u32, u64)>,
    inside: &mut Vec<u64>,
) -> Result<Pulled, TierError> {
    inside.clear();
    if let Some((o, r)) = ended(game, p, misere, options) {
        return Ok(Pulled::Decided(o, r));
    }
    for &(t, r) in options.iter() {
        check_rank(game, t, r)?;
    }
    fold_options(tier, options, inside, |_, t, r| {
        Ok(later
            .tiers
            .get(t.wrapping_sub(later.first) as usize)
            .copied()
            .flatten()
            .ok_or_else(|| not_later(tier, t))?
            .get(r))
    })
}

/// The tiers that moves from `tier` reach besides `tier` itself, within the game's tiers.
pub(super) fn reach<G: TierRanking>(game: &G, tier: u32) -> std::ops::Range<u32> {
    let range = game.later_tiers(tier);
    range.start.max(tier + 1)..range.end.min(game.tier_count())
}

/// The error of a move from `tier` into tier `t`, which the game does not name among the
/// later tiers of `tier` (so no solver holds it): one wording for every solver.
pub fn not_later(tier: u32, t: u32) -> TierError {
    TierError::Ranking(format!(
        "a move from tier {tier} reaches tier {t}, which is not among the later tiers the game \
         names for it"
    ))
}

/// Checks a ranked option against the ranking's bounds.
pub(super) fn check_rank<G: TierRanking>(game: &G, t: u32, r: u64) -> Result<(), TierError> {
    if t >= game.tier_count() {
        return Err(TierError::Ranking(format!(
            "a position is in tier {t}, but the game has {} tiers",
            game.tier_count()
        )));
    }
    let size = game.tier_size(t);
    if r >= size {
        return Err(TierError::Ranking(format!(
            "a position of tier {t} has rank {r}, but the tier has {size} positions"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::distinct;

    /// A chunk's list keeps its distinct levels in order and no more room than they need
    /// (the room of a list of every decided position's level once held 1.75 bytes a
    /// position of Dōbutsu Shōgi for the whole pass).
    #[test]
    fn distinct_levels_give_back_their_room() {
        let mut levels = Vec::with_capacity(16_384);
        levels.extend((0..16_384u32).map(|i| (i * 7919 % 5) as u16));
        let kept = distinct(levels);
        assert_eq!(kept, [0, 1, 2, 3, 4]);
        assert!(kept.capacity() < 16, "{}", kept.capacity());
    }
}
