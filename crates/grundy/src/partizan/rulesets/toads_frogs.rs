//! Toads and Frogs: on a strip of at most 128 cells, Left's toads `T` move right and Right's
//! frogs `F` move left, one step into an empty cell `.`, or a jump over one piece of the
//! other kind into the empty cell beyond; a player who cannot move loses. (CGSuite writes
//! `t` and `f`: both cases are read.)
//!
//! **Regions.** In `TTFF` no piece can ever move (each is stopped by its neighbour or by the
//! piece it would jump onto), and no piece can enter or jump across it: the strip splits
//! there into independent parts. At the left end of a part frogs can never move and act as
//! the end of the strip; likewise toads at its right end: they are trimmed. A part where no
//! piece can move is dead (nothing else changes it). Parts are translated to the start of the
//! strip; reversing a strip would exchange the players, so it is not used.
//!
//! **Elephants and Rhinos** ([`ElephantsAndRhinos`]) is the same game without jumps, on the
//! same strips and by the same code, its blocks being `TF`.

use std::fmt;

use super::{BoardError, Ruleset};
use crate::partizan::Side;

/// The longest strip: one bit per cell of a `u128`.
pub const MAX_CELLS: usize = 128;

/// A strip: its length and its toads and frogs (bit i is cell i, from the left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Strip {
    /// The number of cells.
    pub len: u8,
    /// Left's toads.
    pub toads: u128,
    /// Right's frogs.
    pub frogs: u128,
}

impl Strip {
    /// The empty cells.
    pub(super) fn empty(&self) -> u128 {
        low_bits(u32::from(self.len)) & !(self.toads | self.frogs)
    }

    /// The pieces of `side` that can step, and those that can jump (none without jumps).
    fn movers(&self, side: Side, jumps: bool) -> (u128, u128) {
        let empty = self.empty();
        let (steps, over) = match side {
            Side::Left => (
                self.toads & (empty >> 1),
                self.toads & (self.frogs >> 1) & (empty >> 2),
            ),
            Side::Right => (
                self.frogs & (empty << 1),
                self.frogs & (self.toads << 1) & (empty << 2),
            ),
        };
        (steps, if jumps { over } else { 0 })
    }

    /// The cells `start..end` as a strip of their own.
    fn part(&self, start: u32, end: u32) -> Strip {
        let bits = low_bits(end - start);
        Strip {
            len: (end - start) as u8,
            toads: (self.toads >> start) & bits,
            frogs: (self.frogs >> start) & bits,
        }
    }
}

/// The `n` low bits set.
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// A piece moved: from one cell to another, both from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hop {
    piece: char,
    from: u8,
    to: u8,
}

impl fmt::Display for Hop {
    /// `T 3->4`, `F 5->3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}->{}", self.piece, self.from + 1, self.to + 1)
    }
}

/// Toads and Frogs.
///
/// ```
/// use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
/// use grundy::partizan::rulesets::{Evaluator, Ruleset};
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let mut eval = Evaluator::new(ToadsAndFrogs);
/// let strip = ToadsAndFrogs.parse("TT.F").unwrap();
/// let v = eval.value(&mut store, &strip).unwrap();
/// assert_eq!(store.display(v), "{1/2|0}");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ToadsAndFrogs;

/// Elephants and Rhinos (CGSuite's `ElephantsAndRhinos`, its `GenToadsAndFrogs(maxJump =>
/// 0)`): Toads and Frogs without jumps. Left's elephants are the toads `T`, moving right, and
/// Right's rhinos the frogs `F`, moving left, one step into an empty cell; strips are read and
/// printed as Toads and Frogs' (CGSuite writes `t` and `f`). A toad just left of a frog is
/// stuck for good, and so is the frog, and no piece passes them: the strip splits there.
///
/// ```
/// use grundy::partizan::rulesets::toads_frogs::ElephantsAndRhinos;
/// use grundy::partizan::rulesets::Ruleset;
///
/// assert_eq!(ElephantsAndRhinos.value_of("tttt..fff").unwrap().canonical_form(), "1");
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ElephantsAndRhinos;

impl Ruleset for ToadsAndFrogs {
    type Position = Strip;
    type Move = Hop;

    fn name(&self) -> &'static str {
        "Toads and Frogs"
    }

    fn parse(&self, text: &str) -> Result<Strip, BoardError> {
        parse_strip(text)
    }

    fn show(&self, p: &Strip) -> String {
        show_strip(p)
    }

    /// Steps, then jumps, each from the left.
    fn moves(&self, p: &Strip, side: Side, out: &mut Vec<(Hop, Strip)>) {
        moves(p, side, true, out);
    }

    fn regions(&self, p: &Strip, out: &mut Vec<Strip>) {
        regions(p, true, out);
    }
}

