//! The mills: Three, Five, Six and Nine Men's Morris, the board a parameter.
//!
//! x and o each hold their men in hand and place them in turn on the empty points (x first);
//! once both hands are empty, a turn moves one of one's men along a line to an adjacent empty
//! point. Three of one's men on a line of the board is a *mill*:
//!
//! - Three Men's Morris (3 × 3 points, 3 men each): a mill wins. The lines are the rows, the
//!   columns and, by default, the two diagonals through the centre, along which men move too
//!   (the board of the Roman *terni lapilli* and of the Philippine *tapatan*, the board most
//!   descriptions draw); `orthogonal` takes the diagonals away.
//! - Five and Six Men's Morris (two squares of 8 points joined at their midpoints, 5 or 6 men
//!   each) and Nine Men's Morris (three squares, 24 points, 9 men each): the player who makes
//!   a mill, by placing or by moving, removes one of the opponent's men from the board, one
//!   not in a mill unless all of them are in mills (the common rule, as Gasser's 1996 solution
//!   of Nine Men's Morris and the World Merrills Association state it; one man even when a
//!   move makes two mills at once). A player left with two men (on the board and in hand), or
//!   unable to move in the moving phase, loses. With `flying`, a player with three men on
//!   the board and none in hand moves a man to any empty point.
//!
//! With `lasker` (Emanuel Lasker's rule), a player may, on any turn of the placing phase,
//! move one of his men on the board (as in the moving phase) instead of placing one; the
//! men in hand stay there. On the 24-point board Lasker gave each player 10 men, and so does
//! the rule here (the smaller boards keep their men). With `misere`, the player who would win
//! loses: a player left with two men, or unable to move, wins, and in Three Men's Morris a
//! mill loses.
//!
//! A repeated position is no rule here: play that goes on for ever is a draw (the solver's
//! cycles). The removal is part of the move that makes the mill, so every move passes the
//! turn.
//!
//! Positions are tiered by the men in hand and on the board of each side, `(hx, ho, bx, bo)`:
//! a placing empties a hand, a removal takes a man off the board, and a move of the moving
//! phase stays in its tier (the cycles, solved within the tier). Tiers go by men in hand, then
//! men on the board, both decreasing. While men are in hand the player to move follows from
//! the hands (x when both hold as many, o when o holds one more); in the moving phase it is
//! part of the rank, after the arrangement of the men among the points ([`super::arrange`]).
//! Under Lasker's rule a move keeps the hands, so the player to move is part of every rank
//! and every tier holds cycles, all solved by un-moves.

use std::marker::PhantomData;
use std::ops::Range;

use super::arrange::Arrangements;
use super::{max_positions, BoardGame, BoardRules, SOLVED};
use crate::games::{Inputs, Param, RunError};
use grundy::outcome::Outcome;
use grundy::rules::tiered::TierRanking;
use grundy::rules::{Game, Moves};

/// A position: the points of each side as bits (bit `i` is point `i`, points numbered in
/// the notation's order: rows from the top, each left to right), the men in hand of x and o,
/// and the player to move (0 for x, 1 for o).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// x's points.
    pub x: u32,
    /// o's points.
    pub o: u32,
    /// The men in hand: x's, then o's.
    pub hand: [u8; 2],
    /// The player to move: 0 x, 1 o.
    pub turn: u8,
}

impl Position {
    /// The points of side `s` (0 x, 1 o).
    fn side(&self, s: u8) -> u32 {
        if s == 0 {
            self.x
        } else {
            self.o
        }
    }

    /// The same position with side `s`'s points `points`.
    fn with_side(mut self, s: u8, points: u32) -> Position {
        if s == 0 {
            self.x = points;
        } else {
            self.o = points;
        }
        self
    }

    /// The men of side `s`, on the board and in hand.
    fn men(&self, s: u8) -> u32 {
        self.side(s).count_ones() + u32::from(self.hand[s as usize])
    }
}

/// Which of the mills: the board and the men.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// Three Men's Morris: 9 points, 3 men, a mill wins.
    Three,
    /// Five Men's Morris: 16 points, 5 men.
    Five,
    /// Six Men's Morris: 16 points, 6 men.
    Six,
    /// Nine Men's Morris: 24 points, 9 men.
    Nine,
}

impl Size {
    /// The men each player starts with.
    pub fn men(self) -> u8 {
        match self {
            Size::Three => 3,
            Size::Five => 5,
            Size::Six => 6,
            Size::Nine => 9,
        }
    }

    /// The size with `men` men, if there is one.
    pub fn from_men(men: u64) -> Option<Size> {
        match men {
            3 => Some(Size::Three),
            5 => Some(Size::Five),
            6 => Some(Size::Six),
            9 => Some(Size::Nine),
            _ => None,
        }
    }

    /// The game's name: `nine men's morris`.
    fn title(self) -> &'static str {
        match self {
            Size::Three => "three men's morris",
            Size::Five => "five men's morris",
            Size::Six => "six men's morris",
            Size::Nine => "nine men's morris",
        }
    }
}

/// A board: its points on a grid and its lines.
struct Layout {
    /// The grid's width and height.
    width: usize,
    /// Each point's (column, row from the top) on the grid, in the notation's order.
    points: &'static [(u8, u8)],
    /// The lines a man moves along, each its points in order; the lines of three are the
    /// mills.
    lines: &'static [&'static [u8]],
}

