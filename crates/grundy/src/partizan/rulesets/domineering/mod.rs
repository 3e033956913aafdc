//! Domineering: on the empty cells of a board, Left places vertical dominoes and Right
//! horizontal ones; a player who cannot place one loses.
//!
//! A board is read in CGSuite's notation, `.` empty and `#` filled, rows separated by `|`:
//! `..|..` is the empty 2×2 board, worth ±1. It holds at most 128 cells (a bitboard). Regions
//! are the 4-connected components of empty cells, translated to their corner and mirrored left
//! to right and top to bottom into one orientation; exchanging rows and columns would
//! exchange the players, so it is not used. The board of dominoes ([`Board`], [`Domino`]) is
//! shared with [Cram](super::cram).

use std::fmt;

use super::grid::{self, Shape, Symmetries};
use super::{BoardError, RaceBounds, Ruleset};
use crate::partizan::Side;

mod count;

pub use count::{Count, CountRules, Lines};

/// A board of at most 128 cells: its shape and its empty cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The dimensions.
    pub shape: Shape,
    /// The empty cells (bit `r * cols + c`).
    pub empty: u128,
}

impl Board {
    /// The empty board of `rows` × `cols` cells, if it has at most 128 cells.
    pub fn empty(rows: u8, cols: u8) -> Option<Board> {
        let shape = Shape { rows, cols };
        (shape.cells() as usize <= grid::MAX_CELLS).then(|| Board {
            shape,
            empty: shape.all(),
        })
    }

    /// Reads `.` (empty) and `#` (filled), rows separated by `|`, or `RxC` (`8x8`): the
    /// empty board of R rows and C columns ([`grid::read_grid_or_size`]).
    pub fn parse(text: &str) -> Result<Board, BoardError> {
        let g = grid::read_grid_or_size(text, ".#", "'.' (empty) or '#' (filled)")?;
        Ok(Board {
            shape: g.shape,
            empty: g.mask('.'),
        })
    }

    /// The board in the notation [`Board::parse`] reads.
    pub fn show(&self) -> String {
        grid::show_grid(self.shape, |b| if self.empty & b != 0 { '.' } else { '#' })
    }

    /// The first cells (top or left) of the dominoes that fit: vertical ones, or horizontal.
    /// O(rows + cols).
    fn placements(&self, vertical: bool) -> u128 {
        Lines::new(self.shape, vertical).heads(self.empty)
    }

    /// Appends every domino that fits, vertical or horizontal, with the board it leaves.
    pub fn place(&self, vertical: bool, out: &mut Vec<(Domino, Board)>) {
        let mut first = self.placements(vertical);
        let step = if vertical {
            u32::from(self.shape.cols)
        } else {
            1
        };
        while first != 0 {
            let at = first.trailing_zeros();
            first &= first - 1;
            let pair = 1u128 << at | 1u128 << (at + step);
            let domino = Domino {
                shape: self.shape,
                at: at as u8,
                vertical,
            };
            out.push((
                domino,
                Board {
                    empty: self.empty & !pair,
                    ..*self
                },
            ));
        }
    }

    /// Bounds on the dominoes of one direction that can still be placed: `(safe, most)`.
    /// `most` counts, in each line of that direction (columns for vertical dominoes), half
    /// of each run of empty cells, rounded down: no more dominoes fit. `safe` counts the same
    /// over the *protected* cells only, those whose two neighbours across the line are not
    /// empty (filled, or off the board): no domino of the other direction can ever cover
    /// them, so these dominoes (disjoint, one run's halves) stay placeable whatever happens
    /// elsewhere. O(rows) word operations.
    pub fn bounds(&self, vertical: bool) -> (usize, usize) {
        let lines = Lines::new(self.shape, vertical);
        let e = self.empty;
        (
            lines.pack(lines.protected(e)).count_ones() as usize,
            lines.pack(e).count_ones() as usize,
        )
    }

    /// What the search's count knows of the dominoes of one direction ([`RaceBounds`]),
    /// for the player placing them (X) against the other (Y), with the default rules
    /// ([`CountRules`], [`Board::race_with`]). O(cells) word operations.
    pub fn race(&self, vertical: bool) -> RaceBounds {
        self.race_with(vertical, CountRules::default())
    }

    /// What the search's count knows of the dominoes of one direction ([`RaceBounds`]),
    /// for the player placing them (X) against the other (Y), with the rules `rules`
    /// ([`Count::bounds`] says what each bound counts). O(cells) word operations.
    pub fn race_with(&self, vertical: bool, rules: CountRules) -> RaceBounds {
        let (mine, theirs) = (
            Lines::new(self.shape, vertical),
            Lines::new(self.shape, !vertical),
        );
        mine.count(&theirs, self.empty).bounds(rules)
    }

    /// The 4-connected regions of empty cells where a domino fits, normalised under
    /// `symmetries` (a region where none fits is worth 0, and no domino will fit later).
    pub fn regions(&self, symmetries: Symmetries, out: &mut Vec<Board>) {
        let mut parts = Vec::new();
        self.shape.components(self.empty, &mut parts);
        for part in parts {
            let region = Board {
                empty: part,
                ..*self
            };
            if region.placements(true) | region.placements(false) == 0 {
                continue;
            }
            let (shape, [empty]) = self.shape.normalise(part, [part], symmetries);
            out.push(Board { shape, empty });
        }
    }
}

/// A domino placed: its top or left cell, and its direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Domino {
    shape: Shape,
    at: u8,
    vertical: bool,
}

impl Domino {
    /// The domino of `shape` whose top or left cell is `at` (`r * cols + c`).
    pub fn new(shape: Shape, at: u8, vertical: bool) -> Domino {
        Domino {
            shape,
            at,
            vertical,
        }
    }
}

impl fmt::Display for Domino {
    /// Its two cells as (row,column), from 1: `(1,1)-(2,1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = u32::from(self.at);
        let other = at
            + if self.vertical {
                u32::from(self.shape.cols)
            } else {
                1
            };
        write!(
            f,
            "{}-{}",
            self.shape.cell_name(at),
            self.shape.cell_name(other)
        )
    }
}

/// Domineering: Left places vertical dominoes, Right horizontal ones.
///
/// ```
/// use grundy::partizan::rulesets::domineering::Domineering;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(Domineering);
/// let board = Domineering.parse("..|..").unwrap();
/// let v = eval.value(&mut store, &board).unwrap();
/// assert_eq!(store.display(v), "+-1");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Domineering;

impl Ruleset for Domineering {
    type Position = Board;
    type Move = Domino;

    fn name(&self) -> &'static str {
        "Domineering"
    }

    fn parse(&self, text: &str) -> Result<Board, BoardError> {
        Board::parse(text)
    }

    fn show(&self, p: &Board) -> String {
        p.show()
    }

    fn moves(&self, p: &Board, side: Side, out: &mut Vec<(Domino, Board)>) {
        p.place(side == Side::Left, out);
    }

    fn regions(&self, p: &Board, out: &mut Vec<Board>) {
        p.regions(Symmetries::Reflections, out);
    }

    fn move_bounds(&self, p: &Board, side: Side) -> Option<(usize, usize)> {
        Some(p.bounds(side == Side::Left))
    }

    fn race_bounds(&self, p: &Board, side: Side) -> Option<RaceBounds> {
        Some(p.race(side == Side::Left))
    }

    fn move_count(&self, p: &Board, side: Side) -> usize {
        p.placements(side == Side::Left).count_ones() as usize
    }
}
