//! Wythoff's game: two piles of counters; a move takes any positive number of counters from
//! one pile, or the same positive number from both; the player who takes the last counter
//! wins (a player who cannot move loses).
//!
//! **P-positions** (notes 001 "威佐夫博弈", 002 "威佐夫博弈", 003 "3. Wythoff博弈", 004
//! "问题二 (威佐夫博弈)"). The player to move loses exactly at the pairs {a_k, b_k}, in either
//! order, where
//!
//! - a_k = ⌊k·φ⌋ (the lower Wythoff sequence 0, 1, 3, 4, 6, 8, ...), φ = (1 + √5) / 2;
//! - b_k = ⌊k·φ²⌋ = a_k + k (the upper Wythoff sequence 0, 2, 5, 7, 10, 13, ...).
//!
//! Equivalently (notes 001 and 004), a_k is the smallest positive integer not among the
//! earlier a's and b's, b_k = a_k + k, and (x, y) with x ≤ y is a P-position iff
//! ⌊(y − x)·φ⌋ = x. By Beatty's theorem the a_k and b_k for k ≥ 1 partition the positive
//! integers, so every pile size x belongs to exactly one P-position ([`pile_index`]).
//! (Note 002 calls these pairs N-positions; they are the positions the player to move loses.)
//!
//! **Exact arithmetic.** ⌊k·φ⌋ = ⌊(k + k√5) / 2⌋ = (k + ⌊k√5⌋) / 2 (integer division: k√5 is
//! irrational for k > 0, so rounding it down first does not change the floor), and
//! ⌊k√5⌋ = isqrt(5k²) is computed with integers only, for every `u64` k (5k² may need 131
//! bits; it is split as 16·m + s with m < 2^127). No floating point is used.
//!
//! **Winning moves** (notes 001, the HDU 2177 method). From (x, y), x ≤ y, the moves to
//! P-positions are: taking d = x − a_{y−x} from both piles when a_{y−x} < x; taking from the
//! larger pile down to x's partner in its P-position when that partner is below y; taking from
//! the smaller pile down to y's partner when that partner is below x. There are at most three.
//!
//! **Values.** The Sprague–Grundy values of Wythoff's game have no known formula; the answers
//! here give none, and [`grundy_table`] computes them by brute force for small piles.
//!
//! **Complexity.** [`lower`], [`upper`], [`is_p_position`], [`pile_index`],
//! [`winning_moves`] and [`answer`] take O(1) time (a few 128-bit integer square roots).
//! [`grundy_table`] takes O(n³ / 64) time and O(n²) memory for piles up to n.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::catalogue_game::own_rules;
use super::cgsuite::{self, Cgsuite, CgsuiteClass, Position};
use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use crate::play::playable::{explore_or_formula, words};
use crate::play::{
    piles, Build, Drawing, Match, PlayError, PlayTable, Playable, Playbook, WhyLine,
};
use grundy::budget::Budget;
use grundy::math::golden::floor_sqrt5_times;
use grundy::partizan::notation::{Call, CallError};
use grundy::partizan::{GameId, GameStore};
use grundy::pattern::table::{check_limit, Kind, Span, Table, TableError, TableSource, Tabulate};
use grundy::report::{Field, Report};
use grundy::rules::Impartial;

use super::wythoff_r::{
    r_answer, r_grundy_table, r_is_p_position, r_partner, RWythoff, MAX_R, MAX_R_PILE,
};

/// The rules of Wythoff's game, for the generic solvers: a position is the two pile sizes
/// `(a, b)`; its options are every `(a − t, b)`, `(a, b − t)` and `(a − t, b − t)` with t ≥ 1.
/// A position has a + b + min(a, b) options, so this is meant for small piles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wythoff;

impl Impartial for Wythoff {
    type Position = (u64, u64);

    fn options(&self, &(a, b): &(u64, u64), out: &mut grundy::rules::Moves<(u64, u64)>) {
        out.extend((1..=a).map(|t| (a - t, b)));
        out.extend((1..=b).map(|t| (a, b - t)));
        out.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    }
}

