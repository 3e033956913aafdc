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
use super::{BoardError, RaceBounds, Ruleset, CHAINED, ZONES};
use crate::partizan::Side;

/// The rules of [`Board::race_with`]'s count beyond safe moves, protective areas and
/// vulnerable moves packed in lines apart, each of which can be turned on or off (the
/// options of Domineering's own search say which).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CountRules {
    /// Vulnerable moves packed in every line, beside the protective areas too, those one
    /// move of the opponent's may spoil together with another zone counted in chains
    /// ([`RaceBounds::chained`]), rather than in lines apart. Neither packing always
    /// decides more positions than the other: the search tries this one first, and the
    /// other where this one leaves a position undecided.
    pub chains: bool,
    /// Safe moves with an option (zones of no moves that cover cells of the opponent's).
    pub options: bool,
}

impl Default for CountRules {
    /// Options on, vulnerable moves in lines apart (the packing of a count taken once, as
    /// the generic search takes it).
    fn default() -> CountRules {
        CountRules {
            chains: false,
            options: true,
        }
    }
}

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
    /// O(1).
    fn placements(&self, vertical: bool) -> u128 {
        if vertical {
            self.empty & grid::shr(self.empty, u32::from(self.shape.cols))
        } else {
            self.empty & (self.empty >> 1) & !self.shape.last_column()
        }
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
        let guarded = e & !(lines.right(e) | lines.left(e));
        (
            lines.pack(guarded).count_ones() as usize,
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
    /// for the player placing them (X) against the other (Y), with the rules `rules`:
    ///
    /// * `safe` and `most` as [`Board::bounds`] counts them;
    /// * `room`: Y's cells (empty, with an empty neighbour along his lines), less one in
    ///   each of his runs of odd length that none of X's zones touches (where only his
    ///   dominoes cover cells, an even number of them);
    /// * zones, packed greedily, so that no domino of Y's meets two (no zone cell is next to
    ///   another zone's across X's lines) and none meets the safe dominoes' cells:
    ///   *protective areas* (Bullock's), 2 × 2 squares of empty cells with a wall (cells
    ///   filled, or the board's edge) along one of their sides parallel to X's dominoes: X
    ///   places a domino along the far side, and the near one is then protected (filled or
    ///   off the board on both sides across), a safe move: two moves, four cells of Y's
    ///   room, and two moves of Y's most (the wall ends two of Y's lines at the square, so
    ///   that a run there loses a domino of its packing to the far domino, whatever Y
    ///   has played elsewhere in it); then *vulnerable moves*, single dominoes of X's on
    ///   empty cells, one move, on the two cells of Y's room or on one (the other
    ///   protected): with [`CountRules::chains`] packed in every line, beside protective
    ///   areas too, those with a cell beside another zone's across the lines (which one
    ///   domino of Y's may spoil together) counted apart as chained
    ///   ([`RaceBounds::chained`]), else line after line, each barring the cells beside
    ///   it; then, with [`CountRules::options`], *options*
    ///   (Bullock's safe moves with an option), a safe domino one of whose ends along the
    ///   line is next to a cell `x` of Y's that no zone has: X may place that safe domino
    ///   one cell over, on `x` and the nearer of its cells, and keeps as many safe moves
    ///   (the run of protected cells loses one cell at its end), so the move covers `x`
    ///   and the cells beside `x` across the lines whose other neighbour across is not
    ///   empty (Y could cover them only with `x`): no move, one to three cells of Y's room.
    ///   Y spoils a zone only by covering one of its cells.
    ///
    /// O(cells) word operations.
    pub fn race_with(&self, vertical: bool, rules: CountRules) -> RaceBounds {
        let lines = Lines::new(self.shape, vertical);
        let e = self.empty;
        // Y's cells: those with an empty neighbour across X's lines (along Y's).
        let open = e & (lines.right(e) | lines.left(e));
        // The safe dominoes, packed as `bounds` packs them.
        let safe_heads = lines.pack(e & !open);
        let safe = safe_heads.count_ones() as usize;
        let most = lines.pack(e).count_ones() as usize;
        let mut zones = [0; ZONES.len()];
        let mut chained = [0; CHAINED.len()];
        // Cells no zone may take: taken already, or next (across) to a zone's cell, where a
        // domino of Y's could meet both.
        let mut barred = safe_heads | lines.fwd(safe_heads);
        let bar = |cells: u128| cells | lines.right(cells) | lines.left(cells);
        // The zones' cells.
        let mut zoned = 0;
        // Protective areas, by the square's first cell: the square empty, and both cells
        // beside one of its sides across X's lines not empty.
        let pairs = e & lines.back(e);
        let squares = pairs & lines.left(pairs);
        let near = lines.right(e);
        let far = lines.left(lines.left(e));
        let walled = !(near | lines.back(near)) | !(far | lines.back(far));
        let mut areas = squares & walled;
        while areas != 0 {
            let at = areas & areas.wrapping_neg();
            areas &= areas - 1;
            let pair = at | lines.fwd(at);
            let cells = pair | lines.right(pair);
            if cells & barred == 0 {
                zones[0] += 1;
                zoned |= cells;
                barred |= bar(cells);
            }
        }
        // Vulnerable moves. No domino here has two protected cells: those left out of the
        // safe packing are alone in their runs.
        if rules.chains {
            // Every line at once, beside the protective areas too (not on their cells or
            // the safe dominoes'); a domino with a cell beside another zone's across the
            // lines is chained (Y may spoil both with one domino), the others alone.
            let heads = lines.pack(e & !(safe_heads | lines.fwd(safe_heads) | zoned));
            let cells = heads | lines.fwd(heads);
            let near = zoned | cells;
            let beside = cells & (lines.right(near) | lines.left(near));
            let linked = heads & (beside | lines.back(beside));
            let both = heads & open & lines.back(open);
            let count = |x: u128| x.count_ones() as usize;
            zones[1] += count(both & !linked);
            zones[2] += count(heads & !both & !linked);
            chained[0] += count(both & linked);
            chained[1] += count(linked & !both);
            zoned |= cells;
            barred |= bar(cells);
        } else {
            // Line after line: a line's dominoes bar the cells beside them in the next.
            for line in lines.each() {
                let heads = lines.pack(e & line & !barred);
                let both = (heads & open & lines.back(open)).count_ones() as usize;
                zones[1] += both;
                zones[2] += heads.count_ones() as usize - both;
                let cells = heads | lines.fwd(heads);
                zoned |= cells;
                barred |= bar(cells);
            }
        }
        // Options, one a safe domino, before it along the line or else after it: a cell
        // of Y's no zone has or bars, which then bars the cells beside it. A cell beside
        // `x` across whose other neighbour across is not empty is Y's only with `x`.
        let (no_right, no_left) = (e & !lines.left(e), e & !lines.right(e));
        let mut singles = if rules.options { safe_heads } else { 0 };
        while singles != 0 {
            let head = singles & singles.wrapping_neg();
            singles &= singles - 1;
            for x in [lines.back(head), lines.fwd(lines.fwd(head))] {
                if x & open & !barred == 0 {
                    continue;
                }
                let dead = usize::from(lines.right(x) & no_right != 0)
                    + usize::from(lines.left(x) & no_left != 0);
                // The kinds of no moves, from three cells down.
                zones[5 - dead] += 1;
                zoned |= x;
                barred |= bar(x);
                break;
            }
        }
        // Y's room: his cells, less one in each of his runs of odd length that no zone
        // touches (only his dominoes cover cells there, two by two). The runs a zone touches
        // are found by spreading from its cells along Y's lines.
        let mut touched = zoned & open;
        loop {
            let more = touched | (bar(touched) & open);
            if more == touched {
                break;
            }
            touched = more;
        }
        let free = open & !touched;
        let theirs = Lines::new(self.shape, !vertical);
        let odd = free.count_ones() - 2 * theirs.pack(free).count_ones();
        let room = (open.count_ones() - odd) as usize;
        RaceBounds {
            safe,
            most,
            room,
            zones,
            chained,
        }
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

/// The geometry of one direction's dominoes on a shape: cells moved one step along the lines
/// the dominoes lie in (columns for vertical dominoes) or across them, dropping those that
/// leave the board.
struct Lines {
    shape: Shape,
    vertical: bool,
    cols: u32,
    first: u128,
    last: u128,
    all: u128,
}

impl Lines {
    fn new(shape: Shape, vertical: bool) -> Lines {
        Lines {
            shape,
            vertical,
            cols: u32::from(shape.cols),
            first: shape.first_column(),
            last: shape.last_column(),
            all: shape.all(),
        }
    }

    /// Each cell one column right.
    fn east(&self, x: u128) -> u128 {
        (x & !self.last) << 1
    }

    /// Each cell one column left.
    fn west(&self, x: u128) -> u128 {
        (x & !self.first) >> 1
    }

    /// Each cell one row down.
    fn south(&self, x: u128) -> u128 {
        grid::shl(x, self.cols) & self.all
    }

    /// Each cell one row up.
    fn north(&self, x: u128) -> u128 {
        grid::shr(x, self.cols)
    }

    /// Each cell one step forward along its line.
    fn fwd(&self, x: u128) -> u128 {
        if self.vertical {
            self.south(x)
        } else {
            self.east(x)
        }
    }

    /// Each cell one step back along its line.
    fn back(&self, x: u128) -> u128 {
        if self.vertical {
            self.north(x)
        } else {
            self.west(x)
        }
    }

    /// Each cell one line over, forward across the lines.
    fn right(&self, x: u128) -> u128 {
        if self.vertical {
            self.east(x)
        } else {
            self.south(x)
        }
    }

    /// Each cell one line over, back across the lines.
    fn left(&self, x: u128) -> u128 {
        if self.vertical {
            self.west(x)
        } else {
            self.north(x)
        }
    }

    /// The cells of each line, from the first.
    fn each(&self) -> impl Iterator<Item = u128> + '_ {
        let row = grid::shr(u128::MAX, 128 - self.cols);
        let n = if self.vertical {
            self.shape.cols
        } else {
            self.shape.rows
        };
        (0..u32::from(n)).map(move |i| {
            if self.vertical {
                self.first << i
            } else {
                row << (i * self.cols)
            }
        })
    }

    /// The first cells of as many dominoes along the lines as fit on `cells`: half of each
    /// run, rounded down, from each run's head, every run at once. O(longest run).
    fn pack(&self, cells: u128) -> u128 {
        let mut starts = cells & self.back(cells);
        let mut heads = 0;
        while starts != 0 {
            // The first start of each chain takes its domino, and the start after it (which
            // would share a cell) goes.
            let first = starts & !self.fwd(starts);
            heads |= first;
            starts &= !(first | self.fwd(first));
        }
        heads
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
