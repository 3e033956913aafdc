//! Solving one tier from the tiers it moves into.
//!
//! Every position of the tier is unranked, its moves generated, ranked and looked up in the
//! later tiers (a *pull*: the tier is written in order, the later tiers read). A position
//! whose moves all leave the tier is decided on the spot: a win if some option is a loss
//! (remoteness one more than the smallest such), else a draw if some option is a draw, else a
//! loss (one more than the largest remoteness). Positions with moves inside the tier are left
//! for a second step: the tier becomes a [`GameGraph`] of its own, each later option folded
//! into at most three stand-ins (its fastest loss, slowest win and a draw: all that the
//! retrograde count needs), and the graph solver's kernel decides them with their cycles.

use rayon::prelude::*;

use super::results::{ChunkWriter, Results, MAX_REMOTENESS, NO_REMOTENESS};
use super::{TierError, TierRanking};
use crate::graph::GameGraph;
use crate::outcome::Outcome;
use crate::progress::Progress;
use crate::solve::{solve, SolveOptions};

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

/// What the options of a position leaving the tier amount to, for the retrograde rule.
#[derive(Debug, Clone, Copy)]
pub(super) struct Fold {
    /// Smallest remoteness of an option that is a loss (for its mover), or `u32::MAX`.
    pub fastest_loss: u32,
    /// Largest remoteness of an option that is a win, or `None`.
    pub slowest_win: Option<u32>,
    /// Whether an option is a draw.
    pub draw: bool,
}

impl Fold {
    const EMPTY: Fold = Fold {
        fastest_loss: u32::MAX,
        slowest_win: None,
        draw: false,
    };

    fn add(&mut self, outcome: Outcome, remoteness: u32) {
        match outcome {
            Outcome::Loss => self.fastest_loss = self.fastest_loss.min(remoteness),
            Outcome::Win => {
                self.slowest_win = Some(self.slowest_win.map_or(remoteness, |r| r.max(remoteness)))
            }
            Outcome::Draw => self.draw = true,
        }
    }

    /// The value of a position whose options are exactly these (at least one).
    fn decide(&self) -> (Outcome, u32) {
        if self.fastest_loss != u32::MAX {
            (Outcome::Win, self.fastest_loss + 1)
        } else if self.draw {
            (Outcome::Draw, u32::MAX)
        } else {
            (Outcome::Loss, self.slowest_win.map_or(0, |r| r + 1))
        }
    }
}

/// What a chunk leaves for the in-tier step: the positions with moves inside the tier, with
/// the fold of their other options, and those moves.
#[derive(Default)]
struct Pending {
    positions: Vec<(u32, Fold)>,
    moves: Vec<(u32, u32)>,
}

/// Solves `tier` of `game` from the later tiers. O(positions · moves) rule calls, spread over
/// rayon's threads; the result does not depend on their number.
pub(crate) fn solve_tier<G>(
    game: &G,
    tier: u32,
    later: &Later<'_>,
    remoteness: bool,
    misere: bool,
    progress: &dyn Progress,
) -> Result<Results, TierError>
where
    G: TierRanking + Sync,
{
    if G::UNMOVES {
        return super::unmoves::solve_tier(game, tier, later, remoteness, misere, progress);
    }
    let size = game.tier_size(tier);
    let mut results = Results::new(size, remoteness);
    let mut pending = Pending::default();
    {
        let jobs = results.chunk_writers(CHUNK);
        let parts = in_batches(jobs, progress, |(range, mut writer)| {
            pull_chunk(game, tier, range, later, misere, &mut writer)
        })?;
        for part in parts {
            pending.positions.extend(part.positions);
            pending.moves.extend(part.moves);
        }
    }
    if !pending.positions.is_empty() {
        solve_cycles(tier, &mut results, pending, remoteness)?;
    }
    Ok(results)
}

/// The ranges of positions `0..size` a task works on, [`CHUNK`] each.
pub(super) fn chunk_ranges(size: u64) -> impl Iterator<Item = std::ops::Range<u64>> {
    (0..size)
        .step_by(CHUNK)
        .map(move |start| start..(start + CHUNK as u64).min(size))
}

