//! Solvers over a [`GameGraph`]: outcome, remoteness and best move of every position.
//!
//! - [`solve`] is the entry point. On a graph that does not say who is to move, every position
//!   is solved for "the player to move" by one retrograde pass (O(n + m)); each player prefers
//!   win > draw > loss, winners win as fast as possible and losers lose as slowly as possible.
//! - With [`Preferences`], or on a graph whose positions say which player is to move, the two
//!   players are told apart and may rank "player 1 wins", "player 2 wins" and "endless play" in
//!   any pair of opposite orders; see [`preference`] for the method (O(n + m) too).
//! - [`principal_line`] follows the best moves from a position.
//! - [`grundy_values`] gives Sprague–Grundy values (loopy values on graphs with cycles), and
//!   [`sum_of_tokens`] decides sums of tokens by them.

pub mod grundy;
mod line;
mod mover;
pub mod payoff;
pub mod preference;
mod retrograde;

use crate::graph::GameGraph;
pub use crate::outcome::{Outcome, Player};
pub use grundy::{grundy_values, sum_of_tokens, GrundyValues, NimValue, SumAnswer};
pub use line::{follow, principal_line, Line, LineEnd};
pub use payoff::{solve_payoffs, PayoffSolution};
pub use preference::{Preferences, Ranking, RankingError};

/// How to solve: the play convention and the players' preferences.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// Misère play: a player who cannot move wins (instead of losing). Fixed results from the
    /// graph still take precedence.
    pub misere: bool,
    /// The players' rankings of the results. `None` is the usual win > draw > loss for both.
    pub preferences: Option<Preferences>,
}

/// Why a graph could not be solved as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// Telling the players apart needs the player to move at every position.
    #[error(
        "position {position} has no player attribute: with players told apart, every position \
         needs player=1 or player=2 (or none at all, and solve the alternating game)"
    )]
    MissingPlayer {
        /// Label of the first position without a player.
        position: String,
    },
    /// Preferences were given for a graph that does not say who is to move.
    #[error(
        "preferences need to know which player is to move: give every position a player \
         attribute, or solve `graph.with_player_to_move()` (each position with each player to \
         move)"
    )]
    NoPlayers,
    /// Nim values were asked for a graph that is not an impartial game in normal play.
    #[error(
        "Sprague–Grundy values are defined for impartial games in normal play: this graph has \
         result, player or payoff attributes"
    )]
    NotImpartial,
    /// The computation needs an acyclic game and the graph has a cycle.
    #[error("this needs an acyclic game, and the graph has the cycle {}", positions.join(" -> "))]
    NotAcyclic {
        /// Labels of the positions of one cycle, in order.
        positions: Vec<String>,
    },
    /// Payoff solving reads payoffs, not fixed results.
    #[error(
        "position {position} has a result attribute: payoff solving reads payoff=N where the \
         game ends (give the payoff instead)"
    )]
    ResultInPayoffGame {
        /// Label of the first such position.
        position: String,
    },
    /// Payoff solving needs a payoff wherever the game ends.
    #[error("position {position} has no move and no payoff: give it payoff=N")]
    MissingPayoff {
        /// Label of the first such position.
        position: String,
    },
    /// Payoff solving found a cycle and was not told what endless play is worth.
    #[error(
        "the game can go on forever, around the cycle {}: say what endless play is worth \
         (--infinite-payoff N)", positions.join(" -> ")
    )]
    Cycle {
        /// Labels of the positions of one cycle, in order.
        positions: Vec<String>,
    },
}

/// The solution of every position: struct of arrays, 9 bytes per position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    outcome: Vec<Outcome>,
    remoteness: Vec<u32>,
    best: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl Solution {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.outcome.len()
    }

    /// Whether the graph was empty.
    pub fn is_empty(&self) -> bool {
        self.outcome.is_empty()
    }

    /// The outcome of `p` for the player to move there.
    #[inline]
    pub fn outcome(&self, p: u32) -> Outcome {
        self.outcome[p as usize]
    }

    /// The number of moves until the game ends under best play (the side that gains by ending
    /// the game hurries, the other delays), or `None` for a draw.
    #[inline]
    pub fn remoteness(&self, p: u32) -> Option<u32> {
        Some(self.remoteness[p as usize]).filter(|&r| r != NONE)
    }

    /// A best move from `p`: for a win a fastest winning move, for a loss a slowest losing
    /// move, for a draw a move that keeps the draw; `None` where the game ends at `p`.
    #[inline]
    pub fn best_move(&self, p: u32) -> Option<u32> {
        Some(self.best[p as usize]).filter(|&b| b != NONE)
    }

    /// How many positions have each outcome: `(wins, losses, draws)`. O(n).
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut c = [0usize; 3];
        for &o in &self.outcome {
            c[o as usize] += 1;
        }
        (c[0], c[1], c[2])
    }
}

/// Solves every position of `graph`. O(n + m) time; besides the graph, about 4 bytes per move
/// (the predecessor lists) and 20 bytes per position.
///
/// Graphs without player attributes are solved for the player to move, in one retrograde pass.
/// Graphs whose positions all say who is to move, or any solve with preferences, go through
/// [`preference::solve`].
pub fn solve(graph: &GameGraph, options: &SolveOptions) -> Result<Solution, SolveError> {
    match (options.preferences, graph.has_players()) {
        (None, false) => Ok(mover::solve(graph, options.misere)),
        (Some(_), false) => Err(SolveError::NoPlayers),
        (prefs, true) => preference::solve(graph, options.misere, prefs.unwrap_or_default()),
    }
}

/// The result of a terminal position for the player to move there: the fixed result if the
/// graph gives one, else loss in normal play and win in misère play.
#[inline]
fn terminal_outcome(graph: &GameGraph, p: u32, misere: bool) -> Option<Outcome> {
    match graph.fixed_result(p) {
        Some(o) => Some(o),
        None if graph.options(p).is_empty() => {
            Some(if misere { Outcome::Win } else { Outcome::Loss })
        }
        None => None,
    }
}