impl Ruleset for ElephantsAndRhinos {
    type Position = Strip;
    type Move = Hop;

    fn name(&self) -> &'static str {
        "Elephants and Rhinos"
    }

    fn parse(&self, text: &str) -> Result<Strip, BoardError> {
        parse_strip(text)
    }

    fn show(&self, p: &Strip) -> String {
        show_strip(p)
    }

    /// Steps, each from the left.
    fn moves(&self, p: &Strip, side: Side, out: &mut Vec<(Hop, Strip)>) {
        moves(p, side, false, out);
    }

    fn regions(&self, p: &Strip, out: &mut Vec<Strip>) {
        regions(p, false, out);
    }
}

/// Reads a strip of at most 128 cells: `T`/`t` a toad, `F`/`f` a frog, `.` empty.
fn parse_strip(text: &str) -> Result<Strip, BoardError> {
    let text = text.trim_end_matches(['\n', '\r']);
    let mut strip = Strip {
        len: 0,
        toads: 0,
        frogs: 0,
    };
    for (i, ch) in text.chars().enumerate() {
        if i == MAX_CELLS {
            return Err(BoardError::at(
                1,
                i + 1,
                format!("the strip has more than {MAX_CELLS} cells, the most this ruleset plays"),
            ));
        }
        match ch {
            'T' | 't' => strip.toads |= 1 << i,
            'F' | 'f' => strip.frogs |= 1 << i,
            '.' => {}
            _ => {
                return Err(BoardError::at(
                    1,
                    i + 1,
                    format!("expected 'T' (a toad), 'F' (a frog) or '.' (empty), found {ch:?}"),
                ))
            }
        }
        strip.len += 1;
    }
    Ok(strip)
}

/// The strip in the notation [`parse_strip`] reads.
fn show_strip(p: &Strip) -> String {
    (0..p.len)
        .map(|i| {
            let b = 1u128 << i;
            if p.toads & b != 0 {
                'T'
            } else if p.frogs & b != 0 {
                'F'
            } else {
                '.'
            }
        })
        .collect()
}

/// The moves of `side`: steps, then (with `jumps`) jumps, each from the left. O(moves).
fn moves(p: &Strip, side: Side, jumps: bool, out: &mut Vec<(Hop, Strip)>) {
    let (steps, leaps) = p.movers(side, jumps);
    for (movers, distance) in [(steps, 1), (leaps, 2)] {
        let mut rest = movers;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            let (piece, to) = match side {
                Side::Left => ('T', from + distance),
                Side::Right => ('F', from - distance),
            };
            let moved = |m: u128| m & !(1u128 << from) | 1u128 << to;
            let next = match side {
                Side::Left => Strip {
                    toads: moved(p.toads),
                    ..*p
                },
                Side::Right => Strip {
                    frogs: moved(p.frogs),
                    ..*p
                },
            };
            let hop = Hop {
                piece,
                from: from as u8,
                to: to as u8,
            };
            out.push((hop, next));
        }
    }
}

/// The regions of `p` (see the [module](self)): split at the blocks where no piece ever
/// moves (`TTFF` with jumps, `TF` without), trimmed, the dead ones dropped. O(length).
fn regions(p: &Strip, jumps: bool, out: &mut Vec<Strip>) {
    let (t, f) = (p.toads, p.frogs);
    // Without jumps a toad just left of a frog blocks both for good; with them it takes two
    // of each (`TTFF`).
    let (mut blocks, width) = if jumps {
        (t & (t >> 1) & (f >> 2) & (f >> 3), 4)
    } else {
        (t & (f >> 1), 2)
    };
    let mut start = 0;
    loop {
        let end = if blocks == 0 {
            u32::from(p.len)
        } else {
            blocks.trailing_zeros()
        };
        let mut s = start;
        let mut e = end;
        while s < e && p.frogs >> s & 1 == 1 {
            s += 1;
        }
        while e > s && p.toads >> (e - 1) & 1 == 1 {
            e -= 1;
        }
        let part = p.part(s, e);
        let (steps, leaps) = part.movers(Side::Left, jumps);
        let (back, over) = part.movers(Side::Right, jumps);
        if steps | leaps | back | over != 0 {
            out.push(part);
        }
        if blocks == 0 {
            return;
        }
        start = end + width;
        // Blocks that overlap the one just passed are inside it.
        blocks &= !low_bits(start);
    }
}

