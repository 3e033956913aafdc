//! Loopy partizan games: games whose positions may repeat, played in normal play, where play
//! that never ends is a draw (Conway, Bach, Norton; Siegel, *Combinatorial Game Theory*,
//! ch. VI; Berlekamp, Conway and Guy, *Winning Ways*, ch. 11).
//!
//! - [`LoopyGame`]: a finite graph of positions with Left and Right options, read from the
//!   notation CGSuite reads ([`LoopyGame::parse`]: `pass`, `a{0|a}`, `on`, `off`, `over`,
//!   `under`, `upon`, `dud`, sums and negatives), explored from rules
//!   ([`LoopyGame::explore`]), added ([`LoopyGame::sum`]) and negated.
//! - [`Outcomes`]: who wins each position with each player moving first (Left, Right or a
//!   draw) and a move that does it, by the retrograde solver on the alternating graph.
//! - [`is_stopper`]: whether no line of play alternates for ever. For stoppers,
//!   [`stopper_leq`] and [`compare`] give the order (G ≥ H iff Left, moving second in
//!   G − H, never loses), and [`Stopper`] the simplest form, identical for equal stoppers,
//!   with its stops ([`Stopper::stops`], [`Pseudonumber`]s).
//!
//! - [`describe`]: the reports a front end prints.
//!
//! This module knows nothing of the front ends.
//!
//! ```
//! use grundy::budget::Budget;
//! use grundy::partizan::loopy::{LoopyGame, Outcomes, Stopper, Winner};
//! use grundy::partizan::Side;
//!
//! let budget = Budget::default();
//! let on = LoopyGame::parse("on", &budget).unwrap();
//! let off = LoopyGame::parse("off", &budget).unwrap();
//! // on + off: whoever moves, the other passes back, for ever.
//! let sum = on.sum(&off, &budget).unwrap();
//! let outcomes = Outcomes::of(&sum);
//! assert_eq!(outcomes.play(0, Side::Left).winner, Winner::Draw);
//! assert_eq!(Stopper::new(&on, &budget).unwrap().to_string(), "on");
//! ```

mod canonical;
pub mod describe;
mod error;
mod form;
mod graph;
mod order;
mod outcome;
mod parse;
mod print;
mod short;
mod sides;
mod simplify;
mod stopper;
mod stops;
mod variety;

pub use error::{
    LoopyError, LoopyParseError, LoopyParseErrorKind, MAX_LOOPY_NESTING, MAX_MULTIPLE,
};
pub use form::{compare, stopper_leq, Stopper};
pub use graph::LoopyGame;
pub use outcome::{Outcomes, Play, Winner};
pub use sides::{downsum, offside, onside, upsum, Sides};
pub use stopper::{alternating_cycle, is_stopper};
pub use stops::Pseudonumber;
