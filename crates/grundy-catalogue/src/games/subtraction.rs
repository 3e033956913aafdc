//! Subtraction games: piles of counters, and a move takes from one pile an amount the rule
//! allows. Several piles add up by XOR of their values (Sprague–Grundy theorem).
//!
//! **The rules** ([`Rule`]); in every case the player who cannot move loses.
//! - [`Rule::Set`]: take an amount from a finite set S (notes 003 §1.3 扩展巴什博弈, §1.4 for
//!   several piles: `sg(x) = mex{sg(y) | x - y ∈ S}`).
//! - [`Rule::Bash`]: take 1 to k (notes 003 §1 巴什博弈, 004 问题一, 000 "每次只能拿不超过 k
//!   个").
//! - [`Rule::Range`]: take l to r (notes 000 "每次只能拿 [l, r] 个").
//! - [`Rule::Except`]: take any positive amount except exactly l (notes 000 "每次不能拿正好
//!   l 个").
//!
//! **Values.**
//! - Finite set S, m = max S: the value sequence is eventually periodic, and the pattern is
//!   found and proven, not assumed ([`Periodic::find`]). For n ≥ m, g(n) is the mex of
//!   g(n - s), s ∈ S, all among the m values before it: a window of m consecutive values
//!   determines every later value. So as soon as the window starting at j equals an earlier
//!   window starting at i, g(n + j - i) = g(n) for every n ≥ i. The values are computed until
//!   the first window that repeats one before it (windows are hashed, and equal hashes are
//!   compared value by value); that first repetition gives exactly the least preperiod i and
//!   the least period j - i (a window repeats exactly when it starts at or after the least
//!   preperiod n0, at a multiple of the least period p from another, so the first repetition
//!   is j = n0 + p, i = n0). Then g(n) for any n, 10^18 included, is a table lookup. Time
//!   O((n0 + p + m)·|S|), memory about 30 bytes per value computed; the search stops with an
//!   error after a limit of values.
//! - Take 1 to k: g(n) = n mod (k + 1) (notes 003 §1.2 and 004 问题一 give the outcome:
//!   the player to move loses iff (k + 1) | n; notes 000 slide 65 the values).
//! - Take l to r (1 ≤ l ≤ r): g(n) = ⌊(n mod (l + r)) / l⌋ (notes 000 slide 66, "直接归纳就能证",
//!   checked against the solver). Proof by induction: write n = q(l + r) + t. The options
//!   n - s, l ≤ s ≤ r, have residues t - r .. t - l. If t < l they all lie in the previous
//!   period at residues t + l .. t + r, of values ≥ 1, so the mex is 0. If t ≥ l, with
//!   v = ⌊t/l⌋, the options in the current period run from a residue below l up to t - l
//!   and take every value 0..v-1 but not v, and those in the previous period have residues
//!   from t + l on, of values above v: the mex is v.
//! - Any amount except l (l ≥ 1): g(n) = l·⌊n / 2l⌋ + (n mod l): blocks of 2l positions,
//!   block q reads lq, lq+1, .., lq+l-1 twice (notes 000 slide 67 tabulates it for l = 11
//!   without a formula; found by tabulating with the solver). Proof by induction: write
//!   n = 2lq + t. Every value below lq appears twice in the earlier blocks, at m and m + l,
//!   and the one forbidden option n - l never removes both. If t < l the options in block q
//!   have values lq..lq+t-1, so the mex is lq + t. If t ≥ l they are the positions of block
//!   q below t except t - l: values lq..lq+l-1 except lq + t - l, which is missing from the
//!   second half-block too (it would be at t itself): the mex is lq + (t - l).
//!
//! **Winning moves.** With X the XOR of the piles' values, a move on a pile of value v wins
//! iff it leaves that pile with value v ⊕ X. For every pile all such amounts are found: by
//! trying each amount of S (O(|S|) per pile), or as at most two intervals of amounts (take l
//! to r: the positions of a given value in a period are one run), or at most two amounts
//! (except l: each value appears at exactly two positions). The first [`LISTED_MOVES`] are
//! listed, with the total count when there are more. Values and moves cost O(1) per pile
//! once the rule is set up (O(|S|) per pile for a finite set).

