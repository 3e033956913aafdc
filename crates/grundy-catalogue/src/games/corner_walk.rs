//! The diagonal walk on a Young diagram (a down-closed set of cells): Candy Piles and the
//! two-queue game both reduce to moving a corner right or up through such a set, and the notes
//! show that outcomes are constant along its diagonals.

use grundy::outcome::Outcome;

/// A game played by moving a corner right or up through a down-closed set of cells `(i, j)`
/// (a Young diagram: with `(i, j)`, the set holds `(i - 1, j)` and `(i, j - 1)`). A player who
/// must move from a cell outside the set has won (the opponent left it); the notes show that
/// outcomes are constant along diagonals inside the set.
pub trait DownSet {
    /// Whether the cell `(i, j)` is in the set.
    fn contains(&self, i: u64, j: u64) -> bool;
    /// How many cells `(i + t, j)`, `t ≥ 1`, are in the set (`(i, j)` is in it).
    fn run_right(&self, i: u64, j: u64) -> u64;
    /// How many cells `(i, j + t)`, `t ≥ 1`, are in the set (`(i, j)` is in it).
    fn run_up(&self, i: u64, j: u64) -> u64;
}

/// The outcome for the player to move with the corner at `(i, j)`: walk the diagonal while
/// the next diagonal cell is in the set, then decide by the parities of the two straight
/// runs. O(length of the walk) calls of `contains`, and one of each run.
pub fn corner_outcome<S: DownSet>(s: &S, mut i: u64, mut j: u64) -> Outcome {
    if !s.contains(i, j) {
        return Outcome::Win;
    }
    while s.contains(i + 1, j + 1) {
        i += 1;
        j += 1;
    }
    if s.run_right(i, j) % 2 == 1 || s.run_up(i, j) % 2 == 1 {
        Outcome::Win
    } else {
        Outcome::Loss
    }
}
