//! Domineering solved by search: who wins a board of at most 128 cells with a given player
//! moving first, on boards whose positions are far too many to value one by one (8 × 8,
//! 9 × 9, 10 × 10).
//!
//! A position is one word of empty cells (a `u64` for boards of at most 64 cells, a `u128`
//! beyond: one search, compiled for each, [`Word`]); the search is negamax over win and
//! loss (every result is exact, so the table never keeps a bound), with around it:
//!
//! - **The count** ([`Lines::count`], [`Count::bounds`], [`RaceBounds::wins_first`]): safe
//!   moves (and their options), protective areas (which also take moves from the
//!   opponent's most) and vulnerable moves against the most moves the opponent can make
//!   decide most positions several moves before the end, without search. The vulnerable
//!   moves are packed in every line, beside the protective areas too, in chains
//!   ([`CountRules`]). The count runs in the search's word.
//! - **No safe moves**: a move both of whose cells no domino of the opponent's can ever
//!   cover is never searched while the mover has another move (Bullock: such a move is
//!   still there later, and playing it first never wins where no other move does; checked
//!   here against the exhaustive solver on every position of small boards). Where only
//!   safe moves are left the count decides the position exactly.
//! - **A transposition table** ([`Table`](crate::search::Table), [`WideTable`](crate::search::WideTable) for boards of two words) of a
//!   fixed size keeping each result with its
//!   winning move, keyed by the position under the board's reflections (left to right, top
//!   to bottom: they keep each player's dominoes), and on a square board with Right to
//!   move by its transpose with Left to move (exchanging rows and columns exchanges the
//!   players), so that the two players' positions share one table. Each move's entry is
//!   fetched from memory while the move before it is searched.
//! - **Right first on a square board** is searched as Left first on the transposed board,
//!   so that both take the same order of moves, the same count and the same nodes.
//! - **Move ordering**: the table's move first, then by what the move does to the count:
//!   the mover's most and safe moves after it less the opponent's, ties broken by a fixed
//!   preference for moves one line in from an edge, where a domino makes the cells between
//!   it and the edge safe for the mover (Bullock's positional values, by our own weights).
//! - **Threads**: every thread searches the position with the same table, and a thread
//!   leaves for later a move another thread is searching ([`Busy`], ABDADA), so that the
//!   threads split the moves of the positions where every move must be refuted; each then
//!   finds the other's results in the table.
//! - **Small positions** valued by canonical form where asked ([`Options::small`]): a
//!   position where the players have few moves between them is decided from its value,
//!   the regions' values remembered for the whole search.
//!
//! A search runs under the caller's [`Budget`]: its positions (the nodes of every thread),
//! deadline and cancel flag are checked every few thousand nodes, and the table's bytes
//! against its memory before they are taken.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use super::{PositionSearch, SearchError, Searched};
use crate::budget::{Budget, Exhausted};
use crate::partizan::region_table::{self, Key, RegionTableError};
use crate::partizan::rulesets::domineering::{Board, CountRules, Domineering, Domino, Lines};
use crate::partizan::rulesets::grid::Shape;
use crate::partizan::rulesets::Evaluator;
#[cfg(doc)]
use crate::partizan::rulesets::{domineering::Count, RaceBounds};
use crate::partizan::ValueError;
use crate::partizan::{GameId, GameStore, Side};
use crate::progress::Progress;
use crate::search::busy::Busy;
use crate::search::solver::{self, lock};
use crate::search::{Halt, KeyTable, Watch, Word, CHECK_EVERY};

/// How a [`DomineeringSearch`] searches: the table's size, the threads, and which
/// techniques are on (each can be turned off to measure what it brings).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The transposition table's bytes (rounded down to a power of two, at least 1 MiB).
    pub table_bytes: u64,
    /// Threads searching (at least 1): the main one and helpers sharing the table.
    pub threads: usize,
    /// Whether the transposition table is used at all.
    pub table: bool,
    /// Whether moves are ordered by the count (else by the positional preference alone).
    pub ordering: bool,
    /// Whether a position and its reflections (and, on a square board, its transpose with
    /// the other player to move) share their table entry.
    pub symmetry: bool,
    /// Whether the count decides positions before they are searched.
    pub count: bool,
    /// Whether the count takes safe moves with an option ([`CountRules::options`]).
    pub count_options: bool,
    /// Whether the count packs the vulnerable moves in every line, in chains
    /// ([`CountRules::chains`]), else in lines apart.
    pub chains: bool,
    /// Whether safe moves are left unsearched while other moves remain.
    pub skip_safe: bool,
    /// Whether, with more than one thread, a thread leaves for later a move another
    /// thread is searching (ABDADA, [`Busy`]).
    pub defer: bool,
    /// Value positions where both players' moves together are at most this many by
    /// canonical form instead of searching them; `None` never.
    pub small: Option<usize>,
}

