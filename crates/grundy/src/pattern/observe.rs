//! Recognisers: what a table's values look like (the 观察 of 打表 + 观察).
//!
//! [`observe`] checks a table against the patterns of the notes and reports every one that
//! holds on all of its cells: closed forms of n (value = n, lowbit(n), the odious numbers,
//! the smallest Zeckendorf term), the P-positions forming a known family (powers of two,
//! Fibonacci numbers, evil or odious numbers, Wythoff's pairs), periodicity and arithmetic
//! periodicity, and for two-parameter tables symmetry, nim sums and constant diagonals. A
//! pattern seen on a table is an observation up to its last cell, not a proof.

use std::fmt;

use serde::Serialize;

use super::period;
use super::table::{Kind, Table};
use crate::math::bits::{is_odious, lowbit, odious};
use crate::math::golden::is_wythoff_pair;
use crate::math::zeckendorf::{is_fibonacci, smallest_term};

/// A closed form of n.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Formula {
    /// n itself (Nim).
    Identity,
    /// The largest power of 2 dividing n (the Ruler game; 0 for 0).
    Lowbit,
    /// The n-th odious number counting from 0: 1, 2, 4, 7, 8, 11, ... (Mock Turtles).
    Odious,
    /// The smallest term of n's Zeckendorf representation (Fibonacci Nim's least winning
    /// take; 0 for 0).
    ZeckendorfSmallest,
}

impl Formula {
    const ALL: [Formula; 4] = [
        Formula::Identity,
        Formula::Lowbit,
        Formula::Odious,
        Formula::ZeckendorfSmallest,
    ];

    /// The formula's value at `m`, if defined. O(log m).
    fn at(self, m: u64) -> Option<u64> {
        match self {
            Formula::Identity => Some(m),
            Formula::Lowbit => Some(lowbit(m)),
            Formula::Odious => (m < 1 << 62).then(|| odious(m)),
            Formula::ZeckendorfSmallest => Some(smallest_term(m).unwrap_or(0)),
        }
    }

    /// The formula applied to `arg` (a text like `n` or `n - 1`).
    fn show(self, arg: &str) -> String {
        match self {
            Formula::Identity => arg.to_string(),
            Formula::Lowbit => format!("lowbit({arg})"),
            Formula::Odious => format!("the ({arg})-th odious number (1, 2, 4, 7, 8, 11, ...)"),
            Formula::ZeckendorfSmallest => {
                format!("the smallest Zeckendorf term of {arg}")
            }
        }
    }
}

/// A family of numbers the P-positions of a one-parameter table may form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// 1, 2, 4, 8, ...
    PowersOfTwo,
    /// 1, 2, 3, 5, 8, 13, ...
    Fibonacci,
    /// Numbers with an even number of 1 bits: 0, 3, 5, 6, 9, ...
    Evil,
    /// Numbers with an odd number of 1 bits: 1, 2, 4, 7, 8, ...
    Odious,
}

impl Family {
    const ALL: [Family; 4] = [
        Family::PowersOfTwo,
        Family::Fibonacci,
        Family::Evil,
        Family::Odious,
    ];

    fn contains(self, n: u64) -> bool {
        match self {
            Family::PowersOfTwo => n.is_power_of_two(),
            Family::Fibonacci => is_fibonacci(n),
            Family::Evil => !is_odious(n),
            Family::Odious => is_odious(n),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Family::PowersOfTwo => "the powers of two",
            Family::Fibonacci => "the Fibonacci numbers",
            Family::Evil => "the evil numbers (an even number of 1 bits)",
            Family::Odious => "the odious numbers (an odd number of 1 bits)",
        }
    }
}

