//! Maundy Cake (CGSuite's `game.heap.MaundyCake`, the take-and-break game `{2+}=.0` on one
//! side of a cake): a position is a sum of rectangular cakes, each `m` × `n`, as in
//! [`Cutcake`](super::cutcake::Cutcake). Left cuts a cake along its second side into `k` ≥ 2
//! equal pieces, `k` a divisor of `n`: `m` × `n` becomes `k` cakes `m` × (`n` / `k`); Right
//! cuts along the first side, into `k` cakes (`m` / `k`) × `n`, `k` dividing `m`. A player
//! who cannot cut loses. The orientation is CGSuite's code's, as Cutcake's.
//!
//! **Regions.** Each cake is a game of its own; a cake with no side of 2 or more is left out.
//! A cake reaches only cakes whose sides divide its own: O(d(`m`) · d(`n`)) cakes (d the
//! number of divisors), each with O(d(`m`) + d(`n`)) cuts, each cut a sum of up to
//! `m` + `n` equal pieces.

use std::fmt;

use super::cakes::{cake_bytes, cuttable, distinct, read_pairs, replaced, show_pairs, Cakes, CAKE};
use super::{BoardError, Ruleset};
use crate::partizan::Side;

/// A cut into equal pieces: the cake cut (from 1), how many pieces, and one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EqualCut {
    /// The cake cut, from 1, in the position's order.
    pub cake: u16,
    /// How many pieces: at least 2.
    pub pieces: u16,
    /// Each piece.
    pub piece: (u16, u16),
}

impl fmt::Display for EqualCut {
    /// `1: 4 of 8x2`: the first cake, cut into four cakes 8 × 2.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (m, n) = self.piece;
        write!(f, "{}: {} of {m}x{n}", self.cake, self.pieces)
    }
}

/// Maundy Cake.
///
/// ```
/// use grundy::partizan::rulesets::maundy_cake::MaundyCake;
/// use grundy::partizan::rulesets::Ruleset;
///
/// assert_eq!(MaundyCake.value_of("8x1")?.canonical_form(), "-7");
/// assert_eq!(MaundyCake.value_of("2x2")?.canonical_form(), "0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MaundyCake;

impl Ruleset for MaundyCake {
    type Position = Cakes;
    type Move = EqualCut;

    fn name(&self) -> &'static str {
        "Maundy Cake"
    }

    /// Cakes `MxN`, as Cutcake reads them ([`read_pairs`]). O(length).
    fn parse(&self, text: &str) -> Result<Cakes, BoardError> {
        read_pairs(text, &CAKE)
    }

    /// The cakes `MxN`, separated by spaces.
    fn show(&self, p: &Cakes) -> String {
        show_pairs(p, &CAKE)
    }

    /// Every cut of every cake into `k` equal pieces, `k` from 2 up, a cake equal to one
    /// before it left out; the cake's place taken by its pieces. O(cakes × side × pieces).
    fn moves(&self, p: &Cakes, side: Side, out: &mut Vec<(EqualCut, Cakes)>) {
        for (i, (m, n)) in distinct(p) {
            let length = match side {
                Side::Left => n,
                Side::Right => m,
            };
            for k in (2..=length).filter(|k| length % k == 0) {
                let piece = match side {
                    Side::Left => (m, n / k),
                    Side::Right => (m / k, n),
                };
                let cut = EqualCut {
                    cake: i as u16 + 1,
                    pieces: k,
                    piece,
                };
                let pieces = vec![piece; usize::from(k)];
                out.push((cut, replaced(p, i, &pieces)));
            }
        }
    }

    /// Each cake with a side of 2 or more (the others have no cut), alone. O(cakes).
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

    #[test]
    fn cuts_are_into_equal_pieces_by_each_divisor() {
        let mut moves = Vec::new();
        let p = MaundyCake.parse("3x6").unwrap();
        MaundyCake.moves(&p, Side::Left, &mut moves);
        let shown: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
        assert_eq!(shown, ["1: 2 of 3x3", "1: 3 of 3x2", "1: 6 of 3x1"]);
        assert_eq!(moves[1].1, Cakes(vec![(3, 2); 3]));
        moves.clear();
        MaundyCake.moves(&p, Side::Right, &mut moves);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].1, Cakes(vec![(1, 6); 3]));
    }
}
