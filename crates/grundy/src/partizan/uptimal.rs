//! Uptimals: games `x + d1·↑ + d2·↑² + … + dk·↑^k (+ *m)`, and the powers of up.
//!
//! `↑^n` ("up-nth", printed `^<n>`) and `↑^[n] = ↑ + ↑² + … + ↑^n` (printed `^[n]`) are
//! built by `↑^[0] = 0`, `↑^[n] = {↑^[n−1] | *}` and `↑^n = {0 | * − ↑^[n−1]}` (so
//! `↑^1 = ↑`, `↑^2 = {0|↓*}`). A game is an *uptimal* when it is a number plus a nimber plus
//! a combination of these; its [`UptimalExpansion`] `x.d1d2…dk` is what the reference tool
//! prints as `uptimalExpansion`, and it decides how games are ordered and printed (`^<n>`,
//! `v[n]*`, …).
//!
//! Recognition follows the structure of uptimals (Siegel, *Combinatorial Game Theory*,
//! uptimal notation): if the last digit is positive, an uptimal has a single right option,
//! itself an uptimal whose digits are one less up to some length and whose nimber differs by
//! `*`; so the expansion is one of two candidates computed from the right option's, and a
//! candidate is accepted only if the game it denotes is this very game (same id). A negative
//! last digit is the same question about the negative.

use std::cmp::Ordering;
use std::fmt;

use super::error::ValueError;
use super::number::Dyadic;
use super::nus::Nus;
use super::store::{GameId, GameStore};

/// The expansion `x.d1d2…dk` (+ `*m`) of an uptimal: `x + Σ di·↑^i + *m`, with `dk ≠ 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UptimalExpansion {
    /// The number part `x`.
    pub number: Dyadic,
    /// The digits `d1 … dk` (the last is not 0; empty for a number plus a nimber).
    pub digits: Vec<i64>,
    /// The nimber part `m`.
    pub nimber: u32,
}

impl UptimalExpansion {
    fn new(number: Dyadic, mut digits: Vec<i64>, nimber: u32) -> UptimalExpansion {
        while digits.last() == Some(&0) {
            digits.pop();
        }
        UptimalExpansion {
            number,
            digits,
            nimber,
        }
    }

    /// The length `k`: the position of the last non-zero digit. O(1).
    pub fn len(&self) -> usize {
        self.digits.len()
    }

    /// Whether there are no digits (a number plus a nimber). O(1).
    pub fn is_empty(&self) -> bool {
        self.digits.is_empty()
    }

    /// The digit `d_n` (1-based; 0 beyond the length). O(1).
    pub fn digit(&self, n: usize) -> i64 {
        if n == 0 {
            return 0;
        }
        self.digits.get(n - 1).copied().unwrap_or(0)
    }

    /// Whether the expansion is a single `±↑^n`: one non-zero digit, ±1 (`^<n>`). O(k).
    pub fn is_unit(&self) -> bool {
        let nonzero: Vec<i64> = self.digits.iter().copied().filter(|&d| d != 0).collect();
        nonzero.len() <= 1 && nonzero.iter().all(|d| d.abs() == 1)
    }

    /// Whether the digits are all 1 or all −1 (`^[n]`, `v[n]`). O(k).
    pub fn is_unit_sum(&self) -> bool {
        match self.digits.first() {
            None => true,
            Some(&d) => d.abs() == 1 && self.digits.iter().all(|&e| e == d),
        }
    }

    /// The digits of the first `len` places each increased by 1 (places beyond the length
    /// become 1), and the nimber toggled by `*` if `star`. O(len).
    fn increment(&self, star: bool, len: usize) -> UptimalExpansion {
        let mut digits = self.digits.clone();
        digits.resize(len.max(digits.len()), 0);
        for d in digits.iter_mut().take(len) {
            *d += 1;
        }
        UptimalExpansion::new(self.number, digits, self.nimber ^ star as u32)
    }

    fn negate(&self) -> UptimalExpansion {
        UptimalExpansion::new(
            -self.number,
            self.digits.iter().map(|d| -d).collect(),
            self.nimber,
        )
    }
}

impl PartialOrd for UptimalExpansion {
    fn partial_cmp(&self, other: &UptimalExpansion) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UptimalExpansion {
    /// The reference tool's order of uptimals: by number part, then digit by digit, then
    /// shorter first, then by nimber. (Not the order of games.)
    fn cmp(&self, other: &UptimalExpansion) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                self.digits
                    .iter()
                    .zip(&other.digits)
                    .map(|(a, b)| a.cmp(b))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
            .then(self.digits.len().cmp(&other.digits.len()))
            .then(self.nimber.cmp(&other.nimber))
    }
}

