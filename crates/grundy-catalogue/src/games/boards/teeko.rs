//! Teeko (John Scarne, 1937): black and red each hold four pieces; on a 5 × 5 board they drop
//! them in turn on empty cells (black first) until all eight are down, then a turn moves one
//! of one's pieces to an adjacent empty cell (a king's step: 8 directions). A player whose four
//! pieces stand four in a row (row, column or diagonal, contiguous) or on a 2 × 2 square wins:
//! the 44 goals of Standard Teeko. Advanced Teeko (`advanced`) adds the corners of every larger
//! square (3 × 3, 4 × 4, 5 × 5: 58 goals). Guy Steele solved both (1998): Standard Teeko is a
//! draw, Advanced Teeko a first-player win.
//!
//! Smaller games for the tests keep the rules on an N × N board (N from 3 to 5) with K pieces
//! each (3 or 4, K ≤ N): the goals are K in a contiguous row, and with four pieces the
//! squares too. A player who cannot move loses (possible on the small boards only). A repeated
//! position is no rule: play that goes on for ever is a draw (the solver's cycles).
//!
//! Positions are tiered by the pieces on the board, 0 to 2K: a drop adds one (the next tier);
//! black has ⌈t/2⌉ pieces and red ⌊t/2⌋, so the player to move follows from the tier. The last
//! tier, every piece down, is the moving phase: its steps stay in it (cycles, solved by
//! retrograde analysis over un-moves, 3 bytes a position), and it holds both players to move,
//! black first. Within a side a board is ranked by its arrangement, black's cells among the N²
//! then red's among the rest ([`super::arrange`]'s numbering, computed here on bitboards with
//! a table of binomials, since every move is ranked). Standard Teeko's moving phase numbers
//! 2 · C(25, 4) · C(21, 4) = 151,420,500 positions, every board ranked, reachable or not.

use std::marker::PhantomData;
use std::ops::Range;

use super::arrange::binomial;
use super::grid::{self, Stones};
use super::{max_positions, BoardGame, BoardRules, SOLVED};
use crate::games::{Inputs, Param, RunError};
use grundy::outcome::Outcome;
use grundy::rules::tiered::TierRanking;
use grundy::rules::{Game, Moves};

/// The boards' sides, smallest to largest.
pub const SIZES: std::ops::RangeInclusive<usize> = 3..=5;

/// A position: the cells of black's and red's pieces (bit `r · N + c` for row `r` from the top
/// and column `c` from the left) and who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TeekoPosition {
    /// Black's pieces.
    pub black: u32,
    /// Red's pieces.
    pub red: u32,
    /// Whether black is to move (else red).
    pub black_to_move: bool,
}

impl TeekoPosition {
    /// The pieces of the player to move and of the other.
    fn sides(&self) -> (u32, u32) {
        if self.black_to_move {
            (self.black, self.red)
        } else {
            (self.red, self.black)
        }
    }

    /// The position with `mover`'s pieces those of the player to move, black if `black_to_move`.
    fn from_sides(mover: u32, other: u32, black_to_move: bool) -> TeekoPosition {
        if black_to_move {
            TeekoPosition {
                black: mover,
                red: other,
                black_to_move,
            }
        } else {
            TeekoPosition {
                black: other,
                red: mover,
                black_to_move,
            }
        }
    }
}

/// Teeko's rules on a board of a size, with some pieces, standard or advanced.
#[derive(Debug, Clone)]
pub struct Teeko {
    size: usize,
    pieces: u32,
    advanced: bool,
    /// The goals, as masks of the cells.
    goals: Vec<u32>,
    /// The cells a king's step away from each cell, as a mask.
    adjacent: Vec<u32>,
    /// `C(n, k)` for `n, k ≤ N²`.
    binomials: Vec<Vec<u64>>,
}

