//! Deleting runs of zeros from a 0/1 string.
//!
//! **Rules** (notes 002 §不覆盖子串). A string of 0s and 1s. A move deletes a non-empty
//! substring made only of 0s (the rest of the string closes up). The player who cannot move
//! (no 0 left) loses.
//!
//! **Formula** (notes 002 §不覆盖子串): every maximal run of 0s is an independent game, and a
//! run of `k` zeros has Sprague–Grundy value `k`, so the string's value is the XOR of the
//! lengths of its runs of 0s; the player to move wins iff it is not 0. (The notes treat a
//! deletion inside a run as splitting it in two; in the string the two parts close up into
//! one shorter run. Either way a run of `k` can become exactly the values `0, ..., k - 1`,
//! so the value is `k` in both readings, and the rules here delete literally.)
//!
//! **Winning moves.** With `x` the XOR of the run lengths, a run of length `k` with
//! `k ⊕ x < k` must lose `d = k - (k ⊕ x)` zeros, and any `d` consecutive zeros of it will
//! do: `k ⊕ x + 1` moves, given as (start, length) with the start numbered from 1. Different
//! starts in one run leave the same string, but they are different moves.
//!
//! **Complexity.** O(n) for a string of length n. There are at most n winning moves; the
//! first [`LISTED_MOVES`] are listed, with their number when there are more.

use std::fmt;

use serde::Serialize;

use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use grundy::report::Report;
use grundy::rules::Impartial;

/// The most winning moves an answer lists; [`Answer::winning_move_count`] gives their number
/// when there are more.
pub const LISTED_MOVES: usize = 1000;

/// The rules, for the generic solver: a position is the string, of `0` and `1` characters.
/// A string of length n has at most n(n + 1)/2 options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ZeroRuns;

impl Impartial for ZeroRuns {
    type Position = String;

    fn options(&self, s: &String, out: &mut grundy::rules::Moves<String>) {
        let bytes = s.as_bytes();
        for start in 0..bytes.len() {
            for end in start + 1..=bytes.len() {
                if bytes[end - 1] != b'0' {
                    break;
                }
                out.push(format!("{}{}", &s[..start], &s[end..]));
            }
        }
    }
}

/// A move: delete the `length` characters from position `start` on (numbered from 1), all
/// of them 0s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct ZeroRunMove {
    /// The first character deleted, numbered from 1.
    pub start: usize,
    /// How many characters are deleted (at least 1).
    pub length: usize,
}

impl fmt::Display for ZeroRunMove {
    /// `delete 2 zeros at 4..5`, or `delete the 0 at 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.length == 1 {
            write!(f, "delete the 0 at {}", self.start)
        } else {
            write!(
                f,
                "delete {} zeros at {}..{}",
                self.length,
                self.start,
                self.start + self.length - 1
            )
        }
    }
}

/// A string with a character other than `0` and `1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the string must be made of 0s and 1s (or t and h), and character {position} is {found:?}")]
pub struct NotBinary {
    /// The first bad character's place, numbered from 1.
    pub position: usize,
    /// The character.
    pub found: char,
}

/// The maximal runs of 0s, as (start from 0, length).
fn runs(s: &str) -> Result<Vec<(usize, usize)>, NotBinary> {
    let mut runs = Vec::new();
    let mut start = None;
    for (position, c) in s.chars().enumerate() {
        match c {
            '0' => {
                start.get_or_insert(position);
            }
            '1' => {
                if let Some(st) = start.take() {
                    runs.push((st, position - st));
                }
            }
            found => {
                return Err(NotBinary {
                    position: position + 1,
                    found,
                })
            }
        }
    }
    if let Some(st) = start {
        runs.push((st, s.len() - st));
    }
    Ok(runs)
}

/// The Sprague–Grundy value of a string: the XOR of the lengths of its runs of 0s. Fails on
/// a character other than `0` and `1`. O(n).
pub fn value(s: &str) -> Result<u64, NotBinary> {
    Ok(runs(s)?.iter().fold(0, |x, &(_, k)| x ^ k as u64))
}

/// The answer for a string: outcome, value and the winning moves, by start (the first
/// [`LISTED_MOVES`] of them, with their number when there are more). Fails on a character
/// other than `0` and `1`. O(n).
pub fn answer(s: &str) -> Result<Answer<ZeroRunMove>, NotBinary> {
    let runs = runs(s)?;
    let x = runs.iter().fold(0, |x, &(_, k)| x ^ k);
    let mut moves = Vec::new();
    let mut count: u128 = 0;
    for &(start, k) in &runs {
        let keep = k ^ x;
        if keep >= k {
            continue;
        }
        count += keep as u128 + 1;
        for first in start..=start + keep {
            if moves.len() == LISTED_MOVES {
                break;
            }
            moves.push(ZeroRunMove {
                start: first + 1,
                length: k - keep,
            });
        }
    }
    let mut answer = Answer::from_moves(Some(x as u64), moves);
    if count > answer.winning_moves.len() as u128 {
        answer.winning_move_count = Some(count);
    }
    Ok(answer)
}

/// `grundy zero-runs STRING`: text prints the winning moves as `delete 2 zeros at 4..5`; JSON
/// moves are `{"start": 4, "length": 2}` (positions from 1). The first 1000 moves are listed
/// ([`LISTED_MOVES`]), with `winning_move_count` when there are more.
pub struct ZeroRunsFamily;

impl Family for ZeroRunsFamily {
    fn name(&self) -> &'static str {
        "zero-runs"
    }

    fn group(&self) -> Group {
        Group::Rows
    }

    fn about(&self) -> &'static str {
        "Delete a run of 0s from a 0/1 string (value: XOR of the runs): every winning move"
    }

    fn example(&self) -> Example {
        &[("string", "0010001")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::arg("string", "STRING", "The string, of 0s and 1s")];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    Ok(Report::answer(&answer(
        inputs.value("string").unwrap_or_default(),
    )?))
}
