//! What the board rulesets share: reading a grid of symbols, and the geometry of bitboards
//! (one bit per cell, row by row, in a `u128`): neighbours, shifts in the eight directions,
//! 4- and 8-connected components, and normalisation of a region under translations and board
//! symmetries; and the move of a piece from cell to cell ([`Step`]).

use std::fmt;

use super::{BoardError, MoveParts};

/// The most cells a board may have: one bit per cell of a `u128`.
pub const MAX_CELLS: usize = 128;

/// The dimensions of a board of at most [`MAX_CELLS`] cells. Cell (r, c), from 0, is bit
/// `r * cols + c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    /// The number of rows.
    pub rows: u8,
    /// The number of columns.
    pub cols: u8,
}

impl Shape {
    /// The number of cells.
    pub fn cells(self) -> u32 {
        u32::from(self.rows) * u32::from(self.cols)
    }

    /// Every cell.
    pub fn all(self) -> u128 {
        low_bits(self.cells())
    }

    /// The bit of cell (r, c).
    pub fn bit(self, r: u32, c: u32) -> u128 {
        1u128 << (r * u32::from(self.cols) + c)
    }

    /// The cells of the first column.
    pub fn first_column(self) -> u128 {
        (0..u32::from(self.rows)).fold(0, |m, r| m | self.bit(r, 0))
    }

    /// The cells of the last column.
    pub fn last_column(self) -> u128 {
        self.first_column() << (self.cols.max(1) - 1)
    }

    /// The cells 4-adjacent to those of `mask` (with the first column's mask, which the
    /// caller computes once). O(1).
    pub fn neighbours(self, mask: u128, first_column: u128) -> u128 {
        let last_column = first_column << (self.cols.max(1) - 1);
        let cols = u32::from(self.cols);
        let right = (mask & !last_column) << 1;
        let left = (mask & !first_column) >> 1;
        (right | left | shl(mask, cols) | shr(mask, cols)) & self.all()
    }

    /// The cells of `mask` and those 8-adjacent to them (a king's move away). O(1).
    pub fn king_neighbours(self, mask: u128, first_column: u128) -> u128 {
        let cols = u32::from(self.cols);
        let last_column = first_column << (self.cols.max(1) - 1);
        // Cut to the board before shifting sideways: a cell below the last row would come
        // back onto it one column to the left.
        let rows = (mask | shl(mask, cols) | shr(mask, cols)) & self.all();
        rows | (rows & !last_column) << 1 | (rows & !first_column) >> 1
    }

    /// The cells of `mask` moved one cell towards `direction`, those leaving the board
    /// dropped (with the first column's mask, which the caller computes once). O(1).
    pub fn shift(self, mask: u128, direction: Direction, first_column: u128) -> u128 {
        let cols = u32::from(self.cols);
        let last_column = first_column << (self.cols.max(1) - 1);
        let (dr, dc) = direction.offset();
        let mask = match dc {
            1 => (mask & !last_column) << 1,
            -1 => (mask & !first_column) >> 1,
            _ => mask,
        };
        match dr {
            1 => shl(mask, cols) & self.all(),
            -1 => shr(mask, cols),
            _ => mask,
        }
    }

    /// The 4-connected components of `mask`, appended to `out`, by flood fill on masks:
    /// O(cells) shifts per component.
    pub fn components(self, mask: u128, out: &mut Vec<u128>) {
        let first_column = self.first_column();
        components_by(mask, out, |m| self.neighbours(m, first_column));
    }

    /// The 8-connected components of `mask` (cells meeting at a corner are joined), appended
    /// to `out`: O(cells) shifts per component.
    pub fn king_components(self, mask: u128, out: &mut Vec<u128>) {
        let first_column = self.first_column();
        components_by(mask, out, |m| self.king_neighbours(m, first_column));
    }

    /// The rows `r` of a mask as `width`-bit words.
    fn row(self, mask: u128, r: u32) -> u128 {
        (mask >> (r * u32::from(self.cols))) & low_bits(u32::from(self.cols))
    }