/// a_k = ⌊k·φ⌋, the smaller pile of the k-th P-position (the lower Wythoff sequence:
/// 0, 1, 3, 4, 6, 8, 9, ...). Exact for every `u64` k; the result may exceed `u64`. O(1).
///
/// ```
/// use grundy_catalogue::games::wythoff::lower;
/// assert_eq!(lower(1_000_000_000_000_000_000), 1_618_033_988_749_894_848);
/// ```
pub use grundy::math::golden::floor_phi_times as lower;

/// b_k = ⌊k·φ²⌋ = a_k + k, the larger pile of the k-th P-position (the upper Wythoff sequence:
/// 0, 2, 5, 7, 10, 13, 15, ...). Exact for every `u64` k; the result may exceed `u64`. O(1).
pub use grundy::math::golden::floor_phi_squared_times as upper;

/// Whether the player to move loses at piles (a, b), in either order: iff
/// ⌊|a − b|·φ⌋ = min(a, b). O(1).
pub use grundy::math::golden::is_wythoff_pair as is_p_position;

/// Which of the two Wythoff sequences a pile size belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Sequence {
    /// The lower sequence a_k = ⌊k·φ⌋ (the smaller pile of a P-position).
    Lower,
    /// The upper sequence b_k = ⌊k·φ²⌋ (the larger pile of a P-position).
    Upper,
}

/// Where a pile size stands among the P-positions: it is a_k or b_k, and `pair` is the
/// P-position (a_k, b_k) it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct PileIndex {
    /// The pile size.
    pub pile: u64,
    /// The sequence it belongs to (0 = a_0 = b_0 is reported as `Lower`).
    pub sequence: Sequence,
    /// Its index k in that sequence.
    pub k: u64,
    /// The P-position (a_k, b_k); b_k may exceed `u64` when the pile is a_k near 2^64.
    pub pair: (u128, u128),
}

impl PileIndex {
    /// The other pile of the P-position: b_k for a_k and a_k for b_k (0 for 0).
    pub fn partner(&self) -> u128 {
        match self.sequence {
            Sequence::Lower => self.pair.1,
            Sequence::Upper => self.pair.0,
        }
    }
}

impl fmt::Display for PileIndex {
    /// `5 = b_2, in the P-position (3, 5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self.sequence {
            Sequence::Lower => 'a',
            Sequence::Upper => 'b',
        };
        write!(
            f,
            "{} = {name}_{}, in the P-position ({}, {})",
            self.pile, self.k, self.pair.0, self.pair.1
        )
    }
}

/// The inverse of [`lower`] and [`upper`]: whether the pile size x is some a_k or some b_k,
/// and which k. Every x ≥ 1 is exactly one of them (Beatty's theorem); 0 = a_0 = b_0 is
/// reported as a_0. O(1).
///
/// If x = a_k then x/φ < k < (x + 1)/φ, so k = ⌊x/φ⌋ + 1; if x = b_k then x/φ² < k, and
/// x/φ² = x − x/φ gives k = x − ⌊x/φ⌋; with ⌊x/φ⌋ = (⌊x√5⌋ − x) / 2. The first candidate
/// is checked, and the second holds when the first fails.
///
/// ```
/// use grundy_catalogue::games::wythoff::{pile_index, Sequence};
/// let index = pile_index(7);
/// assert_eq!((index.sequence, index.k, index.pair), (Sequence::Upper, 3, (4, 7)));
/// assert_eq!(index.partner(), 4);
/// ```
pub fn pile_index(x: u64) -> PileIndex {
    let x_over_phi = (floor_sqrt5_times(x) - u128::from(x)) / 2;
    // x/φ < x, so both candidates are at most x and fit in u64.
    let lower_k = x_over_phi as u64 + 1;
    let (sequence, k) = if x == 0 {
        (Sequence::Lower, 0)
    } else if lower(lower_k) == u128::from(x) {
        (Sequence::Lower, lower_k)
    } else {
        (Sequence::Upper, x - x_over_phi as u64)
    };
    PileIndex {
        pile: x,
        sequence,
        k,
        pair: (lower(k), upper(k)),
    }
}

