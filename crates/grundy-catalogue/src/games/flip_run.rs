//! The flipping game of the notes (取反游戏): take one from a counter, add one to a run after
//! it.
//!
//! **Rules** (notes 002 §取反游戏). A sequence `a_1, ..., a_n` of non-negative integers. A
//! move picks an index `i` with `a_i > 0`, subtracts 1 from `a_i`, and adds 1 to each of
//! `a_{i+1}, ..., a_{i+t}` for some `t` with `0 ≤ t ≤ n - i` (the notes' `I = {i+1, i+2, ...}`,
//! possibly empty: a run starting right after `i`, as the notes' own reduction to flipping an
//! interval `[l, r)` of parities reads it). The player who cannot move (all zero) loses.
//! (Were `I` any set of later indices, the game would be trivial: a unit at `i` would be
//! worth `2^(n-i)`, and the player to move would win iff some `a_i` is odd.)
//!
//! **Formula.** Every unit of `a_i` is an independent component: a move removes one unit and
//! creates units after it. A unit at distance `m = n + 1 - i` from the end has the value
//! `g(m) = mex { g(m-1) ⊕ ... ⊕ g(m-t) : 0 ≤ t < m }`, the recursion of the Ruler game (notes
//! 003 §5.3 任意翻硬币 and 002 问题3, read from the far end: flipping coins `m-t..m` with
//! coin `m` heads): `g(m) = lowbit(m)`, the largest power of 2 dividing `m`. Two units at the
//! same index cancel, so the Sprague–Grundy value is
//!
//! `⊕ { lowbit(n + 1 - i) : a_i odd }`,
//!
//! and only the parities matter, as the notes observe. The notes go on (with the parities
//! `p_i`, `p_0 = 0`, and `b_i = p_i ⊕ p_{i-1}`) to the test `⊕ { n + 1 - i : b_i = 1 } ≠ 0`
//! for a first-player win, "by intuition". That test is right, but the number is not the
//! Sprague–Grundy value: it equals `L(v)` for the value `v` above, where `L` is the linear
//! map `2^j ↦ 2^{j+1} - 1`, one to one, so it is 0 exactly when `v` is (see the tests).
//!
//! **Winning moves.** The XOR of `lowbit(1), ..., lowbit(m)` is the Gray code
//! `gray(m) = m ⊕ (m >> 1)`, so the move at `i` with run `t` changes the value by
//! `gray(m) ⊕ gray(m - t - 1)`. It wins iff `gray(m - t - 1) = gray(m) ⊕ v`; Gray coding is one
//! to one, so each index with `a_i > 0` has at most one winning move: `y = gray⁻¹(gray(m) ⊕ v)`
//! and `t = m - 1 - y` when `y < m`.
//!
//! **Complexity.** O(n) for the value and for all winning moves (at most n, all listed; an
//! inverse Gray code takes 6 shifts). The entries are `u64`; only their parities are read.

use std::fmt;

use serde::Serialize;

use super::catalogue_game::own_rules;
use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use grundy::math::bits::{gray, gray_inverse, lowbit};
use grundy::report::Report;
use grundy::rules::Impartial;

/// The rules, for the generic solver: a position is the sequence `a_1, ..., a_n`. A move
/// that would take an entry past `u64::MAX` is not generated (no explorable position comes
/// near it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FlipRun;

impl Impartial for FlipRun {
    type Position = Vec<u64>;

    fn options(&self, a: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        for i in 0..a.len() {
            if a[i] == 0 {
                continue;
            }
            let mut next = a.clone();
            next[i] -= 1;
            out.push(next.clone());
            for j in i + 1..a.len() {
                match next[j].checked_add(1) {
                    Some(up) => next[j] = up,
                    None => break,
                }
                out.push(next.clone());
            }
        }
    }
}

/// A move: subtract 1 from `a_index` and add 1 to the `run` entries after it,
/// `a_{index+1}, ..., a_{index+run}` (indices from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct FlipRunMove {
    /// The entry that loses 1, numbered from 1.
    pub index: usize,
    /// How many entries after it gain 1 (possibly none).
    pub run: usize,
}

impl fmt::Display for FlipRunMove {
    /// `a_2 - 1, a_3..a_5 + 1`, or `a_2 - 1` with an empty run.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a_{} - 1", self.index)?;
        match self.run {
            0 => Ok(()),
            1 => write!(f, ", a_{} + 1", self.index + 1),
            r => write!(f, ", a_{}..a_{} + 1", self.index + 1, self.index + r),
        }
    }
}

/// The Sprague–Grundy value: the XOR of `lowbit(n + 1 - i)` over the odd `a_i`. O(n).
pub fn value(a: &[u64]) -> u64 {
    let n = a.len() as u64;
    a.iter()
        .zip((1..=n).rev())
        .filter(|&(&ai, _)| ai % 2 == 1)
        .fold(0, |v, (_, m)| v ^ lowbit(m))
}

/// Every winning move, by index: at most one per index with `a_i > 0` (see the module); empty
/// iff the player to move loses. O(n).
pub fn winning_moves(a: &[u64]) -> Vec<FlipRunMove> {
    let v = value(a);
    if v == 0 {
        return Vec::new();
    }
    let n = a.len() as u64;
    a.iter()
        .zip((1..=n).rev())
        .enumerate()
        .filter(|&(_, (&ai, _))| ai > 0)
        .filter_map(|(i, (_, m))| {
            let y = gray_inverse(gray(m) ^ v);
            (y < m).then(|| FlipRunMove {
                index: i + 1,
                run: (m - 1 - y) as usize,
            })
        })
        .collect()
}

/// The answer for a position: outcome, value and all winning moves. O(n).
pub fn answer(a: &[u64]) -> Answer<FlipRunMove> {
    Answer::from_moves(Some(value(a)), winning_moves(a))
}

/// The sequence after a move, if it is legal.
fn flip(a: &[u64], m: &FlipRunMove) -> Option<Vec<u64>> {
    let i = m.index.checked_sub(1)?;
    let mut next = a.to_vec();
    next[i] = a.get(i)?.checked_sub(1)?;
    for x in next.get_mut(i + 1..=i + m.run)? {
        *x = x.checked_add(1)?;
    }
    Some(next)
}

own_rules!(
    FlipRun,
    Vec<u64>,
    FlipRunMove,
    |p: &Vec<u64>| answer(p),
    |p: &Vec<u64>, m| flip(p, m)
);

/// `grundy flip-run A1 ... An`: the notes' flipping game (取反游戏). Text prints the winning
/// moves as `a_2 - 1, a_3..a_5 + 1`; JSON moves are `{"index": 2, "run": 3}` (indices from 1;
/// `run` entries after `index` gain 1).
pub struct FlipRunFamily;

impl Family for FlipRunFamily {
    fn name(&self) -> &'static str {
        "flip-run"
    }

    fn group(&self) -> Group {
        Group::Rows
    }

    fn about(&self) -> &'static str {
        "The flipping game (take 1 from a_i, add 1 to a run after it): value, winning moves"
    }

    fn example(&self) -> Example {
        &[("a", "1"), ("a", "0"), ("a", "1"), ("a", "1")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] =
            &[
                Param::args("a", "A", "The sequence a_1, ..., a_n (0 to 2^64 - 1 each)")
                    .whole("a whole number", 0)
                    .each("entry"),
            ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let a = inputs.wholes("a")?;
    Ok(Report::answer(&answer(&a)))
}