    /// The layers of a board cropped to the bounding box of `occupied` (which must be
    /// non-empty), then put in the least orientation among the symmetries `symmetries`
    /// allows. Two regions that differ by a translation and such a symmetry come out equal.
    /// O(cells) per layer and symmetry.
    pub fn normalise<const N: usize>(
        self,
        occupied: u128,
        layers: [u128; N],
        symmetries: Symmetries,
    ) -> (Shape, [u128; N]) {
        let (mut top, mut bottom, mut left, mut right) = (u32::MAX, 0, u32::MAX, 0);
        for r in 0..u32::from(self.rows) {
            let row = self.row(occupied, r);
            if row != 0 {
                top = top.min(r);
                bottom = r;
                left = left.min(row.trailing_zeros());
                right = right.max(127 - row.leading_zeros());
            }
        }
        let shape = Shape {
            rows: (bottom - top + 1) as u8,
            cols: (right - left + 1) as u8,
        };
        let width = low_bits(u32::from(shape.cols));
        let crop = |m: u128| {
            (0..u32::from(shape.rows)).fold(0u128, |out, r| {
                out | ((self.row(m, top + r) >> left) & width) << (r * u32::from(shape.cols))
            })
        };
        let cropped = (shape, layers.map(crop));
        let mut best = cropped;
        let mut consider = |candidate: (Shape, [u128; N])| {
            if candidate < best {
                best = candidate;
            }
        };
        let flips = |(s, l): (Shape, [u128; N])| {
            let lr = (s, l.map(|m| s.flip_columns(m)));
            let ud = (s, l.map(|m| s.flip_rows(m)));
            let both = (s, lr.1.map(|m| s.flip_rows(m)));
            [lr, ud, both]
        };
        if symmetries != Symmetries::Translations {
            flips(cropped).into_iter().for_each(&mut consider);
        }
        if symmetries == Symmetries::All {
            let t = cropped.0.transposed();
            let transposed = (t, cropped.1.map(|m| cropped.0.transpose(m)));
            consider(transposed);
            flips(transposed).into_iter().for_each(&mut consider);
        }
        best
    }

    /// The mask mirrored left to right.
    fn flip_columns(self, mask: u128) -> u128 {
        let cols = u32::from(self.cols);
        (0..u32::from(self.rows)).fold(0, |out, r| {
            out | (self.row(mask, r).reverse_bits() >> (128 - cols)) << (r * cols)
        })
    }

    /// The mask mirrored top to bottom.
    fn flip_rows(self, mask: u128) -> u128 {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        (0..rows).fold(0, |out, r| {
            out | self.row(mask, r) << ((rows - 1 - r) * cols)
        })
    }

    /// The shape with rows and columns exchanged.
    fn transposed(self) -> Shape {
        Shape {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// The mask with rows and columns exchanged: cell (r, c) goes to (c, r).
    fn transpose(self, mask: u128) -> u128 {
        let t = self.transposed();
        let mut out = 0;
        for r in 0..u32::from(self.rows) {
            for c in 0..u32::from(self.cols) {
                if mask & self.bit(r, c) != 0 {
                    out |= t.bit(c, r);
                }
            }
        }
        out
    }

    /// The cell of bit `i` as a part of the board's drawing: `[row, column]`, both from 0.
    pub fn cell_part(self, i: u32) -> Vec<u64> {
        let cols = u32::from(self.cols);
        vec![u64::from(i / cols), u64::from(i % cols)]
    }

    /// The cell of bit `i` as `(row,column)`, both from 1, as moves are printed.
    pub fn cell_name(self, i: u32) -> String {
        let cols = u32::from(self.cols);
        format!("({},{})", i / cols + 1, i % cols + 1)
    }
}

/// Moves by fixed offsets on a board of one shape: each offset `(rows, columns)` as a mask of
/// the cells it keeps on the board and a shift of bits, built once (O(rows) each) so that
/// moving every cell of a mask by an offset costs a mask and a shift. For the rulesets whose
/// pieces step or slide by a set of offsets (Clobber's family: the king's eight, the
/// knight's).
#[derive(Debug, Clone)]
pub struct Offsets {
    /// For each offset: the cells whose image is on the board, and the shift (positive
    /// towards higher bits); the first `len` are used (an array, not a vector: rulesets build
    /// one for every position they list moves of).
    steps: [(u128, i32); MAX_OFFSETS],
    len: usize,
}

/// The most offsets an [`Offsets`] holds.
pub const MAX_OFFSETS: usize = 8;

impl Offsets {
    /// The offsets `offsets` (rows down, columns right; at most [`MAX_OFFSETS`], the rest
    /// ignored) on a board of `shape`.
    pub fn new(shape: Shape, offsets: &[(i8, i8)]) -> Offsets {
        let cols = u32::from(shape.cols);
        let all = shape.all();
        let first_column = shape.first_column();
        let last_column = first_column << (cols.max(1) - 1);
        let mut steps = [(0, 0); MAX_OFFSETS];
        let len = offsets.len().min(MAX_OFFSETS);
        for (step, &(dr, dc)) in steps.iter_mut().zip(offsets) {
            // The cells whose image stays on the board: not within |dc| columns of the side
            // it moves to, nor within |dr| rows.
            let mut keep = all;
            for k in 0..u32::from(dc.unsigned_abs()) {
                keep &= !if dc > 0 {
                    last_column >> k
                } else {
                    first_column << k
                };
            }
            let rows = u32::from(dr.unsigned_abs()) * cols;
            keep &= if dr > 0 {
                shr(all, rows)
            } else {
                shl(all, rows)
            };
            *step = (keep, i32::from(dr) * cols as i32 + i32::from(dc));
        }
        Offsets { steps, len }
    }

    /// How many offsets.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cells of `mask` moved by offset `k`, those leaving the board dropped. O(1).
    pub fn step(&self, mask: u128, k: usize) -> u128 {
        let (keep, shift) = self.steps[k];
        let m = mask & keep;
        if shift >= 0 {
            shl(m, shift as u32)
        } else {
            shr(m, shift.unsigned_abs())
        }
    }

    /// The cells one offset (any) away from those of `mask`. O(offsets).
    pub fn around(&self, mask: u128) -> u128 {
        (0..self.len).fold(0, |a, k| a | self.step(mask, k))
    }
}

/// The eight directions of a queen's move on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 1.
    Up,
    /// Towards column 1.
    Left,
    /// Away from column 1.
    Right,
    /// Away from row 1.
    Down,
    /// Up and left.
    UpLeft,
    /// Up and right.
    UpRight,
    /// Down and left.
    DownLeft,
    /// Down and right.
    DownRight,
}

impl Direction {
    /// The four orthogonal directions, in the order moves are listed: up, left, right, down.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::Up,
        Direction::Left,
        Direction::Right,
        Direction::Down,
    ];

