//! Take-and-break games: octal and hexadecimal codes, and Grundy's game.
//!
//! A code `d0.d1d2d3...` says, for each number j of tokens a move may remove from one heap
//! (digit dj), in how many heaps the rest may be left: bit 1, none (the heap had exactly j
//! tokens); bit 2, one non-empty heap; bit 4, two non-empty heaps; bit 8 (hexadecimal digits
//! 8-f), three non-empty heaps. The digit before the point is for removing nothing, where
//! only splitting makes sense (Grundy-like games such as 4.07). Kayles is 0.77, Dawson's Kayles
//! 0.07, Dawson's Chess 0.137: [`Rule::parse`] reads these names too ([`NAMED`]), and
//! Splittles, `splittles:1,3` (remove 1 or 3 tokens and leave the rest as no heap, one or
//! two: 0.707). Grundy's game (split a heap into two unequal heaps) is not an octal game and
//! has its own rule, [`Rule::Grundy`].
//!
//! Values are computed heap by heap ([`values_plain`]: O(n) per heap, O(n^2) in all) or by
//! the sparse-space method ([`values_sparse`]), which is far faster on the games where it
//! applies and gives the same values on all of them.
//!
//! Both work within a [`Budget`]: the memory they will hold is estimated before anything is
//! allocated (2 bytes a heap, and the sparse method's tables) and checked against its memory,
//! and the clock and the cancel flag are read as heaps are valued.
//!
//! ```
//! use grundy::budget::Budget;
//! use grundy::impartial::octal::{values_plain, Rule};
//!
//! // Dawson's Kayles, 0.07: remove two adjacent pins, anywhere in a row.
//! let dawson = values_plain(&Rule::parse("0.07").unwrap(), 17, &Budget::default()).unwrap();
//! assert_eq!(dawson, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2]);
//! ```

use std::fmt;

use crate::budget::{Budget, Exhausted};
use crate::input;
use crate::math::mex::mex_of_bits;

mod batch;
mod general;
mod sparse;

pub use general::{values_general, Constraint, Digit, General, MAX_LISTED_HEAPS};
pub use sparse::{values_sparse, SparseValues};

/// A take-and-break rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// An octal or hexadecimal code: `digits[j]` for removing j tokens.
    Code {
        /// The digits, `digits[0]` before the point.
        digits: Vec<u8>,
    },
    /// Grundy's game, `4!.0`: split a heap into two non-empty heaps of different sizes.
    Grundy,
    /// Any other code of CGSuite's grammar: digits above f, generalised digits (`{2+}`),
    /// modifiers (`!`, `?`, `=`), repeating digits (`0.[3]`), or d0 other than 0 and 4.
    General(General),
}

/// Why a code could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad take-and-break code '{code}' at character {column}: {message}")]
pub struct CodeError {
    /// The code as given.
    pub code: String,
    /// 1-based character position.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

/// The take-and-break games the literature names: the name [`Rule::parse`] reads (in any
/// case, and written with spaces or an apostrophe too: `Dawson's Kayles`), the code, and the
/// name as printed. Grundy's game is read as `grundy` or `grundys-game`.
pub const NAMED: &[(&str, &str, &str)] = &[
    ("kayles", "0.77", "Kayles"),
    ("dawsons-kayles", "0.07", "Dawson's Kayles"),
    ("dawsons-chess", "0.137", "Dawson's Chess"),
];

/// The names Grundy's game is read by.
const GRUNDY_NAMES: [&str; 2] = ["grundy", "grundys-game"];

/// The largest number of tokens a move of Splittles (`splittles:S`) may remove: its code has
/// a digit for each number up to the largest in S, read before anything is sized.
pub const MAX_SPLITTLES_REMOVAL: u64 = 1000;

/// A name as [`NAMED`] writes it: lower case, words joined by `-`, no apostrophes
/// (`Dawson's Kayles` is `dawsons-kayles`). O(length).
fn name_key(name: &str) -> String {
    let words = name
        .split([' ', '-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| w.replace(['\'', '’'], "").to_ascii_lowercase());
    words.collect::<Vec<_>>().join("-")
}

