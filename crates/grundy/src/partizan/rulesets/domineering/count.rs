//! Domineering's count of moves: what one player's dominoes are sure of and at most can
//! make ([`RaceBounds`]), over a board held in any [`Word`], so that Domineering's own
//! search counts in the word its positions fit (a `u64` up to 64 cells) and the ruleset's
//! boards in a `u128`. The part of the count that does not depend on the rules
//! ([`Count`]) is taken apart from the packing the rules ask for ([`Count::bounds`]).

use super::super::{RaceBounds, CHAINED, ZONES};
use crate::partizan::rulesets::grid::Shape;
use crate::search::Word;

/// The rules of [`Count::bounds`] beyond safe moves, protective areas and vulnerable moves
/// packed in lines apart, each of which can be turned on or off (the options of
/// Domineering's own search say which).
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

/// The geometry of one direction's dominoes on a shape, over words `W`: cells moved one
/// step along the lines the dominoes lie in (columns for vertical dominoes) or across
/// them, dropping those that leave the board. Each move is one mask and one shift, the
/// same for both directions (no branch on the direction in the count's loops).
#[derive(Debug, Clone, Copy)]
pub struct Lines<W> {
    /// The shift one step along the lines, and the one across them.
    along: u32,
    across: u32,
    /// The cells with no cell after them along the lines, before them, after them across
    /// the lines, and before them across.
    end: W,
    start: W,
    far: W,
    near: W,
    /// The first line's cells, the shift from one line to the next, and the lines.
    line: W,
    line_step: u32,
    lines: u32,
}

impl<W: Word> Lines<W> {
    /// The lines of `vertical`'s dominoes on `shape` (cells beyond the word's bits are
    /// dropped: the caller checks that the shape fits). O(rows).
    pub fn new(shape: Shape, vertical: bool) -> Lines<W> {
        let (rows, cols) = (u32::from(shape.rows), u32::from(shape.cols));
        let cells = (rows * cols).min(W::BITS);
        let all = if cells == 0 {
            W::ZERO
        } else {
            W::MAX >> (W::BITS - cells)
        };
        let at = |i: u32| W::ONE.checked_shl(i).unwrap_or(W::ZERO);
        let first_col = (0..rows).fold(W::ZERO, |m, r| m | at(r * cols));
        let last_col = (0..rows).fold(W::ZERO, |m, r| m | at(r * cols + cols.max(1) - 1));
        let first_row = (0..cols).fold(W::ZERO, |m, c| m | at(c));
        let last_row = (0..cols).fold(W::ZERO, |m, c| m | at(rows.max(1) * cols - cols + c));
        // A shift of a whole word happens only on a board of one row (or column) filling
        // it, where every cell is on the edge it would cross: masked to nothing first, and
        // nothing shifted by 0 stays nothing.
        let down = cols % W::BITS;
        let (rows_end, rows_start) = (last_row | !all, first_row | !all);
        let (cols_end, cols_start) = (last_col | !all, first_col | !all);
        if vertical {
            Lines {
                along: down,
                across: 1,
                end: rows_end,
                start: rows_start,
                far: cols_end,
                near: cols_start,
                line: first_col,
                line_step: 1,
                lines: cols,
            }
        } else {
            Lines {
                along: 1,
                across: down,
                end: cols_end,
                start: cols_start,
                far: rows_end,
                near: rows_start,
                line: first_row,
                line_step: cols,
                lines: rows,
            }
        }
    }

    /// Each cell one step forward along its line.
    #[inline(always)]
    pub fn fwd(&self, x: W) -> W {
        (x & !self.end) << self.along
    }

    /// Each cell one step back along its line.
    #[inline(always)]
    pub fn back(&self, x: W) -> W {
        (x & !self.start) >> self.along
    }

    /// Each cell one line over, forward across the lines.
    #[inline(always)]
    fn right(&self, x: W) -> W {
        (x & !self.far) << self.across
    }

    /// Each cell one line over, back across the lines.
    #[inline(always)]
    fn left(&self, x: W) -> W {
        (x & !self.near) >> self.across
    }

