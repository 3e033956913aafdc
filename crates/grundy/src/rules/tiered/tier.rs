//! Solving one tier from the tiers it moves into, by pulling: the algorithm for games without
//! unmoves (the other is [`super::unmoves`]; [`super::solve`] chooses).
//!
//! Every position of the tier is unranked, its moves generated, ranked and looked up in the
//! later tiers (a *pull*: the tier is written in order, the later tiers read). A position
//! whose moves all leave the tier is decided on the spot: a win if some option is a loss
//! (remoteness one more than the smallest such), else a draw if some option is a draw, else a
//! loss (one more than the largest remoteness). Positions with moves inside the tier are left
//! for a second step: the tier becomes a [`GameGraph`] of its own, each later option folded
//! into at most three stand-ins (its fastest loss, slowest win and a draw: all that the
//! retrograde count needs), and the graph solver's kernel decides them with their cycles.

use super::results::{ChunkWriter, Layout, Results, Value, MAX_REMOTENESS};
use super::sweep::{in_batches, pull_position, Fold, Later, Pulled, TierTask, CHUNK};
use super::{TierError, TierRanking};
use crate::graph::GameGraph;
use crate::outcome::Outcome;
use crate::solve::{draw_levels_with, solve, DrawLevel, Outside, SolveOptions};

/// What a chunk leaves for the in-tier step: the positions with moves inside the tier, with
/// the fold of their other options, and those moves.
#[derive(Default)]
struct Pending {
    positions: Vec<(u32, Fold)>,
    moves: Vec<(u32, u32)>,
}

/// Solves `tier` of `game` from the later tiers. O(positions · moves) rule calls, spread over
/// rayon's threads; the result does not depend on their number.
pub(crate) fn solve_tier<G>(task: &TierTask<'_, G>) -> Result<Results, TierError>
where
    G: TierRanking + Sync,
{
    let (game, tier, later, misere) = (task.game, task.tier, task.later, task.misere);
    let mut results = Results::new(game.tier_size(tier), Layout::new(task.remoteness));
    let mut pending = Pending::default();
    {
        let jobs = results.chunk_writers(CHUNK);
        let parts = in_batches(jobs, task.budget, task.progress, |(range, mut writer)| {
            pull_chunk(game, tier, range, later, misere, &mut writer)
        })?;
        for part in parts {
            pending.positions.extend(part.positions);
            pending.moves.extend(part.moves);
        }
    }
    if !pending.positions.is_empty() {
        solve_cycles(tier, &mut results, pending, task.remoteness)?;
    }
    if task.draws {
        draw_pass(task, &mut results)?;
    }
    Ok(results)
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
        if outcome != Outcome::Draw && remoteness > MAX_REMOTENESS && writer.keeps_remoteness() {
            return Err(TierError::Remoteness { tier, remoteness });
        }
        writer.set(i, outcome, remoteness);
    }
    Ok(pending)
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
    let mut writer = results.writer();
    for (i, _) in &pending.positions {
        let outcome = solution.outcome(*i);
        let r = solution.remoteness(*i);
        if let Some(r) = r.filter(|&r| remoteness && r > MAX_REMOTENESS) {
            return Err(TierError::Remoteness {
                tier,
                remoteness: r,
            });
        }
        writer.set(*i as usize, outcome, r.unwrap_or(0));
    }
    Ok(())
}

/// The value of rank `r` of later tier `t`, `None` where the tier is not held.
pub(super) fn later_value(later: &Later<'_>, t: u32, r: u64) -> Option<Value> {
    later
        .tiers
        .get(t.wrapping_sub(later.first) as usize)
        .copied()
        .flatten()
        .map(|results| results.get(r))
}

