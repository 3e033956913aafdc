//! Eatcake and Turn-and-Eatcake (CGSuite's `game.heap.Eatcake`, `game.heap.TurnAndEatcake`):
//! a position is a sum of rectangular cakes, each `m` × `n`, as in
//! [`Cutcake`](super::cutcake::Cutcake). A move eats one row of a cake and may leave the
//! rest in one piece or in two (the take-and-break game 0.7 on one side of the cake).
//!
//! * **Eatcake**: Left eats along the second side: `m` × `n` becomes `m` × `a` plus `m` × `b`
//!   with `a` + `b` = `n` − 1 (a piece of side 0 left out); Right does the same along the
//!   first side, leaving `a` × `n` plus `b` × `n` with `a` + `b` = `m` − 1.
//! * **Turn-and-Eatcake** (twisted): Left eats along the first side and the pieces are
//!   turned: `m` × `n` becomes `n` × `a` plus `n` × `b` with `a` + `b` = `m` − 1; Right eats
//!   along the second side, leaving `a` × `m` plus `b` × `m` with `a` + `b` = `n` − 1.
//!
//! The orientation is CGSuite's code (`GenCutcake`, Left acting on the second coordinate
//! unless twisted), whose values of the cakes `(8, n)` its tests state.
//!
//! **Regions.** Each cake is a game of its own; the cake 0 × 0 has no move and is left out. A
//! cake `m` × `n` reaches O(`m` · `n`) cakes (both orders, in Turn-and-Eatcake), each with
//! O(`m` + `n`) moves: its canonical form takes O(`m` · `n` · (`m` + `n`)) sums.

use std::fmt;

use super::cakes::{cake_bytes, distinct, read_pairs, replaced, show_pairs, Cakes, CAKE};
use super::{BoardError, Ruleset};
use crate::partizan::Side;

/// A bite: the cake eaten from (from 1) and the pieces it leaves (none, one or two).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bite {
    /// The cake eaten from, from 1, in the position's order.
    pub cake: u16,
    /// The pieces left, the first `pieces` of them, the smaller first.
    pub into: [(u16, u16); 2],
    /// How many pieces are left: 0, 1 or 2.
    pub pieces: u8,
}

impl fmt::Display for Bite {
    /// `1: 8x2+8x5` (the first cake, eaten into 8 × 2 and 8 × 5), `1: 8x7`, `1: eaten`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.cake)?;
        if self.pieces == 0 {
            return f.write_str("eaten");
        }
        let pieces: Vec<String> = self.into[..usize::from(self.pieces)]
            .iter()
            .map(|(m, n)| format!("{m}x{n}"))
            .collect();
        f.write_str(&pieces.join("+"))
    }
}

/// Eatcake, or Turn-and-Eatcake when `twisted`.
///
/// ```
/// use grundy::partizan::rulesets::eatcake::Eatcake;
/// use grundy::partizan::rulesets::Ruleset;
///
/// // CGSuite's values of the cake 8 × 1.
/// assert_eq!(Eatcake::EATCAKE.value_of("8x1")?.canonical_form(), "^");
/// assert_eq!(Eatcake::TURN_AND_EATCAKE.value_of("8x1")?.canonical_form(), "v");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Eatcake {
    /// Whether the pieces are turned after a bite (Turn-and-Eatcake).
    pub twisted: bool,
}

impl Eatcake {
    /// Eatcake: Left eats along the second side, Right along the first.
    pub const EATCAKE: Eatcake = Eatcake { twisted: false };

    /// Turn-and-Eatcake: Left eats along the first side, Right along the second, and the
    /// pieces are turned.
    pub const TURN_AND_EATCAKE: Eatcake = Eatcake { twisted: true };

