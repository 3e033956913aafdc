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
//! - [`solve_payoffs`] solves games that end with an integer payoff.
//! - [`draw_levels`] measures how drawn positions are drawn (how soon one side can offer the
//!   other a chance to lose: see [`draws`]), and [`draw_move`] keeps a draw by setting traps.
//!
//! ```
//! use grundy::graph::text::parse_str;
//! use grundy::solve::{principal_line, solve, Outcome, SolveOptions};
//!
//! // From a, move to b or c; b and c lead to each other, and c also to the end e.
//! let game = parse_str("a b\na c\nb c\nc b\nc e\n").unwrap();
//! let solution = solve(&game, &SolveOptions::default()).unwrap();
//! let [a, b, c, e] = ["a", "b", "c", "e"].map(|id| game.index_of(id).unwrap());
//! assert_eq!(solution.outcome(c), Outcome::Win); // move to e
//! assert_eq!(solution.outcome(b), Outcome::Loss); // its only move is to c
//! assert_eq!(solution.outcome(a), Outcome::Win); // move to b
//! assert_eq!(principal_line(&solution, a).positions, [a, b, c, e]);
//! ```

pub mod draws;
pub mod grundy;
mod line;
mod mover;
pub mod payoff;
pub mod preference;
mod retrograde;

use crate::graph::GameGraph;
pub use crate::outcome::{Outcome, Player};
pub use draws::{draw_levels, draw_levels_with, draw_move, DrawLevel, DrawLevels, Offer, Outside};
pub use grundy::{grundy_values, sum_of_tokens, GrundyValues, NimValue, SumAnswer};
pub use line::{follow, principal_line, Line, LineEnd};
pub use payoff::{solve_payoffs, PayoffSolution};
pub use preference::{Preferences, Ranking, RankingError};

/// How to solve: the play convention and the players' preferences. The default is normal
/// play (a player who cannot move loses) with the usual preferences.
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
         (its payoff)", positions.join(" -> ")
    )]
    Cycle {
        /// Labels of the positions of one cycle, in order.
        positions: Vec<String>,
    },
}

/// The solution of every position: struct of arrays, 9 bytes per position. Every accessor is
/// O(1) but [`Solution::counts`].
///
/// ```
/// use grundy::solve::{solve, Outcome, SolveOptions};
/// use grundy::GameGraph;
///
/// // 2 -> 1 -> 0, and 3 <-> 4 round a cycle with 4 -> 2 as the way out.
/// let game = GameGraph::from_moves(5, &[(2, 1), (1, 0), (3, 4), (4, 3), (4, 2)]);
/// let solution = solve(&game, &SolveOptions::default()).unwrap();
/// assert_eq!(solution.len(), 5);
/// assert_eq!(solution.outcome(1), Outcome::Win);
/// assert_eq!(solution.remoteness(2), Some(2));
/// assert_eq!(solution.best_move(2), Some(1));
/// assert_eq!(solution.best_move(0), None);
/// // At 4, moving to the loss 2 wins; at 3, the only move is to 4: a loss.
/// assert_eq!(solution.outcome(4), Outcome::Win);
/// assert_eq!(solution.remoteness(3), Some(4));
/// assert_eq!(solution.counts(), (2, 3, 0));
/// ```
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
    ///
    /// ```
    /// use grundy::solve::{solve, Outcome, SolveOptions};
    /// use grundy::GameGraph;
    ///
    /// // 0 <-> 1 round a cycle, and 1 -> 2 -> 3 out of it. Leaving at 1 would lose, so the
    /// // players go round for ever.
    /// let game = GameGraph::from_moves(4, &[(0, 1), (1, 0), (1, 2), (2, 3)]);
    /// let solution = solve(&game, &SolveOptions::default()).unwrap();
    /// assert_eq!(solution.outcome(1), Outcome::Draw);
    /// assert_eq!(solution.remoteness(1), None);
    /// assert_eq!(solution.best_move(1), Some(0)); // keeps the draw
    /// ```
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
///
/// ```
/// use grundy::solve::{solve, Outcome, SolveOptions};
/// use grundy::GameGraph;
///
/// // Take 1 or 2 counters from a pile of 0..=6.
/// let mut moves = vec![(1, 0)];
/// moves.extend((2..7).flat_map(|n| [(n, n - 1), (n, n - 2)]));
/// let game = GameGraph::from_moves(7, &moves);
/// // Taking the last counter wins: the player to move loses at the multiples of 3.
/// let normal = solve(&game, &SolveOptions::default()).unwrap();
/// assert!((0..7).all(|n| (normal.outcome(n) == Outcome::Loss) == (n % 3 == 0)));
/// // Misère play: taking the last counter loses; the losses are at 1 and 4.
/// let misere = SolveOptions { misere: true, preferences: None };
/// let misere = solve(&game, &misere).unwrap();
/// assert!((0..7).all(|n| (misere.outcome(n) == Outcome::Loss) == (n % 3 == 1)));
/// ```
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
