//! Taking consecutive stones from a circle.
//!
//! **Rules** (notes 002 §对偶博弈). `n` stones lie in a circle. A move takes 1 to `k`
//! consecutive stones (never more than there are). After the first move the circle is a line
//! (a row with two ends), and later moves take 1 to `k` consecutive stones from one row, which
//! may split it in two. The player who cannot move (no stone left) loses.
//!
//! **Formula** (the notes' answer; the value is proved here and checked by the tests):
//!
//! - `k = 1`: every move takes one stone, so the player to move wins iff `n` is odd; the value
//!   is `n mod 2`.
//! - `k ≥ 2` and `1 ≤ n ≤ k`: the player to move takes the whole circle and wins. The value
//!   is `n`: a row of `m ≤ k` stones has value `m` (it can become any shorter row; a split
//!   into rows `a`, `b` with `a + b < m` has value `a ⊕ b ≤ a + b < m`, as in the notes'
//!   proof of §不覆盖子串), so the circle's options are rows of values `0, ..., n - 1`.
//! - `k ≥ 2` and `n > k`: the player to move loses, value 0. Whatever the first move leaves,
//!   a row of `m ≥ 1` stones, the opponent takes its middle 1 (m odd) or 2 (m even) stones,
//!   leaving two equal rows, and then copies every move in the other row.
//! - `n = 0`: no move, a loss.
//!
//! **Winning moves.** All placements of a first move are the same up to rotation, so a move is
//! described by how many stones it takes. With `k ≥ 2` and `n ≤ k` the only winning move takes
//! all `n` stones (a row of `m ≥ 1` stones left would be a win for the opponent, by the
//! mirror move above); with `k = 1` and `n` odd the only move, taking one stone, wins.
//!
//! **Complexity.** O(1); `n` and `k` are `u64`.

use std::fmt;

use serde::Serialize;

use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use grundy::report::Report;
use grundy::rules::Impartial;

/// The rules, for the generic solver, with at most `k` stones per move (at least 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CircleTake {
    /// The most stones a move may take.
    pub k: u64,
}

/// A position of [`CircleTake`]: the untouched circle, or the rows left after the first move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CirclePosition {
    /// `n` stones in a circle: no move has been made yet.
    Circle(u64),
    /// Rows of stones, by length, in non-decreasing order, without empty rows.
    Rows(Vec<u64>),
}

impl CirclePosition {
    /// The position with these rows (in any order; empty rows are dropped).
    pub fn rows(mut rows: Vec<u64>) -> CirclePosition {
        rows.retain(|&r| r > 0);
        rows.sort_unstable();
        CirclePosition::Rows(rows)
    }
}

impl Impartial for CircleTake {
    type Position = CirclePosition;

    fn options(&self, p: &CirclePosition, out: &mut grundy::rules::Moves<CirclePosition>) {
        match p {
            CirclePosition::Circle(n) => {
                for take in 1..=self.k.min(*n) {
                    out.push(CirclePosition::rows(vec![n - take]));
                }
            }
            CirclePosition::Rows(rows) => {
                for (i, &len) in rows.iter().enumerate() {
                    if i > 0 && rows[i - 1] == len {
                        continue;
                    }
                    for take in 1..=self.k.min(len) {
                        // Leave `left` stones on one side and the rest on the other; the
                        // mirror images are the same position.
                        for left in 0..=(len - take) / 2 {
                            let mut next = rows.clone();
                            next[i] = left;
                            next.push(len - take - left);
                            out.push(CirclePosition::rows(next));
                        }
                    }
                }
            }
        }
    }
}

/// A first move on the circle: take `take` consecutive stones (anywhere: all placements are
/// the same up to rotation), leaving a row of `leaves` stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct CircleMove {
    /// How many consecutive stones to take.
    pub take: u64,
    /// The length of the row left.
    pub leaves: u64,
}

impl fmt::Display for CircleMove {
    /// `take 5 consecutive stones (leaves a row of 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.take == 1 {
            "stone"
        } else {
            "consecutive stones"
        };
        write!(
            f,
            "take {} {noun} (leaves a row of {})",
            self.take, self.leaves
        )
    }
}

/// `k` was 0: no move could ever be made, which the game does not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("k must be at least 1: a move takes 1 to k consecutive stones")]
pub struct ZeroK;

/// The Sprague–Grundy value of a circle of `n` stones with moves of 1 to `k` stones (see the
/// module): `n mod 2` for `k = 1`, `n` for `n ≤ k`, otherwise 0. O(1).
pub fn value(n: u64, k: u64) -> Result<u64, ZeroK> {
    Ok(match k {
        0 => return Err(ZeroK),
        1 => n % 2,
        _ if n <= k => n,
        _ => 0,
    })
}

/// The answer for a circle of `n` stones with moves of 1 to `k` stones: outcome, value and
/// the winning move (there is at most one, see the module). O(1).
pub fn answer(n: u64, k: u64) -> Result<Answer<CircleMove>, ZeroK> {
    let v = value(n, k)?;
    let take = if v == 0 {
        None
    } else if n <= k {
        Some(n)
    } else {
        // k = 1 and n odd.
        Some(1)
    };
    let moves = take
        .map(|take| CircleMove {
            take,
            leaves: n - take,
        })
        .into_iter()
        .collect();
    Ok(Answer::from_moves(Some(v), moves))
}

/// `grundy circle-take N K`: text prints the winning first move as `take 5 consecutive
/// stones (leaves a row of 0)`; JSON moves are `{"take": 5, "leaves": 0}`. All placements of a
/// first move are the same up to rotation.
pub struct CircleTakeFamily;

impl Family for CircleTakeFamily {
    fn name(&self) -> &'static str {
        "circle-take"
    }

    fn group(&self) -> Group {
        Group::Rows
    }

    fn about(&self) -> &'static str {
        "Take 1 to K consecutive stones from a circle of N: who wins, the winning first move"
    }

    fn example(&self) -> Example {
        &[("n", "5"), ("k", "6")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "n",
                "N",
                "The number of stones in the circle (0 to 2^64 - 1)",
            )
            .whole("a number of stones", 0),
            Param::arg(
                "k",
                "K",
                "The most consecutive stones a move may take (1 to 2^64 - 1)",
            )
            .whole("a number of stones", 0),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let n = inputs.whole("n")?;
    let k = inputs.whole("k")?;
    Ok(Report::answer(&answer(n, k)?))
}