/// Where a move takes counters from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TakeFrom {
    /// The same number from both piles.
    Both,
    /// The first pile, A.
    A,
    /// The second pile, B.
    B,
}

/// A move of Wythoff's game: how many counters, from where, and the piles it leaves
/// (serialized as `{"from": "both"|"a"|"b", "take": N, "to": [A, B]}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct WythoffMove {
    /// Where the counters are taken from.
    pub from: TakeFrom,
    /// How many counters are taken (from each pile, for `Both`).
    pub take: u64,
    /// The piles (A, B) after the move.
    pub to: (u64, u64),
}

impl fmt::Display for WythoffMove {
    /// `take 1 from both piles, leaving (4, 7)` or `take 5 from pile B, leaving (5, 3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = match self.from {
            TakeFrom::Both => "both piles",
            TakeFrom::A => "pile A",
            TakeFrom::B => "pile B",
        };
        write!(
            f,
            "take {} from {from}, leaving ({}, {})",
            self.take, self.to.0, self.to.1
        )
    }
}

/// Every winning move from piles (a, b): the moves to P-positions, at most three, in this
/// order: from both piles; from the larger pile; from the smaller pile (with equal piles, A
/// counts as the larger). Empty iff (a, b) is a P-position. O(1).
///
/// ```
/// use grundy_catalogue::games::wythoff::{winning_moves, TakeFrom, WythoffMove};
/// assert_eq!(
///     winning_moves(5, 8),
///     [
///         WythoffMove { from: TakeFrom::Both, take: 1, to: (4, 7) },
///         WythoffMove { from: TakeFrom::B, take: 5, to: (5, 3) },
///     ]
/// );
/// ```
pub fn winning_moves(a: u64, b: u64) -> Vec<WythoffMove> {
    let (small, large) = (a.min(b), a.max(b));
    let mut moves = Vec::with_capacity(3);
    // Both piles: the difference stays k = large - small, so the target is (a_k, b_k).
    let base = lower(large - small);
    if base < u128::from(small) {
        let take = small - base as u64;
        moves.push(WythoffMove {
            from: TakeFrom::Both,
            take,
            to: (a - take, b - take),
        });
    }
    let (larger, smaller) = if a >= b {
        (TakeFrom::A, TakeFrom::B)
    } else {
        (TakeFrom::B, TakeFrom::A)
    };
    // One pile: the other pile stays, so the target is its partner in its P-position.
    for (from, kept, moved) in [(larger, small, large), (smaller, large, small)] {
        let partner = pile_index(kept).partner();
        if partner < u128::from(moved) {
            let partner = partner as u64;
            moves.push(WythoffMove {
                from,
                take: moved - partner,
                to: if from == TakeFrom::A {
                    (partner, b)
                } else {
                    (a, partner)
                },
            });
        }
    }
    moves
}

/// The catalogue answer for piles (a, b): the outcome for the player to move, no value (the
/// Sprague–Grundy values have no known formula; see [`grundy_table`]), and every winning move
/// in the order of [`winning_moves`]. O(1).
pub fn answer(a: u64, b: u64) -> Answer<WythoffMove> {
    Answer::from_moves(None, winning_moves(a, b))
}

/// The Sprague–Grundy values of Wythoff's game for both piles up to `max_pile`, by brute
/// force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyTable {
    side: usize,
    values: Vec<u32>,
}

impl GrundyTable {
    /// The largest pile size in the table.
    pub fn max_pile(&self) -> usize {
        self.side - 1
    }

