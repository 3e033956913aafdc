//! Floors of multiples of √5 and of the golden ratio φ = (1 + √5) / 2, exactly, with integer
//! square roots: the lower and upper Wythoff sequences ⌊kφ⌋ and ⌊kφ²⌋ = ⌊kφ⌋ + k. No floating
//! point is used, so the results are right for every `u64` k. Each function is O(1).

/// ⌊k·√5⌋ = isqrt(5k²), exactly, for every `u64` k.
///
/// 5k² may need 131 bits: it is split as 16·m + s with m = ⌊5k² / 16⌋ < 2^127 and s < 16.
/// With r = isqrt(m), the root lies in [4r, 4r + 3], and c = 4r + j satisfies c² ≤ 16·m + s
/// iff 8·r·j + j² ≤ 16·(m − r²) + s, where m − r² ≤ 2r keeps every term within 128 bits.
///
/// ```
/// use grundy::math::golden::floor_sqrt5_times;
/// assert_eq!(floor_sqrt5_times(1000), 2236);
/// ```
pub fn floor_sqrt5_times(k: u64) -> u128 {
    let square = u128::from(k) * u128::from(k);
    let (high, low) = (square >> 4, square & 15);
    let m = 5 * high + ((5 * low) >> 4);
    let s = (5 * low) & 15;
    let r = m.isqrt();
    let slack = 16 * (m - r * r) + s;
    let j = (0..4u128)
        .rev()
        .find(|&j| 8 * r * j + j * j <= slack)
        .unwrap_or(0);
    4 * r + j
}

/// ⌊k·φ⌋ = (k + ⌊k√5⌋) / 2 (k√5 is irrational for k > 0, so flooring it first does not
/// change the result): the lower Wythoff sequence 0, 1, 3, 4, 6, 8, ... The result may exceed
/// `u64`.
///
/// ```
/// use grundy::math::golden::floor_phi_times;
/// assert_eq!((0..6).map(floor_phi_times).collect::<Vec<_>>(), [0, 1, 3, 4, 6, 8]);
/// ```
pub fn floor_phi_times(k: u64) -> u128 {
    (u128::from(k) + floor_sqrt5_times(k)) / 2
}

/// ⌊k·φ²⌋ = ⌊k·φ⌋ + k: the upper Wythoff sequence 0, 2, 5, 7, 10, 13, ...
pub fn floor_phi_squared_times(k: u64) -> u128 {
    floor_phi_times(k) + u128::from(k)
}

/// Whether {a, b} is a pair (⌊kφ⌋, ⌊kφ²⌋) for some k, in either order: iff
/// ⌊|a − b|·φ⌋ = min(a, b) (the P-positions of Wythoff's game).
///
/// ```
/// use grundy::math::golden::is_wythoff_pair;
/// assert!(is_wythoff_pair(3, 5) && is_wythoff_pair(7, 4) && is_wythoff_pair(0, 0));
/// assert!(!is_wythoff_pair(2, 2));
/// ```
pub fn is_wythoff_pair(a: u64, b: u64) -> bool {
    floor_phi_times(a.abs_diff(b)) == u128::from(a.min(b))
}
