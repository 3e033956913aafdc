//! Amazons: Left's amazons `x`, Right's amazons `o`, on a board of at most 128 cells (`.`
//! empty, `#` burnt). A move is a queen's move of one of your amazons (any number of empty
//! cells in a line, orthogonal or diagonal), then a queen's shot of an arrow from where it
//! lands, over empty cells (the cell it left is empty now), burning the cell the arrow stops
//! on. A player who cannot move loses.
//!
//! Boards are Clobber's ([`Stones`], `#` read as burnt). **Regions.** Amazons and arrows only
//! travel over empty cells, in lines that pass between two cells meeting at a corner: the
//! 8-connected groups of unburnt cells are independent. A group with no amazon is 0, and one
//! where no amazon has an empty neighbour is dead (no amazon there can ever move): both are
//! left out. Both players move the same way in every direction, so a region is the same game
//! under all eight symmetries of the square, which its normalisation uses.

use std::fmt;

use super::clobber::Stones;
use super::grid::{Direction, Shape, Step};
use super::{BoardError, Ruleset};
use crate::partizan::Side;

/// A move: the amazon's step and the cell its arrow burns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shot {
    step: Step,
    shape: Shape,
    arrow: u8,
}

impl fmt::Display for Shot {
    /// The amazon's cells, then the arrow's, as (row,column) from 1: `(1,1)->(2,2)/(1,1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}",
            self.step,
            self.shape.cell_name(u32::from(self.arrow))
        )
    }
}

/// Amazons.
///
/// ```
/// use grundy::partizan::rulesets::amazons::Amazons;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(Amazons);
/// let board = Amazons.parse("x..|##o").unwrap();
/// let v = eval.value(&mut store, &board).unwrap();
/// assert_eq!(store.display(v), "+-1");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Amazons;

/// The cells a queen reaches from `at` over the cells of `empty`, direction by direction as in
/// [`Direction::ALL`], nearer first, appended to `out`. O(cells reached).
fn queen_moves(shape: Shape, at: u128, empty: u128, first_column: u128, out: &mut Vec<u32>) {
    for d in Direction::ALL {
        let mut cell = shape.shift(at, d, first_column) & empty;
        while cell != 0 {
            out.push(cell.trailing_zeros());
            cell = shape.shift(cell, d, first_column) & empty;
        }
    }
}

impl Ruleset for Amazons {
    type Position = Stones;
    type Move = Shot;

    fn name(&self) -> &'static str {
        "Amazons"
    }

    fn parse(&self, text: &str) -> Result<Stones, BoardError> {
        Stones::parse_named(
            text,
            "'x' (Left's amazon), 'o' (Right's amazon), '.' (empty) or '#' (burnt)",
        )
    }

    fn show(&self, p: &Stones) -> String {
        p.show()
    }

    /// The amazons of `side` in cell order, each landing cell in the order of
    /// [`Direction::ALL`] (nearer first), each arrow likewise. O(1) per move.
    fn moves(&self, p: &Stones, side: Side, out: &mut Vec<(Shot, Stones)>) {
        let (own, theirs) = p.sides(side);
        let first_column = p.shape.first_column();
        let (mut landings, mut arrows) = (Vec::new(), Vec::new());
        let mut amazons = own;
        while amazons != 0 {
            let from = amazons.trailing_zeros();
            amazons &= amazons - 1;
            let start = 1u128 << from;
            landings.clear();
            queen_moves(p.shape, start, p.empty, first_column, &mut landings);
            for &to in &landings {
                let land = 1u128 << to;
                let empty = (p.empty | start) & !land;
                let own = own & !start | land;
                arrows.clear();
                queen_moves(p.shape, land, empty, first_column, &mut arrows);
                for &arrow in &arrows {
                    let (left, right) = match side {
                        Side::Left => (own, theirs),
                        Side::Right => (theirs, own),
                    };
                    out.push((
                        Shot {
                            step: Step::new(p.shape, from, to),
                            shape: p.shape,
                            arrow: arrow as u8,
                        },
                        Stones {
                            left,
                            right,
                            empty: empty & !(1u128 << arrow),
                            ..*p
                        },
                    ));
                }
            }
        }
    }

    fn regions(&self, p: &Stones, out: &mut Vec<Stones>) {
        let amazons = p.left | p.right;
        let first_column = p.shape.first_column();
        let mut parts = Vec::new();
        p.shape.king_components(amazons | p.empty, &mut parts);
        for part in parts {
            let here = amazons & part;
            if p.shape.king_neighbours(here, first_column) & p.empty & part == 0 {
                continue;
            }
            out.push(p.region(part, p.empty & part));
        }
    }
}
