//! Coin-turning games: a row of coins, some heads; a move turns over a set of coins that the
//! rule allows, one of which (the rule says which) must show heads and so becomes tails. The
//! player who cannot move (no head left) loses.
//!
//! Coins are numbered from 1 at the left end of the row, in every rule and in every function of
//! this module (the notes number from 0 in 003 §5.2 and in 002, from 1 elsewhere; the formulas
//! below are restated for numbering from 1).
//!
//! **Why heads add up** (notes 000 "翻石子模型", 003 §5). Turning a coin twice is not turning
//! it, and a tails coin in the turned set becomes a head, which is the same as adding an
//! independent one-head game (x ⊕ x = 0). So every head is an independent game, its value
//! `v(x)` depends only on its place, and a row's Sprague–Grundy value is the XOR of the values
//! of its heads: `v(x) = mex { ⊕ v(c) over the other coins c of a move turning x }`.
//!
//! **Rules and formulas** ([`Rule`]):
//!
//! | rule | a move turns | value of a head at x | notes |
//! |---|---|---|---|
//! | `Two` | one or two coins, the rightmost heads | `x` | 003 §5.1 1-2翻硬币 |
//! | `MockTurtles` | one, two or three coins, the rightmost heads | the (x−1)-th odious number (from 0): `2(x−1)`, plus 1 if `x−1` has an even number of 1 bits | 003 §5.2 1-2-3翻硬币 |
//! | `Ruler` | a run of consecutive coins, the rightmost heads | `lowbit(x)`, the largest power of 2 dividing x | 003 §5.3.1, 002 问题3 |
//! | `Ruler` with runs of at most K | a run of at most K coins, the rightmost heads | `lowbit(((x − 1) mod h) + 1)`, `h = highbit(K)` | 002 问题4 |
//! | `Multiples` | `x, 2x, ..., kx` for some k ≥ 1 with kx ≤ n, x heads | `g(⌊n/x⌋)` below | 000 翻石子模型 (HAOI2015 数组游戏) |
//!
//! (Odious numbers have an odd number of 1 bits: 1, 2, 4, 7, 8, 11, ...; a number and its
//! double have the same bits, so of 2i and 2i + 1 exactly one is odious.) In the multiples game
//! the head is the leftmost coin turned, and the value of a head depends only on
//! `q = ⌊n/x⌋` (a move only reaches multiples of x, and ⌊n/(jx)⌋ = ⌊q/j⌋):
//! `g(q) = mex { ⊕_{j=2..k} g(⌊q/j⌋) : 1 ≤ k ≤ q }`. The prefix XORs change only where ⌊q/j⌋
//! does, and along a block of equal ⌊q/j⌋ they alternate between two values, so one step per
//! block gives `g(q)` in O(√q); the ⌊n/i⌋ take O(√n) distinct values, O(n^(3/4)) in all
//! (notes 000; [`MultiplesTable`]), up to [`MULTIPLES_MAX_LENGTH`] coins. (The notes write
//! `max` for `mex` in this recursion.)
//!
//! **Winning moves.** A move turning the set A changes the value by `α = ⊕_{c ∈ A} v(c)`, so
//! from value S ≠ 0 it wins iff α = S:
//!
//! - `Two`: from a head x with `x ⊕ S < x`, turn x and `x ⊕ S` (x alone when S = x), as in
//!   Nim (003 §5.1); at most one move per head.
//! - `MockTurtles`: `τ = S ⊕ v(x)` must be the XOR of the values of at most two coins left of
//!   x. τ = 0: turn x alone. τ odious: the coin of value τ, at `(τ >> 1) + 1`. τ evil (an even
//!   number of 1 bits, the XOR of two odious numbers): every pair of coins at `a + 1 < b + 1`
//!   with `a ⊕ b = τ >> 1`; with h the top bit of `τ >> 1` these are the `b < x − 1` with bit
//!   h set, so they are counted in O(1) and may be very many (the first [`LISTED_MOVES`] are
//!   listed, with their number).
//! - `Ruler`: the XOR of `lowbit(1), ..., lowbit(m)` is the Gray code `m ⊕ (m >> 1)`, so the
//!   run from m + 1 to x is worth `gray(x) ⊕ gray(m)`: the winning run from x starts after
//!   `m = gray⁻¹(gray(x) ⊕ S)` when m < x. With runs of at most K the values repeat with
//!   period h, the prefix XOR is `(⌊m/h⌋ mod 2)·gray(h) ⊕ gray(m mod h)`, one to one on the
//!   residues modulo 2h, and K < 2h consecutive m hold each residue at most once: again at
//!   most one move per head, found in O(1).
//! - `Multiples`: from the head x, every k with `⊕_{j=2..k} g(⌊q/j⌋) = S ⊕ g(x)`, counted
//!   block by block in O(√q).
//!
//! **Boards: products of rows** (Tartan's theorem; notes 002 问题1 and 问题5, 003 §5.3.2).
//! The product of two coin-turning games is played on a board: a move picks a head at
//! (x, y) and turns every coin of `A × B`, where A is a move of the first rule turning x and
//! B a move of the second turning y. A head at (x, y) is worth `v₁(x) ⊗ v₂(y)` (the nim
//! product), and the board the XOR of its heads ([`Board`]). The corner game of
//! [`impartial::product`](crate::impartial::product) (`grundy corners`) is `Two × Two`: there
//! the coordinates are numbered from 0 and a move turns the four corners of a box; row and
//! column 0 are worth 0 and stand for the "turn one coin" moves of `Two` here. The notes'
//! 2-D Ruler (003 §5.3.2: turn any rectangle whose bottom-right coin is heads) is
//! `Ruler × Ruler`, so a head at (i, j) is worth `lowbit(i) ⊗ lowbit(j)`; the notes' closed
//! form `2^(i+j−2)` for i, j > 1 is wrong (at (2, 2) the value is `2 ⊗ 2 = 3`, not 4; the
//! tests show it by brute force). The move `A × B` changes the value by `α ⊗ β`
//! (distributivity), α and β the values of A and B, so a winning move from S needs
//! `α ⊗ β = S`: for each head, the distinct α of one factor are tried, `β = S ⊗ α⁻¹`, and the
//! other factor's moves of value β are counted as above. That is exact within a budget of
//! steps ([`BOARD_SEARCH_BUDGET`]), and says when it stopped early.
//!
//! **Complexity.** Values: O(1) per head (a few bit operations), and for `Multiples` a table
//! built in O(n^(3/4)) time and O(√n) memory (less when every head is far from the left end:
//! only the ⌊n/i⌋ up to ⌊n/x⌋ for the leftmost head x are needed). Winning moves: O(1) per
//! head plus the moves listed, O(√(n/x)) per head for `Multiples`. Boards: one nim product
//! per head for the value; the search for winning moves as said above.

use std::fmt;

use serde::Serialize;

use super::{Answer, Family, Group, Inputs, Param, RunError};
use crate::budget::Budget;
use crate::input::{self, InputError};
use crate::math::bits::{gray, gray_inverse, highbit, is_odious, lowbit, odious};
use crate::math::mex::Mex;
use crate::nimber::Nimber;
use crate::outcome::Outcome;
use crate::pattern::table::{
    of_kind, Kind, Span, Table, TableError, TableGame, TableSource, Tabulate,
};
use crate::play::playable::game_error;
use crate::play::{coin_text, Drawing, Match, PlayError, Playable};
use crate::progress::Progress;
use crate::report::{Field, Report};
use crate::rules::Impartial;

/// The most winning moves an answer lists; [`Answer::winning_move_count`] gives their number
/// when there are more.
pub const LISTED_MOVES: usize = 1000;