/// Three Men's Morris: the 3 × 3 points; the diagonals are the last two lines.
const THREE: Layout = Layout {
    width: 3,
    points: &[
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (1, 1),
        (2, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    ],
    lines: &[
        &[0, 1, 2],
        &[3, 4, 5],
        &[6, 7, 8],
        &[0, 3, 6],
        &[1, 4, 7],
        &[2, 5, 8],
        &[0, 4, 8],
        &[2, 4, 6],
    ],
};

/// Five and Six Men's Morris: two squares on a 5 × 5 grid, their midpoints joined by lines
/// of two points (no mill).
const SIXTEEN: Layout = Layout {
    width: 5,
    points: &[
        (0, 0),
        (2, 0),
        (4, 0),
        (1, 1),
        (2, 1),
        (3, 1),
        (0, 2),
        (1, 2),
        (3, 2),
        (4, 2),
        (1, 3),
        (2, 3),
        (3, 3),
        (0, 4),
        (2, 4),
        (4, 4),
    ],
    lines: &[
        &[0, 1, 2],
        &[3, 4, 5],
        &[10, 11, 12],
        &[13, 14, 15],
        &[0, 6, 13],
        &[3, 7, 10],
        &[5, 8, 12],
        &[2, 9, 15],
        &[1, 4],
        &[11, 14],
        &[6, 7],
        &[8, 9],
    ],
};

/// Nine Men's Morris: three squares on a 7 × 7 grid, their midpoints joined by lines of
/// three (mills too).
const TWENTY_FOUR: Layout = Layout {
    width: 7,
    points: &[
        (0, 0),
        (3, 0),
        (6, 0),
        (1, 1),
        (3, 1),
        (5, 1),
        (2, 2),
        (3, 2),
        (4, 2),
        (0, 3),
        (1, 3),
        (2, 3),
        (4, 3),
        (5, 3),
        (6, 3),
        (2, 4),
        (3, 4),
        (4, 4),
        (1, 5),
        (3, 5),
        (5, 5),
        (0, 6),
        (3, 6),
        (6, 6),
    ],
    lines: &[
        &[0, 1, 2],
        &[3, 4, 5],
        &[6, 7, 8],
        &[9, 10, 11],
        &[12, 13, 14],
        &[15, 16, 17],
        &[18, 19, 20],
        &[21, 22, 23],
        &[0, 9, 21],
        &[3, 10, 18],
        &[6, 11, 15],
        &[1, 4, 7],
        &[16, 19, 22],
        &[8, 12, 17],
        &[5, 13, 20],
        &[2, 14, 23],
    ],
};

/// A tier: the men in hand and on the board of each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TierKey {
    hand: [u8; 2],
    board: [u8; 2],
}

/// The variants of the mills' rules, all off by default: see [`Morris::with_options`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Three Men's Morris with only the rows and columns as lines.
    pub orthogonal: bool,
    /// A player with three men on the board and none in hand moves to any empty point.
    pub flying: bool,
    /// Lasker's rule: a man on the board may move instead of a placing (10 men a side on the
    /// 24-point board).
    pub lasker: bool,
    /// Misère play: the player who would win loses.
    pub misere: bool,
    /// The moving phase alone, with at most this many men a side.
    pub endgame: Option<u8>,
}

/// The rules of one of the mills, with its board's lines and its tiers.
#[derive(Debug, Clone)]
pub struct Morris {
    size: Size,
    /// The men each player starts with: the size's, one more under Lasker's rule on the
    /// 24-point board.
    men: u8,
    /// Lasker's rule: a player with men in hand may move a man on the board instead.
    lasker: bool,
    /// Misère play: every end of the game's outcome is turned over.
    misere: bool,
    /// Three Men's Morris with only the rows and columns as lines.
    orthogonal: bool,
    /// A player with three men on the board and none in hand moves to any empty point.
    flying: bool,
    /// The endgame alone: the positions of the moving phase with at most this many men a
    /// side (a part of the game solved on its own, the way Gasser's databases were built).
    endgame: Option<u8>,
    /// The number of points.
    points: usize,
    /// The grid's width and each point's place on it (drawing and names).
    width: usize,
    places: Vec<(u8, u8)>,
    /// The notation's rows: how many points each holds.
    row_lengths: Vec<usize>,
    /// The mills through each point, as masks of three points.
    mills_at: Vec<Vec<u32>>,
    /// Every mill as a mask.
    mills: Vec<u32>,
    /// The points adjacent to each point along a line, as a mask.
    adjacent: Vec<u32>,
    /// The tiers in order, and each one's arrangements of men.
    tiers: Vec<TierKey>,
    arrangements: Vec<Arrangements>,
    /// The tier of each key, `index[((hx·(n+1) + ho)·(n+1) + bx)·(n+1) + bo]` (`u32::MAX`
    /// where there is none): n + 1 ≤ 11 values a count, so at most 11⁴ entries.
    index: Vec<u32>,
    /// The later tiers each tier's moves reach, as a range.
    reach: Vec<Range<u32>>,
}

