//! Products of games (Tartan theorem, notes 002) and the corner-flipping coin games.
//!
//! Tartan's theorem is about coin-turning games: in the product of two such games a move turns
//! the coins of the Cartesian product of a move's coins in each factor, and the value of a
//! coin at (x_1, ..., x_d) is the nim product of its values in the factors. (The notes state
//! it for position graphs where a move moves every factor at once; that compound is not valued
//! by nim products — two Nim heaps of size 2 give 2, not 2 ⊗ 2 = 3 — which the tests show.)
//! The notes'
//! rectangle game is the product of two "turn two coins" rows: a board of coins; a move picks
//! a box whose far corner (the largest coordinate in every dimension) shows heads, with every
//! side at least 2, and turns over its 2^d corners. A row coin at 0-based place x has value x,
//! so a head at (x_1, ..., x_d) is worth x_1 ⊗ ... ⊗ x_d and the board the XOR of its heads.
//! Coordinates go up to 2^64 - 1 and the board may have any number of heads: O(d) nim
//! products per head.
//!
//! **Winning moves.** Turning the corners of the box from l to h changes the value by
//! (h_1 ⊕ l_1) ⊗ ... ⊗ (h_d ⊕ l_d) (distributivity), so from a board of value S ≠ 0 a move to
//! 0 needs a head h and factors a_i = h_i ⊕ l_i with l_i < h_i and ⊗ a_i = S. Such a move
//! exists for every head with (value of h) ⊕ S < (value of h). [`corner_move`] searches the
//! factors of all but the last dimension exhaustively, within a budget of nim products: it is
//! exact when those coordinates are small (or the search lucky), and says so when it gives up.

use crate::nimber::Nimber;

/// The value of a head at `coords` (0-based) of a corner-flipping board: the nim product of
/// its coordinates. O(d).
///
/// ```
/// use grundy::impartial::product::corner_value;
/// use grundy::Nimber;
///
/// assert_eq!(corner_value(&[2, 2]), Nimber(3)); // 2 ⊗ 2 = 3
/// assert_eq!(corner_value(&[4, 4]), Nimber(6));
/// assert_eq!(corner_value(&[0, 9]), Nimber(0)); // a coin of the first row or column is dead
/// assert_eq!(corner_value(&[5]), Nimber(5)); // one dimension: "turn two coins"
/// ```
pub fn corner_value(coords: &[u64]) -> Nimber {
    coords.iter().map(|&x| Nimber(x)).product()
}

/// The value of a board with heads at the given coordinates (a head listed twice cancels).
/// O(d) nim products per head.
///
/// ```
/// use grundy::impartial::product::corners_value;
/// use grundy::Nimber;
///
/// // Heads at (2, 2) and (3, 3): 2 ⊗ 2 ⊕ 3 ⊗ 3 = 3 ⊕ 2 = 1, a win for the player to move.
/// assert_eq!(corners_value(&[vec![2, 2], vec![3, 3]]), Nimber(1));
/// // Heads at (1, 2) and (2, 1): 2 ⊕ 2 = 0, a loss.
/// assert_eq!(corners_value(&[vec![1, 2], vec![2, 1]]), Nimber(0));
/// assert_eq!(corners_value(&[vec![2, 2], vec![2, 2]]), Nimber(0)); // listed twice: cancels
/// ```
pub fn corners_value(heads: &[Vec<u64>]) -> Nimber {
    heads.iter().map(|h| corner_value(h)).sum()
}

/// What the search for a winning move found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CornerMove {
    /// The board's value is 0: the player to move loses.
    None,
    /// Turn the box with far corner `heads[head]` and near corner `lower`.
    Found {
        /// Index of the head in the input.
        head: usize,
        /// The near corner: every coordinate below the head's.
        lower: Vec<u64>,
    },
    /// A winning move exists, but the search gave up within its budget.
    NotFound,
}

/// A winning move on a board of heads (all of the same dimension, at least 1), searching at
/// most about `budget` nim products. See the module for the method: O(d) per product tried,
/// at most about `budget` of them.
///
/// ```
/// use grundy::impartial::product::{corner_move, corners_value, CornerMove};
/// use grundy::Nimber;
///
/// // One head at (2, 2), value 3: turn the box from (0, 0) to (2, 2).
/// let heads = [vec![2, 2]];
/// let found = corner_move(&heads, 1000);
/// assert_eq!(found, CornerMove::Found { head: 0, lower: vec![0, 0] });
/// // The four corners (0, 0), (0, 2), (2, 0) turn heads up; (2, 2) turns down.
/// let after = [vec![0, 0], vec![0, 2], vec![2, 0]];
/// assert_eq!(corners_value(&after), Nimber(0));
/// assert_eq!(corner_move(&after, 1000), CornerMove::None);
/// ```
pub fn corner_move(heads: &[Vec<u64>], budget: u64) -> CornerMove {
    let s = corners_value(heads);
    if s == Nimber::ZERO {
        return CornerMove::None;
    }
    let mut spent = 0u64;
    for (i, h) in heads.iter().enumerate() {
        let v = corner_value(h);
        if (v + s).0 >= v.0 {
            continue;
        }
        if let Some(lower) = search(h, s, &mut spent, budget) {
            return CornerMove::Found { head: i, lower };
        }
        if spent >= budget {
            break;
        }
    }
    CornerMove::NotFound
}

/// Factors a_i = h_i ⊕ l_i with l_i < h_i for all i and ⊗ a_i = target: every near corner of
/// the first d - 1 dimensions in turn (nearest first), the last factor solved for by division.
fn search(h: &[u64], target: Nimber, spent: &mut u64, budget: u64) -> Option<Vec<u64>> {
    let (last, rest) = h.split_last()?;
    if rest.contains(&0) {
        return None;
    }
    let mut lower: Vec<u64> = rest.iter().map(|&x| x - 1).collect();
    loop {
        *spent += 1;
        let factors: Vec<u64> = rest.iter().zip(&lower).map(|(x, l)| x ^ l).collect();
        // Each factor is non-zero, so their product is invertible.
        let q = target.checked_div(corner_value(&factors))?;
        if q.0 != 0 && last ^ q.0 < *last {
            lower.push(last ^ q.0);
            return Some(lower);
        }
        if *spent >= budget {
            return None;
        }
        let mut i = 0;
        loop {
            if i == lower.len() {
                return None;
            }
            if lower[i] > 0 {
                lower[i] -= 1;
                break;
            }
            lower[i] = rest[i] - 1;
            i += 1;
        }
    }
}