/// Runs `work` on every job, `(range of positions, data)`, over rayon's threads,
/// [`CHUNKS_PER_REPORT`] jobs at a time, reporting their positions done after each batch;
/// the results in job order, or the first error.
pub(super) fn in_batches<J, T>(
    jobs: Vec<(std::ops::Range<u64>, J)>,
    progress: &dyn Progress,
    work: impl Fn((std::ops::Range<u64>, J)) -> Result<T, TierError> + Sync,
) -> Result<Vec<T>, TierError>
where
    J: Send,
    T: Send,
{
    let mut results = Vec::with_capacity(jobs.len());
    let mut jobs = jobs.into_iter().peekable();
    while jobs.peek().is_some() {
        let batch: Vec<_> = jobs.by_ref().take(CHUNKS_PER_REPORT).collect();
        let done: u64 = batch.iter().map(|(r, _)| r.end - r.start).sum();
        let parts = batch
            .into_par_iter()
            .map(&work)
            .collect::<Result<Vec<T>, TierError>>()?;
        results.extend(parts);
        progress.advance(done);
    }
    Ok(results)
}

/// What the pull makes of one position.
pub(super) enum Pulled {
    /// Decided by the rules and the later tiers: the outcome and remoteness (`u32::MAX` for a
    /// draw).
    Decided(Outcome, u32),
    /// Moves inside the tier remain (their ranks are left in the caller's list); the fold of
    /// its other options.
    Inside(Fold),
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
    if let Some(o) = game.result(p) {
        return Ok(Pulled::Decided(
            o,
            if o == Outcome::Draw { u32::MAX } else { 0 },
        ));
    }
    options.clear();
    game.ranked_moves(p, options);
    if options.is_empty() {
        let o = if misere { Outcome::Win } else { Outcome::Loss };
        return Ok(Pulled::Decided(o, 0));
    }
    let mut fold = Fold::EMPTY;
    for &(t, r) in options.iter() {
        check_rank(game, t, r)?;
        if t == tier {
            inside.push(r);
            continue;
        }
        let value = later
            .tiers
            .get(t.wrapping_sub(later.first) as usize)
            .copied()
            .flatten()
            .ok_or_else(|| {
                TierError::Ranking(format!(
                    "a move from tier {tier} reaches tier {t}, which is not among the later \
                     tiers the game names for it"
                ))
            })?
            .get(r);
        fold.add(value.outcome, value.remoteness.unwrap_or(0));
    }
    Ok(if inside.is_empty() {
        let (o, r) = fold.decide();
        Pulled::Decided(o, r)
    } else {
        Pulled::Inside(fold)
    })
}

/// The pull over positions `range` of `tier`, writing the decided ones through `writer`
/// (which starts at `range.start`) and keeping the moves inside the tier for the graph.
fn pull_chunk<G: TierRanking>(
    game: &G,
    tier: u32,
    range: std::ops::Range<u64>,
    later: &Later<'_>,
    misere: bool,
    writer: &mut ChunkWriter<'_>,
) -> Result<Pending, TierError> {
    let mut pending = Pending::default();
    let mut positions = Vec::with_capacity((range.end - range.start) as usize);
    game.unrank_range(tier, range.clone(), &mut positions);
    let (mut options, mut inside) = (Vec::new(), Vec::new());
    for (i, (p, rank)) in positions.iter().zip(range).enumerate() {
        let (outcome, remoteness) =
            match pull_position(game, tier, p, later, misere, &mut options, &mut inside)? {
                Pulled::Decided(o, r) => (o, r),
                Pulled::Inside(fold) => {
                    // The in-tier step numbers positions by u32, as the graph does.
                    if game.tier_size(tier) >= u64::from(u32::MAX / 2) {
                        return Err(TierError::TierTooLarge {
                            tier,
                            positions: game.tier_size(tier),
                        });
                    }
                    pending
                        .moves
                        .extend(inside.iter().map(|&r| (rank as u32, r as u32)));
                    pending.positions.push((rank as u32, fold));
                    continue;
                }
            };
        writer.set(i, outcome, remoteness.min(u32::from(NO_REMOTENESS)) as u8);
        if remoteness != u32::MAX && remoteness > MAX_REMOTENESS && !writer.remoteness.is_empty() {
            return Err(TierError::Remoteness { tier, remoteness });
        }
    }
    Ok(pending)
}