impl Default for Options {
    /// A 64 MiB table, one thread, every technique on, no canonical forms.
    fn default() -> Options {
        Options {
            table_bytes: 64 << 20,
            threads: 1,
            table: true,
            ordering: true,
            symmetry: true,
            count: true,
            count_options: true,
            chains: true,
            skip_safe: true,
            defer: true,
            small: None,
        }
    }
}

/// The word with bit `i` alone.
fn bit<W: Word>(i: u32) -> W {
    W::ONE << i
}

/// The most dominoes along a line whose empty cells are the bits of `line`: half of each
/// run, rounded down. O(bits).
fn line_most(line: u32) -> u8 {
    let (mut most, mut run, mut rest) = (0, 0, line);
    loop {
        if rest & 1 == 1 {
            run += 1;
        } else {
            most += run / 2;
            run = 0;
            if rest == 0 {
                return most;
            }
        }
        rest >>= 1;
    }
}

/// The geometry of one board shape of at most 128 cells: masks of its columns and the
/// fixed preference of each move.
#[derive(Debug)]
struct Geometry<W> {
    shape: Shape,
    rows: u32,
    cols: u32,
    cells: u32,
    all: W,
    /// The lines of vertical dominoes (0) and horizontal ones (1).
    lines: [Lines<W>; 2],
    /// The positional preference of a move by its first cell, for vertical dominoes (0)
    /// and horizontal ones (1).
    preference: [[u32; 128]; 2],
    /// The images a position keeps ([`Images`]): the symmetries that key it (8 on a square
    /// board, else the 4 that keep each player's dominoes), and on a board that is not
    /// square its transpose too (for [`Geometry::gain`]).
    kept: usize,
    /// The most dominoes along a line by its empty cells (half of each run, rounded
    /// down), for lines of at most [`LINE_CELLS`] cells; empty on larger boards.
    line_most: Vec<u8>,
    /// Where each cell goes under each symmetry.
    to: [[u8; 128]; 8],
    /// Where each cell of a symmetry's board comes from: `to`'s inverse.
    from: [[u8; 128]; 8],
}

/// A position's empty cells under each symmetry that keys it (index `s` of
/// [`Geometry::symmetry`]; index 4 is the transpose on every board), brought up to date
/// move by move ([`Geometry::play`]) so that a key costs a few comparisons, not a
/// transpose and reflections of the whole board, and a move's order reads the lines it
/// changes ([`Geometry::gain`]).
#[derive(Debug, Clone, Copy)]
struct Images<W> {
    cells: [W; 8],
}

impl<W: Word> Images<W> {
    /// The empty cells of the position itself.
    fn empty(&self) -> W {
        self.cells[0]
    }

    /// The empty cells of the transposed position.
    fn transposed(&self) -> W {
        self.cells[4]
    }
}

/// The longest line whose most dominoes are read from a table ([`Geometry::gain`]): a
/// table of `2^LINE_CELLS` bytes.
const LINE_CELLS: u32 = 12;

/// How much the count's change outweighs the positional preference in the move order.
const COUNT_WEIGHT: i64 = 1 << 10;

/// Empty cells a position keeps for its moves to be deferred while another thread searches
/// them: nearer the end a subtree costs less than the bookkeeping.
const DEFER_EMPTY: u32 = 20;

impl<W: Word> Geometry<W> {
    /// The geometry of `shape`, if its cells fit the word.
    fn new(shape: Shape) -> Option<Geometry<W>> {
        let (rows, cols) = (u32::from(shape.rows), u32::from(shape.cols));
        let cells = rows * cols;
        if cells == 0 || cells > W::BITS {
            return None;
        }
        let all = W::MAX >> (W::BITS - cells);
        let mut g = Geometry {
            shape,
            rows,
            cols,
            cells,
            all,
            lines: [true, false].map(|vertical| Lines::new(shape, vertical)),
            preference: [[0; 128]; 2],
            kept: if rows == cols { 8 } else { 5 },
            line_most: if rows.max(cols) <= LINE_CELLS {
                (0..1u32 << rows.max(cols)).map(line_most).collect()
            } else {
                Vec::new()
            },
            to: [[0; 128]; 8],
            from: [[0; 128]; 8],
        };
        for vertical in [true, false] {
            for i in 0..cells {
                g.preference[usize::from(!vertical)][i as usize] = g.prefer(i, vertical);
            }
        }
        for s in 0..g.kept {
            for i in 0..cells {
                // Cells are below 128, so each fits a byte.
                let j = g.symmetry(bit(i), s).trailing_zeros();
                g.to[s][i as usize] = j as u8;
                g.from[s][j as usize] = i as u8;
            }
        }
        Some(g)
    }