/// What is wrong with a choice of rules.
fn rules_error(size: Size, options: &Options) -> Option<String> {
    let Options {
        orthogonal,
        flying,
        lasker,
        endgame,
        ..
    } = *options;
    if lasker && endgame.is_some() {
        return Some(
            "Lasker's rule changes the placing phase, and the endgame has none: leave one out"
                .to_string(),
        );
    }
    if orthogonal && size != Size::Three {
        return Some("orthogonal is a variant of Three Men's Morris only".to_string());
    }
    if flying && size == Size::Three {
        return Some(
            "flying is a variant of Five, Six and Nine Men's Morris: in Three Men's Morris a \
             player always has three men"
                .to_string(),
        );
    }
    match endgame {
        Some(_) if size == Size::Three => Some(
            "the endgame is a part of Five, Six and Nine Men's Morris: Three Men's Morris has \
             no removals"
                .to_string(),
        ),
        Some(k) if k < 3 || k > size.men() => Some(format!(
            "an endgame of {} has 3 to {} men a side; {k} is not",
            size.title(),
            size.men()
        )),
        _ => None,
    }
}

impl Morris {
    /// The rules of `size` (with the diagonals in Three Men's Morris unless `orthogonal`;
    /// flying with three men if `flying`), or what is wrong with the choice. O(tiers).
    pub fn new(size: Size, orthogonal: bool, flying: bool) -> Result<Morris, String> {
        Morris::with_endgame(size, orthogonal, flying, None)
    }

    /// The rules of [`Morris::new`], limited to the moving phase with at most `endgame` men a
    /// side if it is given (3 to the men of `size`), or what is wrong with the choice.
    /// O(tiers).
    pub fn with_endgame(
        size: Size,
        orthogonal: bool,
        flying: bool,
        endgame: Option<u8>,
    ) -> Result<Morris, String> {
        let options = Options {
            orthogonal,
            flying,
            endgame,
            ..Options::default()
        };
        Morris::with_options(size, &options)
    }

    /// The rules of `size` with the variants `options` (Lasker's rule and misère play
    /// besides those of [`Morris::with_endgame`]), or what is wrong with the choice.
    /// O(tiers).
    pub fn with_options(size: Size, options: &Options) -> Result<Morris, String> {
        if let Some(e) = rules_error(size, options) {
            return Err(e);
        }
        let Options {
            orthogonal,
            flying,
            lasker,
            misere,
            endgame,
        } = *options;
        let layout = match size {
            Size::Three => &THREE,
            Size::Five | Size::Six => &SIXTEEN,
            Size::Nine => &TWENTY_FOUR,
        };
        let points = layout.points.len();
        let lines = if orthogonal {
            &layout.lines[..6]
        } else {
            layout.lines
        };
        let mask = |line: &[u8]| line.iter().fold(0u32, |m, &p| m | 1 << p);
        let mills: Vec<u32> = (lines.iter().filter(|l| l.len() == 3))
            .map(|l| mask(l))
            .collect();
        let mills_at = (0..points)
            .map(|p| {
                (mills.iter().copied())
                    .filter(|m| m >> p & 1 == 1)
                    .collect()
            })
            .collect();
        let mut adjacent = vec![0u32; points];
        for line in lines {
            for pair in line.windows(2) {
                adjacent[pair[0] as usize] |= 1 << pair[1];
                adjacent[pair[1] as usize] |= 1 << pair[0];
            }
        }
        let mut row_lengths = Vec::new();
        for (i, &(_, row)) in layout.points.iter().enumerate() {
            if i == 0 || layout.points[i - 1].1 != row {
                row_lengths.push(0);
            }
            *row_lengths.last_mut().expect("a row was pushed") += 1;
        }
        let mut rules = Morris {
            size,
            men: size.men() + u8::from(lasker && size == Size::Nine),
            lasker,
            misere,
            orthogonal,
            flying,
            endgame,
            points,
            width: layout.width,
            places: layout.points.to_vec(),
            row_lengths,
            mills_at,
            mills,
            adjacent,
            tiers: Vec::new(),
            arrangements: Vec::new(),
            index: Vec::new(),
            reach: Vec::new(),
        };
        rules.number_tiers();
        Ok(rules)
    }

    /// The standard rules of `size`: the diagonals in Three Men's Morris, no flying.
    pub fn standard(size: Size) -> Morris {
        Morris::new(size, false, false).expect("the standard rules are valid")
    }

    /// Lists the tiers in order (men in hand, then on the board, decreasing), with their
    /// arrangements, index and reach. O(n⁴) for n men.
    fn number_tiers(&mut self) {
        let n = self.men;
        let captures = self.size != Size::Three;
        let mut keys = Vec::new();
        for hx in 0..=n {
            // Under Lasker's rule a move keeps the hands: any two hands meet.
            let hands = if self.lasker {
                0..n + 1
            } else {
                hx..(hx + 2).min(n + 1)
            };
            for ho in hands {
                for bx in 0..=n - hx {
                    for bo in 0..=n - ho {
                        // Nobody has fewer than two men: the game ends at two. Without
                        // removals (Three Men's Morris) every man placed stays.
                        let keep = if let Some(k) = self.endgame {
                            hx == 0 && ho == 0 && (2..=k).contains(&bx) && (2..=k).contains(&bo)
                        } else if captures {
                            bx + hx >= 2 && bo + ho >= 2
                        } else {
                            bx + hx == n && bo + ho == n
                        };
                        if keep {
                            keys.push(TierKey {
                                hand: [hx, ho],
                                board: [bx, bo],
                            });
                        }
                    }
                }
            }
        }
        keys.sort_by_key(|k| {
            (
                std::cmp::Reverse(k.hand[0] + k.hand[1]),
                std::cmp::Reverse(k.board[0] + k.board[1]),
                k.hand,
                k.board,
            )
        });
        let side = usize::from(n) + 1;
        self.index = vec![u32::MAX; side.pow(4)];
        for (t, k) in keys.iter().enumerate() {
            let i = self.key_index(k);
            self.index[i] = t as u32;
        }
        self.arrangements = (keys.iter())
            .map(|k| {
                Arrangements::new(self.points, &[k.board[0].into(), k.board[1].into()])
                    .expect("the men fit on the board")
            })
            .collect();
        self.tiers = keys;
        self.reach = (0..self.tiers.len())
            .map(|t| self.later(&self.tiers[t]))
            .collect();
    }