    /// The cells of each line, from the first.
    fn each(&self) -> impl Iterator<Item = W> + '_ {
        (0..self.lines).map(move |i| self.line.checked_shl(i * self.line_step).unwrap_or(W::ZERO))
    }

    /// The first cells of the dominoes that fit on the empty cells `e`. O(1).
    #[inline(always)]
    pub fn heads(&self, e: W) -> W {
        e & self.back(e)
    }

    /// The empty cells of `e` no domino of the other direction can ever cover: both their
    /// neighbours across the lines filled or off the board. O(1).
    #[inline(always)]
    pub fn protected(&self, e: W) -> W {
        e & !(self.right(e) | self.left(e))
    }

    /// The first cells of as many dominoes along the lines as fit on `cells`: half of each
    /// run, rounded down, from each run's head, every run at once. O(longest run).
    pub fn pack(&self, cells: W) -> W {
        let mut starts = cells & self.back(cells);
        let mut heads = W::ZERO;
        while starts != W::ZERO {
            // The first start of each chain takes its domino, and the start after it (which
            // would share a cell) goes.
            let first = starts & !self.fwd(starts);
            heads |= first;
            starts &= !(first | self.fwd(first));
        }
        heads
    }

    /// The most dominoes that fit on the empty cells `e` ([`RaceBounds::most`]).
    /// O(longest run).
    pub fn most(&self, e: W) -> usize {
        self.pack(e).count_ones() as usize
    }

    /// The part of the count of these dominoes (X's) against the other direction's (Y's,
    /// on `theirs`) on the empty cells `e` that does not depend on the rules: safe moves,
    /// most moves and protective areas ([`Count::bounds`] adds the rest). O(cells) word
    /// operations.
    pub fn count<'a>(&'a self, theirs: &'a Lines<W>, e: W) -> Count<'a, W> {
        // Y's cells: those with an empty neighbour across X's lines (along Y's).
        let open = e & (self.right(e) | self.left(e));
        // The safe dominoes, packed as the most is.
        let safe_heads = self.pack(e & !open);
        let mut count = Count {
            mine: self,
            theirs,
            e,
            open,
            safe_heads,
            safe: safe_heads.count_ones() as usize,
            most: self.most(e),
            areas: 0,
            zoned: W::ZERO,
            barred: safe_heads | self.fwd(safe_heads),
        };
        // Protective areas, by the square's first cell: the square empty, and both cells
        // beside one of its sides across X's lines not empty.
        let pairs = e & self.back(e);
        let squares = pairs & self.left(pairs);
        let near = self.right(e);
        let far = self.left(self.left(e));
        let walled = !(near | self.back(near)) | !(far | self.back(far));
        let mut areas = squares & walled;
        while areas != W::ZERO {
            let at = areas & areas.wrapping_neg();
            areas = areas & (areas - W::ONE);
            let pair = at | self.fwd(at);
            let cells = pair | self.right(pair);
            if cells & count.barred == W::ZERO {
                count.areas += 1;
                count.take(cells);
            }
        }
        count
    }
}

/// The part of one direction's count that does not depend on the rules (either packing
/// of the vulnerable moves takes it): the empty cells, Y's cells, the safe moves, the most
/// and the protective areas ([`Lines::count`]); [`Count::bounds`] packs the rest.
#[derive(Debug, Clone, Copy)]
pub struct Count<'a, W> {
    mine: &'a Lines<W>,
    theirs: &'a Lines<W>,
    e: W,
    open: W,
    safe_heads: W,
    safe: usize,
    most: usize,
    areas: usize,
    /// The zones' cells.
    zoned: W,
    /// Cells no zone may take: taken already, or next (across) to a zone's cell, where a
    /// domino of Y's could meet both.
    barred: W,
}

