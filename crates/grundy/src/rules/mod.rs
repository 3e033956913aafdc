//! Games defined by rules instead of graphs.
//!
//! A user describes a game in Rust by its positions and moves, once; the engine does the rest:
//!
//! - [`Game`]: a two-player game whose moves may depend on who is to move. Positions include
//!   the player to move when it matters; a position may end the game with a fixed result.
//!   [`Impartial`] is the simpler trait for games where both players have the same moves and
//!   a player who cannot move loses; every `Impartial` game is a `Game`.
//! - [`explore`] walks the positions reachable from a start and builds a
//!   [`GameGraph`](crate::GameGraph), so that every solver of [`solve`](crate::solve) applies
//!   (outcomes, remoteness, preferences, Sprague–Grundy values...). Positions are numbered
//!   through a hash table, or through a [`DenseIndex`] when the game has one (no hashing, 4
//!   bytes per index).
//! - [`tiered`] solves games too large for a graph, strongly: positions numbered tier by tier
//!   by a ranking, results packed in 16-bit records (2 bits without remoteness), moves never
//!   stored, every tier written to a file as it is finished (a stopped run resumes), in
//!   compressed blocks that a query reads one at a time, both cores busy.
//! - [`GrundyMemo`] values games that split into independent parts (a move turns a part into
//!   a sum of parts) by memoised mex over XORs, without ever building the sum's graph.
//!
//! ```
//! use grundy::progress::NoProgress;
//! use grundy::budget::Budget;
//! use grundy::rules::{explore, Impartial};
//! use grundy::solve::{solve, Outcome, SolveOptions};
//!
//! /// Take 1, 3 or 4 counters from a pile; who takes the last counter wins.
//! struct Take134;
//!
//! impl Impartial for Take134 {
//!     type Position = u32;
//!     fn options(&self, &n: &u32, out: &mut grundy::rules::Moves<u32>) {
//!         out.extend([1, 3, 4].into_iter().filter(|&t| t <= n).map(|t| n - t));
//!     }
//! }
//!
//! let explored = explore(&Take134, [20], &Budget::default(), &NoProgress).unwrap();
//! let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
//! // The player to move loses exactly when n is 0 or 2 modulo 7.
//! for n in 0..=20u32 {
//!     let lost = solution.outcome(explored.id(&n).unwrap()) == Outcome::Loss;
//!     assert_eq!(lost, n % 7 == 0 || n % 7 == 2, "pile of {n}");
//! }
//! ```

mod explore;
mod memo;
mod moves;
pub mod search;
pub mod tiered;

pub use explore::{explore, explore_dense, DenseExplored, DenseIndex, ExploreError, Explored};
pub use memo::{GrundyMemo, MemoError, SplittingGame};
pub use moves::Moves;

use std::hash::Hash;

use crate::outcome::{Outcome, Player};

