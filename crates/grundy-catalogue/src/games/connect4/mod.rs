//! Connect Four on any board of width w and height h with (h + 1)·w ≤ 64 (≤ 128 for the search,
//! [`search`], whose boards are held in a [`Word`] of 64 or 128 bits): players drop pieces
//! in turn into a column that is not full; four of one's own in a row (across, up or
//! diagonally) wins; a full board without four is a draw. The first player is `x`, the second
//! `o`.
//!
//! **Rules as a game.** [`Connect4`] is a rules [`Game`]: a position is a bitboard
//! ([`Connect4Position`]: the stones of the player to move and the mask of every stone, one
//! bit a cell column by column with a sentinel bit above each column, so that fours are found
//! by four shifts and moves by one addition). [`Game::result`] ends the game when the player
//! who just moved has four (a loss for the player to move) or the board is full (a draw). The
//! generic explorer and solver then give the outcome, the remoteness and the best moves of
//! every position reachable from a board ([`solve_board`]), within a position limit: small
//! boards (4 × 4, 5 × 4, 4 × 5) are solved whole from the empty board; 7 × 6 only near its
//! end.
//!
//! **Boards as text** ([`Board::parse`]): rows from top to bottom, separated by `|` or new
//! lines, of `x` (the first player), `o` (the second) and `.` (empty): `....|....|.o..|.xx.`
//! is a 4 × 4 board. Checked: every row as long as the first, no piece above an empty cell,
//! as many `x` as `o` or one more (`x` moves first; the player to move follows from the
//! counts), at most one side with four in a row, and that side the one who moved last, with a
//! last move that made its four. Whether some game reaches the board is not checked beyond
//! that. Or a move sequence ([`Board::from_moves`]): the columns played in turn from the empty
//! board, numbered from 1 (`4453`), on a board of a given size (7 × 6 by default), each move
//! into a column that is not full of a game not yet over.
//!
//! **Strong solutions.** [`Connect4Tiers`] numbers every board by stones on the board for the
//! tiered solver ([`solve_tiered`](grundy::rules::tiered::solve_tiered)), which solves boards
//! too large to explore (7 × 4: 4.6·10^9 boards) into files; [`answer_from`] answers a board
//! from them.

pub mod search;
pub mod tiers;
pub mod word;

use std::fmt;

use serde::Serialize;

pub use tiers::Connect4Tiers;
pub use word::Word;

use std::path::Path;

use super::family::Searchable;
use super::strong::{check_solution, start_value, Strong, StrongRun};
use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::budget::{Budget, Resource};
use grundy::input::InputError;
use grundy::outcome::Outcome;
use grundy::progress::Progress;
use grundy::report::{Field, Report};
use grundy::rules::tiered::{self, TierOptions, TierRanking};
use grundy::rules::{explore, ExploreError, Game};
use grundy::solve::{solve, SolveOptions};

/// A Connect Four position: `mine`, the stones of the player to move, and `mask`, every
/// stone; bit `column·(height + 1) + row` is the cell at that column and row (row 0 at the
/// bottom). Which player is to move follows from the number of stones. Held in `u64` (the
/// rules as a [`Game`], the strong solver) or, for the search of boards up to 128 bits, `u128`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Connect4Position<W = u64> {
    /// The stones of the player to move.
    pub mine: W,
    /// Every stone.
    pub mask: W,
}

/// The rules of Connect Four on a `width` × `height` board (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Connect4 {
    width: u32,
    height: u32,
}

/// Why a board size is refused in a word of `bits` bits (64: exploring and strong solving;
/// 128: the search).
fn size_error(width: u64, height: u64, bits: u32) -> Option<String> {
    if width == 0 || height == 0 {
        return Some(format!(
            "a {width} × {height} board has no cell (expected a width and a height of 1 or more)"
        ));
    }
    if (height + 1).saturating_mul(width) > u64::from(bits) {
        return Some(if bits == 64 {
            format!(
                "a {width} × {height} board does not fit in 64 bits (expected (height + 1) × \
                 width at most 64, as 7 × 6 or 8 × 7: exploring and strong solving hold a board \
                 in 64 bits; searching one position takes boards up to 128)"
            )
        } else {
            format!(
                "a {width} × {height} board does not fit in {bits} bits (expected (height + 1) \
                 × width at most {bits}, as 10 × 6, 9 × 7 or 8 × 8)"
            )
        });
    }
    None
}

impl Connect4 {
    /// The rules on a `width` × `height` board, if (height + 1)·width ≤ 64 and both are at
    /// least 1.
    pub fn new(width: u32, height: u32) -> Option<Connect4> {
        Connect4::within::<u64>(width, height)
    }

