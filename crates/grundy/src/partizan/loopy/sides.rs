//! The onside and offside of a loopy game (Conway; Siegel, *Combinatorial Game Theory*,
//! ch. VI): the stoppers that play like the game when infinite play is a win for Left (the
//! onside G⁺) or for Right (the offside G⁻), found by sidling.
//!
//! Sidling: the onside is the greatest assignment of stoppers to the positions with
//! s(v) = {s(v^L) | s(v^R)} at every position, reached from above, every position `on` at
//! the start. Here only the moves that close alternating cycles are approximated: a set E of
//! moves is chosen (the back edges of a depth-first search of the alternating graph) whose
//! removal leaves no alternating cycle, and each round plays the game with every move of E
//! leading to the current approximation of its target instead (a stopper, since no
//! alternating cycle is left), then takes each target's value in that stopper as its next
//! approximation. The approximations fall from `on`; when a round changes none, the
//! assignment is a fixed point above every other (each round stays above every fixed point),
//! and the start's value is the onside. The rest of the game, its non-alternating cycles
//! included (a pass of `over`), is kept as it is, so stoppers are their own sides at once.
//! A game whose approximations do not settle within a number of rounds is refused: it may
//! not be stopper-sided (Bach's carousel is not), or its sides may be reached only in the
//! limit, when a cycle of a side passes through an approximated move (the approximations
//! then grow a little every round: the degree of CGSuite's stopper
//! `{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}` is
//! such a case). A refusal is never a wrong answer: what is returned is a fixed point from
//! above, the onside.

use std::fmt;

use super::error::LoopyError;
use super::form::Stopper;
use super::graph::LoopyGame;
use super::outcome::Winner;
use super::simplify::Simplifier;
use crate::budget::Budget;
use crate::partizan::{GameStore, Side};

/// What the work is called in budget errors.
const WORK: &str = "sidling a loopy game";

/// A game's two sides, both stoppers in simplest form, the onside at least the offside:
/// G = onside & offside.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{LoopyGame, Sides};
///
/// let budget = Budget::default();
/// let sides = |text| Sides::of(&LoopyGame::parse(text, &budget).unwrap(), &budget).unwrap();
/// let dud = sides("on + off");
/// assert_eq!((dud.onside().to_string(), dud.offside().to_string()), ("on".into(), "off".into()));
/// assert_eq!(dud.to_string(), "dud");
/// assert_eq!(sides("a{{|a}|}").to_string(), "1 & 0"); // tis
/// assert_eq!(sides("over").to_string(), "over"); // a stopper is both its sides
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sides {
    onside: Stopper,
    offside: Stopper,
}

impl Sides {
    /// The sides of `game`: [`onside`] of the game and of its negative (the offside is
    /// −(−G)⁺). An error if either does not settle ([`LoopyError::NotStopperSided`]) or a
    /// budget runs out.
    pub fn of(game: &LoopyGame, budget: &Budget) -> Result<Sides, LoopyError> {
        let onside = onside(game, budget)?;
        let offside = offside(game, budget)?;
        Ok(Sides { onside, offside })
    }

    /// The sides given: `onside` at least `offside`, which the caller checks.
    pub(crate) fn from_sides(onside: Stopper, offside: Stopper) -> Sides {
        Sides { onside, offside }
    }

    /// The sides of a sum: the upsum of the onsides and the downsum of the offsides
    /// ((S & T) + (S' & T') = (S +↑ S') & (T +↓ T')). Within `budget`.
    pub fn sum(&self, other: &Sides, budget: &Budget) -> Result<Sides, LoopyError> {
        Ok(Sides {
            onside: upsum(&self.onside, &other.onside, budget)?,
            offside: downsum(&self.offside, &other.offside, budget)?,
        })
    }

    /// The onside G⁺: how the game plays when infinite play is a win for Left.
    pub fn onside(&self) -> &Stopper {
        &self.onside
    }

    /// The offside G⁻: how the game plays when infinite play is a win for Right.
    pub fn offside(&self) -> &Stopper {
        &self.offside
    }

    /// Whether the game is a stopper's value: its two sides equal.
    pub fn is_stopper(&self) -> bool {
        self.onside == self.offside
    }

