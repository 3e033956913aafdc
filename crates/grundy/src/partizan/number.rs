//! Dyadic rationals `m / 2^k`: the numbers among short games.
//!
//! Every short game that is a number is a dyadic rational, and [`Dyadic`] keeps one exactly:
//! a numerator in `±(2^63 − 1)` (the range is symmetric, so negation never fails) over a
//! denominator `2^k` with `k ≤ 62`, always in lowest terms (the numerator is odd unless
//! `k = 0`). Arithmetic that would leave that range returns [`NumberOverflow`] instead of
//! wrapping or panicking; comparisons are exact for every pair (they are done in 128 bits).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The largest exponent `k` of a denominator `2^k`.
pub const MAX_EXPONENT: u32 = 62;

/// A result of dyadic arithmetic falls outside the range that [`Dyadic`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("number out of range: numbers are kept as m/2^k with |m| < 2^63 and k <= 62")]
pub struct NumberOverflow;

/// A dyadic rational `m / 2^k` in lowest terms (see the module documentation for the range).
///
/// Ordered as numbers; displayed as `-5`, `3/4`, `-25/16`.
///
/// ```
/// use grundy::partizan::number::Dyadic;
///
/// let x: Dyadic = "3/4".parse().unwrap();
/// assert_eq!(x.checked_add(Dyadic::new(1, 2).unwrap()).unwrap(), Dyadic::from(1));
/// assert_eq!(x.to_string(), "3/4");
/// assert!(Dyadic::from(-1) < x);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    /// One.
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };

    /// `num / 2^exp`, reduced to lowest terms. O(1).
    pub fn new(num: i64, exp: u32) -> Result<Dyadic, NumberOverflow> {
        Dyadic::from_wide(num as i128, exp)
    }

    /// `num / 2^exp` from a 128-bit numerator, reduced; the workhorse of the arithmetic. O(1).
    fn from_wide(mut num: i128, mut exp: u32) -> Result<Dyadic, NumberOverflow> {
        if num == 0 {
            return Ok(Dyadic::ZERO);
        }
        let shift = num.trailing_zeros().min(exp);
        num >>= shift;
        exp -= shift;
        if exp > MAX_EXPONENT || num > i64::MAX as i128 || num < -(i64::MAX as i128) {
            return Err(NumberOverflow);
        }
        Ok(Dyadic {
            num: num as i64,
            exp,
        })
    }

    /// The numerator `m` (odd unless the number is an integer). O(1).
    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent `k` of the denominator `2^k`. O(1).
    pub fn exponent(self) -> u32 {
        self.exp
    }

    /// Whether the number is an integer. O(1).
    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    /// The integer, if the number is one. O(1).
    pub fn to_integer(self) -> Option<i64> {
        self.is_integer().then_some(self.num)
    }

    /// The numerator scaled to the denominator `2^exp` (`exp ≥ self.exp`), in 128 bits: both
    /// operands of a comparison or sum are brought to a common denominator this way. O(1).
    fn scaled(self, exp: u32) -> i128 {
        (self.num as i128) << (exp - self.exp)
    }

    /// The sum, or an error when it leaves the range. O(1).
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, NumberOverflow> {
        let exp = self.exp.max(other.exp);
        Dyadic::from_wide(self.scaled(exp) + other.scaled(exp), exp)
    }

    /// The difference, or an error when it leaves the range. O(1).
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, NumberOverflow> {
        self.checked_add(-other)
    }

    /// The product by an integer, or an error when it leaves the range. O(1).
    pub fn checked_mul_int(self, n: i64) -> Result<Dyadic, NumberOverflow> {
        Dyadic::from_wide(self.num as i128 * n as i128, self.exp)
    }

    /// Half of the number, or an error when the denominator would pass `2^62`. O(1).
    pub fn checked_half(self) -> Result<Dyadic, NumberOverflow> {
        Dyadic::from_wide(self.num as i128, self.exp + 1)
    }

    /// The largest integer at most the number. O(1).
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// The smallest integer at least the number. O(1).
    pub fn ceil(self) -> i64 {
        -((-self.num) >> self.exp)
    }

    /// The number one step of `1/2^k` away (`k` the number's own exponent), towards `+∞` if
    /// `up`: the two options `{(m−1)/2^k | (m+1)/2^k}` of a non-integer's canonical form. O(1).
    pub fn step(self, up: bool) -> Result<Dyadic, NumberOverflow> {
        let delta = if up { 1 } else { -1 };
        Dyadic::from_wide(self.num as i128 + delta, self.exp)
    }

    /// The simplest number strictly between `low` and `high` (`None` is −∞ or +∞): the one
    /// born first, which is the value of `{low | high}` when `low < high`. Requires
    /// `low < high`. O(k) for the larger exponent k.
    pub fn simplest_between(
        low: Option<Dyadic>,
        high: Option<Dyadic>,
    ) -> Result<Dyadic, NumberOverflow> {
        // An integer in the interval: the one nearest 0.
        let lowest_int = low.map_or(i64::MIN, |l| l.floor().saturating_add(1));
        let highest_int = high.map_or(i64::MAX, |h| h.ceil().saturating_sub(1));
        if lowest_int <= highest_int {
            let n = if lowest_int > 0 {
                lowest_int
            } else if highest_int < 0 {
                highest_int
            } else {
                0
            };
            return Dyadic::new(n, 0);
        }
        // Both ends are finite and lie in [n, n + 1]: the fraction with the smallest
        // denominator strictly inside.
        let (low, high) = (low.ok_or(NumberOverflow)?, high.ok_or(NumberOverflow)?);
        for exp in 1..=MAX_EXPONENT {
            let l = low.scaled(low.exp.max(exp)) >> (low.exp.max(exp) - exp);
            // The smallest m with m / 2^exp > low.
            let m = l + 1;
            if Dyadic::from_wide(m, exp)? < high {
                return Dyadic::from_wide(m, exp);
            }
        }
        Err(NumberOverflow)
    }

    /// The birthday of the number's canonical form: `|n|` for an integer, `⌊|x|⌋ + 1 + k`
    /// for `x = m/2^k` with `k ≥ 1`. O(1).
    pub fn birthday(self) -> u64 {
        let magnitude = self.num.unsigned_abs();
        if self.exp == 0 {
            magnitude
        } else {
            (magnitude >> self.exp) + 1 + self.exp as u64
        }
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        // i64::MIN has no negative in range: it saturates to the smallest allowed integer.
        Dyadic {
            num: n.max(-i64::MAX),
            exp: 0,
        }
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;

    /// The negative, always in range (the range is symmetric).
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -self.num,
            exp: self.exp,
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let exp = self.exp.max(other.exp);
        self.scaled(exp).cmp(&other.scaled(exp))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// `-5`, `3/4`, `-25/16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

/// A text that is not a dyadic rational `m` or `m/2^k`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseDyadicError {
    /// Not of the form `[-]digits[/digits]`.
    #[error("expected an integer or a fraction m/2^k")]
    Syntax,
    /// The denominator is not a power of two.
    #[error("the denominator {0} is not a power of two")]
    NotDyadic(u64),
    /// The value is outside the range of [`Dyadic`].
    #[error(transparent)]
    Overflow(#[from] NumberOverflow),
}

impl FromStr for Dyadic {
    type Err = ParseDyadicError;

    /// Reads `-5`, `3/4`, `6/8` (reduced to `3/4`). O(length).
    fn from_str(s: &str) -> Result<Dyadic, ParseDyadicError> {
        let (negative, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (top, bottom) = match body.split_once('/') {
            Some((t, b)) => (t, Some(b)),
            None => (body, None),
        };
        let digits = |t: &str| -> Result<u128, ParseDyadicError> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseDyadicError::Syntax);
            }
            t.parse::<u128>().map_err(|_| NumberOverflow.into())
        };
        let magnitude = digits(top)?;
        let exp = match bottom {
            None => 0,
            Some(b) => {
                let d = digits(b)?;
                if d == 0 || !d.is_power_of_two() {
                    return Err(ParseDyadicError::NotDyadic(d.min(u64::MAX as u128) as u64));
                }
                d.trailing_zeros()
            }
        };
        if magnitude > i64::MAX as u128 {
            // Reduce first: 2^70/2^10 is in range although 2^70 is not.
            let shift = magnitude.trailing_zeros().min(exp);
            if magnitude >> shift > i64::MAX as u128 {
                return Err(NumberOverflow.into());
            }
            let num = (magnitude >> shift) as i128;
            return Ok(Dyadic::from_wide(
                if negative { -num } else { num },
                exp - shift,
            )?);
        }
        let num = magnitude as i128;
        Ok(Dyadic::from_wide(if negative { -num } else { num }, exp)?)
    }
}
