//! Gobblet Gobblers: x and o each hold two small, two medium and two large pieces; a move
//! places a piece from one's hand on an empty cell of a 3 × 3 board or over a smaller piece
//! of either colour (gobbling it), or moves one of one's own visible pieces on the board to
//! another cell in the same way. A piece gobbled is hidden until the piece over it moves
//! away. Three visible pieces of one's colour in a row, column or diagonal win.
//!
//! A move may uncover a line of the opponent's. The rule followed is the one of the Racket
//! games collection's Gobblet (docs.racket-lang.org/games/gobblet.html) as GamesmanOne's
//! solver reads it: after a move, the player to move wins with a line of their own, whether
//! or not the player who moved has one too; otherwise a line of the player who moved wins for
//! them. So uncovering the opponent's line loses, even when the move completes one's own.
//! The published value of the standard game: a win for the first player (GamesmanOne).
//!
//! The option `pieces` (1 or 2) gives each player that many pieces of each size, and `sizes`
//! (1 to 3) keeps the smallest sizes only: one piece of each size is a small game (1.5
//! million ranked positions), one small and one medium a smaller one (16,562), that check the
//! rules against brute force.
//!
//! Positions are tiered by how many pieces of each size and colour have been placed (a
//! digit from 0 to `pieces` each, six digits): placing raises one digit, moving keeps them
//! all, so moves go to the same tier (where cycles are: solved by retrograde over un-moves,
//! 3 bytes a position) or to a tier of one more piece placed. Tiers are numbered by the
//! pieces placed in all, then by the digits, so each tier's moves reach the tiers of the next
//! count only. Within a tier, each size's layer is an arrangement of its x and o pieces on
//! the 9 cells ([`super::arrange`]), the three layers a mixed-radix number, then the player
//! to move: 1,423³ · 2 = 5,762,947,934 positions for two pieces of each size, 91³ · 2 =
//! 1,507,142 for one.

use std::marker::PhantomData;

use super::arrange::Arrangements;
use super::{max_positions, BoardGame, BoardRules, SOLVED};
use crate::games::{Inputs, Param, RunError};
use grundy::outcome::Outcome;
use grundy::rules::tiered::TierRanking;
use grundy::rules::{Game, Moves};

/// The cells of the board, row by row from the top.
const CELLS: usize = 9;

/// The eight lines of three, as in tic-tac-toe.
use super::tic_tac_toe::LINES;

/// The letters of the sizes, small to large: x's in lower case, o's in upper case.
const LETTERS: [[char; 3]; 2] = [['s', 'm', 'l'], ['S', 'M', 'L']];

/// A position: for each size (0 small, 1 medium, 2 large) a layer of the 9 cells, each 0
/// (no piece of that size), 1 (x's) or 2 (o's); a cell's visible piece is its largest. And
/// whether o is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GobbletPosition {
    /// `layers[size][cell]`: 0, 1 (x) or 2 (o).
    pub layers: [[u8; CELLS]; 3],
    /// Whether o (rather than x) is to move.
    pub o_to_move: bool,
}

impl GobbletPosition {
    /// The visible piece of `cell`: its size and colour (1 x, 2 o), or `None` when empty.
    fn top(&self, cell: usize) -> Option<(usize, u8)> {
        (0..3)
            .rev()
            .find(|&s| self.layers[s][cell] != 0)
            .map(|s| (s, self.layers[s][cell]))
    }

    /// The size a piece must pass to go on `cell`: its visible size + 1, 0 when empty.
    fn floor(&self, cell: usize) -> usize {
        self.top(cell).map_or(0, |(s, _)| s + 1)
    }

    /// Whether `colour` has three visible in a line.
    fn has_line(&self, colour: u8) -> bool {
        // The visible colours once, not once a line a cell: a solve asks this of every
        // position and its un-moves.
        let visible: [u8; CELLS] = std::array::from_fn(|c| {
            let [small, medium, large] = self.layers;
            [large[c], medium[c], small[c]]
                .into_iter()
                .find(|&who| who != 0)
                .unwrap_or(0)
        });
        LINES
            .iter()
            .any(|l| l.iter().all(|&c| visible[c] == colour))
    }

    /// The colour of the player to move: 1 (x) or 2 (o).
    fn mover(&self) -> u8 {
        if self.o_to_move {
            2
        } else {
            1
        }
    }

    /// How many pieces of `size` and `colour` are on the board.
    fn placed(&self, size: usize, colour: u8) -> u32 {
        self.layers[size].iter().filter(|&&c| c == colour).count() as u32
    }
}