    /// Who wins with `mover` moving first: Left exactly when she wins the offside (she must
    /// win outright), Right exactly when he wins the onside, else a draw. For a sum, the
    /// sides of the sum ([`Sides::sum`]). O(n + m) of the sides.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::{LoopyGame, Sides, Winner};
    /// use grundy::partizan::Side;
    ///
    /// let budget = Budget::default();
    /// let tis = Sides::of(&LoopyGame::parse("a{{|a}|}", &budget).unwrap(), &budget).unwrap();
    /// assert_eq!(tis.winner(Side::Left), Winner::Draw);
    /// assert_eq!(tis.winner(Side::Right), Winner::Left);
    /// ```
    pub fn winner(&self, mover: Side) -> Winner {
        let first = |s: &Stopper| super::outcome::Outcomes::of(s.game()).play(0, mover).winner;
        if first(&self.offside) == Winner::Left {
            Winner::Left
        } else if first(&self.onside) == Winner::Right {
            Winner::Right
        } else {
            Winner::Draw
        }
    }
}

impl fmt::Display for Sides {
    /// As CGSuite prints a value: the stopper when the sides are equal, `dud` for on & off,
    /// else `onside & offside`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (on, off) = (self.onside.to_string(), self.offside.to_string());
        if self.onside == self.offside {
            f.write_str(&on)
        } else if on == "on" && off == "off" {
            f.write_str("dud")
        } else {
            write!(f, "{on} & {off}")
        }
    }
}

/// The onside G⁺ of `game`, in simplest form, by sidling: a set of moves whose removal leaves
/// no alternating cycle is approximated from `on`, each round playing the game with those
/// moves leading to the approximations of their targets (a stopper) and taking the targets'
/// values in it as the next approximations, until a round changes nothing. Each round
/// simplifies a stopper of the game's positions and the approximations' positions,
/// O(N² (N + M)) for its N positions and M moves, within `budget`; at most `8 + 2k` rounds
/// for the k targets of the approximated moves, else [`LoopyError::NotStopperSided`].
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{onside, LoopyGame};
///
/// let budget = Budget::default();
/// let g = LoopyGame::parse("{0|{dud|},*}", &budget).unwrap();
/// assert_eq!(onside(&g, &budget).unwrap().to_string(), "^");
/// ```
pub fn onside(game: &LoopyGame, budget: &Budget) -> Result<Stopper, LoopyError> {
    let cut = cycle_moves(game);
    if cut.is_empty() {
        return Stopper::new(game, budget);
    }
    let mut targets: Vec<u32> = cut.iter().map(|&(_, _, w)| w).collect();
    targets.sort_unstable();
    targets.dedup();
    let on = Stopper::new(&LoopyGame::from_parts(vec![vec![0]], vec![vec![]]), budget)?;
    let mut approx: Vec<Stopper> = vec![on; targets.len()];
    // The approximations, sharing their positions: `on` at position 1, under a start with a
    // Left move to it.
    let mut shared = Approximations {
        game: LoopyGame::from_parts(vec![vec![1], vec![1]], vec![vec![], vec![]]),
        at: vec![1; targets.len()],
    };
    let rounds = 8 + 2 * targets.len();
    for round in 0..rounds {
        budget.check_time(WORK, round as u64)?;
        let (next, next_shared, start) = sidle(game, &cut, &targets, &shared, budget)?;
        if next == approx {
            return Ok(start);
        }
        approx = next;
        shared = next_shared;
    }
    Err(LoopyError::NotStopperSided { rounds })
}

/// The offside G⁻ of `game`: −(−G)⁺. See [`onside`].
pub fn offside(game: &LoopyGame, budget: &Budget) -> Result<Stopper, LoopyError> {
    onside(&game.negative(), budget)?.negative(budget)
}

/// The upsum G +↑ H of two stoppers: the onside of G + H. Within `budget` (see [`onside`]).
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{upsum, downsum, LoopyGame, Stopper};
///
/// let budget = Budget::default();
/// let s = |t| Stopper::new(&LoopyGame::parse(t, &budget).unwrap(), &budget).unwrap();
/// assert_eq!(upsum(&s("on"), &s("off"), &budget).unwrap().to_string(), "on");
/// assert_eq!(downsum(&s("on"), &s("off"), &budget).unwrap().to_string(), "off");
/// ```
pub fn upsum(g: &Stopper, h: &Stopper, budget: &Budget) -> Result<Stopper, LoopyError> {
    onside(&g.game().sum(h.game(), budget)?, budget)
}

/// The downsum G +↓ H of two stoppers: the offside of G + H. Within `budget` (see
/// [`onside`]).
pub fn downsum(g: &Stopper, h: &Stopper, budget: &Budget) -> Result<Stopper, LoopyError> {
    offside(&g.game().sum(h.game(), budget)?, budget)
}