/// The last coin of a Mock Turtles row: values reach `2x − 1`, which must fit in 64 bits.
pub const MOCK_TURTLES_MAX_COIN: u64 = 1 << 63;

/// The longest row of the multiples game: its table takes about 5·n^(3/4) steps (0.3 s at
/// 10^9 coins, 1.6 s at 10^10 with the release build; 5.6 times more for each factor of 10).
pub const MULTIPLES_MAX_LENGTH: u64 = 10_000_000_000;

/// The default number of steps (a nim division and a count each) that [`Board::answer`]
/// spends searching for winning moves.
pub const BOARD_SEARCH_BUDGET: u64 = 1 << 22;

/// A rule of a one-dimensional coin-turning game (see the module for the values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Turn one or two coins; the rightmost shows heads (notes 003 §5.1).
    Two,
    /// Turn one, two or three coins; the rightmost shows heads (notes 003 §5.2).
    MockTurtles,
    /// Turn a run of consecutive coins, of at most `max_run` coins when given; the rightmost
    /// shows heads (notes 003 §5.3.1, 002 问题3 and 问题4).
    Ruler {
        /// The longest run a move may turn (at least 1); `None` for any length.
        max_run: Option<u64>,
    },
    /// Turn `x, 2x, ..., kx` for some k ≥ 1 with kx within the row; x shows heads (notes 000).
    Multiples,
}

impl Rule {
    /// The rule's name on the command line: `two`, `mock-turtles`, `ruler`, `multiples`.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Two => "two",
            Rule::MockTurtles => "mock-turtles",
            Rule::Ruler { .. } => "ruler",
            Rule::Multiples => "multiples",
        }
    }
}

impl fmt::Display for Rule {
    /// The name, and the longest run of a bounded Ruler: `ruler (runs of at most 5 coins)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Ruler { max_run: Some(k) } => write!(f, "ruler (runs of at most {k} coins)"),
            other => f.write_str(other.name()),
        }
    }
}

/// Why a row or a board could not be valued.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoinsError {
    /// A coin outside the row.
    #[error("coin {coin} is not in the row of {length} coins (coins are numbered from 1)")]
    OutOfRow {
        /// The coin's number.
        coin: u64,
        /// The row's length.
        length: u64,
    },
    /// A coin outside the board.
    #[error(
        "coin ({}, {}) is not on the {} × {} board (coordinates are numbered from 1)",
        coin.0, coin.1, size.0, size.1
    )]
    OutOfBoard {
        /// The coin's coordinates.
        coin: (u64, u64),
        /// The board's lengths along x and y.
        size: (u64, u64),
    },
    /// A head given twice.
    #[error("coin {coin} is given twice")]
    Repeated {
        /// The coin, as written: `7` or `(2, 3)`.
        coin: String,
    },
    /// A bounded Ruler whose bound is 0.
    #[error("a Ruler move turns at least one coin: the longest run must be at least 1")]
    ZeroMaxRun,
    /// A Mock Turtles row too long for 64-bit values.
    #[error(
        "Mock Turtles values reach twice the coin's number: rows of at most 2^63 coins \
         (this one has {length})"
    )]
    MockTurtlesTooLong {
        /// The row's length.
        length: u64,
    },
    /// A multiples row too long for its table.
    #[error(
        "the multiples game is valued in O(n^(3/4)) time: rows of at most 10^10 coins \
         (this one has {length})"
    )]
    MultiplesTooLong {
        /// The row's length.
        length: u64,
    },
    /// A coin before the first one a multiples row was prepared for.
    #[error("coin {coin} comes before coin {from}, the first one this row was prepared to value")]
    NotPrepared {
        /// The coin.
        coin: u64,
        /// The first coin the row values.
        from: u64,
    },
    /// A row written with a character other than 0 and 1.
    #[error("the row must be made of 0s and 1s, and character {position} is {found:?}")]
    NotBinary {
        /// The first bad character's place, numbered from 1.
        position: usize,
        /// The character.
        found: char,
    },
}

/// The coins showing heads in a row written as `0` (tails) and `1` (heads), numbered from 1,
/// with the row's length.
///
/// ```
/// use grundy::games::coins::heads_of_row;
/// assert_eq!(heads_of_row("01101").unwrap(), (vec![2, 3, 5], 5));
/// ```
pub fn heads_of_row(row: &str) -> Result<(Vec<u64>, u64), CoinsError> {
    let mut heads = Vec::new();
    let mut length = 0u64;
    for (i, c) in row.chars().enumerate() {
        length += 1;
        match c {
            '0' => {}
            '1' => heads.push(length),
            found => {
                return Err(CoinsError::NotBinary {
                    position: i + 1,
                    found,
                })
            }
        }
    }
    Ok((heads, length))
}

/// The value of a head at coin x (from 1) in `Two`: x.
pub fn two_value(x: u64) -> u64 {
    x
}

/// The value of a head at coin x (from 1) in Mock Turtles: the (x − 1)-th odious number
/// (1, 2, 4, 7, 8, 11, 13, 14, ...), or `None` for x = 0 or x above
/// [`MOCK_TURTLES_MAX_COIN`]. O(1).
///
/// ```
/// use grundy::games::coins::mock_turtles_value;
/// let values: Vec<u64> = (1..=8).map(|x| mock_turtles_value(x).unwrap()).collect();
/// assert_eq!(values, [1, 2, 4, 7, 8, 11, 13, 14]);
/// ```
pub fn mock_turtles_value(x: u64) -> Option<u64> {
    (1..=MOCK_TURTLES_MAX_COIN)
        .contains(&x)
        .then(|| odious(x - 1))
}

/// The value of a head at coin x (from 1) in the Ruler game: `lowbit(x)`. O(1).
///
/// ```
/// use grundy::games::coins::ruler_value;
/// let values: Vec<u64> = (1..=8).map(ruler_value).collect();
/// assert_eq!(values, [1, 2, 1, 4, 1, 2, 1, 8]);
/// ```
pub fn ruler_value(x: u64) -> u64 {
    lowbit(x)
}

/// The value of a head at coin x (from 1) in the Ruler game with runs of at most `max_run`
/// coins: `lowbit(((x − 1) mod highbit(max_run)) + 1)`, or `None` when `max_run` is 0. O(1).
///
/// ```
/// use grundy::games::coins::ruler_max_run_value;
/// let values: Vec<u64> = (1..=8).map(|x| ruler_max_run_value(x, 3).unwrap()).collect();
/// assert_eq!(values, [1, 2, 1, 2, 1, 2, 1, 2]);
/// ```
pub fn ruler_max_run_value(x: u64, max_run: u64) -> Option<u64> {
    (max_run > 0).then(|| ruler_run_value(x, max_run))
}

/// [`ruler_max_run_value`] for a bound of at least 1.
fn ruler_run_value(x: u64, max_run: u64) -> u64 {
    lowbit((x.wrapping_sub(1) % highbit(max_run)) + 1)
}

/// The XOR of the values of coins 1 to m in a Ruler row whose values repeat with period
/// `period` (a power of 2; `None` for no bound on the runs).
fn ruler_prefix(m: u64, period: Option<u64>) -> u64 {
    match period {
        None => gray(m),
        Some(h) => {
            let odd = if (m / h) % 2 == 1 { gray(h) } else { 0 };
            odd ^ gray(m % h)
        }
    }
}