impl<W: Word> Count<'_, W> {
    /// The most dominoes of X's that fit ([`RaceBounds::most`]), whatever the rules.
    pub fn most(&self) -> usize {
        self.most
    }

    /// The cells beside `cells` across X's lines, with them.
    fn bar(&self, cells: W) -> W {
        cells | self.mine.right(cells) | self.mine.left(cells)
    }

    /// Gives `cells` to a zone.
    fn take(&mut self, cells: W) {
        self.zoned |= cells;
        self.barred |= self.bar(cells);
    }

    /// What the count knows of X's dominoes against Y's with the rules `rules`:
    ///
    /// * `safe`: X's dominoes on protected cells (both neighbours across X's lines filled
    ///   or off the board), packed as `most` is: no domino of Y's can ever cover them, so
    ///   they (disjoint, one run's halves) stay placeable whatever happens elsewhere;
    /// * `most`: in each of X's lines, half of each run of empty cells, rounded down: no
    ///   more dominoes fit;
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
    pub fn bounds(&self, rules: CountRules) -> RaceBounds {
        let mut c = *self;
        let (lines, e, open) = (c.mine, c.e, c.open);
        let mut zones = [0; ZONES.len()];
        let mut chained = [0; CHAINED.len()];
        zones[0] = c.areas;
        // Vulnerable moves. No domino here has two protected cells: those left out of the
        // safe packing are alone in their runs.
        if rules.chains {
            // Every line at once, beside the protective areas too (not on their cells or
            // the safe dominoes'); a domino with a cell beside another zone's across the
            // lines is chained (Y may spoil both with one domino), the others alone.
            let heads = lines.pack(e & !(c.safe_heads | lines.fwd(c.safe_heads) | c.zoned));
            let cells = heads | lines.fwd(heads);
            let near = c.zoned | cells;
            let beside = cells & (lines.right(near) | lines.left(near));
            let linked = heads & (beside | lines.back(beside));
            let both = heads & open & lines.back(open);
            let count = |x: W| x.count_ones() as usize;
            zones[1] += count(both & !linked);
            zones[2] += count(heads & !both & !linked);
            chained[0] += count(both & linked);
            chained[1] += count(linked & !both);
            c.take(cells);
        } else {
            // Line after line: a line's dominoes bar the cells beside them in the next.
            for line in lines.each() {
                let heads = lines.pack(e & line & !c.barred);
                let both = (heads & open & lines.back(open)).count_ones() as usize;
                zones[1] += both;
                zones[2] += heads.count_ones() as usize - both;
                c.take(heads | lines.fwd(heads));
            }
        }
        // Options, one a safe domino, before it along the line or else after it: a cell
        // of Y's no zone has or bars, which then bars the cells beside it. A cell beside
        // `x` across whose other neighbour across is not empty is Y's only with `x`.
        let (no_right, no_left) = (e & !lines.left(e), e & !lines.right(e));
        let mut singles = if rules.options { c.safe_heads } else { W::ZERO };
        while singles != W::ZERO {
            let head = singles & singles.wrapping_neg();
            singles = singles & (singles - W::ONE);
            for x in [lines.back(head), lines.fwd(lines.fwd(head))] {
                if x & open & !c.barred == W::ZERO {
                    continue;
                }
                let dead = usize::from(lines.right(x) & no_right != W::ZERO)
                    + usize::from(lines.left(x) & no_left != W::ZERO);
                // The kinds of no moves, from three cells down.
                zones[5 - dead] += 1;
                c.take(x);
                break;
            }
        }
        // Y's room: his cells, less one in each of his runs of odd length that no zone
        // touches (only his dominoes cover cells there, two by two). The runs a zone touches
        // are found by spreading from its cells along Y's lines.
        let mut touched = c.zoned & open;
        loop {
            let more = touched | (c.bar(touched) & open);
            if more == touched {
                break;
            }
            touched = more;
        }
        let free = open & !touched;
        let odd = free.count_ones() - 2 * c.theirs.pack(free).count_ones();
        let room = (open.count_ones() - odd) as usize;
        RaceBounds {
            safe: c.safe,
            most: c.most,
            room,
            zones,
            chained,
        }
    }
}
