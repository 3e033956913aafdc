//! Cram: on the empty cells of a board, either player places a domino either way; a player
//! who cannot place one loses. The game is impartial: every position is a nimber `*n`.
//!
//! Boards are Domineering's ([`Board`]: `.` empty, `#` filled, at most 128 cells); as both
//! players have the same moves, a region is the same game under all eight symmetries of the
//! square, which its normalisation uses.

use super::domineering::{Board, Domino};
use super::grid::Symmetries;
use super::{BoardError, Ruleset};
use crate::partizan::Side;

/// Cram: either player places a domino, vertical or horizontal.
///
/// ```
/// use grundy::partizan::rulesets::cram::Cram;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(Cram);
/// let board = Cram.parse(".........|##.######").unwrap();
/// let v = eval.value(&mut store, &board).unwrap();
/// assert_eq!(store.display(v), "*4");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cram;

impl Ruleset for Cram {
    type Position = Board;
    type Move = Domino;

    fn name(&self) -> &'static str {
        "Cram"
    }

    fn parse(&self, text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }

    fn show(&self, p: &Board) -> String {
        p.show()
    }

    /// Both players: every vertical domino, then every horizontal one.
    fn moves(&self, p: &Board, _side: Side, out: &mut Vec<(Domino, Board)>) {
        p.place(true, out);
        p.place(false, out);
    }

    fn regions(&self, p: &Board, out: &mut Vec<Board>) {
        p.regions(Symmetries::All, out);
    }
}