    /// The value of piles (a, b), or `None` if a pile exceeds the table.
    pub fn get(&self, a: usize, b: usize) -> Option<u32> {
        (a < self.side && b < self.side).then(|| self.values[a * self.side + b])
    }

    /// The values of the positions (a, 0), (a, 1), ..., (a, max_pile), if a is in the table.
    pub fn row(&self, a: usize) -> Option<&[u32]> {
        (a < self.side).then(|| &self.values[a * self.side..(a + 1) * self.side])
    }
}

/// Sprague–Grundy values of Wythoff's game for all piles (a, b) with a, b ≤ `max_pile`, by the
/// mex over the options (no formula is known). Positions are valued row by row; each row,
/// column and diagonal keeps a bit set of the values already seen along it, so a mex is a scan
/// of three ORed bit sets. A position has a + b + min(a, b) options, so its value is at most
/// 3·max_pile. O(n³ / 64) time and O(n²) memory for n = max_pile: meant for n up to a few
/// thousand.
///
/// # Panics
///
/// If the table's size, (max_pile + 1)² values, overflows `usize`.
///
/// ```
/// use grundy_catalogue::games::wythoff::grundy_table;
/// let table = grundy_table(4);
/// assert_eq!(table.row(1).unwrap(), [1, 2, 0, 4, 5]);
/// assert_eq!(table.get(3, 5), None);
/// ```
pub fn grundy_table(max_pile: usize) -> GrundyTable {
    let side = max_pile + 1;
    let words = (3 * max_pile) / 64 + 1;
    let mut rows = vec![0u64; side * words];
    let mut columns = vec![0u64; side * words];
    // Diagonal b − a + max_pile, from 0 to 2·max_pile.
    let mut diagonals = vec![0u64; (2 * side - 1) * words];
    let mut values = vec![0u32; side * side];
    for a in 0..side {
        for b in 0..side {
            let d = b + max_pile - a;
            let row = &rows[a * words..(a + 1) * words];
            let column = &columns[b * words..(b + 1) * words];
            let diagonal = &diagonals[d * words..(d + 1) * words];
            let (word, free) = (0..words)
                .map(|w| (w, !(row[w] | column[w] | diagonal[w])))
                .find(|&(_, free)| free != 0)
                .expect("a value is at most 3·max_pile, within the bit sets");
            let value = word * 64 + free.trailing_zeros() as usize;
            let bit = 1u64 << (value % 64);
            rows[a * words + value / 64] |= bit;
            columns[b * words + value / 64] |= bit;
            diagonals[d * words + value / 64] |= bit;
            values[a * side + b] = value as u32;
        }
    }
    GrundyTable { side, values }
}

/// The piles after a move, if it is legal.
fn take(&(a, b): &(u64, u64), m: &WythoffMove) -> Option<(u64, u64)> {
    let to = match m.from {
        TakeFrom::Both => (a.checked_sub(m.take)?, b.checked_sub(m.take)?),
        TakeFrom::A => (a.checked_sub(m.take)?, b),
        TakeFrom::B => (a, b.checked_sub(m.take)?),
    };
    (m.take > 0 && to == m.to).then_some(to)
}

own_rules!(
    Wythoff,
    (u64, u64),
    WythoffMove,
    |&(a, b): &(u64, u64)| answer(a, b),
    take
);

/// The largest pile of a table of Wythoff values (brute force: O(n^3 / 64) time, 4·n^2 bytes).
pub const MAX_TABLE_PILE: u64 = 6000;

impl Tabulate for Wythoff {
    fn name(&self) -> String {
        "Wythoff's game".to_string()
    }

    fn parameters(&self) -> usize {
        2
    }

