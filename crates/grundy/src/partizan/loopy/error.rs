//! The errors of loopy games: malformed text (with its column), a game that is not a stopper
//! or not stopper-sided where one is needed, a graph given with a bad option, a budget that
//! ran out.

use std::fmt;

use crate::budget::Exhausted;
use crate::partizan::{ParseError, ParseErrorKind, ValueError};

/// The deepest nesting of braces and parentheses a loopy text may have.
pub const MAX_LOOPY_NESTING: usize = 256;

/// Why a text is not a loopy game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoopyParseErrorKind {
    /// A problem of the short games' notation inside the text.
    Short(ParseErrorKind),
    /// A name that no enclosing `name{…}` defines.
    UnknownName(String),
    /// `pass` outside braces.
    PassOutside,
    /// A name defined twice, one inside the other.
    NameTwice(String),
    /// Braces and parentheses nest deeper than
    /// [`MAX_LOOPY_NESTING`].
    TooDeep,
    /// A position still being defined (a name or `pass`) used inside a sum, a negative or a
    /// switch, where only a whole option may refer to it.
    OpenReference(String),
    /// A sided value `S & T` where one game is wanted ([`LoopyGame::parse`](super::LoopyGame::parse)).
    SidedValue,
    /// A name that refers, from inside braces holding a sided value, to braces around them.
    SidedReference(String),
    /// An integer multiple `k * G` with more copies than [`MAX_MULTIPLE`].
    Multiplier(String),
}

/// The most copies an integer multiple `k * G` adds up.
pub const MAX_MULTIPLE: u64 = 1 << 16;

impl fmt::Display for LoopyParseErrorKind {
    /// The problem alone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyParseErrorKind::Short(kind) => write!(f, "{kind}"),
            LoopyParseErrorKind::UnknownName(name) => write!(
                f,
                "unknown name '{name}': a name refers to an enclosing '{name}{{…}}' or \
                 '{name}:{{…}}'"
            ),
            LoopyParseErrorKind::PassOutside => {
                write!(
                    f,
                    "'pass' is a move back to the game in braces around it, and there are none"
                )
            }
            LoopyParseErrorKind::TooDeep => write!(
                f,
                "braces and parentheses nest deeper than {} levels",
                MAX_LOOPY_NESTING
            ),
            LoopyParseErrorKind::NameTwice(name) => {
                write!(f, "the name '{name}' is defined inside its own definition")
            }
            LoopyParseErrorKind::OpenReference(name) => write!(
                f,
                "'{name}' refers to a position whose braces are still open: it may be an \
                 option, not part of a sum, negative or switch"
            ),
            LoopyParseErrorKind::SidedValue => write!(
                f,
                "'S & T' is a sided value (the onside S, the offside T), not one game: it is \
                 read as a value, with its sides"
            ),
            LoopyParseErrorKind::SidedReference(name) => write!(
                f,
                "'{name}' refers to braces around a sided value 'S & T' from inside it, which \
                 is not read"
            ),
            LoopyParseErrorKind::Multiplier(k) => write!(
                f,
                "the multiple {k} * G adds more than {MAX_MULTIPLE} copies"
            ),
        }
    }
}

/// A text that is not a loopy game: where (1-based column, in characters) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LoopyParseError {
    /// The column of the problem, counting characters from 1.
    pub column: usize,
    /// The problem.
    pub kind: LoopyParseErrorKind,
}

impl fmt::Display for LoopyParseError {
    /// `column N: ` and the problem.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.kind)
    }
}

/// An operation on loopy games could not be done.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoopyError {
    /// The text is not a game.
    #[error(transparent)]
    Parse(#[from] LoopyParseError),
    /// The operation needs a stopper and the game has an infinite alternating line of play.
    #[error(
        "not a stopper: Left and Right can move in turn for ever, around a cycle of {length} \
         moves through position {position} (the start is 0)"
    )]
    NotStopper {
        /// A position on the cycle.
        position: u32,
        /// The number of moves of the cycle.
        length: usize,
    },
    /// Sidling found no stoppers for the sides: the approximations still fell after
    /// `rounds` rounds. The game may not be stopper-sided (Bach's carousel is not), or its
    /// sides need more rounds.
    #[error(
        "no stoppers found for the sides: sidling did not settle within {rounds} rounds (the \
         game may not be stopper-sided, as Bach's carousel is not)"
    )]
    NotStopperSided {
        /// The rounds of sidling done.
        rounds: usize,
    },
    /// A variety was asked relative to a degree that is not an idempotent (D + D ≠ D).
    #[error("the degree {0} is not an idempotent: D + D is not D")]
    NotIdempotent(String),
    /// The stopper is not stable: its upsum and downsum varieties differ, so it has no
    /// variety.
    #[error("not stable: the upsum variety {upsum} and the downsum variety {downsum} differ")]
    Unstable {
        /// The upsum variety, printed.
        upsum: String,
        /// The downsum variety, printed.
        downsum: String,
    },
    /// A sided value `S & T` read with an onside below its offside.
    #[error("in S & T the onside S must be at least the offside T: {onside} & {offside} is not")]
    SidesOrder {
        /// The onside read.
        onside: String,
        /// The offside read.
        offside: String,
    },
    /// Option lists that do not make a graph.
    #[error("not a loopy game: {0}")]
    Graph(String),
    /// A short game's value could not be computed (a number out of range).
    #[error(transparent)]
    Value(#[from] ValueError),
    /// A budget ran out.
    #[error(transparent)]
    Budget(#[from] Exhausted),
}

impl From<ParseError> for LoopyError {
    /// A problem of the short games' notation, at its column.
    fn from(e: ParseError) -> Self {
        LoopyError::Parse(LoopyParseError {
            column: e.column,
            kind: LoopyParseErrorKind::Short(e.kind),
        })
    }
}