    /// The rules on a `width` × `height` board held in words `W`, if (height + 1)·width ≤
    /// `W::BITS` and both are at least 1: with `u128`, boards up to 128 bits for the search
    /// (whose positions are `Connect4Position<u128>`). The [`Game`] and the strong solver take
    /// `u64` positions, so boards from [`Connect4::new`]. O(1).
    pub fn within<W: Word>(width: u32, height: u32) -> Option<Connect4> {
        size_error(u64::from(width), u64::from(height), W::BITS)
            .is_none()
            .then_some(Connect4 { width, height })
    }

    /// Whether the board fits words `W`. O(1).
    pub fn fits<W: Word>(&self) -> bool {
        (self.height + 1) * self.width <= W::BITS
    }

    /// The width (columns).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The height (rows).
    pub fn height(&self) -> u32 {
        self.height
    }

    fn bit<W: Word>(&self, column: u32, row: u32) -> W {
        W::ONE << (column * (self.height + 1) + row)
    }

    /// The bottom cell of every column.
    pub(crate) fn bottom<W: Word>(&self) -> W {
        (0..self.width).fold(W::ZERO, |b, c| b | self.bit::<W>(c, 0))
    }

    /// The cells of column `column`.
    fn column_cells<W: Word>(&self, column: u32) -> W {
        (W::MAX >> (W::BITS - self.height)) << (column * (self.height + 1))
    }

    /// Every cell of the board.
    pub(crate) fn full<W: Word>(&self) -> W {
        (0..self.width).fold(W::ZERO, |b, c| b | self.column_cells::<W>(c))
    }

    /// Whether `column` (from 0) has room for a stone at `p`.
    pub fn can_play<W: Word>(&self, p: &Connect4Position<W>, column: u32) -> bool {
        column < self.width && p.mask & self.bit::<W>(column, self.height - 1) == W::ZERO
    }

    /// The position after the player to move drops a stone in `column` (from 0), which must
    /// have room.
    pub fn play<W: Word>(&self, p: &Connect4Position<W>, column: u32) -> Connect4Position<W> {
        Connect4Position {
            mine: p.mine ^ p.mask,
            mask: p.mask | (p.mask + self.bit::<W>(column, 0)),
        }
    }

    /// Whether `stones` hold four in a row: for each direction (up, across and the two
    /// diagonals, a shift by 1, h + 1, h and h + 2), two shifts and two ANDs.
    pub fn has_four<W: Word>(&self, stones: W) -> bool {
        let h = self.height;
        [1, h + 1, h, h + 2].into_iter().any(|d| {
            let pairs = stones & stones.checked_shr(d).unwrap_or(W::ZERO);
            pairs & pairs.checked_shr(2 * d).unwrap_or(W::ZERO) != W::ZERO
        })
    }

    /// The stones of the player who moved last.
    fn last_mover<W: Word>(p: &Connect4Position<W>) -> W {
        p.mine ^ p.mask
    }

    /// Whether the game is over at `p` and how, for the player to move: a loss when the other
    /// player has four, a draw when the board is full.
    pub fn ended<W: Word>(&self, p: &Connect4Position<W>) -> Option<Outcome> {
        if self.has_four(Self::last_mover(p)) {
            Some(Outcome::Loss)
        } else if p.mask == self.full::<W>() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// A position as one number: the stones of the player to move, and a marker bit just
    /// above each column's top stone (in the spare row above the board), which tells the
    /// heights. One to one; [`Connect4::from_key`] is its inverse.
    pub fn key<W: Word>(&self, p: &Connect4Position<W>) -> W {
        p.mine | (p.mask + self.bottom::<W>())
    }

    /// The position of a [`Connect4::key`].
    pub fn from_key<W: Word>(&self, key: W) -> Connect4Position<W> {
        let h = self.height;
        let mut p = Connect4Position::<W>::default();
        for c in 0..self.width {
            let column = (key >> (c * (h + 1))) & (W::MAX >> (W::BITS - (h + 1)));
            let height = W::BITS - 1 - column.leading_zeros();
            let stones = ((W::ONE << height) - W::ONE) << (c * (h + 1));
            p.mask |= stones;
            p.mine |= (column << (c * (h + 1))) & stones;
        }
        p
    }

    /// The columns (from 0) open at `p`, left to right.
    pub fn open_columns<'a, W: Word>(
        &'a self,
        p: &'a Connect4Position<W>,
    ) -> impl Iterator<Item = u32> + 'a {
        (0..self.width).filter(move |&c| self.can_play(p, c))
    }
}

impl Game for Connect4 {
    type Position = Connect4Position;

    fn moves(&self, p: &Connect4Position, out: &mut grundy::rules::Moves<Connect4Position>) {
        out.extend(self.open_columns(p).map(|c| self.play(p, c)));
    }

    fn result(&self, p: &Connect4Position) -> Option<Outcome> {
        self.ended(p)
    }
}

