//! Turning codes (CGSuite's `Spawning(code)` and `Turning(code)`): which sets of coins a move
//! may turn, written as counts of coins with modifiers, and the sixteen names of Winning Ways
//! that stand for codes. Parsing only: `spawning.rs` values the heads.

use std::fmt;

/// The most elements (comma-separated parts) a code may have: the code is kept inline, so
/// that a rule stays `Copy`; codes of the literature have one.
pub const MAX_CODE_ELEMENTS: usize = 8;

/// The largest count of coins or span a code may name: counts above it mean nothing on any
/// row that can be valued.
pub const MAX_CODE_COUNT: u32 = 1 << 20;

/// The names of Winning Ways that stand for turning codes (CGSuite's `Turning` table), as
/// lower-case words joined by `-`, with their codes and their names as written.
pub const TURNING_NAMES: &[(&str, &str, &str)] = &[
    ("turning-turtles", "1-2", "Turning Turtles"),
    ("mock-turtles", "1-3", "Mock Turtles"),
    ("moebius", "1-5", "Moebius"),
    ("mogul", "1-7", "Mogul"),
    ("moidores", "1-9", "Moidores"),
    ("motley", "1+", "Motley"),
    ("twins", "2", "Twins"),
    ("triplets", "3", "Triplets"),
    ("ruler", "1+C", "Ruler"),
    ("mock-turtle-fives", "1-3C(5)", "Mock Turtle Fives"),
    ("triplet-fives", "3C(5)", "Triplet Fives"),
    ("ruler-fives", "1-5C", "Ruler Fives"),
    ("turnips", "3E", "Turnips"),
    ("grunt", "4FS", "Grunt"),
    ("sym", "1+S", "Sym"),
    ("sympler", "1+FS", "Sympler"),
];

/// How the coins of a move must lie.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Spacing {
    /// Anywhere (no modifier).
    #[default]
    Any,
    /// Consecutive (`C`).
    Consecutive,
    /// Equally spaced (`E`).
    Equal,
    /// Symmetric about the midpoint of the leftmost and the rightmost coin turned (`S`).
    Symmetric,
}

/// One element of a code: a move may turn `min..=max` coins (the head included), lying as
/// `spacing` says, within the `span` coins ending at the head, and with `first` coin 1 among
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Element {
    /// The fewest coins turned (at least 1).
    pub min: u32,
    /// The most coins turned; `None` for no bound (`a+`).
    pub max: Option<u32>,
    /// How the coins lie.
    pub spacing: Spacing,
    /// `F`: coin 1 must be turned (see `docs/coins.md` for CGSuite's reading of a move of one
    /// coin).
    pub first: bool,
    /// `C(s)`: every coin turned is among the `s` coins ending at the head.
    pub span: Option<u32>,
}

/// A turning code: moves by any of its elements (`1-3C(5)`, `2-3,6C`). `Copy`: at most
/// [`MAX_CODE_ELEMENTS`] elements, kept inline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TurningCode {
    elements: [Element; MAX_CODE_ELEMENTS],
    len: u8,
}

/// A name as [`TURNING_NAMES`] writes it: lower case, words joined by `-`.
fn name_key(name: &str) -> String {
    let words = name
        .split([' ', '-', '_'])
        .filter(|w| !w.is_empty())
        .map(|w| w.replace(['\'', '’'], "").to_ascii_lowercase());
    words.collect::<Vec<_>>().join("-")
}

impl TurningCode {
    /// The elements.
    pub fn elements(&self) -> &[Element] {
        &self.elements[..usize::from(self.len)]
    }

    /// The code a name of [`TURNING_NAMES`] stands for (any case, spaces or `-` between
    /// words), or `None`. O(length).
    pub fn named(name: &str) -> Option<TurningCode> {
        let key = name_key(name);
        let (_, code, _) = TURNING_NAMES.iter().find(|(n, _, _)| *n == key)?;
        TurningCode::parse(code).ok()
    }

