//! What most programs using the engine need, in one `use grundy::prelude::*;`: budgets, the
//! generic solver and its rules, position graphs, nimbers, the value engine of partizan
//! games and the rulesets with their one-call values ([`Ruleset::value_of`]).
//!
//! ```
//! use grundy::prelude::*;
//!
//! // A partizan position in one call: in Clobber's `xo` either player takes the other's
//! // stone, leaving no move: the value is *, a first player's win.
//! let mut v = Clobber::CLOBBER.value_of("xo").unwrap();
//! assert_eq!(v.canonical_form(), "*");
//! assert_eq!(v.outcome_class(), OutcomeClass::First);
//!
//! // An impartial game by its rules, solved.
//! struct Take13;
//! impl Impartial for Take13 {
//!     type Position = u32;
//!     fn options(&self, n: &u32, out: &mut Moves<u32>) {
//!         out.extend([1, 3].iter().filter(|&&k| k <= *n).map(|k| n - k));
//!     }
//! }
//! let explored = explore(&Take13, [10], &Budget::default(), &NoProgress).unwrap();
//! let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
//! assert_eq!(solution.outcome(explored.id(&10).unwrap()), Outcome::Loss);
//! ```

pub use crate::budget::Budget;
pub use crate::graph::text::parse_str;
pub use crate::graph::GameGraph;
pub use crate::nimber::Nimber;
pub use crate::outcome::{Outcome, Player};
pub use crate::partizan::rulesets::amazons::Amazons;
pub use crate::partizan::rulesets::clobber::Clobber;
pub use crate::partizan::rulesets::cram::Cram;
pub use crate::partizan::rulesets::cutcake::Cutcake;
pub use crate::partizan::rulesets::domineering::Domineering;
pub use crate::partizan::rulesets::hackenbush::Hackenbush;
pub use crate::partizan::rulesets::konane::Konane;
pub use crate::partizan::rulesets::snort_col::SnortCol;
pub use crate::partizan::rulesets::toads_frogs::ToadsAndFrogs;
pub use crate::partizan::rulesets::{Evaluator, PositionError, Ruleset, Valued};
pub use crate::partizan::{GameId, GameStore, OutcomeClass, Side, ValueError};
pub use crate::progress::NoProgress;
pub use crate::rules::{explore, Game, Impartial, Moves};
pub use crate::solve::{solve, SolveOptions};
