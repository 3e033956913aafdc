//! The text notation of canonical forms, read and printed as the reference tool (CGSuite)
//! prints them.
//!
//! ```text
//! 0  5  -1823437481924  3/4  -1/2        numbers (dyadic rationals)
//! *  *3  ^  v  ^^  v3  ^*  ^3*2  1/2^*   number + ups + nimber, juxtaposed
//! ^<2>  v<3>*  ^[4]  3/4v[3]*            up-nth ↑^n and ↑^[n] = ↑ + … + ↑^n
//! {1|*}  {1,*|-1}  {2||1|0}  {|}         options; more slashes separate first
//! +-1  +-{1,{2|0}}  +-{2|1}              switches ±G = {G | −G}, ±{a,b} = {a,b | −a,−b}
//! Tiny(2)  Miny({3|1})  2Tiny(2)         {0||0|−G}, {G|0||0}, and a number plus them
//! a + b  a - b  -a  a +- b  (a)          sums, differences, negatives, a + ±b, grouping
//! ```
//!
//! - Inside braces, commas separate options and runs of `|` separate sides: the longest run
//!   must occur exactly once at each level (`{3|2|1}` is ambiguous, an error), and a side
//!   that holds shorter runs is a single option (`{2||1|0} = {2 | {1|0}}`).
//! - A number, ups, downs, stars, `Tiny(…)` and `Miny(…)` written together without spaces
//!   add up: `1/2^*` is `1/2 + ↑ + *`, `-1^^` is `−1 + ⇑`. A `-` directly before a digit in
//!   front of an operand belongs to the number; elsewhere `-` negates or subtracts the whole
//!   operand (`3-1^^` is `3 − (1 + ⇑)`).
//! - Printing follows the reference tool exactly: options in its deterministic order, at
//!   most three levels of bare slashes (a fourth level is bracketed), switches, tinies and
//!   minies, uptimals.
//! - CGSuite's calls and properties: `game.grid.Clobber("xo|ox")`, `Cutcake((8,3))`,
//!   `Domineering(Grid.Empty(4,4))` stand for the value of a ruleset's position, which a
//!   [`Positions`] given to [`GameStore::read`](super::GameStore::read) or
//!   [`GameStore::parse_with`](super::GameStore::parse_with) supplies (the
//!   engine names no ruleset: [`call`] reads the syntax alone); `G.CanonicalForm`,
//!   `G.Temperature`, `G.NimValue` and the other [`Property`]s follow an operand. A property
//!   that is no game (`.OutcomeClass`) may only end the whole expression, where
//!   [`GameStore::read`](super::GameStore::read) returns it for the front end to pick out of its report.
//! - Errors name the column (1-based, in characters) and what was expected. Nesting of
//!   braces and parentheses is limited to [`MAX_NESTING`] levels, so no input can overflow
//!   the stack.

pub mod call;
mod error;
mod parse;
pub(crate) mod print;
pub(crate) mod scan;

pub use call::{Argument, Call, CallError, Positions, Property, Reading};
pub use error::{ParseError, ParseErrorKind, MAX_NESTING};