/// The m in `lo..x` whose prefix XOR is `t`, if any (there is at most one, see the module).
fn ruler_prefix_inverse(t: u64, lo: u64, x: u64, period: Option<u64>) -> Option<u64> {
    let m = match period {
        None => gray_inverse(t),
        Some(h) => {
            let (odd, rest) = if t & h != 0 {
                (1u128, t ^ gray(h))
            } else {
                (0, t)
            };
            if rest >= h {
                return None;
            }
            let base = odd * u128::from(h) + u128::from(gray_inverse(rest));
            let top = u128::from(x - 1);
            if top < base {
                return None;
            }
            // The largest m ≤ x − 1 with m ≡ base (mod 2h); it is below 2^64.
            (top - (top - base) % (2 * u128::from(h))) as u64
        }
    };
    (lo..x).contains(&m).then_some(m)
}

/// The number of b in `0..l` with bit h set.
fn with_bit_below(l: u64, h: u32) -> u64 {
    let block = 1u128 << (h + 1);
    let l = u128::from(l);
    ((l / block) * (block / 2) + (l % block).saturating_sub(block / 2)) as u64
}

/// Sprague–Grundy values of the multiples game on a row of n coins: a head at x is worth
/// `g(⌊n/x⌋)`, computed for every distinct ⌊n/i⌋ up to ⌊n/from⌋ in increasing order (see
/// the module). O(n^(3/4)) time at worst, O(√n) memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiplesTable {
    n: u64,
    from: u64,
    root: u64,
    /// `g(q)` for q ≤ root.
    small: Vec<u32>,
    /// `g(⌊n/i⌋)` at index i, for the ⌊n/i⌋ above root.
    large: Vec<u32>,
}

impl MultiplesTable {
    /// The values of the coins `from..=n` of a row of n coins (all of them for `from` = 1;
    /// none when from > n). Fails when n exceeds [`MULTIPLES_MAX_LENGTH`].
    ///
    /// ```
    /// use grundy::games::coins::MultiplesTable;
    /// let table = MultiplesTable::new(10, 1).unwrap();
    /// let values: Vec<u64> = (1..=10).map(|x| table.value(x).unwrap()).collect();
    /// assert_eq!(values, [4, 1, 2, 2, 2, 1, 1, 1, 1, 1]);
    /// ```
    pub fn new(n: u64, from: u64) -> Result<MultiplesTable, CoinsError> {
        if n > MULTIPLES_MAX_LENGTH {
            return Err(CoinsError::MultiplesTooLong { length: n });
        }
        let from = from.max(1);
        let root = n.isqrt();
        let top = n.checked_div(from).unwrap_or(0);
        let mut table = MultiplesTable {
            n,
            from,
            root,
            small: vec![0; root.min(top) as usize + 1],
            large: vec![0; root as usize + 1],
        };
        let mut mex = Mex::new();
        for q in 1..=root.min(top) {
            table.small[q as usize] = table.compute(q, &mut mex);
        }
        for i in (1..=root).rev() {
            let q = n / i;
            if q <= root {
                continue;
            }
            if q > top {
                break;
            }
            table.large[i as usize] = table.compute(q, &mut mex);
        }
        Ok(table)
    }

    /// The row's length n.
    pub fn length(&self) -> u64 {
        self.n
    }

    /// The value of a head at coin x, or `None` outside `from..=n`. O(1).
    pub fn value(&self, x: u64) -> Option<u64> {
        (self.from..=self.n)
            .contains(&x)
            .then(|| self.value_of_checked(x))
    }

    /// The value of a head at x, for a coin the row was checked to hold (from ≤ x ≤ n).
    fn value_of_checked(&self, x: u64) -> u64 {
        u64::from(self.g(self.n / x))
    }

    /// `g(q)` for a q = ⌊n/i⌋ already computed.
    fn g(&self, q: u64) -> u32 {
        if q <= self.root {
            self.small[q as usize]
        } else {
            self.large[(self.n / q) as usize]
        }
    }

    /// Calls `f(lo, hi, w)` for the blocks `lo..=hi` of j in `2..=q` with equal ⌊q/j⌋, of
    /// value `w = g(⌊q/j⌋)`, in increasing order.
    fn for_each_block(&self, q: u64, mut f: impl FnMut(u64, u64, u32)) {
        let mut j = 2;
        while j <= q {
            let t = q / j;
            let hi = q / t;
            f(j, hi, self.g(t));
            j = hi + 1;
        }
    }

    /// The number of blocks of `2..=q`, at most 2√q: the cost of a pass over them.
    fn block_count(q: u64) -> u64 {
        2 * q.isqrt() + 1
    }

    /// `g(q)`: the mex of the prefix XORs.
    fn compute(&self, q: u64, mex: &mut Mex) -> u32 {
        mex.begin();
        mex.insert(0);
        let mut prefix = 0u32;
        self.for_each_block(q, |lo, hi, w| {
            mex.insert(prefix ^ w);
            if (hi - lo) % 2 == 0 {
                prefix ^= w;
            }
        });
        mex.result()
    }

    /// The k in `1..=⌊n/x⌋` whose prefix `⊕_{j=2..k} g(⌊q/j⌋)` is `target`: their number,
    /// and the first `limit` of them appended to `out`, in increasing order.
    fn moves_with(&self, x: u64, target: u64, limit: usize, out: &mut Vec<u64>) -> u128 {
        // The k = first, first + step, ... up to hi.
        let mut count = 0u128;
        let mut add = |first: u64, step: u64, hi: u64, out: &mut Vec<u64>| {
            let n = (hi - first) / step + 1;
            let listed = (limit.saturating_sub(out.len()) as u64).min(n);
            out.extend((0..listed).map(|i| first + i * step));
            count += u128::from(n);
        };
        if target == 0 {
            add(1, 1, 1, out);
        }
        let mut prefix = 0u64;
        self.for_each_block(self.n / x, |lo, hi, w| {
            let w = u64::from(w);
            // k = lo, lo + 2, ... reach prefix ⊕ w; k = lo + 1, lo + 3, ... keep prefix.
            if w == 0 {
                if prefix == target {
                    add(lo, 1, hi, out);
                }
            } else if prefix ^ w == target {
                add(lo, 2, hi, out);
            } else if prefix == target && lo < hi {
                add(lo + 1, 2, hi, out);
            }
            if (hi - lo) % 2 == 0 {
                prefix ^= w;
            }
        });
        count
    }

    /// The distinct prefix XORs `⊕_{j=2..k} g(⌊q/j⌋)`, k in `1..=⌊n/x⌋`, sorted.
    fn prefixes(&self, x: u64) -> Vec<u64> {
        let mut values = vec![0u64];
        let mut prefix = 0u32;
        self.for_each_block(self.n / x, |lo, hi, w| {
            values.push(u64::from(prefix ^ w));
            if (hi - lo) % 2 == 0 {
                prefix ^= w;
            }
        });
        values.sort_unstable();
        values.dedup();
        values
    }
}

/// A move of a row: the coins it turns, numbered from 1 (serialized as `{"coins": [3, 7]}`,
/// `{"run": {"from": 5, "to": 8}}` or `{"multiples": {"x": 3, "k": 4}}`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RowMove {
    /// These coins, in increasing order (the last is the head): `Two` and `MockTurtles`.
    Coins(Vec<u64>),
    /// The run of coins `from..=to` (`to` is the head): `Ruler`.
    Run {
        /// The first coin turned.
        from: u64,
        /// The last coin turned: the head.
        to: u64,
    },
    /// The coins `x, 2x, ..., kx` (x is the head): `Multiples`.
    Multiples {
        /// The head.
        x: u64,
        /// How many multiples of x are turned (x itself included).
        k: u64,
    },
}

