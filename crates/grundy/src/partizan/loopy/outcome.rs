//! Who wins a loopy game with each player moving first: Left, Right, or neither (a draw,
//! play going on for ever), with a move that achieves it, by the retrograde solver on the
//! game's alternating graph.

use super::graph::LoopyGame;
use crate::outcome::Outcome;
use crate::partizan::Side;
use crate::solve::{solve, SolveOptions};

/// Who wins with both playing well: a player, or nobody when play goes on for ever.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// Left wins.
    Left,
    /// Right wins.
    Right,
    /// Neither: play goes on for ever.
    Draw,
}

impl Winner {
    /// `Left`, `Right` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::Left => "Left",
            Winner::Right => "Right",
            Winner::Draw => "draw",
        }
    }

    /// Who wins when `mover`, to move, has `outcome`.
    fn of(mover: Side, outcome: Outcome) -> Winner {
        match (outcome, mover) {
            (Outcome::Draw, _) => Winner::Draw,
            (Outcome::Win, Side::Left) | (Outcome::Loss, Side::Right) => Winner::Left,
            _ => Winner::Right,
        }
    }
}

/// The result of one player moving first: who wins, and the mover's best move (a winning
/// move, a move that keeps the draw, or the slowest loss; `None` where the mover has no
/// move), as the position it leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Play {
    /// Who wins.
    pub winner: Winner,
    /// The mover's best move: the position it leads to.
    pub best: Option<u32>,
}

/// The outcomes of every position of a game with each player moving first.
#[derive(Debug, Clone)]
pub struct Outcomes {
    solution: crate::solve::Solution,
}

impl Outcomes {
    /// Solves every position of `game` with each player to move: one retrograde pass over the
    /// alternating graph (2n positions, m moves). O(n + m).
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::{LoopyGame, Outcomes, Winner};
    /// use grundy::partizan::Side;
    ///
    /// let dud = LoopyGame::parse("dud", &Budget::default()).unwrap();
    /// let outcomes = Outcomes::of(&dud);
    /// assert_eq!(outcomes.play(0, Side::Left).winner, Winner::Draw);
    /// let over = LoopyGame::parse("over", &Budget::default()).unwrap();
    /// let outcomes = Outcomes::of(&over);
    /// assert_eq!(outcomes.play(0, Side::Left).winner, Winner::Left);
    /// assert_eq!(outcomes.play(0, Side::Right).winner, Winner::Left);
    /// ```
    pub fn of(game: &LoopyGame) -> Outcomes {
        let graph = game.alternating();
        let solution = solve(&graph, &SolveOptions::default())
            .expect("a graph without players or preferences always solves");
        Outcomes { solution }
    }

    /// The result at position `v` with `mover` to move. O(1).
    ///
    /// # Panics
    /// If `v` is not a position of the game.
    pub fn play(&self, v: u32, mover: Side) -> Play {
        let p = 2 * v + u32::from(mover == Side::Right);
        Play {
            winner: Winner::of(mover, self.solution.outcome(p)),
            best: self.solution.best_move(p).map(|q| q / 2),
        }
    }
}
