//! Candy Piles (AtCoder AGC002 E), the worked example of the "observation" method in notes 000.
//!
//! **Rules.** There are n piles of stones. A move either takes one stone from every non-empty
//! pile, or takes a largest pile entirely. The player who takes the last stone loses (so a
//! player who faces no stone at all has won: the opponent took the last one).
//!
//! **Closed form** (notes 000, 观察法, the problem "有 n 堆石子 ... 拿走最大的一堆石子", slides
//! 20–23). Sort the piles from largest to smallest and draw them as a Young diagram: pile `i`
//! is column `i`, of height `a[i]`. After `i` "take a largest pile" moves and `j` "one from each"
//! moves the stones left are the diagram without its first `i` columns and first `j` rows, so
//! a position is the corner cell `(i, j)`, and a move steps the corner right (`i + 1`) or up
//! (`j + 1`). A cell outside the diagram has no stone left: the player to move there has won.
//! The outcomes are constant along each diagonal `(i + t, j + t)` as long as the cell stays
//! inside the diagram; so walk the corner diagonally while `(i + 1, j + 1)` is still inside.
//! At the last such cell only straight runs are left: with `r` cells to its right and `u`
//! cells above it, the player to move wins iff `r` or `u` is odd.
//!
//! The same walk solves any game of that shape (a corner moving right or up through a Young
//! diagram); the two-queue threshold game of notes 002 is one (see [`ends`](super::ends)).
//!
//! **Complexity.** O(n log n) to sort, then O(min(n, max a)) for the diagonal walk and
//! O(log n) for the runs (a binary search). Pile sizes are `u64`; no arithmetic can overflow.

use std::fmt;

use serde::Serialize;

use super::catalogue_game::own_rules;
use super::corner_walk::{corner_outcome, DownSet};
use super::Answer;
use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::outcome::Outcome;
use grundy::report::Report;
use grundy::rules::Game;

/// The rules of Candy Piles, for the generic solver: a position is the list of non-empty
/// piles, largest first (see [`position`]); the empty position ends the game with a win for
/// the player to move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CandyPiles;

impl Game for CandyPiles {
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        if p.is_empty() {
            return;
        }
        out.push(p[1..].to_vec());
        out.push(p.iter().filter(|&&x| x > 1).map(|&x| x - 1).collect());
    }

    fn result(&self, p: &Vec<u64>) -> Option<Outcome> {
        p.is_empty().then_some(Outcome::Win)
    }
}

/// The position of [`CandyPiles`] for the given piles: the non-empty ones, largest first.
/// O(n log n).
pub fn position(piles: &[u64]) -> Vec<u64> {
    let mut a: Vec<u64> = piles.iter().copied().filter(|&x| x > 0).collect();
    a.sort_unstable_by(|x, y| y.cmp(x));
    a
}

/// A winning move of Candy Piles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum CandyMove {
    /// Take one stone from every non-empty pile (`piles` of them, so `piles` stones).
    OneFromEach {
        /// The number of non-empty piles.
        piles: u64,
    },
    /// Take a largest pile, of `stones` stones.
    TakeLargest {
        /// The size of the pile taken.
        stones: u64,
    },
}

impl fmt::Display for CandyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CandyMove::OneFromEach { piles: 1 } => {
                write!(f, "take one stone from the only non-empty pile")
            }
            CandyMove::OneFromEach { piles } => {
                write!(f, "take one stone from each of the {piles} non-empty piles")
            }
            CandyMove::TakeLargest { stones } => {
                write!(f, "take a largest pile ({stones} stones)")
            }
        }
    }
}

/// The Young diagram of piles sorted largest first: column `i` has height `a[i]`.
struct Diagram<'a>(&'a [u64]);

impl DownSet for Diagram<'_> {
    fn contains(&self, i: u64, j: u64) -> bool {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.0.get(i))
            .is_some_and(|&h| h > j)
    }

    fn run_right(&self, i: u64, j: u64) -> u64 {
        let rest = &self.0[i as usize + 1..];
        rest.partition_point(|&h| h > j) as u64
    }

    fn run_up(&self, i: u64, j: u64) -> u64 {
        self.0[i as usize] - j - 1
    }
}

/// The outcome for the player to move. O(n log n).
pub fn outcome(piles: &[u64]) -> Outcome {
    let a = position(piles);
    corner_outcome(&Diagram(&a), 0, 0)
}

/// The outcome and every winning move (there are at most two). Candy Piles is not a
/// normal-play game, so there is no Sprague–Grundy value. With no stone at all the player to
/// move has won already and has no move. O(n log n).
pub fn answer(piles: &[u64]) -> Answer<CandyMove> {
    let a = position(piles);
    if a.is_empty() {
        return Answer {
            outcome: Outcome::Win,
            value: None,
            winning_moves: Vec::new(),
            winning_move_count: None,
        };
    }
    let d = Diagram(&a);
    let mut moves = Vec::new();
    if corner_outcome(&d, 1, 0) == Outcome::Loss {
        moves.push(CandyMove::TakeLargest { stones: a[0] });
    }
    if corner_outcome(&d, 0, 1) == Outcome::Loss {
        moves.push(CandyMove::OneFromEach {
            piles: a.len() as u64,
        });
    }
    Answer::from_moves(None, moves)
}

/// The position after a move, if it is legal.
fn candy_move(p: &[u64], m: &CandyMove) -> Option<Vec<u64>> {
    let a = position(p);
    match *m {
        CandyMove::TakeLargest { stones } => (a.first() == Some(&stones)).then(|| a[1..].to_vec()),
        CandyMove::OneFromEach { piles } => (piles == a.len() as u64 && piles > 0)
            .then(|| a.iter().filter(|&&x| x > 1).map(|&x| x - 1).collect()),
    }
}

own_rules!(
    CandyPiles,
    Vec<u64>,
    CandyMove,
    |p: &Vec<u64>| answer(p),
    |p: &Vec<u64>, m| candy_move(p, m)
);

/// `grundy candy-piles A1 ... An`: Candy Piles by the diagonal walk of notes 000: the
/// outcome and the winning moves (at most two). The piles can also come from a file (`--file`,
/// `-` for standard input) in the format of AtCoder AGC002 E: N, then N pile sizes.
pub struct CandyPilesFamily;

impl Family for CandyPilesFamily {
    fn name(&self) -> &'static str {
        "candy-piles"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Candy Piles (AGC002 E): take one stone from every pile or a largest pile; whoever \
         takes the last stone loses"
    }

    fn example(&self) -> Example {
        &[("piles", "1"), ("piles", "3")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::or_file(
                Param::args(
                    "piles",
                    "PILE",
                    "The pile sizes (0 to 2^64 - 1 stones each), in any order",
                )
                .whole("a pile size", 0)
                .each("pile"),
            ),
            super::file_param(
                "Read the piles from a file (`-`: standard input): N, then N pile sizes",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let piles = inputs.numbers_or_file("piles", "file")?;
    Ok(Report::answer(&answer(&piles)))
}