impl RowMove {
    /// The coin that shows heads before the move.
    pub fn head(&self) -> u64 {
        match self {
            RowMove::Coins(coins) => *coins.last().expect("a move turns a coin"),
            RowMove::Run { to, .. } => *to,
            RowMove::Multiples { x, .. } => *x,
        }
    }

    /// The coins turned, in increasing order (all of them: meant for short moves).
    pub fn coins(&self) -> Vec<u64> {
        match self {
            RowMove::Coins(coins) => coins.clone(),
            RowMove::Run { from, to } => (*from..=*to).collect(),
            RowMove::Multiples { x, k } => (1..=*k).map(|j| j * x).collect(),
        }
    }

    /// The coins, as `3, 7`, `5..8` or `3, 6, ..., 12`.
    fn list(&self) -> String {
        match self {
            RowMove::Coins(coins) => coins
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            RowMove::Run { from, to } if from == to => to.to_string(),
            RowMove::Run { from, to } => format!("{from}..{to}"),
            RowMove::Multiples { x, k } if *k <= 3 => (1..=*k)
                .map(|j| (j * x).to_string())
                .collect::<Vec<_>>()
                .join(", "),
            RowMove::Multiples { x, k } => format!("{x}, {}, ..., {}", 2 * x, k * x),
        }
    }
}

impl fmt::Display for RowMove {
    /// `turn 3, 7`, `turn 5..8`, or `turn 3, 6, ..., 12 (k = 4)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {}", self.list())?;
        match self {
            RowMove::Multiples { k, .. } if *k > 3 => write!(f, " (k = {k})"),
            _ => Ok(()),
        }
    }
}

/// A row of coins under a rule, ready to value heads and find winning moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    kind: RowKind,
    length: u64,
}

/// A checked rule, with what its values come from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum RowKind {
    /// Turn one or two coins: value x.
    Two,
    /// One to three coins: the (x − 1)-th odious number.
    MockTurtles,
    /// A run, of at most `max_run` coins (at least 1) when given: lowbit.
    Ruler { max_run: Option<u64> },
    /// x, 2x, ..., kx: the table of values.
    Multiples(MultiplesTable),
}

impl Row {
    /// A row of `length` coins under `rule`, ready for the heads from coin `from` on (`from`
    /// matters only to `Multiples`, whose table covers coins `from..=length`: the table is
    /// cheaper when the leftmost head is far from the left end). Fails on a bounded Ruler with
    /// bound 0, a Mock Turtles row longer than [`MOCK_TURTLES_MAX_COIN`], or a multiples row
    /// longer than [`MULTIPLES_MAX_LENGTH`].
    pub fn new(rule: Rule, length: u64, from: u64) -> Result<Row, CoinsError> {
        let kind = match rule {
            Rule::Ruler { max_run: Some(0) } => return Err(CoinsError::ZeroMaxRun),
            Rule::Ruler { max_run } => RowKind::Ruler { max_run },
            Rule::MockTurtles if length > MOCK_TURTLES_MAX_COIN => {
                return Err(CoinsError::MockTurtlesTooLong { length })
            }
            Rule::MockTurtles => RowKind::MockTurtles,
            Rule::Two => RowKind::Two,
            Rule::Multiples => RowKind::Multiples(MultiplesTable::new(length, from)?),
        };
        Ok(Row { kind, length })
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        match self.kind {
            RowKind::Two => Rule::Two,
            RowKind::MockTurtles => Rule::MockTurtles,
            RowKind::Ruler { max_run } => Rule::Ruler { max_run },
            RowKind::Multiples(_) => Rule::Multiples,
        }
    }

    /// The number of coins.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// The value of a head at coin x. Fails outside the row (or, for `Multiples`, before the
    /// coin the row was prepared from). O(1).
    pub fn value(&self, x: u64) -> Result<u64, CoinsError> {
        self.check(x)?;
        Ok(self.value_of(x))
    }

    /// Fails unless x is a coin of the row that it can value.
    fn check(&self, x: u64) -> Result<(), CoinsError> {
        if x == 0 || x > self.length {
            return Err(CoinsError::OutOfRow {
                coin: x,
                length: self.length,
            });
        }
        match &self.kind {
            RowKind::Multiples(table) if x < table.from => Err(CoinsError::NotPrepared {
                coin: x,
                from: table.from,
            }),
            _ => Ok(()),
        }
    }

    /// The value of a checked coin.
    fn value_of(&self, x: u64) -> u64 {
        match &self.kind {
            RowKind::Multiples(table) => table.value_of_checked(x),
            RowKind::Two => two_value(x),
            RowKind::MockTurtles => odious(x - 1),
            RowKind::Ruler { max_run: None } => ruler_value(x),
            RowKind::Ruler { max_run: Some(k) } => ruler_run_value(x, *k),
        }
    }

    /// The period of a Ruler row's values (`None` without a bound on the runs), and the
    /// first coin m + 1 a run ending at x may start from.
    fn ruler_window(&self, x: u64) -> (Option<u64>, u64) {
        match self.kind {
            RowKind::Ruler { max_run: Some(k) } => (Some(highbit(k)), x.saturating_sub(k)),
            _ => (None, 0),
        }
    }

    /// The moves turning the head x whose coins' values XOR to `alpha`: their number, and
    /// the first `limit` of them appended to `out`.
    fn moves_with(&self, x: u64, alpha: u64, limit: usize, out: &mut Vec<RowMove>) -> u128 {
        let room = limit.saturating_sub(out.len());
        match &self.kind {
            RowKind::Two => {
                let m = alpha ^ x;
                if m >= x {
                    return 0;
                }
                if room > 0 {
                    out.push(RowMove::Coins(if m == 0 { vec![x] } else { vec![m, x] }));
                }
                1
            }
            RowKind::MockTurtles => {
                let left = x - 1;
                let tau = alpha ^ odious(left);
                if tau == 0 || is_odious(tau) {
                    let a = tau >> 1;
                    if tau != 0 && a >= left {
                        return 0;
                    }
                    if room > 0 {
                        out.push(RowMove::Coins(if tau == 0 {
                            vec![x]
                        } else {
                            vec![a + 1, x]
                        }));
                    }
                    return 1;
                }
                // τ evil and not 0: pairs a < b < x − 1 with a ⊕ b = c, b with bit h set.
                let c = tau >> 1;
                let h = 63 - c.leading_zeros();
                let step = 1u64 << h;
                let mut b = step;
                let mut listed = 0;
                while b < left && listed < room {
                    out.push(RowMove::Coins(vec![(b ^ c) + 1, b + 1, x]));
                    listed += 1;
                    b += 1;
                    if b & step == 0 {
                        b += step;
                    }
                }
                u128::from(with_bit_below(left, h))
            }
            RowKind::Ruler { .. } => {
                let (period, lo) = self.ruler_window(x);
                let t = ruler_prefix(x, period) ^ alpha;
                match ruler_prefix_inverse(t, lo, x, period) {
                    Some(m) => {
                        if room > 0 {
                            out.push(RowMove::Run { from: m + 1, to: x });
                        }
                        1
                    }
                    None => 0,
                }
            }
            RowKind::Multiples(table) => {
                let mut ks = Vec::new();
                let count = table.moves_with(x, alpha ^ self.value_of(x), room, &mut ks);
                out.extend(ks.into_iter().map(|k| RowMove::Multiples { x, k }));
                count
            }
        }
    }

