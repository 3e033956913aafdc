//! Fox and Geese (*Winning Ways*, ch. 22; CGSuite's `FoxAndGeese`): on the dark squares of a
//! checkerboard, the geese (Left) each step one square diagonally down the board, and the fox
//! (Right) one square diagonally in any direction, always onto an empty dark square; no one
//! captures, and a player who cannot move loses. The fox may go back and forth for ever, so
//! its values are loopy games
//! ([`LoopyGame::explore`](crate::partizan::loopy::LoopyGame::explore)); the geese move only
//! down, so every line of play alternating for ever would need infinitely many geese moves:
//! every position is a stopper. The players are CGSuite's: a positive value is good for the
//! geese.
//!
//! **Notation.** A board of at most 128 cells, drawn as the geese see it, from the top: rows
//! separated by `|`, each cell `.` (empty), `G` (a goose) or `F` (the fox), lower case read
//! too. The dark squares are those of the bottom-left corner's colour (CGSuite's square
//! (1,1)); pieces stand only on them, and there is exactly one fox. The fox that has got
//! behind the geese runs for ever: on a board two rows higher than the highest goose the value
//! is CGSuite's, which plays on a board without a top.
//!
//! **Ceylonese Fox and Geese** ([`CeyloneseFoxAndGeese`]) is the same game, by the same code,
//! with a fox that goes one or two squares along a diagonal.

use super::grid::{read_grid, show_grid, Direction, Shape};
use super::BoardError;
use crate::partizan::{PartizanRules, Side};

/// A position of Fox and Geese: the board's shape, the geese (one bit a cell, row by row from
/// the top, as in [`Shape`]) and the fox's cell (its bit number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pen {
    /// The board's dimensions.
    pub shape: Shape,
    /// The cells of the geese.
    pub geese: u128,
    /// The bit number of the fox's cell.
    pub fox: u8,
}

/// The rules of Fox and Geese, as a [`PartizanRules`] game on [`Pen`]s.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{LoopyGame, Stopper};
/// use grundy::partizan::rulesets::fox_geese::FoxAndGeese;
///
/// // A lone fox runs for ever, and the geese have no move: off.
/// let pen = FoxAndGeese::parse("..|F.").unwrap();
/// let budget = Budget::default();
/// let (game, _) = LoopyGame::explore(&FoxAndGeese, pen, &budget).unwrap();
/// assert_eq!(Stopper::new(&game, &budget).unwrap().to_string(), "off");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FoxAndGeese;

/// The directions the fox steps in, and the geese's.
const FOX_STEPS: [Direction; 4] = [
    Direction::UpLeft,
    Direction::UpRight,
    Direction::DownLeft,
    Direction::DownRight,
];
const GOOSE_STEPS: [Direction; 2] = [Direction::DownLeft, Direction::DownRight];

impl FoxAndGeese {
    /// Reads a board (see the [module](self)): at most 128 cells, pieces on dark squares only,
    /// one fox. An error names the row and column (`line:column`, from 1) of what is wrong.
    /// O(cells).
    pub fn parse(text: &str) -> Result<Pen, BoardError> {
        let grid = read_grid(text, ".FGfg", "'.' (empty), 'G' (a goose) or 'F' (the fox)")?;
        let shape = grid.shape;
        let cols = usize::from(shape.cols.max(1));
        let place = |i: usize| (i / cols + 1, i % cols + 1);
        let mut fox = None;
        let mut geese = 0u128;
        for (i, &symbol) in grid.cells.iter().enumerate() {
            if symbol == '.' {
                continue;
            }
            let (line, column) = place(i);
            if !is_dark(shape, i as u32) {
                return Err(BoardError::at(
                    line,
                    column,
                    format!(
                        "{symbol:?} stands on a light square: pieces stand on the dark squares, \
                         those of the bottom-left corner's colour"
                    ),
                ));
            }
            if symbol.eq_ignore_ascii_case(&'G') {
                geese |= 1u128 << i;
            } else if fox.replace(i as u8).is_some() {
                return Err(BoardError::at(line, column, "a second fox: there is one"));
            }
        }
        let Some(fox) = fox else {
            return Err(BoardError::at(
                shape.rows.max(1).into(),
                1,
                "no fox ('F') on the board: there is one",
            ));
        };
        Ok(Pen { shape, geese, fox })
    }

