//! Periods of sequences: pre-period and period found from data, and, for octal games, proven.
//!
//! [`find`] gives the shortest period of the longest periodic tail of a sequence (and its
//! start, the pre-period), in O(n) with the failure function of the reversed sequence. For a
//! take-and-break game with a finite code, the periodicity theorem (Guy and Smith; Winning
//! Ways ch. 4) turns an observation into a proof: if g(n + p) = g(n) for all n with
//! e ≤ n < 2e + p + t, where t is the largest number of tokens a move removes, then it holds
//! for every n ≥ e. [`octal`] says "proven" only when the data reaches that far.

use serde::Serialize;

/// A periodic tail: `values[n + period] == values[n]` for every `n >= preperiod` in the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Period {
    /// Where the periodic part starts.
    pub preperiod: usize,
    /// The shortest period of the tail.
    pub period: usize,
}

/// The shortest period of the longest tail of `values` that repeats at least twice, with the
/// tail's start; `None` if no tail of the data repeats twice. O(n) time, 4 bytes per value
/// (of data beyond 2^32 - 2 values, only the last 2^32 - 2 are looked at).
pub fn find<T: PartialEq>(values: &[T]) -> Option<Period> {
    let skip = values.len().saturating_sub(u32::MAX as usize - 1);
    let values = &values[skip..];
    let n = values.len();
    let rev = |i: usize| &values[n - 1 - i];
    // fail[l] = length of the longest proper border of the reversed prefix of length l,
    // i.e. of the tail of length l; its shortest period is l - fail[l].
    let mut fail = vec![0u32; n + 1];
    let mut k = 0;
    for i in 1..n {
        while k > 0 && rev(i) != rev(k) {
            k = fail[k] as usize;
        }
        if rev(i) == rev(k) {
            k += 1;
        }
        fail[i + 1] = k as u32;
    }
    (1..=n).rev().find_map(|tail| {
        let period = tail - fail[tail] as usize;
        (tail >= 2 * period).then_some(Period {
            preperiod: skip + n - tail,
            period,
        })
    })
}

/// An arithmetic-periodic tail: `values[n + period] == values[n] + saltus` for every
/// `n >= preperiod` in the data, with `saltus > 0` (a saltus of 0 is plain periodicity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ArithmeticPeriod {
    /// Where the arithmetic-periodic part starts.
    pub preperiod: usize,
    /// The shortest such period.
    pub period: usize,
    /// How much the values grow each period.
    pub saltus: u64,
}

/// Comparisons [`find_arithmetic`] makes at most, so that no sequence makes it quadratic.
const ARITHMETIC_BUDGET: u64 = 1 << 27;

/// The simplest arithmetic-periodic tail (values grow by the same saltus s > 0 every p
/// steps) seen over at least two periods beyond its first: of every such p, the one whose
/// pre-period plus period is least (it explains the most of the data with the least; ties go
/// to the shorter period), so that a short period that only the last few values happen to
/// fit does not hide the rule of the whole table. `None` if there is none, or if the search
/// takes more than 2^27 comparisons. Tries p = 1, 2, ... up to n / 3, comparing from the end
/// back while the relation holds: a wrong p fails after a few comparisons, so typically
/// O(n) for the periods that can still win.
pub fn find_arithmetic(values: &[u64]) -> Option<ArithmeticPeriod> {
    let n = values.len();
    let mut budget = ARITHMETIC_BUDGET;
    let mut best: Option<ArithmeticPeriod> = None;
    for period in 1..=n / 3 {
        if best.is_some_and(|b| b.preperiod + b.period <= period) {
            break;
        }
        let last = n - 1;
        let Some(saltus) = values[last]
            .checked_sub(values[last - period])
            .filter(|&s| s > 0)
        else {
            continue;
        };
        // Scan back while values[i + p] = values[i] + s.
        let mut start = last - period;
        while start > 0 && values[start - 1].checked_add(saltus) == Some(values[start - 1 + period])
        {
            start -= 1;
            budget = budget.checked_sub(1)?;
        }
        budget = budget.checked_sub(1)?;
        // The relation holds for i in start..=last - period: at least two periods of it.
        let simpler = best.is_none_or(|b| start + period < b.preperiod + b.period);
        if last - period + 1 - start >= 2 * period && simpler {
            best = Some(ArithmeticPeriod {
                preperiod: start,
                period,
                saltus,
            });
        }
    }
    best
}

/// What is known of the periodicity of a take-and-break game from its first values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum OctalPeriod {
    /// The periodicity theorem applies: periodic for ever.
    Proven {
        /// Pre-period and period.
        #[serde(flatten)]
        period: Period,
    },
    /// Periodic over the data, but the data does not reach far enough for the theorem.
    Observed {
        /// Pre-period and period seen.
        #[serde(flatten)]
        period: Period,
        /// How many values were looked at.
        upto: usize,
        /// How many values the theorem would need (2e + 2p + t).
        needed: usize,
    },
    /// No tail of the data repeats twice.
    None {
        /// How many values were looked at.
        upto: usize,
    },
}

impl OctalPeriod {
    /// The periodicity in words, of the game's `noun` (`values`, `elements`), after `prefix`
    /// (empty, or the noun and a space): "periodic, proven: period 12 from heap 71 (the
    /// periodicity theorem applies)". O(1).
    pub fn describe(&self, prefix: &str, noun: &str) -> String {
        match *self {
            OctalPeriod::Proven { period } => format!(
                "{prefix}periodic, proven: period {} from heap {} (the periodicity theorem \
                 applies)",
                period.period, period.preperiod
            ),
            OctalPeriod::Observed {
                period,
                upto,
                needed,
            } if needed != usize::MAX => format!(
                "{prefix}periodic as far as observed: period {} from heap {}, up to {upto} (a \
                 proof needs {noun} up to {needed})",
                period.period, period.preperiod
            ),
            OctalPeriod::Observed { period, upto, .. } => format!(
                "{prefix}periodic as far as observed: period {} from heap {}, up to {upto} (no \
                 theorem applies to this game)",
                period.period, period.preperiod
            ),
            OctalPeriod::None { upto } => format!("no period observed up to {upto}"),
        }
    }
}

/// The periodicity of a heap game from `values` (heaps 0, 1, ...: nim values, or the
/// elements of a misère quotient), where a move removes at most `max_removal` tokens; `None`
/// for games with no such bound (Grundy's game), where no theorem applies. O(n).
pub fn octal<T: PartialEq>(values: &[T], max_removal: Option<usize>) -> OctalPeriod {
    let upto = values.len();
    match find(values) {
        None => OctalPeriod::None { upto },
        Some(p) => {
            let needed = match max_removal {
                Some(t) => 2 * p.preperiod + 2 * p.period + t,
                None => usize::MAX,
            };
            if upto >= needed {
                OctalPeriod::Proven { period: p }
            } else {
                OctalPeriod::Observed {
                    period: p,
                    upto,
                    needed,
                }
            }
        }
    }
}