    /// How many distinct values the moves turning x have (for `Multiples`, an upper bound).
    fn move_value_count(&self, x: u64) -> u128 {
        match self.kind {
            RowKind::Two => u128::from(x),
            RowKind::MockTurtles => {
                let left = x - 1;
                let pairs = if left >= 2 {
                    1u128 << (64 - (left - 1).leading_zeros())
                } else {
                    1
                };
                u128::from(left) + pairs
            }
            RowKind::Ruler { .. } => u128::from(x - self.ruler_window(x).1),
            RowKind::Multiples(_) => u128::from(MultiplesTable::block_count(self.length / x)) + 1,
        }
    }

    /// The cost of one call of `moves_with` at x that lists nothing.
    fn query_cost(&self, x: u64) -> u128 {
        match self.kind {
            RowKind::Multiples(_) => u128::from(MultiplesTable::block_count(self.length / x)),
            _ => 1,
        }
    }

    /// Calls `f(α)` for each distinct value α of the moves turning x, until `f` says stop;
    /// returns whether it went through them all.
    fn for_each_move_value(&self, x: u64, mut f: impl FnMut(u64) -> bool) -> bool {
        let v = self.value_of(x);
        match &self.kind {
            RowKind::Two => (0..x).all(|m| f(x ^ m)),
            RowKind::MockTurtles => {
                let left = x - 1;
                let singles = std::iter::once(0).chain((0..left).map(odious));
                let pairs_end = if left >= 2 {
                    1u64 << (64 - (left - 1).leading_zeros())
                } else {
                    1
                };
                let pairs = (1..pairs_end).map(|c| 2 * c + u64::from(is_odious(c)));
                singles.chain(pairs).all(|tau| f(v ^ tau))
            }
            RowKind::Ruler { .. } => {
                let (period, lo) = self.ruler_window(x);
                let top = ruler_prefix(x, period);
                (lo..x).all(|m| f(top ^ ruler_prefix(m, period)))
            }
            RowKind::Multiples(table) => table.prefixes(x).into_iter().all(|p| f(v ^ p)),
        }
    }

    /// Sorts and checks the heads: coins of the row, none twice.
    fn checked_heads(&self, heads: &[u64]) -> Result<Vec<u64>, CoinsError> {
        let mut sorted = heads.to_vec();
        sorted.sort_unstable();
        for w in sorted.windows(2) {
            if w[0] == w[1] {
                return Err(CoinsError::Repeated {
                    coin: w[0].to_string(),
                });
            }
        }
        for &x in &sorted {
            self.check(x)?;
        }
        Ok(sorted)
    }

    /// The answer for a row with these heads (in any order): the outcome, the value (the XOR
    /// of the heads' values) and the winning moves, by head from left to right (the first
    /// [`LISTED_MOVES`], with their number when there are more). Fails on a coin outside the
    /// row (or before the coin a multiples row was prepared from) or given twice.
    ///
    /// ```
    /// use grundy::games::coins::{Row, RowMove, Rule};
    /// let row = Row::new(Rule::Ruler { max_run: None }, 12, 1).unwrap();
    /// let answer = row.answer(&[3, 7, 12]).unwrap();
    /// assert_eq!(answer.value, Some(4)); // 1 ⊕ 1 ⊕ 4
    /// assert_eq!(
    ///     answer.winning_moves,
    ///     [RowMove::Run { from: 1, to: 7 }, RowMove::Run { from: 12, to: 12 }]
    /// );
    /// ```
    pub fn answer(&self, heads: &[u64]) -> Result<Answer<RowMove>, CoinsError> {
        let heads = self.checked_heads(heads)?;
        let total = heads.iter().fold(0, |s, &x| s ^ self.value_of(x));
        let mut moves = Vec::new();
        let mut count = 0u128;
        if total != 0 {
            for &x in &heads {
                count += self.moves_with(x, total, LISTED_MOVES, &mut moves);
            }
        }
        Ok(answer_of(total, moves, count))
    }
}

/// An answer from the value, the listed moves and their number.
fn answer_of<M>(total: u64, winning_moves: Vec<M>, count: u128) -> Answer<M> {
    let listed = winning_moves.len() as u128;
    Answer {
        outcome: if total == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        },
        value: Some(total),
        winning_moves,
        winning_move_count: (count > listed).then_some(count),
    }
}

/// The answer for a row of `length` coins under `rule` with these heads (numbered from 1, in
/// any order): see [`Row::answer`]. For `Multiples` the table is built from the leftmost
/// head.
///
/// ```
/// use grundy::games::coins::{answer, RowMove, Rule};
/// let a = answer(Rule::Two, 12, &[3, 7, 12]).unwrap();
/// assert_eq!(a.value, Some(8)); // 3 ⊕ 7 ⊕ 12
/// assert_eq!(a.winning_moves, [RowMove::Coins(vec![4, 12])]); // 12 ⊕ 8 = 4
/// assert_eq!(a.winning_moves[0].to_string(), "turn 4, 12");
/// ```
pub fn answer(rule: Rule, length: u64, heads: &[u64]) -> Result<Answer<RowMove>, CoinsError> {
    let from = heads.iter().copied().min().unwrap_or(1);
    Row::new(rule, length, from)?.answer(heads)
}

/// A move on a board: every coin (a, b) with a among the coins of `x` and b among those of
/// `y` is turned (serialized as `{"x": <row move>, "y": <row move>}`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct BoardMove {
    /// The move of the first factor (along x).
    pub x: RowMove,
    /// The move of the second factor (along y).
    pub y: RowMove,
}

impl fmt::Display for BoardMove {
    /// `turn {3, 7} × {5..8}`: the coins (a, b) with a in the first set and b in the second.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {{{}}} × {{{}}}", self.x.list(), self.y.list())
    }
}

/// The answer for a board: the common answer, and whether the search for winning moves saw
/// every head through (when it did not, the outcome and value are still exact, the moves
/// listed are winning moves, but others may exist and `winning_move_count` is `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardAnswer {
    /// Outcome, value and winning moves.
    pub answer: Answer<BoardMove>,
    /// Whether every winning move was counted.
    pub complete: bool,
}

/// A board: the product of two rows (see the module). A head at (x, y), both numbered from 1,
/// is worth `v₁(x) ⊗ v₂(y)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    x: Row,
    y: Row,
}

impl Board {
    /// The product of the rows `x` (first coordinate) and `y` (second coordinate).
    pub fn new(x: Row, y: Row) -> Board {
        Board { x, y }
    }

    /// The value of a head at (x, y): the nim product of its rows' values. Fails outside the
    /// board. O(1).
    ///
    /// ```
    /// use grundy::games::coins::{Board, Row, Rule};
    /// let ruler = || Row::new(Rule::Ruler { max_run: None }, 8, 1).unwrap();
    /// let board = Board::new(ruler(), ruler());
    /// assert_eq!(board.value((2, 2)).unwrap(), 3); // 2 ⊗ 2, not 2^(2+2-2) as notes 003 say
    /// ```
    pub fn value(&self, (x, y): (u64, u64)) -> Result<u64, CoinsError> {
        self.check((x, y))?;
        Ok(self.value_of((x, y)))
    }

    /// The value of a checked coin.
    fn value_of(&self, (x, y): (u64, u64)) -> u64 {
        (Nimber(self.x.value_of(x)) * Nimber(self.y.value_of(y))).0
    }

    /// Fails unless (x, y) is a coin of the board that its rows can value.
    fn check(&self, (x, y): (u64, u64)) -> Result<(), CoinsError> {
        let size = (self.x.length, self.y.length);
        match (self.x.check(x), self.y.check(y)) {
            (Err(CoinsError::OutOfRow { .. }), _) | (_, Err(CoinsError::OutOfRow { .. })) => {
                Err(CoinsError::OutOfBoard { coin: (x, y), size })
            }
            (Err(e), _) | (_, Err(e)) => Err(e),
            _ => Ok(()),
        }
    }