/// Checks a ranked option against the ranking's bounds.
fn check_rank<G: TierRanking>(game: &G, t: u32, r: u64) -> Result<(), TierError> {
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

/// The second step: the positions with moves inside the tier, by the graph solver on the
/// tier as a graph with stand-ins for the later options.
fn solve_cycles(
    tier: u32,
    results: &mut Results,
    pending: Pending,
    remoteness: bool,
) -> Result<(), TierError> {
    let n = results.len();
    let is_pending = {
        let mut mark = vec![false; n as usize];
        for &(i, _) in &pending.positions {
            mark[i as usize] = true;
        }
        mark
    };
    // The stand-ins: two chains of positions whose remoteness is their place in the chain,
    // one from a loss (loss 0, win 1, loss 2, ...), one from a win (win 0, loss 1, ...),
    // and one draw. A stand-in for (outcome, r) is the chain's position r.
    let mut longest = 0u32;
    for i in 0..n {
        if !is_pending[i as usize] {
            longest = longest.max(results.get(i).remoteness.unwrap_or(0));
        }
    }
    for (_, fold) in &pending.positions {
        if fold.fastest_loss != u32::MAX {
            longest = longest.max(fold.fastest_loss);
        }
        longest = longest.max(fold.slowest_win.unwrap_or(0));
    }
    let chain = u64::from(longest) + 1;
    let total = n + 2 * chain + 1;
    if total >= u64::from(u32::MAX) {
        return Err(TierError::TierTooLarge { tier, positions: n });
    }
    let from_loss = n as u32;
    let from_win = (n + chain) as u32;
    let draw = (n + 2 * chain) as u32;
    let stand_in = |outcome: Outcome, r: u32| match outcome {
        Outcome::Draw => draw,
        o if (o == Outcome::Loss) == (r % 2 == 0) => from_loss + r,
        _ => from_win + r,
    };
    let mut fixed: Vec<Option<Outcome>> = vec![None; total as usize];
    fixed[from_loss as usize] = Some(Outcome::Loss);
    fixed[from_win as usize] = Some(Outcome::Win);
    fixed[draw as usize] = Some(Outcome::Draw);
    let mut moves = pending.moves;
    for k in 1..chain as u32 {
        moves.push((from_loss + k, from_loss + k - 1));
        moves.push((from_win + k, from_win + k - 1));
    }
    for (i, fold) in &pending.positions {
        if fold.fastest_loss != u32::MAX {
            moves.push((*i, stand_in(Outcome::Loss, fold.fastest_loss)));
        }
        if let Some(r) = fold.slowest_win {
            moves.push((*i, stand_in(Outcome::Win, r)));
        }
        if fold.draw {
            moves.push((*i, draw));
        }
    }
    for i in 0..n as u32 {
        if is_pending[i as usize] {
            continue;
        }
        let value = results.get(u64::from(i));
        match (value.outcome, value.remoteness.unwrap_or(0)) {
            (Outcome::Draw, _) => moves.push((i, draw)),
            (o, 0) => fixed[i as usize] = Some(o),
            (o, r) => moves.push((i, stand_in(o.flip(), r - 1))),
        }
    }
    let graph = GameGraph::from_moves(total as u32, &moves).with_fixed_results(fixed);
    drop(moves);
    let solution = solve(&graph, &SolveOptions::default()).expect("a graph without players");
    let mut writer = ChunkWriter {
        outcomes: &mut results.outcomes,
        remoteness: &mut results.remoteness,
    };
    for (i, _) in &pending.positions {
        let outcome = solution.outcome(*i);
        let r = solution.remoteness(*i);
        if let Some(r) = r.filter(|&r| remoteness && r > MAX_REMOTENESS) {
            return Err(TierError::Remoteness {
                tier,
                remoteness: r,
            });
        }
        writer.set(*i as usize, outcome, r.map_or(NO_REMOTENESS, |r| r as u8));
    }
    Ok(())
}
