//! Tic-tac-toe, and its misère form (three in a row loses): x and o take turns filling a cell
//! of a 3 × 3 board, x first; three of one's own in a row, column or diagonal ends the game.
//! 5,478 positions are reachable from the empty board (4,520 of them with play going on, the
//! rest ended); the empty board is a draw.
//!
//! Positions are tiered by the stones on the board (0 to 9): every move adds one. Within a
//! tier, x has ⌈t/2⌉ stones and o ⌊t/2⌋, so a position's rank is its arrangement among the
//! 9 cells ([`super::arrange`]); the tiers number 6,046 boards in all, some of which no game
//! reaches (both players with a line), solved by the rules too.

use std::marker::PhantomData;

use super::arrange::Arrangements;
use super::{max_positions, BoardGame, BoardRules, SOLVED};
use crate::games::{Inputs, Param, RunError};
use grundy::outcome::Outcome;
use grundy::rules::tiered::TierRanking;
use grundy::rules::{Game, Moves};

/// A position: each cell 0 (empty), 1 (x) or 2 (o), row by row from the top; x is to move
/// when both have as many stones.
pub type Board = [u8; 9];

/// The eight lines of three of a 3 × 3 board, cells numbered row by row from the top (Gobblet
/// Gobblers' too).
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Tic-tac-toe's rules: normal (three in a row wins) or misère (three in a row loses).
#[derive(Debug, Clone)]
pub struct TicTacToe {
    misere: bool,
    /// Each tier's arrangements: `t` stones, ⌈t/2⌉ of x and ⌊t/2⌋ of o.
    tiers: Vec<Arrangements>,
}

impl TicTacToe {
    /// The rules, in misère form if `misere`. O(1).
    pub fn new(misere: bool) -> TicTacToe {
        let tiers = (0..=9u32)
            .map(|t| Arrangements::new(9, &[t.div_ceil(2), t / 2]).expect("9 cells fit"))
            .collect();
        TicTacToe { misere, tiers }
    }

    /// Whether `stone` (1 or 2) has three in a row.
    fn has_line(board: &Board, stone: u8) -> bool {
        LINES.iter().any(|l| l.iter().all(|&c| board[c] == stone))
    }

    /// The stone of the player to move: 1 (x) when both have as many, else 2 (o).
    fn mover(board: &Board) -> u8 {
        let stones = board.iter().filter(|&&c| c != 0).count();
        if stones % 2 == 0 {
            1
        } else {
            2
        }
    }
}

impl Game for TicTacToe {
    type Position = Board;

    fn moves(&self, p: &Board, out: &mut Moves<Board>) {
        let stone = TicTacToe::mover(p);
        for cell in (0..9).filter(|&c| p[c] == 0) {
            let mut next = *p;
            next[cell] = stone;
            out.push(next);
        }
    }

    fn result(&self, p: &Board) -> Option<Outcome> {
        let mover = TicTacToe::mover(p);
        let other = 3 - mover;
        // A line ends the game: normally its maker wins, in misère play loses.
        let line = if TicTacToe::has_line(p, other) {
            Some(Outcome::Loss)
        } else if TicTacToe::has_line(p, mover) {
            Some(Outcome::Win)
        } else {
            None
        };
        match line {
            Some(o) if self.misere => Some(o.flip()),
            Some(o) => Some(o),
            None if p.iter().all(|&c| c != 0) => Some(Outcome::Draw),
            None => None,
        }
    }
}

impl TierRanking for TicTacToe {
    fn name(&self) -> String {
        if self.misere {
            "tic-tac-toe misère".to_string()
        } else {
            "tic-tac-toe".to_string()
        }
    }

    fn tier_count(&self) -> u32 {
        10
    }

    fn tier(&self, p: &Board) -> u32 {
        p.iter().filter(|&&c| c != 0).count() as u32
    }

    fn tier_size(&self, tier: u32) -> u64 {
        self.tiers[tier as usize].count()
    }

    fn rank(&self, p: &Board) -> u64 {
        // Every board of its tier's counts has a rank; a board of other counts is no
        // position of the game (`read` refuses it).
        self.tiers[self.tier(p) as usize]
            .rank(p)
            .unwrap_or(u64::MAX)
    }

    fn unrank(&self, tier: u32, rank: u64) -> Board {
        let mut board = [0; 9];
        self.tiers[tier as usize].unrank(rank, &mut board);
        board
    }

    fn later_tiers(&self, tier: u32) -> std::ops::Range<u32> {
        tier + 1..(tier + 2).min(10)
    }
}