    /// Values by brute force for piles up to [`MAX_TABLE_PILE`]; outcomes by the exact
    /// formula, for any piles.
    fn grid(&self, a: Span, b: Span, kind: Kind, _: &Budget) -> Result<Table, TableError> {
        let name = self.name();
        if kind == Kind::Outcomes {
            return Ok(Table::grid(name, a, b, |x, y| u64::from(!is_p_position(x, y)))?.outcomes());
        }
        let largest = a.last.max(b.last);
        check_limit(
            &name,
            "pile",
            largest,
            MAX_TABLE_PILE,
            "the values have no formula and are computed by brute force; outcomes have one and \
             go to any pile",
        )?;
        let values = grundy_table(largest as usize);
        Table::grid(name, a, b, |x, y| {
            u64::from(
                values
                    .get(x as usize, y as usize)
                    .expect("within the table"),
            )
        })
    }
}

/// `grundy wythoff A B`: besides the common answer, each pile is placed among the
/// P-positions: it is a_k or b_k, with its pair (a_k, b_k). Text prints `pile A: 5 = b_2, in
/// the P-position (3, 5)`; JSON adds `"piles": [{"pile": 5, "sequence": "upper", "k": 2,
/// "pair": [3, 5]}, ...]`. Tables: `wythoff`, by piles (a, b).
pub struct WythoffFamily;

impl Family for WythoffFamily {
    fn name(&self) -> &'static str {
        "wythoff"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Wythoff's game (take from one pile, or the same from both): who wins, every winning \
         move"
    }

    fn example(&self) -> Example {
        &[("a", "5"), ("b", "8")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg("a", "A", "The first pile (0 to 2^64 - 1 counters)").whole("a pile size", 0),
            Param::arg("b", "B", "The second pile (0 to 2^64 - 1 counters)")
                .whole("a pile size", 0),
            Param::option(
                "r",
                "R",
                "Fraenkel's r-Wythoff (CGSuite's GenWythoff(k -> k + R)): a move may also take \
                 k from one pile and l from the other with |k − l| < R; 1 is Wythoff's game \
                 [default: 1]",
            )
            .whole("a bound on the difference of the takes", 1),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "wythoff (or wythoff:R, Fraenkel's r-Wythoff)",
            about: "(a, b): the two piles of Wythoff's game (wythoff:R: CGSuite's \
                    GenWythoff(k -> k + R))",
            parse: parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&WythoffPlay]
    }

    fn cgsuite(&self) -> Option<&dyn CgsuiteClass> {
        Some(self)
    }
}

/// CGSuite's `game.heap.Wythoff((a,b))`: the piles a and b, here `a b`.
static CGSUITE: Cgsuite = Cgsuite {
    names: &["game.heap.Wythoff"],
    position: |call| {
        let (a, b) = cgsuite::pair(call)?;
        Ok(Position::made(format!("{a} {b}")))
    },
};

impl CgsuiteClass for WythoffFamily {
    fn cgsuite(&self) -> &Cgsuite {
        &CGSUITE
    }

    /// The position's nimber, from the values of every pair of smaller piles: O(n³) for
    /// the larger pile n, at most [`MAX_R_TABLE_PILE`].
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        let failed = |e: &dyn fmt::Display| call.error(format!("{call}: {e}"));
        let piles: Vec<u64> = (position.text.split(' '))
            .map(|p| p.parse().map_err(|e| failed(&e)))
            .collect::<Result<_, _>>()?;
        let &[a, b] = piles.as_slice() else {
            return Err(failed(&"two piles expected"));
        };
        if a.max(b) > MAX_R_TABLE_PILE {
            return Err(failed(&format!(
                "a pile is at most {MAX_R_TABLE_PILE} here (nim values take O(n³) time), not {}",
                a.max(b)
            )));
        }
        let values = r_grundy_table(a.max(b), 1, store.budget()).map_err(|e| failed(&e))?;
        Ok(store.nimber(values[a as usize][b as usize]))
    }
}

/// The game `wythoff` of `grundy play` and the web page.
struct WythoffPlay;