/// A pattern seen on every cell of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "pattern", rename_all = "kebab-case")]
pub enum Pattern {
    /// value(n) = formula(n + shift) on every n (or on every n whose value is not 0).
    Formula {
        /// The closed form.
        formula: Formula,
        /// Added to n before the formula: -1, 0 or 1 (tables by a coin from 1, say).
        shift: i8,
        /// Whether the formula holds only where the value is not 0 (where the player to
        /// move wins: a least winning move, say).
        nonzero_only: bool,
    },
    /// The value is 0 exactly at the members of a family.
    Losing {
        /// The family.
        family: Family,
    },
    /// value(n + period) = value(n) for every n from `from` on (seen over two periods at
    /// least).
    Periodic {
        /// The first n of the periodic part (the pre-period, for a table from n = 0).
        from: u64,
        /// The shortest period.
        period: u64,
        /// How many whole periods the data covers from `from` on (2 at least).
        repeats: u64,
    },
    /// value(n + period) = value(n) + saltus for every n from `from` on.
    ArithmeticPeriodic {
        /// The first n of the arithmetic-periodic part.
        from: u64,
        /// The shortest period.
        period: u64,
        /// How much the values grow each period.
        saltus: u64,
    },
    /// Two parameters: value(a, b) = value(b, a).
    Symmetric,
    /// Two parameters: value(a, b) = a XOR b (two-pile Nim).
    NimSum,
    /// Two parameters: the value depends on b - a only.
    ConstantDiagonals,
    /// Two parameters: the value depends on a + b only.
    ConstantAntiDiagonals,
    /// Two parameters: the value is 0 exactly at Wythoff's pairs (⌊kφ⌋, ⌊kφ²⌋) and their
    /// mirror images.
    WythoffPairs,
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Formula {
                formula,
                shift,
                nonzero_only,
            } => {
                let arg = match shift {
                    0 => "n".to_string(),
                    s if *s > 0 => format!("n + {s}"),
                    s => format!("n - {}", -s),
                };
                write!(f, "value = {}", formula.show(&arg))?;
                if *nonzero_only {
                    f.write_str(" wherever it is not 0")?;
                }
                Ok(())
            }
            Pattern::Losing { family } => write!(f, "value 0 exactly at {}", family.name()),
            Pattern::Periodic {
                from,
                period,
                repeats,
            } => write!(
                f,
                "periodic: period {period} from n = {from} on (seen {repeats} times)"
            ),
            Pattern::ArithmeticPeriodic {
                from,
                period,
                saltus,
            } => write!(
                f,
                "arithmetic-periodic: value(n + {period}) = value(n) + {saltus} from n = {from} on"
            ),
            Pattern::Symmetric => f.write_str("symmetric: value(a, b) = value(b, a)"),
            Pattern::NimSum => f.write_str("value = a XOR b"),
            Pattern::ConstantDiagonals => f.write_str("constant diagonals: value depends on b - a"),
            Pattern::ConstantAntiDiagonals => {
                f.write_str("constant anti-diagonals: value depends on a + b")
            }
            Pattern::WythoffPairs => {
                f.write_str("value 0 exactly at Wythoff's pairs (⌊kφ⌋, ⌊kφ²⌋) and mirrors")
            }
        }
    }
}

/// Every pattern that holds on all of `table`'s cells (on its outcomes, for a table of
/// canonical forms), most specific first; an
/// arithmetic-periodic tail only when no closed form explains every value. One-parameter
/// tables: O(n log n) (the formulas), two-parameter: O(cells).
pub fn observe(table: &Table) -> Vec<Pattern> {
    if matches!(table.kind(), Kind::Forms | Kind::Elements) {
        // Patterns are seen in who wins (P cells, as in impartial tables).
        return observe(&table.outcomes());
    }
    match table.columns() {
        None => observe_line(table),
        Some(_) => observe_grid(table),
    }
}

/// The fewest values a periodic or arithmetic-periodic tail must cover to be reported (besides
/// two periods): three values that happen to grow by one are no pattern.
const MIN_TAIL: usize = 8;