    /// The preference of a domino whose first cell is `i`: first those on the second line
    /// from an edge (and the fourth…), whose domino protects the line between it and the
    /// edge, at an even distance along the line from its end (dominoes that tile the line);
    /// nearer the edges before the middle. Symmetric under the board's reflections.
    fn prefer(&self, i: u32, vertical: bool) -> u32 {
        let (r, c) = (i / self.cols, i % self.cols);
        // Across the lines and along them, for the line of the domino.
        let (line, lines, at, len) = if vertical {
            (c, self.cols, r, self.rows)
        } else {
            (r, self.rows, c, self.cols)
        };
        let across = line.min(lines - 1 - line);
        let along = at.min(len.saturating_sub(2).saturating_sub(at));
        let tier = match (across % 2 == 1, along % 2 == 0) {
            (true, true) => 4,
            (true, false) => 3,
            (false, true) if across > 0 => 2,
            (false, false) if across > 0 => 1,
            _ => 0,
        };
        tier * 128 + 127 - (across * 8 + along).min(127)
    }

    /// The lines of `vertical`'s dominoes.
    fn lines(&self, vertical: bool) -> &Lines<W> {
        &self.lines[usize::from(!vertical)]
    }

    /// The first cells of the dominoes that fit on the empty cells `e`.
    fn heads(&self, e: W, vertical: bool) -> W {
        self.lines(vertical).heads(e)
    }

    /// The mover's most and safe moves less the opponent's, on the empty cells `e`.
    /// O(cells) word operations.
    fn balance(&self, e: W, vertical: bool) -> i64 {
        let count = |vertical| {
            let lines = self.lines(vertical);
            lines.pack(e).count_ones() + lines.pack(lines.protected(e)).count_ones()
        };
        let (mine, theirs) = (count(vertical), count(!vertical));
        i64::from(mine) - i64::from(theirs)
    }

    /// What the domino whose first cell is `at` changes in the mover's most and safe
    /// moves less the opponent's ([`Geometry::balance`] after it less before), on the
    /// position `x`: only the lines it lies in and those beside them change, read from
    /// `line_most` (the mover's lines are the rows of the position, or of its transpose
    /// for vertical dominoes; the opponent's the others). O(1); `None` where the lines
    /// are too long for the table.
    fn gain(&self, x: &Images<W>, at: u32, vertical: bool) -> Option<i64> {
        if self.line_most.is_empty() {
            return None;
        }
        let (r, c) = (at / self.cols, at % self.cols);
        // The domino lies in line `a` of the mover's image, on cells `p` and `p + 1`; in
        // the opponent's it covers cell `a` of lines `p` and `p + 1`.
        let (mine, theirs, a, p) = if vertical {
            (
                (x.transposed(), self.rows, self.cols),
                (x.empty(), self.cols, self.rows),
                c,
                r,
            )
        } else {
            (
                (x.empty(), self.cols, self.rows),
                (x.transposed(), self.rows, self.cols),
                r,
                c,
            )
        };
        let mover = self.line_gain(mine, a, 1, 0b11 << p);
        let opponent = self.line_gain(theirs, p, 2, 1 << a);
        Some(mover - opponent)
    }

    /// The change in most and safe dominoes along the lines of `image` (its empty cells,
    /// lines of `len` cells, `lines` of them) when `cells` are filled in each of the lines
    /// `first..first + width`: their most, and the safe dominoes of those lines and the
    /// lines beside them (a cell is protected where the lines on both sides of it are
    /// filled there). O(1).
    fn line_gain(
        &self,
        (image, len, lines): (W, u32, u32),
        first: u32,
        width: u32,
        cells: u32,
    ) -> i64 {
        let mask = (1u64 << len) - 1;
        // Lines `first - 2 .. first + width + 2`, before and after; off the board none.
        let mut before = [0u32; 6];
        let mut after = [0u32; 6];
        for j in 0..(width + 4) as usize {
            let k = (first + j as u32).wrapping_sub(2);
            if k < lines {
                let line = (image >> (k * len)).wide() as u64 & mask;
                before[j] = line as u32;
                let changed = k >= first && k < first + width;
                after[j] = if changed {
                    line as u32 & !cells
                } else {
                    line as u32
                };
            }
        }
        let most = |line: u32| i64::from(self.line_most[line as usize]);
        let safe = |x: &[u32; 6], j: usize| most(x[j] & !x[j - 1] & !x[j + 1]);
        let mut gain = 0;
        for j in 2..(2 + width) as usize {
            gain += most(after[j]) - most(before[j]);
        }
        for j in 1..(3 + width) as usize {
            gain += safe(&after, j) - safe(&before, j);
        }
        gain
    }

    /// The board turned upside down.
    fn flip_rows(&self, e: W) -> W {
        // Rows of one byte filling the word: its bytes reversed.
        if self.cols == 8 && self.cells == W::BITS {
            return e.swap_bytes();
        }
        let row = W::MAX >> (W::BITS - self.cols);
        (0..self.rows).fold(W::ZERO, |m, r| {
            m | ((e >> (r * self.cols)) & row) << ((self.rows - 1 - r) * self.cols)
        })
    }

    /// The board turned half a turn.
    fn rotate(&self, e: W) -> W {
        e.reverse_bits() >> (W::BITS - self.cells)
    }