impl Playable for WythoffPlay {
    fn syntax(&self) -> &'static str {
        "wythoff"
    }

    fn example(&self) -> &'static str {
        "wythoff"
    }

    fn about(&self) -> &'static str {
        "Wythoff's game: take from one pile, or the same amount from both"
    }

    fn position(&self) -> &'static str {
        "the two piles: 5 8"
    }

    fn start(&self) -> &'static str {
        "5 8"
    }

    fn build(&self, _: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play_from(start, budget)
    }

    fn formula(&self) -> Option<Build> {
        Some(|_, start, budget| by_formula(two_piles(start)?, budget))
    }

    fn table(&self, _: &str) -> Option<PlayTable> {
        PlayTable::of_piles("wythoff", 2)
    }

    fn why(&self, _: &str) -> Option<WhyLine> {
        Some(WhyLine(Arc::new(why)))
    }
}

/// Wythoff's game played from `start` (two piles): explored where it fits the budget, else
/// by the formula.
fn play_from(start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let (a, b) = two_piles(start)?;
    let title = "Wythoff's game".to_string();
    let (reach, size) = (piles::reach(&[a, b]), piles::counters(&[a, b]));
    let explore = || Match::from_rules(title, &Wythoff, (a, b), false, budget, describe);
    explore_or_formula(budget, reach, size, explore, || by_formula((a, b), budget))
}

/// A position's name and drawing: its two piles.
fn describe(p: &(u64, u64)) -> (String, Drawing) {
    (
        piles::text(&[p.0, p.1]),
        Drawing::piles(&[p.0, p.1], "pile"),
    )
}

/// The two piles a start gives, checked before they are sized.
fn two_piles(start: &str) -> Result<(u64, u64), PlayError> {
    let two = || PlayError::Game("Wythoff's game has two piles, like 5 8".into());
    if words(start).len() != 2 {
        return Err(two());
    }
    let [a, b] = piles::read(start, "pile")?[..] else {
        return Err(two());
    };
    Ok((a, b))
}

/// Wythoff's game played from the piles `start` by the formula.
fn by_formula(start: (u64, u64), budget: &Budget) -> Result<Match, PlayError> {
    let playbook = Playbook {
        game: Wythoff,
        describe: Box::new(describe),
        read: Box::new(|name| match piles::of_name(name, 2)?[..] {
            [a, b] => Some((a, b)),
            _ => None,
        }),
        between: Box::new(|&(a, b): &(u64, u64), &(c, d): &(u64, u64)| {
            let (from, take) = match (a.checked_sub(c)?, b.checked_sub(d)?) {
                (0, t) => (TakeFrom::B, t),
                (t, 0) => (TakeFrom::A, t),
                (s, t) if s == t => (TakeFrom::Both, t),
                _ => return None,
            };
            Some(WythoffMove {
                from,
                take,
                to: (c, d),
            })
        }),
        candidates: Box::new(|&(a, b): &(u64, u64)| {
            let m = a.min(b);
            let (a1, b1) = (a.saturating_sub(1), b.saturating_sub(1));
            vec![
                (a1, b),
                (a, b1),
                (a1, b1),
                (a / 2, b),
                (a, b / 2),
                (0, b),
                (a, 0),
                (a - m, b - m),
            ]
        }),
    };
    let title = "Wythoff's game".to_string();
    Ok(Match::by_formula(title, playbook, start, budget))
}

/// Reads a table's name: `wythoff`, or `wythoff:R` for r-Wythoff (`wythoff:1` is Wythoff's
/// game).
fn parse_table(spec: &str) -> Option<grundy::pattern::table::TableGame> {
    let (word, r) = spec.split_once(':').unwrap_or((spec, ""));
    if !word.eq_ignore_ascii_case("wythoff") {
        return None;
    }
    if r.is_empty() && !spec.contains(':') {
        return Some(Ok(Box::new(Wythoff)));
    }
    Some(
        grundy::input::whole_up_to("R", r, "a bound on the difference of the takes", 1, MAX_R)
            .map(|r| match r {
                1 => Box::new(Wythoff) as Box<dyn Tabulate>,
                r => Box::new(RWythoff { r }),
            })
            .map_err(|e| TableError::BadGame {
                spec: spec.to_string(),
                message: e.to_string(),
            }),
    )
}

