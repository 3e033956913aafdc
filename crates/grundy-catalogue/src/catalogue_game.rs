//! A game whose answer comes from a formula, with rules that check it: the shape every
//! family of the catalogue has ([`crate::games`]), and what play by a formula needs
//! ([`crate::play`]). It is a room of its own because both rooms above use it.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use serde::Serialize;

use grundy::answer::Answer;
use grundy::rules::Game;

/// A family of the catalogue with its parameters fixed (take 1, 3 or 4; Fibonacci Nim; Left
/// takes 2 and Right 3), as a game.
///
/// The answer comes from a formula and works for huge positions; the rules work only for
/// small ones, and exist so that the formula is never trusted alone: `games::verify`
/// compares the two on every small position.
pub trait CatalogueGame {
    /// A position: everything the answer depends on (piles, a limit, who is to move).
    type Position: Clone + Eq + Hash + Debug;
    /// A move, as the answer lists it: shown to users (`Display`) and to programs
    /// (`Serialize`).
    type Move: Clone + Eq + Debug + Display + Serialize;
    /// The rules, for the generic solver.
    type Rules: Game<Position = Self::Position>;

    /// The rules of the game with these parameters.
    fn rules(&self) -> Self::Rules;

    /// The formula's answer at `position`: the outcome for the player to move, the
    /// Sprague–Grundy value where it is known, and the winning moves.
    fn answer(&self, position: &Self::Position) -> Answer<Self::Move>;

    /// The position a move leads to, or `None` if it is not a legal move at `position`.
    fn play(&self, position: &Self::Position, m: &Self::Move) -> Option<Self::Position>;

    /// Whether the game is played in misère play (a player who cannot move wins), so that the
    /// rules are solved that way. Normal play by default.
    fn misere(&self) -> bool {
        false
    }

    /// Whether an answer lists every winning move when it does not give a
    /// `winning_move_count` (true by default). A family that lists one winning move of many
    /// (a strategy, not the set) says false, and only the moves it lists are checked.
    fn lists_every_winning_move(&self) -> bool {
        true
    }
}