    /// The board with rows and columns exchanged: the cell of row `r` and column `c` at
    /// row `c` and column `r` of a board of `cols` rows. O(cells).
    fn transpose(&self, e: W) -> W {
        let mut out = W::ZERO;
        let mut rest = e;
        while rest != W::ZERO {
            let i = rest.trailing_zeros();
            rest = rest & (rest - W::ONE);
            out |= bit((i % self.cols) * self.rows + i / self.cols);
        }
        out
    }

    /// Whether the positions of both players fit one key: on a square board Right's are
    /// keyed as Left's on the transpose; else a bit says who moves.
    fn key_bits(&self) -> Option<u32> {
        if self.rows == self.cols {
            Some(self.cells)
        } else {
            (self.cells < W::BITS).then_some(self.cells + 1)
        }
    }

    /// The cells `x` under the symmetry `s`: transposed if `s` ≥ 4 (on a board that is not
    /// square only `s` = 4, which keys nothing), then reflected by `s % 4` (0: none, 1:
    /// upside down, 2: half a turn, 3: left to right). O(cells): the search keeps its
    /// positions' images instead ([`Images`]).
    fn symmetry(&self, x: W, s: usize) -> W {
        let x = if s >= 4 { self.transpose(x) } else { x };
        match s % 4 {
            1 => self.flip_rows(x),
            2 => self.rotate(x),
            3 => self.flip_rows(self.rotate(x)),
            _ => x,
        }
    }

    /// The images of the empty cells `e` under every symmetry. O(cells).
    fn images(&self, e: W) -> Images<W> {
        let mut cells = [W::ZERO; 8];
        for (s, c) in cells.iter_mut().enumerate().take(self.kept) {
            *c = self.symmetry(e, s);
        }
        Images { cells }
    }

    /// The cell after the first of the domino whose first cell is `at`.
    fn second(&self, at: u32, vertical: bool) -> u32 {
        at + if vertical { self.cols } else { 1 }
    }

    /// The images of `x` after the domino whose first cell is `at`. O(images kept).
    fn play(&self, x: &Images<W>, at: u32, vertical: bool) -> Images<W> {
        let (a, b) = (at as usize, self.second(at, vertical) as usize);
        let mut cells = x.cells;
        for (c, to) in cells.iter_mut().zip(&self.to).take(self.kept) {
            *c &= !(bit::<W>(u32::from(to[a])) | bit(u32::from(to[b])));
        }
        Images { cells }
    }

    /// The table key of the position `x` with `left` to move, under the symmetries if
    /// `symmetry` (on a square board Right's positions keyed by their transposes), and the
    /// symmetry that takes the position to the key's board. O(1).
    fn key(&self, x: &Images<W>, left: bool, symmetry: bool) -> (W, Frame) {
        let square = self.rows == self.cols;
        let first = if square && !left { 4 } else { 0 };
        let mut s = first;
        if symmetry {
            for r in first + 1..first + 4 {
                if x.cells[r] < x.cells[s] {
                    s = r;
                }
            }
        }
        let k = x.cells[s];
        let key = if square || !left {
            k
        } else {
            k | bit(self.cells)
        };
        (key, Frame(s))
    }

    /// The first cell, on the key's board, of the domino whose first cell is `at`.
    fn frame(&self, at: u32, vertical: bool, frame: Frame) -> u32 {
        let to = &self.to[frame.0];
        let b = self.second(at, vertical);
        u32::from(to[at as usize].min(to[b as usize]))
    }

    /// The first cell, on the position's board, of the key's domino whose first cell is
    /// `at` (vertical on the key's board if `vertical`).
    fn unframe(&self, at: u32, vertical: bool, frame: Frame) -> u32 {
        let from = &self.from[frame.0];
        let b = self.second(at, vertical);
        u32::from(from[at as usize].min(from[b as usize]))
    }

    /// The domino whose first cell is `at` on the board searched, as a domino of the board
    /// asked about (`transposed`: the board searched is its transpose).
    fn domino(&self, at: u32, vertical: bool, transposed: bool) -> Domino {
        if transposed {
            let at = self.transpose(bit(at)).trailing_zeros();
            Domino::new(self.shape, at as u8, !vertical)
        } else {
            Domino::new(self.shape, at as u8, vertical)
        }
    }

    /// The two cells of the domino whose first cell is `at`.
    fn pair(&self, at: u32, vertical: bool) -> W {
        bit::<W>(at) | bit(self.second(at, vertical))
    }
}

/// How a position is turned into its key's board: the symmetry `s` of
/// [`Geometry::symmetry`] (transposed if Right is to move on a square board).
#[derive(Debug, Clone, Copy)]
struct Frame(usize);

impl Frame {
    /// Whether the key's board is the position's transpose.
    fn transposes(self) -> bool {
        self.0 >= 4
    }
}

/// Encodes a result for the table: bit 0 a win, bits 1.. the winning move's first cell
/// plus 1 (0 for none), and 1 more so that no value is 0.
fn encode(wins: bool, best: Option<u32>) -> u16 {
    1 + (u16::from(wins) | (best.map_or(0, |b| b as u16 + 1) << 1)) * 2
}