/// Gobblet Gobblers' rules, for `pieces` pieces of each size a player (1 or 2) and the
/// `sizes` smallest sizes (1 to 3).
#[derive(Debug, Clone)]
pub struct Gobblet {
    sizes: usize,
    pieces: u32,
    /// Each tier's placed counts, indexed `2 · size + colour − 1`, tiers in order.
    tiers: Vec<[u32; 6]>,
    /// The tier of each digit vector, by its number in base `pieces + 1`.
    tier_of: Vec<u32>,
    /// The first tier with `n` pieces placed, for `n` from 0 to `6 · pieces + 1`.
    level_start: Vec<u32>,
    /// `arrangements[x][o]`: a layer with `x` pieces of x and `o` of o.
    arrangements: Vec<Vec<Arrangements>>,
    /// Every layer's pieces and rank, by its code ([`layer_code`]): ranking a position is
    /// three lookups, where a solve ranks every move twice.
    layer_entries: Vec<LayerEntry>,
}

/// A layer's counts of x's and o's, and its rank among the layers of those counts.
#[derive(Debug, Clone, Copy)]
struct LayerEntry {
    x: u8,
    o: u8,
    rank: u32,
}

/// A layer's number in base 3, its first cell the least significant digit: `0..3⁹`.
fn layer_code(layer: &[u8; CELLS]) -> usize {
    layer.iter().rev().fold(0, |code, &c| code * 3 + c as usize)
}

/// The most pieces of each size a player holds.
pub const MAX_PIECES: u32 = 2;

impl Gobblet {
    /// The rules with the `sizes` smallest sizes and `pieces` pieces of each a player, or what
    /// is wrong with the numbers (1 to 3 sizes, 1 or 2 pieces). O(tiers).
    pub fn new(sizes: usize, pieces: u32) -> Result<Gobblet, String> {
        if !(1..=MAX_PIECES).contains(&pieces) || !(1..=3).contains(&sizes) {
            return Err(format!(
                "expected 1 to 3 sizes and 1 or 2 pieces of each size a player, not {sizes} \
                 sizes and {pieces} pieces"
            ));
        }
        let base = pieces + 1;
        let mut digits: Vec<[u32; 6]> = (0..base.pow(6))
            .map(|code| std::array::from_fn(|i| code / base.pow(i as u32) % base))
            .filter(|d: &[u32; 6]| d[2 * sizes..].iter().all(|&n| n == 0))
            .collect();
        // By pieces placed in all, then by the digits: a stable sort keeps the codes' order.
        digits.sort_by_key(|d| d.iter().sum::<u32>());
        let code = |d: &[u32; 6]| (0..6).map(|i| d[i] * base.pow(i as u32)).sum::<u32>();
        let mut tier_of = vec![0; digits.len()];
        for (t, d) in digits.iter().enumerate() {
            tier_of[code(d) as usize] = t as u32;
        }
        let levels = 2 * sizes * pieces as usize + 2;
        let level_start = (0..levels)
            .map(|n| {
                digits
                    .iter()
                    .filter(|d| (d.iter().sum::<u32>() as usize) < n)
                    .count() as u32
            })
            .collect();
        let arrangements = (0..=pieces)
            .map(|x| {
                (0..=pieces)
                    .map(|o| Arrangements::new(CELLS, &[x, o]).expect("at most 4 pieces fit"))
                    .collect()
            })
            .collect();
        let layer_entries = (0..3usize.pow(CELLS as u32))
            .map(|code| {
                let layer: [u8; CELLS] =
                    std::array::from_fn(|c| (code / 3usize.pow(c as u32) % 3) as u8);
                let count = |colour| layer.iter().filter(|&&c| c == colour).count() as u32;
                let (x, o) = (count(1), count(2));
                let rank = Arrangements::new(CELLS, &[x, o])
                    .and_then(|a| a.rank(&layer))
                    .expect("a layer has its own counts");
                LayerEntry {
                    x: x as u8,
                    o: o as u8,
                    rank: rank as u32,
                }
            })
            .collect();
        Ok(Gobblet {
            sizes,
            pieces,
            tiers: digits,
            tier_of,
            level_start,
            arrangements,
            layer_entries,
        })
    }

    /// The entries of `p`'s three layers, small to large.
    fn entries(&self, p: &GobbletPosition) -> [LayerEntry; 3] {
        p.layers.map(|layer| self.layer_entries[layer_code(&layer)])
    }

    /// The placed counts of `p`, indexed `2 · size + colour − 1`.
    fn digits(&self, p: &GobbletPosition) -> [u32; 6] {
        let entries = self.entries(p);
        std::array::from_fn(|i| {
            let e = entries[i / 2];
            u32::from(if i % 2 == 0 { e.x } else { e.o })
        })
    }