/// The largest pile of a table of r-Wythoff values (brute force: O(n³·r) time).
pub const MAX_R_TABLE_PILE: u64 = 400;

impl Tabulate for RWythoff {
    fn name(&self) -> String {
        format!("{}-Wythoff", self.r)
    }

    fn parameters(&self) -> usize {
        2
    }

    /// Values by brute force for piles up to [`MAX_R_TABLE_PILE`]; outcomes by the formula.
    fn grid(&self, a: Span, b: Span, kind: Kind, budget: &Budget) -> Result<Table, TableError> {
        let name = self.name();
        let r = self.r;
        if kind == Kind::Outcomes {
            check_limit(
                &name,
                "pile",
                a.last.max(b.last),
                MAX_R_PILE,
                "piles of r-Wythoff",
            )?;
            return Ok(
                Table::grid(name, a, b, |x, y| u64::from(!r_is_p_position(x, y, r)))?.outcomes(),
            );
        }
        let largest = a.last.max(b.last);
        check_limit(
            &name,
            "pile",
            largest,
            MAX_R_TABLE_PILE,
            "the values have no formula and are computed by brute force; outcomes have one and \
             go to piles of 2^40",
        )?;
        let values = r_grundy_table(largest, r, budget).map_err(|e| TableError::Game {
            game: name.clone(),
            message: e.to_string(),
        })?;
        Table::grid(name, a, b, |x, y| u64::from(values[x as usize][y as usize]))
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let (a, b) = (inputs.whole("a")?, inputs.whole("b")?);
    match inputs.optional_whole("r")? {
        Some(r) if r > 1 => return run_r(inputs, a, b, r),
        _ => {}
    }
    let (index_a, index_b) = (pile_index(a), pile_index(b));
    Ok(Report::answer(&answer(a, b)).fields([
        Field::json_only("piles", [index_a, index_b]),
        Field::text_only("pile A", index_a),
        Field::text_only("pile B", index_b),
    ]))
}

/// `grundy wythoff A B --r R` for R ≥ 2: the answer, R, and each pile's partner in its
/// P-position.
fn run_r(inputs: &Inputs, a: u64, b: u64, r: u64) -> Result<Report, RunError> {
    if r > MAX_R {
        return Err(grundy::input::InputError::invalid(
            inputs.shown("r"),
            format!("r is at most {MAX_R}, found {r}"),
        )
        .into());
    }
    for (name, pile) in [("a", a), ("b", b)] {
        if pile > MAX_R_PILE {
            return Err(grundy::input::InputError::invalid(
                name.to_uppercase(),
                format!("piles of r-Wythoff are at most 2^40 = {MAX_R_PILE}, found {pile}"),
            )
            .into());
        }
    }
    let partners = [r_partner(a, r), r_partner(b, r)];
    Ok(Report::answer(&r_answer(a, b, r)).fields([
        Field::new("r", r),
        Field::json_only("partners", partners),
        Field::text_only(
            "partners",
            format!(
                "pile A: {a} pairs with {}; pile B: {b} pairs with {}",
                partners[0], partners[1]
            ),
        ),
    ]))
}

/// Why a Wythoff position is won or lost: where each pile stands among the pairs
/// (a_k, b_k) of the P-positions. O(1).
fn why(position: &str) -> Option<String> {
    let (a, b) = two_piles(position).ok()?;
    let pair = pile_index(a).pair;
    let verdict = if pair == (a.min(b).into(), a.max(b).into()) {
        "the piles are a P-position: the player to move loses"
    } else {
        "a move to a P-position wins"
    };
    Some(format!(
        "the P-positions are the pairs (a_k, b_k), a_k = ⌊kφ⌋ and b_k = a_k + k: \
         pile A: {}; pile B: {}; {verdict}",
        pile_index(a),
        pile_index(b)
    ))
}