    /// The place of a key in the index.
    fn key_index(&self, k: &TierKey) -> usize {
        let side = usize::from(self.men) + 1;
        ((usize::from(k.hand[0]) * side + usize::from(k.hand[1])) * side + usize::from(k.board[0]))
            * side
            + usize::from(k.board[1])
    }

    /// The tier of a key, if the ranking has it.
    fn tier_of(&self, k: &TierKey) -> Option<u32> {
        let n = self.men;
        if k.hand.iter().chain(&k.board).any(|&c| c > n) {
            return None;
        }
        let t = self.index[self.key_index(k)];
        (t != u32::MAX).then_some(t)
    }

    /// The later tiers that moves from tier `k` reach, as one range: a placing (with or
    /// without a removal) or a removal in the moving phase.
    fn later(&self, k: &TierKey) -> Range<u32> {
        let [hx, ho] = k.hand;
        let [bx, bo] = k.board;
        let mut targets = Vec::new();
        let mut add = |hand: [u8; 2], board: [i32; 2]| {
            if board.iter().all(|&b| b >= 0) {
                let board = [board[0] as u8, board[1] as u8];
                if let Some(t) = self.tier_of(&TierKey { hand, board }) {
                    targets.push(t);
                }
            }
        };
        let (bx, bo) = (i32::from(bx), i32::from(bo));
        if self.lasker {
            // Either may place (if he holds a man) or move, with or without a removal.
            if hx > 0 {
                add([hx - 1, ho], [bx + 1, bo]);
                add([hx - 1, ho], [bx + 1, bo - 1]);
            }
            if ho > 0 {
                add([hx, ho - 1], [bx, bo + 1]);
                add([hx, ho - 1], [bx - 1, bo + 1]);
            }
            add([hx, ho], [bx - 1, bo]);
            add([hx, ho], [bx, bo - 1]);
        } else if hx == ho && hx > 0 {
            add([hx - 1, ho], [bx + 1, bo]);
            add([hx - 1, ho], [bx + 1, bo - 1]);
        } else if ho == hx + 1 {
            add([hx, ho - 1], [bx, bo + 1]);
            add([hx, ho - 1], [bx - 1, bo + 1]);
        } else {
            add([0, 0], [bx - 1, bo]);
            add([0, 0], [bx, bo - 1]);
        }
        match (targets.iter().min(), targets.iter().max()) {
            (Some(&a), Some(&b)) => a..b + 1,
            _ => 0..0,
        }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether `side` (a mask of one player's points) has a mill through point `p`.
    fn mill_at(&self, side: u32, p: usize) -> bool {
        self.mills_at[p].iter().any(|&m| m & !side == 0)
    }

    /// Whether `side` has a mill anywhere.
    fn has_mill(&self, side: u32) -> bool {
        self.mills.iter().any(|&m| m & !side == 0)
    }

    /// The opponent's men that a mill may remove: those in no mill, or all where every one
    /// is in a mill.
    fn removable(&self, theirs: u32) -> u32 {
        let in_mills = (self.mills.iter())
            .filter(|&&m| theirs & m == m)
            .fold(0, |a, &m| a | m);
        let free = theirs & !in_mills;
        if free != 0 {
            free
        } else {
            theirs
        }
    }

    /// Calls `f(from, to, removed, next)` for each move of `p`, in order: placings (or moves,
    /// from each point in turn) to each point in turn, each removal in turn. `from` is `None`
    /// for a placing; `removed` the point emptied by a mill.
    fn each_move(
        &self,
        p: &Position,
        mut f: impl FnMut(Option<usize>, usize, Option<usize>, Position),
    ) {
        let me = p.turn;
        let you = 1 - me;
        let (mine, theirs) = (p.side(me), p.side(you));
        let all = (1u32 << self.points) - 1;
        let empty = all & !(mine | theirs);
        let mut after = *p;
        after.turn = you;
        // Lands a man on `to` (from `from`), and removes each man a mill lets it remove.
        let mut land = |from: Option<usize>, to: usize, mine: u32, after: Position| {
            let next = after.with_side(me, mine);
            if self.size != Size::Three && theirs != 0 && self.mill_at(mine, to) {
                let mut removable = self.removable(theirs);
                while removable != 0 {
                    let r = removable.trailing_zeros() as usize;
                    removable &= removable - 1;
                    f(from, to, Some(r), next.with_side(you, theirs & !(1 << r)));
                }
            } else {
                f(from, to, None, next);
            }
        };
        let in_hand = p.hand[me as usize] > 0;
        if in_hand {
            let mut placed = after;
            placed.hand[me as usize] -= 1;
            for to in bits(empty) {
                land(None, to, mine | 1 << to, placed);
            }
        }
        if !in_hand || self.lasker {
            // Flying is for a player reduced to three men: none left in hand.
            let flies = self.flying && !in_hand && mine.count_ones() == 3;
            for from in bits(mine) {
                let targets = if flies {
                    empty
                } else {
                    self.adjacent[from] & empty
                };
                for to in bits(targets) {
                    land(Some(from), to, mine & !(1 << from) | 1 << to, after);
                }
            }
        }
    }

    /// A point's name: its column `a`, `b`, ... from the left, its row `1`, `2`, ... from the
    /// bottom of the grid (`d1` is the midpoint of Nine Men's Morris's outer bottom side).
    fn point_name(&self, point: usize) -> String {
        let (column, row) = self.places[point];
        format!(
            "{}{}",
            (b'a' + column) as char,
            self.width - usize::from(row)
        )
    }

    /// The board's rows as the notation writes them: the points of each row, x, o or `.`.
    fn notation_rows(&self, p: &Position) -> Vec<String> {
        let mut rows = Vec::new();
        let mut point = 0;
        for &len in &self.row_lengths {
            rows.push((point..point + len).map(|i| self.cell(p, i)).collect());
            point += len;
        }
        rows
    }

    /// The character of a point: `x`, `o` or `.`.
    fn cell(&self, p: &Position, point: usize) -> char {
        if p.x >> point & 1 == 1 {
            'x'
        } else if p.o >> point & 1 == 1 {
            'o'
        } else {
            '.'
        }
    }
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b
        })
    })
}