impl Rule {
    /// Parses `0.77`, `.77`, `4.07`, `0.137`, `4` (only splitting), `0.f` (hexadecimal digits
    /// above 7 allow leaving three heaps), a name of [`NAMED`] (`kayles`), `grundy` (or
    /// `grundys-game`), or `splittles:S` (S a list of removals, `1,3`: the code with digit 7
    /// for each; `1,3/allbut`, each removal not in S: [`Rule::from_removals`]). Trailing zero digits are dropped. O(length), and O(largest of S) for
    /// Splittles.
    ///
    /// ```
    /// use grundy::impartial::octal::Rule;
    ///
    /// let kayles = Rule::parse("0.77").unwrap();
    /// assert_eq!(kayles, Rule::Code { digits: vec![0, 7, 7] });
    /// assert_eq!(kayles.max_removal(), 2);
    /// assert_eq!(Rule::parse(".770").unwrap().to_string(), "0.77");
    /// assert_eq!(Rule::parse("grundy").unwrap(), Rule::Grundy);
    /// assert_eq!(Rule::parse("Grundy's game").unwrap(), Rule::Grundy);
    /// assert_eq!(Rule::parse("kayles").unwrap(), kayles);
    /// assert_eq!(Rule::parse("Dawson's Kayles").unwrap().to_string(), "0.07");
    /// assert_eq!(Rule::parse("splittles:1,3").unwrap().to_string(), "0.707");
    /// assert_eq!(Rule::parse("splittles:1,3/allbut").unwrap().to_string(), "0.070[7]");
    /// assert!(Rule::parse("0.f").unwrap().splits_in_three());
    ///
    /// let error = Rule::parse("0.7$").unwrap_err();
    /// assert_eq!(error.column, 4);
    /// assert!(Rule::parse("0.00").is_err()); // no move at all
    /// ```
    pub fn parse(code: &str) -> Result<Rule, CodeError> {
        let err = |column: usize, message: &str| CodeError {
            code: code.to_string(),
            column,
            message: message.to_string(),
        };
        if let Some(rule) = Rule::named(code) {
            return Ok(rule);
        }
        if let Some((word, set)) = code.split_once(':') {
            if word.eq_ignore_ascii_case("splittles") {
                return Rule::splittles(set)
                    .map_err(|(column, message)| err(word.len() + 1 + column, &message));
            }
        }
        if code.is_empty() {
            return Err(err(
                1,
                "expected a code like 0.77 or 4.07, a name (kayles, dawsons-kayles, \
                 dawsons-chess, grundy) or splittles:S",
            ));
        }
        // A word without a point is a name (codes such as G.0 start with a letter too).
        if code.starts_with(|c: char| c.is_ascii_alphabetic()) && !code.contains('.') {
            let names = NAMED.iter().map(|(n, _, _)| *n).chain(GRUNDY_NAMES);
            let names: Vec<&str> = names.chain(["splittles:S"]).collect();
            let near = input::nearest(&name_key(code), names.iter().copied(), 3);
            let mut message = format!(
                "expected a code like 0.77 or 4.07, or a name: {}",
                names.join(", ")
            );
            if let Some(hint) = input::did_you_mean(&near) {
                message = format!("{message} ({hint})");
            }
            return Err(err(1, &message));
        }
        let general = General::parse(code).map_err(|(column, message)| err(column, &message))?;
        if general.digits().iter().all(Digit::is_zero) {
            let digits_from = code.chars().position(|c| c == '.').map_or(1, |p| p + 2);
            return Err(err(digits_from, "the code allows no move at all"));
        }
        Ok(Rule::of_general(general))
    }

    /// The rule of a general code, in the simplest variant that holds it: octal and
    /// hexadecimal codes as [`Rule::Code`], `4!.0` as [`Rule::Grundy`]. O(digits).
    fn of_general(general: General) -> Rule {
        if general.is_grundy() {
            return Rule::Grundy;
        }
        match general.as_hex() {
            Some(digits) => Rule::Code { digits },
            None => Rule::General(general),
        }
    }

    /// The game a name of the literature names ([`NAMED`], Grundy's game), in any case and
    /// with spaces or apostrophes (`Dawson's Kayles`); `None` for any other text. O(length).
    pub fn named(name: &str) -> Option<Rule> {
        let key = name_key(name);
        if GRUNDY_NAMES.contains(&key.as_str()) {
            return Some(Rule::Grundy);
        }
        let (_, code, _) = NAMED.iter().find(|(n, _, _)| *n == key)?;
        Rule::parse(code).ok()
    }