/// The number of positions after each number of plies from the empty board, `0..=plies`: the
/// positions a game reaches (one that is over is counted, not continued). For 7 × 6 these are
/// OEIS A212693. Level by level, each a sorted vector of [`Connect4::key`]s (8 bytes a position,
/// the next level's before duplicates are removed: up to width × 8 bytes a position of the
/// level), sorted on every core. O(Σ positions · log).
///
/// ```
/// use grundy_catalogue::games::connect4::{positions_by_ply, Connect4};
/// let counts = positions_by_ply(&Connect4::new(7, 6).unwrap(), 5);
/// assert_eq!(counts, [1, 7, 49, 238, 1120, 4263]);
/// ```
pub fn positions_by_ply(game: &Connect4, plies: u32) -> Vec<u64> {
    use rayon::prelude::*;
    let mut level = vec![game.key(&Connect4Position::<u64>::default())];
    let mut counts = vec![1];
    for _ in 0..plies {
        let mut next: Vec<u64> = level
            .par_iter()
            .flat_map_iter(|&key| {
                let p = game.from_key(key);
                let open = game.ended(&p).is_none();
                game.open_columns(&p)
                    .filter(move |_| open)
                    .map(move |c| game.key(&game.play(&p, c)))
                    .collect::<Vec<_>>()
            })
            .collect();
        drop(level);
        next.par_sort_unstable();
        next.dedup();
        counts.push(next.len() as u64);
        level = next;
    }
    counts
}

/// A piece: the first player's `x` or the second player's `o`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    /// The first player's.
    X,
    /// The second player's.
    O,
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Piece::X => "x",
            Piece::O => "o",
        })
    }
}

/// A board read from text: its rules (size) and position, held in words `W` (`u64` for
/// exploring and strong solving, `u128` for the search of boards up to 128 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board<W = u64> {
    /// The rules, with the board's size.
    pub game: Connect4,
    /// The position.
    pub position: Connect4Position<W>,
}

impl Board {
    /// The empty board of a size, if it fits (see [`Connect4::new`]).
    pub fn empty(width: u32, height: u32) -> Option<Board> {
        Board::empty_in(width, height)
    }

    /// Reads a board: rows top to bottom separated by `|` or new lines, of `x`, `o` and `.`
    /// (see the module for what is checked). Errors name the row (as a line) and column, from
    /// 1. O(size).
    ///
    /// ```
    /// use grundy_catalogue::games::connect4::{Board, Piece};
    /// let board = Board::parse("....|....|.o..|.xx.").unwrap();
    /// assert_eq!((board.game.width(), board.game.height()), (4, 4));
    /// assert_eq!(board.to_move(), Piece::O);
    /// let error = Board::parse("x...|....").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "board: line 1, column 1: an x above an empty cell (expected pieces to rest on the \
    ///      bottom or on other pieces)"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Board, InputError> {
        Board::parse_in(text)
    }

    /// The board after the moves `columns` (from 1, one digit each: `4453`) from the empty
    /// `width` × `height` board. O(moves).
    ///
    /// ```
    /// use grundy_catalogue::games::connect4::Board;
    /// let board = Board::from_moves("4455", 7, 6).unwrap();
    /// assert_eq!(board.rows().join("|"), ".......|.......|.......|.......|...oo..|...xx..");
    /// assert!(Board::from_moves("1111111", 7, 6).is_err()); // column 1 holds 6
    /// ```
    pub fn from_moves(columns: &str, width: u32, height: u32) -> Result<Board, InputError> {
        Board::from_moves_in(columns, width, height)
    }
}

impl Board<u128> {
    /// The board as words of 64 bits, if it fits them (the search of such boards is faster
    /// in them). O(1).
    pub fn narrow(&self) -> Option<Board> {
        self.game.fits::<u64>().then_some(Board {
            game: self.game,
            position: Connect4Position {
                mine: self.position.mine as u64,
                mask: self.position.mask as u64,
            },
        })
    }
}

impl<W: Word> Board<W> {
    /// The empty board of a size, if it fits words `W` (see [`Connect4::within`]).
    pub fn empty_in(width: u32, height: u32) -> Option<Board<W>> {
        Connect4::within::<W>(width, height).map(|game| Board {
            game,
            position: Connect4Position::default(),
        })
    }

