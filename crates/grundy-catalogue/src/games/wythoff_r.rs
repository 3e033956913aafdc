//! Fraenkel's r-Wythoff (CGSuite's `GenWythoff(k -> k + r)`): two piles; a move takes any
//! positive number from one pile, or k from one pile and l from the other with 0 < k ≤ l <
//! k + r. Wythoff's game is r = 1 ([`super::wythoff`], whose formulas are the same with
//! φ); the `wythoff` family answers both (`--r R`).
//!
//! **P-positions** (Fraenkel, "How to beat your Wythoff games' opponent on three fronts",
//! 1982): the pairs (a_n, b_n), in either order, with a_n the least integer not among the
//! earlier a's and b's and b_n = a_n + r·n; in closed form a_n = ⌊n·α⌋ and b_n = ⌊n·β⌋ with
//! α = (2 − r + √(r² + 4)) / 2 and β = α + r (1/α + 1/β = 1: the two sequences partition the
//! positive integers). Exactly: n·α = (n(2 − r) + n√(r² + 4)) / 2 and r² + 4 is no square, so
//! a_n = (n(2 − r) + isqrt(n²(r² + 4))) / 2 in integers (halving the floor of an irrational
//! number's double loses nothing). Piles up to [`MAX_R_PILE`] and r up to [`MAX_R`] keep
//! n²(r² + 4) within 128 bits.
//!
//! **Winning moves.** From (a, b): one pile down to the other's partner (the pile's pair in
//! the P-positions, found by a binary search on n: O(log pile)); or both piles, to the
//! P-position whose difference b' − a' is a multiple of r within r − 1 of b − a (the
//! difference changes by l − k, less than r): at most three candidates, each checked.
//!
//! **Values** have no formula: [`r_grundy_table`] computes them by the mex over the options.

use std::fmt;

use serde::Serialize;

use grundy::answer::Answer;
use grundy::budget::{Budget, Exhausted};
use grundy::rules::Impartial;

/// The largest r: n²(r² + 4) must fit in 128 bits.
pub const MAX_R: u64 = 1 << 20;

/// The largest pile of r-Wythoff (for r ≥ 2): n²(r² + 4) must fit in 128 bits.
pub const MAX_R_PILE: u64 = 1 << 40;

/// a_n = ⌊n·α⌋, the smaller pile of the n-th P-position of r-Wythoff (n ≤ [`MAX_R_PILE`],
/// 1 ≤ r ≤ [`MAX_R`]). O(1): one 128-bit integer square root.
///
/// ```
/// use grundy_catalogue::games::wythoff_r::r_lower;
/// // r = 1 is Wythoff's game: 0, 1, 3, 4, 6, 8; r = 2: 0, 1, 2, 4, 5, 7.
/// assert_eq!((0..6).map(|n| r_lower(n, 1)).collect::<Vec<_>>(), [0, 1, 3, 4, 6, 8]);
/// assert_eq!((0..6).map(|n| r_lower(n, 2)).collect::<Vec<_>>(), [0, 1, 2, 4, 5, 7]);
/// ```
pub fn r_lower(n: u64, r: u64) -> u64 {
    let (n, r) = (u128::from(n), u128::from(r));
    let s = (n * n * (r * r + 4)).isqrt();
    ((2 * n + s - r * n) / 2) as u64
}

/// b_n = a_n + r·n, the larger pile of the n-th P-position. O(1).
pub fn r_upper(n: u64, r: u64) -> u64 {
    r_lower(n, r) + r * n
}

/// The largest n with `f(n) ≤ v`, f increasing and f(0) = 0, n ≤ v.
fn last_at_most(v: u64, f: impl Fn(u64) -> u64) -> u64 {
    let (mut lo, mut hi) = (0, v);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if f(mid) <= v {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The partner of a pile in its P-position: b_n for v = a_n, a_n for v = b_n (0 for 0).
/// O(log v) square roots.
pub fn r_partner(v: u64, r: u64) -> u64 {
    let n = last_at_most(v, |n| r_lower(n, r));
    if r_lower(n, r) == v {
        return r_upper(n, r);
    }
    // The sequences partition the positive integers: v is some b_m.
    r_lower(last_at_most(v, |m| r_upper(m, r)), r)
}

/// Whether the player to move loses at piles (a, b): their difference is r·n and the smaller
/// is a_n. O(1).
pub fn r_is_p_position(a: u64, b: u64, r: u64) -> bool {
    let (small, large) = (a.min(b), a.max(b));
    (large - small) % r == 0 && r_lower((large - small) / r, r) == small
}

/// A move of r-Wythoff: how many counters it takes from pile A and from pile B (one may be
/// 0), and the piles after it (serialized as `{"take": [K, L], "to": [A, B]}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct RWythoffMove {
    /// Counters taken from pile A and from pile B.
    pub take: (u64, u64),
    /// The piles after the move.
    pub to: (u64, u64),
}

impl fmt::Display for RWythoffMove {
    /// `take 2 from pile A and 3 from pile B, leaving (4, 7)`, or `take 5 from pile B,
    /// leaving (5, 3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.take {
            (k, 0) => write!(f, "take {k} from pile A")?,
            (0, l) => write!(f, "take {l} from pile B")?,
            (k, l) => write!(f, "take {k} from pile A and {l} from pile B")?,
        }
        write!(f, ", leaving ({}, {})", self.to.0, self.to.1)
    }
}