    /// The name of this rule in the literature, if it has one: `Kayles` for 0.77. O(digits).
    pub fn known_name(&self) -> Option<&'static str> {
        if *self == Rule::Grundy {
            return Some("Grundy's game");
        }
        (NAMED.iter())
            .find(|(_, code, _)| Rule::parse(code).as_ref() == Ok(self))
            .map(|(_, _, name)| *name)
    }

    /// Splittles of the removals `set` (`1,3`, or `1,3/allbut` for every removal not in it):
    /// [`Rule::from_removals`] with digit 7 (take the heap whole, or leave one or two heaps).
    /// The error's column counts from 1 in `set`. O(largest removal).
    fn splittles(set: &str) -> Result<Rule, (usize, String)> {
        let (set, allbut) = match set.rsplit_once('/') {
            Some((set, word)) if word.eq_ignore_ascii_case("allbut") => (set, true),
            Some((set, word)) => {
                let column = set.chars().count() + 2;
                return Err((
                    column,
                    format!("expected 'allbut' after '/', found '{word}'"),
                ));
            }
            None => (set, false),
        };
        let mut removals = Vec::new();
        let mut column = 1;
        for word in set.split(',') {
            let n: u64 = word.trim().parse().map_err(|_| {
                (column, format!("expected a removal (a whole number from 1 to {MAX_SPLITTLES_REMOVAL}), found '{word}'"))
            })?;
            if !(1..=MAX_SPLITTLES_REMOVAL).contains(&n) {
                return Err((
                    column,
                    format!("a removal is from 1 to {MAX_SPLITTLES_REMOVAL}, found {n}"),
                ));
            }
            removals.push(n);
            column += word.chars().count() + 1;
        }
        Rule::from_removals(&removals, 7, allbut).map_err(|e| (1, e.message))
    }

    /// CGSuite's `TakeAndBreak.FromSubtractionSet`: the code whose digit is `digit` for each
    /// number of tokens in `removals` and 0 for the others, or, with `allbut`, `digit` for
    /// each number not in `removals`, forever after the largest (`[digit]` repeated).
    /// Subtraction games are digit 3 (`0.303` removes 1 or 3), Splittles digit 7. Removals
    /// are from 1 to [`MAX_SPLITTLES_REMOVAL`]; a code that allows no move is refused, as
    /// [`Rule::parse`] refuses it. O(largest removal).
    ///
    /// ```
    /// use grundy::impartial::octal::Rule;
    ///
    /// assert_eq!(Rule::from_removals(&[1, 3], 3, false).unwrap().to_string(), "0.303");
    /// // Every removal but 1 and 3: 2, 4, 5, 6, ...
    /// let allbut = Rule::from_removals(&[1, 3], 7, true).unwrap();
    /// assert_eq!(allbut.to_string(), "0.070[7]");
    /// assert!(Rule::from_removals(&[0], 3, false).is_err());
    /// ```
    pub fn from_removals(removals: &[u64], digit: u8, allbut: bool) -> Result<Rule, CodeError> {
        let refused = |message: String| CodeError {
            code: format!("{removals:?}"),
            column: 1,
            message,
        };
        if let Some(&n) = (removals.iter()).find(|&&n| !(1..=MAX_SPLITTLES_REMOVAL).contains(&n)) {
            return Err(refused(format!(
                "a removal is from 1 to {MAX_SPLITTLES_REMOVAL}, found {n}"
            )));
        }
        if !matches!(digit, 1..=15) {
            return Err(refused(format!("a digit is from 1 to f, found {digit}")));
        }
        // Checked above: each removal fits in a usize and the digit is one hexadecimal digit.
        let largest = removals.iter().copied().max().unwrap_or(0) as usize;
        let mut digits = vec![0u8; largest + 1];
        for &j in removals {
            digits[j as usize] = digit;
        }
        if !allbut {
            return match digits.iter().any(|&d| d != 0) {
                true => Ok(Rule::Code { digits }),
                false => Err(refused("the code allows no move at all".to_string())),
            };
        }
        let hex = |d: u8| char::from_digit(u32::from(d), 16).unwrap_or('0');
        let mut code = String::from("0.");
        code.extend(
            digits[1..]
                .iter()
                .map(|&d| hex(if d == 0 { digit } else { 0 })),
        );
        code.push('[');
        code.push(hex(digit));
        code.push(']');
        Rule::parse(&code)
    }

    /// The largest number of tokens a move removes (0 for Grundy's game; `usize::MAX` for a
    /// code whose digits repeat forever, `0.[3]`). O(1).
    pub fn max_removal(&self) -> usize {
        match self {
            Rule::Code { digits } => digits.len() - 1,
            Rule::Grundy => 0,
            Rule::General(g) => g.max_removal().unwrap_or(usize::MAX),
        }
    }

    /// Whether some move leaves three heaps or more (hexadecimal digits 8-f, `{3}`, `{2+}`).
    /// O(digits).
    pub fn splits_in_three(&self) -> bool {
        match self {
            Rule::Code { digits } => digits.iter().any(|&d| d & 8 != 0),
            Rule::Grundy => false,
            Rule::General(g) => g.max_heaps() >= 3,
        }
    }

    /// Calls `each(j, bits)` for every number j of removed tokens that the rule allows, with
    /// the digit's bits (1: the heap may be taken whole, 2: one heap may be left, 4: two, 8:
    /// three). O(digits). Only octal and hexadecimal codes and Grundy's game have such
    /// digits: for a [`Rule::General`] code it calls nothing, and [`Rule::options`] lists
    /// its moves.
    pub fn removals(&self, mut each: impl FnMut(usize, u8)) {
        match self {
            Rule::Code { digits } => {
                for (j, &d) in digits.iter().enumerate() {
                    if d != 0 {
                        each(j, d);
                    }
                }
            }
            Rule::Grundy => each(0, 4),
            Rule::General(_) => {}
        }
    }

    /// The rule as a code of the general grammar (what [`Rule::General`] holds for codes that
    /// are not octal). O(digits).
    pub fn general(&self) -> General {
        match self {
            Rule::General(g) => g.clone(),
            Rule::Grundy => General::grundy(),
            Rule::Code { digits } => General::of_hex(digits),
        }
    }

    /// Calls `each` with the heaps every move from a heap of `heap` tokens leaves (sizes
    /// increasing; each option once), until `each` returns false; returns false then. The
    /// listing is exponential in the heaps a move may leave (`{2+}` lists partitions): a
    /// caller caps it by returning false.
    ///
    /// ```
    /// use grundy::impartial::octal::Rule;
    ///
    /// let mut options = Vec::new();
    /// Rule::parse("{2+}!.0").unwrap().options(6, &mut |heaps| {
    ///     options.push(heaps.to_vec());
    ///     true
    /// });
    /// assert_eq!(options, [vec![1, 5], vec![2, 4], vec![1, 2, 3]]);
    /// ```
    pub fn options(&self, heap: u64, each: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        self.general().options(heap, each)
    }
}