    /// All eight, in reading order of the cells they point to.
    pub const ALL: [Direction; 8] = [
        Direction::UpLeft,
        Direction::Up,
        Direction::UpRight,
        Direction::Left,
        Direction::Right,
        Direction::DownLeft,
        Direction::Down,
        Direction::DownRight,
    ];

    /// The step in rows and columns.
    fn offset(self) -> (i8, i8) {
        match self {
            Direction::Up => (-1, 0),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
            Direction::Down => (1, 0),
            Direction::UpLeft => (-1, -1),
            Direction::UpRight => (-1, 1),
            Direction::DownLeft => (1, -1),
            Direction::DownRight => (1, 1),
        }
    }
}

/// A piece moved from one cell to another: a stone in Clobber or Konane, an amazon.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    shape: Shape,
    from: u8,
    to: u8,
}

impl Step {
    /// A move from cell `from` to cell `to` (bit numbers) of a board of `shape`.
    pub fn new(shape: Shape, from: u32, to: u32) -> Step {
        Step {
            shape,
            from: from as u8,
            to: to as u8,
        }
    }

    /// The cell the piece leaves, then the cell it lands on, as parts of the board's
    /// drawing; the two are the cells the step changes (a capture on the way is not among
    /// them).
    pub fn parts(&self) -> MoveParts {
        let cells = [self.from, self.to].map(|c| self.shape.cell_part(u32::from(c)));
        MoveParts {
            path: cells.to_vec(),
            changed: cells.to_vec(),
        }
    }
}

impl fmt::Display for Step {
    /// The two cells as (row,column), from 1: `(1,1)->(1,2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}->{}",
            self.shape.cell_name(u32::from(self.from)),
            self.shape.cell_name(u32::from(self.to))
        )
    }
}

/// The board symmetries under which a ruleset's regions are the same game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetries {
    /// Translations only.
    Translations,
    /// Translations and the reflections left-right and top-bottom (Domineering: exchanging
    /// rows and columns would exchange the players).
    Reflections,
    /// Translations and all eight symmetries of the square (games where both players move in
    /// every direction).
    All,
}

/// `mask` shifted `n` bits up, 0 when `n` is 128 or more: a row down on a board of one row
/// of 128 cells leaves it (a plain shift by the width would overflow there).
pub(crate) fn shl(mask: u128, n: u32) -> u128 {
    mask.checked_shl(n).unwrap_or(0)
}