impl Game for Morris {
    type Position = Position;

    fn moves(&self, p: &Position, out: &mut Moves<Position>) {
        self.each_move(p, |_, _, _, next| out.push(next));
    }

    fn result(&self, p: &Position) -> Option<Outcome> {
        let normal = self.normal_result(p);
        if !self.misere {
            return normal;
        }
        match normal {
            Some(o) => Some(o.flip()),
            // A player unable to move loses normally (he has no moves): in misère play he
            // wins, an end of its own.
            None => (!self.can_move(p)).then_some(Outcome::Win),
        }
    }
}

impl Morris {
    /// The result of an ended position in normal play (the mill's maker or the player with
    /// more than two men wins); a blocked player has no moves and loses. O(mills).
    fn normal_result(&self, p: &Position) -> Option<Outcome> {
        let (me, you) = (p.turn, 1 - p.turn);
        if self.size == Size::Three {
            // The mill just made wins; the mover's own mill is no position of a game.
            if self.has_mill(p.side(you)) {
                return Some(Outcome::Loss);
            }
            if self.has_mill(p.side(me)) {
                return Some(Outcome::Win);
            }
            return None;
        }
        // Two men left lose; the opponent's two men (no position of a game: the game ended
        // before) end it too, so that no move leaves the ranking.
        if p.men(me) < 3 {
            Some(Outcome::Loss)
        } else if p.men(you) < 3 {
            Some(Outcome::Win)
        } else {
            None
        }
    }

    /// Whether the player to move has a move: a placing (a board never fills: the men are
    /// fewer than the points) or a man with an empty point to go to. O(points).
    fn can_move(&self, p: &Position) -> bool {
        let me = p.turn;
        let mine = p.side(me);
        let empty = ((1u32 << self.points) - 1) & !(p.x | p.o);
        if p.hand[me as usize] > 0 || (self.flying && mine.count_ones() == 3) {
            return empty != 0;
        }
        bits(mine).any(|from| self.adjacent[from] & empty != 0)
    }
}

impl TierRanking for Morris {
    fn name(&self) -> String {
        let mut name = self.size.title().to_string();
        if self.orthogonal {
            name.push_str(" orthogonal");
        }
        if self.flying {
            name.push_str(" flying");
        }
        if self.lasker {
            name.push_str(" lasker");
        }
        if self.misere {
            name.push_str(" misère");
        }
        if let Some(k) = self.endgame {
            name.push_str(&format!(" endgame {k}"));
        }
        name
    }

    fn tier_count(&self) -> u32 {
        self.tiers.len() as u32
    }

    fn tier(&self, p: &Position) -> u32 {
        let key = TierKey {
            hand: p.hand,
            board: [p.x.count_ones() as u8, p.o.count_ones() as u8],
        };
        // `read` refuses the positions of no tier: u32::MAX is then an error of the solver.
        self.tier_of(&key).unwrap_or(u32::MAX)
    }

    fn tier_size(&self, tier: u32) -> u64 {
        let k = &self.tiers[tier as usize];
        let turns = if k.hand == [0, 0] || self.lasker {
            2
        } else {
            1
        };
        self.arrangements[tier as usize].count() * turns
    }