impl Teeko {
    /// Teeko on an N × N board with K pieces each, advanced (the corners of larger squares
    /// win too) or not, or what is wrong with the choice. O(N⁴).
    pub fn new(size: usize, pieces: u32, advanced: bool) -> Result<Teeko, String> {
        if !SIZES.contains(&size) {
            return Err(format!(
                "Teeko is played here on boards of 3 to 5 cells a side, not {size}"
            ));
        }
        if !(3..=4).contains(&pieces) || pieces as usize > size {
            let takes = if size == 3 { "3" } else { "3 or 4" };
            return Err(format!(
                "a {size} × {size} board takes {takes} pieces a side, not {pieces}"
            ));
        }
        if advanced && pieces != 4 {
            return Err("Advanced Teeko's squares need four pieces a side".to_string());
        }
        let n = size as i32;
        let k = pieces as i32;
        let cell = |r: i32, c: i32| 1u32 << (r * n + c);
        let inside = |r: i32, c: i32| (0..n).contains(&r) && (0..n).contains(&c);
        let mut goals = Vec::new();
        // K in a contiguous row, column or diagonal.
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
            for r in 0..n {
                for c in 0..n {
                    if inside(r + (k - 1) * dr, c + (k - 1) * dc) {
                        goals.push((0..k).map(|i| cell(r + i * dr, c + i * dc)).sum());
                    }
                }
            }
        }
        // The squares' corners: side 1 (2 × 2) always with four pieces, larger if advanced.
        if pieces == 4 {
            let largest = if advanced { n - 1 } else { 1 };
            for s in 1..=largest {
                for r in 0..n - s {
                    for c in 0..n - s {
                        goals.push(
                            cell(r, c) | cell(r, c + s) | cell(r + s, c) | cell(r + s, c + s),
                        );
                    }
                }
            }
        }
        let adjacent = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let mut mask = 0;
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        if (dr, dc) != (0, 0) && inside(r + dr, c + dc) {
                            mask |= cell(r + dr, c + dc);
                        }
                    }
                }
                mask
            })
            .collect();
        let cells = (size * size) as u64;
        let binomials = (0..=cells)
            .map(|n| (0..=cells).map(|k| binomial(n, k)).collect())
            .collect();
        Ok(Teeko {
            size,
            pieces,
            advanced,
            goals,
            adjacent,
            binomials,
        })
    }

    /// Standard Teeko: 5 × 5, four pieces each, 44 goals.
    pub fn standard() -> Teeko {
        Teeko::new(5, 4, false).expect("the standard rules are valid")
    }

    /// The number of goals (44 for Standard Teeko, 58 for Advanced).
    pub fn goal_count(&self) -> usize {
        self.goals.len()
    }

    /// The cells of the board.
    fn cells(&self) -> u32 {
        (self.size * self.size) as u32
    }

    /// The whole board's cells.
    fn board(&self) -> u32 {
        (1u32 << self.cells()) - 1
    }

    /// Whether `mask` covers a goal.
    fn has_goal(&self, mask: u32) -> bool {
        self.goals.iter().any(|&g| g & !mask == 0)
    }

    /// The last tier: every piece down, the moving phase.
    fn moving_tier(&self) -> u32 {
        2 * self.pieces
    }

    /// Black's and red's pieces in tier `t`.
    fn counts(&self, tier: u32) -> (u32, u32) {
        (tier.div_ceil(2), tier / 2)
    }

    /// The boards of `black` and `red` pieces: `C(N², black) · C(N² − black, red)`.
    fn boards(&self, black: u32, red: u32) -> u64 {
        let n = self.cells() as usize;
        self.binomials[n][black as usize] * self.binomials[n - black as usize][red as usize]
    }

    /// The rank of the set `mask` among the sets of as many of `free`'s cells: the
    /// combinatorial number system over `free`'s cells in order. O(N²).
    fn combination_rank(&self, mask: u32, free: u32) -> u64 {
        let (mut rank, mut seen, mut found) = (0, 0, 0);
        let mut rest = free;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if mask & bit != 0 {
                found += 1;
                rank += self.binomials[seen][found];
            }
            seen += 1;
        }
        rank
    }

    /// The set of `k` of `free`'s cells with combination rank `rank`: the inverse of
    /// [`Teeko::combination_rank`]. O(N²).
    fn combination_unrank(&self, mut rank: u64, k: usize, free: u32) -> u32 {
        let mut cells = [0u8; 32];
        let mut len = 0;
        let mut rest = free;
        while rest != 0 {
            cells[len] = rest.trailing_zeros() as u8;
            len += 1;
            rest &= rest - 1;
        }
        let mut mask = 0;
        let mut p = len;
        for j in (1..=k).rev() {
            // The largest position p with C(p, j) ≤ rank.
            p -= 1;
            while self.binomials[p][j] > rank {
                p -= 1;
            }
            rank -= self.binomials[p][j];
            mask |= 1 << cells[p];
        }
        mask
    }

    /// The cell named `a1` (column from the left, row from the bottom).
    fn cell_name(&self, cell: u32) -> String {
        let (row, column) = (cell as usize / self.size, cell as usize % self.size);
        format!("{}{}", (b'a' + column as u8) as char, self.size - row)
    }

    /// Calls `each(from, to, next)` with every move of `p`, in move order: a drop on each
    /// empty cell (`from` none) while pieces are in hand, else each piece (cell order) to each
    /// adjacent empty cell.
    fn for_each_move(
        &self,
        p: &TeekoPosition,
        mut each: impl FnMut(Option<u32>, u32, TeekoPosition),
    ) {
        let (mover, other) = p.sides();
        let empty = self.board() & !(mover | other);
        let placed = mover.count_ones() + other.count_ones();
        if placed < self.moving_tier() {
            for to in bits(empty) {
                each(
                    None,
                    to,
                    TeekoPosition::from_sides(other, mover | 1 << to, !p.black_to_move),
                );
            }
        } else {
            for from in bits(mover) {
                for to in bits(self.adjacent[from as usize] & empty) {
                    let moved = mover & !(1 << from) | 1 << to;
                    each(
                        Some(from),
                        to,
                        TeekoPosition::from_sides(other, moved, !p.black_to_move),
                    );
                }
            }
        }
    }
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}