/// `mask` shifted `n` bits down, 0 when `n` is 128 or more (see [`shl`]).
pub(crate) fn shr(mask: u128, n: u32) -> u128 {
    mask.checked_shr(n).unwrap_or(0)
}

/// The `n` low bits set.
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The components of `mask` when each cell is joined to the cells `adjacent` gives for it
/// (`adjacent` takes a mask and gives the cells adjacent to any of its cells), appended to
/// `out`: a flood fill on masks, O(cells) calls of `adjacent` per component.
pub fn components_by(mask: u128, out: &mut Vec<u128>, adjacent: impl Fn(u128) -> u128) {
    let mut rest = mask;
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let grown = (region | adjacent(region)) & mask;
            if grown == region {
                break;
            }
            region = grown;
        }
        out.push(region);
        rest &= !region;
    }
}

/// A grid read from text: its shape and its symbols row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// The dimensions.
    pub shape: Shape,
    /// The symbols, row by row.
    pub cells: Vec<char>,
}

impl Grid {
    /// The mask of the cells holding `symbol`.
    pub fn mask(&self, symbol: char) -> u128 {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s == symbol)
            .fold(0, |m, (i, _)| m | 1u128 << i)
    }
}

/// Reads a grid: rows separated by `|` or line breaks, all of the same length, each cell one
/// of `symbols` (described as `expected` in errors, e.g. `'.' (empty) or '#' (filled)`), at
/// most [`MAX_CELLS`] cells; the empty text is the board of no cells. O(length of the
/// text).
pub fn read_grid(text: &str, symbols: &str, expected: &str) -> Result<Grid, BoardError> {
    let text = text.trim_end_matches(['\n', '\r']);
    if text.is_empty() {
        return Ok(Grid {
            shape: Shape { rows: 0, cols: 0 },
            cells: Vec::new(),
        });
    }
    let mut cells = Vec::new();
    let mut cols = None;
    let mut rows = 0usize;
    for (line, row) in text.split(['|', '\n']).enumerate() {
        let row = row.strip_suffix('\r').unwrap_or(row);
        let mut n = 0;
        for (column, ch) in row.chars().enumerate() {
            if !symbols.contains(ch) {
                return Err(BoardError::at(
                    line + 1,
                    column + 1,
                    format!("expected {expected}, found {ch:?}"),
                ));
            }
            cells.push(ch);
            n += 1;
        }
        match cols {
            None if n == 0 => {
                return Err(BoardError::at(
                    line + 1,
                    1,
                    format!("expected a row of cells ({expected}), found an empty row"),
                ))
            }
            None => cols = Some(n),
            Some(c) if c != n => {
                return Err(BoardError::at(
                    line + 1,
                    n.min(c) + 1,
                    format!("expected a row of {c} cells like row 1, found {n}"),
                ))
            }
            Some(_) => {}
        }
        rows += 1;
        if cells.len() > MAX_CELLS {
            let c = cols.unwrap_or(1);
            return Err(BoardError::at(
                MAX_CELLS / c + 1,
                MAX_CELLS % c + 1,
                format!("the board has more than {MAX_CELLS} cells, the most this ruleset plays"),
            ));
        }
    }
    // At most MAX_CELLS cells and no empty row: both counts fit in a u8.
    Ok(Grid {
        shape: Shape {
            rows: rows as u8,
            cols: cols.unwrap_or(0) as u8,
        },
        cells,
    })
}