    /// Each way `side` eats the cake `(m, n)`, each set of pieces once (`a` + `b` and `b` +
    /// `a` are one): the side eaten from, less one, split into at most two non-empty parts,
    /// each part a piece whose other side is the side not eaten (turned when twisted).
    fn bites(&self, side: Side, (m, n): (u16, u16)) -> impl Iterator<Item = ([(u16, u16); 2], u8)> {
        // `eaten` is the side a bite shortens, `kept` the other.
        let (eaten, kept) = match (side, self.twisted) {
            (Side::Left, false) | (Side::Right, true) => (n, m),
            (Side::Right, false) | (Side::Left, true) => (m, n),
        };
        // Left's pieces keep the first side of the cake's (turned: the side not eaten),
        // Right's the second.
        let piece = move |a: u16| match side {
            Side::Left => (kept, a),
            Side::Right => (a, kept),
        };
        let rest = eaten.checked_sub(1);
        let whole = rest.map(|r| {
            if r == 0 {
                ([(0, 0); 2], 0)
            } else {
                ([piece(r), (0, 0)], 1)
            }
        });
        let splits = (1..=rest.unwrap_or(0) / 2).map(move |a| {
            let r = rest.unwrap_or(0);
            ([piece(a), piece(r - a)], 2)
        });
        whole.into_iter().chain(splits)
    }
}

impl Ruleset for Eatcake {
    type Position = Cakes;
    type Move = Bite;

    fn name(&self) -> &'static str {
        if self.twisted {
            "Turn-and-Eatcake"
        } else {
            "Eatcake"
        }
    }

    /// Cakes `MxN`, as Cutcake reads them ([`read_pairs`]). O(length).
    fn parse(&self, text: &str) -> Result<Cakes, BoardError> {
        read_pairs(text, &CAKE)
    }

    /// The cakes `MxN`, separated by spaces.
    fn show(&self, p: &Cakes) -> String {
        show_pairs(p, &CAKE)
    }

    /// Every bite of every cake, a cake equal to one before it left out (its bites lead to
    /// the same games); the cake's place taken by its pieces. O(cakes × sides).
    fn moves(&self, p: &Cakes, side: Side, out: &mut Vec<(Bite, Cakes)>) {
        for (i, cake) in distinct(p) {
            for (into, pieces) in self.bites(side, cake) {
                let bite = Bite {
                    cake: i as u16 + 1,
                    into,
                    pieces,
                };
                out.push((bite, replaced(p, i, &into[..usize::from(pieces)])));
            }
        }
    }

    /// Each cake but 0 × 0 (where no one moves), alone. O(cakes).
    fn regions(&self, p: &Cakes, out: &mut Vec<Cakes>) {
        for &cake in p.0.iter().filter(|&&c| c != (0, 0)) {
            out.push(Cakes(vec![cake]));
        }
    }

    fn heap_bytes(&self, p: &Cakes) -> usize {
        cake_bytes(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(rules: Eatcake, text: &str, side: Side) -> Vec<String> {
        let mut moves = Vec::new();
        rules.moves(&rules.parse(text).unwrap(), side, &mut moves);
        moves
            .iter()
            .map(|(m, q)| format!("{m} = {}", rules.show(q)))
            .collect()
    }

    #[test]
    fn bites_leave_none_one_or_two_pieces() {
        let eat = Eatcake::EATCAKE;
        assert_eq!(
            shown(eat, "2x4", Side::Left),
            ["1: 2x3 = 2x3", "1: 2x1+2x2 = 2x1 2x2"]
        );
        assert_eq!(shown(eat, "1x4", Side::Right), ["1: eaten = 0"]);
        assert_eq!(shown(eat, "3x0", Side::Left), Vec::<String>::new());
        let turn = Eatcake::TURN_AND_EATCAKE;
        // Left eats along the first side, and the pieces are turned.
        assert_eq!(
            shown(turn, "4x2", Side::Left),
            ["1: 2x3 = 2x3", "1: 2x1+2x2 = 2x1 2x2"]
        );
        assert_eq!(shown(turn, "4x2", Side::Right), ["1: 1x4 = 1x4"]);
    }
}