/// What a table value holds: a win, and a winning move's first cell.
fn decode(value: u16) -> (bool, Option<u32>) {
    let v = (value - 1) / 2;
    (v & 1 == 1, (v >> 1).checked_sub(1).map(u32::from))
}

/// The canonical forms of one thread, for [`Options::small`].
struct Valuer {
    evaluator: Evaluator<Domineering>,
    store: GameStore,
}

/// Searches Domineering boards of one shape, keeping the table (and each thread's values
/// of small regions) between searches: over one word of cells where the board's positions
/// fit it, else over two ([`Word`]).
pub struct DomineeringSearch {
    words: Words,
}

/// The search of a shape over the word its positions fit.
enum Words {
    One(Search<u64>),
    Two(Search<u128>),
}

/// The search over words `W`.
struct Search<W: Word> {
    geometry: Geometry<W>,
    table: W::Table,
    /// The positions the threads are searching now.
    busy: Busy,
    options: Options,
    valuers: Vec<Mutex<Valuer>>,
}

impl DomineeringSearch {
    /// A search of boards of `shape` as `options` say, the table's bytes checked against
    /// `budget`'s memory before they are taken; `None` where the shape's positions do not
    /// fit two words (more than 128 cells, or 128 on a board that is not square: a key
    /// would need 129 bits). Boards of at most 64 cells (63 if not square) are searched
    /// over one word.
    pub fn new(
        shape: Shape,
        options: Options,
        budget: &Budget,
    ) -> Option<Result<DomineeringSearch, Exhausted>> {
        let words = match Search::<u64>::new(shape, options, budget) {
            Some(one) => one.map(Words::One),
            None => Search::<u128>::new(shape, options, budget)?.map(Words::Two),
        };
        Some(words.map(|words| DomineeringSearch { words }))
    }

    /// Whether the search holds a board in two words (more than 64 cells).
    pub fn is_wide(&self) -> bool {
        matches!(self.words, Words::Two(_))
    }

    /// Each thread's canonical forms.
    fn valuers(&self) -> &[Mutex<Valuer>] {
        match &self.words {
            Words::One(s) => &s.valuers,
            Words::Two(s) => &s.valuers,
        }
    }

    /// Distinct regions valued by canonical form, by every thread.
    pub fn regions_valued(&self) -> usize {
        self.valuers()
            .iter()
            .map(|v| lock(v).evaluator.regions_valued())
            .sum()
    }

    /// Whether `side` moving first on `board` (of this search's shape) wins, with a
    /// winning move (or, where every move loses, the first) and the line of play from it,
    /// within `budget`: the winner's moves from the search, the loser's the first of each
    /// position, until the game ends or [`LINE_MOVES`](solver::LINE_MOVES) moves.
    ///
    /// Time: exponential in the empty cells in the worst case; the count, the table and the
    /// ordering make the 8 × 8 board a matter of seconds (see the guide's figures).
    pub fn search(
        &self,
        board: &Board,
        side: Side,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Searched<Domino, Board>, SearchError> {
        match &self.words {
            Words::One(s) => s.search(board, side, budget, progress),
            Words::Two(s) => s.search(board, side, budget, progress),
        }
    }
}

impl<W: Word> Search<W> {
    /// The search of `shape` over words `W`, if its positions fit them.
    fn new(
        shape: Shape,
        options: Options,
        budget: &Budget,
    ) -> Option<Result<Search<W>, Exhausted>> {
        let geometry = Geometry::new(shape)?;
        let key_bits = geometry.key_bits()?;
        let threads = options.threads.max(1);
        let bytes = if options.table {
            options.table_bytes
        } else {
            0
        };
        Some(W::Table::with_bytes(bytes, key_bits, budget).map(|table| {
            Search {
                geometry,
                table,
                busy: Busy::default(),
                options: Options { threads, ..options },
                valuers: (0..threads)
                    .map(|_| {
                        Mutex::new(Valuer {
                            evaluator: Evaluator::new(Domineering),
                            store: GameStore::with_budget(budget.clone()),
                        })
                    })
                    .collect(),
            }
        }))
    }

