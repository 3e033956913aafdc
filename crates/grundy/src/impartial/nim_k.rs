//! Moore's Nim_k: piles of counters; a move removes counters from at least 1 and at most k
//! piles (any positive number from each). Nim is Nim_1 (notes 002, 003).
//!
//! **P-positions.** Write the piles in binary: the player to move loses iff, for every bit,
//! the number of piles with that bit set is a multiple of k + 1. A move changes at most k
//! piles and its highest changed bit goes from 1 to 0 in each pile it touches there, so it
//! breaks the multiple at that bit; conversely [`winning_move`] builds a move back to such a
//! position (the notes' construction, bit by bit from the top).

/// Whether the player to move wins Nim_k on these piles. O(n · 64).
///
/// ```
/// use grundy::impartial::nim_k::wins;
///
/// // Nim (k = 1): the XOR of 1, 2, 3 is 0.
/// assert!(!wins(&[1, 2, 3], 1));
/// // Three piles of 1: a win in Nim, a loss when a move may take from two piles.
/// assert!(wins(&[1, 1, 1], 1));
/// assert!(!wins(&[1, 1, 1], 2));
/// // 3, 5, 6, 7 = 011, 101, 110, 111: three piles have each bit, a multiple of 2 + 1.
/// assert!(!wins(&[3, 5, 6, 7], 2));
/// assert!(wins(&[3, 5, 6, 7], 3));
/// ```
pub fn wins(piles: &[u64], k: u64) -> bool {
    (0..64).any(|bit| count_set(piles, bit) % (k.saturating_add(1)) != 0)
}

fn count_set(piles: &[u64], bit: u32) -> u64 {
    piles.iter().filter(|&&p| p >> bit & 1 == 1).count() as u64
}

/// A winning move: the new size of every pile (at least 1 and at most k piles smaller, none
/// larger), or `None` if the player to move loses. O(n · 64).
///
/// The construction of the notes: go through the bits from the top, keeping the set S of
/// piles already reduced at a higher bit (whose lower bits are free). At a bit where the count
/// r = (piles with the bit set) mod (k + 1) is not 0, with a piles of S having the bit and b
/// not having it: clear it in r piles of S if r ≤ a; else set it in k + 1 - r piles of S if
/// r + b ≥ k + 1; else bring r - a more piles having the bit into S and clear it in r piles.
/// S never exceeds k piles.
///
/// ```
/// use grundy::impartial::nim_k::{winning_move, wins};
///
/// let piles = [3, 5, 6, 7];
/// let after = winning_move(&piles, 3).unwrap();
/// assert!(!wins(&after, 3));
/// let changed = piles.iter().zip(&after).filter(|(a, b)| a != b).count();
/// assert!((1..=3).contains(&changed));
/// assert!(piles.iter().zip(&after).all(|(a, b)| b <= a));
/// assert_eq!(winning_move(&piles, 2), None); // a loss for k = 2
/// ```
pub fn winning_move(piles: &[u64], k: u64) -> Option<Vec<u64>> {
    if k == 0 || !wins(piles, k) {
        return None;
    }
    let m = k.saturating_add(1);
    let mut new = piles.to_vec();
    let mut chosen = vec![false; piles.len()];
    for bit in (0..64).rev() {
        let r = count_set(&new, bit) % m;
        if r == 0 {
            continue;
        }
        let with: Vec<usize> = (0..new.len())
            .filter(|&i| chosen[i] && new[i] >> bit & 1 == 1)
            .collect();
        let without: Vec<usize> = (0..new.len())
            .filter(|&i| chosen[i] && new[i] >> bit & 1 == 0)
            .collect();
        let (a, b) = (with.len() as u64, without.len() as u64);
        if r <= a {
            for &i in &with[..r as usize] {
                new[i] &= !(1 << bit);
            }
        } else if r + b >= m {
            for &i in &without[..(m - r) as usize] {
                new[i] |= 1 << bit;
            }
        } else {
            let extra: Vec<usize> = (0..new.len())
                .filter(|&i| !chosen[i] && new[i] >> bit & 1 == 1)
                .take((r - a) as usize)
                .collect();
            for &i in with.iter().chain(&extra) {
                chosen[i] = true;
                new[i] &= !(1 << bit);
            }
        }
    }
    debug_assert!(!wins(&new, k));
    Some(new)
}
