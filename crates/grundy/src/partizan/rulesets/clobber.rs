//! Clobber and its family, CGSuite's `GenClobber` schema: Left's stones `x`, Right's stones
//! `o`, on a board of at most 128 cells (`.` empty, `#` blocked). A player picks one of their
//! stones and a direction of the schema's set; the stone goes to the first cell in that
//! direction that is not empty (or, with a bounded distance, to the cell at that distance);
//! the move is legal when that cell holds what the schema lets the player clobber, the stone
//! lands there and the cell it left becomes what the schema leaves behind.
//!
//! - **Clobber**: orthogonal steps onto a stone of the opponent, leaving an empty cell.
//! - **AntiClobber**: orthogonal steps onto an empty cell, leaving a stone of the opponent.
//! - **Hot Clobber**: orthogonal steps onto any stone, one's own too.
//! - **Kings**: steps in the eight directions onto a stone of the opponent.
//! - **Knights**: a knight's jump onto a stone of the opponent (what lies between is
//!   passed over).
//! - **Rooks** and **Queens**: slides, orthogonal or in the eight directions, over any
//!   number of empty cells onto the first stone met, which must be the opponent's.
//!
//! **Regions.** Where no move lands on an empty cell, stones only ever leave cells, so two
//! stones that never meet stay apart: with steps, the regions are the groups of stones joined
//! by the schema's steps (Clobber's 4-connected groups, Kings' 8-connected ones, Knights'
//! groups joined by knight's moves), empty and blocked cells alike being walls; with slides,
//! a stone meets every stone it sees along a line of its directions across empty cells, and
//! the regions are the groups joined so (a region keeps the empty cells between two of its
//! stones on such a line, the rest being walls). Where moves land on empty cells (AntiClobber)
//! the regions are the groups of unblocked cells joined by the steps. A region where no one
//! can move is worth 0 and dropped.
//!
//! Both players move the same way in every direction of sets that every symmetry of the square
//! keeps, so a region is the same game under all eight symmetries, which its normalisation
//! uses.

pub use super::grid::Step;
use super::grid::{self, components_by, Offsets, Shape, Symmetries};
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

/// The directions a stone moves in: CGSuite's `Coordinates.Orthogonal`, `Diagonal`,
/// `Compass` and `KnightsMove`, each kept by every symmetry of the square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Directions {
    /// Up, left, right, down.
    Orthogonal,
    /// The four diagonals.
    Diagonal,
    /// All eight: orthogonal and diagonal.
    Compass,
    /// The eight knight's moves: two cells one way and one the other.
    KnightsMove,
}

impl Directions {
    /// The offsets (rows down, columns right).
    pub fn offsets(self) -> &'static [(i8, i8)] {
        match self {
            Directions::Orthogonal => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
            Directions::Diagonal => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
            Directions::Compass => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
            Directions::KnightsMove => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
        }
    }
}

/// What a cell holds, as CGSuite numbers it: 0 empty, 1 Left's stone, 2 Right's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    /// An empty cell.
    Empty,
    /// Left's stone.
    Left,
    /// Right's stone.
    Right,
}

/// A set of [`Content`]s: what a player may clobber.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contents(u8);

impl Contents {
    /// Empty cells.
    pub const EMPTY: Contents = Contents(1);
    /// Left's stones.
    pub const LEFT: Contents = Contents(2);
    /// Right's stones.
    pub const RIGHT: Contents = Contents(4);
    /// Both players' stones.
    pub const STONES: Contents = Contents(6);

    /// This set and `other`.
    pub const fn and(self, other: Contents) -> Contents {
        Contents(self.0 | other.0)
    }

    /// Whether `c` is in the set.
    pub const fn contains(self, c: Content) -> bool {
        let bit = match c {
            Content::Empty => 1,
            Content::Left => 2,
            Content::Right => 4,
        };
        self.0 & bit != 0
    }

    /// The cells of `p` holding a content of the set.
    fn cells(self, p: &Stones) -> u128 {
        let within = |bit: u8, cells: u128| if self.0 & bit != 0 { cells } else { 0 };
        within(1, p.empty) | within(2, p.left) | within(4, p.right)
    }
}

/// A ruleset of CGSuite's `GenClobber` schema: the directions, what each player may clobber,
/// what each leaves behind, and how far a stone goes (see the [module](self)). The named
/// rulesets are its constants; [`Clobber::GEN_CLOBBER`] with the schema's builders
/// ([`directions`](Clobber::directions), [`clobbered`](Clobber::clobbered),
/// [`left_behind`](Clobber::left_behind), [`max_distance`](Clobber::max_distance)) makes any
/// other.
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
/// assert_eq!(Clobber::QUEENS.value_of("xox|ox.").unwrap().canonical_form(), "^");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clobber {
    name: &'static str,
    directions: Directions,
    /// What Left, then Right, may clobber.
    clobbered: [Contents; 2],
    /// What Left's move, then Right's, leaves where the stone stood.
    left_behind: [Content; 2],
    /// The most cells a stone goes; [`UNBOUNDED`] for no limit.
    max_distance: u8,
}