    fn rank(&self, p: &Position) -> u64 {
        let tier = self.tier(p);
        let Some(arrangements) = self.arrangements.get(tier as usize) else {
            return u64::MAX;
        };
        let mut board = [0u8; 32];
        for (i, c) in board.iter_mut().enumerate().take(self.points) {
            *c = (p.x >> i & 1) as u8 | ((p.o >> i & 1) as u8) << 1;
        }
        let r = arrangements.rank(&board[..self.points]).unwrap_or(u64::MAX);
        if p.hand == [0, 0] || self.lasker {
            r + u64::from(p.turn) * arrangements.count()
        } else {
            r
        }
    }

    fn unrank(&self, tier: u32, rank: u64) -> Position {
        let k = self.tiers[tier as usize];
        let arrangements = &self.arrangements[tier as usize];
        let (turn, rank) = if k.hand == [0, 0] || self.lasker {
            (
                (rank / arrangements.count()) as u8,
                rank % arrangements.count(),
            )
        } else {
            // x to move when both hold as many men.
            (u8::from(k.hand[0] != k.hand[1]), rank)
        };
        let mut board = [0u8; 32];
        arrangements.unrank(rank, &mut board[..self.points]);
        let mut p = Position {
            x: 0,
            o: 0,
            hand: k.hand,
            turn,
        };
        for (i, &c) in board[..self.points].iter().enumerate() {
            match c {
                1 => p.x |= 1 << i,
                2 => p.o |= 1 << i,
                _ => {}
            }
        }
        p
    }

    fn later_tiers(&self, tier: u32) -> Range<u32> {
        self.reach[tier as usize].clone()
    }

    /// The moving phase's tiers hold cycles; solved by un-moves they take 3 to 5 bytes a
    /// position instead of the in-tier graph's tens (Nine Men's Morris's endgames).
    const UNMOVES: bool = true;

    /// The positions of `p`'s tier with a move to `p`: in the moving phase (or, under
    /// Lasker's rule, at any time), the player who just moved takes a man back from a point
    /// to an empty one it could have come from (any, flying with three men and none in
    /// hand); the hands stay. A move that made a mill removed a man (another tier) unless it
    /// won Three Men's Morris or the opponent had no man on the board, so a man standing in
    /// a mill came there from another tier while the opponent has men on the board, and a
    /// position where the game is over is left out. O(men × points).
    fn predecessors(&self, p: &Position, out: &mut Vec<Position>) {
        if p.hand != [0, 0] && !self.lasker {
            // While men are in hand every move empties one: no move stays in a tier.
            return;
        }
        let mover = 1 - p.turn;
        let (theirs, mine) = (p.side(mover), p.side(p.turn));
        let empty = ((1u32 << self.points) - 1) & !(theirs | mine);
        let flies = self.flying && p.hand[mover as usize] == 0 && theirs.count_ones() == 3;
        for to in bits(theirs) {
            if self.size != Size::Three && mine != 0 && self.mill_at(theirs, to) {
                continue;
            }
            let sources = if flies {
                empty
            } else {
                self.adjacent[to] & empty
            };
            for from in bits(sources) {
                let mut before = p.with_side(mover, theirs & !(1 << to) | 1 << from);
                before.turn = mover;
                if self.result(&before).is_none() {
                    out.push(before);
                }
            }
        }
    }
}

impl BoardRules for Morris {
    fn from_inputs(inputs: &Inputs) -> Result<Self, RunError> {
        let men = inputs.whole("men")?;
        let size = Size::from_men(men).ok_or_else(|| {
            format!(
                "{}: the mills are played with 3, 5, 6 or 9 men",
                inputs.shown("men")
            )
        })?;
        let endgame = match inputs.value("endgame") {
            Some(_) => {
                let k = inputs.whole("endgame")?;
                // A count past any board's men is refused with its own number, not cut short.
                Some(
                    u8::try_from(k)
                        .ok()
                        .filter(|&k| k <= size.men())
                        .ok_or_else(|| {
                            format!(
                                "{}: an endgame of {} has 3 to {} men a side; {k} is not",
                                inputs.shown("endgame"),
                                size.title(),
                                size.men()
                            )
                        })?,
                )
            }
            None => None,
        };
        let options = Options {
            orthogonal: inputs.given("orthogonal"),
            flying: inputs.given("flying"),
            lasker: inputs.given("lasker"),
            misere: inputs.given("misere"),
            endgame,
        };
        Morris::with_options(size, &options).map_err(|e| {
            let blamed = if e.starts_with("an endgame") {
                "endgame"
            } else {
                "men"
            };
            format!("{}: {e}", inputs.shown(blamed)).into()
        })
    }