/// A two-player game of perfect information given by its rules.
///
/// The position must say everything the moves depend on, including whose turn it is when the
/// players' moves differ.
///
/// ```
/// use grundy::progress::NoProgress;
/// use grundy::budget::Budget;
/// use grundy::rules::{explore, Game};
/// use grundy::solve::{solve, SolveOptions};
/// use grundy::{Outcome, Player};
///
/// /// A pile: player 1 takes 1 counter, player 2 takes 1 or 2; who cannot move loses.
/// struct Uneven;
///
/// impl Game for Uneven {
///     type Position = (u32, Player);
///     fn moves(&self, &(n, who): &(u32, Player), out: &mut grundy::rules::Moves<(u32, Player)>) {
///         let most = if who == Player::One { 1 } else { 2 };
///         out.extend((1..=most.min(n)).map(|t| (n - t, who.other())));
///     }
///     fn player(&self, &(_, who): &(u32, Player)) -> Option<Player> {
///         Some(who)
///     }
/// }
///
/// let starts = [(4, Player::One), (4, Player::Two)];
/// let explored = explore(&Uneven, starts, &Budget::default(), &NoProgress).unwrap();
/// let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
/// assert_eq!(solution.outcome(0), Outcome::Loss); // player 1 to move at 4
/// assert_eq!(solution.outcome(1), Outcome::Win); // player 2 to move at 4
/// ```
pub trait Game {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends the positions reachable in one move from `p` to `out` (which the caller has
    /// cleared). Not called where [`Game::result`] says the game is over.
    fn moves(&self, p: &Self::Position, out: &mut Moves<Self::Position>);

    /// The result for the player to move if the rules end the game at `p` (a line of three, a
    /// captured king, a full board...). `None` means play goes on; a position without moves
    /// then is a loss for the player to move (normal play).
    fn result(&self, _p: &Self::Position) -> Option<Outcome> {
        None
    }

    /// Which player is to move at `p`, for games whose players have different moves (used
    /// for preferences and payoffs); `None` for games that do not tell the players apart.
    fn player(&self, _p: &Self::Position) -> Option<Player> {
        None
    }
}

/// An impartial game: both players have the same moves; a player who cannot move loses.
///
/// ```
/// use grundy::progress::NoProgress;
/// use grundy::budget::Budget;
/// use grundy::rules::{explore, Impartial};
/// use grundy::solve::grundy_values;
///
/// /// Take 1, 3 or 4 counters from a pile.
/// struct Take134;
///
/// impl Impartial for Take134 {
///     type Position = u32;
///     fn options(&self, &n: &u32, out: &mut grundy::rules::Moves<u32>) {
///         out.extend([1, 3, 4].into_iter().filter(|&t| t <= n).map(|t| n - t));
///     }
/// }
///
/// let explored = explore(&Take134, [13], &Budget::default(), &NoProgress).unwrap();
/// let values = grundy_values(&explored.graph).unwrap();
/// let sg: Vec<u32> = (0..14).map(|n| values.finite(explored.id(&n).unwrap()).unwrap()).collect();
/// assert_eq!(sg, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// ```
pub trait Impartial {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Appends the options of `p` (positions reachable in one move) to `out`.
    fn options(&self, p: &Self::Position, out: &mut Moves<Self::Position>);
}

/// The disjunctive sum of several copies of an impartial game (piles of a subtraction game,
/// heaps of Kayles, heaps of Mem with their memories): a position is the list of the parts, in
/// order; a move moves one part. A position whose parts have o_i options has Σ o_i options.
///
/// ```
/// use grundy::progress::NoProgress;
/// use grundy::budget::Budget;
/// use grundy::rules::{explore, Impartial, Sum};
/// use grundy::solve::grundy_values;
///
/// /// Take 1, 3 or 4 counters from a pile (values 0 1 0 1 2 3 2, repeating).
/// struct Take134;
///
/// impl Impartial for Take134 {
///     type Position = u64;
///     fn options(&self, &n: &u64, out: &mut grundy::rules::Moves<u64>) {
///         out.extend([1, 3, 4].into_iter().filter(|&t| t <= n).map(|t| n - t));
///     }
/// }
///
/// let sum = explore(&Sum(Take134), [vec![4, 6]], &Budget::default(), &NoProgress).unwrap();
/// assert_eq!(sum.graph.options(0).len(), 6);
/// let values = grundy_values(&sum.graph).unwrap();
/// assert_eq!(values.finite(0), Some(0)); // 2 ⊕ 2
/// assert_eq!(values.finite(sum.id(&vec![4, 5]).unwrap()), Some(1)); // 2 ⊕ 3
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sum<G>(pub G);

impl<G: Impartial> Impartial for Sum<G> {
    type Position = Vec<G::Position>;

    fn options(&self, parts: &Vec<G::Position>, out: &mut Moves<Vec<G::Position>>) {
        let mut one = Moves::new();
        for (i, part) in parts.iter().enumerate() {
            one.clear();
            one.set_most(out.room());
            self.0.options(part, &mut one);
            if one.is_over() {
                out.set_over();
                return;
            }
            for q in &one {
                let mut next = parts.clone();
                next[i] = q.clone();
                out.push(next);
            }
        }
    }
}

impl<T: Impartial> Game for T {
    type Position = T::Position;

    fn moves(&self, p: &Self::Position, out: &mut Moves<Self::Position>) {
        self.options(p, out);
    }
}
