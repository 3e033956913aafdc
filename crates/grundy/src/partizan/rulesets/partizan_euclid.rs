//! Partizan Euclid (CGSuite's `game.heap.PartizanEuclid`): a position is a sum of pairs
//! `(p, q)`. Where `q` is 0 or divides `p` no one can move; otherwise, with `r` = `p` mod `q`,
//! Left's only move is to `(q, r)` and Right's only move is to `(q, q − r)`: the step of
//! Euclid's algorithm, Right's taking one more multiple of `q` than Left's.
//!
//! **Regions.** Each pair is a game of its own; a pair with no move is left out. Every move
//! makes the second number smaller, so a pair `(p, q)` reaches at most O(`q`²) pairs (both
//! numbers at most `q` after the first move), in a line of at most `q` moves.

use std::fmt;

use super::cakes::{distinct, read_pairs, replaced, show_pairs, Cakes, PairNotation};
use super::{BoardError, Ruleset};
use crate::partizan::Side;

/// The largest number of a pair read: a pair `(p, q)` is a line of up to `q` moves, each a
/// region valued inside the one before.
pub const MAX_NUMBER: u16 = 1000;

/// Pairs `p,q`, each number from 0 to [`MAX_NUMBER`].
const PAIR: PairNotation = PairNotation {
    between: &[','],
    what: "a pair P,Q",
    example: "9,6",
    max: MAX_NUMBER,
};

/// A step: the pair moved (from 1), and the pair it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The pair moved, from 1, in the position's order.
    pub pair: u16,
    /// The pair it becomes.
    pub to: (u16, u16),
}

impl fmt::Display for Step {
    /// `1: 6,3`: the first pair becomes (6, 3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, q) = self.to;
        write!(f, "{}: {p},{q}", self.pair)
    }
}

/// Partizan Euclid.
///
/// ```
/// use grundy::partizan::rulesets::partizan_euclid::PartizanEuclid;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // Left to (3, 2), Right to (3, 1): {* | 0}.
/// assert_eq!(PartizanEuclid.value_of("8,3")?.canonical_form(), "v");
/// // Both players move (9, 6) to (6, 3), where no one moves: {0 | 0}.
/// assert_eq!(PartizanEuclid.value_of("(9,6)")?.canonical_form(), "*");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PartizanEuclid;

impl PartizanEuclid {
    /// The pair `side` moves `(p, q)` to, if any.
    fn step(side: Side, (p, q): (u16, u16)) -> Option<(u16, u16)> {
        let r = p.checked_rem(q).filter(|&r| r != 0)?;
        Some(match side {
            Side::Left => (q, r),
            Side::Right => (q, q - r),
        })
    }
}

impl Ruleset for PartizanEuclid {
    type Position = Cakes;
    type Move = Step;

    fn name(&self) -> &'static str {
        "Partizan Euclid"
    }

    /// Pairs `P,Q` (or `(P,Q)`), each number from 0 to [`MAX_NUMBER`], separated by spaces
    /// or `+`: `9,6`, `9,6 (5,3)`; `0` for none. O(length).
    fn parse(&self, text: &str) -> Result<Cakes, BoardError> {
        read_pairs(text, &PAIR)
    }

    /// The pairs `P,Q`, separated by spaces.
    fn show(&self, p: &Cakes) -> String {
        show_pairs(p, &PAIR)
    }

    /// The step of each pair that has one, a pair equal to one before it left out. O(pairs).
    fn moves(&self, p: &Cakes, side: Side, out: &mut Vec<(Step, Cakes)>) {
        for (i, pair) in distinct(p) {
            if let Some(to) = PartizanEuclid::step(side, pair) {
                let step = Step {
                    pair: i as u16 + 1,
                    to,
                };
                out.push((step, replaced(p, i, &[to])));
            }
        }
    }

    /// Each pair with a move, alone. O(pairs).
    fn regions(&self, p: &Cakes, out: &mut Vec<Cakes>) {
        for &pair in p.0.iter() {
            if PartizanEuclid::step(Side::Left, pair).is_some() {
                out.push(Cakes(vec![pair]));
            }
        }
    }

    fn heap_bytes(&self, p: &Cakes) -> usize {
        super::cakes::cake_bytes(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_follow_euclids_algorithm() {
        assert_eq!(PartizanEuclid::step(Side::Left, (9, 3)), None);
        assert_eq!(PartizanEuclid::step(Side::Left, (8, 3)), Some((3, 2)));
        assert_eq!(PartizanEuclid::step(Side::Right, (8, 3)), Some((3, 1)));
        assert_eq!(PartizanEuclid::step(Side::Right, (3, 8)), Some((8, 5)));
        assert_eq!(PartizanEuclid::step(Side::Left, (5, 0)), None);
        let e = PartizanEuclid.parse("8,3 8x3").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        assert!(PartizanEuclid.parse("1001,2").is_err());
    }
}