use std::fmt;
use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::{Answer, CatalogueGame, Example, Family, Group, Inputs, Param, RunError};
use crate::play::playable::{explore_or_formula, game_error, nim_sum_line};
use crate::play::{piles, Build, Match, PlayError, PlayTable, Playable, WhyLine, CANDIDATES};
use grundy::budget::Budget;
use grundy::input::{self, InputError};
use grundy::math::mex::Mex;
use grundy::pattern::table::{Kind, Span, Table, TableError, TableGame, TableSource, Tabulate};
use grundy::progress::Progress;
use grundy::report::{big, Field, Report};
use grundy::rules::{Impartial, Moves, Sum};

/// How many winning moves an [`Answer`] lists at most; `winning_move_count` gives the total
/// when there are more.
pub const LISTED_MOVES: usize = 10_000;

/// How many values [`Subtraction::new`] computes at most while looking for the period of a
/// finite subtraction set (about 130 MB at most).
pub const DEFAULT_SEARCH_LIMIT: usize = 1 << 22;

/// The most values a search for the period may compute, whatever limit it is given: about
/// 4 GB (values, window starts and the table of window hashes take some 31 bytes a value).
/// A set whose period is not proven within it is beyond what tabulation can do here.
pub const MAX_SEARCH_LIMIT: usize = 1 << 27;

/// Which amounts a move may take from a pile.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Any amount of a finite set (positive amounts; order and repeats do not matter).
    Set(Vec<u64>),
    /// From 1 to `max` (Bash game), `max ≥ 1`.
    Bash {
        /// The largest amount.
        max: u64,
    },
    /// From `min` to `max`, `1 ≤ min ≤ max`.
    Range {
        /// The smallest amount.
        min: u64,
        /// The largest amount.
        max: u64,
    },
    /// Any positive amount except exactly `amount` (`amount ≥ 1`).
    Except {
        /// The forbidden amount.
        amount: u64,
    },
}

impl fmt::Display for Rule {
    /// `take 1, 3 or 4`, `take 1 to 3`, `take 2 to 5`, `take any amount except 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Set(set) => {
                let words: Vec<String> = set.iter().map(u64::to_string).collect();
                match words.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        write!(f, "take {} or {last}", rest.join(", "))
                    }
                    _ => write!(f, "take {}", words.join("")),
                }
            }
            Rule::Bash { max } => write!(f, "take 1 to {max}"),
            Rule::Range { min, max } => write!(f, "take {min} to {max}"),
            Rule::Except { amount } => write!(f, "take any amount except {amount}"),
        }
    }
}

/// The rules, for the generic solver: a position is one pile's size. A pile of n has up to
/// n options (`Except`: n - 1 or n), so this is meant for small piles.
impl Impartial for Rule {
    type Position = u64;

    fn options(&self, &n: &u64, out: &mut grundy::rules::Moves<u64>) {
        match self {
            Rule::Set(set) => out.extend(set.iter().filter(|&&s| s <= n).map(|&s| n - s)),
            &Rule::Bash { max } => out.extend(n - max.min(n)..n),
            &Rule::Range { min, max } => {
                if n >= min {
                    out.extend(n - max.min(n)..=n - min);
                }
            }
            Rule::Except { amount } => {
                out.extend((0..n).filter(|&m| n.checked_sub(*amount) != Some(m)))
            }
        }
    }
}

/// Why a subtraction game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubtractionError {
    /// A finite subtraction set must allow some move.
    #[error("the subtraction set is empty: give at least one amount")]
    EmptySet,
    /// A move must take at least one counter.
    #[error("0 is not an amount: a move takes at least one counter")]
    ZeroAmount,
    /// The interval of amounts is empty, or starts at 0.
    #[error("take {min} to {max} is not a rule: need 1 ≤ min ≤ max")]
    BadRange {
        /// The smallest amount given.
        min: u64,
        /// The largest amount given.
        max: u64,
    },
    /// The search for the period computed its limit of values without finding it.
    #[error(
        "no period found within the first {limit} values of the subtraction set (largest \
         amount {largest})"
    )]
    NoPeriodFound {
        /// The number of values computed.
        limit: usize,
        /// The largest amount of the set.
        largest: u64,
    },
}