    fn from_argument(argument: &str) -> Result<Self, String> {
        let expected = "expected morris:SIZE[,flying][,orthogonal][,lasker][,misere][,endgame=K], \
                        SIZE one of three, five, six, nine (nine if left out)";
        let (mut size, mut options) = (Size::Nine, Options::default());
        for word in argument.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match word {
                "three" | "3" => size = Size::Three,
                "five" | "5" => size = Size::Five,
                "six" | "6" => size = Size::Six,
                "nine" | "9" => size = Size::Nine,
                "flying" => options.flying = true,
                "orthogonal" => options.orthogonal = true,
                "lasker" => options.lasker = true,
                "misere" | "misère" => options.misere = true,
                w if w.starts_with("endgame=") => {
                    options.endgame = Some(w["endgame=".len()..].parse().map_err(|_| {
                        format!("morris:{argument}: '{w}': the endgame's men are a number")
                    })?)
                }
                other => return Err(format!("morris:{argument}: '{other}'? {expected}")),
            }
        }
        Morris::with_options(size, &options).map_err(|e| format!("morris:{argument}: {e}"))
    }

    fn from_name(name: &str) -> Option<Self> {
        let size = [Size::Three, Size::Five, Size::Six, Size::Nine]
            .into_iter()
            .find(|s| name.starts_with(s.title()))?;
        let mut rest = name[size.title().len()..].split_whitespace().peekable();
        let orthogonal = rest.next_if_eq(&"orthogonal").is_some();
        let flying = rest.next_if_eq(&"flying").is_some();
        let lasker = rest.next_if_eq(&"lasker").is_some();
        let misere = rest.next_if_eq(&"misère").is_some();
        let endgame = match rest.next() {
            Some("endgame") => Some(rest.next()?.parse().ok()?),
            Some(_) => return None,
            None => None,
        };
        if rest.next().is_some() {
            return None;
        }
        let options = Options {
            orthogonal,
            flying,
            lasker,
            misere,
            endgame,
        };
        let rules = Morris::with_options(size, &options).ok()?;
        (rules.name() == name).then_some(rules)
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let mut settings = vec![("men", self.size.men().to_string())];
        if self.orthogonal {
            settings.push(("orthogonal", String::new()));
        }
        if self.flying {
            settings.push(("flying", String::new()));
        }
        if self.lasker {
            settings.push(("lasker", String::new()));
        }
        if self.misere {
            settings.push(("misere", String::new()));
        }
        if let Some(k) = self.endgame {
            settings.push(("endgame", k.to_string()));
        }
        settings
    }

    /// The empty board with every man in hand, x to move; an endgame's is its first board
    /// (x's men on the first points, o's on the next, x to move), an endgame having none.
    fn start(&self) -> Position {
        if self.endgame.is_some() {
            return self.unrank(0, 0);
        }
        let n = self.men;
        Position {
            x: 0,
            o: 0,
            hand: [n, n],
            turn: 0,
        }
    }

    fn starts_the_game(&self) -> bool {
        self.endgame.is_none()
    }

    fn read(&self, text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let example = self.write(&self.start());
        if fields.len() != 2 && fields.len() != 4 {
            return Err(format!(
                "expected the rows, the player to move and (while men are in hand) x's and o's \
                 men in hand, separated by spaces, like '{example}'; found {} fields",
                fields.len()
            ));
        }
        let rows: Vec<&str> = fields[0].split(['|', '/']).collect();
        if rows.len() != self.row_lengths.len() {
            return Err(format!(
                "expected {} rows separated by |, like '{example}'; found {}",
                self.row_lengths.len(),
                rows.len()
            ));
        }
        let (mut x, mut o) = (0u32, 0u32);
        let mut point = 0;
        for (r, (row, &len)) in rows.iter().zip(&self.row_lengths).enumerate() {
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != len {
                return Err(format!(
                    "row {} has {} points: expected {len} of x, o and .",
                    r + 1,
                    cells.len()
                ));
            }
            for (c, ch) in cells.iter().enumerate() {
                match ch.to_ascii_lowercase() {
                    '.' | '-' | '_' => {}
                    'x' => x |= 1 << point,
                    'o' => o |= 1 << point,
                    other => {
                        return Err(format!(
                            "row {}, point {}: '{other}' is not a point: expected x, o or .",
                            r + 1,
                            c + 1
                        ))
                    }
                }
                point += 1;
            }
        }
        let turn = match fields[1] {
            "x" | "X" => 0,
            "o" | "O" => 1,
            other => {
                return Err(format!(
                    "'{other}' is not a player: expected x or o to move after the rows"
                ))
            }
        };
        let n = self.men;
        let mut hand = [0u8; 2];
        if fields.len() == 4 {
            for (s, field) in fields[2..].iter().enumerate() {
                hand[s] = match field.parse::<u8>() {
                    Ok(h) if h <= n => h,
                    _ => {
                        return Err(format!(
                            "'{field}' is not a number of men in hand: expected 0 to {n} for {}",
                            ["x", "o"][s]
                        ))
                    }
                };
            }
        }
        let p = Position { x, o, hand, turn };
        for s in 0..2u8 {
            let placed = n - hand[s as usize];
            let on = p.side(s).count_ones();
            if on > u32::from(placed) {
                return Err(format!(
                    "{} has {on} men on the board and {} in hand: more than its {n}",
                    ["x", "o"][s as usize],
                    hand[s as usize]
                ));
            }
        }
        let [hx, ho] = hand;
        let mover = if self.lasker {
            // A move keeps the hands: either may be to move with any men in hand.
            None
        } else if hx == ho {
            (hx > 0).then_some(0)
        } else if ho == hx + 1 {
            Some(1)
        } else {
            return Err(format!(
                "x has {hx} men in hand and o {ho}: x places first, so o holds as many as x or \
                 one more"
            ));
        };
        if let Some(m) = mover.filter(|&m| m != turn) {
            return Err(format!(
                "with {hx} and {ho} men in hand, {} is to move",
                ["x", "o"][m as usize]
            ));
        }
        if self.tier(&p) == u32::MAX {
            return Err(if let Some(k) = self.endgame {
                format!(
                    "the endgame holds the positions of the moving phase (no man in hand) with \
                     2 to {k} men a side"
                )
            } else if self.size == Size::Three {
                "in Three Men's Morris no man is removed: each player has 3 men on the board \
                 and in hand"
                    .to_string()
            } else {
                format!(
                    "x has {} men and o {}: the game ends when a player has two",
                    p.men(0),
                    p.men(1)
                )
            });
        }
        Ok(p)
    }

    fn write(&self, p: &Position) -> String {
        let rows = self.notation_rows(p).join("|");
        let mover = ["x", "o"][p.turn as usize];
        if p.hand == [0, 0] {
            format!("{rows} {mover}")
        } else {
            format!("{rows} {mover} {} {}", p.hand[0], p.hand[1])
        }
    }

    fn rows(&self, p: &Position) -> Vec<String> {
        let mut grid = vec![vec![' '; self.width]; self.width];
        for (point, &(column, row)) in self.places.iter().enumerate() {
            grid[usize::from(row)][usize::from(column)] = self.cell(p, point);
        }
        grid.into_iter().map(|r| r.into_iter().collect()).collect()
    }

    fn to_move(&self, p: &Position) -> String {
        let mover = ["x", "o"][p.turn as usize];
        if p.hand == [0, 0] {
            format!("{mover} to move")
        } else {
            format!(
                "{mover} to move (in hand: x {}, o {})",
                p.hand[0], p.hand[1]
            )
        }
    }

    fn named_moves(&self, p: &Position) -> Vec<(String, Position)> {
        if self.result(p).is_some() {
            return Vec::new();
        }
        let mut named = Vec::new();
        self.each_move(p, |from, to, removed, next| {
            let mut name = match from {
                Some(from) => format!("{}-{}", self.point_name(from), self.point_name(to)),
                None => self.point_name(to),
            };
            if let Some(r) = removed {
                name.push('x');
                name.push_str(&self.point_name(r));
            }
            named.push((name, next));
        });
        named
    }
}