    /// How many pieces of `size` the player to move still holds.
    fn in_hand(&self, p: &GobbletPosition, size: usize) -> u32 {
        self.held(size) - p.placed(size, p.mover())
    }

    /// How many pieces of `size` a player has: `pieces`, none of the sizes left out.
    fn held(&self, size: usize) -> u32 {
        if size < self.sizes {
            self.pieces
        } else {
            0
        }
    }

    /// The moves of `p` with their names (`Lb2` places a large piece on b2, `a1-b2` moves
    /// the piece on a1), each name written only when asked for: placements by size then
    /// cell, then moves by cell from and to.
    fn labelled_moves(
        &self,
        p: &GobbletPosition,
        mut visit: impl FnMut(&dyn Fn() -> String, GobbletPosition),
    ) {
        let me = p.mover();
        let turned = |mut q: GobbletPosition| {
            q.o_to_move = !q.o_to_move;
            q
        };
        for (size, letter) in LETTERS[1].iter().enumerate() {
            if self.in_hand(p, size) == 0 {
                continue;
            }
            for cell in (0..CELLS).filter(|&c| p.floor(c) <= size) {
                let mut q = *p;
                q.layers[size][cell] = me;
                visit(&|| format!("{letter}{}", cell_name(cell)), turned(q));
            }
        }
        for from in 0..CELLS {
            let Some((size, who)) = p.top(from) else {
                continue;
            };
            if who != me {
                continue;
            }
            for to in (0..CELLS).filter(|&c| c != from && p.floor(c) <= size) {
                let mut q = *p;
                q.layers[size][from] = 0;
                q.layers[size][to] = me;
                visit(
                    &|| format!("{}-{}", cell_name(from), cell_name(to)),
                    turned(q),
                );
            }
        }
    }
}

impl Game for Gobblet {
    type Position = GobbletPosition;

    fn moves(&self, p: &GobbletPosition, out: &mut Moves<GobbletPosition>) {
        self.labelled_moves(p, |_, q| out.push(q));
    }

    /// The player to move wins with a line of their own (even when the opponent has one
    /// too: the opponent's move uncovered it), loses to a line of the opponent's alone.
    fn result(&self, p: &GobbletPosition) -> Option<Outcome> {
        let me = p.mover();
        if p.has_line(me) {
            Some(Outcome::Win)
        } else if p.has_line(3 - me) {
            Some(Outcome::Loss)
        } else {
            None
        }
    }
}

impl TierRanking for Gobblet {
    const UNMOVES: bool = true;

    fn name(&self) -> String {
        match (self.sizes, self.pieces) {
            (3, MAX_PIECES) => "gobblet".to_string(),
            (3, pieces) => format!("gobblet pieces {pieces}"),
            (sizes, pieces) => format!("gobblet sizes {sizes} pieces {pieces}"),
        }
    }

    fn tier_count(&self) -> u32 {
        self.tiers.len() as u32
    }

    fn tier(&self, p: &GobbletPosition) -> u32 {
        let base = self.pieces + 1;
        let digits = self.digits(p);
        let code: u32 = (0..6).map(|i| digits[i] * base.pow(i as u32)).sum();
        self.tier_of[code as usize]
    }

    fn tier_size(&self, tier: u32) -> u64 {
        let d = &self.tiers[tier as usize];
        (0..3)
            .map(|s| self.arrangements[d[2 * s] as usize][d[2 * s + 1] as usize].count())
            .product::<u64>()
            * 2
    }

    fn rank(&self, p: &GobbletPosition) -> u64 {
        let mut rank = 0;
        for e in self.entries(p) {
            // A position's counts are within the pieces held: `read` refuses others.
            let arrangement = &self.arrangements[e.x as usize][e.o as usize];
            rank = rank * arrangement.count() + u64::from(e.rank);
        }
        rank * 2 + u64::from(p.o_to_move)
    }

    fn unrank(&self, tier: u32, rank: u64) -> GobbletPosition {
        let d = &self.tiers[tier as usize];
        let mut p = GobbletPosition {
            layers: [[0; CELLS]; 3],
            o_to_move: rank % 2 == 1,
        };
        let mut rest = rank / 2;
        for s in (0..3).rev() {
            let arrangement = &self.arrangements[d[2 * s] as usize][d[2 * s + 1] as usize];
            arrangement.unrank(rest % arrangement.count(), &mut p.layers[s]);
            rest /= arrangement.count();
        }
        p
    }

