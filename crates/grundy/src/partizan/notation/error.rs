//! The errors of reading the notation: the column and what was wrong there.

use std::fmt;

use super::super::error::ValueError;
use super::super::number::ParseDyadicError;

/// The deepest nesting of braces, parentheses, `Tiny(…)` and `Miny(…)` the reader accepts
/// (deep texts are read on a thread with a stack sized for them).
pub const MAX_NESTING: usize = 1 << 15;

/// Why a text is not a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Something else was expected here.
    Expected {
        /// What would have been understood.
        expected: &'static str,
        /// What is there instead (`end of input` at the end).
        found: String,
    },
    /// The longest run of slashes occurs more than once at one level, as in `{3|2|1}`.
    AmbiguousSlashes {
        /// The length of the run.
        run: usize,
    },
    /// Braces and parentheses nest deeper than [`MAX_NESTING`].
    TooDeep,
    /// A number is not a dyadic rational or is out of range.
    Number(ParseDyadicError),
    /// Building the game failed (a sum out of range, …).
    Value(ValueError),
    /// A call of CGSuite's (`Clobber("xo")`) or a property (`.OutcomeClass`) has no value
    /// here: an unknown name, a position that does not read, a property that is no game in
    /// the middle of an expression.
    Call(String),
}

/// A text that is not a game: where (1-based column, in characters) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// The column of the problem, counting characters from 1.
    pub column: usize,
    /// The problem.
    pub kind: ParseErrorKind,
}

impl fmt::Display for ParseError {
    /// `column N: ` and the problem.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.kind)
    }
}

impl fmt::Display for ParseErrorKind {
    /// The problem alone, for callers that name the place their own way (`file:line:column`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ParseErrorKind::AmbiguousSlashes { run } => write!(
                f,
                "ambiguous slashes: a run of {run} '|' appears twice at one level (use braces)"
            ),
            ParseErrorKind::TooDeep => {
                write!(
                    f,
                    "braces and parentheses nest deeper than {MAX_NESTING} levels"
                )
            }
            ParseErrorKind::Number(e) => write!(f, "{e}"),
            ParseErrorKind::Value(e) => write!(f, "{e}"),
            ParseErrorKind::Call(message) => f.write_str(message),
        }
    }
}