/// The value sequence of a finite subtraction set, proven eventually periodic: the values
/// g(0), g(1), .., g(preperiod + period - 1), and g(n + period) = g(n) for n ≥ preperiod.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodic {
    values: Vec<u32>,
    preperiod: usize,
    period: usize,
}

/// Arithmetic modulo the Mersenne prime 2^61 - 1, for rolling hashes of windows.
const MODULUS: u64 = (1 << 61) - 1;
/// The base of the rolling hash.
const BASE: u64 = 0x0a3b_195f_2c4d_e871;

fn mul_mod(a: u64, b: u64) -> u64 {
    let p = a as u128 * b as u128;
    let s = (p as u64 & MODULUS) + (p >> 61) as u64;
    let s = (s & MODULUS) + (s >> 61);
    if s >= MODULUS {
        s - MODULUS
    } else {
        s
    }
}

fn add_mod(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s >= MODULUS {
        s - MODULUS
    } else {
        s
    }
}

impl Periodic {
    /// Computes the values of the subtraction set `set` (positive amounts, in any order)
    /// until a window of max(set) consecutive values repeats an earlier one, which proves
    /// the period (see the module); at most `limit` values, and never more than
    /// [`MAX_SEARCH_LIMIT`]. O((n0 + p + m)·|S|) time.
    pub fn find(set: &[u64], limit: usize) -> Result<Periodic, SubtractionError> {
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        let largest = *set.last().ok_or(SubtractionError::EmptySet)?;
        if set[0] == 0 {
            return Err(SubtractionError::ZeroAmount);
        }
        let limit = limit.min(MAX_SEARCH_LIMIT);
        let not_found = SubtractionError::NoPeriodFound { limit, largest };
        let m = match usize::try_from(largest) {
            Ok(m) if m < limit => m,
            _ => return Err(not_found),
        };
        let mut values: Vec<u32> = Vec::new();
        let mut calculator = Mex::with_capacity(set.len());
        let mut mex = |values: &Vec<u32>, n: usize| -> u32 {
            calculator.of(set
                .iter()
                .take_while(|&&s| s as usize <= n)
                .map(|&s| values[n - s as usize]))
        };
        for n in 0..m {
            let v = mex(&values, n);
            values.push(v);
        }
        // Rolling hash of the window values[i..i + m] (symbols value + 1).
        let mut top = 1u64; // BASE^(m - 1)
        for _ in 1..m {
            top = mul_mod(top, BASE);
        }
        let mut hash = values
            .iter()
            .fold(0, |h, &v| add_mod(mul_mod(h, BASE), v as u64 + 1));
        // Latest window start with each hash, and the previous start with the same hash.
        let mut latest: FxHashMap<u64, u32> = FxHashMap::default();
        let mut previous: Vec<u32> = Vec::new();
        latest.insert(hash, 0);
        previous.push(u32::MAX);
        let mut start = 0usize;
        loop {
            let n = start + m;
            if n >= limit {
                return Err(not_found);
            }
            let v = mex(&values, n);
            values.push(v);
            let out = mul_mod(values[start] as u64 + 1, top);
            hash = add_mod(hash, MODULUS - out);
            hash = add_mod(mul_mod(hash, BASE), v as u64 + 1);
            start += 1;
            let window = &values[start..start + m];
            let mut earlier = latest.get(&hash).copied().unwrap_or(u32::MAX);
            while earlier != u32::MAX {
                let i = earlier as usize;
                if &values[i..i + m] == window {
                    values.truncate(start);
                    return Ok(Periodic {
                        values,
                        preperiod: i,
                        period: start - i,
                    });
                }
                earlier = previous[i];
            }
            previous.push(latest.insert(hash, start as u32).unwrap_or(u32::MAX));
        }
    }

    /// The least n0 such that g(n + period) = g(n) for every n ≥ n0.
    pub fn preperiod(&self) -> u64 {
        self.preperiod as u64
    }

    /// The least period.
    pub fn period(&self) -> u64 {
        self.period as u64
    }

