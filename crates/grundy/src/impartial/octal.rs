//! Take-and-break games: octal and hexadecimal codes, and Grundy's game.
//!
//! A code `d0.d1d2d3...` says, for each number j of tokens a move may remove from one heap
//! (digit dj), in how many heaps the rest may be left: bit 1, none (the heap had exactly j
//! tokens); bit 2, one non-empty heap; bit 4, two non-empty heaps; bit 8 (hexadecimal digits
//! 8-f), three non-empty heaps. The digit before the point is for removing nothing, where
//! only splitting makes sense (Grundy-like games such as 4.07). Kayles is 0.77, Dawson's Kayles
//! 0.07, Dawson's Chess 0.137. Grundy's game (split a heap into two unequal heaps) is not an
//! octal game and has its own rule, [`Rule::Grundy`].
//!
//! Values are computed heap by heap ([`values_plain`]: O(n) per heap, O(n^2) in all) or by
//! the sparse-space method ([`values_sparse`]), which is far faster on the games where it
//! applies and gives the same values on all of them.

use std::fmt;

/// A take-and-break rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// An octal or hexadecimal code: `digits[j]` for removing j tokens.
    Code {
        /// The digits, `digits[0]` before the point.
        digits: Vec<u8>,
    },
    /// Grundy's game: split a heap into two non-empty heaps of different sizes.
    Grundy,
}

/// Why a code could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad take-and-break code '{code}' at character {column}: {message}")]
pub struct CodeError {
    /// The code as given.
    pub code: String,
    /// 1-based character position.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Rule {
    /// Parses `0.77`, `.77`, `4.07`, `0.137`, `4` (only splitting), `0.f` (hexadecimal digits
    /// above 7 allow leaving three heaps) or `grundy`.
    pub fn parse(code: &str) -> Result<Rule, CodeError> {
        let err = |column: usize, message: &str| CodeError {
            code: code.to_string(),
            column,
            message: message.to_string(),
        };
        if code.eq_ignore_ascii_case("grundy") {
            return Ok(Rule::Grundy);
        }
        if code.is_empty() {
            return Err(err(1, "expected a code like 0.77 or 4.07, or 'grundy'"));
        }
        // A code without a point is its digit before the point ("4": split a heap in two).
        let point = code.find('.').unwrap_or(code.len());
        let (before, after) = (&code[..point], code.get(point + 1..).unwrap_or(""));
        let first = match before {
            "" | "0" => 0,
            "4" => 4,
            _ => {
                return Err(err(
                    1,
                    "the digit before the point is 0 or 4 (a move that removes nothing must split the heap)",
                ))
            }
        };
        if after.is_empty() && point + 1 == code.len() {
            return Err(err(point + 2, "expected digits after the point"));
        }
        let mut digits = vec![first];
        for (i, c) in after.chars().enumerate() {
            let d = c.to_digit(16).ok_or_else(|| {
                err(
                    point + 2 + i,
                    &format!("'{c}' is not a digit: expected 0-7 (octal) or 0-f (hexadecimal)"),
                )
            })?;
            digits.push(d as u8);
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(err(point + 2, "the code allows no move at all"));
        }
        Ok(Rule::Code { digits })
    }

    /// The largest number of tokens a move removes (0 for Grundy's game).
    pub fn max_removal(&self) -> usize {
        match self {
            Rule::Code { digits } => digits.len() - 1,
            Rule::Grundy => 0,
        }
    }

    /// Whether some move leaves three heaps (hexadecimal digits 8-f).
    pub fn splits_in_three(&self) -> bool {
        matches!(self, Rule::Code { digits } if digits.iter().any(|&d| d & 8 != 0))
    }

    /// Calls `each(j, bits)` for every number j of removed tokens that the rule allows, with
    /// the digit's bits.
    fn removals(&self, mut each: impl FnMut(usize, u8)) {
        match self {
            Rule::Code { digits } => {
                for (j, &d) in digits.iter().enumerate() {
                    if d != 0 {
                        each(j, d);
                    }
                }
            }
            Rule::Grundy => each(0, 4),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Grundy => f.write_str("Grundy's game"),
            Rule::Code { digits } => {
                write!(f, "{}.", digits[0])?;
                for d in &digits[1..] {
                    write!(f, "{d:x}")?;
                }
                Ok(())
            }
        }
    }
}

/// Mex of a set of small values given as a bitset of 64-bit words.
#[inline]
fn mex_of(seen: &[u64]) -> u16 {
    for (w, &word) in seen.iter().enumerate() {
        if word != u64::MAX {
            return (w * 64) as u16 + (!word).trailing_zeros() as u16;
        }
    }
    (seen.len() * 64) as u16
}

/// Values reach at most this (2 bytes per heap).
const MAX_VALUE: usize = u16::MAX as usize;

/// Words of a bitset able to hold every value up to `max` plus the mex.
fn words_for(max: u16) -> usize {
    (max as usize + 2).div_ceil(64)
}

