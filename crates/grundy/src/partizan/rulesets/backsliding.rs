//! Backsliding Toads and Frogs (*Winning Ways*, ch. 11): Toads and Frogs where a toad may
//! also step back left, and a frog back right, into an adjacent empty cell. Positions can
//! repeat, so its values are loopy games
//! ([`LoopyGame::explore`](crate::partizan::loopy::LoopyGame::explore)); positions are read
//! and printed as in [`toads_frogs`](super::toads_frogs) (`TT..FF`, CGSuite's `ttt..fff`).

use super::toads_frogs::{Strip, ToadsAndFrogs};
use super::{BoardError, Ruleset};
use crate::partizan::{PartizanRules, Side};

/// The rules of Backsliding Toads and Frogs, as a [`PartizanRules`] game on [`Strip`]s.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{LoopyGame, Stopper};
/// use grundy::partizan::rulesets::backsliding::BackslidingToadsAndFrogs;
///
/// let strip = BackslidingToadsAndFrogs::parse("T.F").unwrap();
/// let budget = Budget::default();
/// let (game, _) = LoopyGame::explore(&BackslidingToadsAndFrogs, strip, &budget).unwrap();
/// assert_eq!(game.len(), 6);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BackslidingToadsAndFrogs;

impl BackslidingToadsAndFrogs {
    /// Reads a strip of at most 128 cells: `T` (or `t`) a toad, `F` (or `f`) a frog, `.`
    /// empty; an error names the column of anything else. O(length).
    pub fn parse(text: &str) -> Result<Strip, BoardError> {
        ToadsAndFrogs.parse(text)
    }

    /// The strip in the notation [`parse`](Self::parse) reads. O(length).
    pub fn show(p: &Strip) -> String {
        ToadsAndFrogs.show(p)
    }
}

impl PartizanRules for BackslidingToadsAndFrogs {
    type Position = Strip;

    /// The moves of Toads and Frogs (steps, then jumps), then the steps back, each from the
    /// left. O(moves).
    fn options(&self, p: &Strip, side: Side, out: &mut Vec<Strip>) {
        let mut forward = Vec::new();
        ToadsAndFrogs.moves(p, side, &mut forward);
        out.extend(forward.into_iter().map(|(_, q)| q));
        let empty = p.empty();
        let (pieces, back) = match side {
            Side::Left => (p.toads, p.toads & (empty << 1)),
            Side::Right => (p.frogs, p.frogs & (empty >> 1)),
        };
        let mut rest = back;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let to = match side {
                Side::Left => from - 1,
                Side::Right => from + 1,
            };
            let moved = pieces & !(1u128 << from) | 1u128 << to;
            out.push(match side {
                Side::Left => Strip { toads: moved, ..*p },
                Side::Right => Strip { frogs: moved, ..*p },
            });
        }
    }
}
