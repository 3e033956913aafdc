//! Clobber and AntiClobber: Left's stones `x`, Right's stones `o`, on a board of at most 128
//! cells (`.` empty, `#` blocked).
//!
//! - **Clobber**: a player moves one of their stones onto an orthogonally adjacent stone of
//!   the opponent, which is removed (the cell left becomes empty). Stones only ever leave
//!   cells, so a 4-connected group of stones never meets another: the regions are the groups
//!   of stones (empty and blocked cells alike are walls), and a group with no `x` beside an
//!   `o` is dead and worth 0.
//! - **AntiClobber** (CGSuite's): a player moves one of their stones onto an orthogonally
//!   adjacent empty cell and leaves a stone of the opponent where it stood. Stones only ever
//!   fill cells: the regions are the 4-connected groups of unblocked cells, and a group where
//!   no stone is beside an empty cell is dead.
//!
//! Both players move the same way in every direction, so a region is the same game under all
//! eight symmetries of the square, which its normalisation uses.

pub use super::grid::Step;
use super::grid::{self, Shape, Symmetries};
use super::{BoardError, MoveParts, Ruleset};
use crate::partizan::Side;

/// A board of stones: each cell is Left's stone, Right's stone, empty, or blocked (none of
/// the three masks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stones {
    /// The dimensions.
    pub shape: Shape,
    /// Left's stones (`x`).
    pub left: u128,
    /// Right's stones (`o`).
    pub right: u128,
    /// The empty cells (`.`).
    pub empty: u128,
}

impl Stones {
    /// The region `part` of the board, its empty cells `empty` (a subset of `part`; a ruleset
    /// may drop empty cells that cannot matter), normalised under every symmetry of the grid
    /// so that equal regions meet in one memo entry. O(cells).
    pub fn region(&self, part: u128, empty: u128) -> Stones {
        let (shape, [left, right, empty]) = self.shape.normalise(
            part,
            [self.left & part, self.right & part, empty],
            Symmetries::All,
        );
        Stones {
            shape,
            left,
            right,
            empty,
        }
    }

    /// Reads `x` (Left's stone), `o` (Right's), `.` (empty) and `#` (blocked), rows separated
    /// by `|`. O(length of the text).
    pub fn parse(text: &str) -> Result<Stones, BoardError> {
        Stones::parse_named(
            text,
            "'x' (Left's stone), 'o' (Right's stone), '.' (empty) or '#' (blocked)",
        )
    }

    /// Reads the same symbols, named in errors as `expected` says (`'#' (burnt)`).
    pub fn parse_named(text: &str, expected: &str) -> Result<Stones, BoardError> {
        let g = grid::read_grid(text, "xo.#", expected)?;
        Ok(Stones {
            shape: g.shape,
            left: g.mask('x'),
            right: g.mask('o'),
            empty: g.mask('.'),
        })
    }

    /// The board in the notation [`Stones::parse`] reads.
    pub fn show(&self) -> String {
        grid::show_grid(self.shape, |b| {
            if self.left & b != 0 {
                'x'
            } else if self.right & b != 0 {
                'o'
            } else if self.empty & b != 0 {
                '.'
            } else {
                '#'
            }
        })
    }

    /// The stones of `side`, then the opponent's.
    pub fn sides(&self, side: Side) -> (u128, u128) {
        match side {
            Side::Left => (self.left, self.right),
            Side::Right => (self.right, self.left),
        }
    }
}

/// Which of the two games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// Onto an opponent's stone, leaving an empty cell.
    Clobber,
    /// Onto an empty cell, leaving an opponent's stone.
    AntiClobber,
}

/// Clobber or AntiClobber.
///
/// ```
/// use grundy::partizan::rulesets::clobber::Clobber;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(Clobber::CLOBBER);
/// let board = Clobber::CLOBBER.parse("xox|ox.").unwrap();
/// let v = eval.value(&mut store, &board).unwrap();
/// assert_eq!(store.display(v), "{^^*|*,v}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clobber {
    variant: Variant,
}

impl Clobber {
    /// Clobber.
    pub const CLOBBER: Clobber = Clobber {
        variant: Variant::Clobber,
    };
    /// AntiClobber.
    pub const ANTI_CLOBBER: Clobber = Clobber {
        variant: Variant::AntiClobber,
    };
}

impl Ruleset for Clobber {
    type Position = Stones;
    type Move = Step;

    fn name(&self) -> &'static str {
        match self.variant {
            Variant::Clobber => "Clobber",
            Variant::AntiClobber => "AntiClobber",
        }
    }

    fn parse(&self, text: &str) -> Result<Stones, BoardError> {
        Stones::parse(text)
    }

    fn show(&self, p: &Stones) -> String {
        p.show()
    }

    /// The stones of `side` in cell order, each towards up, left, right, down.
    fn moves(&self, p: &Stones, side: Side, out: &mut Vec<(Step, Stones)>) {
        let (own, theirs) = p.sides(side);
        let target = match self.variant {
            Variant::Clobber => theirs,
            Variant::AntiClobber => p.empty,
        };
        let first_column = p.shape.first_column();
        let mut stones = own;
        while stones != 0 {
            let from = stones.trailing_zeros();
            stones &= stones - 1;
            let mut to = p.shape.neighbours(1u128 << from, first_column) & target;
            while to != 0 {
                let at = to.trailing_zeros();
                to &= to - 1;
                let (a, b) = (1u128 << from, 1u128 << at);
                // The stone goes from a to b; a becomes empty (Clobber) or the opponent's.
                let (own, theirs, empty) = match self.variant {
                    Variant::Clobber => (own & !a | b, theirs & !b, p.empty | a),
                    Variant::AntiClobber => (own & !a | b, theirs | a, p.empty & !b),
                };
                let (left, right) = match side {
                    Side::Left => (own, theirs),
                    Side::Right => (theirs, own),
                };
                out.push((
                    Step::new(p.shape, from, at),
                    Stones {
                        left,
                        right,
                        empty,
                        ..*p
                    },
                ));
            }
        }
    }

    /// AntiClobber's step: the cell left and the cell filled, both holding a stone after it
    /// (the opponent's in the cell left), which the boards' comparison cannot tell apart.
    /// Clobber's step is told by the comparison. O(1).
    fn move_parts(&self, _: &Stones, m: &Step, _: &Stones) -> Option<MoveParts> {
        (self.variant == Variant::AntiClobber).then(|| m.parts())
    }

    fn regions(&self, p: &Stones, out: &mut Vec<Stones>) {
        let stones = p.left | p.right;
        let (cells, partners) = match self.variant {
            // A stone of one side beside one of the other.
            Variant::Clobber => (stones, [p.left, p.right]),
            // A stone beside an empty cell.
            Variant::AntiClobber => (stones | p.empty, [stones, p.empty]),
        };
        let first_column = p.shape.first_column();
        let mut parts = Vec::new();
        p.shape.components(cells, &mut parts);
        for part in parts {
            let [a, b] = partners.map(|m| m & part);
            if p.shape.neighbours(a, first_column) & b == 0 {
                continue;
            }
            // In Clobber empty and blocked cells are alike: only the stones are kept.
            let empty = match self.variant {
                Variant::Clobber => 0,
                Variant::AntiClobber => p.empty & part,
            };
            out.push(p.region(part, empty));
        }
    }
}
