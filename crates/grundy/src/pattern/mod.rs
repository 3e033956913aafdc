//! Patterns in the values of games: the notes' 打表 + 观察 (tabulate, look, find the pattern,
//! prove it).
//!
//! - [`table`]: tables of Sprague–Grundy values or outcomes by one parameter (a heap size) or
//!   two (two piles), for any impartial game given by its rules and for built-in games
//!   (take-and-break codes, subtraction games, Wythoff's game, two-pile Nim); text, CSV and
//!   JSON.
//! - `picture` (with the `pictures` feature, on by default): tables drawn as heatmaps (PNG,
//!   SVG): one colour per value, P-positions black, axes and legend.
//! - [`period`]: pre-periods and periods of value sequences, proven for octal games, and
//!   arithmetic periodicity (values growing by a saltus each period).
//! - [`observe`]: recognisers that report the patterns a table shows (closed forms, families
//!   of P-positions, periods, constant diagonals).

#[cfg(feature = "pictures")]
mod font;
pub mod observe;
pub mod period;
#[cfg(feature = "pictures")]
pub mod picture;
pub mod table;
