//! CGSuite's general take-and-break codes: digits up to Z, generalised digits `{2,3}` and
//! `{2+}`, the modifiers `!` `?` `=`, and a repeating tail `[..]`.
//!
//! A digit says, for one number j of removed tokens, into how many non-empty heaps the rest
//! may be left, and under which condition on their sizes. The values of such a code are
//! computed heap by heap ([`values_general`]) from tables of the nim-values reachable by
//! splitting s tokens into r parts (one bitset of values per s and r), so a split into many
//! parts costs a union of bitsets, never a listing of partitions.

use std::fmt;

use crate::budget::Budget;
use crate::math::mex::mex_of_bits;

use super::{ValuesError, MAX_VALUE, WORK};

/// The condition a digit's modifier puts on the sizes of the heaps a move leaves. It bears
/// only on moves leaving two heaps or more: one heap, or none, meets every condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// No condition (no modifier).
    Free,
    /// `!`: the heaps are pairwise unequal.
    Unequal,
    /// `?`: the heaps are not all equal.
    NotAllEqual,
    /// `=`: the heaps are all equal.
    AllEqual,
}

impl Constraint {
    /// The modifier as written after a digit. O(1).
    fn suffix(self) -> &'static str {
        match self {
            Constraint::Free => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }

    /// The modifier a character writes, if it writes one. O(1).
    fn of_char(c: char) -> Option<Constraint> {
        match c {
            '!' => Some(Constraint::Unequal),
            '?' => Some(Constraint::NotAllEqual),
            '=' => Some(Constraint::AllEqual),
            _ => None,
        }
    }

    /// Whether heaps of these sizes meet the condition. O(parts log parts).
    pub fn admits(self, parts: &[u64]) -> bool {
        if parts.len() < 2 {
            return true;
        }
        let mut sorted = parts.to_vec();
        sorted.sort_unstable();
        match self {
            Constraint::Free => true,
            Constraint::Unequal => sorted.windows(2).all(|w| w[0] != w[1]),
            Constraint::NotAllEqual => sorted[0] != sorted[sorted.len() - 1],
            Constraint::AllEqual => sorted[0] == sorted[sorted.len() - 1],
        }
    }
}

/// The most heaps a listed count of a digit may name (`{63}`), as in CGSuite.
pub const MAX_LISTED_HEAPS: u32 = 63;

/// One digit of a general code: the numbers of heaps a move may leave, each with its
/// condition, and possibly every number from some count up.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Digit {
    /// The listed counts, increasing, each once, with their conditions (`Free` for 0 and 1).
    counts: Vec<(u32, Constraint)>,
    /// Every count from this one (at least 2) up, with its condition.
    more: Option<(u32, Constraint)>,
}

impl Digit {
    /// The digit of a bit mask (bit i: leave exactly i heaps), every count under `c`. O(64).
    fn of_mask(mask: u64, c: Constraint) -> Digit {
        let counts = (0..64)
            .filter(|i| mask >> i & 1 != 0)
            .map(|i| (i, c))
            .collect();
        Digit::normalised(counts, None)
    }

    /// The digit in the form two equal digits share: conditions dropped on 0 and 1 heap,
    /// `?` on two heaps written `!` (the same), a tail from below 2 made explicit, listed
    /// counts the tail covers under the same condition dropped. O(counts log counts).
    fn normalised(
        mut counts: Vec<(u32, Constraint)>,
        mut more: Option<(u32, Constraint)>,
    ) -> Digit {
        if let Some((from, c)) = more {
            for r in from..2 {
                counts.push((r, c));
            }
            more = Some((from.max(2), c));
        }
        for (r, c) in &mut counts {
            if *r < 2 {
                *c = Constraint::Free;
            } else if *r == 2 && *c == Constraint::NotAllEqual {
                *c = Constraint::Unequal;
            }
        }
        if let Some((mut from, c)) = more {
            counts.retain(|&(r, d)| r < from || d != c);
            // A tail starts at the lowest count it continues under its condition.
            while let Some(i) =
                (counts.iter()).position(|&(r, d)| r + 1 == from && r >= 2 && d == c)
            {
                counts.remove(i);
                from -= 1;
            }
            more = Some((from, c));
        }
        counts.sort_unstable();
        counts.dedup();
        Digit { counts, more }
    }

