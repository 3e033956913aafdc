//! Ski Jumps (*Winning Ways*, chapter 2), with the rules of cgt-tools' `SkiJumps`: skiers on
//! a board of at most 128 cells, `.` empty, Left's `L` (a jumper) and `l` (a slipper), Right's
//! `R` and `r`, rows separated by `|` as cgt-tools writes them.
//!
//! * Left slides one of her skiers any number of cells to the right along its row, over empty
//!   cells only, or off the board past the last column when every cell on the way is empty;
//!   Right slides his to the left, off past the first column.
//! * A jumper whose cell just below holds a skier of the other player, with a row below that
//!   one, jumps down two rows: the skier jumped over becomes a slipper (and stays its
//!   owner's), the jumper lands on the cell two rows down. The landing cell is not checked:
//!   cgt-tools' moves land on it whatever it holds, and a skier there leaves the board (its
//!   description asks for an empty cell, but its code, whose values are compared here, does
//!   not), so grundy's moves do the same.
//!
//! A player who cannot move loses.
//!
//! **Regions.** Skiers change rows only by jumping, two rows down over a skier of the other
//! player, and along a row Left's skiers only go right, Right's only left. Going down the
//! rows once, grundy bounds who can ever stand on each row and how far towards the other
//! edge (Left's least column, Right's greatest: who is there now, and who could land there
//! by a jump from two rows up), and joins rows `r`, `r + 1` and `r + 2` where a jumper of
//! row `r` and a skier of the other player on row `r + 1` may ever meet in one column, so
//! that a jump from row `r` may happen: the bands of joined rows are
//! independent games (nothing ever crosses from one to another), each cut out with its rows
//! (every column kept: the distance to the edges is the game). A row that no jump touches
//! splits further: skiers never pass one another, so where a Right skier stands left of a
//! Left skier the two move apart and the cells between them are never entered; the row is cut
//! there, each part keeping the edge its skiers can reach. A part with one player's skiers
//! alone is the whole number of cells they can still slide (Left's `n` − c for a skier in
//! column c of n, Right's c + 1, from 0): it is put as one skier on an empty row of that
//! length (rows of at most 128 cells, so a larger number takes several), whose game is that
//! number. cgt-tools takes a board where no one can ever jump as that count of cells for the
//! board as a whole; where a Left skier faces a Right skier in one row the game is no number
//! (`L.R` is `*`), so there grundy's values differ from cgt-tools': they are the values of
//! its moves.

use std::fmt;

use super::grid::{self, Shape, MAX_CELLS};
use super::{BoardError, MoveParts, Ruleset};
use crate::partizan::Side;

/// A board of Ski Jumps: its shape and its skiers, as masks of cells (bit `r * cols + c`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slope {
    /// The dimensions.
    pub shape: Shape,
    /// Left's skiers (`L` and `l`).
    pub left: u128,
    /// Right's skiers (`R` and `r`).
    pub right: u128,
    /// The jumpers among them (`L` and `R`); the others are slippers.
    pub jumpers: u128,
}

impl Slope {
    /// The symbol of the cell `bit`: `.`, `L`, `l`, `R` or `r`.
    fn symbol(&self, bit: u128) -> char {
        let jumper = self.jumpers & bit != 0;
        match (self.left & bit != 0, self.right & bit != 0, jumper) {
            (true, _, true) => 'L',
            (true, _, false) => 'l',
            (_, true, true) => 'R',
            (_, true, false) => 'r',
            _ => '.',
        }
    }

    /// The rows `top..=bottom` as a board of their own. O(1).
    fn rows(&self, top: u32, bottom: u32) -> Slope {
        let cols = u32::from(self.shape.cols);
        let shape = Shape {
            rows: (bottom - top + 1) as u8,
            cols: self.shape.cols,
        };
        let cut = |m: u128| grid::shr(m, top * cols) & shape.all();
        Slope {
            shape,
            left: cut(self.left),
            right: cut(self.right),
            jumpers: cut(self.jumpers),
        }
    }

