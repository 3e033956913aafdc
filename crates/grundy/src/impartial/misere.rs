//! Misère sums: the player who makes the last move loses (notes 002 Anti-Nim, 003 §2.7 反NIM).
//!
//! **The rule (SJ theorem).** Take a sum of games whose values are g_1..g_n, and let the whole
//! game end, lost by the last mover, when every component has value 0. The player to move
//! wins iff
//! - every g_i ≤ 1 and their XOR is 0 (an even number of ones), or
//! - some g_i > 1 and the XOR is not 0.
//!
//! **When it holds.** The rule is exact for Anti-Nim (value 0 means an empty pile, where no
//! move is left), and more generally whenever a component of value 0 has no move at all, so
//! that "every component has value 0" is the end of the game. For components with moves at
//! value 0 it is a theorem about the game *with that stipulated end*, not about playing on
//! until no move is left: the misère outcome of such a game is found by solving its graph in
//! misère play ([`solve`](crate::solve::solve) with `misere: true`), which is exact for any
//! single game. The tests check both: the rule against the stipulated game on random
//! components, and against plain misère play where values 0 are terminal.

/// Whether the player to move wins the misère sum of components with these values (SJ
/// theorem; see the module for when it applies). O(n).
///
/// ```
/// use grundy::impartial::misere::anti_sg_wins;
///
/// // Anti-Nim: the piles are their own values, and whoever takes the last counter loses.
/// assert!(!anti_sg_wins(&[1])); // forced to take the last counter
/// assert!(anti_sg_wins(&[1, 1])); // take one, leave the last to the opponent
/// assert!(!anti_sg_wins(&[1, 1, 1]));
/// assert!(anti_sg_wins(&[1, 1, 4])); // a pile above 1, XOR 4
/// assert!(!anti_sg_wins(&[2, 2])); // piles above 1, XOR 0
/// assert!(anti_sg_wins(&[0, 0])); // the game is over: the last mover lost
/// ```
pub fn anti_sg_wins(values: &[u64]) -> bool {
    let xor = values.iter().fold(0, |x, &v| x ^ v);
    let big = values.iter().any(|&v| v > 1);
    if big {
        xor != 0
    } else {
        xor == 0
    }
}

/// A winning move of the misère sum: the index of a component and the value to move it to
/// (smaller than its value, so a move to it exists by the mex rule), or `None` if the player
/// to move loses or the game is over (every value 0: the player to move has won). O(n).
///
/// The strategy: with at most one component above 1, leave an odd number of components of
/// value 1 and none above; otherwise play normal Nim (XOR to 0), which keeps two components
/// above 1.
///
/// ```
/// use grundy::impartial::misere::{anti_sg_move, anti_sg_wins};
///
/// // One pile above 1: reduce it to 1 or 0 to leave an odd number of ones.
/// assert_eq!(anti_sg_move(&[1, 1, 4]), Some((2, 1)));
/// assert_eq!(anti_sg_move(&[1, 4]), Some((1, 0)));
/// // Two piles above 1: play as in Nim, to XOR 0.
/// assert_eq!(anti_sg_move(&[3, 5, 1]), Some((1, 2)));
/// assert!(!anti_sg_wins(&[3, 2, 1]));
/// assert_eq!(anti_sg_move(&[2, 2]), None); // a loss
/// ```
pub fn anti_sg_move(values: &[u64]) -> Option<(usize, u64)> {
    if !anti_sg_wins(values) || values.iter().all(|&v| v == 0) {
        return None;
    }
    let big: Vec<usize> = (0..values.len()).filter(|&i| values[i] > 1).collect();
    let ones = values.iter().filter(|&&v| v == 1).count();
    match big.as_slice() {
        // All at most 1, an even number of ones (and at least two): take one away.
        [] => values.iter().position(|&v| v == 1).map(|i| (i, 0)),
        // Exactly one above 1: make it 0 or 1 so that the number of ones becomes odd.
        [i] => Some((*i, if ones % 2 == 0 { 1 } else { 0 })),
        _ => {
            let xor = values.iter().fold(0, |x, &v| x ^ v);
            let i = (0..values.len()).find(|&i| values[i] ^ xor < values[i])?;
            Some((i, values[i] ^ xor))
        }
    }
}
