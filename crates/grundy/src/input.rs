//! Reading what users type: whole numbers, lists, ranges and ratios, with one wording of
//! errors everywhere (the command line, and later the Python package and the web page).
//!
//! Every error says where (`pile 2`, `--set`, `<stdin>:3`), what was read, and what was
//! expected: `pile 2: '-3' is not a pile size (expected a whole number from 0 to
//! 18446744073709551615)`. Surrounding white space is ignored. A number is checked against
//! its bounds before anything is done with it, so no input allocates in proportion to a number
//! it holds. Each function is O(length of the text).

use std::fmt;

use crate::math::ratio::{Ratio, RatioError};

/// Why a user's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// A value is not of the kind expected.
    #[error("{place}: '{text}' is not {noun} (expected {expected})")]
    Malformed {
        /// Where it was: an argument (`pile 2`), an option (`--set`), a file and line.
        place: String,
        /// What was read.
        text: String,
        /// What it should have been, with an article: `a pile size`.
        noun: String,
        /// The form expected: `a whole number from 0 to 18446744073709551615`.
        expected: String,
    },
    /// A value of the right kind that the rules do not allow, or a value missing.
    #[error("{place}: {message}")]
    Invalid {
        /// Where it was.
        place: String,
        /// What is wrong.
        message: String,
    },
    /// Arguments missing or given together that exclude each other.
    #[error("{0}")]
    Usage(String),
}

impl InputError {
    /// A value the rules do not allow, at `place`.
    pub fn invalid(place: impl fmt::Display, message: impl fmt::Display) -> InputError {
        InputError::Invalid {
            place: place.to_string(),
            message: message.to_string(),
        }
    }

    /// Arguments missing, or given together that exclude each other.
    pub fn usage(message: impl fmt::Display) -> InputError {
        InputError::Usage(message.to_string())
    }

    /// The same error placed further in: `<stdin>:3` then `k`, as `<stdin>:3: k: ...`.
    pub fn within(self, outer: &str) -> InputError {
        match self {
            InputError::Malformed {
                place,
                text,
                noun,
                expected,
            } => InputError::Malformed {
                place: format!("{outer}: {place}"),
                text,
                noun,
                expected,
            },
            InputError::Invalid { place, message } => InputError::Invalid {
                place: format!("{outer}: {place}"),
                message,
            },
            InputError::Usage(message) => InputError::Invalid {
                place: outer.to_string(),
                message,
            },
        }
    }
}

/// The byte-order mark (U+FEFF) that some editors write at the start of a UTF-8 file.
pub const BOM: &str = "\u{feff}";

/// The text without one leading byte-order mark (U+FEFF), which some editors write at the
/// start of UTF-8 files; a mark further in is left for the reader to refuse. Readers of files
/// and standard input call it (or [`without_bom_bytes`]) before anything else, so that the
/// columns in their messages count from 1 after the mark. O(1).
///
/// ```
/// use grundy::input::without_bom;
/// assert_eq!(without_bom("\u{feff}3 4\n"), "3 4\n");
/// assert_eq!(without_bom("\u{feff}\u{feff}3"), "\u{feff}3");
/// assert_eq!(without_bom("3\u{feff}"), "3\u{feff}");
/// ```
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix(BOM).unwrap_or(text)
}

/// The bytes without one leading UTF-8 byte-order mark (`EF BB BF`): [`without_bom`] for
/// readers of bytes. O(1).
///
/// ```
/// use grundy::input::without_bom_bytes;
/// assert_eq!(without_bom_bytes(b"\xef\xbb\xbf1\n2 3\n"), b"1\n2 3\n");
/// assert_eq!(without_bom_bytes(b"\xef\xbb"), b"\xef\xbb");
/// ```
pub fn without_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM.as_bytes()).unwrap_or(bytes)
}

/// A whole number from `min` to 2^64 − 1, named `noun` in messages (`a pile size`).
///
/// ```
/// use grundy::input::whole;
/// assert_eq!(whole("pile 1", " 42 ", "a pile size", 0), Ok(42));
/// let error = whole("pile 2", "-3", "a pile size", 0).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "pile 2: '-3' is not a pile size (expected a whole number from 0 to 18446744073709551615)"
/// );
/// ```
pub fn whole(place: &str, text: &str, noun: &str, min: u64) -> Result<u64, InputError> {
    whole_up_to(place, text, noun, min, u64::MAX)
}

/// A whole number from `min` to `max`, named `noun` in messages.
pub fn whole_up_to(
    place: &str,
    text: &str,
    noun: &str,
    min: u64,
    max: u64,
) -> Result<u64, InputError> {
    match text.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(InputError::Malformed {
            place: place.to_string(),
            text: text.to_string(),
            noun: noun.to_string(),
            expected: format!("a whole number from {min} to {max}"),
        }),
    }
}