#[inline]
fn mark(seen: &mut Vec<u64>, v: u16) {
    let w = v as usize / 64;
    if w >= seen.len() {
        seen.resize(w + 1, 0);
    }
    seen[w] |= 1 << (v % 64);
}

/// The values of every heap up to `n` (inclusive) by the definition: for each heap, every
/// move. O(n^2) for two-heap splits, O(n^3) for three-heap splits. 2 bytes per heap.
///
/// # Panics
/// If a value exceeds 65535 (no known game comes near).
pub fn values_plain(rule: &Rule, n: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::with_capacity(n + 1);
    let mut max = 0u16;
    for heap in 0..=n {
        let mut seen = vec![0u64; words_for(max)];
        rule.removals(|j, bits| {
            if heap < j {
                return;
            }
            let rest = heap - j;
            if bits & 1 != 0 && rest == 0 && j > 0 {
                mark(&mut seen, 0);
            }
            if bits & 2 != 0 && rest > 0 && j > 0 {
                mark(&mut seen, g[rest]);
            }
            if bits & 4 != 0 {
                for a in 1..=rest / 2 {
                    let b = rest - a;
                    if b == 0 || (matches!(rule, Rule::Grundy) && a == b) {
                        continue;
                    }
                    mark(&mut seen, g[a] ^ g[b]);
                }
            }
            if bits & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        let c = rest - a - b;
                        if c >= b {
                            mark(&mut seen, g[a] ^ g[b] ^ g[c]);
                        }
                    }
                }
            }
        });
        let v = mex_of(&seen);
        assert!((v as usize) < MAX_VALUE, "a value above 65534");
        max = max.max(v);
        g.push(v);
    }
    g
}

/// What the sparse-space computation found besides the values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SparseValues {
    /// The value of every heap from 0 to n.
    pub values: Vec<u16>,
    /// The mask that splits values into rare ones (an even number of the mask's bits set,
    /// 0 among them) and common ones (odd).
    pub mask: u16,
    /// The heaps whose value is rare, in increasing order (heap 0 included).
    pub rare_heaps: Vec<u32>,
}

/// Heaps valued by definition before the sparse method starts, to choose the mask.
const WARMUP: usize = 1024;