impl Morris {
    /// The position after the named move `name` (`d1`, `a1-a4`, `d2xa4`), if `p` has it.
    pub fn play_named(&self, p: &Position, name: &str) -> Option<Position> {
        (self.named_moves(p).into_iter())
            .find(|(n, _)| n == name)
            .map(|(_, q)| q)
    }

    /// The point named `name` (`d1`), if the board has it: the number of its bit.
    pub fn point(&self, name: &str) -> Option<usize> {
        (0..self.points).find(|&p| self.point_name(p) == name)
    }
}

/// The variant parameters.
const VARIANTS: [Param; 6] = [
    Param::option(
        "men",
        "N",
        "The men each player has, which chooses the board: 3 (Three Men's Morris, 3 × 3 \
         points, a mill wins), 5 or 6 (16 points), 9 (24 points)",
    )
    .whole("men", 3)
    .at_most(9)
    .default("9"),
    Param::flag(
        "flying",
        "A player with three men on the board and none in hand moves to any empty point",
    ),
    Param::flag(
        "orthogonal",
        "Three Men's Morris without the diagonals: lines and moves along rows and columns only",
    ),
    Param::option(
        "endgame",
        "K",
        "The moving phase alone, with at most K men a side (2 to K: a part of the game solved \
         on its own; its start is its first board)",
    )
    .whole("men", 3)
    .at_most(9),
    Param::flag(
        "lasker",
        "Lasker's rule: a player with men in hand may move a man on the board instead of \
         placing one; 10 men a side on the 24-point board",
    ),
    Param::flag(
        "misere",
        "Misère play: the player who would win loses (two men left, or no move, wins; in Three \
         Men's Morris a mill loses)",
    ),
];

/// `grundy morris [POSITION] [--men N]`: a position's value in one of the mills, best moves
/// named by point (`d1`, `a1-a4`, a removal after `x`: `d2xa4`).
pub static MORRIS: BoardGame<Morris> = BoardGame {
    name: "morris",
    title: "Men's Morris",
    about: "The mills: Three, Five, Six and Nine Men's Morris, with flying, without diagonals, \
            with Lasker's rule, misère, or the moving phase alone: outcome, remoteness and best moves; solved strongly by men in \
            hand and on the board",
    notation: "the rows of points top to bottom separated by |, of x, o and . (empty), then the \
               player to move, then (while men are in hand) x's and o's men in hand: \
               '...|...|... x 3 3' is Three Men's Morris's start",
    params: &[
        Param::arg(
            "position",
            "POSITION",
            "The rows of points top to bottom separated by |, the player to move, and the men \
             in hand of x and o (left out when none are): default the start",
        )
        .optional(),
        VARIANTS[0].excludes(&["solved"]),
        VARIANTS[1].excludes(&["solved"]),
        VARIANTS[2].excludes(&["solved"]),
        VARIANTS[3].excludes(&["solved"]),
        VARIANTS[4].excludes(&["solved"]),
        VARIANTS[5].excludes(&["solved"]),
        SOLVED,
        max_positions("1000000"),
    ],
    variants: &VARIANTS,
    example: &[("position", "x.o|.x.|o.. x 1 1"), ("men", "3")],
    play_syntax: "morris:SIZE,VARIANT",
    play_example: "morris:three",
    example_folder: "morris",
    plays: &[&MORRIS],
    rules: PhantomData,
};