    /// The answer for a board with these heads (in any order): the outcome and value
    /// (exact), and the winning moves by head in order of (x, y), searched within about
    /// `budget` steps (see the module and [`BOARD_SEARCH_BUDGET`]); the first
    /// [`LISTED_MOVES`] are listed. A head whose search does not fit in what is left of the
    /// budget is searched as far as it goes. Fails on a coin outside the board or given
    /// twice.
    ///
    /// ```
    /// use grundy::games::coins::{Board, BOARD_SEARCH_BUDGET, Row, Rule};
    /// let board = Board::new(Row::new(Rule::Two, 4, 1).unwrap(), Row::new(Rule::Two, 4, 1).unwrap());
    /// let answer = board.answer(&[(2, 3)], BOARD_SEARCH_BUDGET).unwrap();
    /// assert_eq!(answer.answer.value, Some(1)); // 2 ⊗ 3
    /// assert!(answer.complete);
    /// ```
    pub fn answer(&self, heads: &[(u64, u64)], budget: u64) -> Result<BoardAnswer, CoinsError> {
        let mut sorted = heads.to_vec();
        sorted.sort_unstable();
        for w in sorted.windows(2) {
            if w[0] == w[1] {
                return Err(CoinsError::Repeated {
                    coin: format!("({}, {})", w[0].0, w[0].1),
                });
            }
        }
        for &h in &sorted {
            self.check(h)?;
        }
        let total = sorted.iter().fold(0, |s, &h| s ^ self.value_of(h));
        let mut moves = Vec::new();
        let mut count = 0u128;
        let mut complete = true;
        let mut left = u128::from(budget);
        if total != 0 {
            for &(x, y) in &sorted {
                let by_x = self.x.move_value_count(x) * self.y.query_cost(y);
                let by_y = self.y.move_value_count(y) * self.x.query_cost(x);
                let search = if by_x <= by_y {
                    search(&self.x, x, &self.y, y, total, left, &mut moves, false)
                } else {
                    search(&self.y, y, &self.x, x, total, left, &mut moves, true)
                };
                count += search.found;
                complete &= search.finished;
                left -= search.spent;
            }
        }
        let mut answer = answer_of(total, moves, count);
        if !complete {
            answer.winning_move_count = None;
        }
        Ok(BoardAnswer { answer, complete })
    }
}

/// What the search at one head of a board did.
struct Search {
    /// Steps spent.
    spent: u128,
    /// Winning moves found.
    found: u128,
    /// Whether every value was tried.
    finished: bool,
}

/// The winning moves at the head (a, b) of a board of value `total`, trying the distinct
/// values α of the moves of row `first` at a, within `budget` steps: for each α, the moves of
/// `second` at b of value `total ⊗ α⁻¹`. Lists moves into `out` (up to [`LISTED_MOVES`]),
/// with the factors swapped back when `swapped`.
#[allow(clippy::too_many_arguments)]
fn search(
    first: &Row,
    a: u64,
    second: &Row,
    b: u64,
    total: u64,
    budget: u128,
    out: &mut Vec<BoardMove>,
    swapped: bool,
) -> Search {
    let step = second.query_cost(b);
    let mut spent = 0u128;
    let mut found = 0u128;
    let finished = first.for_each_move_value(a, |alpha| {
        if spent + step > budget {
            return false;
        }
        spent += step;
        // α ≠ 0: a move never keeps a single head's value (that is what the mex excludes).
        let beta = Nimber(total)
            .checked_div(Nimber(alpha))
            .expect("a move's value is not 0")
            .0;
        let mut seconds = Vec::new();
        let n2 = second.moves_with(
            b,
            beta,
            LISTED_MOVES.saturating_sub(out.len()),
            &mut seconds,
        );
        if n2 == 0 {
            return true;
        }
        let mut firsts = Vec::new();
        let n1 = first.moves_with(
            a,
            alpha,
            LISTED_MOVES.saturating_sub(out.len()),
            &mut firsts,
        );
        found += n1 * n2;
        for f in &firsts {
            for s in &seconds {
                if out.len() == LISTED_MOVES {
                    return true;
                }
                let (f, s) = (f.clone(), s.clone());
                out.push(if swapped {
                    BoardMove { x: s, y: f }
                } else {
                    BoardMove { x: f, y: s }
                });
            }
        }
        true
    });
    Search {
        spent,
        found,
        finished,
    }
}

/// The rules of a row, for the generic solver: a position is the set of heads as a bit set
/// (bit c − 1 for coin c), on a row of at most 64 coins. Meant for short rows: a head has up
/// to x(x − 1)/2 + x options under Mock Turtles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinRow {
    /// The rule.
    pub rule: Rule,
    /// The number of coins, at most 64.
    pub length: u32,
}

impl CoinRow {
    /// The sets of coins (bit sets) that a move turning the head x may turn.
    pub fn move_sets(&self, x: u32) -> Vec<u64> {
        let bit = |c: u32| 1u64 << (c - 1);
        let mut sets = vec![bit(x)];
        match self.rule {
            Rule::Two => sets.extend((1..x).map(|a| bit(a) | bit(x))),
            Rule::MockTurtles => {
                for b in 1..x {
                    sets.push(bit(b) | bit(x));
                    sets.extend((1..b).map(|a| bit(a) | bit(b) | bit(x)));
                }
            }
            Rule::Ruler { max_run } => {
                let longest = max_run.map_or(u64::from(x), |k| k.min(u64::from(x))) as u32;
                let mut run = bit(x);
                for from in (x + 1 - longest..x).rev() {
                    run |= bit(from);
                    sets.push(run);
                }
            }
            Rule::Multiples => {
                let mut set = bit(x);
                let mut c = 2 * x;
                while c <= self.length {
                    set |= bit(c);
                    sets.push(set);
                    c += x;
                }
            }
        }
        sets
    }
}

impl Impartial for CoinRow {
    type Position = u64;

    fn options(&self, p: &u64, out: &mut crate::rules::Moves<u64>) {
        for x in 1..=self.length {
            if (p >> (x - 1)) & 1 == 1 {
                out.extend(self.move_sets(x).into_iter().map(|s| p ^ s));
            }
        }
    }
}

/// The rules of a board, the product of two rows, for the generic solver: a position is the
/// set of heads as a bit set, bit `(x − 1)·y.length + (y − 1)` for the coin (x, y); the board
/// has at most 64 coins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinBoard {
    /// The first factor (along x).
    pub x: CoinRow,
    /// The second factor (along y).
    pub y: CoinRow,
}

impl CoinBoard {
    /// The bit of the coin (x, y).
    pub fn bit(&self, x: u32, y: u32) -> u64 {
        1u64 << ((x - 1) * self.y.length + (y - 1))
    }
}

impl Impartial for CoinBoard {
    type Position = u64;

    fn options(&self, p: &u64, out: &mut crate::rules::Moves<u64>) {
        for x in 1..=self.x.length {
            for y in 1..=self.y.length {
                if p & self.bit(x, y) == 0 {
                    continue;
                }
                let ys = self.y.move_sets(y);
                for a in self.x.move_sets(x) {
                    for &b in &ys {
                        let mut set = 0;
                        for i in (1..=self.x.length).filter(|i| (a >> (i - 1)) & 1 == 1) {
                            for j in (1..=self.y.length).filter(|j| (b >> (j - 1)) & 1 == 1) {
                                set |= self.bit(i, j);
                            }
                        }
                        out.push(p ^ set);
                    }
                }
            }
        }
    }
}