    /// The values g(0), .., g(preperiod + period - 1), which determine all the others.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The value g(n), for any n. O(1).
    pub fn value(&self, n: u64) -> u64 {
        let index = match usize::try_from(n) {
            Ok(i) if i < self.values.len() => i,
            _ => self.preperiod + ((n - self.preperiod as u64) % self.period as u64) as usize,
        };
        self.values[index] as u64
    }
}

/// The shape of a value sequence: g(n + period) = g(n) + saltus for every n ≥ preperiod
/// (saltus 0: periodic; otherwise arithmetic periodic).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Pattern {
    /// Where the pattern starts.
    pub preperiod: u64,
    /// The period (up to 2^65 for take l to r).
    pub period: u128,
    /// What a period adds to the value.
    pub saltus: u64,
}

/// A winning move of a subtraction game: take `take` counters from pile `pile` (numbered
/// from 1, in the order given), leaving `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct SubtractionMove {
    /// The pile, numbered from 1.
    pub pile: usize,
    /// How many counters the move takes.
    pub take: u64,
    /// The pile's size after the move.
    pub to: u64,
}

impl fmt::Display for SubtractionMove {
    /// `pile 1: take 3 (leaves 7)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pile {}: take {} (leaves {})",
            self.pile, self.take, self.to
        )
    }
}

/// A subtraction game set up for answering: the rule, checked, in the form its values are
/// computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtraction {
    form: Form,
}

/// A checked rule, in the form its values come from.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Form {
    /// A finite set (sorted, without repeats) and its proven periodic table.
    Set {
        /// The amounts.
        set: Vec<u64>,
        /// The values.
        periodic: Periodic,
    },
    /// Take `min` to `max`, 1 ≤ min ≤ max (`bash`: given as take 1 to max):
    /// ⌊(n mod (min + max)) / min⌋.
    Interval {
        /// The smallest amount.
        min: u64,
        /// The largest amount.
        max: u64,
        /// Whether the rule was given as a Bash game.
        bash: bool,
    },
    /// Any amount but `amount` ≥ 1: l·⌊n/2l⌋ + (n mod l).
    Except {
        /// The forbidden amount.
        amount: u64,
    },
}

impl Subtraction {
    /// Checks the rule and, for a finite set, finds its period within
    /// [`DEFAULT_SEARCH_LIMIT`] values.
    pub fn new(rule: Rule) -> Result<Subtraction, SubtractionError> {
        Subtraction::with_search_limit(rule, DEFAULT_SEARCH_LIMIT)
    }

    /// [`Subtraction::new`], computing at most `limit` values to find the period of a
    /// finite set. A set is kept sorted, without repeats.
    pub fn with_search_limit(rule: Rule, limit: usize) -> Result<Subtraction, SubtractionError> {
        let form = match rule {
            Rule::Set(mut set) => {
                set.sort_unstable();
                set.dedup();
                let periodic = Periodic::find(&set, limit)?;
                Form::Set { set, periodic }
            }
            Rule::Bash { max: 0 } => return Err(SubtractionError::BadRange { min: 1, max: 0 }),
            Rule::Bash { max } => Form::Interval {
                min: 1,
                max,
                bash: true,
            },
            Rule::Range { min, max } if min == 0 || min > max => {
                return Err(SubtractionError::BadRange { min, max })
            }
            Rule::Range { min, max } => Form::Interval {
                min,
                max,
                bash: false,
            },
            Rule::Except { amount: 0 } => return Err(SubtractionError::ZeroAmount),
            Rule::Except { amount } => Form::Except { amount },
        };
        Ok(Subtraction { form })
    }

    /// The rule (a set sorted, without repeats).
    pub fn rule(&self) -> Rule {
        match self.form {
            Form::Set { ref set, .. } => Rule::Set(set.clone()),
            Form::Interval {
                max, bash: true, ..
            } => Rule::Bash { max },
            Form::Interval { min, max, .. } => Rule::Range { min, max },
            Form::Except { amount } => Rule::Except { amount },
        }
    }

    /// The proven periodic table of a finite set; `None` for the other rules.
    pub fn periodic(&self) -> Option<&Periodic> {
        match &self.form {
            Form::Set { periodic, .. } => Some(periodic),
            _ => None,
        }
    }