fn observe_line(table: &Table) -> Vec<Pattern> {
    let first = table.rows().first;
    let values = table.values();
    let cells = || {
        values
            .iter()
            .enumerate()
            .map(move |(i, &v)| (first + i as u64, v))
    };
    let mut patterns = Vec::new();
    if table.kind() == Kind::Values {
        for formula in Formula::ALL {
            for shift in [0i8, -1, 1] {
                let at = |n: u64| {
                    n.checked_add_signed(i64::from(shift))
                        .and_then(|m| formula.at(m))
                };
                // Where the formula is not defined (n - 1 for n = 0), a value 0 (no head, say)
                // agrees with it.
                let holds = |nonzero_only: bool| {
                    cells()
                        .all(|(n, v)| (nonzero_only && v == 0) || at(n).map_or(v == 0, |f| f == v))
                };
                let nonzero = cells().filter(|&(_, v)| v != 0).count();
                // Where the formula holds only on the non-zero values, it says something
                // when there are enough of them.
                let found = if holds(false) {
                    (values.len() >= 3).then_some(false)
                } else {
                    (nonzero >= 3 && holds(true)).then_some(true)
                };
                if let Some(nonzero_only) = found {
                    patterns.push(Pattern::Formula {
                        formula,
                        shift,
                        nonzero_only,
                    });
                    break;
                }
            }
        }
    }
    // A family needs a member and a non-member in the table, past its smallest numbers.
    for family in Family::ALL {
        // The check first: on most tables it fails within a few cells.
        if cells().all(|(n, v)| (v == 0) == family.contains(n)) {
            let members = cells().filter(|&(n, _)| family.contains(n)).count();
            if members >= 3 && members < values.len() {
                patterns.push(Pattern::Losing { family });
            }
        }
    }
    let periodic = period::find(values).filter(|p| values.len() - p.preperiod >= MIN_TAIL);
    if let Some(p) = periodic {
        patterns.push(Pattern::Periodic {
            from: first + p.preperiod as u64,
            period: p.period as u64,
            repeats: ((values.len() - p.preperiod) / p.period) as u64,
        });
    } else if !patterns.iter().any(|p| {
        matches!(
            p,
            Pattern::Formula {
                nonzero_only: false,
                ..
            }
        )
    }) {
        let arithmetic =
            period::find_arithmetic(values).filter(|p| values.len() - p.preperiod >= MIN_TAIL);
        if let Some(p) = arithmetic {
            patterns.push(Pattern::ArithmeticPeriodic {
                from: first + p.preperiod as u64,
                period: p.period as u64,
                saltus: p.saltus,
            });
        }
    }
    patterns
}

fn observe_grid(table: &Table) -> Vec<Pattern> {
    let rows = table.rows();
    let columns = table.columns().expect("a grid");
    let cells = || {
        rows.iter()
            .flat_map(move |a| columns.iter().map(move |b| (a, b)))
            .zip(table.values().iter().copied())
    };
    let mut patterns = Vec::new();
    let overlap = rows.first.max(columns.first) < rows.last.min(columns.last);
    if overlap && cells().all(|((a, b), v)| table.get(b, a).is_none_or(|mirror| mirror == v)) {
        patterns.push(Pattern::Symmetric);
    }
    if table.kind() == Kind::Values && cells().all(|((a, b), v)| v == a ^ b) {
        patterns.push(Pattern::NimSum);
    }
    // Constant along a line: every cell equals the first cell met on its line.
    let constant_along = |key: &dyn Fn(u64, u64) -> i128| {
        let mut seen = rustc_hash::FxHashMap::default();
        cells().all(|((a, b), v)| *seen.entry(key(a, b)).or_insert(v) == v)
            && seen.len() < table.values().len()
    };
    let both_ways = rows.count() > 1 && columns.count() > 1;
    if both_ways && constant_along(&|a, b| i128::from(b) - i128::from(a)) {
        patterns.push(Pattern::ConstantDiagonals);
    }
    if both_ways && constant_along(&|a, b| i128::from(a) + i128::from(b)) {
        patterns.push(Pattern::ConstantAntiDiagonals);
    }
    let pairs = cells().filter(|&((a, b), _)| is_wythoff_pair(a, b)).count();
    if pairs >= 3 && cells().all(|((a, b), v)| (v == 0) == is_wythoff_pair(a, b)) {
        patterns.push(Pattern::WythoffPairs);
    }
    patterns
}
