//! Staircase Nim, and POI2009 KAM (Pebbles), which is Staircase Nim on the differences.
//!
//! **Staircase Nim** (notes 003 §2.5 阶梯NIM). Steps 1..n hold `a_1, ..., a_n` stones. A move
//! takes one or more stones from one step `i` and puts them on step `i - 1`; stones taken from
//! step 1 leave the game. The player who cannot move (every step empty) loses.
//!
//! *Formula* (notes 003 §2.5.2): the Sprague–Grundy value is the XOR of the odd steps,
//! `a_1 ⊕ a_3 ⊕ a_5 ⊕ ...`, and the player to move wins iff it is not 0. The notes prove the
//! outcome (a move on an even step is undone by moving the same stones on down; on the odd
//! steps the game is Nim); the value follows too: every move changes exactly one odd step
//! (from an odd step `i`, step `i` loses stones; from an even step `i`, step `i - 1` gains
//! them), so no option has the same XOR, and emptying part of an odd step reaches every
//! smaller XOR, as in Nim. The game ends because every move lowers `Σ i · a_i`.
//!
//! *Winning moves*: the moves to XOR 0, at most one per step. With `x` the XOR of the odd
//! steps: from an odd step `i`, take `a_i - (a_i ⊕ x)` stones when `a_i ⊕ x < a_i`; from an
//! even step `i`, move `(a_{i-1} ⊕ x) - a_{i-1}` stones when `a_{i-1} ⊕ x > a_{i-1}` and step
//! `i` has that many.
//!
//! **KAM** (notes 003 §2.5.3 典型题, \[POI2009\] KAM-Pebbles). Piles `a_1 ≤ a_2 ≤ ... ≤ a_n`;
//! a move takes one or more stones from one pile so that the piles stay non-decreasing (pile
//! `i` may go down to `a_{i-1}`, pile 1 to 0). With `a_0 = 0` and the differences
//! `c_i = a_i - a_{i-1}`, taking `x` stones from pile `i` is `c_i -= x, c_{i+1} += x` (for
//! `i = n` the stones just leave): Staircase Nim in which stones move towards the *end* of
//! the row. Step `j` of the staircase is the difference `c_{n+1-j}`: the odd steps are
//! `c_n, c_{n-2}, ...`, as in the notes' loop `for (i = n; i >= 1; i -= 2) ans ^= c[i]`. The
//! correspondence is one to one on positions and on moves, so the values are equal, and
//! moving `x` stones off step `j` is taking `x` stones from pile `n + 1 - j`.
//!
//! **Complexity.** O(n) time for n steps or piles; all winning moves (at most n) are listed.
//! Stone counts are `u64`, and the computation takes only XORs and differences of them, so
//! nothing overflows. (A move may leave more than 2^64 - 1 stones on a step: answers describe
//! the moves, not the positions they lead to.)

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::catalogue_game::own_rules;
use super::Answer;
use super::{Example, Family, Group, Inputs, Param, RunError};
use crate::play::playable::{explore_or_formula, nim_sum_verdict};
use crate::play::{piles, Build, Match, PlayError, Playable, Playbook, WhyLine, CANDIDATES};
use grundy::budget::Budget;
use grundy::report::{Field, Report};
use grundy::rules::Impartial;

/// The rules of Staircase Nim, for the generic solver: a position lists the stones on steps
/// 1, 2, ..., n in that order. A position with s stones in all has at most s options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Staircase;

impl Impartial for Staircase {
    type Position = Vec<u64>;

    fn options(&self, steps: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        for (i, &stones) in steps.iter().enumerate() {
            // Lazily: a step of 10^18 stones stops at the caller's cap.
            out.extend((1..=stones).map(|moved| {
                let mut next = steps.clone();
                next[i] -= moved;
                if i > 0 {
                    // Only a position with more than 2^64 - 1 stones in all could overflow,
                    // far beyond what a solver can explore.
                    next[i - 1] = next[i - 1].saturating_add(moved);
                }
                next
            }));
        }
    }
}

