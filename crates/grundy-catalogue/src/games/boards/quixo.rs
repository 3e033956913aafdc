//! Quixo on an N × N board (N from 3 to 5; 5 is the published game): every cube starts blank;
//! a move takes a blank cube or one of the mover's own from the board's edge, turns it to the
//! mover's symbol and pushes it back in at another end of its row or column (never where it
//! was taken), sliding that line by one. A line of N of one's own (row, column or diagonal)
//! wins; a move that makes a line of the opponent's loses, even if it makes one's own too (the
//! rule of the published solution: Tanaka, Bonnet, Tixeuil and Tamura, "Quixo Is Solved",
//! arXiv 2007.15895). Play may go on for ever: a draw is a position neither player can win.
//!
//! Positions are tiered by their class, the count of x cubes and of o cubes: taking a blank
//! adds a cube of the mover's (a tier of one more cube, later), taking one's own keeps the
//! counts (a move inside the tier: cycles, solved by retrograde analysis over un-moves). A
//! tier holds both players to move, x first; within a side, the rank is the board's
//! arrangement of x and o among the N² cells ([`super::arrange`]'s numbering, computed here
//! on bitboards with a table of binomials, since every move is ranked). 4 × 4 numbers
//! 2 · 3^16 = 86,093,442 positions, 5 × 5 2 · 3^25 ≈ 1.7 · 10^12. The classes only fill up:
//! the boards of some classes and every class with more cubes of each are closed under moves,
//! a game of their own ([`Quixo::from_classes`]): the full boards of 5 × 5 (no blank), one
//! class at a time, are how the published counts are checked here.

use std::marker::PhantomData;

use super::arrange::binomial;
use super::grid::{self, Stones};
use super::{max_positions, BoardGame, BoardRules, SOLVED};
use crate::games::{Inputs, Param, RunError};
use grundy::outcome::Outcome;
use grundy::rules::tiered::TierRanking;
use grundy::rules::{Game, Moves};

/// The smallest and the largest side of a board.
pub const SIZES: std::ops::RangeInclusive<usize> = 3..=5;

/// A position: the cells holding x cubes and o cubes (bit `r · N + c` for row `r` from the top
/// and column `c` from the left; the other cells blank), and who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QuixoPosition {
    /// The x cubes.
    pub x: u32,
    /// The o cubes.
    pub o: u32,
    /// Whether x is to move (else o).
    pub x_to_move: bool,
}

