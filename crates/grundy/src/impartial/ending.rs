//! Sums that end as soon as any one component ends (notes 002, "Nim 游戏的一些变种"): several
//! impartial games; a move is made in one game that is not over; the moment any game reaches
//! an end position, the whole sum is over, and the player who made that move wins
//! ([`LastMover::Wins`]) or loses ([`LastMover::Loses`]).
//!
//! **Method.** Call a position *poisoned* when moving into it hands the opponent the game:
//! with `Wins`, a position from which the game can be ended in one move; with `Loses`, an end
//! position itself. No sensible player moves into a poisoned position unless forced, so within
//! each game the poisoned positions are removed: a position whose every option is poisoned
//! gets value 0, any other the mex of its options that are not poisoned. The player to move
//! wins the sum iff some game stands at a poisoned position (with `Wins`: end it now) or the
//! XOR of the values is not 0. O(n + m) for the values.
//!
//! ```
//! use grundy::impartial::ending::{ending_sum, ending_values, LastMover};
//! use grundy::{GameGraph, Outcome};
//!
//! // Piles of at most 6 counters; a move takes 1 or 2 from one pile, and the first pile to be
//! // emptied ends the whole game.
//! let mut moves = vec![(1, 0)];
//! moves.extend((2..7).flat_map(|n| [(n, n - 1), (n, n - 2)]));
//! let pile = GameGraph::from_moves(7, &moves);
//! let values = ending_values(&pile, LastMover::Wins).unwrap();
//! // A pile of 1 or 2 can be emptied in one move: moving into it hands the opponent the
//! // game. From 3, every move does.
//! assert!(values.poisoned(2) && !values.poisoned(3));
//! assert_eq!((3..7).map(|n| values.value(n)).collect::<Vec<_>>(), [0, 1, 2, 0]);
//! assert_eq!(ending_sum(&pile, &values, &[3, 6]).unwrap().outcome, Outcome::Loss);
//! ```

use crate::graph::GameGraph;
use crate::outcome::Outcome;
use crate::solve::{grundy_values, SolveError, SumAnswer};

/// Who wins when a component ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastMover {
    /// The player whose move ends a component wins.
    Wins,
    /// The player whose move ends a component loses.
    Loses,
}

/// Values of the positions of one component graph for sums that end with any component:
/// 5 bytes per position. Made by [`ending_values`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndingValues {
    value: Vec<u32>,
    poisoned: Vec<bool>,
    rule: LastMover,
}

impl EndingValues {
    /// Whether moving into `p` hands the opponent the game. O(1).
    pub fn poisoned(&self, p: u32) -> bool {
        self.poisoned[p as usize]
    }

    /// The value of `p` in the game without poisoned positions (0 for the positions all of
    /// whose options are poisoned). O(1).
    pub fn value(&self, p: u32) -> u32 {
        self.value[p as usize]
    }
}

