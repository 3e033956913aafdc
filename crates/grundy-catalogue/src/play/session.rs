//! A game being played: the moves so far, undo, and the review of the mistakes.

use super::{is_mistake, Match};
use grundy::outcome::Outcome;

/// One move played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The position moved from.
    pub from: u32,
    /// The position moved to.
    pub to: u32,
    /// Who moved: 0 for the side that started, 1 for the other.
    pub side: usize,
    /// The outcome at `from` for the side that moved.
    pub before: Outcome,
    /// What the move gave the side that moved.
    pub result: Outcome,
}

impl Step {
    /// Whether the move threw away a win (or a draw).
    pub fn is_mistake(&self) -> bool {
        is_mistake(self.before, self.result)
    }
}

/// A game of a [`Match`] in progress: the position, and the moves that led to it.
#[derive(Debug, Clone)]
pub struct Session<'a> {
    game: &'a Match,
    history: Vec<Step>,
}

impl<'a> Session<'a> {
    /// A game at the match's start position.
    pub fn new(game: &'a Match) -> Session<'a> {
        Session {
            game,
            history: Vec::new(),
        }
    }

    /// The match played.
    pub fn game(&self) -> &'a Match {
        self.game
    }

    /// The current position.
    pub fn position(&self) -> u32 {
        self.history.last().map_or(self.game.start(), |s| s.to)
    }

    /// The side to move: 0 for the side that started, 1 for the other.
    pub fn side_to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// The moves so far.
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// Plays the move to `to` (a legal move, as [`Match::read_move`] gives) and returns it.
    pub fn play(&mut self, to: u32) -> &Step {
        let from = self.position();
        let step = Step {
            from,
            to,
            side: self.side_to_move(),
            before: self.game.outcome(from),
            result: self.game.outcome(to).flip(),
        };
        self.history.push(step);
        &self.history[self.history.len() - 1]
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Step> {
        self.history.pop()
    }

    /// The moves that threw away a win or a draw, with their numbers (from 1). O(moves).
    pub fn mistakes(&self) -> impl Iterator<Item = (usize, &Step)> {
        self.history
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_mistake())
            .map(|(i, s)| (i + 1, s))
    }
}
