//! Compounds of impartial games: rules for sums played differently from the plain disjunctive
//! sum of the Sprague–Grundy theorem.
//!
//! - [`misere`]: Anti-Nim and the Anti-SG rule (the last mover loses).
//! - [`misere_form`]: misère canonical forms of impartial games, genus symbols, the census.
//! - [`nim_k`]: Moore's Nim_k, where a move takes from 1 to k piles at once.
//! - [`ending`]: sums that end as soon as any component ends (the last mover wins, or loses).
//! - [`octal`]: take-and-break games (octal and hexadecimal codes, Grundy's game).
//! - [`product`]: products of games (Tartan theorem) and the corner-flipping coin games.
//! - [`quotient`]: misère quotients of heap games (Plambeck and Siegel).

pub mod ending;
pub mod misere;
pub mod misere_form;
pub mod nim_k;
pub mod octal;
pub mod product;
pub mod quotient;