/// The distance of a slide without limit (CGSuite's `inf`): more than any line of a board.
pub const UNBOUNDED: u8 = u8::MAX;

impl Clobber {
    /// The schema's defaults (CGSuite's `GenClobber()`, which is Clobber), named
    /// `GenClobber`.
    pub const GEN_CLOBBER: Clobber = Clobber {
        name: "GenClobber",
        directions: Directions::Orthogonal,
        clobbered: [Contents::RIGHT, Contents::LEFT],
        left_behind: [Content::Empty, Content::Empty],
        max_distance: 1,
    };
    /// Clobber.
    pub const CLOBBER: Clobber = Clobber::GEN_CLOBBER.named("Clobber");
    /// AntiClobber: onto an empty cell, leaving a stone of the opponent.
    pub const ANTI_CLOBBER: Clobber = Clobber::GEN_CLOBBER
        .clobbered(Contents::EMPTY, Contents::EMPTY)
        .left_behind(Content::Right, Content::Left)
        .named("AntiClobber");
    /// Hot Clobber: onto any stone.
    pub const HOT_CLOBBER: Clobber = Clobber::GEN_CLOBBER
        .clobbered(Contents::STONES, Contents::STONES)
        .named("HotClobber");
    /// Kings: a step in any of the eight directions.
    pub const KINGS: Clobber = Clobber::GEN_CLOBBER
        .directions(Directions::Compass)
        .named("Kings");
    /// Knights: a knight's jump.
    pub const KNIGHTS: Clobber = Clobber::GEN_CLOBBER
        .directions(Directions::KnightsMove)
        .named("Knights");
    /// Rooks: an orthogonal slide.
    pub const ROOKS: Clobber = Clobber::GEN_CLOBBER.max_distance(UNBOUNDED).named("Rooks");
    /// Queens: a slide in any of the eight directions.
    pub const QUEENS: Clobber = Clobber::GEN_CLOBBER
        .directions(Directions::Compass)
        .max_distance(UNBOUNDED)
        .named("Queens");

    /// The same schema under another name (the ruleset's [`name`](Ruleset::name)).
    pub const fn named(self, name: &'static str) -> Clobber {
        Clobber { name, ..self }
    }

    /// The same schema in the directions `directions`.
    pub const fn directions(self, directions: Directions) -> Clobber {
        Clobber { directions, ..self }
    }

    /// The same schema, Left clobbering `left` and Right `right`.
    pub const fn clobbered(self, left: Contents, right: Contents) -> Clobber {
        Clobber {
            clobbered: [left, right],
            ..self
        }
    }

    /// The same schema, Left's move leaving `left` where the stone stood and Right's `right`.
    pub const fn left_behind(self, left: Content, right: Content) -> Clobber {
        Clobber {
            left_behind: [left, right],
            ..self
        }
    }

    /// The same schema, a stone going at most `distance` cells (at least 1; [`UNBOUNDED`]
    /// for no limit).
    pub const fn max_distance(self, distance: u8) -> Clobber {
        assert!(distance >= 1, "a stone goes at least one cell");
        Clobber {
            max_distance: distance,
            ..self
        }
    }

    /// Whether a move can land on an empty cell: a player may clobber one, and a slide can
    /// end on one (an unbounded slide goes on to the first cell that is not empty).
    fn fills(&self) -> bool {
        self.max_distance != UNBOUNDED
            && (self.clobbered[0].contains(Content::Empty)
                || self.clobbered[1].contains(Content::Empty))
    }

    /// The cells where the stones of `from` land going by offset `k` of `offsets`, before the
    /// test of what they hold: the cell one offset away, or, sliding, the first cell that is
    /// not empty (or the one at the most distance). O(distance) masks.
    fn landings(&self, offsets: &Offsets, from: u128, empty: u128, k: usize) -> u128 {
        let mut front = offsets.step(from, k);
        let mut landed = 0;
        let mut distance = 1;
        while front != 0 && distance < self.max_distance {
            landed |= front & !empty;
            front = offsets.step(front & empty, k);
            distance += 1;
        }
        landed | front
    }

    /// Whether `side` has a move in `p` (whose cells all count). O(offsets × distance).
    fn can_move(&self, offsets: &Offsets, p: &Stones, side: Side) -> bool {
        let (own, _) = p.sides(side);
        let targets = self.clobbered[side_index(side)].cells(p);
        own != 0
            && (0..offsets.len()).any(|k| self.landings(offsets, own, p.empty, k) & targets != 0)
    }

