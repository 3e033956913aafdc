//! Exact non-negative rationals num/den with 64-bit parts, read from `a`, `a/b` or a decimal
//! `a.b`: the multiplier k of dynamic subtraction, where ⌊k·c⌋ must be exact. Arithmetic is
//! done in 128 bits, so no operation here overflows.

use std::fmt;
use std::str::FromStr;

use super::primes::gcd;

/// An exact rational num/den ≥ 0, in lowest terms (den ≥ 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u64,
    den: u64,
}

/// Why a text or a pair of numbers is not a [`Ratio`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RatioError {
    /// Not of the form `a`, `a/b` or `a.b` with decimal digits.
    #[error("'{0}' is not a number: expected an integer, a fraction a/b or a decimal a.b")]
    Malformed(String),
    /// A zero denominator.
    #[error("'{0}' has a zero denominator")]
    ZeroDenominator(String),
    /// The numerator or denominator does not fit in 64 bits.
    #[error("'{0}' does not fit: numerator and denominator must be below 2^64")]
    TooLarge(String),
}

impl Ratio {
    /// num/den, reduced. O(log den).
    ///
    /// ```
    /// use grundy::math::ratio::Ratio;
    /// let k = Ratio::new(6, 4).unwrap();
    /// assert_eq!((k.num(), k.den(), k.to_string()), (3, 2, "3/2".to_string()));
    /// ```
    pub fn new(num: u64, den: u64) -> Result<Ratio, RatioError> {
        if den == 0 {
            return Err(RatioError::ZeroDenominator(format!("{num}/{den}")));
        }
        let g = gcd(num, den);
        Ok(Ratio {
            num: num / g,
            den: den / g,
        })
    }

    /// The integer k.
    pub fn integer(k: u64) -> Ratio {
        Ratio { num: k, den: 1 }
    }

    /// The numerator, in lowest terms.
    pub fn num(self) -> u64 {
        self.num
    }

    /// The denominator, in lowest terms.
    pub fn den(self) -> u64 {
        self.den
    }

    /// Whether the ratio is at least 1.
    pub fn at_least_one(self) -> bool {
        self.num >= self.den
    }

    /// ⌊self·t⌋, exactly.
    pub fn floor_mul(self, t: u64) -> u128 {
        u128::from(t) * u128::from(self.num) / u128::from(self.den)
    }

    /// ⌈a / self⌉, exactly (self > 0).
    pub fn ceil_div(self, a: u128) -> u128 {
        (a * u128::from(self.den)).div_ceil(u128::from(self.num))
    }

    /// Whether big > self·small, exactly.
    pub fn exceeds(self, big: u64, small: u64) -> bool {
        u128::from(big) * u128::from(self.den) > u128::from(small) * u128::from(self.num)
    }
}

impl fmt::Display for Ratio {
    /// `3/2`, or `2` for an integer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl FromStr for Ratio {
    type Err = RatioError;

    /// Parses `a`, `a/b` or a decimal `a.b` (exactly: `1.25` is 5/4). O(length).
    fn from_str(text: &str) -> Result<Ratio, RatioError> {
        let malformed = || RatioError::Malformed(text.to_string());
        let too_large = || RatioError::TooLarge(text.to_string());
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let parse = |s: &str| s.parse::<u64>().map_err(|_| too_large());
        let (num, den) = if let Some((a, b)) = text.split_once('/') {
            if !digits(a) || !digits(b) {
                return Err(malformed());
            }
            (parse(a)?, parse(b)?)
        } else if let Some((a, b)) = text.split_once('.') {
            if !digits(a) || !digits(b) {
                return Err(malformed());
            }
            let fraction = b.trim_end_matches('0');
            let den = u32::try_from(fraction.len())
                .ok()
                .and_then(|d| 10u64.checked_pow(d))
                .ok_or_else(too_large)?;
            let frac = if fraction.is_empty() {
                0
            } else {
                parse(fraction)?
            };
            let num = parse(a)?
                .checked_mul(den)
                .and_then(|n| n.checked_add(frac))
                .ok_or_else(too_large)?;
            (num, den)
        } else {
            if !digits(text) {
                return Err(malformed());
            }
            (parse(text)?, 1)
        };
        if den == 0 {
            return Err(RatioError::ZeroDenominator(text.to_string()));
        }
        Ratio::new(num, den)
    }
}