    /// The board in the notation [`parse`](Self::parse) reads. O(cells).
    pub fn show(p: &Pen) -> String {
        let fox = 1u128 << p.fox;
        show_grid(p.shape, |b| {
            if b == fox {
                'F'
            } else if p.geese & b != 0 {
                'G'
            } else {
                '.'
            }
        })
    }
}

/// Whether cell `i` (a bit number) has the colour of the bottom-left corner.
fn is_dark(shape: Shape, i: u32) -> bool {
    let cols = u32::from(shape.cols);
    let (r, c) = (i / cols, i % cols);
    (u32::from(shape.rows) - 1 - r + c) % 2 == 0
}

impl PartizanRules for FoxAndGeese {
    type Position = Pen;

    /// Left: each goose from the top-left, stepping down-left then down-right. Right: the
    /// fox stepping up-left, up-right, down-left, down-right. O(moves) shifts of masks.
    fn options(&self, p: &Pen, side: Side, out: &mut Vec<Pen>) {
        options(p, side, 1, out);
    }
}

/// Ceylonese Fox and Geese (CGSuite's `CeyloneseFoxAndGeese`, its `GenFoxAndGeese(foxRange
/// => 2)`): Fox and Geese where the fox moves one or two squares along a diagonal, never over
/// or onto a goose. Boards are read and printed as [`FoxAndGeese`]'s.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{LoopyGame, Stopper};
/// use grundy::partizan::rulesets::fox_geese::CeyloneseFoxAndGeese;
///
/// // The fox, in its corner below two geese, has room to run for ever.
/// let pen = CeyloneseFoxAndGeese::parse(".G.G|....|....|F...").unwrap();
/// let budget = Budget::default();
/// let (game, _) = LoopyGame::explore(&CeyloneseFoxAndGeese, pen, &budget).unwrap();
/// assert!(game.len() > 1);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CeyloneseFoxAndGeese;

impl CeyloneseFoxAndGeese {
    /// Reads a board as [`FoxAndGeese::parse`] does. O(cells).
    pub fn parse(text: &str) -> Result<Pen, BoardError> {
        FoxAndGeese::parse(text)
    }

    /// The board in the notation [`parse`](Self::parse) reads. O(cells).
    pub fn show(p: &Pen) -> String {
        FoxAndGeese::show(p)
    }
}

impl PartizanRules for CeyloneseFoxAndGeese {
    type Position = Pen;

    /// Left: as in [`FoxAndGeese`]. Right: the fox going up-left, up-right, down-left,
    /// down-right, one square then two. O(moves) shifts of masks.
    fn options(&self, p: &Pen, side: Side, out: &mut Vec<Pen>) {
        options(p, side, 2, out);
    }
}

/// The options of `side` at `p`, the fox going at most `range` squares along a diagonal:
/// Left's geese from the top-left, each stepping down-left then down-right; Right's fox in
/// each direction, nearer first. O(moves) shifts of masks.
fn options(p: &Pen, side: Side, range: u32, out: &mut Vec<Pen>) {
    let first = p.shape.first_column();
    let fox = 1u128 << p.fox;
    match side {
        Side::Left => {
            let mut rest = p.geese;
            while rest != 0 {
                let goose = rest & rest.wrapping_neg();
                rest &= rest - 1;
                for step in GOOSE_STEPS {
                    let to = p.shape.shift(goose, step, first);
                    if to != 0 && to & (p.geese | fox) == 0 {
                        out.push(Pen {
                            geese: p.geese & !goose | to,
                            ..*p
                        });
                    }
                }
            }
        }
        Side::Right => {
            for step in FOX_STEPS {
                let mut at = fox;
                for _ in 0..range {
                    at = p.shape.shift(at, step, first);
                    if at == 0 || at & p.geese != 0 {
                        break;
                    }
                    out.push(Pen {
                        fox: at.trailing_zeros() as u8,
                        ..*p
                    });
                }
            }
        }
    }
}