/// A cell's name: its column `a` to `c` from the left, its row `1` to `3` from the bottom.
fn cell_name(cell: usize) -> String {
    let (row, column) = (cell / 3, cell % 3);
    format!("{}{}", (b'a' + column as u8) as char, 3 - row)
}

impl BoardRules for TicTacToe {
    fn from_inputs(inputs: &Inputs) -> Result<Self, RunError> {
        Ok(TicTacToe::new(inputs.given("misere")))
    }

    fn from_argument(argument: &str) -> Result<Self, String> {
        match argument.trim() {
            "" => Ok(TicTacToe::new(false)),
            "misere" | "misère" => Ok(TicTacToe::new(true)),
            other => Err(format!(
                "tic-tac-toe:{other}: expected tic-tac-toe or tic-tac-toe:misere"
            )),
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        match name {
            "tic-tac-toe" => Some(TicTacToe::new(false)),
            "tic-tac-toe misère" => Some(TicTacToe::new(true)),
            _ => None,
        }
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        if self.misere {
            vec![("misere", String::new())]
        } else {
            Vec::new()
        }
    }

    fn start(&self) -> Board {
        [0; 9]
    }

    fn read(&self, text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text.trim().split(['|', '\n', '/']).map(str::trim).collect();
        if rows.len() != 3 {
            return Err(format!(
                "expected 3 rows separated by |, like x.o|.x.|..o; found {}",
                rows.len()
            ));
        }
        let mut board = [0; 9];
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != 3 {
                return Err(format!(
                    "row {} has {} cells: expected 3 of x, o and .",
                    r + 1,
                    cells.len()
                ));
            }
            for (c, ch) in cells.iter().enumerate() {
                board[3 * r + c] = match ch.to_ascii_lowercase() {
                    '.' | '-' | '_' => 0,
                    'x' => 1,
                    'o' | '0' => 2,
                    other => {
                        return Err(format!(
                            "row {}, column {}: '{other}' is not a cell: expected x, o or .",
                            r + 1,
                            c + 1
                        ))
                    }
                };
            }
        }
        let count = |s| board.iter().filter(|&&c| c == s).count();
        let (x, o) = (count(1), count(2));
        if x != o && x != o + 1 {
            return Err(format!(
                "x has {x} stones and o {o}: x moves first, so x has as many as o or one more"
            ));
        }
        Ok(board)
    }

    fn write(&self, p: &Board) -> String {
        self.rows(p).join("|")
    }

    fn rows(&self, p: &Board) -> Vec<String> {
        p.chunks(3)
            .map(|row| row.iter().map(|&c| [".", "x", "o"][c as usize]).collect())
            .collect()
    }

    fn to_move(&self, p: &Board) -> String {
        format!("{} to move", ["", "x", "o"][TicTacToe::mover(p) as usize])
    }

    fn named_moves(&self, p: &Board) -> Vec<(String, Board)> {
        if self.result(p).is_some() {
            return Vec::new();
        }
        let stone = TicTacToe::mover(p);
        (0..9)
            .filter(|&c| p[c] == 0)
            .map(|c| {
                let mut next = *p;
                next[c] = stone;
                (cell_name(c), next)
            })
            .collect()
    }
}

/// The variant parameters.
const VARIANTS: [Param; 1] = [Param::flag("misere", "Misère play: three in a row loses")];

/// `grundy tic-tac-toe [POSITION]`: a position's value, best moves by cell (`b2`: columns a
/// to c, rows 1 to 3 from the bottom).
pub static TIC_TAC_TOE: BoardGame<TicTacToe> = BoardGame {
    name: "tic-tac-toe",
    title: "Tic-tac-toe",
    about: "Tic-tac-toe (x first; in misère play three in a row loses): outcome, remoteness and \
            best moves; solved strongly by stones on the board",
    notation: "the rows top to bottom separated by |, of x, o and . (empty): x.o|.x.|...; x \
               moves when both have as many stones",
    params: &[
        Param::arg(
            "position",
            "POSITION",
            "The board: rows top to bottom separated by |, of x, o and . (default: empty)",
        )
        .optional(),
        VARIANTS[0].excludes(&["solved"]),
        SOLVED,
        max_positions("100000"),
    ],
    variants: &VARIANTS,
    example: &[("position", "x.o|.x.|...")],
    play_syntax: "tic-tac-toe:VARIANT",
    play_example: "tic-tac-toe",
    example_folder: "ttt",
    plays: &[&TIC_TAC_TOE],
    rules: PhantomData,
};