    /// The pattern of the values: the least preperiod and period for a finite set, take 1
    /// to k (0, k + 1) and take l to r (0, l + r); for "except l" the arithmetic period 2l
    /// with saltus l.
    pub fn pattern(&self) -> Pattern {
        let (preperiod, period, saltus) = match self.form {
            Form::Set { ref periodic, .. } => (periodic.preperiod(), periodic.period() as u128, 0),
            Form::Except { amount } => (0, 2 * amount as u128, amount),
            Form::Interval { min, max, .. } => (0, min as u128 + max as u128, 0),
        };
        Pattern {
            preperiod,
            period,
            saltus,
        }
    }

    /// The Sprague–Grundy value of one pile of `n`, by the closed form or the table. O(1).
    pub fn value(&self, n: u64) -> u64 {
        let m = n as u128;
        // At most n in both closed forms.
        match self.form {
            Form::Set { ref periodic, .. } => periodic.value(n),
            Form::Except { amount } => {
                let l = amount as u128;
                (l * (m / (2 * l)) + m % l) as u64
            }
            Form::Interval { min, max, .. } => {
                ((m % (min as u128 + max as u128)) / min as u128) as u64
            }
        }
    }

    /// Whether the rule lets a move take `amount` counters (from a pile of at least as many).
    /// O(log |S|) or O(1).
    pub fn allows(&self, amount: u64) -> bool {
        match self.form {
            Form::Set { ref set, .. } => set.binary_search(&amount).is_ok(),
            Form::Interval { min, max, .. } => (min..=max).contains(&amount),
            Form::Except { amount: except } => amount >= 1 && amount != except,
        }
    }

    /// The amounts that may be taken from a pile of `n` to leave a pile of value `target`,
    /// as sorted disjoint intervals `(first, last)` of amounts: at most |S| single amounts
    /// for a finite set, two intervals for the others. O(|S|) or O(1).
    pub fn amounts_to_value(&self, n: u64, target: u64) -> Vec<(u64, u64)> {
        match self.form {
            Form::Set { ref set, .. } => set
                .iter()
                .filter(|&&s| s <= n && self.value(n - s) == target)
                .map(|&s| (s, s))
                .collect(),
            Form::Except { amount } => {
                let l = amount as u128;
                let (q, r) = (target as u128 / l, target as u128 % l);
                let forbidden = n.checked_sub(amount).map(u128::from);
                // The positions of value `target`, higher first (smaller amounts first).
                [2 * l * q + r + l, 2 * l * q + r]
                    .into_iter()
                    .filter(|&m| m < n as u128 && Some(m) != forbidden)
                    .map(|m| {
                        let s = n - m as u64;
                        (s, s)
                    })
                    .collect()
            }
            Form::Interval { min, max, .. } => {
                if n < min {
                    return Vec::new();
                }
                let period = min as u128 + max as u128;
                let (lowest, highest) = ((n - max.min(n)) as u128, (n - min) as u128);
                // Residues of value `target` in a period: one run.
                let first = target as u128 * min as u128;
                if first >= period {
                    return Vec::new();
                }
                let last = (first + min as u128 - 1).min(period - 1);
                let mut runs: Vec<(u64, u64)> = (lowest / period..=highest / period)
                    .filter_map(|k| {
                        let a = (k * period + first).max(lowest);
                        let b = (k * period + last).min(highest);
                        (a <= b).then(|| (n - b as u64, n - a as u64))
                    })
                    .collect();
                runs.sort_unstable();
                runs
            }
        }
    }

    /// The answer for a sum of piles: outcome, value (the XOR of the piles' values) and the
    /// winning moves, pile by pile and by increasing amount: all of them, or the first
    /// [`LISTED_MOVES`] and their number. O(piles) (O(piles·|S|) for a finite set).
    pub fn answer(&self, piles: &[u64]) -> Answer<SubtractionMove> {
        let values: Vec<u64> = piles.iter().map(|&n| self.value(n)).collect();
        let x = values.iter().fold(0, |x, &v| x ^ v);
        let mut moves = Vec::new();
        let mut count: u128 = 0;
        if x != 0 {
            for (i, (&n, &v)) in piles.iter().zip(&values).enumerate() {
                for (first, last) in self.amounts_to_value(n, v ^ x) {
                    count += (last - first) as u128 + 1;
                    let room = LISTED_MOVES - moves.len();
                    let listed = (last - first).min(room.saturating_sub(1) as u64);
                    if room > 0 {
                        moves.extend((first..=first + listed).map(|take| SubtractionMove {
                            pile: i + 1,
                            take,
                            to: n - take,
                        }));
                    }
                }
            }
        }
        let mut answer = Answer::from_moves(Some(x), moves);
        if count > answer.winning_moves.len() as u128 {
            answer.winning_move_count = Some(count);
        }
        answer
    }
}