    /// [`Board::parse`] into words `W`: with `u128`, boards up to 128 bits (for the search).
    ///
    /// ```
    /// use grundy_catalogue::games::connect4::Board;
    /// let row = "..........";
    /// let text = [row, row, row, row, row, "....x....."].join("|");
    /// assert!(Board::parse(&text).is_err()); // 10 × 6 needs 70 bits
    /// let board = Board::<u128>::parse_in(&text).unwrap();
    /// assert_eq!((board.game.width(), board.game.height()), (10, 6));
    /// ```
    #[allow(clippy::needless_range_loop)] // cells are read by column and row at once
    pub fn parse_in(text: &str) -> Result<Board<W>, InputError> {
        let rows: Vec<&str> = text
            .trim()
            .split(['|', '\n'])
            .map(|r| r.trim_end_matches('\r').trim())
            .collect();
        let place = |line: usize, column: usize| format!("board: line {line}, column {column}");
        let height = rows.len();
        let width = rows[0].chars().count();
        if width == 0 {
            return Err(InputError::invalid(
                "board",
                "line 1 is empty (expected rows of x, o and .)",
            ));
        }
        let mut cells = vec![vec![None; width]; height];
        for (i, row) in rows.iter().enumerate() {
            let mut n = 0;
            for (j, ch) in row.chars().enumerate() {
                if j >= width {
                    return Err(InputError::invalid(
                        place(i + 1, j + 1),
                        format!("the row is longer than line 1 (expected {width} cells a row)"),
                    ));
                }
                cells[i][j] = match ch {
                    'x' | 'X' => Some(Piece::X),
                    'o' | 'O' => Some(Piece::O),
                    '.' => None,
                    other => {
                        return Err(InputError::invalid(
                            place(i + 1, j + 1),
                            format!("'{other}' is not a cell (expected x, o or .)"),
                        ))
                    }
                };
                n = j + 1;
            }
            if n < width {
                return Err(InputError::invalid(
                    place(i + 1, n + 1),
                    format!("the row ends early (expected {width} cells a row, as line 1)"),
                ));
            }
        }
        if let Some(message) = size_error(width as u64, height as u64, W::BITS) {
            return Err(InputError::invalid("board", message));
        }
        let game = Connect4 {
            width: width as u32,
            height: height as u32,
        };
        let (mut xs, mut os) = (W::ZERO, W::ZERO);
        for column in 0..width {
            for line in (0..height).rev() {
                let row = (height - 1 - line) as u32;
                let Some(piece) = cells[line][column] else {
                    continue;
                };
                if line + 1 < height && cells[line + 1][column].is_none() {
                    return Err(InputError::invalid(
                        place(line + 1, column + 1),
                        format!(
                            "an {piece} above an empty cell (expected pieces to rest on the \
                             bottom or on other pieces)"
                        ),
                    ));
                }
                let bit = game.bit::<W>(column as u32, row);
                match piece {
                    Piece::X => xs |= bit,
                    Piece::O => os |= bit,
                }
            }
        }
        Board::from_stones(game, xs, os)
    }

    /// Checks counts and fours, and makes the position.
    fn from_stones(game: Connect4, xs: W, os: W) -> Result<Board<W>, InputError> {
        let (nx, no) = (xs.count_ones(), os.count_ones());
        if nx != no && nx != no + 1 {
            return Err(InputError::invalid(
                "board",
                format!(
                    "x has {nx} pieces and o {no} (expected as many x as o, or one more: x \
                     moves first)"
                ),
            ));
        }
        let (last, last_stones, other_stones) = if nx > no {
            (Piece::X, xs, os)
        } else {
            (Piece::O, os, xs)
        };
        let other = if last == Piece::X { Piece::O } else { Piece::X };
        if game.has_four(other_stones) {
            let message = if game.has_four(last_stones) {
                "both sides have four in a row (expected at most one: the game ends at the first \
                 four)"
                    .to_string()
            } else {
                format!(
                    "{other} has four in a row, but {last} moved last (expected only the last \
                     mover to have four: the game ends at the first four)"
                )
            };
            return Err(InputError::invalid("board", message));
        }
        if game.has_four(last_stones) {
            let mask = xs | os;
            let made_by_last_move = (0..game.width).any(|c| {
                let column = mask & game.column_cells::<W>(c);
                if column == W::ZERO {
                    return false;
                }
                let top = W::ONE << (W::BITS - 1 - column.leading_zeros());
                last_stones & top != W::ZERO && !game.has_four(last_stones & !top)
            });
            if !made_by_last_move {
                return Err(InputError::invalid(
                    "board",
                    format!(
                        "{last} has four in a row that no last move made (expected a top piece \
                         of {last} whose removal leaves no four: the game ends at the first four)"
                    ),
                ));
            }
        }
        let mask = xs | os;
        let mine = if nx > no { os } else { xs };
        Ok(Board {
            game,
            position: Connect4Position { mine, mask },
        })
    }

