//! The partizan heap games of CGSuite's `game.heap`: a position is a sum of heaps of tokens,
//! and each player moves on one heap by a take-and-break rule of their own.
//!
//! * **Partizan Subtraction** (`PartizanSubtraction(L, R)`): Left removes a number of tokens
//!   in `L` from a heap, Right a number in `R`.
//! * **Partizan Splittles** (`PartizanSplittles(L, R)`): as Partizan Subtraction, and the
//!   tokens left may also be split into two non-empty heaps (Splittles, code `0.7…7` with a 7
//!   for each number in the set).
//! * **Partizan Take-and-Break** (`PartizanTakeAndBreak(left, right)`): Left moves by the
//!   take-and-break code `left`, Right by `right` (codes as
//!   [`Rule::parse`](crate::impartial::octal::Rule::parse) reads them: `0.07`, `4.07`,
//!   `kayles`, `splittles:1,3`, `grundy`).
//!
//! With `allbut` (Partizan Subtraction and Splittles), each player removes any positive
//! number *not* in their set, as CGSuite's `allbut => true`.
//!
//! A take-and-break rule says, for each number `j` of tokens removed, a digit whose bits say
//! what may be left: 1, nothing (`j` was the whole heap); 2, one non-empty heap; 4, two; 8,
//! three ([`HeapRule`]).
//!
//! **Regions.** Each heap is a game of its own; a heap where neither player can move is left
//! out. A heap of `n` tokens reaches the heaps below it, each with O(`n`) moves to one heap
//! and O(`n`²) to two: its canonical form costs O(`n`²) sums by subtraction, O(`n`³) where a
//! move may split.

use std::fmt;

use super::{BoardError, Ruleset};
use crate::impartial::octal::Rule;
use crate::partizan::Side;

/// The largest heap read: a heap of `n` tokens is valued inside the values of up to `n`
/// heaps below it, one inside another.
pub const MAX_HEAP: u16 = 1000;

/// The most heaps a position holds, as the board rulesets hold at most 128 cells.
pub const MAX_HEAPS: usize = 128;

/// The largest number in a set of removals: the rule keeps a digit for each number up to it.
pub const MAX_REMOVAL: u16 = 10_000;

/// One player's take-and-break rule: for each number `j` of tokens removed, a digit whose
/// bits say what may be left (1: nothing, the heap was `j`; 2: one non-empty heap; 4: two;
/// 8: three), `beyond` for every `j` past the digits (a set taken `allbut`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapRule {
    /// `digits[j]` for removing `j` tokens.
    digits: Vec<u8>,
    /// The digit of every `j` from `digits.len()` on.
    beyond: u8,
    /// Whether two heaps left must differ (Grundy's game).
    unequal: bool,
}

impl HeapRule {
    /// The rule of a take-and-break code (Grundy's game: split into two unequal heaps).
    /// O(digits).
    pub fn code(rule: &Rule) -> HeapRule {
        let mut digits = vec![0; rule.max_removal() + 1];
        rule.removals(|j, bits| digits[j] = bits);
        HeapRule {
            digits,
            beyond: 0,
            unequal: *rule == Rule::Grundy,
        }
    }

    /// Removing a number of tokens in `set` (or, `allbut`, any positive number not in it),
    /// what is left as `digit` says: 3 for a subtraction game (nothing or one heap), 7 for
    /// Splittles (nothing, one heap or two). O(largest of the set).
    pub fn removals(set: &[u16], allbut: bool, digit: u8) -> HeapRule {
        let largest = set.iter().copied().max().unwrap_or(0);
        let (inside, outside) = if allbut { (0, digit) } else { (digit, 0) };
        let mut digits = vec![outside; usize::from(largest) + 1];
        digits[0] = 0;
        for &j in set {
            digits[usize::from(j)] = inside;
        }
        HeapRule {
            digits,
            beyond: outside,
            unequal: false,
        }
    }

    /// The digit for removing `j` tokens.
    fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(self.beyond)
    }

    /// Calls `each(j, parts)` for every move on a heap of `n` tokens: `j` removed and the
    /// heaps left (none, one, two or three, non-decreasing), each set of heaps left once for
    /// each `j`. O(moves).
    fn each_move(&self, n: u16, mut each: impl FnMut(u16, &[u16])) {
        for j in 0..=n {
            let d = self.digit(usize::from(j));
            let rest = n - j;
            if d & 1 != 0 && rest == 0 {
                each(j, &[]);
            }
            if d & 2 != 0 && rest >= 1 && j >= 1 {
                each(j, &[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    if !(self.unequal && 2 * a == rest) {
                        each(j, &[a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        each(j, &[a, b, rest - a - b]);
                    }
                }
            }
        }
    }

    /// Whether there is a move on a heap of `n` tokens. O(`n`) at worst.
    fn moves_on(&self, n: u16) -> bool {
        let mut any = false;
        self.each_move(n, |_, _| any = true);
        any
    }
}

/// A position: heaps, in the order they were written.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Heaps(pub Vec<u16>);

/// A move: the heap moved on (from 1), its size, the tokens removed and the heaps left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Take {
    /// The heap, from 1, in the position's order.
    pub heap: u16,
    /// The tokens removed.
    pub removed: u16,
    /// The heaps left, the first `parts` of them, smallest first.
    pub left: [u16; 3],
    /// How many heaps are left: 0 to 3.
    pub parts: u8,
}

impl fmt::Display for Take {
    /// `1: take 3, leave 3`, `1: take 1, leave 2+3`, `1: take 6`, `1: split 2+3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let heaps: Vec<String> = self.left[..usize::from(self.parts)]
            .iter()
            .map(u16::to_string)
            .collect();
        let heaps = heaps.join("+");
        match (self.removed, self.parts) {
            (j, 0) => write!(f, "{}: take {j}", self.heap),
            (0, _) => write!(f, "{}: split {heaps}", self.heap),
            (j, _) => write!(f, "{}: take {j}, leave {heaps}", self.heap),
        }
    }
}