/// A move of Staircase Nim: `stones` stones go from step `step` (numbered from 1) down to
/// step `step - 1`, or out of the game from step 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct StaircaseMove {
    /// The step the stones leave, numbered from 1.
    pub step: usize,
    /// How many stones move (at least 1).
    pub stones: u64,
}

impl fmt::Display for StaircaseMove {
    /// `move 3 stones from step 2 to step 1`, or `remove 3 stones from step 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.stones == 1 { "stone" } else { "stones" };
        if self.step == 1 {
            write!(f, "remove {} {noun} from step 1", self.stones)
        } else {
            write!(
                f,
                "move {} {noun} from step {} to step {}",
                self.stones,
                self.step,
                self.step - 1
            )
        }
    }
}

/// The Sprague–Grundy value of a Staircase Nim position (steps 1..n in order): the XOR of
/// the odd steps. O(n).
pub fn value(steps: &[u64]) -> u64 {
    steps.iter().step_by(2).fold(0, |x, &a| x ^ a)
}

/// Every winning move of a Staircase Nim position, by step: at most one per step (see the
/// module); empty iff the player to move loses. O(n).
pub fn winning_moves(steps: &[u64]) -> Vec<StaircaseMove> {
    let x = value(steps);
    if x == 0 {
        return Vec::new();
    }
    steps
        .iter()
        .enumerate()
        .filter_map(|(i, &a)| {
            let stones = if i % 2 == 0 {
                // Odd step i + 1: take stones off it.
                (a ^ x < a).then(|| a - (a ^ x))?
            } else {
                // Even step i + 1: stones fall onto the odd step below.
                let below = steps[i - 1];
                // Positive when it exists, since x != 0.
                let need = (below ^ x).checked_sub(below)?;
                (need <= a).then_some(need)?
            };
            Some(StaircaseMove {
                step: i + 1,
                stones,
            })
        })
        .collect()
}

/// The answer for a Staircase Nim position: outcome, value and all winning moves. O(n).
pub fn answer(steps: &[u64]) -> Answer<StaircaseMove> {
    Answer::from_moves(Some(value(steps)), winning_moves(steps))
}

/// The rules of KAM (POI2009 Pebbles), for the generic solver: a position lists the piles in
/// order, non-decreasing; a move lowers one pile to any size from its left neighbour's (0
/// for the first pile) up to one less than its own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Kam;

impl Impartial for Kam {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        for (i, &size) in piles.iter().enumerate() {
            let floor = if i == 0 { 0 } else { piles[i - 1] };
            out.extend((floor..size).map(|smaller| {
                let mut next = piles.clone();
                next[i] = smaller;
                next
            }));
        }
    }
}

/// A KAM position whose piles are not in non-decreasing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the piles must be non-decreasing, and pile {pile} ({size}) is smaller than pile {} ({previous})",
    pile - 1
)]
pub struct NotSorted {
    /// The first pile smaller than the one before it, numbered from 1.
    pub pile: usize,
    /// Its size.
    pub size: u64,
    /// The size of the pile before it.
    pub previous: u64,
}

/// A move of KAM: pile `pile` (numbered from 1) goes from `from` stones to `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct KamMove {
    /// The pile, numbered from 1.
    pub pile: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move: smaller, and at least the pile before it.
    pub to: u64,
}

impl fmt::Display for KamMove {
    /// `pile 3: 5 -> 2 (take 3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pile {}: {} -> {} (take {})",
            self.pile,
            self.from,
            self.to,
            self.from - self.to
        )
    }
}

/// The staircase of a KAM position: step `j` (index `j - 1`) is the difference
/// `a_{n+1-j} - a_{n-j}` of the piles (with `a_0 = 0`), so step 1 is the last pile's excess.
/// Fails if the piles are not non-decreasing. O(n).
pub fn kam_staircase(piles: &[u64]) -> Result<Vec<u64>, NotSorted> {
    let mut steps = Vec::with_capacity(piles.len());
    let mut previous = 0;
    for (i, &size) in piles.iter().enumerate() {
        let step = size.checked_sub(previous).ok_or(NotSorted {
            pile: i + 1,
            size,
            previous,
        })?;
        steps.push(step);
        previous = size;
    }
    steps.reverse();
    Ok(steps)
}

