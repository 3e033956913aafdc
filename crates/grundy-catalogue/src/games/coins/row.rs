//! A row of coins under one rule: the value of each head, the answer for a set of heads and its
//! winning moves. The board (a product of two rows) searches through the same row queries.

use std::fmt;

use serde::Serialize;

use super::code::TurningCode;
use super::error::CoinsError;
use super::multiples::MultiplesTable;
use super::rule::Rule;
use super::spawning::{self, prefix_xors, spawning_values, words_for};
use super::values::{
    ruler_prefix, ruler_prefix_inverse, ruler_run_value, ruler_value, two_value, with_bit_below,
    MOCK_TURTLES_MAX_COIN,
};
use grundy::answer::Answer;
use grundy::budget::Budget;
use grundy::math::bits::{highbit, is_odious, odious};
use grundy::outcome::Outcome;
/// The most winning moves an answer lists; [`Answer::winning_move_count`] gives their number
/// when there are more.
pub const LISTED_MOVES: usize = 1000;

/// The most moves of one head (repeats counted) a code of several elements lists to count
/// its distinct winning moves.
pub const MOVES_OF_SEVERAL_ELEMENTS: usize = 1 << 20;

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
    pub(super) fn list(&self) -> String {
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
    /// A turning code: the table of values of coins 0..=length, their prefix XORs, the width
    /// of the sets of XORs (in words) and the memory budget for finding winning moves.
    Code {
        code: TurningCode,
        values: Vec<u64>,
        prefix: Vec<u64>,
        words: usize,
        memory: u64,
    },
}

impl Row {
    /// A row of `length` coins under `rule`, ready for the heads from coin `from` on (`from`
    /// matters only to `Multiples`, whose table covers coins `from..=length`: the table is
    /// cheaper when the leftmost head is far from the left end). Fails on a bounded Ruler with
    /// bound 0, a Mock Turtles row longer than [`MOCK_TURTLES_MAX_COIN`](super::MOCK_TURTLES_MAX_COIN), or a multiples row
    /// longer than [`MULTIPLES_MAX_LENGTH`](super::MULTIPLES_MAX_LENGTH).
    pub fn new(rule: Rule, length: u64, from: u64) -> Result<Row, CoinsError> {
        Row::with_budget(rule, length, from, &Budget::default())
    }