impl fmt::Display for UptimalExpansion {
    /// `x*m.d1d2…`: the number (omitted when 0 with a nimber), the nimber, a point, then one
    /// character per digit (0-9, then A-Z for 10-35, `(n)` beyond), a negative digit followed
    /// by `-`; `.0` when there are no digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.nimber == 0 || self.number != Dyadic::ZERO {
            write!(f, "{}", self.number)?;
        }
        match self.nimber {
            0 => {}
            1 => f.write_str("*")?,
            m => write!(f, "*{m}")?,
        }
        f.write_str(".")?;
        if self.digits.is_empty() {
            f.write_str("0")?;
        }
        for &d in &self.digits {
            let a = d.unsigned_abs();
            match a {
                0..=9 => write!(f, "{a}")?,
                10..=35 => write!(f, "{}", (b'A' + (a - 10) as u8) as char)?,
                _ => write!(f, "({a})")?,
            }
            if d < 0 {
                f.write_str("-")?;
            }
        }
        Ok(())
    }
}

impl GameStore {
    /// `↑^[n] = ↑ + ↑² + … + ↑^n` (`^[n]`; `↑^[0] = 0`). O(n) canonical forms the first
    /// time.
    pub fn up_power_to(&mut self, n: u32) -> Result<GameId, ValueError> {
        let star = self.nimber(1);
        let mut g = GameId::ZERO;
        for _ in 0..n {
            self.tick()?;
            g = self.game(&[g], &[star])?;
        }
        Ok(g)
    }

    /// `↑^n`, up-nth (`^<n>`): `↑^1 = ↑`, `↑^n = {0 | * − ↑^[n−1]}`. O(n) canonical forms
    /// the first time.
    pub fn up_power(&mut self, n: u32) -> Result<GameId, ValueError> {
        if n == 0 {
            return Ok(self.nimber(1));
        }
        let below = self.up_power_to(n - 1)?;
        let star = self.nimber(1);
        let right = self.sub(star, below)?;
        self.game(&[GameId::ZERO], &[right])
    }

    /// The game an expansion denotes. O(k · largest |digit|) sums.
    pub fn uptimal(&mut self, expansion: &UptimalExpansion) -> Result<GameId, ValueError> {
        let first = i32::try_from(expansion.digit(1)).map_err(|_| ValueError::UpsOverflow)?;
        let mut g = self.nus_game(Nus::new(expansion.number, first, expansion.nimber)?)?;
        for n in 2..=expansion.len() {
            // Each digit may cost only memo lookups: count it, so that the clock and the
            // cancel flag are read however long the expansion is.
            self.tick()?;
            let d = expansion.digit(n);
            if d == 0 {
                continue;
            }
            let mut power = self.up_power(n as u32)?;
            if d < 0 {
                power = self.neg(power)?;
            }
            for _ in 0..d.unsigned_abs() {
                self.tick()?;
                g = self.sum(g, power)?;
            }
        }
        Ok(g)
    }

    /// The uptimal expansion of `g`, or `None` if `g` is not an uptimal. Memoised; O(1) for
    /// a number + ups + nimber, otherwise a walk over the single right options with one
    /// construction per candidate.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{0|^<2>}").unwrap();
    /// assert_eq!(store.uptimal_expansion(g).unwrap().unwrap().to_string(), "*.12");
    /// let h = store.parse("{1|0}").unwrap();
    /// assert_eq!(store.uptimal_expansion(h).unwrap(), None);
    /// ```
    pub fn uptimal_expansion(&mut self, g: GameId) -> Result<Option<UptimalExpansion>, ValueError> {
        if let Some(v) = self.nus(g) {
            return Ok(Some(UptimalExpansion::new(
                v.number,
                vec![v.ups as i64],
                v.nimber,
            )));
        }
        if let Some(known) = self.remembered::<Option<UptimalExpansion>>(g) {
            return Ok(known);
        }
        self.tick()?;
        let mut found = self.expansion_with_positive_end(g)?;
        if found.is_none() {
            let minus_g = self.neg(g)?;
            found = self
                .expansion_with_positive_end(minus_g)?
                .map(|e| e.negate());
        }
        self.remember(g, found.clone());
        Ok(found)
    }

    /// The expansion of `g` if it is an uptimal whose last digit is positive.
    fn expansion_with_positive_end(
        &mut self,
        g: GameId,
    ) -> Result<Option<UptimalExpansion>, ValueError> {
        let right = self.right_options(g)?;
        let [r] = right[..] else {
            return Ok(None);
        };
        let Some(below) = self.uptimal_expansion(r)? else {
            return Ok(None);
        };
        // What follows copies and compares expansions as long as `below`.
        self.tick_by(u32::try_from(below.len()).unwrap_or(u32::MAX))?;
        let mut longest_left = 0;
        for l in self.left_options(g)? {
            match self.uptimal_expansion(l)? {
                Some(e) if e.number == below.number => longest_left = longest_left.max(e.len()),
                _ => return Ok(None),
            }
        }
        let mut candidates = Vec::with_capacity(2);
        if below.digits.last().is_some_and(|&d| d > 0) {
            candidates.push(below.increment(true, below.len()));
        }
        candidates.push(below.increment(true, below.len().max(longest_left) + 1));
        for candidate in candidates {
            if candidate.len() >= 2 && self.uptimal(&candidate)? == g {
                return Ok(Some(candidate));
            }
        }
        Ok(None)
    }
}