    /// The columns `start..=end` of row `r` as a board of one row, its jumpers made slippers:
    /// on one row no one can jump, so the two are the same game. O(1).
    fn row_part(&self, r: u32, start: u32, end: u32) -> Slope {
        let shape = Shape {
            rows: 1,
            cols: (end - start + 1) as u8,
        };
        let offset = r * u32::from(self.shape.cols) + start;
        let cut = |m: u128| grid::shr(m, offset) & shape.all();
        Slope {
            shape,
            left: cut(self.left),
            right: cut(self.right),
            jumpers: 0,
        }
    }

    /// The whole number `n` (not 0) as regions: a slipper at the start of a row of `n` cells
    /// for Left, at the end for Right, in rows of at most [`MAX_CELLS`]. O(|n| / 128).
    fn number(n: i64, out: &mut Vec<Slope>) {
        let mut rest = n.unsigned_abs();
        while rest > 0 {
            let k = rest.min(MAX_CELLS as u64);
            rest -= k;
            let shape = Shape {
                rows: 1,
                cols: k as u8,
            };
            let (left, right) = if n > 0 { (1, 0) } else { (0, 1u128 << (k - 1)) };
            out.push(Slope {
                shape,
                left,
                right,
                jumpers: 0,
            });
        }
    }

    /// Appends the parts of row `r`, a row no jump touches: cut between a Right skier and a
    /// Left skier just right of it; a part of one player's skiers alone as its number
    /// ([`Slope::number`]); a part where no one can move left out. O(columns).
    fn row_regions(&self, r: u32, out: &mut Vec<Slope>) {
        let cols = u32::from(self.shape.cols);
        // The skiers of the row, (column, Left's), left to right.
        let skiers: Vec<(u32, bool)> = (0..cols)
            .filter_map(|c| {
                let bit = self.shape.bit(r, c);
                (self.left & bit != 0 || self.right & bit != 0).then_some((c, self.left & bit != 0))
            })
            .collect();
        let mut first = 0;
        while first < skiers.len() {
            let mut last = first;
            // The part goes on unless a Right skier is just left of a Left one.
            while last + 1 < skiers.len() && (skiers[last].1 || !skiers[last + 1].1) {
                last += 1;
            }
            let part = &skiers[first..=last];
            let lefts = part.iter().filter(|s| s.1).count();
            if lefts == part.len() {
                // Left's alone: the rightmost part, whose skiers slide off the last column.
                Slope::number(part.iter().map(|s| i64::from(cols - s.0)).sum(), out);
            } else if lefts == 0 {
                Slope::number(-part.iter().map(|s| i64::from(s.0 + 1)).sum::<i64>(), out);
            } else {
                // Left's skiers then Right's (a Right skier is never just left of a Left one
                // inside a part): the Left skiers stop the Right ones and the Right skiers the
                // Left ones, so no one reaches a cell outside the first and last skiers.
                let (start, end) = (part[0].0, part[part.len() - 1].0);
                let region = self.row_part(r, start, end);
                if SkiJumps.move_count(&region, Side::Left)
                    + SkiJumps.move_count(&region, Side::Right)
                    > 0
                {
                    out.push(region);
                }
            }
            first = last + 1;
        }
    }
}

/// What a move does: slide to a cell of the row, slide off the board, or jump two rows down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// To the cell (a bit number) of the same row.
    Slide(u8),
    /// Off the board.
    Off,
    /// Down two rows, over the skier just below.
    Jump,
}

/// A move of a skier: the cell it leaves (a bit number) on a board of `shape`, and what it
/// does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ski {
    shape: Shape,
    from: u8,
    kind: Kind,
}

impl Ski {
    /// The cell the skier lands on, if it stays on the board.
    fn to(&self) -> Option<u32> {
        match self.kind {
            Kind::Slide(to) => Some(u32::from(to)),
            Kind::Off => None,
            Kind::Jump => Some(u32::from(self.from) + 2 * u32::from(self.shape.cols)),
        }
    }
}

impl fmt::Display for Ski {
    /// The cells as (row,column), from 1: `(1,1)->(1,3)` a slide, `(1,5)->off` off the
    /// board, `(1,2)->(3,2)` a jump.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = self.shape.cell_name(u32::from(self.from));
        match self.to() {
            Some(to) => write!(f, "{from}->{}", self.shape.cell_name(to)),
            None => write!(f, "{from}->off"),
        }
    }
}