    /// The name of the literature this code has, if any: `Turnips` for `3E`. O(names).
    pub fn known_name(&self) -> Option<&'static str> {
        (TURNING_NAMES.iter())
            .find(|(_, code, _)| TurningCode::parse(code).as_ref() == Ok(self))
            .map(|(_, _, name)| *name)
    }

    /// Reads a code in CGSuite's grammar, in any case: comma-separated elements, each a count
    /// of coins (`3`), a range (`1-3`) or an open range (`1+`), then modifiers `C`
    /// (consecutive), `E` (equally spaced), `S` (symmetric), `F` (coin 1 turned), `C(s)`
    /// (within the s coins ending at the head). Counts are from 1 to [`MAX_CODE_COUNT`]; an
    /// element has at most one of C, E, S. The error is the column (from 1) and what is
    /// wrong. O(length).
    ///
    /// ```
    /// use grundy_catalogue::games::coins::TurningCode;
    /// let code = TurningCode::parse("1-3c(5)").unwrap();
    /// assert_eq!(code.to_string(), "1-3C(5)");
    /// assert_eq!(TurningCode::parse("3-1").unwrap_err().0, 1);
    /// ```
    pub fn parse(text: &str) -> Result<TurningCode, (usize, String)> {
        let mut code = TurningCode {
            elements: [Element::default(); MAX_CODE_ELEMENTS],
            len: 0,
        };
        let mut column = 1;
        for part in text.split(',') {
            if usize::from(code.len) == MAX_CODE_ELEMENTS {
                return Err((
                    column,
                    format!("a code has at most {MAX_CODE_ELEMENTS} elements"),
                ));
            }
            code.elements[usize::from(code.len)] = parse_element(part, column)?;
            code.len += 1;
            column += part.chars().count() + 1;
        }
        Ok(code)
    }
}

/// A count from 1 to [`MAX_CODE_COUNT`] at `column`.
fn count(text: &str, column: usize, what: &str) -> Result<u32, (usize, String)> {
    let n: u64 = text
        .parse()
        .map_err(|_| (column, format!("expected {what}, found '{text}'")))?;
    if !(1..=u64::from(MAX_CODE_COUNT)).contains(&n) {
        return Err((
            column,
            format!("{what} is from 1 to {MAX_CODE_COUNT}, found {n}"),
        ));
    }
    Ok(n as u32)
}

/// One element starting at `column`.
fn parse_element(part: &str, column: usize) -> Result<Element, (usize, String)> {
    let chars: Vec<char> = part.chars().collect();
    let end = chars
        .iter()
        .position(|c| !(c.is_ascii_digit() || *c == '+' || *c == '-'))
        .unwrap_or(chars.len());
    let range: String = chars[..end].iter().collect();
    if range.is_empty() {
        return Err((
            column,
            "expected a count of coins (3), a range (1-3) or an open range (1+)".to_string(),
        ));
    }
    let coins = "a count of coins";
    let (min, max) = if let Some(a) = range.strip_suffix('+') {
        (count(a, column, coins)?, None)
    } else if let Some((a, b)) = range.split_once('-') {
        let (lo, hi) = (
            count(a, column, coins)?,
            count(b, column + a.len() + 1, coins)?,
        );
        if lo > hi {
            return Err((column, format!("the range {lo}-{hi} is empty")));
        }
        (lo, Some(hi))
    } else {
        let n = count(&range, column, coins)?;
        (n, Some(n))
    };
    let mut element = Element {
        min,
        max,
        ..Element::default()
    };
    let mut i = end;
    while i < chars.len() {
        let at = column + i;
        let spacing = match chars[i].to_ascii_uppercase() {
            'C' if chars.get(i + 1) == Some(&'(') => {
                let close = (i + 2..chars.len())
                    .find(|&j| chars[j] == ')')
                    .ok_or((at + 1, "'(' is never closed".to_string()))?;
                let inner: String = chars[i + 2..close].iter().collect();
                element.span = Some(count(&inner, at + 2, "a span of coins")?);
                i = close + 1;
                continue;
            }
            'C' => Spacing::Consecutive,
            'E' => Spacing::Equal,
            'S' => Spacing::Symmetric,
            'F' => {
                element.first = true;
                i += 1;
                continue;
            }
            c => {
                return Err((
                    at,
                    format!("'{c}' is not a modifier: expected C, E, S, F or C(s)"),
                ))
            }
        };
        if element.spacing != Spacing::Any && element.spacing != spacing {
            return Err((at, "an element has at most one of C, E and S".to_string()));
        }
        element.spacing = spacing;
        i += 1;
    }
    Ok(element)
}

impl fmt::Display for Element {
    /// The element in CGSuite's grammar, modifiers in the order F, C/E/S, C(s): `1-3C(5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            None => write!(f, "{}+", self.min)?,
            Some(max) if max == self.min => write!(f, "{max}")?,
            Some(max) => write!(f, "{}-{max}", self.min)?,
        }
        if self.first {
            f.write_str("F")?;
        }
        f.write_str(match self.spacing {
            Spacing::Any => "",
            Spacing::Consecutive => "C",
            Spacing::Equal => "E",
            Spacing::Symmetric => "S",
        })?;
        match self.span {
            Some(s) => write!(f, "C({s})"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for TurningCode {
    /// The elements joined by commas: `2-3,6C`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.elements().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}