/// A set of moves, `(v, side, w)`, whose removal leaves no alternating cycle: the back edges
/// of a depth-first search of the alternating graph (state `2v` Left to move at v, `2v + 1`
/// Right). Empty exactly for stoppers. O(n + m).
fn cycle_moves(game: &LoopyGame) -> Vec<(u32, Side, u32)> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = 2 * game.len();
    let side_of = |state: u32| {
        if state % 2 == 0 {
            Side::Left
        } else {
            Side::Right
        }
    };
    // The state after a move to w by the player to move at `state`.
    let after = |state: u32, w: u32| 2 * w + u32::from(state % 2 == 0);
    let mut mark = vec![NEW; n];
    let mut cut = Vec::new();
    let mut stack: Vec<(u32, usize)> = Vec::new();
    for root in 0..n as u32 {
        if mark[root as usize] != NEW {
            continue;
        }
        mark[root as usize] = OPEN;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (state, i) = *top;
            let options = game.options(state / 2, side_of(state));
            let Some(&w) = options.get(i) else {
                mark[state as usize] = DONE;
                stack.pop();
                continue;
            };
            top.1 += 1;
            let next = after(state, w);
            match mark[next as usize] {
                NEW => {
                    mark[next as usize] = OPEN;
                    stack.push((next, 0));
                }
                OPEN => cut.push((state / 2, side_of(state), w)),
                _ => {}
            }
        }
    }
    cut
}

/// The approximations of the targets of the approximated moves in one graph, each position
/// of it in simplest form and no two equal: the approximations of one round share most of
/// their positions, so that the stopper of the next round is a fraction of the size it would
/// have with a copy of each.
struct Approximations {
    /// Position 0, a Left move to every approximation; the approximations from 1.
    game: LoopyGame,
    /// The position of the approximation of `targets[i]`.
    at: Vec<u32>,
}

/// One round of sidling: the game with each move of `cut` leading to the approximation of
/// its target (`shared.at[i]` for `targets[i]`) instead, a stopper; returns the value of each
/// target in it, the same values sharing their positions, and the value of the start. The
/// stopper has a root of its own (a Left move to every position of the game, so all are
/// reached), the game's positions from 1, then the positions of the approximations but their
/// start.
fn sidle(
    game: &LoopyGame,
    cut: &[(u32, Side, u32)],
    targets: &[u32],
    shared: &Approximations,
    budget: &Budget,
) -> Result<(Vec<Stopper>, Approximations, Stopper), LoopyError> {
    let n = game.len() as u32;
    let mut left: Vec<Vec<u32>> = vec![(1..=n).collect()];
    let mut right: Vec<Vec<u32>> = vec![Vec::new()];
    for v in 0..n {
        for (lists, side) in [(&mut left, Side::Left), (&mut right, Side::Right)] {
            lists.push(game.options(v, side).iter().map(|&w| w + 1).collect());
        }
    }
    // Position u ≥ 1 of the approximations is u + offset.
    let offset = left.len() as u32 - 1;
    let g = &shared.game;
    let bytes = (left.len() + g.len()) as u64 * 48 + 4 * g.move_count() as u64;
    budget.check(WORK, (left.len() + g.len()) as u64, bytes)?;
    for u in 1..g.len() as u32 {
        let shift = |side| g.options(u, side).iter().map(|&x| x + offset).collect();
        left.push(shift(Side::Left));
        right.push(shift(Side::Right));
    }
    for &(v, side, w) in cut {
        let lists = match side {
            Side::Left => &mut left,
            Side::Right => &mut right,
        };
        let list = &mut lists[v as usize + 1];
        let i = targets.binary_search(&w).expect("a target");
        let replacement = shared.at[i] + offset;
        list.retain(|&x| x != w + 1);
        if !list.contains(&replacement) {
            list.push(replacement);
        }
    }
    let stopper = LoopyGame::from_parts(left, right);
    let simplifier = Simplifier::new(&stopper, budget)?;
    let mut store = GameStore::with_budget(budget.clone());
    let mut value = |v: u32| -> Result<Stopper, LoopyError> {
        Ok(Stopper::numbered(&simplifier.follower(v, budget)?, &mut store)?.0)
    };
    let next = targets
        .iter()
        .map(|&w| value(w + 1))
        .collect::<Result<Vec<_>, _>>()?;
    let start = value(1)?;
    let roots: Vec<u32> = targets.iter().map(|&w| w + 1).collect();
    let (game, at) = simplifier.followers(&roots, budget)?;
    Ok((next, Approximations { game, at }, start))
}

impl Stopper {
    /// The negative −G, in simplest form. O(n² (n + m)) within `budget`.
    pub fn negative(&self, budget: &Budget) -> Result<Stopper, LoopyError> {
        Stopper::new(&self.game().negative(), budget)
    }
}