/// CGSuite's `GenToadsAndFrogs` schema, its parameters bounded so that its games are short
/// (no piece slides back): a toad (Left, `T`) slides right, a frog (Right, `F`) left, by
/// `k` cells with `min_slide ≤ k ≤ max_slide` over empty cells only; or jumps over `k`
/// adjacent pieces, `1 ≤ k ≤ max_jump`, of the other kind (of either kind with
/// `friendly_jumps`), onto the empty cell just beyond. Strips are Toads and Frogs' (at most
/// 128 cells). Toads and Frogs is `GenToadsAndFrogs::new(1, 1, 1, false)`, Elephants and
/// Rhinos the same with no jump: their own rulesets split strips into regions, where this
/// one values a strip whole (its moves reach any distance), so it serves parameters they do
/// not have.
///
/// ```
/// use grundy::partizan::rulesets::toads_frogs::GenToadsAndFrogs;
/// use grundy::partizan::rulesets::Ruleset;
///
/// let longer_jumps = GenToadsAndFrogs::new(1, 1, 2, false).unwrap();
/// assert_eq!(longer_jumps.value_of("tttt..fff").unwrap().canonical_form(), "{1/2*|v}");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenToadsAndFrogs {
    min_slide: u8,
    max_slide: u8,
    max_jump: u8,
    friendly_jumps: bool,
}

impl GenToadsAndFrogs {
    /// The schema with CGSuite's parameters `minSlide`, `maxSlide`, `maxJump` and
    /// `allowFriendlyJump`. A negative `min_slide` (sliding back) makes the game loopy, which
    /// this ruleset does not value: an error says so, as it does for a negative `max_slide` or
    /// `max_jump`. Distances beyond a strip's 128 cells are the same as 128. O(1).
    pub fn new(
        min_slide: i64,
        max_slide: i64,
        max_jump: i64,
        friendly_jumps: bool,
    ) -> Result<GenToadsAndFrogs, String> {
        if min_slide < 0 {
            return Err(format!(
                "minSlide {min_slide} lets pieces slide back, a loopy game: only minSlide >= 0 \
                 is valued here"
            ));
        }
        if max_slide < 0 || max_jump < 0 {
            return Err("maxSlide and maxJump must be >= 0".to_string());
        }
        let cap = |n: i64| n.min(MAX_CELLS as i64) as u8;
        Ok(GenToadsAndFrogs {
            // A slide of 0 cells is no move: CGSuite slides at least one cell.
            min_slide: cap(min_slide.max(1)),
            max_slide: cap(max_slide),
            max_jump: cap(max_jump),
            friendly_jumps,
        })
    }
}

impl Ruleset for GenToadsAndFrogs {
    type Position = Strip;
    type Move = Hop;

    fn name(&self) -> &'static str {
        "GenToadsAndFrogs"
    }

    fn parse(&self, text: &str) -> Result<Strip, BoardError> {
        parse_strip(text)
    }

    fn show(&self, p: &Strip) -> String {
        show_strip(p)
    }

    /// Slides, then jumps, each piece from the left. O(pieces × (max_slide + max_jump)).
    fn moves(&self, p: &Strip, side: Side, out: &mut Vec<(Hop, Strip)>) {
        let len = i32::from(p.len);
        let (ours, theirs, piece, sign) = match side {
            Side::Left => (p.toads, p.frogs, 'T', 1),
            Side::Right => (p.frogs, p.toads, 'F', -1),
        };
        let at = |cell: i32, mask: u128| (0..len).contains(&cell) && mask >> cell & 1 == 1;
        let empty = p.empty();
        let moved = |from: i32, to: i32| {
            let pieces = ours & !(1u128 << from) | 1u128 << to;
            let next = match side {
                Side::Left => Strip {
                    toads: pieces,
                    ..*p
                },
                Side::Right => Strip {
                    frogs: pieces,
                    ..*p
                },
            };
            let hop = Hop {
                piece,
                from: from as u8,
                to: to as u8,
            };
            (hop, next)
        };
        let pieces = || (0..len).filter(move |&n| ours >> n & 1 == 1);
        for n in pieces() {
            for k in 1..=i32::from(self.max_slide) {
                if !at(n + k * sign, empty) {
                    break;
                }
                if k >= i32::from(self.min_slide) {
                    out.push(moved(n, n + k * sign));
                }
            }
        }
        let over = if self.friendly_jumps {
            ours | theirs
        } else {
            theirs
        };
        for n in pieces() {
            for k in 1..=i32::from(self.max_jump) {
                if !at(n + k * sign, over) {
                    break;
                }
                if at(n + (k + 1) * sign, empty) {
                    out.push(moved(n, n + (k + 1) * sign));
                }
            }
        }
    }

    /// The strip whole, if anyone can move in it: slides and jumps of any length leave no
    /// block that nothing crosses in general. O(moves).
    fn regions(&self, p: &Strip, out: &mut Vec<Strip>) {
        let mut moves = Vec::new();
        self.moves(p, Side::Left, &mut moves);
        self.moves(p, Side::Right, &mut moves);
        if !moves.is_empty() {
            out.push(*p);
        }
    }
}
