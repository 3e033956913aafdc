//! Bit tricks of the coin-turning and flipping games: lowest and highest set bits, Gray
//! codes, odious and evil numbers. Each is O(1) (O(log 64) for [`gray_inverse`]).

/// The largest power of 2 dividing `x` (0 for 0): the value of a head in the Ruler game.
///
/// ```
/// use grundy::math::bits::lowbit;
/// assert_eq!([lowbit(12), lowbit(7), lowbit(0)], [4, 1, 0]);
/// ```
pub fn lowbit(x: u64) -> u64 {
    x & x.wrapping_neg()
}

/// The largest power of 2 not above `x`, for x ≥ 1 (0 for 0).
///
/// ```
/// use grundy::math::bits::highbit;
/// assert_eq!([highbit(12), highbit(1), highbit(0)], [8, 1, 0]);
/// ```
pub fn highbit(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        1 << (63 - x.leading_zeros())
    }
}

/// The Gray code of `m`, m ⊕ (m >> 1): also the XOR of `lowbit(1), ..., lowbit(m)`.
pub fn gray(m: u64) -> u64 {
    m ^ (m >> 1)
}

/// The `m` whose Gray code is `g` (the inverse of [`gray`]).
///
/// ```
/// use grundy::math::bits::{gray, gray_inverse};
/// assert!((0..1000).all(|m| gray_inverse(gray(m)) == m));
/// ```
pub fn gray_inverse(mut g: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        g ^= g >> shift;
        shift <<= 1;
    }
    g
}

/// Whether `i` has an odd number of 1 bits (an odious number; the others are evil).
pub fn is_odious(i: u64) -> bool {
    i.count_ones() % 2 == 1
}

/// The i-th odious number, counting from 0: `2i` or `2i + 1`, whichever is odious (i < 2^63).
///
/// ```
/// use grundy::math::bits::odious;
/// assert_eq!((0..6).map(odious).collect::<Vec<_>>(), [1, 2, 4, 7, 8, 11]);
/// ```
pub fn odious(i: u64) -> u64 {
    2 * i + u64::from(!is_odious(i))
}