    /// Whether the digit allows no move. O(1).
    pub fn is_zero(&self) -> bool {
        self.counts.is_empty() && self.more.is_none()
    }

    /// The listed counts with their conditions, increasing.
    pub fn counts(&self) -> &[(u32, Constraint)] {
        &self.counts
    }

    /// The tail: every count from the first (at least 2) up, under the second's condition.
    pub fn more(&self) -> Option<(u32, Constraint)> {
        self.more
    }

    /// Whether leaving `r` heaps of these sizes is allowed. O(counts + r log r).
    pub fn allows(&self, parts: &[u64]) -> bool {
        let r = parts.len() as u32;
        let listed = self.counts.iter().any(|&(k, c)| k == r && c.admits(parts));
        listed || matches!(self.more, Some((from, c)) if r >= from && c.admits(parts))
    }

    /// The octal or hexadecimal digit this is, if it is one (no condition, at most 3 heaps,
    /// no tail). O(counts).
    fn as_hex(&self) -> Option<u8> {
        if self.more.is_some() {
            return None;
        }
        let mut mask = 0u8;
        for &(r, c) in &self.counts {
            if r > 3 || c != Constraint::Free {
                return None;
            }
            mask |= 1 << r;
        }
        Some(mask)
    }

    /// The most heaps a move by this digit leaves (`u32::MAX` with a tail). O(1).
    fn max_heaps(&self) -> u32 {
        match self.more {
            Some(_) => u32::MAX,
            None => self.counts.last().map_or(0, |&(r, _)| r),
        }
    }
}

impl fmt::Display for Digit {
    /// CGSuite's form: `7`, `C`, `&40;`, `4!`, `{2+}=`, `{2!,3=}`. O(counts).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A tail reaching down over listed counts of its condition is written from there.
        let mut listed = self.counts.clone();
        let mut more = self.more;
        if let Some((mut from, c)) = more {
            while from > 0 {
                let below = listed.iter().position(|&(r, d)| {
                    r == from - 1 && (d == c || (r < 2 && d == Constraint::Free))
                });
                match below {
                    Some(i) => {
                        listed.remove(i);
                        from -= 1;
                    }
                    None => break,
                }
            }
            more = Some((from, c));
        }
        let conditions: Vec<Constraint> = (listed.iter())
            .filter(|&&(r, _)| r >= 2)
            .map(|&(_, c)| c)
            .chain(more.map(|(_, c)| c))
            .collect();
        let uniform = conditions.windows(2).all(|w| w[0] == w[1]);
        let common = conditions.first().copied().unwrap_or(Constraint::Free);
        if listed.is_empty() && more.is_none() {
            return f.write_str("0");
        }
        match (uniform, more) {
            (true, None) => {
                let mask: u64 = listed.iter().map(|&(r, _)| 1u64 << r).sum();
                if mask < 32 {
                    let c = char::from_digit(mask as u32, 36).unwrap_or('0');
                    write!(f, "{}", c.to_ascii_uppercase())?;
                } else {
                    write!(f, "&{mask};")?;
                }
                f.write_str(common.suffix())
            }
            (true, Some((from, _))) => {
                f.write_str("{")?;
                for (r, _) in &listed {
                    write!(f, "{r},")?;
                }
                write!(f, "{from}+}}{}", common.suffix())
            }
            (false, _) => {
                f.write_str("{")?;
                for (i, (r, c)) in listed.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{r}{}", c.suffix())?;
                }
                if let Some((from, c)) = more {
                    if !listed.is_empty() {
                        f.write_str(",")?;
                    }
                    write!(f, "{from}{}+", c.suffix())?;
                }
                f.write_str("}")
            }
        }
    }
}

/// A general take-and-break code: digit j for removing j tokens, the last `period` digits
/// repeating forever when `period` is not 0.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct General {
    digits: Vec<Digit>,
    period: usize,
}

/// What reading a code found wrong: the 1-based character and the message.
pub(super) type ParseError = (usize, String);