impl Game for Teeko {
    type Position = TeekoPosition;

    fn moves(&self, p: &TeekoPosition, out: &mut Moves<TeekoPosition>) {
        self.for_each_move(p, |_, _, q| out.push(q));
    }

    /// The goal just made wins for its maker: a loss for the player to move. A goal of the
    /// mover's own (no position of a game: the game ended when it was made) is a win, so that
    /// every ranked board has a value.
    fn result(&self, p: &TeekoPosition) -> Option<Outcome> {
        let (mover, other) = p.sides();
        if self.has_goal(other) {
            Some(Outcome::Loss)
        } else if self.has_goal(mover) {
            Some(Outcome::Win)
        } else {
            None
        }
    }
}

impl TierRanking for Teeko {
    fn name(&self) -> String {
        let mut name = "teeko".to_string();
        if self.size != 5 {
            name += &format!(" {0}x{0}", self.size);
        }
        if self.pieces != 4 {
            name += &format!(" {} pieces", self.pieces);
        }
        if self.advanced {
            name += " advanced";
        }
        name
    }

    fn tier_count(&self) -> u32 {
        self.moving_tier() + 1
    }

    /// The pieces on the board; `tier_count()` for a board of other counts (`read` refuses
    /// it).
    fn tier(&self, p: &TeekoPosition) -> u32 {
        let (b, r) = (p.black.count_ones(), p.red.count_ones());
        if (b == r || b == r + 1) && b <= self.pieces {
            b + r
        } else {
            self.tier_count()
        }
    }

    fn tier_size(&self, tier: u32) -> u64 {
        let (b, r) = self.counts(tier);
        let turns = if tier == self.moving_tier() { 2 } else { 1 };
        turns * self.boards(b, r)
    }

    /// Black's combination among the N² cells, then red's among the cells left; in the moving
    /// phase black to move first, then red. O(N²).
    fn rank(&self, p: &TeekoPosition) -> u64 {
        let (b, r) = (p.black.count_ones(), p.red.count_ones());
        let n = self.cells() as usize;
        let board = self.board();
        let within = self.combination_rank(p.black, board)
            * self.binomials[n - b as usize][r as usize]
            + self.combination_rank(p.red, board & !p.black);
        if b + r == self.moving_tier() && !p.black_to_move {
            self.boards(b, r) + within
        } else {
            within
        }
    }