/// Reads a board as [`read_grid`] does, or `RxC` (`8x8`, `3X5`, `8×8`): the board of R rows
/// and C columns, every cell `empty` (its first symbol, `.`), for the rulesets whose empty
/// board is a game (Domineering, Cram). The size is checked (at least one row and one
/// column, at most [`MAX_CELLS`] cells) before it sizes anything. O(length of the text).
pub fn read_grid_or_size(text: &str, symbols: &str, expected: &str) -> Result<Grid, BoardError> {
    let Some((rows, cols)) = text.trim().split_once(['x', 'X', '×']) else {
        return read_grid(text, symbols, expected);
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(rows) || !digits(cols) {
        return read_grid(text, symbols, expected);
    }
    // Digits only: too many of them for a u64 is a board far too large too.
    let (r, c) = (rows.parse::<u64>().ok(), cols.parse::<u64>().ok());
    let cells = r.zip(c).and_then(|(r, c)| r.checked_mul(c));
    let size = format!("a {rows}x{cols} board");
    match (r, c, cells) {
        (Some(0), _, _) | (_, Some(0), _) => Err(BoardError::at(
            1,
            1,
            format!("{size} has no cells: a board has at least one row and one column"),
        )),
        (Some(r), Some(c), Some(n)) if n <= MAX_CELLS as u64 => {
            let empty = symbols.chars().next().unwrap_or('.');
            Ok(Grid {
                shape: Shape {
                    rows: r as u8,
                    cols: c as u8,
                },
                cells: vec![empty; n as usize],
            })
        }
        _ => Err(BoardError::at(
            1,
            1,
            format!("{size} has more than {MAX_CELLS} cells, the most this ruleset plays"),
        )),
    }
}

/// A board printed in the notation [`read_grid`] reads: `symbol(cell)` for each cell, rows
/// separated by `|`.
pub fn show_grid(shape: Shape, symbol: impl Fn(u128) -> char) -> String {
    let mut out = String::new();
    for r in 0..u32::from(shape.rows) {
        if r > 0 {
            out.push('|');
        }
        for c in 0..u32::from(shape.cols) {
            out.push(symbol(shape.bit(r, c)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_the_empty_board_and_is_checked_before_it_sizes_anything() {
        let read = |text: &str| read_grid_or_size(text, ".#", "'.' or '#'");
        for text in ["3x4", "3X4", "3×4", " 3x4 "] {
            assert_eq!(read(text), read_grid("....|....|....", ".#", ""), "{text}");
        }
        assert_eq!(read("1x128").unwrap().shape.cells(), 128);
        assert_eq!(read("..|.#").unwrap().mask('#'), 1 << 3);
        for (text, message) in [
            ("0x5", "no cells"),
            ("8x17", "more than 128 cells"),
            ("99999999999999999999x2", "more than 128 cells"),
            ("4294967296x4294967296", "more than 128 cells"),
        ] {
            let e = read(text).unwrap_err().to_string();
            assert!(e.contains(message), "{text}: {e}");
        }
        // Not a size: read as a board, and refused as one.
        assert!(read("3x").unwrap_err().to_string().contains("found '3'"));
    }

    /// The mask of a picture: `#` set, rows separated by `|`.
    fn mask(picture: &str) -> (Shape, u128) {
        let g = read_grid(picture, ".#", "").unwrap();
        (g.shape, g.mask('#'))
    }

    #[test]
    fn shifts_stop_at_the_edges() {
        let (shape, m) = mask("#..#|....|#..#");
        let first = shape.first_column();
        let show = |m: u128| show_grid(shape, |b| if m & b != 0 { '#' } else { '.' });
        assert_eq!(
            show(shape.shift(m, Direction::Right, first)),
            ".#..|....|.#.."
        );
        assert_eq!(
            show(shape.shift(m, Direction::Left, first)),
            "..#.|....|..#."
        );
        assert_eq!(
            show(shape.shift(m, Direction::Down, first)),
            "....|#..#|...."
        );
        assert_eq!(
            show(shape.shift(m, Direction::UpLeft, first)),
            "....|..#.|...."
        );
        assert_eq!(
            show(shape.shift(m, Direction::DownRight, first)),
            "....|.#..|...."
        );
        let (_, corner) = mask("#...|....|....");
        assert_eq!(show(shape.king_neighbours(corner, first)), "##..|##..|....");
        let (_, corner) = mask("....|....|#...");
        assert_eq!(show(shape.king_neighbours(corner, first)), "....|##..|##..");
    }

    #[test]
    fn a_strip_of_128_cells_has_no_row_above_or_below() {
        let shape = Shape { rows: 1, cols: 128 };
        let first = shape.first_column();
        let ends = 1 | 1 << 127;
        assert_eq!(shape.neighbours(ends, first), 2 | 1 << 126);
        assert_eq!(shape.king_neighbours(1, first), 3);
        assert_eq!(shape.shift(ends, Direction::Down, first), 0);
        assert_eq!(shape.shift(ends, Direction::Up, first), 0);
        assert_eq!(shape.shift(1, Direction::Right, first), 2);
    }

    #[test]
    fn diagonal_cells_join_king_components() {
        let (shape, m) = mask("#..|.#.|..#|#..");
        let (mut four, mut eight) = (Vec::new(), Vec::new());
        shape.components(m, &mut four);
        shape.king_components(m, &mut eight);
        assert_eq!((four.len(), eight.len()), (4, 2));
    }
}