impl General {
    /// The digit for removing `j` tokens (the repeating tail read on forever), `None` for a
    /// zero digit. O(1).
    pub fn digit(&self, j: usize) -> Option<&Digit> {
        let d = if j < self.digits.len() {
            &self.digits[j]
        } else if self.period > 0 {
            let pre = self.digits.len() - self.period;
            &self.digits[pre + (j - pre) % self.period]
        } else {
            return None;
        };
        (!d.is_zero()).then_some(d)
    }

    /// The code of octal or hexadecimal digits (bit i: leave i heaps). O(digits).
    pub(super) fn of_hex(digits: &[u8]) -> General {
        let digits = digits
            .iter()
            .map(|&d| Digit::of_mask(u64::from(d), Constraint::Free));
        General::normalised(digits.collect(), 0)
    }

    /// Grundy's game, `4!.0`. O(1).
    pub(super) fn grundy() -> General {
        General::normalised(vec![Digit::of_mask(4, Constraint::Unequal)], 0)
    }

    /// The digits, `d0` first; the last [`General::period`] of them repeat.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// How many of the last digits repeat forever (0: none).
    pub fn period(&self) -> usize {
        self.period
    }

    /// The largest number of tokens a move removes, `None` when digits repeat. O(1).
    pub fn max_removal(&self) -> Option<usize> {
        (self.period == 0).then(|| self.digits.len() - 1)
    }

    /// The most heaps a move leaves (`u32::MAX` when some digit has a tail). O(digits).
    pub fn max_heaps(&self) -> u32 {
        self.digits.iter().map(Digit::max_heaps).max().unwrap_or(0)
    }

    /// The octal or hexadecimal digits this code is, if it is one: no condition, no tail,
    /// no repeat, at most three heaps, and d0 0 or 4. O(digits).
    pub(super) fn as_hex(&self) -> Option<Vec<u8>> {
        if self.period > 0 {
            return None;
        }
        let digits: Option<Vec<u8>> = self.digits.iter().map(Digit::as_hex).collect();
        digits.filter(|d| d[0] == 0 || d[0] == 4)
    }

    /// Whether this is Grundy's game, `4!.0`. O(1).
    pub(super) fn is_grundy(&self) -> bool {
        self.period == 0
            && self.digits.len() == 1
            && self.digits[0].counts == [(2, Constraint::Unequal)]
            && self.digits[0].more.is_none()
    }

    /// Reads a code of CGSuite's grammar (see the module); digits left of d0, which add
    /// tokens, are refused. O(length).
    pub(super) fn parse(code: &str) -> Result<General, ParseError> {
        let chars: Vec<char> = code.chars().collect();
        let mut i = 0;
        let mut before: Vec<(usize, Digit)> = Vec::new();
        let mut after: Vec<Digit> = Vec::new();
        let mut point = false;
        let mut repeat_from: Option<usize> = None;
        let mut closed = false;
        while i < chars.len() {
            let column = i + 1;
            if closed {
                return Err((
                    column,
                    "nothing may follow the ']' that closes the repeating digits".into(),
                ));
            }
            match chars[i] {
                '.' => {
                    if point {
                        return Err((column, "a second point".into()));
                    }
                    point = true;
                    i += 1;
                    continue;
                }
                '[' => {
                    if !point {
                        return Err((
                            column,
                            "repeating digits '[..]' come after the point".into(),
                        ));
                    }
                    if repeat_from.is_some() {
                        return Err((column, "a second '['".into()));
                    }
                    repeat_from = Some(after.len());
                    i += 1;
                    continue;
                }
                ']' => {
                    match repeat_from {
                        None => return Err((column, "a ']' without its '['".into())),
                        Some(from) if from == after.len() => {
                            return Err((column, "expected digits between '[' and ']'".into()))
                        }
                        Some(_) => {}
                    }
                    closed = true;
                    i += 1;
                    continue;
                }
                _ => {}
            }
            let digit = read_digit(&chars, &mut i)?;
            if point {
                after.push(digit);
            } else {
                before.push((column, digit));
            }
        }
        if repeat_from.is_some() && !closed {
            return Err((
                chars.len() + 1,
                "expected ']' to close the repeating digits".into(),
            ));
        }
        if point && after.is_empty() {
            return Err((chars.len() + 1, "expected digits after the point".into()));
        }
        let d0 = match before.pop() {
            Some((column, d)) => {
                if d.counts.iter().any(|&(r, _)| r < 2) {
                    return Err((
                        column,
                        "the digit before the point is for moves that remove nothing: it may only \
                         split a heap into two or more heaps (0, 4, 8, C, {2+}, 4!, ...)"
                            .into(),
                    ));
                }
                d
            }
            None => Digit::default(),
        };
        if let Some((column, _)) = before.iter().find(|(_, d)| !d.is_zero()) {
            return Err((
                *column,
                "digits left of d0 add tokens (in CGSuite's 20.017, the 2 adds a token to a heap); \
                 such a move can leave a heap no smaller than before, so play need not end, and \
                 such codes are not read"
                    .into(),
            ));
        }
        let mut digits = vec![d0];
        let period = match repeat_from {
            Some(from) => after.len() - from,
            None => 0,
        };
        digits.extend(after);
        Ok(General::normalised(digits, period))
    }