/// A partizan heap game: Left moves by one [`HeapRule`], Right by another.
///
/// ```
/// use grundy::partizan::rulesets::partizan_heaps::PartizanHeaps;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // CGSuite's game.heap.PartizanSubtraction([1,3],[2,3])(6).
/// let game = PartizanHeaps::subtraction(&[1, 3], &[2, 3], false);
/// assert_eq!(
///     game.value_of("6")?.canonical_form(),
///     "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartizanHeaps {
    name: &'static str,
    rules: [HeapRule; 2],
}

impl PartizanHeaps {
    /// Left's rule and Right's, under the game's name.
    pub fn new(name: &'static str, left: HeapRule, right: HeapRule) -> PartizanHeaps {
        PartizanHeaps {
            name,
            rules: [left, right],
        }
    }

    /// Partizan Subtraction: Left removes a number of `left` tokens, Right of `right`
    /// (`allbut`: any positive number not in the player's set). O(largest removal).
    pub fn subtraction(left: &[u16], right: &[u16], allbut: bool) -> PartizanHeaps {
        PartizanHeaps::new(
            "Partizan Subtraction",
            HeapRule::removals(left, allbut, 3),
            HeapRule::removals(right, allbut, 3),
        )
    }

    /// Partizan Splittles: as [`subtraction`](PartizanHeaps::subtraction), the rest left
    /// as nothing, one heap or two. O(largest removal).
    pub fn splittles(left: &[u16], right: &[u16], allbut: bool) -> PartizanHeaps {
        PartizanHeaps::new(
            "Partizan Splittles",
            HeapRule::removals(left, allbut, 7),
            HeapRule::removals(right, allbut, 7),
        )
    }

    /// Partizan Take-and-Break: Left moves by the code `left`, Right by `right`. O(digits).
    pub fn take_and_break(left: &Rule, right: &Rule) -> PartizanHeaps {
        PartizanHeaps::new(
            "Partizan Take-and-Break",
            HeapRule::code(left),
            HeapRule::code(right),
        )
    }

    /// The rule of `side`.
    fn rule(&self, side: Side) -> &HeapRule {
        match side {
            Side::Left => &self.rules[0],
            Side::Right => &self.rules[1],
        }
    }
}

/// Reads a set of removals, `1,3` (numbers from 1 to [`MAX_REMOVAL`], separated by commas),
/// or `none` for the empty set; the error's column counts from 1 in `text`. O(length).
pub fn read_set(text: &str) -> Result<Vec<u16>, BoardError> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    let mut set = Vec::new();
    let mut column = 1;
    for word in text.split(',') {
        let n = word.trim().parse::<u16>().ok();
        match n.filter(|n| (1..=MAX_REMOVAL).contains(n)) {
            Some(n) => set.push(n),
            None => {
                return Err(BoardError::at(
                    1,
                    column,
                    format!(
                        "expected a set of removals like 1,3 (numbers from 1 to \
                         {MAX_REMOVAL}) or none, found {:?}",
                        word.trim()
                    ),
                ))
            }
        }
        column += word.chars().count() + 1;
    }
    Ok(set)
}

impl Ruleset for PartizanHeaps {
    type Position = Heaps;
    type Move = Take;