/// Every winning move of r-Wythoff from (a, b): to P-positions, from both piles first, then
/// from pile A, then from pile B. Empty iff (a, b) is a P-position. O(log of the piles).
///
/// ```
/// use grundy_catalogue::games::wythoff_r::{r_winning_moves, RWythoffMove};
/// // r = 2: (1, 3) is a P-position, reached from (5, 6) by taking 4 and 3.
/// assert!(r_winning_moves(5, 6, 2).contains(&RWythoffMove { take: (4, 3), to: (1, 3) }));
/// ```
pub fn r_winning_moves(a: u64, b: u64, r: u64) -> Vec<RWythoffMove> {
    let mut moves = Vec::with_capacity(5);
    let d = i128::from(b) - i128::from(a);
    let ri = i128::from(r);
    let base = d.div_euclid(ri) * ri;
    for e in [base - ri, base, base + ri] {
        if (e - d).abs() >= ri {
            continue;
        }
        let n = (e.unsigned_abs() / u128::from(r)) as u64;
        let (lo, hi) = (r_lower(n, r), r_upper(n, r));
        let to = if e >= 0 { (lo, hi) } else { (hi, lo) };
        if to.0 < a && to.1 < b {
            moves.push(RWythoffMove {
                take: (a - to.0, b - to.1),
                to,
            });
        }
    }
    let p = r_partner(b, r);
    if p < a {
        moves.push(RWythoffMove {
            take: (a - p, 0),
            to: (p, b),
        });
    }
    let p = r_partner(a, r);
    if p < b {
        moves.push(RWythoffMove {
            take: (0, b - p),
            to: (a, p),
        });
    }
    moves
}

/// The catalogue answer for r-Wythoff at (a, b): the outcome, no value (none is known in
/// closed form), every winning move. O(log of the piles).
pub fn r_answer(a: u64, b: u64, r: u64) -> Answer<RWythoffMove> {
    Answer::from_moves(None, r_winning_moves(a, b, r))
}

/// The rules of r-Wythoff for the generic solvers: every `(a − t, b)`, `(a, b − t)` and
/// `(a − k, b − l)` with k, l ≥ 1 and |k − l| < r. Meant for small piles: a position has up
/// to a + b + (2r − 1)·min(a, b) options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RWythoff {
    /// The bound on the difference of the two takes (1: Wythoff's game).
    pub r: u64,
}

impl Impartial for RWythoff {
    type Position = (u64, u64);

    fn options(&self, &(a, b): &(u64, u64), out: &mut grundy::rules::Moves<(u64, u64)>) {
        out.extend((1..=a).map(|t| (a - t, b)));
        out.extend((1..=b).map(|t| (a, b - t)));
        for k in 1..=a {
            let lo = k.saturating_sub(self.r - 1).max(1);
            let hi = (k + self.r - 1).min(b);
            out.extend((lo..=hi).map(|l| (a - k, b - l)));
        }
    }
}

/// The values of r-Wythoff for both piles up to `max_pile`, by the mex over the options
/// (`values[a][b]`), within `budget`'s deadline (checked each row). O(n³·min(r, n)) time and
/// O(n²) memory for n = max_pile.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy_catalogue::games::wythoff_r::r_grundy_table;
/// let t = r_grundy_table(3, 2, &Budget::default()).unwrap();
/// assert_eq!(t[1], [1, 2, 3, 0]); // (1, 3) is a P-position
/// ```
pub fn r_grundy_table(max_pile: u64, r: u64, budget: &Budget) -> Result<Vec<Vec<u32>>, Exhausted> {
    let side = max_pile as usize + 1;
    budget.check_memory((side * side * 4) as u64, "valuing piles", 0)?;
    let rules = RWythoff {
        r: r.min(max_pile + 1),
    };
    let mut values = vec![vec![0u32; side]; side];
    let mut options = grundy::rules::Moves::new();
    let mut seen = Vec::new();
    for a in 0..side {
        budget.check_time("valuing piles", (a * side) as u64)?;
        for b in 0..side {
            options.clear();
            rules.options(&(a as u64, b as u64), &mut options);
            seen.clear();
            seen.resize(options.len() + 1, false);
            for &(x, y) in &options {
                let v = values[x as usize][y as usize] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
            values[a][b] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
        }
    }
    Ok(values)
}
