//! Fission (CGSuite's `Fission`): stones `x` on a board of at most 128 cells (`.` empty, `#`
//! blocked). Left picks a stone whose cells just above and just below are both empty: the
//! stone is removed and a stone put on each of those two cells. Right does the same with the
//! cells just left and just right of the stone. A player who cannot move loses.
//!
//! **Regions.** Stones only ever appear on empty cells next to a stone, so the 4-connected
//! groups of unblocked cells never meet: they are the regions, and a group where no one can
//! move is worth 0 (a position where no one can move stays so). Exchanging rows and columns
//! would exchange the players, so a region is normalised under the reflections only.

use std::fmt;

use super::clobber::Stones;
use super::grid::{self, Direction, Shape, Symmetries};
use super::{BoardError, MoveParts, Ruleset};
use crate::partizan::Side;

/// A stone split: the cell of the stone (a bit number) on a board of `shape`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    shape: Shape,
    at: u8,
}

impl fmt::Display for Split {
    /// The stone's cell as (row,column), from 1: `(2,3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shape.cell_name(u32::from(self.at)))
    }
}

/// Fission.
///
/// ```
/// use grundy::partizan::rulesets::fission::Fission;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // Left splits the stone down its column; Right then has no room in either row.
/// assert_eq!(Fission.value_of(".|x|.").unwrap().canonical_form(), "1");
/// // A stone in the middle of a square board: turning the board a quarter swaps the
/// // players, so the game is its own negative, and here it is 0.
/// assert_eq!(Fission.value_of("...|.x.|...").unwrap().canonical_form(), "0");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fission;

impl Fission {
    /// The directions the stone's two new stones go for `side`: Left's up and down, Right's
    /// left and right.
    fn directions(side: Side) -> [Direction; 2] {
        match side {
            Side::Left => [Direction::Up, Direction::Down],
            Side::Right => [Direction::Left, Direction::Right],
        }
    }

    /// The stones `side` can split: both their cells of `side`'s directions empty. O(1).
    fn movers(p: &Stones, side: Side, first_column: u128) -> u128 {
        // A stone's cell above is empty where the empty cells moved one down cover it.
        let [a, b] = Fission::directions(side);
        let opposite = |d: Direction| match d {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            _ => Direction::Left,
        };
        p.left
            & p.shape.shift(p.empty, opposite(a), first_column)
            & p.shape.shift(p.empty, opposite(b), first_column)
    }
}

impl Ruleset for Fission {
    type Position = Stones;
    type Move = Split;

    fn name(&self) -> &'static str {
        "Fission"
    }

    /// Reads `x` (a stone), `.` (empty) and `#` (blocked), rows separated by `|`.
    fn parse(&self, text: &str) -> Result<Stones, BoardError> {
        let g = grid::read_grid(text, "x.#", "'x' (a stone), '.' (empty) or '#' (blocked)")?;
        Ok(Stones {
            shape: g.shape,
            left: g.mask('x'),
            right: 0,
            empty: g.mask('.'),
        })
    }

    fn show(&self, p: &Stones) -> String {
        p.show()
    }

    /// The stones `side` can split, in cell order. O(moves).
    fn moves(&self, p: &Stones, side: Side, out: &mut Vec<(Split, Stones)>) {
        let first_column = p.shape.first_column();
        let [a, b] = Fission::directions(side);
        let mut rest = Fission::movers(p, side, first_column);
        while rest != 0 {
            let at = rest.trailing_zeros();
            rest &= rest - 1;
            let stone = 1u128 << at;
            let new = p.shape.shift(stone, a, first_column) | p.shape.shift(stone, b, first_column);
            out.push((
                Split {
                    shape: p.shape,
                    at: at as u8,
                },
                Stones {
                    left: p.left & !stone | new,
                    empty: p.empty & !new | stone,
                    ..*p
                },
            ));
        }
    }

    /// The stone split, and the three cells it changes: the comparison of the boards would
    /// point at the first new stone instead. O(1).
    fn move_parts(&self, p: &Stones, m: &Split, next: &Stones) -> Option<MoveParts> {
        let changed = (p.left ^ next.left) | (p.empty ^ next.empty);
        let cells = (0..p.shape.cells())
            .filter(|&i| changed >> i & 1 == 1)
            .map(|i| p.shape.cell_part(i))
            .collect();
        Some(MoveParts {
            path: vec![p.shape.cell_part(u32::from(m.at))],
            changed: cells,
        })
    }

    fn regions(&self, p: &Stones, out: &mut Vec<Stones>) {
        let first_column = p.shape.first_column();
        let mut parts = Vec::new();
        p.shape.components(p.left | p.empty, &mut parts);
        for part in parts {
            let region = Stones {
                left: p.left & part,
                empty: p.empty & part,
                ..*p
            };
            if [Side::Left, Side::Right]
                .into_iter()
                .all(|side| Fission::movers(&region, side, first_column) == 0)
            {
                continue;
            }
            let (shape, [left, empty]) =
                p.shape
                    .normalise(part, [region.left, region.empty], Symmetries::Reflections);
            out.push(Stones {
                shape,
                left,
                right: 0,
                empty,
            });
        }
    }
}