/// The Sprague–Grundy value of a KAM position: that of its staircase, `c_n ⊕ c_{n-2} ⊕ ...`.
/// Fails if the piles are not non-decreasing. O(n).
pub fn kam_value(piles: &[u64]) -> Result<u64, NotSorted> {
    Ok(value(&kam_staircase(piles)?))
}

/// The answer for a KAM position: outcome, value and all winning moves (at most one per
/// pile), in pile order. Fails if the piles are not non-decreasing. O(n).
pub fn kam_answer(piles: &[u64]) -> Result<Answer<KamMove>, NotSorted> {
    let steps = kam_staircase(piles)?;
    let n = piles.len();
    let mut moves: Vec<KamMove> = winning_moves(&steps)
        .into_iter()
        .map(|m| {
            let pile = n + 1 - m.step;
            let from = piles[pile - 1];
            KamMove {
                pile,
                from,
                to: from - m.stones,
            }
        })
        .collect();
    moves.reverse();
    Ok(Answer::from_moves(Some(value(&steps)), moves))
}

/// The steps after a move, if it is legal.
fn staircase_move(steps: &[u64], m: &StaircaseMove) -> Option<Vec<u64>> {
    let i = m.step.checked_sub(1)?;
    let left = steps.get(i)?.checked_sub(m.stones)?;
    let mut next = steps.to_vec();
    next[i] = left;
    if i > 0 {
        next[i - 1] = next[i - 1].checked_add(m.stones)?;
    }
    (m.stones > 0).then_some(next)
}

own_rules!(
    Staircase,
    Vec<u64>,
    StaircaseMove,
    |p: &Vec<u64>| answer(p),
    |p: &Vec<u64>, m| staircase_move(p, m)
);

/// `grundy staircase STONES... [--kam]`: Staircase Nim by the XOR of the odd steps, and POI2009
/// KAM (piles kept non-decreasing) by its staircase of differences, with every winning move.
/// Text prints the winning moves as `move 1 stone from step 2 to step 1` (or `pile 4: 9 -> 5
/// (take 4)` with `--kam`, which also prints the staircase); JSON moves are `{"step": 2,
/// "stones": 1}` (or `{"pile": 4, "from": 9, "to": 5}`, and `"staircase": [...]`). Steps and
/// piles are numbered from 1.
pub struct StaircaseFamily;

impl Family for StaircaseFamily {
    fn name(&self) -> &'static str {
        "staircase"
    }

    fn group(&self) -> Group {
        Group::Rows
    }

    fn about(&self) -> &'static str {
        "Staircase Nim (value: XOR of the odd steps), or POI2009 KAM with {kam}: winning moves"
    }

    fn example(&self) -> Example {
        &[("stones", "1"), ("stones", "4"), ("stones", "2")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::args(
                "stones",
                "STONES",
                "The stones on steps 1, 2, ..., n (0 to 2^64 - 1 each); stones move from a step to \
                 the one below, and leave the game from step 1. With {kam}: the piles, \
                 non-decreasing",
            )
            .whole("a number of stones", 0)
            .each("step"),
            Param::flag(
                "kam",
                "POI2009 KAM: the numbers are piles a_1 <= ... <= a_n, and a move takes stones \
                 from one pile so that they stay non-decreasing",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&StaircasePlay]
    }
}

/// The game `staircase` of `grundy play` and the web page.
struct StaircasePlay;

impl Playable for StaircasePlay {
    fn syntax(&self) -> &'static str {
        "staircase"
    }

    fn example(&self) -> &'static str {
        "staircase"
    }

    fn about(&self) -> &'static str {
        "Staircase Nim: move counters from a step down to the step below"
    }

    fn position(&self) -> &'static str {
        "the counters on steps 1, 2, ...: 3 0 4 2"
    }

    fn start(&self) -> &'static str {
        "3 0 4 2"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play_from(start, budget)
    }

    fn formula(&self) -> Option<Build> {
        Some(|_, start, budget| by_formula(piles::read(start, "step")?, budget))
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        Some(WhyLine(Arc::new(why)))
    }
}

