//! The simplest form of a stopper (Siegel, *Combinatorial Game Theory*, ch. VI.3): dominated
//! options removed, reversible options bypassed, equal positions fused. Every step keeps the
//! value of every position, so the order of the positions, decided once at the start, holds
//! throughout.

use super::error::LoopyError;
use super::graph::{pack, pack_mapped, LoopyGame};
use super::order::Survival;
use super::stopper::check_stopper;
use crate::budget::Budget;
use crate::partizan::Side;

/// What the work is called in budget errors.
const WORK: &str = "simplifying a stopper";
/// Rewrites between two checks of the time budget.
const CHECK_EVERY: u64 = 1024;

/// A stopper with the order of every pair of its positions, decided once: the simplest form
/// of the stopper and of each of its followers is then a rewriting alone.
pub(crate) struct Simplifier<'a> {
    game: &'a LoopyGame,
    order: Survival,
}

impl<'a> Simplifier<'a> {
    /// The order of every pair of positions of the stopper `game`, an error if it is not a
    /// stopper. O(n² (n + m)), within `budget`.
    pub(crate) fn new(game: &'a LoopyGame, budget: &Budget) -> Result<Simplifier<'a>, LoopyError> {
        check_stopper(game)?;
        Ok(Simplifier {
            game,
            order: Survival::of(game, game, budget)?,
        })
    }

    /// The simplest form of the stopper, as [`simplify`] gives it. The rewriting, within
    /// `budget`'s time.
    pub(crate) fn simplest(&self, budget: &Budget) -> Result<LoopyGame, LoopyError> {
        rewrite(self.game, &|a, b| self.order.le(a, b), budget)
    }

    /// The simplest form of the follower `v`, as [`simplify`] gives it for
    /// [`LoopyGame::follower`]`(v)`, the order read from the whole stopper's (a position's
    /// value does not depend on the game around it). O(n + m) for the follower, then the
    /// rewriting, within `budget`'s time.
    pub(crate) fn follower(&self, v: u32, budget: &Budget) -> Result<LoopyGame, LoopyError> {
        let (follower, original) = self.game.follower_mapped(v);
        let le = |a: u32, b: u32| self.order.le(original[a as usize], original[b as usize]);
        rewrite(&follower, &le, budget)
    }

    /// The simplest forms of the followers `roots`, sharing their positions: a stopper whose
    /// start (position 0) has a Left move to each, every other position in simplest form and
    /// no two of them equal, and the position of each root in it (`roots[i]` at `at[i]`).
    /// Each root's follower there equals [`Simplifier::follower`] of it; shared, followers
    /// that differ little (the approximations of one round of sidling) take a fraction of
    /// the positions of their separate forms. O(n + m) and the rewriting, within `budget`'s
    /// time.
    pub(crate) fn followers(
        &self,
        roots: &[u32],
        budget: &Budget,
    ) -> Result<(LoopyGame, Vec<u32>), LoopyError> {
        let (left, right) = self.game.lists();
        let hub = left.len() as u32;
        let mut lists = [left.to_vec(), right.to_vec()];
        lists[0].push(roots.to_vec());
        lists[1].push(Vec::new());
        // The hub is not a position of the stopper: it is neither rewritten nor compared.
        let le = |a: u32, b: u32| self.order.le(a, b);
        rewrite_from(&mut lists, hub, true, &le, budget)?;
        let reached = reachable(&lists, hub);
        // Fuse: every position to the first reached of its value.
        let mut first = vec![u32::MAX; lists[0].len()];
        for (i, &v) in reached.iter().enumerate().skip(1) {
            first[v as usize] = reached[1..=i]
                .iter()
                .copied()
                .find(|&u| le(u, v) && le(v, u))
                .expect("v = v");
        }
        first[hub as usize] = hub;
        for &v in &reached {
            for list in lists.iter_mut() {
                for w in list[v as usize].iter_mut() {
                    *w = first[*w as usize];
                }
            }
        }
        let [left, right] = lists;
        let (game, original) = pack_mapped(&left, &right, hub);
        let mut id = vec![u32::MAX; left.len()];
        for (new, &old) in original.iter().enumerate() {
            id[old as usize] = new as u32;
        }
        let at = roots
            .iter()
            .map(|&r| id[first[r as usize] as usize])
            .collect();
        Ok((game, at))
    }
}

/// The simplest form of the stopper `game`, its positions in breadth-first order (not yet
/// in the canonical order): until nothing changes, at every reachable position, each
/// reversible option is replaced by the options that reverse it (a Left option `G^L` with a
/// Right option `G^LR ≤ G` gives way to the Left options of `G^LR`, and the mirror for
/// Right), and each dominated option is removed (a Left option at most another, a Right
/// option at least another; of equal options one is kept); then positions of equal value
/// are fused. O(n² (n + m)) for the order of every pair of positions, within `budget`, and
/// the rewriting, which ends because every new option is reached from its position by a
/// longer alternating line of play of the original stopper, whose lines are finite.
pub(crate) fn simplify(game: &LoopyGame, budget: &Budget) -> Result<LoopyGame, LoopyError> {
    Simplifier::new(game, budget)?.simplest(budget)
}

/// The rewriting of [`simplify`], the order given: `le(a, b)` whether position `a` of `game`
/// is at most position `b`. Within `budget`'s time.
fn rewrite(
    game: &LoopyGame,
    le: &impl Fn(u32, u32) -> bool,
    budget: &Budget,
) -> Result<LoopyGame, LoopyError> {
    let (left, right) = game.lists();
    let mut lists = [left.to_vec(), right.to_vec()];
    rewrite_from(&mut lists, 0, false, le, budget)?;
    // Fuse: every position to the first of its value.
    let n = game.len() as u32;
    let first: Vec<u32> = (0..n)
        .map(|v| (0..=v).find(|&u| le(u, v) && le(v, u)).expect("v = v"))
        .collect();
    for list in lists.iter_mut().flatten() {
        for w in list.iter_mut() {
            *w = first[*w as usize];
        }
    }
    let [left, right] = lists;
    Ok(pack(&left, &right, 0))
}

/// Bypasses and prunes at every position reachable from `start` until nothing changes: the
/// rewriting of [`simplify`]; `start` itself is left as it is when `keep_start` (a hub that
/// is no position of the stopper). Within `budget`'s time.
fn rewrite_from(
    lists: &mut [Vec<Vec<u32>>; 2],
    start: u32,
    keep_start: bool,
    le: &impl Fn(u32, u32) -> bool,
    budget: &Budget,
) -> Result<(), LoopyError> {
    let mut rewrites = 0u64;
    loop {
        let mut changed = false;
        for v in reachable(lists, start) {
            if keep_start && v == start {
                continue;
            }
            for side in [Side::Left, Side::Right] {
                changed |= bypass(lists, v, side, le, budget, &mut rewrites)?;
                changed |= prune(lists, v, side, le);
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// The positions reachable from `start`, in breadth-first order. O(n + m).
fn reachable(lists: &[Vec<Vec<u32>>; 2], start: u32) -> Vec<u32> {
    let mut seen = vec![false; lists[0].len()];
    let mut order = vec![start];
    seen[start as usize] = true;
    let mut next = 0;
    while next < order.len() {
        let v = order[next] as usize;
        for &w in lists[0][v].iter().chain(&lists[1][v]) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                order.push(w);
            }
        }
        next += 1;
    }
    order
}

/// Bypasses the reversible options of `side` at `v`; whether any was. `le(a, b)`: a ≤ b.
fn bypass(
    lists: &mut [Vec<Vec<u32>>; 2],
    v: u32,
    side: Side,
    le: &impl Fn(u32, u32) -> bool,
    budget: &Budget,
    rewrites: &mut u64,
) -> Result<bool, LoopyError> {
    let (own, other) = match side {
        Side::Left => (0, 1),
        Side::Right => (1, 0),
    };
    // A Left option a reverses through a Right option b ≤ v; a Right one through b ≥ v.
    let reverses = |b: u32| match side {
        Side::Left => le(b, v),
        Side::Right => le(v, b),
    };
    let mut changed = false;
    let mut i = 0;
    while i < lists[own][v as usize].len() {
        let a = lists[own][v as usize][i];
        let through = lists[other][a as usize]
            .iter()
            .copied()
            .find(|&b| reverses(b));
        let Some(b) = through else {
            i += 1;
            continue;
        };
        lists[own][v as usize].remove(i);
        let replacements = lists[own][b as usize].clone();
        for x in replacements {
            if !lists[own][v as usize].contains(&x) {
                lists[own][v as usize].push(x);
            }
        }
        changed = true;
        *rewrites += 1;
        if *rewrites % CHECK_EVERY == 0 {
            budget.check_time(WORK, *rewrites)?;
        }
    }
    Ok(changed)
}

/// Removes the dominated options of `side` at `v`; whether any was.
fn prune(
    lists: &mut [Vec<Vec<u32>>; 2],
    v: u32,
    side: Side,
    le: &impl Fn(u32, u32) -> bool,
) -> bool {
    let own = usize::from(side == Side::Right);
    // `worse(a, b)`: a is no better than b for the side to move.
    let worse = |a: u32, b: u32| match side {
        Side::Left => le(a, b),
        Side::Right => le(b, a),
    };
    let options = std::mem::take(&mut lists[own][v as usize]);
    let before = options.len();
    let mut kept: Vec<u32> = Vec::with_capacity(before);
    for a in options {
        if kept.iter().any(|&k| worse(a, k)) {
            continue;
        }
        kept.retain(|&k| !worse(k, a));
        kept.push(a);
    }
    let changed = kept.len() != before;
    lists[own][v as usize] = kept;
    changed
}
