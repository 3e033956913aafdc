//! The principal line: the play that follows the best moves from a position.

use rustc_hash::FxHashSet;

use super::Solution;

/// How a principal line stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnd {
    /// The last position ends the game.
    Terminal,
    /// The last position was already on the line (a draw goes round a cycle).
    Repeats,
}

/// The positions of a principal line, the start first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Start, then one position per move.
    pub positions: Vec<u32>,
    /// Why the line stops.
    pub end: LineEnd,
}

/// Follows best moves from `start` until the game ends or a position repeats.
/// A decided position's line has exactly `remoteness + 1` positions. O(length).
///
/// ```
/// use grundy::solve::{principal_line, solve, LineEnd, SolveOptions};
/// use grundy::GameGraph;
///
/// // 4 -> 3 -> 2 -> 1 -> 0 with the shortcut 4 -> 1; and 5 <-> 6, a draw.
/// let moves = [(4, 1), (4, 3), (3, 2), (2, 1), (1, 0), (5, 6), (6, 5)];
/// let solution = solve(&GameGraph::from_moves(7, &moves), &SolveOptions::default()).unwrap();
/// // 4 is a loss (both its options win): its mover resists as long as possible.
/// let line = principal_line(&solution, 4);
/// assert_eq!(line.positions, [4, 3, 2, 1, 0]);
/// assert_eq!(line.end, LineEnd::Terminal);
/// assert_eq!(line.positions.len() as u32, solution.remoteness(4).unwrap() + 1);
/// assert_eq!(principal_line(&solution, 5).positions, [5, 6, 5]);
/// assert_eq!(principal_line(&solution, 5).end, LineEnd::Repeats);
/// ```
pub fn principal_line(solution: &Solution, start: u32) -> Line {
    follow(start, |p| solution.best_move(p))
}

/// Follows `best` (a best move of each position, `None` where the game ends) from `start`
/// until the game ends or a position repeats, for solvers whose best moves are not a
/// [`Solution`]'s. O(length) expected (the positions seen are hashed).
///
/// ```
/// use grundy::solve::{follow, LineEnd};
///
/// // Halve while even.
/// let line = follow(12, |n| (n % 2 == 0).then_some(n / 2));
/// assert_eq!(line.positions, [12, 6, 3]);
/// assert_eq!(line.end, LineEnd::Terminal);
/// let around = follow(0, |n| Some((n + 1) % 3));
/// assert_eq!((around.positions, around.end), (vec![0, 1, 2, 0], LineEnd::Repeats));
/// ```
pub fn follow(start: u32, best: impl Fn(u32) -> Option<u32>) -> Line {
    let mut positions = vec![start];
    let mut seen = FxHashSet::default();
    seen.insert(start);
    let mut at = start;
    while let Some(next) = best(at) {
        positions.push(next);
        if !seen.insert(next) {
            return Line {
                positions,
                end: LineEnd::Repeats,
            };
        }
        at = next;
    }
    Line {
        positions,
        end: LineEnd::Terminal,
    }
}