/// Ski Jumps, by cgt-tools' rules (see the module's documentation).
///
/// ```
/// use grundy::partizan::rulesets::ski_jumps::SkiJumps;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // One of cgt-tools' positions from Winning Ways: Right's jumper just below Left's.
/// assert_eq!(SkiJumps.value_of("L....|R....|.....").unwrap().canonical_form(), "9/2");
/// // Two skiers facing each other on one row: whoever moves first blocks the other.
/// assert_eq!(SkiJumps.value_of("L.R").unwrap().canonical_form(), "*");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SkiJumps;

impl Ruleset for SkiJumps {
    type Position = Slope;
    type Move = Ski;

    fn name(&self) -> &'static str {
        "Ski Jumps"
    }

    /// Reads `.`, `L`, `l`, `R` and `r`, rows separated by `|`, at most 128 cells.
    fn parse(&self, text: &str) -> Result<Slope, BoardError> {
        let g = grid::read_grid(
            text,
            ".LlRr",
            "'L' or 'l' (Left's jumper or slipper), 'R' or 'r' (Right's) or '.' (empty)",
        )?;
        Ok(Slope {
            shape: g.shape,
            left: g.mask('L') | g.mask('l'),
            right: g.mask('R') | g.mask('r'),
            jumpers: g.mask('L') | g.mask('R'),
        })
    }

    fn show(&self, p: &Slope) -> String {
        grid::show_grid(p.shape, |bit| p.symbol(bit))
    }

    /// For each skier of `side` in cell order, row by row: its slides nearest first, off the
    /// board, then its jump, as cgt-tools lists them. O(cells) a skier.
    fn moves(&self, p: &Slope, side: Side, out: &mut Vec<(Ski, Slope)>) {
        let (rows, cols) = (u32::from(p.shape.rows), u32::from(p.shape.cols));
        let (mine, theirs) = match side {
            Side::Left => (p.left, p.right),
            Side::Right => (p.right, p.left),
        };
        let occupied = p.left | p.right;
        let mut rest = mine;
        while rest != 0 {
            let at = rest.trailing_zeros();
            rest &= rest - 1;
            let (r, c) = (at / cols, at % cols);
            let here = 1u128 << at;
            let jumper = p.jumpers & here;
            // The skier taken off its cell, before it goes anywhere.
            let lifted = |q: &mut u128| *q &= !here;
            let mut gone = *p;
            match side {
                Side::Left => lifted(&mut gone.left),
                Side::Right => lifted(&mut gone.right),
            }
            lifted(&mut gone.jumpers);
            let put = |to: u32| {
                let mut next = gone;
                let bit = 1u128 << to;
                match side {
                    Side::Left => next.left |= bit,
                    Side::Right => next.right |= bit,
                }
                next.jumpers |= jumper >> at << to;
                next
            };
            // The cells along the row in the skier's direction, nearest first.
            let ahead = match side {
                Side::Left => cols - 1 - c,
                Side::Right => c,
            };
            let mut free = true;
            for k in 1..=ahead {
                let c2 = match side {
                    Side::Left => c + k,
                    Side::Right => c - k,
                };
                let to = r * cols + c2;
                if occupied >> to & 1 == 1 {
                    free = false;
                    break;
                }
                let m = Ski {
                    shape: p.shape,
                    from: at as u8,
                    kind: Kind::Slide(to as u8),
                };
                out.push((m, put(to)));
            }
            if free {
                let m = Ski {
                    shape: p.shape,
                    from: at as u8,
                    kind: Kind::Off,
                };
                out.push((m, gone));
            }
            if jumper != 0 && r + 2 < rows && theirs >> (at + cols) & 1 == 1 {
                let (over, to) = (at + cols, at + 2 * cols);
                // The landing cell is cleared of whatever it held (cgt-tools' moves).
                let mut landed = gone;
                let clear = !(1u128 << to);
                landed.left &= clear;
                landed.right &= clear;
                landed.jumpers &= clear & !(1u128 << over);
                let mut next = landed;
                let bit = 1u128 << to;
                match side {
                    Side::Left => next.left |= bit,
                    Side::Right => next.right |= bit,
                }
                next.jumpers |= bit;
                let m = Ski {
                    shape: p.shape,
                    from: at as u8,
                    kind: Kind::Jump,
                };
                out.push((m, next));
            }
        }
    }

    /// The cell left, then the cell landed on where the skier stays on the board; a jump
    /// changes the cell jumped over too. O(1).
    fn move_parts(&self, p: &Slope, m: &Ski, _: &Slope) -> Option<MoveParts> {
        let cell = |i: u32| p.shape.cell_part(i);
        let from = u32::from(m.from);
        let path: Vec<Vec<u64>> = std::iter::once(from).chain(m.to()).map(cell).collect();
        let mut changed = path.clone();
        if m.kind == Kind::Jump {
            changed.push(cell(from + u32::from(p.shape.cols)));
        }
        Some(MoveParts { path, changed })
    }

    /// The bands of rows joined by the jumps that may happen, and the parts of the rows no
    /// jump touches (see the module's documentation). O(cells).
    fn regions(&self, p: &Slope, out: &mut Vec<Slope>) {
        let (rows, cols) = (u32::from(p.shape.rows), u32::from(p.shape.cols));
        // Skiers only ever move away from one edge: Left's columns grow, Right's shrink, and
        // a jump keeps its column. For each row, the least column a Left jumper may ever
        // stand on, and any Left skier; the greatest for Right's (`None`: never one there).
        let mut lj: Vec<Option<u32>> = vec![None; rows as usize];
        let (mut la, mut rj, mut ra) = (lj.clone(), lj.clone(), lj.clone());
        let mut rest = p.left | p.right;
        while rest != 0 {
            let at = rest.trailing_zeros();
            rest &= rest - 1;
            let (r, c) = ((at / cols) as usize, at % cols);
            let jumper = p.jumpers >> at & 1 == 1;
            if p.left >> at & 1 == 1 {
                la[r] = Some(la[r].map_or(c, |m| m.min(c)));
                if jumper {
                    lj[r] = Some(lj[r].map_or(c, |m| m.min(c)));
                }
            } else {
                ra[r] = Some(ra[r].map_or(c, |m| m.max(c)));
                if jumper {
                    rj[r] = Some(rj[r].map_or(c, |m| m.max(c)));
                }
            }
        }
        // Bit r: rows r and r + 1 are in one band. A jump from row r needs a jumper and a
        // skier of the other player below it that can meet in one column; it lands on row
        // r + 2 in a column no nearer the jumper's edge, settled before row r + 2's own jumps
        // are looked at.
        let mut joined = 0u128;
        for r in 0..rows.saturating_sub(2) as usize {
            let left_jumps = matches!((lj[r], ra[r + 1]), (Some(j), Some(s)) if j <= s);
            let right_jumps = matches!((rj[r], la[r + 1]), (Some(j), Some(s)) if j >= s);
            if let (true, Some(j)) = (left_jumps, lj[r]) {
                lj[r + 2] = Some(lj[r + 2].map_or(j, |m| m.min(j)));
                la[r + 2] = Some(la[r + 2].map_or(j, |m| m.min(j)));
            }
            if let (true, Some(j)) = (right_jumps, rj[r]) {
                rj[r + 2] = Some(rj[r + 2].map_or(j, |m| m.max(j)));
                ra[r + 2] = Some(ra[r + 2].map_or(j, |m| m.max(j)));
            }
            if left_jumps || right_jumps {
                joined |= 3u128 << r;
            }
        }
        let mut top = 0;
        while top < rows {
            let mut bottom = top;
            while joined >> bottom & 1 == 1 {
                bottom += 1;
            }
            if top == bottom {
                p.row_regions(top, out);
            } else {
                let band = p.rows(top, bottom);
                if self.move_count(&band, Side::Left) + self.move_count(&band, Side::Right) > 0 {
                    out.push(band);
                }
            }
            top = bottom + 1;
        }
    }
}