    fn name(&self) -> &'static str {
        self.name
    }

    /// Heaps, each a number of tokens from 0 to [`MAX_HEAP`], separated by spaces or `+`:
    /// `6`, `6 4`, `6+4`; at most [`MAX_HEAPS`]. O(length).
    fn parse(&self, text: &str) -> Result<Heaps, BoardError> {
        let mut heaps = Vec::new();
        let mut column = 1;
        for word in text.split_inclusive(|c: char| c.is_whitespace() || c == '+') {
            let at = column;
            column += word.chars().count();
            let word = word.trim_end_matches(|c: char| c.is_whitespace() || c == '+');
            if word.is_empty() {
                continue;
            }
            if heaps.len() == MAX_HEAPS {
                return Err(BoardError::at(
                    1,
                    at,
                    format!("more than {MAX_HEAPS} heaps, the most this ruleset plays"),
                ));
            }
            match word.parse::<u16>().ok().filter(|&n| n <= MAX_HEAP) {
                Some(n) => heaps.push(n),
                None => {
                    return Err(BoardError::at(
                        1,
                        at,
                        format!("expected a heap (0 to {MAX_HEAP} tokens), found {word:?}"),
                    ))
                }
            }
        }
        if heaps.is_empty() {
            return Err(BoardError::at(1, 1, "expected heaps (6 4), found nothing"));
        }
        Ok(Heaps(heaps))
    }

    /// The heaps, separated by spaces; `0` for none.
    fn show(&self, p: &Heaps) -> String {
        if p.0.is_empty() {
            return "0".to_string();
        }
        let heaps: Vec<String> = p.0.iter().map(u16::to_string).collect();
        heaps.join(" ")
    }

    /// Every move on every heap, a heap equal to one before it left out (its moves lead to
    /// the same games); the heap's place taken by the heaps left. O(heaps × moves a heap).
    fn moves(&self, p: &Heaps, side: Side, out: &mut Vec<(Take, Heaps)>) {
        let rule = self.rule(side);
        for (i, &n) in p.0.iter().enumerate() {
            if p.0[..i].contains(&n) {
                continue;
            }
            rule.each_move(n, |removed, parts| {
                let mut left = [0; 3];
                left[..parts.len()].copy_from_slice(parts);
                let take = Take {
                    heap: i as u16 + 1,
                    removed,
                    left,
                    parts: parts.len() as u8,
                };
                let mut next = Vec::with_capacity(p.0.len() + parts.len());
                next.extend_from_slice(&p.0[..i]);
                next.extend_from_slice(parts);
                next.extend_from_slice(&p.0[i + 1..]);
                out.push((take, Heaps(next)));
            });
        }
    }

    /// Each heap where a player can move, alone. O(heaps × moves a heap).
    fn regions(&self, p: &Heaps, out: &mut Vec<Heaps>) {
        for &n in &p.0 {
            if self.rules.iter().any(|r| r.moves_on(n)) {
                out.push(Heaps(vec![n]));
            }
        }
    }

    fn heap_bytes(&self, p: &Heaps) -> usize {
        p.0.capacity() * std::mem::size_of::<u16>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(game: &PartizanHeaps, text: &str, side: Side) -> Vec<String> {
        let mut moves = Vec::new();
        game.moves(&game.parse(text).unwrap(), side, &mut moves);
        moves
            .iter()
            .map(|(m, q)| format!("{m} = {}", game.show(q)))
            .collect()
    }

    #[test]
    fn subtraction_and_allbut() {
        let game = PartizanHeaps::subtraction(&[1, 3], &[2], false);
        assert_eq!(
            shown(&game, "3 3", Side::Left),
            ["1: take 1, leave 2 = 2 3", "1: take 3 = 3"]
        );
        let allbut = PartizanHeaps::subtraction(&[1, 3], &[2], true);
        assert_eq!(
            shown(&allbut, "4", Side::Left),
            ["1: take 2, leave 2 = 2", "1: take 4 = 0"]
        );
        assert_eq!(shown(&allbut, "2", Side::Right), ["1: take 1, leave 1 = 1"]);
    }

    #[test]
    fn splittles_and_codes_split_the_rest() {
        let game = PartizanHeaps::splittles(&[1], &[2], false);
        assert_eq!(
            shown(&game, "4", Side::Left),
            ["1: take 1, leave 3 = 3", "1: take 1, leave 1+2 = 1 2"]
        );
        let grundy = PartizanHeaps::take_and_break(&Rule::Grundy, &Rule::parse("4.07").unwrap());
        assert_eq!(shown(&grundy, "4", Side::Left), ["1: split 1+3 = 1 3"]);
        assert_eq!(
            shown(&grundy, "4", Side::Right),
            [
                "1: split 1+3 = 1 3",
                "1: split 2+2 = 2 2",
                "1: take 2, leave 2 = 2",
                "1: take 2, leave 1+1 = 1 1"
            ]
        );
        let three = PartizanHeaps::take_and_break(&Rule::parse("0.8").unwrap(), &Rule::Grundy);
        assert_eq!(
            shown(&three, "5", Side::Left),
            ["1: take 1, leave 1+1+2 = 1 1 2"]
        );
    }

    #[test]
    fn positions_and_sets_are_read_with_their_columns() {
        let game = PartizanHeaps::subtraction(&[1], &[1], false);
        assert_eq!(game.parse("6 + 4").unwrap(), Heaps(vec![6, 4]));
        let e = game.parse("6 x").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(game.parse("1001").is_err());
        assert!(game.parse("").is_err());
        assert_eq!(read_set("1, 3").unwrap(), [1, 3]);
        assert_eq!(read_set("none").unwrap(), Vec::<u16>::new());
        assert_eq!(read_set("1,0").unwrap_err().column, 3);
    }
}