    /// [`Row::new`] within `budget`: a turning code's table of values is computed within its
    /// memory and deadline ([`spawning_values`](super::spawning_values)), and its winning
    /// moves are later found within its memory. The other rules take O(1) (multiples: its
    /// table's time).
    pub fn with_budget(
        rule: Rule,
        length: u64,
        from: u64,
        budget: &Budget,
    ) -> Result<Row, CoinsError> {
        let kind = match rule {
            Rule::Code(code) => {
                let values = spawning_values(&code, length, budget)?;
                let prefix = prefix_xors(&values);
                let words = words_for(values.iter().copied().max().unwrap_or(0));
                RowKind::Code {
                    code,
                    values,
                    prefix,
                    words,
                    memory: budget.memory(),
                }
            }
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
            RowKind::Code { code, .. } => Rule::Code(code),
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
    pub(super) fn check(&self, x: u64) -> Result<(), CoinsError> {
        if x == 0 || x > self.length {
            return Err(CoinsError::OutOfRow {
                coin: x,
                length: self.length,
            });
        }
        match &self.kind {
            RowKind::Multiples(table) if x < table.first() => Err(CoinsError::NotPrepared {
                coin: x,
                from: table.first(),
            }),
            _ => Ok(()),
        }
    }

    /// The value of a checked coin.
    pub(super) fn value_of(&self, x: u64) -> u64 {
        match &self.kind {
            RowKind::Multiples(table) => table.value_of_checked(x),
            RowKind::Two => two_value(x),
            RowKind::MockTurtles => odious(x - 1),
            RowKind::Ruler { max_run: None } => ruler_value(x),
            RowKind::Ruler { max_run: Some(k) } => ruler_run_value(x, *k),
            RowKind::Code { values, .. } => values[x as usize],
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
    pub(super) fn moves_with(
        &self,
        x: u64,
        alpha: u64,
        limit: usize,
        out: &mut Vec<RowMove>,
    ) -> u128 {
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
            RowKind::Code {
                code,
                values,
                prefix,
                words,
                ..
            } => {
                let mut sets = Vec::new();
                let t = alpha ^ values[x as usize];
                let count =
                    spawning::moves_with(code, x, t, (values, prefix, *words), room, &mut sets);
                out.extend(sets.into_iter().map(RowMove::Coins));
                count
            }
        }
    }

    /// Fails when finding the moves of a code's head x would take more than the memory
    /// budget the row was built with. O(elements).
    pub(super) fn check_moves(&self, x: u64) -> Result<(), CoinsError> {
        if let RowKind::Code {
            code,
            words,
            memory,
            ..
        } = &self.kind
        {
            let needed = spawning::moves_bytes(code, x, *words);
            if needed > *memory {
                return Err(CoinsError::MovesTooLarge {
                    coin: x,
                    needed,
                    limit: *memory,
                });
            }
        }
        Ok(())
    }

    /// The code of a row under a code of several elements, whose elements may allow the
    /// same move.
    fn several_elements(&self) -> Option<&TurningCode> {
        match &self.kind {
            RowKind::Code { code, .. } if code.elements().len() > 1 => Some(code),
            _ => None,
        }
    }

    /// The moves turning the head x whose coins' values XOR to `alpha` under a code of
    /// several elements, each once (a move two elements allow is one move): all of them are
    /// listed, then repeats dropped, so that their number is exact. Fails past
    /// [`MOVES_OF_SEVERAL_ELEMENTS`] moves (repeats counted).
    fn distinct_moves(
        &self,
        code: &TurningCode,
        x: u64,
        alpha: u64,
        out: &mut Vec<RowMove>,
    ) -> Result<u128, CoinsError> {
        let RowKind::Code {
            values,
            prefix,
            words,
            ..
        } = &self.kind
        else {
            return Ok(0);
        };
        let t = alpha ^ values[x as usize];
        let tables = (values.as_slice(), prefix.as_slice(), *words);
        let raw = spawning::moves_with(code, x, t, tables, 0, &mut Vec::new());
        if raw > MOVES_OF_SEVERAL_ELEMENTS as u128 {
            return Err(CoinsError::TooManyMoves {
                coin: x,
                moves: raw,
            });
        }
        let mut sets = Vec::new();
        spawning::moves_with(code, x, t, tables, raw as usize, &mut sets);
        sets.sort_unstable();
        sets.dedup();
        let room = LISTED_MOVES.saturating_sub(out.len());
        let count = sets.len() as u128;
        out.extend(sets.into_iter().take(room).map(RowMove::Coins));
        Ok(count)
    }

    /// The XORs of the other coins of the moves of a code's head x.
    fn code_reach(&self, x: u64) -> Vec<u64> {
        match &self.kind {
            RowKind::Code {
                code,
                values,
                prefix,
                words,
                ..
            } => spawning::reach(code, x, values, prefix, *words),
            _ => Vec::new(),
        }
    }

    /// How many distinct values the moves turning x have (for `Multiples`, an upper bound).
    pub(super) fn move_value_count(&self, x: u64) -> u128 {
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
            RowKind::Code { .. } => spawning::members(&self.code_reach(x)).count() as u128,
        }
    }

    /// The cost of one call of `moves_with` at x that lists nothing.
    pub(super) fn query_cost(&self, x: u64) -> u128 {
        match self.kind {
            RowKind::Multiples(_) => u128::from(MultiplesTable::block_count(self.length / x)),
            // A subset search: a pool of up to x items, a set of `words` words each.
            RowKind::Code { words, .. } => u128::from(x) * words as u128,
            _ => 1,
        }
    }

    /// Calls `f(α)` for each distinct value α of the moves turning x, until `f` says stop;
    /// returns whether it went through them all.
    pub(super) fn for_each_move_value(&self, x: u64, mut f: impl FnMut(u64) -> bool) -> bool {
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
            RowKind::Code { .. } => spawning::members(&self.code_reach(x)).all(|r| f(v ^ r)),
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
    /// use grundy_catalogue::games::coins::{Row, RowMove, Rule};
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
                self.check_moves(x)?;
            }
            for &x in &heads {
                count += match self.several_elements() {
                    Some(code) => self.distinct_moves(code, x, total, &mut moves)?,
                    None => self.moves_with(x, total, LISTED_MOVES, &mut moves),
                };
            }
        }
        Ok(answer_of(total, moves, count))
    }
}

/// An answer from the value, the listed moves and their number.
pub(super) fn answer_of<M>(total: u64, winning_moves: Vec<M>, count: u128) -> Answer<M> {
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
/// use grundy_catalogue::games::coins::{answer, RowMove, Rule};
/// let a = answer(Rule::Two, 12, &[3, 7, 12]).unwrap();
/// assert_eq!(a.value, Some(8)); // 3 ⊕ 7 ⊕ 12
/// assert_eq!(a.winning_moves, [RowMove::Coins(vec![4, 12])]); // 12 ⊕ 8 = 4
/// assert_eq!(a.winning_moves[0].to_string(), "turn 4, 12");
/// ```
pub fn answer(rule: Rule, length: u64, heads: &[u64]) -> Result<Answer<RowMove>, CoinsError> {
    let from = heads.iter().copied().min().unwrap_or(1);
    Row::new(rule, length, from)?.answer(heads)
}