/// A coin row as a table: the value of one head at coin n (from 1; no head for n = 0).
impl Tabulate for Rule {
    fn name(&self) -> String {
        format!("coin-turning row: {self}")
    }

    fn parameters(&self) -> usize {
        1
    }

    fn line(&self, n: Span, kind: Kind, _: &Budget, _: &dyn Progress) -> Result<Table, TableError> {
        let failed = |e: CoinsError| TableError::Game {
            game: Tabulate::name(self),
            message: e.to_string(),
        };
        let row = Row::new(*self, n.last.max(1), 1).map_err(failed)?;
        let mut values = Vec::new();
        for x in n.iter() {
            values.push(if x == 0 {
                0
            } else {
                row.value(x).map_err(failed)?
            });
        }
        let table = Table::line(Tabulate::name(self), n, |x| values[(x - n.first) as usize])?;
        Ok(of_kind(table, kind))
    }
}

/// Reads a table's name: `coins:two`, `coins:mock-turtles`, `coins:ruler` or `coins:ruler:K`.
fn parse_table(spec: &str) -> Option<TableGame> {
    let rest = spec
        .get(..6)?
        .eq_ignore_ascii_case("coins:")
        .then(|| &spec[6..])?;
    let rule = match rest.split_once(':') {
        None if rest == "two" => Ok(Rule::Two),
        None if rest == "mock-turtles" => Ok(Rule::MockTurtles),
        None if rest == "ruler" => Ok(Rule::Ruler { max_run: None }),
        Some(("ruler", k)) => input::whole("K", k, "the longest run", 1)
            .map(|k| Rule::Ruler { max_run: Some(k) })
            .map_err(|e| e.to_string()),
        _ => {
            Err("expected coins:two, coins:mock-turtles, coins:ruler or coins:ruler:K".to_string())
        }
    };
    Some(
        rule.map(|r| Box::new(r) as Box<dyn Tabulate>)
            .map_err(|message| TableError::BadGame {
                spec: spec.to_string(),
                message,
            }),
    )
}

/// How many heads' values text output prints.
const LISTED_VALUES: usize = 20;

/// `grundy coins --rule RULE (--row BITS | HEADS...)`: coin-turning games on a row, or with
/// `--by RULE` on a board (the product of two rows, valued by nim products).
///
/// Coins are numbered from 1 at the left end. A row is given as a string of 0s and 1s (`--row
/// 0110`: coins 2 and 3 show heads) or by the places of its heads (`3,7,12` or `3 7 12`, also
/// as `--heads 3,7,12`) with `--length N` (by default the last head ends the row; the
/// multiples game needs it, since its values depend on it). On a board each head is `X:Y`,
/// and `--length` and `--by-length` give its sides.
///
/// Besides the common answer: `rule` (JSON: `"rule"`, and `"max_run"` when given; on a board
/// `"rules"`, `"max_runs"`), `length` (on a board `size`), each head's value (`"heads":
/// [{"coin": 3, "value": 1}, ...]`), and on a board whether the search for winning moves saw
/// every head through (`"winning_moves_complete"`). Moves print as `turn 4, 12`, `turn 5..8`,
/// `turn 3, 6, ..., 12 (k = 4)` or on a board `turn {3, 7} × {5..8}`; in JSON `{"coins": [4,
/// 12]}`, `{"run": {"from": 5, "to": 8}}`, `{"multiples": {"x": 3, "k": 4}}`, on a board
/// `{"x": <move>, "y": <move>}`. Tables: `coins:two`, `coins:mock-turtles`, `coins:ruler`,
/// `coins:ruler:K`, by the place of one head.
pub static FAMILY: Family = Family {
    name: "coins",
    group: Group::Rows,
    about: "Coin-turning games (two, mock-turtles, ruler, multiples) on a row or a board: values",
    example: "--rule two --row 0010001000010",
    params: &[
        Param::args(
            "places",
            "HEADS",
            "The heads: places from 1 (`3 7 12` or `3,7,12`), or `X:Y` on a board",
        )
        .optional(),
        Param::option(
            "rule",
            "RULE",
            "The rule: two (turn one or two coins), mock-turtles (one to three), ruler (a run), \
             multiples (x, 2x, ..., kx); the head is the rightmost coin turned (the leftmost \
             for multiples)",
        )
        .required(),
        Param::option(
            "max-run",
            "K",
            "With `{rule} ruler`: runs of at most K coins",
        ),
        Param::option(
            "row",
            "BITS",
            "The row as 0s (tails) and 1s (heads), coin 1 first",
        ),
        Param::option(
            "heads",
            "LIST",
            "The heads as a comma-separated list (the same as HEADS)",
        ),
        Param::option(
            "length",
            "N",
            "The number of coins of the row (on a board, along x) [default: the last head]",
        ),
        Param::option(
            "by",
            "RULE",
            "A board: the rule of the second coordinate (y); heads are `X:Y`",
        ),
        Param::option(
            "by-max-run",
            "K",
            "With `{by} ruler`: runs of at most K coins along y",
        ),
        Param::option(
            "by-length",
            "M",
            "The board's length along y [default: the largest y of a head]",
        ),
    ],
    run,
    table: Some(TableSource {
        syntax: "coins:two, coins:mock-turtles, coins:ruler, coins:ruler:K",
        parse: parse_table,
    }),
    plays: &[Playable {
        syntax: "coins:RULE (two, mock-turtles, ruler, ruler:K, multiples)",
        example: "coins:mock-turtles",
        about: "A row of coins: turn coins over by the rule, the rightmost from heads to tails",
        position: "the row, 1 for heads: 0110101",
        start: "0110101",
        aliases: &[],
        build: play_from,
        formula: None,
        table: None,
    }],
    strong: None,
};

/// A row of coins under the rule the argument names (`ruler:K` bounds the run) played from
/// `start` (`0110101`, 1 for heads), explored and solved. O(positions × moves).
fn play_from(argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let (rule, max_run) = argument.split_once(':').unwrap_or((argument, ""));
    let max_run = (!max_run.is_empty()).then_some(max_run);
    let rule = parse_rule("coins:RULE", rule, "K", max_run).map_err(game_error)?;
    let (heads, length) = heads_of_row(start.trim()).map_err(game_error)?;
    if !(1..=64).contains(&length) {
        return Err(PlayError::Game("a row has 1 to 64 coins".into()));
    }
    let start = heads.iter().fold(0u64, |set, &c| set | 1 << (c - 1));
    let rules = CoinRow {
        rule,
        length: length as u32,
    };
    let title = format!("coins ({rule})");
    Match::from_rules(title, &rules, start, false, budget, |&set| {
        let heads: Vec<bool> = (0..length).map(|c| set >> c & 1 == 1).collect();
        (coin_text(&heads), Drawing::Coins { heads })
    })
}

/// Reads a rule and its bound on the runs (`option` names the rule's option, `bound` the
/// bound's).
pub(crate) fn parse_rule(
    option: &str,
    name: &str,
    bound: &str,
    max_run: Option<&str>,
) -> Result<Rule, InputError> {
    let rule = match name {
        "two" => Rule::Two,
        "mock-turtles" => Rule::MockTurtles,
        "ruler" => Rule::Ruler {
            max_run: max_run
                .map(|k| input::whole(bound, k, "a longest run", 0))
                .transpose()?,
        },
        "multiples" => Rule::Multiples,
        other => {
            return Err(InputError::Malformed {
                place: option.to_string(),
                text: other.to_string(),
                noun: "a rule".to_string(),
                expected: "two, mock-turtles, ruler or multiples".to_string(),
            })
        }
    };
    if max_run.is_some() && name != "ruler" {
        return Err(InputError::usage(format!(
            "{bound} bounds the runs of the ruler rule, and the rule is {name}"
        )));
    }
    Ok(rule)
}