/// An amount of memory or disk: a whole number of bytes, or of KiB, MiB, GiB or TiB with the
/// suffix `K`, `M`, `G` or `T` (`8G`, `512M`; a `B` or `iB` after it is allowed).
///
/// ```
/// use grundy::input::bytes;
/// assert_eq!(bytes("--memory", "8G"), Ok(8 << 30));
/// assert_eq!(bytes("--memory", "512MiB"), Ok(512 << 20));
/// assert_eq!(bytes("--memory", "1000"), Ok(1000));
/// let error = bytes("--memory", "8 gigs").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "--memory: '8 gigs' is not an amount of memory (expected a whole number of bytes, or \
///      with a suffix K, M, G or T: 8G, 512M)"
/// );
/// ```
pub fn bytes(place: &str, text: &str) -> Result<u64, InputError> {
    let trimmed = text.trim();
    let unit = trimmed.trim_end_matches("iB").trim_end_matches('B');
    let (digits, shift) = match unit.char_indices().last() {
        Some((at, 'K' | 'k')) => (&unit[..at], 10),
        Some((at, 'M' | 'm')) => (&unit[..at], 20),
        Some((at, 'G' | 'g')) => (&unit[..at], 30),
        Some((at, 'T' | 't')) => (&unit[..at], 40),
        _ => (unit, 0),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| InputError::Malformed {
            place: place.to_string(),
            text: text.to_string(),
            noun: "an amount of memory".to_string(),
            expected: "a whole number of bytes, or with a suffix K, M, G or T: 8G, 512M"
                .to_string(),
        })
}

/// A whole number from `min` to 2^128 − 1 (thresholds beyond 64 bits).
pub fn whole_u128(place: &str, text: &str, noun: &str, min: u128) -> Result<u128, InputError> {
    match text.trim().parse::<u128>() {
        Ok(n) if n >= min => Ok(n),
        _ => Err(InputError::Malformed {
            place: place.to_string(),
            text: text.to_string(),
            noun: noun.to_string(),
            expected: format!("a whole number from {min} to {}", u128::MAX),
        }),
    }
}

/// Whole numbers given one per argument, placed as `{what} 1`, `{what} 2`, ... in messages.
///
/// ```
/// use grundy::input::each_whole;
/// let piles = ["3".to_string(), "4".to_string()];
/// assert_eq!(each_whole("pile", &piles, "a pile size", 0), Ok(vec![3, 4]));
/// ```
pub fn each_whole(
    what: &str,
    texts: &[String],
    noun: &str,
    min: u64,
) -> Result<Vec<u64>, InputError> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| whole(&format!("{what} {}", i + 1), text, noun, min))
        .collect()
}

/// A comma-separated list of whole numbers (`1,3,4`); white space around each is ignored and
/// the empty text is the empty list.
///
/// ```
/// use grundy::input::list;
/// assert_eq!(list("--set", "1, 3,4", "an amount", 1), Ok(vec![1, 3, 4]));
/// assert_eq!(list("queue 1", "", "a value", 0), Ok(vec![]));
/// assert!(list("--set", "1,,2", "an amount", 1).is_err());
/// ```
pub fn list(place: &str, text: &str, noun: &str, min: u64) -> Result<Vec<u64>, InputError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|t| whole(place, t, noun, min))
        .collect()
}

/// A comma-separated pair of whole numbers, `L,R`.
pub fn pair(place: &str, text: &str, noun: &str, min: u64) -> Result<(u64, u64), InputError> {
    match list(place, text, noun, min)?[..] {
        [l, r] => Ok((l, r)),
        _ => Err(InputError::Malformed {
            place: place.to_string(),
            text: text.to_string(),
            noun: "a pair".to_string(),
            expected: "L,R: two whole numbers and a comma".to_string(),
        }),
    }
}

/// A range of whole numbers `A..B` or `A..=B` (both ends included), or `N` for `0..N`, with
/// A ≤ B.
///
/// ```
/// use grundy::input::range;
/// assert_eq!(range("--n", "3..7"), Ok((3, 7)));
/// assert_eq!(range("--n", "9"), Ok((0, 9)));
/// assert!(range("--n", "7..3").is_err());
/// ```
pub fn range(place: &str, text: &str) -> Result<(u64, u64), InputError> {
    let number = |part: &str| whole(place, part, "a bound of the range", 0);
    let (first, last) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.strip_prefix('=').unwrap_or(b))?),
        None => (0, number(text)?),
    };
    if first > last {
        return Err(InputError::invalid(
            place,
            format!("the range {first}..{last} is empty: write FIRST..LAST with FIRST ≤ LAST"),
        ));
    }
    Ok((first, last))
}

/// An exact ratio `a`, `a/b` or a decimal `a.b` (see [`Ratio`]).
pub fn ratio(place: &str, text: &str) -> Result<Ratio, InputError> {
    text.trim().parse::<Ratio>().map_err(|e| {
        let expected = match e {
            RatioError::TooLarge(_) => "a numerator and a denominator below 2^64",
            RatioError::ZeroDenominator(_) => "a denominator other than 0",
            RatioError::Malformed(_) => "an integer, a fraction a/b or a decimal a.b",
        };
        InputError::Malformed {
            place: place.to_string(),
            text: text.to_string(),
            noun: "a ratio".to_string(),
            expected: expected.to_string(),
        }
    })
}

