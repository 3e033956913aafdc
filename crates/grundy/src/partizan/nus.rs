//! Numbers plus ups plus nimbers, `x + n·↑ + *m`: the values kept in closed form.
//!
//! These values are everywhere (every number, nimber and multiple of up is one) and some are
//! huge (the integer −1823437481924 is a game born on day 1823437481924), so the engine never
//! expands them into trees: sums, negatives and comparisons of two of them are formulas, and
//! their canonical options are derived on demand (one step, [`Nus::options`]):
//!
//! - a number `x`: an integer `n > 0` is `{n−1|}`, `−n` is `{|−n+1}`, 0 is `{|}`, and
//!   `m/2^k` (m odd, k ≥ 1) is `{(m−1)/2^k | (m+1)/2^k}`;
//! - `x + *m` is `{x, x*, …, x*(m−1) | x, x*, …, x*(m−1)}`;
//! - `x + n·↑ + *m` with `n ≥ 1` is `{x | x + (n−1)·↑ + *(m⊕1)}`, except `x↑*` which is
//!   `{x, x* | x}`; with `n ≤ −1` it is the mirror image.

use super::error::ValueError;
use super::number::Dyadic;
use super::Side;

/// The value `x + n·↑ + *m`: a number, a multiple of up and a nimber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    /// The number part `x`.
    pub number: Dyadic,
    /// The multiple of up `n` (negative for downs).
    pub ups: i32,
    /// The nimber part `m` (`*m`).
    pub nimber: u32,
}

impl Nus {
    /// The number `x`. O(1).
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: 0,
            nimber: 0,
        }
    }

    /// Whether the value is a number (no ups, no nimber). O(1).
    pub fn is_number(self) -> bool {
        self.ups == 0 && self.nimber == 0
    }

    /// `x + n·↑ + *m`, or an error if `n = i32::MIN` (the ups' range is symmetric, so that
    /// every value has a negative). O(1).
    pub fn new(number: Dyadic, ups: i32, nimber: u32) -> Result<Nus, ValueError> {
        if ups == i32::MIN {
            return Err(ValueError::UpsOverflow);
        }
        Ok(Nus {
            number,
            ups,
            nimber,
        })
    }

    /// The sum: numbers add, ups add, nimbers add by XOR. O(1).
    pub fn checked_add(self, other: Nus) -> Result<Nus, ValueError> {
        Nus::new(
            self.number.checked_add(other.number)?,
            self.ups
                .checked_add(other.ups)
                .ok_or(ValueError::UpsOverflow)?,
            self.nimber ^ other.nimber,
        )
    }

    /// `self ≤ other`. The number parts decide unless they are equal; then the difference
    /// `d·↑ + *j` (d = other's ups − self's ups, j the XOR of the nimbers) is ≥ 0 iff d ≥ 2,
    /// or d = 1 and j ≠ 1 (↑* is fuzzy, ↑*j positive otherwise), or d = 0 and j = 0. O(1).
    pub fn leq(self, other: Nus) -> bool {
        match self.number.cmp(&other.number) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let d = other.ups as i64 - self.ups as i64;
                let j = self.nimber ^ other.nimber;
                d >= 2 || (d == 1 && j != 1) || (d == 0 && j == 0)
            }
        }
    }

    /// The birthday of the canonical form: the number's birthday plus that of `n·↑ + *m`,
    /// which is `n + 1` if `m = 0`, `n + (m⊕1)` if n is odd and `m ≠ 1`, else `n + m`
    /// (for `n = |ups| > 0`; `m` for a nimber). O(1).
    pub fn birthday(self) -> u64 {
        let n = self.ups.unsigned_abs() as u64;
        let m = self.nimber as u64;
        let up_star = if n > 0 && m == 0 {
            n + 1
        } else if n % 2 == 1 && m != 1 {
            n + (m ^ 1)
        } else {
            n + m
        };
        self.number.birthday() + up_star
    }

    /// How deep a recursion over the options of this value can go before it reaches a
    /// number (the engine treats numbers in closed form): the number's exponent for a number,
    /// else that plus `|n| + m + 2`. O(1).
    pub fn depth(self) -> u64 {
        let exp = self.number.exponent() as u64;
        if self.is_number() {
            exp
        } else {
            exp + self.ups.unsigned_abs() as u64 + self.nimber as u64 + 2
        }
    }

    /// The canonical options of `side`, in the order of the module documentation; O(m) for
    /// `x + *m`, O(1) otherwise. A number's options can leave the range only at the extreme
    /// integers `±(2^63 − 1)`, which then have none listed beyond it (an error).
    pub fn options(self, side: Side) -> Result<Vec<Nus>, ValueError> {
        let x = self.number;
        let with = |ups: i32, nimber: u32| Nus {
            number: x,
            ups,
            nimber,
        };
        if self.is_number() {
            return Ok(match (x.to_integer(), side) {
                (Some(0), _) => Vec::new(),
                (Some(n), Side::Left) if n > 0 => vec![Nus::number(Dyadic::from(n - 1))],
                (Some(n), Side::Right) if n < 0 => vec![Nus::number(Dyadic::from(n + 1))],
                (Some(_), _) => Vec::new(),
                (None, side) => vec![Nus::number(x.step(side == Side::Right)?)],
            });
        }
        let n = self.ups;
        let m = self.nimber;
        // The side towards which the ups point gets the bare number (and x* for x↑*).
        let (near, far) = if n >= 0 {
            (Side::Left, Side::Right)
        } else {
            (Side::Right, Side::Left)
        };
        Ok(if n == 0 {
            (0..m).map(|j| with(0, j)).collect()
        } else if side == near {
            if n.abs() == 1 && m == 1 {
                vec![with(0, 0), with(0, 1)]
            } else {
                vec![with(0, 0)]
            }
        } else {
            debug_assert_eq!(side, far);
            if n.abs() == 1 && m == 1 {
                vec![with(0, 0)]
            } else {
                vec![with(n - n.signum(), m ^ 1)]
            }
        })
    }
}

impl std::ops::Neg for Nus {
    type Output = Nus;

    /// The negative `−x − n·↑ + *m`. O(1).
    fn neg(self) -> Nus {
        Nus {
            number: -self.number,
            ups: -self.ups,
            nimber: self.nimber,
        }
    }
}