/// The length the parameter `param` gives, or the largest head.
fn length_or(inputs: &Inputs, param: &str, rule: Rule, heads: &[u64]) -> Result<u64, InputError> {
    let option = inputs.shown(param);
    match inputs.value(param) {
        Some(text) => input::whole(&option, text, "a length", 0),
        None if rule == Rule::Multiples => Err(InputError::usage(format!(
            "the multiples game's values depend on the number of coins: give {option}"
        ))),
        None => Ok(heads.iter().copied().max().unwrap_or(0)),
    }
}

/// The values of the first heads, for text: `coin 3 = 1, coin 7 = 1`.
fn values_text<C>(values: &[(C, u64)], coin: impl Fn(&C) -> String) -> String {
    let mut text: Vec<String> = values
        .iter()
        .take(LISTED_VALUES)
        .map(|(c, v)| format!("coin {} = {v}", coin(c)))
        .collect();
    if values.len() > LISTED_VALUES {
        text.push("...".to_string());
    }
    text.join(", ")
}

/// A JSON object `{"coin": .., "value": ..}`.
#[derive(Serialize)]
struct HeadValue<C> {
    coin: C,
    value: u64,
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let rule = parse_rule(
        &inputs.shown("rule"),
        inputs.value("rule").unwrap_or_default(),
        &inputs.shown("max-run"),
        inputs.value("max-run"),
    )?;
    let texts: Vec<&str> = inputs
        .values("places")
        .iter()
        .chain(inputs.values("heads"))
        .flat_map(|t| t.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect();
    let listed = !inputs.values("places").is_empty() || inputs.given("heads");
    if inputs.given("row") && listed {
        return Err(InputError::usage(format!(
            "give the heads either as {} or by their places, not both",
            inputs.shown("row")
        ))
        .into());
    }
    match inputs.value("by") {
        None => {
            if inputs.given("by-max-run") || inputs.given("by-length") {
                return Err(InputError::usage(format!(
                    "{} and {} describe a board: give its second rule with {}",
                    inputs.shown("by-max-run"),
                    inputs.shown("by-length"),
                    inputs.shown("by")
                ))
                .into());
            }
            run_row(inputs, rule, &texts, listed)
        }
        Some(by) => {
            if inputs.given("row") {
                return Err(InputError::usage(format!(
                    "{} gives a row; give a board's heads as X:Y",
                    inputs.shown("row")
                ))
                .into());
            }
            let by = parse_rule(
                &inputs.shown("by"),
                by,
                &inputs.shown("by-max-run"),
                inputs.value("by-max-run"),
            )?;
            run_board(inputs, (rule, by), &texts, listed)
        }
    }
}

/// A row of coins.
fn run_row(inputs: &Inputs, rule: Rule, texts: &[&str], listed: bool) -> Result<Report, RunError> {
    let (heads, length) = match inputs.value("row") {
        Some(row) => {
            if inputs.given("length") {
                return Err(InputError::usage(format!(
                    "{} gives the row's length already: leave out {}",
                    inputs.shown("row"),
                    inputs.shown("length")
                ))
                .into());
            }
            heads_of_row(row)?
        }
        None => {
            if !listed {
                return Err(InputError::usage(format!(
                    "give the row: {} BITS, or the places of its heads (3,7,12)",
                    inputs.shown("row")
                ))
                .into());
            }
            let heads = texts
                .iter()
                .map(|t| input::whole("head", t, "a coin", 0))
                .collect::<Result<Vec<u64>, _>>()?;
            let length = length_or(inputs, "length", rule, &heads)?;
            (heads, length)
        }
    };
    let from = heads.iter().copied().min().unwrap_or(1);
    let row = Row::new(rule, length, from)?;
    let answer = row.answer(&heads)?;
    let mut sorted = heads;
    sorted.sort_unstable();
    let values: Vec<(u64, u64)> = sorted
        .iter()
        .map(|&x| Ok((x, row.value(x)?)))
        .collect::<Result<_, CoinsError>>()?;
    let mut report =
        Report::answer(&answer).fields([Field::shown("rule", rule.name(), "rule", rule)]);
    if let Rule::Ruler { max_run: Some(k) } = rule {
        report = report.field(Field::json_only("max_run", k));
    }
    report = report.fields([
        Field::new("length", length),
        Field::json_only(
            "heads",
            values
                .iter()
                .map(|&(coin, value)| HeadValue { coin, value })
                .collect::<Vec<_>>(),
        ),
    ]);
    if !values.is_empty() {
        report = report.field(Field::text_only(
            "values",
            values_text(&values, u64::to_string),
        ));
    }
    Ok(report)
}

/// Reads a board's head `X:Y`.
fn parse_coin(text: &str) -> Result<(u64, u64), InputError> {
    let place = format!("head '{text}'");
    match text.split_once(':') {
        Some((x, y)) => Ok((
            input::whole(&place, x, "a coordinate", 0)?,
            input::whole(&place, y, "a coordinate", 0)?,
        )),
        None => Err(InputError::invalid(
            place,
            "a board's heads are X:Y, like 2:3",
        )),
    }
}

/// A board: the product of two rows.
fn run_board(
    inputs: &Inputs,
    (rx, ry): (Rule, Rule),
    texts: &[&str],
    listed: bool,
) -> Result<Report, RunError> {
    if !listed {
        return Err(InputError::usage("give the board's heads as X:Y (2:3 5:1)").into());
    }
    let heads = texts
        .iter()
        .map(|t| parse_coin(t))
        .collect::<Result<Vec<(u64, u64)>, _>>()?;
    let xs: Vec<u64> = heads.iter().map(|h| h.0).collect();
    let ys: Vec<u64> = heads.iter().map(|h| h.1).collect();
    let lx = length_or(inputs, "length", rx, &xs)?;
    let ly = length_or(inputs, "by-length", ry, &ys)?;
    let row = |rule, length, coords: &[u64]| {
        Row::new(rule, length, coords.iter().copied().min().unwrap_or(1))
    };
    let board = Board::new(row(rx, lx, &xs)?, row(ry, ly, &ys)?);
    let result = board.answer(&heads, BOARD_SEARCH_BUDGET)?;
    let mut sorted = heads;
    sorted.sort_unstable();
    let values: Vec<((u64, u64), u64)> = sorted
        .iter()
        .map(|&h| Ok((h, board.value(h)?)))
        .collect::<Result<_, CoinsError>>()?;
    let max_run = |rule| match rule {
        Rule::Ruler { max_run: Some(k) } => Some(k),
        _ => None,
    };
    let mut report = Report::answer(&result.answer).fields([
        Field::shown(
            "rules",
            [rx.name(), ry.name()],
            "board",
            format!("{rx} × {ry}"),
        ),
        Field::json_only("max_runs", [max_run(rx), max_run(ry)]),
        Field::shown("size", [lx, ly], "size", format!("{lx} × {ly}")),
        Field::json_only(
            "heads",
            values
                .iter()
                .map(|&((x, y), value)| HeadValue {
                    coin: [x, y],
                    value,
                })
                .collect::<Vec<_>>(),
        ),
        Field::json_only("winning_moves_complete", result.complete),
    ]);
    if !values.is_empty() {
        let text = values_text(&values, |(x, y)| format!("({x}, {y})"));
        report = report.field(Field::text_only("values", text));
    }
    if !result.complete {
        report = report.field(Field::text_only(
            "note",
            "the search for winning moves stopped at its budget: there may be more",
        ));
    }
    Ok(report)
}
