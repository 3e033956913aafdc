//! Partizan games: Left and Right have different moves, and a position's value is a
//! canonical form {L|R}.
//!
//! This module holds the words every partizan part of the engine speaks: the players
//! ([`Side`]) and the four outcome classes ([`OutcomeClass`]: L, R, N, P), the rules of a
//! partizan game ([`PartizanRules`]) with their adapter to the generic solvers ([`Sided`]),
//! and the value engine of short partizan games ([`GameStore`]). It knows nothing of the
//! catalogue or the command line.

use std::hash::Hash;

pub mod atomic;
pub mod canonical;
pub mod compare;
pub mod compound;
pub mod cooling;
pub mod describe;
pub mod error;
pub mod loopy;
pub mod misere;
mod negate;
pub mod norton;
pub mod notation;
pub mod number;
pub mod nus;
pub mod order;
#[cfg(feature = "pictures")]
pub mod picture;
pub mod properties;
pub mod reduced;
pub mod region_table;
pub mod rulesets;
pub mod search;
pub mod store;
pub mod sum;
pub mod thermograph;
pub mod uptimal;

pub use compare::Comparison;
pub use error::ValueError;
pub use notation::{ParseError, ParseErrorKind};
pub use number::Dyadic;
pub use nus::Nus;
pub use store::{GameId, GameStore};
pub use thermograph::{Thermograph, Trajectory};
pub use uptimal::UptimalExpansion;

use crate::outcome::Player;
pub use crate::outcome::{OutcomeClass, Side};
use crate::rules::Game;

/// A partizan game given by its rules: Left's and Right's options from a position. (The
/// position does not say who is to move: in a sum, either player may move in any part.)
pub trait PartizanRules {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends the options of `side` at `p` to `out`.
    fn options(&self, p: &Self::Position, side: Side, out: &mut Vec<Self::Position>);
}

/// A partizan game as a [`Game`] for the generic solvers: a position is the game's position
/// and the player to move (Left is player 1); a move hands the turn to the other player. (An
/// [`Impartial`](crate::rules::Impartial) game is a `Game` by itself; a partizan one goes
/// through this adapter, so that the two blanket rules never meet.)
///
/// ```
/// use grundy::partizan::{PartizanRules, Side, Sided};
/// use grundy::progress::NoProgress;
/// use grundy::budget::Budget;
/// use grundy::rules::explore;
/// use grundy::solve::{solve, Outcome, SolveOptions};
///
/// /// A pile from which Left takes 1 and Right takes 2.
/// struct OneTwo;
///
/// impl PartizanRules for OneTwo {
///     type Position = u32;
///     fn options(&self, &n: &u32, side: Side, out: &mut Vec<u32>) {
///         let take = if side == Side::Left { 1 } else { 2 };
///         out.extend(n.checked_sub(take));
///     }
/// }
///
/// let start = (3, Side::Right);
/// let explored = explore(&Sided(OneTwo), [start], &Budget::default(), &NoProgress).unwrap();
/// let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
/// // Right takes 2, Left takes 1, and Right cannot move: Right loses.
/// assert_eq!(solution.outcome(explored.id(&start).unwrap()), Outcome::Loss);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sided<G>(pub G);

impl<G: PartizanRules> Game for Sided<G> {
    type Position = (G::Position, Side);

    fn moves(&self, (p, side): &Self::Position, out: &mut crate::rules::Moves<Self::Position>) {
        let mut options = Vec::new();
        self.0.options(p, *side, &mut options);
        out.extend(options.into_iter().map(|q| (q, side.other())));
    }

    fn player(&self, (_, side): &Self::Position) -> Option<Player> {
        Some(match side {
            Side::Left => Player::One,
            Side::Right => Player::Two,
        })
    }
}