    /// [`DomineeringSearch::search`] over words `W`.
    fn search(
        &self,
        board: &Board,
        side: Side,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Searched<Domino, Board>, SearchError> {
        let g = &self.geometry;
        if board.shape != g.shape {
            let name = |s: Shape| format!("{} × {}", s.rows, s.cols);
            return Err(SearchError::Shape {
                expected: name(g.shape),
                found: name(board.shape),
            });
        }
        // On a square board Right's search is Left's on the transposed board (exchanging
        // rows and columns exchanges the players): one order of moves and one count for
        // both, so that each player first takes the same nodes. `vertical` is whether the
        // mover places vertical dominoes on the board searched.
        let transposed = g.rows == g.cols && side == Side::Right;
        let mut e = W::narrow(board.empty) & g.all;
        if transposed {
            e = g.transpose(e);
        }
        let mut vertical = side == Side::Left || transposed;
        let halt = Halt::new(budget);
        progress.phase("searching", None);
        let searched = self.solve(e, vertical, transposed, &halt, progress);
        progress.finish();
        let (wins, best) = searched?;
        let shown = |e: W| Board {
            shape: g.shape,
            empty: if transposed { g.transpose(e) } else { e }.wide(),
        };
        let mut line = Vec::new();
        let mut at = best;
        while let Some(head) = at {
            e &= !g.pair(head, vertical);
            line.push((g.domino(head, vertical, transposed), shown(e)));
            if line.len() >= solver::LINE_MOVES {
                break;
            }
            vertical = !vertical;
            let quiet = &crate::progress::NoProgress;
            at = self.solve(e, vertical, transposed, &halt, quiet)?.1;
        }
        Ok(Searched {
            wins,
            best: line.first().cloned(),
            line,
            nodes: halt.nodes(),
        })
    }

    /// Whether the player to move on `e` wins, and a winning move (or the first move where
    /// every move loses), the threads sharing the table; `transposed` says the board asked
    /// about is `e`'s transpose (for the moves shown in progress).
    fn solve(
        &self,
        e: W,
        left: bool,
        transposed: bool,
        halt: &Halt,
        progress: &dyn Progress,
    ) -> Result<(bool, Option<u32>), SearchError> {
        let done = AtomicBool::new(false);
        let (answer, error) = std::thread::scope(|scope| {
            for t in 1..self.options.threads {
                let done = &done;
                scope.spawn(move || {
                    let mut valuer = lock(&self.valuers[t]);
                    let mut thread = Thread::new(self, halt, &mut valuer, done, None);
                    thread.root(e, left, transposed);
                    halt.check(thread.nodes - thread.checked);
                });
            }
            let mut valuer = lock(&self.valuers[0]);
            let mut thread = Thread::new(self, halt, &mut valuer, &done, Some(progress));
            let answer = thread.root(e, left, transposed);
            halt.check(thread.nodes - thread.checked);
            done.store(true, Ordering::Relaxed);
            (answer, thread.error.take())
        });
        match (answer, error) {
            (_, Some(error)) => Err(error.into()),
            (Some(answer), None) => Ok(answer),
            (None, None) => Err(halt
                .error()
                .expect("a search stops early only when its budget runs out")
                .into()),
        }
    }
}

impl PositionSearch<Domineering> for DomineeringSearch {
    fn search(
        &mut self,
        p: &Board,
        side: Side,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Searched<Domino, Board>, SearchError> {
        DomineeringSearch::search(self, p, side, budget, progress)
    }

    fn regions_valued(&mut self) -> usize {
        DomineeringSearch::regions_valued(self)
    }

    /// Every thread's regions. O(regions).
    fn save_regions(&mut self, key: &Key) -> Result<String, ValueError> {
        let mut valuers: Vec<_> = self.valuers().iter().map(lock).collect();
        let valued = valuers.iter_mut().map(|v| {
            let Valuer { evaluator, store } = &mut **v;
            (&*evaluator, store)
        });
        region_table::save(valued, key)
    }

    /// Into every thread's evaluator, checked once. O(length) a thread.
    fn load_regions(
        &mut self,
        text: &str,
        origin: &str,
        key: &Key,
    ) -> Result<usize, RegionTableError> {
        let mut valuers: Vec<_> = self.valuers().iter().map(lock).collect();
        let valued = valuers.iter_mut().map(|v| {
            let Valuer { evaluator, store } = &mut **v;
            (evaluator, store)
        });
        region_table::load(valued, text, origin, key)
    }
}

/// One thread's search: its node count, and where it reports.
struct Thread<'a, W: Word> {
    s: &'a Search<W>,
    halt: &'a Halt,
    nodes: u64,
    checked: u64,
    /// Set once the halt says stop or the main thread is done: results after it are
    /// unreliable and are not stored.
    stopped: bool,
    valuer: &'a mut Valuer,
    done: &'a AtomicBool,
    /// Why valuing a small position failed (its store's budget), if it did.
    error: Option<crate::partizan::ValueError>,
    /// Where the main thread reports how the search is going.
    watch: Option<Watch<'a>>,
    /// The root's move searched now, its place among the root's moves and their number.
    root: Option<(u32, usize, usize)>,
    /// Whether the mover at the root places vertical dominoes.
    root_left: bool,
    /// Whether the board searched is the transpose of the board asked about.
    transposed: bool,
}

impl<'a, W: Word> Thread<'a, W> {
    fn new(
        s: &'a Search<W>,
        halt: &'a Halt,
        valuer: &'a mut Valuer,
        done: &'a AtomicBool,
        progress: Option<&'a dyn Progress>,
    ) -> Thread<'a, W> {
        Thread {
            s,
            halt,
            nodes: 0,
            checked: 0,
            stopped: false,
            valuer,
            done,
            error: None,
            watch: progress.map(Watch::new),
            root: None,
            root_left: true,
            transposed: false,
        }
    }