impl QuixoPosition {
    /// The cubes of the player to move and of the other.
    fn sides(&self) -> (u32, u32) {
        if self.x_to_move {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    /// The position with `mover`'s cubes the player to move's, x to move if `x_to_move`.
    fn from_sides(mover: u32, other: u32, x_to_move: bool) -> QuixoPosition {
        if x_to_move {
            QuixoPosition {
                x: mover,
                o: other,
                x_to_move,
            }
        } else {
            QuixoPosition {
                x: other,
                o: mover,
                x_to_move,
            }
        }
    }
}

/// One way to move a cube: taken at `take`, pushed in at `put` (an end of a line through
/// `take`), the cells `slid` (from `put` up to `take`, `take` left out) moving one step
/// towards `take`.
#[derive(Debug, Clone, Copy)]
struct Push {
    take: u8,
    put: u8,
    slid: u32,
    /// The step, in bits: `+d` where the cells move to higher bits, `-d` to lower.
    shift: i8,
}

impl Push {
    /// `mask` with the cells `slid` moved one step (the cell `take` emptied first).
    fn slide(&self, mask: u32) -> u32 {
        let moving = mask & self.slid;
        let rest = mask & !self.slid & !(1 << self.take);
        rest | shift(moving, self.shift)
    }

    /// The cells `slid` after the slide: `put` left out, `take` in.
    fn landed(&self) -> u32 {
        shift(self.slid, self.shift)
    }

    /// `mask` with the slide undone: the cells [`Push::landed`] moved back (`take` emptied).
    fn unslide(&self, mask: u32) -> u32 {
        let landed = self.landed();
        (mask & !landed) | shift(mask & landed, -self.shift)
    }
}

/// `mask` moved by `by` bits (left where positive).
fn shift(mask: u32, by: i8) -> u32 {
    if by >= 0 {
        mask << by
    } else {
        mask >> -by
    }
}

/// Quixo's rules on a board of a size, over some classes of boards (every class by default).
#[derive(Debug, Clone)]
pub struct Quixo {
    size: usize,
    /// The tiers' classes (x cubes, o cubes), by cubes on the board, then by x's.
    classes: Vec<(u32, u32)>,
    /// Whether the classes are all of them (the game from the empty board).
    whole: bool,
    /// The tier of class (x, o) at `x · (N² + 1) + o`, or `u32::MAX` where it is not one.
    tier_of: Vec<u32>,
    /// The first tier of each count of cubes (and one past the last tier at the end).
    first_of_cubes: Vec<u32>,
    /// The lines of N cells: rows, columns, both diagonals.
    lines: Vec<u32>,
    /// Every way to move a cube, by the cell taken (row by row), then left, right, top,
    /// bottom end.
    pushes: Vec<Push>,
    /// `C(n, k)` for `n, k ≤ N²`.
    binomials: Vec<Vec<u64>>,
}

impl Quixo {
    /// Quixo on an N × N board, every class: the game from the empty board. `None` unless N
    /// is 3, 4 or 5. O(N⁴).
    pub fn new(size: usize) -> Option<Quixo> {
        let cells = (size * size) as u32;
        let all: Vec<(u32, u32)> = (0..=cells)
            .flat_map(|x| (0..=cells - x).map(move |o| (x, o)))
            .collect();
        Quixo::with_classes(size, all, true)
    }

    /// Quixo on an N × N board over the boards of the classes `seeds` (x cubes, o cubes)
    /// and every class with at least as many cubes of each: a set that moves never leave,
    /// since cubes only turn from blank. `None` unless N is 3 to 5 and each seed fits on the
    /// board. O(N⁴).
    pub fn from_classes(size: usize, seeds: &[(u32, u32)]) -> Option<Quixo> {
        let cells = (size * size) as u32;
        if seeds.is_empty() || seeds.iter().any(|&(x, o)| x + o > cells) {
            return None;
        }
        let classes = (0..=cells)
            .flat_map(|x| (0..=cells - x).map(move |o| (x, o)))
            .filter(|&(x, o)| seeds.iter().any(|&(sx, so)| x >= sx && o >= so))
            .collect();
        Quixo::with_classes(size, classes, seeds.contains(&(0, 0)))
    }

    /// The rules over `classes`, sorted here into tiers.
    fn with_classes(size: usize, mut classes: Vec<(u32, u32)>, whole: bool) -> Option<Quixo> {
        if !SIZES.contains(&size) {
            return None;
        }
        let cells = size * size;
        classes.sort_by_key(|&(x, o)| (x + o, x));
        let mut tier_of = vec![u32::MAX; (cells + 1) * (cells + 1)];
        let mut first_of_cubes = vec![classes.len() as u32; cells + 2];
        for (t, &(x, o)) in classes.iter().enumerate().rev() {
            tier_of[x as usize * (cells + 1) + o as usize] = t as u32;
            first_of_cubes[(x + o) as usize] = t as u32;
        }
        // A count of cubes with no class starts where the next count does.
        for s in (0..=cells).rev() {
            first_of_cubes[s] = first_of_cubes[s].min(first_of_cubes[s + 1]);
        }
        let cell = |r: usize, c: usize| 1u32 << (r * size + c);
        let mut lines = Vec::new();
        for i in 0..size {
            lines.push((0..size).map(|c| cell(i, c)).sum());
            lines.push((0..size).map(|r| cell(r, i)).sum());
        }
        lines.push((0..size).map(|i| cell(i, i)).sum());
        lines.push((0..size).map(|i| cell(i, size - 1 - i)).sum());
        let binomials = (0..=cells as u64)
            .map(|n| (0..=cells as u64).map(|k| binomial(n, k)).collect())
            .collect();
        Some(Quixo {
            size,
            classes,
            whole,
            tier_of,
            first_of_cubes,
            lines,
            pushes: Quixo::pushes(size),
            binomials,
        })
    }

    /// Every push of an N × N board, in move order.
    fn pushes(size: usize) -> Vec<Push> {
        let n = size as i32;
        let mut pushes = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if r != 0 && r != n - 1 && c != 0 && c != n - 1 {
                    continue;
                }
                // The ends of the row (step 1 along it) and of the column (step N).
                for (er, ec, step) in [(r, 0, 1), (r, n - 1, 1), (0, c, n), (n - 1, c, n)] {
                    let (take, put) = (r * n + c, er * n + ec);
                    if put == take {
                        continue;
                    }
                    // The cells from `put` to `take`, `take` left out, step by step.
                    let towards = if put < take { step } else { -step };
                    let slid = (0..)
                        .map(|i| put + i * towards)
                        .take_while(|&p| p != take)
                        .map(|p| 1u32 << p)
                        .sum();
                    pushes.push(Push {
                        take: take as u8,
                        put: put as u8,
                        slid,
                        shift: towards as i8,
                    });
                }
            }
        }
        pushes
    }