/// The whitespace-separated words of a text read from a file or standard input, each with
/// its line for messages (`piles.txt:3`), read in order: the input of contest problems
/// (`n`, then n numbers...).
#[derive(Debug, Clone)]
pub struct Words<'t> {
    origin: &'t str,
    words: Vec<(usize, &'t str)>,
    next: usize,
}

impl<'t> Words<'t> {
    /// The words of `text`, which came from `origin` (a path, or `<stdin>`).
    pub fn new(origin: &'t str, text: &'t str) -> Words<'t> {
        let words = text
            .lines()
            .enumerate()
            .flat_map(|(i, line)| line.split_whitespace().map(move |w| (i + 1, w)))
            .collect();
        Words {
            origin,
            words,
            next: 0,
        }
    }

    /// The next word and its place, or an error naming `what` was expected at the end.
    pub fn word(&mut self, what: &str) -> Result<(String, &'t str), InputError> {
        let Some(&(line, word)) = self.words.get(self.next) else {
            return Err(InputError::invalid(
                self.origin,
                format!("expected {what}, found the end of the input"),
            ));
        };
        self.next += 1;
        Ok((format!("{}:{line}", self.origin), word))
    }

    /// The next word as a whole number from `min`, named `noun`.
    pub fn whole(&mut self, noun: &str, min: u64) -> Result<u64, InputError> {
        let (place, word) = self.word(noun)?;
        whole(&place, word, noun, min)
    }

    /// A count, then that many whole numbers named `noun`. The count is not trusted for an
    /// allocation: the numbers are read one by one.
    pub fn counted(&mut self, noun: &str, min: u64) -> Result<Vec<u64>, InputError> {
        let n = self.whole("a count", 0)?;
        let mut values = Vec::new();
        for _ in 0..n {
            values.push(self.whole(noun, min)?);
        }
        Ok(values)
    }

    /// Fails if a word is left.
    pub fn finish(&self) -> Result<(), InputError> {
        match self.words.get(self.next) {
            Some(&(line, word)) => Err(InputError::invalid(
                format!("{}:{line}", self.origin),
                format!("unexpected '{word}' after the last value expected"),
            )),
            None => Ok(()),
        }
    }
}

/// The names among `candidates` nearest to `word`, nearest first, at most `most`: those a
/// few edits away (a third of the word's length, at least one; an edit inserts, deletes or
/// changes a character, or swaps two adjacent ones, so that `nmi` is one edit from `nim`),
/// and those the word begins (`domin`, of `domineering`) as if one edit away. Case is
/// ignored; ties keep the candidates' order, and a name given twice counts once. What the
/// front ends suggest for a name they do not know. O(candidates × length²).
///
/// ```
/// use grundy::input::nearest;
///
/// let names = ["dynamic-subtraction", "nimber", "nim", "nim-k", "wythoff"];
/// assert_eq!(nearest("nmi", names, 3), ["nim"]);
/// assert_eq!(nearest("nimk", names, 3), ["nim", "nim-k"]);
/// assert_eq!(nearest("domin", ["domineering", "cram"], 3), ["domineering"]);
/// assert!(nearest("port", ["format", "listen"], 3).is_empty());
/// ```
pub fn nearest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    most: usize,
) -> Vec<&'a str> {
    let word: Vec<char> = word.to_lowercase().chars().collect();
    let within = (word.len() / 3).max(1);
    let mut ranked: Vec<(usize, usize, &'a str)> = Vec::new();
    for (order, name) in candidates.into_iter().enumerate() {
        if ranked.iter().any(|&(_, _, n)| n == name) {
            continue;
        }
        let lower: Vec<char> = name.to_lowercase().chars().collect();
        let mut distance = edit_distance(&word, &lower);
        if word.len() >= 3 && lower.starts_with(&word) {
            distance = distance.min(1);
        }
        if distance <= within {
            ranked.push((distance, order, name));
        }
    }
    ranked.sort_unstable();
    ranked.into_iter().take(most).map(|(_, _, n)| n).collect()
}

/// `did you mean 'nim'?`, or `did you mean 'nim', 'nim-k' or 'nimber'?`, for the names
/// [`nearest`] found; `None` when it found none. O(names).
pub fn did_you_mean(names: &[&str]) -> Option<String> {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.as_slice() {
        [] => None,
        [one] => Some(format!("did you mean {one}?")),
        [rest @ .., last] => Some(format!("did you mean {} or {last}?", rest.join(", "))),
    }
}

/// The edits from `a` to `b`: insertions, deletions, changes and swaps of two adjacent
/// characters (the optimal string alignment distance). O(|a| × |b|).
fn edit_distance(a: &[char], b: &[char]) -> usize {
    // Three rows of the table: two back (for swaps), the last, and the one being filled.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        std::mem::swap(&mut before, &mut last);
        std::mem::swap(&mut last, &mut row);
    }
    last[b.len()]
}