/// The values of every position of an acyclic impartial graph for sums that end with any
/// component; a cycle is an error that names it. O(n + m).
///
/// ```
/// use grundy::impartial::ending::{ending_values, LastMover};
/// use grundy::GameGraph;
///
/// // Take 1 or 2 from a pile of at most 6; the player who empties a pile loses.
/// let mut moves = vec![(1, 0)];
/// moves.extend((2..7).flat_map(|n| [(n, n - 1), (n, n - 2)]));
/// let values = ending_values(&GameGraph::from_moves(7, &moves), LastMover::Loses).unwrap();
/// assert!(values.poisoned(0) && !values.poisoned(1));
/// // Pile 1 can only be emptied: value 0; then the values of "take 1 or 2" shifted by one.
/// assert_eq!((1..7).map(|n| values.value(n)).collect::<Vec<_>>(), [0, 1, 2, 0, 1, 2]);
/// ```
pub fn ending_values(graph: &GameGraph, rule: LastMover) -> Result<EndingValues, SolveError> {
    if graph.has_fixed_results() || graph.has_players() || graph.has_payoffs() {
        return Err(SolveError::NotImpartial);
    }
    if let Some(cycle) = graph.find_cycle(|_| false) {
        return Err(SolveError::NotAcyclic {
            positions: cycle.iter().map(|&p| graph.label(p)).collect(),
        });
    }
    let n = graph.position_count() as u32;
    let is_end = |p: u32| graph.options(p).is_empty();
    let poisoned: Vec<bool> = (0..n)
        .map(|p| match rule {
            LastMover::Wins => graph.options(p).iter().any(|&q| is_end(q)),
            LastMover::Loses => is_end(p),
        })
        .collect();
    // The game without poisoned positions: keep only moves into positions that are not.
    let moves: Vec<(u32, u32)> = (0..n)
        .flat_map(|p| graph.options(p).iter().map(move |&q| (p, q)))
        .filter(|&(_, q)| !poisoned[q as usize])
        .collect();
    let pruned = GameGraph::from_moves(n, &moves);
    let values = grundy_values(&pruned)?;
    Ok(EndingValues {
        value: (0..n).map(|p| values.finite(p).expect("acyclic")).collect(),
        poisoned,
        rule,
    })
}

/// Decides a sum of tokens on `graph` that ends with any component, with a winning move.
/// `None` when a token already stands at an end position: the sum was over before it started.
/// O(k + degree of the moved token) for k tokens.
///
/// ```
/// use grundy::impartial::ending::{ending_sum, ending_values, LastMover};
/// use grundy::{GameGraph, Outcome};
///
/// // Take 1 or 2 from a pile of at most 6; the player who empties a pile wins.
/// let mut moves = vec![(1, 0)];
/// moves.extend((2..7).flat_map(|n| [(n, n - 1), (n, n - 2)]));
/// let pile = GameGraph::from_moves(7, &moves);
/// let values = ending_values(&pile, LastMover::Wins).unwrap();
/// // Pile 2 is emptied at once: the second token moves to 0.
/// assert_eq!(ending_sum(&pile, &values, &[5, 2]).unwrap().winning_move, Some((1, 0)));
/// // Values 0 and 1 (piles 3 and 4): move pile 4 to 3, leaving XOR 0.
/// let answer = ending_sum(&pile, &values, &[3, 4]).unwrap();
/// assert_eq!((answer.outcome, answer.winning_move), (Outcome::Win, Some((1, 3))));
/// assert_eq!(ending_sum(&pile, &values, &[0, 4]), None);
/// ```
pub fn ending_sum(graph: &GameGraph, values: &EndingValues, tokens: &[u32]) -> Option<SumAnswer> {
    if tokens.iter().any(|&p| graph.options(p).is_empty()) {
        return None;
    }
    if let Some(i) = tokens.iter().position(|&p| values.poisoned(p)) {
        return match values.rule {
            LastMover::Loses => unreachable!("poisoned positions are end positions"),
            LastMover::Wins => {
                let end = graph
                    .options(tokens[i])
                    .iter()
                    .copied()
                    .find(|&q| graph.options(q).is_empty())
                    .expect("a poisoned position can end its game");
                Some(SumAnswer {
                    outcome: Outcome::Win,
                    value: None,
                    winning_move: Some((i, end)),
                })
            }
        };
    }
    let x = tokens.iter().fold(0, |x, &p| x ^ values.value(p));
    if x == 0 {
        return Some(SumAnswer {
            outcome: Outcome::Loss,
            value: Some(0),
            winning_move: None,
        });
    }
    let i = (0..tokens.len()).find(|&i| values.value(tokens[i]) ^ x < values.value(tokens[i]))?;
    let target = values.value(tokens[i]) ^ x;
    let to = graph
        .options(tokens[i])
        .iter()
        .copied()
        .find(|&q| !values.poisoned(q) && values.value(q) == target)?;
    Some(SumAnswer {
        outcome: Outcome::Win,
        value: Some(x),
        winning_move: Some((i, to)),
    })
}