/// Why a Staircase Nim position is won or lost: the XOR of its odd steps ([`value`]), Nim
/// on the odd steps (a move from an even step is undone by moving the same stones on down).
/// O(steps).
fn why(position: &str) -> Option<String> {
    let steps = piles::read(position, "step").ok()?;
    let odd: Vec<String> = (steps.iter().enumerate().step_by(2))
        .map(|(i, a)| format!("step {}: {a}", i + 1))
        .collect();
    let terms: Vec<String> = steps.iter().step_by(2).map(u64::to_string).collect();
    let sum = value(&steps);
    Some(format!(
        "only the odd steps count (stones moved down from an even step can be moved on down \
         again), and on them the game is Nim: {}; their nim-sum {} = {sum}{}",
        odd.join(", "),
        terms.join(" ⊕ "),
        nim_sum_verdict(sum)
    ))
}

/// Staircase Nim played from `start` (the stones on steps 1, 2, ...): explored where it fits
/// the budget, else by the formula.
fn play_from(start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let title = "Staircase Nim".to_string();
    let steps = piles::read(start, "step")?;
    let (reach, size) = (reach(&steps), piles::counters(&steps));
    let explore = || {
        let (start, describe) = (steps.clone(), piles::named("step"));
        Match::from_rules(title, &Staircase, start, false, budget, describe)
    };
    explore_or_formula(budget, reach, size, explore, || {
        by_formula(steps.clone(), budget)
    })
}

/// Staircase Nim played from `steps` by the formula.
fn by_formula(steps: Vec<u64>, budget: &Budget) -> Result<Match, PlayError> {
    let count = steps.len();
    let playbook = Playbook {
        game: Staircase,
        describe: Box::new(piles::named("step")),
        read: Box::new(move |name| piles::of_name(name, count)),
        between: Box::new(|p: &Vec<u64>, q: &Vec<u64>| move_between(p, q)),
        candidates: Box::new(|steps: &Vec<u64>| {
            // One stone down from each step, then every stone of each step.
            let one = (0..steps.len()).map(|i| (i, 1));
            let all = steps.iter().enumerate().map(|(i, &n)| (i, n));
            one.chain(all)
                .take(CANDIDATES)
                .filter_map(|(i, stones)| {
                    let m = StaircaseMove {
                        step: i + 1,
                        stones,
                    };
                    staircase_move(steps, &m)
                })
                .collect()
        }),
    };
    let title = "Staircase Nim".to_string();
    Ok(Match::by_formula(title, playbook, steps, budget))
}

/// An upper bound on the positions of Staircase Nim reachable from `steps`: step j never
/// holds more than the stones on steps j and above.
fn reach(steps: &[u64]) -> u128 {
    let mut above = 0u128;
    let mut reach = 1u128;
    for &stones in steps.iter().rev() {
        above += u128::from(stones);
        reach = reach.saturating_mul(above + 1);
    }
    reach
}

/// The Staircase Nim move from `p` to `q`, if stones left one step for the step below (or
/// the game, from step 1).
fn move_between(p: &[u64], q: &[u64]) -> Option<StaircaseMove> {
    if p.len() != q.len() {
        return None;
    }
    // The highest step that changed lost the stones.
    let i = (0..p.len()).rev().find(|&i| p[i] != q[i])?;
    let stones = p[i].checked_sub(q[i])?;
    Some(StaircaseMove {
        step: i + 1,
        stones,
    })
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let stones = inputs.wholes("stones")?;
    if !inputs.given("kam") {
        return Ok(Report::answer(&answer(&stones)));
    }
    let piles = stones;
    let steps = kam_staircase(&piles)?;
    let text: Vec<String> = steps.iter().map(u64::to_string).collect();
    Ok(Report::answer(&kam_answer(&piles)?).field(Field::shown(
        "staircase",
        &steps,
        "staircase (step 1 = last pile's excess)",
        text.join(" "),
    )))
}
