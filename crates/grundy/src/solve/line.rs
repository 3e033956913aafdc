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
pub fn principal_line(solution: &Solution, start: u32) -> Line {
    follow(start, |p| solution.best_move(p))
}

/// Follows `best` (a best move of each position, `None` where the game ends) from `start`
/// until the game ends or a position repeats. O(length).
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