    /// The groups of `stones` that see each other along the offsets across `empty` cells,
    /// appended to `out`.
    fn sighted_groups(&self, offsets: &Offsets, stones: u128, empty: u128, out: &mut Vec<u128>) {
        let unbounded = self.max_distance(UNBOUNDED);
        components_by(stones, out, |group| {
            (0..offsets.len()).fold(0, |seen, k| {
                seen | unbounded.landings(offsets, group, empty, k) & stones
            })
        });
    }

    /// The empty cells between two stones of `group` on a line of the offsets with only empty
    /// cells between: those a slide within the group can pass over. O(offsets × line).
    fn between(offsets: &Offsets, group: u128, empty: u128) -> u128 {
        // From the stones forwards along each offset, then backwards along its opposite (the
        // sets are symmetric: offset k's opposite is offset len - 1 - k).
        let n = offsets.len();
        let reached = |k: usize| {
            let (mut front, mut all) = (offsets.step(group, k) & empty, 0);
            while front != 0 {
                all |= front;
                front = offsets.step(front, k) & empty;
            }
            all
        };
        (0..n / 2).fold(0, |cells, k| cells | reached(k) & reached(n - 1 - k))
    }
}

/// 0 for Left, 1 for Right.
fn side_index(side: Side) -> usize {
    match side {
        Side::Left => 0,
        Side::Right => 1,
    }
}

impl Ruleset for Clobber {
    type Position = Stones;
    type Move = Step;

    fn name(&self) -> &'static str {
        self.name
    }

    fn parse(&self, text: &str) -> Result<Stones, BoardError> {
        Stones::parse(text)
    }

    fn show(&self, p: &Stones) -> String {
        p.show()
    }

    /// The stones of `side` in cell order, each to the cells it lands on in cell order.
    /// O(stones × offsets × distance).
    fn moves(&self, p: &Stones, side: Side, out: &mut Vec<(Step, Stones)>) {
        let (own, _) = p.sides(side);
        if own == 0 {
            return;
        }
        let k = side_index(side);
        let targets = self.clobbered[k].cells(p);
        let offsets = Offsets::new(p.shape, self.directions.offsets());
        let mut stones = own;
        while stones != 0 {
            let from = stones.trailing_zeros();
            stones &= stones - 1;
            let a = 1u128 << from;
            let mut to = (0..offsets.len())
                .fold(0, |to, d| to | self.landings(&offsets, a, p.empty, d))
                & targets;
            while to != 0 {
                let at = to.trailing_zeros();
                to &= to - 1;
                let b = 1u128 << at;
                // The stone goes from a to b; a holds what the move leaves behind.
                let clear = !(a | b);
                let mut next = Stones {
                    left: p.left & clear,
                    right: p.right & clear,
                    empty: p.empty & clear,
                    ..*p
                };
                match side {
                    Side::Left => next.left |= b,
                    Side::Right => next.right |= b,
                }
                match self.left_behind[k] {
                    Content::Empty => next.empty |= a,
                    Content::Left => next.left |= a,
                    Content::Right => next.right |= a,
                }
                out.push((Step::new(p.shape, from, at), next));
            }
        }
    }

    /// The cell left and the cell landed on: the comparison of the boards cannot always tell
    /// them (AntiClobber leaves a stone behind, Hot Clobber's capture of one's own stone
    /// changes one cell). O(1).
    fn move_parts(&self, _: &Stones, m: &Step, _: &Stones) -> Option<MoveParts> {
        Some(m.parts())
    }

    fn regions(&self, p: &Stones, out: &mut Vec<Stones>) {
        let stones = p.left | p.right;
        let offsets = Offsets::new(p.shape, self.directions.offsets());
        let mut parts = Vec::new();
        let fills = self.fills();
        if fills {
            components_by(stones | p.empty, &mut parts, |m| offsets.around(m));
        } else if self.max_distance == 1 {
            components_by(stones, &mut parts, |m| offsets.around(m));
        } else {
            self.sighted_groups(&offsets, stones, p.empty, &mut parts);
        }
        for part in parts {
            // The empty cells that matter: all of the part's where stones land on them; none
            // where stones only step onto stones; those between its stones where they slide.
            let empty = if fills {
                p.empty & part
            } else if self.max_distance == 1 {
                0
            } else {
                Clobber::between(&offsets, part, p.empty)
            };
            let region = Stones {
                left: p.left & part,
                right: p.right & part,
                empty,
                ..*p
            };
            if [Side::Left, Side::Right]
                .into_iter()
                .any(|side| self.can_move(&offsets, &region, side))
            {
                out.push(p.region(part | empty, empty));
            }
        }
    }
}