impl fmt::Display for Rule {
    /// The code as it is read: octal and hexadecimal codes as they are usually written
    /// (`0.77`, `4`, `0.f`), Grundy's game by its name, and every other code in CGSuite's
    /// form (`0.&35;`, `{2+}=.0`, `0.[3]`), each of which reads back as the same rule.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Grundy => f.write_str("Grundy's game"),
            Rule::Code { digits } if digits.iter().all(|&d| d < 16) => {
                // `4` alone, as it is read: `4.` would not read back.
                write!(f, "{}", digits[0])?;
                if digits.len() > 1 {
                    f.write_str(".")?;
                }
                for d in &digits[1..] {
                    write!(f, "{d:x}")?;
                }
                Ok(())
            }
            Rule::Code { .. } | Rule::General(_) => self.general().fmt(f),
        }
    }
}

/// Values reach at most this (2 bytes per heap).
pub(crate) const MAX_VALUE: usize = u16::MAX as usize;

/// Why values could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValuesError {
    /// A value does not fit in the 2 bytes kept per heap.
    #[error("the value of heap {heap} is above 65534, the most 2 bytes per heap hold")]
    ValueTooLarge {
        /// The first heap whose value is too large.
        heap: usize,
    },
    /// The budget ran out: the values would take more memory than it allows, its deadline
    /// passed, or the work was cancelled.
    #[error(transparent)]
    Budget(#[from] Exhausted),
    /// The sparse-space method was asked for a code beyond octal and hexadecimal digits
    /// (and Grundy's game).
    #[error(
        "the sparse-space method handles octal and hexadecimal codes and Grundy's game, not {rule}"
    )]
    NotOctal {
        /// The rule, as written.
        rule: String,
    },
    /// The sparse-space method was asked for a game whose moves may leave three heaps.
    #[error("{rule} has moves that leave three heaps; the sparse-space method handles two")]
    ThreeHeaps {
        /// The rule, as written.
        rule: String,
    },
}