    /// [`Board::from_moves`] into words `W`: with `u128`, boards up to 128 bits. O(moves).
    pub fn from_moves_in(columns: &str, width: u32, height: u32) -> Result<Board<W>, InputError> {
        let mut board = Board::<W>::empty_in(width, height).ok_or_else(|| {
            InputError::invalid(
                "board",
                size_error(u64::from(width), u64::from(height), W::BITS).unwrap_or_default(),
            )
        })?;
        for (k, ch) in columns.trim().chars().enumerate() {
            let place = format!("moves: move {}", k + 1);
            let column = ch
                .to_digit(10)
                .filter(|&d| d >= 1 && d <= width)
                .ok_or_else(|| {
                    InputError::invalid(
                        &place,
                        format!(
                            "'{ch}' is not a column (expected a digit from 1 to {})",
                            width.min(9)
                        ),
                    )
                })?
                - 1;
            if let Some(outcome) = board.game.ended(&board.position) {
                let why = match outcome {
                    Outcome::Draw => "the board is full".to_string(),
                    _ => format!("{} has four in a row", board.to_move().other()),
                };
                return Err(InputError::invalid(
                    &place,
                    format!("the game is over: {why} (expected no more moves)"),
                ));
            }
            if !board.game.can_play(&board.position, column) {
                return Err(InputError::invalid(
                    &place,
                    format!("column {} is full (expected an open column)", column + 1),
                ));
            }
            board.position = board.game.play(&board.position, column);
        }
        Ok(board)
    }

    /// Who is to move: `x` when both have as many pieces.
    pub fn to_move(&self) -> Piece {
        if self.position.mask.count_ones() % 2 == 0 {
            Piece::X
        } else {
            Piece::O
        }
    }

    /// The piece at `column` and `row` (from 0, row 0 at the bottom).
    pub fn piece(&self, column: u32, row: u32) -> Option<Piece> {
        let bit = self.game.bit::<W>(column, row);
        if self.position.mask & bit == W::ZERO {
            None
        } else if (self.position.mine & bit != W::ZERO) == (self.to_move() == Piece::X) {
            Some(Piece::X)
        } else {
            Some(Piece::O)
        }
    }

    /// The rows from top to bottom, as text (`x`, `o`, `.`).
    pub fn rows(&self) -> Vec<String> {
        (0..self.game.height)
            .rev()
            .map(|row| {
                (0..self.game.width)
                    .map(|c| match self.piece(c, row) {
                        Some(Piece::X) => 'x',
                        Some(Piece::O) => 'o',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

impl Piece {
    /// The other player's piece.
    pub fn other(self) -> Piece {
        match self {
            Piece::X => Piece::O,
            Piece::O => Piece::X,
        }
    }
}

/// A move: the column (from 1) a piece is dropped into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Column(pub u32);

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}", self.0)
    }
}

/// A board solved: the answer for the player to move (moves are columns) and the figures of
/// the search.
pub type Solved = super::RemoteAnswer<Column>;

/// Why a board was not solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveBoardError {
    /// More positions are reachable than the limit.
    #[error(
        "more than {limit} positions are reachable from this board (the position limit): give \
         a smaller board or a fuller position, or raise the limit"
    )]
    TooManyPositions {
        /// The limit.
        limit: usize,
    },
    /// The exploration ran out of its memory budget.
    #[error("{0}: give a smaller board or a fuller position")]
    Memory(String),
    /// The board is not of the size of the solution it was asked of.
    #[error(
        "the board is {width} × {height}, the solution is of {solution}: give a board of its size"
    )]
    OtherSize {
        /// The board's width.
        width: u32,
        /// The board's height.
        height: u32,
        /// The solution's game.
        solution: String,
    },
    /// The solution's files could not be read (the message names the file).
    #[error("{0}")]
    Solution(String),
}

/// Explores every position reachable from `board` (at most `max_positions`) and solves them:
/// outcome, remoteness and best moves of the board. O(reachable positions + moves).
///
/// ```
/// use grundy_catalogue::games::connect4::{solve_board, Board, Column};
/// use grundy::progress::NoProgress;
/// use grundy::Outcome;
/// // x to move completes a row of four at either end of the bottom row.
/// let board = Board::parse(".....|.....|.....|.ooo.|.xxx.").unwrap();
/// let solved = solve_board(&board, 200_000, &NoProgress).unwrap();
/// assert_eq!(solved.answer.outcome, Outcome::Win);
/// assert_eq!(solved.remoteness, Some(1));
/// assert_eq!(solved.best_moves, [Column(1), Column(5)]);
/// ```
pub fn solve_board(
    board: &Board,
    max_positions: usize,
    progress: &dyn Progress,
) -> Result<Solved, SolveBoardError> {
    let budget = Budget::default().with_positions(max_positions as u64);
    let explored =
        explore(&board.game, [board.position], &budget, progress).map_err(|e| match e {
            ExploreError::Budget(e) if e.resource == Resource::Positions => {
                SolveBoardError::TooManyPositions {
                    limit: max_positions,
                }
            }
            other => SolveBoardError::Memory(other.to_string()),
        })?;
    let solution =
        solve(&explored.graph, &SolveOptions::default()).expect("a graph without players solves");
    let (outcome, remoteness) = (solution.outcome(0), solution.remoteness(0));
    let mut winning = Vec::new();
    let mut best = Vec::new();
    if board.game.ended(&board.position).is_none() {
        for c in board.game.open_columns(&board.position) {
            let next = board.game.play(&board.position, c);
            let id = explored.id(&next).expect("explored");
            let after = solution.outcome(id).flip();
            if after == Outcome::Win {
                winning.push(Column(c + 1));
            }
            if after == outcome && solution.remoteness(id).map(|r| r + 1) == remoteness {
                best.push(Column(c + 1));
            }
        }
    }
    let positions = explored.graph.position_count() as u64;
    Ok(Solved::new(outcome, remoteness, winning, best, positions))
}