    fn later_tiers(&self, tier: u32) -> std::ops::Range<u32> {
        let level = self.tiers[tier as usize].iter().sum::<u32>() as usize;
        let last = self.level_start.len() - 1;
        self.level_start[(level + 1).min(last)]..self.level_start[(level + 2).min(last)]
    }

    /// The positions of `p`'s tier with a move to `p`: the player who just moved took one of
    /// their visible pieces back to a cell where it fits (not the cell it is on), and the
    /// game was not over there.
    fn predecessors(&self, p: &GobbletPosition, out: &mut Vec<GobbletPosition>) {
        let moved = 3 - p.mover();
        for to in 0..CELLS {
            let Some((size, who)) = p.top(to) else {
                continue;
            };
            if who != moved {
                continue;
            }
            for from in (0..CELLS).filter(|&c| c != to && p.floor(c) <= size) {
                let mut q = *p;
                q.layers[size][to] = 0;
                q.layers[size][from] = moved;
                q.o_to_move = !p.o_to_move;
                if self.result(&q).is_none() {
                    out.push(q);
                }
            }
        }
    }
}

/// A cell's name: its column `a` to `c` from the left, its row `1` to `3` from the bottom.
fn cell_name(cell: usize) -> String {
    let (row, column) = (cell / 3, cell % 3);
    format!("{}{}", (b'a' + column as u8) as char, 3 - row)
}

impl BoardRules for Gobblet {
    fn from_inputs(inputs: &Inputs) -> Result<Self, RunError> {
        let pieces = inputs.whole("pieces")?;
        let sizes = inputs.whole("sizes")?;
        Ok(Gobblet::new(sizes as usize, pieces as u32)?)
    }

    fn from_argument(argument: &str) -> Result<Self, String> {
        let wrong = || {
            format!(
                "gobblet:{argument}: expected gobblet, gobblet:PIECES (1 or 2 of each size) or \
                 gobblet:SIZESxPIECES (gobblet:2x1: one small and one medium piece each)"
            )
        };
        let (sizes, pieces) = match argument.trim() {
            "" => ("3", "2"),
            text => text.split_once('x').unwrap_or(("3", text)),
        };
        match (sizes.parse(), pieces.parse()) {
            (Ok(sizes), Ok(pieces)) => Gobblet::new(sizes, pieces).map_err(|_| wrong()),
            _ => Err(wrong()),
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        (1..=3)
            .flat_map(|sizes| (1..=MAX_PIECES).map(move |pieces| (sizes, pieces)))
            .filter_map(|(sizes, pieces)| Gobblet::new(sizes, pieces).ok())
            .find(|rules| rules.name() == name)
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![
            ("sizes", self.sizes.to_string()),
            ("pieces", self.pieces.to_string()),
        ]
    }

    fn start(&self) -> GobbletPosition {
        GobbletPosition {
            layers: [[0; CELLS]; 3],
            o_to_move: false,
        }
    }

    fn read(&self, text: &str) -> Result<GobbletPosition, String> {
        let text = text.trim();
        let (board, mover) = match text.rsplit_once(' ') {
            Some((board, mover)) => (board.trim(), Some(mover)),
            None => (text, None),
        };
        let rows: Vec<&str> = board.split('|').collect();
        if rows.len() != 3 {
            return Err(format!(
                "expected 3 rows separated by |, each 3 cells separated by commas, like \
                 s,.,L|.,sM,.|.,.,. o; found {} rows",
                rows.len()
            ));
        }
        let mut p = self.start();
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<&str> = row.split(',').map(str::trim).collect();
            if cells.len() != 3 {
                return Err(format!(
                    "row {} has {} cells: expected 3 separated by commas",
                    r + 1,
                    cells.len()
                ));
            }
            for (c, stack) in cells.iter().enumerate() {
                let at = format!("row {}, column {}", r + 1, c + 1);
                if *stack == "." {
                    continue;
                }
                let mut below = None;
                for ch in stack.chars() {
                    let Some((colour, size)) = (0..2).find_map(|who| {
                        LETTERS[who]
                            .iter()
                            .position(|&l| l == ch)
                            .map(|s| (who as u8 + 1, s))
                    }) else {
                        return Err(format!(
                            "{at}: '{ch}' is not a piece: expected s, m, l (x's small, medium, \
                             large), S, M, L (o's), or . for an empty cell"
                        ));
                    };
                    if below.is_some_and(|b| b >= size) {
                        return Err(format!(
                            "{at}: {stack} puts a piece on one as large or larger: a cell's \
                             pieces are written bottom to top, each larger than the one below"
                        ));
                    }
                    below = Some(size);
                    p.layers[size][3 * r + c] = colour;
                }
            }
        }
        for colour in 1..=2u8 {
            for size in 0..3 {
                if p.placed(size, colour) > self.held(size) {
                    return Err(format!(
                        "{} has {} {} pieces on the board: each player has {}",
                        ["x", "o"][colour as usize - 1],
                        p.placed(size, colour),
                        ["small", "medium", "large"][size],
                        self.held(size)
                    ));
                }
            }
        }
        p.o_to_move = match mover {
            Some("x") => false,
            Some("o") => true,
            Some(other) => {
                return Err(format!(
                    "'{other}' is not a player to move: end with x or o (or nothing: x when both \
                     have placed as many pieces)"
                ))
            }
            None => {
                let count = |c| (0..3).map(|s| p.placed(s, c)).sum::<u32>();
                count(1) > count(2)
            }
        };
        Ok(p)
    }