    /// Counts a node and checks the halt every [`CHECK_EVERY`] nodes.
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes - self.checked >= CHECK_EVERY {
            self.stopped |= self.halt.check(self.nodes - self.checked);
            self.stopped |= self.done.load(Ordering::Relaxed);
            self.checked = self.nodes;
            if self.watch.as_ref().is_some_and(Watch::due) {
                self.report();
            }
        }
    }

    /// Shows the root's move searched now, and the nodes of every thread.
    fn report(&mut self) {
        let at = match self.root {
            Some((at, i, n)) => {
                let domino = self.s.geometry.domino(at, self.root_left, self.transposed);
                format!("searching move {i} of {n} ({domino})")
            }
            None => "searching".to_string(),
        };
        let nodes = self.halt.nodes();
        if let Some(w) = self.watch.as_mut() {
            w.show(&at, nodes);
        }
    }

    /// The search from the root: whether the mover wins and a best move; `None` if
    /// stopped.
    fn root(&mut self, e: W, left: bool, transposed: bool) -> Option<(bool, Option<u32>)> {
        (self.root_left, self.transposed) = (left, transposed);
        let (wins, best) = self.negamax(&self.s.geometry.images(e), left, 0);
        (!self.stopped).then_some((wins, best))
    }

    /// The moves searched at the position `x` by the mover, best first: (order, first
    /// cell).
    fn moves(&self, x: &Images<W>, left: bool, first: Option<u32>, out: &mut Vec<(i64, u32)>) {
        let g = &self.s.geometry;
        let e = x.empty();
        let o = &self.s.options;
        let mut heads = g.heads(e, left);
        if o.skip_safe {
            let p = g.lines(left).protected(e);
            let unsafe_heads = heads & !g.heads(p, left);
            if unsafe_heads != W::ZERO {
                heads = unsafe_heads;
            }
        }
        let preference = &g.preference[usize::from(!left)];
        while heads != W::ZERO {
            let at = heads.trailing_zeros();
            heads = heads & (heads - W::ONE);
            let mut order = i64::from(preference[at as usize]);
            if o.ordering {
                let gain = g.gain(x, at, left);
                let gain = gain.unwrap_or_else(|| g.balance(e & !g.pair(at, left), left));
                order += COUNT_WEIGHT * gain;
            }
            if Some(at) == first {
                order = i64::MAX;
            }
            out.push((order, at));
        }
        out.sort_unstable_by_key(|&(order, _)| std::cmp::Reverse(order));
    }

    /// Whether the player to move on `e` (Left if `left`) wins, with a winning move (or the
    /// first move searched, where every move loses).
    fn negamax(&mut self, x: &Images<W>, left: bool, ply: u32) -> (bool, Option<u32>) {
        self.tick();
        if self.stopped {
            return (false, None);
        }
        let s = self.s;
        let g = &s.geometry;
        let e = x.empty();
        if g.heads(e, left) == W::ZERO {
            return (false, None);
        }
        let (key, frame) = g.key(x, left, s.options.symmetry);
        // The table keeps a move as the first cell of its domino on the key's board, where
        // the mover places vertical dominoes if the board was transposed.
        let keyed_vertical = left || frame.transposes();
        let mut first = None;
        if s.options.table {
            if let Some(v) = s.table.probe(key) {
                let (wins, best) = decode(v);
                let best = best.map(|b| g.unframe(b, keyed_vertical, frame));
                if ply > 0 {
                    return (wins, best);
                }
                // The root is searched for its move, the table's tried first.
                first = best;
            }
        }
        if ply > 0 {
            if let Some(wins) = self.decided(e, left) {
                return (wins, None);
            }
        }
        let start = self.nodes;
        let mut moves = Vec::with_capacity(32);
        self.moves(x, left, first, &mut moves);
        let mut result = (false, moves.first().map(|&(_, at)| at));
        // The moves in order, then those left because another thread was searching them
        // (never the first, which is searched at once).
        let defer = s.options.defer && s.options.threads > 1 && e.count_ones() > DEFER_EMPTY;
        let searched = moves.len();
        // The moves taken so far, deferred ones when they are taken.
        let (mut i, mut taken) = (0, 0);
        while i < moves.len() {
            let at = moves[i].1;
            i += 1;
            let after = g.play(x, at, left);
            let busy = defer.then(|| g.key(&after, !left, s.options.symmetry).0.digest());
            if let Some(k) = busy {
                if i > 1 && i <= searched && s.busy.contains(k) {
                    moves.push((0, at));
                    continue;
                }
                s.busy.enter(k);
            }
            taken += 1;
            if ply == 0 {
                self.root = Some((at, taken, searched));
            }
            // The next move's entry is fetched while this one is searched: most children
            // are settled in a fraction of a microsecond, and the table's memory is the
            // rest of their time.
            if let (true, Some(&(_, next))) = (s.options.table, moves.get(i)) {
                let next = g.play(x, next, left);
                s.table.prefetch(g.key(&next, !left, s.options.symmetry).0);
            }
            let (child, _) = self.negamax(&after, !left, ply + 1);
            if let Some(k) = busy {
                s.busy.leave(k);
            }
            if self.stopped {
                return (false, None);
            }
            if !child {
                result = (true, Some(at));
                break;
            }
        }
        if s.options.table {
            let best = result.1.map(|b| g.frame(b, left, frame));
            s.table
                .store(key, encode(result.0, best), self.nodes - start);
        }
        result
    }

