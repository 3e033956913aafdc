//! Konane: Left's stones `x`, Right's stones `o`, on a board of at most 128 cells (`.` empty,
//! `#` blocked). A player jumps one of their stones orthogonally over an adjacent stone of the
//! opponent into the empty cell beyond, removing the stone jumped; the stone may jump on in
//! the same direction, over another opposing stone into the next empty cell beyond, and so
//! on: each number of jumps is a move of its own. A player who cannot jump loses.
//!
//! Boards are Clobber's ([`Stones`]). **Regions.** Stones only move through unblocked cells,
//! so the 4-connected groups of unblocked cells are independent; a group where no one can jump
//! is dead (only a jump within it could change it). Both players jump the same way in every direction, so a region is the same
//! game under all eight symmetries of the square, which its normalisation uses.

use super::clobber::Stones;
use super::grid::{Direction, Step};
use super::{BoardError, Ruleset};
use crate::partizan::Side;

/// Konane.
///
/// ```
/// use grundy::partizan::rulesets::konane::Konane;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(Konane);
/// // Left jumps once or twice; Right cannot jump.
/// let board = Konane.parse("xo.o.").unwrap();
/// let v = eval.value(&mut store, &board).unwrap();
/// assert_eq!(store.display(v), "1");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Konane;

impl Konane {
    /// Whether `side` has a jump in `p`, restricted to the cells of `within`. O(1).
    fn can_jump(p: &Stones, side: Side, within: u128) -> bool {
        let (own, theirs) = p.sides(side);
        let first_column = p.shape.first_column();
        Direction::ORTHOGONAL.into_iter().any(|d| {
            let over = p.shape.shift(own & within, d, first_column) & theirs;
            p.shape.shift(over, d, first_column) & p.empty & within != 0
        })
    }
}

impl Ruleset for Konane {
    type Position = Stones;
    type Move = Step;

    fn name(&self) -> &'static str {
        "Konane"
    }

    fn parse(&self, text: &str) -> Result<Stones, BoardError> {
        Stones::parse(text)
    }

    fn show(&self, p: &Stones) -> String {
        p.show()
    }

    /// The stones of `side` in cell order, each up, left, right, then down, shorter jumps
    /// first. O(1) per move.
    fn moves(&self, p: &Stones, side: Side, out: &mut Vec<(Step, Stones)>) {
        let (own, theirs) = p.sides(side);
        let first_column = p.shape.first_column();
        let mut stones = own;
        while stones != 0 {
            let from = stones.trailing_zeros();
            stones &= stones - 1;
            let start = 1u128 << from;
            for d in Direction::ORTHOGONAL {
                let (mut at, mut jumped) = (start, 0u128);
                loop {
                    let over = p.shape.shift(at, d, first_column) & theirs;
                    let land = p.shape.shift(over, d, first_column) & p.empty;
                    if land == 0 {
                        break;
                    }
                    jumped |= over;
                    at = land;
                    let (own, theirs) = (own & !start | land, theirs & !jumped);
                    let (left, right) = match side {
                        Side::Left => (own, theirs),
                        Side::Right => (theirs, own),
                    };
                    out.push((
                        Step::new(p.shape, from, land.trailing_zeros()),
                        Stones {
                            left,
                            right,
                            empty: (p.empty | start | jumped) & !land,
                            ..*p
                        },
                    ));
                }
            }
        }
    }

    fn regions(&self, p: &Stones, out: &mut Vec<Stones>) {
        let cells = p.left | p.right | p.empty;
        let mut parts = Vec::new();
        p.shape.components(cells, &mut parts);
        for part in parts {
            if !Konane::can_jump(p, Side::Left, part) && !Konane::can_jump(p, Side::Right, part) {
                continue;
            }
            out.push(p.region(part, p.empty & part));
        }
    }
}