/// Answers `board` from a strong solution on disk (made by
/// [`solve_tiered`](grundy::rules::tiered::solve_tiered) on [`Connect4Tiers`]): outcome,
/// remoteness, winning and best moves, reading a few bytes of two tier files. O(width) reads.
///
/// ```
/// use grundy_catalogue::games::connect4::{answer_from, Board, Column, Connect4};
/// use grundy_catalogue::games::connect4::Connect4Tiers;
/// use grundy::progress::NoProgress;
/// use grundy::rules::tiered::{solve_tiered, Solved, TierOptions};
/// use grundy::Outcome;
///
/// let tiers = Connect4Tiers::new(Connect4::new(4, 3).unwrap()).unwrap();
/// let dir = std::env::temp_dir().join(format!("grundy-doc-c4-{}", std::process::id()));
/// solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap();
/// let solution = Solved::open(tiers, &dir).unwrap();
/// // x to move completes the bottom row.
/// let board = Board::parse("....|ooo.|xxx.").unwrap();
/// let answer = answer_from(&solution, &board).unwrap();
/// assert_eq!(answer.answer.outcome, Outcome::Win);
/// assert_eq!((answer.remoteness, answer.best_moves), (Some(1), vec![Column(4)]));
/// // The empty board is a draw; every column keeps it.
/// let empty = answer_from(&solution, &Board::empty(4, 3).unwrap()).unwrap();
/// assert_eq!(empty.answer.outcome, Outcome::Draw);
/// assert_eq!(empty.best_moves.len(), 4);
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn answer_from(
    solution: &tiered::Solved<Connect4Tiers>,
    board: &Board,
) -> Result<Solved, SolveBoardError> {
    let game = solution.game();
    let (width, height) = (board.game.width(), board.game.height());
    if (game.game().width(), game.game().height()) != (width, height) {
        return Err(SolveBoardError::OtherSize {
            width,
            height,
            solution: game.name(),
        });
    }
    let failed = |e: tiered::TierError| SolveBoardError::Solution(e.to_string());
    let value = solution.value(&board.position).map_err(failed)?;
    let steps = solution.steps(&board.position).map_err(failed)?;
    let columns: Vec<u32> = if steps.is_empty() {
        Vec::new()
    } else {
        board.game.open_columns(&board.position).collect()
    };
    let pick = |keep: fn(&tiered::Step<Connect4Position>) -> bool| -> Vec<Column> {
        columns
            .iter()
            .zip(&steps)
            .filter(|(_, step)| keep(step))
            .map(|(&c, _)| Column(c + 1))
            .collect()
    };
    Ok(Solved::new(
        value.outcome,
        value.remoteness,
        pick(|s| s.winning),
        pick(|s| s.best),
        (0..game.tier_count()).map(|t| game.tier_size(t)).sum(),
    ))
}

/// `grundy connect4 BOARD`: Connect Four from a board or a move sequence. The common answer
/// (outcome for the player to move, every winning move as a column from 1), then `board` (the
/// rows, top first), `to_move` (`x` or `o`), `remoteness` (null for a draw), `best_moves`
/// (columns: fastest wins, slowest losses, or the moves keeping a draw) and `positions` (how
/// many were explored).
pub struct Connect4Family;

