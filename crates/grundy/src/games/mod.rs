//! The catalogue: families of games whose answers come from a formula, for parameters far
//! beyond brute force (up to 10^18 and more), with winning moves.
//!
//! Every module gives (1) the rules, as a [`rules`](crate::rules) game, so that the generic
//! solver can play it on small positions, (2) the closed form, with its source in the notes,
//! and (3) the winning moves. Its tests compare the formula with the solver on every small
//! position: no closed form is trusted alone.

mod answer;

pub use answer::Answer;