    fn unrank(&self, tier: u32, rank: u64) -> TeekoPosition {
        let (b, r) = self.counts(tier);
        let side = self.boards(b, r);
        let (black_to_move, within) = if tier < self.moving_tier() {
            (tier % 2 == 0, rank)
        } else if rank < side {
            (true, rank)
        } else {
            (false, rank - side)
        };
        let n = self.cells() as usize;
        let radix = self.binomials[n - b as usize][r as usize];
        let board = self.board();
        let black = self.combination_unrank(within / radix, b as usize, board);
        let red = self.combination_unrank(within % radix, r as usize, board & !black);
        TeekoPosition {
            black,
            red,
            black_to_move,
        }
    }

    /// A drop reaches the next tier; the moving phase none.
    fn later_tiers(&self, tier: u32) -> Range<u32> {
        if tier < self.moving_tier() {
            tier + 1..tier + 2
        } else {
            self.tier_count()..self.tier_count()
        }
    }

    /// The moving phase is one tier full of cycles: by un-moves it takes about 3 bytes a
    /// position instead of the in-tier graph's tens (151,420,500 positions in Standard Teeko).
    const UNMOVES: bool = true;

    /// The positions of the moving phase with a move to `p`: the player who just moved takes
    /// a piece back to an empty cell a step away. Positions where the game was already over
    /// are left out; a drop is a move from another tier, and the drop phase has no un-moves.
    /// O(K × 8).
    fn predecessors(&self, p: &TeekoPosition, out: &mut Vec<TeekoPosition>) {
        let (mover, other) = p.sides();
        if mover.count_ones() + other.count_ones() < self.moving_tier() {
            return;
        }
        let empty = self.board() & !(mover | other);
        for to in bits(other) {
            for from in bits(self.adjacent[to as usize] & empty) {
                let theirs = other & !(1 << to) | 1 << from;
                // Before the move, the other player was to move.
                let before = TeekoPosition::from_sides(theirs, mover, !p.black_to_move);
                if self.result(&before).is_none() {
                    out.push(before);
                }
            }
        }
    }
}

/// Teeko's pieces as written: b (black) and r (red), `.` empty.
const STONES: Stones = Stones {
    players: [&["b", "black"], &["r", "red"]],
    letters: [&['b'], &['r']],
    thing: "cell",
    expected: "b (black), r (red) or . (empty)",
};

impl BoardRules for Teeko {
    fn from_inputs(inputs: &Inputs) -> Result<Self, RunError> {
        let size = inputs.whole("size")? as usize;
        let pieces = u32::try_from(inputs.whole("pieces")?).unwrap_or(u32::MAX);
        Teeko::new(size, pieces, inputs.given("advanced"))
            .map_err(|e| format!("{}: {e}", inputs.shown("size")).into())
    }

