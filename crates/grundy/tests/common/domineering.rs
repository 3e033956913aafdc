//! Domineering for the tests and the benchmark: Left places vertical dominoes, Right
//! horizontal ones, on the empty cells of a board. A position's value is computed by
//! splitting it into independent regions (4-connected components of empty cells), valuing
//! each region from its options' values (memoised by region) and adding the regions.

use rustc_hash::FxHashMap as HashMap;

use grundy::partizan::{GameId, GameStore};

/// A board of at most 64 cells, row by row; a set bit is an empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub rows: u32,
    pub cols: u32,
    pub empty: u64,
}

impl Board {
    /// An empty board.
    pub fn empty(rows: u32, cols: u32) -> Board {
        assert!(rows * cols <= 64);
        let cells = rows * cols;
        Board {
            rows,
            cols,
            empty: if cells == 64 {
                u64::MAX
            } else {
                (1u64 << cells) - 1
            },
        }
    }

    /// Rows separated by `|`: `.` empty, anything else filled.
    pub fn parse(text: &str) -> Board {
        let lines: Vec<&str> = if text.is_empty() {
            Vec::new()
        } else {
            text.split('|').collect()
        };
        let rows = lines.len() as u32;
        let cols = lines.first().map_or(0, |l| l.len() as u32);
        let mut empty = 0;
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == '.' {
                    empty |= 1u64 << (r as u32 * cols + c as u32);
                }
            }
        }
        Board { rows, cols, empty }
    }

    fn bit(&self, r: u32, c: u32) -> u64 {
        1u64 << (r * self.cols + c)
    }

    /// The placements of one player: the pairs of cells a domino covers.
    fn moves(&self, vertical: bool) -> Vec<u64> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
                if r2 >= self.rows || c2 >= self.cols {
                    continue;
                }
                let pair = self.bit(r, c) | self.bit(r2, c2);
                if self.empty & pair == pair {
                    out.push(pair);
                }
            }
        }
        out
    }

    /// The cells 4-adjacent to those of `mask`.
    fn neighbours(&self, mask: u64) -> u64 {
        let cells = self.rows * self.cols;
        let all = if cells == 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        let mut first_column = 0u64;
        for r in 0..self.rows {
            first_column |= self.bit(r, 0);
        }
        let last_column = first_column << (self.cols - 1);
        let right = (mask & !last_column) << 1;
        let left = (mask & !first_column) >> 1;
        (right | left | mask << self.cols | mask >> self.cols) & all
    }

    /// The 4-connected regions of empty cells, by flood fill on bit masks.
    fn regions(&self) -> Vec<u64> {
        let mut rest = self.empty;
        let mut out = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & self.empty;
                if grown == region {
                    break;
                }
                region = grown;
            }
            out.push(region);
            rest &= !region;
        }
        out
    }
}

/// The canonical form of a position, by regions, memoised in `memo`.
pub fn value_with(store: &mut GameStore, board: &Board, memo: &mut HashMap<u64, GameId>) -> GameId {
    let mut total = GameId::ZERO;
    for region in board.regions() {
        let part = Board {
            empty: region,
            ..*board
        };
        let v = region_value(store, &part, memo);
        total = store.sum(total, v).unwrap();
    }
    total
}

fn region_value(store: &mut GameStore, board: &Board, memo: &mut HashMap<u64, GameId>) -> GameId {
    if let Some(&v) = memo.get(&board.empty) {
        return v;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (k, vertical) in [true, false].into_iter().enumerate() {
        for pair in board.moves(vertical) {
            let next = Board {
                empty: board.empty & !pair,
                ..*board
            };
            sides[k].push(value_with(store, &next, memo));
        }
    }
    let v = store.game(&sides[0], &sides[1]).unwrap();
    memo.insert(board.empty, v);
    v
}

/// The canonical form of a position.
pub fn value(store: &mut GameStore, board: &Board) -> GameId {
    value_with(store, board, &mut HashMap::default())
}
