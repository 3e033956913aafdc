//! # grundy
//!
//! An engine for two-player games of perfect information. A game is a set of positions joined
//! by moves; the engine answers who wins from each position, how fast (remoteness), with which
//! move, and — for the later parts of the engine — what value a position has when games are
//! added together.
//!
//! Data flows one way: input ([`graph::text`]) → model ([`GameGraph`]) → solver ([`solve`]) →
//! report (the caller formats the [`solve::Solution`]).
//!
//! ```
//! use grundy::graph::text::parse_str;
//! use grundy::solve::{solve, Outcome, SolveOptions};
//!
//! // A three-position chain: a -> b -> c. Nobody can move at c, so the player to move there loses.
//! let game = parse_str("a b\nb c\n").unwrap();
//! let solution = solve(&game, &SolveOptions::default()).unwrap();
//! let a = game.index_of("a").unwrap();
//! assert_eq!(solution.outcome(a), Outcome::Loss);
//! assert_eq!(solution.remoteness(a), Some(2));
//! ```

#![warn(missing_docs)]

pub mod answer;
pub mod budget;
pub mod graph;
pub mod impartial;
pub mod input;
pub mod math;
pub mod nimber;
pub mod outcome;
mod parallel;
pub mod partizan;
pub mod pattern;
pub mod prelude;
pub mod progress;
pub mod report;
pub mod rules;
pub mod search;
pub mod solve;

pub use graph::GameGraph;

/// The README's Rust examples, compiled and run as doc tests so that they stay true.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The guide's chapter `docs/catalogue.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/catalogue.md")]
#[cfg(doctest)]
pub struct CatalogueDoctests;

/// The guide's chapter `docs/coins.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/coins.md")]
#[cfg(doctest)]
pub struct CoinsDoctests;

/// The guide's chapter `docs/pictures.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/pictures.md")]
#[cfg(doctest)]
pub struct PicturesDoctests;

/// The guide's chapter `docs/getting-started.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/getting-started.md")]
#[cfg(doctest)]
pub struct GettingStartedDoctests;

/// `CONTRIBUTING.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../CONTRIBUTING.md")]
#[cfg(doctest)]
pub struct ContributingDoctests;

/// `ARCHITECTURE.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../ARCHITECTURE.md")]
#[cfg(doctest)]
pub struct ArchitectureDoctests;

/// The guide's chapter `docs/search.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/search.md")]
#[cfg(doctest)]
pub struct SearchDoctests;

/// The guide's chapter `docs/graphs.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/graphs.md")]
#[cfg(doctest)]
pub struct GraphsDoctests;

/// The guide's chapter `docs/values.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/values.md")]
#[cfg(doctest)]
pub struct ValuesDoctests;

/// The guide's chapter `docs/misere.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/misere.md")]
#[cfg(doctest)]
pub struct MisereDoctests;

/// The guide's chapter `docs/internals.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/internals.md")]
#[cfg(doctest)]
pub struct InternalsDoctests;

/// The guide's chapter `docs/limits.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/limits.md")]
#[cfg(doctest)]
pub struct LimitsDoctests;

/// The guide's chapter `docs/loopy.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/loopy.md")]
#[cfg(doctest)]
pub struct LoopyDoctests;

/// The guide's chapter `docs/partizan.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/partizan.md")]
#[cfg(doctest)]
pub struct PartizanDoctests;

/// The guide's chapter `docs/playing.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/playing.md")]
#[cfg(doctest)]
pub struct PlayingDoctests;

/// The guide's chapter `docs/python.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/python.md")]
#[cfg(doctest)]
pub struct PythonDoctests;

/// `docs/references.md`: kept among the doc tests so that every page of the guide is.
#[doc = include_str!("../../../docs/references.md")]
#[cfg(doctest)]
pub struct ReferencesDoctests;

/// The guide's chapter `docs/strong.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/strong.md")]
#[cfg(doctest)]
pub struct StrongDoctests;

/// The guide's chapter `docs/tables.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/tables.md")]
#[cfg(doctest)]
pub struct TablesDoctests;

/// The guide's chapter `docs/testing.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/testing.md")]
#[cfg(doctest)]
pub struct TestingDoctests;

/// The guide's chapter `docs/timely.md`: its Rust examples compiled and run as doc tests.
#[doc = include_str!("../../../docs/timely.md")]
#[cfg(doctest)]
pub struct TimelyDoctests;
pub use nimber::Nimber;
pub use outcome::{Outcome, Player};