    /// The code in its shortest form: the shortest repeating digits, started as early as
    /// possible (after d0); no repeat of zeros; no trailing zero digits. O(digits²).
    fn normalised(mut digits: Vec<Digit>, mut period: usize) -> General {
        if period > 0 {
            let tail = digits.len() - period;
            if digits[tail..].iter().all(Digit::is_zero) {
                digits.truncate(tail);
                period = 0;
            } else {
                let shortest = (1..=period)
                    .find(|&p| {
                        period % p == 0
                            && (tail..digits.len() - p).all(|k| digits[k] == digits[k + p])
                    })
                    .unwrap_or(period);
                digits.truncate(tail + shortest);
                period = shortest;
                // Start the repeat early while the digit before it repeats its last digit.
                while digits.len() - period > 1
                    && digits[digits.len() - period - 1] == digits[digits.len() - 1]
                {
                    digits.pop();
                }
            }
        }
        if period == 0 {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        General { digits, period }
    }
}

/// Reads one digit at `chars[*i]` (moving `*i` past it and its modifier): `0`-`9`, `A`-`Z`
/// (either case), `&N;`, `*`, or `{...}`. O(length of the digit).
fn read_digit(chars: &[char], i: &mut usize) -> Result<Digit, ParseError> {
    let column = *i + 1;
    let modifier = |at: usize| chars.get(at).copied().and_then(Constraint::of_char);
    let c = chars[*i];
    let digit = match c {
        '{' => {
            let close = (*i + 1..chars.len()).find(|&k| chars[k] == '}').ok_or((
                column,
                "expected '}' to close the generalised digit".to_string(),
            ))?;
            let global = modifier(close + 1);
            let inner = &chars[*i + 1..close];
            let (inner, more) = match inner.last() {
                Some('+') => (&inner[..inner.len() - 1], true),
                _ => (inner, false),
            };
            let mut counts: Vec<(u32, Constraint)> = Vec::new();
            let mut at = *i + 2;
            for token in inner.split(|&c| c == ',') {
                let (number, own) = match token.last().copied().and_then(Constraint::of_char) {
                    Some(c) => (&token[..token.len() - 1], Some(c)),
                    None => (token, None),
                };
                if own.is_some() && global.is_some() {
                    return Err((
                        at,
                        "a count has its own modifier and the digit one too".into(),
                    ));
                }
                let text: String = number.iter().collect();
                let r: u32 = text.parse().ok().filter(|&r| r <= MAX_LISTED_HEAPS).ok_or_else(|| {
                    (
                        at,
                        format!("expected a number of heaps from 0 to {MAX_LISTED_HEAPS}, found '{text}'"),
                    )
                })?;
                if counts.iter().any(|&(k, _)| k == r) {
                    return Err((at, format!("{r} heaps listed twice")));
                }
                counts.push((r, own.or(global).unwrap_or(Constraint::Free)));
                at += token.len() + 1;
            }
            *i = close + 1 + usize::from(global.is_some());
            let tail = if more {
                let largest = counts.iter().map(|&(r, _)| r).max().unwrap_or(0);
                let k = counts.iter().position(|&(r, _)| r == largest).unwrap_or(0);
                Some(counts.remove(k))
            } else {
                None
            };
            return Ok(Digit::normalised(counts, tail));
        }
        '*' => {
            *i += 1;
            Digit::normalised(Vec::new(), Some((0, Constraint::Free)))
        }
        '&' => {
            let end = (*i + 1..chars.len())
                .find(|&k| chars[k] == ';')
                .ok_or((column, "expected ';' to end the digit '&N;'".to_string()))?;
            let text: String = chars[*i + 1..end].iter().collect();
            let mask: u64 = text
                .parse()
                .ok()
                .filter(|&m: &u64| m < 1 << 63)
                .ok_or_else(|| {
                    (
                        column,
                        format!("expected a number below 2^63 in '&N;', found '{text}'"),
                    )
                })?;
            *i = end + 1;
            Digit::of_mask(mask, Constraint::Free)
        }
        _ => {
            let mask = c.to_digit(36).ok_or_else(|| {
                (
                    column,
                    format!(
                        "'{c}' is not a digit: expected 0-9 or A-Z (bit i: leave i heaps), \
                         '{{2,3}}', '{{2+}}', '&N;', '.', '[' or ']'"
                    ),
                )
            })?;
            *i += 1;
            Digit::of_mask(u64::from(mask), Constraint::Free)
        }
    };
    // A modifier after a plain digit applies to its every count.
    match modifier(*i) {
        Some(m) => {
            *i += 1;
            let counts = digit.counts.iter().map(|&(r, _)| (r, m)).collect();
            Ok(Digit::normalised(
                counts,
                digit.more.map(|(from, _)| (from, m)),
            ))
        }
        None => Ok(digit),
    }
}

impl fmt::Display for General {
    /// CGSuite's form: `0.[3]`, `4!.0`, `{2+}=.0`, `0.{1,2}7`. O(digits).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        let pre = self.digits.len() - self.period;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for d in &self.digits[1..pre] {
            write!(f, "{d}")?;
        }
        if self.period > 0 {
            f.write_str("[")?;
            for d in &self.digits[pre..] {
                write!(f, "{d}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// Calls `each` with every way (sizes increasing) of leaving `m` tokens as `r` heaps that
/// `c` admits, until `each` returns false; returns false then. Exponential in r: for play
/// and checks on small heaps, whose callers cap the listing.
fn partitions(m: u64, r: u32, c: Constraint, each: &mut dyn FnMut(&[u64]) -> bool) -> bool {
    fn go(
        rest: u64,
        left: u32,
        least: u64,
        c: Constraint,
        parts: &mut Vec<u64>,
        each: &mut dyn FnMut(&[u64]) -> bool,
    ) -> bool {
        if left == 0 {
            return rest != 0 || !c.admits(parts) || each(parts);
        }
        if left == 1 {
            if rest < least {
                return true;
            }
            parts.push(rest);
            let go_on = !c.admits(parts) || each(parts);
            parts.pop();
            return go_on;
        }
        let mut a = least;
        while a.saturating_mul(u64::from(left)) <= rest {
            if c == Constraint::AllEqual && !parts.is_empty() && a != parts[0] {
                break;
            }
            parts.push(a);
            let next = if c == Constraint::Unequal { a + 1 } else { a };
            let go_on = go(rest - a, left - 1, next, c, parts, each);
            parts.pop();
            if !go_on {
                return false;
            }
            a += 1;
        }
        true
    }
    if r == 0 {
        return m != 0 || each(&[]);
    }
    go(m, r, 1, c, &mut Vec::new(), each)
}

impl General {
    /// Calls `each` with the heaps every move from a heap of `heap` tokens leaves (sizes
    /// increasing), each option once, until `each` returns false; returns false then.
    /// Exponential where digits split into many heaps: callers cap the listing.
    pub fn options(&self, heap: u64, each: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let last = match self.max_removal() {
            Some(m) => (m as u64).min(heap),
            None => heap,
        };
        for j in 0..=last {
            let Some(d) = self.digit(j as usize) else {
                continue;
            };
            let m = heap - j;
            for &(r, c) in &d.counts {
                if !partitions(m, r, c, each) {
                    return false;
                }
            }
            if let Some((from, c)) = d.more {
                for r in u64::from(from)..=m {
                    if !partitions(m, r as u32, c, each) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// A table of bitsets of values: `row(r, s)` the values reachable by some split of s tokens
/// into r parts (or at least r, for the tails), W words each.
struct Table {
    rows: Vec<Vec<u64>>,
}

/// Every bit i of `v` moved to bit i ^ `x` (x below 64): swaps of blocks of 1 to 32 bits.
#[inline]
fn permute(mut v: u64, x: u16) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (b, m) in MASKS.iter().enumerate() {
        if x >> b & 1 != 0 {
            let k = 1 << b;
            v = ((v & m) << k) | ((v >> k) & m);
        }
    }
    v
}

/// `dst |= {v ^ x : v in src}`, both W words with W a power of two above x / 64. O(W).
#[inline]
fn or_xor(dst: &mut [u64], src: &[u64], x: u16) {
    let hi = usize::from(x >> 6);
    let lo = x & 63;
    for (w, &v) in src.iter().enumerate() {
        if v != 0 {
            dst[w ^ hi] |= permute(v, lo);
        }
    }
}

/// The tables a code's values need: which splits into how many parts, under which
/// condition. Each family is a chain (r parts from r - 1), so the largest count rules.
#[derive(Default)]
struct Needs {
    /// Exactly r parts, free: r up to this.
    free: u32,
    /// At least k parts, free: k up to this.
    free_more: u32,
    /// Exactly r parts, not all equal.
    not_equal: u32,
    /// At least k parts, not all equal.
    not_equal_more: u32,
    /// Exactly r distinct parts.
    distinct: u32,
    /// The tails of distinct parts: at least L.
    distinct_more: Vec<u32>,
}

impl Needs {
    fn of(code: &General) -> Needs {
        let mut n = Needs::default();
        for d in &code.digits {
            for &(r, c) in &d.counts {
                if r < 2 {
                    continue;
                }
                match c {
                    Constraint::Free => n.free = n.free.max(r),
                    Constraint::NotAllEqual => {
                        n.not_equal = n.not_equal.max(r);
                        n.free = n.free.max(r - 1);
                    }
                    Constraint::Unequal => n.distinct = n.distinct.max(r),
                    Constraint::AllEqual => {}
                }
            }
            if let Some((from, c)) = d.more {
                match c {
                    Constraint::Free => n.free_more = n.free_more.max(from),
                    Constraint::NotAllEqual => {
                        n.not_equal_more = n.not_equal_more.max(from);
                        n.free_more = n.free_more.max(from);
                    }
                    Constraint::Unequal => {
                        n.distinct = n.distinct.max(from - 1);
                        if !n.distinct_more.contains(&from) {
                            n.distinct_more.push(from);
                        }
                    }
                    Constraint::AllEqual => {}
                }
            }
        }
        n
    }

    /// How many rows the tables hold. O(1).
    fn rows(&self) -> u64 {
        let free = if self.free > 0 { self.free + 1 } else { 0 };
        let distinct = if self.distinct > 0 || !self.distinct_more.is_empty() {
            self.distinct + 1
        } else {
            0
        };
        let chains = self.free_more + 1 + self.not_equal + 1 + self.not_equal_more + 1;
        u64::from(free + chains + distinct) + self.distinct_more.len() as u64
    }
}

/// The values of every heap up to `n` of a general code, heap by heap. For each count r and
/// condition a table holds, for every s up to n, the set of values of the splits of s tokens
/// into r parts, built from the tables of r - 1 parts: O(n² · counts · W) time and
/// O(n · counts · W) words of memory (W the words of a bitset of values: 1 up to value 63),
/// both checked against `budget` (memory before allocating, the clock before each heap).
// The loops index g and the table rows by the same part size a: a range reads clearest.
#[allow(clippy::needless_range_loop)]
pub fn values_general(code: &General, n: usize, budget: &Budget) -> Result<Vec<u16>, ValuesError> {
    let needs = Needs::of(code);
    let bytes = |w: u64| {
        needs
            .rows()
            .saturating_mul(n as u64 + 1)
            .saturating_mul(w * 8)
            .saturating_add((n as u64 + 1) * 2)
    };
    budget.check_memory(bytes(1), WORK, 0)?;
    let mut w = 1usize;
    let new_table = |count: u32, w: usize| Table {
        rows: (0..count).map(|_| vec![0u64; (n + 1) * w]).collect(),
    };
    // Row r of each: exactly r (or at least r) parts; row 0 unused except for distinct.
    let mut free = new_table(if needs.free > 0 { needs.free + 1 } else { 0 }, w);
    let mut free_more = new_table(needs.free_more + 1, w);
    let mut not_equal = new_table(needs.not_equal + 1, w);
    let mut not_equal_more = new_table(needs.not_equal_more + 1, w);
    let with_distinct = needs.distinct > 0 || !needs.distinct_more.is_empty();
    let mut distinct = new_table(if with_distinct { needs.distinct + 1 } else { 0 }, w);
    let mut distinct_more = new_table(needs.distinct_more.len() as u32, w);
    if with_distinct {
        distinct.rows[0][0] = 1; // no part: sum 0, value 0
    }
    let mut g: Vec<u16> = Vec::with_capacity(n + 1);
    g.push(0);
    let mut acc = vec![0u64; w];
    let mut seen = vec![0u64; w];
    let last_removal = code.max_removal();
    for s in 1..=n {
        budget.check_time(WORK, s as u64)?;
        // Splits of s into two parts or more use heaps below s only.
        for r in 2..free.rows.len() {
            acc.fill(0);
            for a in 1..s {
                let x = s - a;
                or_xor(&mut acc, &free.rows[r - 1][x * w..(x + 1) * w], g[a]);
            }
            free.rows[r][s * w..(s + 1) * w].copy_from_slice(&acc);
        }
        for k in 2..free_more.rows.len() {
            acc.fill(0);
            for a in 1..s {
                or_xor(
                    &mut acc,
                    &free_more.rows[k - 1][(s - a) * w..(s - a + 1) * w],
                    g[a],
                );
            }
            free_more.rows[k][s * w..(s + 1) * w].copy_from_slice(&acc);
        }
        for r in 2..not_equal.rows.len() {
            acc.fill(0);
            for a in 1..s {
                let x = s - a;
                let src = if r * a == s {
                    &not_equal.rows[r - 1][x * w..(x + 1) * w]
                } else {
                    &free.rows[r - 1][x * w..(x + 1) * w]
                };
                or_xor(&mut acc, src, g[a]);
            }
            not_equal.rows[r][s * w..(s + 1) * w].copy_from_slice(&acc);
        }
        for k in 1..not_equal_more.rows.len() {
            // Not all equal, at least k parts: a part a and at least k' = max(k - 1, 1) more,
            // those not all equal to a (every other multiset of them will do).
            let k1 = (k - 1).max(1);
            acc.fill(0);
            for a in 1..s {
                let x = s - a;
                if s % a == 0 && s / a > k1 {
                    // Those k' or more: not all equal, or all equal to some b other than a.
                    or_xor(&mut acc, &not_equal_more.rows[k1][x * w..(x + 1) * w], g[a]);
                    for b in (1..=x / k1).filter(|&b| b != a && x % b == 0) {
                        let c = x / b;
                        mark(&mut acc, g[a] ^ if c % 2 == 1 { g[b] } else { 0 });
                    }
                } else {
                    or_xor(&mut acc, &free_more.rows[k1][x * w..(x + 1) * w], g[a]);
                }
            }
            not_equal_more.rows[k][s * w..(s + 1) * w].copy_from_slice(&acc);
        }
        // The value of heap s: every move.
        seen.fill(0);
        let last = last_removal.map_or(s, |m| m.min(s));
        for j in 0..=last {
            let Some(d) = code.digit(j) else {
                continue;
            };
            let m = s - j;
            let at = m * w..(m + 1) * w;
            for &(r, c) in &d.counts {
                match (r, c) {
                    (0, _) => {
                        if m == 0 {
                            seen[0] |= 1;
                        }
                    }
                    (1, _) => {
                        if m >= 1 {
                            mark(&mut seen, g[m]);
                        }
                    }
                    (r, Constraint::Free) => {
                        or_xor(&mut seen, &free.rows[r as usize][at.clone()], 0)
                    }
                    (r, Constraint::NotAllEqual) => {
                        or_xor(&mut seen, &not_equal.rows[r as usize][at.clone()], 0)
                    }
                    (r, Constraint::Unequal) => {
                        or_xor(&mut seen, &distinct.rows[r as usize][at.clone()], 0)
                    }
                    (r, Constraint::AllEqual) => {
                        let r = r as usize;
                        if m >= r && m % r == 0 {
                            mark(&mut seen, if r % 2 == 1 { g[m / r] } else { 0 });
                        }
                    }
                }
            }
            if let Some((from, c)) = d.more {
                let from = from as usize;
                match c {
                    Constraint::Free => or_xor(&mut seen, &free_more.rows[from][at.clone()], 0),
                    Constraint::NotAllEqual => {
                        or_xor(&mut seen, &not_equal_more.rows[from][at.clone()], 0)
                    }
                    Constraint::Unequal => {
                        let i = needs.distinct_more.iter().position(|&l| l as usize == from);
                        if let Some(i) = i {
                            or_xor(&mut seen, &distinct_more.rows[i][at.clone()], 0);
                        }
                    }
                    Constraint::AllEqual => {
                        // Each divisor r of m from `from` up: r heaps of m / r. O(sqrt m).
                        let mut d = 1;
                        while d * d <= m {
                            if m % d == 0 {
                                for r in [d, m / d] {
                                    if r >= from {
                                        mark(&mut seen, if r % 2 == 1 { g[m / r] } else { 0 });
                                    }
                                }
                            }
                            d += 1;
                        }
                    }
                }
            }
        }
        let v = mex_of_bits(&seen);
        if v >= MAX_VALUE {
            return Err(ValuesError::ValueTooLarge { heap: s });
        }
        let v = v as u16;
        g.push(v);
        if usize::from(v) >= 64 * w {
            // Wider bitsets: every table row copied into the low words of a wider one.
            let wider = (usize::from(v) + 1).div_ceil(64).next_power_of_two();
            budget.check_memory(bytes(wider as u64), WORK, s as u64)?;
            for t in [
                &mut free,
                &mut free_more,
                &mut not_equal,
                &mut not_equal_more,
                &mut distinct,
                &mut distinct_more,
            ] {
                for r in &mut t.rows {
                    let mut grown = vec![0u64; (n + 1) * wider];
                    for x in 0..=n {
                        grown[x * wider..x * wider + w].copy_from_slice(&r[x * w..(x + 1) * w]);
                    }
                    *r = grown;
                }
            }
            w = wider;
            acc = vec![0u64; w];
            seen = vec![0u64; w];
        }
        // Splits with a part of s: one part, at least one part, and s as an item of the
        // distinct-part sums (each size used once: sums from the top down).
        if free.rows.len() > 1 {
            mark(&mut free.rows[1][s * w..(s + 1) * w], v);
        }
        if free_more.rows.len() > 1 {
            acc.fill(0);
            mark(&mut acc, v);
            for a in 1..s {
                or_xor(
                    &mut acc,
                    &free_more.rows[1][(s - a) * w..(s - a + 1) * w],
                    g[a],
                );
            }
            free_more.rows[1][s * w..(s + 1) * w].copy_from_slice(&acc);
        }
        if with_distinct {
            for x in (s..=n).rev() {
                let from = (x - s) * w..(x - s + 1) * w;
                for (i, &l) in needs.distinct_more.iter().enumerate() {
                    acc.fill(0);
                    or_xor(&mut acc, &distinct_more.rows[i][from.clone()], 0);
                    or_xor(&mut acc, &distinct.rows[l as usize - 1][from.clone()], 0);
                    let dst = &mut distinct_more.rows[i][x * w..(x + 1) * w];
                    or_xor(dst, &acc, v);
                }
                for r in (1..distinct.rows.len()).rev() {
                    acc.copy_from_slice(&distinct.rows[r - 1][from.clone()]);
                    or_xor(&mut distinct.rows[r][x * w..(x + 1) * w], &acc, v);
                }
            }
        }
    }
    Ok(g)
}

/// Sets bit `v` of a bitset wide enough. O(1).
#[inline]
fn mark(bits: &mut [u64], v: u16) {
    bits[usize::from(v) / 64] |= 1 << (v % 64);
}
