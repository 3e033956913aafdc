//! What the rulesets on pairs of numbers share: the cakes of Cutcake, Eatcake, Maundy Cake and
//! Turn-and-Eatcake (`8x3 2x2`), and Partizan Euclid's pairs (`9,6`), read by one reader
//! ([`read_pairs`]) and written back by one writer ([`show_pairs`]).

use super::BoardError;

/// The longest side of a cake read: a cake's canonical form costs about side³ sums.
pub const MAX_SIDE: u16 = 1000;

/// The most cakes (or pairs) a position holds, as the board rulesets hold at most 128 cells.
pub const MAX_CAKES: usize = 128;

/// A position: cakes (or pairs), each `(m, n)`, in the order they were written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cakes(pub Vec<(u16, u16)>);

/// How a ruleset writes its pairs: the characters read between the two numbers (the first
/// is written), what a pair is called in errors, an example, and the largest number read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairNotation {
    /// The characters between the numbers, the first the one written: `['x', 'X', '×']`.
    pub between: &'static [char],
    /// What a pair is, in errors: `a cake MxN`.
    pub what: &'static str,
    /// A pair as written: `8x3`.
    pub example: &'static str,
    /// The largest number read.
    pub max: u16,
}

/// Cakes `MxN` (`x`, `X` or `×` between the sides), sides from 0 to [`MAX_SIDE`].
pub const CAKE: PairNotation = PairNotation {
    between: &['x', 'X', '×'],
    what: "a cake MxN",
    example: "8x3",
    max: MAX_SIDE,
};

/// Reads pairs written as `notation` says, separated by spaces or `+` (a pair may be put in
/// parentheses: `(9,6)`), at most [`MAX_CAKES`] of them and at least one, or `0` for none
/// (the sum with every cake eaten); an error names the column of the pair that could not
/// be read. O(length).
pub fn read_pairs(text: &str, notation: &PairNotation) -> Result<Cakes, BoardError> {
    let PairNotation {
        between,
        what,
        example,
        max,
    } = *notation;
    let mut pairs = Vec::new();
    let mut column = 1;
    for word in text.split_inclusive(|c: char| c.is_whitespace() || c == '+') {
        let at = column;
        column += word.chars().count();
        let word = word.trim_end_matches(|c: char| c.is_whitespace() || c == '+');
        // `0` alone is the empty sum, as a position with every cake eaten is written.
        if word.is_empty() || word == "0" {
            continue;
        }
        if pairs.len() == MAX_CAKES {
            return Err(BoardError::at(
                1,
                at,
                format!("more than {MAX_CAKES} in a sum, the most this ruleset plays"),
            ));
        }
        let expected = || {
            BoardError::at(
                1,
                at,
                format!("expected {what} ({example}), each from 0 to {max}, found {word:?}"),
            )
        };
        let bare = word
            .strip_prefix('(')
            .and_then(|w| w.strip_suffix(')'))
            .unwrap_or(word);
        let (m, n) = bare.split_once(between).ok_or_else(expected)?;
        let number = |s: &str| s.parse::<u16>().ok().filter(|&s| s <= max);
        match (number(m), number(n)) {
            (Some(m), Some(n)) => pairs.push((m, n)),
            _ => return Err(expected()),
        }
    }
    if pairs.is_empty() && text.trim() != "0" {
        return Err(BoardError::at(
            1,
            1,
            format!("expected {what} ({example}), found nothing"),
        ));
    }
    Ok(Cakes(pairs))
}

/// The pairs as [`read_pairs`] reads them, separated by spaces; `0` for none. O(pairs).
pub fn show_pairs(p: &Cakes, notation: &PairNotation) -> String {
    if p.0.is_empty() {
        return "0".to_string();
    }
    let between = notation.between[0];
    let pairs: Vec<String> =
        p.0.iter()
            .map(|(m, n)| format!("{m}{between}{n}"))
            .collect();
    pairs.join(" ")
}

/// Each cake (or pair) of `p` with its place (from 0), a cake equal to one before it left
/// out: an equal cake's moves lead to the same games. O(cakes²).
pub fn distinct(p: &Cakes) -> impl Iterator<Item = (usize, (u16, u16))> + '_ {
    let cakes = &p.0;
    (0..cakes.len())
        .filter(move |&i| !cakes[..i].contains(&cakes[i]))
        .map(move |i| (i, cakes[i]))
}

/// Each cake of `p` with a side of 2 or more, alone: the regions of the rulesets that cut
/// a cake into pieces (a cake with no side of 2 has no cut). O(cakes).
pub fn cuttable(p: &Cakes, out: &mut Vec<Cakes>) {
    for &(m, n) in p.0.iter().filter(|&&(m, n)| m >= 2 || n >= 2) {
        out.push(Cakes(vec![(m, n)]));
    }
}

/// The cakes of `p` after the cake at `i` (from 0) is replaced by `pieces`. O(cakes + pieces).
pub fn replaced(p: &Cakes, i: usize, pieces: &[(u16, u16)]) -> Cakes {
    let mut next = Vec::with_capacity(p.0.len() + pieces.len());
    next.extend_from_slice(&p.0[..i]);
    next.extend_from_slice(pieces);
    next.extend_from_slice(&p.0[i + 1..]);
    Cakes(next)
}

/// The bytes a position holds on the heap.
pub fn cake_bytes(p: &Cakes) -> usize {
    p.0.capacity() * std::mem::size_of::<(u16, u16)>()
}