impl Family for Connect4Family {
    fn name(&self) -> &'static str {
        "connect4"
    }

    fn group(&self) -> Group {
        Group::Graphs
    }

    fn about(&self) -> &'static str {
        "Connect Four on small boards: outcome, remoteness and best moves by full search"
    }

    fn example(&self) -> Example {
        &[("board", "....|....|.o..|.xx.")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "board",
                "BOARD",
                "The board: rows top to bottom separated by `|` or new lines, of x (first player), \
                 o (second) and . (empty); or the columns played from the empty board, from 1 \
                 (`4453`, on a board of {width} × {height})",
            ),
            Param::option(
                "width",
                "W",
                "The board's width for a move sequence (default 7, or the solution's with \
                 {solved})",
            )
            .whole("a width for a move sequence", 1)
            .at_most(9),
            Param::option(
                "height",
                "H",
                "The board's height for a move sequence (default 6, or the solution's with \
                 {solved}); (height + 1) × width at most 64 here, 128 when searching one \
                 position",
            )
            .whole("a height", 1)
            .at_most(64),
            super::max_positions("1000000"),
            Param::option(
                "solved",
                "DIR",
                "Answer from a strong solution on disk (made by the strong solver of this game) \
                 instead of searching; a move sequence is then on the solution's board",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn searchable(&self) -> Option<&dyn Searchable> {
        Some(&Connect4Search)
    }

    fn strong(&self) -> Option<Strong> {
        const STRONG: Strong = Strong {
            about: "Solve Connect Four strongly: the outcome and remoteness of every board of a \
                    size, written tier by tier (stones on the board) into DIR; a stopped run \
                    resumes",
            params: &[
                Param::option("width", "W", "The board's width")
                    .default("7")
                    .whole("a size", 1)
                    .at_most(64),
                Param::option("height", "H", "The board's height")
                    .default("4")
                    .whole("a size", 1)
                    .at_most(64),
            ],
            example: &[("width", "5"), ("height", "4")],
            example_folder: "c4-5x4",
            solve: solve_strongly,
            check: |name, dir, reach, progress| {
                let game = Connect4Tiers::from_name(name)?;
                let (width, height) = (game.game().width(), game.game().height());
                let params = vec![("width", width.to_string()), ("height", height.to_string())];
                let solved = tiered::Solved::open(game, dir);
                let start = Connect4Position::default();
                Some(check_solution(solved, Some(start), reach, progress, params))
            },
        };
        Some(STRONG)
    }
}

/// Solves every board of the inputs' size into `dir`, tier by tier, and values the empty board.
fn solve_strongly(
    inputs: &Inputs,
    dir: &Path,
    options: &TierOptions,
) -> Result<StrongRun, RunError> {
    let place = format!("{} and {}", inputs.shown("width"), inputs.shown("height"));
    let (width, height) = (
        inputs.whole("width")? as u32,
        inputs.whole("height")? as u32,
    );
    let game = Connect4::new(width, height).ok_or_else(|| {
        InputError::invalid(
            &place,
            format!(
                "a {width} × {height} board does not fit (expected (height + 1) × width at most \
                 64: strong solving holds a board in 64 bits; searching one position takes \
                 boards up to 128)"
            ),
        )
    })?;
    let tiers = Connect4Tiers::new(game).map_err(|e| InputError::invalid(&place, e))?;
    let summary = tiered::solve_tiered(&tiers, dir, options, inputs.progress())?;
    let start = start_value(tiers, dir, "empty board", &Connect4Position::default())?;
    Ok(StrongRun { summary, start })
}

/// Whether `text` is a move sequence: digits only (or nothing).
fn is_move_sequence(text: &str) -> bool {
    text.trim().chars().all(|c| c.is_ascii_digit())
}

/// The board of `text`: a board as rows, or a move sequence on a board of the inputs'
/// `width` and `height` (`default` when not given), which a board as rows refuses.
fn read_board<W: Word>(
    inputs: &Inputs,
    text: &str,
    default: (u32, u32),
) -> Result<Board<W>, RunError> {
    if is_move_sequence(text) {
        let size = |name: &str, default: u32| {
            Ok::<_, InputError>(inputs.optional_whole(name)?.map_or(default, |n| n as u32))
        };
        let (width, height) = (size("width", default.0)?, size("height", default.1)?);
        Ok(Board::from_moves_in(text, width, height)?)
    } else {
        for name in ["width", "height"] {
            if inputs.given(name) {
                return Err(InputError::usage(format!(
                    "{} is for move sequences: a board gives its own size",
                    inputs.shown(name)
                ))
                .into());
            }
        }
        Ok(Board::parse_in(text)?)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let text = inputs.value("board").unwrap_or("");
    let solution = match inputs.value("solved") {
        Some(dir) => Some(super::open_solution(
            inputs,
            dir,
            Connect4Tiers::from_name,
            "Connect Four",
            "connect4",
        )?),
        None => None,
    };
    let (default_width, default_height) = solution.as_ref().map_or((7, 6), |s| {
        (s.game().game().width(), s.game().game().height())
    });
    let board = read_board::<u64>(inputs, text, (default_width, default_height))?;
    let max_positions = inputs.whole("max-positions")? as usize;
    let solved = match &solution {
        Some(solution) => answer_from(solution, &board)?,
        None => solve_board(&board, max_positions, inputs.progress()).map_err(|e| match e {
            SolveBoardError::TooManyPositions { .. } => {
                format!("{e} ({})", inputs.shown("max-positions"))
            }
            e => e.to_string(),
        })?,
    };
    let rows = board.rows();
    let best_text = if solved.best_moves.is_empty() {
        "none (the game is over)".to_string()
    } else {
        solved
            .best_moves
            .iter()
            .map(|c| c.0.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    Ok(Report::answer(&solved.answer).fields([
        Field::shown("board", &rows, "board", rows.join("|")),
        Field::new("to_move", board.to_move()),
        Field::shown(
            "remoteness",
            solved.remoteness,
            "remoteness",
            super::remoteness_text(solved.answer.outcome, solved.remoteness),
        ),
        Field::shown("best_moves", &solved.best_moves, "best moves", best_text),
        Field::new("positions", solved.positions),
    ]))
}

/// `grundy search connect4 POSITION`: the exact score of a Connect Four position by
/// alpha-beta search with a transposition table ([`search`]).
///
/// Text: the board, who is to move, the outcome for the player to move, the score (Pons's:
/// 22 − the winner's stones on 7 × 6, see [`search`]) and the move on which the game ends, a
/// best move, the principal line, the nodes searched and the table's size. JSON: `{"game",
/// "board", "to_move", "outcome", "score", "ends_on_move", "best_move", "line", "nodes",
/// "table_bytes", "threads"}` (columns from 1; `ends_on_move` and `best_move` null where
/// there is none).
struct Connect4Search;

impl Searchable for Connect4Search {
    fn search(&self, inputs: &Inputs, budget: &Budget) -> Result<Report, RunError> {
        let text = inputs.value("position").unwrap_or("");
        // Read into 128 bits, searched in 64 where the board fits them (the faster search).
        let board = read_board::<u128>(inputs, text, (7, 6))?;
        match board.narrow() {
            Some(board) => search_board(inputs, budget, &board),
            None => search_board(inputs, budget, &board),
        }
    }
}

/// Searches `board` held in words `W` and reports (see [`Connect4Search`]).
fn search_board<W: Word>(
    inputs: &Inputs,
    budget: &Budget,
    board: &Board<W>,
) -> Result<Report, RunError> {
    let threads = super::search::threads(inputs)?;
    let options = search::Options {
        table_bytes: super::search::table_bytes(inputs)?,
        threads,
        ..search::Options::default()
    };
    let searcher = search::Searcher::<W>::new(board.game, options, budget)?;
    let searched = searcher.search_watched(board.position, budget, inputs.progress())?;
    Ok(searched_report(board, &searcher, &searched, threads))
}

/// The report of a search (see [`Connect4Search`]).
fn searched_report<W: Word>(
    board: &Board<W>,
    searcher: &search::Searcher<W>,
    searched: &search::Searched,
    threads: usize,
) -> Report {
    let game = board.game;
    let cells = game.width() * game.height();
    let stones = board.position.mask.count_ones();
    let verdict = search::Verdict::of(searched.score, stones, cells);
    let (outcome, ends) = match verdict {
        search::Verdict::Win(m) => (Outcome::Win, Some(m)),
        search::Verdict::Loss(m) => (Outcome::Loss, Some(m)),
        search::Verdict::Draw => (Outcome::Draw, None),
    };
    let over = game.ended(&board.position).is_some();
    let ends_text = match (verdict, over) {
        (_, true) => "the game is over".to_string(),
        (search::Verdict::Draw, _) => "a draw: the board fills without four".to_string(),
        (search::Verdict::Win(m), _) => {
            format!("the player to move makes four on move {m} of the game")
        }
        (search::Verdict::Loss(m), _) => {
            format!("the opponent makes four on move {m} of the game")
        }
    };
    let columns: Vec<u32> = searched.line.iter().map(|c| c + 1).collect();
    let line_text = if columns.is_empty() {
        "none (the game is over)".to_string()
    } else {
        columns.iter().map(u32::to_string).collect::<String>()
    };
    let rows = board.rows();
    Report::new().fields([
        Field::new("game", "connect4"),
        Field::shown("board", &rows, "board", rows.join("|")),
        Field::new("to_move", board.to_move()),
        Field::shown(
            "outcome",
            outcome,
            "outcome",
            format!("{outcome} (for the player to move)"),
        ),
        Field::new("score", searched.score),
        Field::shown("ends_on_move", ends, "end", ends_text),
        Field::shown(
            "best_move",
            searched.best.map(|c| c + 1),
            "best move",
            searched
                .best
                .map_or("none".to_string(), |c| format!("column {}", c + 1)),
        ),
        Field::shown("line", &columns, "principal line", line_text),
        Field::new("nodes", searched.nodes),
        Field::shown(
            "table_bytes",
            searcher.table_bytes(),
            "table",
            grundy::budget::show_bytes(searcher.table_bytes()),
        ),
        Field::new("threads", threads),
    ])
}