    fn write(&self, p: &GobbletPosition) -> String {
        let rows: Vec<String> = (0..3)
            .map(|r| {
                (0..3)
                    .map(|c| {
                        let stack: String = (0..3)
                            .filter(|&s| p.layers[s][3 * r + c] != 0)
                            .map(|s| LETTERS[p.layers[s][3 * r + c] as usize - 1][s])
                            .collect();
                        if stack.is_empty() {
                            ".".to_string()
                        } else {
                            stack
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        format!("{} {}", rows.join("|"), if p.o_to_move { "o" } else { "x" })
    }

    fn rows(&self, p: &GobbletPosition) -> Vec<String> {
        (0..3)
            .map(|r| {
                (0..3)
                    .map(|c| {
                        p.top(3 * r + c)
                            .map_or('.', |(s, who)| LETTERS[who as usize - 1][s])
                    })
                    .collect()
            })
            .collect()
    }

    fn to_move(&self, p: &GobbletPosition) -> String {
        let hand = |colour: u8| {
            (0..3)
                .map(|s| {
                    let n = self.held(s) - p.placed(s, colour);
                    LETTERS[colour as usize - 1][s]
                        .to_string()
                        .repeat(n as usize)
                })
                .collect::<String>()
        };
        format!(
            "{} to move; in hand x {}, o {}",
            if p.o_to_move { "o" } else { "x" },
            hand(1),
            hand(2)
        )
    }

    fn named_moves(&self, p: &GobbletPosition) -> Vec<(String, GobbletPosition)> {
        let mut named = Vec::new();
        if self.result(p).is_none() {
            self.labelled_moves(p, |name, q| named.push((name(), q)));
        }
        named
    }
}

/// The variant parameters.
const VARIANTS: [Param; 2] = [
    Param::option(
        "pieces",
        "N",
        "Pieces of each size a player holds: 2 (the game) or 1 (a small game)",
    )
    .whole("pieces", 1)
    .at_most(MAX_PIECES as u64)
    .default("2"),
    Param::option(
        "sizes",
        "N",
        "The sizes in play, from the small: 3 (the game), 2 (small and medium) or 1",
    )
    .whole("sizes", 1)
    .at_most(3)
    .default("3"),
];

/// `grundy gobblet [POSITION]`: a position's value, best moves by name (`Lb2` places a large
/// piece on b2, `a1-b2` moves a visible piece).
pub static GOBBLET: BoardGame<Gobblet> = BoardGame {
    name: "gobblet",
    title: "Gobblet Gobblers",
    about: "Gobblet Gobblers (x first; pieces gobble smaller ones; three visible in a row win): \
            outcome, remoteness and best moves; solved strongly by pieces placed",
    notation: "rows top to bottom separated by |, cells by commas, each cell its pieces bottom \
               to top (s m l: x's small, medium, large; S M L: o's; . empty), then x or o to \
               move: s,.,L|.,sM,.|.,.,. o",
    params: &[
        Param::arg(
            "position",
            "POSITION",
            "The board: rows separated by |, cells by commas, each cell bottom to top of s m l \
             (x) and S M L (o), then x or o to move (default: the empty board, x to move)",
        )
        .optional(),
        VARIANTS[0].excludes(&["solved"]),
        VARIANTS[1].excludes(&["solved"]),
        SOLVED,
        max_positions("2000000"),
    ],
    variants: &VARIANTS,
    example: &[
        ("position", "m,.,.|.,S,.|.,.,. x"),
        ("pieces", "1"),
        ("sizes", "2"),
    ],
    play_syntax: "gobblet:SIZESxPIECES",
    play_example: "gobblet:2x1",
    example_folder: "gobblet",
    plays: &[&GOBBLET],
    rules: PhantomData,
};