    /// The cells of the board.
    fn cells(&self) -> u32 {
        (self.size * self.size) as u32
    }

    /// Whether `mask` holds a whole line.
    fn has_line(&self, mask: u32) -> bool {
        self.lines.iter().any(|&l| l & !mask == 0)
    }

    /// The tier of class (x, o), if it is one of the rules'.
    fn class_tier(&self, x: u32, o: u32) -> Option<u32> {
        let cells = self.cells();
        if x + o > cells {
            return None;
        }
        let t = self.tier_of[(x * (cells + 1) + o) as usize];
        (t != u32::MAX).then_some(t)
    }

    /// The arrangements of class (x, o) on one side: `C(N², x) · C(N² − x, o)`.
    fn side_size(&self, x: u32, o: u32) -> u64 {
        let cells = self.cells() as usize;
        self.binomials[cells][x as usize] * self.binomials[cells - x as usize][o as usize]
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
    /// [`Quixo::combination_rank`]. O(N²).
    fn combination_unrank(&self, mut rank: u64, k: usize, free: u32) -> u32 {
        let cells: Vec<u32> = (0..32).filter(|&i| free >> i & 1 == 1).collect();
        let mut mask = 0;
        let mut p = cells.len();
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

    /// The whole board's cells.
    fn board(&self) -> u32 {
        (1u32 << self.cells()) - 1
    }

    /// The cell named `a1` (column from the left, row from the bottom).
    fn cell_name(&self, cell: u8) -> String {
        let (row, column) = (cell as usize / self.size, cell as usize % self.size);
        format!("{}{}", (b'a' + column as u8) as char, self.size - row)
    }

    /// Calls `each` with every move of `p` (the push and the position it gives), in move
    /// order.
    fn for_each_move(&self, p: &QuixoPosition, mut each: impl FnMut(&Push, QuixoPosition)) {
        let (mover, other) = p.sides();
        for push in &self.pushes {
            if other >> push.take & 1 == 1 {
                continue;
            }
            let mine = push.slide(mover) | 1 << push.put;
            let theirs = push.slide(other);
            // The other player moves next.
            each(push, QuixoPosition::from_sides(theirs, mine, !p.x_to_move));
        }
    }
}

impl Game for Quixo {
    type Position = QuixoPosition;

    fn moves(&self, p: &QuixoPosition, out: &mut Moves<QuixoPosition>) {
        self.for_each_move(p, |_, q| out.push(q));
    }

    /// A line of the player to move's wins for them, even beside a line of the other's: the
    /// other made it, and a move that makes the opponent's line loses. A line of the other's
    /// alone is theirs: a loss.
    fn result(&self, p: &QuixoPosition) -> Option<Outcome> {
        let (mover, other) = p.sides();
        if self.has_line(mover) {
            Some(Outcome::Win)
        } else if self.has_line(other) {
            Some(Outcome::Loss)
        } else {
            None
        }
    }
}

impl TierRanking for Quixo {
    fn name(&self) -> String {
        let mut name = format!("quixo {0}x{0}", self.size);
        if !self.whole {
            // The classes a solution holds are part of its rules.
            let seeds: Vec<String> = (self.classes.iter())
                .filter(|&&(x, o)| {
                    let below = |a: u32, b: u32| self.class_tier(a, b).is_some();
                    let above_another = (x > 0 && below(x - 1, o)) || (o > 0 && below(x, o - 1));
                    !above_another
                })
                .map(|(x, o)| format!("{x}/{o}"))
                .collect();
            name += &format!(" from {}", seeds.join(","));
        }
        name
    }

    fn tier_count(&self) -> u32 {
        self.classes.len() as u32
    }

    /// The tier of `p`'s class; `tier_count()` for a class the rules leave out (`read`
    /// refuses such a board).
    fn tier(&self, p: &QuixoPosition) -> u32 {
        self.class_tier(p.x.count_ones(), p.o.count_ones())
            .unwrap_or(self.tier_count())
    }

    fn tier_size(&self, tier: u32) -> u64 {
        let (x, o) = self.classes[tier as usize];
        2 * self.side_size(x, o)
    }

    /// x to move first, then o; within a side the x cubes' combination among the N² cells,
    /// then the o cubes' among the cells left, as [`super::arrange::Arrangements`] numbers
    /// them. O(N²).
    fn rank(&self, p: &QuixoPosition) -> u64 {
        let (x, o) = (p.x.count_ones(), p.o.count_ones());
        let board = self.board();
        let within = self.combination_rank(p.x, board)
            * self.binomials[(self.cells() - x) as usize][o as usize]
            + self.combination_rank(p.o, board & !p.x);
        if p.x_to_move {
            within
        } else {
            self.side_size(x, o) + within
        }
    }

    fn unrank(&self, tier: u32, rank: u64) -> QuixoPosition {
        let (x, o) = self.classes[tier as usize];
        let side = self.side_size(x, o);
        let (x_to_move, within) = if rank < side {
            (true, rank)
        } else {
            (false, rank - side)
        };
        let radix = self.binomials[(self.cells() - x) as usize][o as usize];
        let board = self.board();
        let xs = self.combination_unrank(within / radix, x as usize, board);
        let os = self.combination_unrank(within % radix, o as usize, board & !xs);
        QuixoPosition {
            x: xs,
            o: os,
            x_to_move,
        }
    }

    /// The tiers of one more cube.
    fn later_tiers(&self, tier: u32) -> std::ops::Range<u32> {
        let (x, o) = self.classes[tier as usize];
        let s = (x + o + 1) as usize;
        if s > self.cells() as usize {
            return self.tier_count()..self.tier_count();
        }
        self.first_of_cubes[s]..self.first_of_cubes[s + 1]
    }

    const UNMOVES: bool = true;

    /// The positions of `p`'s class with a move to `p`: the other player's, whose cube at an
    /// end `put` of a line was pushed in from `take`; sliding the line back and giving `take`
    /// a cube of theirs again undoes it (a blank there would be a class of fewer cubes, left
    /// out). Positions where the game was already over are left out: they have no moves.
    fn predecessors(&self, p: &QuixoPosition, out: &mut Vec<QuixoPosition>) {
        let (mover, other) = p.sides();
        for push in &self.pushes {
            if other >> push.put & 1 == 0 {
                continue;
            }
            let theirs = push.unslide(other & !(1 << push.put)) | 1 << push.take;
            let mine = push.unslide(mover);
            // Before the move, the other player was to move.
            let before = QuixoPosition::from_sides(theirs, mine, !p.x_to_move);
            if self.result(&before).is_none() {
                out.push(before);
            }
        }
    }
}

impl Quixo {
    /// The rules a solution's name (`quixo 4x4`) gives, if it names the whole game.
    fn from_size_name(name: &str) -> Option<Quixo> {
        let size = name.strip_prefix("quixo ")?;
        let (a, b) = size.split_once('x')?;
        if a != b {
            return None;
        }
        Quixo::new(a.parse().ok()?)
    }
}

/// Quixo's cubes as written: x and o (a 0 read as o), `.` blank.
const STONES: Stones = Stones {
    players: [&["x"], &["o"]],
    letters: [&['x'], &['o', '0']],
    thing: "cube",
    expected: "x, o or . (blank)",
};

impl BoardRules for Quixo {
    fn from_inputs(inputs: &Inputs) -> Result<Self, RunError> {
        let size = inputs.whole("size")? as usize;
        Ok(Quixo::new(size).ok_or_else(|| {
            format!(
                "{}: Quixo is played here on boards of 3 to 5 cells a side",
                inputs.shown("size")
            )
        })?)
    }

    fn from_argument(argument: &str) -> Result<Self, String> {
        let argument = argument.trim();
        let size = match argument {
            "" => Some(5),
            _ => argument
                .split_once('x')
                .filter(|(a, b)| a == b)
                .map_or(argument, |(a, _)| a)
                .parse()
                .ok(),
        };
        size.and_then(Quixo::new).ok_or(format!(
            "quixo:{argument}: expected quixo (5 × 5) or quixo:N for an N × N board, N from 3 to 5"
        ))
    }

    fn from_name(name: &str) -> Option<Self> {
        Quixo::from_size_name(name)
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![("size", self.size.to_string())]
    }

    fn start(&self) -> QuixoPosition {
        QuixoPosition {
            x: 0,
            o: 0,
            x_to_move: true,
        }
    }

    fn read(&self, text: &str) -> Result<QuixoPosition, String> {
        let ([x, o], x_to_move) = grid::read(text, self.size, &STONES)?;
        let p = QuixoPosition { x, o, x_to_move };
        if self.tier(&p) == self.tier_count() {
            return Err(format!(
                "a board of {} x and {} o cubes is not among the classes of {}",
                x.count_ones(),
                o.count_ones(),
                self.name()
            ));
        }
        Ok(p)
    }

    fn write(&self, p: &QuixoPosition) -> String {
        grid::write([p.x, p.o], p.x_to_move, self.size, &STONES)
    }

    fn rows(&self, p: &QuixoPosition) -> Vec<String> {
        grid::rows([p.x, p.o], self.size, &STONES)
    }

    fn to_move(&self, p: &QuixoPosition) -> String {
        format!("{} to move", if p.x_to_move { "x" } else { "o" })
    }

    /// Each move as the cell taken and the end it is pushed in at: `a1-a5` takes a1's cube
    /// and pushes it in at a5, sliding column a down.
    fn named_moves(&self, p: &QuixoPosition) -> Vec<(String, QuixoPosition)> {
        let mut named = Vec::new();
        if self.result(p).is_none() {
            self.for_each_move(p, |push, q| {
                let name = format!("{}-{}", self.cell_name(push.take), self.cell_name(push.put));
                named.push((name, q));
            });
        }
        named
    }
}

/// The variant parameters.
const VARIANTS: [Param; 1] = [Param::option("size", "N", "The board's side: 3, 4 or 5")
    .default("5")
    .whole("a size", 3)
    .at_most(5)];

/// `grundy quixo [POSITION]`: a position's value, best moves by the cell taken and the end
/// it is pushed in at (`a1-a5`).
pub static QUIXO: BoardGame<Quixo> = BoardGame {
    name: "quixo",
    title: "Quixo",
    about: "Quixo (x first; take a blank or own cube from the edge, push it in at another end \
            of its line; a line of one's own wins, making the opponent's loses): outcome, \
            remoteness and best moves; solved strongly by the cubes of each player",
    notation: "the rows top to bottom separated by |, of x, o and . (blank), then the player \
               to move: x.o|...|... o",
    params: &[
        Param::arg(
            "position",
            "POSITION",
            "The board: rows top to bottom separated by |, of x, o and . (blank), then x or o, \
             the player to move (default: the empty board, x to move)",
        )
        .optional(),
        VARIANTS[0].excludes(&["solved"]),
        SOLVED,
        max_positions("100000"),
    ],
    variants: &VARIANTS,
    example: &[("size", "3"), ("position", "x.o|...|... o")],
    play_syntax: "quixo:N",
    play_example: "quixo:3",
    example_folder: "quixo-3",
    plays: &[&QUIXO],
    rules: PhantomData,
};