/// `g` of a drawn position `y` of a later tier (the player to move there defending: 0 if he
/// has a losing move, else one more than the largest level of his drawn moves), from its
/// options' records; `None` where an option's tier is not held or a level not recorded.
/// O(moves of `y`).
pub(super) fn later_defence<G: TierRanking>(
    game: &G,
    later: &Later<'_>,
    y: &G::Position,
    options: &mut Vec<(u32, u64)>,
) -> Option<DrawLevel> {
    if game.result(y).is_some() {
        return Some(DrawLevel::Pure);
    }
    options.clear();
    game.ranked_moves(y, options);
    let mut most: Option<DrawLevel> = None;
    for &(t, r) in options.iter() {
        let value = later_value(later, t, r)?;
        match value.outcome {
            Outcome::Win => return Some(DrawLevel::Plies(0)),
            Outcome::Loss => {}
            Outcome::Draw => most = most.max(Some(value.draw_level?)),
        }
    }
    most.map(DrawLevel::after_move)
}

/// The bytes a position the draw-level pass of a tier of `size` positions holds besides the
/// moves of its draws: an outcome and the fold of the moves out, then the graph's arrays for
/// `draw_levels_with` (about 38 bytes a position). O(1).
pub(super) fn draw_pass_bytes(size: u64) -> u64 {
    let position = std::mem::size_of::<Outcome>() + std::mem::size_of::<Outside>() + 38;
    size * position as u64
}

/// The draw-level pass of a tier whose values are set (records only): the drawn positions
/// and their moves inside the tier make a graph; each move out stands in by its value, and
/// for a draw its level (`f`, from its record) and `g` (from its options' records). Each
/// draw's record then holds its level. The levels of a tier whose moves out reach a draw
/// without a recorded level, or a tier not held, are left [`super::NO_LEVEL`] (none).
/// O(draws · moves²) rule calls and look-ups, plus the graph's O(n + m).
pub(crate) fn draw_pass<G: TierRanking>(
    task: &TierTask<'_, G>,
    results: &mut Results,
) -> Result<(), TierError> {
    let (game, tier, later) = (task.game, task.tier, task.later);
    let n = results.len();
    if !results.layout().remoteness() || results.counts()[2] == 0 {
        return Ok(());
    }
    // Positions of the tier, a sink (a loss for its mover) for the draws whose moves all
    // leave the tier, so that the graph does not take them for ends of the game.
    let sink = n as u32;
    task.budget
        .check_memory(draw_pass_bytes(n + 1), super::WORK, 0)?;
    let mut outcomes: Vec<Outcome> = (0..n).map(|i| results.get(i).outcome).collect();
    outcomes.push(Outcome::Loss);
    let mut outside = vec![Outside::default(); n as usize + 1];
    let mut moves = Vec::new();
    let (mut options, mut scratch) = (Vec::new(), Vec::new());
    for i in 0..n {
        if outcomes[i as usize] != Outcome::Draw {
            continue;
        }
        if i % (1 << 16) == 0 {
            task.budget.check_time(super::WORK, i)?;
        }
        let p = game.unrank(tier, i);
        if game.result(&p).is_some() {
            continue;
        }
        options.clear();
        game.ranked_moves(&p, &mut options);
        let mut out = Outside::default();
        let mut inside = false;
        for &(t, r) in &options {
            if t == tier {
                moves.push((i as u32, r as u32));
                inside = true;
                continue;
            }
            let Some(value) = later_value(later, t, r) else {
                return Ok(());
            };
            match value.outcome {
                Outcome::Win => out.losing = true,
                Outcome::Loss => {}
                Outcome::Draw => {
                    let y = game.unrank(t, r);
                    let (Some(f), Some(g)) = (
                        value.draw_level,
                        later_defence(game, later, &y, &mut scratch),
                    ) else {
                        return Ok(());
                    };
                    out.attack = out
                        .attack
                        .min(Some(g.after_move()))
                        .or(Some(g.after_move()));
                    out.defence = out.defence.max(Some(f.after_move()));
                }
            }
        }
        if !inside {
            moves.push((i as u32, sink));
        }
        outside[i as usize] = out;
    }
    let graph = GameGraph::from_moves(sink + 1, &moves);
    drop(moves);
    let levels = draw_levels_with(
        &graph,
        |p| outcomes[p as usize],
        |p| outside[p as usize],
        task.budget,
    )?;
    let mut writer = results.writer();
    for i in 0..n as u32 {
        if let Some(level) = levels.level(i) {
            writer.set_draw_level(i as usize, level);
        }
    }
    Ok(())
}
