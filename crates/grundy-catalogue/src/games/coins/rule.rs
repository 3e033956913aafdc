//! The rules of the one-dimensional coin-turning games, and their names: what every other
//! part of the family (values, rows, boards, tables, play) is parameterised by.

use std::fmt;

/// A rule of a one-dimensional coin-turning game (`docs/coins.md` derives the values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Turn one or two coins; the rightmost shows heads (notes 003 §5.1).
    Two,
    /// Turn one, two or three coins; the rightmost shows heads (notes 003 §5.2).
    MockTurtles,
    /// Turn a run of consecutive coins, of at most `max_run` coins when given; the rightmost
    /// shows heads (notes 003 §5.3.1, 002 问题3 and 问题4).
    Ruler {
        /// The longest run a move may turn (at least 1); `None` for any length.
        max_run: Option<u64>,
    },
    /// Turn `x, 2x, ..., kx` for some k ≥ 1 with kx within the row; x shows heads (notes 000).
    Multiples,
}

impl Rule {
    /// The rule's name on the command line: `two`, `mock-turtles`, `ruler`, `multiples`.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Two => "two",
            Rule::MockTurtles => "mock-turtles",
            Rule::Ruler { .. } => "ruler",
            Rule::Multiples => "multiples",
        }
    }
}

impl fmt::Display for Rule {
    /// The name, and the longest run of a bounded Ruler: `ruler (runs of at most 5 coins)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Ruler { max_run: Some(k) } => write!(f, "ruler (runs of at most {k} coins)"),
            other => f.write_str(other.name()),
        }
    }
}
