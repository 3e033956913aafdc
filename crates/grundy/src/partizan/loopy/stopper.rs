//! Stoppers: loopy games without an infinite alternating line of play (Left, Right, Left,
//! … for ever), recognised by looking for a cycle in the game's alternating graph.

use super::error::LoopyError;
use super::graph::LoopyGame;

/// An alternating cycle of `game`, if it has one: the positions met, each with the player
/// to move there (`2v` Left, `2v + 1` Right, as in the alternating graph). O(n + m).
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{alternating_cycle, LoopyGame};
///
/// let on = LoopyGame::parse("on", &Budget::default()).unwrap();
/// assert_eq!(alternating_cycle(&on), None); // Left passes, then Right cannot move
/// let dud = LoopyGame::parse("dud", &Budget::default()).unwrap();
/// assert_eq!(alternating_cycle(&dud).map(|c| c.len()), Some(2));
/// ```
pub fn alternating_cycle(game: &LoopyGame) -> Option<Vec<u32>> {
    game.alternating().find_cycle(|_| false)
}

/// Whether `game` is a stopper: no alternating cycle. O(n + m).
pub fn is_stopper(game: &LoopyGame) -> bool {
    alternating_cycle(game).is_none()
}

/// `Ok` for a stopper, else the error naming one of its alternating cycles. O(n + m).
pub(crate) fn check_stopper(game: &LoopyGame) -> Result<(), LoopyError> {
    match alternating_cycle(game) {
        None => Ok(()),
        Some(cycle) => Err(LoopyError::NotStopper {
            position: cycle[0] / 2,
            length: cycle.len(),
        }),
    }
}
