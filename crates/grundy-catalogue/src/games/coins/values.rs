//! The value of one head under each rule, in closed form, and the Ruler's prefix XORs from
//! which its winning runs are found in O(1) (the formulas are derived in `docs/coins.md`).

use grundy::math::bits::{gray, gray_inverse, highbit, lowbit, odious};

/// The last coin of a Mock Turtles row: values reach `2x − 1`, which must fit in 64 bits.
pub const MOCK_TURTLES_MAX_COIN: u64 = 1 << 63;

/// The value of a head at coin x (from 1) in `Two`: x.
pub fn two_value(x: u64) -> u64 {
    x
}

/// The value of a head at coin x (from 1) in Mock Turtles: the (x − 1)-th odious number
/// (1, 2, 4, 7, 8, 11, 13, 14, ...), or `None` for x = 0 or x above
/// [`MOCK_TURTLES_MAX_COIN`]. O(1).
///
/// ```
/// use grundy_catalogue::games::coins::mock_turtles_value;
/// let values: Vec<u64> = (1..=8).map(|x| mock_turtles_value(x).unwrap()).collect();
/// assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]);
/// ```
pub fn mock_turtles_value(x: u64) -> Option<u64> {
    (1..=MOCK_TURTLES_MAX_COIN)
        .contains(&x)
        .then(|| odious(x - 1))
}

/// The value of a head at coin x (from 1) in the Ruler game: `lowbit(x)`. O(1).
///
/// ```
/// use grundy_catalogue::games::coins::ruler_value;
/// let values: Vec<u64> = (1..=8).map(ruler_value).collect();
/// assert_eq!(values, [1, 2, 1, 4, 1, 2, 1, 8]);
/// ```
pub fn ruler_value(x: u64) -> u64 {
    lowbit(x)
}

/// The value of a head at coin x (from 1) in the Ruler game with runs of at most `max_run`
/// coins: `lowbit(((x − 1) mod highbit(max_run)) + 1)`, or `None` when `max_run` is 0. O(1).
///
/// ```
/// use grundy_catalogue::games::coins::ruler_max_run_value;
/// let values: Vec<u64> = (1..=8).map(|x| ruler_max_run_value(x, 3).unwrap()).collect();
/// assert_eq!(values, [1, 2, 1, 2, 1, 2, 1, 2]);
/// ```
pub fn ruler_max_run_value(x: u64, max_run: u64) -> Option<u64> {
    (max_run > 0).then(|| ruler_run_value(x, max_run))
}

/// [`ruler_max_run_value`] for a bound of at least 1.
pub(super) fn ruler_run_value(x: u64, max_run: u64) -> u64 {
    lowbit((x.wrapping_sub(1) % highbit(max_run)) + 1)
}

/// The XOR of the values of coins 1 to m in a Ruler row whose values repeat with period
/// `period` (a power of 2; `None` for no bound on the runs).
pub(super) fn ruler_prefix(m: u64, period: Option<u64>) -> u64 {
    match period {
        None => gray(m),
        Some(h) => {
            let odd = if (m / h) % 2 == 1 { gray(h) } else { 0 };
            odd ^ gray(m % h)
        }
    }
}

/// The m in `lo..x` whose prefix XOR is `t`, if any (there is at most one, see `docs/coins.md`).
pub(super) fn ruler_prefix_inverse(t: u64, lo: u64, x: u64, period: Option<u64>) -> Option<u64> {
    let m = match period {
        None => gray_inverse(t),
        Some(h) => {
            let (odd, rest) = if t & h != 0 {
                (1u128, t ^ gray(h))
            } else {
                (0, t)
            };
            if rest >= h {
                return None;
            }
            let base = odd * u128::from(h) + u128::from(gray_inverse(rest));
            let top = u128::from(x - 1);
            if top < base {
                return None;
            }
            // The largest m ≤ x − 1 with m ≡ base (mod 2h); it is below 2^64.
            (top - (top - base) % (2 * u128::from(h))) as u64
        }
    };
    (lo..x).contains(&m).then_some(m)
}

/// The number of b in `0..l` with bit h set.
pub(super) fn with_bit_below(l: u64, h: u32) -> u64 {
    let block = 1u128 << (h + 1);
    let l = u128::from(l);
    ((l / block) * (block / 2) + (l % block).saturating_sub(block / 2)) as u64
}