impl CatalogueGame for Subtraction {
    type Position = Vec<u64>;
    type Move = SubtractionMove;
    type Rules = Sum<Rule>;

    fn rules(&self) -> Sum<Rule> {
        Sum(self.rule())
    }

    fn answer(&self, piles: &Vec<u64>) -> Answer<SubtractionMove> {
        Subtraction::answer(self, piles)
    }

    fn play(&self, piles: &Vec<u64>, m: &SubtractionMove) -> Option<Vec<u64>> {
        let i = m.pile.checked_sub(1)?;
        let n = *piles.get(i)?;
        (self.allows(m.take) && n.checked_sub(m.take) == Some(m.to)).then(|| {
            let mut next = piles.clone();
            next[i] = m.to;
            next
        })
    }
}

impl Tabulate for Subtraction {
    fn name(&self) -> String {
        format!("subtraction game: {}", self.rule())
    }

    fn parameters(&self) -> usize {
        1
    }

    /// Values from the proven period or the closed form, O(1) each, for any n.
    fn line(&self, n: Span, kind: Kind, _: &Budget, _: &dyn Progress) -> Result<Table, TableError> {
        let table = Table::line(self.name(), n, |i| self.value(i))?;
        Ok(grundy::pattern::table::of_kind(table, kind))
    }
}

/// Reads the rule of a game's name after `subtraction:`: `1,3,4` (a finite set), `L..R`
/// (take L to R) or `except:L` (any amount but L). Shared by tables and play.
pub(crate) fn rule_of_name(rest: &str) -> Result<Rule, InputError> {
    if let Some(l) = rest.strip_prefix("except:") {
        input::whole("L", l, "an amount", 1).map(|amount| Rule::Except { amount })
    } else if let Some((l, r)) = rest.split_once("..") {
        let r = r.strip_prefix('=').unwrap_or(r);
        input::whole("L", l, "an amount", 1).and_then(|min| {
            Ok(Rule::Range {
                min,
                max: input::whole("R", r, "an amount", 1)?,
            })
        })
    } else if rest.trim().is_empty() {
        Err(InputError::usage(
            "expected the amounts after 'subtraction:', like subtraction:1,3,4",
        ))
    } else {
        input::list("the set", rest, "an amount", 1).map(Rule::Set)
    }
}

/// Reads a table's name: `subtraction:1,3,4` (a finite set), `subtraction:L..R` (take L to
/// R) or `subtraction:except:L` (any amount but L).
fn parse_table(spec: &str) -> Option<TableGame> {
    let rest = spec
        .get(..12)?
        .eq_ignore_ascii_case("subtraction:")
        .then(|| &spec[12..])?;
    let bad = |message: String| TableError::BadGame {
        spec: spec.to_string(),
        message,
    };
    let rule = rule_of_name(rest);
    Some(
        rule.map_err(|e| bad(e.to_string()))
            .and_then(|rule| Subtraction::new(rule).map_err(|e| bad(e.to_string())))
            .map(|game| Box::new(game) as Box<dyn Tabulate>),
    )
}

/// `grundy subtraction (--set S | --bash K | --range L,R | --except L) N...`: subtraction
/// games on one or more piles (their values add by XOR), with every winning move.
///
/// Besides the common answer: `rule` (the rule in words), `pile_values` (each pile's value),
/// `preperiod` and `period` of the value sequence (for a set, found and proven), and for
/// `--except` the `saltus` (what a period adds to the value). A period beyond 2^64 - 1 (take
/// L to R with L + R that large) is a string in JSON. Moves print as `pile 1: take 3 (leaves
/// 7)`, in JSON `{"pile": 1, "take": 3, "to": 7}`.
pub struct SubtractionFamily;