    /// The result of `e` without search where the count decides it, or else its canonical
    /// form where it is small enough (the count is cheaper, and decides most positions a
    /// canonical form would).
    fn decided(&mut self, e: W, left: bool) -> Option<bool> {
        let s = self.s;
        let g = &s.geometry;
        if s.options.count {
            let (mine, theirs) = (g.lines(left), g.lines(!left));
            let me = mine.count(theirs, e);
            let rules = CountRules {
                chains: s.options.chains,
                options: s.options.count_options,
            };
            // The mover's win is tested before the opponent's count is taken.
            if me.bounds(rules).wins_first(theirs.most(e)) {
                return Some(true);
            }
            if theirs.count(mine, e).bounds(rules).wins_second(me.most()) {
                return Some(false);
            }
        }
        let small = s.options.small?;
        let moves = g.heads(e, true).count_ones() + g.heads(e, false).count_ones();
        if moves as usize <= small {
            return self.valued(e, left);
        }
        None
    }

    /// The result of `e` from its canonical form, where valuing it stays within the
    /// store's budget (else the error is kept and the search stops).
    fn valued(&mut self, e: W, left: bool) -> Option<bool> {
        let board = Board {
            shape: self.s.geometry.shape,
            empty: e.wide(),
        };
        let Valuer { evaluator, store } = &mut *self.valuer;
        let v = evaluator.value(store, &board).and_then(|v| {
            Ok(if left {
                !store.leq(v, GameId::ZERO)?
            } else {
                !store.leq(GameId::ZERO, v)?
            })
        });
        match v {
            Ok(wins) => Some(wins),
            Err(err) => {
                // Only this thread stops: the main thread's error is the answer's.
                self.error.get_or_insert(err);
                self.stopped = true;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Plays random games on boards of one and two words and checks at every move that
    /// the images kept move by move are the images of the position computed whole, that
    /// a move framed onto the key's board and back is the same move, and that a move's
    /// gain is the balance after it less the balance before.
    fn check<W: Word>(shapes: &[(u8, u8)], rng: &mut StdRng) {
        for &(rows, cols) in shapes {
            let g = Geometry::<W>::new(Shape { rows, cols }).expect("fits the word");
            for _ in 0..20 {
                let mut e = g.all;
                let mut x = g.images(e);
                let mut left = rng.random_bool(0.5);
                loop {
                    for s in 0..g.kept {
                        assert_eq!(x.cells[s], g.symmetry(e, s), "{rows}x{cols} image {s}");
                    }
                    let heads = g.heads(e, left);
                    if heads == W::ZERO {
                        break;
                    }
                    let (_, frame) = g.key(&x, left, true);
                    let keyed_vertical = left || frame.transposes();
                    let mut rest = heads;
                    while rest != W::ZERO {
                        let at = rest.trailing_zeros();
                        rest = rest & (rest - W::ONE);
                        let framed = g.frame(at, left, frame);
                        assert_eq!(g.unframe(framed, keyed_vertical, frame), at);
                        let after = g.balance(e & !g.pair(at, left), left);
                        let gain = g.gain(&x, at, left).expect("short lines");
                        assert_eq!(gain, after - g.balance(e, left), "{rows}x{cols} at {at}");
                    }
                    // A random move.
                    let n = heads.count_ones();
                    let mut pick = rng.random_range(0..n);
                    let mut rest = heads;
                    while pick > 0 {
                        rest = rest & (rest - W::ONE);
                        pick -= 1;
                    }
                    let at = rest.trailing_zeros();
                    x = g.play(&x, at, left);
                    e &= !g.pair(at, left);
                    left = !left;
                }
            }
        }
    }

    #[test]
    fn images_frames_and_gains_agree_with_their_definitions() {
        let mut rng = StdRng::seed_from_u64(0x9E37_79B9_7F4A_7C15);
        check::<u64>(
            &[(1, 5), (4, 1), (3, 3), (4, 4), (5, 6), (7, 8), (8, 8)],
            &mut rng,
        );
        check::<u128>(&[(9, 9), (10, 10), (8, 11), (12, 9), (2, 12)], &mut rng);
    }

    #[test]
    fn line_most_is_half_of_each_run() {
        assert_eq!(line_most(0), 0);
        assert_eq!(line_most(0b1), 0);
        assert_eq!(line_most(0b11), 1);
        assert_eq!(line_most(0b111), 1);
        assert_eq!(line_most(0b1111_0111), 3);
        assert_eq!(line_most(0b1101_1011), 3);
    }
}