    fn from_argument(argument: &str) -> Result<Self, String> {
        let expected = "expected teeko or teeko:VARIANT, VARIANT words separated by commas: \
                        N (an N × N board, N from 3 to 5), pieces=K (3 or 4), advanced";
        let (mut size, mut pieces, mut advanced) = (5, 4, false);
        for word in argument.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let number = word
                .split_once('x')
                .filter(|(a, b)| a == b)
                .map_or(word, |(a, _)| a);
            if let Ok(n) = number.parse() {
                size = n;
            } else if let Some(k) = word.strip_prefix("pieces=") {
                pieces = k
                    .parse()
                    .map_err(|_| format!("teeko:{argument}: '{word}': the pieces are a number"))?;
            } else if word == "advanced" {
                advanced = true;
            } else {
                return Err(format!("teeko:{argument}: '{word}'? {expected}"));
            }
        }
        Teeko::new(size, pieces, advanced).map_err(|e| format!("teeko:{argument}: {e}"))
    }

    fn from_name(name: &str) -> Option<Self> {
        // Few rules exist: the one whose name is `name`.
        SIZES
            .flat_map(|n| [3, 4].map(|k| (n, k)))
            .flat_map(|(n, k)| [false, true].map(|a| (n, k, a)))
            .filter_map(|(n, k, a)| Teeko::new(n, k, a).ok())
            .find(|rules| rules.name() == name)
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let mut settings = vec![
            ("size", self.size.to_string()),
            ("pieces", self.pieces.to_string()),
        ];
        if self.advanced {
            settings.push(("advanced", String::new()));
        }
        settings
    }

    fn start(&self) -> TeekoPosition {
        TeekoPosition {
            black: 0,
            red: 0,
            black_to_move: true,
        }
    }

    fn read(&self, text: &str) -> Result<TeekoPosition, String> {
        let ([black, red], black_to_move) = grid::read(text, self.size, &STONES)?;
        let (b, r) = (black.count_ones(), red.count_ones());
        let k = self.pieces;
        if b > k || r > k {
            return Err(format!("black has {b} pieces and red {r}: each has {k}"));
        }
        if b != r && b != r + 1 {
            return Err(format!(
                "black has {b} pieces and red {r}: black drops first, so black has as many as \
                 red or one more"
            ));
        }
        if b + r < 2 * k && black_to_move != (b == r) {
            return Err(format!(
                "with {b} black and {r} red pieces down, {} is to drop",
                if b == r { "black" } else { "red" }
            ));
        }
        Ok(TeekoPosition {
            black,
            red,
            black_to_move,
        })
    }

    fn write(&self, p: &TeekoPosition) -> String {
        grid::write([p.black, p.red], p.black_to_move, self.size, &STONES)
    }

    fn rows(&self, p: &TeekoPosition) -> Vec<String> {
        grid::rows([p.black, p.red], self.size, &STONES)
    }

    fn to_move(&self, p: &TeekoPosition) -> String {
        let mover = if p.black_to_move { "black" } else { "red" };
        let k = self.pieces;
        let (b, r) = (p.black.count_ones(), p.red.count_ones());
        if b + r < 2 * k {
            format!(
                "{mover} to move (in hand: black {}, red {})",
                k.saturating_sub(b),
                k.saturating_sub(r)
            )
        } else {
            format!("{mover} to move")
        }
    }

    /// Each move as players write it: the cell of a drop (`c3`), or a step from a cell to
    /// the next (`c3-d4`).
    fn named_moves(&self, p: &TeekoPosition) -> Vec<(String, TeekoPosition)> {
        let mut named = Vec::new();
        if self.result(p).is_none() {
            self.for_each_move(p, |from, to, q| {
                let name = match from {
                    Some(from) => format!("{}-{}", self.cell_name(from), self.cell_name(to)),
                    None => self.cell_name(to),
                };
                named.push((name, q));
            });
        }
        named
    }
}

/// The variant parameters.
const VARIANTS: [Param; 3] = [
    Param::option(
        "size",
        "N",
        "The board's side: 5 (Teeko), or 3 or 4 for a smaller game",
    )
    .default("5")
    .whole("a size", 3)
    .at_most(5),
    Param::option(
        "pieces",
        "K",
        "The pieces each player drops: 4 (Teeko), or 3 for a smaller game won by three in a row",
    )
    .default("4")
    .whole("pieces", 3)
    .at_most(4),
    Param::flag(
        "advanced",
        "Advanced Teeko: the corners of a square of any size win too (58 goals instead of 44)",
    ),
];

/// `grundy teeko [POSITION]`: a position's value, best moves named by cell (`c3` a drop,
/// `c3-d4` a step).
pub static TEEKO: BoardGame<Teeko> = BoardGame {
    name: "teeko",
    title: "Teeko",
    about: "Teeko (black first; drop four pieces each, then step one to an adjacent empty cell; \
            four in a row or on a 2 × 2 square wins; advanced: the corners of any square): \
            outcome, remoteness and best moves; solved strongly by the pieces on the board",
    notation: "the rows top to bottom separated by |, of b (black), r (red) and . (empty), then \
               the player to move: b....|.r...|.....|.....|..... b",
    params: &[
        Param::arg(
            "position",
            "POSITION",
            "The board: rows top to bottom separated by |, of b, r and . (empty), then b or r, \
             the player to move (default: the empty board, black to move)",
        )
        .optional(),
        VARIANTS[0].excludes(&["solved"]),
        VARIANTS[1].excludes(&["solved"]),
        VARIANTS[2].excludes(&["solved"]),
        SOLVED,
        max_positions("1000000"),
    ],
    variants: &VARIANTS,
    example: &[
        ("size", "3"),
        ("pieces", "3"),
        ("position", "b.r|.r.|b.. b"),
    ],
    play_syntax: "teeko:VARIANT",
    play_example: "teeko:3,pieces=3",
    example_folder: "teeko-3",
    plays: &[&TEEKO],
    rules: PhantomData,
};
