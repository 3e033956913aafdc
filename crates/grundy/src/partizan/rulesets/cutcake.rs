//! Cutcake (Berlekamp, Conway and Guy, *Winning Ways*, chapter 2): a position is a sum of
//! rectangular cakes, each `m` × `n`. Left cuts a cake along its second side: `m` × `n` into
//! `m` × `a` and `m` × (`n` − `a`); Right along its first: into `a` × `n` and (`m` − `a`) ×
//! `n`. A player who cannot cut loses.
//!
//! The orientation is CGSuite's code (`game.heap.Cutcake`, whose `(8, n)` are valued in its
//! tests), which acts on the second coordinate for Left, although its documentation says
//! Left cuts the first: grundy follows the code, so that its values are CGSuite's.
//!
//! **Regions.** Each cake is a game of its own and a position is their sum; a cake neither
//! player can cut (1 × 1, or with a side of 0 and the other at most 1) is left out. A cake
//! `m` × `n` has `m` · `n` cakes below it, each with at most `m` + `n` − 2 cuts, so its
//! canonical form takes O(`m` · `n` · (`m` + `n`)) sums, whatever its value's size.

use std::fmt;

use super::cakes::{cake_bytes, cuttable, distinct, read_pairs, replaced, show_pairs, CAKE};
use super::{BoardError, Ruleset};
use crate::partizan::Side;

pub use super::cakes::{Cakes, MAX_CAKES, MAX_SIDE};

/// A cut: the cake cut (from 1) and the two cakes it leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    /// The cake cut, from 1, in the position's order.
    pub cake: u16,
    /// The two cakes it is cut into, the smaller first.
    pub into: [(u16, u16); 2],
}

impl fmt::Display for Cut {
    /// `1: 8x1+8x2`: the first cake, cut into 8 × 1 and 8 × 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [(a, b), (c, d)] = self.into;
        write!(f, "{}: {a}x{b}+{c}x{d}", self.cake)
    }
}

/// Cutcake.
///
/// ```
/// use grundy::prelude::*;
///
/// // Left cuts the second side: she has more cuts in a cake longer that way.
/// assert_eq!(Cutcake.value_of("2x8")?.canonical_form(), "3");
/// assert_eq!(Cutcake.value_of("2x8 8x2")?.canonical_form(), "0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cutcake;

impl Cutcake {
    /// Each way `side` cuts the cake `(m, n)`, each pair of cakes once (a cut at `a` and at
    /// `n` − `a` leave the same two): Left's along `n`, Right's along `m`.
    fn cuts(side: Side, (m, n): (u16, u16)) -> impl Iterator<Item = [(u16, u16); 2]> {
        let length = match side {
            Side::Left => n,
            Side::Right => m,
        };
        (1..=length / 2).map(move |a| match side {
            Side::Left => [(m, a), (m, n - a)],
            Side::Right => [(a, n), (m - a, n)],
        })
    }
}

impl Ruleset for Cutcake {
    type Position = Cakes;
    type Move = Cut;

    fn name(&self) -> &'static str {
        "Cutcake"
    }

    /// Cakes `MxN` (`x`, `X` or `×` between the sides, each from 0 to [`MAX_SIDE`]),
    /// separated by spaces or `+`: `8x3`, `8x3 2x2`, `8x3+2x2` ([`read_pairs`]). A side of 0
    /// is read as CGSuite reads it: a cake `m` × 0 is still cut `m` − 1 times by Right.
    /// O(length).
    fn parse(&self, text: &str) -> Result<Cakes, BoardError> {
        read_pairs(text, &CAKE)
    }

    /// The cakes `MxN`, separated by spaces.
    fn show(&self, p: &Cakes) -> String {
        show_pairs(p, &CAKE)
    }

    /// Every cut of every cake, a cake equal to one before it left out (its cuts lead to the
    /// same games); the cut cake's place taken by its two pieces. O(cakes × sides).
    fn moves(&self, p: &Cakes, side: Side, out: &mut Vec<(Cut, Cakes)>) {
        for (i, cake) in distinct(p) {
            for into in Cutcake::cuts(side, cake) {
                let cut = Cut {
                    cake: i as u16 + 1,
                    into,
                };
                out.push((cut, replaced(p, i, &into)));
            }
        }
    }

    /// Each cake that either player can cut, alone. O(cakes).
    fn regions(&self, p: &Cakes, out: &mut Vec<Cakes>) {
        cuttable(p, out);
    }

    fn heap_bytes(&self, p: &Cakes) -> usize {
        cake_bytes(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> String {
        Cutcake.value_of(text).unwrap().canonical_form()
    }

    #[test]
    fn small_cakes_have_the_values_of_winning_ways() {
        // A strip along Left's side is hers, a cut for each cell but one.
        assert_eq!(value("1x5"), "4");
        assert_eq!(value("5x1"), "-4");
        assert_eq!(value("2x2"), "0");
        assert_eq!(value("1x1"), "0");
        // Halving the long side is worth the most: 2 × 4 is two 2 × 2 for Left at best.
        assert_eq!(value("2x4"), "1");
    }

    #[test]
    fn positions_are_read_and_written_back() {
        let p = Cutcake.parse("8x3 + 2X2  1×1").unwrap();
        assert_eq!(p.0, vec![(8, 3), (2, 2), (1, 1)]);
        assert_eq!(Cutcake.show(&p), "8x3 2x2 1x1");
        for bad in ["", "8", "8x", "x3", "8x3 2y2", "8x1001", "-1x2"] {
            assert!(Cutcake.parse(bad).is_err(), "{bad:?}");
        }
        let e = Cutcake.parse("8x3 2y2").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
    }

    #[test]
    fn equal_cakes_are_cut_once_and_symmetric_cuts_listed_once() {
        let mut moves = Vec::new();
        Cutcake.moves(&Cutcake.parse("3x5 3x5").unwrap(), Side::Left, &mut moves);
        let shown: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
        assert_eq!(shown, ["1: 3x1+3x4", "1: 3x2+3x3"]);
        moves.clear();
        Cutcake.moves(&Cutcake.parse("3x5").unwrap(), Side::Right, &mut moves);
        assert_eq!(moves[0].1, Cakes(vec![(1, 5), (2, 5)]));
        assert_eq!(moves.len(), 1);
    }
}
