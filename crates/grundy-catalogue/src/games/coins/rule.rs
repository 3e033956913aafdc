//! The rules of the one-dimensional coin-turning games, and their names: what every other
//! part of the family (values, rows, boards, tables, play) is parameterised by.

use std::fmt;

use super::code::{Spacing, TurningCode};

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
    /// A turning code (CGSuite's `Turning(code)`, `Spawning(code)`): the sets of coins the
    /// code allows, the rightmost showing heads; valued by a table (`spawning.rs`).
    Code(TurningCode),
}

impl Rule {
    /// The rule's name on the command line: `two`, `mock-turtles`, `ruler`, `multiples`, or
    /// a turning code (`3E`).
    pub fn name(&self) -> String {
        match self {
            Rule::Two => "two".to_string(),
            Rule::MockTurtles => "mock-turtles".to_string(),
            Rule::Ruler { .. } => "ruler".to_string(),
            Rule::Multiples => "multiples".to_string(),
            Rule::Code(code) => code.to_string(),
        }
    }

    /// The rule of a turning code: a rule with a formula when the code is one (`1-2` is
    /// `Two`, `1-3` Mock Turtles, `1+C` the Ruler, `1-kC` the Ruler with runs of at most k),
    /// since the formula values any coin in O(1); otherwise the code. O(elements).
    ///
    /// ```
    /// use grundy_catalogue::games::coins::{Rule, TurningCode};
    /// let code = |c| Rule::of_code(TurningCode::parse(c).unwrap());
    /// assert_eq!(code("1-3"), Rule::MockTurtles);
    /// assert_eq!(code("1-5C"), Rule::Ruler { max_run: Some(5) });
    /// assert!(matches!(code("3E"), Rule::Code(_)));
    /// ```
    pub fn of_code(code: TurningCode) -> Rule {
        if let [e] = code.elements() {
            if e.min == 1 && !e.first && e.span.is_none() {
                match (e.spacing, e.max) {
                    (Spacing::Any, Some(2)) => return Rule::Two,
                    (Spacing::Any, Some(3)) => return Rule::MockTurtles,
                    (Spacing::Consecutive, max_run) => {
                        return Rule::Ruler {
                            max_run: max_run.map(u64::from),
                        }
                    }
                    _ => {}
                }
            }
        }
        Rule::Code(code)
    }
}

impl fmt::Display for Rule {
    /// The name, and the longest run of a bounded Ruler: `ruler (runs of at most 5 coins)`; a
    /// code with its name in the literature: `Turnips (3E)`, `code 2-3,6C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Ruler { max_run: Some(k) } => write!(f, "ruler (runs of at most {k} coins)"),
            Rule::Code(code) => match code.known_name() {
                Some(name) => write!(f, "{name} ({code})"),
                None => write!(f, "code {code}"),
            },
            other => f.write_str(&other.name()),
        }
    }
}