impl Family for SubtractionFamily {
    fn name(&self) -> &'static str {
        "subtraction"
    }

    fn group(&self) -> Group {
        Group::Piles
    }

    fn about(&self) -> &'static str {
        "Subtraction games ({set}, {bash}, {range}, {except}) on piles: values, period, moves"
    }

    fn example(&self) -> Example {
        &[("set", "1,3,4"), ("piles", "10"), ("piles", "7")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::args("piles", "N", "The pile sizes (0 to 2^64 - 1 counters each)")
                .whole("a pile size", 0)
                .each("pile"),
            Param::option(
                "set",
                "S1,S2,...",
                "Take any amount of this finite set, e.g. 1,3,4",
            )
            .list("an amount", 1)
            .or(&["bash", "range", "except"])
            .excludes(&["bash", "range", "except"]),
            Param::option("bash", "K", "Take 1 to K counters (Bash game)")
                .whole("an amount", 0)
                .excludes(&["range", "except"]),
            Param::option("range", "L,R", "Take L to R counters").excludes(&["except"]),
            Param::option(
                "except",
                "L",
                "Take any positive number of counters except exactly L",
            )
            .whole("an amount", 0),
            Param::option(
                "search-limit",
                "COUNT",
                "With {set}: how many values to compute at most while looking for the period \
                 [default: 4194304, at most 134217728]",
            )
            .whole("a count", 1)
            .at_most(MAX_SEARCH_LIMIT as u64)
            .needs(&["set"]),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn table(&self) -> Option<TableSource> {
        Some(TableSource {
            syntax: "subtraction:1,3,4 (or subtraction:L..R, subtraction:except:L)",
            about: "n: the pile, taking a number of a finite set, from L to R, or anything but L",
            parse: parse_table,
        })
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&SubtractionPlay]
    }
}

/// The game `subtraction:S` of `grundy play` and the web page.
struct SubtractionPlay;

impl Playable for SubtractionPlay {
    fn syntax(&self) -> &'static str {
        "subtraction:S (1,3,4 or L..R or except:L)"
    }

    fn example(&self) -> &'static str {
        "subtraction:1,3,4"
    }

    fn about(&self) -> &'static str {
        "Subtraction game: take an amount of the set from one pile"
    }

    fn position(&self) -> &'static str {
        "the piles: 10 7"
    }

    fn start(&self) -> &'static str {
        "10 7"
    }

    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play_from(argument, start, budget)
    }

    fn formula(&self) -> Option<Build> {
        Some(|argument, start, budget| {
            let rule = rule_of_name(argument).map_err(game_error)?;
            by_formula(rule, piles::read(start, "pile")?, budget)
        })
    }

    fn table(&self, argument: &str) -> Option<PlayTable> {
        PlayTable::of_piles(format!("subtraction:{argument}"), 1)
    }

    fn why(&self, argument: &str) -> Option<WhyLine> {
        why(argument)
    }
}

/// The most values times amounts the search for a subtraction set's period may take, to play
/// it by its formula: about a second.
const PERIOD_SEARCH_WORK: usize = 1 << 28;

/// A subtraction game (its rule the argument) played from `start`: explored where it fits
/// the budget, else by the formula (its period, found within the search limit, or its
/// closed form).
fn play_from(argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let rule = rule_of_name(argument).map_err(game_error)?;
    let title = format!("subtraction game: {rule}");
    let piles = piles::read(start, "pile")?;
    let (reach, size) = (piles::reach(&piles), piles::counters(&piles));
    let describe = piles::named("pile");
    let explore = || {
        let (title, start) = (title.clone(), piles.clone());
        Match::from_rules(title, &Sum(rule.clone()), start, false, budget, describe)
    };
    explore_or_formula(budget, reach, size, explore, || {
        by_formula(rule.clone(), piles.clone(), budget)
    })
}

/// The subtraction game under `rule` with its period, searched for within about a second.
fn searched(rule: Rule) -> Result<Subtraction, PlayError> {
    // Finding a set's period costs its values × its size: bounded, so that a long set
    // is refused in a second rather than searched for minutes.
    let search = match &rule {
        Rule::Set(set) => (PERIOD_SEARCH_WORK / set.len().max(1)).min(DEFAULT_SEARCH_LIMIT),
        _ => DEFAULT_SEARCH_LIMIT,
    };
    Subtraction::with_search_limit(rule, search).map_err(game_error)
}