/// The values of every heap up to `n` (inclusive) by the sparse-space method. Two-heap and
/// one-heap moves only (no hexadecimal digit above 7). 2 bytes per heap plus 4 per rare heap.
///
/// **Method.** Split the values by a mask: rare values have an even number of the mask's bits
/// set, common ones an odd number. The XOR of two values of the same class is rare, of
/// different classes common. For the games where this works (Grundy's game with mask `fe`,
/// most solved octal games), rare values are few. For each heap:
/// 1. every split with a rare part is looked at (few): this finds every common value the
///    heap's options have, since a common XOR needs exactly one rare part;
/// 2. the candidate is the smallest common value not found; every rare value below it must
///    then be found among the splits, which are scanned from the smallest part up until they
///    all are (quickly, typically: rare values come from the many common-common splits);
/// 3. only when the scan ends without finding one is the value rare — the only full scan.
///
/// The result is exactly the mex, whatever the mask; the mask (chosen on the first 1024 heaps
/// to make rare heaps fewest and chosen again as values grow, or given) only decides the speed. `progress` is told every
/// 65536 heaps.
pub fn values_sparse(
    rule: &Rule,
    n: usize,
    mask: Option<u16>,
    progress: &dyn crate::progress::Progress,
) -> SparseValues {
    assert!(
        !rule.splits_in_three(),
        "the sparse method handles two-heap splits"
    );
    let warm = n.min(WARMUP);
    let mut g = values_plain(rule, warm);
    g.reserve_exact(n - warm);
    let fixed_mask = mask;
    let mut hist = vec![0u64; MAX_VALUE + 1];
    for &v in &g {
        hist[v as usize] += 1;
    }
    let mut max = g.iter().copied().max().unwrap_or(0);
    let mut mask = fixed_mask.unwrap_or_else(|| best_mask(&hist, max));
    let mut rare: Vec<u32> = rare_heaps(&g, mask);
    let mut splits: Vec<usize> = Vec::new();
    let mut singles: Vec<(usize, u8)> = Vec::new();
    rule.removals(|j, bits| {
        if bits & 4 != 0 {
            splits.push(j);
        }
        if bits & 3 != 0 && j > 0 {
            singles.push((j, bits));
        }
    });
    let grundy = matches!(rule, Rule::Grundy);
    let mut found: Vec<u64> = Vec::new();
    let mut need: Vec<u64> = Vec::new();
    let mut needed: Vec<u8> = Vec::new();
    progress.phase("heaps", Some(n as u64));
    for heap in warm + 1..=n {
        // The mask that makes rare heaps fewest may change as larger values appear: look
        // again now and then (cheap, from the histogram of values), and switch when it pays.
        if fixed_mask.is_none() && heap % (1 << 14) == 0 {
            let best = best_mask(&hist, max);
            if best != mask && rare_count(&hist, max, best) < rare.len() as u64 {
                mask = best;
                rare = rare_heaps(&g, mask);
            }
        }
        let rare_value = |v: u16| (v & mask).count_ones() % 2 == 0;
        // XORs of values up to max stay below P, the next power of two; the smallest common
        // value that is missing is then below 2P.
        let words = (2 * (max as usize + 1).next_power_of_two()).div_ceil(64) + 1;
        found.clear();
        found.resize(words, 0);
        for &(j, bits) in &singles {
            if heap == j && bits & 1 != 0 {
                found[0] |= 1;
            }
            if heap > j && bits & 2 != 0 {
                let v = g[heap - j];
                found[v as usize / 64] |= 1 << (v % 64);
            }
        }
        // 1. Splits with a rare part.
        for &j in &splits {
            let Some(rest) = heap.checked_sub(j) else {
                continue;
            };
            for &a in &rare[1..] {
                let a = a as usize;
                if a >= rest {
                    break;
                }
                let b = rest - a;
                if grundy && a == b {
                    continue;
                }
                let v = g[a] ^ g[b];
                found[v as usize / 64] |= 1 << (v % 64);
            }
        }
        // 2. The smallest common value not found, and the rare values below it still to find.
        let candidate = (0..)
            .map(|v: u16| v)
            .find(|&v| !rare_value(v) && found[v as usize / 64] >> (v % 64) & 1 == 0)
            .expect("a common value is missing");
        need.clear();
        need.resize(words, 0);
        let mut missing = false;
        for v in 0..candidate {
            if rare_value(v) && found[v as usize / 64] >> (v % 64) & 1 == 0 {
                need[v as usize / 64] |= 1 << (v % 64);
                missing = true;
            }
        }
        let value = if !missing {
            candidate
        } else {
            // 3. Scan the splits until every needed rare value is found. One byte per value
            //    (not bits: neighbouring values would share a word and chain the updates),
            //    and the inner loop is branch-free over blocks of 64 splits.
            needed.clear();
            needed.resize(words * 64, 0);
            let mut remaining = 0u32;
            for (w, &word) in need.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    needed[w * 64 + bits.trailing_zeros() as usize] = 1;
                    remaining += 1;
                    bits &= bits - 1;
                }
            }
            // The split families (one per number of removed tokens) are scanned side by side,
            // a block of parts at a time, so that a value only one family makes is found early.
            let longest = splits
                .iter()
                .filter_map(|&j| heap.checked_sub(j))
                .max()
                .unwrap_or(0);
            let mut start = 1;
            while start <= longest / 2 && remaining > 0 {
                let end = start + 64;
                for &j in &splits {
                    let Some(rest) = heap.checked_sub(j) else {
                        continue;
                    };
                    // Grundy's game may not split into two equal heaps.
                    let last = if grundy {
                        rest.saturating_sub(1) / 2
                    } else {
                        rest / 2
                    };
                    for a in start..end.min(last + 1) {
                        let v = (g[a] ^ g[rest - a]) as usize;
                        remaining -= u32::from(needed[v]);
                        needed[v] = 0;
                    }
                }
                start = end;
            }
            for (w, word) in need.iter_mut().enumerate() {
                let mut bits = *word;
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    if needed[w * 64 + b] == 0 {
                        *word &= !(1 << b);
                    }
                    bits &= bits - 1;
                }
            }
            match need.iter().position(|&x| x != 0) {
                Some(w) => (w * 64) as u16 + need[w].trailing_zeros() as u16,
                None => candidate,
            }
        };
        assert!((value as usize) < MAX_VALUE, "a value above 65534");
        if rare_value(value) {
            rare.push(heap as u32);
        }
        max = max.max(value);
        hist[value as usize] += 1;
        g.push(value);
        if heap % (1 << 16) == 0 {
            progress.advance(1 << 16);
        }
    }
    progress.finish();
    SparseValues {
        values: g,
        mask,
        rare_heaps: rare,
    }
}

/// The heaps whose value is rare under `mask`.
fn rare_heaps(g: &[u16], mask: u16) -> Vec<u32> {
    (0..g.len() as u32)
        .filter(|&h| (g[h as usize] & mask).count_ones() % 2 == 0)
        .collect()
}

/// How many heaps have a rare value under `mask`, from the histogram of values.
fn rare_count(hist: &[u64], max: u16, mask: u16) -> u64 {
    (0..=max)
        .filter(|&v| (v & mask).count_ones() % 2 == 0)
        .map(|v| hist[v as usize])
        .sum()
}

/// The mask under which the fewest heaps have rare values, over the bits of the values seen;
/// among equals the largest mask. (As larger values appear the choice is made again.)
fn best_mask(hist: &[u64], max: u16) -> u16 {
    let top = (u16::BITS - max.leading_zeros()).clamp(1, 12);
    (1..1u16 << top)
        .rev()
        .min_by_key(|&m| rare_count(hist, max, m))
        .unwrap_or(0)
}
