//! The errors of partizan value arithmetic.

use super::number::NumberOverflow;

/// An operation on partizan values could not give an exact answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// A number left the range of [`Dyadic`](super::number::Dyadic).
    #[error(transparent)]
    Number(#[from] NumberOverflow),
    /// A multiple of up left the range of `i32`.
    #[error("multiple of up out of range: at most 2^31 - 1 ups either way")]
    UpsOverflow,
    /// The recursion an operation needs (bounded by the depths of its games' trees) is deeper
    /// than the engine allows.
    #[error("game too deep: the operation would recurse {depth} levels, the limit is {limit}")]
    TooDeep {
        /// The recursion the operation would need.
        depth: u64,
        /// The deepest recursion allowed.
        limit: u64,
    },
    /// The atomic weight is asked of a game that has none.
    #[error("that game is not atomic")]
    NotAtomic,
    /// A nim value was asked of a game that is not a nimber.
    #[error("that game is not a nimber: it has no nim value")]
    NotANimber,
    /// A property of a ruleset's position itself (its misère outcome, its followers), which
    /// its value does not give.
    #[error("{0} is a property of a ruleset's position, which its value does not give")]
    OfPosition(&'static str),
    /// Cooling is defined for temperatures above −1 only.
    #[error("cannot cool by {0}: the temperature must be greater than -1")]
    CoolingTemperature(super::number::Dyadic),
    /// `Pow` and `PowTo` need a base of the form {0|H}.
    #[error("the base of a power must be of the form {{0|H}}")]
    PowerBase,
    /// A list of followers would be too long to build.
    #[error("{0} followers are too many to list")]
    TooManyFollowers(u128),
    /// A budget ran out (games held, memory, time) or the work was cancelled: which, and how
    /// far the work got.
    #[error(transparent)]
    Budget(#[from] crate::budget::Exhausted),
    /// A form's text would be longer than the most a caller asked to write.
    #[error("its text is longer than {limit} characters")]
    TooLong {
        /// The most characters asked for.
        limit: u64,
    },
    /// A count exceeds what an answer can hold.
    #[error("count out of range: more than 2^128 - 1")]
    CountOverflow,
}