/// What the budget errors of the values say they were doing.
pub(crate) const WORK: &str = "computing values";

/// The bytes of the values of heaps 0 to `n` (2 a heap), saturating: an estimate checked
/// before they are allocated. O(1).
fn values_bytes(n: usize) -> u64 {
    (n as u64).saturating_add(1).saturating_mul(2)
}

/// Words of a bitset able to hold every value up to `max` plus the mex.
fn words_for(max: u16) -> usize {
    (max as usize + 2).div_ceil(64)
}

#[inline]
fn mark(seen: &mut Vec<u64>, v: u16) {
    let w = v as usize / 64;
    if w >= seen.len() {
        seen.resize(w + 1, 0);
    }
    seen[w] |= 1 << (v % 64);
}

/// The values of every heap up to `n` (inclusive) by the definition: for each heap, every
/// move. O(n^2) for two-heap splits, O(n^3) for three-heap splits. 2 bytes per heap, checked
/// against `budget`'s memory before they are allocated; the clock and the cancel flag are
/// read before each heap. An error if a value passes 65534 or the budget runs out.
///
/// ```
/// use grundy::budget::{Budget, Resource};
/// use grundy::impartial::octal::{values_plain, Rule, ValuesError};
///
/// let budget = Budget::default();
/// let kayles = values_plain(&Rule::parse("0.77").unwrap(), 11, &budget).unwrap();
/// assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// // Grundy's game: split a heap into two unequal heaps.
/// let grundy = values_plain(&Rule::Grundy, 12, &budget).unwrap();
/// assert_eq!(grundy, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]);
/// // 2^31 heaps would take 4 GiB: refused before anything is allocated.
/// let small = Budget::default().with_memory(1 << 30);
/// match values_plain(&Rule::Grundy, 1 << 31, &small) {
///     Err(ValuesError::Budget(e)) => assert_eq!(e.resource, Resource::Memory),
///     other => panic!("expected the memory budget to refuse, got {other:?}"),
/// }
/// ```
pub fn values_plain(rule: &Rule, n: usize, budget: &Budget) -> Result<Vec<u16>, ValuesError> {
    if let Rule::General(general) = rule {
        return values_general(general, n, budget);
    }
    budget.check_memory(values_bytes(n), WORK, 0)?;
    let mut g: Vec<u16> = Vec::with_capacity(n + 1);
    let mut max = 0u16;
    for heap in 0..=n {
        budget.check_time(WORK, heap as u64)?;
        let mut seen = vec![0u64; words_for(max)];
        rule.removals(|j, bits| {
            if heap < j {
                return;
            }
            let rest = heap - j;
            if bits & 1 != 0 && rest == 0 && j > 0 {
                mark(&mut seen, 0);
            }
            if bits & 2 != 0 && rest > 0 && j > 0 {
                mark(&mut seen, g[rest]);
            }
            if bits & 4 != 0 {
                for a in 1..=rest / 2 {
                    let b = rest - a;
                    if b == 0 || (matches!(rule, Rule::Grundy) && a == b) {
                        continue;
                    }
                    mark(&mut seen, g[a] ^ g[b]);
                }
            }
            if bits & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        let c = rest - a - b;
                        if c >= b {
                            mark(&mut seen, g[a] ^ g[b] ^ g[c]);
                        }
                    }
                }
            }
        });
        let v = mex_of_bits(&seen) as u16;
        if v as usize >= MAX_VALUE {
            return Err(ValuesError::ValueTooLarge { heap });
        }
        max = max.max(v);
        g.push(v);
    }
    Ok(g)
}
