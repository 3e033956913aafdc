//! General mathematics shared by the games, the solvers and the pattern recognisers: bit
//! tricks, Fibonacci and Zeckendorf representations, the golden ratio's floors, primes, exact
//! ratios and the mex. Nothing here knows of a game.

pub mod bits;
pub mod golden;
pub mod mex;
pub mod primes;
pub mod ratio;
pub mod zeckendorf;