/// Why a position of the subtraction game (its rule the argument) is won or lost: its
/// values' period, each pile's value, and their nim-sum. The period is searched for when
/// first asked, once for the game.
fn why(argument: &str) -> Option<WhyLine> {
    let rule = rule_of_name(argument).ok()?;
    let game: OnceLock<Option<Subtraction>> = OnceLock::new();
    Some(WhyLine(Arc::new(move |position| {
        let game = game.get_or_init(|| searched(rule.clone()).ok()).as_ref()?;
        let piles = piles::read(position, "pile").ok()?;
        let pattern = game.pattern();
        let parts: Vec<(String, u64)> = (piles.iter())
            .map(|&n| (format!("pile {n}"), game.value(n)))
            .collect();
        let saltus = match pattern.saltus {
            0 => String::new(),
            s => format!(", growing by {s} a period"),
        };
        Some(format!(
            "the values repeat with period {} from pile {}{saltus}; {}",
            pattern.period,
            pattern.preperiod,
            nim_sum_line("the piles' values", &parts)
        ))
    })))
}

/// A subtraction game under `rule` played from `piles` by the formula: its period, found
/// within the search limit, or its closed form.
fn by_formula(rule: Rule, piles: Vec<u64>, budget: &Budget) -> Result<Match, PlayError> {
    let title = format!("subtraction game: {rule}");
    let describe = piles::named("pile");
    let game = searched(rule.clone())?;
    let rule = game.rule();
    // The rule's first moves (its smallest amounts, for a set), at the first piles.
    let amounts = move |piles: &Vec<u64>| {
        let mut out = Vec::new();
        for (i, &n) in piles.iter().enumerate().take(CANDIDATES / 2) {
            let mut moves = Moves::with_most(2);
            rule.options(&n, &mut moves);
            out.extend(moves.iter().map(|&m| piles::with_pile(piles, i, m)));
        }
        out
    };
    let between = |p: &Vec<u64>, q: &Vec<u64>| {
        let (i, from, to) = piles::one_pile_down(p, q)?;
        Some(SubtractionMove {
            pile: i + 1,
            take: from - to,
            to,
        })
    };
    let playbook = piles::playbook(game, piles.len(), describe, between, amounts);
    Ok(Match::by_formula(title, playbook, piles, budget))
}

/// The rule chosen by the one rule option given (the declarations allow exactly one).
fn rule_of(inputs: &Inputs) -> Result<Rule, InputError> {
    if let Some(max) = inputs.optional_whole("bash")? {
        return Ok(Rule::Bash { max });
    }
    if let Some(amount) = inputs.optional_whole("except")? {
        return Ok(Rule::Except { amount });
    }
    if let Some(text) = inputs.value("range") {
        let (min, max) = input::pair(&inputs.shown("range"), text, "an amount", 0)?;
        return Ok(Rule::Range { min, max });
    }
    Ok(Rule::Set(inputs.list("set")?))
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let piles = inputs.wholes("piles")?;
    let limit =
        (inputs.optional_whole("search-limit")?).map_or(DEFAULT_SEARCH_LIMIT, |n| n as usize);
    let game = Subtraction::with_search_limit(rule_of(inputs)?, limit).map_err(|e| match e {
        SubtractionError::NoPeriodFound { .. } => {
            format!("{e} (raise {})", inputs.shown("search-limit"))
        }
        other => other.to_string(),
    })?;
    let pattern = game.pattern();
    let values: Vec<u64> = piles.iter().map(|&n| game.value(n)).collect();
    let report = Report::answer(&game.answer(&piles)).fields([
        Field::new("rule", game.rule().to_string()),
        Field::new("pile_values", values),
        Field::new("preperiod", pattern.preperiod),
        Field::new("period", big(pattern.period)),
    ]);
    Ok(if pattern.saltus != 0 {
        report.field(Field::new("saltus", pattern.saltus))
    } else {
        report
    })
}
